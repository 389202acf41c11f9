"""WerdUp at a table that challenges, on a game clock: outcomes per rule, records, replay."""

from __future__ import annotations

import json
import random

import pytest
from fakeclock import FakeClock

from companion.board import Board
from companion.clock import ClockSettings
from companion.errors import CompanionError
from companion.lexicon import Lexicon
from companion.werdup.game import Game
from companion.werdup.notation import parse_play
from companion.werdup.record import replay, write_record
from companion.werdup.rules import get_rules

LEX = Lexicon(["cat", "cats", "act", "at", "ta", "oat"], name="tiny list")


def table(rule: str, clock: ClockSettings | None = None, now: FakeClock | None = None,
          racks: dict[str, str] | None = None, bag: str = "NML") -> Game:
    """Ann and Bob with racks and bag set by hand (the bag draws from its end)."""
    racks = racks or {"ann": "CATXYZE", "bob": "ORESTAB"}
    g = Game(get_rules("werdup").with_settings(challenges=rule), LEX, list(racks),
             random.Random(1), Board(10, 10), list(bag), {p: list(r) for p, r in racks.items()},
             {p: 0 for p in racks})
    if clock is not None and now is not None:
        from companion.clock import ClockState

        g.now = now
        g.clock = ClockState.new(2, clock).start(0, now())
    return g


def test_the_none_rule_refuses_a_phony_and_has_no_challenges():
    g = table("none")
    with pytest.raises(CompanionError, match="TAC is not in the word list"):
        g.play(parse_play(g.board, "5D TAC"))
    g.play(parse_play(g.board, "5D CAT"))
    with pytest.raises(CompanionError, match="Challenges are off at this table"):
        g.challenge()


# (rule, word, ann's score, bob's score, who is to move, the moves in the record after the
# play): CAT and TAC both score 6 (three flat letters, 2 each). A play challenged off leaves
# Ann to move: the rulebook lets her play another word or pass.
OUTCOMES = [
    ("single", "TAC", 0, 0, "ann", [">ann: ACETXYZ -- -6 0"]),
    ("single", "CAT", 6, 0, "bob", []),
    ("double", "TAC", 0, 0, "ann", [">ann: ACETXYZ -- -6 0"]),
    ("double", "CAT", 6, 0, "ann", [">bob: ABEORST - +0 0"]),
    ("points", "CAT", 11, 0, "bob", [">ann: ELMNXYZ (challenge) +5 11"]),
    ("points 10", "TAC", 0, 0, "ann", [">ann: ACETXYZ -- -6 0"]),
]


@pytest.mark.parametrize(("rule", "word", "ann", "bob", "to_move", "lines"), OUTCOMES)
def test_each_rule_applied_recorded_and_replayed(rule, word, ann, bob, to_move, lines):
    g = table(rule)
    g.play(parse_play(g.board, f"5D {word}"))
    outcome = g.challenge()
    assert outcome.play_stands is (word == "CAT")
    assert g.scores == {"ann": ann, "bob": bob} and g.player == to_move
    if not outcome.play_stands:
        assert g.board.is_empty() and sorted(g.racks["ann"]) == sorted("CATXYZE")
        assert g.bag == list("NML")
    with pytest.raises(CompanionError, match="no play to challenge"):
        g.challenge()
    text = write_record(g)
    assert f"#note ChallengeRule: {g.rules.challenge_rule.label()}\n" in text
    moves = [ln for ln in text.splitlines() if ln.startswith(">")]
    assert moves[1:] == lines
    result = replay(text, LEX)
    assert result.ok, [ln.problems for ln in result.lines]
    assert result.totals == g.scores and result.board == g.board


