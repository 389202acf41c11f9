"""The labelled real photos as other phones and hands would have taken them: each photo is
re-made under a set of variations (a messaging app's downscale, a turned phone, another tone
curve, exposure, white balance, sensor noise, a tilt) and read again; one line per variation.

    python bench/vision.py --real FOLDER [--labels LABELS.json] --variants

The variations change the pixels a real photo already has (they imitate the spread of phones
and rooms), so these figures show how far the reader's results on the real photos carry to
other cameras; the figures that hold are those of the photos as taken.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from companion.lexicon import default_lexicon
from vision.boards import board_spec
from vision.classifier import shipped_classifier
from vision.config import DEFAULT
from vision.evaluate import Totals, load_labels, read_and_score
from vision.imageio import decode_photo

Variation = Callable[[np.ndarray], tuple[np.ndarray, int]]  # image -> (image, JPEG quality)


def _tone(gamma: float, gain: float = 1.0) -> Variation:
    table = np.clip(gain * 255.0 * (np.arange(256) / 255.0) ** gamma, 0, 255).astype(np.uint8)
    return lambda im: (cv2.LUT(im, table), 88)


def _scaled(long_side: int, quality: int) -> Variation:
    def f(im: np.ndarray) -> tuple[np.ndarray, int]:
        s = long_side / max(im.shape[:2])
        size = (round(im.shape[1] * s), round(im.shape[0] * s))
        return cv2.resize(im, size, interpolation=cv2.INTER_AREA), quality
    return f


def _white_balance(blue: float, red: float) -> Variation:
    gains = np.array([blue, 1.0, red], np.float32)
    return lambda im: (np.clip(im * gains, 0, 255).astype(np.uint8), 88)


def _noise(sigma: float) -> Variation:
    def f(im: np.ndarray) -> tuple[np.ndarray, int]:
        rng = np.random.default_rng(1)
        return np.clip(im + rng.normal(0.0, sigma, im.shape), 0, 255).astype(np.uint8), 85
    return f


def _turned(code: int) -> Variation:
    return lambda im: (cv2.rotate(im, code), 92)


def _tilted(degrees: float) -> Variation:
    def f(im: np.ndarray) -> tuple[np.ndarray, int]:
        h, w = im.shape[:2]
        m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
        return cv2.warpAffine(im, m, (w, h), borderMode=cv2.BORDER_REFLECT), 90
    return f


VARIATIONS: list[tuple[str, Variation]] = [
    ("as taken", lambda im: (im, 95)),
    ("sent by a messaging app (1600 px, JPEG 70)", _scaled(1600, 70)),
    ("phone held on its side (quarter turn)", _turned(cv2.ROTATE_90_CLOCKWISE)),
    ("board upside down (half turn)", _turned(cv2.ROTATE_180)),
    ("tilted 12 degrees", _tilted(12.0)),
    ("lighter tone curve (gamma 0.7)", _tone(0.7)),
    ("darker tone curve (gamma 1.3)", _tone(1.3)),
    ("much darker tone curve (gamma 1.6)", _tone(1.6)),
    ("under-exposed (x 0.55)", _tone(1.0, 0.55)),
    ("warm lamp (blue x 0.75, red x 1.1)", _white_balance(0.75, 1.1)),
    ("sensor noise (sigma 8)", _noise(8.0)),
]


def run(folder: Path, labels_file: Path | None = None) -> None:
    """One line per variation: cells and tiles right over all photos, cells wrong and not
    listed, cells listed, photos refused, then cells and tiles right over the photos read."""
    labels = load_labels(labels_file or folder / "labels.json", folder)
    spec, clf, lexicon = board_spec("bugwords"), shipped_classifier(), default_lexicon()
    originals = {lab.photo: cv2.imread(str(lab.photo), cv2.IMREAD_COLOR) for lab in labels}
    print(f"{len(labels)} real photos of commercial boards ({folder}), each re-made per line")
    print(f"{'variation':44} {'cells':>7} {'tiles':>7} {'wrong, unlisted':>15} {'listed':>6} "
          f"{'refused':>7} {'read: cells':>11} {'tiles':>7} {'CPU s':>6}")
    for name, vary in VARIATIONS:
        tot = Totals()
        for lab in labels:
            image, quality = vary(originals[lab.photo])
            ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
            assert ok
            read_and_score(lab, lambda jpeg=jpeg: decode_photo(DEFAULT.load, jpeg.tobytes()),
                           spec, clf, lexicon, tot)
        cells, tiles, read_cells, read_tiles = tot.shares
        print(f"{name:44} {cells:>7.2%} {tiles:>7.2%} {tot.wrong_unlisted:>15} {tot.listed:>6} "
              f"{tot.refused:>7} {read_cells:>11.2%} {read_tiles:>7.2%} "
              f"{tot.cpu / len(labels):>6.2f}", flush=True)
