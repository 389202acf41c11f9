"""The overlay's drawing itself: what tells a square in doubt from one read surely."""

from __future__ import annotations

from types import SimpleNamespace

import cv2
import numpy as np

from vision.overlay import DASH_INSET, draw_overlay

SIDE = 80  # a square's side in the photo's pixels


def _reading(grid: list[list[str]], doubt: set[tuple[int, int]]) -> SimpleNamespace:
    """A flat board read square on to the photo (one photo pixel a board pixel): its letters
    ``grid``, the squares ``doubt`` listed to check."""
    rows, cols = len(grid), len(grid[0])
    cells = [SimpleNamespace(row=r, col=c) for r in range(rows) for c in range(cols)]
    return SimpleNamespace(
        located=SimpleNamespace(homography=np.eye(3), size=(cols * SIDE, rows * SIDE)),
        spec=SimpleNamespace(rows=rows, cols=cols), cells=cells,
        uncertain=[SimpleNamespace(row=r, col=c) for r, c in sorted(doubt)],
        grid=lambda: grid)


def _edge_marks(photo: np.ndarray, overlay: np.ndarray, row: int, col: int) -> int:
    """How many pixels the overlay changed, in grey, near a square's edges: clear of the grid's
    own lines and of the letter in its middle, so what is counted is a shape, not a colour."""
    grey = (cv2.cvtColor(overlay, cv2.COLOR_BGR2GRAY).astype(int)
            - cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY).astype(int))
    square = np.abs(grey[row * SIDE:(row + 1) * SIDE, col * SIDE:(col + 1) * SIDE]) > 40
    ring = np.zeros_like(square)
    ring[1:SIDE - 1, 1:SIDE - 1] = True  # the grid's line on the square's edge left out
    ring[6:SIDE - 6, 6:SIDE - 6] = False  # the letter inside
    return int((square & ring).sum())


def test_a_letter_in_doubt_is_told_by_a_shape_as_well_as_its_colour():
    """Green and orange were all that told a letter read surely from one in doubt: to a
    player who cannot tell the two, or on a phone in the sun, the squares to check did not
    show. A square in doubt now has a dashed outline, which a grey copy of the overlay
    shows, and a square read surely none."""
    photo = np.full((3 * SIDE, 3 * SIDE, 3), 90, np.uint8)
    grid = [["A", "B", ""], ["C", "D", ""], ["", "", ""]]
    overlay = draw_overlay(photo, _reading(grid, {(0, 1)}))
    assert _edge_marks(photo, overlay, 0, 0) == 0
    assert _edge_marks(photo, overlay, 1, 1) == 0
    assert _edge_marks(photo, overlay, 0, 1) > SIDE  # dashes along four sides


def test_a_dashed_outline_has_gaps():
    """The outline of a square in doubt is dashed, not the solid one of a square read empty:
    along its top side the pixels drawn break off and start again."""
    photo = np.full((3 * SIDE, 3 * SIDE, 3), 90, np.uint8)
    grid = [["", "B", ""], ["", "", ""], ["", "", ""]]
    overlay = draw_overlay(photo, _reading(grid, {(0, 1)}))
    top = round(DASH_INSET * SIDE)
    line = np.any(overlay[top, SIDE + 10:2 * SIDE - 10] != photo[top, SIDE + 10:2 * SIDE - 10],
                  axis=1)
    runs = int(np.count_nonzero(np.diff(line.astype(int)) == 1)) + int(line[0])
    assert runs >= 2 and not line.all()
