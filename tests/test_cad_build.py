"""``companion cad build`` and ``companion cad check`` end to end on real files."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import cadquery as cq
import cv2
import manifold3d
import numpy as np
import pytest
import sharedwork
import trimesh
from PIL import Image

from cad import slicer
from cad.build import (
    FORMATS,
    PARTS,
    STAGE_PREFIX,
    Copies,
    build,
    cache_key,
    parse_bed,
    parse_formats,
    parse_parts,
    part_steps,
    print_copies,
    print_counts,
    print_total,
    slice_memo,
)
from cad.check import check_directory, letter_walls_of
from cad.mesh import (
    Body,
    PrintObject,
    combine,
    read_3mf_objects,
    to_mesh,
    write_3mf,
    write_stl,
)
from cad.params import SetParams, TileParams
from cad.plates import tile_plates
from cad.slicer import (
    LAYER_HEIGHT,
    SliceReport,
    duration_text,
    parse_duration,
    parse_gcode_summary,
    slice_files,
    slicer_command,
)
from cad.stickers import sticker_pdf
from cad.tile import letter_walls, tile
from companion import outfile
from companion.cli import main
from companion.errors import UsageError
from companion.layout.werdup_board import BoardLayout
from companion.tiles import tile_set
from printables.raster import pdf_page_image

LETTERS = list(tile_set("werdup").counts)


@pytest.fixture(scope="module")
def cache() -> Path:
    """The run's CAD build cache, shared with the other test processes and the web tests
    (each part is built once a run); a test that must build a part makes its own."""
    return sharedwork.run_folder("cad-cache")


@pytest.fixture(scope="module")
def built(tmp_path_factory, cache: Path) -> Path:
    """The whole set, built once by the command line at the default settings."""
    out = tmp_path_factory.mktemp("set")
    assert main(["cad", "build", "-o", str(out), "--cache-dir", str(cache), "-q"]) == 0
    return out


def test_build_writes_the_whole_set(built: Path) -> None:
    for stem in ("quarter", "placard-left", "placard-right"):
        for ext in ("stl", "3mf", "step"):
            assert (built / f"{stem}.{ext}").stat().st_size > 1000
    for letter in LETTERS:
        for ext in ("stl", "3mf", "step"):
            assert (built / "tiles" / f"tile-{letter}.{ext}").exists()
    assert (built / "tiles" / "tile-Qu.stl").exists() and len(LETTERS) == 26
    for name in ("tiles-plate-1.stl", "tiles-plate-2.stl", "tiles-plate-1.3mf",
                 "placard-pair.stl", "placard-pair.3mf",
                 "coupon.stl", "coupon.3mf", "coupon.step", "stickers.png",
                 "stickers-a4.pdf", "stickers-letter.pdf",
                 "werdup-board.json", "build.json"):
        assert (built / name).exists(), name
    report = json.loads((built / "build.json").read_text())
    assert report["clearance"] == 0.2 and report["bed"] == [180.0, 180.0]
    assert set(report["files"]) == set(PARTS)
    for clip in ("quarter", "placard"):
        figures = report["clips"][clip]
        assert figures["strain"] < figures["permissible_strain"] == 0.02
        assert figures["push_force_n"] > 1.0
    assert report["print_counts"]["quarter.stl"] == 4


def test_the_report_says_how_many_of_each_file_to_print(built: Path) -> None:
    # the report named only the quarter and the placard halves: not that each tile plate
    # and the coupon are printed once, nor how many of each letter's tile the set has
    counts = json.loads((built / "build.json").read_text())["print_counts"]
    assert sorted(counts) == sorted(str(p.relative_to(built)) for p in built.rglob("*.stl"))
    assert counts["tiles-plate-1.stl"] == counts["tiles-plate-2.stl"] == counts["coupon.stl"] == 1
    assert counts["placard-pair.stl"] == "1 per player, instead of the two halves"
    for letter, n in tile_set("werdup").counts.items():
        assert counts[f"tiles/tile-{letter}.stl"] == f"{n}, only instead of the tile plates"


def test_print_counts_name_the_files_of_a_build_without_stl() -> None:
    # a 3MF-only build's report had no counts at all: they were kept for STL names only
    counts = print_counts({"quarter": ["board.png", "quarter.3mf", "quarter.step"],
                           "tiles": ["tiles/tile-E.step", "tiles/tile-Qu.step"]})
    assert counts == {"quarter.3mf": 4, "tiles/tile-E.step": 8, "tiles/tile-Qu.step": 1}


def test_plates_hold_the_hundred_tiles(built: Path) -> None:
    bodies = sum(trimesh.load(built / f"tiles-plate-{i}.stl").body_count for i in (1, 2))
    assert bodies == 100


def test_check_passes_on_the_built_set(built: Path, capsys) -> None:
    assert main(["cad", "check", str(built)]) == 0
    out = capsys.readouterr().out
    n = sum(len(list(built.rglob(f"*.{ext}"))) for ext in ("stl", "3mf", "step"))
    assert f"{n} of {n} files pass" in out


def test_check_fails_a_part_s_file_holding_more_or_fewer_pieces_than_the_part_is_made_of(
        built: Path, tmp_path: Path, capsys) -> None:
    """A quarter or a placard half with a stray body on the bed beside it passed as "2
    bodies": the report now says how many pieces each file's part is made of."""
    report = json.loads((built / "build.json").read_text())
    assert report["pieces"]["quarter.stl"] == report["pieces"]["placard-left.3mf"] == 1
    assert report["pieces"]["placard-pair.stl"] == 2 and report["pieces"]["coupon.stl"] == 6
    assert report["pieces"]["tiles-plate-1.3mf"] == 50
    stray = trimesh.creation.box((5.0, 5.0, 2.0))
    stray.apply_translation((4.0, 4.0, 1.0))  # on the bed, in its corner
    for name in ("quarter.stl", "placard-left.stl", "placard-pair.stl"):
        (tmp_path / "set").mkdir(exist_ok=True)
        shutil.copy(built / "build.json", tmp_path / "set")
        write_stl(combine([trimesh.load(built / name), stray]), tmp_path / "set" / name)
        assert main(["cad", "check", str(tmp_path / "set" / name)]) == 1
        expected = report["pieces"][name]
        out = capsys.readouterr().out
        assert f"FAIL {name}" in out and (
            f"{name} holds {expected + 1} bodies where its part is made of {expected}: a stray "
            "piece would print with it") in out, out
    # a 3MF counts its objects: the pair plate with one half left out
    (left, _right) = read_3mf_objects(built / "placard-pair.3mf")
    write_3mf([PrintObject(left.name, tuple(Body(n, m) for n, m in left.parts))],
              tmp_path / "set" / "placard-pair.3mf", "placard-pair")
    assert main(["cad", "check", str(tmp_path / "set" / "placard-pair.3mf")]) == 1
    assert ("placard-pair.3mf holds 1 object where its part is made of 2: a piece of the part "
            "is missing") in capsys.readouterr().out


def test_a_build_for_another_bed_takes_the_parts_made_without_the_bed_from_the_cache(
        cache: Path, tmp_path: Path) -> None:
    """Every part's cache key held the bed: a new --bed made the stickers again, though
    nothing of them depends on it. The coupon, laid out on the bed, is made for each bed."""
    parts = ("stickers", "coupon")
    first = build(SetParams.make(bed=(180.0, 180.0), parts=parts), tmp_path / "a", parts,
                  ("stl",), cache_dir=cache)
    other_bed = SetParams.make(bed=(201.0, 199.0), parts=parts)  # a bed no other test builds for
    second = build(other_bed, tmp_path / "b", parts, ("stl",), cache_dir=cache)
    assert "stickers" in second.cached and "coupon" not in second.cached
    assert second.files == first.files
    for name in second.files["stickers"]:
        assert (tmp_path / "b" / name).read_bytes() == (tmp_path / "a" / name).read_bytes()
    # the coupon's files are laid out on each bed, as before
    assert (tmp_path / "b" / "coupon.stl").read_bytes() != (tmp_path / "a" / "coupon.stl"
                                                            ).read_bytes()
    lo, hi = trimesh.load(tmp_path / "b" / "coupon.stl").bounds
    assert hi[0] <= 201.0 and hi[1] <= 199.0 and lo[2] == pytest.approx(0.0)
    # a build of the stickers in another format takes them from the cache as well
    third = build(other_bed, tmp_path / "c", ("stickers",), ("3mf",), cache_dir=cache)
    assert third.cached == ("stickers",)


