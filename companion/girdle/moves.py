"""Legal words for the next line of a sheet: the move generator shared by generator and solver.

A :class:`SearchState` is a compact search state (grid, letters left, Supply use). Candidate words
come from a per-length index of the word list (:class:`WordIndex`) filtered with NumPy by the
fixed letters of each run (a line's words before counting letters: :class:`LineTable`,
remembered) and by the letters still available, tested with each word's letters as bit masks
(:func:`letter_masks`). A beam's sheets share most line tables: :class:`NextWords` looks each
up once and tests many sheets' letters against it at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import NamedTuple

import numpy as np

from companion.girdle.puzzle import Line, Puzzle
from companion.girdle.rules import ALPHABET
from companion.lexicon import Lexicon

EMPTY = -1
ORD_A = ord("A")


class LineTable(NamedTuple):
    """Every word that fits a line (:meth:`WordIndex.line_table`), before counting the letters
    left: row ``k`` is word ``word_ids[k]`` of run ``runs[run_of[k]]``, where ``runs`` lists
    ``(length, start, new squares)`` by length then start."""

    runs: list[tuple[int, int, tuple[int, ...]]]
    word_ids: np.ndarray  # (N,) indexes into ``WordIndex.words[length]``, ascending in a run
    run_of: np.ndarray  # (N,) its run
    masks: np.ndarray  # (K, N) the letters it places as bit masks (:func:`letter_masks`)
    new_letters: np.ndarray  # (N,) int16: the letters it places (its run's empty squares)
    flat_ids: np.ndarray  # (N,) the word's index in :meth:`WordIndex.values`


def letter_masks(codes: np.ndarray) -> np.ndarray:
    """The letters of each row of ``codes`` (letter codes) as bit masks: bit ``c`` of
    ``masks[k - 1, i]`` is set when row ``i`` has ``k`` or more of letter ``c``. A row needs
    no more of any letter than a list of counts holds if each of its masks lies within that
    list's (the letters the list has ``k`` or more of), so a few integer operations a row
    test all 26 counts."""
    planes: list[np.ndarray] = []
    for column in codes.T:
        bit = np.left_shift(np.uint32(1), column.astype(np.uint32))
        if planes and (more := planes[-1] & bit).any():
            planes.append(more)
            top = len(planes) - 2
        else:
            top = len(planes) - 1
        for k in range(top, 0, -1):  # a letter met k times before is now met k + 1 times
            planes[k] |= planes[k - 1] & bit
        if planes:
            planes[0] |= bit
        else:
            planes.append(bit)
    return np.stack(planes) if planes else np.zeros((0, len(codes)), dtype=np.uint32)


def bit_mask(counts: list[int], least: int = 1) -> int:
    """The letters (bit ``c`` for code ``c``) of which ``counts`` holds ``least`` or more."""
    return sum(1 << c for c, k in enumerate(counts) if k >= least)


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
        self._lines: dict[tuple, LineTable | None] = {}
        self._ids: dict[int, dict[str, int]] = {}
        self._values: tuple[tuple[int, ...], np.ndarray] | None = None
        self._ranks: np.ndarray | None = None
        # where each length's words start in :meth:`values`
        self.offsets: dict[int, int] = {}
        total = 0
        for n, codes in self.codes.items():
            self.offsets[n] = total
            total += len(codes)
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
        idx, _masks = self._fit(n, fixed, also)
        need = self.counts[n][idx].astype(np.int16)
        for _i, code in fixed:
            need[:, code] -= 1
        return idx, need

    def _fit(self, n: int, fixed: tuple[tuple[int, int], ...],
             also: tuple[tuple[int, int], ...]) -> tuple[np.ndarray, np.ndarray]:
        """The words of :meth:`fitting` and the letters they need as bit masks
        (:func:`letter_masks` of their letters off the ``fixed`` squares). Remembered."""
        key = (n, fixed, also)
        hit = self._fitting.get(key)
        if hit is None:
            idx = self.matching(n, dict(fixed + also))
            taken = {i for i, _code in fixed}
            free = [i for i in range(n) if i not in taken]
            if len(self._fitting) >= self.FITTING_CACHE:
                self._fitting.clear()
            hit = self._fitting[key] = (idx, letter_masks(self.codes[n][idx][:, free]))
        return hit

    def values(self, vp: tuple[int, ...]) -> np.ndarray:
        """The Victory Points of every word's letters (by letter code, ``vp``), the words of
        each length in turn: the word ``word_ids[k]`` of a :class:`LineTable` is
        ``flat_ids[k]`` here. The last puzzle's are remembered."""
        if self._values is None or self._values[0] != vp:
            table = np.array(vp, dtype=np.int64)
            self._values = (vp, np.concatenate(
                [table[self.codes[n].astype(np.int64)].sum(axis=1) for n in self.codes]
                or [np.zeros(0, dtype=np.int64)]))
        return self._values[1]

    def ranks(self) -> np.ndarray:
        """Each word's place in alphabetical order among the words of its length, in the
        order of :meth:`values` (remembered)."""
        if self._ranks is None:
            parts = [np.argsort(np.argsort(np.array(self.words[n], dtype=str), kind="stable"))
                     if self.words[n] else np.zeros(0, dtype=np.int64) for n in self.codes]
            self._ranks = np.concatenate(parts or [np.zeros(0, dtype=np.int64)])
        return self._ranks

    LINE_CACHE = 20_000  # lines remembered by :meth:`line_table`

    def line_table(self, letters: tuple[int, ...], blocked: tuple[bool, ...], first: bool,
                   lengths: range, kept: tuple[int, ...] | None = None) -> LineTable | None:
        """Every word that fits a line with these letters (EMPTY where none) and blocked
        squares, before counting the letters left (:class:`LineTable`); None if no word
        fits. ``first``: the first word (no crossing needed). ``kept``: letters later words
        will place (EMPTY where none): a word here must agree with them and may not end
        beside one."""
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
                fit = self._fit(n, fixed, also)
                if len(fit[0]):
                    runs.append((n, s, free))
                    parts.append(fit)
        table = _table(runs, parts, self.offsets) if runs else None
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


