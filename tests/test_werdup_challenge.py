"""WerdUp at a table that challenges, on a game clock: outcomes per rule, records, replay."""

from __future__ import annotations

import json
import random
import re

import pytest
from fakeclock import FakeClock

from companion.board import Board, Placement
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
    # the sentence the web app and Bug Words say ("each play is judged as it is made" was its
    # own)
    with pytest.raises(CompanionError) as refused:
        g.challenge()
    assert str(refused.value) == ("Challenges are off at this table: the companion judges each "
                                  "play as it is made.")


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


def _upwords_game() -> Game:
    """Ann and Bob under the Hasbro-style rules with a single challenge; Ann to move."""
    racks = {"ann": "CATXYZE", "bob": "ORESTAB"}
    return Game(get_rules("upwords").with_settings(challenges="single"), LEX, list(racks),
                random.Random(1), Board(10, 10), list("NML"),
                {p: list(r) for p, r in racks.items()}, {p: 0 for p in racks})


def test_the_upwords_rules_end_the_turn_at_the_first_word_challenged_off():
    g = _upwords_game()
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
    assert result.ok and result.lines[0].move == "5D TAC"
    assert result.lines[0].note == "not in the word list: TAC"


def test_replay_joins_the_words_not_in_the_list():
    """Several words of one play that the list lacks are joined "A, B and C" (were "A, B, C"),
    as every verdict on them joins them."""
    g = table("single")
    g.play(parse_play(g.board, "5D TAC"))
    g.play(parse_play(g.board, "6D BO"))  # BO across, TB and AO down
    result = replay(write_record(g), LEX)
    assert result.ok and result.lines[1].note == "not in the word list: BO, TB and AO"


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


def test_a_bonus_under_a_rule_without_one_is_noted_as_bug_words_notes_it():
    # WerdUp's replay noted "by the none challenge rule" beside the bonus it called wrong;
    # Bug Words' replay, "a challenge bonus, but the none challenge rule has none"
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.replay import replay as replay_bugwords

    g = table("points")
    g.play(parse_play(g.board, "5D CAT"))
    g.challenge()
    text = write_record(g).replace("#note ChallengeRule: points 5", "#note ChallengeRule: none")
    werdup = next(ln for ln in replay(text, LEX).lines if ln.problems)
    assert werdup.note == "a challenge bonus, but the rule of no challenges has none"
    assert werdup.problems[0] == "the rule of no challenges has no bonus"
    gcg = ("#player1 Ann Ann\n#player2 Bob Bob\n#note ChallengeRule: none\n"
           ">Ann: CATXYZQ 8G CAT +10 10\n>Ann: XYZQPON (challenge) +5 15\n")
    assert replay_bugwords(parse_gcg(gcg)).moves[1].note == werdup.note


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
    assert re.search(r"challenge bonus +\+5 +11  by the points 5 challenge rule\n",
                     capsys.readouterr().out)
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
         "record line 9: player ann cannot move again in this turn: a second word of theirs came "
         "off after a challenge"),
        (">ann: ACETXYZ 5D TCA +6 6\n>ann: ACETXYZ -- -6 0\n>ann: ACETXYZ - +0 0\n",
         "record line 9: player ann cannot move again in this turn"),
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
    with pytest.raises(CompanionError, match="player ann cannot move again in this turn: their "
                                             "word came off after a challenge, which ends the "
                                             "turn"):
        replay(text + ">ann: ACETXYZ 5D CAT +6 6\n", LEX)
    assert replay(text + ">bob: ABEORST 5D OAT +6 6\n", LEX).ok


