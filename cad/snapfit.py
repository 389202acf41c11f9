"""Snap-fit clips: where they go, their catch and window outlines, and their sizing from the
cantilever snap-fit equations. Pure maths, no CAD kernel; :mod:`cad.clips` builds the solids.

A clip is a straight cantilever arm of rectangular (or stepped) section, printed flat so its
length runs along the layer lines and it bends sideways within the layer plane. Pushing the
parts together, the catch at its free end rides over the window's lip and bends the arm by the
catch's overlap ``y``; then it springs back into the window. For a cantilever of length ``L``
with a tip load:

    tip force    P = 3 E I y / L^3
    root strain  e = 3 y c / L^2      (c: neutral axis to the farthest fibre; 1.5 y t / L^2
                                       for a plain rectangle t thick)
    push force   W = P (mu + tan a) / (1 - mu tan a)   (a: catch face angle from the push)

The same formula with the return angle gives the pull that takes the clip apart again.

Catch outline, in (u, z): ``u`` runs out of the arm's face towards the other part (whose
face is at ``u = clearance``), ``z`` is height above the table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cad import fit, joints
from cad.units import MIN_WALL

if TYPE_CHECKING:
    from cad.params import SetParams

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # (u0, u1, z0, z1): a strip of the arm's section

ROOT_OVERLAP = 0.5  # mm the catch reaches back into its arm, so the two fuse
WINDOW_OVERSHOOT = 0.2  # mm the window's cutter starts in front of the part's face


@dataclass(frozen=True)
class ClipFigures:
    """One clip's sizing: lengths in mm, forces in newtons, strain as a fraction."""

    length: float  # root to the near end of the catch
    deflection: float  # how far the arm bends while the catch passes the lip
    strain: float  # at the arm's root, fully bent
    permissible_strain: float
    tip_force: float  # sideways force that bends the arm by ``deflection``
    push_force: float  # to click it in
    pull_force: float  # to pull it apart again (along the push, the other way)
    engagement: float  # overlap of catch and lip when at rest

    @property
    def ok(self) -> bool:
        return self.strain <= self.permissible_strain

    def to_dict(self) -> dict:
        """The figures for a report, to a sensible precision (a micrometre, a centinewton,
        the strain to 0.001 %): no float noise such as 0.6000000000000001 mm."""
        return {"length_mm": round(self.length, 3), "deflection_mm": round(self.deflection, 3),
                "strain": round(self.strain, 5),
                "permissible_strain": round(self.permissible_strain, 5),
                "tip_force_n": round(self.tip_force, 2), "push_force_n": round(self.push_force, 2),
                "pull_force_n": round(self.pull_force, 2),
                "engagement_mm": round(self.engagement, 3)}


def section_properties(rects: Sequence[Rect]) -> tuple[float, float]:
    """Second moment of area (mm^4) of a section made of strips, for bending across ``u``,
    and the distance from its neutral axis to the farthest fibre (mm)."""
    areas = [(u1 - u0) * (z1 - z0) for u0, u1, z0, z1 in rects]
    if any(a <= 0 for a in areas):
        raise ValueError("every strip of a section needs a positive width and height")
    centre = sum(a * (u0 + u1) / 2 for a, (u0, u1, _, _) in zip(areas, rects, strict=True)) \
        / sum(areas)
    inertia = sum((z1 - z0) * (u1 - u0) ** 3 / 12 + a * ((u0 + u1) / 2 - centre) ** 2
                  for a, (u0, u1, z0, z1) in zip(areas, rects, strict=True))
    far = max(max(abs(u0 - centre), abs(u1 - centre)) for u0, u1, _, _ in rects)
    return inertia, far


def ramp_factor(angle: float, friction: float) -> float:
    """Force along the push per newton of sideways force, for a face ``angle`` degrees from
    the push direction."""
    tan = math.tan(math.radians(angle))
    if friction * tan >= 1:
        return math.inf
    return (friction + tan) / (1 - friction * tan)


