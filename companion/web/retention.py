"""How long things are kept: board photos, ``PHOTO_RETENTION_DAYS`` (the turns they scored
stay); built files and finished jobs, ``ARTIFACT_RETENTION_DAYS`` (built again if asked for).
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from companion.web.models import DONE, FAILED, Artifact, Job, Photo, Turn, utc_now


def forget_old_photos(db: Session, days: int, now: dt.datetime | None = None) -> int:
    """Delete photos older than ``days`` days (their turns keep their scores); how many."""
    now = now or utc_now()
    cutoff = now - dt.timedelta(days=days)
    old = select(Photo.id).where(Photo.created < cutoff).scalar_subquery()
    db.execute(update(Turn).where(Turn.photo_id.in_(old)).values(photo_id=None))
    gone = db.execute(delete(Photo).where(Photo.created < cutoff))
    return int(getattr(gone, "rowcount", 0) or 0)


def forget_old_artifacts(db: Session, days: int, now: dt.datetime | None = None) -> int:
    """Delete finished jobs that ended more than ``days`` days ago with their files, and
    files older than that made by no job (PDFs); how many files. Files of an older edition of
    the code are never asked for again and go this way; a file still wanted is built again.
    Not committed: the caller commits."""
    now = now or utc_now()
    cutoff = now - dt.timedelta(days=days)
    ended = select(Job.key).where(Job.state.in_((DONE, FAILED)), Job.updated < cutoff)
    gone = db.execute(delete(Artifact).where(
        Artifact.key.in_(ended.scalar_subquery())
        | ((Artifact.created < cutoff) & Artifact.key.not_in(select(Job.key).scalar_subquery()))))
    db.execute(delete(Job).where(Job.key.in_(ended.scalar_subquery())))
    return int(getattr(gone, "rowcount", 0) or 0)
