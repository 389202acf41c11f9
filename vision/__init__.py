"""Reading photographed boards, sheets and cards (OpenCV + Tesseract)."""
