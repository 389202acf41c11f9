"""Challenge rules as data: each rule's outcome for a valid play and for a phony."""

from __future__ import annotations

import random

import pytest

from companion.board import Board
from companion.bugwords import IllegalPlay
from companion.bugwords.game import Game as BugWordsGame
from companion.bugwords.gcg import record_from_game, write_gcg
from companion.challenges import (
    CHALLENGE_RULE_NAMES,
    ChallengeError,
    PassRun,
    challenge_rules,
    get_challenge_rule,
)
from companion.errors import CompanionError, UsageError
from companion.lexicon import Lexicon
from companion.werdup.game import Game as WerdUpGame
from companion.werdup.notation import parse_play
from companion.werdup.record import write_record
from companion.werdup.rules import get_rules

TINY = Lexicon(["cat", "act"], name="tiny list")

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
    outcome = get_challenge_rule(rule).resolve(bad, TINY)
    assert outcome.play_stands is stands
    assert outcome.challenger_loses_turn is loses and outcome.bonus == bonus
    assert outcome.invalid_words == tuple(w.upper() for w in bad)
    assert outcome.record_lines(12) == lines
    assert outcome.to_dict()["invalid_words"] == [w.upper() for w in bad]


@pytest.mark.parametrize(
    ("rule", "bad", "reason"),
    [
        ("single", ["qat"], "QAT is not in the word list tiny list. The play comes off the "
                            "board and scores nothing, and the turn is over."),
        ("single", ["qat", "zo", "xu"], "QAT, ZO and XU are not in the word list tiny list. "
                                        "The play comes off"),
        ("single", [], "valid and stands; the challenger loses nothing"),
        ("double", [], "the challenger loses their next turn"),
        ("points", [], "its player earns 5 points"),
    ],
)
def test_outcome_reasons(rule, bad, reason):
    assert reason in get_challenge_rule(rule).resolve(bad, TINY).reason


def test_none_means_the_companion_judges_each_play():
    rule = get_challenge_rule("none")
    assert rule.judged_at_play and not rule.allows_challenges
    with pytest.raises(ChallengeError, match="challenges are off"):
        rule.resolve([], TINY)


def test_rules_table_and_aliases():
    assert tuple(challenge_rules()) == CHALLENGE_RULE_NAMES
    assert get_challenge_rule("expert").name == "single"  # the Bug Words rulebook's word
    assert get_challenge_rule("OFF").name == "none"
    assert get_challenge_rule(" Points  7 ").label() == "points 7"


@pytest.mark.parametrize("text", ["points:7", "points=7", "Points : 7", "points = 7",
                                  "POINTS 7"])
def test_a_bonus_is_taken_after_a_colon_an_equals_sign_or_a_space(text):
    assert get_challenge_rule(text).label() == "points 7"


def test_an_unknown_rule_is_refused_naming_the_forms_taken():
    with pytest.raises(UsageError) as refused:
        get_challenge_rule("points::7")
    assert str(refused.value) == (
        "unknown challenge rule 'points::7'; choose one of none, single, double or points, "
        "with another bonus for points written as points 10, points:10 or points=10")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sometimes", "unknown challenge rule 'sometimes'"),
        ("", "unknown challenge rule"),
        ("double 5", "the double challenge rule has no bonus"),
        ("points x", "should be a whole number"),
        ("points 0", "a challenge bonus is 1 to 100 points"),
        ("points 5 5", "unknown challenge rule"),
        ("points:x", "should be a whole number"),
        ("double=5", "the double challenge rule has no bonus"),
        # it was "the challenge bonus 'points' should be a whole number", as if double took one
        ("double points", "the double challenge rule has no bonus to set, so 'double points' "
         "names no rule; choose one of none, single"),
        ("none x", "the rule of no challenges has no bonus to set"),
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


def test_a_player_alone_is_judged_at_each_play():
    """Only another player can challenge: a player alone (Bug Words practice, WerdUp for one)
    has every play judged as it is made, whatever the table's rule."""
    assert get_challenge_rule("single").at_table(1).name == "none"
    assert get_challenge_rule("double").at_table(2).name == "double"
    lex = Lexicon(["cat", "act"], name="tiny list")
    solo = BugWordsGame(["ann"], random.Random(1), lexicon=lex)
    assert solo.rules.challenges == "single" and solo.challenge_rule.name == "none"
    solo.racks[0] = list("TACXYZE")
    with pytest.raises(IllegalPlay, match="TAC is not in the word list tiny list"):
        solo.play("8G", "TAC")
    solo.play("8G", "CAT")
    with pytest.raises(CompanionError, match="challenges are off"):
        solo.challenge()
    assert "#note ChallengeRule: none" in write_gcg(record_from_game(solo))
    pair = BugWordsGame(["ann", "bob"], random.Random(1), lexicon=lex)
    pair.racks[0] = list("TACXYZE")
    pair.play("8G", "TAC")  # two players: a phony stands until challenged
    assert not pair.challenge().play_stands

    alone = WerdUpGame(get_rules("werdup").with_settings(challenges="single"), lex, ["ann"],
                       random.Random(1), Board(10, 10), list("NML"), {"ann": list("CATXYZE")},
                       {"ann": 0})
    with pytest.raises(CompanionError, match="TAC is not in the word list"):
        alone.play(parse_play(alone.board, "5D TAC"))
    alone.play(parse_play(alone.board, "5D CAT"))
    assert "ChallengeRule" not in write_record(alone)


def test_passes_in_a_row_are_counted_as_the_werdup_engine_counts_them():
    """A pass counts, a play or a swap starts the count again, and a turn lost to a challenge
    or a challenge's own lines neither count nor break the run; the game is over once every
    player still moving has passed."""
    run = PassRun()
    for kind in ("pass", "play", "pass", "lost_turn", "challenged", "challenge_bonus"):
        run.add(kind)
    assert run.passes == 1 and not run.ends_game(2)
    run.add("pass")
    assert run.ends_game(2) and not run.ends_game(3) and not PassRun().ends_game(0)
    run.add("swap")
    assert run.passes == 0


def test_a_run_of_passes_ends_the_game_once_each_player_has_passed():
    """Named, the run ends the game once each moving player has passed (``rounds`` times):
    a lost turn passes a player over, so as many passes as players is not enough."""
    run = PassRun()
    for kind, who in (("pass", "cy"), ("lost_turn", "dee"), ("pass", "ann"), ("pass", "bob"),
                      ("pass", "cy")):
        run.add(kind, who)
    players = ["ann", "bob", "cy", "dee"]
    assert run.passes == 4 and not run.ends_game(players)
    assert run.ends_game(["ann", "bob", "cy"]) and not run.ends_game(["ann", "bob", "cy"], 2)
    run.add("pass", "dee")
    assert run.ends_game(players)
    run.add("play", "ann")
    assert not run.ends_game(players) and not run.passed
    run.add("pass")  # a pass whose player is not known: the passes are counted
    assert run.ends_game(1) and run.ends_game(["ann"]) and not run.ends_game(players)
