"""A Bug Words position from a reading of a photo (what ``companion read --json`` prints for
a Bug Words board): the board as read, each blank tile's letter, and the squares the reading
was not sure of, for the player to check first.

A reading gives ``grid``, row by row: ``""`` (or null) for an empty square, an upper-case
letter for a tile, a lower-case letter for a blank whose letter the words told the reader, and
``?`` for a blank whose letter it could not tell; and ``uncertain``, the squares it lists for
the player to check (``row`` and ``col`` from 0, what was ``read``, ``why``), squares outside
the photo among them. The letter of a ``?`` blank is the rule of this module
(:func:`blank_candidates`): the letter that makes every run of two or more tiles through the
square a word of the word list; the player names it (``given``) when no letter or several do.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion import jsonfile
from companion.board import Board, PlayError, parse_position, runs_through, square_name
from companion.bugwords.rules import BugWordsRules
from companion.errors import UsageError
from companion.games import GAME_PHOTOS
from companion.lexicon import Lexicon
from companion.text import as_written, listed, quoted
from companion.tiles import BLANK

Cell = tuple[int, int]

NOT_A_READING = ('not a reading of a photo of a Bug Words board (JSON with a "grid" of 15 '
                 'rows of 15 squares expected, as companion read --json prints)')


@dataclass(frozen=True)
class Doubt:
    """A square the reading listed for the player to check: its name (``8H``), what was read
    there (a letter, ``?`` a blank, ``""`` nothing) and why, in the reading's words (``""``
    when it gives none); a square outside the photo is one, its ``why`` saying so."""

    square: str
    read: str
    why: str

    def to_dict(self) -> dict[str, str]:
        return {"square": self.square, "read": self.read, "why": self.why}


@dataclass(frozen=True)
class BlankLetter:
    """The letter a blank tile of the reading stands for (lower case) and where it came from:
    ``words`` (the only letter making its words words), ``given`` (said by the player) or
    ``read`` (the reading's own)."""

    square: str
    letter: str
    source: str

    def to_dict(self) -> dict[str, str]:
        return {"square": self.square, "letter": self.letter, "from": self.source}


@dataclass(frozen=True)
class ReadPosition:
    """The board of a reading, every blank with its letter, and the squares to check first."""

    board: Board
    blanks: tuple[BlankLetter, ...]
    doubtful: tuple[Doubt, ...]


class UnsettledBlanks(UsageError):
    """Blank tiles whose letter the words do not settle: ``letters`` gives each one's square
    and the letters that would make its words words (none, or several), in board order."""

    def __init__(self, letters: dict[str, tuple[str, ...]], runs: dict[str, list[str]]) -> None:
        self.letters = letters
        parts = []
        for square, found in letters.items():
            if found:
                parts.append(f"the blank tile at {square} may stand for "
                             f"{listed([x.upper() for x in found], 'or')}, each making its "
                             "words words")
            else:
                words = runs[square]
                parts.append(f"no letter for the blank tile at {square} makes "
                             f"{listed(words)} {'a word' if len(words) == 1 else 'words'}")
        super().__init__("; ".join(parts))


class BadBlankGiven(UsageError):
    """A blank's letter given by the player that cannot be taken: its message starts with
    what was given (``8H=ST: ...``)."""


def is_reading(text: str) -> bool:
    """Whether ``text`` is written as JSON (an object), which no board text or record is."""
    return jsonfile.is_object_text(text)


def blank_candidates(grid: list[list[str]], lexicon: Lexicon, letters: Iterable[str]
                     ) -> dict[Cell, tuple[str, ...]]:
    """For each blank whose letter is not known (``?`` in ``grid``, whose squares are ``""``
    when empty), the letters (lower case, in ``letters``' order) that make every run of two or
    more tiles through its square a word of ``lexicon``. Blanks that share a run are settled
    together: a letter counts for one when some letter for each of the others makes all
    their runs words too (every choice of a group's letters is tried, 26 to the power of its
    size: :func:`position_from_reading` refuses a reading with more blanks than the set's
    two)."""
    alphabet = [x.lower() for x in letters]
    unknown = [(r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == BLANK]
    found: dict[Cell, tuple[str, ...]] = {}
    for group in _sharing_runs(grid, unknown):
        runs = list({tuple(run): run for cell in group
                     for run in runs_through(grid, *cell)}.values())
        fits: dict[Cell, set[str]] = {cell: set() for cell in group}
        for choice in itertools.product(alphabet, repeat=len(group)):
            letter = dict(zip(group, choice, strict=True))
            if all("".join(letter.get(cell) or grid[cell[0]][cell[1]] for cell in run)
                   in lexicon for run in runs):
                for cell, x in letter.items():
                    fits[cell].add(x)
        for cell in group:
            found[cell] = tuple(x for x in alphabet if x in fits[cell])
    return dict(sorted(found.items()))


def _sharing_runs(grid: list[list[str]], cells: list[Cell]) -> list[list[Cell]]:
    """``cells`` in groups whose members are joined by runs they share, each in board order."""
    on_run = {cell: {c for run in runs_through(grid, *cell) for c in run} for cell in cells}
    groups: list[list[Cell]] = []
    left = list(cells)
    while left:
        group = [left.pop(0)]
        for cell in group:
            for other in [o for o in left if o in on_run[cell]]:
                left.remove(other)
                group.append(other)
        groups.append(sorted(group))
    return groups


def position_from_reading(text: str, rules: BugWordsRules, lexicon: Lexicon,
                          given: Iterable[tuple[str, str]] = ()) -> ReadPosition:
    """The position a reading of a photo (JSON ``text``) shows, its blanks' letters settled:
    ``given`` names some as (square, letter), such as ("8H", "S"), each square holding a
    blank; the others (``?``) take the only letter that makes their words words
    (:func:`blank_candidates`). Anything that cannot be used (not a reading, another game's,
    a square given that holds no blank, a blank no letter or several letters fit) is a
    :class:`UsageError` saying what, where (:class:`UnsettledBlanks` for the blanks)."""
    grid, uncertain = _read_json(text, rules)
    # more blanks than the set has is no board at all; a letter read once too often is a
    # misread the listed squares point to, and the plays are still worth having
    over = rules.tiles.over_count(BLANK for row in grid for t in row if t == BLANK or t.islower())
    if over:
        raise UsageError(f"the reading shows {over}: check its blank tiles")
    blanks: dict[Cell, BlankLetter] = {
        (r, c): BlankLetter(square_name(r, c), t, "read")
        for r, row in enumerate(grid) for c, t in enumerate(row) if t.islower()}
    for (r, c), letter in _given(grid, rules, given).items():
        grid[r][c] = letter
        blanks[(r, c)] = BlankLetter(square_name(r, c), letter, "given")
    candidates = blank_candidates(grid, lexicon, _letters(rules))
    unsettled = {cell: found for cell, found in candidates.items() if len(found) != 1}
    if unsettled:
        raise UnsettledBlanks(
            {square_name(*cell): found for cell, found in unsettled.items()},
            {square_name(*cell): ["".join(grid[r][c] for r, c in run).upper()
                                  for run in runs_through(grid, *cell)]
             for cell in unsettled})
    for (r, c), (letter,) in candidates.items():
        grid[r][c] = letter
        blanks[(r, c)] = BlankLetter(square_name(r, c), letter, "words")
    board = Board(rules.layout.rows, rules.layout.cols)
    for r, row in enumerate(grid):
        for c, t in enumerate(row):
            if t:
                board.set(r, c, t)
    doubts = tuple(Doubt(square_name(r, c), read, why) for (r, c), (read, why)
                   in sorted(uncertain.items()))
    return ReadPosition(board, tuple(blanks[cell] for cell in sorted(blanks)), doubts)


def _letters(rules: BugWordsRules) -> list[str]:
    """The letters a blank may stand for: every tile of the set but the blank."""
    return [t for t in rules.tiles.counts if t != BLANK]


def _given(grid: list[list[str]], rules: BugWordsRules,
           given: Iterable[tuple[str, str]]) -> dict[Cell, str]:
    """The blanks' letters the player gave, by square; a square named twice with two letters,
    one holding no blank, or anything but one letter, is refused naming it."""
    letters = _letters(rules)
    out: dict[Cell, str] = {}
    for square, letter in given:
        try:
            pos = parse_position(square, rules.layout.rows, rules.layout.cols)
        except PlayError as exc:
            raise BadBlankGiven(f"{square}={letter}: {exc}") from exc
        cell, name = (pos.row, pos.col), square_name(pos.row, pos.col)
        if letter.upper() not in letters:
            raise BadBlankGiven(f"{square}={letter}: a blank tile stands for one letter, "
                                f"not {quoted(letter)}, such as {name}=S")
        tile = grid[pos.row][pos.col]
        if not (tile == BLANK or tile.islower()):
            held = f"the letter {tile}" if tile else "nothing (it was read empty)"
            raise BadBlankGiven(f"{square}={letter}: the reading shows {held} at {name}, "
                                "not a blank tile")
        if out.get(cell, letter.lower()) != letter.lower():
            raise BadBlankGiven(f"{square}={letter}: the blank tile at {name} is given two "
                                f"letters, {out[cell].upper()} and {letter.upper()}")
        out[cell] = letter.lower()
    return out


def _read_json(text: str, rules: BugWordsRules
               ) -> tuple[list[list[str]], dict[Cell, tuple[str, str]]]:
    """The grid of a reading (``""`` empty, letters as read, ``?`` an unknown blank) and its
    listed squares, (what was read, why) by square."""
    rows, cols = rules.layout.rows, rules.layout.cols
    try:
        data = jsonfile.loads(text)
        game = data.get("game", "bugwords")
        if game != "bugwords" and game in GAME_PHOTOS:
            raise UsageError(f"this is the reading of a photo of {GAME_PHOTOS[game]}, not of "
                             f"{GAME_PHOTOS['bugwords']}")
        raw = data["grid"]
        listed_squares = data.get("uncertain") or []
        if not isinstance(raw, list) or not isinstance(listed_squares, list):
            raise TypeError("not lists")
        shape = [len(row) for row in raw]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise UsageError(NOT_A_READING) from exc
    if len(raw) != rows or any(n != cols for n in shape):
        raise UsageError(f"the reading is not of a {rows}x{cols} board")
    letters = _letters(rules)
    grid: list[list[str]] = []
    for r, row in enumerate(raw):
        grid.append([])
        for c, tile in enumerate(row):
            tile = "" if tile is None else tile
            if not (isinstance(tile, str) and (tile in ("", BLANK) or tile.upper() in letters)):
                raise UsageError(f"square {square_name(r, c)}: {as_written(tile)} is not a Bug "
                                 "Words tile (a letter, lower case for a blank, ? for a blank "
                                 "whose letter is not known, \"\" for an empty square)")
            grid[-1].append(tile)
    return grid, _listed(listed_squares, rows, cols)


def _listed(entries: list[Any], rows: int, cols: int) -> dict[Cell, tuple[str, str]]:
    """The reading's listed squares (``uncertain``): (what was read, why) by square."""
    out: dict[Cell, tuple[str, str]] = {}
    for entry in entries:
        try:
            r, c = entry["row"], entry["col"]
            read, why = entry.get("read") or "", entry.get("why") or ""
            ok = (all(type(x) is int for x in (r, c)) and 0 <= r < rows and 0 <= c < cols
                  and isinstance(read, str) and isinstance(why, str))
        except (KeyError, TypeError, AttributeError):
            ok = False
        if not ok:
            raise UsageError(f"{NOT_A_READING}: its uncertain squares are given as "
                             f"{as_written(entry)}, not as {{\"row\", \"col\", \"read\", "
                             "\"why\"}")
        out[(r, c)] = (read, why)
    return out

