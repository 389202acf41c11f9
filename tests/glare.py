"""A lamp's glare on a photo, for the tests of reading photos taken under one."""

from __future__ import annotations

import cv2
import numpy as np


def lamp(image: np.ndarray, strength: float, width: float = 0.2,
         at: tuple[float, float] = (0.6, 0.42)) -> np.ndarray:
    """A lamp's glare: a soft spot (a Gaussian ``width`` of the short side wide) washed
    toward white, ``strength`` of the way at its middle, ``at`` (shares of the photo's width
    and height: by default a little above right of the photo's middle)."""
    h, w = image.shape[:2]
    y, x = np.ogrid[:h, :w]
    r2 = ((x - at[0] * w) ** 2 + (y - at[1] * h) ** 2) / (width * min(h, w)) ** 2
    g = (strength * np.exp(-r2 / 2))[..., None]
    return np.clip(image * (1 - g) + 255.0 * g, 0, 255).astype(np.uint8)


def jpeg(image: np.ndarray) -> bytes:
    """The image as a JPEG (quality 90), as a phone would send it."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return data.tobytes()
