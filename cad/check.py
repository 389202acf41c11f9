"""Checking exported meshes the way a slicer will: closed, manifold, positive volume, lying
on the bed and inside it; a 3MF's objects as a slicer loads them (each piece an object of
its own, its parts inside its body, no object lying in or over another); and STEP files
the way a CAD program will: read by OpenCascade, a valid shape whose solids are closed (the
CAD kernel is loaded only when there is one)."""

from __future__ import annotations

import difflib
import os
import sys
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import manifold3d
import numpy as np
import trimesh

from cad.build import REPORTS, STAGE_PREFIX, read_report, report_files
from cad.mesh import LoadedObject, read_3mf_objects
from cad.params import MIN_WALL
from cad.plates import usable_bed
from companion.errors import UsageError
from companion.layout import werdup_board as wb
from companion.text import as_written, count_shown, counted, listed, number_shown, path_shown
from companion.textfile import FileProblem, file_problem

EPS = 0.01  # mm


@dataclass
class MeshReport:
    """The outcome for one file: its problems (empty when it passes) and a few figures."""

    path: str
    problems: list[str] = field(default_factory=list)
    volume: float = 0.0
    bodies: int = 0
    objects: int | None = None  # a 3MF's objects, as a slicer loads them
    extents: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @property
    def ok(self) -> bool:
        return not self.problems


def mesh_problems(mesh: trimesh.Trimesh, bed: tuple[float, float],
                  bodies_on_bed: bool = True) -> list[str]:
    """Sentences naming what is wrong with ``mesh`` for printing on ``bed``; empty if fine.
    With ``bodies_on_bed`` (an STL: a slicer loads it as one object, set down by its lowest
    point) each of its bodies must rest on the bed too: one above it prints in the air."""
    problems = []
    if len(mesh.faces) == 0:
        return ["it has no triangles"]
    if not mesh.is_watertight:
        problems.append("it is not watertight (it has open edges)")
    if not mesh.is_winding_consistent:
        problems.append("its triangles do not all face the same way")
    bodies = None
    if not problems:  # an open mesh is not split into bodies: trimesh would fill its holes
        bodies = mesh.split(only_watertight=False)
        volumes = [b.volume for b in bodies]
        if min(volumes) <= 0:
            problems.append("a body has no or negative volume (inside out, or a hidden void)")
        if not _is_manifold(mesh):
            problems.append("it is not a manifold solid (edges shared by more than two faces "
                            "or self-touching surfaces)")
    lo, hi = mesh.bounds
    if abs(lo[2]) > EPS:
        problems.append(f"it does not lie on the bed (lowest point at z = {lo[2]:.2f} mm)")
    elif bodies_on_bed and bodies is not None:
        above = [float(b.bounds[0][2]) for b in bodies if b.bounds[0][2] > EPS]
        if above:
            problems.append(f"it has {counted(len(above), 'body', 'bodies')} lifted off the "
                            f"bed (lowest point at z = {min(above):.2f} mm): a slicer sets the "
                            "file down by its lowest point, so such a body prints in the air")
    if lo[0] < -EPS or lo[1] < -EPS or hi[0] > bed[0] + EPS or hi[1] > bed[1] + EPS:
        problems.append(f"it leaves the {number_shown(bed[0])} x {number_shown(bed[1])} mm "
                        f"bed (spans x {lo[0]:.1f}..{hi[0]:.1f}, y {lo[1]:.1f}..{hi[1]:.1f})")
    return problems


def _is_manifold(mesh: trimesh.Trimesh) -> bool:
    m = manifold3d.Manifold(manifold3d.Mesh(
        vert_properties=np.ascontiguousarray(mesh.vertices, dtype=np.float32),
        tri_verts=np.ascontiguousarray(mesh.faces, dtype=np.uint32)))
    return m.status() == manifold3d.Error.NoError


def _names(names: list[str]) -> str:
    """The first few of ``names`` in a sentence: "A, B, C and 3 more"."""
    return listed(names if len(names) <= 4 else [*names[:3], f"{count_shown(len(names) - 3)} more"])


