"""One way to finish a Girdle sheet: the same words score the same typed, photographed and
solved (a fixed sheet of the 2026-12-08 star puzzle, two cross-outs earned: 78; it was that
puzzle's proven par with the older default word list, which lacked PYJAMA and other British
spellings)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from companion.girdle import Puzzle, SheetStep, complete_sheet, edition_puzzle, solve
from companion.girdle.typed_sheet import parse_solution, play_solution, solution_text
from companion.lexicon import default_lexicon
from synthetic.camera import Camera, photograph
from synthetic.fonts import available
from synthetic.girdle import EXAMPLE_LINES, EXAMPLE_STEPS, example_puzzle, filled_sheet
from vision.classifier import hand_classifier
from vision.config import DEFAULT
from vision.girdle_sheet import read_sheet
from vision.imageio import decode_photo

CASE = json.loads((Path(__file__).parent / "data" / "girdle" / "star-2026-12-08.json")
                  .read_text(encoding="utf-8"))
PUZZLE = Puzzle.from_dict(CASE["puzzle"])
BEST = [SheetStep.from_dict(s) for s in CASE["solution"]]
BARE = [replace(p, activated=(), crossed_out=()) for p in BEST]


def test_the_case_earns_two_cross_outs():
    assert CASE["par"] == 78
    assert sum(1 for p in BEST if p.crossed_out) == 2


def test_solved():
    """The solver's own best sheet is finished by the same function to exactly its par, and
    no sheet beats the proven par (the fixed sheet among them)."""
    sol = solve(PUZZLE)
    assert sol.proven and sol.par >= CASE["par"]
    _, _, card = complete_sheet(PUZZLE, sol.placements)
    assert card.complete and card.final == sol.par
    _, _, case_card = complete_sheet(PUZZLE, BEST)
    assert case_card.final == CASE["par"] <= sol.par


def test_typed_without_choices():
    text = solution_text(PUZZLE, BARE, choices=False)  # as a player types the words alone
    assert "+" not in text and "-" not in text
    _, _, card = play_solution(PUZZLE, parse_solution(text, PUZZLE), default_lexicon())
    assert card.final == 78 and len(card.crossed_out) == 2


def test_photographed():
    font = available(("ComicNeue-Bold.otf",))
    if not font:
        pytest.fail("hand-writing font ComicNeue-Bold.otf missing: see scripts/system-packages.txt")
    rng = np.random.default_rng(8)
    flat = filled_sheet(PUZZLE, BEST, font[0], rng)
    photo = photograph(flat, Camera(width=2400, height=1800, max_tilt=25), rng)[0]
    load = replace(DEFAULT.load, work_long_side=DEFAULT.sheet.work_long_side)
    reading = read_sheet(DEFAULT, decode_photo(load, photo), hand_classifier(),
                         default_lexicon(), PUZZLE)
    assert [w["word"] for w in reading.words] == [p.word for p in BEST]
    assert reading.boxes_ticked == [5, 6]
    assert reading.problem == ""
    assert reading.score["final"] == 78
    assert len(reading.score["crossed_out"]) == 2


def test_every_earned_tick_crosses_out_a_letter_and_only_ticked_ones():
    _, _, card = complete_sheet(PUZZLE, BARE, ticks=[6])
    assert card.final == 78 - 4 and len(card.crossed_out) == 1
    _, _, card = complete_sheet(PUZZLE, BARE, ticks=[])
    assert card.crossed_out == []


def test_activations_follow_the_filled_dots_and_need():
    """The worked example in docs/girdle.md: eight dots filled, seven after word 1 (the Supply
    letters later words need come first), the last after word 2."""
    bare = [replace(p, activated=(), crossed_out=()) for p in EXAMPLE_STEPS]
    steps, _, card = complete_sheet(example_puzzle(), bare, dots=range(1, 9))
    assert [len(p.activated) for p in steps] == [7, 1, 0, 0, 0, 0, 0]
    assert sorted(a for p in steps for a in p.activated) == list(range(1, 9))
    assert card.final == 24


def test_explicit_choices_are_kept():
    steps, _, card = complete_sheet(example_puzzle(), list(EXAMPLE_STEPS))
    assert steps == list(EXAMPLE_STEPS)
    assert card.final == 24 and card.crossed_out == ["Z"]


def test_chosen_activations_leave_the_cheapest_letters_unused():
    """Without dots, a word's activations go to the letters later words need, then to the
    cheapest: the finished sheet scores what the solver says, whatever the order typed."""
    steps, _, card = complete_sheet(PUZZLE, BARE)
    assert card.final == 78
    needed = {a for p in steps for a in p.activated}
    assert len(needed) == len(PUZZLE.supply)


def test_a_typed_cross_out_of_a_supply_letter_is_activated_for_it():
    """A puzzle from a file whose Supply is longer than the words fill (25 letters, 21 new
    squares), so not every dot ends filled: the typed -U (the A-Z U is used by JUMPING and
    USE's U crosses it) needs an active Supply U, and the activations choose one for it
    rather than the sheet being refused."""
    supply = "EEAOSTRN" + "EAIO" * 4 + "U"
    pz = Puzzle.from_json(edition_puzzle(list(EXAMPLE_LINES), supply, (1, 4)).to_json())
    words = solution_text(pz, [replace(p, activated=(), crossed_out=())
                               for p in EXAMPLE_STEPS], choices=False).splitlines()
    plain = play_solution(pz, parse_solution("\n".join(words), pz), default_lexicon())[2]
    words[0] += " -U"
    steps, _, card = play_solution(pz, parse_solution("\n".join(words), pz), default_lexicon())
    assert card.crossed_out == ["U"] and "U" not in card.unused_letters
    assert any(len(supply) in p.activated for p in steps)
    assert sum(len(p.activated) for p in steps) < len(supply)
    # left out, the earned cross-out takes the Q (5, before Z); the U instead saves its 1
    assert plain.crossed_out == ["Q"] and card.final == plain.final - 5 + 1


def test_letters_seen_crossed_out_are_the_ticked_words_cross_outs():
    """A photographed sheet's crossed-out letters are its ticked words' cross-outs, in word
    order, rather than the dearest unused letters; a ticked word with none seen is still
    given the dearest (Q, 5 Victory Points, before Z)."""
    bare = [replace(p, activated=(), crossed_out=()) for p in EXAMPLE_STEPS]
    steps, _, card = complete_sheet(example_puzzle(), bare, dots=range(1, 9), ticks=[1],
                                    crossed=["k"])
    assert steps[0].crossed_out == ("K",) and card.crossed_out_az == ["K"]
    assert card.final == 23  # K (4) crossed out, Q and Z (5 each) left unused: 24 - 5 + 4
    _, _, card = complete_sheet(example_puzzle(), bare, dots=range(1, 9), ticks=[1],
                                crossed=["S"])  # the A-Z S is used: the active Supply S
    assert card.crossed_out == ["S"] and card.crossed_out_az == []
    _, _, card = complete_sheet(example_puzzle(), bare, dots=range(1, 9), ticks=[1],
                                crossed=[])
    assert card.crossed_out == ["Q"]


@pytest.mark.parametrize("crossed, ticks, message", [
    (["K", "Q"], [1], "the sheet shows K and Q crossed out, but only 1 ticked box earns a "
                      "cross-out"),
    (["K"], [], "the sheet shows K crossed out, but no ticked box earns one"),
    (["J"], [1], "J cannot be crossed out: it is not an unused letter of the A-Z section or "
                 "an active unused Supply letter, yet the sheet shows it crossed out"),
])
def test_letters_seen_crossed_out_that_cannot_be_are_said(crossed, ticks, message):
    """More letters crossed out than the ticked boxes earn, or a letter the words used (J of
    JUMPING), are refused in one sentence, never dropped or replaced unsaid."""
    from companion.girdle import CrossoutsSeen

    bare = [replace(p, activated=(), crossed_out=()) for p in EXAMPLE_STEPS]
    with pytest.raises(CrossoutsSeen) as exc:
        complete_sheet(example_puzzle(), bare, dots=range(1, 9), ticks=ticks, crossed=crossed)
    assert str(exc.value) == message


def test_a_word_refused_with_letters_seen_crossed_out_is_the_words_refusal():
    """A word the engine refuses is refused as a word (the photo reader then tries its
    letters' runners-up), not blamed on the letters crossed out."""
    from companion.girdle import CrossoutsSeen, IllegalStep

    bare = [replace(p, activated=(), crossed_out=()) for p in EXAMPLE_STEPS]
    bare[3] = replace(bare[3], word="ACNE")
    bare[4] = replace(bare[4], word="NLOD")
    with pytest.raises(IllegalStep) as exc:
        complete_sheet(example_puzzle(), bare, dots=range(1, 9), ticks=[1], crossed=["K"])
    assert not isinstance(exc.value, CrossoutsSeen) and exc.value.step == 5



LONG_SUPPLY = PUZZLE.supply + "UEAOIUSXQZRRR"  # 26 letters: the words activate 25 of them


def _long_puzzle() -> Puzzle:
    return edition_puzzle([(ln.kind, ln.index) for ln in PUZZLE.lines], LONG_SUPPLY,
                          PUZZLE.checkbox_rows)


def _seen_outcome(puzzle: Puzzle, words: list[SheetStep], dots: list[int] | None,
                  seen: list[str]) -> tuple:
    """What the finished sheet comes to with ``seen`` crossed out (the ticked words 5 and 6
    earn one each): the card's score and cross-outs, or that it is refused."""
    from companion.girdle import CrossoutsSeen

    try:
        _, _, card = complete_sheet(puzzle, words, dots=dots, ticks=[5, 6], crossed=seen)
    except CrossoutsSeen:
        return ("refused",)
    return (card.final, sorted(card.crossed_out), sorted(card.crossed_out_supply),
            card.unused_letters)


@pytest.mark.parametrize("long, dots, given", [
    (False, None, False),
    (True, None, False),
    (True, [i for i in range(1, len(LONG_SUPPLY) + 1) if i != 14], False),
    (True, None, True),
])
def test_the_order_letters_seen_crossed_out_are_given_in_changes_nothing(long, dots, given):
    """A photo shows which letters are crossed out, not when. The engine judges each
    cross-out against the finished sheet (an unused A-Z letter, or a Supply letter active
    and unused at the end), so giving the letters seen to the earning words in word order is
    legal exactly when the other order is, and scores the same. With the longer Supply some
    letters end inactive (Z at 23, or the U at 14 left unfilled), and with the activations
    given some are activated only by word 6 or 7, after word 5 earned its cross-out."""
    pz = _long_puzzle() if long else PUZZLE
    words = BARE
    if given:
        words = [replace(p, crossed_out=()) for p in complete_sheet(pz, BARE)[0]]
    letters = "QVKUDRIXZJE"  # unused A-Z, also in the Supply, used, left inactive
    outcomes = set()
    for a in letters:
        for b in letters:
            word_order = _seen_outcome(pz, words, dots, [a, b])
            assert word_order == _seen_outcome(pz, words, dots, [b, a]), (a, b)
            outcomes.add(word_order[0])
    assert "refused" in outcomes and len(outcomes) > 2


def test_a_supply_letter_activated_after_the_word_given_it_may_be_crossed_out():
    """X and Q seen crossed out, word order giving X to word 5 (WAFFLE), though the Supply X
    (position 21) is activated only after word 6 (JACKET) and the A-Z X is written by word 7
    (AX): the sheet is legal, X is the Supply's, and the other order scores the same."""
    pz = _long_puzzle()
    words = [replace(p, crossed_out=()) for p in complete_sheet(pz, BARE)[0]]
    assert 21 in words[5].activated and words[6].word == "AX"
    steps, _, card = complete_sheet(pz, words, ticks=[5, 6], crossed=["X", "Q"])
    assert [p.crossed_out for p in steps][4:6] == [("X",), ("Q",)]
    assert card.crossed_out == ["X", "Q"] and card.crossed_out_supply == [21]
    _, _, other = complete_sheet(pz, words, ticks=[5, 6], crossed=["Q", "X"])
    assert other.final == card.final and other.crossed_out_supply == [21]
