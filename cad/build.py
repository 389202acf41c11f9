"""Building the set: every part's files (STL, 3MF, STEP), previews, stickers and a build
report, cached by the parameters so an unchanged part is copied instead of rebuilt."""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

import cadquery as cq
import numpy as np
import trimesh

from cad import coupon, placard, snapfit
from cad.mesh import Body, combine, to_mesh, write_3mf, write_step, write_stl
from cad.params import SetParams
from cad.plates import MAX_BED_MM, PlateSpot, shelf_pack, tile_plates, usable_bed
from cad.preview import BASE_COLOR, TILE_COLOR, render_parts, save_preview
from cad.progress import Progress
from cad.quarter import quarter
from cad.solids import shape_of
from cad.stickers import PAPERS, save_sticker_sheet, sticker_pdf
from cad.tile import letter_solid, tile, tile_file_stem
from companion.decimals import decimal_from
from companion.errors import UsageError
from companion.outfile import write_file_whole, write_files_whole
from companion.text import quoted
from companion.tiles import tile_set

FORMATS = ("stl", "3mf", "step")
PARTS = ("quarter", "placard", "tiles", "coupon", "stickers")
LETTER_COLOR = "#1E1E1E"
BODY_COLOR = "#F2EBD9"
# Files the slicer reports on: one per thing a maker prints (per-letter tiles are on plates).
SLICED = ("quarter.stl", "placard-left.stl", "placard-right.stl", "coupon.stl")
PRINT_COUNTS = {"quarter.stl": 4, "placard-left.stl": "1 per player",
                "placard-right.stl": "1 per player"}
PREVIEW_WORD = ("W", "E", "R", "D", "U", "P", "Qu")

Tick = Callable[[str], None]


def parse_formats(text: str) -> tuple[str, ...]:
    """``"stl,3mf"`` -> ``("stl", "3mf")``; unknown names are a usage error."""
    names = tuple(dict.fromkeys(f.strip().lower() for f in text.split(",") if f.strip()))
    bad = [f for f in names if f not in FORMATS]
    if bad or not names:
        raise UsageError(f"unknown format {quoted(', '.join(bad) or text)}: choose from "
                         f"{', '.join(FORMATS)}")
    return names


def parse_parts(text: str) -> tuple[str, ...]:
    """``"all"`` or a comma list of part names."""
    if text.strip().lower() == "all":
        return PARTS
    names = tuple(dict.fromkeys(p.strip().lower() for p in text.split(",") if p.strip()))
    bad = [p for p in names if p not in PARTS]
    if bad or not names:
        raise UsageError(f"unknown part {quoted(', '.join(bad) or text)}: choose from "
                         f"{', '.join(PARTS)} or all")
    return names


def parse_bed(text: str) -> tuple[float, float]:
    """``"180x180"`` -> ``(180.0, 180.0)``."""
    try:
        w, d = (decimal_from(v) for v in text.lower().split("x"))
    except ValueError as exc:
        why = f": {exc}" if text.lower().count("x") == 1 else ""  # not a failed unpacking
        raise UsageError("--bed must look like 180x180 (width x depth in mm), got "
                         f"{quoted(text)}{why}") from None
    if not usable_bed(w, d):
        raise UsageError(f"bed must be a width and depth above 0 mm and at most "
                         f"{MAX_BED_MM:,.0f} mm, like 180x180, got {quoted(text)}")
    return (w, d)


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
            solid: cq.Workplane | None, bodies: list[Body]) -> None:
    """Write ``stem`` in each format, set on the bed. The STL and STEP hold the first
    body (the one-colour part); the 3MF holds every body, moved together."""
    mat = bed_transform(bodies[0].mesh, bed)
    if "stl" in formats:
        write_stl(_transformed(bodies[0].mesh, mat), dest / f"{stem}.stl")
    if "3mf" in formats:
        write_3mf([replace(b, mesh=_transformed(b.mesh, mat)) for b in bodies],
                  dest / f"{stem}.3mf", stem)
    if "step" in formats and solid is not None:
        turned = solid
        if not np.allclose(mat[:3, :3], np.eye(3)):
            turned = solid.rotate((0, 0, 0), (0, 0, 1), 90)
        dx, dy, dz = (float(v) for v in mat[:3, 3])
        write_step(turned.translate((dx, dy, dz)), dest / f"{stem}.step")