@pytest.mark.parametrize("rule", ["single", "double", "points"])
def test_a_word_challenged_off_leaves_one_more_try_in_the_same_turn(rule):
    """The rulebook: the player takes the tiles back and plays another word or passes; a
    second word challenged off misses the turn."""
    g = table(rule)
    g.play(parse_play(g.board, "5D TAC"))
    first = g.challenge()
    assert not first.play_stands and first.plays_again
    assert "may play another word or pass" in first.reason
    assert g.player == "ann" and g.board.is_empty()
    g.play(parse_play(g.board, "5D TCA"))
    second = g.challenge()
    assert not second.play_stands and not second.plays_again
    assert "the turn is over" in second.reason
    assert g.player == "bob" and g.board.is_empty() and g.scores == {"ann": 0, "bob": 0}
    g.play(parse_play(g.board, "5D OAT"))  # Bob's turn starts with its own try
    assert g.challenge().play_stands
    text = write_record(g)
    moves = [ln for ln in text.splitlines() if ln.startswith(">")]
    assert [m.split()[0] for m in moves[:4]] == [">ann:"] * 4
    result = replay(text, LEX)
    assert result.ok, [ln.problems for ln in result.lines]
    assert result.totals == g.scores and result.board == g.board


def test_after_a_word_challenged_off_a_good_word_or_a_pass_ends_the_turn():
    g = table("single")
    g.play(parse_play(g.board, "5D TAC"))
    g.challenge()
    assert g.play(parse_play(g.board, "5D CAT")) == 6 and g.player == "bob"
    assert g.challenge().play_stands and g.scores["ann"] == 6
    h = table("single")
    h.play(parse_play(h.board, "5D TAC"))
    h.challenge()
    h.pass_turn()
    assert h.player == "bob" and not h.over


def test_the_upwords_rules_end_the_turn_at_the_first_word_challenged_off():
    racks = {"ann": "CATXYZE", "bob": "ORESTAB"}
    g = Game(get_rules("upwords").with_settings(challenges="single"), LEX, list(racks),
             random.Random(1), Board(10, 10), list("NML"),
             {p: list(r) for p, r in racks.items()}, {p: 0 for p in racks})
    g.play(parse_play(g.board, "5D TAC"))
    outcome = g.challenge()
    assert not outcome.play_stands and not outcome.plays_again and g.player == "bob"


def test_the_retry_is_handed_back_on_the_clock():
    now = FakeClock()
    g = table("single", ClockSettings(bank_seconds=600, penalty=10), now)
    now.advance(10)
    g.play(parse_play(g.board, "5D TAC"))
    now.advance(5)  # Bob's clock runs while the word is looked up
    g.challenge()
    assert g.clock is not None and g.clock.running == 0


def test_a_phony_stands_unless_challenged_and_replay_lists_it():
    g = table("single")
    g.play(parse_play(g.board, "5D TAC"))
    g.pass_turn()
    result = replay(write_record(g), LEX)
    assert result.ok and "(not in word list: TAC)" in result.lines[0].move


def test_the_challenger_must_be_another_player():
    g = table("double")
    g.play(parse_play(g.board, "5D CAT"))
    with pytest.raises(CompanionError, match="another player"):
        g.challenge("ann")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("(challenge) +5 11", "(challenge) +9 15"), "score is +5, record says +9"),
        (("#note ChallengeRule: points 5", "#note ChallengeRule: single"),
         "the single challenge rule has no bonus"),
    ],
)
def test_a_wrong_challenge_bonus_is_reported(change, message):
    g = table("points")
    g.play(parse_play(g.board, "5D CAT"))
    g.challenge()
    result = replay(write_record(g).replace(*change), LEX)
    assert not result.ok and any(message in p for ln in result.lines for p in ln.problems)


def test_challenge_lines_out_of_place_name_the_line():
    text = ("#werdup-record 1\n#player1 ann\n#player2 bob\n#note ChallengeRule: single\n"
            ">ann: ACETXYZ 5D CAT +6 6\n>bob: ABEORST -- -6 0\n")
    with pytest.raises(CompanionError, match="record line 6: '--' takes back a play"):
        replay(text, LEX)


