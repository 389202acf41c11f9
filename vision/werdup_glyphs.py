"""The printed WerdUp tiles' letters as they sit on a tile's face, drawn from the tile font,
for reading a letter of which only part is in sight (the rest behind a taller stack), and the
circle engraved on the board's beginning squares, for telling it from a tile's letter.

The letters are placed as the CAD model places them (:func:`cad.tile.letter_solid`): each
letter is sized by the same rule
(:func:`companion.layout.werdup_board.tile_letter_font_size`, here on PIL's drawing of the
font, there on CadQuery's outline), centred on the face by its outline's box, and M, W, N
and Z sit higher by half their bar and its gap, with the bar under them. The font is the
tiles' own (DejaVu Sans Bold, the Debian package ``fonts-dejavu-core``)."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.layout import werdup_board as wb
from companion.tiles import ROTATION_AMBIGUOUS
from vision.errors import NotSetUp

BAR_MM = (wb.TILE_BAR_WIDTH, wb.TILE_BAR_HEIGHT, wb.TILE_BAR_GAP)  # width, height, gap
SUPER = 4             # drawn this many times finer, then reduced
MEASURE_PX = 500      # the em, in pixels, at which a letter's outline is measured (0.02 mm)


def _font(size: float) -> ImageFont.FreeTypeFont:
    """The tile font at ``size`` pixels; a missing font is a sentence, not a traceback."""
    try:
        return ImageFont.truetype(str(wb.TILE_FONT), size)
    except OSError:
        raise NotSetUp(f"The tiles' font {wb.TILE_FONT} is missing: install the Debian "
                       "package fonts-dejavu-core (scripts/setup.sh does).") from None


def _ink(text: str, font: ImageFont.FreeTypeFont) -> np.ndarray:
    """The ink of ``text`` in ``font``, cropped to its box, bool."""
    x0, y0, x1, y1 = font.getbbox(text)  # wider than the ink: it counts the side bearings
    img = Image.new("L", (int(x1 - x0) + 4, int(y1 - y0) + 4), 0)
    ImageDraw.Draw(img).text((2 - x0, 2 - y0), text, fill=255, font=font)
    a = np.asarray(img) > 127
    ys, xs = np.nonzero(a)
    return a[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]


@cache
def letter_em(text: str) -> float:
    """The em (mm) at which the tiles carry ``text`` (a capital letter or "Qu"): the shared
    rule (:func:`companion.layout.werdup_board.tile_letter_font_size`) on the outline of
    its ink drawn at the tiles' font size."""
    ink = _ink(text, _font(MEASURE_PX))
    mm = wb.TILE_FONT_SIZE / MEASURE_PX
    return wb.tile_letter_font_size(ink.shape[1] * mm, ink.shape[0] * mm,
                                    text in ROTATION_AMBIGUOUS)


def _glyph(text: str, px_per_mm: float) -> np.ndarray:
    """The ink of ``text`` at the size the tiles carry it (cropped to its box), bool."""
    return _ink(text, _font(letter_em(text) * px_per_mm * SUPER))


@cache
def face_templates(size_px: int, face_mm: float) -> dict[str, np.ndarray]:
    """Each tile face (A-Z and "Qu") as ink on the upright face square of ``face_mm`` drawn
    ``size_px`` pixels wide, centred as in :func:`vision.werdup_stacks._face_crop`: letter
    -> (size_px, size_px) float32 in 0-1."""
    px = size_px / face_mm
    out = {}
    for letter in [chr(c) for c in range(ord("A"), ord("Z") + 1) if chr(c) != "Q"] + ["Qu"]:
        g = _glyph(letter, px)
        n = size_px * SUPER
        canvas = np.zeros((n, n), np.uint8)
        gh, gw = g.shape
        cy = n / 2 - (BAR_MM[1] + BAR_MM[2]) / 2 * px * SUPER * (letter in ROTATION_AMBIGUOUS)
        y0, x0 = round(cy - gh / 2), round(n / 2 - gw / 2)
        canvas[y0: y0 + gh, x0: x0 + gw] = g * 255
        if letter in ROTATION_AMBIGUOUS:
            bw, bh = BAR_MM[0] * px * SUPER, BAR_MM[1] * px * SUPER
            top = y0 + gh + BAR_MM[2] * px * SUPER
            canvas[round(top): round(top + bh), round(n / 2 - bw / 2): round(n / 2 + bw / 2)] = 255
        small = cv2.resize(canvas, (size_px, size_px), interpolation=cv2.INTER_AREA)
        out[letter] = small.astype(np.float32) / 255.0
    return out


def match_visible(ink: np.ndarray, visible: np.ndarray, templates: dict[str, np.ndarray],
                  shift: int) -> list[tuple[str, float, float]]:
    """How well each letter's template agrees with the ink seen (both (N, N)) where the face
    is in sight (``visible``, bool), over shifts of up to ``shift`` pixels: (letter, agreement
    0-1 as intersection over union on the visible part, share of the letter's ink in sight),
    best first."""
    seen = ink & visible
    out = []
    for letter, tmpl in templates.items():
        t = tmpl > 0.5
        best, share = 0.0, 0.0
        for dy in range(-shift, shift + 1):
            for dx in range(-shift, shift + 1):
                ts = np.roll(t, (dy, dx), axis=(0, 1))
                tv = ts & visible
                union = int((tv | seen).sum())
                if not union:
                    continue
                iou = int((tv & seen).sum()) / union
                if iou > best:
                    best, share = iou, int(tv.sum()) / max(int(ts.sum()), 1)
        out.append((letter, best, share))
    return sorted(out, key=lambda x: -x[1])


@cache
def circle_template(size_px: int, face_mm: float) -> np.ndarray:
    """The beginning squares' circle, engraved in the top of the cell's boss, as ink on the
    upright square of ``face_mm`` drawn ``size_px`` pixels wide around the cell's centre
    (as :func:`face_templates`): (size_px, size_px) float32 in 0-1."""
    px = size_px / face_mm * SUPER
    n = size_px * SUPER
    canvas = np.zeros((n, n), np.uint8)
    width = wb.BEGINNING_CIRCLE_WIDTH * px
    radius = (wb.BEGINNING_CIRCLE_DIAMETER - wb.BEGINNING_CIRCLE_WIDTH) / 2 * px
    cv2.circle(canvas, (n // 2, n // 2), round(radius), 255, max(1, round(width)))
    small = cv2.resize(canvas, (size_px, size_px), interpolation=cv2.INTER_AREA)
    return small.astype(np.float32) / 255.0
