"""What an overlay drew over a square of the photo, for the tests of the overlays."""

from __future__ import annotations

import cv2
import numpy as np

from vision.overlay import DOUBT


def drawn_in_doubt(photo: np.ndarray, overlay: np.ndarray, quad: np.ndarray) -> bool:
    """Whether the overlay changed the photo inside the square ``quad`` ((4, 2) photo pixels,
    its corners in order) and some of what it drew there is in the doubt colour."""
    h, w = photo.shape[:2]
    x0, y0 = np.clip(np.floor(quad.min(axis=0)).astype(int), 0, [w, h])
    x1, y1 = np.clip(np.ceil(quad.max(axis=0)).astype(int) + 1, 0, [w, h])
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(inside, np.round(quad - [x0, y0]).astype(np.int32), 1)
    before, after = photo[y0:y1, x0:x1], overlay[y0:y1, x0:x1]
    changed = np.any(after != before, axis=2) & inside.astype(bool)
    doubt = np.all(after == np.array(DOUBT, np.uint8), axis=2) & inside.astype(bool)
    return bool(changed.any() and doubt.any())


def board_square(reading, row: int, col: int) -> np.ndarray:
    """A flat board reading's square ``row``, ``col`` in the photo: (4, 2) corners."""
    w, h = reading.located.size
    cw, ch = w / reading.spec.cols, h / reading.spec.rows
    corners = np.array([(col * cw, row * ch), ((col + 1) * cw, row * ch),
                        ((col + 1) * cw, (row + 1) * ch), (col * cw, (row + 1) * ch)],
                       np.float32).reshape(-1, 1, 2)
    inv = np.linalg.inv(reading.located.homography)
    return cv2.perspectiveTransform(corners, inv).reshape(-1, 2)
