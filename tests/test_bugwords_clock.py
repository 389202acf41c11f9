"""A Bug Words game on a game clock (a fake one): times in the record, penalties replayed."""

from __future__ import annotations

import random

import pytest
from fakeclock import FakeClock

from companion.bugwords.game import Game
from companion.bugwords.gcg import parse_gcg, record_from_game, write_gcg
from companion.bugwords.replay import replay
from companion.clock import ClockSettings
from companion.lexicon import Lexicon

LEX = Lexicon(["cat", "cats", "at", "ta", "act", "acts", "scat"], name="tiny list")


def clocked_game(now: FakeClock, **settings: object) -> Game:
    """Ann and Bob with 2-minute banks; Ann goes out with CAT after 2:05 (5 s over)."""
    g = Game(["Ann", "Bob"], random.Random(0), lexicon=LEX,
             clock_settings=ClockSettings(bank_seconds=120, penalty=10), now=now)
    if settings:
        g.rules = g.rules.with_settings(**settings)
    g.racks = [list("CAT"), list("QZE")]
    g.bag = []
    return g


def test_times_are_recorded_and_overtime_costs_points_at_the_end():
    now = FakeClock()
    g = clocked_game(now)
    now.advance(125)  # Ann thinks for 2:05: 5 s over her 2-minute bank
    g.play("8G", "CAT")
    assert g.over and g.clock is not None and g.clock.running is None
    # CAT 10, + Bob's Q Z E 21 = 31, then 10 for one started minute over.
    assert g.scores == [21, -21]
    assert [(t.kind, t.player, t.score) for t in g.history] == [
        ("place", 0, 10), ("rack_penalty", 1, -21), ("out_bonus", 0, 21),
        ("time_penalty", 0, -10)]
    assert g.history[0].time_left == -5
    text = write_gcg(record_from_game(g))
    assert "#note Clock: 2 minutes, 10 points a started minute over\n" in text
    assert ">Ann: CAT 8G CAT +10 10\n#note Time left: -0:05\n" in text
    assert ">Ann: (time) -10 21\n" in text
    result = replay(parse_gcg(text), lexicon=LEX)
    assert result.mismatches == 0 and result.clock.startswith("2 minutes")
    assert result.totals == {"Ann": 21, "Bob": -21}
    assert result.moves[0].time_left == "-0:05"
    assert result.moves[-1].computed == -10 and "penalty: 0:05 over" in result.moves[-1].note


def test_a_wrong_or_missing_time_penalty_is_a_mismatch():
    now = FakeClock()
    g = clocked_game(now)
    now.advance(185)  # 65 s over: two started minutes
    g.play("8G", "CAT")
    text = write_gcg(record_from_game(g))
    assert ">Ann: (time) -20 11\n" in text
    wrong = replay(parse_gcg(text.replace("(time) -20 11", "(time) -10 21")))
    assert wrong.mismatches == 1 and wrong.moves[-1].computed == -20
    missing = replay(parse_gcg(text.replace(">Ann: (time) -20 11\n", "")))
    assert missing.mismatches == 1
    assert missing.moves[-1].line == 0 and "no time penalty line" in missing.moves[-1].note
    assert missing.totals["Ann"] == 11


def test_the_clock_follows_the_turn_through_passes_and_a_double_challenge():
    now = FakeClock()
    g = Game(["Ann", "Bob"], random.Random(0), lexicon=LEX,
             clock_settings=ClockSettings(), now=now)
    g.rules = g.rules.with_settings(challenges="double")
    g.racks = [list("CATXYZQ"), list("EEEEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOP")
    now.advance(30)
    g.play("8G", "CAT")
    now.advance(20)  # Bob thinks, then challenges a valid play and loses his turn
    g.challenge()
    assert g.current == 0 and g.clock.running == 0
    now.advance(15)
    g.pass_turn()
    assert g.clock.remaining(0, now()) == 1500 - 45
    assert g.clock.remaining(1, now()) == 1500 - 20
    assert [(t.kind, t.time_left) for t in g.history] == [
        ("place", 1470), ("lost_turn", 1480), ("pass", 1455)]
    g.pause_clock()
    now.advance(300)
    g.resume_clock()
    assert g.clock.remaining(1, now()) == 1480
    text = write_gcg(record_from_game(g))
    assert ">Bob: EEEEEEE - +0 0\n#note Time left: 24:40\n" in text  # the lost turn
    assert replay(parse_gcg(text), lexicon=LEX).mismatches == 0


def test_records_without_times_do_not_check_penalties():
    text = "#player1 A A\n#player2 B B\n>A: CAT 8G CAT +10 10\n>B: QZE (time) -10 -10\n"
    result = replay(parse_gcg(text))
    assert result.mismatches == 0 and result.moves[1].computed is None
    assert "no clock times" in result.moves[1].note


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#player1 A A\n>A: CAT 8G CAT +10 10\n#note Time left: soon\n",
         "line 3: 'soon' is not a clock time"),
        ("#player1 A A\n#player2 B B\n#note Clock: whenever\n>A: CAT 8G CAT +10 10\n",
         "cannot read the clock settings"),
    ],
)
def test_bad_clock_lines(text, message):
    from companion.bugwords.gcg import GcgError

    with pytest.raises(GcgError, match=message):
        replay(parse_gcg(text))


def test_cli_replay_accounts_for_the_clock(tmp_path, capsys):
    from companion.cli import main

    now = FakeClock()
    g = clocked_game(now)
    now.advance(185)
    g.play("8G", "CAT")
    path = tmp_path / "clocked.gcg"
    path.write_text(write_gcg(record_from_game(g)))
    assert main(["bugwords", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "clock -1:05" in out and "time penalty: 1:05 over, 10 a started minute" in out
    assert "The 1 challenge or clock line agrees with the rules (single challenge rule; " \
           "clock 2 minutes, 10 points a started minute over)." in out
    path.write_text(path.read_text().replace("(time) -20 11", "(time) -10 21"))
    assert main(["bugwords", "replay", str(path)]) == 1
    assert "1 of 1 challenge or clock line differs" in capsys.readouterr().out
