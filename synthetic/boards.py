"""Flat images of boards with tiles on them, for synthetic photos: the companion's printed
paper boards (its own PDF, rasterised with poppler's ``pdftoppm``) and a commercial-style board.
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from companion.layout.sheets import board_sheet
from companion.tiles import tile_set
from printables.raster import pdf_page_image
from synthetic.fonts import available, tile_fonts
from synthetic.render import COMMERCIAL, BoardStyle, render_board, tile_face
from synthetic.scenes import Scene
from vision.boards import BoardSpec
from vision.errors import VisionError

# The companion's paper tiles: cream face, Liberation Sans Bold ink (as printed).
PAPER_TILE = BoardStyle(tile=(246, 239, 220), ink=(31, 35, 40), letter_size=0.66,
                        value_size=0.26)


@cache
def printed_board(game: str, px_per_mm: float) -> np.ndarray:
    """The companion's paper board for ``game`` as printed (one page) and trimmed along its
    outline, BGR."""
    from printables.boards import board_pdf

    pdf = board_pdf(game, "full", full_border=0.0)
    img = pdf_page_image(pdf, px_per_mm * 25.4)
    return img


def paper_board_image(spec: BoardSpec, scene: Scene, rng: np.random.Generator,
                      px_per_mm: float = 5.0) -> tuple[np.ndarray, np.ndarray]:
    """The printed paper board with the companion's paper tiles on it.

    Returns the BGR image and the grid corners (4, 2) in its pixels.
    """
    sheet = board_sheet(spec.game)
    grid = sheet.grids["board"]
    img = printed_board(spec.game, px_per_mm).copy()
    sx = img.shape[1] / sheet.width
    sy = img.shape[0] / sheet.height
    from companion.layout.sheets import BOARD_SPECS

    tile_mm = BOARD_SPECS[spec.game].tile
    px = round(tile_mm * sx)
    font = available(("LiberationSans-Bold.ttf",)) or tile_fonts()
    values = tile_set(spec.game).values if spec.game == "bugwords" else None
    for r, row in enumerate(scene.faces()):
        for c, t in enumerate(row):
            if not t:
                continue
            letter = "" if t == "?" else t
            value = values.get(letter, 0) if values and letter else None
            face = tile_face(letter, px, font[0], PAPER_TILE, value,
                             tuple(rng.uniform(-0.02, 0.02, 2)))
            cell = grid.cell(r, c)
            cx, cy = cell.center
            x0 = round(cx * sx - px / 2 + rng.uniform(-0.8, 0.8) * sx)
            y0 = round(cy * sy - px / 2 + rng.uniform(-0.8, 0.8) * sy)
            img[y0: y0 + px, x0: x0 + px] = face
    corners = np.array(grid.bounds.corners(), np.float32) * np.float32([sx, sy])
    return img, corners


def commercial_board_image(spec: BoardSpec, scene: Scene, rng: np.random.Generator,
                           cell_px: int = 90) -> tuple[np.ndarray, np.ndarray]:
    """A commercial-style board (no markers) with tiles in one of the tile fonts."""
    fonts = tile_fonts()
    font = fonts[int(rng.integers(len(fonts)))]
    values = tile_set("bugwords").values
    return render_board(spec, scene.faces(), cell_px, font, COMMERCIAL, values, rng)


# The 3D-printed WerdUp board seen from above: grey plastic, white marker stickers, tiles.
PRINTED_BOARD = (88, 92, 100)       # BGR plastic of the frame
PRINTED_CELL = (70, 74, 82)
PRINTED_BEGIN = (150, 110, 70)
PRINTED_TILE = BoardStyle(tile=(236, 236, 230), ink=(25, 25, 25), letter_size=0.62)


def werdup_3d_image(scene: Scene, rng: np.random.Generator,
                    px_per_mm: float = 5.0) -> tuple[np.ndarray, np.ndarray]:
    """The 3D-printed WerdUp board (geometry from ``companion.layout.werdup_board``) with
    tiles, seen from straight above. Returns BGR image and grid corners (4, 2) in pixels.
    """
    from companion.layout.werdup_board import WERDUP_BOARD as B

    side = round(B.size * px_per_mm)
    img = np.full((side, side, 3), PRINTED_BOARD, np.uint8)
    s = px_per_mm
    begin = set(B.beginning_cells)
    for r in range(B.cells):
        for c in range(B.cells):
            x0, y0, x1, y1 = (round(v * s) for v in B.cell_rect(r, c))
            colour = PRINTED_BEGIN if (r, c) in begin else PRINTED_CELL
            cv2.rectangle(img, (x0 + 3, y0 + 3), (x1 - 4, y1 - 4), colour, -1)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, B.aruco_dictionary))
    for spot in B.markers:
        cx, cy = spot.center
        st = round(B.sticker_size * s)
        mk = round(B.marker_size * s)
        x0, y0 = round(cx * s - st / 2), round(cy * s - st / 2)
        img[y0: y0 + st, x0: x0 + st] = 255
        code = cv2.aruco.generateImageMarker(dictionary, spot.id, mk)
        mx, my = round(cx * s - mk / 2), round(cy * s - mk / 2)
        img[my: my + mk, mx: mx + mk] = code[:, :, None]
    font = available(("LiberationSans-Bold.ttf",)) or tile_fonts()
    px = round(B.tile_size * s)
    for r, row in enumerate(scene.faces()):
        for c, t in enumerate(row):
            if not t:
                continue
            face = tile_face(t, px, font[0], PRINTED_TILE, None,
                             tuple(rng.uniform(-0.02, 0.02, 2)))
            cx, cy = B.cell_center(r, c)
            x0 = round(cx * s - px / 2 + rng.uniform(-0.6, 0.6) * s)
            y0 = round(cy * s - px / 2 + rng.uniform(-0.6, 0.6) * s)
            img[y0: y0 + px, x0: x0 + px] = face
    x0, y0, _, _ = B.cell_rect(0, 0)
    _, _, x1, y1 = B.cell_rect(B.cells - 1, B.cells - 1)
    corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32) * s
    return img, corners


def wooden_board_image(spec: BoardSpec, scene: Scene, rng: np.random.Generator,
                       cell_px: int = 90) -> tuple[np.ndarray, np.ndarray]:
    """A commercial board as players own it (see :func:`synthetic.render.wooden_board`), turned
    0, 90, 180 or 270 degrees on the table; the corners stay those of the upright grid."""
    from synthetic.render import wooden_board

    fonts = tile_fonts()
    font = fonts[int(rng.integers(len(fonts)))]
    img, corners = wooden_board(spec, scene.faces(), cell_px, font, tile_set("bugwords").values,
                                rng)
    k = int(rng.integers(4))
    h, w = img.shape[:2]
    for _ in range(k):  # a quarter turn counter-clockwise: (x, y) -> (y, w - x)
        img = np.ascontiguousarray(np.rot90(img))
        corners = np.stack([corners[:, 1], w - corners[:, 0]], axis=1).astype(np.float32)
        h, w = img.shape[:2]
    return img, corners


KINDS = ("commercial", "wooden", "paper", "3d")


def flat_board(kind: str, spec: BoardSpec, scene: Scene, rng: np.random.Generator
               ) -> tuple[np.ndarray, np.ndarray]:
    """The flat image of a board of ``kind`` (commercial, paper or 3d) showing ``scene``."""
    if kind == "commercial":
        return commercial_board_image(spec, scene, rng)
    if kind == "wooden":
        return wooden_board_image(spec, scene, rng)
    if kind == "paper":
        return paper_board_image(spec, scene, rng)
    if kind == "3d":
        return werdup_3d_image(scene, rng)
    raise VisionError(f"unknown board kind {kind!r}; choose one of {', '.join(KINDS)}")


def synthetic_photo(kind: str, spec: BoardSpec, scene: Scene, rng: np.random.Generator,
                    camera=None) -> bytes:
    """A JPEG photo of ``scene`` on a board of ``kind`` (see :mod:`synthetic.camera`)."""
    from dataclasses import replace

    from synthetic.camera import Camera, photograph

    img, corners = flat_board(kind, spec, scene, rng)
    cam = camera or Camera()
    if kind == "wooden":  # photographed at home: carpet or a patterned cloth, warm dim light
        cam = replace(cam, home=True)
    jpg, _, _ = photograph(img, cam, rng, corners)
    return jpg
