"""Making each part of the set into a folder: its solids, files (STL, 3MF, STEP, each set
on the bed) and previews. :mod:`cad.build` runs these and caches what they make."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import cadquery as cq
import numpy as np
import trimesh

from cad import coupon, placard
from cad.mesh import Body, PrintObject, combine, to_mesh, write_3mf, write_step, write_stl
from cad.params import SetParams
from cad.plates import shelf_pack, tile_file_stem, tile_letters, tile_spots
from cad.preview import BASE_COLOR, TILE_COLOR, render_parts, save_preview
from cad.quarter import quarter
from cad.solids import shape_of
from cad.stickers import PAPERS, save_sticker_sheet, sticker_pdf
from cad.tile import letter_solid, tile, tile_inputs
from companion.tiles import tile_set

LETTER_COLOR = "#1E1E1E"
BODY_COLOR = "#F2EBD9"
PREVIEW_WORD = ("W", "E", "R", "D", "U", "P", "Qu")

Tick = Callable[[str], None]
# What a part's builder made: each file's count of pieces, the separate bodies a slicer gets
# from it (an STL's bodies, a 3MF's objects, a STEP file's solids), as the part is designed.
Pieces = dict[str, int]


# ---------------------------------------------------------------------------- placing


def bed_transform(mesh: trimesh.Trimesh, bed: tuple[float, float]) -> np.ndarray:
    """The 4 x 4 move that sets ``mesh`` on the bed surface, centred, turned a quarter turn
    if it only fits that way."""
    turn = np.eye(4)
    w, d = mesh.extents[:2]
    if (w > bed[0] or d > bed[1]) and d <= bed[0] and w <= bed[1]:
        turn = trimesh.transformations.rotation_matrix(np.pi / 2, [0, 0, 1])
    corners = trimesh.bounds.corners(mesh.bounds) @ turn[:3, :3].T
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    move = np.eye(4)
    move[:3, 3] = [bed[0] / 2 - (lo[0] + hi[0]) / 2, bed[1] / 2 - (lo[1] + hi[1]) / 2, -lo[2]]
    return move @ turn


def _moved(mesh: trimesh.Trimesh, offset: Iterable[float]) -> trimesh.Trimesh:
    out = mesh.copy()
    out.apply_translation(list(offset))
    return out


def _transformed(mesh: trimesh.Trimesh, matrix: np.ndarray) -> trimesh.Trimesh:
    out = mesh.copy()
    out.apply_transform(matrix)
    return out


def _export(dest: Path, stem: str, formats: tuple[str, ...], bed: tuple[float, float],
            solid: cq.Workplane | None, bodies: list[Body]) -> Pieces:
    """Write ``stem`` in each format, set on the bed. The STL and STEP hold the first
    body (the one-colour part); the 3MF holds one object of every body as its parts,
    moved together. Each file written holds one piece."""
    mat = bed_transform(bodies[0].mesh, bed)
    if "stl" in formats:
        write_stl(_transformed(bodies[0].mesh, mat), dest / f"{stem}.stl")
    if "3mf" in formats:
        write_3mf([PrintObject(stem, tuple(replace(b, mesh=_transformed(b.mesh, mat))
                                           for b in bodies))],
                  dest / f"{stem}.3mf", stem)
    if "step" in formats and solid is not None:
        turned = solid
        if not np.allclose(mat[:3, :3], np.eye(3)):
            turned = solid.rotate((0, 0, 0), (0, 0, 1), 90)
        dx, dy, dz = (float(v) for v in mat[:3, 3])
        write_step(turned.translate((dx, dy, dz)), dest / f"{stem}.step")
    return _pieces(stem, formats, 1, solid is not None)


def _pieces(stem: str, formats: tuple[str, ...], count: int, step: bool = True) -> Pieces:
    """``count`` pieces in each of the files of ``stem`` written in ``formats``."""
    return {f"{stem}.{fmt}": count for fmt in formats if fmt != "step" or step}


# ---------------------------------------------------------------------------- tiles made once

# Tiles made in this process, by what they are made from (:func:`cad.tile.tile_inputs`) and
# letter: the board preview's tiles are the tile part's, and a build for another bed, or
# another format, makes the same tiles.
_TILES: dict[tuple, tuple[cq.Workplane, trimesh.Trimesh]] = {}
_LETTERS: dict[tuple, trimesh.Trimesh] = {}
_MADE_MAX = 128


def _tile_made(params: SetParams, letter: str) -> tuple[cq.Workplane, trimesh.Trimesh]:
    """The one-colour tile's solid and mesh (shared: never change them in place)."""
    key = (*tile_inputs(params), letter)
    if key not in _TILES:
        if len(_TILES) >= _MADE_MAX:
            _TILES.clear()
        solid = tile(params, letter)
        _TILES[key] = (solid, to_mesh(solid))
    return _TILES[key]


