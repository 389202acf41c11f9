"""Synthetic phone photos of a board with tiles (the vision package's boards and camera)."""

from __future__ import annotations

import numpy as np


def board_photo(kind: str, tiles: dict[tuple[int, int], str], seed: int = 3,
                board: str | None = None) -> bytes:
    """A JPEG of ``kind``'s board with ``tiles`` ((row, col) -> letter), taken at an angle:
    a commercial Bug Words board, or the 3D-printed WerdUp board with its markers. Drawn
    once per run for the same arguments (several tests send the same photo)."""
    from sharedwork import once

    from synthetic.boards import synthetic_photo
    from synthetic.camera import Camera
    from synthetic.scenes import Scene
    from vision.boards import board_spec

    camera = Camera(width=1600, height=1200, max_tilt=20, max_rotation=10, max_blur=0.8)
    style = board or ("3d" if kind == "werdup" else "commercial")

    def draw() -> bytes:
        spec = board_spec(kind)
        letters = [[""] * spec.cols for _ in range(spec.rows)]
        for (r, c), t in tiles.items():
            letters[r][c] = t
        return synthetic_photo(style, spec, Scene(letters, set()), np.random.default_rng(seed),
                               camera)

    return once(f"web board photo {kind} {style} {sorted(tiles.items())} seed {seed} {camera}",
                draw)


def word_tiles(row: int, col: int, word, across: bool = True) -> dict[tuple[int, int], str]:
    """The squares of ``word`` (a string, or a list of tiles such as ["Qu", "I"]) starting at
    0-based (row, col)."""
    return {(row + (0 if across else i), col + (i if across else 0)): ch
            for i, ch in enumerate(word)}
