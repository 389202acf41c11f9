"""Every illegal WerdUp play is rejected with a reason a player reads; edge cases pass."""

from __future__ import annotations

import pytest
import werdup_positions as pos

from companion.board import Placement
from companion.lexicon import default_lexicon
from companion.werdup.notation import parse_play
from companion.werdup.rules import get_rules
from companion.werdup.validate import IllegalPlay, judge_play, score_play

P = Placement  # 0-based (row, col): 5E is P(4, 4, ...)


def judge(board, play, rules="werdup"):
    placements = parse_play(board, play) if isinstance(play, str) else play
    return judge_play(board, placements, get_rules(rules), default_lexicon())


ILLEGAL = [
    # (position, play, rule set, words the reason must contain)
    (pos.EMPTY, [P(4, 4, "A"), P(5, 5, "T")], "werdup", "one row or one column"),
    (pos.EMPTY, [P(4, 3, "A"), P(4, 5, "T")], "werdup", "gap in the word at 5E"),
    (pos.CAT, "8A DOG", "werdup", "must join the tiles already on the board"),
    (pos.EMPTY, "1A CAT", "werdup", "first word must cover a beginning square (5E 5F 6E 6F)"),
    (pos.EMPTY, "5E A", "werdup", "first word needs at least 2 letters"),
    (pos.CAT_TALL, "5D (CA)O", "werdup", "stack at 5F would be 6 high"),
    (pos.CAT, [P(4, 5, "T")], "werdup", "T cannot go on top of the same letter (at 5F)"),
    (pos.CAT, [P(4, 5, "R"), P(4, 5, "P")], "werdup", "only one tile per stack per turn"),
    (pos.CAT, "5D (CAT)S", "werdup", "adding only an S to CAT is not allowed"),
    (pos.CAT, "5D (CAT)S", "upwords", "adding only an S to CAT is not allowed"),
    (pos.CAT, "5D (CAT)Z", "werdup", "CATZ is not in the word list"),
    (pos.CAT, "6D XQ", "werdup", "XQU, CX and AQU are not in the word list"),
    (pos.CAT, "5D BOG", "upwords", "covers every letter of CAT"),
    (pos.CAT, [P(4, 1, "Z")], "werdup", "must join"),
    (pos.EMPTY, [], "werdup", "puts no new tile on the board"),
]


@pytest.mark.parametrize(("board", "play", "rules", "reason"), ILLEGAL)
def test_illegal_plays_give_their_reason(board, play, rules, reason):
    j = judge(board, play, rules)
    assert not j.legal
    assert reason.lower() in j.reason.lower()
    assert j.reason.endswith(".") and j.reason[0].isupper()
    assert j.score == 0


def test_score_play_raises_with_the_reason():
    with pytest.raises(IllegalPlay, match="beginning square"):
        score_play(pos.EMPTY, parse_play(pos.EMPTY, "1A CAT"), get_rules(), default_lexicon())


LEGAL = [
    # An S that also makes HIS is fine, and both words score.
    (pos.CAT_HI, "5D (CAT)S", "werdup", {"CATS", "HIS"}),
    # Stacking to exactly 5 is allowed.
    (pos.CAT_TALL, "5D (C)O(T)", "werdup", {"COT"}),
    # Covering all of CAT is fine in the rulebook edition (BOG on C, A and T).
    (pos.CAT, "5D BOG", "werdup", {"BOG"}),
    # upwords: covering only part of a word is fine.
    (pos.CAT, "5D (C)O(T)", "upwords", {"COT"}),
    # A new letter on a one-high tile in the middle of a word.
    (pos.CAT, "5D (C)U(T)", "werdup", {"CUT"}),
    # The Qu tile reads QU.
    (pos.EMPTY, "E5 QuIT", "werdup", {"QUIT"}),
]


@pytest.mark.parametrize(("board", "play", "rules", "words"), LEGAL)
def test_legal_edge_cases(board, play, rules, words):
    j = judge(board, play, rules)
    assert j.legal, j.reason
    assert {w.text for w in j.words} == words


def test_judging_does_not_change_the_board():
    before = pos.CAT.copy()
    judge(pos.CAT, "5D BOG")
    assert pos.CAT == before


# (position, play, rule set, the squares the refusal is about, 0-based (row, col))
ILLEGAL_SQUARES = [
    (pos.EMPTY, [P(4, 3, "A"), P(4, 5, "T")], "werdup", ((4, 4),)),  # the gap
    (pos.EMPTY, "1A CAT", "werdup", ((4, 4), (4, 5), (5, 4), (5, 5))),  # beginning squares
    (pos.CAT_TALL, "5D (CA)O", "werdup", ((4, 5),)),
    (pos.CAT, [P(4, 5, "T")], "werdup", ((4, 5),)),
    (pos.CAT, [P(4, 5, "R"), P(4, 5, "P")], "werdup", ((4, 5),)),
    (pos.CAT, "5D (CAT)S", "werdup", ((4, 6),)),  # the S
    (pos.CAT, "5D (CAT)Z", "werdup", ((4, 3), (4, 4), (4, 5), (4, 6))),  # CATZ
    (pos.CAT, "5D BOG", "upwords", ((4, 3), (4, 4), (4, 5))),  # the CAT it covers
    (pos.CAT, "8A DOG", "werdup", ()),  # about no square
    (pos.EMPTY, "5E A", "werdup", ()),
]


@pytest.mark.parametrize(("board", "play", "rules", "squares"), ILLEGAL_SQUARES)
def test_a_refusal_carries_the_squares_it_is_about(board, play, rules, squares):
    j = judge(board, play, rules)
    assert not j.legal and j.squares == squares
    placements = parse_play(board, play) if isinstance(play, str) else play
    with pytest.raises(IllegalPlay) as raised:
        score_play(board, placements, get_rules(rules), default_lexicon())
    assert raised.value.squares == squares