def _letter_mesh(params: SetParams, letter: str) -> trimesh.Trimesh:
    """The two-colour tile's letter inlay (shared: never change it in place)."""
    key = (*tile_inputs(params), letter)
    if key not in _LETTERS:
        if len(_LETTERS) >= _MADE_MAX:
            _LETTERS.clear()
        _LETTERS[key] = to_mesh(letter_solid(params, letter))
    return _LETTERS[key]


_COUPONS: dict[str, tuple[list[tuple[str, cq.Workplane]], list[trimesh.Trimesh]]] = {}


def _coupon_made(params: SetParams) -> tuple[list[tuple[str, cq.Workplane]],
                                             list[trimesh.Trimesh]]:
    """The coupon's pieces and their meshes, made once a process for every bed (coupons for
    another bed, or in another format, are the same pieces laid out anew). Shared: never
    change them in place."""
    key = json.dumps(params.without_bed(), sort_keys=True)
    if key not in _COUPONS:
        if len(_COUPONS) >= _MADE_MAX:
            _COUPONS.clear()
        pieces = coupon.coupon_parts(params)
        _COUPONS[key] = (pieces, [to_mesh(s) for _, s in pieces])
    return _COUPONS[key]


# ---------------------------------------------------------------------------- parts


def quarter_rotations(mesh: trimesh.Trimesh) -> list[trimesh.Trimesh]:
    """The four quarters as assembled: the model turned 0-3 quarter turns clockwise."""
    out = []
    for q in range(4):
        m = mesh.copy()
        m.apply_transform(trimesh.transformations.rotation_matrix(-np.pi / 2 * q, [0, 0, 1]))
        out.append(m)
    return out


def build_quarter(params: SetParams, formats: tuple[str, ...], dest: Path,
                  tick: Tick) -> Pieces:
    solid = quarter(params)
    mesh = to_mesh(solid)
    tick("quarter: solid")
    pieces = _export(dest, "quarter", formats, params.printer.bed, solid,
            [Body("quarter", mesh, BODY_COLOR)])
    tick("quarter: files")
    save_preview(mesh, dest / "quarter.png")
    parts = [(q, BASE_COLOR) for q in quarter_rotations(mesh)]
    parts += [(t, TILE_COLOR) for t in _sample_play(params)]
    render_parts(parts, 900).save(dest / "board.png", optimize=True)
    tick("quarter: previews")
    return pieces


def _sample_play(params: SetParams) -> list[trimesh.Trimesh]:
    """Tiles for the board preview: WERDUP across the beginning squares, and UP stacked on
    its P to show a stack of three."""
    lay, t = params.board.layout, params.tile
    half = lay.size / 2
    placed = []
    word = [(4, 2 + i, letter, 0) for i, letter in enumerate("WERDUP")]
    word += [(4, 7, "U", 1), (4, 7, "P", 2)]
    for row, col, letter, level in word:
        x, y = lay.cell_center(row, col)
        _, mesh = _tile_made(params, letter)
        placed.append(_moved(mesh, (x - half, half - y, lay.floor_height + level * t.body_height)))
    return placed


def build_placard(params: SetParams, formats: tuple[str, ...], dest: Path,
                  tick: Tick) -> Pieces:
    meshes = []
    pieces: Pieces = {}
    for side in ("left", "right"):
        solid = placard.placard_half(params, side)
        mesh = to_mesh(solid)
        meshes.append(mesh)
        pieces |= _export(dest, f"placard-{side}", formats, params.printer.bed, solid,
                [Body(f"placard-{side}", mesh, BODY_COLOR)])
        tick(f"placard: {side} half")
    # both halves on one plate: one print per player, on a bed that holds both
    bed = params.printer.bed
    try:
        corners = shelf_pack([tuple(m.extents[:2]) for m in meshes], params.printer.part_gap,
                             bed)
    except ValueError:  # each half fits this bed only on its own: its plate is its file
        corners = []
    pair = [_moved(m, (x - m.bounds[0][0], y - m.bounds[0][1], -m.bounds[0][2]))
            for m, (x, y) in zip(meshes, corners, strict=True)] if corners else []
    if pair and "stl" in formats:
        write_stl(combine(pair), dest / "placard-pair.stl")
    if pair and "3mf" in formats:
        write_3mf([PrintObject(f"placard-{side}", (Body(f"placard-{side}", m, BODY_COLOR),))
                   for side, m in zip(("left", "right"), pair, strict=True)],
                  dest / "placard-pair.3mf", "placard-pair")
    if pair:
        pieces |= _pieces("placard-pair", formats, len(pair), step=False)
    save_preview(combine(meshes), dest / "placard.png")
    tick("placard: preview")
    return pieces


