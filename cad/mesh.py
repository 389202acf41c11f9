"""Turning CadQuery solids into triangle meshes, and writing and reading STL and 3MF files
(reading needs no CadQuery, so `companion cad check` starts in a second)."""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import trimesh

if TYPE_CHECKING:  # CadQuery takes seconds to load: only making solids' meshes needs it
    import cadquery as cq

MESH_TOLERANCE = 0.03  # mm: largest distance between the true surface and a triangle
ANGULAR_TOLERANCE = 0.2  # radians
MERGE_DIGITS = 5  # vertices closer than 1e-5 mm are one vertex


def to_mesh(shape: cq.Workplane | cq.Shape) -> trimesh.Trimesh:
    """A clean triangle mesh of ``shape`` (shared vertices, no zero-area triangles)."""
    import cadquery as cq

    from cad.solids import shape_of, shapes_of

    if isinstance(shape, cq.Workplane):
        parts = shapes_of(shape)
        shape = cq.Compound.makeCompound(parts) if len(parts) > 1 else shape_of(shape)
    verts, faces = _triangles(shape)
    mesh = trimesh.Trimesh(verts, faces, process=False)
    # faces are meshed one by one: weld their shared edges, then drop the slivers
    mesh.merge_vertices(digits_vertex=MERGE_DIGITS)
    mesh.update_faces(mesh.nondegenerate_faces(height=1e-9))
    mesh.update_faces(mesh.unique_faces())
    mesh.remove_unreferenced_vertices()
    return mesh


def _triangles(shape: cq.Shape) -> tuple[np.ndarray, np.ndarray]:
    """The vertices and triangles of ``shape`` meshed at :data:`MESH_TOLERANCE`, face by face:
    the same arrays as CadQuery's ``Shape.tessellate`` gives, read straight into arrays (its
    one point object per vertex took a whole build 2-3 s of CPU)."""
    from OCP.BRep import BRep_Tool
    from OCP.TopAbs import TopAbs_REVERSED
    from OCP.TopLoc import TopLoc_Location

    shape.mesh(MESH_TOLERANCE, ANGULAR_TOLERANCE)
    verts: list[np.ndarray] = []
    faces: list[np.ndarray] = []
    offset = 0
    for face in shape.Faces():
        loc = TopLoc_Location()
        poly = BRep_Tool.Triangulation_s(face.wrapped, loc)
        if poly is None:
            continue
        count = poly.NbNodes()
        nodes = (poly.Node(i) for i in range(1, count + 1))
        if not loc.IsIdentity():
            trsf = loc.Transformation()
            nodes = (p.Transformed(trsf) for p in nodes)
        verts.append(np.array([(p.X(), p.Y(), p.Z()) for p in nodes], dtype=float)
                     .reshape(-1, 3))
        tris = np.array([poly.Triangle(i).Get() for i in range(1, poly.NbTriangles() + 1)],
                        dtype=np.int64).reshape(-1, 3) + (offset - 1)
        # a reversed face's triangles wind the other way round
        faces.append(tris[:, [0, 2, 1]] if face.wrapped.Orientation() == TopAbs_REVERSED
                     else tris)
        offset += count
    if not verts:
        return np.zeros((0, 3)), np.zeros((0, 3), dtype=np.int64)
    return np.concatenate(verts), np.concatenate(faces)


def combine(meshes: Sequence[trimesh.Trimesh]) -> trimesh.Trimesh:
    """Several meshes as one mesh of separate bodies."""
    return cast(trimesh.Trimesh, trimesh.util.concatenate(list(meshes)))


def write_stl(mesh: trimesh.Trimesh, path: Path) -> None:
    data = mesh.export(file_type="stl")
    path.write_bytes(data if isinstance(data, bytes) else str(data).encode())


@dataclass(frozen=True)
class Body:
    """One part of a 3MF object: its mesh, name, display colour and the extruder
    (filament) that prints it."""

    name: str
    mesh: trimesh.Trimesh
    color: str = "#D8D8D8"
    extruder: int = 1


@dataclass(frozen=True)
class PrintObject:
    """One object of a 3MF file: a piece a slicer places, moves and arranges as a whole,
    made of its parts (the first is its body; a two-colour tile's letter inlay is a second
    part, so the slicer keeps the letter in its tile)."""

    name: str
    parts: tuple[Body, ...]


