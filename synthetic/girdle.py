"""Synthetic photos of a filled-in Word Girdle sheet: the companion's printed sheet (its PDF,
rasterised) with hand-written capitals in hand-writing fonts, coloured-in A-Z letters, filled
Supply dots, ticked checkboxes and the letters they crossed out struck through.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from companion.girdle import Puzzle, SheetStep, edition_puzzle, play_all
from companion.layout.sheets import girdle_sheet
from printables.raster import pdf_page_image
from synthetic.render import _font

# The worked example of the rules (docs/girdle.md): lines, Supply, checkbox rows, seven words.
EXAMPLE_LINES = (("row", 1), ("col", 2), ("col", 6), ("row", 4), ("col", 4), ("row", 7),
                 ("row", 6))
EXAMPLE_STEPS = (
    SheetStep(1, 1, "across", "JUMPING", (1, 2, 3, 4, 5, 6, 7), ("Z",)),
    SheetStep(1, 2, "down", "USE", (8,)),
    SheetStep(1, 6, "down", "NOTE"),
    SheetStep(4, 3, "across", "ACHE"),
    SheetStep(4, 4, "down", "CLOD"),
    SheetStep(7, 2, "across", "FED"),
    SheetStep(6, 4, "across", "OX"),
)


def example_puzzle() -> Puzzle:
    return edition_puzzle(list(EXAMPLE_LINES), "EEAOSTRN", (1, 4))


def printed_sheet(puzzle: Puzzle, day: dt.date, px_per_mm: float) -> np.ndarray:
    """The day's printed Girdle sheet (Letter), BGR."""
    from printables.girdle import girdle_sheet_pdf

    return pdf_page_image(girdle_sheet_pdf(day, "letter", puzzle), px_per_mm * 25.4)


def filled_sheet(puzzle: Puzzle, steps: list[SheetStep], font: Path, rng: np.random.Generator,
                 day: dt.date = dt.date(2026, 11, 29), px_per_mm: float = 5.0,
                 extra: dict[tuple[int, int], str] | None = None,
                 scrawls: tuple[tuple[int, int], ...] = (),
                 strokes: int | None = None) -> np.ndarray:
    """The sheet after ``steps``, filled in by hand with ``font`` (a hand-writing font);
    ``extra`` letters (by square, row and column 1-based) are written too, on squares no step
    placed (a word in a line that is not a word line, a letter on its own), and a pen's loop,
    no letter, on each square of ``scrawls`` (a stray mark). Each letter a step crossed out
    is struck through in its box, where the engine's score card puts it (the A-Z section, or
    the Supply position), with one diagonal line or an X (``strokes`` 1 or 2; by chance when
    None; 0: its box ticked, the letter left as it is)."""
    sheet, card = play_all(puzzle, steps)
    layout = girdle_sheet("letter")
    base = printed_sheet(puzzle, day, px_per_mm)
    sx = base.shape[1] / layout.width
    img = Image.fromarray(base[:, :, ::-1].copy())
    d = ImageDraw.Draw(img)
    pen = tuple(int(v) for v in rng.choice([[20, 20, 30], [25, 40, 120], [40, 40, 40]]))
    grid = layout.grids["girdle"]
    for (r, c), ch in [*sheet.grid.items(), *(extra or {}).items()]:
        cx, cy = grid.cell(r - 1, c - 1).center
        size = round(grid.pitch_x * sx * rng.uniform(0.6, 0.8))
        d.text((cx * sx + rng.normal(0, 0.6) * sx, cy * sx + rng.normal(0, 0.6) * sx), ch,
               fill=pen, font=_font(str(font), size), anchor="mm",
               stroke_width=max(1, round(0.2 * sx)), stroke_fill=pen)  # a 0.5 mm pen line
    for r, c in scrawls:
        cx, cy = grid.cell(r - 1, c - 1).center
        w, h = grid.pitch_x * sx * rng.uniform(0.3, 0.45), grid.pitch_x * sx * rng.uniform(0.2, 0.3)
        start = rng.uniform(0, 360)
        d.arc([cx * sx - w / 2, cy * sx - h / 2, cx * sx + w / 2, cy * sx + h / 2], start,
              start + 300, fill=pen, width=max(2, round(0.5 * sx)))
    az = layout.grids["az"]
    for i, (_, _, rect) in enumerate(az.cells()):
        if chr(ord("A") + i) in sheet.az_used:
            box = rect.inset(1.4)
            _scribble(d, box.x * sx, box.y * sx, box.right * sx, box.bottom * sx, pen, rng)
    dots = layout.grids["supply_dots"]
    for i, state in enumerate(sheet.supply_state):
        if state != "inactive":
            cx, cy = dots.cell(0, i).center
            r = 1.6 * sx
            d.ellipse([cx * sx - r, cy * sx - r, cx * sx + r, cy * sx + r], fill=pen)
    for k, p in enumerate(steps, start=1):
        if p.crossed_out:
            b = layout.boxes[f"checkbox_{k}"]
            w = max(2, round(0.5 * sx))
            d.line([(b.x * sx, b.center[1] * sx), (b.center[0] * sx, b.bottom * sx),
                    (b.right * sx + sx, b.y * sx - sx)], fill=pen, width=w)
    struck = [az.cell(*divmod(ord(ch) - ord("A"), az.cols)) for ch in card.crossed_out_az]
    struck += [layout.grids["supply"].cell(0, i - 1) for i in card.crossed_out_supply]
    hand = rng.spawn(1)[0]  # its own draws: ``rng`` goes on to the photo as before
    for rect in struck if strokes != 0 else []:
        box = rect.inset(1.2)
        _strike(d, box.x * sx, box.y * sx, box.right * sx, box.bottom * sx, pen,
                max(2, round(0.5 * sx)), hand, strokes)
    return np.asarray(img)[:, :, ::-1].copy()


def _scribble(d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float,
              pen: tuple[int, int, int], rng: np.random.Generator) -> None:
    """Colouring in a box with a pen: dense zig-zag strokes."""
    w = max(2, round((y1 - y0) / 7))
    y = y0
    while y < y1:
        d.line([(x0 + rng.uniform(0, 2), y), (x1 - rng.uniform(0, 2), y + w * 0.8)], fill=pen,
               width=w)
        y += w * 0.9


def _strike(d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float,
            pen: tuple[int, int, int], width: int, rng: np.random.Generator,
            strokes: int | None = None) -> None:
    """Crossing out a letter's box with a pen: one diagonal line corner to corner, or an X
    (``strokes`` 1 or 2; either by chance when None)."""
    jitter = (x1 - x0) * 0.08

    def corner(x: float, y: float) -> tuple[float, float]:
        return x + rng.uniform(-jitter, jitter), y + rng.uniform(-jitter, jitter)

    d.line([corner(x0, y1), corner(x1, y0)], fill=pen, width=width)
    second = rng.random() < 0.5
    if strokes == 2 or (strokes is None and second):
        d.line([corner(x0, y0), corner(x1, y1)], fill=pen, width=width)
