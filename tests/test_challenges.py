"""Challenge rules as data: each rule's outcome for a valid play and for a phony."""

from __future__ import annotations

import pytest

from companion.challenges import (
    CHALLENGE_RULE_NAMES,
    ChallengeError,
    challenge_rules,
    get_challenge_rule,
)
from companion.errors import UsageError

# (rule, words not in the list, play stands, challenger loses a turn, bonus, record lines)
OUTCOMES = [
    ("single", ["QAT"], False, False, 0, [("player", "challenged", -12)]),
    ("single", [], True, False, 0, []),
    ("double", ["QAT"], False, False, 0, [("player", "challenged", -12)]),
    ("double", [], True, True, 0, [("challenger", "lost_turn", 0)]),
    ("points", ["QAT", "ZO"], False, False, 0, [("player", "challenged", -12)]),
    ("points", [], True, False, 5, [("player", "challenge_bonus", 5)]),
    ("points 10", [], True, False, 10, [("player", "challenge_bonus", 10)]),
]


@pytest.mark.parametrize(("rule", "bad", "stands", "loses", "bonus", "lines"), OUTCOMES)
def test_outcome_per_rule(rule, bad, stands, loses, bonus, lines):
    outcome = get_challenge_rule(rule).resolve(bad)
    assert outcome.play_stands is stands
    assert outcome.challenger_loses_turn is loses and outcome.bonus == bonus
    assert outcome.invalid_words == tuple(w.upper() for w in bad)
    assert outcome.record_lines(12) == lines
    assert outcome.to_dict()["invalid_words"] == [w.upper() for w in bad]


@pytest.mark.parametrize(
    ("rule", "bad", "reason"),
    [
        ("single", ["qat"], "QAT is not in the word list: the play comes off the board"),
        ("single", ["qat", "zo"], "QAT and ZO are not in the word list"),
        ("single", [], "valid and stands; the challenger loses nothing"),
        ("double", [], "the challenger loses their next turn"),
        ("points", [], "its player earns 5 points"),
    ],
)
def test_outcome_reasons(rule, bad, reason):
    assert reason in get_challenge_rule(rule).resolve(bad).reason


def test_none_means_the_companion_judges_each_play():
    rule = get_challenge_rule("none")
    assert rule.judged_at_play and not rule.allows_challenges
    with pytest.raises(ChallengeError, match="challenges are off"):
        rule.resolve([])


def test_rules_table_and_aliases():
    assert tuple(challenge_rules()) == CHALLENGE_RULE_NAMES
    assert get_challenge_rule("expert").name == "single"  # the Bug Words rulebook's word
    assert get_challenge_rule("OFF").name == "none"
    assert get_challenge_rule(" Points  7 ").label() == "points 7"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sometimes", "unknown challenge rule 'sometimes'"),
        ("", "unknown challenge rule"),
        ("double 5", "the double challenge rule has no bonus"),
        ("points x", "should be a whole number"),
        ("points 0", "a challenge bonus is 1 to 100 points"),
        ("points 5 5", "unknown challenge rule"),
    ],
)
def test_bad_rules(text, message):
    with pytest.raises(UsageError, match=message):
        get_challenge_rule(text)


def test_judge_a_score_sheet_play_by_its_words():
    from companion.lexicon import Lexicon

    lex = Lexicon(["cat", "at"], name="tiny")
    outcome = get_challenge_rule("double").judge(["CAT", "QAT", "AT", "QAT"], lex)
    assert not outcome.play_stands and outcome.invalid_words == ("QAT",)
    assert get_challenge_rule("double").judge(["CAT", "AT"], lex).challenger_loses_turn
