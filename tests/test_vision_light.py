"""Check the light: glare, shadow, darkness and blur are each reported."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.cli import main
from vision.config import LightConfig
from vision.light import check_light


def _board(rng_seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(rng_seed)
    img = np.full((600, 800, 3), 180, np.uint8)
    for _ in range(300):  # sharp letter-like marks
        x, y = rng.integers(0, 780), rng.integers(0, 580)
        cv2.putText(img, "A", (int(x), int(y)), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (30, 30, 30), 2)
    return img


def _glare(img):
    out = img.copy()
    cv2.circle(out, (400, 300), 90, (255, 255, 255), -1)
    return out


def _shadow(img):
    out = img.astype(np.float32)
    out[:, :300] *= 0.35
    return out.astype(np.uint8)


def _dark(img):
    return (img.astype(np.float32) * 0.25).astype(np.uint8)


def _blur(img):
    return cv2.GaussianBlur(img, (0, 0), 6)


def test_even_sharp_light_is_fine():
    report = check_light(LightConfig(), _board())
    assert report.ok, report.warnings


@pytest.mark.parametrize("spoil, word", [
    (_glare, "glare"), (_shadow, "shadow"), (_dark, "too dark"), (_blur, "blurred"),
])
def test_each_problem_is_named(spoil, word):
    report = check_light(LightConfig(), spoil(_board()))
    assert any(w.startswith(word) for w in report.warnings), report.to_dict()


def test_light_command(tmp_path, capsys):
    p = tmp_path / "test.png"
    cv2.imwrite(str(p), _shadow(_board()))
    assert main(["vision", "light", str(p)]) == 1
    assert "shadow" in capsys.readouterr().out
