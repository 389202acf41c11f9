"""FamilyLayout families: the shapes a puzzle's word lines may take (``girdle-layouts.tsv``).

A family's shape is turned and mirrored, and its lines put in a word order where every word
after the first crosses an earlier line (which the sheet's rules need), all drawn from a
deterministic random source.
"""

from __future__ import annotations

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
        out[row["family"]] = FamilyLayout(row["family"], lines, first, row["description"])
    return out


def family(name: str) -> FamilyLayout:
    """The family called ``name``; an unknown name is a :class:`UsageError`."""
    known = layouts()
    if name not in known:
        raise UsageError(f"no Word Girdle layout family {quoted(name)}: choose from "
                         f"{', '.join(known)}")
    return known[name]


def family_of(lines: tuple[Line, ...], size: int = 7) -> str | None:
    """The family whose shape ``lines`` are (turned, mirrored, in any order), or None. Any
    one line with all the others across it is a star."""
    kinds = [ln.kind for ln in lines]
    if len(lines) > 1 and min(kinds.count("row"), kinds.count("col")) == 1:
        return "star" if "star" in layouts() else None
    given = set(lines)
    for name, layout in layouts().items():
        for turn, flip_r, flip_c in product((False, True), repeat=3):
            if {turned(ln, turn, flip_r, flip_c, size) for ln in layout.lines} == given:
                return name
    return None


def puzzle_model(pz: Puzzle) -> dict[str, Any]:
    """The puzzle's JSON model (:meth:`Puzzle.to_dict`) with its layout family."""
    return {**pz.to_dict(), "family": family_of(pz.lines, pz.size)}


def shape_text(lines: tuple[Line, ...], size: int = 7) -> str | None:
    """The family of ``lines`` for a player: "lattice (three rows crossing four columns)"."""
    name = family_of(lines, size)
    return None if name is None else f"{name} ({layouts()[name].description})"


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