def _inside(inner: np.ndarray, outer: np.ndarray) -> bool:
    """Whether the footprint (x, y) of bounds ``inner`` lies within that of ``outer``."""
    return bool(np.all(inner[0][:2] >= outer[0][:2] - EPS)
                and np.all(inner[1][:2] <= outer[1][:2] + EPS))


def object_problems(objects: list[LoadedObject]) -> list[str]:
    """Sentences naming what a slicer would get wrong loading these 3MF objects: an object
    of several separate pieces (the slicer places and arranges it as one), a part outside
    its object's body, an object lying within another as an object of its own (a loose
    letter: the slicer may arrange it away from its tile) and objects overlapping on the
    bed; and an object with no triangles at all, nothing to print."""
    placed = [o for o in objects if o.parts and len(o.parts[0][1].faces)]
    empty = [f"'{o.name}'" for o in objects if not any(len(m.faces) for _, m in o.parts)]
    bounds = [o.parts[0][1].bounds for o in placed]
    loose, overlapping, within = [], [], set()
    for i, first in enumerate(placed):
        for j in range(i + 1, len(placed)):
            lo = np.maximum(bounds[i][0][:2], bounds[j][0][:2])
            hi = np.minimum(bounds[i][1][:2], bounds[j][1][:2])
            if np.any(hi - lo <= EPS):
                continue
            second = placed[j]
            if _inside(bounds[i], bounds[j]):
                loose.append(f"'{first.name}' in '{second.name}'")
                within.add(i)
            elif _inside(bounds[j], bounds[i]):
                loose.append(f"'{second.name}' in '{first.name}'")
                within.add(j)
            else:
                overlapping.append(f"'{first.name}' and '{second.name}'")
    problems = []
    if empty:
        problems.append(f"it has {counted(len(empty), 'object')} with no triangles "
                        f"({_names(empty)}): nothing to print")
    # an object lying within another (a loose letter, its Q and u) is said once, below
    several = [(o.name, o.parts[0][1].body_count) for i, o in enumerate(placed)
               if i not in within and o.parts[0][1].body_count > 1]
    if several:
        name, count = several[0]
        problems.append(f"it has {counted(len(several), 'object')} of several separate pieces "
                        f"('{name}' holds {count_shown(count)}): a slicer places and arranges "
                        "an object as one, so each piece should be an object of its own, its "
                        "letter a part of it")
    outside = [f"'{o.name}': {part}" for o in placed for part, mesh in o.parts[1:]
               if len(mesh.faces) and not _inside(mesh.bounds, o.parts[0][1].bounds)]
    if outside:
        problems.append(f"it has {counted(len(outside), 'part')} lying outside the body of "
                        f"their object ({_names(outside)})")
    if loose:
        problems.append(f"it has {counted(len(loose), 'object')} lying within another object "
                        f"({_names(loose)}): a slicer may arrange such an object away from the "
                        "one it lies in (a letter away from its tile), so it should be a part "
                        "of that object")
    if overlapping:
        problems.append(f"it has {counted(len(overlapping), 'pair')} of objects overlapping on "
                        f"the bed ({_names(overlapping)})")
    return problems


def is_tile_file(name: str) -> bool:
    """Whether the file ``name`` (in the set's folder's terms) holds letter tiles."""
    return name.startswith(("tiles-plate-", "tiles/"))


Segments = np.ndarray  # (n, 2, 2): n line segments in the plane, each from one point to another


def _top_outlines(mesh: trimesh.Trimesh) -> list[tuple[np.ndarray, Segments]]:
    """The closed outlines of the mesh's top face (flat, facing up, at its highest level),
    each as its points and its segments (x, y): a tile's plateau edge, its letter's pieces
    and the islands inside them (the counter of an O)."""
    top = mesh.bounds[1][2]
    corners = mesh.vertices[mesh.faces]
    flat_top = (mesh.face_normals[:, 2] > 0.999) & (np.abs(corners[:, :, 2] - top).max(axis=1)
                                                    < 1e-3)
    edges = np.sort(mesh.faces[flat_top][:, [0, 1, 1, 2, 2, 0]].reshape(-1, 2), axis=1)
    unique, counts = np.unique(edges, axis=0, return_counts=True)
    rim_edges = unique[counts == 1]  # an edge of one top triangle only is on an outline
    xy = mesh.vertices[:, :2]
    outlines = []
    for points in trimesh.graph.connected_components(rim_edges, min_len=3):
        mine = np.isin(rim_edges[:, 0], points)
        outlines.append((xy[points], xy[rim_edges[mine]]))
    return outlines


