"""Legal words for the next line of a sheet: the move generator shared by generator and solver.

A :class:`Position` is a compact search state (grid, letters left, Supply use). Candidate words
come from a per-length index of the word list (:class:`WordIndex`) filtered with NumPy by the
fixed letters of each run and by the letters still available.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from companion.girdle.puzzle import Line, Puzzle
from companion.girdle.rules import ALPHABET
from companion.lexicon import Lexicon

EMPTY = -1


class WordIndex:
    """Words of each length as arrays of letter codes (0-25) and per-letter counts."""

    def __init__(self, lexicon: Lexicon, lengths: range) -> None:
        self.words: dict[int, list[str]] = {}
        self.codes: dict[int, np.ndarray] = {}
        self.counts: dict[int, np.ndarray] = {}
        for n in lengths:
            words = [w.upper() for w in lexicon.words if len(w) == n]
            self.words[n] = words
            if words:
                codes = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
                codes = (codes - ord("A")).reshape(len(words), n).astype(np.int8)
            else:
                codes = np.zeros((0, n), dtype=np.int8)
            self.codes[n] = codes
            counts = np.zeros((len(words), 26), dtype=np.int8)
            for i in range(n):
                np.add.at(counts, (np.arange(len(words)), codes[:, i]), 1)
            self.counts[n] = counts
        # words with a given letter at a given position: by_letter[n][i][code]
        self.by_letter: dict[int, list[list[np.ndarray]]] = {
            n: [[np.flatnonzero(codes[:, i] == code) for code in range(26)] for i in range(n)]
            for n, codes in self.codes.items()
        }

    def matching(self, n: int, fixed: dict[int, int]) -> np.ndarray:
        """Indexes (ascending) of the words of length ``n`` with letter ``fixed[i]`` at each
        position ``i``."""
        if not fixed:
            return np.arange(len(self.codes[n]))
        found = sorted((self.by_letter[n][i][code] for i, code in fixed.items()), key=len)
        idx = found[0]
        for more in found[1:]:
            idx = np.intersect1d(idx, more, assume_unique=True)
        return idx


@cache
def word_index(lexicon: Lexicon, min_len: int, max_len: int) -> WordIndex:
    return WordIndex(lexicon, range(min_len, max_len + 1))


@dataclass(frozen=True)
class Move:
    """A candidate word: where it goes, its letters, its new squares and what it scores."""

    number: int  # word number, 1-based
    start: int  # index of the first square in the line (0-based)
    word: str
    cells: tuple[int, ...]  # grid indexes (row * size + col, 0-based) of the word
    new: tuple[int, ...]  # positions in the word of its new letters
    supply_used: tuple[int, ...]  # letter codes taken from the Supply
    total: int  # the word's score: VP of its letters + length bonus


class Position:
    """A search state: the grid, the A-Z letters used and the Supply letters used.

    Supply letters are activated lazily: a word may take a Supply letter if, counting it, no
    more Supply letters are in use than the letters placed by the earlier words (the number
    activated so far). The remaining activations fall on the cheapest unused Supply letters at
    the end, which is never worse than any other choice.
    """

    __slots__ = ("pz", "size", "grid", "az", "supply_left", "supply_used", "placed", "moves")

    def __init__(self, puzzle: Puzzle) -> None:
        self.pz = puzzle
        self.size = puzzle.size
        self.grid = [EMPTY] * (self.size * self.size)
        self.az = [1] * 26
        self.supply_left = [0] * 26
        for ch in puzzle.supply:
            self.supply_left[ALPHABET.index(ch)] += 1
        self.supply_used = 0
        self.placed = 0
        self.moves: list[Move] = []

    @property
    def number(self) -> int:
        """The number of the next word."""
        return len(self.moves) + 1

    def budget(self) -> int:
        """How many more Supply letters the next word may take."""
        if not self.moves:
            return 0
        return min(self.placed, len(self.pz.supply)) - self.supply_used

    def play(self, m: Move) -> None:
        for pos in m.new:
            self.grid[m.cells[pos]] = ALPHABET.index(m.word[pos])
            code = ALPHABET.index(m.word[pos])
            if self.az[code]:
                self.az[code] = 0
        for code in m.supply_used:
            self.supply_left[code] -= 1
        self.supply_used += len(m.supply_used)
        self.placed += len(m.new)
        self.moves.append(m)

    def undo(self) -> Move:
        m = self.moves.pop()
        self.placed -= len(m.new)
        self.supply_used -= len(m.supply_used)
        for code in m.supply_used:
            self.supply_left[code] += 1
        sup = list(m.supply_used)
        for pos in reversed(m.new):
            code = ALPHABET.index(m.word[pos])
            self.grid[m.cells[pos]] = EMPTY
            if code in sup:
                sup.remove(code)
            else:
                self.az[code] = 1
        return m

    # -- scoring at the end ------------------------------------------------------------------
    def final_score(self) -> int:
        """The final score of the sheet if it ended now (cheapest activations, best
        cross-outs)."""
        pz = self.pz
        vp = [pz.vp[ch] for ch in ALPHABET]
        subtotal = sum(m.total for m in self.moves)
        unused = [vp[c] for c in range(26) if self.az[c]]
        filler = min(self.placed, len(pz.supply)) - self.supply_used
        left = sorted(vp[c] for c in range(26) for _ in range(self.supply_left[c]))
        unused += left[:filler]
        crossouts = sum(
            1 for m in self.moves
            if len(m.word) >= pz.crossout_min_length and pz.has_checkbox(m.number)
        )
        unused.sort(reverse=True)
        return subtotal - sum(unused[crossouts:])


def line_cells(puzzle: Puzzle, number: int) -> tuple[int, ...]:
    """Grid indexes (row * size + col, 0-based) of the squares of word ``number``'s line."""
    return line_squares(puzzle.lines[number - 1], puzzle.size)


