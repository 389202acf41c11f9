"""FamilyLayout families: the shapes a puzzle's word lines may take (``girdle-layouts.tsv``).

A family's shape is turned and mirrored, and its lines put in a word order where every word
after the first crosses an earlier line (which the sheet's rules need), all drawn from a
deterministic random source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any, Protocol

from companion.datafiles import read_table
from companion.errors import UsageError
from companion.girdle.puzzle import Line, Puzzle
from companion.text import quoted


class Random(Protocol):
    def below(self, n: int) -> int: ...


@dataclass(frozen=True)
class FamilyLayout:
    """One family's shape: its lines (word 1's first, if the family fixes it)."""

    family: str
    lines: tuple[Line, ...]
    first: Line | None
    description: str


def _line(text: str) -> Line:
    kind = {"r": "row", "c": "col"}.get(text[:1])
    if kind is None or not text[1:].isdigit():
        raise UsageError(f"bad line {text!r} in girdle-layouts.tsv: use rN or cN")
    return Line(kind, int(text[1:]))


@cache
def layouts() -> dict[str, FamilyLayout]:
    """Every family by name, in the order of the data file."""
    out = {}
    for row in read_table("girdle-layouts.tsv"):
        first = None if row["first"] == "-" else _line(row["first"])
        lines = tuple(_line(t) for t in row["lines"].split())
        unknown = [w for w in _PLACE.findall(row["description"]) if w not in _TURNED]
        if unknown:
            raise UsageError(f"unknown word of place {{{unknown[0]}}} in girdle-layouts.tsv: "
                             f"use {', '.join('{' + w + '}' for w in _TURNED)}")
        out[row["family"]] = FamilyLayout(row["family"], lines, first, row["description"])
    return out


def family(name: str) -> FamilyLayout:
    """The family called ``name``, in any case (STAR is star, as a PDQ variant's name is
    read); an unknown name is a :class:`UsageError`."""
    known = layouts()
    key = name.strip().lower()
    if key not in known:
        raise UsageError(f"no Word Girdle layout family {quoted(name)}: choose from "
                         f"{', '.join(known)}")
    return known[key]


# How the grid is turned (rows for columns) and mirrored (rows, columns): see :func:`turned`.
Turn = tuple[bool, bool, bool]


def _placed(lines: tuple[Line, ...], size: int) -> tuple[str, Turn] | None:
    """The family whose shape ``lines`` are and how it was turned and mirrored, or None."""
    kinds = [ln.kind for ln in lines]
    if len(lines) > 1 and min(kinds.count("row"), kinds.count("col")) == 1:
        return ("star", (False, False, False)) if "star" in layouts() else None
    given = set(lines)
    for name, layout in layouts().items():
        for turn_grid, mirror_rows, mirror_cols in product((False, True), repeat=3):
            if {turned(ln, turn_grid, mirror_rows, mirror_cols, size)
                    for ln in layout.lines} == given:
                return name, (turn_grid, mirror_rows, mirror_cols)
    return None


def family_of(lines: tuple[Line, ...], size: int = 7) -> str | None:
    """The family whose shape ``lines`` are (turned, mirrored, in any order), or None. Any
    one line with all the others across it is a star."""
    placed = _placed(lines, size)
    return None if placed is None else placed[0]


def puzzle_model(pz: Puzzle) -> dict[str, Any]:
    """The puzzle's JSON model (:meth:`Puzzle.to_dict`) with its layout family."""
    return {**pz.to_dict(), "family": family_of(pz.lines, pz.size)}


# The words of place a family's description may use, in braces ({top}), as its shape stands
# in the data file, and what each becomes once the grid is turned (rows for columns: the top
# row is the left column); then mirroring the rows swaps top and bottom, and mirroring the
# columns left and right.
_TURNED = {"rows": "columns", "columns": "rows", "top": "left side", "bottom": "right side",
           "left side": "top", "right side": "bottom", "sides": "top and bottom",
           "top and bottom": "sides"}
_MIRRORED_ROWS = {"top": "bottom", "bottom": "top"}
_MIRRORED_COLS = {"left side": "right side", "right side": "left side"}
_PLACE = re.compile(r"\{([a-z ]+)\}")


def _described(description: str, turn: Turn) -> str:
    """``description`` with its words of place said as the shape lies turned and mirrored."""
    turn_grid, mirror_rows, mirror_cols = turn

    def said(m: re.Match[str]) -> str:
        word = _TURNED[m.group(1)] if turn_grid else m.group(1)
        word = _MIRRORED_ROWS.get(word, word) if mirror_rows else word
        return _MIRRORED_COLS.get(word, word) if mirror_cols else word
    return _PLACE.sub(said, description)


def shape_text(lines: tuple[Line, ...], size: int = 7) -> str | None:
    """The family of ``lines`` for a player, its description saying where its lines lie as
    drawn: "lattice (three rows crossing four columns)", turned "lattice (three columns
    crossing four rows)"."""
    placed = _placed(lines, size)
    if placed is None:
        return None
    name, turn = placed
    return f"{name} ({_described(layouts()[name].description, turn)})"


def crosses(a: Line, b: Line) -> bool:
    """Two lines share a square (a row and a column always do)."""
    return a.kind != b.kind


def turned(line: Line, turn: bool, flip_rows: bool, flip_cols: bool, size: int) -> Line:
    """``line`` after turning the grid (rows for columns) and mirroring it."""
    kind, index = line
    if turn:
        kind = "col" if kind == "row" else "row"
    if (kind == "row" and flip_rows) or (kind == "col" and flip_cols):
        index = size + 1 - index
    return Line(kind, index)


def draw(rng: Random, layout: FamilyLayout, size: int = 7) -> tuple[Line, ...]:
    """The family's lines turned, mirrored and in a word order drawn from ``rng``."""
    turn, flip_r, flip_c = (rng.below(2) == 1 for _ in range(3))

    def t(line: Line) -> Line:
        return turned(line, turn, flip_r, flip_c, size)

    left = [t(ln) for ln in layout.lines]
    if layout.first is not None:
        order = [t(layout.first)]
    else:
        order = [left[rng.below(len(left))]]
    left.remove(order[0])
    while left:
        ready = [ln for ln in left if any(crosses(ln, o) for o in order)]
        pick = ready[rng.below(len(ready))]
        order.append(pick)
        left.remove(pick)
    return tuple(order)
