"""Legal words for the next line of a sheet: the move generator shared by generator and solver.

A :class:`SearchState` is a compact search state (grid, letters left, Supply use). Candidate words
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
        self._fitting: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
        self._lines: dict[tuple, tuple | None] = {}
        self._ids: dict[int, dict[str, int]] = {}
        # words with a given letter at a given position: by_letter[n][i][code]
        self.by_letter: dict[int, list[list[np.ndarray]]] = {
            n: [[np.flatnonzero(codes[:, i] == code) for code in range(26)] for i in range(n)]
            for n, codes in self.codes.items()
        }

    def word_id(self, word: str) -> int:
        """The index of ``word`` in ``words[len(word)]`` (-1 if it is not a word)."""
        ids = self._ids.get(len(word))
        if ids is None:
            ids = self._ids[len(word)] = {w: i for i, w in enumerate(self.words[len(word)])}
        return ids.get(word, -1)

    FITTING_CACHE = 50_000  # runs remembered by :meth:`fitting`

    def fitting(self, n: int, fixed: tuple[tuple[int, int], ...],
                also: tuple[tuple[int, int], ...] = ()) -> tuple[np.ndarray, np.ndarray]:
        """For a run of ``n`` squares with letter ``code`` on square ``i`` for each ``(i, code)``
        in ``fixed``: the matching words (indexes, ascending) and the letters each still needs
        (counts per letter, the fixed ones taken off). ``also``: more ``(i, code)`` the words
        must have, letters they place themselves. Remembered: searches ask again often."""
        key = (n, fixed, also)
        hit = self._fitting.get(key)
        if hit is None:
            idx = self.matching(n, dict(fixed + also))
            need = self.counts[n][idx].astype(np.int16)
            for _i, code in fixed:
                need[:, code] -= 1
            if len(self._fitting) >= self.FITTING_CACHE:
                self._fitting.clear()
            hit = self._fitting[key] = (idx, need)
        return hit

    LINE_CACHE = 20_000  # lines remembered by :meth:`line_table`

    def line_table(self, letters: tuple[int, ...], blocked: tuple[bool, ...], first: bool,
                   lengths: range, kept: tuple[int, ...] | None = None) -> tuple | None:
        """Every word that fits a line with these letters (EMPTY where none) and blocked
        squares, before counting the letters left: ``(runs, word_ids, need, run_of)`` where
        ``runs`` lists ``(length, start, new squares)`` by length then start, and row ``k`` of
        the arrays is word ``word_ids[k]`` of run ``runs[run_of[k]]`` needing ``need[k]`` more
        of each letter. None if no word fits. ``first``: the first word (no crossing needed).
        ``kept``: letters later words will place (EMPTY where none): a word here must agree
        with them and may not end beside one."""
        key = (letters, blocked, first, lengths, kept)
        if key in self._lines:
            return self._lines[key]
        size = len(letters)
        ahead = letters if kept is None else tuple(
            a if a != EMPTY else b for a, b in zip(letters, kept, strict=True))
        runs: list[tuple[int, int, tuple[int, ...]]] = []
        parts: list[tuple[np.ndarray, np.ndarray]] = []
        for n in lengths:
            if len(self.codes.get(n, ())) == 0:
                continue
            for s in range(size - n + 1):
                e = s + n
                if (s > 0 and ahead[s - 1] != EMPTY) or (e < size and ahead[e] != EMPTY):
                    continue
                fixed = tuple((i, letters[s + i]) for i in range(n) if letters[s + i] != EMPTY)
                free = tuple(i for i in range(n) if letters[s + i] == EMPTY)
                if not free or (not first and not fixed):
                    continue
                if any(blocked[s + i] for i in free):
                    continue
                if any(letters[s + i] != EMPTY and letters[s + i + 1] != EMPTY
                       for i in range(n - 1)):
                    continue
                also = () if kept is None else tuple(
                    (i, kept[s + i]) for i in free if kept[s + i] != EMPTY)
                idx, need = self.fitting(n, fixed, also)
                if len(idx):
                    runs.append((n, s, free))
                    parts.append((idx, need))
        table = None
        if runs:
            run_of = np.repeat(np.arange(len(runs)), [len(p[0]) for p in parts])
            table = (runs, np.concatenate([p[0] for p in parts]),
                     np.concatenate([p[1] for p in parts]), run_of)
        if len(self._lines) >= self.LINE_CACHE:
            self._lines.clear()
        self._lines[key] = table
        return table

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


class SearchState:
    """A search state: the grid, the A-Z letters used and the Supply letters used.

    Supply letters are activated lazily: a word may take a Supply letter if, counting it, no
    more Supply letters are in use than the letters placed by the earlier words (the number
    activated so far). The remaining activations fall on the cheapest unused Supply letters at
    the end, which is never worse than any other choice.
    """

    __slots__ = ("pz", "size", "vp", "grid", "az", "supply_left", "supply_used", "placed",
                 "moves")

    def __init__(self, puzzle: Puzzle) -> None:
        self.pz = puzzle
        self.size = puzzle.size
        self.vp = [puzzle.vp[ch] for ch in ALPHABET]  # Victory Points by letter code
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


@cache
def line_neighbours(line: Line, size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each square of ``line`` with the squares beside it across the line: a new letter there
    would make an extra word with a letter on one of them."""
    out = []
    for c in line_squares(line, size):
        if line.kind == "row":
            near = tuple(n for n in (c - size, c + size) if 0 <= n < size * size)
        else:
            near = tuple(c + d for d in (-1, 1) if 0 <= c % size + d < size)
        out.append((c, near))
    return tuple(out)


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


