"""Drawing what was read on the photo: the grid and each cell's letter."""

from __future__ import annotations

import cv2
import numpy as np

from vision.reading import BoardReading

GOOD = (40, 170, 40)
DOUBT = (0, 140, 255)
GRID = (255, 160, 0)


def draw_overlay(image: np.ndarray, reading: BoardReading) -> np.ndarray:
    """A copy of the BGR photo with the grid lines and read letters drawn in place."""
    out = image.copy()
    inv = np.linalg.inv(reading.located.homography)
    w, h = reading.located.size
    rows, cols = reading.spec.rows, reading.spec.cols
    lines: list[list[tuple[float, float]]] = []
    for i in range(cols + 1):
        lines.append([(i * w / cols, 0), (i * w / cols, h)])
    for j in range(rows + 1):
        lines.append([(0, j * h / rows), (w, j * h / rows)])
    thick = max(1, round(max(image.shape[:2]) / 800))
    for a, b in lines:
        ends = np.array([a, b], np.float32).reshape(-1, 1, 2)
        pts = cv2.perspectiveTransform(ends, inv).reshape(-1, 2)
        cv2.line(out, tuple(np.round(pts[0]).astype(int)), tuple(np.round(pts[1]).astype(int)),
                 GRID, thick, cv2.LINE_AA)
    doubt = {(rd.row, rd.col) for rd in reading.uncertain}
    grid = reading.grid()
    cell_h = h / rows
    for rd in reading.cells:
        text = grid[rd.row][rd.col]
        if not text:
            continue
        cx, cy = (rd.col + 0.5) * w / cols, (rd.row + 0.5) * h / rows
        p = cv2.perspectiveTransform(np.array([[[cx, cy]], [[cx, cy - cell_h / 2]]], np.float32),
                                     inv)
        size = float(np.linalg.norm(p[0, 0] - p[1, 0])) / 14
        colour = DOUBT if (rd.row, rd.col) in doubt else GOOD
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, size, thick + 1)
        org = (int(p[0, 0, 0] - tw / 2), int(p[0, 0, 1] + th / 2))
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, size, (255, 255, 255), thick + 3,
                    cv2.LINE_AA)
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, size, colour, thick + 1,
                    cv2.LINE_AA)
    return out


def draw_cards(image: np.ndarray, cards: list) -> np.ndarray:
    """A copy of the BGR photo with each found card outlined and its letter written on it."""
    out = image.copy()
    thick = max(1, round(max(image.shape[:2]) / 600))
    for i, card in enumerate(cards):
        pts = np.round(card.corners).astype(np.int32)
        cv2.polylines(out, [pts], True, GRID, thick + 1, cv2.LINE_AA)
        text = f"{i + 1}:{card.letter or '?'}"
        org = (int(pts[:, 0].min()), int(pts[:, 1].min()) - 8)
        colour = GOOD if card.letter else DOUBT
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, thick * 0.8, (255, 255, 255),
                    thick + 3, cv2.LINE_AA)
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, thick * 0.8, colour, thick + 1,
                    cv2.LINE_AA)
    return out


def draw_sheet(image: np.ndarray, reading) -> np.ndarray:
    """A copy of the BGR photo with the Girdle's read letters drawn over their cells."""
    from companion.layout.sheets import girdle_sheet

    out = image.copy()
    grid = girdle_sheet(reading.paper).grids["girdle"]
    thick = max(1, round(max(image.shape[:2]) / 800))
    doubt = {(rd.row, rd.col) for rd in reading.uncertain}
    faces = reading.grid()
    for r, c, rect in grid.cells():
        corners = np.array(rect.corners(), np.float32).reshape(-1, 1, 2)
        pts = cv2.perspectiveTransform(corners, reading.homography).reshape(-1, 2)
        cv2.polylines(out, [np.round(pts).astype(np.int32)], True, GRID, thick, cv2.LINE_AA)
        text = faces[r][c]
        if text:
            cx, cy = pts.mean(axis=0)
            size = float(np.linalg.norm(pts[1] - pts[0])) / 40
            colour = DOUBT if (r, c) in doubt else GOOD
            cv2.putText(out, text, (int(cx + size * 8), int(cy - size * 8)),
                        cv2.FONT_HERSHEY_SIMPLEX, size, colour, thick + 1, cv2.LINE_AA)
    return out
