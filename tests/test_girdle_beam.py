"""The beam searches behind a crossed day's par: the kept words of the neighbourhood search
never shut out a sheet that keeps them, the search only moves to legal, better sheets, and it
finds the 2026-12-04 ladder's sheet of 140 from a sheet of 131 that shares one word with it."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from companion.girdle import SheetStep, beam, play_all, puzzle_for
from companion.girdle.generator import daily_family
from companion.girdle.moves import Move, line_cells, word_index
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


LADDER = json.loads((Path(__file__).parent / "data" / "girdle" / "ladder-2026-12-04.json")
                    .read_text(encoding="utf-8"))


def _moves(pz, index, steps: list[dict]) -> list[Move]:
    """A solution file's words as the solver's moves: a beam search with all seven kept."""
    kept = {s["line"]: (line_cells(pz, s["line"]).index((s["row"] - 1) * pz.size + s["col"] - 1),
                        s["word"]) for s in steps}
    (_, moves), = beam.beam_search(pz, index, 1, kept=kept)
    return moves


def test_the_ladder_sheet_of_140_is_legal_with_the_default_list():
    """The sheet of 140 found with the older list is the day's puzzle's, and the engine scores
    it 140 with the default list (its words are all in it): the day's par is at least 140."""
    pz = puzzle_for(dt.date(2026, 12, 4))
    assert LADDER["puzzle"] == pz.to_dict()
    _, card = play_all(pz, [SheetStep.from_dict(s) for s in LADDER["solution"]])
    assert card.complete and card.final == LADDER["par"] == 140
    _, card = play_all(pz, [SheetStep.from_dict(s) for s in LADDER["start"]])
    assert card.complete and card.final == 131


def test_the_wider_neighbourhood_finds_the_ladder_sheet_of_140(monkeypatch):
    """From the sheet of 131, a round of the narrow neighbourhood finds nothing better; the
    round of the wider one after it reaches 140 (keeping JUMBUCK, the one word they share)."""
    pz = puzzle_for(dt.date(2026, 12, 4))
    index = word_index(default_lexicon(), pz.min_length, pz.max_length)
    start = _moves(pz, index, LADDER["start"])
    assert beam.score_of(pz, start) == 131
    monkeypatch.setattr(beam, "MAX_ROUNDS", 2)
    score, found = beam.improve(pz, index, start)
    assert score >= LADDER["par"]
    assert score == _engine_score(pz, found)
