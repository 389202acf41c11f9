"""The fit coupon: a quick first print to choose the clearance for a printer.

It holds two one-cell board corners (the same model twice, with one dovetail each way, exactly
like the quarters), two tiles to stack and drop into the cells, and a one-tile length of the
placard slot with the clearance engraved on its back. Print it at a few clearances, keep the
one that slides together by hand without wobble, and build the set with that ``--clearance``.
"""

from __future__ import annotations

import cadquery as cq

from cad import placard
from cad.params import SetParams
from cad.quarter import quarter
from cad.tile import tile

COUPON_LETTERS = ("E", "S")


def corner_piece(params: SetParams) -> cq.Workplane:
    """A one-cell board corner with one tab and one slot."""
    return quarter(params, cells=1, frame=False)


def slot_piece(params: SetParams) -> cq.Workplane:
    """A one-tile length of the placard, with its clearance written on the back."""
    pl, t = params.placard, params.tile
    length = 2 * pl.end_wall + t.size + 2 * pl.tile_gap
    body = placard.section(params, length)
    label = f"{params.clearance:.2f}".rstrip("0").rstrip(".") if params.clearance else "0"
    back_start = placard.slot_back_at(params, pl.back_height)
    text = (cq.Workplane("XY").workplane(offset=pl.back_height - 0.6)
            .center(length / 2, (back_start + pl.depth) / 2)
            .text(label, 7.0, 1.0, fontPath=str(t.font), combine=False,
                  halign="center", valign="center"))
    return body.cut(text)


def coupon_parts(params: SetParams) -> list[tuple[str, cq.Workplane]]:
    """The coupon's pieces, each lying as printed."""
    corner = corner_piece(params)
    return [("corner-1", corner), ("corner-2", corner),
            *[(f"tile-{x}", tile(params, x)) for x in COUPON_LETTERS],
            ("slot", slot_piece(params))]
