"""How the parts fit each other and the bed: pure layout maths, no CAD kernel.

The solid tests check the same numbers on the real CadQuery solids."""

from __future__ import annotations

import math

from cad import joints
from cad.params import SetParams


def quarter_footprint(params: SetParams) -> tuple[float, float]:
    """(width, depth) of a board quarter on the bed, tabs included."""
    side = joints.quarter_half(params) - params.clearance / 2
    reach = max(t.depth for t in joints.dovetails(params))
    return (side + reach, side)


def placard_length(params: SetParams) -> float:
    pl, t = params.placard, params.tile
    return 2 * pl.end_wall + pl.tiles * t.size + (pl.tiles + 1) * pl.tile_gap


def placard_half_footprint(params: SetParams) -> tuple[float, float]:
    """(width, depth) of the larger placard half (the one with the tab)."""
    half = placard_length(params) / 2 - params.clearance / 2
    return (half + params.joint.frame_tab_depth, params.placard.depth)


def tile_cell_gap(params: SetParams) -> float:
    """Gap on each side between a tile and the ribs of its cell."""
    opening = params.tile.size + 2 * params.clearance
    return (opening - params.tile.size) / 2


def recess_gap(params: SetParams) -> float:
    """Gap on each side between a plateau (or board boss) and the recess over it."""
    t = params.tile
    return (t.plateau_size + 2 * params.clearance - t.plateau_size) / 2


def stack_drift(params: SetParams, tiles: int | None = None) -> float:
    """Largest sideways offset of the top tile of a stack from its cell centre: each tile can
    shift only by the recess gap over the one below."""
    n = params.tile.stack_limit if tiles is None else tiles
    return n * recess_gap(params)


def stack_height(params: SetParams, tiles: int | None = None) -> float:
    """Height of a stack above the cell floor."""
    t = params.tile
    n = t.stack_limit if tiles is None else tiles
    return (n - 1) * t.body_height + t.height


def placard_slot_gap(params: SetParams) -> float:
    """Play on each side of a tile standing in the placard slot."""
    slot = params.tile.height + 2 * params.placard.slot_play
    return (slot - params.tile.height) / 2


def placard_tile_top(params: SetParams) -> float:
    """Height of a standing tile's top edge above the table (it must show above the lip)."""
    pl = params.placard
    return pl.base_height + params.tile.size * math.cos(math.radians(pl.lean))


def bed_problems(params: SetParams) -> list[str]:
    """Sentences naming each part that does not fit the bed."""
    bed = (params.printer.bed_width, params.printer.bed_depth)
    out = []
    for name, (w, d) in (("board quarter", quarter_footprint(params)),
                         ("placard half", placard_half_footprint(params))):
        if not ((w <= bed[0] and d <= bed[1]) or (d <= bed[0] and w <= bed[1])):
            out.append(f"the {name} ({w:.0f} x {d:.0f} mm) does not fit the "
                       f"{bed[0]:g} x {bed[1]:g} mm bed")
    return out
