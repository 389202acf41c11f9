"""Built files kept in the database, so that every app server, on any host, can send them.

A file is known by a key: the SHA-256 of its kind, its inputs, and the version of the code
that builds it (a hash of the producing packages' files). A new edition of the code or the
daily puzzle therefore makes new files; the old rows are simply never asked for again. The
same inputs give the same bytes, so two servers building the same file at once store one row.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from companion.web.db import insert_if_absent
from companion.web.models import Artifact, utc_now

ROOT = Path(__file__).resolve().parents[2]
# The media types of the files the app builds, by their ending.
MIMES = {"pdf": "application/pdf", "png": "image/png", "stl": "model/stl", "3mf": "model/3mf",
         "step": "model/step", "json": "application/json"}


def mime_of(name: str) -> str:
    """The media type of a built file called ``name``."""
    return MIMES.get(name.rsplit(".", 1)[-1].lower(), "application/octet-stream")


@cache
def code_version(*packages: str) -> str:
    """A hash of every file of ``packages`` (folders under the project, e.g. ``printables``
    or ``companion/girdle``): it changes whenever the code or data that builds a file does."""
    digest = hashlib.sha256()
    for package in sorted(packages):
        base = ROOT / package
        files = [base] if base.is_file() else sorted(
            p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts
            and p.suffix not in (".pyc", ".so"))
        for path in files:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def make_key(kind: str, inputs: dict[str, Any], packages: Iterable[str]) -> str:
    """The key of what ``kind`` makes from ``inputs`` with today's code of ``packages``."""
    text = json.dumps([kind, inputs, code_version(*sorted(packages))], sort_keys=True,
                      default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def get(db: Session, key: str, name: str) -> Artifact | None:
    """The stored file ``name`` of ``key``, if it was built."""
    return db.get(Artifact, (key, name))


def names(db: Session, key: str) -> list[str]:
    """The names of the files stored under ``key`` (sorted)."""
    return sorted(db.scalars(select(Artifact.name).where(Artifact.key == key)))


def put(db: Session, key: str, name: str, data: bytes, mime: str) -> None:
    """Store a file; one built at the same moment by another server is kept instead (the
    same inputs give the same bytes). Not committed: the caller commits."""
    insert_if_absent(db, Artifact, {"key": key, "name": name, "mime": mime, "data": data,
                                    "created": utc_now()})


def cached(db: Session, key: str, name: str, mime: str, make: Callable[[], bytes]) -> bytes:
    """The bytes of ``name`` under ``key``: stored ones, else ``make()``'s, stored now
    (and committed, so the file is there for every server at once)."""
    row = get(db, key, name)
    if row is not None:
        return row.data
    data = make()
    put(db, key, name, data, mime)
    db.commit()
    return data
