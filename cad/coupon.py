"""The fit coupon: a quick first print to choose the clearance for a printer.

It holds one joint of each kind the set uses, at full height: two two-cell board corners (the
same model twice, each with a dovetail and a snap-fit clip one way and their slot and window
the other, exactly like the quarters), a short placard cut in two halves that join with the
placard's dovetail and clip and hold one tile each, and two tiles to stack and drop into the
cells. Every piece has its clearance engraved, so pieces of coupons printed at different
clearances never get mixed up: on top of the back of each placard half, under each board corner
and in the recess under each tile (the short form ".15" there). Print it at a few clearances,
keep the one that clicks together by hand and sits without wobble, and build the set with that
``--clearance``.
"""

from __future__ import annotations

import cadquery as cq

from cad import fit, placard
from cad.params import SetParams, clearance_text
from cad.quarter import cell_centers, quarter
from cad.solids import shape_of
from cad.tile import tile

COUPON_LETTERS = ("E", "S")
CORNER_CELLS = fit.COUPON_CORNER_CELLS
LABEL_SIZE = 7.0  # mm, height of the engraved clearance
LABEL_DEPTH = 0.6  # mm


def clearance_label(params: SetParams) -> str:
    """The clearance as engraved: ``"0.15"``, ``"0.2"``, ``"1"``."""
    return clearance_text(params.clearance)


def short_label(params: SetParams) -> str:
    """The label without its leading zero (``".15"``), for the tile's small recess."""
    text = clearance_label(params)
    return text[1:] if text.startswith("0.") else text


def label_solid(params: SetParams, text: str, size: float = LABEL_SIZE,
                height: float = LABEL_DEPTH) -> cq.Workplane:
    """``text`` as a solid ``height`` tall, its outline centred on the origin, z from 0."""
    glyphs = cq.Workplane("XY").text(text, size, height, fontPath=str(params.tile.font),
                                     combine=False, halign="center", valign="center")
    bb = shape_of(glyphs).BoundingBox()
    return glyphs.translate((-(bb.xmin + bb.xmax) / 2, -(bb.ymin + bb.ymax) / 2, -bb.zmin))


def engrave(body: cq.Workplane, params: SetParams, text: str, at: tuple[float, float],
            face_z: float, from_below: bool = False, turn: float = 0.0) -> cq.Workplane:
    """Cut ``text`` :data:`LABEL_DEPTH` deep into the level face at ``face_z``, centred at
    ``at`` and turned ``turn`` degrees: down from a top face, or up into a face seen from
    below (mirrored then, so that it reads right way round with the piece turned over)."""
    overshoot = 1.0
    cutter = label_solid(params, text, height=LABEL_DEPTH + overshoot)
    if from_below:
        cutter = cutter.mirror("YZ").translate((0, 0, face_z - overshoot))
    else:
        cutter = cutter.translate((0, 0, face_z - LABEL_DEPTH))
    if turn:
        cutter = cutter.rotate((0, 0, 0), (0, 0, 1), turn)
    return body.cut(cutter.translate((at[0], at[1], 0)))


def corner_piece(params: SetParams, clip_deflection: float = 0.0) -> cq.Workplane:
    """A two-cell board corner with one dovetail and one clip each way; its clearance is
    engraved underneath, below the cell farthest from the seams."""
    body = quarter(params, cells=CORNER_CELLS, frame=False, clip_deflection=clip_deflection)
    far_cell = min(cell_centers(params, CORNER_CELLS), key=lambda p: (p[0], -p[1]))
    return engrave(body, params, clearance_label(params), far_cell, 0.0, from_below=True)


def short_placard(params: SetParams) -> SetParams:
    """The parameters of the coupon's placard: the set's, two tiles long."""
    return fit.coupon_placard(params)


def placard_piece(params: SetParams, side: str, clip_deflection: float = 0.0) -> cq.Workplane:
    """One half of the coupon's two-tile placard, its clearance engraved on top of its back:
    along the left half, across the right one (beyond the dovetail's slot, where there is
    room for it)."""
    short = short_placard(params)
    body = placard.placard_half(short, side, clip_deflection)
    pl, c = short.placard, short.clearance
    total = placard.length(short)
    back_y = (placard.slot_back_at(short, pl.back_height) + pl.depth) / 2
    if side == "left":
        return engrave(body, params, clearance_label(params), (total / 4, back_y),
                       pl.back_height)
    slot_end = total / 2 + c / 2 + placard.dovetail(short).depth + 2 * c
    return engrave(body, params, clearance_label(params), ((slot_end + total) / 2, back_y),
                   pl.back_height, turn=90.0)


def tile_piece(params: SetParams, letter: str) -> cq.Workplane:
    """A tile with the clearance engraved in the roof of the recess underneath."""
    t = params.tile
    return engrave(tile(params, letter), params, short_label(params), (0.0, 0.0),
                   t.plateau_height + params.clearance, from_below=True)


def coupon_parts(params: SetParams) -> list[tuple[str, cq.Workplane]]:
    """The coupon's pieces, in assembled position (the build lays them on the bed)."""
    corner = corner_piece(params)
    return [("corner-1", corner), ("corner-2", corner),
            ("placard-left", placard_piece(params, "left")),
            ("placard-right", placard_piece(params, "right")),
            *[(f"tile-{x}", tile_piece(params, x)) for x in COUPON_LETTERS]]
