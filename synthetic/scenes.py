"""Game positions with ground truth for synthetic photos: crosswords of lexicon words."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.lexicon import Lexicon
from vision.boards import BoardSpec
from vision.words import runs


@dataclass
class Scene:
    """A board position: ``letters[r][c]`` is "" (empty) or a tile ("A".."Z", "Qu");
    ``blanks`` holds the (r, c) of tiles that are blank (their letter is what they stand for).
    """

    letters: list[list[str]]
    blanks: set[tuple[int, int]]

    def faces(self) -> list[list[str]]:
        """What the camera sees: "?" for a blank tile."""
        return [["?" if (r, c) in self.blanks else t for c, t in enumerate(row)]
                for r, row in enumerate(self.letters)]


def crossword(spec: BoardSpec, lexicon: Lexicon, rng: np.random.Generator, words: int = 10,
              blanks: int = 0, max_len: int = 7) -> Scene:
    """A random position of up to ``words`` crossing words in which every run is a word."""
    pool = [w for w in lexicon if 3 <= len(w) <= max_len and w.isalpha()]
    qu = "Qu" in spec.letters  # one tile stands for "qu": a word is placed tile by tile
    if qu:
        pool = [w.replace("qu", "q") for w in pool if "q" not in w.replace("qu", "")]
    grid = [[""] * spec.cols for _ in range(spec.rows)]
    first = pool[int(rng.integers(len(pool)))]
    r0 = spec.rows // 2
    c0 = max(0, (spec.cols - len(first)) // 2)
    _place(grid, first, r0, c0, 0, 1)
    placed, tries = 1, 0
    while placed < words and tries < words * 60:
        tries += 1
        cells = [(r, c) for r in range(spec.rows) for c in range(spec.cols) if grid[r][c]]
        r, c = cells[int(rng.integers(len(cells)))]
        dr, dc = (1, 0) if rng.random() < 0.5 else (0, 1)
        letter = grid[r][c].lower()
        picks = (pool[int(i)] for i in rng.integers(len(pool), size=200))
        cands = [w for w in picks if letter in w]
        for w in cands[:20]:
            k = w.index(letter)
            sr, sc = r - dr * k, c - dc * k
            if _fits(grid, spec, w, sr, sc, dr, dc, lexicon, qu):
                _place(grid, w, sr, sc, dr, dc)
                placed += 1
                break
    tiles = [(r, c) for r in range(spec.rows) for c in range(spec.cols) if grid[r][c]]
    chosen = rng.choice(len(tiles), size=min(blanks, len(tiles)), replace=False)
    return Scene(_qu(grid, spec), {tiles[int(i)] for i in chosen})


def _qu(grid: list[list[str]], spec: BoardSpec) -> list[list[str]]:
    out = [[t.upper() for t in row] for row in grid]
    if "Qu" in spec.letters:
        out = [["Qu" if t == "Q" else t for t in row] for row in out]
    return out


def _place(grid: list[list[str]], word: str, r: int, c: int, dr: int, dc: int) -> None:
    for i, ch in enumerate(word):
        grid[r + dr * i][c + dc * i] = ch


def _fits(grid: list[list[str]], spec: BoardSpec, word: str, r: int, c: int, dr: int, dc: int,
          lexicon: Lexicon, qu: bool = False) -> bool:
    end_r, end_c = r + dr * (len(word) - 1), c + dc * (len(word) - 1)
    if r < 0 or c < 0 or end_r >= spec.rows or end_c >= spec.cols:
        return False
    new = 0
    for i, ch in enumerate(word):
        cur = grid[r + dr * i][c + dc * i]
        if cur and cur != ch:
            return False
        new += not cur
    if new == 0:
        return False
    trial = [row[:] for row in grid]
    _place(trial, word, r, c, dr, dc)
    return all((w.replace("q", "qu") if qu else w) in lexicon for w, _ in runs(trial))
