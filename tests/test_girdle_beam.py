"""The beam searches behind a crossed day's par: the kept words of the neighbourhood search
never shut out a sheet that keeps them, the search only moves to legal, better sheets, and it
finds the 2026-12-04 ladder's sheet of 140 from a sheet of 131 that shares one word with it;
the quick ways the beams find legal words and order children give what counting letters and
sorting every key give."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from companion.girdle import SheetStep, beam, play_all, puzzle_for
from companion.girdle.generator import daily_family
from companion.girdle.moves import (
    KeptWords,
    LegalWords,
    Move,
    SearchState,
    legal_words,
    line_cells,
    word_index,
)
from companion.girdle.rules import ALPHABET
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


def _by_counting(pos: SearchState, legal: LegalWords, index) -> list[tuple[int, tuple]]:
    """The rows of ``legal``'s line table whose new letters the sheet can give, found by
    counting each letter: an unused A-Z letter gives one, the Supply (when the sheet may take
    from it) the rest, within its budget; with the Supply letters each row takes."""
    t = legal.table
    budget = pos.budget()
    out = []
    for row in range(len(t.word_ids)):
        n, _s, free = t.runs[int(t.run_of[row])]
        word = index.words[n][int(t.word_ids[row])]
        need = Counter(ALPHABET.index(word[i]) for i in free)
        supply = sorted(c for c, k in need.items() for _ in range(k - pos.az[c]))
        have = {c: pos.az[c] + (pos.supply_left[c] if budget > 0 else 0) for c in need}
        if all(k <= have[c] for c, k in need.items()) and len(supply) <= budget:
            out.append((row, tuple(supply)))
    return out


def test_the_legal_words_are_those_the_letters_left_allow(start):
    """Along the sheets of a beam, with and without the later words kept, the words found
    legal (by letter bit masks) are exactly those whose letters the sheet can still give, one
    count at a time, and each takes the Supply letters counting gives."""
    pz, index, _score, _moves = start
    sheets = [ms for _, ms in beam.beam_search(pz, index, 24)][:6]
    checked = 0
    for moves in sheets:
        for keep in (False, True):
            pos = SearchState(pz)
            for k, m in enumerate(moves):
                kept = KeptWords(pz, {x.number: (x.start, x.word) for x in moves[k + 1:]}) \
                    if keep and k + 1 < len(moves) else None
                legal = legal_words(pos, index, kept)
                assert legal is not None
                made = [legal.move(i, index) for i in range(len(legal))]
                found = [(int(r), mv.supply_used) for r, mv in zip(legal.rows, made, strict=True)]
                assert found == _by_counting(pos, legal, index)
                assert [int(x) for x in legal.supply] == [len(s) for _r, s in found]
                assert (m.start, m.word) in {(mv.start, mv.word) for mv in made}
                checked += len(found)
                pos.play(m)
    assert checked > 10_000


@pytest.mark.parametrize("most", [1, 3, 10, 500])
def test_the_best_children_come_in_the_order_of_a_stable_sort(most):
    """The beam's children, listed a line table at a time, come best first with ties in the
    order their parents made them: the order of a stable sort of all their keys in that
    order, however few of them are sorted first."""
    rng = np.random.default_rng(most)
    made = np.arange(300)
    keys, parents, rows = rng.integers(-5, 6, 300), made // 7, made % 7
    listed = rng.permutation(300)
    found = [int(listed[t]) for t in beam._best_first(keys[listed], parents[listed],
                                                       rows[listed], most)]
    assert found == np.argsort(-keys, kind="stable").tolist()
