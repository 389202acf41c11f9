"""Word Girdle daily generator: deterministic, varied, well-formed and solvable."""

from __future__ import annotations

import datetime as dt

import pytest
from sharedwork import girdle_puzzle

from companion.errors import UsageError
from companion.girdle import Puzzle, play_all, puzzle_for
from companion.girdle.generator import (
    DateRandom,
    daily_family,
    family_puzzle,
    find_solution,
    supply_limit,
)
from companion.girdle.layouts import family_of, layouts, shape_text, turned
from companion.girdle.rules import default_edition
from companion.girdle.solver import _placements
from companion.girdle.star import star_shape
from companion.lexicon import default_lexicon

DAY = dt.date(2026, 12, 1)


@pytest.fixture(scope="module")
def puzzle() -> Puzzle:
    return puzzle_for(DAY)


def test_same_date_same_puzzle(puzzle):
    again = family_puzzle(DAY, "star", default_edition(), default_lexicon())  # afresh
    assert again is not puzzle
    assert again == puzzle
    assert again.to_json() == puzzle.to_json()
    assert puzzle_for(dt.datetime(2026, 12, 1, 23, 59)) == puzzle


def test_dates_differ(puzzle):
    other = puzzle_for(DAY + dt.timedelta(days=1))
    assert (other.lines, other.supply) != (puzzle.lines, puzzle.supply)
    assert other.number == puzzle.number + 1


def test_puzzle_is_well_formed(puzzle):
    assert len(puzzle.lines) == 7 and len(set(puzzle.lines)) == 7
    spine, branches = puzzle.lines[0], puzzle.lines[1:]
    assert 2 <= spine.index <= 6  # room for words on both sides
    assert all(ln.kind != spine.kind for ln in branches)  # a star: all across the spine
    assert star_shape(puzzle) is not None
    assert 12 <= len(puzzle.supply) <= supply_limit(puzzle.lines, default_edition())
    assert sum(ch in "AEIOU" for ch in puzzle.supply) >= 4
    assert 2 <= len(puzzle.checkbox_rows) <= 3
    assert puzzle.number == (DAY - dt.date(2024, 1, 1)).days + 1


MONTH = [DAY + dt.timedelta(days=d) for d in range(30)]


@pytest.mark.parametrize("name", sorted(layouts()))
def test_each_familys_days_have_its_shape_turned_mirrored_and_ordered_in_different_ways(name):
    """A month's days of one family (a test a family, so they spread over the workers): each
    day's puzzle has the family's shape, turned, mirrored and ordered in six ways."""
    days = [d for d in MONTH if daily_family(d) == name]
    puzzles = [girdle_puzzle(d) for d in days]  # shared with the month's test below
    assert [family_of(p.lines) for p in puzzles] == [name] * len(days)
    shapes = {frozenset(p.lines) for p in puzzles}
    orders = {p.lines for p in puzzles}
    assert len(orders) == 6 and len(shapes) >= 2  # a lattice has only two
    for day, pz in zip(days, puzzles, strict=True):
        if day in MONTH[1:5]:  # the day's family asked for by name is the day's puzzle
            assert pz == puzzle_for(day)


def test_the_days_take_the_families_in_turn():
    """30 consecutive days from a star: every week shows all five families (each day's
    puzzle has its family's shape: the test above), and the checkbox rows vary."""
    names = [daily_family(d) for d in MONTH]
    assert names[0] == "star"  # 2026-12-01
    for start in range(len(MONTH) - 6):
        assert set(names[start:start + 7]) == set(layouts())  # a week shows every family
    assert len({girdle_puzzle(d).checkbox_rows for d in MONTH}) >= 5


def test_the_families_are_different_shapes():
    """No family's shape is another's turned or mirrored (a lattice turned is no ladder)."""
    for name, lay in layouts().items():
        assert family_of(lay.lines) == name


SIDE = {("row", 1): "top", ("row", 7): "bottom", ("col", 1): "left side",
        ("col", 7): "right side"}
PLURAL = {"row": "rows", "col": "columns"}


@pytest.mark.parametrize("turn", [(a, b, c) for a in (False, True) for b in (False, True)
                                  for c in (False, True)])
