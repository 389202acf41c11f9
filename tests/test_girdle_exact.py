"""The exact solver (CP-SAT): the same par as brute force on small word lists for every layout
family, the same par as the star solver, and the same answer on every run."""

from __future__ import annotations

import random

import pytest
import sharedwork

from companion.girdle import complete_sheet, edition_puzzle
from companion.girdle.exact import solve_exact
from companion.girdle.generator import DateRandom
from companion.girdle.layouts import crosses, draw, layouts
from companion.girdle.moves import word_index
from companion.girdle.star import solve_star, star_shape
from companion.lexicon import Lexicon, default_lexicon
from tests.test_girdle_solver import SMALL_WORDS, brute_force

LEXICON = Lexicon(SMALL_WORDS, name="small")


def _small(family: str, seed: int, lines: int):
    """The first ``lines`` lines of a drawn layout of ``family``, a small Supply and two
    checkbox rows."""
    rng = DateRandom(f"test/{family}/{seed}")
    drawn = draw(rng, layouts()[family])[:lines]
    rnd = random.Random(f"{family}/{seed}")
    supply = "".join(rnd.choice("EAOT") for _ in range(rnd.randint(1, 3)))
    return edition_puzzle([(ln.kind, ln.index) for ln in drawn], supply,
                          tuple(sorted(rnd.sample(range(1, lines + 1), 2))))


def small_par(puzzle) -> int | None:
    """``brute_force(puzzle, LEXICON)``, tried once per run for a puzzle (the exact solver's
    test here and the branch-and-bound's in tests/test_bench_scripts.py try the same one)."""
    return sharedwork.once(f"girdle brute force {LEXICON.fingerprint} {puzzle.to_json()}",
                           lambda: brute_force(puzzle, LEXICON))


CASES = [(f, seed, n) for f in layouts() for seed, n in ((1, 3), (2, 3), (3, 4))]


@pytest.mark.slow
@pytest.mark.parametrize(("family", "seed", "lines"), CASES)
def test_brute_force_agrees_with_the_exact_solver(family, seed, lines):
    pz = _small(family, seed, lines)
    expected = small_par(pz)
    index = word_index(LEXICON, pz.min_length, pz.max_length)
    res = solve_exact(pz, index, work_limit=None)
    assert res.proven
    if expected is None:
        assert not res.feasible and not res.words
        return
    assert res.feasible and res.score == expected == res.upper_bound
    _, _, card = complete_sheet(pz, res.words, lexicon=LEXICON)
    assert card.complete and card.final == expected


def test_every_family_draws_a_legal_order():
    for name, lay in layouts().items():
        for seed in range(20):
            lines = draw(DateRandom(f"order/{name}/{seed}"), lay)
            assert len(set(lines)) == len(lines) == 7
            assert all(any(crosses(ln, o) for o in lines[:k]) for k, ln in enumerate(lines)
                       if k > 0)
            if lay.first is not None:
                assert star_shape(edition_puzzle([tuple(ln) for ln in lines], "", ())) \
                    is not None or name != "star"


@pytest.mark.slow
def test_the_exact_solver_agrees_with_the_star_solver():
    """Stars over a 500-word sample of the word list: CP-SAT and the star search agree (on
    one star with a best sheet of 18, and five without a complete sheet)."""
    rnd = random.Random(5)
    words = [w for w in default_lexicon().words if 2 <= len(w) <= 5]
    lexicon = Lexicon(rnd.sample(words, 500), name="sample")
    index = word_index(lexicon, 2, 7)
    solved = 0
    for seed in range(6):
        pz = _small("star", 10 + seed, 4)
        star = star_shape(pz, 5)
        assert star is not None
        want = solve_star(pz, index, star)
        got = solve_exact(pz, index, work_limit=None)
        assert got.proven and want.complete
        assert got.score == want.score
        solved += bool(got.words)
    assert solved >= 1


def test_the_same_answer_on_every_run():
    pz = _small("lattice", 3, 4)
    index = word_index(LEXICON, pz.min_length, pz.max_length)
    first = solve_exact(pz, index)
    again = solve_exact(pz, index, workers=1)
    assert (first.score, first.words) == (again.score, again.words)
