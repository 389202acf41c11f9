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
    """One body of a multi-body 3MF object: its mesh, name, display colour and the
    extruder (filament) that prints it."""

    name: str
    mesh: trimesh.Trimesh
    color: str = "#D8D8D8"
    extruder: int = 1


def write_3mf(bodies: Sequence[Body], path: Path, object_name: str) -> None:
    """A 3MF file with one object made of ``bodies``: one mesh whose triangles carry their
    body's material (3MF core), plus PrusaSlicer's volume table naming each body as a part
    with its own extruder, so a two-colour printer gives each body its own filament."""
    mats = "".join(f'<base name="{_xml(b.name)}" displaycolor="{b.color}"/>' for b in bodies)
    verts, tris, ranges = [], [], []
    offset = first = 0
    for index, body in enumerate(bodies):
        verts.append("".join(f'<vertex x="{x:.4f}" y="{y:.4f}" z="{z:.4f}"/>'
                             for x, y, z in body.mesh.vertices))
        tris.append("".join(f'<triangle v1="{a + offset}" v2="{b + offset}" v3="{c + offset}" '
                            f'pid="1" p1="{index}"/>' for a, b, c in body.mesh.faces))
        offset += len(body.mesh.vertices)
        ranges.append((first, first + len(body.mesh.faces) - 1))
        first += len(body.mesh.faces)
    model = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<model unit="millimeter" xml:lang="en-US" '
        'xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">'
        f'<metadata name="Title">{_xml(object_name)}</metadata>'
        f'<resources><basematerials id="1">{mats}</basematerials>'
        f'<object id="2" name="{_xml(object_name)}" type="model" pid="1" pindex="0"><mesh>'
        f'<vertices>{"".join(verts)}</vertices><triangles>{"".join(tris)}</triangles>'
        '</mesh></object></resources><build><item objectid="2"/></build></model>'
    )
    volumes = "".join(
        f'<volume firstid="{a}" lastid="{b}">'
        f'<metadata type="volume" key="name" value="{_xml(body.name)}"/>'
        f'<metadata type="volume" key="extruder" value="{body.extruder}"/></volume>'
        for body, (a, b) in zip(bodies, ranges, strict=True))
    prusa_config = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<config><object id="2" instances_count="1">'
        f'<metadata type="object" key="name" value="{_xml(object_name)}"/>{volumes}'
        '</object></config>'
    )
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


def read_3mf(path: Path) -> list[trimesh.Trimesh]:
    """The meshes of a 3MF file's build items, each placed as built (components and
    transforms followed); a mesh whose triangles carry different materials gives one mesh
    per material."""
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path) as zf:
        name = next((n for n in zf.namelist() if n.lower().endswith(".model")), None)
        if name is None:
            raise ValueError("no 3D model inside")
        root = ET.fromstring(zf.read(name))
    objects = {o.get("id"): o for o in root.iterfind("m:resources/m:object", _NS)}

    def meshes_of(obj_id: str, mat: np.ndarray, depth: int = 0) -> list[trimesh.Trimesh]:
        if depth > 16 or obj_id not in objects:
            raise ValueError(f"bad object reference {obj_id!r}")
        obj = objects[obj_id]
        mesh = obj.find("m:mesh", _NS)
        if mesh is not None:
            verts = np.array([[float(_attr(v, a)) for a in "xyz"]
                              for v in mesh.iterfind("m:vertices/m:vertex", _NS)])
            default = obj.get("pindex", "0")
            tris, props = [], []
            for t in mesh.iterfind("m:triangles/m:triangle", _NS):
                tris.append([int(_attr(t, a)) for a in ("v1", "v2", "v3")])
                props.append(t.get("p1", default))
            if not tris:
                return []
            tris_arr, props_arr = np.array(tris), np.array(props)
            parts = []
            for prop in dict.fromkeys(props):  # one mesh per material, in file order
                m = trimesh.Trimesh(verts, tris_arr[props_arr == prop], process=True)
                m.remove_unreferenced_vertices()
                m.apply_transform(mat)
                parts.append(m)
            return parts
        out = []
        for comp in obj.iterfind("m:components/m:component", _NS):
            out += meshes_of(_attr(comp, "objectid"), mat @ _transform(comp.get("transform")),
                             depth + 1)
        return out

    result = []
    for item in root.iterfind("m:build/m:item", _NS):
        result += meshes_of(_attr(item, "objectid"), _transform(item.get("transform")))
    return result