def _table(runs: list[tuple[int, int, tuple[int, ...]]],
           parts: list[tuple[np.ndarray, np.ndarray]],
           offsets: dict[int, int]) -> LineTable:
    """The :class:`LineTable` of ``runs``, given each run's :meth:`WordIndex._fit`."""
    sizes = [len(p[0]) for p in parts]
    run_of = np.repeat(np.arange(len(runs)), sizes)
    masks = np.zeros((max(len(p[1]) for p in parts), len(run_of)), dtype=np.uint32)
    at = 0
    for (_idx, m), rows in zip(parts, sizes, strict=True):
        masks[:len(m), at:at + rows] = m
        at += rows
    word_ids = np.concatenate([p[0] for p in parts])
    return LineTable(
        runs, word_ids, run_of, masks,
        np.repeat([len(free) for _n, _s, free in runs], sizes).astype(np.int16),
        word_ids + np.repeat([offsets[n] for n, _s, _f in runs], sizes))


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

    __slots__ = ("pz", "size", "vp", "grid", "filled", "az", "supply_left", "supply_used",
                 "placed", "moves")

    def __init__(self, puzzle: Puzzle) -> None:
        self.pz = puzzle
        self.size = puzzle.size
        self.vp = [puzzle.vp[ch] for ch in ALPHABET]  # Victory Points by letter code
        self.grid = [EMPTY] * (self.size * self.size)
        self.filled = 0  # the squares with a letter, bit ``c`` for grid index ``c``
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

    def copy(self) -> SearchState:
        """An independent copy (the moves themselves are shared: they never change)."""
        new = SearchState.__new__(SearchState)
        new.pz, new.size, new.vp, new.filled = self.pz, self.size, self.vp, self.filled
        new.grid, new.az, new.supply_left = self.grid[:], self.az[:], self.supply_left[:]
        new.supply_used, new.placed, new.moves = self.supply_used, self.placed, self.moves[:]
        return new

    def play(self, m: Move) -> None:
        for pos in m.new:
            self.grid[m.cells[pos]] = ALPHABET.index(m.word[pos])
            self.filled |= 1 << m.cells[pos]
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
            self.filled &= ~(1 << m.cells[pos])
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
class LegalWords:
    """Every legal next word of a sheet: the rows of its line's :class:`LineTable` whose
    letters are still to be had."""

    pz: Puzzle
    number: int
    cells: tuple[int, ...]  # grid indexes of the line's squares
    table: LineTable
    rows: np.ndarray  # (m,) the legal rows, ascending
    supply: np.ndarray  # (m,) how many Supply letters each takes
    az: tuple[int, ...]  # the sheet's A-Z letters (1: still unused)
    values: np.ndarray  # :meth:`WordIndex.values` of the puzzle

    def __len__(self) -> int:
        return len(self.rows)

    def totals(self) -> np.ndarray:
        """Each legal word's score, as :attr:`Move.total` gives it: the VP of its letters and
        its length bonus."""
        bonus = np.array([self.pz.bonus(n) for n, _s, _new in self.table.runs])
        return self.values[self.table.flat_ids[self.rows]] + bonus[self.table.run_of[self.rows]]

    def move(self, k: int, index: WordIndex) -> Move:
        """Legal word ``k`` (of ``rows``) as a :class:`Move`."""
        return table_move(self.pz, self.number, self.cells, self.table, int(self.rows[k]),
                          self.az, self.values, index)