def test_a_pass_or_a_swap_keeps_the_word_open_to_a_challenge_until_another_word_is_played():
    """The rulebook: a word "must be challenged before another word is played on the board";
    a pass or a swap is not a word, so the word can still be challenged after them. It comes
    off with its score, the tiles drawn for it go back to the bag, and the turn stays where
    it is (Ann's own turn is long over: no second try)."""
    racks = {"ann": "CATXYZE", "bob": "ORESTAB", "cy": "IIUUOOE"}
    g = Game(get_rules("werdup").with_settings(challenges="single"), LEX, list(racks),
             random.Random(1), Board(10, 10), list("NMLKJ"),
             {p: list(r) for p, r in racks.items()}, {p: 0 for p in racks})
    g.play(parse_play(g.board, "5D TAC"))
    assert sorted(g.racks["ann"]) == sorted("XYZEJKL")
    drawn = g.swap("R")  # Bob swaps
    g.pass_turn()  # Cy passes
    assert g.player == "ann"
    g.swap("J")  # Ann swaps one of the tiles she drew for TAC
    outcome = g.challenge("bob")
    assert not outcome.play_stands and not outcome.plays_again
    assert "the turn is over" in outcome.reason
    assert g.board.is_empty() and g.scores == {"ann": 0, "bob": 0, "cy": 0}
    assert g.player == "bob"  # the turn stays where it was
    assert len(g.racks["ann"]) == 7 and set("CATXYZE") <= set(g.racks["ann"])
    every = g.bag + [t for r in g.racks.values() for t in r]
    assert sorted(every) == sorted("CATXYZEORESTABIIUUOOENMLKJ")
    assert drawn in g.racks["bob"]
    text = write_record(g)
    moves = [ln.split()[2] for ln in text.splitlines() if ln.startswith(">")]
    assert moves == ["5D", "-R", "-", "-J", "--"]
    result = replay(text, LEX)
    assert result.ok, [ln.problems for ln in result.lines]
    assert result.totals == g.scores and result.board == g.board
    g.play(parse_play(g.board, "5E OAT"))  # Bob's word, then passes by Cy and Ann
    g.pass_turn()
    g.pass_turn()
    assert g.challenge().play_stands  # still open after two passes; OAT is a word


@pytest.mark.parametrize(("rule", "ann", "lines"), [
    ("single", 6, []),
    ("points", 11, [">ann: ELMNXYZ (challenge) +5 11"]),
])
def test_a_valid_word_challenged_after_a_pass_stands(rule, ann, lines):
    g = table(rule)
    g.play(parse_play(g.board, "5D CAT"))
    g.pass_turn()  # Bob passes; Ann is to move
    outcome = g.challenge()
    assert outcome.play_stands and g.scores["ann"] == ann and g.player == "ann"
    text = write_record(g)
    assert [ln for ln in text.splitlines() if ln.startswith(">")][2:] == lines
    result = replay(text, LEX)
    assert result.ok, [ln.problems for ln in result.lines]


def test_a_wrong_late_challenge_under_double_costs_the_challengers_own_next_turn():
    """Ann plays CAT, Bob passes, and the word is still open: by default the player to move
    (Cy) challenges, and under ``double`` loses the turn she was about to take, so Ann moves
    next. Bob, named as the challenger of Ann's OAT after his swap, loses his next turn when
    it comes round."""
    racks = {"ann": "CATOTEE", "bob": "ORESTAB", "cy": "IIUUOOE"}
    g = Game(get_rules("werdup").with_settings(challenges="double"), LEX, list(racks),
             random.Random(1), Board(10, 10), list("NMLKJHGFDB"),
             {p: list(r) for p, r in racks.items()}, {p: 0 for p in racks})
    g.play(parse_play(g.board, "5D CAT"))
    g.pass_turn()
    assert g.challenge().play_stands
    assert [(t.player, type(t.move).__name__) for t in g.history][-1] == ("cy", "LostTurn")
    assert g.player == "ann"
    g.play(parse_play(g.board, "E4 O(A)T"))
    g.swap("R")  # Bob
    assert g.challenge("bob").play_stands and g.player == "cy"  # Bob's turn is still to come
    g.swap("I")
    g.swap("E")  # Ann; then Bob's turn is the one lost
    assert [(t.player, type(t.move).__name__) for t in g.history][-2:] == [
        ("ann", "Swap"), ("bob", "LostTurn")]
    assert g.player == "cy"
    result = replay(write_record(g), LEX)
    assert result.ok, [ln.problems for ln in result.lines]