def build_tiles(params: SetParams, formats: tuple[str, ...], dest: Path,
                tick: Tick) -> Pieces:
    bed = params.printer.bed
    (dest / "tiles").mkdir(exist_ok=True)
    pieces: Pieces = {}
    bodies: dict[str, trimesh.Trimesh] = {}
    letters: dict[str, trimesh.Trimesh] = {}
    for letter in tile_letters():
        solid, bodies[letter] = _tile_made(params, letter)
        letters[letter] = _letter_mesh(params, letter)
        made = _export(dest / "tiles", tile_file_stem(letter), formats, bed, solid,
                       [Body("tile", bodies[letter], BODY_COLOR),
                        Body("letter", letters[letter], LETTER_COLOR, extruder=2)])
        pieces |= {f"tiles/{name}": n for name, n in made.items()}
        tick(f"tiles: {letter}")
    bag = tile_set("werdup").bag()
    spots = tile_spots(params, len(bag))
    half = params.tile.size / 2
    for plate in sorted({s.plate for s in spots}):
        chosen = [(t, s) for t, s in zip(bag, spots, strict=True) if s.plate == plate]
        stem = f"tiles-plate-{plate + 1}"
        pieces |= _pieces(stem, formats, len(chosen), step=False)
        if "stl" in formats:
            write_stl(combine([_moved(bodies[t], (s.x + half, s.y + half, 0))
                               for t, s in chosen]), dest / f"{stem}.stl")
        if "3mf" in formats:
            # each tile an object of its own, its letter a part of it: the slicer places and
            # arranges the tiles one by one and keeps every letter in its tile
            write_3mf([PrintObject(tile_file_stem(t), (
                Body("tile", _moved(bodies[t], (s.x + half, s.y + half, 0)), BODY_COLOR),
                Body("letter", _moved(letters[t], (s.x + half, s.y + half, 0)), LETTER_COLOR,
                     extruder=2))) for t, s in chosen],
                      dest / f"{stem}.3mf", stem)
        tick(f"tiles: plate {plate + 1}")
    pitch = params.tile.size + 3.0
    row = [(_moved(bodies[t], (i * pitch, 0, 0)), TILE_COLOR) for i, t in enumerate(PREVIEW_WORD)]
    render_parts(row, 800).save(dest / "tiles.png", optimize=True)
    tick("tiles: preview")
    return pieces


def build_coupon(params: SetParams, formats: tuple[str, ...], dest: Path,
                 tick: Tick) -> Pieces:
    pieces, meshes = _coupon_made(params)
    tick("coupon: solids")
    bed = params.printer.bed
    sizes = [(m.extents[0], m.extents[1]) for m in meshes]
    corners = shelf_pack(sizes, params.printer.part_gap, bed)
    moves = [(x - m.bounds[0][0], y - m.bounds[0][1], -m.bounds[0][2])
             for m, (x, y) in zip(meshes, corners, strict=True)]
    placed = [_moved(m, mv) for m, mv in zip(meshes, moves, strict=True)]
    whole = combine(placed)
    if "stl" in formats:
        write_stl(whole, dest / "coupon.stl")
    if "3mf" in formats:
        # each object named with its coupon's clearance too, so the pieces of several
        # coupons loaded into one slicer are told apart in its list of objects
        label = f"coupon-{coupon.clearance_label(params)}"
        write_3mf([PrintObject(f"{label} {name}", (Body(f"{label} {name}", m, BODY_COLOR),))
                   for (name, _), m in zip(pieces, placed, strict=True)],
                  dest / "coupon.3mf", label)
    if "step" in formats:
        moved = [shape_of(s.translate((float(mv[0]), float(mv[1]), float(mv[2]))))
                 for (_, s), mv in zip(pieces, moves, strict=True)]
        write_step(cq.Workplane("XY").newObject([cq.Compound.makeCompound(moved)]),
                   dest / "coupon.step")
    tick("coupon: files")
    save_preview(whole, dest / "coupon.png")
    tick("coupon: preview")
    return _pieces("coupon", formats, len(pieces))


def build_stickers(params: SetParams, formats: tuple[str, ...], dest: Path,
                   tick: Tick) -> Pieces:
    layout = params.board.layout
    save_sticker_sheet(layout, params.tile.font, dest / "stickers.png")
    for paper in PAPERS:
        sticker_pdf(layout, dest / f"stickers-{paper}.pdf", paper)
    (dest / "werdup-board.json").write_text(json.dumps(layout.to_dict(), indent=2) + "\n")
    tick("stickers")
    return {}  # sheets of paper: nothing printed in pieces


BUILDERS: dict[str, Callable[[SetParams, tuple[str, ...], Path, Tick], Pieces]] = {
    "quarter": build_quarter, "placard": build_placard, "tiles": build_tiles,
    "coupon": build_coupon, "stickers": build_stickers,
}


