"""Counts in the engines', the command line's, the printables', the CAD's and the photo
reader's messages are written by one rule, ``companion.text.counted``: no module spells a
plural of its own, and a count of one reads as one ("1 point", not "1 points"). The web app
has its own scan over its templates (tests/web/test_web_plurals.py); both share
tests/plurals.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from plurals import hand_made_plurals
from test_girdle_engine import example_puzzle

from companion.bugwords.table import BugWordsTable
from companion.challenges import get_challenge_rule
from companion.cli import main
from companion.girdle import IllegalStep, Sheet, SheetStep
from companion.lexicon import Lexicon
from companion.pdq.finder import find_words
from companion.pdq.solitaire import play_solitaire, simulate_solitaire
from companion.text import counted

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "companion" / "web"
SOURCES = sorted(p for top in ("companion", "printables", "cad", "vision")
                 for p in (ROOT / top).rglob("*.py") if WEB not in p.parents)


def test_the_scan_finds_a_hand_made_plural():
    assert hand_made_plurals("{{ n }} word{{ 's' if n != 1 }}", template=True)
    assert hand_made_plurals("Sheet complete: {{ card.final }} points.", template=True)
    assert hand_made_plurals('f"photos are kept {days} days"', template=False)
    assert hand_made_plurals("noun + ('' if n == 1 else 's')", template=False)
    assert hand_made_plurals('el.textContent = "-" + p.penalty + " points";', template=True)
    assert hand_made_plurals('copies = "card" if have == 1 else "cards"', template=False)
    assert hand_made_plurals('noun = "body" if n == 1 else "bodies"', template=False)
    assert hand_made_plurals('f"earns {bonus} "\n    "points for it"', template=False)
    assert hand_made_plurals('print(f"{bad} line(s) disagree")', template=False)
    assert not hand_made_plurals("{{ card.final|counted('point') }}", template=True)
    assert not hand_made_plurals("{{ p.name }} challenges", template=True)
    assert not hand_made_plurals('<textarea{{ invalid("words") }} rows="2">', template=True)
    assert not hand_made_plurals('verb = "does" if n == 1 else "do"', template=False)
    assert not hand_made_plurals('    """The player(s) with the most points."""', template=False)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_writes_its_own_plural(path):
    assert hand_made_plurals(path.read_text(), template=False) == []


def test_counted_takes_an_irregular_plural_and_a_number_format():
    assert [counted(n, "body", "bodies") for n in (0, 1, 2)] == ["0 bodies", "1 body",
                                                                   "2 bodies"]
    assert counted(1234, "word") == "1,234 words"  # every count sets off its thousands
    assert counted(1, "word", spec="3") == "  1 word"
    assert counted(12345, "word", spec=">7") == " 12,345 words"


def test_a_bug_words_play_of_one_point_is_one_point():
    words = Lexicon(["cat", "cats"], name="plural-test")
    table = BugWordsTable()
    blanks = table.score_play(None, "8H cat", words)  # three blanks: 0 points
    play = table.score_play(blanks.board, "8H ...S", words)  # the S scores 1, no premium
    assert (play.score, play.reason) == (1, "Legal: 1 point.")


def test_a_challenge_bonus_of_one_point_is_one_point():
    outcome = get_challenge_rule("points 1").resolve([], Lexicon(["cat"], name="plural-test"))
    assert outcome.reason == ("The play is valid and stands: its player earns 1 point for "
                              "the challenge.")


def test_solitaire_stuck_with_one_word_says_there_was_one_word():
    dealt = simulate_solitaire(2)
    first, second = dealt.rounds[0], dealt.rounds[1]
    only = find_words(second.cards, "solitaire").words[0]
    words = Lexicon([first.word.lower(), only], name="plural-test")
    assert find_words(second.cards, "solitaire", words).words == [only]
    lines: list[str] = []
    answers = iter([first.word, ""])
    play_solitaire(lambda prompt: next(answers), lines.append, seed=2, lexicon=words)
    assert f"Stuck. There was 1 word, e.g. {only.upper()}." in lines


def test_a_girdle_word_of_one_letter_has_one_letter():
    sheet = Sheet(example_puzzle())
    with pytest.raises(IllegalStep, match="A has 1 letter; a word must have 2 to 7"):
        sheet.play(SheetStep(1, 1, "across", "A", ()))


def test_a_girdle_sheet_giving_one_square_says_one_square(capsys, tmp_path):
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps({"date": "2026-12-01", "solution": [
        {"word": "AT", "cells": [[1, 1]]}]}))
    code = main(["girdle", "check", str(sheet)])
    out, err = capsys.readouterr()
    assert "AT has 2 letters but 1 square is given" in out + err, (code, out, err)


def test_one_bug_words_play_for_a_rack_is_one_play(capsys, tmp_path):
    board = tmp_path / "board.txt"
    grid = ["." * 15] * 15
    grid[7] = "......CAT......"
    board.write_text("\n".join(grid) + "\n")
    words = tmp_path / "words.txt"
    words.write_text("cat\ncats\n")
    assert main(["bugwords", "moves", str(board), "S", "--lexicon", str(words)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "1 play for S; best first:"


def test_pdq_scores_nobody_finding_one_word(capsys, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("drum\ndrub\n")
    main(["pdq", "DRU", "--lexicon", str(words), "--score", "ann=drum"])
    assert "Nobody found 1 word, e.g. DRUB." in capsys.readouterr().out



def test_a_count_of_minus_one_is_singular():
    assert [counted(n, "point") for n in (-2, -1, 0, 1)] == ["-2 points", "-1 point",
                                                             "0 points", "1 point"]


def test_a_girdle_answer_key_step_of_minus_one_point_says_one_point():
    """The answer key's step for a word scoring -1 (OR: 2 VP, -3 for two letters) read
    "-1 points."."""
    from companion.girdle import play_all
    from printables.girdle_key import step_text
    from synthetic.girdle import EXAMPLE_STEPS

    steps = [*EXAMPLE_STEPS[:-1], SheetStep(6, 4, "across", "OR")]
    state, _ = play_all(example_puzzle(), steps)
    assert state.words[-1].total == -1
    assert step_text(state, state.words[-1]) == (
        "7. OR, across from row 6, column 4: R from A-Z. -1 point.")
