"""Rendering tile faces and boards as images: training data and synthetic photos.

Colours are RGB tuples in :class:`BoardStyle`; images returned are BGR ``uint8`` arrays.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

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


# Real commercial boards differ: plain squares brown or beige, double words pink or orange.
WOODEN_PALETTES = (
    BoardStyle(frame=(196, 44, 44), plain=(204, 198, 186), ink=(20, 18, 16),
               premiums=(("T", (214, 50, 60), "TRIPLE WORD SCORE"),
                         ("D", (236, 170, 196), "DOUBLE WORD SCORE"),
                         ("*", (236, 170, 196), ""),
                         ("t", (30, 130, 200), "TRIPLE LETTER SCORE"),
                         ("d", (90, 180, 220), "DOUBLE LETTER SCORE"))),
    BoardStyle(frame=(150, 60, 50), plain=(150, 122, 92), gap=(228, 222, 206), ink=(20, 18, 16),
               premiums=(("T", (222, 50, 70), "TRIPLE WORD SCORE"),
                         ("D", (236, 150, 150), "DOUBLE WORD SCORE"),
                         ("*", (236, 150, 150), ""),
                         ("t", (40, 140, 190), "TRIPLE LETTER SCORE"),
                         ("d", (150, 200, 215), "DOUBLE LETTER SCORE"))),
    BoardStyle(frame=(60, 90, 60), plain=(214, 206, 170), ink=(20, 18, 16),
               premiums=(("T", (200, 40, 40), "TRIPLE WORD SCORE"),
                         ("D", (240, 150, 80), "DOUBLE WORD SCORE"),
                         ("*", (240, 150, 80), ""),
                         ("t", (40, 90, 170), "TRIPLE LETTER SCORE"),
                         ("d", (130, 190, 230), "DOUBLE LETTER SCORE"))),
)
WOODS = ((226, 200, 164), (214, 170, 120), (196, 130, 84))  # pale to dark wooden tiles (RGB)


def wooden_board(spec: BoardSpec, letters: list[list[str]], cell_px: int, font: Path,
                 values: dict[str, int], rng: np.random.Generator
                 ) -> tuple[np.ndarray, np.ndarray]:
    """A commercial board as players own it, seen from above: wide asymmetric printed margins
    (a band with the name and a letter table on one side), dark labels on the premium squares,
    one of several palettes, a hinge line, thick wooden tiles placed loosely with their sides
    showing, and a few spare tiles lying on the margin. Same return as :func:`render_board`."""
    style = WOODEN_PALETTES[int(rng.integers(len(WOODEN_PALETTES)))]
    p = cell_px
    left, right = round(p * rng.uniform(1.8, 3.0)), round(p * rng.uniform(0.4, 0.9))
    top, bottom = round(p * rng.uniform(0.4, 0.9)), round(p * rng.uniform(0.4, 1.2))
    w, h = spec.cols * p + left + right, spec.rows * p + top + bottom
    img = Image.new("RGB", (w, h), style.frame)
    d = ImageDraw.Draw(img)
    inner = tuple(min(255, c + 60) for c in style.frame)
    d.rectangle([left - p // 6, top - p // 6, w - right + p // 6, h - bottom + p // 6],
                fill=style.gap)
    text = _font(str(font), max(6, p // 5))
    title = _font(str(font), max(8, round(p * 0.7)))
    band = Image.new("RGB", (spec.rows * p, left - p // 3), style.frame)
    bd = ImageDraw.Draw(band)
    bd.text((band.width / 2, band.height * 0.35), "WORDPLAY", fill=inner, font=title, anchor="mm")
    for i in range(8):  # a letter-distribution table
        bd.text((band.width * (0.1 + 0.1 * i), band.height * 0.8),
                f"{chr(65 + i)}-{int(rng.integers(1, 12))}", fill=inner, font=text, anchor="mm")
    img.paste(band.rotate(90, expand=True), (p // 8, top))
    g = max(1, round(style.gap_width * p))
    label = _font(str(font), max(5, p // 8))
    for r in range(spec.rows):
        for c in range(spec.cols):
            x0, y0 = left + c * p, top + r * p
            kind = spec.square(r, c)
            d.rectangle([x0 + g // 2, y0 + g // 2, x0 + p - 1 - g // 2, y0 + p - 1 - g // 2],
                        fill=style.square_colour(kind))
            for i, word in enumerate(style.square_label(kind).split()):
                d.text((x0 + p / 2, y0 + p * (0.28 + 0.22 * i)), word, fill=(40, 34, 40),
                       font=label, anchor="mm")
            if kind == "*":
                _star(d, x0 + p / 2, y0 + p / 2, p * 0.3, (30, 20, 20))
    hinge = left + spec.cols * p // 2 + int(rng.integers(-p // 2, p // 2))
    d.line([(hinge, 0), (hinge, h)], fill=(40, 36, 34), width=max(1, p // 30))
    arr = np.asarray(img)[:, :, ::-1].copy()
    wood = WOODS[int(rng.integers(len(WOODS)))]
    tstyle = BoardStyle(tile=wood, ink=(18, 16, 14), letter_size=0.6, value_size=0.24)
    side = np.array(rng.choice([[0, 1], [1, 0], [0, -1], [-1, 0]]))  # where the sides show
    tile_px = round(p * 0.9)
    depth = max(1, round(p * rng.uniform(0.04, 0.12)))
    spots = [(r, c, letters[r][c]) for r in range(spec.rows) for c in range(spec.cols)
             if letters[r][c]]
    spare = [(None, None, chr(65 + int(rng.integers(26)))) for _ in range(int(rng.integers(0, 3)))]
    for r, c, t in spots + spare:
        letter = "" if t == "?" else t
        value = values.get(letter.upper(), 0) if letter else None
        face = _grained(tile_face(letter, tile_px, font, tstyle, value,
                                  tuple(rng.uniform(-0.04, 0.04, 2))), rng)
        if r is None:  # a spare tile on the margin band
            x0, y0 = int(rng.integers(0, max(1, left - tile_px))), int(rng.integers(0, h - tile_px))
        else:
            jx, jy = rng.uniform(-0.12, 0.12, 2) * p
            x0 = round(left + c * p + (p - tile_px) / 2 + jx)
            y0 = round(top + r * p + (p - tile_px) / 2 + jy)
        sx, sy = side * depth
        darker = (face.astype(np.float32) * 0.78).astype(np.uint8)
        _paste(arr, darker, x0 + sx, y0 + sy)  # the tile's side, below its face
        _paste(arr, face, x0, y0)
    corners = np.array([[left, top], [w - right, top], [w - right, h - bottom],
                        [left, h - bottom]], np.float32)
    return arr, corners


def _grained(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Wood grain across a tile face: soft streaks of darker and lighter wood."""
    h, w = face.shape[:2]
    yy = np.arange(h, dtype=np.float32)[:, None]
    xx = np.arange(w, dtype=np.float32)[None, :]
    freq = rng.uniform(0.2, 0.5)
    streak = np.sin(yy * freq + 3 * np.sin(xx * 0.05 + rng.uniform(0, 6)))
    gain = 1 + 0.05 * streak
    return np.clip(face.astype(np.float32) * gain[:, :, None], 0, 255).astype(np.uint8)


def _paste(dst: np.ndarray, src: np.ndarray, x0: int, y0: int) -> None:
    h, w = src.shape[:2]
    x1, y1 = max(0, x0), max(0, y0)
    x2, y2 = min(dst.shape[1], x0 + w), min(dst.shape[0], y0 + h)
    if x2 > x1 and y2 > y1:
        dst[y1:y2, x1:x2] = src[y1 - y0: y2 - y0, x1 - x0: x2 - x0]
