"""The labelled real photos as other phones and hands would have taken them: each photo is
re-made under a set of variations (a messaging app's or an MMS's downscale, to 1600, 1024 or
640 px, a turned phone, another tone curve, exposure, white balance, sensor noise, a tilt, a
camera held at an angle, a lamp's glare, a hand's shadow, the board small in the frame, and so
sent) and read again; one line per variation.

    python bench/vision_reading.py --real FOLDER [--labels LABELS.json] --variants [--only WORDS]

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
from synthetic.camera import lamp_glare
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


def _angled(degrees: float) -> Variation:
    """The camera tipped ``degrees`` from straight down toward the board's near (lower) edge:
    the far edge shrinks. A camera turned about its centre maps the photo by K R K^-1; the
    result is then scaled and centred so the whole photo, and so the whole board, stays in the
    frame, on the table of :func:`_table` where the photo leaves the frame bare."""
    def f(im: np.ndarray) -> tuple[np.ndarray, int]:
        h, w = im.shape[:2]
        focal = 0.8 * max(w, h)  # a phone's main camera: about 65 degrees across the long side
        k = np.array([[focal, 0, w / 2], [0, focal, h / 2], [0, 0, 1]])
        a = np.radians(degrees)
        turn = np.array([[1, 0, 0], [0, np.cos(a), -np.sin(a)], [0, np.sin(a), np.cos(a)]])
        m = k @ turn @ np.linalg.inv(k)
        corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64).reshape(-1, 1, 2)
        seen = cv2.perspectiveTransform(corners, m).reshape(-1, 2)
        lo, hi = seen.min(axis=0), seen.max(axis=0)
        s = min(w / (hi[0] - lo[0]), h / (hi[1] - lo[1]))
        fit = np.array([[s, 0, (w - s * (hi[0] + lo[0])) / 2],
                        [0, s, (h - s * (hi[1] + lo[1])) / 2], [0, 0, 1]])
        out = _table(im)
        cv2.warpPerspective(im, fit @ m, (w, h), dst=out, flags=cv2.INTER_AREA,
                            borderMode=cv2.BORDER_TRANSPARENT)
        return out, 90
    return f


def _table(im: np.ndarray) -> np.ndarray:
    """A table as large as the photo, of the median colour of its outer twentieth (the table
    round the board) with a soft mottled grain, to set a shrunk or warped photo on."""
    h, w = im.shape[:2]
    m = max(1, min(h, w) // 20)
    edge = np.concatenate([im[:m].reshape(-1, 3), im[-m:].reshape(-1, 3),
                           im[:, :m].reshape(-1, 3), im[:, -m:].reshape(-1, 3)])
    rng = np.random.default_rng(2)
    grain = cv2.GaussianBlur(rng.normal(0.0, 1.0, (h, w)).astype(np.float32), (0, 0), 3)
    grain *= 6.0 / grain.std()
    return np.clip(np.median(edge, axis=0) + grain[..., None], 0, 255).astype(np.uint8)


def _glare(strength: float, width: float = 0.2,
           at: tuple[float, float] = (0.6, 0.42)) -> Variation:
    """A lamp's glare (:func:`synthetic.camera.lamp_glare`), sent as JPEG 90."""
    def f(im: np.ndarray) -> tuple[np.ndarray, int]:
        return lamp_glare(im, strength, width, at), 90
    return f


def _shadow(darker: float) -> Variation:
    """A soft shadow (a hand or the phone) over the left third of the photo, the light there
    ``darker`` times as bright, its edge fading over a twentieth of the width."""
    def f(im: np.ndarray) -> tuple[np.ndarray, int]:
        w = im.shape[1]
        x = np.arange(w)
        fade = np.clip((x - w / 3) / (w / 20) + 0.5, 0, 1)  # 0 in the shadow, 1 out of it
        gain = (darker + (1 - darker) * fade)[None, :, None]
        return np.clip(im * gain, 0, 255).astype(np.uint8), 90
    return f


