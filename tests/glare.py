"""A lamp's glare on a photo, for the tests of reading photos taken under one."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from synthetic.camera import lamp_glare

lamp = lamp_glare  # the glare the tests and the bench's variations put on a photo


def jpeg(image: np.ndarray) -> bytes:
    """The image as a JPEG (quality 90), as a phone would send it."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return data.tobytes()


def squares_said(where: str, column: str = "123456789") -> set[tuple[int, int]]:
    """The (row, col) squares, 0-based, that a listing names row by row ("rows 1-2, columns
    5-14; row 11, columns 6-11 and 13", as ``vision.cells.squares_by_row`` says them);
    ``column``: the names of the columns in order when they are letters ("ABC..."), else
    numbers."""
    import re

    def numbers(said: str, name: Callable[[str], int]) -> list[int]:
        out = []
        for piece in re.split(r", | and ", said):
            first, _, last = piece.partition("-")
            out.extend(range(name(first), name(last or first) + 1))
        return out

    def col(name: str) -> int:
        return int(name) - 1 if name.isdigit() else column.index(name)

    squares = set()
    for part in where.split("; "):
        rows, cols = re.fullmatch(r"rows? (.+), columns? (.+)", part).groups()
        squares |= {(r, c) for r in numbers(rows, lambda n: int(n) - 1)
                    for c in numbers(cols, col)}
    return squares
