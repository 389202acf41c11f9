"""The fit coupon: a quick first print to choose the clearance for a printer.

It holds one joint of each kind the set uses, at full height: two two-cell board corners (the
same model twice, each with a dovetail and a snap-fit clip one way and their slot and window
the other, exactly like the quarters), a short placard cut in two halves that join with the
placard's dovetail and clip and hold one tile each, and two tiles to stack and drop into the
cells. The clearance is engraved on the back of the placard's left half. Print it at a few
clearances, keep the one that clicks together by hand and sits without wobble, and build the
set with that ``--clearance``.
"""

from __future__ import annotations

import cadquery as cq

from cad import fit, placard
from cad.params import SetParams
from cad.quarter import quarter
from cad.tile import tile

COUPON_LETTERS = ("E", "S")
CORNER_CELLS = fit.COUPON_CORNER_CELLS
LABEL_SIZE = 7.0  # mm, height of the engraved clearance
LABEL_DEPTH = 0.6  # mm


def corner_piece(params: SetParams, clip_deflection: float = 0.0) -> cq.Workplane:
    """A two-cell board corner with one dovetail and one clip each way."""
    return quarter(params, cells=CORNER_CELLS, frame=False, clip_deflection=clip_deflection)


def short_placard(params: SetParams) -> SetParams:
    """The parameters of the coupon's placard: the set's, two tiles long."""
    return fit.coupon_placard(params)


def clearance_label(params: SetParams) -> str:
    return f"{params.clearance:.2f}".rstrip("0").rstrip(".")


def placard_piece(params: SetParams, side: str, clip_deflection: float = 0.0) -> cq.Workplane:
    """One half of the coupon's two-tile placard; the left one has the clearance engraved on
    its back."""
    short = short_placard(params)
    body = placard.placard_half(short, side, clip_deflection)
    if side == "right":
        return body
    pl, t = short.placard, short.tile
    back_start = placard.slot_back_at(short, pl.back_height)
    text = (cq.Workplane("XY").workplane(offset=pl.back_height - LABEL_DEPTH)
            .center(placard.length(short) / 4, (back_start + pl.depth) / 2)
            .text(clearance_label(params), LABEL_SIZE, 1.0, fontPath=str(t.font),
                  combine=False, halign="center", valign="center"))
    return body.cut(text)


def coupon_parts(params: SetParams) -> list[tuple[str, cq.Workplane]]:
    """The coupon's pieces, in assembled position (the build lays them on the bed)."""
    corner = corner_piece(params)
    return [("corner-1", corner), ("corner-2", corner),
            ("placard-left", placard_piece(params, "left")),
            ("placard-right", placard_piece(params, "right")),
            *[(f"tile-{x}", tile(params, x)) for x in COUPON_LETTERS]]
