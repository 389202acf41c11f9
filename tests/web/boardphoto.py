"""Synthetic phone photos of a board with tiles (the vision package's renderer and camera)."""

from __future__ import annotations

import numpy as np


def board_photo(kind: str, tiles: dict[tuple[int, int], str], seed: int = 3) -> bytes:
    """A JPEG of ``kind``'s board with ``tiles`` ((row, col) -> letter), taken at an angle."""
    from vision.boards import board_spec
    from vision.fonts import tile_fonts
    from vision.render import WERDUP, render_board
    from vision.synth import Camera, photograph

    spec = board_spec(kind)
    letters = [[""] * spec.cols for _ in range(spec.rows)]
    for (r, c), t in tiles.items():
        letters[r][c] = t
    style = {"style": WERDUP} if kind == "werdup" else {}
    flat, _corners = render_board(spec, letters, 40, tile_fonts()[0], **style)
    camera = Camera(width=1600, height=1200, max_tilt=20, max_rotation=10, max_blur=0.8)
    jpeg, _hom, _pts = photograph(flat, camera, np.random.default_rng(seed))
    return jpeg


def word_tiles(row: int, col: int, word: str, across: bool = True) -> dict[tuple[int, int], str]:
    """The squares of ``word`` starting at 0-based (row, col)."""
    return {(row + (0 if across else i), col + (i if across else 0)): ch
            for i, ch in enumerate(word)}