def _encloses(segments: Segments, point: np.ndarray) -> bool:
    """Whether the closed outline of ``segments`` holds ``point`` (a ray to +x crosses it an
    odd number of times)."""
    a, b = segments[:, 0], segments[:, 1]
    spans = (a[:, 1] > point[1]) != (b[:, 1] > point[1])
    with np.errstate(divide="ignore", invalid="ignore"):
        x = a[:, 0] + (point[1] - a[:, 1]) * (b[:, 0] - a[:, 0]) / (b[:, 1] - a[:, 1])
    return bool(np.count_nonzero(spans & (x > point[0])) % 2)


def _gap(points_a: np.ndarray, segments_a: Segments, points_b: np.ndarray,
         segments_b: Segments) -> float:
    """The least distance between two outlines (it is met at a point of one of them)."""
    return min(_point_to_segments(points_a, segments_b), _point_to_segments(points_b, segments_a))


def _point_to_segments(points: np.ndarray, segments: Segments) -> float:
    a, ab = segments[:, 0], segments[:, 1] - segments[:, 0]
    length2 = np.maximum(np.einsum("ij,ij->i", ab, ab), 1e-18)
    ap = points[:, None, :] - a[None]
    t = np.clip(np.einsum("nmj,mj->nm", ap, ab) / length2, 0.0, 1.0)
    d = ap - t[..., None] * ab[None]
    return float(np.sqrt(np.einsum("nmj,nmj->nm", d, d).min()))


def letter_walls_of(mesh: trimesh.Trimesh) -> list[tuple[float, float | None]]:
    """For each tile on the mesh's top (a plateau with a letter sunk in it), the least tile
    between the letter and the plateau's edge, and between the letter's pieces (None for a
    letter of one piece), measured at the top face, where the plateau's chamfer leaves the
    least."""
    outlines = _top_outlines(mesh)
    boxes = [(pts.min(axis=0), pts.max(axis=0)) for pts, _ in outlines]

    def depth(i: int) -> int:  # how many outlines hold outline i: 0 an edge, 1 a letter piece
        point = outlines[i][0][0]
        return sum(1 for j, (lo, hi) in enumerate(boxes)
                   if j != i and np.all(lo <= point) and np.all(point <= hi)
                   and _encloses(outlines[j][1], point))

    depths = [depth(i) for i in range(len(outlines))]
    walls = []
    for i, (_, edge) in enumerate(outlines):
        if depths[i] != 0:
            continue
        pieces = [outlines[j] for j in range(len(outlines))
                  if depths[j] == 1 and _encloses(edge, outlines[j][0][0])]
        if not pieces:
            continue
        rim = min(_gap(pts, segs, outlines[i][0], edge) for pts, segs in pieces)
        between = [_gap(*pieces[a], *pieces[b]) for a in range(len(pieces))
                   for b in range(a + 1, len(pieces))]
        walls.append((rim, min(between) if between else None))
    return walls


def letter_wall_problems(tiles: list[trimesh.Trimesh], rim: float) -> list[str]:
    """Sentences naming the tiles among ``tiles`` (each mesh one tile or a plate of them)
    whose letter leaves less than ``rim`` of tile to the plateau's edge, or less than a
    stroke (MIN_WALL) between its pieces."""
    walls = [w for mesh in tiles for w in letter_walls_of(mesh)]
    thin = [r for r, _ in walls if r < rim - EPS]
    close = [b for _, b in walls if b is not None and b < MIN_WALL - EPS]
    problems = []
    if thin:
        problems.append(f"{counted(len(thin), 'tile')} {_leave(thin)} less than "
                        f"{number_shown(rim)} mm of tile between the letter and the plateau's "
                        f"edge ({min(thin):.2f} mm at the least): so thin a rim breaks off or "
                        "does not print")
    if close:
        problems.append(f"{counted(len(close), 'tile')} {_leave(close)} less than "
                        f"{number_shown(MIN_WALL)} mm (two lines of a 0.4 mm nozzle) between "
                        f"the pieces of a letter ({min(close):.2f} mm at the least)")
    return problems