def table_move(pz: Puzzle, number: int, cells: tuple[int, ...], table: LineTable, row: int,
               az: Sequence[int], values: np.ndarray, index: WordIndex) -> Move:
    """Word ``row`` of ``table``, line ``number``'s (its squares ``cells``), as a
    :class:`Move` on a sheet whose unused A-Z letters are ``az``; ``values``: the puzzle's
    :meth:`WordIndex.values`."""
    n, s, free = table.runs[int(table.run_of[row])]
    word = index.words[n][int(table.word_ids[row])]
    # its new letters, each from the Supply but the first of a letter still unused
    used = []
    last = -1
    for c in sorted(ord(word[i]) - ORD_A for i in free):
        if c == last or not az[c]:
            used.append(c)
        last = c
    return Move(number, s, word, cells[s:s + n], free, tuple(used),
                int(values[table.flat_ids[row]]) + pz.bonus(n))


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


def _line_table(pos: SearchState, index: WordIndex, kept: KeptWords | None) -> LineTable | None:
    """The :class:`LineTable` of the next line of ``pos`` (keeping the words of ``kept``
    legal)."""
    pz = pos.pz
    number = pos.number
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
    return index.line_table(letters, blocked, number == 1,
                            range(pz.min_length, min(pz.max_length, size) + 1), ahead)


