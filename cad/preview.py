"""Preview pictures of meshes: an isometric view with flat shading, drawn with a depth buffer
(every pixel shows the nearest triangle, so faces that overlap on screen never show through
one another), at twice the size and then scaled down to smooth the edges."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import trimesh
from PIL import Image

BACKGROUND = (246, 246, 242)
BASE_COLOR = (226, 140, 58)  # an orange filament
TILE_COLOR = (240, 228, 200)  # ivory tiles
LIGHT = np.array([-0.35, 0.45, 0.82])


def view_matrix(azimuth_deg: float = -40.0, elevation_deg: float = 38.0) -> np.ndarray:
    """Rows: screen right, screen up, towards the viewer."""
    az, el = np.radians(azimuth_deg), np.radians(elevation_deg)
    forward = np.array([np.cos(el) * np.sin(az), -np.cos(el) * np.cos(az), np.sin(el)])
    right = np.cross([0.0, 0.0, 1.0], forward)
    right /= np.linalg.norm(right)
    up = np.cross(forward, right)
    return np.stack([right, up, forward])


def _shades(mesh: trimesh.Trimesh, color: Sequence[int]) -> np.ndarray:
    """RGB per face: lit by one light, and up-facing faces below the part's top darkened so
    sunk letters and pockets show even from straight above."""
    normals = mesh.face_normals
    shade = 0.35 + 0.65 * np.clip(normals @ (LIGHT / np.linalg.norm(LIGHT)), 0, 1)
    z = mesh.vertices[mesh.faces][:, :, 2].mean(axis=1)
    depth = np.clip((mesh.bounds[1][2] - z) / 1.2, 0, 1) * (normals[:, 2] > 0.9)
    shade = shade * (1.0 - 0.45 * depth)
    return np.clip(shade[:, None] * np.asarray(color, dtype=float)[None, :], 0, 255)


def render_parts(parts: Sequence[tuple[trimesh.Trimesh, Sequence[int]]], size: int = 640,
                 top_down: bool = False) -> Image.Image:
    """Several meshes, each in its own colour, drawn into a ``size`` x ``size`` picture."""
    rot = np.eye(3) if top_down else view_matrix()
    tris = np.concatenate([m.vertices[m.faces] for m, _ in parts]) @ rot.T  # (n, 3, 3)
    normals = np.concatenate([m.face_normals for m, _ in parts]) @ rot.T
    colors = np.concatenate([_shades(m, c) for m, c in parts])
    visible = normals[:, 2] > 1e-6
    tris, colors = tris[visible], colors[visible]
    big = SUPERSAMPLE * size
    flat = tris[:, :, :2].reshape(-1, 2)
    lo, hi = flat.min(axis=0), flat.max(axis=0)
    margin = 0.06 * big
    scale = (big - 2 * margin) / max(hi - lo)
    offset = (big - scale * (hi - lo)) / 2
    screen = (tris[:, :, :2] - lo) * scale + offset
    screen[:, :, 1] = big - screen[:, :, 1]
    pixels = _rasterise(screen, tris[:, :, 2], colors, big)
    img = Image.fromarray(pixels)
    return img.resize((size, size), Image.Resampling.LANCZOS) if SUPERSAMPLE > 1 else img


SUPERSAMPLE = 2


def _rasterise(screen: np.ndarray, depth: np.ndarray, colors: np.ndarray,
               size: int) -> np.ndarray:
    """Triangles (screen x, y per corner; depth per corner, larger is nearer) filled with
    their colours where each is the nearest: a ``size`` x ``size`` RGB array."""
    zbuf = np.full((size, size), -np.inf)
    out = np.empty((size, size, 3), dtype=np.uint8)
    out[:] = BACKGROUND
    lo = np.clip(np.floor(screen.min(axis=1) - 0.5).astype(int), 0, size - 1)
    hi = np.clip(np.ceil(screen.max(axis=1) - 0.5).astype(int), 0, size - 1)
    rgb = np.clip(colors, 0, 255).astype(np.uint8)
    for i in range(len(screen)):
        (x0, y0), (x1, y1) = lo[i], hi[i]
        (ax, ay), (bx, by), (cx, cy) = screen[i]
        area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        if abs(area) < 1e-12:
            continue
        xs = np.arange(x0, x1 + 1) + 0.5
        ys = (np.arange(y0, y1 + 1) + 0.5)[:, None]
        # barycentric weights of each pixel centre
        w0 = ((bx - xs) * (cy - ys) - (by - ys) * (cx - xs)) / area
        w1 = ((cx - xs) * (ay - ys) - (cy - ys) * (ax - xs)) / area
        w2 = 1.0 - w0 - w1
        inside = (w0 >= -1e-9) & (w1 >= -1e-9) & (w2 >= -1e-9)
        if not inside.any():
            continue
        z = w0 * depth[i, 0] + w1 * depth[i, 1] + w2 * depth[i, 2]
        window = zbuf[y0:y1 + 1, x0:x1 + 1]
        nearer = inside & (z > window)
        window[nearer] = z[nearer]
        out[y0:y1 + 1, x0:x1 + 1][nearer] = rgb[i]
    return out


def render(mesh: trimesh.Trimesh, size: int = 640, color: Sequence[int] = BASE_COLOR,
           top_down: bool = False) -> Image.Image:
    """One mesh drawn into a ``size`` x ``size`` RGB picture."""
    return render_parts([(mesh, color)], size, top_down)


def save_preview(mesh: trimesh.Trimesh, path: Path, size: int = 640) -> None:
    render(mesh, size).save(path, optimize=True)