def _leave(found: list[float]) -> str:
    return "leaves" if len(found) == 1 else "leave"


def report_letter_rim(directory: Path) -> float:
    """The letter rim the set in ``directory`` was built with (its ``build.json``'s
    parameters); the default for a folder with no report, or one that names no rim (a set
    built before the rim was a parameter). A rim no build makes is refused, since checking
    the tiles against another would pass or fail them for nothing."""
    path = directory / REPORTS[0]
    params = read_report(path).get("params") if path.exists() else None
    tile = params.get("tile") if isinstance(params, dict) else None
    if not isinstance(tile, dict) or "letter_rim" not in tile:
        return wb.TILE_LETTER_RIM
    rim = tile["letter_rim"]
    if (isinstance(rim, bool) or not isinstance(rim, int | float)
            or not MIN_WALL <= rim < wb.TILE_PLATEAU_SIZE / 2):
        raise UsageError(f"{path_shown(path)} gives the tiles a letter rim of "
                         f"{as_written(rim)}, which no build makes (at least "
                         f"{number_shown(MIN_WALL)} mm): build the set again with 'companion "
                         "cad build'")
    return float(rim)


def load_meshes(path: Path) -> tuple[trimesh.Trimesh, list[LoadedObject] | None]:
    """One mesh of everything in an STL or 3MF file (a 3MF's parts are placed as built),
    and a 3MF's objects as a slicer loads them (None for an STL)."""
    objects = None
    if path.suffix.lower() == ".3mf":
        objects = read_3mf_objects(path)
        meshes = [mesh for obj in objects for _, mesh in obj.parts]
    else:
        meshes = [cast(trimesh.Trimesh, trimesh.load(path, file_type="stl", force="mesh"))]
    if not meshes:
        raise ValueError("no meshes inside")
    return cast(trimesh.Trimesh, trimesh.util.concatenate(meshes)), objects


MESH_SUFFIXES = (".stl", ".3mf")
CHECKED_SUFFIXES = (*MESH_SUFFIXES, ".step")


@contextmanager
def _quiet_stdout() -> Iterator[None]:
    """The process's own standard output (file descriptor 1) sent nowhere meanwhile, so what
    a C++ library prints there cannot mix with the command's output (its --json)."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as nowhere:
            os.dup2(nowhere.fileno(), 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def check_step(path: Path, rep: MeshReport) -> None:
    """Fill ``rep`` for the STEP file ``path``: OpenCascade must read it into a valid shape
    of closed solids. Not put on a bed: a STEP file is for CAD programs, a slicer takes the
    part's STL or 3MF."""
    from OCP.Bnd import Bnd_Box
    from OCP.BRep import BRep_Tool
    from OCP.BRepBndLib import BRepBndLib
    from OCP.BRepCheck import BRepCheck_Analyzer
    from OCP.BRepGProp import BRepGProp
    from OCP.GProp import GProp_GProps
    from OCP.IFSelect import IFSelect_RetDone
    from OCP.STEPControl import STEPControl_Reader
    from OCP.TopAbs import TopAbs_SHELL, TopAbs_SOLID
    from OCP.TopExp import TopExp_Explorer
    from OCP.TopoDS import TopoDS

    reader = STEPControl_Reader()
    with _quiet_stdout():  # the kernel writes its parser's complaints to the process's stdout
        read = reader.ReadFile(str(path)) == IFSelect_RetDone and reader.TransferRoots() > 0
    shape = reader.OneShape() if read else None
    if shape is None or shape.IsNull():
        rep.problems.append("it cannot be read (OpenCascade does not take it as STEP)")
        return
    solids = TopExp_Explorer(shape, TopAbs_SOLID)
    while solids.More():
        rep.bodies += 1
        solids.Next()
    # a solid whose shell is open comes out of the reader as the open shell alone
    shells = TopExp_Explorer(shape, TopAbs_SHELL)
    while shells.More():
        if not BRep_Tool.IsClosed_s(TopoDS.Shell_s(shells.Current())):
            rep.problems.append("a solid is not closed (its shell has open edges)")
            break
        shells.Next()
    if rep.bodies == 0 and not rep.problems:
        rep.problems.append("it holds no solid")
    if not BRepCheck_Analyzer(shape).IsValid():
        rep.problems.append("OpenCascade finds its shape invalid (faces or edges that do not "
                            "meet)")
    props = GProp_GProps()
    BRepGProp.VolumeProperties_s(shape, props)
    rep.volume = float(props.Mass())
    box = Bnd_Box()
    BRepBndLib.Add_s(shape, box)
    x0, y0, z0, x1, y1, z1 = box.Get()
    rep.extents = (x1 - x0, y1 - y0, z1 - z0)


