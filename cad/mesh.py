"""Turning CadQuery solids into triangle meshes, and writing STL and 3MF files."""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cadquery as cq
import numpy as np
import trimesh

MESH_TOLERANCE = 0.03  # mm: largest distance between the true surface and a triangle
ANGULAR_TOLERANCE = 0.2  # radians


def to_mesh(shape: cq.Workplane | cq.Shape) -> trimesh.Trimesh:
    """A clean triangle mesh of ``shape`` (shared vertices, no zero-area triangles)."""
    if isinstance(shape, cq.Workplane):
        shape = cq.Compound.makeCompound(shape.vals()) if len(shape.vals()) > 1 else shape.val()
    verts, faces = shape.tessellate(MESH_TOLERANCE, ANGULAR_TOLERANCE)
    mesh = trimesh.Trimesh(np.array([v.toTuple() for v in verts], dtype=float),
                           np.array(faces, dtype=np.int64), process=True)
    mesh.update_faces(mesh.nondegenerate_faces(height=1e-9))
    mesh.remove_unreferenced_vertices()
    mesh.merge_vertices()
    return mesh


def place(mesh: trimesh.Trimesh, offsets: Sequence[tuple[float, float, float]]) -> trimesh.Trimesh:
    """Copies of ``mesh`` moved by each offset, as one mesh of separate bodies."""
    n = len(mesh.vertices)
    verts = np.concatenate([mesh.vertices + np.asarray(o, dtype=float) for o in offsets])
    faces = np.concatenate([mesh.faces + i * n for i in range(len(offsets))])
    return trimesh.Trimesh(verts, faces, process=False)


def combine(meshes: Sequence[trimesh.Trimesh]) -> trimesh.Trimesh:
    """Several meshes as one mesh of separate bodies."""
    return trimesh.util.concatenate(list(meshes))


def write_stl(mesh: trimesh.Trimesh, path: Path) -> None:
    path.write_bytes(mesh.export(file_type="stl"))


@dataclass(frozen=True)
class Body:
    """One body of a multi-body 3MF object: its mesh, name and display colour."""

    name: str
    mesh: trimesh.Trimesh
    color: str = "#D8D8D8"


def write_3mf(bodies: Sequence[Body], path: Path, object_name: str) -> None:
    """A 3MF file whose one build item is an object made of ``bodies`` (each its own mesh
    object with its own colour), so a two-colour printer assigns one filament per body."""
    mats = "".join(f'<base name="{b.name}" displaycolor="{b.color}"/>' for b in bodies)
    objects = []
    for i, body in enumerate(bodies, start=1):
        v = "".join(f'<vertex x="{x:.4f}" y="{y:.4f}" z="{z:.4f}"/>'
                    for x, y, z in body.mesh.vertices)
        t = "".join(f'<triangle v1="{a}" v2="{b}" v3="{c}"/>' for a, b, c in body.mesh.faces)
        objects.append(f'<object id="{i + 1}" name="{body.name}" type="model" pid="1" '
                       f'pindex="{i - 1}"><mesh><vertices>{v}</vertices>'
                       f'<triangles>{t}</triangles></mesh></object>')
    top = len(bodies) + 2
    comps = "".join(f'<component objectid="{i + 1}"/>' for i in range(1, len(bodies) + 1))
    model = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<model unit="millimeter" xml:lang="en-US" '
        'xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">'
        f'<metadata name="Title">{object_name}</metadata>'
        f'<resources><basematerials id="1">{mats}</basematerials>{"".join(objects)}'
        f'<object id="{top}" name="{object_name}" type="model"><components>{comps}'
        f'</components></object></resources>'
        f'<build><item objectid="{top}"/></build></model>'
    )
    content_types = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="model" ContentType="application/'
        'vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>'
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
                           ("3D/3dmodel.model", model)):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, text)


def write_step(shape: cq.Workplane, path: Path) -> None:
    cq.exporters.export(shape, str(path), exportType="STEP")
