"""The game clock: a time bank per player, a tap passes the turn, overtime costs points.

Pure: no function reads the time of day. Every method takes ``now`` (seconds from any fixed
origin, e.g. ``time.time()``) and returns a new :class:`ClockState`, so a web page can keep
the state in its database (:meth:`ClockState.to_dict`) and any worker or a second phone can
show the same clock, and tests can run it on a fake clock.

Tournament convention (the default): 25 minutes a player; a player whose bank runs out loses
10 points for every minute or part of a minute over, counted when the game ends.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.decimals import whole_from
from companion.errors import UsageError
from companion.text import counted, quoted

DEFAULT_BANK_MINUTES = 25
DEFAULT_PENALTY = 10
# How a record writes the settings: "#note Clock: 25 minutes, 10 points a started minute over".
CLOCK_NOTE = "Clock"
_LABEL = re.compile(r"^\s*([0-9]+)\s+minutes?,\s*([0-9]+)\s+points?\b")  # ASCII digits
# "1 point" and "1 points" both read: older records wrote a penalty of one as "1 points".
_TIME = re.compile(r"^(-?)([0-9]+):([0-5][0-9])$")


def whole_seconds(seconds: float) -> int:
    """Seconds as the clock's face and a record write them: a part second counts as a whole
    one on either side (0.4 s left is 1, 0.2 s over is -1), so the penalty worked out from a
    written time is the same as from the exact one."""
    return math.ceil(seconds) if seconds >= 0 else -math.ceil(-seconds)


def format_time(seconds: float) -> str:
    """``24:31``; time over the bank is negative: ``-1:05`` (whole seconds, see
    :func:`whole_seconds`)."""
    whole = whole_seconds(seconds)
    sign = "-" if whole < 0 else ""
    m, s = divmod(abs(whole), 60)
    return f"{sign}{m}:{s:02d}"


def parse_time(text: str) -> int:
    """Seconds from ``M:SS`` (``-M:SS`` over the bank); a clear error otherwise."""
    text = text.strip()
    m = _TIME.match(text)
    if not m:
        raise UsageError(f"{quoted(text)} is not a clock time: write minutes and seconds, "
                         "like 21:05")
    try:
        seconds = whole_from(m.group(2)) * 60 + int(m.group(3))
    except ValueError as exc:
        raise UsageError(f"{quoted(text)} is not a clock time: {exc}") from exc
    return -seconds if m.group(1) else seconds


@dataclass(frozen=True)
class ClockSettings:
    """A bank of ``bank_seconds`` per player; ``penalty`` points per started minute over."""

    bank_seconds: int = DEFAULT_BANK_MINUTES * 60
    penalty: int = DEFAULT_PENALTY

    def __post_init__(self) -> None:
        if not 60 <= self.bank_seconds <= 24 * 3600:
            raise UsageError("a player's time bank is 1 minute to 24 hours")
        if not 0 <= self.penalty <= 1000:
            raise UsageError("the overtime penalty is 0 to 1000 points a minute")

    def overtime_penalty(self, overtime_seconds: float) -> int:
        """Points lost for ``overtime_seconds`` over the bank: ``penalty`` per started minute."""
        if overtime_seconds <= 0:
            return 0
        return math.ceil(overtime_seconds / 60) * self.penalty

    def unpaid_penalties(self, times_left: Mapping[str, float], penalised: Collection[str]
                         ) -> list[tuple[str, float, int]]:
        """``(player, time left, points)`` for each player over time at the end (by their last
        time left) whose penalty is not among ``penalised``: what a finished game's record
        still owes."""
        out = []
        for player, left in times_left.items():
            points = self.overtime_penalty(-left)
            if points and player not in penalised:
                out.append((player, left, points))
        return out

    def label(self) -> str:
        """How a record writes the settings (see :func:`settings_from_label`)."""
        minutes = self.bank_seconds // 60
        return (f"{counted(minutes, 'minute')}, {counted(self.penalty, 'point')} a started "
                "minute over")


def settings_from_label(text: str) -> ClockSettings:
    """Settings from :meth:`ClockSettings.label` text (``25 minutes, 10 points ...``)."""
    m = _LABEL.match(text)
    if not m:
        raise UsageError(f"cannot read the clock settings {quoted(text)}: write them like "
                         "'25 minutes, 10 points a started minute over'")
    try:
        return ClockSettings(whole_from(m.group(1)) * 60, whole_from(m.group(2)))
    except ValueError as exc:
        raise UsageError(f"cannot read the clock settings {quoted(text)}: {exc}") from exc


@dataclass(frozen=True)
class ClockState:
    """Every player's time used so far, and whose clock runs (``running``, since ``since``).

    ``running`` is None before the first start and while paused. ``over`` is why the game's
    turns end it as they stood when the clock was last kept to them (:meth:`keep_to_turns`),
    ``""`` while turns go on, so a page showing the clock need not read the turns again to
    say it; None when not known (a clock stored before it kept that). ``turns_at_start`` is
    how many turns the game's record held when the running player's clock started, as the
    caller that started it counted them (None: not given, or stored before it was kept), so
    the caller can tell whether that player's turn is on the record yet.
    """

    settings: ClockSettings
    used: tuple[float, ...]
    running: int | None = None
    since: float | None = None
    paused: bool = field(default=False)
    over: str | None = None
    turns_at_start: int | None = None

    @classmethod
    def new(cls, players: int, settings: ClockSettings | None = None) -> ClockState:
        """A new game's clock, stopped, no time used; no turn ends a game that has none yet."""
        if not 1 <= players <= 8:
            raise UsageError("a game clock is for 1 to 8 players")
        return cls(settings or ClockSettings(), tuple(0.0 for _ in range(players)), over="")

    @property
    def players(self) -> int:
        return len(self.used)

    def _check_time(self, now: float) -> None:
        if self.since is not None and now < self.since:
            raise UsageError("the clock cannot go back in time")

    def _stopped(self, now: float) -> tuple[float, ...]:
        """Used times with the running player's current stretch added."""
        if self.running is None or self.since is None:
            return self.used
        self._check_time(now)
        used = list(self.used)
        used[self.running] += now - self.since
        return tuple(used)

    def start(self, player: int, now: float, turns: int | None = None) -> ClockState:
        """Start ``player``'s clock (stopping whichever was running); ``turns``: how many
        turns the game's record holds now (:attr:`turns_at_start`)."""
        if not 0 <= player < self.players:
            raise UsageError(f"there is no player {player + 1} on this clock")
        return replace(self, used=self._stopped(now), running=player, since=now, paused=False,
                       turns_at_start=turns)

    def press(self, now: float, next_player: int | None = None,
              turns: int | None = None) -> ClockState:
        """The player to move taps: their clock stops and the next player's starts (the next
        seat, unless ``next_player`` is given). A clock not running (before its first start,
        or stopped mid-game) starts ``next_player``'s, who must be given: who is on turn is
        the game's to say (a turn may be recorded before the clock is started, a player may
        have gone out), not the clock's. ``turns``: as for :meth:`start`."""
        if self.paused:
            raise UsageError("the clock is paused: resume it first")
        if self.running is None:
            if next_player is None:
                raise UsageError("no clock is running: say whose clock starts")
            return self.start(next_player, now, turns)
        nxt = (self.running + 1) % self.players if next_player is None else next_player
        return self.start(nxt, now, turns)

    def pause(self, now: float) -> ClockState:
        """Stop every clock (a dispute, a break); :meth:`resume` starts the same player's."""
        if self.running is None:
            return self
        return replace(self, used=self._stopped(now), since=None, paused=True)

    def resume(self, now: float) -> ClockState:
        if not self.paused or self.running is None:
            return self
        return replace(self, since=now, paused=False)

    def follow(self, to_move: int, over: bool, now: float) -> ClockState:
        """The clock as a game engine keeps it: running for the player ``to_move``, stopped
        for good once the game is ``over``."""
        if over:
            return self.stop(now)
        if self.running != to_move:
            return self.start(to_move, now)
        return self

    def stop(self, now: float) -> ClockState:
        """Stop for good (the game is over): nothing runs any more."""
        return replace(self, used=self._stopped(now), running=None, since=None, paused=False,
                       turns_at_start=None)

    @property
    def started(self) -> bool:
        """Whether the clock has run at all: one is running (or paused), or time is used."""
        return self.running is not None or any(u > 0 for u in self.used)

    def go_on(self, to_move: int | None, now: float, turns: int | None = None) -> ClockState:
        """A game that was over goes on (reopened): ``to_move``'s clock runs from ``now``,
        each player's time used kept as it was, so the time the clock stood stopped is
        charged to no one. With no one to move (``None``: the game still over), or a clock
        that never ran, it stays as it is. ``turns``: as for :meth:`start`."""
        if to_move is None or not self.started:
            return self
        return self.start(to_move, now, turns)

    def keep_to_turns(self, over: str, to_move: int | None, now: float,
                      turns: int | None = None) -> ClockState:
        """The clock of a game whose players tap it, kept to the turns as they are recorded
        or taken back: stopped at ``now`` once the turns end the game (``over``, why), the
        time up to then charged as usual; running again from ``now`` for ``to_move``, the
        player on turn (:meth:`go_on`; ``turns``, how many the record holds now), once they
        no longer do (the turn that ended it taken back). While turns go on with a clock
        running or paused, it is left as it is. Why they end the game is kept with the clock
        (:attr:`over`)."""
        if over:
            kept = self if self.running is None else self.stop(now)
        elif self.running is None:
            kept = self.go_on(to_move, now, turns)
        else:
            kept = self
        return kept if kept.over == over else replace(kept, over=over)

    # -- reading the clock ----------------------------------------------------------------
    def remaining(self, player: int, now: float) -> float:
        """Seconds left in ``player``'s bank (negative once over)."""
        return self.settings.bank_seconds - self._stopped(now)[player]

    def overtime(self, player: int, now: float) -> float:
        return max(0.0, -self.remaining(player, now))

    def penalty(self, player: int, now: float) -> int:
        """Points ``player`` loses for overtime if the game ended ``now``."""
        return self.settings.overtime_penalty(self.overtime(player, now))

    def view(self, now: float, names: Sequence[str] | None = None) -> dict[str, Any]:
        """What a clock page shows: each player's time left (``M:SS``), overtime, penalty."""
        names = list(names) if names is not None else [f"player {i + 1}"
                                                       for i in range(self.players)]
        return {
            "running": self.running,
            "paused": self.paused,
            "settings": {"bank_seconds": self.settings.bank_seconds,
                         "penalty": self.settings.penalty, "label": self.settings.label()},
            "players": [
                {"name": names[i], "remaining": round(self.remaining(i, now), 3),
                 "shown": format_time(self.remaining(i, now)),
                 "overtime": self.overtime(i, now) > 0, "penalty": self.penalty(i, now)}
                for i in range(self.players)
            ],
        }

    # -- storage --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON for storage; :meth:`from_dict` gives the same state back."""
        return {"bank_seconds": self.settings.bank_seconds, "penalty": self.settings.penalty,
                "used": list(self.used), "running": self.running, "since": self.since,
                "paused": self.paused, "over": self.over,
                "turns_at_start": self.turns_at_start}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClockState:
        try:
            settings = ClockSettings(int(data["bank_seconds"]), int(data["penalty"]))
            used = tuple(float(u) for u in data["used"])
            running = data.get("running")
            since = data.get("since")
            over = data.get("over")  # None: stored before the clock kept it
            mark = data.get("turns_at_start")  # None: likewise, or not given
            state = cls(settings, used, None if running is None else int(running),
                        None if since is None else float(since), bool(data.get("paused")),
                        None if over is None else str(over),
                        None if mark is None else int(mark))
        except (KeyError, TypeError, ValueError) as exc:
            raise UsageError("the stored clock cannot be read") from exc
        if not used or (state.running is not None and not 0 <= state.running < len(used)):
            raise UsageError("the stored clock cannot be read")
        return state