def test_a_clocked_game_records_times_and_the_overtime_penalty():
    now = FakeClock()
    g = table("single", ClockSettings(bank_seconds=60, penalty=10), now,
              racks={"ann": "CAT", "bob": "OE"}, bag="")
    now.advance(70)  # ann: 10 s over
    g.play(parse_play(g.board, "5D CAT"))
    now.advance(5)
    g.pass_turn()  # bob cannot play OE: every player with tiles passed, the game ends
    assert g.over and g.clock is not None and g.clock.running is None
    text = write_record(g)
    assert "#note Clock: 1 minute, 10 points a started minute over\n" in text
    assert ">ann: ACT 5D CAT [111] +6 6\n#note Time left: -0:10\n" in text
    assert ">bob: EO - +0 0\n#note Time left: 0:55\n>bob: (EO) -10 -10\n" in text
    assert text.endswith(">ann: (time) -10 -4\n#end every player passed in a row\n")
    result = replay(text, LEX)
    assert result.ok and result.totals == g.scores == {"ann": -4, "bob": -10}
    wrong = replay(text.replace("(time) -10 -4", "(time) -20 -14"), LEX)
    assert not wrong.ok
    missing = replay(text.replace(">ann: (time) -10 -4\n", ""), LEX)
    assert not missing.ok and missing.totals["ann"] == -4
    assert "no time penalty line" in missing.lines[-1].problems[0]


def test_cli_replay_with_a_challenge_rule(tmp_path, capsys):
    from companion.cli import main

    g = table("points")
    g.play(parse_play(g.board, "5D CAT"))
    g.challenge()
    words = tmp_path / "words.txt"
    words.write_text("\n".join(LEX))
    path = tmp_path / "game.txt"
    path.write_text(write_record(g))
    assert main(["werdup", "replay", str(path), "--lexicon", str(words)]) == 0
    assert "challenge bonus (points 5 rule)" in capsys.readouterr().out
    code = main(["werdup", "replay", str(path), "--lexicon", str(words),
                 "--challenge-rule", "points 10"])
    assert code == 1 and "score is +10, record says +5" in capsys.readouterr().out


def test_cli_replays_a_turn_with_a_second_try(tmp_path, capsys):
    from companion.cli import main

    g = table("single")
    g.play(parse_play(g.board, "5D TAC"))
    g.challenge()
    g.play(parse_play(g.board, "5D CAT"))
    words = tmp_path / "words.txt"
    words.write_text("\n".join(LEX))
    path = tmp_path / "game.txt"
    path.write_text(write_record(g))
    assert main(["werdup", "replay", str(path), "--lexicon", str(words), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [m["player"] for m in result["moves"]] == ["ann", "ann", "ann"]
    assert result["totals"] == {"ann": 6, "bob": 0}


# Ann's TAC and TCA come off (her second try missed the turn); a third word in the same turn,
# or Bob moving while Ann still has her try, is refused with the line named.
TRIES = ("#werdup-record 1\n#player1 ann\n#player2 bob\n#note ChallengeRule: single\n"
         ">ann: ACETXYZ 5D TAC +6 6\n>ann: ACETXYZ -- -6 0\n")


@pytest.mark.parametrize(
    ("rest", "message"),
    [
        (">ann: ACETXYZ 5D TCA +6 6\n>ann: ACETXYZ -- -6 0\n>ann: ACETXYZ 5D CAT +6 6\n",
         "record line 9: ann cannot move again in this turn: a second word of theirs came "
         "off after a challenge"),
        (">ann: ACETXYZ 5D TCA +6 6\n>ann: ACETXYZ -- -6 0\n>ann: ACETXYZ - +0 0\n",
         "record line 9: ann cannot move again in this turn"),
        (">bob: ABEORST 5D OAT +6 6\n",
         "record line 7: it is still ann's turn: their word came off after a challenge, so "
         "ann plays another word or passes before bob moves"),
    ],
)
def test_replay_refuses_a_move_the_turn_rules_do_not_allow_after_a_challenge(rest, message):
    with pytest.raises(CompanionError, match=message):
        replay(TRIES + rest, LEX)
    # the turn rules followed: Ann's third move is Bob's first
    fine = TRIES + ">ann: ACETXYZ 5D TCA +6 6\n>ann: ACETXYZ -- -6 0\n>bob: ABEORST 5D OAT +6 6\n"
    assert replay(fine, LEX).ok


def test_replay_under_the_upwords_rules_ends_the_turn_at_the_first_word_challenged_off():
    text = TRIES.replace("#player1", "#rules upwords\n#player1")
    with pytest.raises(CompanionError, match="ann cannot move again in this turn: their word "
                                             "came off after a challenge, which ends the turn"):
        replay(text + ">ann: ACETXYZ 5D CAT +6 6\n", LEX)
    assert replay(text + ">bob: ABEORST 5D OAT +6 6\n", LEX).ok
