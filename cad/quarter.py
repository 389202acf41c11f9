"""The board quarter: one model, printed four times, clips into a 10 x 10 board.

Built in the quarter frame of :mod:`cad.joints` (the top-left quarter, board centre at the
origin). A full-height block is cut down to the cell floor in each cell opening, leaving grid
ribs and the raised frame; every cell gets a boss that the bottom tile's recess drops onto (the
same fit as tile on tile), the cell next to the board centre gets the beginning circle, the frame
gets square pockets for the ArUco stickers, the right edge grows dovetail tabs and snap-fit
clip arms (:mod:`cad.clips`), and the bottom edge gets the matching slots and catch windows.
"""

from __future__ import annotations

import cadquery as cq

from cad import clips, joints
from cad.params import SetParams
from cad.solids import chamfer_bottom_edges_on, off_line, on_line, prism


def cell_centers(params: SetParams, cells: int | None = None) -> list[tuple[float, float]]:
    """Centres of the quarter's cells in the quarter frame."""
    lay = params.board.layout
    n = lay.quarter_cells if cells is None else cells
    c, p = params.clearance, lay.cell_pitch
    return [(-(c / 2 + (i + 0.5) * p), c / 2 + (k + 0.5) * p) for i in range(n) for k in range(n)]


def marker_pockets(params: SetParams) -> list[tuple[float, float]]:
    """Centres of the sticker pockets of the top-left quarter, in the quarter frame (from the
    shared board layout)."""
    lay = params.board.layout
    half = lay.size / 2
    return [(s.center[0] - half, half - s.center[1]) for s in lay.markers if s.quarter == 0]


def boss(params: SetParams, centers: list[tuple[float, float]], z0: float) -> cq.Workplane:
    """Square bosses with a chamfered top, the shape of a tile's plateau."""
    t = params.tile
    return (cq.Workplane("XY").workplane(offset=z0).pushPoints(centers)
            .rect(t.plateau_size, t.plateau_size).extrude(t.plateau_height)
            .faces(">Z").edges().chamfer(t.plateau_chamfer))


def quarter(params: SetParams, cells: int | None = None, frame: bool = True,
            clip_deflection: float = 0.0) -> cq.Workplane:
    """The quarter solid (``cells`` and ``frame`` shrink it for the fit coupon;
    ``clip_deflection`` shows its clip arms bent that far, as while clicking in)."""
    lay, t, b = params.board.layout, params.tile, params.board
    c = params.clearance
    half = joints.quarter_half(params, cells, frame)
    inner = c / 2
    top = lay.frame_height
    block = cq.Workplane("XY").box(half - inner, half - inner, top, centered=False) \
        .translate((-half, inner, 0))

    centers = cell_centers(params, cells)
    opening = t.size + 2 * c
    cut_depth = top - lay.floor_height
    openings = (cq.Workplane("XY").workplane(offset=lay.floor_height).pushPoints(centers)
                .rect(opening, opening).extrude(cut_depth + 1.0)
                .edges("|Z").fillet(t.corner_radius + c))
    body = block.cut(openings).union(boss(params, centers, lay.floor_height))

    # the beginning circle, on the boss of the cell nearest the board centre
    corner_cell = max(centers, key=lambda p: (p[0], -p[1]))
    ring_top = lay.floor_height + t.plateau_height
    r_out = b.circle_diameter / 2
    ring = (cq.Workplane("XY").workplane(offset=ring_top - b.circle_depth).center(*corner_cell)
            .circle(r_out).circle(r_out - b.circle_width).extrude(b.circle_depth + 1.0))
    body = body.cut(ring)

    if frame:
        pocket = b.pocket_size
        pockets = (cq.Workplane("XY").workplane(offset=top - lay.sticker_pocket_depth)
                   .pushPoints(marker_pockets(params)).rect(pocket, pocket)
                   .extrude(lay.sticker_pocket_depth + 1.0))
        body = body.cut(pockets)

    ef = params.printer.elephant_foot
    tabs = joints.dovetails(params, cells, frame)
    for tab in tabs:
        outline = joints.tab_outline(tab, c)
        tab_solid = chamfer_bottom_edges_on(
            prism(outline, 0.0, tab.height), ef,
            off_line("x", outline[0][0]))
        body = body.union(tab_solid)
        body = body.cut(prism(joints.slot_outline(tab, c, c), -1.0, top + 2.0))

    body = clips.add_quarter_clips(body, params, cells, clip_deflection)

    # Elephant's foot: chamfer the outer bottom edges, the slot mouths (the tabs were
    # chamfered on their own) and the gaps that free the clip arms, so a squashed first
    # layer cannot weld an arm to the floor; the straight seam edges stay square.
    reach = inner + max(t.depth for t in tabs) + 2 * c + 0.01
    gaps = clips.quarter_arm_gaps(params, cells)

    def chamfered(e: cq.Edge) -> bool:
        if on_line(e, "x", -half) or on_line(e, "y", half):
            return True
        mid = e.Center()
        if on_line(e, "x", -inner) or on_line(e, "y", inner):
            return False
        if any(x0 - 0.01 < mid.x < x1 and y0 - 0.01 < mid.y < y1 + 0.01
               for x0, x1, y0, y1 in gaps):
            return True
        return mid.y < reach and mid.x < -inner

    if clip_deflection:
        # a bent arm is only ever checked against the neighbour, never printed: without the
        # chamfers there is only more material in the way, so the check is on the safe side
        return body
    body = chamfer_bottom_edges_on(body, ef, chamfered)
    return body

