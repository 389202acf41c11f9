"""Preview pictures of meshes: an isometric view with flat shading, drawn with Pillow
(painter's algorithm: far triangles first)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import trimesh
from PIL import Image, ImageDraw

BACKGROUND = (246, 246, 242)
BASE_COLOR = np.array([226, 140, 58], dtype=float)  # an orange filament
LIGHT = np.array([-0.35, 0.45, 0.82])


def view_matrix(azimuth_deg: float = -40.0, elevation_deg: float = 38.0) -> np.ndarray:
    """Rows: screen right, screen up, towards the viewer."""
    az, el = np.radians(azimuth_deg), np.radians(elevation_deg)
    forward = np.array([np.cos(el) * np.sin(az), -np.cos(el) * np.cos(az), np.sin(el)])
    right = np.cross([0.0, 0.0, 1.0], forward)
    right /= np.linalg.norm(right)
    up = np.cross(forward, right)
    return np.stack([right, up, forward])


def render(mesh: trimesh.Trimesh, size: int = 640, color: np.ndarray = BASE_COLOR,
           top_down: bool = False) -> Image.Image:
    """The mesh drawn into a ``size`` x ``size`` RGB picture."""
    rot = np.eye(3) if top_down else view_matrix()
    pts = mesh.vertices @ rot.T
    tri = pts[mesh.faces]  # (n, 3, 3)
    normals = mesh.face_normals @ rot.T
    visible = normals[:, 2] > 1e-6
    tri, normals = tri[visible], normals[visible]
    world_normals = mesh.face_normals[visible]
    shade = 0.35 + 0.65 * np.clip(world_normals @ (LIGHT / np.linalg.norm(LIGHT)), 0, 1)
    # deeper faces a little darker, so sunk letters and pockets show from straight above
    z = mesh.vertices[mesh.faces[visible]][:, :, 2].mean(axis=1)
    zmax = mesh.bounds[1][2]
    shade = shade * (1.0 - 0.45 * np.clip((zmax - z) / 1.2, 0, 1) * (world_normals[:, 2] > 0.9))
    order = np.argsort(tri[:, :, 2].mean(axis=1))
    xy = tri[:, :, :2]
    lo, hi = pts[:, :2].min(axis=0), pts[:, :2].max(axis=0)
    margin = 0.06 * size
    scale = (size - 2 * margin) / max(hi - lo)
    offset = (size - scale * (hi - lo)) / 2
    screen = (xy - lo) * scale + offset
    screen[:, :, 1] = size - screen[:, :, 1]
    img = Image.new("RGB", (size, size), BACKGROUND)
    draw = ImageDraw.Draw(img)
    colors = np.clip(shade[:, None] * color[None, :], 0, 255).astype(int)
    for i in order:
        c = tuple(colors[i])
        draw.polygon([tuple(p) for p in screen[i]], fill=c, outline=c)
    return img


def save_preview(mesh: trimesh.Trimesh, path: Path, size: int = 640) -> None:
    render(mesh, size).save(path, optimize=True)