def test_another_word_closes_the_window():
    g = table("single")
    g.play(parse_play(g.board, "5D TAC"))
    g.play(parse_play(g.board, "E4 O(A)T"))  # Bob's word: TAC can no longer be challenged
    g.pass_turn()
    assert g.challenge("ann").play_stands  # the challenge is of OAT
    with pytest.raises(CompanionError, match="no play to challenge: only the last play can "
                                             "be, before another word is played"):
        g.challenge()
    assert g.scores["ann"] == 6 and g.board.get(4, 3) == "T"


def test_under_the_upwords_rules_any_turn_closes_the_window():
    g = _upwords_game()
    g.play(parse_play(g.board, "5D TAC"))
    g.pass_turn()
    with pytest.raises(CompanionError, match="before the next turn"):
        g.challenge()


def test_a_word_left_open_when_the_game_ends_can_no_longer_be_challenged():
    g = table("single", racks={"ann": "CATE", "bob": "OE"}, bag="")
    g.play(parse_play(g.board, "5D TAC"))
    g.pass_turn()
    g.pass_turn()  # every player with tiles passed: the game is over
    assert g.over
    with pytest.raises(CompanionError, match="The game is over"):
        g.challenge()


def test_replay_takes_a_word_back_after_a_pass_only_where_the_rules_keep_it_open():
    text = ("#werdup-record 1\n#player1 ann\n#player2 bob\n#note ChallengeRule: single\n"
            ">ann: ACETXYZ 5D TAC +6 6\n>bob: ABEORST - +0 0\n>ann: ACETXYZ -- -6 0\n")
    result = replay(text, LEX)
    assert result.ok and result.totals == {"ann": 0, "bob": 0} and result.board.is_empty()
    assert result.lines[-1].move == "5D TAC challenged off"  # as the web score sheet says
    assert result.lines[-1].note == "after the turns since"
    upwords = text.replace("#player1", "#rules upwords\n#player1")
    with pytest.raises(CompanionError, match="record line 8: '--' takes back a play, but no "
                       "play by ann is open to a challenge here \\(a play is open until the "
                       "next turn\\)"):
        replay(upwords, LEX)


def _without_end(text: str) -> str:
    """A record without its end-of-game lines (tiles left, ``#end``)."""
    return "".join(ln + "\n" for ln in text.splitlines()
                   if not ln.startswith("#end") and ": (" not in ln)


def test_replay_refuses_a_challenge_once_every_player_has_passed():
    """The engine ends the game at the passes and refuses the challenge; replay, which finds
    the end from the passes alone, refuses the challenge's line there too."""
    g = table("points", racks={"ann": "CATE", "bob": "OE"}, bag="")
    g.play(parse_play(g.board, "5D TAC"))
    g.pass_turn()
    g.pass_turn()
    with pytest.raises(CompanionError, match="The game is over \\(every player passed in a "
                                             "row\\): its plays can no longer be challenged"):
        g.challenge()
    text = _without_end(write_record(g))
    assert replay(text, LEX).ok
    for line in (">ann: ACET -- -6 0\n", ">ann: E (challenge) +5 11\n"):
        with pytest.raises(CompanionError, match="record line 9: the game is over \\(every "
                           "player passed in a row\\): its plays can no longer be challenged"):
            replay(text + line, LEX)
    # a score sheet's record: the passes are notes, and count the same
    noted = ("#werdup-record 1\n#player1 ann\n#player2 bob\n#note ChallengeRule: single\n"
             ">ann: ACT 5D TAC +6 6\n#note turn 2: bob chose to pass\n"
             "#note turn 3: ann chose to swap\n#note turn 4: bob chose to pass\n")
    assert replay(noted + ">ann: ACT -- -6 0\n", LEX).board.is_empty()  # a swap breaks the run
    with pytest.raises(CompanionError, match="record line 10: the game is over"):
        replay(noted + "#note turn 5: ann chose to pass\n>ann: ACT -- -6 0\n", LEX)


