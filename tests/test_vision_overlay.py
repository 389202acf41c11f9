"""The overlay's drawing itself: what tells a square in doubt from one read surely."""

from __future__ import annotations

from types import SimpleNamespace

import cv2
import numpy as np

from vision.overlay import DASH_INSET, DOUBT, draw_cards, draw_overlay

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


def _top_edge_runs(photo: np.ndarray, overlay: np.ndarray, corners: np.ndarray) -> int:
    """How many runs of drawn pixels lie along a card's top edge, clear of its corners."""
    (x0, y), (x1, _) = np.round(corners[:2]).astype(int)
    line = np.any(overlay[y, x0 + 6:x1 - 6] != photo[y, x0 + 6:x1 - 6], axis=1)
    return int(np.count_nonzero(np.diff(line.astype(int)) == 1)) + int(line[0])


def test_a_card_in_doubt_is_told_by_a_shape_as_well_as_its_colour():
    """The PDQ overlay outlined a card in doubt as it did a card read surely, in orange
    where the other is blue, its colour alone telling them apart: a card in doubt has a
    dashed outline along its edges (the boards' :func:`vision.overlay.draw_dashed`), in
    orange, and a card read surely a solid one."""
    photo = np.full((300, 600, 3), 90, np.uint8)
    cards = [SimpleNamespace(letter=letter, corners=np.array(
        [(x, 80), (x + 140, 80), (x + 140, 280), (x, 280)], np.float32))
        for letter, x in (("P", 40), ("N", 230), ("A", 420))]
    overlay = draw_cards(photo, cards, [1])  # the second card listed to check
    sure = [_top_edge_runs(photo, overlay, cards[i].corners) for i in (0, 2)]
    assert sure == [1, 1]  # one line from corner to corner
    assert _top_edge_runs(photo, overlay, cards[1].corners) >= 3  # dashes and gaps
    (x0, y), (x1, _) = np.round(cards[1].corners[:2]).astype(int)
    assert np.all(overlay[y, x0:x1] == np.array(DOUBT, np.uint8), axis=1).any()
