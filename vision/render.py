"""Rendering tile faces and boards as images: training data and synthetic photos.

Colours are RGB tuples in :class:`BoardStyle`; images returned are BGR ``uint8`` arrays.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vision.boards import BoardSpec

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class BoardStyle:
    """The look of a board and its tiles (RGB colours, sizes as fractions of a cell)."""

    frame: RGB = (120, 28, 36)
    frame_cells: float = 0.9          # frame width around the grid, in cells
    gap: RGB = (236, 234, 222)        # the lines between squares
    gap_width: float = 0.06
    plain: RGB = (196, 204, 178)
    premiums: tuple[tuple[str, RGB, str], ...] = (
        ("T", (214, 58, 48), "TRIPLE WORD"),
        ("D", (238, 168, 160), "DOUBLE WORD"),
        ("*", (238, 168, 160), ""),
        ("t", (46, 112, 186), "TRIPLE LETTER"),
        ("d", (168, 208, 228), "DOUBLE LETTER"),
        ("o", (150, 150, 150), ""),
    )
    tile: RGB = (242, 226, 186)
    ink: RGB = (24, 22, 20)
    letter_size: float = 0.62         # font size as a share of the cell
    value_size: float = 0.22

    def square_colour(self, kind: str) -> RGB:
        for k, colour, _ in self.premiums:
            if k == kind:
                return colour
        return self.plain

    def square_label(self, kind: str) -> str:
        for k, _, label in self.premiums:
            if k == kind:
                return label
        return ""


COMMERCIAL = BoardStyle()
WERDUP = BoardStyle(frame=(60, 62, 70), gap=(40, 42, 48), plain=(92, 96, 108), tile=(235, 235, 228),
                    premiums=(("o", (70, 120, 170), ""),), gap_width=0.10)


@cache
def _font(path: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, px)


def tile_face(letter: str, px: int, font: Path, style: BoardStyle = COMMERCIAL,
              value: int | None = None, shift: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
    """A square tile seen from above: (px, px, 3) BGR. ``letter`` "" draws a blank tile."""
    img = Image.new("RGB", (px, px), style.tile)
    d = ImageDraw.Draw(img)
    edge = tuple(max(0, c - 28) for c in style.tile)
    d.rectangle([0, 0, px - 1, px - 1], outline=edge, width=max(1, px // 24))
    if letter:
        text = letter if letter != "Qu" else "Qu"
        f = _font(str(font), max(6, round(px * style.letter_size * (0.8 if len(text) > 1 else 1))))
        cx = px * (0.47 + shift[0])
        cy = px * (0.47 + shift[1])
        d.text((cx, cy), text, fill=style.ink, font=f, anchor="mm")
        if value is not None:
            fv = _font(str(font), max(5, round(px * style.value_size)))
            d.text((px * 0.86, px * 0.86), str(value), fill=style.ink, font=fv, anchor="mm")
    return np.asarray(img)[:, :, ::-1].copy()


def render_board(spec: BoardSpec, letters: list[list[str]], cell_px: int, font: Path,
                 style: BoardStyle = COMMERCIAL, values: dict[str, int] | None = None,
                 rng: np.random.Generator | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A board with tiles, seen from straight above.

    ``letters[r][c]``: "" empty, "?" a blank tile, else the tile's letter. Returns the BGR
    image and the grid's corners (4, 2) float32 (top-left, top-right, bottom-right,
    bottom-left) in image pixels.
    """
    rng = rng or np.random.default_rng(0)
    margin = round(style.frame_cells * cell_px)
    w = spec.cols * cell_px + 2 * margin
    h = spec.rows * cell_px + 2 * margin
    img = Image.new("RGB", (w, h), style.frame)
    d = ImageDraw.Draw(img)
    g = max(1, round(style.gap_width * cell_px))
    d.rectangle([margin - g, margin - g, w - margin + g - 1, h - margin + g - 1], fill=style.gap)
    label_font = _font(str(font), max(5, cell_px // 7))
    for r in range(spec.rows):
        for c in range(spec.cols):
            x0, y0 = margin + c * cell_px, margin + r * cell_px
            kind = spec.square(r, c)
            d.rectangle([x0 + g // 2, y0 + g // 2, x0 + cell_px - 1 - g // 2,
                         y0 + cell_px - 1 - g // 2], fill=style.square_colour(kind))
            label = style.square_label(kind)
            if label:
                for i, word in enumerate(label.split()):
                    d.text((x0 + cell_px / 2, y0 + cell_px * (0.38 + 0.24 * i)), word,
                           fill=(250, 250, 250), font=label_font, anchor="mm")
            if kind == "*":
                _star(d, x0 + cell_px / 2, y0 + cell_px / 2, cell_px * 0.3, (30, 20, 20))
    arr = np.asarray(img)[:, :, ::-1].copy()
    tile_px = cell_px - g
    for r in range(spec.rows):
        for c in range(spec.cols):
            t = letters[r][c]
            if not t:
                continue
            letter = "" if t == "?" else t
            value = None if values is None or not letter else values.get(letter.upper(), 0)
            shift = tuple(rng.uniform(-0.03, 0.03, 2))
            face = tile_face(letter, tile_px, font, style, value, shift)
            jx, jy = rng.integers(-max(1, g // 2), max(1, g // 2) + 1, 2)
            x0 = margin + c * cell_px + g // 2 + int(jx)
            y0 = margin + r * cell_px + g // 2 + int(jy)
            x0 = min(max(x0, 0), w - tile_px)
            y0 = min(max(y0, 0), h - tile_px)
            arr[y0: y0 + tile_px, x0: x0 + tile_px] = face
    corners = np.array([[margin, margin], [w - margin, margin], [w - margin, h - margin],
                        [margin, h - margin]], np.float32)
    return arr, corners


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        a = -np.pi / 2 + i * np.pi / 5
        pts.append((cx + rad * np.cos(a), cy + rad * np.sin(a)))
    d.polygon(pts, fill=fill)


def to_gray(bgr: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