def test_a_lost_turn_is_marked_in_the_record_and_closes_the_play_challenged():
    """Under ``double`` Bob challenges CAT, which stands, and loses his turn at once: the
    record marks his ``-`` line as that lost turn, so replay knows CAT was challenged and
    refuses a ``--`` of it later (the engine refuses that challenge), and does not count the
    lost turn as a pass (the game goes on after Ann's pass)."""
    g = table("double")
    g.play(parse_play(g.board, "5D CAT"))
    assert g.challenge().play_stands
    g.pass_turn()  # Ann: one pass in a row, the lost turn is none
    assert not g.over
    with pytest.raises(CompanionError, match="no play to challenge"):
        g.challenge()
    text = write_record(g)
    assert ">bob: ABEORST - +0 0\n#note Lost turn to a challenge of 5D CAT\n" in text
    result = replay(text, LEX)
    assert result.ok and result.lines[1].move == "turn lost to a challenge of 5D CAT"
    with pytest.raises(CompanionError, match="record line 10: '--' takes back a play, but no "
                                             "play by ann is open to a challenge here"):
        replay(text + ">ann: ACT -- -6 0\n", LEX)
    # a score sheet's record notes the lost turn the same way
    noted = ("#werdup-record 1\n#player1 ann\n#player2 bob\n#note ChallengeRule: double\n"
             ">ann: ACT 5D CAT +6 6\n#note turn 2: bob lost the turn to a challenge of 5D CAT\n"
             "#note turn 3: ann chose to pass\n")
    assert replay(noted, LEX).ok
    with pytest.raises(CompanionError, match="record line 8: '--' takes back a play"):
        replay(noted + ">ann: ACT -- -6 0\n", LEX)
    with pytest.raises(CompanionError, match="record line 7: a turn lost to a challenge is "
                                             "written as a pass"):
        replay(text.replace(">bob: ABEORST - +0 0", ">bob: ABEORST -R +0 0"), LEX)


def test_a_lost_turn_that_comes_round_later_leaves_the_word_played_since_open():
    """Bob challenges CAT after his own pass (Ann is to move), so he loses his next turn,
    which comes after Ann's TAO: TAO, not CAT, is open then, in the engine and in replay."""
    g = table("double", racks={"ann": "CATOTEE", "bob": "ORESTAB"})
    g.play(parse_play(g.board, "5D CAT"))
    g.pass_turn()
    assert g.challenge().play_stands and g.player == "ann"
    g.play(parse_play(g.board, "E4 T(A)O"))
    assert [type(t.move).__name__ for t in g.history][-1] == "LostTurn"
    outcome = g.challenge()  # Bob again: TAO is not a word
    assert not outcome.play_stands and g.scores["ann"] == 6
    text = write_record(g)
    assert "#note Lost turn to a challenge of 5D CAT\n>ann: EELMNOT -- -6 6\n" in text
    result = replay(text, LEX)
    assert result.ok, [ln.problems for ln in result.lines]
    assert result.board == g.board and result.totals == g.scores