def test_a_shape_is_described_as_it_lies(turn):
    """A family's description said where its lines lie as the data file draws them, however
    the day's shape was turned and mirrored: 2026-12-05's comb, its back down the right side,
    was "a back along the top". Each is said as it lies: the comb's back (word 1) where it is,
    the lattice's three lines and the ladder's rails (the kind with three lines) as rows or
    columns."""
    said = {}
    for name, lay in layouts().items():
        lines = tuple(turned(ln, *turn, 7) for ln in lay.lines)
        said[name] = shape_text(lines)
        assert said[name].startswith(f"{name} (") and "{" not in said[name], said[name]
    comb = layouts()["comb"]
    back = turned(comb.first, *turn, 7)
    assert f"a back along the {SIDE[back]}," in said["comb"]
    for name in ("lattice", "ladder"):
        kinds = [ln.kind for ln in layouts()[name].lines]
        kinds = [("col" if k == "row" else "row") if turn[0] else k for k in kinds]
        three = min(set(kinds), key=kinds.count)
        four = "row" if three == "col" else "col"
        expected = {"lattice": f"three {PLURAL[three]} crossing four {PLURAL[four]}",
                    "ladder": "two rails along the "
                    + ("sides" if three == "col" else "top and bottom")}[name]
        assert expected in said[name], said[name]
    assert shape_text(puzzle_for(dt.date(2026, 12, 5)).lines).startswith(
        "comb (a back along the right side,")


def test_a_month_of_stars_varies():
    """The star drawn for 30 dates: spines across and down, at every allowed index, with
    every line left out somewhere and the later words in many orders."""
    puzzles = [girdle_puzzle(d, "star") for d in MONTH]
    assert {p.lines[0].kind for p in puzzles} == {"row", "col"}
    assert {p.lines[0].index for p in puzzles} == {2, 3, 4, 5, 6}
    skipped = {({1, 2, 3, 4, 5, 6, 7} - {ln.index for ln in p.lines[1:]}).pop() for p in puzzles}
    assert len(skipped) >= 5
    assert len({tuple(ln.index for ln in p.lines[1:]) for p in puzzles}) == 30
    assert len({p.checkbox_rows for p in puzzles}) >= 5


def test_puzzle_is_solvable_and_the_solution_checks(puzzle):
    moves = find_solution(puzzle, default_lexicon())
    assert moves is not None and len(moves) == 7
    sheet, card = play_all(puzzle, _placements(puzzle, moves, default_lexicon()))
    assert card.complete


def test_date_random_is_stable():
    # SHA-256 based: these numbers are the same on every machine and Python version
    rng = DateRandom("word-girdle/default/2026-12-01/0")
    assert [rng.below(100) for _ in range(5)] == [rng2 for rng2 in _expected()]


def _expected() -> list[int]:
    import hashlib

    block = hashlib.sha256(b"word-girdle/default/2026-12-01/0" + (0).to_bytes(8, "big")).digest()
    block += hashlib.sha256(b"word-girdle/default/2026-12-01/0" + (1).to_bytes(8, "big")).digest()
    return [int.from_bytes(block[i * 8:(i + 1) * 8], "big") % 100 for i in range(5)]


def test_dates_before_the_first_puzzle_are_refused():
    with pytest.raises(UsageError, match=r"^There is no Word Girdle of Sunday 31 December 2023: "
                                         r"the first is from Monday 1 January 2024\.$"):
        puzzle_for(dt.date(2023, 12, 31))


def test_family_puzzles_take_their_family_shape():
    day = dt.date(2026, 12, 3)
    for name, lay in layouts().items():
        pz = family_puzzle(day, name)
        assert pz == family_puzzle(day, name)
        assert len(pz.lines) == 7 and len(set(pz.lines)) == 7
        kinds = sorted(ln.kind for ln in pz.lines)
        assert kinds in (sorted(ln.kind for ln in lay.lines),
                         sorted("row" if ln.kind == "col" else "col" for ln in lay.lines))
    assert star_shape(family_puzzle(day, "star")) is not None
    assert find_solution(family_puzzle(day, "frame"), default_lexicon()) is not None
