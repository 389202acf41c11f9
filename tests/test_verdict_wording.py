"""Every verdict that a word is not in the list names the list once, without brackets inside
brackets: "not in the word list SCOWL-70 US/UK/CA/AU, the companion default"."""

from __future__ import annotations

import re

import pytest

from companion.board import Board, parse_position
from companion.bugwords import IllegalPlay, check_play, default_rules
from companion.judge import check_word
from companion.lexicon import WordListSpec, default_lexicon, load_word_list
from companion.pdq.judge import judge as pdq_judge
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