def test_a_challenger_who_moves_in_place_of_the_lost_turn_is_caught():
    """Bob challenges CAT after his own pass, with Ann to move: the turn he loses is his next
    one, after Ann's TAO. A record in which Bob passes then instead, and marks a later pass
    as the turn lost, is refused at that line, as is a second lost turn for the same play."""
    g = table("double", racks={"ann": "CATOTEE", "bob": "ORESTAB"})
    g.play(parse_play(g.board, "5D CAT"))
    g.pass_turn()
    assert g.challenge().play_stands and g.player == "ann"
    g.play(parse_play(g.board, "E4 T(A)O"))  # then Bob's lost turn
    text = write_record(g)
    mark = "#note Lost turn to a challenge of 5D CAT\n"
    swap, bob = ">ann: EELMN -E +0 12\n", ">bob: ABEORST - +0 0\n"
    assert replay(text + swap, LEX).ok
    moved = text.replace(mark, "") + swap + bob + mark
    with pytest.raises(CompanionError, match="record line 11: bob cannot lose this turn to "
                       "the challenge of 5D CAT: that play could be challenged only until "
                       "record line 8, so bob's next turn after the challenge, at record "
                       "line 9, was the turn lost"):
        replay(moved, LEX)
    with pytest.raises(CompanionError, match="record line 12: 5D CAT was challenged already "
                       "\\(a turn was lost to it at record line 9\\)"):
        replay(text + swap + bob + mark, LEX)


def test_a_play_stays_open_past_a_turn_lost_at_once_under_either_window():
    """Under the Hasbro window (until the next turn), Cy, named as the challenger of CAT,
    loses her next turn, which comes at once after Bob's TAB: the engine passes over her
    before anyone moves, so TAB can still be challenged (it comes off; the turn stays with
    Ann), and replay takes the ``--`` after the lost turn's line."""
    racks = {"ann": "CATXYZE", "bob": "ORESTAB", "cy": "IIUUOOE"}
    g = Game(get_rules("upwords").with_settings(challenges="double"), LEX, list(racks),
             random.Random(1), Board(10, 10), list("NMLKJHGFDB"),
             {p: list(r) for p, r in racks.items()}, {p: 0 for p in racks})
    g.play(parse_play(g.board, "5D CAT"))
    assert g.challenge("cy").play_stands and g.player == "bob"
    g.play(parse_play(g.board, "E4 T(A)B"))
    assert [type(t.move).__name__ for t in g.history][-1] == "LostTurn"
    assert not g.challenge().play_stands and g.player == "ann"
    text = write_record(g)
    assert [ln.split()[2] for ln in text.splitlines() if ln.startswith(">")] == [
        "5D", "E4", "-", "--"]
    result = replay(text, LEX)
    assert result.ok, [ln.problems for ln in result.lines]
    assert result.totals == g.scores and result.board == g.board


def test_a_player_left_alone_with_tiles_moves_again_after_their_turn_ends():
    """Bob has gone out (``werdup`` rules: the game goes on until every rack is empty), so
    every turn is Ann's: after two words of hers come off in one turn, the turn is over and
    the next one is hers again. Replay, which knows from the racks that Bob has gone out,
    takes her move there."""
    from companion.lexicon import default_lexicon
    from companion.werdup.selfplay import take_turn
    from companion.werdup.validate import judge_play

    lex = default_lexicon()
    g = Game.start(["ann", "bob"], get_rules("werdup").with_settings(challenges="single"),
                   lex, random.Random(3))
    while g.bag or all(g.racks.values()):
        take_turn(g)
    assert not g.over and g.player == "ann" and not g.racks["bob"]
    phony = next([Placement(r, c, t)] for r in range(10) for c in range(10)
                 for t in g.racks["ann"]
                 if (j := judge_play(g.board, [Placement(r, c, t)], g.rules, lex,
                                     check_words=False)).legal and j.not_in_list)
    for second in (False, True):
        g.play(phony)
        outcome = g.challenge("bob")
        assert not outcome.play_stands and outcome.plays_again is not second
    assert g.player == "ann" and not g.over
    g.pass_turn()  # a new turn: Ann, the only player holding tiles, passes; the game ends
    assert g.over and g.end_reason == "every player passed in a row"
    result = replay(write_record(g), lex)
    assert result.ok, [ln.problems for ln in result.lines]
    assert result.totals == g.scores


