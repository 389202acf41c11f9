"""Physical geometry shared by the printed parts and the photo reader (plain data, in mm)."""
