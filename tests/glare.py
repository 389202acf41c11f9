"""A lamp's glare on a photo, for the tests of reading photos taken under one."""

from __future__ import annotations

import cv2
import numpy as np

from synthetic.camera import lamp_glare

lamp = lamp_glare  # the glare the tests and the bench's variations put on a photo


def jpeg(image: np.ndarray) -> bytes:
    """The image as a JPEG (quality 90), as a phone would send it."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return data.tobytes()