def test_check_counts_one_body_and_many_bodies_in_words(tmp_path: Path, capsys) -> None:
    # every line said "bodies": "  1 bodies" for each tile
    box = trimesh.creation.box((10.0, 10.0, 4.0))
    box.apply_translation((20.0, 20.0, 2.0))
    box.export(tmp_path / "one.stl")
    trimesh.util.concatenate([box, box.copy().apply_translation((20.0, 0.0, 0.0))]).export(
        tmp_path / "two.stl")
    assert main(["cad", "check", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.match(r"ok +one\.stl +1 body +0\.4 cm3 10\.0 x 10\.0 x 4\.0 mm$", lines[0])
    assert re.match(r"ok +two\.stl +2 bodies +0\.8 cm3 30\.0 x 10\.0 x 4\.0 mm$", lines[1])
    assert lines[0].index("0.4 cm3") == lines[1].index("0.8 cm3")  # the columns still line up


def test_check_of_one_file_counts_one_file(tmp_path: Path, capsys) -> None:
    box = trimesh.creation.box((10.0, 10.0, 4.0))
    box.apply_translation((20.0, 20.0, 2.0))
    box.export(tmp_path / "one.stl")
    assert main(["cad", "check", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 of 1 file passes"


def test_check_leaves_out_a_build_s_unfinished_files_and_reads_a_folder_named_like_a_file(
        tmp_path: Path, capsys) -> None:
    """The folder a build gathers its files in before they move in (left by a build killed
    outright) is not the set's; a folder named like a file ('-o parts.stl') is a folder:
    its files were checked as files ("Is a directory")."""
    box = trimesh.creation.box((10.0, 10.0, 4.0))
    box.apply_translation((20.0, 20.0, 2.0))
    box.export(tmp_path / "one.stl")
    staged = tmp_path / f"{STAGE_PREFIX}x1y2"
    staged.mkdir()
    (staged / "quarter.stl").write_bytes(b"half a file")
    (tmp_path / "parts.stl").mkdir()
    box.export(tmp_path / "parts.stl" / "two.stl")
    assert main(["cad", "check", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "quarter.stl" not in out and "parts.stl/two.stl" in out
    assert out.splitlines()[-1] == "2 of 2 files pass"


def test_check_of_a_part_s_file_checks_that_file_on_its_folder_s_bed(tmp_path: Path,
                                                                     capsys) -> None:
    """'cad check one.stl' said "There is no folder one.stl of built parts to check"."""
    box = trimesh.creation.box((10.0, 10.0, 4.0))
    box.apply_translation((20.0, 20.0, 2.0))
    box.export(tmp_path / "one.stl")
    box.copy().apply_translation((0.0, 0.0, 5.0)).export(tmp_path / "floating.stl")
    (tmp_path / "build.json").write_text(json.dumps({"bed": [20, 20], "files": ["one.stl"]}))
    assert main(["cad", "check", str(tmp_path / "one.stl")]) == 1  # the report's 20 mm bed
    out = capsys.readouterr().out
    assert "one.stl" in out and "floating.stl" not in out and "leaves the 20 x 20 mm bed" in out
    assert main(["cad", "check", str(tmp_path / "one.stl"), "--bed", "180x180"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 of 1 file passes"
    (tmp_path / "tiles").mkdir()  # a part's own folder, the set's report one up
    box.export(tmp_path / "tiles" / "tile-A.stl")
    (tmp_path / "build.json").write_text(json.dumps({"bed": [20, 20],
                                                     "files": {"tiles": ["tiles/tile-A.stl"]}}))
    assert main(["cad", "check", str(tmp_path / "tiles" / "tile-A.stl")]) == 1
    out = capsys.readouterr().out
    assert "tiles/tile-A.stl" in out and "leaves the 20 x 20 mm bed" in out
    (tmp_path / "notes.txt").write_text("not a part")
    assert main(["cad", "check", str(tmp_path / "notes.txt")]) == 2
    assert capsys.readouterr().err == (
        f"companion: Cannot check {tmp_path / 'notes.txt'}: give a folder of built parts or an "
        "STL, 3MF or STEP file.\n")


def test_check_finds_open_and_misplaced_meshes(built: Path, tmp_path: Path, capsys) -> None:
    mesh = trimesh.load(built / "tiles" / "tile-A.stl")
    holed = mesh.copy()
    holed.update_faces(np.arange(len(holed.faces)) > 3)
    holed.export(tmp_path / "holed.stl")
    off_bed = mesh.copy()
    off_bed.apply_translation([150, 0, 0])
    off_bed.export(tmp_path / "off-bed.stl")
    floating = mesh.copy()
    floating.apply_translation([0, 0, 2])
    floating.export(tmp_path / "floating.stl")
    (tmp_path / "broken.3mf").write_bytes(b"not a zip")
    assert main(["cad", "check", str(tmp_path), "--json"]) == 1
    found = {f["file"]: f for f in json.loads(capsys.readouterr().out)["files"]}
    assert "not watertight" in found["holed.stl"]["problems"][0]
    assert "leaves the 180 x 180 mm bed" in found["off-bed.stl"]["problems"][0]
    assert "does not lie on the bed" in found["floating.stl"]["problems"][0]
    assert found["broken.3mf"]["problems"][0].startswith("it is not a 3MF file (a 3MF is a zip")
    # a smaller bed given on the command line (the quarter's file: the rest of the set is
    # checked on the report's bed in test_check_passes_on_the_built_set)
    reports = check_directory(built / "quarter.stl", bed=(120.0, 120.0))
    assert any("leaves" in p for r in reports if r.path == "quarter.stl" for p in r.problems)


def test_two_body_3mf_holds_tile_and_letter(built: Path) -> None:
    (tile,) = read_3mf_objects(built / "tiles" / "tile-Qu.3mf")
    (_, body), (_, letter) = tile.parts
    assert body.is_watertight and letter.is_watertight
    plain = trimesh.load(built / "tiles" / "tile-Qu.stl")
    assert np.allclose(body.bounds, plain.bounds, atol=1e-3)
    # the letter fills the cavity: it sits inside the tile's outline, up to its top
    assert letter.bounds[1][2] == pytest.approx(body.bounds[1][2], abs=1e-3)
    assert np.all(letter.bounds[0][:2] > body.bounds[0][:2])
    # PrusaSlicer's volume table: one object, the letter is a second part on extruder 2
    with zipfile.ZipFile(built / "tiles" / "tile-Qu.3mf") as zf:
        config = zf.read("Metadata/Slic3r_PE_model.config").decode()
    assert config.count("<volume ") == 2
    assert 'key="name" value="letter"/><metadata type="volume" key="extruder" value="2"' \
        in config


def test_each_3mf_loads_as_its_printable_objects_letters_in_their_tiles(built: Path) -> None:
    """A tile plate was one object of two parts, all 50 tiles and all their letters (114
    bodies): a slicer placed and arranged the plate as one. Each tile is now an object of
    its own, its letter a part of it on extruder 2; the coupon's and the pair plate's pieces
    are objects of their own too."""
    counts: dict[str, int] = {}
    for plate in ("tiles-plate-1.3mf", "tiles-plate-2.3mf"):
        with zipfile.ZipFile(built / plate) as zf:
            model = zf.read("3D/3dmodel.model").decode()
            config = zf.read("Metadata/Slic3r_PE_model.config").decode()
        assert '<model unit="millimeter"' in model
        assert '<base name="tile" displaycolor="#F2EBD9"/><base name="letter" ' \
            'displaycolor="#1E1E1E"/>' in model
        objects = read_3mf_objects(built / plate)
        assert len(objects) == 50 == model.count("<item ") == config.count("<object ")
        assert config.count('key="name" value="letter"/><metadata type="volume" '
                            'key="extruder" value="2"') == 50
        for obj in objects:
            counts[obj.name] = counts.get(obj.name, 0) + 1
            (part, tile), (inlay, letter) = obj.parts
            assert (part, inlay) == ("tile", "letter") and tile.body_count == 1
            assert np.all(letter.bounds[0][:2] > tile.bounds[0][:2])
            assert np.all(letter.bounds[1][:2] < tile.bounds[1][:2])
            # the letter fills the tile's cavity: touching, not overlapping
            both = [manifold3d.Manifold(manifold3d.Mesh(
                vert_properties=np.asarray(m.vertices, dtype=np.float32),
                tri_verts=np.asarray(m.faces, dtype=np.uint32))) for m in (tile, letter)]
            assert (both[0] ^ both[1]).volume() < 0.01
            assert (both[0] + both[1]).volume() == pytest.approx(tile.volume + letter.volume,
                                                                 rel=1e-4)
    assert counts == {f"tile-{t}": n for t, n in tile_set("werdup").counts.items()}
    assert [o.name for o in read_3mf_objects(built / "coupon.3mf")] == [
        f"coupon-0.2 {piece}" for piece in ("corner-1", "corner-2", "placard-left",
                                            "placard-right", "tile-E", "tile-S")]
    assert [[p for p, _ in o.parts] for o in read_3mf_objects(built / "placard-pair.3mf")] == [
        ["placard-left"], ["placard-right"]]


def _tiles_3mf(built: Path, path: Path, layout: str) -> None:
    """Three tiles with their letters in one 3MF: each tile an object with its letter as a
    part ("objects"), the whole plate one object of all tiles and all letters as the tile
    plates were written ("plate"), or each letter an object of its own ("loose")."""
    placed = []
    for i, letter in enumerate(("A", "Qu", "M")):
        (obj,) = read_3mf_objects(built / "tiles" / f"tile-{letter}.3mf")
        meshes = [m.copy().apply_translation((25.0 * (i - 1), 0.0, 0.0)) for _, m in obj.parts]
        placed.append((letter, meshes))
    if layout == "objects":
        objects = [PrintObject(f"tile-{t}", (Body("tile", tile), Body("letter", ink, extruder=2)))
                   for t, (tile, ink) in placed]
    elif layout == "plate":
        objects = [PrintObject("tiles-plate-1", (
            Body("tiles", combine([tile for _, (tile, _) in placed])),
            Body("letters", combine([ink for _, (_, ink) in placed]), extruder=2)))]
    else:
        objects = [o for t, (tile, ink) in placed
                   for o in (PrintObject(f"tile-{t}", (Body("tile", tile),)),
                             PrintObject(f"letter-{t}", (Body("letter", ink, extruder=2),)))]
    write_3mf(objects, path, path.stem)


def test_check_finds_a_3mf_that_a_slicer_would_place_as_one_or_whose_letters_are_loose(
        built: Path, tmp_path: Path, capsys) -> None:
    for layout in ("objects", "plate", "loose"):
        _tiles_3mf(built, tmp_path / f"{layout}.3mf", layout)
    assert main(["cad", "check", str(tmp_path), "--json"]) == 1
    found = {f["file"]: f for f in json.loads(capsys.readouterr().out)["files"]}
    assert found["objects.3mf"]["ok"] and found["objects.3mf"]["objects"] == 3
    assert found["plate.3mf"]["problems"] == [
        "it has 1 object of several separate pieces ('tiles-plate-1' holds 3): a slicer "
        "places and arranges an object as one, so each piece should be an object of its own, "
        "its letter a part of it"]
    assert found["loose.3mf"]["problems"] == [
        "it has 3 objects lying within another object ('letter-A' in 'tile-A', 'letter-Qu' in "
        "'tile-Qu' and 'letter-M' in 'tile-M'): a slicer may arrange such an object away from "
        "the one it lies in (a letter away from its tile), so it should be a part of that "
        "object"]
    assert main(["cad", "check", str(tmp_path / "objects.3mf")]) == 0
    assert re.match(r"ok +objects\.3mf +3 objects +3\.2 cm3 68\.0 x 18\.0 x 4\.5 mm$",
                    capsys.readouterr().out.splitlines()[0])


def test_check_measures_the_rim_around_each_tile_letter(built: Path, tmp_path: Path,
                                                         capsys) -> None:
    """'cad check' measures the tile files' letters as the solids test does; a Qu tile
    whose rim is two lines (0.8 mm), as Qu's was 0.6 mm, fails it."""
    for letter in ("Qu", "W", "A"):
        walls = letter_walls(SetParams(), letter)
        (measured,) = letter_walls_of(trimesh.load(built / "tiles" / f"tile-{letter}.stl"))
        assert measured[0] == pytest.approx(walls.rim, abs=0.01), letter
        assert (measured[1] is None) == (walls.between is None), letter
    thin = to_mesh(tile(SetParams(tile=TileParams(letter_rim=0.8)), "Qu")).apply_translation(
        (20.0, 20.0, 0.0))  # on the bed
    (tmp_path / "tiles").mkdir()
    write_stl(thin, tmp_path / "tiles" / "tile-Qu.stl")
    write_3mf([PrintObject("tile-Qu", (Body("tile", thin),))], tmp_path / "tiles-plate-1.3mf",
              "tiles")
    write_stl(thin, tmp_path / "not-a-tile.stl")
    assert main(["cad", "check", str(tmp_path), "--json"]) == 1
    found = {f["file"]: f["problems"] for f in json.loads(capsys.readouterr().out)["files"]}
    said = ("1 tile leaves less than 1.2 mm of tile between the letter and the plateau's edge "
            "(0.80 mm at the least): so thin a rim breaks off or does not print")
    assert found == {"tiles/tile-Qu.stl": [said], "tiles-plate-1.3mf": [said],
                     "not-a-tile.stl": []}
    # a set built with that rim is checked against it
    (tmp_path / "build.json").write_text(json.dumps(
        {"bed": [180, 180], "params": {"tile": {"letter_rim": 0.8}}}))
    assert main(["cad", "check", str(tmp_path)]) == 0
    # a rim no build makes is refused, not replaced by the default
    for rim, shown in ((0.2, "0.2"), ("1.2", "'1.2'"), (True, "true"), (None, "null")):
        (tmp_path / "build.json").write_text(json.dumps(
            {"bed": [180, 180], "params": {"tile": {"letter_rim": rim}}}))
        capsys.readouterr()
        assert main(["cad", "check", str(tmp_path)]) == 2, rim
        assert capsys.readouterr().err.strip().endswith(
            f"build.json gives the tiles a letter rim of {shown}, which no build makes (at "
            "least 0.8 mm): build the set again with 'companion cad build'."), rim


def test_check_finds_objects_overlapping_and_a_part_outside_its_body(tmp_path: Path) -> None:
    box = trimesh.creation.box((10.0, 10.0, 4.0))
    box.apply_translation((20.0, 20.0, 2.0))
    beside = box.copy().apply_translation((5.0, 0.0, 0.0))
    away = box.copy().apply_translation((40.0, 0.0, 0.0))
    write_3mf([PrintObject("a", (Body("a", box),)), PrintObject("b", (Body("b", beside),)),
               PrintObject("c", (Body("c", away), Body("label", box.copy())))],
              tmp_path / "bad.3mf", "bad")
    (report,) = check_directory(tmp_path / "bad.3mf")
    assert report.problems == [
        "it has 1 part lying outside the body of their object ('c': label)",
        "it has 1 pair of objects overlapping on the bed ('a' and 'b')"]


def test_check_finds_an_object_with_no_triangles(tmp_path: Path) -> None:
    """An object whose mesh has no triangles has nothing to print: 'cad check' counted it
    among the file's objects and said the file was fine."""
    box = trimesh.creation.box((10.0, 10.0, 4.0))
    box.apply_translation((20.0, 20.0, 2.0))
    write_3mf([PrintObject("a", (Body("a", box),)),
               PrintObject("nothing", (Body("nothing", trimesh.Trimesh()),))],
              tmp_path / "empty.3mf", "empty")
    (report,) = check_directory(tmp_path / "empty.3mf")
    assert report.objects == 2
    assert report.problems == ["it has 1 object with no triangles ('nothing'): nothing to "
                               "print"]
    assert not report.ok


def test_step_files_are_valid_solids(built: Path) -> None:
    shape = cq.importers.importStep(str(built / "tiles" / "tile-W.step")).val()
    assert shape.isValid()
    mesh = trimesh.load(built / "tiles" / "tile-W.stl")
    assert shape.Volume() == pytest.approx(mesh.volume, rel=0.01)
    bb = shape.BoundingBox()
    assert (bb.xmin + bb.xmax) / 2 == pytest.approx(90.0, abs=0.01)


def test_stickers_carry_the_layout_markers_at_true_size(built: Path) -> None:
    layout = BoardLayout()
    data = json.loads((built / "werdup-board.json").read_text())
    assert data == json.loads(json.dumps(layout.to_dict()))
    img = Image.open(built / "stickers.png")
    assert img.info["dpi"][0] == pytest.approx(762, abs=0.5)
    grey = cv2.resize(np.asarray(img.convert("L")), None, fx=0.25, fy=0.25)
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = detector.detectMarkers(grey)
    assert sorted(ids.ravel().tolist()) == list(layout.marker_ids)
    side_px = np.linalg.norm(corners[0][0][0] - corners[0][0][1]) * 4
    assert side_px / 30 == pytest.approx(layout.marker_size, abs=0.3)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_sticker_says_its_quarter_and_pocket_in_words(tmp_path: Path, paper: str) -> None:
    # the labels read "id 30, quarter 0 / top-left" and "id 35, quarter 1 / top": quarters
    # counted from 0, and two stickers named "top" told apart only by that number
    pdf = tmp_path / "stickers.pdf"
    sticker_pdf(BoardLayout(), pdf, paper)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    for label in ("id 30: corner", "id 31: top edge", "id 35: top edge", "id 38: right edge",
                  "top-left quarter", "top-right quarter", "bottom-right quarter",
                  "bottom-left quarter"):
        assert label in text, label
    assert "quarter 0" not in text and "quarter 3" not in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sticker_sheets_are_large_enough_to_read(tmp_path: Path, paper: str) -> None:
    """The maker reads the sticker sheet's labels to put each sticker in its pocket: like
    every printed sheet's, its type is at least 7 pt."""
    from pdfcheck import text_sizes

    from printables.style import SMALLEST_TYPE

    pdf = tmp_path / "stickers.pdf"
    sticker_pdf(BoardLayout(), pdf, paper)
    (page,) = text_sizes(pdf.read_bytes())
    assert len(page) > 12 and [(t, s) for t, s in page if s < SMALLEST_TYPE - 0.01] == []


@pytest.mark.parametrize(("paper", "size_pt"), [("a4", (595.3, 841.9)),
                                                 ("letter", (612.0, 792.0))])
def test_sticker_pdf_is_true_size_with_a_scale_bar(built: Path, tmp_path: Path, paper: str,
                                                   size_pt: tuple[float, float]) -> None:
    layout = BoardLayout()
    pdf = built / f"stickers-{paper}.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    w, h = (float(v) for v in re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info.stdout)
            .groups())
    assert (w, h) == pytest.approx(size_pt, abs=0.2)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "measure this: 50 mm" in text and "100 %" in text
    dpi = 200
    grey = cv2.cvtColor(pdf_page_image(pdf.read_bytes(), dpi), cv2.COLOR_BGR2GRAY)
    px_per_mm = dpi / 25.4
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = detector.detectMarkers(grey)
    assert sorted(ids.ravel().tolist()) == list(layout.marker_ids)
    for quad in corners:
        side = np.linalg.norm(quad[0][0] - quad[0][1]) / px_per_mm
        assert side == pytest.approx(layout.marker_size, abs=0.2)
    # the scale bar: the longest black run in any row is 50 mm
    dark = grey < 100
    longest = 0
    for row in dark[: len(dark) // 3]:
        edges = np.flatnonzero(np.diff(np.concatenate([[0], row.astype(int), [0]])))
        if len(edges):
            longest = max(longest, int((edges[1::2] - edges[::2]).max()))
    assert longest / px_per_mm == pytest.approx(50.0, abs=0.3)


def test_previews_show_a_part(built: Path) -> None:
    for name in ("quarter.png", "board.png", "placard.png", "tiles.png", "coupon.png"):
        img = np.asarray(Image.open(built / name).convert("L"), dtype=float)
        background = (img > 240).mean()
        assert 0.2 < background < 0.95, name  # something is drawn, not everything
        assert img.std() > 20, name


def test_second_build_comes_from_the_cache(built: Path, cache: Path, tmp_path: Path,
                                           capsys) -> None:
    again = tmp_path / "again"
    assert main(["cad", "build", "-o", str(again), "--cache-dir", str(cache), "-q",
                 "--part", "quarter,tiles"]) == 0
    out = capsys.readouterr().out
    assert "(quarter, tiles from the cache)" in out
    assert "print quarter 4 times" in out and "placard" not in out
    assert "each of the 2 tile plates once" in out  # it said "the tile plates once"
    assert (again / "quarter.stl").read_bytes() == (built / "quarter.stl").read_bytes()


def test_a_build_from_the_cache_waits_for_the_disk_a_few_files_at_a_time(
        built: Path, cache: Path, tmp_path: Path, monkeypatch, capsys) -> None:
    # each of the 106 files waited for the disk (fsync) before the next was begun: a build
    # from the cache took 0.6-0.8 s where the documents said 0.1 s
    lock = threading.Lock()
    busy, most, calls, wait_s = [0], [0], [0], 0.02

    def slow_sync(fd: int) -> None:
        with lock:
            busy[0] += 1
            calls[0] += 1
            most[0] = max(most[0], busy[0])
        time.sleep(wait_s)  # a disk that takes its time
        with lock:
            busy[0] -= 1

    monkeypatch.setattr(outfile, "_sync", slow_sync)
    assert main(["cad", "build", "-o", str(tmp_path), "--cache-dir", str(cache), "-q"]) == 0
    assert "(quarter, placard, tiles, coupon, stickers from the cache)" in capsys.readouterr().out
    assert calls[0] >= 100  # every file still goes to disk before it takes its name
    assert most[0] >= 4  # several files wait for the disk at once (not timed: a loaded
    # machine's clock says nothing about it; the old code had one at a time)
    assert (tmp_path / "tiles" / "tile-Qu.stl").read_bytes() == (
        built / "tiles" / "tile-Qu.stl").read_bytes()
    assert not list(tmp_path.rglob("*.part"))


def test_a_build_from_the_cache_does_not_load_the_cad_kernel(built: Path, cache: Path,
                                                             tmp_path: Path) -> None:
    # every part came from the cache, yet loading CadQuery and OpenCascade took the command
    # 2.5-3 s of CPU before it copied a file
    code = ("import sys\n"
            "from companion.cli import main\n"
            f"status = main(['cad', 'build', '-q', '-o', {str(tmp_path)!r}, "
            f"'--cache-dir', {str(cache)!r}])\n"
            "print(status, sorted(m for m in ('cadquery', 'OCP', 'trimesh', 'reportlab') "
            "if m in sys.modules))\n")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert "(quarter, placard, tiles, coupon, stickers from the cache)" in done.stdout
    assert done.stdout.splitlines()[-1] == "0 []"
    assert (tmp_path / "quarter.step").read_bytes() == (built / "quarter.step").read_bytes()


def test_checking_built_files_does_not_load_the_cad_kernel(built: Path, tmp_path: Path) -> None:
    # reading STL and 3MF files needs no CadQuery, yet loading it took 'cad check' 5-8 s
    # before it said a word, even to refuse '--bed 20000x180'. A part's STL and a two-body
    # 3MF of the set, with its report, are each kind of file the set has.
    for name in ("quarter.stl", "tiles/tile-Qu.3mf", "build.json"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copyfile(built / name, tmp_path / name)
    code = ("import sys\n"
            "from companion.cli import main\n"
            f"status = main(['cad', 'check', {str(tmp_path)!r}])\n"
            "print(status, sorted(m for m in ('cadquery', 'OCP') if m in sys.modules))\n")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert "2 of 2 files pass" in done.stdout and done.stdout.splitlines()[-1] == "0 []"


def test_a_small_bed_builds_the_parts_that_fit_it(cache: Path, tmp_path: Path,
                                                  capsys) -> None:
    """Stickers for a 120 mm bed: the quarter, not asked for, does not get in the way, and
    the reminder speaks only of what was built."""
    assert main(["cad", "build", "-o", str(tmp_path), "--cache-dir", str(cache), "-q",
                 "--part", "stickers", "--bed", "120x120"]) == 0
    out = capsys.readouterr().out
    assert "quarter" not in out and "stickers" in out
    assert (tmp_path / "stickers-a4.pdf").exists()
    # every file the reminder tells the maker to print is there
    named = re.findall(r"[\w-]+\.(?:pdf|png|stl|3mf)", out)
    assert named and all((tmp_path / name).exists() for name in named), named
    assert json.loads((tmp_path / "build.json").read_text())["bed"] == [120.0, 120.0]


def test_a_bed_for_one_placard_half_gets_the_halves_without_the_pair_plate(
        cache: Path, tmp_path: Path, capsys) -> None:
    """Each placard half (86 x 34 mm) fits a 90 x 40 mm bed, both together do not: the build
    stopped with a traceback at the two-half plate."""
    assert main(["cad", "build", "-o", str(tmp_path), "--cache-dir", str(cache), "-q",
                 "--part", "placard", "--bed", "90x40", "--format", "stl"]) == 0
    assert sorted(p.name for p in tmp_path.glob("*.stl")) == ["placard-left.stl",
                                                               "placard-right.stl"]
    for name in ("placard-left.stl", "placard-right.stl"):
        lo, hi = trimesh.load(tmp_path / name).bounds
        assert lo[0] >= 0 and lo[1] >= 0 and hi[0] <= 90 and hi[1] <= 40, (name, lo, hi)
    report = json.loads((tmp_path / "build.json").read_text())
    assert report["files"]["placard"] == ["placard-left.stl", "placard-right.stl",
                                          "placard.png"]


@pytest.mark.parametrize("bed, plates", [(None, 2), ((100.0, 100.0), 7)])
def test_the_progress_bar_counts_each_plate_of_tiles(bed, plates) -> None:
    """One step a letter, one a plate on this bed and one for the preview: a small bed's
    seven plates were counted as two, so the bar stood full for five plates."""
    params = SetParams.make(0.2, bed=bed, parts=("tiles",))
    spots = tile_plates(len(tile_set("werdup").bag()), params.tile.size,
                        params.printer.part_gap,
                        (params.printer.bed_width, params.printer.bed_depth))
    assert len({s.plate for s in spots}) == plates
    assert part_steps("tiles", params) == len(LETTERS) + plates + 1


@pytest.mark.parametrize("part", ["coupon", "stickers"])
def test_the_progress_bar_fills_on_the_last_step(part, tmp_path: Path) -> None:
    """Each step a part's build reports is counted in advance (a coupon's three were counted
    as two, so the bar stood full before the second coupon began)."""
    import io

    from cad.progress import Progress

    params = SetParams.make(0.2, parts=(part,))
    stream = io.StringIO()
    progress = Progress(part_steps(part, params), stream=stream)
    build(params, tmp_path, (part,), cache_dir=tmp_path / "cache", use_cache=False,
          progress=progress)
    lines = stream.getvalue().splitlines()
    total = part_steps(part, params)
    assert len(lines) == total
    assert [f" {n:>3}/{total} " in line for n, line in enumerate(lines, start=1)] == \
        [True] * total


@pytest.mark.parametrize("rel", ["printables/markers.py", "printables/style.py",
                                 "companion/tiles.py", "companion/data/tiles-werdup.tsv"])
def test_a_change_to_code_or_data_the_parts_are_made_with_misses_the_cache(
        rel: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache key hashed only cad/ and the board layout: a new marker drawing or sticker
    font in printables, or another tile distribution, kept serving the old stickers and tile
    plates from the cache."""
    from cad import build as cad_build

    target = Path(cad_build.__file__).resolve().parent.parent / rel
    assert target.is_file()
    cad_build.source_digest.cache_clear()
    before = cad_build.source_digest()
    real = Path.read_bytes

    def edited(self: Path) -> bytes:
        return real(self) + (b"\n# edited\n" if self == target else b"")

    monkeypatch.setattr(Path, "read_bytes", edited)
    cad_build.source_digest.cache_clear()
    try:
        assert cad_build.source_digest() != before
    finally:
        monkeypatch.undo()
        cad_build.source_digest.cache_clear()
    assert cad_build.source_digest() == before


def test_two_builds_of_one_part_at_once_make_it_once(tmp_path: Path, monkeypatch) -> None:
    """Two builds asking for the same part at the same time (two commands, two web builds on
    one host) each made it, one beside the other, and one copy was thrown away."""
    from cad import parts

    made, real = [], parts.BUILDERS["stickers"]

    def slow_stickers(*args) -> None:
        made.append(threading.get_ident())
        time.sleep(0.5)  # long enough for the other build to ask meanwhile
        real(*args)

    monkeypatch.setitem(parts.BUILDERS, "stickers", slow_stickers)
    cache, results = tmp_path / "cache", {}
    start = threading.Barrier(2)

    def one(name: str) -> None:
        start.wait()
        results[name] = build(SetParams(), tmp_path / name, ("stickers",), cache_dir=cache)

    threads = [threading.Thread(target=one, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 1
    assert sorted(r.cached for r in results.values()) == [(), ("stickers",)]
    assert (tmp_path / "a" / "stickers.png").read_bytes() == (
        tmp_path / "b" / "stickers.png").read_bytes()


def test_another_clearance_misses_the_cache(tmp_path: Path, tmp_path_factory) -> None:
    cache = tmp_path_factory.mktemp("cad-cache")  # its own: another test's build is no miss
    # 0.25 mm, which test_coupons_at_several_clearances builds too: a test process makes
    # a clearance's solids once
    result = build(SetParams.make(0.25), tmp_path, ("coupon",), ("stl",), cache_dir=cache)
    assert result.cached == ()
    assert result.files["coupon"] == ["coupon.png", "coupon.stl"]
    assert check_directory(tmp_path)[0].ok
    again = build(SetParams.make(0.25), tmp_path, ("coupon",), ("stl",), cache_dir=cache)
    assert again.cached == ("coupon",)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--clearance", "-1"], "Clearance must be 0.1-0.45 mm"),
        (["--clearance", "0"], "below 0.1 mm, the tightest fit coupon, parts fuse or jam"),
        (["--clearance", "0.05", "--part", "tiles"],
         "Clearance must be 0.1-0.45 mm, got 0.05"),
        # 0.5-1 mm were said to be in range, then refused for ribs too thin to print
        (["--clearance", "0.5"], "Clearance must be 0.1-0.45 mm, got 0.5"),
        (["--clearance", "1e23"], "Clearance must be 0.1-0.45 mm, got 1e23 ("),  # not 1e+23
        (["--bed", "1e-30x100", "--part", "placard"], "does not fit the 1e-30 x 100 mm bed"),
        (["--part", "rack"], "Unknown part 'rack'"),
        (["--format", "obj"], "Unknown format 'obj'"),
        (["--bed", "big"], "bed must look like 180x180"),
        (["--bed", "100x100"], "the board quarter (137 x 129 mm) does not fit"),
        (["--bed", "120x120", "--part", "quarter,tiles"],
         "does not fit the 120 x 120 mm bed: it needs at least 129 x 137 mm"),
        (["--bed", "60x60", "--part", "placard"], "the placard half (86 x 34 mm)"),
    ],
)
def test_bad_build_options_are_usage_errors(argv, message, tmp_path, capsys) -> None:
    assert main(["cad", "build", "-o", str(tmp_path / "x"), *argv]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_parsers() -> None:
    assert parse_parts("all") == PARTS
    assert parse_parts("tiles, quarter") == ("tiles", "quarter")
    assert parse_formats("STL,3mf") == ("stl", "3mf")
    assert parse_bed("220x200") == (220.0, 200.0)
    with pytest.raises(UsageError):
        parse_formats("")


def test_build_counts_every_file_it_wrote(cache: Path, tmp_path: Path, capsys) -> None:
    """'wrote 105 files' for the whole set, whose folder holds 106: build.json, written
    beside the parts, was not counted."""
    out = tmp_path / "set"
    assert main(["cad", "build", "--part", "coupon", "--format", "stl", "-o", str(out),
                 "--cache-dir", str(cache), "-q"]) == 0
    written = sorted(p.name for p in out.rglob("*") if p.is_file())
    assert "build.json" in written
    out_text = capsys.readouterr().out
    assert f"wrote {len(written)} files to " in out_text
    # it said "print the coupon first to choose --clearance" of the one coupon the set has,
    # made at the set's own clearance: the coupons to choose from are 'cad coupons'
    assert "the coupon tests the 0.2 mm fit ('companion cad coupons' makes several" in out_text


def test_a_rebuild_with_other_settings_removes_the_files_it_does_not_write(
        cache: Path, tmp_path: Path, capsys) -> None:
    # tiles for a 150 mm bed (three plates) rebuilt for 180 mm into the same folder left
    # tiles-plate-3.stl of the old settings beside the two new plates: printing every plate
    # there made 133 tiles, and --slice sliced it with the set
    out = tmp_path / "set"
    argv = ["cad", "build", "--part", "tiles", "--format", "stl", "-o", str(out),
            "--cache-dir", str(cache), "-q"]
    assert main([*argv, "--bed", "150x150"]) == 0
    assert (out / "tiles-plate-3.stl").exists()
    (out / "notes.stl").write_bytes(b"not the build's")
    (tmp_path / "outside.stl").write_bytes(b"not in the folder")
    report = json.loads((out / "build.json").read_text())
    report["files"]["tiles"].append("../outside.stl")  # a report naming a file elsewhere
    (out / "build.json").write_text(json.dumps(report))
    capsys.readouterr()
    assert main(argv) == 0
    assert ("removed 1 file that an earlier build with other settings left there: "
            "tiles-plate-3.stl") in capsys.readouterr().out
    assert sorted(p.name for p in out.glob("tiles-plate-*")) == ["tiles-plate-1.stl",
                                                                  "tiles-plate-2.stl"]
    assert (out / "notes.stl").exists() and (tmp_path / "outside.stl").exists()
    assert main(argv) == 0  # the same settings again: nothing to remove
    assert "removed" not in capsys.readouterr().out


def _box_part(stem: str, width: float):
    """A part builder (as :data:`cad.parts.BUILDERS` holds them) that writes ``stem``.stl, a
    box on the bed whose width is ``width`` mm and ten times the clearance, so the files of
    builds with other clearances differ; the CAD kernel is not used."""

    def make(params: SetParams, formats: tuple[str, ...], dest: Path, tick) -> None:
        box = trimesh.creation.box((width + 10 * params.clearance, 10.0, 4.0))
        box.apply_translation((box.extents[0] / 2 + 1.0, 6.0, 2.0))
        box.export(dest / f"{stem}.stl")
        tick(f"{stem}: files")

    return make


def _interrupted(*_args) -> None:
    raise KeyboardInterrupt  # Ctrl-C while the part is made


def _folder(out: Path) -> dict[str, bytes]:
    """Every file under ``out``, hidden ones too, by name, and its bytes."""
    return {p.relative_to(out).as_posix(): p.read_bytes()
            for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture
def box_parts(monkeypatch: pytest.MonkeyPatch) -> dict:
    """The placard and the quarter made as boxes (placard.stl, quarter.stl), fast."""
    from cad import parts

    monkeypatch.setitem(parts.BUILDERS, "placard", _box_part("placard", 20.0))
    monkeypatch.setitem(parts.BUILDERS, "quarter", _box_part("quarter", 30.0))
    return parts.BUILDERS


def test_an_interrupted_build_leaves_the_folder_as_it_was(box_parts, tmp_path: Path,
                                                           capsys) -> None:
    """Ctrl-C in the quarter of a 0.3 mm build into a folder of a 0.2 mm placard replaced
    the placard's files with 0.3 mm ones and left build.json saying 0.2 mm: 'cad check'
    passed them, and the 0.2 mm files were gone."""
    out = tmp_path / "set"
    argv = ["cad", "build", "--part", "placard", "-o", str(out), "--cache-dir",
            str(tmp_path / "cache"), "-q"]
    assert main(argv) == 0
    (out / "notes.stl").write_bytes(b"the maker's own")
    before = _folder(out)
    box_parts["quarter"] = _interrupted
    capsys.readouterr()
    assert main([*argv, "--part", "placard,quarter", "--clearance", "0.3"]) == 130
    assert capsys.readouterr().err == "companion: Interrupted.\n"
    assert _folder(out) == before  # no file replaced, removed or left behind
    report = json.loads((out / "build.json").read_text())
    assert report["clearance"] == 0.2 and report["files"] == {"placard": ["placard.stl"]}
    checked = check_directory(out)  # what 'cad check' reads is what build.json lists
    assert [r.path for r in checked if r.path != "notes.stl"] == report["files"]["placard"]
    assert checked[[r.path for r in checked].index("placard.stl")].extents[0] == \
        pytest.approx(22.0)  # 20 mm and ten times 0.2 mm: the 0.2 mm placard's


def test_ctrl_c_while_the_files_move_in_puts_back_every_file(
        box_parts, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C as the last file moves in, the placard's replaced already, and again as the
    placard's are put back: the folder is as it was."""
    out = tmp_path / "set"
    argv = ["cad", "build", "-o", str(out), "--cache-dir", str(tmp_path / "cache"), "-q"]
    assert main([*argv, "--part", "placard"]) == 0
    before = _folder(out)
    rename, pressed = Path.rename, []

    def ctrl_c_on_rename(path: Path, target: Path) -> Path:
        if target == out / "quarter.stl" or len(pressed) == 1:  # the quarter, then the undo
            pressed.append(target)
            _ctrl_c()  # answered at once, or noted while held off
        return rename(path, target)

    monkeypatch.setattr(Path, "rename", ctrl_c_on_rename)
    capsys.readouterr()
    assert main([*argv, "--part", "placard,quarter", "--clearance", "0.3"]) == 130
    assert len(pressed) == 2 and pressed[1] != out / "quarter.stl"
    assert capsys.readouterr().err == "companion: Interrupted.\n"
    assert _folder(out) == before


def _ctrl_c() -> None:
    """Ctrl-C, a real SIGINT to this (the main) thread, and back once the handler in place
    has answered it (if it raises, it stops the caller here). Python answers a signal when it
    next looks, which can come much later while other threads run on a busy machine (a short
    sleep once lost the race): the handler in place is wrapped, and put back as it runs, so
    the wait ends exactly when it has answered."""
    handler = signal.getsignal(signal.SIGINT)
    assert callable(handler)
    answered: list[int] = []

    def answer(signum: int, frame) -> None:
        signal.signal(signal.SIGINT, handler)
        answered.append(signum)
        handler(signum, frame)

    signal.signal(signal.SIGINT, answer)
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
    deadline = time.monotonic() + 30
    while not answered:  # until the handler has run
        assert time.monotonic() < deadline, "the interrupt never came"


def test_ctrl_c_once_the_files_have_moved_in_leaves_the_build_done(
        box_parts, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C just after the last file, build.json, moved in: the set was whole in the
    folder, yet the command said "Interrupted." and ended with 130."""
    from cad import build as cad_build

    out = tmp_path / "set"
    argv = ["cad", "build", "-o", str(out), "--cache-dir", str(tmp_path / "cache"), "-q",
            "--part", "placard,quarter"]
    assert main(argv) == 0
    move_in = cad_build._move_in

    def moved_then_ctrl_c(*args, **kwargs) -> None:
        move_in(*args, **kwargs)
        _ctrl_c()

    monkeypatch.setattr(cad_build, "_move_in", moved_then_ctrl_c)
    capsys.readouterr()
    assert main([*argv, "--clearance", "0.3"]) == 0
    said = capsys.readouterr()
    assert said.err == ""
    assert said.out.startswith(f"wrote 3 files to {out}\n")
    assert json.loads((out / "build.json").read_text())["clearance"] == 0.3
    assert sorted(_folder(out)) == ["build.json", "placard.stl", "quarter.stl"]


def test_ctrl_c_a_library_caught_before_the_files_moved_in_puts_them_back(
        box_parts, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C caught by a library once the parts were made (no step of the build's left to
    stop at): every file moved in, then the command said "Interrupted."; now the files go
    back, and the folder is as it was."""
    from cad import build as cad_build

    out = tmp_path / "set"
    argv = ["cad", "build", "-o", str(out), "--cache-dir", str(tmp_path / "cache"), "-q",
            "--part", "placard,quarter"]
    assert main(argv) == 0
    before = _folder(out)
    read_report = cad_build.read_report

    def read_as_ctrl_c_is_caught(path: Path) -> dict:
        try:
            _ctrl_c()
        except KeyboardInterrupt:
            pass  # as a library that catches it and goes on
        return read_report(path)

    monkeypatch.setattr(cad_build, "read_report", read_as_ctrl_c_is_caught)
    capsys.readouterr()
    assert main([*argv, "--clearance", "0.3"]) == 130
    said = capsys.readouterr()
    assert (said.out, said.err) == ("", "companion: Interrupted.\n")
    assert _folder(out) == before


def test_a_build_that_fails_on_its_last_file_puts_every_file_back(box_parts, tmp_path: Path,
                                                                   capsys) -> None:
    """A folder of the maker's named like a file of the build stops it before any file of
    the folder is replaced or removed; the folder is left alone."""
    out = tmp_path / "set"
    argv = ["cad", "build", "-o", str(out), "--cache-dir", str(tmp_path / "cache"), "-q"]
    assert main([*argv, "--part", "placard,quarter"]) == 0
    (out / "quarter.stl").unlink()
    (out / "quarter.stl").mkdir()  # the maker's folder, holding a file of theirs
    (out / "quarter.stl" / "mine.txt").write_text("keep")
    before = _folder(out)
    capsys.readouterr()
    # the 0.3 mm placard replaces the 0.2 mm one before the quarter meets the folder
    assert main([*argv, "--part", "placard,quarter", "--clearance", "0.3"]) == 2
    assert capsys.readouterr().err == (
        f"companion: Cannot write {out / 'quarter.stl'}: a folder of that name is in the "
        "way.\n")
    assert _folder(out) == before


def test_two_builds_into_one_folder_at_once_both_reach_its_report(
        box_parts, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each build read the folder's report, then wrote it with its own part added: two at
    once each wrote the report they had read, and the first's part was lost from it."""
    from cad import build as cad_build

    real = cad_build.read_report

    def slow_read(path: Path) -> dict:
        report = real(path)
        time.sleep(0.3)  # the other build reads it meanwhile, unless it waits its turn
        return report

    monkeypatch.setattr(cad_build, "read_report", slow_read)
    out, start = tmp_path / "set", threading.Barrier(2)

    def one(part: str) -> None:
        start.wait()
        build(SetParams(), out, (part,), cache_dir=tmp_path / "cache")

    threads = [threading.Thread(target=one, args=(p,)) for p in ("placard", "quarter")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    report = json.loads((out / "build.json").read_text())
    assert report["files"] == {"placard": ["placard.stl"], "quarter": ["quarter.stl"]} or \
        report["files"] == {"quarter": ["quarter.stl"], "placard": ["placard.stl"]}
    assert sorted(_folder(out)) == ["build.json", "placard.stl", "quarter.stl"]


def test_check_of_a_missing_or_empty_folder(tmp_path: Path, capsys) -> None:
    assert main(["cad", "check", str(tmp_path / "nope")]) == 2
    assert "There is no folder " in capsys.readouterr().err
    assert main(["cad", "check", str(tmp_path)]) == 2
    assert "run 'companion cad build' first" in capsys.readouterr().err


def test_coupons_at_several_clearances(cache: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "coupons"
    assert main(["cad", "coupons", "--clearances", "0.1,0.25,0.10", "-o", str(out),
                 "--cache-dir", str(cache), "-q"]) == 0
    printed = capsys.readouterr()
    # 0.10 is the 0.1 coupon, not built twice; every file written is told, where the line
    # named the STLs alone ("wrote 7 files to ...: coupon-0.1.stl, coupon-0.25.stl")
    assert printed.out.splitlines()[0] == (
        f"wrote 7 files to {out}: coupon-0.1 and coupon-0.25, each as STL, 3MF and a PNG "
        "preview, and coupons.json")
    assert printed.err == ""  # -q: no progress bar
    assert sorted(p.name for p in out.iterdir()) == [
        "coupon-0.1.3mf", "coupon-0.1.png", "coupon-0.1.stl",
        "coupon-0.25.3mf", "coupon-0.25.png", "coupon-0.25.stl", "coupons.json"]
    assert all(r.ok for r in check_directory(out))
    # the two coupons differ: the joint and the cells follow the clearance
    a = trimesh.load(out / "coupon-0.1.stl")
    b = trimesh.load(out / "coupon-0.25.stl")
    assert a.volume > b.volume
    assert main(["cad", "coupons", "--clearances", "0.1,x", "-o", str(out)]) == 2
    assert "clearances must be numbers" in capsys.readouterr().err
    assert main(["cad", "coupons", "--clearances", ",", "-o", str(tmp_path / "n")]) == 2
    assert "at least one clearance" in capsys.readouterr().err
    assert main(["cad", "coupons", "--clearances", "0.1,0.9", "-o", str(tmp_path / "n")]) == 2
    assert not (tmp_path / "n").exists()
    assert main(["cad", "coupons", "--clearances", "0,0.1", "-o", str(tmp_path / "n")]) == 2
    assert "Clearance must be 0.1-0.45 mm, got 0 (" in capsys.readouterr().err
    assert not (tmp_path / "n").exists()


def test_the_objects_of_each_coupon_are_named_by_its_clearance(cache: Path,
                                                                tmp_path: Path) -> None:
    # every coupon's objects were named corner-1, placard-left, tile-E ...: coupons at
    # several clearances loaded into one slicer could not be told apart in its object list
    out = tmp_path / "coupons"
    assert main(["cad", "coupons", "--clearances", "0.1,0.25", "-o", str(out),
                 "--cache-dir", str(cache), "-q"]) == 0
    pieces = ("corner-1", "corner-2", "placard-left", "placard-right", "tile-E", "tile-S")
    for label in ("0.1", "0.25"):
        with zipfile.ZipFile(out / f"coupon-{label}.3mf") as zf:
            model = ElementTree.fromstring(zf.read("3D/3dmodel.model"))
            config = ElementTree.fromstring(zf.read("Metadata/Slic3r_PE_model.config"))
        core = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"
        assert [o.get("name") for o in model.iter(f"{core}object")] == [
            f"coupon-{label} {piece}" for piece in pieces]
        assert model.findtext(f"{core}metadata") == f"coupon-{label}"
        # PrusaSlicer's own table names the objects the same
        assert [m.get("value") for m in config.iterfind("object/metadata[@key='name']")] == [
            f"coupon-{label} {piece}" for piece in pieces]


def test_the_files_of_coupons_are_told_in_words() -> None:
    from companion.cli.cad import _coupon_files

    assert _coupon_files(["coupon-0.2.stl", "coupon-0.2.3mf", "coupon-0.2.png",
                          "coupons.json"]) == (
        "coupon-0.2 as STL, 3MF and a PNG preview, and coupons.json")
    # coupons written in different forms are told one by one
    assert _coupon_files(["coupon-0.1.stl", "coupon-0.2.3mf", "coupon-0.2.stl",
                          "coupons.json"]) == (
        "coupon-0.1 as STL; coupon-0.2 as STL and 3MF, and coupons.json")


def test_coupons_for_a_large_bed_are_checked_on_it(cache: Path, tmp_path: Path,
                                                   capsys) -> None:
    # coupons laid out for a 250 mm bed (206 mm wide in one row) failed 'cad check' of
    # their folder: with no report there it checked them on a 180 x 180 mm bed
    out = tmp_path / "coupons"
    assert main(["cad", "coupons", "--clearances", "0.2", "--bed", "250x250", "-o", str(out),
                 "--cache-dir", str(cache), "-q"]) == 0
    capsys.readouterr()
    assert trimesh.load(out / "coupon-0.2.stl").extents[0] > 180
    assert main(["cad", "check", str(out)]) == 0
    assert "2 of 2 files pass" in capsys.readouterr().out
    report = json.loads((out / "coupons.json").read_text())
    assert report["bed"] == [250.0, 250.0] and report["clearances"] == [0.2]
    # a second run for the same bed adds its coupons to the report
    assert main(["cad", "coupons", "--clearances", "0.25", "--bed", "250x250", "-o", str(out),
                 "--cache-dir", str(cache), "-q"]) == 0
    report = json.loads((out / "coupons.json").read_text())
    assert report["clearances"] == [0.2, 0.25] and "coupon-0.25.stl" in report["files"]


def test_coupons_for_another_bed_remove_the_earlier_coupons(cache: Path, tmp_path: Path,
                                                             capsys) -> None:
    # 0.2 mm coupons for a 250 mm bed, then 0.25 mm ones for 180 mm into the same folder:
    # coupons.json named only the 180 mm bed, and the 206 mm wide coupon-0.2 stayed beside
    # the new ones, to be printed or checked with them
    out = tmp_path / "coupons"
    argv = ["cad", "coupons", "-o", str(out), "--cache-dir", str(cache), "-q"]
    assert main([*argv, "--clearances", "0.2", "--bed", "250x250"]) == 0
    (out / "notes.stl").write_bytes(b"not the coupons'")
    (tmp_path / "outside.stl").write_bytes(b"not in the folder")
    report = json.loads((out / "coupons.json").read_text())
    report["files"] += ["../outside.stl", "notes.txt"]  # a report naming other files
    (out / "coupons.json").write_text(json.dumps(report))
    (out / "notes.txt").write_text("not a kind of file coupons are")
    capsys.readouterr()
    assert main([*argv, "--clearances", "0.25"]) == 0
    assert ("removed 3 files that coupons for another bed left there: coupon-0.2.3mf, "
            "coupon-0.2.png, coupon-0.2.stl") in capsys.readouterr().out
    assert sorted(p.name for p in out.glob("coupon-*")) == [
        "coupon-0.25.3mf", "coupon-0.25.png", "coupon-0.25.stl"]
    assert (out / "notes.stl").exists() and (out / "notes.txt").exists()
    assert (tmp_path / "outside.stl").exists()
    report = json.loads((out / "coupons.json").read_text())
    assert report["bed"] == [180.0, 180.0] and report["clearances"] == [0.25]
    assert main([*argv, "--clearances", "0.25"]) == 0  # the same bed again: nothing removed
    assert "removed" not in capsys.readouterr().out


def test_coupons_that_cannot_remove_earlier_coupons_say_so_in_their_terms(
        cache: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    # a coupon for another bed that could not be removed was said to be "left by an earlier
    # build with other settings", the words of 'cad build', though no build made it
    out = tmp_path / "coupons"
    argv = ["cad", "coupons", "-o", str(out), "--cache-dir", str(cache), "-q"]
    assert main([*argv, "--clearances", "0.2", "--bed", "250x250"]) == 0
    stuck = out / "coupon-0.2.stl"
    rename = Path.rename

    def refuse(path: Path, target: Path) -> Path:
        if path == stuck:  # the coupon is moved aside until the new ones are in
            raise PermissionError(13, "Permission denied")
        return rename(path, target)

    monkeypatch.setattr(Path, "rename", refuse)
    before = _folder(out)
    capsys.readouterr()
    assert main([*argv, "--clearances", "0.25"]) == 2
    err = capsys.readouterr().err
    assert f"Cannot remove {stuck}, left by coupons for another bed: Permission denied" in err
    assert "build" not in err and stuck.exists()
    assert _folder(out) == before  # nor were the new coupons put beside it


def test_check_of_a_missing_file_says_so_and_names_the_one_of_a_near_name(
        tmp_path: Path, capsys) -> None:
    """'cad check set/quarte.stl' said "There is no folder set/quarte.stl of built parts
    to check"."""
    box = trimesh.creation.box((10.0, 10.0, 4.0))
    box.apply_translation((20.0, 20.0, 2.0))
    box.export(tmp_path / "quarter.stl")
    (tmp_path / "tiles").mkdir()
    box.export(tmp_path / "tiles" / "tile-A.stl")
    for given, meant in (("quarte.stl", "quarter.stl"), ("Quarter.STL", "quarter.stl"),
                         ("tile-A.stl", "tiles/tile-A.stl"), ("placard.3mf", None)):
        assert main(["cad", "check", str(tmp_path / given)]) == 2
        kind = {".stl": "STL", ".3mf": "3MF"}[Path(given).suffix.lower()]
        near = f"; did you mean {tmp_path / meant}?" if meant else "."
        assert capsys.readouterr().err == (
            f"companion: The {kind} file {tmp_path / given} was not found: check the file's "
            f"name and its folder{near}\n")
    assert main(["cad", "check", str(tmp_path / "nope" / "quarter.stl")]) == 2
    assert capsys.readouterr().err == (
        f"companion: The STL file {tmp_path / 'nope' / 'quarter.stl'} was not found: check "
        "the file's name and its folder.\n")


def _unreadable(path: Path) -> list[str]:
    """Make the file ``path`` one the command cannot read, and the start of a command line
    that runs as a user who cannot: as root, without the capabilities that read any file."""
    return _denied(path, 0)


def _unwritable(folder: Path) -> list[str]:
    """Make ``folder`` read-only, and the start of a command line that runs as a user who
    cannot make files in it (as :func:`_unreadable`)."""
    return _denied(folder, 0o555)


def _denied(path: Path, mode: int) -> list[str]:
    path.chmod(mode)
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    assert setpriv, "setpriv (util-linux) runs the command as root without reading every file"
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search"]


def test_check_fails_an_stl_body_lifted_off_the_bed(tmp_path: Path, capsys) -> None:
    """A body of an STL above the bed passed as long as another lay on it: a slicer sets
    an STL down by its lowest point, so that body printed in the air."""
    on_bed = trimesh.creation.box((10.0, 10.0, 4.0))
    on_bed.apply_translation((20.0, 20.0, 2.0))
    lifted = trimesh.creation.box((5.0, 5.0, 1.0))
    lifted.apply_translation((40.0, 20.0, 2.0))
    write_stl(combine([on_bed, lifted]), tmp_path / "part.stl")
    assert main(["cad", "check", str(tmp_path / "part.stl")]) == 1
    out = capsys.readouterr().out
    assert "FAIL part.stl" in out and (
        "it has 1 body lifted off the bed (lowest point at z = 1.50 mm): a slicer sets the file "
        "down by its lowest point, so such a body prints in the air") in out
    lifted.apply_translation((0.0, 0.0, -1.5))  # now on the bed
    write_stl(combine([on_bed, lifted]), tmp_path / "part.stl")
    assert main(["cad", "check", str(tmp_path / "part.stl")]) == 0
    # a part of a 3MF's object, as a tile's letter inlay, lies in its body, above the bed
    tile = trimesh.creation.box((10.0, 10.0, 4.0))
    tile.apply_translation((40.0, 20.0, 2.0))
    letter = trimesh.creation.box((4.0, 4.0, 0.6))
    letter.apply_translation((40.0, 20.0, 3.7))
    write_3mf([PrintObject("a", (Body("a", on_bed),)),
               PrintObject("tile", (Body("tile", tile), Body("letter", letter)))],
              tmp_path / "part.3mf", "part")
    capsys.readouterr()
    assert main(["cad", "check", str(tmp_path / "part.3mf")]) == 0, capsys.readouterr().out


def test_check_of_a_file_that_cannot_be_read_says_it_in_a_sentence(tmp_path: Path) -> None:
    """It said only "Permission denied (set/quarter.stl)."."""
    box = trimesh.creation.box((10.0, 10.0, 4.0))
    box.apply_translation((20.0, 20.0, 2.0))
    box.export(tmp_path / "one.stl")
    box.export(tmp_path / "quarter.stl")
    as_user = _unreadable(tmp_path / "quarter.stl")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    for given in (tmp_path / "quarter.stl", tmp_path):  # the file, and the folder holding it
        done = subprocess.run([*as_user, sys.executable, "-m", "companion", "cad", "check",
                               str(given)], capture_output=True, text=True, env=env,
                              timeout=120)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", (
            f"companion: The STL file {tmp_path / 'quarter.stl'} cannot be read (Permission "
            "denied).\n"))


def test_check_puts_each_file_on_the_bed_of_the_report_that_lists_it(
        cache: Path, tmp_path: Path, capsys) -> None:
    # a folder with a set's build.json (180 mm bed) and coupons.json (250 mm bed) was checked
    # on build.json's bed only: the 206 mm wide coupon for the large bed failed
    out = tmp_path / "set"
    assert main(["cad", "build", "--part", "coupon", "--format", "stl", "-o", str(out),
                 "--cache-dir", str(cache), "-q"]) == 0
    assert main(["cad", "coupons", "--clearances", "0.2", "--bed", "250x250", "-o", str(out),
                 "--cache-dir", str(cache), "-q"]) == 0
    assert trimesh.load(out / "coupon-0.2.stl").extents[0] > 180
    capsys.readouterr()
    assert main(["cad", "check", str(out)]) == 0
    assert "3 of 3 files pass" in capsys.readouterr().out
    # and the set's own files are still held to its bed: on a 100 mm one the coupon is not
    report = json.loads((out / "build.json").read_text())
    report["bed"] = [100.0, 100.0]
    (out / "build.json").write_text(json.dumps(report))
    assert main(["cad", "check", str(out)]) == 1
    printed = capsys.readouterr().out
    assert "FAIL coupon.stl" in printed and "it leaves the 100 x 100 mm bed" in printed
    assert "ok   coupon-0.2.stl" in printed and "2 of 3 files pass" in printed
    # --bed puts every file on that bed
    assert main(["cad", "check", str(out), "--bed", "180x180"]) == 1
    assert "FAIL coupon-0.2.stl" in capsys.readouterr().out


def test_layout_command_prints_the_board(capsys) -> None:
    assert main(["cad", "layout", "--clearance", "0.3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seam"] == 0.3 and len(data["markers"]) == 12


@pytest.mark.parametrize(("clearance", "message"), [
    ("5", "got 5 (0.45 mm is the loosest fit the set is made for: a looser one leaves"),
    # layout took 0.5-1 mm, though no set is built with them (its ribs would be too thin)
    ("1", "got 1 (0.45 mm is the loosest fit the set is made for"),
    ("0", "got 0 (below 0.1 mm"),
    ("-1", "Clearance must be 0.1-0.45 mm, got -1 ("),
    ("0.05", "Clearance must be 0.1-0.45 mm, got 0.05 ("),
    # repeated as typed: it was "got 1e+23" and "got 1.23457e+17"
    ("1e23", "Clearance must be 0.1-0.45 mm, got 1e23 ("),
    ("123456789012345678", "Clearance must be 0.1-0.45 mm, got 123456789012345678 ("),
    ("0.00000000000000000001", "Clearance must be 0.1-0.45 mm, got 0.00000000000000000001 ("),
])
def test_layout_takes_only_clearances_a_set_is_built_with(capsys, clearance, message) -> None:
    assert main(["cad", "layout", "--clearance", clearance]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err


@pytest.mark.parametrize("clearance", ["nan", "inf", "1e400"])
def test_layout_refuses_a_clearance_that_is_no_finite_number(capsys, clearance) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["cad", "layout", "--clearance", clearance])
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and f"--clearance: '{clearance}' is " in err


def test_layout_refuses_a_seam_that_is_not_a_width() -> None:
    for seam in (float("nan"), float("inf"), -0.1):
        with pytest.raises(ValueError, match="seam must be a finite width"):
            BoardLayout(seam=seam)


@pytest.mark.parametrize("command", ["build", "coupons"])
def test_an_output_folder_that_cannot_be_made_is_bad_usage(command, tmp_path, capsys) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["cad", command, "-o", str(blocker / "set"), "-q"]) == 2
    assert f"Cannot make the folder {blocker / 'set'}" in capsys.readouterr().err
    assert main(["cad", command, "-o", str(tmp_path / "out"), "--cache-dir",
                 str(blocker / "cache"), "-q"]) == 2
    assert f"Cannot use {blocker / 'cache'} as the cache folder" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["build", "coupons"])
def test_a_cache_folder_that_takes_no_files_is_said_before_building(command, tmp_path: Path
                                                                    ) -> None:
    """A read-only cache folder (a shared one, another user's) failed at the first part's
    lock file: "Permission denied (cache/.stickers-<key>.lock).", naming neither the cache
    nor the way out."""
    cache = tmp_path / "cache"
    cache.mkdir()
    as_user = _unwritable(cache)
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_CAD_CACHE"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent)
    for given, named, said in (
            (["--cache-dir", str(cache)], "", ""),
            ([], " (COMPANION_CAD_CACHE)", "; give another with --cache-dir")):
        more = {} if given else {"COMPANION_CAD_CACHE": str(cache)}
        done = subprocess.run([*as_user, sys.executable, "-m", "companion", "cad", command,
                               *(["--part", "stickers"] if command == "build" else []),
                               "-o", str(tmp_path / "out"), "-q", *given],
                              capture_output=True, text=True, env={**env, **more}, timeout=120)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", (
            f"companion: Cannot use {cache}{named} as the cache folder: no file can be made "
            f"in the folder {cache} (Permission denied){said}.\n"))
        assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("command", "example"), [("build", "werdup-set"),
                                                  ("coupons", "werdup-coupons")])
@pytest.mark.parametrize("name", ["myplacard.stl", "set.3MF", "quarter.step", "quarter.stp",
                                  "board.obj"])
def test_an_output_folder_named_like_a_file_is_refused(command, example, name, tmp_path,
                                                       capsys, monkeypatch) -> None:
    """'-o myplacard.stl' made a folder of that name holding the set, which no slicer
    opens; now refused before anything is built, as 'print -o' refuses a name not ending in
    .pdf, unless it names a folder of built parts already."""
    import cad.build

    def no_build(*_args, **_kwargs):
        raise AssertionError("the build started")

    monkeypatch.setattr(cad.build, "build", no_build)
    monkeypatch.setattr(cad.build, "build_coupons", no_build)
    out = tmp_path / name
    assert main(["cad", command, "-o", str(out), "-q"]) == 2
    assert capsys.readouterr().err == (
        f"companion: -o {out} is named like a file, but -o is the folder the files are "
        f"written into: give a folder name, like {example}.\n")
    assert not out.exists()
    out.mkdir()  # a folder of that name, but none of built parts
    assert main(["cad", command, "-o", str(out), "-q"]) == 2
    assert "is named like a file" in capsys.readouterr().err


def test_a_folder_of_built_parts_named_like_a_file_is_built_into_again(
        box_parts, tmp_path: Path, capsys) -> None:
    out = tmp_path / "myplacard.stl"  # made before the name was refused
    out.mkdir()
    (out / "build.json").write_text(json.dumps({"files": {}}))
    assert main(["cad", "build", "--part", "placard", "-o", str(out), "--cache-dir",
                 str(tmp_path / "cache"), "-q"]) == 0
    assert (out / "placard.stl").is_file()


@pytest.mark.parametrize("command", ["build", "coupons"])
@pytest.mark.parametrize(("out", "said"), [
    ("/proc/set", "Cannot make the folder /proc/set: the folder /proc takes no files."),
    ("/proc", "Cannot write to the folder /proc: the folder /proc takes no files."),
])
def test_an_output_folder_that_takes_no_files_is_refused_before_the_build(
        command, out, said, capsys, monkeypatch) -> None:
    """'-o /proc' built every part, then said "No such file or directory" of its first
    file; now refused as 'print -o' refuses such a folder, before anything is built."""
    import cad.build

    def no_build(*_args, **_kwargs):
        raise AssertionError("the build started")

    monkeypatch.setattr(cad.build, "build", no_build)
    monkeypatch.setattr(cad.build, "build_coupons", no_build)
    assert main(["cad", command, "-o", out, "-q"]) == 2
    err = capsys.readouterr().err
    assert err == f"companion: {said}\n"


RECORDED_GCODE_TAIL = """\
; filament used [mm] = 16603.90
; filament used [cm3] = 39.94
; filament used [g] = 49.53
; total filament used [g] = 49.53
; total filament cost = 0.00
; estimated printing time (normal mode) = 4h 16m 0s
; estimated first layer printing time (normal mode) = 9m 1s
"""


@pytest.mark.parametrize("formats", ["3mf", "step", "3mf,step"])
def test_slicing_a_build_of_no_stl_files_is_refused_before_building(
        formats: str, box_parts, tmp_path: Path, capsys) -> None:
    """PrusaSlicer is given the STL files: '--format 3mf --slice' built the set, sliced
    nothing and said nothing of it."""
    out = tmp_path / "set"
    assert main(["cad", "build", "--part", "placard", "--format", formats, "--slice", "-o",
                 str(out), "--cache-dir", str(tmp_path / "cache"), "-q"]) == 2
    assert capsys.readouterr() == ("", (
        "companion: --slice slices the parts' STL files: add stl to --format, like "
        f"--format {formats},stl.\n"))
    assert not out.exists()


def test_slicer_summary_parser() -> None:
    rep = parse_gcode_summary(RECORDED_GCODE_TAIL)
    assert rep == SliceReport(4 * 3600 + 16 * 60, 16603.90, 49.53)
    assert rep.time_text == "4h 16m"
    assert parse_duration("1d 2h 3m 4s") == 93784
    with pytest.raises(ValueError, match="no PrusaSlicer summary"):
        parse_gcode_summary("G1 X0\n")


def _need_prusaslicer() -> None:
    if shutil.which("prusa-slicer") is None:
        pytest.fail("prusa-slicer is not installed (scripts/system-packages.txt lists it)")


@pytest.mark.slow
def test_prusaslicer_slices_every_part_and_reports(built: Path, cache: Path,
                                                  tmp_path: Path) -> None:
    # it built (and sliced) into the module's set, rewriting the build.json the other tests
    # read: now into a folder of its own, every part copied from the cache the set was built
    # into, and the set is left as it was
    _need_prusaslicer()
    shared_report = (built / "build.json").read_bytes()
    out = tmp_path / "set"
    parts = ("quarter", "placard", "coupon", "tiles")
    result = build(SetParams(), out, parts, cache_dir=cache, slice_parts=True)
    assert sorted(result.cached) == sorted(parts)  # no part made again
    names = {"quarter.stl", "placard-left.stl", "placard-right.stl", "coupon.stl",
             "tiles-plate-1.stl", "tiles-plate-2.stl"}
    assert set(result.slicer) == names
    for name, rep in result.slicer.items():
        assert rep["seconds"] > 60 and rep["filament_g"] > 0.5, name
    assert result.slicer["quarter.stl"]["filament_g"] > 20
    report = json.loads((out / "build.json").read_text())
    assert set(report["slicer"]) == names
    assert (built / "build.json").read_bytes() == shared_report


# Slices the files of the folder argv[1] into the cache argv[2] once the file argv[4] exists
# (both processes start slicing together), writing each file it slices to the log argv[3].
SLICE_BESIDE_ANOTHER = """\
import json, os, sys, time
from pathlib import Path

import cad.slicer
from cad.build import slice_outputs

out, cache, log, go = (Path(arg) for arg in sys.argv[1:5])
really_slice = cad.slicer.slice_file


def slice_and_log(model, bed, timeout=600):
    with open(log, "a") as fh:
        fh.write(f"{os.getpid()} {model.name}\\n")
    return really_slice(model, bed, timeout)


cad.slicer.slice_file = slice_and_log
print("ready", flush=True)
while not go.exists():
    time.sleep(0.01)
print(json.dumps(slice_outputs(out, (180.0, 180.0), cache), sort_keys=True))
"""


def test_two_builds_slicing_the_same_files_at_once_slice_each_once(tmp_path: Path) -> None:
    """Two builds (two commands, two test processes) slicing the same coupon and placard at
    once each sliced them and wrote the same saved reports, one maybe reading the other's
    half-written: the second now waits for the first's reports and reads them whole."""
    _need_prusaslicer()
    cache = tmp_path / "cache"
    outs = [tmp_path / "one", tmp_path / "two"]
    for out in outs:
        out.mkdir()
        for name, size in (("coupon.stl", (20.0, 20.0, 2.0)),
                           ("placard-left.stl", (30.0, 10.0, 3.0))):
            box = trimesh.creation.box(size)
            box.apply_translation((90.0, 90.0, size[2] / 2))
            box.export(out / name)
    log, go = tmp_path / "sliced.log", tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", SLICE_BESIDE_ANOTHER, str(out),
                               str(cache), str(log), str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              cwd=Path(__file__).resolve().parent.parent)
             for out in outs]
    try:
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        go.touch()
        finished = [proc.communicate(timeout=300) for proc in procs]
    finally:
        for proc in procs:
            proc.kill()
    assert [proc.returncode for proc in procs] == [0, 0], [err for _, err in finished]
    first, second = (json.loads(out) for out, _ in finished)
    assert first == second and sorted(first) == ["coupon.stl", "placard-left.stl"]
    assert sorted(line.split()[1] for line in log.read_text().splitlines()) == [
        "coupon.stl", "placard-left.stl"]  # each sliced by one process only
    for out in outs:
        for name, report in first.items():
            saved = slice_memo(out / name, (180.0, 180.0), cache)
            assert json.loads(saved.read_text()) == report and report["filament_g"] > 0


@pytest.mark.slow
def test_prusaslicer_slices_the_loose_tiles_and_a_two_body_3mf(built: Path) -> None:
    """Every per-letter tile on one plate, and a tile with its letter as a second body (a
    test of its own, so it runs beside the whole set's slicing on another worker)."""
    _need_prusaslicer()
    bed = (180.0, 180.0)
    assert slice_files(sorted((built / "tiles").glob("*.stl")), bed).filament_g > 26 * 0.5
    assert slice_files([built / "tiles" / "tile-Qu.3mf"], bed).seconds > 0


def test_every_layer_is_sliced_as_thick_as_the_docs_say(tmp_path: Path) -> None:
    # PrusaSlicer's own first layer is 0.35 mm: the estimates were for 0.2 mm layers but
    # a 0.35 mm first one
    _need_prusaslicer()
    model = tmp_path / "block.stl"
    trimesh.creation.box((20, 20, 2)).apply_translation((90, 90, 1)).export(model)
    gcode = tmp_path / "block.gcode"
    subprocess.run(slicer_command([model], (180.0, 180.0), gcode, arrange=False),
                   capture_output=True, check=True, timeout=120, stdin=subprocess.DEVNULL)
    settings = dict(re.findall(r"^; (\w+) = (.*)$", gcode.read_text(), re.M))
    assert float(settings["layer_height"]) == LAYER_HEIGHT
    assert float(settings["first_layer_height"]) == LAYER_HEIGHT


def test_a_slice_made_with_other_settings_is_not_reused(tmp_path: Path, monkeypatch) -> None:
    part = tmp_path / "quarter.stl"
    part.write_bytes(b"solid x\nendsolid x\n")
    bed = (180.0, 180.0)
    now = slice_memo(part, bed, tmp_path)
    assert slice_memo(part, bed, tmp_path) == now
    assert slice_memo(part, (220.0, 220.0), tmp_path) != now
    monkeypatch.setattr(slicer, "PRINT_SETTINGS", slicer.PRINT_SETTINGS[:1])
    assert slice_memo(part, bed, tmp_path) != now


def test_the_print_total_counts_every_copy_once() -> None:
    # recorded PrusaSlicer figures for a whole set's sliced files
    slicer = {"quarter.stl": {"seconds": 15000, "filament_g": 47.0},
              "placard-left.stl": {"seconds": 3840, "filament_g": 14.6},
              "placard-right.stl": {"seconds": 3660, "filament_g": 13.9},
              "coupon.stl": {"seconds": 7740, "filament_g": 24.9},
              "tiles-plate-1.stl": {"seconds": 18300, "filament_g": 54.0},
              "tiles-plate-2.stl": {"seconds": 18300, "filament_g": 54.0},
              # printed only instead of the halves: not in the total
              "placard-pair.stl": {"seconds": 7000, "filament_g": 28.0},
              "notes.stl": {"seconds": 60, "filament_g": 1.0}}  # no count: not in the total
    copies = print_copies({"quarter": ["quarter.stl"], "coupon": ["coupon.stl"],
                           "placard": ["placard-left.stl", "placard-right.stl",
                                       "placard-pair.stl"],
                           "tiles": ["tiles-plate-1.stl", "tiles-plate-2.stl",
                                     "tiles/tile-E.stl"]})
    assert copies["quarter.stl"] == Copies(4)
    assert copies["placard-left.stl"] == Copies(1, per_player=True)
    assert copies["placard-pair.stl"].instead and copies["tiles/tile-E.stl"].instead
    total = print_total(slicer, copies)
    assert total.seconds == 4 * 15000 + 7740 + 2 * 18300
    assert total.filament_g == pytest.approx(4 * 47.0 + 24.9 + 2 * 54.0)
    assert (total.per_player_seconds, total.per_player_g) == (3840 + 3660, pytest.approx(28.5))


@pytest.mark.slow
def test_build_slice_prints_the_copies_and_the_total(cache: Path, tmp_path: Path,
                                                     capsys) -> None:
    # 'cad build --slice' printed one line a file with no copy count and no total: four
    # quarters, a placard per player and the plates were left to add up by hand
    _need_prusaslicer()
    out = tmp_path / "set"
    assert main(["cad", "build", "--part", "coupon,placard", "--format", "stl", "--slice",
                 "-o", str(out), "--cache-dir", str(cache), "-q"]) == 0
    printed = capsys.readouterr().out
    sliced = json.loads((out / "build.json").read_text())["slicer"]
    assert sorted(sliced) == ["coupon.stl", "placard-left.stl", "placard-right.stl"]
    lines = printed.splitlines()
    for name, copies in (("coupon.stl", "x 1"), ("placard-left.stl", "x 1 per player"),
                         ("placard-right.stl", "x 1 per player")):
        (line,) = [ln for ln in lines if ln.split()[:1] == [name]]
        assert line.endswith(f"{sliced[name]['filament_g']:.1f} g  {copies}"), line
    halves = ("placard-left.stl", "placard-right.stl")
    per_player = sum(sliced[n]["seconds"] for n in halves)
    grams = sum(sliced[n]["filament_g"] for n in halves)
    assert (f"all copies: {sliced['coupon.stl']['time']}, "
            f"{sliced['coupon.stl']['filament_g']:.1f} g and {duration_text(per_player)}, "
            f"{grams:.1f} g for each player") in lines


def test_previews_show_the_nearest_face_where_faces_overlap() -> None:
    """A small flat face in front of a long sloping one whose middle is nearer the viewer:
    drawing far faces first by their middles would paint the sloping face over it."""
    import trimesh

    from cad.preview import render_parts

    sloping = trimesh.Trimesh([[0, 0, -5], [10, 0, 5], [0, 10, 5]], [[0, 1, 2]], process=False)
    flat = trimesh.Trimesh([[0.5, 0.5, 0], [2, 0.5, 0], [0.5, 2, 0]], [[0, 1, 2]],
                           process=False)
    img = np.asarray(render_parts([(sloping, (0, 0, 255)), (flat, (255, 0, 0))], 200,
                                  top_down=True))
    r, _, b = img[170, 30].astype(int)  # the flat face's middle, (1, 1) on the part
    assert r > 100 and b < 30
    r, _, b = img[135, 100].astype(int)  # the sloping face alone, (5, 3)
    assert b > 100 and r < 30


def test_check_reports_an_empty_or_junk_mesh_as_a_finding(tmp_path: Path, capsys) -> None:
    # each was "it has no triangles", as if a part had been modelled empty: an empty file,
    # an STL cut short (a copy stopped), a photo named .stl, a file named .3mf that is no zip
    (tmp_path / "empty.stl").write_bytes(b"")
    (tmp_path / "junk.stl").write_bytes(bytes(range(256)) * 8)
    whole = trimesh.creation.box(extents=(10, 10, 10))
    (tmp_path / "cut.stl").write_bytes(whole.export(file_type="stl")[:300])
    (tmp_path / "tiny.stl").write_bytes(b"abc")
    (tmp_path / "photo.3mf").write_bytes(b"\xff\xd8\xff\xe0" + bytes(500))
    assert main(["cad", "check", str(tmp_path), "--json"]) == 1
    files = json.loads(capsys.readouterr().out)["files"]
    assert [(f["file"], f["problems"]) for f in files] == [
        ("cut.stl", ["it is not a whole STL file: its header counts 12 triangles, which take "
                     "684 bytes, and it has 300 (cut short, or a file of another kind)"]),
        ("empty.stl", ["it is empty"]),
        ("junk.stl", ["it is not a whole STL file: its header counts 1,397,903,696 "
                      "triangles, which take 69,895,184,884 bytes, and it has 2,048 (cut "
                      "short, or a file of another kind)"]),
        ("photo.3mf", ["it is not a 3MF file (a 3MF is a zip archive, and this file is not "
                       "one)"]),
        ("tiny.stl", ["it is not an STL file: 3 bytes, too few for one"]),
    ]


def test_check_reads_step_files_and_reports_a_broken_or_open_one(tmp_path: Path,
                                                                  capsys) -> None:
    """'cad check' looked at STL and 3MF only: a STEP file OpenCascade cannot read, or whose
    solid is not closed, passed unseen."""
    box = cq.Workplane().box(10, 20, 4)
    cq.exporters.export(box, str(tmp_path / "box.step"))
    faces = box.val().Faces()
    open_solid = cq.Solid.makeSolid(cq.Shell.makeShell(faces[:-1]))  # one face left off
    cq.exporters.export(cq.Workplane().add(open_solid), str(tmp_path / "open.step"))
    (tmp_path / "junk.step").write_text("ISO-10303-21;\nnot a STEP file at all\n")
    assert main(["cad", "check", str(tmp_path), "--json"]) == 1
    found = {f["file"]: f for f in json.loads(capsys.readouterr().out)["files"]}
    assert sorted(found) == ["box.step", "junk.step", "open.step"]
    assert found["box.step"]["ok"] and found["box.step"]["bodies"] == 1
    assert found["box.step"]["volume_mm3"] == pytest.approx(800.0)
    assert found["box.step"]["extents_mm"] == pytest.approx([10.0, 20.0, 4.0], abs=1e-3)
    assert "not closed" in " ".join(found["open.step"]["problems"])
    assert found["junk.step"]["problems"] and "cannot be read" in found["junk.step"]["problems"][0]
    assert main(["cad", "check", str(tmp_path / "box.step")]) == 0  # one STEP file alone
    assert capsys.readouterr().out.splitlines()[-1] == "1 of 1 file passes"


@pytest.mark.parametrize("report", ['{"bed": "big"}', '{"bed": [0, 180]}', "not json", "{}"])
def test_check_with_a_build_report_that_names_no_bed(report: str, tmp_path: Path,
                                                     capsys) -> None:
    (tmp_path / "part.stl").write_bytes(b"")
    (tmp_path / "build.json").write_text(report)
    assert main(["cad", "check", str(tmp_path)]) == 2
    assert "does not name a printer bed" in capsys.readouterr().err
    assert main(["cad", "check", str(tmp_path), "--bed", "180x180"]) == 1  # --bed is enough


@pytest.mark.parametrize("bed", ["0x0", "-5x100"])
def test_a_bed_must_have_a_size(bed: str, tmp_path: Path, capsys) -> None:
    (tmp_path / "part.stl").write_bytes(b"")
    assert main(["cad", "check", str(tmp_path), f"--bed={bed}"]) == 2
    assert "Bed must be a width and depth above 0 mm" in capsys.readouterr().err


@pytest.mark.parametrize("bed", ["nanx180", "infx180"])
def test_a_bed_is_finite_numbers(bed: str, tmp_path: Path, capsys) -> None:
    (tmp_path / "part.stl").write_bytes(b"")
    assert main(["cad", "check", str(tmp_path), f"--bed={bed}"]) == 2
    assert f"'{bed[:3]}' is not a number" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["build", "coupons"])
@pytest.mark.parametrize(("variable", "folder", "said"), [
    # the default cache, a file: "File exists (...)", naming neither the cache nor the way out
    ("COMPANION_CAD_CACHE", "file", "Cannot use {file} (COMPANION_CAD_CACHE) as the cache "
     "folder: it is a file, not a folder; give another with --cache-dir."),
    ("XDG_CACHE_HOME", "file", "Cannot use {file}/companion/cad as the cache folder: Not a "
     "directory; give another with --cache-dir."),
])
def test_a_default_cache_that_cannot_be_a_folder_is_said_before_building(
        command, variable, folder, said, tmp_path, capsys, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.delenv("COMPANION_CAD_CACHE", raising=False)
    monkeypatch.setenv(variable, str(blocker))
    assert main(["cad", command, "-o", str(tmp_path / "out"), "-q"]) == 2
    assert capsys.readouterr().err == f"companion: {said.format(file=blocker)}\n"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["build", "coupons"])
def test_an_output_folder_that_is_a_link_to_nothing_is_named_so(command, tmp_path,
                                                                capsys) -> None:
    """'-o set', a symbolic link to a folder that does not exist, said "File exists"."""
    link = tmp_path / "set"
    link.symlink_to(tmp_path / "gone" / "set")
    assert main(["cad", command, "-o", str(link), "-q"]) == 2
    assert capsys.readouterr().err == (
        f"companion: Cannot make the folder {link}: it is a symbolic link to "
        f"{tmp_path / 'gone' / 'set'}, which does not exist.\n")
    assert not (tmp_path / "gone").exists()


def test_a_build_clears_the_folders_builds_killed_outright_left(box_parts, tmp_path: Path
                                                                ) -> None:
    """A build killed outright (kill -9) left its hidden folder of half-gathered files in
    the set's folder for good: the next build clears it, but never the folder of a build
    still running (locked by it)."""
    import fcntl

    out = tmp_path / "set"
    out.mkdir()
    left = out / f"{STAGE_PREFIX}left"
    left.mkdir()
    (left / "quarter.stl").write_bytes(b"half a file")
    running = out / f"{STAGE_PREFIX}running"
    running.mkdir()
    held = os.open(running, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert main(["cad", "build", "--part", "placard", "-o", str(out), "--cache-dir",
                     str(tmp_path / "cache"), "-q"]) == 0
        assert not left.exists() and running.is_dir()
        assert sorted(p.name for p in out.glob(f"{STAGE_PREFIX}*")) == [running.name]
    finally:
        os.close(held)


@pytest.mark.parametrize("no_cache", [False, True])
def test_a_build_clears_the_half_made_parts_builds_killed_outright_left_in_the_cache(
        no_cache: bool, box_parts, tmp_path: Path) -> None:
    """A build killed outright (kill -9, SIGTERM: the terminal closed) while making a part
    left the part's half-made folder in the cache for good: the next build of that part
    clears it, but never the folder of a build still making it."""
    import fcntl

    cache = tmp_path / "cache"
    cache.mkdir()
    left = cache / ".placard-left1"
    left.mkdir()
    (left / "placard.stl").write_bytes(b"half a file")
    running = cache / ".placard-running"
    running.mkdir()
    other = cache / ".quarter-left1"  # another part's: cleared by a build of the quarter
    other.mkdir()
    held = os.open(running, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert main(["cad", "build", "--part", "placard", "-o", str(tmp_path / "set"),
                     "--cache-dir", str(cache), "-q",
                     *(["--no-cache"] if no_cache else [])]) == 0
        assert (tmp_path / "set" / "placard.stl").is_file()
        assert sorted(p.name for p in cache.iterdir() if p.is_dir()) == [
            ".placard-running", ".quarter-left1",
            *([] if no_cache else [f"placard-{cache_key(SetParams(), 'placard', FORMATS)}"])]
    finally:
        os.close(held)
