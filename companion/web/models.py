"""What the web app stores: score-sheet games with players and turns, board photos, and
Daily Girdle submissions."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

from sqlalchemy import (
    JSON,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    event,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utc_now() -> dt.datetime:
    """Now as the tables keep times: UTC, without a zone."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    """Declarative base of every table."""


class Game(Base):
    """A WerdUp or Bug Words game kept on the phone: players, turns, running totals."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # "werdup" | "bugwords"
    created: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())
    finished: Mapped[bool] = mapped_column(default=False)
    # The last change (a turn, a take-back, a challenge, the clock, finishing): a game with
    # none for long is abandoned (``companion db prune``). None: stored before it was kept,
    # the game's creation counts.
    changed: Mapped[dt.datetime | None] = mapped_column(DateTime, default=utc_now,
                                                        nullable=True)
    # The capabilities: the table link (add, take back, finish) and the spectators' link.
    # Games stored before links existed have none and can no longer be opened.
    table_key: Mapped[str | None] = mapped_column(String(32), unique=True, default=None)
    view_key: Mapped[str | None] = mapped_column(String(32), unique=True, default=None)
    # Bumped by every change; a change names the version it saw (optimistic check).
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    board: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)  # last position
    # The table's settings: a challenge rule label (``single``, ``points 5``...; None is
    # ``none``: the companion judges each play) and the game clock (``ClockState.to_dict()``).
    challenge_rule: Mapped[str | None] = mapped_column(String(16), default=None)
    # A game started part way through, from a board already played on: ``{"text": the
    # board text, "tiles": the tiles on it, "scores": each seat's score so far}``; None: the
    # game started from the empty board.
    start: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None, nullable=True)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    players: Mapped[list[Player]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan"
    )
    turns: Mapped[list[Turn]] = relationship(
        back_populates="game", order_by="Turn.number", cascade="all, delete-orphan"
    )


class Player(Base):
    """One seat at a game's table."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    end_adjustment: Mapped[int] = mapped_column(default=0)  # tiles left on racks, going out
    end_rack: Mapped[str] = mapped_column(String(16), default="")  # letters left at the end
    game: Mapped[Game] = relationship(back_populates="players")


class Turn(Base):
    """One turn: a scored play, a pass or a swap. ``detail`` holds the score breakdown."""

    __tablename__ = "turns"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(12), default="play")  # play | pass | swap
    words: Mapped[str] = mapped_column(Text, default="")
    score: Mapped[int] = mapped_column(default=0)
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    photo_id: Mapped[int | None] = mapped_column(ForeignKey("photos.id", ondelete="SET NULL"),
                                                 default=None)
    # The turn form's one-time key: a second post with the same key records nothing.
    request_key: Mapped[str | None] = mapped_column(String(32), default=None)
    game: Mapped[Game] = relationship(back_populates="turns")


# -- changes to a game's sheet --------------------------------------------------------------

_change_numbers = itertools.count(1)
_last_change = 0


def last_change() -> int:
    """A number that moves on whenever a game's players or turns may have changed in this
    process: one added, taken out or replaced, a game's kind, a seat, an action, a detail or a
    name set, or a game, player or turn read again from the database, expired or flagged as
    modified. What is worked out from a game's sheet can be kept with the game while this
    number stays the same (:func:`companion.web.scoresheet.tile_count`)."""
    return _last_change


def _changed(*_args: Any, **_kwargs: Any) -> None:
    global _last_change
    _last_change = next(_change_numbers)  # never a number given before, in any thread


for _collection in (Game.turns, Game.players):
    for _name in ("append", "remove", "bulk_replace", "init_collection",
                  "dispose_collection"):
        event.listen(_collection, _name, _changed)
for _attribute in (Game.kind, Player.seat, Player.name, Turn.seat, Turn.action, Turn.detail):
    for _name in ("set", "modified"):
        event.listen(_attribute, _name, _changed)
for _model in (Game, Player, Turn):
    for _name in ("refresh", "refresh_flush", "expire"):
        event.listen(_model, _name, _changed)


class Photo(Base):
    """What was read from an uploaded board photo, and the overlay drawn on it (the photo
    itself is not kept)."""

    __tablename__ = "photos"

    id: Mapped[int] = mapped_column(primary_key=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())
    game_kind: Mapped[str] = mapped_column(String(16))
    mime: Mapped[str] = mapped_column(String(32))  # of the photo sent
    width: Mapped[int] = mapped_column(Integer)  # of the image as read (working size)
    height: Mapped[int] = mapped_column(Integer)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                                default=None)
    overlay: Mapped[bytes] = mapped_column(LargeBinary)  # JPEG: the grid and letters read
    reading: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)


class GirdleSubmission(Base):
    """A player's solution of one day's Girdle, with its score and rank."""

    __tablename__ = "girdle_submissions"
    __table_args__ = (UniqueConstraint("player", "puzzle_date"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())
    player: Mapped[str] = mapped_column(String(64))  # anonymous id kept in the player's cookie
    puzzle_date: Mapped[dt.date] = mapped_column(Date)
    local_date: Mapped[dt.date] = mapped_column(Date)  # the player's own date when submitting
    words: Mapped[list[Any]] = mapped_column(JSON)
    score: Mapped[int] = mapped_column(Integer)
    rank: Mapped[str] = mapped_column(String(24))
    # The player has been shown the day's best sheet: later sheets rank no higher than second.
    saw_best: Mapped[bool] = mapped_column(default=False, server_default="0")


class GirdlePar(Base):
    """The best score of one day's Girdle (found once by the solver, then kept)."""

    __tablename__ = "girdle_pars"

    puzzle_date: Mapped[dt.date] = mapped_column(Date, primary_key=True)
    par: Mapped[int] = mapped_column(Integer)
    proven: Mapped[bool] = mapped_column(default=False)
    solution: Mapped[list[Any]] = mapped_column(JSON)
    # The digest of the word list par was found with (Lexicon.fingerprint); none: stored
    # before pars said so.
    words: Mapped[str | None] = mapped_column(String(32), nullable=True)


class BuildRequest(Base):
    """An action limited per client address (a new 3D build, a search for a past day's par,
    a new game, a turn, a photo read, a new Girdle sheet or player id:
    :mod:`companion.web.quota`), for its limit. The table is named for
    the first action limited."""

    __tablename__ = "build_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    action: Mapped[str] = mapped_column(String(16), default="build", server_default="build")
    created: Mapped[dt.datetime] = mapped_column(DateTime)


# A job's states (``Job.state``).
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


class Job(Base):
    """Long work beside the web app (a search for par, a 3D build), known by the hash of
    its kind, inputs and the code that does it: one row, so the work is queued once
    whichever app server was asked for it."""

    __tablename__ = "jobs"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    inputs: Mapped[dict[str, Any]] = mapped_column(JSON)
    state: Mapped[str] = mapped_column(String(12), default=QUEUED)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str | None] = mapped_column(Text, default=None)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    created: Mapped[dt.datetime] = mapped_column(DateTime)
    updated: Mapped[dt.datetime] = mapped_column(DateTime)


class Artifact(Base):
    """A built file (PDF, preview, STL/3MF/STEP, a build's report) kept in the database, so
    every app server can send it. ``key`` is the hash of what made it: its kind, inputs and
    the version of the code that built it; one build may give several named files."""

    __tablename__ = "artifacts"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(100), primary_key=True)
    mime: Mapped[str] = mapped_column(String(64))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created: Mapped[dt.datetime] = mapped_column(DateTime)