def write_3mf(objects: Sequence[PrintObject], path: Path, title: str) -> None:
    """A 3MF file of ``objects``, each a build item of its own. Each object is one mesh
    whose triangles carry their part's material (3MF core: name and display colour), and
    PrusaSlicer's volume table names each part with its own extruder, so a two-colour
    printer gives each part its own filament. (An object made of components would not do:
    PrusaSlicer loads each component as an object of its own.)"""
    materials: dict[tuple[str, str], int] = {}
    for obj in objects:
        for part in obj.parts:
            materials.setdefault((part.name, part.color), len(materials))
    mats = "".join(f'<base name="{_xml(name)}" displaycolor="{color}"/>'
                   for name, color in materials)
    resources, items, configs = [], [], []
    for number, obj in enumerate(objects):
        object_id = number + 2  # 1 is the materials
        verts, tris, volumes = [], [], []
        offset = first = 0
        for part in obj.parts:
            index = materials[(part.name, part.color)]
            verts.append("".join(f'<vertex x="{x:.4f}" y="{y:.4f}" z="{z:.4f}"/>'
                                 for x, y, z in part.mesh.vertices))
            tris.append("".join(f'<triangle v1="{a + offset}" v2="{b + offset}" '
                                f'v3="{c + offset}" pid="1" p1="{index}"/>'
                                for a, b, c in part.mesh.faces))
            offset += len(part.mesh.vertices)
            last = first + len(part.mesh.faces) - 1
            volumes.append(f'<volume firstid="{first}" lastid="{last}">'
                           f'<metadata type="volume" key="name" value="{_xml(part.name)}"/>'
                           f'<metadata type="volume" key="extruder" value="{part.extruder}"/>'
                           '</volume>')
            first = last + 1
        pindex = materials[(obj.parts[0].name, obj.parts[0].color)]
        resources.append(f'<object id="{object_id}" name="{_xml(obj.name)}" type="model" '
                         f'pid="1" pindex="{pindex}"><mesh><vertices>{"".join(verts)}'
                         f'</vertices><triangles>{"".join(tris)}</triangles></mesh></object>')
        items.append(f'<item objectid="{object_id}"/>')
        configs.append(f'<object id="{object_id}" instances_count="1">'
                       f'<metadata type="object" key="name" value="{_xml(obj.name)}"/>'
                       f'{"".join(volumes)}</object>')
    model = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<model unit="millimeter" xml:lang="en-US" '
        'xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">'
        f'<metadata name="Title">{_xml(title)}</metadata>'
        f'<resources><basematerials id="1">{mats}</basematerials>{"".join(resources)}'
        f'</resources><build>{"".join(items)}</build></model>'
    )
    prusa_config = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                    f'<config>{"".join(configs)}</config>')
    content_types = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="model" ContentType="application/'
        'vnd.ms-package.3dmanufacturing-3dmodel+xml"/>'
        '<Default Extension="config" ContentType="text/xml"/></Types>'
    )
    rels = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Target="/3D/3dmodel.model" Id="rel0" '
        'Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>'
    )
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        # fixed timestamps keep the file identical from build to build
        for name, text in (("[Content_Types].xml", content_types), ("_rels/.rels", rels),
                           ("3D/3dmodel.model", model),
                           ("Metadata/Slic3r_PE_model.config", prusa_config)):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, text)


