"""A letter tile: body, raised plateau on top with the letter sunk into it, and a recess
underneath that drops over the plateau (or a board boss) below, so a stack self-aligns.

The tile lies as printed: bottom (with the recess) on the bed, letter up. The recess roof is
a short bridge; every other face needs no support.
"""

from __future__ import annotations

from functools import lru_cache

import cadquery as cq

from cad.params import SetParams, TileParams
from cad.solids import shape_of
from companion.layout import werdup_board as wb
from companion.tiles import ROTATION_AMBIGUOUS


@lru_cache(maxsize=8)
def tile_body(params: SetParams) -> cq.Workplane:
    """The tile without its letter, centred on the origin in x and y, bottom at z = 0."""
    t, c = params.tile, params.clearance
    ef = params.printer.elephant_foot
    body = (cq.Workplane("XY").rect(t.size, t.size).extrude(t.body_height)
            .edges("|Z").fillet(t.corner_radius))
    plateau = (cq.Workplane("XY").workplane(offset=t.body_height)
               .rect(t.plateau_size, t.plateau_size).extrude(t.plateau_height)
               .faces(">Z").edges().chamfer(t.plateau_chamfer))
    recess_side = t.plateau_size + 2 * c
    recess = cq.Workplane("XY").rect(recess_side, recess_side).extrude(t.plateau_height + c)
    body = body.union(plateau).cut(recess)
    # chamfering every bottom edge also gives the recess a lead-in
    return body.faces("<Z").edges().chamfer(ef)


def letter_solid(params: SetParams, letter: str, overshoot: float = 0.0) -> cq.Workplane:
    """The letter (and, for M, W, N and Z, the bar under it that shows which way is up, as
    on the paper tiles) as the solid sunk into the plateau:
    the inlay of the two-colour tile; with ``overshoot`` it pokes out of the top, which makes
    it the cutter for the one-colour tile's cavity."""
    t = params.tile
    top = t.height
    size = _font_size(t, letter)
    glyph = cq.Workplane("XY").text(letter.upper() if len(letter) == 1 else letter, size,
                                    t.letter_depth + overshoot, fontPath=str(t.font), combine=False,
                                    halign="center", valign="center")
    bb = shape_of(glyph).BoundingBox()
    if letter.upper() not in ROTATION_AMBIGUOUS:
        return glyph.translate((-(bb.xmin + bb.xmax) / 2, -(bb.ymin + bb.ymax) / 2,
                                top - t.letter_depth))
    bar_h, bar_gap = wb.TILE_BAR_HEIGHT, wb.TILE_BAR_GAP
    total = bb.ylen + bar_gap + bar_h
    # centre letter plus bar on the plateau
    dy = -(bb.ymin + bb.ymax) / 2 + (bar_gap + bar_h) / 2
    glyph = glyph.translate((-(bb.xmin + bb.xmax) / 2, dy, top - t.letter_depth))
    bar_y = -total / 2 + bar_h / 2
    bar_w = min(wb.TILE_BAR_WIDTH, t.letter_box * 0.55)
    bar = (cq.Workplane("XY").workplane(offset=top - t.letter_depth).center(0, bar_y)
           .rect(bar_w, bar_h).extrude(t.letter_depth + overshoot))
    return glyph.union(bar)


@lru_cache(maxsize=64)
def _font_size_cached(font: str, font_size: float, box: float, letter: str) -> float:
    glyph = cq.Workplane("XY").text(letter, font_size, 1.0, fontPath=font, combine=False)
    bb = shape_of(glyph).BoundingBox()
    # room for the orientation bar under the letter
    longest = max(bb.xlen, bb.ylen + wb.TILE_BAR_GAP + wb.TILE_BAR_HEIGHT)
    return font_size if longest <= box else font_size * box / longest


def _font_size(t: TileParams, letter: str) -> float:
    """The tile font size, shrunk only where the letter (e.g. "Qu") would not fit."""
    return _font_size_cached(str(t.font), t.font_size, t.letter_box, letter)


def tile_inputs(params: SetParams) -> tuple[TileParams, float, float]:
    """What a tile's solids (:func:`tile`, :func:`letter_solid`) are made from: the tile's
    own sizes, the clearance and the elephant's-foot chamfer, not the printer's bed (so a
    tile made for one bed serves another)."""
    return (params.tile, params.clearance, params.printer.elephant_foot)


def tile(params: SetParams, letter: str) -> cq.Workplane:
    """The one-colour tile: the letter is sunk into the plateau."""
    return tile_body(params).cut(letter_solid(params, letter, overshoot=1.0))
