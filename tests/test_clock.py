"""The game clock on a fake clock: banks, passing the turn, pause, overtime penalties."""

from __future__ import annotations

import pytest
from fakeclock import FakeClock

from companion.clock import (
    ClockSettings,
    ClockState,
    format_time,
    parse_time,
    settings_from_label,
)
from companion.errors import UsageError

# Overtime in seconds -> points lost at 10 a started minute (tournament convention).
PENALTIES = [(0, 0), (-5, 0), (0.2, 10), (1, 10), (59.9, 10), (60, 10), (60.1, 20), (125, 30),
             (600, 100)]


@pytest.mark.parametrize(("over", "points"), PENALTIES)
def test_penalty_per_started_minute(over, points):
    assert ClockSettings().overtime_penalty(over) == points


def test_banks_run_only_for_the_player_to_move():
    now = FakeClock()
    c = ClockState.new(2, ClockSettings(bank_seconds=25 * 60))
    assert c.remaining(0, now()) == 1500 and c.running is None
    c = c.press(now(), next_player=0)  # the first tap starts player 1, named
    now.advance(90)
    c = c.press(now())  # player 1 ends the turn after 1:30
    now.advance(30)
    assert c.running == 1
    assert (c.remaining(0, now()), c.remaining(1, now())) == (1410, 1470)
    c = c.pause(now())
    now.advance(600)  # a break: no one's clock runs
    assert c.remaining(1, now()) == 1470
    with pytest.raises(UsageError, match="paused"):
        c.press(now())
    c = c.resume(now())
    now.advance(10)
    assert c.remaining(1, now()) == 1460 and c.running == 1


def test_overtime_and_the_view():
    now = FakeClock()
    c = ClockState.new(3, ClockSettings(bank_seconds=60, penalty=10)).start(2, now())
    now.advance(125)  # 65 s over: two started minutes
    view = c.view(now(), ["Ann", "Bob", "Cy"])
    assert view["running"] == 2
    assert [p["shown"] for p in view["players"]] == ["1:00", "1:00", "-1:05"]
    assert view["players"][2]["overtime"] and view["players"][2]["penalty"] == 20
    assert view["settings"]["label"] == "1 minute, 10 points a started minute over"
    stopped = c.stop(now())
    now.advance(1000)
    assert stopped.penalty(2, now()) == 20 and stopped.running is None


def test_press_to_a_chosen_player_and_bad_input():
    now = FakeClock()
    c = ClockState.new(4).press(now(), next_player=2)
    assert c.running == 2
    assert c.press(now()).running == 3 and c.press(now()).press(now()).running == 0
    with pytest.raises(UsageError, match="no player 5"):
        c.start(4, now())
    with pytest.raises(UsageError, match="back in time"):
        c.remaining(2, now() - 1)
    with pytest.raises(UsageError, match="1 to 8 players"):
        ClockState.new(0)
    with pytest.raises(UsageError, match="1 minute to 24 hours"):
        ClockSettings(bank_seconds=10)


def test_a_clock_not_running_starts_only_the_player_named():
    """Who is on turn is the game's to say: a turn recorded before the clock was started, a
    player gone out. A press on a clock not running (new, or stopped mid-game) with no player
    named started player 1; it is refused, and starts the player named."""
    now = FakeClock()
    new = ClockState.new(3)
    with pytest.raises(UsageError, match="say whose clock starts"):
        new.press(now())
    assert new.press(now(), next_player=1).running == 1
    stopped = new.start(0, now()).stop(now() + 5)
    with pytest.raises(UsageError, match="say whose clock starts"):
        stopped.press(now() + 5)
    assert stopped.press(now() + 5, next_player=2).running == 2


def test_state_survives_storage():
    """A page reload or a second phone reads the stored state and shows the same clock."""
    now = FakeClock()
    c = ClockState.new(2).press(now(), next_player=0)
    now.advance(42.5)
    again = ClockState.from_dict(c.to_dict())
    assert again == c and again.remaining(0, now()) == c.remaining(0, now()) == 1457.5
    with pytest.raises(UsageError, match="stored clock cannot be read"):
        ClockState.from_dict({"bank_seconds": "x"})
    with pytest.raises(UsageError, match="stored clock cannot be read"):
        ClockState.from_dict(dict(c.to_dict(), running=7))
    over = c.keep_to_turns("every player passed in a row", None, now())
    assert ClockState.from_dict(over.to_dict()) == over


def test_a_start_keeps_the_turns_the_record_held_then():
    """Each start of a player's clock keeps the turns its caller counted then (a press, a
    game going on again), kept through a pause and storage; a start given none, a stop and
    a clock stored before they were kept know none."""
    c = ClockState.new(2).press(0.0, 0, turns=3)
    assert c.turns_at_start == 3 and c.pause(1.0).resume(2.0).turns_at_start == 3
    assert ClockState.from_dict(c.to_dict()) == c
    assert c.press(5.0, turns=4).turns_at_start == 4 and c.press(5.0).turns_at_start is None
    stopped = c.stop(6.0)
    assert stopped.turns_at_start is None
    assert stopped.keep_to_turns("", 1, 7.0, 5).turns_at_start == 5
    stored = c.to_dict()
    del stored["turns_at_start"]
    assert ClockState.from_dict(stored).turns_at_start is None


