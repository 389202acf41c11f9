"""The tile placard (rack): a wedge with a slot that leans back, so seven tiles stand facing
their owner. It prints as two halves, joined in the middle by a full-height dovetail and a
snap-fit clip: an arm on the left half reaches into a pocket in the right one and its catch
clicks into a window there (:mod:`cad.clips`).

Frame: x along the placard (0 at the left end of the assembled placard), y from the front
(the owner's side, y = 0) to the back, z up from the table. Both halves lie flat as printed.
"""

from __future__ import annotations

import math

import cadquery as cq

from cad import clips, fit, joints, snapfit
from cad.params import SetParams
from cad.solids import chamfer_bottom_edges_on, on_line, prism

Point = tuple[float, float]


def length(params: SetParams) -> float:
    """Length of the assembled placard."""
    return fit.placard_length(params)


def slot_width(params: SetParams) -> float:
    return fit.placard_slot_width(params)


def _slot_profile(params: SetParams) -> list[Point]:
    """The leaning slot in (y, z): front wall through the floor point, floor square to it."""
    pl = params.placard
    th = math.radians(pl.lean)
    w, reach = slot_width(params), 4 * pl.back_height
    y0, z0 = pl.slot_front, pl.base_height
    p1 = (y0 + w * math.cos(th), z0 - w * math.sin(th))
    return [(y0, z0), p1, (p1[0] + reach * math.sin(th), p1[1] + reach * math.cos(th)),
            (y0 + reach * math.sin(th), z0 + reach * math.cos(th))]


def slot_back_at(params: SetParams, z: float) -> float:
    """y of the slot's back wall at height ``z``."""
    return fit.placard_slot_back_at(params, z)


def _profile(params: SetParams) -> list[Point]:
    pl = params.placard
    th = math.radians(pl.lean)
    front_wall_top = pl.slot_front + (pl.front_height - pl.base_height) * math.tan(th)
    return [(0.0, 0.0), (pl.depth, 0.0), (pl.depth, pl.back_height),
            (slot_back_at(params, pl.back_height), pl.back_height),
            (front_wall_top, pl.front_height), (0.0, pl.front_height)]


def section(params: SetParams, span: float) -> cq.Workplane:
    """A straight piece of placard ``span`` mm long with closed ends (the fit coupon's slot)."""
    pl = params.placard
    body = _extrude_profile(_profile(params), 0.0, span)
    body = body.cut(_extrude_profile(_slot_profile(params), pl.end_wall, span - pl.end_wall))
    return chamfer_bottom_edges_on(body, params.printer.elephant_foot,
                                   lambda e: on_line(e, "y", 0.0) or on_line(e, "y", pl.depth)
                                   or on_line(e, "x", 0.0) or on_line(e, "x", span))


def dovetail(params: SetParams) -> joints.Dovetail:
    """The joint between the halves, centred in the solid back block."""
    return snapfit.placard_dovetail(params)


def _extrude_profile(points: list[Point], x0: float, x1: float) -> cq.Workplane:
    return (cq.Workplane("YZ").workplane(offset=x0).polyline(points).close()
            .extrude(x1 - x0))


def placard_half(params: SetParams, side: str, clip_deflection: float = 0.0) -> cq.Workplane:
    """The ``"left"`` or ``"right"`` half, in assembled position (``clip_deflection``: the
    left half's clip arm bent that far, as while clicking in)."""
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right', got {side!r}")
    pl, c = params.placard, params.clearance
    ef = params.printer.elephant_foot
    total = length(params)
    mid = total / 2
    x0, x1 = (0.0, mid - c / 2) if side == "left" else (mid + c / 2, total)
    body = _extrude_profile(_profile(params), x0, x1)
    slot = _extrude_profile(_slot_profile(params), max(x0, pl.end_wall) - (x0 > 0) * 1.0,
                            min(x1, total - pl.end_wall) + (x1 < total) * 1.0)
    body = body.cut(slot)
    tab = dovetail(params)
    outer_x = 0.0 if side == "left" else total

    def keep(e: cq.Edge) -> bool:
        return on_line(e, "y", 0.0) or on_line(e, "y", pl.depth) or on_line(e, "x", outer_x)

    if side == "left":
        outline = [(x + mid, y) for x, y in joints.tab_outline(tab, c)]
        tab_solid = prism(outline, 0.0, tab.height)
        tab_solid = chamfer_bottom_edges_on(
            tab_solid, ef, lambda e: not on_line(e, "x", outline[0][0]))
        arm = clips.placard_arm(params, clip_deflection)
        root = snapfit.placard_clip_arm(params).x_root - snapfit.ROOT_OVERLAP
        arm = chamfer_bottom_edges_on(arm, ef, lambda e: not on_line(e, "x", root))
        body = chamfer_bottom_edges_on(body, ef, keep).union(tab_solid).union(arm)
    else:
        slot_xy = [(x + mid, y) for x, y in joints.slot_outline_at_neighbour(tab, c, c)]
        body = body.cut(prism(slot_xy, -1.0, pl.back_height + 2.0))
        body = body.cut(clips.placard_pocket(params))
        reach = mid + c / 2 + tab.depth + 2 * c
        clip_arm = snapfit.placard_clip_arm(params)
        pocket_reach = clip_arm.tip + c + 0.01
        pocket_y = (clip_arm.y0 - params.clip.arm_gap - 0.01, clip_arm.y1 + c + 0.01)

        def keep_right(e: cq.Edge) -> bool:
            mid_pt = e.Center()
            if on_line(e, "x", mid + c / 2):
                return False
            in_slot = mid_pt.x < reach and abs(mid_pt.y - tab.t) < tab.head / 2 + 2 * c + 0.5
            in_pocket = mid_pt.x < pocket_reach and pocket_y[0] < mid_pt.y < pocket_y[1]
            return keep(e) or in_slot or in_pocket

        body = chamfer_bottom_edges_on(body, ef, keep_right)
    return body


def tile_seat(params: SetParams, index: int) -> tuple[float, float, float, float]:
    """Where tile ``index`` stands in the assembled placard: (x centre, y and z of the slot's
    front floor corner, lean in degrees)."""
    pl, t = params.placard, params.tile
    x = pl.end_wall + pl.tile_gap + index * (t.size + pl.tile_gap) + t.size / 2
    return (x, pl.slot_front, pl.base_height, pl.lean)