# ---------------------------------------------------------------------------- parts


def quarter_rotations(mesh: trimesh.Trimesh) -> list[trimesh.Trimesh]:
    """The four quarters as assembled: the model turned 0-3 quarter turns clockwise."""
    out = []
    for q in range(4):
        m = mesh.copy()
        m.apply_transform(trimesh.transformations.rotation_matrix(-np.pi / 2 * q, [0, 0, 1]))
        out.append(m)
    return out


def build_quarter(params: SetParams, formats: tuple[str, ...], dest: Path, tick: Tick) -> None:
    solid = quarter(params)
    mesh = to_mesh(solid)
    tick("quarter: solid")
    _export(dest, "quarter", formats, _bed(params), solid, [Body("quarter", mesh, BODY_COLOR)])
    tick("quarter: files")
    save_preview(mesh, dest / "quarter.png")
    parts = [(q, BASE_COLOR) for q in quarter_rotations(mesh)]
    parts += [(t, TILE_COLOR) for t in _sample_play(params)]
    render_parts(parts, 900).save(dest / "board.png", optimize=True)
    tick("quarter: previews")


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
        mesh = to_mesh(tile(params, letter))
        placed.append(_moved(mesh, (x - half, half - y, lay.floor_height + level * t.body_height)))
    return placed


def build_placard(params: SetParams, formats: tuple[str, ...], dest: Path, tick: Tick) -> None:
    meshes = []
    for side in ("left", "right"):
        solid = placard.placard_half(params, side)
        mesh = to_mesh(solid)
        meshes.append(mesh)
        _export(dest, f"placard-{side}", formats, _bed(params), solid,
                [Body(f"placard-{side}", mesh, BODY_COLOR)])
        tick(f"placard: {side} half")
    # both halves on one plate: one print per player, on a bed that holds both
    bed = _bed(params)
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
        write_3mf([Body(f"placard-{side}", m, BODY_COLOR)
                   for side, m in zip(("left", "right"), pair, strict=True)],
                  dest / "placard-pair.3mf", "placard-pair")
    save_preview(combine(meshes), dest / "placard.png")
    tick("placard: preview")


def tile_letters() -> list[str]:
    return list(tile_set("werdup").counts)


def build_tiles(params: SetParams, formats: tuple[str, ...], dest: Path, tick: Tick) -> None:
    bed = _bed(params)
    (dest / "tiles").mkdir(exist_ok=True)
    bodies: dict[str, trimesh.Trimesh] = {}
    letters: dict[str, trimesh.Trimesh] = {}
    for letter in tile_letters():
        solid = tile(params, letter)
        bodies[letter] = to_mesh(solid)
        letters[letter] = to_mesh(letter_solid(params, letter))
        _export(dest / "tiles", tile_file_stem(letter), formats, bed, solid,
                [Body("tile", bodies[letter], BODY_COLOR),
                 Body("letter", letters[letter], LETTER_COLOR, extruder=2)])
        tick(f"tiles: {letter}")
    bag = tile_set("werdup").bag()
    spots = _tile_spots(params, len(bag))
    half = params.tile.size / 2
    for plate in sorted({s.plate for s in spots}):
        chosen = [(t, s) for t, s in zip(bag, spots, strict=True) if s.plate == plate]
        tiles_mesh = combine([_moved(bodies[t], (s.x + half, s.y + half, 0)) for t, s in chosen])
        inlays = combine([_moved(letters[t], (s.x + half, s.y + half, 0)) for t, s in chosen])
        stem = f"tiles-plate-{plate + 1}"
        if "stl" in formats:
            write_stl(tiles_mesh, dest / f"{stem}.stl")
        if "3mf" in formats:
            write_3mf([Body("tiles", tiles_mesh, BODY_COLOR),
                       Body("letters", inlays, LETTER_COLOR, extruder=2)],
                      dest / f"{stem}.3mf", stem)
        tick(f"tiles: plate {plate + 1}")
    pitch = params.tile.size + 3.0
    row = [(_moved(bodies[t], (i * pitch, 0, 0)), TILE_COLOR) for i, t in enumerate(PREVIEW_WORD)]
    render_parts(row, 800).save(dest / "tiles.png", optimize=True)
    tick("tiles: preview")


