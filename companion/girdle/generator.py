"""The daily puzzle: ``puzzle_for(date)`` derives lines, Supply and checkbox rows from the date.

The days take the edition's layout families in turn (star, frame, lattice, ladder, comb in the
default edition: :func:`daily_family`), and the family's shape is turned, mirrored and put in a
word order drawn from the date. All choices come from SHA-256 of the edition name, the family,
the date and an attempt number, so the same date gives the same puzzle on every machine. A
candidate is kept only when a complete solution is found for it (it is proven solvable);
otherwise the next attempt is drawn.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from functools import lru_cache

import numpy as np

from companion.dates import day_shown
from companion.errors import UsageError
from companion.girdle import layouts
from companion.girdle.moves import (
    Move,
    SearchState,
    WordIndex,
    legal_words,
    line_cells,
    word_index,
)
from companion.girdle.puzzle import Line, Puzzle
from companion.girdle.rules import Edition, default_edition
from companion.girdle.star import fewest_letters
from companion.lexicon import Lexicon, default_lexicon
from companion.text import counted, quoted

VOWELS = "AEIOU"
MAX_ATTEMPTS = 50


class DateRandom:
    """A small deterministic random source: SHA-256 in counter mode."""

    def __init__(self, seed: str) -> None:
        self.seed = seed.encode("utf-8")
        self.counter = 0
        self.pool = b""

    def _bytes(self, n: int) -> bytes:
        while len(self.pool) < n:
            block = hashlib.sha256(self.seed + self.counter.to_bytes(8, "big")).digest()
            self.pool += block
            self.counter += 1
        out, self.pool = self.pool[:n], self.pool[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = int.from_bytes(self._bytes(8), "big")
            if x < limit:
                return x % n

    def choice(self, items: list):
        return items[self.below(len(items))]

    def weighted(self, weights: dict[str, int]) -> str:
        keys = [k for k in sorted(weights) if weights[k] > 0]
        total = sum(weights[k] for k in keys)
        x = self.below(total)
        for k in keys:
            x -= weights[k]
            if x < 0:
                return k
        raise AssertionError("unreachable")

    def shuffle(self, items: list) -> list:
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def puzzle_number(date: dt.date, edition: Edition | None = None) -> int:
    """Puzzle 1 is the edition's first date; one puzzle a day after that."""
    ed = edition or default_edition()
    return (date - ed.first_date).days + 1


def draw_lines(rng: DateRandom, ed: Edition) -> tuple[Line, ...]:
    """A star: word 1 in a spine line away from the edges, then the other words in lines across
    it, in a shuffled order (all the lines across it but one, for the default edition).

    Every later word must cross the spine, and words in neighbouring lines must run opposite
    ways from it, which is what makes the day's choices interesting. The shape is also what
    lets the solver prove par: see :mod:`companion.girdle.star`."""
    size = ed.grid_size
    spine_kind = "row" if rng.below(2) == 0 else "col"
    branch_kind = "col" if spine_kind == "row" else "row"
    spine = 2 + rng.below(size - 2)  # 2..size-1: room for words on both sides
    branches = sorted(rng.shuffle(list(range(1, size + 1)))[:ed.words - 1])
    order = rng.shuffle(branches)
    return (Line(spine_kind, spine), *(Line(branch_kind, i) for i in order))


def supply_limit(lines: tuple[Line, ...], ed: Edition) -> int:
    """The longest Supply for which every Supply letter is active by the end of any finished
    sheet (see :func:`companion.girdle.star.fewest_letters`)."""
    return fewest_letters([ln.index for ln in lines[1:]], ed.min_length)


def draw_supply(rng: DateRandom, ed: Edition, limit: int | None = None) -> str:
    n = ed.supply_min + rng.below(ed.supply_max - ed.supply_min + 1)
    if limit is not None:
        n = min(n, limit)
    vowels = {k: v for k, v in ed.supply_weights.items() if k in VOWELS}
    letters = [rng.weighted(vowels) for _ in range(ed.supply_vowels_min)]
    letters += [rng.weighted(ed.supply_weights) for _ in range(n - len(letters))]
    return "".join(rng.shuffle(letters))


def draw_checkbox_rows(rng: DateRandom, ed: Edition) -> tuple[int, ...]:
    n = ed.checkbox_rows_min + rng.below(ed.checkbox_rows_max - ed.checkbox_rows_min + 1)
    return tuple(sorted(rng.shuffle(list(range(1, ed.words + 1)))[:n]))


def find_solution(puzzle: Puzzle, lexicon: Lexicon, node_limit: int = 5000) -> list | None:
    """Some complete solution (a list of moves), or None if none was found within the limit.

    Depth-first, trying first the words that cover most squares of later lines (so later words
    can cross them), then the shortest (they block the fewest squares), then the best-scoring.
    """
    index = word_index(lexicon, puzzle.min_length, puzzle.max_length)
    pos = SearchState(puzzle)
    nodes = 0

    def dfs() -> bool:
        nodes_left = node_limit - nodes
        if pos.number > puzzle.words:
            return True
        if nodes_left <= 0:
            return False
        later: set[int] = set()
        for k in range(pos.number + 1, puzzle.words + 1):
            later.update(line_cells(puzzle, k))
        for m in _first_moves(pos, index, later, 8):
            nonlocal_count()
            pos.play(m)
            if dfs():
                return True
            pos.undo()
        return False

    def nonlocal_count() -> None:
        nonlocal nodes
        nodes += 1

    return list(pos.moves) if dfs() else None


