"""Splitting a large sheet over several pages that overlap and glue together (pure layout)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.layout.sheets import Rect

OVERLAP = 12.0  # mm of glue strip on a piece's right and bottom edges


@dataclass(frozen=True)
class Piece:
    """One page's share of the sheet.

    ``own`` is the part of the sheet this piece shows after trimming; ``region`` adds the glue
    strips under its right/bottom neighbours; ``origin`` is where ``region``'s top-left corner
    lands on the page (mm).
    """

    row: int
    col: int
    rows: int
    cols: int
    own: Rect
    region: Rect
    origin: tuple[float, float]

    @property
    def number(self) -> int:
        return self.row * self.cols + self.col + 1

    @property
    def count(self) -> int:
        return self.rows * self.cols

    @property
    def trim_left(self) -> bool:
        return self.col > 0

    @property
    def trim_top(self) -> bool:
        return self.row > 0

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """A sheet point in this page's coordinates."""
        return (x - self.region.x + self.origin[0], y - self.region.y + self.origin[1])


def tile_sheet(sheet_w: float, sheet_h: float, page_w: float, page_h: float, margin: float,
               overlap: float = OVERLAP, reserve_bottom: float = 0.0,
               snap_x: Sequence[float] = (), snap_y: Sequence[float] = ()) -> list[Piece]:
    """Pieces covering a ``sheet_w`` x ``sheet_h`` sheet on pages, row by row.

    A sheet that fits inside the page's margins is one centred piece. ``reserve_bottom`` keeps
    room at the foot of each page for a caption. Seams move to the nearest of ``snap_x`` /
    ``snap_y`` (such as grid lines) when the pieces still fit.
    """
    avail_w = page_w - 2 * margin
    avail_h = page_h - 2 * margin - reserve_bottom
    if avail_w <= overlap or avail_h <= overlap:
        raise ValueError("the page is too small to print on")
    xs = _cuts(sheet_w, avail_w, overlap, snap_x)
    ys = _cuts(sheet_h, avail_h, overlap, snap_y)
    rows, cols = len(ys) - 1, len(xs) - 1
    pieces = []
    for r in range(rows):
        for c in range(cols):
            own = Rect(xs[c], ys[r], xs[c + 1] - xs[c], ys[r + 1] - ys[r])
            w = own.w + (overlap if c < cols - 1 else 0.0)
            h = own.h + (overlap if r < rows - 1 else 0.0)
            region = Rect(own.x, own.y, w, h)
            origin = ((page_w - w) / 2, margin + (avail_h - h) / 2 if rows == 1 else margin)
            pieces.append(Piece(r, c, rows, cols, own, region, origin))
    return pieces


def _distance_from(ideal: float) -> Callable[[float], float]:
    return lambda s: abs(s - ideal)


def _cuts(length: float, avail: float, overlap: float, snap: Sequence[float]) -> list[float]:
    """Piece boundaries along one side: 0, the seams, ``length``."""
    if length <= avail:
        return [0.0, length]
    n = math.ceil((length - overlap) / (avail - overlap))
    cuts = [0.0] + [length * k / n for k in range(1, n)] + [length]
    for k in range(1, n):
        near = sorted(snap, key=_distance_from(cuts[k]))
        for s in near[:3]:
            trial = cuts[:k] + [s] + cuts[k + 1:]
            widths_ok = all(
                trial[i + 1] - trial[i] + (overlap if i < n - 1 else 0.0) <= avail
                and trial[i + 1] > trial[i]
                for i in range(n)
            )
            if widths_ok:
                cuts = trial
                break
    return cuts


def seams(pieces: list[Piece]) -> tuple[list[float], list[float]]:
    """The x positions of vertical seams and the y positions of horizontal ones."""
    xs = sorted({p.own.x for p in pieces if p.col > 0})
    ys = sorted({p.own.y for p in pieces if p.row > 0})
    return xs, ys
