"""Units and the printing limits every part is designed to (lengths in millimetres)."""

from __future__ import annotations

MM = 1.0
DEG = 1.0

MIN_WALL = 0.8 * MM  # thinnest wall or stroke an FDM nozzle of 0.4 mm prints well (2 lines)
