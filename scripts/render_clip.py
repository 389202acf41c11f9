"""Draw the board quarters' snap-fit clip for the README, from sections of the real solids.

    .venv/bin/python scripts/render_clip.py [-o docs/images/cad-clip.png]

Left: seen from above, a cut through the catch's height: the arm along the seam, the gap it
bends into, and its catch in the neighbour's window. Right: a cut across the seam through the
catch: the catch's 45 degree faces one clearance inside the window, and (dashed) the arm bent
as far as it goes while the neighbour is pushed down past the lip.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import trimesh
from PIL import Image, ImageChops, ImageDraw, ImageFont

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from cad import coupon, snapfit  # noqa: E402
from cad.mesh import to_mesh  # noqa: E402
from cad.params import SetParams  # noqa: E402
from cad.preview import BACKGROUND, BASE_COLOR  # noqa: E402

NEIGHBOUR_COLOR = (70, 120, 200)
BENT_COLOR = (120, 120, 120)
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def cut(mesh: trimesh.Trimesh, origin: tuple[float, float, float],
        normal: tuple[float, float, float]) -> np.ndarray:
    """The mesh's outline in a plane, as (n, 2, 3) line segments."""
    return trimesh.intersections.mesh_plane(mesh, normal, origin)


def loops(segments: np.ndarray, axes: tuple[int, int]) -> list[list[tuple[float, float]]]:
    """Chain a section's segments into closed outlines (in the two ``axes``)."""
    def key(p: np.ndarray) -> tuple[float, float]:
        return (round(float(p[axes[0]]), 4), round(float(p[axes[1]]), 4))

    links: dict[tuple[float, float], list[tuple[float, float]]] = {}
    for a, b in segments:
        ka, kb = key(a), key(b)
        if ka != kb:
            links.setdefault(ka, []).append(kb)
            links.setdefault(kb, []).append(ka)
    out = []
    while links:
        start = next(iter(links))
        loop, prev, here = [start], None, start
        while True:
            nxt = [q for q in links.get(here, []) if q != prev]
            links.pop(here, None)
            if not nxt or nxt[0] == start or nxt[0] not in links:
                break
            prev, here = here, nxt[0]
            loop.append(here)
        if len(loop) > 2:
            out.append(loop)
    return out


def draw_panel(parts: list[tuple[np.ndarray, tuple[int, int, int], bool]],
               axes: tuple[int, int], window: tuple[float, float, float, float],
               scale: float, labels: list[tuple[float, float, str]], title: str,
               ) -> Image.Image:
    """Filled sections (even-odd, so holes stay open) and dashed outlines, with labels."""
    x0, x1, y0, y1 = window
    w, h = round((x1 - x0) * scale), round((y1 - y0) * scale)
    head = 40
    img = Image.new("RGB", (w, h + head), BACKGROUND)
    font = ImageFont.truetype(FONT, 17)

    def px(p: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] - x0) * scale, head + (y1 - p[1]) * scale)

    for segs, color, dashed in parts:
        outlines = loops(segs, axes)
        if dashed:
            draw = ImageDraw.Draw(img)
            for loop in outlines:
                for a, b in zip(loop, loop[1:] + loop[:1], strict=True):
                    for k in range(0, 8, 2):
                        p = (a[0] + (b[0] - a[0]) * k / 8, a[1] + (b[1] - a[1]) * k / 8)
                        q = (a[0] + (b[0] - a[0]) * (k + 1) / 8,
                             a[1] + (b[1] - a[1]) * (k + 1) / 8)
                        draw.line([px(p), px(q)], fill=color, width=2)
            continue
        mask = Image.new("1", img.size, 0)
        for loop in outlines:
            one = Image.new("1", img.size, 0)
            ImageDraw.Draw(one).polygon([px(p) for p in loop], fill=1)
            mask = ImageChops.logical_xor(mask, one)
        img.paste(Image.new("RGB", img.size, color), (0, 0), mask)
    draw = ImageDraw.Draw(img)
    for x, y, text in labels:
        draw.text(((x - x0) * scale, head + (y1 - y) * scale), text, fill=(20, 20, 20),
                  font=font)
    draw.text((8, 8), title, fill=(20, 20, 20), font=font)
    return img


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--out", default="docs/images/cad-clip.png")
    args = parser.parse_args()
    p = SetParams()
    c = p.clearance
    piece = coupon.corner_piece(p)
    a = to_mesh(piece)
    b = to_mesh(piece.rotate((0, 0, 0), (0, 0, 1), -90))
    bent = to_mesh(coupon.corner_piece(p, clip_deflection=snapfit.bend_to_pass(p)))
    clip = snapfit.quarter_clips(p, coupon.CORNER_CELLS)[0]
    outline = snapfit.catch_outline(p, p.clip.catch_z)
    mid_z = (outline[2][1] + outline[3][1]) / 2
    mid_y = (clip.catch_from + clip.tip) / 2

    top = draw_panel(
        [(cut(a, (0, 0, mid_z), (0, 0, 1)), BASE_COLOR, False),
         (cut(b, (0, 0, mid_z), (0, 0, 1)), NEIGHBOUR_COLOR, False)],
        (0, 1), (-9.0, 6.0, clip.root - 1.0, clip.tip + 2.5), 30,
        [(-5.6, clip.root + 8.4, "gap \u2192"), (-1.65, clip.root + 5.4, "arm"),
         (-4.8, clip.tip + 1.9, "end gap \u2198"), (-1.65, clip.root + 1.0, "root"),
         (-0.5, clip.tip - 2.4, "\u2190 catch"), (1.0, clip.root + 7, "neighbour"),
         (1.0, clip.tip - 1.5, "window")],
        "from above, cut at the catch")
    side = draw_panel(
        [(cut(a, (0, mid_y, 0), (0, 1, 0)), BASE_COLOR, False),
         (cut(b, (0, mid_y, 0), (0, 1, 0)), NEIGHBOUR_COLOR, False),
         (cut(bent, (0, mid_y, 0), (0, 1, 0)), BENT_COLOR, True)],
        (0, 2), (-4.5, 4.5, -1.2, 5.2), 70,
        [(-4.4, 5.1, "floor + rib"), (-0.9, 5.1, "arm"), (1.7, 5.1, "neighbour"),
         (-4.4, 2.6, "gap"), (-4.4, 1.0, f"dashed: arm bent {snapfit.bend_to_pass(p):.1f} mm"),
         (-4.4, -0.3, f"45 degree catch, {c:g} mm clearance all round, "
          f"overlap {p.clip.engagement:g} mm")],
        "across the seam, cut through the catch")
    out = Image.new("RGB", (top.width + side.width + 20, max(top.height, side.height)),
                    BACKGROUND)
    out.paste(top, (0, 0))
    out.paste(side, (top.width + 20, 0))
    out.save(args.out, optimize=True)
    print(f"wrote {args.out} ({out.width} x {out.height})")


if __name__ == "__main__":
    main()
