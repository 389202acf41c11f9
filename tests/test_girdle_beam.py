"""The beam searches behind a crossed day's par: the kept words of the neighbourhood search
never shut out a sheet that keeps them, and the search only moves to legal, better sheets."""

from __future__ import annotations

import datetime as dt

import pytest

from companion.girdle import beam, play_all, puzzle_for
from companion.girdle.generator import daily_family
from companion.girdle.moves import word_index
from companion.girdle.solver import _placements
from companion.lexicon import default_lexicon

DAY = dt.date(2026, 12, 3)  # a lattice: three rows crossing four columns


@pytest.fixture(scope="module")
def start():
    """The day's puzzle, its word index and the best sheet of a narrow beam."""
    assert daily_family(DAY) == "lattice"
    pz = puzzle_for(DAY)
    index = word_index(default_lexicon(), pz.min_length, pz.max_length)
    score, moves = max(beam.beam_search(pz, index, 24), key=lambda found: found[0])
    return pz, index, score, moves


def _engine_score(pz, moves) -> int:
    """The final score the engine gives the sheet, finished as the solver finishes it."""
    _, card = play_all(pz, _placements(pz, moves, default_lexicon()))
    assert card.complete
    return card.final


def test_keeping_six_words_still_finds_the_sheet(start):
    """With every word but one kept, the search of the free line meets the sheet's own word
    again (the kept words' letters and ends never rule it out), and nothing worse wins."""
    pz, index, score, moves = start
    words = [(m.start, m.word) for m in moves]
    for free in range(1, pz.words + 1):
        kept = {m.number: (m.start, m.word) for m in moves if m.number != free}
        found = list(beam.beam_search(pz, index, 5000, kept=kept))
        assert any([(m.start, m.word) for m in ms] == words for _, ms in found), free
        assert max(s for s, _ in found) >= score
        for _, ms in found:  # every sheet keeps the kept words where they were
            assert {m.number: (m.start, m.word) for m in ms if m.number != free} == kept


def test_the_neighbourhood_search_moves_only_to_better_legal_sheets(start, monkeypatch):
    pz, index, score, moves = start
    monkeypatch.setattr(beam, "NEIGHBOURHOODS", ((6, 40),))
    better, found = beam.improve(pz, index, moves)
    assert better > score  # this sheet of a narrow beam is improved
    assert better == beam.score_of(pz, found) == _engine_score(pz, found)
    assert beam.improve(pz, index, found) == (better, found)  # it stopped where none is better
