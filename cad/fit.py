"""How the parts fit each other and the bed: pure layout maths, no CAD kernel.

The solid tests check the same numbers on the real CadQuery solids."""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

from cad import joints
from cad.plates import BED_MARGIN, fits_bed, shelf_pack
from companion.text import number_shown

if TYPE_CHECKING:
    from cad.params import SetParams


def quarter_footprint(params: SetParams, cells: int | None = None, frame: bool = True,
                      ) -> tuple[float, float]:
    """(width, depth) of a board quarter on the bed, tabs included (``cells`` and ``frame``
    as for the fit coupon's corners)."""
    side = joints.quarter_half(params, cells, frame) - params.clearance / 2
    reach = max(t.depth for t in joints.dovetails(params, cells, frame))
    return (side + reach, side)


def placard_length(params: SetParams) -> float:
    pl, t = params.placard, params.tile
    return 2 * pl.end_wall + pl.tiles * t.size + (pl.tiles + 1) * pl.tile_gap


def placard_slot_width(params: SetParams) -> float:
    """Width of the placard's leaning slot, square to its walls."""
    return params.tile.height + 2 * params.placard.slot_play


def placard_slot_back_at(params: SetParams, z: float) -> float:
    """y of the placard slot's back wall at height ``z`` (front edge at y = 0)."""
    pl = params.placard
    th = math.radians(pl.lean)
    return (pl.slot_front + (z - pl.base_height) * math.tan(th)
            + placard_slot_width(params) / math.cos(th))


def placard_half_footprint(params: SetParams) -> tuple[float, float]:
    """(width, depth) of the larger placard half (the one with the dovetail and clip arm)."""
    half = placard_length(params) / 2 - params.clearance / 2
    reach = max(params.joint.frame_tab_depth, params.clip.placard_arm_length)
    return (half + reach, params.placard.depth)


COUPON_CORNER_CELLS = 2  # a dovetail under one cell along the seam, a clip under the other
COUPON_PLACARD_TILES = 2  # one tile on each side of the placard's joint


def coupon_placard(params: SetParams) -> SetParams:
    """The parameters of the coupon's placard: the set's, two tiles long."""
    return dataclasses.replace(params, placard=dataclasses.replace(
        params.placard, tiles=COUPON_PLACARD_TILES))


def coupon_footprints(params: SetParams) -> list[tuple[float, float]]:
    """(width, depth) of each fit coupon piece, in the order the build lays them out."""
    corner = quarter_footprint(params, COUPON_CORNER_CELLS, frame=False)
    short = coupon_placard(params)
    left = placard_half_footprint(short)
    right = (placard_length(short) / 2 - params.clearance / 2, short.placard.depth)
    tile = (params.tile.size, params.tile.size)
    return [corner, corner, left, right, tile, tile]


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


def bed_problems(params: SetParams, parts: tuple[str, ...] | None = None) -> list[str]:
    """Sentences naming each of ``parts`` (default: every part) that does not fit the bed,
    and the smallest bed it needs."""
    bed = params.printer.bed
    bed_text = f"{number_shown(bed[0])} x {number_shown(bed[1])} mm"  # as typed (1e-30)
    wanted = set(parts) if parts is not None else {"quarter", "placard", "tiles", "coupon"}
    single = []
    if "quarter" in wanted:
        single.append(("board quarter", quarter_footprint(params)))
    if "placard" in wanted:
        single.append(("placard half", placard_half_footprint(params)))
    if "tiles" in wanted:
        side = params.tile.size + 2 * BED_MARGIN
        single.append(("tile plate", (side, side)))
    out = []
    for name, (w, d) in single:
        if not fits_bed((w, d), bed):
            small, large = sorted((w, d))
            out.append(f"the {name} ({w:.0f} x {d:.0f} mm) does not fit the {bed_text} "
                       f"bed: it needs at least {math.ceil(small)} x {math.ceil(large)} mm, "
                       "either way round")
    if "coupon" in wanted:
        try:
            shelf_pack(coupon_footprints(params), params.printer.part_gap, bed)
        except ValueError as exc:
            out.append(f"the fit coupon's pieces do not fit the {bed_text} bed ({exc})")
    return out
