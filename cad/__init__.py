"""Parametric CadQuery models of the 3D-printed WerdUp set."""
