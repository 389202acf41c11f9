"""The synthetic camera's shortcuts give what the long way gives, to the last bit."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from synthetic.camera import blur_spot


@pytest.mark.parametrize("centre, angle", [((400, 300), 30.0), ((30, 580), 100.0),
                                           ((790, 10), 0.0), ((-150, 300), 75.0)])
def test_a_spot_blurred_round_itself_is_the_whole_frame_blurred(centre, angle):
    """A home photo's lamp streak (an ellipse a quarter of the frame wide) blurred by
    :func:`synthetic.camera.blur_spot` only round the streak is, bit for bit, the whole frame
    blurred: in the middle, touching two edges, at a corner, half out of the frame."""
    w, h = 800, 600
    spot = np.zeros((h, w), np.float32)
    cv2.ellipse(spot, centre, (w // 4, h // 12), angle, 0, 360, 1.0, -1)
    sigma = w * 0.02
    assert np.array_equal(blur_spot(spot, sigma), cv2.GaussianBlur(spot, (0, 0), sigma))


def test_nothing_to_blur_is_nothing():
    spot = np.zeros((60, 80), np.float32)
    out = blur_spot(spot, 4.0)
    assert out.shape == spot.shape and not out.any() and out is not spot