def legal_moves(pos: SearchState, index: WordIndex) -> list[Move]:
    """Every legal next word (any order)."""
    return [b.move(k, index) for b in legal_blocks(pos, index) for k in range(len(b))]


class KeptWords:
    """Words a search keeps in place on lines it fills later: their letters by square, and
    the squares that must stay empty for them (just before and after each along its line)."""

    def __init__(self, puzzle: Puzzle, kept: dict[int, tuple[int, str]]) -> None:
        """``kept``: word number -> (its first square in the line, the word)."""
        self.letters: dict[int, int] = {}
        self.ends: set[int] = set()
        for k, (start, word) in kept.items():
            cells = line_cells(puzzle, k)
            for c, ch in zip(cells[start:start + len(word)], word, strict=True):
                self.letters[c] = ALPHABET.index(ch)
            if start > 0:
                self.ends.add(cells[start - 1])
            if start + len(word) < len(cells):
                self.ends.add(cells[start + len(word)])


def legal_blocks(pos: SearchState, index: WordIndex,
                 kept: KeptWords | None = None) -> list[MoveBlock]:
    """Every legal next word, grouped by run: by length, then by start. With ``kept``, only
    the words that leave the kept words legal when they are played."""
    pz = pos.pz
    number = pos.number
    if number > pz.words:
        return []
    size = pos.size
    line = pz.lines[number - 1]
    cells = line_cells(pz, number)
    grid = pos.grid
    letters = tuple(grid[c] for c in cells)
    squares = line_neighbours(line, size)
    # a letter beside a square, across the line, keeps a new letter off it
    blocked = tuple(any(grid[n] != EMPTY for n in near) for _c, near in squares)
    ahead = None
    if kept is not None:
        ahead = tuple(kept.letters.get(c, EMPTY) if grid[c] == EMPTY else EMPTY for c in cells)
        # nor may a new letter lengthen a kept word, or sit beside a kept letter off its own
        blocked = tuple(
            b or c in kept.ends or (a == EMPTY and any(n in kept.letters for n in near))
            for b, a, (c, near) in zip(blocked, ahead, squares, strict=True))
    table = index.line_table(letters, blocked, number == 1,
                             range(pz.min_length, min(pz.max_length, size) + 1), ahead)
    if table is None:
        return []
    runs, word_ids, need, run_of = table
    az = np.array(pos.az, dtype=np.int16)
    budget = pos.budget()
    have = az + (np.array(pos.supply_left, dtype=np.int16) if budget > 0 else 0)
    from_supply = np.maximum(need - az, 0)
    rows = np.flatnonzero((need <= have).all(axis=1) & (from_supply.sum(axis=1) <= budget))
    bounds = np.searchsorted(run_of[rows], np.arange(len(runs) + 1)).tolist()
    vp = np.array(pos.vp, dtype=np.int64)
    out: list[MoveBlock] = []
    for r, (n, s, free) in enumerate(runs):
        if bounds[r] == bounds[r + 1]:
            continue
        sel = rows[bounds[r]:bounds[r + 1]]
        idx = word_ids[sel]
        codes = index.codes[n][idx]
        totals = vp[codes].sum(axis=1) + pz.bonus(n)
        out.append(MoveBlock(number, s, tuple(cells[s:s + n]), free, idx, codes,
                             from_supply[sel], totals))
    return out