def build_coupon(params: SetParams, formats: tuple[str, ...], dest: Path, tick: Tick) -> None:
    pieces = coupon.coupon_parts(params)
    meshes = [to_mesh(s) for _, s in pieces]
    tick("coupon: solids")
    bed = _bed(params)
    sizes = [(m.extents[0], m.extents[1]) for m in meshes]
    corners = shelf_pack(sizes, params.printer.part_gap, bed)
    moves = [(x - m.bounds[0][0], y - m.bounds[0][1], -m.bounds[0][2])
             for m, (x, y) in zip(meshes, corners, strict=True)]
    placed = [_moved(m, mv) for m, mv in zip(meshes, moves, strict=True)]
    whole = combine(placed)
    if "stl" in formats:
        write_stl(whole, dest / "coupon.stl")
    if "3mf" in formats:
        write_3mf([Body(name, m, BODY_COLOR) for (name, _), m in zip(pieces, placed, strict=True)],
                  dest / "coupon.3mf", "coupon")
    if "step" in formats:
        moved = [shape_of(s.translate((float(mv[0]), float(mv[1]), float(mv[2]))))
                 for (_, s), mv in zip(pieces, moves, strict=True)]
        write_step(cq.Workplane("XY").newObject([cq.Compound.makeCompound(moved)]),
                   dest / "coupon.step")
    tick("coupon: files")
    save_preview(whole, dest / "coupon.png")
    tick("coupon: preview")


def build_stickers(params: SetParams, formats: tuple[str, ...], dest: Path, tick: Tick) -> None:
    layout = params.board.layout
    save_sticker_sheet(layout, params.tile.font, dest / "stickers.png")
    for paper in PAPERS:
        sticker_pdf(layout, dest / f"stickers-{paper}.pdf", paper)
    (dest / "werdup-board.json").write_text(json.dumps(layout.to_dict(), indent=2) + "\n")
    tick("stickers")


BUILDERS: dict[str, Callable[[SetParams, tuple[str, ...], Path, Tick], None]] = {
    "quarter": build_quarter, "placard": build_placard, "tiles": build_tiles,
    "coupon": build_coupon, "stickers": build_stickers,
}


def _tile_spots(params: SetParams, count: int) -> list[PlateSpot]:
    """Where each of ``count`` tiles lies on the printer's plates."""
    return tile_plates(count, params.tile.size, params.printer.part_gap, _bed(params))


def part_steps(part: str, params: SetParams) -> int:
    """How many progress steps a part reports (the tiles: one a letter, one a plate of them
    on ``params``' printer bed, and the preview)."""
    if part == "tiles":
        spots = _tile_spots(params, len(tile_set("werdup").bag()))
        return len(tile_letters()) + len({s.plate for s in spots}) + 1
    return {"quarter": 3, "placard": 3, "coupon": 3, "stickers": 1}[part]


def _bed(params: SetParams) -> tuple[float, float]:
    return (params.printer.bed_width, params.printer.bed_depth)


# ---------------------------------------------------------------------------- cache