def cantilever(section: Sequence[Rect], length: float, deflection: float, engagement: float,
               params: SetParams) -> ClipFigures:
    """The figures of an arm of ``section`` and ``length`` bent by ``deflection``."""
    if length <= 0 or deflection < 0:
        raise ValueError(f"an arm needs a positive length and a deflection of at least 0, got "
                         f"{length!r} and {deflection!r}")
    cl = params.clip
    inertia, far = section_properties(section)
    tip = 3 * cl.modulus * inertia * deflection / length ** 3
    return ClipFigures(
        length=length, deflection=deflection,
        strain=3 * deflection * far / length ** 2,
        permissible_strain=cl.permissible_strain,
        tip_force=tip,
        push_force=tip * ramp_factor(cl.lead_angle, cl.friction),
        pull_force=tip * ramp_factor(cl.return_angle, cl.friction),
        engagement=engagement)


# ---------------------------------------------------------------------------- the catch


def catch_depth(params: SetParams) -> float:
    """How far the catch stands out of its arm: the engagement plus the clearance, so it
    overlaps the window's lip by the engagement at any clearance."""
    return params.clip.engagement + params.clearance


def bend_to_pass(params: SetParams) -> float:
    """How far the arm bends while the catch rides over the lip: the catch's tip at
    ``catch_depth`` must come back to the other part's face at ``u = clearance``."""
    return catch_depth(params) - params.clearance


def catch_height(params: SetParams) -> float:
    """Height of the catch where it meets its arm."""
    cl, p = params.clip, catch_depth(params)
    return (p / math.tan(math.radians(cl.return_angle)) + cl.catch_land
            + p / math.tan(math.radians(cl.lead_angle)))


def catch_outline(params: SetParams, z0: float) -> list[Point]:
    """The catch in (u, z), its lowest point at ``z0`` on the arm's face."""
    cl, p = params.clip, catch_depth(params)
    z1 = z0 + p / math.tan(math.radians(cl.return_angle))
    z2 = z1 + cl.catch_land
    z3 = z2 + p / math.tan(math.radians(cl.lead_angle))
    return [(-ROOT_OVERLAP, z0), (0.0, z0), (p, z1), (p, z2), (0.0, z3), (-ROOT_OVERLAP, z3)]


def _offset_line(a: Point, b: Point, d: float) -> tuple[Point, Point]:
    """The line through ``a`` and ``b`` moved ``d`` to its right (walking from a to b)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    nx, ny = dy / n, -dx / n
    return (a[0] + d * nx, a[1] + d * ny), (b[0] + d * nx, b[1] + d * ny)


def _meet(l1: tuple[Point, Point], l2: tuple[Point, Point]) -> Point:
    (x1, y1), (x2, y2) = l1
    (x3, y3), (x4, y4) = l2
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    k = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    return (x1 + k * (x2 - x1), y1 + k * (y2 - y1))


def _at_u(line: tuple[Point, Point], u: float) -> Point:
    (x1, y1), (x2, y2) = line
    return (u, y1 + (u - x1) * (y2 - y1) / (x2 - x1))


def window_outline(params: SetParams, z0: float) -> list[Point]:
    """The window the catch snaps into, in (u, z): the catch's three faces each moved out by
    the clearance, starting just in front of the other part's face (``u = clearance``)."""
    c = params.clearance
    _, bottom, tip_low, tip_high, top, _ = catch_outline(params, z0)
    # walking the catch outline bottom -> tip -> top, its outside is on the right
    lower = _offset_line(bottom, tip_low, c)
    front = _offset_line(tip_low, tip_high, c)
    upper = _offset_line(tip_high, top, c)
    u0 = c - WINDOW_OVERSHOOT
    return [_at_u(lower, u0), _meet(lower, front), _meet(front, upper), _at_u(upper, u0)]


def prints_without_support(params: SetParams) -> bool:
    """The catch's lower face and the window's roof are the only downward faces of a clip;
    both lean at most 45 degrees from the vertical (the usual limit for unsupported FDM
    overhangs), and the arms lie flat along the layers."""
    cl = params.clip
    return cl.return_angle <= 45 and cl.lead_angle <= 45


