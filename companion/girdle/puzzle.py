"""The Word Girdle puzzle: seven word lines, the Supply, the checkbox rows and the score tables.

A puzzle is plain data and round-trips through JSON (:meth:`Puzzle.to_json`,
:meth:`Puzzle.from_json`).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from companion import jsonfile
from companion.dates import date_from
from companion.decimals import whole_in_file
from companion.errors import UsageError
from companion.girdle.rules import ALPHABET, Edition, default_edition
from companion.text import counted

MAX_GRID_SIZE = 15  # a sheet's grid; the edition's is 7

KINDS = ("row", "col")


class Line(NamedTuple):
    """A word line of the Girdle: ``kind`` is "row" or "col", ``index`` counts from 1."""

    kind: str
    # Shadows tuple.index (never called on a line); the name is the sheet's own word.
    index: int  # type: ignore[assignment]

    def cells(self, size: int = 7) -> list[tuple[int, int]]:
        """The (row, col) squares of the line, 1-based, left to right or top to bottom."""
        if self.kind == "row":
            return [(self.index, c) for c in range(1, size + 1)]
        return [(r, self.index) for r in range(1, size + 1)]

    @property
    def direction(self) -> str:
        """How a word in this line reads: "across" for a row, "down" for a column."""
        return "across" if self.kind == "row" else "down"

    def label(self) -> str:
        return f"{'row' if self.kind == 'row' else 'column'} {self.index}"


@dataclass(frozen=True)
class Puzzle:
    """One Word Girdle puzzle.

    ``lines[k]`` is where word k+1 must go; ``supply`` holds the Supply letters (positions 1..n
    in order); ``checkbox_rows`` are the score-tracker rows (1..7) whose 6- or 7-letter word lets
    the player cross out an unused letter.
    """

    lines: tuple[Line, ...]
    supply: str
    checkbox_rows: tuple[int, ...]
    vp: dict[str, int] = field(default_factory=lambda: dict(default_edition().vp))
    length_bonus: dict[int, int] = field(
        default_factory=lambda: dict(default_edition().length_bonus)
    )
    number: int = 0
    date: dt.date | None = None
    size: int = 7
    edition: str = "default"
    crossout_min_length: int = 6

    def __post_init__(self) -> None:
        if not 2 <= self.size <= MAX_GRID_SIZE:
            raise UsageError(f"a Word Girdle grid is 2 to {counted(MAX_GRID_SIZE, 'square')} a "
                             f"side, not {self.size}")
        if not self.lines:
            raise UsageError("a Word Girdle puzzle needs at least one word line")
        for line in self.lines:
            if line.kind not in KINDS or not 1 <= line.index <= self.size:
                raise UsageError(f"bad word line {line!r}: use row or col 1-{self.size}")
        if any(ch not in ALPHABET for ch in self.supply):
            raise UsageError(f"the Supply must be letters A-Z, not {self.supply!r}")
        for r in self.checkbox_rows:
            if not 1 <= r <= len(self.lines):
                raise UsageError(f"checkbox row {r} is not a score-tracker row")
        if set(self.vp) != set(ALPHABET):
            raise UsageError("the Victory Point table must give a value for every letter A-Z")
        if any(v < 0 for v in self.vp.values()):
            raise UsageError("a letter's Victory Points are 0 or more")
        if not self.length_bonus or min(self.length_bonus) < 1:
            raise UsageError("the length bonus table must name the word lengths allowed "
                             "(1 letter or more)")
        self._check_lengths_and_lines()

    def _check_lengths_and_lines(self) -> None:
        """Every word length from the shortest to the longest has a bonus, and every word has
        a line of its own."""
        gaps = [n for n in range(min(self.length_bonus), max(self.length_bonus))
                if n not in self.length_bonus]
        if gaps:
            raise UsageError(f"the length bonus table has no bonus for {gaps[0]}-letter words: "
                             "it must give one for every length from the shortest to the "
                             "longest")
        repeated = [line for k, line in enumerate(self.lines) if line in self.lines[:k]]
        if repeated:
            raise UsageError(f"{repeated[0].label()} carries two word icons: each word has a "
                             "line of its own")

    # -- derived facts -----------------------------------------------------------------------
    @property
    def words(self) -> int:
        """How many words a finished sheet holds (one per line)."""
        return len(self.lines)

    @property
    def min_length(self) -> int:
        return min(self.length_bonus)

    @property
    def max_length(self) -> int:
        return max(self.length_bonus)

    def bonus(self, length: int) -> int:
        """The length bonus (or penalty) of a word of ``length`` letters."""
        return self.length_bonus[length]

    def has_checkbox(self, word_number: int) -> bool:
        return word_number in self.checkbox_rows

    def earns_crossout(self, word_number: int, length: int) -> bool:
        """Whether word ``word_number`` of ``length`` letters lets the player cross out an
        unused letter: a word of ``crossout_min_length`` letters or more on a checkbox row."""
        return length >= self.crossout_min_length and self.has_checkbox(word_number)

    def squares_on_lines(self) -> set[tuple[int, int]]:
        """The (row, col) squares, 1-based, that some word line crosses (the sheet tints
        them; the others are grey)."""
        return {cell for line in self.lines for cell in line.cells(self.size)}

    def icons(self, kind: str) -> dict[int, int]:
        """The word icons beside the rows (``kind`` "row") or above the columns ("col"):
        line index -> word number."""
        return {ln.index: k for k, ln in enumerate(self.lines, 1) if ln.kind == kind}

    # -- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "date": self.date.isoformat() if self.date else None,
            "edition": self.edition,
            "size": self.size,
            "lines": [{"kind": ln.kind, "index": ln.index} for ln in self.lines],
            "supply": self.supply,
            "checkbox_rows": list(self.checkbox_rows),
            "crossout_min_length": self.crossout_min_length,
            "vp": dict(sorted(self.vp.items())),
            "length_bonus": {str(k): v for k, v in sorted(self.length_bonus.items())},
        }

    def to_json(self) -> str:
        """The puzzle as a JSON object (see :meth:`from_json`)."""
        return json.dumps(self.to_dict(), indent=2)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        """Build a puzzle from :meth:`to_dict` output; a bad field is a :class:`UsageError`."""
        if not isinstance(data, dict):
            raise UsageError("not a Word Girdle puzzle: expected a JSON object")
        edition = default_edition()
        field = "lines"  # the field being read, named when it has the wrong form
        try:
            lines = []
            for item in data["lines"]:
                if isinstance(item, dict):
                    lines.append(Line(str(item["kind"]), whole_in_file(item["index"])))
                else:
                    kind, index = item
                    lines.append(Line(str(kind), whole_in_file(index)))
            field = "vp"
            vp = {str(k).upper(): whole_in_file(v) for k, v in data.get("vp", edition.vp).items()}
            field = "length_bonus"
            bonus = {
                whole_in_file(k): whole_in_file(v)
                for k, v in data.get("length_bonus", edition.length_bonus).items()
            }
            field = "checkbox_rows"
            checkbox_rows = tuple(whole_in_file(r) for r in data.get("checkbox_rows", ()))
            field = "number"
            number = whole_in_file(data.get("number") or 0)
            field = "size"
            size = whole_in_file(data.get("size", edition.grid_size))
            field = "crossout_min_length"
            crossout_min_length = whole_in_file(data.get("crossout_min_length",
                                                         edition.crossout_min_length))
        except KeyError as exc:
            raise UsageError(f"not a Word Girdle puzzle: the field {exc} is missing") from exc
        except (TypeError, ValueError, AttributeError, OverflowError) as exc:
            raise UsageError(f"not a Word Girdle puzzle: the field '{field}' is not "
                             f"{_FIELD_FORMS[field]}") from exc
        if "supply" not in data:
            raise UsageError("not a Word Girdle puzzle: the field 'supply' is missing")
        return cls(
            lines=tuple(lines),
            supply=str(data["supply"]).upper(),
            checkbox_rows=checkbox_rows,
            vp=vp,
            length_bonus=bonus,
            number=number,
            date=_puzzle_date(data.get("date")),
            size=size,
            edition=str(data.get("edition", edition.name)),
            crossout_min_length=crossout_min_length,
        )

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        try:
            data = jsonfile.loads(text)
        except ValueError as exc:
            raise UsageError(f"not a Word Girdle puzzle: it is not JSON ({exc})") from exc
        if not isinstance(data, dict):
            raise UsageError("not a Word Girdle puzzle: expected a JSON object")
        return cls.from_dict(data)


# What each field of a puzzle file holds, as a refusal of one in another form says it.
_FIELD_FORMS = {
    "lines": 'a list of word lines, each {"kind": "row" or "col", "index": a number}',
    "vp": "an object of letters and their Victory Points",
    "length_bonus": "an object of word lengths and their bonuses",
    "checkbox_rows": "a list of score-tracker row numbers",
    "number": "a whole number",
    "size": "a whole number",
    "crossout_min_length": "a whole number",
}


def _puzzle_date(value: object) -> dt.date | None:
    """A puzzle file's ``date`` (none when left out), read as every typed date is."""
    if not value:
        return None
    try:
        return date_from(value)
    except UsageError as exc:
        raise ValueError(str(exc)) from None


def edition_puzzle(
    lines: list[tuple[str, int]],
    supply: str,
    checkbox_rows: tuple[int, ...],
    edition: Edition | None = None,
    **extra: Any,
) -> Puzzle:
    """A puzzle with the score tables of ``edition`` (the default one unless given)."""
    ed = edition or default_edition()
    return Puzzle(
        lines=tuple(Line(k, i) for k, i in lines),
        supply=supply.upper(),
        checkbox_rows=tuple(checkbox_rows),
        vp=dict(ed.vp),
        length_bonus=dict(ed.length_bonus),
        size=ed.grid_size,
        edition=ed.name,
        crossout_min_length=ed.crossout_min_length,
        **extra,
    )
