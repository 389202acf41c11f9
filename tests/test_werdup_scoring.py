"""Hand-worked WerdUp scores under both rule sets (positions in werdup_positions.py).

werdup (the rulebook): every word formed scores; in it a letter one tile high scores 2, a
stacked letter 1 per tile in its stack. upwords (Hasbro): a word scores 2 per letter only when
all its letters are one high (+2 if it holds the Qu tile), otherwise 1 per tile in each stack;
+20 for playing all 7 tiles.
"""

from __future__ import annotations

import pytest
import werdup_positions as pos

from companion.lexicon import default_lexicon
from companion.werdup.notation import parse_play
from companion.werdup.rules import get_rules
from companion.werdup.scoring import explain_word, word_score
from companion.werdup.validate import judge_play


def score(board, play: str, rules: str) -> tuple[int, dict[str, int]]:
    j = judge_play(board, parse_play(board, play), get_rules(rules), default_lexicon())
    assert j.legal, j.reason
    return j.score, {w.text: w.score for w in j.words}


# (position, play, rule set, total, {word: points}) with the arithmetic beside each.
CASES = [
    # First word CAT on 5D-5F: three flat letters, 2 + 2 + 2 = 6 (both rule sets).
    (pos.EMPTY, "5D CAT", "werdup", 6, {"CAT": 6}),
    (pos.EMPTY, "5D CAT", "upwords", 6, {"CAT": 6}),
    # R stacked on T of CAT makes CAR: C 2 + A 2 + R(2 high) 2 = 6.
    (pos.CAT, "5D (CA)R", "werdup", 6, {"CAR": 6}),
    # upwords: CAR is not all flat, so 1 per tile: 1 + 1 + 2 = 4.
    (pos.CAT, "5D (CA)R", "upwords", 4, {"CAR": 4}),
    # O on the shared A2 stack makes COT across and ORE down, both through the O3 stack:
    # COT = 2 + 3 + 2 = 7, ORE = 3 + 2 + 2 = 7; total 14.
    (pos.CAT_ARE, "5D (C)O(T)", "werdup", 14, {"COT": 7, "ORE": 7}),
    # upwords: COT = 1 + 3 + 1 = 5, ORE = 3 + 1 + 1 = 5; total 10.
    (pos.CAT_ARE, "5D (C)O(T)", "upwords", 10, {"COT": 5, "ORE": 5}),
    # NO under A2 T makes NO, AN (through the A2 stack) and TO:
    # NO = 2 + 2 = 4, AN = 2 (A2) + 2 = 4, TO = 2 + 2 = 4; total 12.
    (pos.AT_STACKED, "6E NO", "werdup", 12, {"NO": 4, "AN": 4, "TO": 4}),
    # upwords: NO flat = 4, AN has a stack = 2 + 1 = 3, TO flat = 4; total 11.
    (pos.AT_STACKED, "6E NO", "upwords", 11, {"NO": 4, "AN": 3, "TO": 4}),
    # Qu before IT makes QUIT, three flat tiles: 2 + 2 + 2 = 6.
    (pos.IT, "5D Qu(IT)", "werdup", 6, {"QUIT": 6}),
    # upwords: 3 tiles x 2 = 6, + 2 for the Qu tile in an all-flat word = 8.
    (pos.IT, "5D Qu(IT)", "upwords", 8, {"QUIT": 8}),
    # First word PLANETS with all 7 tiles: 7 x 2 = 14; no bonus in the rulebook.
    (pos.EMPTY, "5B PLANETS", "werdup", 14, {"PLANETS": 14}),
    # upwords: 7 x 2 = 14, + 20 for using all 7 tiles = 34.
    (pos.EMPTY, "5B PLANETS", "upwords", 34, {"PLANETS": 14}),
    # S after CAT also ends HI down: CATS = 4 x 2 = 8, HIS = 3 x 2 = 6; total 14.
    (pos.CAT_HI, "5D (CAT)S", "werdup", 14, {"CATS": 8, "HIS": 6}),
    # O on A4 makes a stack of exactly 5: COT = C 2 + O 5 (stack of 5) + T 5 (stack of 5) = 12.
    (pos.CAT_TALL, "5D (C)O(T)", "werdup", 12, {"COT": 12}),
    # upwords: 1 + 5 + 5 = 11.
    (pos.CAT_TALL, "5D (C)O(T)", "upwords", 11, {"COT": 11}),
]


@pytest.mark.parametrize(("board", "play", "rules", "total", "words"), CASES)
def test_hand_worked_scores(board, play, rules, total, words):
    got_total, got_words = score(board, play, rules)
    assert got_words == words
    assert got_total == total


def test_word_score_rules_directly():
    werdup, upwords = get_rules("werdup"), get_rules("upwords")
    # A stacked letter scores its height in both; a flat one 2 (werdup) or 1 beside a stack.
    assert word_score(["H", "O", "P"], [1, 3, 1], werdup) == 2 + 3 + 2
    assert word_score(["H", "O", "P"], [1, 3, 1], upwords) == 1 + 3 + 1
    assert word_score(["Qu", "A", "Y"], [1, 1, 1], upwords) == 6 + 2
    assert word_score(["Qu", "A", "Y"], [2, 1, 1], upwords) == 4
    assert explain_word(["C", "O", "T"], [1, 3, 1], werdup) == "C 2 + O 3 (stack of 3) + T 2 = 7"
    # upwords: a word with a stack scores 1 a tile, the flat letters too
    assert explain_word(["H", "O", "P"], [1, 3, 1], upwords) == "H 1 + O 3 (stack of 3) + P 1 = 5"
    assert explain_word(["Qu", "I", "T"], [1, 1, 1], upwords) == (
        "QU 2 + I 2 + T 2 + Qu bonus 2 = 8"
    )
