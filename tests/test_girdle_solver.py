"""Word Girdle solver: brute force agrees on small puzzles; solutions check and score par."""

from __future__ import annotations

import datetime as dt
import json
from itertools import combinations
from pathlib import Path

import pytest
from sharedwork import girdle_solution

from companion.girdle import Sheet, SheetStep, edition_puzzle, play_all, puzzle_for
from companion.girdle.moves import word_index
from companion.girdle.solver import _root_bound, solve
from companion.lexicon import Lexicon, default_lexicon

SMALL_WORDS = [
    "at", "ta", "to", "ox", "ax", "ex", "be", "me", "no", "on", "ad",
    "cat", "act", "tea", "eat", "toe", "ode", "dot", "jab", "jot", "tax", "zax", "box", "cab",
    "east", "seat", "cast", "dote", "bead", "coat", "taco", "toad", "jade", "oxen",
    "dozen", "cameo", "boast", "toast", "adobe", "coast", "taboo", "comet",
]


def brute_force(puzzle, lexicon) -> int | None:
    """The best final score by trying every word at every start with every activation choice,
    using only the engine (no solver code)."""
    words = [w.upper() for w in lexicon]
    best = None

    def rec(steps: list[SheetStep]) -> None:
        nonlocal best
        sheet, card = play_all(puzzle, steps, lexicon)
        if card.complete:
            final = card.final + _best_crossouts(puzzle, sheet, card)
            best = final if best is None else max(best, final)
            return
        line = puzzle.lines[len(steps)]
        inactive = [i + 1 for i, st in enumerate(sheet.supply_state) if st == "inactive"]
        for w in words:
            for s in range(1, puzzle.size - len(w) + 2):
                r, c = (line.index, s) if line.kind == "row" else (s, line.index)
                cells = SheetStep(r, c, line.direction, w).cells()
                new = sum(1 for x in cells if x not in sheet.grid)
                due = min(new, len(inactive))
                for acts in combinations(inactive, due):
                    p = SheetStep(r, c, line.direction, w, acts)
                    if sheet.check(p) is None:
                        rec(steps + [p])

    rec([])
    return best


def _best_crossouts(puzzle, sheet: Sheet, card) -> int:
    """Points the cross-outs would save, crossing out the costliest unused letters."""
    n = sum(1 for w in sheet.words if len(w.placement.word) >= puzzle.crossout_min_length
            and puzzle.has_checkbox(w.number))
    return sum(sorted((puzzle.vp[ch] for ch in card.unused_letters), reverse=True)[:n])


SMALL_PUZZLES = [
    # three lines: row 2, then column 3 crossing it, then row 5 crossing the column
    edition_puzzle([("row", 2), ("col", 3), ("row", 5)], "EA", (2,)),
    edition_puzzle([("col", 4), ("row", 3), ("col", 2)], "ET", (1, 3)),
    edition_puzzle([("row", 4), ("col", 2), ("col", 5)], "OE", ()),
]


@pytest.mark.parametrize("puzzle", SMALL_PUZZLES)
def test_brute_force_agrees_with_the_solver(puzzle):
    lexicon = Lexicon(SMALL_WORDS, name="small")
    expected = brute_force(puzzle, lexicon)
    assert expected is not None
    sol = solve(puzzle, time_budget=None, lexicon=lexicon)
    # both bounds are at or above the true best score
    index = word_index(lexicon, puzzle.min_length, puzzle.max_length)
    assert _root_bound(puzzle, index, expected, None) >= expected
    assert sol.proven
    assert sol.par == expected == sol.upper_bound
    _, card = play_all(puzzle, sol.placements, lexicon)
    assert card.complete and card.final == sol.par


def test_the_bound_is_above_the_worked_example():
    from tests.test_girdle_engine import example_puzzle

    pz = example_puzzle()
    index = word_index(default_lexicon(), pz.min_length, pz.max_length)
    assert _root_bound(pz, index, 24, None) >= 24


@pytest.mark.parametrize("day", [dt.date(2026, 12, 1), dt.date(2027, 3, 14)])
def test_daily_solution_checks_at_par(day):
    pz = puzzle_for(day)
    sol = solve(pz, time_budget=2)
    assert sol.upper_bound >= sol.par
    _, card = play_all(pz, sol.placements)
    assert card.complete and card.final == sol.par


def _published_days() -> tuple[list[dt.date], list[dt.date]]:
    """The first day of each crossed family from 2026-12-01 on, and the first six star days."""
    from companion.girdle.generator import daily_family

    days = [dt.date(2026, 12, 1) + dt.timedelta(days=d) for d in range(30)]
    return [d for d in days if daily_family(d) == "star"][:6], days[1:5]


STAR_DAYS, CROSSED_DAYS = _published_days()
# a legal sheet known for a published day (found with an older word list whose words are all
# in the default one): that day's par is at least its score
KNOWN_SHEETS = {dt.date(2026, 12, 4): Path(__file__).parent / "data" / "girdle"
                / "ladder-2026-12-04.json"}


def test_the_published_days_take_every_family():
    from companion.girdle.generator import daily_family

    assert sorted(daily_family(d) for d in CROSSED_DAYS) == ["comb", "frame", "ladder", "lattice"]
    assert {daily_family(d) for d in STAR_DAYS} == {"star"} and len(STAR_DAYS) == 6