_STL_HEADER = 80  # bytes of a binary STL before its count of triangles
_STL_TRIANGLE = 50  # bytes of each triangle: normal, three corners, attribute


def file_form_problem(path: Path) -> str | None:
    """What makes the mesh file ``path`` no file of its kind at all, or None: empty, or a
    binary STL shorter than its header's count of triangles needs (cut short, or a file of
    another kind given an .stl name), where the mesh reader found "no triangles" in them."""
    size = path.stat().st_size
    if size == 0:
        return "it is empty"
    if path.suffix.lower() != ".stl":
        return None
    with path.open("rb") as f:
        head = f.read(_STL_HEADER + 4)
    if head[:5].lower() == b"solid":
        return None  # most likely an STL written as text: the reader judges it
    if len(head) < _STL_HEADER + 4:
        return f"it is not an STL file: {counted(size, 'byte')}, too few for one"
    count = int.from_bytes(head[_STL_HEADER:], "little")
    needed = _STL_HEADER + 4 + _STL_TRIANGLE * count
    if size < needed:
        return (f"it is not a whole STL file: its header counts "
                f"{counted(count, 'triangle')}, which take {counted(needed, 'byte')}, and it "
                f"has {count_shown(size)} (cut short, or a file of another kind)")
    return None


def check_mesh_file(path: Path, rep: MeshReport, bed: tuple[float, float],
                    letter_rim: float | None = None) -> None:
    """Fill ``rep`` for the STL or 3MF file ``path`` on ``bed``; a file of letter tiles
    (``letter_rim`` given) must keep that much tile between each letter and its plateau's
    edge."""
    if (problem := file_form_problem(path)) is not None:
        rep.problems.append(problem)
        return
    try:
        mesh, objects = load_meshes(path)
    except zipfile.BadZipFile:  # its words: "File is not a zip file"
        rep.problems.append("it is not a 3MF file (a 3MF is a zip archive, and this file is "
                            "not one)")
        return
    except Exception as exc:  # a corrupt file is a finding, not a crash
        rep.problems.append(f"it cannot be read ({exc})")
        return
    # a 3MF's objects are each set down on the bed by a slicer (and one of separate pieces
    # is said below); the letter inlays of its tiles lie above it, in their tiles
    rep.problems = mesh_problems(mesh, bed, bodies_on_bed=objects is None)
    if objects is not None:
        rep.objects = len(objects)
        rep.problems += object_problems(objects)
    if len(mesh.faces) == 0:  # nothing to measure
        return
    if letter_rim is not None:
        tiles = [mesh] if objects is None else [o.parts[0][1] for o in objects if o.parts]
        rep.problems += letter_wall_problems(tiles, letter_rim)
    rep.volume = float(mesh.volume) if mesh.is_watertight else 0.0
    rep.bodies = int(mesh.body_count)
    x, y, z = (float(v) for v in mesh.extents)
    rep.extents = (x, y, z)


