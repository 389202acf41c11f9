"""Drawing what was read on the photo: the grid and each square's letter, in the doubt colour
and inside a dashed outline where the square is listed for the player to check (a shape as
well as a colour, as the web page's grid marks it); a listed square read empty, which no
letter shows, outlined in the doubt colour with a "?"; a PDQ card listed to check, in a dashed
outline along its edges."""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:
    from vision.cards import CardRead
    from vision.girdle_sheet import GirdleReading
    from vision.reading import BoardReading

GOOD = (40, 170, 40)
DOUBT = (0, 140, 255)
GRID = (255, 160, 0)
HALO = (255, 255, 255)
FONT = cv2.FONT_HERSHEY_SIMPLEX
LISTED_INSET = 0.1  # a listed square's outline lies this share of the square inside it
CORNER_AT = 0.55    # a corner's label: this share of the way from the square's middle to it
QUERY_SIZE = 0.6    # on a board, a "?" in a square's corner is this share of a letter's size
DASHES = 3          # a square in doubt's dashed outline: this many dashes along each side
DASH_SHARE = 0.55   # of each dash's stretch of a side, the share drawn
DASH_INSET = 0.04   # a dashed outline lies this share of the square inside it, clear of a letter


def stroke(image: np.ndarray, per: float) -> int:
    """A line's width in pixels for a photo of this size: one for every ``per`` pixels of
    its long side, at least one."""
    return max(1, round(max(image.shape[:2]) / per))


def point_in(quad: np.ndarray, across: float, down: float) -> np.ndarray:
    """The point of a square seen in the photo (``quad``, (4, 2) corners top-left, top-right,
    bottom-right, bottom-left in photo pixels) ``across`` of the way from its left edge to its
    right and ``down`` from its top to its bottom (a square is small: its perspective is
    left out)."""
    top = quad[0] + across * (quad[1] - quad[0])
    bottom = quad[3] + across * (quad[2] - quad[3])
    return top + down * (bottom - top)


def corner_point(quad: np.ndarray) -> np.ndarray:
    """Where a label stands in a square's corner (``quad`` as :func:`point_in` takes it): by
    its top corner in the photo (of two level ones, the right), however the board or sheet
    lies in it, clear of a label on a taller stack in front of it."""
    corner = quad[int(np.argmax(quad[:, 0] / 2 - quad[:, 1]))]
    middle = point_in(quad, 0.5, 0.5)
    return middle + CORNER_AT * (corner - middle)


def draw_label(out: np.ndarray, at: np.ndarray, text: str, colour: tuple[int, int, int],
               size: float, thick: int) -> None:
    """``text`` centred on ``at`` (photo pixels), in ``colour`` lines ``thick`` pixels wide
    over a white halo, ``size`` the font's scale: a letter read, or a "?"."""
    (tw, th), _ = cv2.getTextSize(text, FONT, size, thick)
    org = (int(at[0] - tw / 2), int(at[1] + th / 2))
    cv2.putText(out, text, org, FONT, size, HALO, thick + 2, cv2.LINE_AA)
    cv2.putText(out, text, org, FONT, size, colour, thick, cv2.LINE_AA)


def draw_listed(out: np.ndarray, quad: np.ndarray, size: float, thick: int) -> None:
    """A square listed for the player to check that was read empty (``quad``, as
    :func:`point_in` takes it), where no letter drawn shows it: outlined in the doubt colour
    just inside its edges, ``thick`` pixels wide over a white halo, with a "?" of ``size``
    (:func:`draw_label`) in its corner (:func:`corner_point`), so the middle of the square,
    where a faint letter may show, stays clear."""
    s = LISTED_INSET
    inner = [np.round(np.array([point_in(quad, a, d) for a, d in
                                ((s, s), (1 - s, s), (1 - s, 1 - s), (s, 1 - s))])
                      ).astype(np.int32)]
    cv2.polylines(out, inner, True, HALO, thick + 2, cv2.LINE_AA)
    cv2.polylines(out, inner, True, DOUBT, thick, cv2.LINE_AA)
    draw_label(out, corner_point(quad), "?", DOUBT, size, thick)


def draw_dashed(out: np.ndarray, quad: np.ndarray, colour: tuple[int, int, int], thick: int,
                inset: float = DASH_INSET) -> None:
    """A dashed outline of a square (``quad``, as :func:`point_in` takes it) ``inset`` of the
    square inside its edges, in ``colour`` lines ``thick`` pixels wide over a white halo:
    what marks a square in doubt by its shape, not by its colour alone."""
    s = inset
    ring = [point_in(quad, a, d) for a, d in ((s, s), (1 - s, s), (1 - s, 1 - s), (s, 1 - s))]
    dashes = []
    for k in range(4):
        a, b = ring[k], ring[(k + 1) % 4]
        for i in range(DASHES):
            t0 = (i + (1 - DASH_SHARE) / 2) / DASHES
            t1 = t0 + DASH_SHARE / DASHES
            dashes.append(np.round(np.array([a + t0 * (b - a), a + t1 * (b - a)])
                                   ).astype(np.int32))
    cv2.polylines(out, dashes, False, HALO, thick + 2, cv2.LINE_AA)
    cv2.polylines(out, dashes, False, colour, thick, cv2.LINE_AA)