@pytest.mark.slow
@pytest.mark.parametrize("day", STAR_DAYS + CROSSED_DAYS, ids=str)
def test_published_pars_check(day):
    """Ten dates' published pars: each sheet is scored by the engine at exactly par, no bound
    is below it, and a star's par is proven (a crossed shape's par is the best sheet found)."""
    pz = puzzle_for(day)
    sol = girdle_solution(pz)  # solve(pz), shared with the other tests of the day
    _, card = play_all(pz, sol.placements)
    assert sol.complete and card.complete and card.final == sol.par
    assert sol.upper_bound >= sol.par
    if day in STAR_DAYS:
        assert sol.proven and sol.upper_bound == sol.par
    if day in KNOWN_SHEETS:
        assert sol.par >= json.loads(KNOWN_SHEETS[day].read_text(encoding="utf-8"))["par"]


class _SlowClock:
    """The clock of a very slow machine: each reading is ``step`` seconds after the last."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


# a lattice of three rows and four columns (not a star): the general search
LATTICE = edition_puzzle(
    [("row", 3), ("col", 3), ("col", 5), ("row", 1), ("row", 5), ("col", 7), ("col", 1)],
    "TNSLOEGEIEHAIES", (1, 6))


def _short_word_search(monkeypatch):
    """A lattice puzzle with words of up to 3 letters and narrow beams: a search that takes a
    few seconds."""
    from companion.girdle import beam, solver
    from companion.lexicon import default_lexicon

    monkeypatch.setattr(solver, "BEAM_WIDTHS", (24, 60))
    monkeypatch.setattr(beam, "NEIGHBOURHOODS", ((6, 30), (6, 100)))
    monkeypatch.setattr(solver, "EXACT_WORK", 3.0)
    words = [w for w in default_lexicon().words if len(w) <= 3]
    return LATTICE, Lexicon(words, name="short words")


def test_par_does_not_depend_on_the_machine_speed(monkeypatch):
    """The search is a fixed amount of work: on a machine whose every step takes a second, the
    answer is the same (par, bound and sheet), only later."""
    from companion.girdle import solver

    pz, lexicon = _short_word_search(monkeypatch)
    fast = girdle_solution(pz, lexicon)  # solve(pz, lexicon=lexicon), shared
    assert fast.complete
    monkeypatch.setattr(solver.time, "monotonic", _SlowClock(1.0))
    slow = solve(pz, lexicon=lexicon)
    assert slow.complete and slow.seconds >= 1
    assert (slow.par, slow.upper_bound, slow.placements) == (
        fast.par, fast.upper_bound, fast.placements)


def test_a_time_budget_is_a_safety_stop_that_says_so(monkeypatch):
    """A budget that runs out still gives a legal sheet at its score and a valid bound, marked
    as cut short."""
    from companion.girdle import solver

    pz, lexicon = _short_word_search(monkeypatch)
    full = girdle_solution(pz, lexicon)  # solve(pz, lexicon=lexicon), shared
    monkeypatch.setattr(solver.time, "monotonic", _SlowClock(1.0))
    cut = solve(pz, time_budget=50, lexicon=lexicon)
    assert not cut.complete and not cut.proven
    assert cut.to_dict(pz)["complete"] is False and full.to_dict(pz)["complete"] is True
    assert cut.par <= full.par <= full.upper_bound <= cut.upper_bound
    if cut.placements:
        _, card = play_all(pz, cut.placements, lexicon)
        assert card.complete and card.final == cut.par


def test_a_spent_time_budget_starts_no_cp_sat(monkeypatch):
    """Once the budget is spent the answer is the quick searches' best sheet and the
    Lagrangian bound: CP-SAT (loading OR-Tools and building its programme alone outlast a
    short budget) is not started to be stopped at once."""
    from companion.girdle import solver

    pz, lexicon = _short_word_search(monkeypatch)

    def no_cp_sat(*args, **kwargs):
        raise AssertionError("CP-SAT started with no time left")

    monkeypatch.setattr(solver, "solve_exact", no_cp_sat)
    monkeypatch.setattr(solver.time, "monotonic", _SlowClock(1.0))
    cut = solve(pz, time_budget=0.001, lexicon=lexicon)
    assert not cut.complete and not cut.proven and cut.placements
    assert cut.par <= cut.upper_bound
    _, card = play_all(pz, cut.placements, lexicon)
    assert card.complete and card.final == cut.par


def test_the_cache_does_not_answer_for_a_changed_list_of_the_same_name(tmp_path, monkeypatch):
    """A club list edited in place (same name, more words) gets its own search, not the
    par the cache kept for the old words, whose sheet still replays under the new list."""
    from dataclasses import replace

    from companion.girdle.cache import solve_cached

    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path))
    pz = replace(SMALL_PUZZLES[0], date=dt.date(2026, 12, 1))
    before = Lexicon([w for w in SMALL_WORDS if len(w) < 5], name="club.txt")
    after = Lexicon(SMALL_WORDS, name="club.txt")
    old = solve_cached(pz, lexicon=before)
    new_par = solve(pz, lexicon=after).par
    assert old.proven and old.par < new_par
    searched = []
    got = solve_cached(pz, lexicon=after, before_search=lambda: searched.append(True))
    assert searched and (got.par, got.proven) == (new_par, True)
    again = solve_cached(pz, lexicon=after, before_search=lambda: searched.append(True))
    assert len(searched) == 1 and again.par == new_par  # the new list's own entry