def _xml(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def write_step(shape: cq.Workplane, path: Path) -> None:
    import cadquery as cq

    cq.exporters.export(shape, str(path), exportType="STEP")


_NS = {"m": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}


def _transform(text: str | None) -> np.ndarray:
    """A 3MF ``transform`` attribute (12 numbers, row-major 4 x 3) as a 4 x 4 matrix."""
    mat = np.eye(4)
    if text:
        v = np.array([float(x) for x in text.split()]).reshape(4, 3)
        mat[:3, :3] = v[:3].T
        mat[:3, 3] = v[3]
    return mat


def _attr(element: Any, name: str) -> str:
    """A 3MF element's attribute that must be there."""
    value = element.get(name)
    if value is None:
        raise ValueError(f"a 3MF {element.tag.split('}')[-1]} has no {name}")
    return str(value)


# a 3MF model's unit, in mm
UNITS_MM = {"micron": 0.001, "millimeter": 1.0, "centimeter": 10.0, "inch": 25.4,
            "foot": 304.8, "meter": 1000.0}


@dataclass(frozen=True)
class LoadedObject:
    """An object as a slicer loads it from a 3MF file: its name and parts (each part's
    name and mesh, in mm, placed as built; the first part is its body)."""

    name: str
    parts: tuple[tuple[str, trimesh.Trimesh], ...]


def _prusa_volumes(zf: zipfile.ZipFile) -> dict[str, list[tuple[int, int, str]]]:
    """PrusaSlicer's volume table, if the file has one: for each object id, its parts'
    first and last triangle and name."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(zf.read("Metadata/Slic3r_PE_model.config"))
    except KeyError:
        return {}
    out: dict[str, list[tuple[int, int, str]]] = {}
    for obj in root.iterfind("object"):
        for vol in obj.iterfind("volume"):
            name = next((m.get("value", "") for m in vol.iterfind("metadata")
                         if m.get("key") == "name"), "")
            out.setdefault(_attr(obj, "id"), []).append(
                (int(_attr(vol, "firstid")), int(_attr(vol, "lastid")), name))
    return out


def read_3mf_objects(path: Path) -> list[LoadedObject]:
    """The objects of a 3MF file's build items as PrusaSlicer loads them: an object's
    parts are its volume table's triangle ranges, else one part per material its triangles
    carry; each component of an assembly is an object of its own (PrusaSlicer loads them
    so). Coordinates are turned from the model's unit into mm."""
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path) as zf:
        name = next((n for n in zf.namelist() if n.lower().endswith(".model")), None)
        if name is None:
            raise ValueError("no 3D model inside")
        root = ET.fromstring(zf.read(name))
        volumes = _prusa_volumes(zf)
    unit = root.get("unit", "millimeter")
    if unit not in UNITS_MM:
        raise ValueError(f"its unit {unit!r} is none of 3MF's units")
    scale = np.diag([UNITS_MM[unit]] * 3 + [1.0])
    objects = {o.get("id"): o for o in root.iterfind("m:resources/m:object", _NS)}
    material_names = {(g.get("id"), str(i)): b.get("name") or f"material {i + 1}"
                      for g in root.iterfind("m:resources/m:basematerials", _NS)
                      for i, b in enumerate(g.iterfind("m:base", _NS))}

    def loaded(obj_id: str, mat: np.ndarray, depth: int = 0) -> list[LoadedObject]:
        if depth > 16 or obj_id not in objects:
            raise ValueError(f"bad object reference {obj_id!r}")
        obj = objects[obj_id]
        name = obj.get("name") or f"object {obj_id}"
        mesh = obj.find("m:mesh", _NS)
        if mesh is None:
            return [o for comp in obj.iterfind("m:components/m:component", _NS)
                    for o in loaded(_attr(comp, "objectid"),
                                    mat @ _transform(comp.get("transform")), depth + 1)]
        verts = np.array([[float(_attr(v, a)) for a in "xyz"]
                          for v in mesh.iterfind("m:vertices/m:vertex", _NS)]).reshape(-1, 3)
        tris, props = [], []
        pid, pindex = obj.get("pid"), obj.get("pindex", "0")
        for t in mesh.iterfind("m:triangles/m:triangle", _NS):
            tris.append([int(_attr(t, a)) for a in ("v1", "v2", "v3")])
            props.append((t.get("pid", pid), t.get("p1", pindex)))
        if not tris:
            return [LoadedObject(name, ())]
        tris_arr = np.array(tris)
        if obj_id in volumes:
            index = np.arange(len(tris))
            chosen = [(part, (index >= first) & (index <= last))
                      for first, last, part in volumes[obj_id]]
        else:
            keys = np.array([f"{g}/{p}" for g, p in props])
            chosen = [(material_names.get(key) or "part", keys == f"{key[0]}/{key[1]}")
                      for key in dict.fromkeys(props)]  # in file order
        parts = []
        for part, mask in chosen:
            m = trimesh.Trimesh(verts, tris_arr[mask], process=True)
            m.remove_unreferenced_vertices()
            m.apply_transform(scale @ mat)
            parts.append((part, m))
        return [LoadedObject(name, tuple(parts))]

    out = []
    for item in root.iterfind("m:build/m:item", _NS):
        out += loaded(_attr(item, "objectid"), _transform(item.get("transform")))
    return out
