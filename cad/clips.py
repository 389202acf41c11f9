"""The snap-fit clips as solids: arms cut free from a part, their catches, and the windows in
the neighbouring part (where and how big: :mod:`cad.snapfit`).

``deflection`` bends an arm (as a rigid turn about its root) by that much at the catch's near
end: the position it takes while the catch rides over the window's lip, which the solid tests
use to check that a bent arm clears.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cadquery as cq

from cad import snapfit
from cad.params import SetParams

Point = tuple[float, float]


def box(x0: float, x1: float, y0: float, y1: float, z0: float, z1: float) -> cq.Workplane:
    return (cq.Workplane("XY").box(x1 - x0, y1 - y0, z1 - z0, centered=False)
            .translate((x0, y0, z0)))


def _sheet_prism(points: Sequence[cq.Vector], direction: cq.Vector) -> cq.Workplane:
    wire = cq.Wire.makePolygon(list(points), close=True)
    solid = cq.Solid.extrudeLinear(cq.Face.makeFromWires(wire), direction)
    return cq.Workplane("XY").newObject([solid])


def prism_xz(outline: Sequence[Point], y0: float, y1: float) -> cq.Workplane:
    """A prism over an outline in (x, z), from ``y0`` to ``y1``."""
    return _sheet_prism([cq.Vector(x, y0, z) for x, z in outline], cq.Vector(0, y1 - y0, 0))


def prism_yz(outline: Sequence[Point], x0: float, x1: float) -> cq.Workplane:
    """A prism over an outline in (y, z), from ``x0`` to ``x1``."""
    return _sheet_prism([cq.Vector(x0, y, z) for y, z in outline], cq.Vector(x1 - x0, 0, 0))


def _turned(solid: cq.Workplane, pivot: Point, degrees: float) -> cq.Workplane:
    if not degrees:
        return solid
    return solid.rotate((pivot[0], pivot[1], 0), (pivot[0], pivot[1], 1), degrees)


# ---------------------------------------------------------------------------- board quarter


def add_quarter_clips(body: cq.Workplane, params: SetParams, cells: int | None,
                      deflection: float = 0.0) -> cq.Workplane:
    """Cut the arms free along the quarter's right edge, give them their catches, and cut the
    windows for the neighbour's catches into the bottom edge."""
    cl, c = params.clip, params.clearance
    top = params.board.layout.frame_height
    face = -c / 2
    t = cl.arm_thickness
    for clip in snapfit.quarter_clips(params, cells):
        arm = body.intersect(box(face - t, face, clip.root, clip.tip, -1.0, top + 1.0))
        body = body.cut(box(face - t - cl.arm_gap, face + 1.0, clip.root,
                            clip.tip + cl.end_gap, -1.0, top + 1.0))
        catch = [(face + u, z) for u, z in snapfit.catch_outline(params, cl.catch_z)]
        arm = arm.union(prism_xz(catch, clip.catch_from, clip.tip))
        turn = math.degrees(math.atan2(deflection, clip.catch_from - clip.root))
        body = body.union(_turned(arm, (face - t, clip.root), turn))
        # the window for the quarter that meets the bottom edge: drawn on the right edge of
        # the neighbour frame, then turned a quarter turn anticlockwise onto the bottom edge
        window = [(face + u, z) for u, z in snapfit.window_outline(params, cl.catch_z)]
        cutter = prism_xz(window, clip.catch_from - c, clip.tip + c)
        body = body.cut(cutter.rotate((0, 0, 0), (0, 0, 1), 90))
    return body


def quarter_arm_gaps(params: SetParams, cells: int | None) -> list[tuple[float, float, float,
                                                                         float]]:
    """(x0, x1, y0, y1) of the cut that frees each arm (for chamfering its bottom edges)."""
    cl, c = params.clip, params.clearance
    face = -c / 2
    return [(face - cl.arm_thickness - cl.arm_gap, face, clip.root, clip.tip + cl.end_gap)
            for clip in snapfit.quarter_clips(params, cells)]


# ---------------------------------------------------------------------------- placard


def placard_arm(params: SetParams, deflection: float = 0.0) -> cq.Workplane:
    """The left half's arm with its catch on the back face, reaching across the seam."""
    arm = snapfit.placard_clip_arm(params)
    body = box(arm.x_root - snapfit.ROOT_OVERLAP, arm.tip, arm.y0, arm.y1, 0.0, arm.height)
    catch = [(arm.y1 + v, z) for v, z in snapfit.catch_outline(params, arm.catch_z)]
    body = body.union(prism_yz(catch, arm.tip - arm.catch_width, arm.tip))
    turn = -math.degrees(math.atan2(deflection, arm.length - arm.catch_width))
    return _turned(body, (arm.x_root, arm.y0), turn)


def placard_pocket(params: SetParams) -> cq.Workplane:
    """The right half's pocket for the arm (open below, closed above) and the window in its
    back wall for the catch."""
    cl, c = params.clip, params.clearance
    arm = snapfit.placard_clip_arm(params)
    seam_face = arm.x_root + c
    pocket = box(seam_face - 1.0, arm.tip + c, arm.y0 - cl.arm_gap, arm.y1 + c, -1.0,
                 arm.height + c)
    window = [(arm.y1 + v, z) for v, z in snapfit.window_outline(params, arm.catch_z)]
    return pocket.union(prism_yz(window, arm.tip - arm.catch_width - c, arm.tip + c))
