"""Reading a board photo for a game: the vision pipeline reads it, the player corrects the
uncertain squares, and the new tiles are scored by the game's engine."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import cv2
import numpy as np

from companion.errors import UsageError
from companion.lexicon import Lexicon

OVERLAY_WIDTH = 900


def read_photo(kind: str, data: bytes, lexicon: Lexicon, max_pixels: int) -> tuple[
        dict[str, Any], np.ndarray]:
    """The reading of a photo of ``kind``'s board (grid, confidences, uncertain squares with
    alternatives) and the working-size image. Bad photos raise a player-readable error."""
    from vision.boards import board_spec
    from vision.classifier import shipped_classifier
    from vision.config import DEFAULT
    from vision.imageio import decode_photo
    from vision.reading import read_board

    if not data:
        raise UsageError("Choose a photo of the board first.")
    cfg = replace(DEFAULT, load=replace(DEFAULT.load,
                                        max_pixels=min(max_pixels, DEFAULT.load.max_pixels)))
    image = decode_photo(cfg.load, data, name="That photo")
    reading = read_board(cfg, image, board_spec(kind), shipped_classifier(), lexicon)
    return reading.to_dict(), image


def overlay(image: np.ndarray, reading: dict[str, Any]) -> bytes:
    """A JPEG of the photo with the grid found and each letter read drawn over it (yellow:
    uncertain)."""
    rows, cols = reading["rows"], reading["cols"]
    corners = np.float32(reading["corners"])
    unit = np.float32([[0, 0], [cols, 0], [cols, rows], [0, rows]])
    hom = cv2.getPerspectiveTransform(unit, corners)
    out = image.copy()

    def to_photo(x: float, y: float) -> tuple[int, int]:
        p = cv2.perspectiveTransform(np.float32([[[x, y]]]), hom)[0, 0]
        return int(round(p[0])), int(round(p[1]))

    green, yellow = (60, 200, 60), (0, 215, 255)
    for i in range(rows + 1):
        cv2.line(out, to_photo(0, i), to_photo(cols, i), green, 1, cv2.LINE_AA)
    for j in range(cols + 1):
        cv2.line(out, to_photo(j, 0), to_photo(j, rows), green, 1, cv2.LINE_AA)
    unsure = {(u["row"], u["col"]) for u in reading["uncertain"]}
    cell = np.linalg.norm(np.float32(to_photo(1, 0)) - np.float32(to_photo(0, 0)))
    scale = max(0.35, cell / 40)
    for r, row in enumerate(reading["grid"]):
        for c, face in enumerate(row):
            if not face and (r, c) not in unsure:
                continue
            x, y = to_photo(c + 0.08, r + 0.42)
            colour = yellow if (r, c) in unsure else green
            cv2.putText(out, face or "?", (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale * 0.6,
                        (0, 0, 0), 3, cv2.LINE_AA)
            cv2.putText(out, face or "?", (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale * 0.6,
                        colour, 1, cv2.LINE_AA)
    h, w = out.shape[:2]
    if w > OVERLAY_WIDTH:
        out = cv2.resize(out, (OVERLAY_WIDTH, round(h * OVERLAY_WIDTH / w)),
                         interpolation=cv2.INTER_AREA)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 80])
    if not ok:  # pragma: no cover - OpenCV encodes any 8-bit image
        raise UsageError("Could not draw the overlay.")
    return buf.tobytes()


def grid_from_form(form: Any, rows: int, cols: int) -> list[list[str]]:
    """The corrected grid from the photo page's squares (``sq-R-C`` fields)."""
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            value = str(form.get(f"sq-{r}-{c}", "")).strip()
            if len(value) > 2:
                raise UsageError("Each square holds one letter (or Qu).")
            row.append(value)
        grid.append(row)
    return grid


def grid_from_json(value: Any, rows: int, cols: int) -> list[list[str]]:
    """A grid sent to the API: ``rows`` lists of ``cols`` strings ("" for empty)."""
    if not (isinstance(value, list) and len(value) == rows and all(
            isinstance(row, list) and len(row) == cols and all(isinstance(x, str) for x in row)
            for row in value)):
        raise UsageError(f'"grid" must be {rows} lists of {cols} letters ("" for empty).')
    return [[x.strip() for x in row] for row in value]