# ---------------------------------------------------------------------------- board quarter


@dataclass(frozen=True)
class QuarterClip:
    """One clip on a quarter's right edge (quarter frame of :mod:`cad.joints`): the arm runs
    along the edge from ``root`` to ``tip`` (distances from the board centre along the edge)
    and bends towards the quarter's inside; its catch spans ``catch_from`` to ``tip``."""

    root: float
    tip: float
    catch_from: float


def quarter_clips(params: SetParams, cells: int | None = None) -> tuple[QuarterClip, ...]:
    """The clips along a quarter's right edge: one under every other cell next to the seam,
    from the first (the dovetails take the cells between)."""
    lay, cl, c = params.board.layout, params.clip, params.clearance
    n = lay.quarter_cells if cells is None else cells
    margin = (lay.cell_pitch - cl.arm_length - cl.end_gap) / 2
    clips = []
    for i in range(0, n, 2):
        root = c / 2 + i * lay.cell_pitch + margin
        tip = root + cl.arm_length
        clips.append(QuarterClip(root, tip, tip - cl.catch_width))
    return tuple(clips)


def quarter_arm_section(params: SetParams) -> list[Rect]:
    """The quarter's arm in section: a floor strip, and the seam-side grid rib on top of it."""
    lay, cl = params.board.layout, params.clip
    t = cl.arm_thickness
    rib = min(t, (lay.cell_pitch - params.tile.size) / 2 - params.clearance)
    return [(0.0, t, 0.0, lay.floor_height), (t - rib, t, lay.floor_height, lay.frame_height)]


def lever(arm_length: float, params: SetParams) -> float:
    """Root to the catch's near end: the window's lip presses along the whole catch, and
    the catch clears it once its near end has bent out of the way (the rest of the arm,
    beyond the load, bends further)."""
    return arm_length - params.clip.catch_width


def quarter_clip(params: SetParams) -> ClipFigures:
    """The sizing of the board quarters' clips at ``params.clearance``."""
    return cantilever(quarter_arm_section(params), lever(params.clip.arm_length, params),
                      bend_to_pass(params), params.clip.engagement, params)


# ---------------------------------------------------------------------------- placard


@dataclass(frozen=True)
class PlacardClip:
    """The placard's clip (placard frame of :mod:`cad.placard`): an arm on the left half's
    seam face reaching ``length`` across the seam, ``y0``-``y1`` front to back and
    ``height`` tall; its catch is on the back face and it bends towards the front."""

    x_root: float
    length: float
    y0: float
    y1: float
    height: float
    catch_z: float
    catch_width: float

    @property
    def tip(self) -> float:
        return self.x_root + self.length


def placard_clip_arm(params: SetParams) -> PlacardClip:
    """Where the placard's arm goes: in the solid back block at the bottom, just behind the
    tile slot, in front of the dovetail."""
    cl, c = params.clip, params.clearance
    pocket_top = cl.placard_arm_height + c
    front = fit.placard_slot_back_at(params, pocket_top) + 1.5 * MIN_WALL
    y0 = front + cl.arm_gap
    return PlacardClip(fit.placard_length(params) / 2 - c / 2, cl.placard_arm_length, y0,
                       y0 + cl.placard_arm_thickness, cl.placard_arm_height,
                       cl.placard_catch_z, cl.catch_width)


def placard_clip(params: SetParams) -> ClipFigures:
    """The sizing of the placard's clip at ``params.clearance``."""
    arm = placard_clip_arm(params)
    section = [(0.0, arm.y1 - arm.y0, 0.0, arm.height)]
    return cantilever(section, lever(arm.length, params), bend_to_pass(params),
                      params.clip.engagement, params)


