"""A letter tile: body, raised plateau on top with the letter sunk into it, and a recess
underneath that drops over the plateau (or a board boss) below, so a stack self-aligns.

The tile lies as printed: bottom (with the recess) on the bed, letter up. The recess roof is
a short bridge; every other face needs no support.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import cadquery as cq
from OCP.BRepExtrema import BRepExtrema_DistShapeShape

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
    glyph = cq.Workplane("XY").text(_face_text(letter), size,
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
    # the bar's width is the shared layout's (the photo reader draws it so); TileParams
    # keeps at least that much room for a letter
    bar = (cq.Workplane("XY").workplane(offset=top - t.letter_depth).center(0, bar_y)
           .rect(wb.TILE_BAR_WIDTH, bar_h).extrude(t.letter_depth + overshoot))
    return glyph.union(bar)


@lru_cache(maxsize=64)
def _font_size_cached(font: str, font_size: float, room: float, letter: str) -> float:
    text = _face_text(letter)
    glyph = cq.Workplane("XY").text(text, font_size, 1.0, fontPath=font, combine=False)
    bb = shape_of(glyph).BoundingBox()
    return wb.tile_letter_font_size(bb.xlen, bb.ylen, text in ROTATION_AMBIGUOUS,
                                    font_size=font_size, room=room)


def _face_text(letter: str) -> str:
    """What a tile's face carries: a single letter in capitals, "Qu" as it is."""
    return letter.upper() if len(letter) == 1 else letter


def _font_size(t: TileParams, letter: str) -> float:
    """The em a tile's letter is made at: the shared rule
    (:func:`companion.layout.werdup_board.tile_letter_font_size`) on CadQuery's outline of
    the letter and :attr:`TileParams.letter_room`."""
    return _font_size_cached(str(t.font), t.font_size, t.letter_room, letter)


def tile_inputs(params: SetParams) -> tuple[TileParams, float, float]:
    """What a tile's solids (:func:`tile`, :func:`letter_solid`) are made from: the tile's
    own sizes, the clearance and the elephant's-foot chamfer, not the printer's bed (so a
    tile made for one bed serves another)."""
    return (params.tile, params.clearance, params.printer.elephant_foot)


def tile(params: SetParams, letter: str) -> cq.Workplane:
    """The one-colour tile: the letter is sunk into the plateau."""
    return tile_body(params).cut(letter_solid(params, letter, overshoot=1.0))


class LetterWalls(NamedTuple):
    """The thinnest tile material around a tile's sunk letter, in mm, measured across the
    tile's level sections (as the slicer's layers see it)."""

    rim: float  # between the letter (or its bar) and the plateau's edge
    between: float | None  # between the letter's separate pieces (Q and u, letter and bar)


def letter_walls(params: SetParams, letter: str) -> LetterWalls:
    """The walls left around ``letter`` on the real one-colour tile, at its top (where the
    plateau's chamfer makes the rim thinnest) and at the bottom of the letter's cavity."""
    t = params.tile
    solid = shape_of(tile(params, letter))
    rims, betweens = [], []
    for z in (t.height - 1e-3, t.height - t.letter_depth + 1e-3):
        level = solid.intersect(cq.Face.makePlane(4 * t.size, 4 * t.size, basePnt=(0, 0, z)))
        # the section's largest face is the plateau with the letter's pieces as its holes
        # (the islands inside the letter, as in O, are faces of their own)
        plateau = max(level.Faces(), key=lambda f: f.Area())
        edge, holes = plateau.outerWire(), plateau.innerWires()
        rims.append(min(_distance(hole, edge) for hole in holes))
        betweens += [_distance(a, b) for i, a in enumerate(holes) for b in holes[i + 1:]]
    return LetterWalls(min(rims), min(betweens) if betweens else None)


def _distance(a: cq.Shape, b: cq.Shape) -> float:
    d = BRepExtrema_DistShapeShape(a.wrapped, b.wrapped)
    if not d.IsDone():
        raise ValueError("OpenCascade could not measure a distance on the tile")
    return d.Value()