def _small(scale: float) -> Variation:
    """The board small in the frame: the photo shrunk to ``scale`` and set in the middle of a
    frame of its own size, on the table of :func:`_table`."""
    def f(im: np.ndarray) -> tuple[np.ndarray, int]:
        h, w = im.shape[:2]
        out = _table(im)
        small = cv2.resize(im, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
        top, left = (h - small.shape[0]) // 2, (w - small.shape[1]) // 2
        out[top:top + small.shape[0], left:left + small.shape[1]] = small
        return out, 95
    return f


def _then(first: Variation, second: Variation) -> Variation:
    """``first``, then ``second`` on its result (a photo taken so, then sent so), saved at
    ``second``'s JPEG quality."""
    return lambda im: second(first(im)[0])


VARIATIONS: list[tuple[str, Variation]] = [
    ("as taken", lambda im: (im, 95)),
    ("sent by a messaging app (1600 px, JPEG 70)", _scaled(1600, 70)),
    ("sent at 1024 px (JPEG 70)", _scaled(1024, 70)),
    ("sent at 640 px (JPEG 70)", _scaled(640, 70)),
    ("phone held on its side (quarter turn)", _turned(cv2.ROTATE_90_CLOCKWISE)),
    ("board upside down (half turn)", _turned(cv2.ROTATE_180)),
    ("tilted 12 degrees", _tilted(12.0)),
    ("lighter tone curve (gamma 0.7)", _tone(0.7)),
    ("darker tone curve (gamma 1.3)", _tone(1.3)),
    ("much darker tone curve (gamma 1.6)", _tone(1.6)),
    ("under-exposed (x 0.55)", _tone(1.0, 0.55)),
    ("warm lamp (blue x 0.75, red x 1.1)", _white_balance(0.75, 1.1)),
    ("sensor noise (sigma 8)", _noise(8.0)),
    ("camera tipped 20 degrees (perspective)", _angled(20.0)),
    ("camera tipped 35 degrees (perspective)", _angled(35.0)),
    ("a lamp's glare (soft spot, 85% white)", _glare(0.85)),
    ("a second glare (70% white, below left)", _glare(0.7, at=(0.4, 0.6))),
    ("a wide glare (90% white, 0.35 wide)", _glare(0.9, width=0.35)),
    ("a hand's soft shadow on a third (x 0.45)", _shadow(0.45)),
    ("board small in the frame (50%)", _small(0.5)),
    ("board small in the frame (40%)", _small(0.4)),
    ("board small, sent (50%, 1600 px, JPEG 70)", _then(_small(0.5), _scaled(1600, 70))),
    ("board small, sent (50%, 1024 px, JPEG 70)", _then(_small(0.5), _scaled(1024, 70))),
]


def run(folder: Path, labels_file: Path | None = None, only: str | None = None) -> None:
    """One line per variation: cells and tiles right over all photos, cells wrong and not
    listed, cells listed, photos refused, then cells and tiles right over the photos read;
    with ``only``, the variations whose name contains it (a word of it: "glare", "35")."""
    chosen = [(name, vary) for name, vary in VARIATIONS
              if only is None or only.lower() in name.lower()]
    if not chosen:
        raise ValueError(f"no variation's name contains {only!r}")
    labels = load_labels(labels_file or folder / "labels.json", folder)
    spec, clf, lexicon = board_spec("bugwords"), shipped_classifier(), default_lexicon()
    originals = {lab.photo: cv2.imread(str(lab.photo), cv2.IMREAD_COLOR) for lab in labels}
    print(f"{len(labels)} real photos of commercial boards ({folder}), each re-made per line")
    print(f"{'variation':44} {'cells':>7} {'tiles':>7} {'wrong, unlisted':>15} {'listed':>6} "
          f"{'refused':>7} {'read: cells':>11} {'tiles':>7} {'CPU s':>6}")
    for name, vary in chosen:
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


if __name__ == "__main__":  # a part of another benchmark
    raise SystemExit("bench/vision_variants.py is run by bench/vision_reading.py: "
                     "PYTHONPATH=. .venv/bin/python bench/vision_reading.py --real --variants")