@cache
def line_squares(line: Line, size: int) -> tuple[int, ...]:
    """Grid indexes of the squares of ``line`` on a ``size`` x ``size`` grid."""
    return tuple((r - 1) * size + (c - 1) for r, c in line.cells(size))


@dataclass(frozen=True)
class MoveBlock:
    """Every legal next word on one run of the line, as arrays (one row per word)."""

    number: int
    start: int
    cells: tuple[int, ...]  # grid indexes of the run
    new: tuple[int, ...]  # positions in the run that are empty (the new letters)
    word_ids: np.ndarray  # (n,) indexes into ``WordIndex.words[len(cells)]``
    codes: np.ndarray  # (n, len(cells)) letter codes
    from_supply: np.ndarray  # (n, 26) how many of each letter come from the Supply
    totals: np.ndarray  # (n,) word scores

    def __len__(self) -> int:
        return len(self.word_ids)

    def move(self, k: int, index: WordIndex) -> Move:
        """Row ``k`` as a :class:`Move`."""
        sup = self.from_supply[k]
        used = tuple(int(c) for c in np.flatnonzero(sup) for _ in range(int(sup[c])))
        word = index.words[len(self.cells)][int(self.word_ids[k])]
        return Move(self.number, self.start, word, self.cells, self.new, used,
                    int(self.totals[k]))


def legal_moves(pos: Position, index: WordIndex) -> list[Move]:
    """Every legal next word (any order)."""
    return [b.move(k, index) for b in legal_blocks(pos, index) for k in range(len(b))]


def legal_blocks(pos: Position, index: WordIndex) -> list[MoveBlock]:
    """Every legal next word, grouped by run: by length, then by start."""
    pz = pos.pz
    number = pos.number
    if number > pz.words:
        return []
    size = pos.size
    line = pz.lines[number - 1]
    cells = line_cells(pz, number)
    grid = pos.grid
    # perpendicular neighbours decide whether an empty square may take a letter
    if line.kind == "row":
        perp = (-size, size)
    else:
        perp = (-1, 1)
    letters = [grid[c] for c in cells]
    blocked = []
    for c in cells:
        r0, c0 = divmod(c, size)
        b = False
        for d in perp:
            n = c + d
            if line.kind == "row":
                ok = 0 <= n < size * size
            else:
                ok = (n // size) == r0
            if ok and grid[n] != EMPTY:
                b = True
        blocked.append(b)
    az = np.array(pos.az, dtype=np.int8)
    budget = pos.budget()
    supply = np.array(pos.supply_left, dtype=np.int8) if budget > 0 else np.zeros(26, np.int8)
    have = az + supply
    vp = np.array([pz.vp[ch] for ch in ALPHABET], dtype=np.int32)
    out: list[MoveBlock] = []
    first = number == 1
    for n in range(pz.min_length, min(pz.max_length, size) + 1):
        codes_all = index.codes[n]
        if len(codes_all) == 0:
            continue
        counts_all = index.counts[n]
        for s in range(size - n + 1):
            e = s + n
            if s > 0 and letters[s - 1] != EMPTY:
                continue
            if e < size and letters[e] != EMPTY:
                continue
            fixed = [i for i in range(n) if letters[s + i] != EMPTY]
            free = [i for i in range(n) if letters[s + i] == EMPTY]
            if not free or (not first and not fixed):
                continue
            if any(blocked[s + i] for i in free):
                continue
            if any(letters[s + i] != EMPTY and letters[s + i + 1] != EMPTY
                   for i in range(n - 1)):
                continue
            idx = index.matching(n, {i: letters[s + i] for i in fixed})
            if len(idx) == 0:
                continue
            cnt = counts_all[idx].astype(np.int16)
            for i in fixed:
                cnt[:, letters[s + i]] -= 1
            ok = (cnt <= have).all(axis=1)
            from_supply = np.maximum(cnt - az, 0)
            ok &= from_supply.sum(axis=1) <= budget
            idx = idx[ok]
            if len(idx) == 0:
                continue
            bonus = pz.bonus(n)
            codes = codes_all[idx]
            totals = vp[codes.astype(np.int64)].sum(axis=1) + bonus
            out.append(MoveBlock(number, s, tuple(cells[s:e]), tuple(free), idx, codes,
                                 from_supply[ok], totals))
    return out
