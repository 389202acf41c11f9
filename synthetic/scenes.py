"""Game positions with ground truth for synthetic photos: crosswords of lexicon words."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.lexicon import Lexicon
from companion.tiles import BLANK
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
              blanks: int = 0, max_len: int = 7, judge: Lexicon | None = None) -> Scene:
    """A random position of up to ``words`` crossing words in which every run is a word, as a
    game played with ``spec``'s set could leave it: no letter on more tiles than the set holds
    (``spec.counts``, the game engine's; none counted when they are not known). ``blanks``
    tiles are blank tiles (the number asked, whatever the set holds: a test may want a tile
    showing no letter); a word that needs one more of a letter than the set has left may be
    put down with a blank standing in for it, as a player would, while blanks are left to
    stand in, and the other blanks are tiles drawn at random.

    The words are drawn from ``lexicon`` and every run must be a word of ``judge`` (by
    default ``lexicon``): a pinned list drawn from and the shipped list judging keep each
    seed's board as it was, unless it would hold a word the shipped list has since dropped
    (the word is passed over as one that does not fit, and no more random numbers are
    drawn than before)."""
    judge = lexicon if judge is None else judge
    pool = [w for w in lexicon if 3 <= len(w) <= max_len and w.isalpha()]
    qu = "Qu" in spec.letters  # one tile stands for "qu": a word is placed tile by tile
    if qu:
        pool = [w.replace("qu", "q") for w in pool if "q" not in w.replace("qu", "")]
    bag = _Bag.of(spec, blanks)
    grid = [[""] * spec.cols for _ in range(spec.rows)]
    first = pool[int(rng.integers(len(pool)))]
    for _ in range(10_000):  # a word the set's tiles cannot spell (or not a word) is drawn again
        if bag.spells(list(first)) and (first.replace("q", "qu") if qu else first) in judge:
            break
        first = pool[int(rng.integers(len(pool)))]
    else:
        raise ValueError("the set's tiles spell none of the words drawn")
    r0 = spec.rows // 2
    c0 = max(0, (spec.cols - len(first)) // 2)
    bag.take(grid, first, r0, c0, 0, 1)
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
            if _fits(grid, spec, w, sr, sc, dr, dc, judge, qu, bag):
                bag.take(grid, w, sr, sc, dr, dc)
                _place(grid, w, sr, sc, dr, dc)
                placed += 1
                break
    tiles = [(r, c) for r in range(spec.rows) for c in range(spec.cols)
             if grid[r][c] and (r, c) not in bag.standing_in]
    chosen = rng.choice(len(tiles), size=min(blanks - len(bag.standing_in), len(tiles)),
                        replace=False)
    return Scene(_qu(grid, spec), bag.standing_in | {tiles[int(i)] for i in chosen})


@dataclass
class _Bag:
    """The tiles a game's set has left while a position is drawn: ``left`` of each letter
    (lower case, "q" the WerdUp "Qu" tile; ``None`` when the set's counts are not known),
    the ``blanks`` asked for, and the squares of those standing in for a letter the set had
    no more of (``standing_in``)."""

    left: dict[str, int] | None
    blanks: int
    standing_in: set[tuple[int, int]]

    @classmethod
    def of(cls, spec: BoardSpec, blanks: int) -> _Bag:
        """The full set of ``spec``'s game, ``blanks`` blank tiles asked for."""
        if not spec.counts:
            return cls(None, blanks, set())
        return cls({("q" if face == "Qu" else face.lower()): n for face, n in spec.counts
                    if face != BLANK}, blanks, set())

    def short(self, letters: list[str]) -> int:
        """How many of the tiles ``letters`` (lower case) the set has not got left."""
        if self.left is None:
            return 0
        need: dict[str, int] = {}
        for ch in letters:
            need[ch] = need.get(ch, 0) + 1
        return sum(max(0, n - self.left.get(ch, 0)) for ch, n in need.items())

    def spells(self, letters: list[str]) -> bool:
        """Whether the set's tiles left spell the new tiles ``letters`` (lower case), the
        blanks not standing in yet standing in for those it has none left of."""
        return self.short(letters) <= self.blanks - len(self.standing_in)

    def take(self, grid: list[list[str]], word: str, r: int, c: int, dr: int, dc: int) -> None:
        """Take from the set the tiles ``word`` adds along (dr, dc) from (r, c); a letter
        the set has none left of is a blank standing in."""
        if self.left is None:
            return
        for i, ch in enumerate(word):
            at = (r + dr * i, c + dc * i)
            if grid[at[0]][at[1]]:
                continue
            if self.left.get(ch, 0) > 0:
                self.left[ch] -= 1
            else:
                self.standing_in.add(at)


def _qu(grid: list[list[str]], spec: BoardSpec) -> list[list[str]]:
    out = [[t.upper() for t in row] for row in grid]
    if "Qu" in spec.letters:
        out = [["Qu" if t == "Q" else t for t in row] for row in out]
    return out


def _place(grid: list[list[str]], word: str, r: int, c: int, dr: int, dc: int) -> None:
    for i, ch in enumerate(word):
        grid[r + dr * i][c + dc * i] = ch


def _fits(grid: list[list[str]], spec: BoardSpec, word: str, r: int, c: int, dr: int, dc: int,
          lexicon: Lexicon, qu: bool = False, bag: _Bag | None = None) -> bool:
    """Whether ``word`` may be put down along (dr, dc) from (r, c): on the board, crossing
    only its own letters, adding one tile at least, that the set has left (``bag``, blanks
    standing in), and leaving every run a word."""
    end_r, end_c = r + dr * (len(word) - 1), c + dc * (len(word) - 1)
    if r < 0 or c < 0 or end_r >= spec.rows or end_c >= spec.cols:
        return False
    new: list[str] = []
    for i, ch in enumerate(word):
        cur = grid[r + dr * i][c + dc * i]
        if cur and cur != ch:
            return False
        if not cur:
            new.append(ch)
    if not new or (bag is not None and not bag.spells(new)):
        return False
    trial = [row[:] for row in grid]
    _place(trial, word, r, c, dr, dc)
    return all((w.replace("q", "qu") if qu else w) in lexicon for w, _ in runs(trial))