def _first_moves(pos: SearchState, index: WordIndex, later: set[int], most: int) -> list[Move]:
    """The ``most`` legal next words :func:`find_solution` tries, in its order: those that
    cover most squares of the ``later`` lines first, then the shortest, then the
    best-scoring, then by word and by start."""
    legal = legal_words(pos, index)
    if legal is None or not len(legal):
        return []
    table, rows = legal.table, legal.rows
    run = table.run_of[rows]
    cover = np.array([len(later.intersection(legal.cells[s:s + n]))
                      for n, s, _new in table.runs])[run]
    length = np.array([n for n, _s, _new in table.runs])[run]
    start = np.array([s for _n, s, _new in table.runs])[run]
    total = legal.totals()
    word = index.ranks()[table.flat_ids[rows]]
    order = np.lexsort((start, word, -total, length, -cover))[:most]
    return [legal.move(int(k), index) for k in order]


def daily_family(date: dt.date, edition: Edition | None = None) -> str:
    """The layout family of ``date``'s daily puzzle: the edition's ``daily_families`` in turn,
    one a day from puzzle 1, so any week shows every family (five in the default edition)."""
    ed = edition or default_edition()
    return ed.daily_families[(puzzle_number(date, ed) - 1) % len(ed.daily_families)]


def puzzle_for(
    date: dt.date,
    edition: Edition | None = None,
    lexicon: Lexicon | None = None,
) -> Puzzle:
    """The Word Girdle puzzle of ``date`` (deterministic and proven solvable), in the layout
    family of the day (:func:`daily_family`)."""
    if isinstance(date, dt.datetime):
        date = date.date()
    if not isinstance(date, dt.date):
        raise UsageError(f"not a date: {date!r}")
    if edition is None and lexicon is None:
        return _default_puzzle(date)
    return _daily_puzzle(date, edition or default_edition(), lexicon or default_lexicon())


@lru_cache(maxsize=64)
def _default_puzzle(date: dt.date) -> Puzzle:
    return _daily_puzzle(date, default_edition(), default_lexicon())


def _daily_puzzle(date: dt.date, ed: Edition, lex: Lexicon) -> Puzzle:
    return family_puzzle(date, daily_family(date, ed), ed, lex)


def check_published(date: dt.date, edition: Edition | None = None,
                    asked: str | None = None) -> None:
    """Refuse, in the sentence the command line and the web app both give, a date before the
    edition's first puzzle, naming the date asked; ``asked``: the range of dates (as typed)
    that ``date`` starts, named in its place. Days are named as a player reads them
    (:func:`companion.dates.day_shown`), the range as it was typed."""
    first_date = (edition or default_edition()).first_date
    if date >= first_date:
        return
    first = day_shown(first_date)
    if asked is not None:
        raise UsageError(f"The range of dates {quoted(asked)} starts on {day_shown(date)}, "
                         f"before the first Word Girdle, which is from {first}.")
    raise UsageError(f"There is no Word Girdle of {day_shown(date)}: the first is from "
                     f"{first}.")


def family_puzzle(date: dt.date, family: str, edition: Edition | None = None,
                  lexicon: Lexicon | None = None) -> Puzzle:
    """The puzzle of layout ``family`` (see :mod:`companion.girdle.layouts`) for ``date``: the
    family's lines turned, mirrored and ordered, a Supply and checkbox rows, all drawn from
    the date; the first attempt for which a complete sheet is found. On a day of that family
    it is the daily puzzle."""
    ed = edition or default_edition()
    lex = lexicon or default_lexicon()
    check_published(date, ed)
    family = layouts.family(family).family  # an unknown family is a UsageError; STAR is star
    for attempt in range(MAX_ATTEMPTS):
        pz = _family_candidate(date, family, attempt, ed)
        if find_solution(pz, lex) is not None:
            return pz
    raise UsageError(f"no solvable {family} Word Girdle puzzle found for {date.isoformat()} "
                     f"with {lex.in_the_list()} ({counted(len(lex.words), 'word')}): "
                     "a sheet needs enough words to fill every line")


def _family_candidate(date: dt.date, family: str, attempt: int, ed: Edition) -> Puzzle:
    if family == "star":  # the stars keep the seeds of the days when every puzzle was one
        rng = DateRandom(f"word-girdle/{ed.name}/{date.isoformat()}/{attempt}")
        lines = draw_lines(rng, ed)
        return _puzzle(rng, lines, supply_limit(lines, ed), date, ed)
    rng = DateRandom(f"word-girdle/{ed.name}/{family}/{date.isoformat()}/{attempt}")
    lines = layouts.draw(rng, layouts.family(family), ed.grid_size)
    return _puzzle(rng, lines, None, date, ed)


def _puzzle(rng: DateRandom, lines: tuple[Line, ...], limit: int | None, date: dt.date,
            ed: Edition) -> Puzzle:
    """A puzzle on ``lines``: its Supply, then its checkbox rows, drawn from ``rng``."""
    return Puzzle(
        lines=lines,
        supply=draw_supply(rng, ed, limit),
        checkbox_rows=draw_checkbox_rows(rng, ed),
        vp=dict(ed.vp),
        length_bonus=dict(ed.length_bonus),
        number=puzzle_number(date, ed),
        date=date,
        size=ed.grid_size,
        edition=ed.name,
        crossout_min_length=ed.crossout_min_length,
    )
