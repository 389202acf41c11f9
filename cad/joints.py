"""Where the dovetail joints go, and their outlines: pure layout maths, no CAD kernel.

Quarter frame (used by all board code): seen from above, x to the right and y up, origin at
the centre of the assembled board, z up from the table. The part as modelled is the top-left
quarter: it spans ``x`` from ``-half`` to ``-seam/2`` and ``y`` from ``seam/2`` to ``half``.
Its right edge carries dovetail tabs, its bottom edge the matching slots. Turned a quarter
turn clockwise it becomes the top-right quarter, whose left edge is the turned bottom edge, so
every tab meets a slot and one model printed four times makes the whole board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cad.params import SetParams


Point = tuple[float, float]


@dataclass(frozen=True)
class Dovetail:
    """One tab on the right edge: ``t`` is its centre's distance from the board centre along
    the edge; ``height`` how tall it stands above the table."""

    t: float
    neck: float
    head: float
    depth: float
    height: float


def quarter_half(params: SetParams, cells: int | None = None, frame: bool = True) -> float:
    """Distance from the board centre to the quarter's outer edges."""
    lay = params.board.layout
    n = lay.quarter_cells if cells is None else cells
    return params.clearance / 2 + n * lay.cell_pitch + (lay.frame_width if frame else 0.0)


def dovetails(params: SetParams, cells: int | None = None, frame: bool = True,
              ) -> tuple[Dovetail, ...]:
    """The tabs along one seam edge of a quarter with ``cells`` cells a side."""
    lay, j = params.board.layout, params.joint
    n = lay.quarter_cells if cells is None else cells
    c = params.clearance
    # small tabs under the cells next to the seam: under every other cell, from the second
    picks = [i for i in range(1, n, 2)] or [0]
    tabs = [Dovetail(c / 2 + (i + 0.5) * lay.cell_pitch, j.tab_neck, j.tab_head, j.tab_depth,
                     lay.floor_height) for i in picks]
    if frame:
        tabs.append(Dovetail(c / 2 + n * lay.cell_pitch + lay.frame_width / 2, j.frame_tab_neck,
                             j.frame_tab_head, j.frame_tab_depth, lay.frame_height))
    return tuple(tabs)


def tab_outline(tab: Dovetail, seam: float, root: float = 1.0) -> list[Point]:
    """The tab's outline on the quarter's right edge (quarter frame), reaching ``root`` mm back
    into the part so it fuses with it."""
    x0 = -seam / 2
    return [(x0 - root, tab.t - tab.neck / 2), (x0, tab.t - tab.neck / 2),
            (x0 + tab.depth, tab.t - tab.head / 2), (x0 + tab.depth, tab.t + tab.head / 2),
            (x0, tab.t + tab.neck / 2), (x0 - root, tab.t + tab.neck / 2)]


def slot_outline_at_neighbour(tab: Dovetail, seam: float, clearance: float,
                              overshoot: float = 1.0) -> list[Point]:
    """The slot the tab needs, in the neighbour to the right (quarter frame): the tab's
    outline grown by ``clearance`` on every side it touches."""
    x_edge = seam / 2  # the neighbour's edge
    x_tip = -seam / 2 + tab.depth + clearance
    # side lines of the tab, moved out by the clearance along their normals
    slope = (tab.head - tab.neck) / 2 / tab.depth  # half-width growth per mm of depth
    grow = clearance * math.sqrt(1 + slope * slope)  # offset measured across the edge

    def half_width(x: float) -> float:
        return tab.neck / 2 + slope * (x + seam / 2) + grow

    xa = x_edge - overshoot
    return [(xa, tab.t - half_width(xa)), (x_tip, tab.t - half_width(x_tip)),
            (x_tip, tab.t + half_width(x_tip)), (xa, tab.t + half_width(xa))]


def rotate_ccw(points: list[Point]) -> list[Point]:
    """Points turned a quarter turn anticlockwise about the board centre."""
    return [(-y, x) for x, y in points]


def rotate_cw(points: list[Point]) -> list[Point]:
    """Points turned a quarter turn clockwise about the board centre."""
    return [(y, -x) for x, y in points]


def slot_outline(tab: Dovetail, seam: float, clearance: float) -> list[Point]:
    """The slot on the quarter's own bottom edge that receives ``tab`` of the quarter above
    (which is this quarter turned a quarter turn anticlockwise)."""
    return rotate_ccw(slot_outline_at_neighbour(tab, seam, clearance))


def min_gap_tab_to_slot(tab: Dovetail, seam: float, clearance: float) -> float:
    """Smallest distance from the tab's outline to the slot walls (the joint clearance)."""
    tab_pts = tab_outline(tab, seam, root=0.0)[1:-1]
    slot_pts = slot_outline_at_neighbour(tab, seam, clearance)
    walls = [(slot_pts[i], slot_pts[i + 1]) for i in range(3)]
    return min(_point_segment(p, a, b) for p in tab_pts for a, b in walls)


def _point_segment(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    k = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - k * dx, p[1] - ay - k * dy)
