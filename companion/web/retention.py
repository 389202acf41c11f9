"""How long things are kept: board photos, ``PHOTO_RETENTION_DAYS`` (the turns they scored
stay); built files and finished jobs, ``ARTIFACT_RETENTION_DAYS`` (built again if asked for);
games, until an operator deletes those abandoned long ago (``companion db prune``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from companion.web.models import (
    DONE,
    FAILED,
    Artifact,
    Game,
    Job,
    Photo,
    Player,
    Turn,
    utc_now,
)


def days_before(days: int, now: dt.datetime | None = None) -> dt.datetime:
    """The moment ``days`` days before ``now`` (the present): what changed before it is
    older than ``days`` days. More days than the calendar holds before ``now`` give its first
    moment, which nothing is older than: ``db prune --older-than 999999999`` and a setting
    such as ``PHOTO_RETENTION_DAYS`` of a billion days (kept for ever) were Python's
    "OverflowError: date value out of range", a traceback and a failed photo."""
    now = now or utc_now()
    try:
        return now - dt.timedelta(days=days)
    except OverflowError:  # before 1 January of year 1, or past what a timedelta holds
        return dt.datetime.min.replace(tzinfo=now.tzinfo)


def forget_old_photos(db: Session, days: int, now: dt.datetime | None = None) -> int:
    """Delete photos older than ``days`` days (their turns keep their scores); how many."""
    cutoff = days_before(days, now)
    old = select(Photo.id).where(Photo.created < cutoff).scalar_subquery()
    db.execute(update(Turn).where(Turn.photo_id.in_(old)).values(photo_id=None))
    gone = db.execute(delete(Photo).where(Photo.created < cutoff))
    return int(getattr(gone, "rowcount", 0) or 0)


def forget_old_artifacts(db: Session, days: int, now: dt.datetime | None = None) -> int:
    """Delete finished jobs that ended more than ``days`` days ago with their files, and
    files older than that made by no job (PDFs); how many files. Files of an older edition of
    the code are never asked for again and go this way; a file still wanted is built again.
    Not committed: the caller commits."""
    cutoff = days_before(days, now)
    ended = select(Job.key).where(Job.state.in_((DONE, FAILED)), Job.updated < cutoff)
    gone = db.execute(delete(Artifact).where(
        Artifact.key.in_(ended.scalar_subquery())
        | ((Artifact.created < cutoff) & Artifact.key.not_in(select(Job.key).scalar_subquery()))))
    db.execute(delete(Job).where(Job.key.in_(ended.scalar_subquery())))
    return int(getattr(gone, "rowcount", 0) or 0)


# What an abandoned game leaves, in the order it is deleted (a turn names its photo).
GAME_ROWS = ("turns", "photos", "players", "games")
MIN_GAME_DAYS = 30  # fewer days could take a game still played, say one paused for a holiday


def _game_columns() -> tuple[tuple[str, Any], ...]:
    """Each table of :data:`GAME_ROWS` with its column naming the game."""
    return tuple(zip(GAME_ROWS, (Turn.game_id, Photo.game_id, Player.game_id, Game.id),
                     strict=True))


def _abandoned(days: int, now: dt.datetime | None) -> Any:
    """The ids of games with no change for ``days`` days (a game stored before changes were
    kept counts from its creation)."""
    cutoff = days_before(days, now)
    return select(Game.id).where(func.coalesce(Game.changed, Game.created) < cutoff)


def abandoned_games(db: Session, days: int, now: dt.datetime | None = None) -> dict[str, int]:
    """How many rows the games with no change for ``days`` days have, table by table
    (:data:`GAME_ROWS`). Girdle submissions are a day's scores, not a game's: not counted,
    never deleted."""
    ids = _abandoned(days, now).scalar_subquery()
    return {name: int(db.scalar(select(func.count()).where(column.in_(ids))) or 0)
            for name, column in _game_columns()}


def forget_abandoned_games(db: Session, days: int,
                           now: dt.datetime | None = None) -> dict[str, int]:
    """Delete the games with no change for ``days`` days, with their turns, photos and
    players; how many rows of each (:data:`GAME_ROWS`). Not committed: the caller commits,
    so all goes or nothing."""
    if days < MIN_GAME_DAYS:
        raise ValueError(f"days must be at least {MIN_GAME_DAYS}")
    ids = [row[0] for row in db.execute(_abandoned(days, now).with_for_update())]
    counts = {}
    for name, column in _game_columns():
        gone = 0
        for start in range(0, len(ids), 500):
            result = db.execute(delete(column.class_).where(column.in_(ids[start:start + 500])))
            gone += int(getattr(result, "rowcount", 0) or 0)
        counts[name] = gone
    return counts