def report_beds(directory: Path) -> list[tuple[tuple[float, float], list[str]]]:
    """Each report in the directory (``build.json``, then ``coupons.json``): the bed it names
    and the files it lists."""
    found = []
    for name in REPORTS:
        path = directory / name
        if not path.exists():
            continue
        report = read_report(path)
        try:
            w, d = report["bed"]
            bed = (float(w), float(d))
        except (ValueError, KeyError, TypeError):
            bed = (0.0, 0.0)
        if not usable_bed(*bed):
            raise UsageError(f"{path_shown(path)} does not name a printer bed (\"bed\": [width, "
                             "depth] in mm); give one with --bed WxD")
        found.append((bed, report_files(report)))
    return found


def report_pieces(directory: Path) -> dict[str, int]:
    """How many pieces (separate bodies) each file in ``directory`` holds as its part is
    made, as the reports beside it say (``build.json``'s ``pieces``, written by the parts'
    builders, :mod:`cad.parts`; ``coupons.json``'s for the coupons); a report of a build made
    before the count was kept names none."""
    found: dict[str, int] = {}
    for name in reversed(REPORTS):  # build.json's count wins a file both list
        pieces = read_report(directory / name).get("pieces")
        if isinstance(pieces, dict):
            found.update({f: n for f, n in pieces.items() if type(n) is int and n > 0})
    return found


def pieces_problem(name: str, rep: MeshReport, expected: int) -> str | None:
    """The sentence for the file ``name`` whose count of pieces (an STL's bodies, a 3MF's
    objects, a STEP file's solids) is not the ``expected`` count its part is made of, or
    None: a stray body beside a quarter was checked as "2 bodies" and passed."""
    found = rep.objects if rep.objects is not None else rep.bodies
    if found == expected or not found:  # a file that could not be read says so already
        return None
    kind = ("object", "objects") if rep.objects is not None else (
        ("solid", "solids") if name.lower().endswith(".step") else ("body", "bodies"))
    why = ("a stray piece would print with it" if found > expected
           else "a piece of the part is missing")
    return (f"{name} holds {counted(found, *kind)} where its part is made of "
            f"{count_shown(expected)}: {why}")


def check_directory(directory: Path, bed: tuple[float, float] | None = None,
                    ) -> list[MeshReport]:
    """Check every STL, 3MF and STEP file under ``directory``: the meshes on ``bed`` when
    given, else each file on the bed of the report that lists it (coupons for a 250 mm bed
    beside a set for a 180 mm one), and a file no report lists on the bed of the folder's
    first report (180 x 180 mm without one); the STEP files as :func:`check_step` does.
    ``directory`` may also name one such file, checked on the bed the report beside it gives
    it (or the set's, one folder up). A file that cannot be read stops the check, in the
    sentence every command says it in (:func:`companion.textfile.file_problem`)."""
    only: Path | None = None
    try:
        given_file = directory.is_file()
        given_folder = directory.is_dir()
        there = given_file or given_folder or directory.exists()
    except OSError as exc:  # a folder on the way that cannot be looked into
        raise UsageError(file_problem(FileProblem.UNREADABLE, _kind(directory), directory,
                                      exc.strerror or str(exc))) from exc
    if given_file and directory.suffix.lower() in CHECKED_SUFFIXES:
        # a part's file: 'cad check quarter.stl' said "there is no folder"; its report is
        # beside it, or in the set's folder above a part's own (tiles/tile-A.stl)
        only = directory
        directory = next((d for d in (only.parent, only.parent.parent)
                          if any((d / name).exists() for name in REPORTS)), only.parent)
    elif there and not given_folder:
        raise UsageError(f"cannot check {path_shown(directory)}: give a folder of built parts or "
                         "an STL, 3MF or STEP file")
    elif not given_folder and directory.suffix.lower() in CHECKED_SUFFIXES:
        raise UsageError(missing_file(directory))
    elif not given_folder:
        raise UsageError(f"there is no folder {path_shown(directory)} of built parts to check")
    listed = [] if bed else report_beds(directory)
    default = bed or (listed[0][0] if listed else (180.0, 180.0))
    beds: dict[str, tuple[float, float]] = {}
    for report_bed, names in reversed(listed):  # build.json's bed wins a file both list
        beds.update(dict.fromkeys(names, report_bed))
    rim = report_letter_rim(directory)
    pieces = report_pieces(directory)
    files = [only] if only else sorted(
        p for p in directory.rglob("*") if p.suffix.lower() in CHECKED_SUFFIXES
        and not _staged(p.relative_to(directory)) and p.is_file())
    if not files:
        raise UsageError(f"the folder {path_shown(directory)} holds no STL, 3MF or STEP files: "
                         "run "
                         "'companion cad "
                         "build' first")
    for path in files:  # all of them readable, before any is checked
        _readable(path)
    reports = []
    for path in files:
        name = path.relative_to(directory).as_posix()
        reports.append(_check_file(path, str(path.relative_to(directory)),
                                   beds.get(name, default), rim if is_tile_file(name) else None,
                                   pieces.get(name)))
    return reports