def test_a_clock_stored_before_it_kept_why_the_turns_end_the_game_does_not_know_it():
    """A clock stored without ``over`` reads as not knowing whether the turns end the game
    (None), not as turns going on; a new game's clock knows: it has no turn yet."""
    stored = ClockState.new(2).start(0, 0.0).to_dict()
    assert stored["over"] == "" and ClockState.from_dict(stored).over == ""
    del stored["over"]
    assert ClockState.from_dict(stored).over is None


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(1500, "25:00"), (61, "1:01"), (0.4, "0:01"), (0, "0:00"), (-0.2, "-0:01"), (-65, "-1:05")],
)
def test_time_text(seconds, shown):
    assert format_time(seconds) == shown
    if seconds == int(seconds):
        assert parse_time(shown) == seconds


def test_settings_label_round_trip_and_bad_text():
    s = ClockSettings(bank_seconds=20 * 60, penalty=5)
    assert settings_from_label(s.label()) == s
    with pytest.raises(UsageError, match="cannot read the clock settings"):
        settings_from_label("soon")
    with pytest.raises(UsageError, match="not a clock time"):
        parse_time("5 minutes")


def test_a_penalty_of_one_point_is_labelled_one_point():
    assert ClockSettings(bank_seconds=60, penalty=1).label() == \
        "1 minute, 1 point a started minute over"
    assert ClockSettings(bank_seconds=25 * 60, penalty=0).label() == \
        "25 minutes, 0 points a started minute over"


@pytest.mark.parametrize("label", ["1 minute, 1 point a started minute over",
                                   "1 minute, 1 points a started minute over"])  # as written before
def test_a_label_of_one_point_reads_in_either_form(label):
    assert settings_from_label(label) == ClockSettings(bank_seconds=60, penalty=1)


@pytest.mark.parametrize("text", ["\u0662\u0661:05", "21:\uff10\uff15"])  # Arabic-Indic, full-width
def test_a_clock_time_is_written_in_the_digits_0_to_9(text):
    with pytest.raises(UsageError, match="not a clock time"):
        parse_time(text)
    with pytest.raises(UsageError, match="cannot read the clock settings"):
        settings_from_label(text.replace(":", " minutes, ") + " points")


def test_follow_runs_for_the_player_to_move_and_stops_at_the_end():
    c = ClockState.new(2, ClockSettings(bank_seconds=60))
    c = c.follow(0, over=False, now=0.0)
    assert c.running == 0
    assert c.follow(0, over=False, now=10.0) is c  # same player: nothing changes
    c = c.follow(1, over=False, now=10.0)
    assert c.running == 1 and c.remaining(0, 10.0) == 50
    c = c.follow(1, over=True, now=30.0)
    assert c.running is None and c.remaining(1, 99.0) == 40


def test_a_stopped_clock_goes_on_for_the_player_to_move_without_the_time_it_stood():
    """A game reopened after its end: the clock stopped at the end runs again for the player
    now to move, from the moment it goes on; each time used is as it was at the end."""
    c = ClockState.new(2, ClockSettings(bank_seconds=60)).start(0, 0.0).press(40.0)
    stopped = c.stop(70.0)  # the end: Ann used 40 s, Bob 30 s
    on = stopped.go_on(1, 500.0)  # 430 s later Bob is to move again
    assert on.running == 1 and not on.paused
    assert (on.remaining(0, 500.0), on.remaining(1, 500.0)) == (20, 30)
    assert (on.remaining(0, 545.0), on.remaining(1, 545.0)) == (20, -15)
    assert on.penalty(1, 545.0) == 10
    assert stopped.go_on(None, 500.0) is stopped  # still over: no one to move
    unused = ClockState.new(2)
    assert not unused.started and unused.go_on(0, 500.0) is unused  # never ran: left alone
    assert c.started and stopped.started


PASSED = "every player passed in a row"


def test_a_clock_kept_to_the_turns_stops_when_they_end_the_game_and_goes_on_after():
    """The turns end the game (no one to move): the clock stops then, the time up to then
    charged; with the turn that ended it taken back, it runs again for the player to move,
    the time it stood charged to no one. While turns go on it is left as it is. Why the
    turns end the game is kept with it, so its page can say so without reading them."""
    c = ClockState.new(2, ClockSettings(bank_seconds=60)).start(0, 0.0)
    assert c.keep_to_turns("", 0, 10.0) is c  # turns go on: Ann's clock keeps running
    paused = c.pause(10.0)
    assert paused.keep_to_turns("", 0, 20.0) is paused
    over = c.keep_to_turns(PASSED, None, 70.0)  # Ann's pass ends it 70 s in
    assert over.running is None and not over.paused and over.over == PASSED
    assert over.remaining(0, 999.0) == -10 and over.penalty(0, 999.0) == 10
    assert over.keep_to_turns(PASSED, None, 200.0) is over  # still over: still stopped
    on = over.keep_to_turns("", 0, 300.0)  # that pass taken back 230 s later
    assert on.running == 0 and on.remaining(0, 305.0) == -15 and on.over == ""
    unused = ClockState.new(2)
    assert unused.keep_to_turns("", 0, 5.0) is unused
    ended = unused.keep_to_turns(PASSED, None, 5.0)  # over before the clock ever ran
    assert ended.over == PASSED and ended.used == unused.used and ended.running is None
    assert ended.keep_to_turns("", 0, 9.0).over == ""  # taken back: not run, not over


def test_a_clock_stored_before_it_kept_why_learns_it_at_the_next_turn():
    """A clock that did not know (stored before: ``over`` None) is told at the next turn."""
    c = ClockState.new(2).start(0, 0.0)
    old = ClockState.from_dict({k: v for k, v in c.to_dict().items() if k != "over"})
    assert old.over is None and old.keep_to_turns("", 1, 5.0).over == ""
    assert old.keep_to_turns(PASSED, None, 5.0).over == PASSED
