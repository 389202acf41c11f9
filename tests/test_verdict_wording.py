"""Every verdict that a word is not in the list names the list once, without brackets inside
brackets: "not in the word list SCOWL-70 US/UK/CA/AU, the companion default", and every game
says it in the same words (:func:`companion.lexicon.missing_reason`)."""

from __future__ import annotations

import re

import pytest

from companion.board import Board, parse_position
from companion.bugwords import IllegalPlay, check_play, default_rules
from companion.challenges import get_challenge_rule
from companion.girdle import Sheet, SheetStep, edition_puzzle
from companion.judge import check_word
from companion.lexicon import WordListSpec, default_lexicon, load_word_list, missing_reason
from companion.pdq.judge import judge as pdq_judge
from companion.text import sentence
from companion.werdup.notation import parse_play
from companion.werdup.rules import get_rules
from companion.werdup.validate import judge_play

DEFAULT = "the word list SCOWL-70 US/UK/CA/AU, the companion default"
NESTED = re.compile(r"\([^()]*\(")


def _clean(reason: str) -> str:
    assert not NESTED.search(reason), reason
    assert reason.count("SCOWL-70") == 1, reason
    return reason


def test_check_says_it_cleanly():
    assert _clean(check_word("zzxq", with_definitions=False).reason) == \
        f"ZZXQ is not in {DEFAULT}."
    assert _clean(check_word("cat", game="bugwords", with_definitions=False).reason) == \
        f"CAT is valid for Bug Words: it is in {DEFAULT}."


def test_a_house_list_says_it_cleanly(tmp_path):
    no = tmp_path / "no.txt"
    no.write_text("cat\n")
    lex = load_word_list(WordListSpec(remove=(str(no),), remove_offensive=True))
    reason = _clean(check_word("cat", lexicon=lex, with_definitions=False).reason)
    assert reason == (f"CAT is not in {DEFAULT}, with offensive words (LDNOOBW) removed and "
                      "no.txt removed: no.txt removes it.")


def test_pdq_says_it_cleanly():
    reason = _clean(pdq_judge("pinxqzza", "PNA", lexicon=default_lexicon()).reason)
    assert f"PINXQZZA is not in {DEFAULT}." in reason


def test_werdup_says_it_cleanly():
    rules = get_rules("werdup")
    board = Board(rules.board_size, rules.board_size)
    j = judge_play(board, parse_play(board, "5E ZXK"), rules, default_lexicon())
    assert not j.legal and _clean(j.reason).startswith(f"ZXK is not in {DEFAULT}")


def test_bugwords_says_it_cleanly():
    board = Board()
    with pytest.raises(IllegalPlay) as caught:
        placements = board.tiles_for_play(parse_position("8G"), "ZXK")
        check_play(board, placements, default_rules(), default_lexicon())
    assert _clean(str(caught.value)).endswith(f"ZXK is not in {DEFAULT}")


REMOVED = f"{DEFAULT}, with no.txt removed: no.txt removes it"


@pytest.fixture
def no_cat(tmp_path):
    """The default list less CAT and JUMPING (a house list no.txt removes them)."""
    no = tmp_path / "no.txt"
    no.write_text("cat\njumping\n")
    return load_word_list(WordListSpec(remove=(str(no),)))


def test_one_sentence_for_words_not_in_the_list(no_cat):
    """Several words are joined "A, B and C", each once; a house list that removes some of
    them is named with the words it removes."""
    assert missing_reason(["xy", "AX", "ty", "XY"], default_lexicon()) == \
        f"XY, AX and TY are not in {DEFAULT}"
    assert missing_reason(["cat"], no_cat) == f"CAT is not in {REMOVED}"
    assert missing_reason(["CAT", "JUMPING"], no_cat) == \
        f"CAT and JUMPING are not in {DEFAULT}, with no.txt removed: no.txt removes them"
    assert missing_reason(["ZXK", "CAT"], no_cat) == \
        f"ZXK and CAT are not in {DEFAULT}, with no.txt removed: no.txt removes CAT"


def test_every_judge_names_the_house_list_that_removes_a_word(no_cat):
    """WerdUp, Bug Words, Word Girdle, a challenge and ``check`` all say which house list
    removes the word, in the same words."""
    said = [check_word("cat", lexicon=no_cat, with_definitions=False).reason]
    rules = get_rules("werdup")
    board = Board(rules.board_size, rules.board_size)
    said.append(judge_play(board, parse_play(board, "5E CAT"), rules, no_cat).reason)
    board = Board()
    with pytest.raises(IllegalPlay) as caught:
        check_play(board, board.tiles_for_play(parse_position("8G"), "CAT"), default_rules(),
                   no_cat)
    said.append(sentence(str(caught.value)))
    outcome = get_challenge_rule("single").judge(["CAT"], no_cat)
    said.append(outcome.reason.split(" The play comes off")[0])
    assert said == [f"CAT is not in {REMOVED}."] * 4
    sheet = Sheet(edition_puzzle([("row", 1), ("col", 2)], "EEAOSTRN", (1,)), no_cat)
    assert sheet.check(SheetStep(1, 1, "across", "JUMPING", (1, 2, 3, 4, 5, 6, 7))) == \
        f"JUMPING is not in {REMOVED}"


def test_a_challenge_names_the_list_and_joins_the_words(no_cat):
    outcome = get_challenge_rule("single").judge(["ZXK", "CAT", "QXZ"], no_cat)
    assert outcome.reason == (
        f"ZXK, CAT and QXZ are not in {DEFAULT}, with no.txt removed: no.txt removes CAT. "
        "The play comes off the board and scores nothing, and the turn is over.")