def _check_file(path: Path, shown: str, bed: tuple[float, float], letter_rim: float | None,
                pieces: int | None) -> MeshReport:
    """The report on one file of a set: a STEP file as :func:`check_step` reads it, a mesh
    on ``bed``, and either holding the ``pieces`` its part is made of, when known."""
    rep = MeshReport(shown)
    if path.suffix.lower() == ".step":
        try:
            check_step(path, rep)
        except Exception as exc:  # the kernel's own failure on a bad file is a finding
            rep.problems.append(f"it cannot be read ({exc})")
    else:
        check_mesh_file(path, rep, bed, letter_rim)
    if pieces is not None and (problem := pieces_problem(Path(shown).as_posix(), rep, pieces)):
        rep.problems.append(problem)
    return rep


_KINDS = {".stl": "STL file", ".3mf": "3MF file", ".step": "STEP file"}


def _kind(path: Path) -> str:
    """What the file ``path`` is to the user, as its problems name it: "STL file"."""
    return _KINDS.get(path.suffix.lower(), "file")


def _staged(name: Path) -> bool:
    """Whether ``name`` (in the folder's terms) lies in a folder a build gathers its files in
    (:data:`cad.build.STAGE_PREFIX`): a build's, running or killed, not yet the set's."""
    return any(part.startswith(STAGE_PREFIX) for part in name.parts[:-1])


def _readable(path: Path) -> None:
    """Refuse the file ``path`` unless it can be read, in the one sentence of a file that
    cannot be ("the STL file set/quarter.stl cannot be read (Permission denied)"), where it
    was the system's "Permission denied (set/quarter.stl)"."""
    try:
        with path.open("rb"):
            pass
    except OSError as exc:
        raise UsageError(file_problem(FileProblem.UNREADABLE, _kind(path), path,
                                      exc.strerror or str(exc))) from exc


def missing_file(path: Path) -> str:
    """The sentence for a part's file ``path`` that is not there, naming the file of the
    nearest name in its folder or a part's folder in it (``quarte.stl``: ``quarter.stl``),
    if one is near enough to be the one meant."""
    said = file_problem(FileProblem.MISSING, _kind(path), path)
    folder = path.parent
    try:
        names = [p.relative_to(folder).as_posix() for p in (*folder.glob("*"), *folder.glob("*/*"))
                 if p.suffix.lower() in CHECKED_SUFFIXES and not _staged(p.relative_to(folder))
                 and p.is_file()]
    except OSError:  # a folder that cannot be read, or none at all: no name to offer
        names = []
    # a name near it in any case, else a file of a near name in a folder below (tiles/)
    for key in (str.lower, lambda name: name.rsplit("/", 1)[-1].lower()):
        by_key = {key(name): name for name in names}
        near = difflib.get_close_matches(path.name.lower(), list(by_key), 1, 0.8)
        if near:
            return f"{said}; did you mean {path_shown(folder / by_key[near[0]])}?"
    return said
