"""Laying parts out on print plates that fit the bed: pure maths, no CAD kernel."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.text import number_shown
from companion.tiles import tile_set

if TYPE_CHECKING:
    from cad.params import SetParams

BED_MARGIN = 3.0  # mm kept clear along the bed edges
MAX_BED_MM = 10_000.0  # 10 m: beyond any printer; far beyond, the placing maths loses the parts


def usable_bed(width: float, depth: float) -> bool:
    """Whether ``width`` x ``depth`` mm can be a printer bed (above 0, at most
    :data:`MAX_BED_MM`)."""
    return all(math.isfinite(v) and 0 < v <= MAX_BED_MM for v in (width, depth))


@dataclass(frozen=True)
class PlateSpot:
    """Where one item goes: plate number (0-based) and the lower-left corner on the bed."""

    plate: int
    x: float
    y: float


def grid_capacity(item: float, gap: float, bed: float, margin: float = BED_MARGIN) -> int:
    """How many square items of side ``item`` fit in a row across ``bed`` mm."""
    usable = bed - 2 * margin
    return max(0, math.floor((usable + gap) / (item + gap)))


def tile_plates(count: int, item: float, gap: float, bed: tuple[float, float],
                margin: float = BED_MARGIN) -> list[PlateSpot]:
    """Places ``count`` square tiles of side ``item`` on as few plates as possible, the same
    number on each (give or take one), each plate's grid centred on the bed."""
    cols = grid_capacity(item, gap, bed[0], margin)
    rows_max = grid_capacity(item, gap, bed[1], margin)
    if cols * rows_max == 0:
        raise ValueError(f"a {number_shown(item)} mm tile does not fit on a "
                         f"{number_shown(bed[0])} x {number_shown(bed[1])} mm bed")
    plates = math.ceil(count / (cols * rows_max))
    per_plate = [count // plates + (1 if i < count % plates else 0) for i in range(plates)]
    out: list[PlateSpot] = []
    for plate, n in enumerate(per_plate):
        rows = math.ceil(n / cols)
        used_cols = min(cols, n)
        w = used_cols * item + (used_cols - 1) * gap
        h = rows * item + (rows - 1) * gap
        x0, y0 = (bed[0] - w) / 2, (bed[1] - h) / 2
        for k in range(n):
            r, c = divmod(k, cols)
            out.append(PlateSpot(plate, x0 + c * (item + gap), y0 + (rows - 1 - r) * (item + gap)))
    return out


def shelf_pack(sizes: list[tuple[float, float]], gap: float, bed: tuple[float, float],
               margin: float = BED_MARGIN) -> list[tuple[float, float]]:
    """Lower-left corners for rectangles of ``sizes`` (width, depth) on one plate, in rows;
    the whole arrangement is centred on the bed. Raises ``ValueError`` if they do not fit."""
    usable_w = bed[0] - 2 * margin
    x = y = row_h = 0.0
    corners = []
    width = 0.0
    for w, d in sizes:
        if w > usable_w:
            raise ValueError(f"a part {w:.1f} mm wide does not fit on a {number_shown(bed[0])} mm "
                             "bed")
        if x > 0 and x + w > usable_w:
            x, y, row_h = 0.0, y + row_h + gap, 0.0
        corners.append((x, y))
        x += w + gap
        width = max(width, x - gap)
        row_h = max(row_h, d)
    height = y + row_h
    if height > bed[1] - 2 * margin:
        raise ValueError(f"these parts need {height:.1f} mm of a {bed[1]} mm deep bed")
    dx, dy = (bed[0] - width) / 2, (bed[1] - height) / 2
    return [(cx + dx, cy + dy) for cx, cy in corners]


def fits_bed(size: tuple[float, float], bed: tuple[float, float]) -> bool:
    """True if a footprint fits the bed as it is or turned a quarter turn."""
    w, d = size
    return (w <= bed[0] and d <= bed[1]) or (d <= bed[0] and w <= bed[1])


def tile_letters() -> list[str]:
    """The WerdUp tiles' letters, one tile file each (``Qu`` is one tile)."""
    return list(tile_set("werdup").counts)


def tile_file_stem(letter: str) -> str:
    """The name (without extension) of the file of one tile of ``letter``, in ``tiles/``."""
    return f"tile-{letter}"


def tile_spots(params: SetParams, count: int) -> list[PlateSpot]:
    """Where each of ``count`` tiles of the set ``params`` lies on its printer's plates."""
    return tile_plates(count, params.tile.size, params.printer.part_gap, params.printer.bed)
