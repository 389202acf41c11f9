"""Beam searches for good Word Girdle sheets (no proof): the quick answers of the solver.

:func:`beam_search` fills the lines in order, keeping the ``width`` most promising partial
sheets at each line. :func:`improve` is a large-neighbourhood search from a finished sheet:
it keeps one of its words, searches the six other lines again with a beam around it, and
moves to any better sheet it finds; when keeping each word in turn gives no better one, it
tries again with a wider beam, and goes back to the narrow one from any better sheet that
finds, until the widest finds none either. A kept word shapes the search: a word of a
searched line must agree with the kept words' letters on its squares and may not touch them
where that would make an extra word (:class:`companion.girdle.moves.KeptWords`).

Both are a fixed amount of work (no decision depends on the clock), so they give the same
sheet on every machine; ``out_of_time`` is only a safety stop.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import numpy as np

from companion.girdle.moves import (
    EMPTY,
    KeptWords,
    LineTable,
    Move,
    NextWords,
    SearchState,
    WordIndex,
    legal_move,
    line_cells,
    line_neighbours,
)
from companion.girdle.puzzle import Puzzle

# :func:`improve`'s neighbourhoods, (lines searched again, beam width), tried in turn: the next
# one only when a round of the one before finds no better sheet, and back to the first from a
# better sheet; and the most rounds it makes in all. Measured on 12 crossed daily puzzles:
# (6 lines, width 300) raised the beams' par on 8 of them, by 42 points in all, in 4-18 s;
# (6, 100) by 23; (6, 150) then (5, 75) by 28 in about the same time as (6, 300). Rounds of
# (6, 1000) after it raised par again on 6 of the 24 crossed days of December 2026, by 20
# points in all (2026-12-04 ladder 131 -> 140: the beam of 300 around the kept JUMBUCK of the
# sheet of 131 drops the partial sheet that leads to 140), the median day's search taking
# 28 s instead of 12 s (docs/girdle.md; the same search has since been made quicker).
NEIGHBOURHOODS = ((6, 300), (6, 1000))
MAX_ROUNDS = 16

Placed = dict[int, tuple[int, str]]  # word number -> (first square in its line, word)


def score_of(puzzle: Puzzle, moves: list[Move]) -> int:
    """The final score of a sheet of solver moves."""
    pos = SearchState(puzzle)
    for m in moves:
        pos.play(m)
    return pos.final_score()


class _Room:
    """Whether every later line of a sheet can still take a word that crosses something
    (:meth:`enough`). A line's room is remembered by the squares filled on it and beside it:
    the sheets of one search share most of them."""

    def __init__(self, pz: Puzzle) -> None:
        self.pz = pz
        # per line: (its square's bit, the bits of the squares beside it across the line)
        self.squares: list[list[tuple[int, int]]] = [[]]
        self.watched = [0]  # per line: the bits of its squares and those beside them
        for line in pz.lines:
            squares = [(1 << c, sum(1 << n for n in near))
                       for c, near in line_neighbours(line, pz.size)]
            self.squares.append(squares)
            self.watched.append(sum(b | near for b, near in squares))
        # crossed_before[number][k]: line k shares a square with a line number..k-1
        cells: list[set[int]] = [set()] + [set(line_cells(pz, k)) for k in range(1, pz.words + 1)]
        self.crossed_before = [[any(cells[k] & cells[j] for j in range(number, k))
                                for k in range(pz.words + 1)]
                               for number in range(pz.words + 1)]
        self.rooms: dict[tuple[int, int], tuple[int, bool]] = {}

    def _room(self, k: int, filled: int) -> tuple[int, bool]:
        """(longest run a word in line ``k`` could still take, whether a letter is on it)."""
        key = (k, filled & self.watched[k])
        hit = self.rooms.get(key)
        if hit is None:
            best = run = 0
            crossed = False
            for bit, near in self.squares[k]:
                if filled & bit:
                    crossed = True
                elif filled & near:
                    run = 0
                    continue
                run += 1
                best = max(best, run)
            hit = self.rooms[key] = (best, crossed)
        return hit

    def enough(self, pos: SearchState) -> bool:
        """Every later line of ``pos`` can still take a word that crosses something."""
        pz = self.pz
        number = pos.number
        for k in range(number, pz.words + 1):
            room, crossed = self._room(k, pos.filled)
            if room < pz.min_length:
                return False
            if not crossed and not self.crossed_before[number][k]:
                return False
        return True


def beam_search(puzzle: Puzzle, index: WordIndex, width: int,
                out_of_time: Callable[[], bool] = lambda: False,
                kept: Placed | None = None) -> Iterator[tuple[int, list[Move]]]:
    """The ``width`` best partial sheets (by their score if ended now, plus 3 a square later
    lines need) at each line; yields (final score, moves) of the complete sheets reached.
    Lines in ``kept`` take their kept word (a sheet where it is not legal is dropped)."""
    keep = KeptWords(puzzle, kept) if kept else None
    room = _Room(puzzle)
    beam = [SearchState(puzzle)]
    for number in range(1, puzzle.words + 1):
        if out_of_time():
            return
        if kept and number in kept:
            beam = _play_kept(beam, index, *kept[number])
        else:
            beam = _widen(beam, index, number, width, keep, room)
        if not beam:
            return
    for pos in beam:
        yield pos.final_score(), list(pos.moves)


def _play_kept(beam: list[SearchState], index: WordIndex, start: int,
               word: str) -> list[SearchState]:
    """Each sheet of ``beam`` with ``word`` played from square ``start`` of its next line,
    where that is legal."""
    out = []
    for parent in beam:
        m = legal_move(parent, index, start, word)
        if m is not None:
            child = parent.copy()
            child.play(m)
            out.append(child)
    return out


def _widen(beam: list[SearchState], index: WordIndex, number: int, width: int,
           keep: KeptWords | None, room: _Room) -> list[SearchState]:
    """The ``width`` best children of ``beam`` with a word in line ``number``."""
    puzzle = beam[0].pz
    later: set[int] = set()
    for k in range(number + 1, puzzle.words + 1):
        later.update(line_cells(puzzle, k))
    nxt = NextWords(puzzle, index, number, keep)
    # the sheets whose line has the same table, with each of its words' key but for the
    # sheet's score and its Supply letters: their legal words are found together
    groups: dict[int, tuple[LineTable, np.ndarray, list[int]]] = {}
    tables: dict[int, LineTable] = {}  # the line's table on each sheet with one
    for p, parent in enumerate(beam):
        table = nxt.table(parent)
        if table is None:
            continue
        tables[p] = table
        group = groups.get(id(table))
        if group is None:
            group = groups[id(table)] = (table, 2 * nxt.values[table.flat_ids]
                                         + _run_keys(parent, table, later)[table.run_of], [])
        group[2].append(p)
    keys, parents, rows = [], [], []
    for table, row_keys, members in groups.values():
        sheet, row, supply = nxt.legal_many([beam[p] for p in members], table)
        so_far = np.array([sum(x.total for x in beam[p].moves) for p in members])
        keys.append(row_keys[row] - supply + so_far[sheet])
        parents.append(np.array(members)[sheet])
        rows.append(row)
    if not keys:
        return []
    parent_of, row_of = np.concatenate(parents), np.concatenate(rows)
    children: list[SearchState] = []
    seen: set[tuple[int, ...]] = set()
    for t in _best_first(np.concatenate(keys), parent_of, row_of, 2 * width):
        p = int(parent_of[t])
        child = beam[p].copy()
        child.play(nxt.move(beam[p], tables[p], int(row_of[t])))
        key = tuple(child.grid)
        if key in seen or not room.enough(child):
            continue
        seen.add(key)
        children.append(child)
        if len(children) >= width:
            break
    return children


def _best_first(keys: np.ndarray, parents: np.ndarray, rows: np.ndarray,
                most: int) -> Iterator[int]:
    """The indexes of ``keys``, highest key first, ties in the order of their ``parents``,
    then their ``rows`` (the order the children were made in); the ``most`` first ones are
    sorted before the rest (a search seldom takes many more)."""
    if len(keys) > most:
        # the keys at least as high as the most-th highest come first, whatever the rest
        cut = np.partition(keys, len(keys) - most)[len(keys) - most]
        parts = [np.flatnonzero(keys >= cut), np.flatnonzero(keys < cut)]
    else:
        parts = [np.arange(len(keys))]
    for part in parts:
        yield from part[np.lexsort((rows[part], parents[part], -keys[part]))].tolist()


def _run_keys(pos: SearchState, table: LineTable, later: set[int]) -> np.ndarray:
    """Per run of ``table``, the next line's of ``pos``: what a word there adds to its key in
    :func:`_widen` besides twice its letters' VP (its score, and the unused letters it
    places) less its Supply letters: its length bonus, less the VP of the letters already on
    its squares (they are not new), plus 3 a square it covers of the lines ``later``."""
    pz = pos.pz
    cells = line_cells(pz, pos.number)
    grid, vp = pos.grid, pos.vp
    out = []
    for n, s, _free in table.runs:
        run = cells[s:s + n]
        old = sum(vp[grid[c]] for c in run if grid[c] != EMPTY)
        out.append(pz.bonus(n) - old + 3 * len(later.intersection(run)))
    return np.array(out, dtype=np.int64)


def improve(puzzle: Puzzle, index: WordIndex, moves: list[Move],
            out_of_time: Callable[[], bool] = lambda: False) -> tuple[int, list[Move]]:
    """A sheet at least as good as ``moves`` (a finished sheet): a round of a neighbourhood
    (:data:`NEIGHBOURHOODS`) is a beam search with the other words kept for every choice of
    the lines to search again; a better sheet found becomes the one to improve. After a round
    that finds one, the first neighbourhood goes round again; after one that finds none, the
    next; the search ends when the last finds none (or after :data:`MAX_ROUNDS` rounds)."""
    best, best_moves = score_of(puzzle, moves), list(moves)
    level = 0
    # the sheets each search found, by its width and kept words: a later round that keeps
    # the same words (a word the better sheet shares) would find the same sheets again (a
    # search the safety stop cut short is never asked again: the next one is not started)
    searched: dict[tuple, list[tuple[int, list[Move]]]] = {}
    for _ in range(MAX_ROUNDS):
        size, width = NEIGHBOURHOODS[level]
        better = False
        for free in itertools.combinations(range(1, puzzle.words + 1), size):
            if out_of_time():
                return best, best_moves
            kept = {m.number: (m.start, m.word) for m in best_moves if m.number not in free}
            key = (width, tuple(sorted(kept.items())))
            sheets = searched.get(key)
            if sheets is None:
                sheets = searched[key] = list(beam_search(puzzle, index, width, out_of_time,
                                                          kept))
            for score, found in sheets:
                if score > best:
                    best, best_moves, better = score, found, True
        level = 0 if better else level + 1
        if level == len(NEIGHBOURHOODS):
            break
    return best, best_moves