def draw_overlay(image: np.ndarray, reading: BoardReading) -> np.ndarray:
    """A copy of the BGR photo with the grid lines and read letters drawn in place, every
    square listed to check and read as a letter in a dashed outline (:func:`draw_dashed`),
    and every one read empty outlined (:func:`draw_listed`)."""
    out = image.copy()
    inv = np.linalg.inv(reading.located.homography)
    w, h = reading.located.size
    rows, cols = reading.spec.rows, reading.spec.cols
    lines: list[list[tuple[float, float]]] = []
    for i in range(cols + 1):
        lines.append([(i * w / cols, 0), (i * w / cols, h)])
    for j in range(rows + 1):
        lines.append([(0, j * h / rows), (w, j * h / rows)])
    thick = stroke(image, 800)
    for a, b in lines:
        ends = np.array([a, b], np.float32).reshape(-1, 1, 2)
        pts = cv2.perspectiveTransform(ends, inv).reshape(-1, 2)
        cv2.line(out, tuple(np.round(pts[0]).astype(int)), tuple(np.round(pts[1]).astype(int)),
                 GRID, thick, cv2.LINE_AA)
    doubt = {(rd.row, rd.col) for rd in reading.uncertain}
    grid = reading.grid()
    cw, ch = w / cols, h / rows
    for rd in reading.cells:
        corners = np.array([(rd.col + x, rd.row + y) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))],
                           np.float32) * np.array([cw, ch], np.float32)
        quad = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), inv).reshape(-1, 2)
        centre = point_in(quad, 0.5, 0.5)
        size = float(np.linalg.norm(point_in(quad, 0.5, 0.0) - centre)) / 14
        text = grid[rd.row][rd.col]
        if text:
            if (rd.row, rd.col) in doubt:
                draw_dashed(out, quad, DOUBT, thick + 1)
            draw_label(out, centre, text, DOUBT if (rd.row, rd.col) in doubt else GOOD, size,
                       thick + 1)
        elif (rd.row, rd.col) in doubt:
            draw_listed(out, quad, size * QUERY_SIZE, thick + 1)
    return out


def draw_cards(image: np.ndarray, cards: list[CardRead], uncertain: list[int]) -> np.ndarray:
    """A copy of the BGR photo with each found card outlined and its number and letter
    written above it; the cards listed to check (``uncertain``, their positions:
    :func:`vision.cards.uncertain_cards`) in the doubt colour, letter and outline, the
    outline dashed along the card's edges (:func:`draw_dashed`), as a board's square in doubt
    is marked, where a card read surely has a solid one."""
    out = image.copy()
    thick = stroke(image, 600)
    for i, card in enumerate(cards):
        pts = np.round(card.corners).astype(np.int32)
        if i in uncertain:
            draw_dashed(out, np.asarray(card.corners, float), DOUBT, thick + 1, inset=0.0)
        else:
            cv2.polylines(out, [pts], True, GRID, thick + 1, cv2.LINE_AA)
        text = f"{i + 1}:{card.letter or '?'}"
        (tw, th), _ = cv2.getTextSize(text, FONT, thick * 0.8, thick + 1)
        draw_label(out, np.array([pts[:, 0].min() + tw / 2, pts[:, 1].min() - 8 - th / 2]),
                   text, DOUBT if i in uncertain else GOOD, thick * 0.8, thick + 1)
    return out


def draw_sheet(image: np.ndarray, reading: GirdleReading) -> np.ndarray:
    """A copy of the BGR photo with the Girdle's boxes outlined and each read letter drawn in
    its box's upper right corner, beside the hand-written one; every box listed to check and
    read as a letter in a dashed outline (:func:`draw_dashed`), every one read empty
    outlined (:func:`draw_listed`)."""
    from companion.layout.sheets import girdle_sheet

    out = image.copy()
    grid = girdle_sheet(reading.paper).grids["girdle"]
    thick = stroke(image, 800)
    doubt = {(rd.row, rd.col) for rd in reading.uncertain}
    faces = reading.grid()
    for r, c, rect in grid.cells():
        corners = np.array(rect.corners(), np.float32).reshape(-1, 1, 2)
        quad = cv2.perspectiveTransform(corners, reading.homography).reshape(-1, 2)
        cv2.polylines(out, [np.round(quad).astype(np.int32)], True, GRID, thick, cv2.LINE_AA)
        size = float(np.linalg.norm(quad[1] - quad[0])) / 60
        text = faces[r][c]
        if text:
            if (r, c) in doubt:
                draw_dashed(out, quad, DOUBT, thick + 1)
            draw_label(out, corner_point(quad), text, DOUBT if (r, c) in doubt else GOOD, size,
                       thick + 1)
        elif (r, c) in doubt:
            draw_listed(out, quad, size, thick + 1)
    return out