def placard_dovetail(params: SetParams) -> joints.Dovetail:
    """The dovetail between the placard halves, centred in the back block behind the clip."""
    pl, j, c = params.placard, params.joint, params.clearance
    back_start = fit.placard_slot_back_at(params, pl.back_height)
    arm = placard_clip_arm(params)
    behind_clip = arm.y1 + c + catch_depth(params) + MIN_WALL + j.frame_tab_head / 2 + 2 * c
    return joints.Dovetail(max((back_start + pl.depth) / 2, behind_clip), j.frame_tab_neck,
                           j.frame_tab_head, j.frame_tab_depth, pl.back_height)


# ---------------------------------------------------------------------------- checks


def clip_problems(params: SetParams) -> list[str]:
    """Sentences naming each way the clips do not fit or would break; empty if fine."""
    lay, cl, t, c = params.board.layout, params.clip, params.tile, params.clearance
    out = []
    straight = t.size - 2 * t.corner_radius  # straight run of a cell's seam-side rib
    if cl.arm_length + cl.end_gap > straight:
        out.append(f"the quarter's arm ({cl.arm_length} mm + {cl.end_gap} mm end gap) is longer "
                   f"than a cell's straight side ({straight:.1f} mm)")
    boss_room = (lay.cell_pitch - t.plateau_size) / 2 - MIN_WALL
    if cl.arm_thickness + cl.arm_gap > boss_room:
        out.append(f"the quarter's arm and the gap behind it ({cl.arm_thickness + cl.arm_gap} mm)"
                   f" reach the cell boss (at most {boss_room:.1f} mm)")
    # the window stays under the floor top, except right at the face, under the seam rib
    rib = (lay.cell_pitch - t.size) / 2 - c
    outline = window_outline(params, cl.catch_z)
    upper = (outline[2], outline[3])
    beyond_rib = [z for u, z in outline if u > c + rib]
    if outline[2][0] > c + rib:
        beyond_rib.append(_at_u(upper, c + rib)[1])
    if beyond_rib and max(beyond_rib) > lay.floor_height - MIN_WALL / 2:
        out.append(f"the catch window comes through the cell floor beyond the "
                   f"{rib:.2f} mm grid rib")
    top = max(z for _, z in outline)
    if min(z for _, z in outline) < 0.2 or top > lay.frame_height - MIN_WALL:
        out.append(f"the quarter's catch ({catch_height(params):.2f} mm tall from "
                   f"{cl.catch_z} mm) does not fit in the {lay.frame_height} mm edge")
    arm = placard_clip_arm(params)
    pl_window = window_outline(params, arm.catch_z)
    if max(z for _, z in pl_window) > arm.height - 0.2 or min(z for _, z in pl_window) < 0.2:
        out.append(f"the placard's catch does not fit on its {arm.height} mm arm")
    tab = placard_dovetail(params)
    slot_back = tab.t + tab.head / 2 + 2 * c
    if slot_back > params.placard.depth - MIN_WALL:
        out.append(f"the placard's dovetail, behind its clip, reaches y = {slot_back:.1f} mm: "
                   f"past the back wall ({params.placard.depth} mm)")
    if cl.placard_arm_length + cl.end_gap + MIN_WALL > fit.placard_length(params) / 2 \
            - params.placard.end_wall:
        out.append(f"the placard's arm ({cl.placard_arm_length} mm) is too long for its half")
    tip_swing = bend_to_pass(params) * max(
        cl.arm_length / lever(cl.arm_length, params),
        cl.placard_arm_length / lever(cl.placard_arm_length, params))
    if cl.arm_gap < tip_swing + 0.2:
        out.append(f"arm_gap {cl.arm_gap} leaves the arms' free ends no room: bent to pass the "
                   f"catch they swing {tip_swing:.2f} mm")
    for name, figures in (("quarter", quarter_clip(params)), ("placard", placard_clip(params))):
        if not figures.ok:
            out.append(f"the {name} clip would strain {figures.strain:.1%} when clicked in, "
                       f"more than the permissible {figures.permissible_strain:.1%}: make the "
                       "arm longer or thinner")
    return out