def _dee_challenges_cat() -> Game:
    """Four players under ``double``: Ann plays CAT, Dee (not next to move) challenges it
    and is wrong, then Bob plays OAT through its A."""
    racks = {"ann": "CATXYZE", "bob": "ORESTAB", "cy": "IIUUOOE", "dee": "EEEEEEE"}
    g = Game(get_rules("werdup").with_settings(challenges="double"), LEX, list(racks),
             random.Random(1), Board(10, 10), list("NMLKJHGFDBNMLKJH"),
             {p: list(r) for p, r in racks.items()}, {p: 0 for p in racks})
    g.play(parse_play(g.board, "5D CAT"))
    assert g.challenge("dee").play_stands and g.player == "bob"
    g.play(parse_play(g.board, "E4 O(A)T"))
    return g


def test_two_wrong_challenges_cost_two_turns():
    """Under ``double`` each valid play challenged costs the challenger a turn: Dee, named as
    the challenger of Ann's CAT and then of Bob's OAT before her turn comes, loses her next
    two turns, one each time it comes round. The record marks both, and replays."""
    g = _dee_challenges_cat()
    assert g.challenge("dee").play_stands and g.player == "cy"
    for _ in range(3):  # Cy, then Ann and Bob
        g.pass_turn()
    g.swap("I")  # Cy again
    moves = [(t.player, type(t.move).__name__) for t in g.history]
    assert moves[2:] == [("cy", "Pass"), ("dee", "LostTurn"), ("ann", "Pass"),
                         ("bob", "Pass"), ("cy", "Swap"), ("dee", "LostTurn")]
    assert g.player == "ann" and not g.over
    text = write_record(g)
    assert text.count("#note Lost turn to a challenge of") == 2
    result = replay(text, LEX)
    assert result.ok, [ln.problems for ln in result.lines]


def test_every_player_must_pass_not_as_many_passes_as_players():
    """Dee, named as the challenger of Ann's valid CAT, loses her next turn; then Cy, Ann,
    Bob and Cy again pass: four passes in a row, but Dee has not passed, so the game goes
    on until she does (a lost turn neither counts nor breaks the run). Replay counts the
    same way."""
    g = _dee_challenges_cat()
    for _ in range(4):  # Cy (then Dee's lost turn), Ann, Bob, Cy
        g.pass_turn()
    assert not g.over and g.player == "dee"
    text = write_record(g)
    assert replay(text + ">dee: EEEEEEE - +0 0\n", LEX).ok
    g.pass_turn()
    assert g.over and g.end_reason == "every player passed in a row"
    ann = "".join(sorted(g.racks["ann"]))
    with pytest.raises(CompanionError, match="the game is over \\(every player passed in a "
                                             "row\\): no more moves"):
        replay(text + f">dee: EEEEEEE - +0 0\n>ann: {ann} - +0 6\n", LEX)


def test_a_record_with_bonus_lines_and_no_rule_note_is_read_under_points_as_bug_words_does():
    """Without '#note ChallengeRule:', WerdUp's replay took the rule set's 'none' and called a
    '(challenge) +5' line wrong ("the rule of no challenges has no bonus"), where Bug Words'
    replay reads such a record under 'points' (companion.challenges.record_rule, both now)."""
    g = table("points")
    g.play(parse_play(g.board, "5D CAT"))
    g.challenge()
    text = write_record(g).replace("#note ChallengeRule: points 5\n", "")
    assert "ChallengeRule" not in text and "(challenge) +5 11" in text
    result = replay(text, LEX)
    assert result.ok, [ln.problems for ln in result.lines]
    assert result.totals == {"ann": 11, "bob": 0}
    plain = table("none")
    plain.play(parse_play(plain.board, "5D CAT"))
    assert replay(write_record(plain), LEX).ok  # no bonus lines: the rule set's own still
