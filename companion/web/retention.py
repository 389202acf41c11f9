"""How long board photos are kept: ``PHOTO_RETENTION_DAYS`` (the turns they scored stay)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from companion.web.models import Photo, Turn


def forget_old_photos(db: Session, days: int, now: dt.datetime | None = None) -> int:
    """Delete photos older than ``days`` days (their turns keep their scores); how many."""
    now = now or dt.datetime.now(dt.UTC).replace(tzinfo=None)
    cutoff = now - dt.timedelta(days=days)
    old = select(Photo.id).where(Photo.created < cutoff).scalar_subquery()
    db.execute(update(Turn).where(Turn.photo_id.in_(old)).values(photo_id=None))
    gone = db.execute(delete(Photo).where(Photo.created < cutoff))
    return int(getattr(gone, "rowcount", 0) or 0)