def _letters_left(sheets: list[SearchState], masks: np.ndarray,
                  new_letters: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each of ``sheets`` and each word of a line table (its letter ``masks`` and how
    many ``new_letters`` it places): whether the sheet can still give its letters (unused A-Z
    letters, and Supply letters within its budget), and how many Supply letters it takes;
    arrays of a row a sheet."""
    most = len(masks)
    have = np.zeros((len(sheets), most), dtype=np.uint32)  # letters a sheet has k or more of
    unused = np.zeros(len(sheets), dtype=np.uint32)
    budget = np.zeros((len(sheets), 1), dtype=np.int16)
    for i, pos in enumerate(sheets):
        unused[i] = bit_mask(pos.az)
        budget[i, 0] = left = pos.budget()
        if left > 0:
            counts = [a + b for a, b in zip(pos.az, pos.supply_left, strict=True)]
            have[i] = [bit_mask(counts, k) for k in range(1, most + 1)]
        else:
            have[i, 0] = unused[i]
    # the letters a word needs k or more of that the sheet has fewer of, over every k
    short = masks[0] & ~have[:, :1]
    for k in range(1, most):
        short |= masks[k] & ~have[:, k:k + 1]
    ok = short == 0
    # an unused A-Z letter gives one of the word's letters, the Supply the rest (small
    # integers: int16 throughout, a quarter of the memory of int64)
    supply = new_letters - np.bitwise_count(masks[0] & unused[:, None])
    ok &= supply <= budget
    return ok, supply


def _available(pos: SearchState, table: LineTable,
               rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Of ``rows`` of ``table`` (None: all), those whose letters ``pos`` can still give, with
    how many Supply letters each takes (:func:`_letters_left`)."""
    if rows is None:
        ok, supply = _letters_left([pos], table.masks, table.new_letters)
    else:
        ok, supply = _letters_left([pos], table.masks[:, rows], table.new_letters[rows])
    found = np.flatnonzero(ok[0])
    return (found if rows is None else rows[found]), supply[0, found]


class NextWords:
    """The legal words of line ``number`` (keeping the words of ``kept`` legal) for the
    sheets of a search (:meth:`of`): its :class:`LineTable` is looked up once for each pattern
    of letters on the line and beside it, which the sheets of a beam share."""

    def __init__(self, pz: Puzzle, index: WordIndex, number: int,
                 kept: KeptWords | None = None) -> None:
        self.pz, self.index, self.number, self.kept = pz, index, number, kept
        self.cells = line_cells(pz, number)
        watched = set(self.cells)
        for _c, near in line_neighbours(pz.lines[number - 1], pz.size):
            watched.update(near)
        self._watch = itemgetter(*sorted(watched))
        self._tables: dict[tuple[int, ...], LineTable | None] = {}
        self.values = index.values(tuple(pz.vp[ch] for ch in ALPHABET))

    def table(self, pos: SearchState) -> LineTable | None:
        """The line's :class:`LineTable` on ``pos`` (whose next line it is; None: no word
        fits it)."""
        key = self._watch(pos.grid)
        if key in self._tables:
            return self._tables[key]
        table = self._tables[key] = _line_table(pos, self.index, self.kept)
        return table

    def of(self, pos: SearchState) -> LegalWords | None:
        """Every legal word of the line on ``pos`` (whose next line it is), by length, then
        start, then word (None: no word fits the line)."""
        table = self.table(pos)
        if table is None:
            return None
        rows, supply = _available(pos, table)
        return LegalWords(self.pz, self.number, self.cells, table, rows, supply, tuple(pos.az),
                          self.values)

    def legal_many(self, sheets: list[SearchState],
                   table: LineTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The legal words of the line on each of ``sheets``, whose table it is: (the sheet
        of ``sheets``, the row of ``table``, the Supply letters it takes) a word, by sheet
        then row."""
        ok, supply = _letters_left(sheets, table.masks, table.new_letters)
        sheet, row = np.nonzero(ok)
        return sheet, row, supply[sheet, row]

    def move(self, pos: SearchState, table: LineTable, row: int) -> Move:
        """Word ``row`` of ``table``, the line's table on ``pos``, as a :class:`Move`."""
        return table_move(self.pz, self.number, self.cells, table, row, pos.az, self.values,
                          self.index)


def legal_words(pos: SearchState, index: WordIndex,
                kept: KeptWords | None = None) -> LegalWords | None:
    """Every legal next word, by length, then start, then word (None: there is none). With
    ``kept``, only the words that leave the kept words legal when they are played."""
    if pos.number > pos.pz.words:
        return None
    return NextWords(pos.pz, index, pos.number, kept).of(pos)


def legal_move(pos: SearchState, index: WordIndex, start: int, word: str) -> Move | None:
    """``word`` from square ``start`` of the next line, if it is a legal next word."""
    pz = pos.pz
    wid = index.word_id(word)
    if pos.number > pz.words or wid < 0:
        return None
    table = _line_table(pos, index, None)
    if table is None:
        return None
    run = next((r for r, (n, s, _free) in enumerate(table.runs)
                if n == len(word) and s == start), None)
    if run is None:
        return None
    lo, hi = np.searchsorted(table.run_of, [run, run + 1]).tolist()
    at = lo + int(np.searchsorted(table.word_ids[lo:hi], wid))
    if at == hi or table.word_ids[at] != wid:
        return None
    rows, supply = _available(pos, table, np.array([at]))
    if not len(rows):
        return None
    return LegalWords(pz, pos.number, line_cells(pz, pos.number), table, rows, supply,
                      tuple(pos.az), index.values(tuple(pos.vp))).move(0, index)