def default_cache_dir() -> Path:
    if os.environ.get("COMPANION_CAD_CACHE"):
        return Path(os.environ["COMPANION_CAD_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "companion" / "cad"


PROJECT_PACKAGES = ("cad", "companion", "printables")
# Data the parts are made from beyond their parameters: the tile plates hold this distribution.
SOURCE_DATA = ("tiles-werdup.tsv",)


def _module_file(root: Path, name: str) -> Path | None:
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _project_imports(root: Path, path: Path) -> set[str]:
    """The project modules ``path`` imports (``from a.b import c`` may name module a.b.c)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return {n for n in names
            if n.split(".")[0] in PROJECT_PACKAGES and _module_file(root, n) is not None}


def source_files() -> list[Path]:
    """Every project source file the CAD code runs: cad/ and, followed import by import, the
    modules of the companion and printables it uses (the sticker sheets are drawn by
    printables), and the data files in :data:`SOURCE_DATA`."""
    root = Path(__file__).resolve().parent.parent
    todo = [f"cad.{p.stem}" for p in sorted((root / "cad").glob("*.py"))]
    found: dict[str, Path] = {}
    while todo:
        name = todo.pop()
        path = _module_file(root, name)
        if name in found or path is None:
            continue
        found[name] = path
        todo.extend(sorted(_project_imports(root, path)))
    files = set(found.values()) | {root / "companion" / "data" / n for n in SOURCE_DATA}
    return sorted(files)


@functools.cache
def source_digest() -> str:
    """A digest of the model code, the project code it uses and its data, so a change to any
    of them misses the cache (worked out once a process: the code does not change under it)."""
    h = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent
    for path in source_files():
        h.update(str(path.relative_to(root)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def cache_key(params: SetParams, part: str, formats: tuple[str, ...]) -> str:
    data = {"params": params.to_dict(), "part": part, "formats": sorted(formats),
            "source": source_digest()}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:20]


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote: files per part, which parts came from the cache, slicer reports."""

    out: Path
    files: dict[str, list[str]]
    cached: tuple[str, ...]
    slicer: dict[str, dict]


def build(params: SetParams, out: Path, parts: tuple[str, ...] = PARTS,
          formats: tuple[str, ...] = FORMATS, cache_dir: Path | None = None,
          use_cache: bool = True, slice_parts: bool = False, progress: Progress | None = None,
          ) -> BuildResult:
    """Write ``parts`` into ``out`` and a ``build.json`` report beside them."""
    out.mkdir(parents=True, exist_ok=True)
    cache_dir = cache_dir or default_cache_dir()
    progress = progress or Progress(sum(part_steps(p, params) for p in parts), quiet=True)
    files: dict[str, list[str]] = {}
    cached = []
    for part in parts:
        key = cache_key(params, part, formats)
        stored = cache_dir / f"{part}-{key}"
        if use_cache and (stored / ".done").exists():
            cached.append(part)
            progress.step(f"{part}: from cache", part_steps(part, params))
        else:
            stored = _build_into_cache(params, part, formats, cache_dir, stored, progress,
                                       use_cache)
        names = [str(src.relative_to(stored)) for src in sorted(
            p for p in stored.rglob("*") if p.is_file() and p.name != ".done")]
        _copy_whole([(stored / name, out / name) for name in names])
        if not use_cache:
            shutil.rmtree(stored, ignore_errors=True)
        files[part] = names
    slicer = slice_outputs(out, _bed(params), cache_dir) if slice_parts else {}
    result = BuildResult(out, files, tuple(cached), slicer)
    _write_report(params, result)
    progress.close()
    return result


def _build_into_cache(params: SetParams, part: str, formats: tuple[str, ...], cache_dir: Path,
                      stored: Path, progress: Progress, use_cache: bool) -> Path:
    cache_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{part}-", dir=cache_dir))
    try:
        BUILDERS[part](params, formats, work, progress.step)
        (work / ".done").write_text("ok\n")
        if not use_cache:
            return work
        try:
            work.rename(stored)
        except OSError:
            # another build of the same part finished first: keep its copy
            if not (stored / ".done").exists():
                raise
            shutil.rmtree(work, ignore_errors=True)
        return stored
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise


def build_coupons(clearances: list[float], out: Path, formats: tuple[str, ...] = ("stl", "3mf"),
                  bed: tuple[float, float] | None = None, cache_dir: Path | None = None,
                  progress: Progress | None = None) -> list[str]:
    """One fit coupon per clearance, named by it (``coupon-0.2.stl`` ...), in ``out``."""
    if not clearances:
        raise UsageError("name at least one clearance to print a coupon for")
    written = []
    for c in clearances:
        params = SetParams.make(c, bed=bed, parts=("coupon",))
        with tempfile.TemporaryDirectory() as tmp:
            result = build(params, Path(tmp), ("coupon",), formats, cache_dir=cache_dir,
                           progress=progress)
            out.mkdir(parents=True, exist_ok=True)
            label = f"{c:.2f}".rstrip("0").rstrip(".")
            targets = [f"coupon-{label}{Path(name).suffix}" for name in result.files["coupon"]]
            _copy_whole([(Path(tmp) / name, out / target)
                         for name, target in zip(result.files["coupon"], targets, strict=True)])
            written += targets
    return written


def _copy_whole(pairs: list[tuple[Path, Path]]) -> None:
    """Copy each (source, target) whole or not at all: a full disk spoils no file of an
    earlier build. The files go to disk together (one wait for the disk, not one per file)."""
    try:
        for _, target in pairs:
            target.parent.mkdir(parents=True, exist_ok=True)
        write_files_whole([(target, source.read_bytes()) for source, target in pairs])
    except OSError as exc:
        raise UsageError(f"cannot write {exc.filename or pairs[0][1]}: {exc.strerror or exc}"
                         ) from exc


def slice_outputs(out: Path, bed: tuple[float, float], cache_dir: Path) -> dict[str, dict]:
    """Slice every printable file in ``out`` (two at a time) and report the estimates."""
    from cad.slicer import slice_file, slicer_binary

    slicer_binary()
    targets = [out / n for n in SLICED if (out / n).exists()]
    targets += sorted(out.glob("tiles-plate-*.stl"))

    def one(path: Path) -> tuple[str, dict]:
        digest = hashlib.sha256(path.read_bytes() + repr(bed).encode()).hexdigest()[:20]
        memo = cache_dir / "slices" / f"{digest}.json"
        if memo.exists():
            return path.name, json.loads(memo.read_text())
        report = slice_file(path, bed).to_dict()
        memo.parent.mkdir(parents=True, exist_ok=True)
        memo.write_text(json.dumps(report))
        return path.name, report

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(one, targets))


def _old_report(path: Path) -> dict:
    """The folder's earlier ``build.json``, or nothing when there is none or it is not one (a
    file of another program's, cut short, not JSON): it is then written afresh."""
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return old if isinstance(old, dict) else {}


def _write_report(params: SetParams, result: BuildResult) -> None:
    report_path = result.out / "build.json"
    old = _old_report(report_path)
    same = old.get("params") == params.to_dict()
    files = {**(old.get("files", {}) if same else {}), **result.files}
    slicer = {**(old.get("slicer", {}) if same else {}), **result.slicer}
    report = {
        "clearance": params.clearance,
        "bed": [params.printer.bed_width, params.printer.bed_depth],
        "print_counts": {name: count for name, count in PRINT_COUNTS.items()
                         if any(name in names for names in files.values())},
        "files": files,
        "slicer": slicer,
        "clips": {"quarter": snapfit.quarter_clip(params).to_dict(),
                  "placard": snapfit.placard_clip(params).to_dict()},
        "params": params.to_dict(),
    }
    write_file_whole(report_path, (json.dumps(report, indent=2) + "\n").encode())
