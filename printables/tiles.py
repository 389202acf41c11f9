"""Paper letter tiles with each game's distribution, on sheets with cut guides."""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import UsageError
from companion.layout.sheets import BOARD_SPECS, Rect
from companion.text import counted
from companion.tiles import BLANK, ROTATION_AMBIGUOUS, TileSet, tile_set
from printables.canvas import Page, new_canvas
from printables.chrome import crop_marks, cut_lines, footer, section_label
from printables.style import (
    ACCENTS,
    CAP_HEIGHT,
    CUT,
    FONT_BOLD,
    INK,
    MUTED,
    PAGE_MARGIN,
    SMALLEST_TYPE,
    page_setup,
)

TILE_FACE = "#f6efdc"
HEAD = 18.0  # mm for the heading above the tiles


@dataclass(frozen=True)
class TileFace:
    """What one printed tile shows."""

    letter: str  # "" for a blank
    value: int | None  # printed small in the corner, or None


def tile_faces(tiles: TileSet, show_values: bool) -> list[TileFace]:
    """Every tile of the set once per copy, in the set's order."""
    faces = []
    for t in tiles.bag():
        letter = "" if t == BLANK else t
        faces.append(TileFace(letter, tiles.value(t) if show_values and letter else None))
    return faces


def tiles_pdf(game: str, paper: str = "letter") -> bytes:
    """Paper tiles for ``game`` ("werdup" or "bugwords") sized to its paper board."""
    if game not in BOARD_SPECS:
        raise UsageError(f"No paper tiles for {game!r}; choose werdup or bugwords.")
    setup = page_setup(paper)
    tiles = tile_set(game)
    faces = tile_faces(tiles, show_values=any(tiles.values.values()))
    size, pitch = BOARD_SPECS[game].tile, BOARD_SPECS[game].pitch
    pw, ph = setup.size
    cols, rows = tile_grid(len(faces), int((pw - 2 * PAGE_MARGIN) // size),
                           int((ph - 2 * PAGE_MARGIN - HEAD) // size))
    per_page = cols * rows
    title = {"werdup": "WerdUp", "bugwords": "Bug Words"}[game]
    c, buf = new_canvas(setup.size, f"{title} paper tiles", counted(len(faces), "tile"))
    pages = [faces[i:i + per_page] for i in range(0, len(faces), per_page)]
    for n, chunk in enumerate(pages, start=1):
        page = Page(c, setup.size)
        used_rows = -(-len(chunk) // cols)
        x0 = (pw - cols * size) / 2
        y0 = PAGE_MARGIN + HEAD
        section_label(page, x0, PAGE_MARGIN + 6.0, f"{title} tiles", ACCENTS[game],
                      f"{counted(len(faces), 'tile')}, {size:g} mm square for the {pitch:g} mm "
                      "squares of the paper board. Cut along the grey lines.")
        for i, face in enumerate(chunk):
            r, col = divmod(i, cols)
            _draw_tile(page, Rect(x0 + col * size, y0 + r * size, size, size), face)
        last_row = len(chunk) - (used_rows - 1) * cols
        bottom = y0 + used_rows * size
        xs = [x0 + k * size for k in range(cols + 1)]
        ys = [y0 + k * size for k in range(used_rows + 1)]
        full_bottom = bottom - (size if last_row < cols else 0.0)
        cut_lines(page, xs, ys[:-1], y0, full_bottom, x0, x0 + cols * size)
        for x in xs[:last_row + 1]:
            page.line(x, full_bottom, x, bottom, color=CUT, width=0.15)
        page.line(x0, bottom, x0 + last_row * size, bottom, color=CUT, width=0.15)
        crop_marks(page, Rect(x0, y0, cols * size, used_rows * size))
        footer(page, f"{title} paper tiles - page {n} of {len(pages)}")
        c.showPage()
    c.save()
    return buf.getvalue()


def tile_grid(count: int, most_cols: int, most_rows: int) -> tuple[int, int]:
    """Columns and rows of tiles a page holds for ``count`` tiles, at most ``most_cols`` by
    ``most_rows``: as few pages as that allows, and on each the fewest columns that hold its
    tiles in the rows they need (100 Bug Words tiles: ten rows of ten, not nine rows of
    eleven and one tile left over with cut lines of its own)."""
    if most_cols < 1 or most_rows < 1:
        raise UsageError("The page is too small for these tiles.")
    pages = -(-count // (most_cols * most_rows))
    per_page = max(1, -(-count // pages))
    rows = -(-per_page // most_cols)
    return -(-per_page // rows), rows


def _draw_tile(page: Page, r: Rect, face: TileFace) -> None:
    page.rect(r.inset(0.35), stroke=None, fill=TILE_FACE, radius=0.8)
    if not face.letter:
        return
    cx, cy = r.center
    size = r.h * (1.55 if len(face.letter) == 1 else 1.2)
    cap = size * CAP_HEIGHT * 0.3528
    baseline = cy + cap / 2 - (0.4 if face.value is None else 1.0)
    page.text(cx - (1.0 if face.value is not None else 0.0), baseline, face.letter.upper()
              if len(face.letter) == 1 else face.letter, size=size, font=FONT_BOLD, color=INK,
              align="center")
    if face.letter.upper() in ROTATION_AMBIGUOUS:
        page.line(cx - r.w * 0.16, baseline + 1.3, cx + r.w * 0.16, baseline + 1.3,
                  color=INK, width=0.6)
    if face.value is not None:
        page.text(r.right - 1.6, r.bottom - 1.8, str(face.value),
                  size=max(SMALLEST_TYPE, r.h * 0.38),
                  font=FONT_BOLD, color=MUTED if face.value == 0 else INK, align="right")
