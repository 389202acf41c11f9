"""Word Girdle star puzzles: the exact solver agrees with brute force and with the general
search, proves par on daily puzzles, and knows which puzzles it may take."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from sharedwork import girdle_solution

from companion.girdle import edition_puzzle, play_all, puzzle_for
from companion.girdle import solver as solver_module
from companion.girdle.generator import daily_family, family_puzzle
from companion.girdle.solver import solve
from companion.girdle.star import star_shape
from companion.lexicon import Lexicon, default_lexicon
from tests.test_girdle_solver import SMALL_WORDS, _SlowClock, brute_force

# spine first, then three branches; two of them in neighbouring lines
SMALL_STARS = [
    edition_puzzle([("row", 4), ("col", 3), ("col", 2), ("col", 5)], "EA", (1, 3)),
    edition_puzzle([("col", 3), ("row", 4), ("row", 2), ("row", 5)], "OT", (2,)),
]


@pytest.mark.parametrize("puzzle", SMALL_STARS)
def test_brute_force_agrees_with_the_star_solver(puzzle):
    lexicon = Lexicon(SMALL_WORDS, name="small")
    assert star_shape(puzzle, 5) is not None
    expected = brute_force(puzzle, lexicon)
    assert expected is not None
    sol = solve(puzzle, lexicon=lexicon)
    assert sol.proven and sol.par == expected == sol.upper_bound
    _, card = play_all(puzzle, sol.placements, lexicon)
    assert card.complete and card.final == sol.par


def test_a_star_with_no_complete_sheet_is_proven_unsolvable():
    # the spine must reach from column 2 to column 6: no word of 5+ letters fits with these
    lexicon = Lexicon(["at", "ta", "cat", "act", "east"], name="tiny")
    pz = edition_puzzle([("row", 2), ("col", 6), ("col", 2), ("col", 3)], "E", (1,))
    assert star_shape(pz, 4) is not None
    sol = solve(pz, lexicon=lexicon)
    assert sol.proven and sol.par == 0 and not sol.placements
    assert brute_force(pz, lexicon) is None


def _random_stars(seed: int, count: int, branches: int):
    rnd = random.Random(seed)
    made = 0
    while made < count:
        kind = rnd.choice(["row", "col"])
        other = "col" if kind == "row" else "row"
        lines = [(kind, rnd.randint(2, 6))] + [(other, c) for c in rnd.sample(range(1, 8),
                                                                               branches)]
        supply = "".join(rnd.choice("EAIOTNSRLDU") for _ in range(rnd.randint(0, 6)))
        checkbox = tuple(sorted(rnd.sample(range(1, branches + 2), 2)))
        pz = edition_puzzle(lines, supply, checkbox)
        if star_shape(pz, 5) is not None:
            made += 1
            yield pz


@pytest.mark.slow
def test_the_star_solver_agrees_with_the_general_search(monkeypatch):
    """On star puzzles over a 400-word sample of the word list, the general search (CP-SAT run
    to its end) finds the same par."""
    rnd = random.Random(7)
    words = [w for w in default_lexicon().words if 2 <= len(w) <= 5]
    lexicon = Lexicon(rnd.sample(words, 400), name="sample")
    solved = 0
    for pz in _random_stars(11, 6, 3):
        star = solve(pz, lexicon=lexicon)
        with monkeypatch.context() as m:
            m.setattr(solver_module, "star_shape", lambda *a: None)
            general = solve(pz, lexicon=lexicon, work_limit=None)
        assert star.proven and general.proven
        assert star.par == general.par, pz.lines
        if star.placements:
            _, card = play_all(pz, star.placements, lexicon)
            assert card.final == star.par
            solved += 1
    assert solved >= 3  # not only puzzles without a complete sheet


def test_which_puzzles_are_stars():
    star = edition_puzzle([("row", 4), ("col", 1), ("col", 2), ("col", 3), ("col", 5),
                           ("col", 6), ("col", 7)], "EAIOTNSRLEDU", (1,))
    shape = star_shape(star)
    assert shape is not None
    assert shape.spine == 3 and shape.branches == (0, 1, 2, 4, 5, 6)
    assert shape.adjacent(0) and not shape.adjacent(2)
    # a second row: not a star
    assert star_shape(edition_puzzle([("row", 4), ("col", 2), ("row", 6)], "", ())) is None
    # a Supply longer than the fewest letters a sheet places: not every letter ends active
    wide = [("row", 4), ("col", 1), ("col", 7)]  # the fewest letters: 7 + 1 + 1
    assert star_shape(edition_puzzle(wide, "EAIOUEAIO", ())) is not None
    assert star_shape(edition_puzzle(wide, "EAIOUEAIOU", ())) is None
    # a spine shorter than a later word's new letters: activations could run late
    assert star_shape(edition_puzzle([("row", 4), ("col", 3), ("col", 5)], "E", ())) is None


@pytest.mark.parametrize("day", [dt.date(2026, 12, 6), dt.date(2026, 12, 21)])
def test_star_days_have_a_proven_par(day):
    pz = puzzle_for(day)
    assert daily_family(day) == "star" and star_shape(pz) is not None
    sol = girdle_solution(pz)  # solve(pz), shared with test_published_pars_check
    assert sol.complete and sol.proven and sol.upper_bound == sol.par
    _, card = play_all(pz, sol.placements)
    assert card.complete and card.final == sol.par


def test_a_safety_stop_on_a_star_says_so(monkeypatch):
    """A budget that runs out mid-search: a legal sheet at its score, a valid bound, and not
    proven; with room to finish, the same search proves par."""
    pz = family_puzzle(dt.date(2026, 12, 4), "star")
    full = girdle_solution(pz)  # solve(pz)
    assert full.proven
    monkeypatch.setattr(solver_module.time, "monotonic", _SlowClock(1.0))
    cut = solve(pz, time_budget=3)
    assert not cut.complete and not cut.proven
    assert cut.par <= full.par <= cut.upper_bound
    _, card = play_all(pz, cut.placements)
    assert card.complete and card.final == cut.par
    slow = solve(pz, time_budget=10**9)
    assert slow.proven and (slow.par, slow.placements) == (full.par, full.placements)


def test_a_spent_time_budget_stops_a_star_search_at_its_first_sheet(monkeypatch):
    """A budget already spent (``--time-budget 0.001``) ends the search once it has a sheet:
    the brief search of the most promising spines stops at the first that gives one, and no
    letter prices are tuned (the 50 spines and 150 rounds of prices had run whatever the
    budget, about 0.9 s of processor time). The sheet is legal and the bound a bound."""
    from companion.girdle import star as star_module

    pz = family_puzzle(dt.date(2026, 12, 4), "star")
    full = girdle_solution(pz)  # solve(pz), shared
    calls = {"spine_bounds": 0, "search_spine": 0}
    for name in calls:
        real = getattr(star_module.StarSolver, name)

        def count(self, *args, _real=real, _name=name, **kwargs):
            calls[_name] += 1
            return _real(self, *args, **kwargs)

        monkeypatch.setattr(star_module.StarSolver, name, count)
    monkeypatch.setattr(solver_module.time, "monotonic", _SlowClock(1.0))
    cut = solve(pz, time_budget=0.001)
    assert not cut.complete and not cut.proven
    assert cut.placements and cut.par <= full.par <= cut.upper_bound
    _, card = play_all(pz, cut.placements)
    assert card.complete and card.final == cut.par
    assert calls["spine_bounds"] == 2  # the spines' first bounds, and again before the search
    assert 1 <= calls["search_spine"] < star_module.FIRST_SPINES
