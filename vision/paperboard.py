"""Telling the companion's printed paper board from a commercial board when it was found by
its premium squares (its markers under a hand or a cup, or blurred past decoding).

The paper board carries the companion's paper tiles, whose cream faces are the colour of its
plain squares, so the wooden-tile reader (which tells a tile from a bare square by colour)
reads it poorly; once known to be the paper board it is read by the cell reader, as when its
markers are seen. It shows by its print round the grid: a narrow frame, darker than the
squares, then the white of the sheet, lighter than the plain squares. The frame's width comes
from the board's layout (:func:`companion.layout.sheets.board_sheet`).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.layout import sheets
from vision.config import PremiumConfig
from vision.premium import project

_STEP = 0.025  # cells between the depths sampled across a side
_CORNER = 1.5  # cells of each side's ends left out (a hand or a cup over a corner)


def frame_widths(game: str) -> tuple[float, float]:
    """The paper board's frame round its grid and the sheet's margin past the grid, each in
    cells, from its layout."""
    sheet = sheets.board_sheet(game)
    grid, frame = sheet.grids["board"], sheet.boxes["frame"]
    return (grid.x - frame.x) / grid.pitch_x, grid.x / grid.pitch_x


def side_profiles(image: np.ndarray, grid_to_photo: np.ndarray, rows: int, cols: int,
                  depths: np.ndarray) -> np.ndarray:
    """The Lab lightness (0-255) across each side of a grid (top, right, bottom, left) at
    ``depths`` cells outside it, the median along the side but for its ends (so a letter
    printed beside the grid, or a hand over a corner, counts little): (4, len(depths)).
    Points outside the photo read black."""
    lightness = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32)
    out = np.zeros((4, len(depths)), np.float32)
    for side in range(4):
        length = cols if side % 2 == 0 else rows
        along = np.arange(_CORNER, length - _CORNER, 0.05)
        pts = []
        for d in depths:
            if side == 0:
                p = np.stack([along, np.full_like(along, -d)], 1)
            elif side == 1:
                p = np.stack([np.full_like(along, cols + d), along], 1)
            elif side == 2:
                p = np.stack([along, np.full_like(along, rows + d)], 1)
            else:
                p = np.stack([np.full_like(along, -d), along], 1)
            pts.append(p)
        xy = project(grid_to_photo, np.concatenate(pts)).astype(np.float32)
        xy = xy.reshape(len(depths), len(along), 2)
        seen = cv2.remap(lightness, xy[..., 0], xy[..., 1], cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=0.0)
        out[side] = np.median(seen, axis=1)
    return out


def paper_frame_shown(cfg: PremiumConfig, image: np.ndarray, grid_to_photo: np.ndarray,
                      rows: int, cols: int, game: str) -> bool:
    """Whether the grid (``grid_to_photo``: grid cells to photo pixels) has the paper board's
    print round it on ``paper_sides`` of its sides at least: its frame (the darkest across
    the frame's width) ``paper_frame_drop`` darker than the sheet past it (the median from a
    tenth of a cell past the frame to half a cell), and the sheet ``paper_lighter`` lighter
    than the squares along that side (the median from 0.1 to 0.3 cells inside the grid).
    A commercial board's margin is not lighter than its squares, or not darker just round
    them."""
    frame, margin = frame_widths(game)
    depths = np.arange(-0.3, min(frame + 0.5, margin - 0.1) + _STEP / 2, _STEP)
    lit = side_profiles(image, grid_to_photo, rows, cols, depths)
    inside = (depths >= -0.3) & (depths <= -0.1)
    band = (depths >= 0.0) & (depths <= frame + _STEP)
    sheet = depths >= frame + 0.1
    shown = 0
    for side in lit:
        paper = float(np.median(side[sheet]))
        shown += (paper - float(side[band].min()) >= cfg.paper_frame_drop
                  and paper - float(np.median(side[inside])) >= cfg.paper_lighter)
    return shown >= cfg.paper_sides
