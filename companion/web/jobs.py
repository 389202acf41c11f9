"""Long work beside the web app: one interface (submit, status, forget), two runners.

Finding a day's Girdle par or building a 3D part takes up to a minute of one core; inside a
request it would hold a worker's interpreter lock and leave the phone waiting. So such work is
a job: a row in the ``jobs`` table keyed by the hash of its kind, its inputs and the version of
the code that does it (:func:`companion.web.artifacts.make_key`). Whichever app server is asked
first inserts the row and queues the job; every other request, on any server, finds the row
and reads its state. The job's files go to the ``artifacts`` table and its answer to the row,
so any server can send them.

Two runners carry the jobs out, chosen by ``JOB_QUEUE``:

- ``postgres`` (the default with PostgreSQL): the job is queued in procrastinate's PostgreSQL
  queue, and ``companion worker`` processes, on any host, run it. A worker killed half way
  leaves the job to be retried by the next worker (see :mod:`companion.web.queue`).
- ``embedded`` (the default with SQLite, one machine, no other service): a small thread pool in
  each app process runs the jobs it queued.

Either way the work itself is a command of the companion run as a separate process.
"""

from __future__ import annotations

import ctypes
import datetime as dt
import logging
import signal
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app
from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from companion.errors import CompanionError
from companion.web import artifacts
from companion.web.db import hold, insert_if_absent
from companion.web.models import DONE, FAILED, QUEUED, RUNNING, Job, utc_now
from companion.web.retention import forget_old_artifacts

log = logging.getLogger(__name__)

# Jobs waiting or running at once (the whole installation); past this a new one is refused
# (503 with Retry-After), so links on a foreign page cannot queue up hours of work.
MAX_PENDING = 8
# Slots kept beyond MAX_PENDING for urgent jobs alone: the searches for the par of the days
# that are today somewhere on Earth (yesterday, today and tomorrow in UTC), which no pile of
# past days' searches or 3D builds may push back to a 503. Urgent jobs also run first: the
# embedded runner keeps a thread for them, the PostgreSQL queue gives them a higher priority.
KEPT_FOR_URGENT = 3
URGENT_PRIORITY = 10
# A job queued or running this long without an end belongs to a runner that stopped half
# way (a process killed with the embedded runner): it is queued again.
STALE_SECONDS = 15 * 60



class Busy(CompanionError):
    """Too much long work is under way already (HTTP 503)."""

    status = 503
    retry_after = 30


@dataclass
class Output:
    """What a job made: its answer (JSON) and its files (name, bytes, media type)."""

    result: dict[str, Any] = field(default_factory=dict)
    files: list[tuple[str, bytes, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Kind:
    """A kind of job: the packages whose code does it (part of its key) and the function
    that does it, given the job's inputs (called inside the app's context)."""

    name: str
    packages: tuple[str, ...]
    run: Callable[[dict[str, Any]], Output]


KINDS: dict[str, Kind] = {}


def register(name: str, packages: tuple[str, ...],
             run: Callable[[dict[str, Any]], Output]) -> Kind:
    """Make a kind of job known (by the module that does it)."""
    kind = KINDS[name] = Kind(name, packages, run)
    return kind


def kind_of(name: str) -> Kind:
    """The kind ``name``, registered by the module that does it (the app loads them all)."""
    try:
        return KINDS[name]
    except KeyError:
        raise CompanionError(f"There is no kind of job called {name!r}.") from None


def key_of(kind: str, inputs: dict[str, Any]) -> str:
    """The job's key: its kind, inputs and the code version of the kind's packages."""
    return artifacts.make_key(kind, inputs, kind_of(kind).packages)


def runner(app: Flask) -> str:
    """``postgres`` or ``embedded``: who runs ``app``'s jobs (``JOB_QUEUE``, else by database).
    Decided by the configuration alone, so ``app`` may be one :func:`companion.web.configured`
    read without opening the database; a ``DATABASE_URL`` that names no database the app can
    use is SQLAlchemy's ``ArgumentError`` (:func:`companion.web.db.backend_of`)."""
    from companion.web.db import backend_of, database_url

    chosen = app.config.get("JOB_QUEUE")
    if chosen:
        return str(chosen)
    return "postgres" if backend_of(database_url(app)) == "postgresql" else "embedded"


def submit(db: Session, kind: str, inputs: dict[str, Any], urgent: bool = False) -> Job:
    """The job for ``inputs``: queued now if nobody asked for it yet (or its runner stopped
    half way), else as it stands: queued, running, done (with its answer) or failed (with
    its error, until :func:`forget`). :class:`Busy` when too many jobs are under way: past
    ``MAX_PENDING``, or for an ``urgent`` job (run first) past the slots kept for it too."""
    key = key_of(kind, inputs)
    row = db.get(Job, key)
    if row is None:
        forget_old_artifacts(db, int(current_app.config["ARTIFACT_RETENTION_DAYS"]))
        hold(db, "jobs under way")  # counted and added as one step: a burst passes no limit
        pending = db.scalar(select(func.count()).select_from(Job).where(
            Job.state.in_((QUEUED, RUNNING)), Job.updated >= utc_now() - dt.timedelta(
                seconds=STALE_SECONDS))) or 0
        if pending >= MAX_PENDING + (KEPT_FOR_URGENT if urgent else 0):
            raise Busy("The companion is busy with long work (3D builds, searches for par); "
                       "try again in half a minute.")
        now = utc_now()
        added = insert_if_absent(db, Job, {
            "key": key, "kind": kind, "inputs": inputs, "state": QUEUED, "attempts": 0,
            "created": now, "updated": now})
        db.commit()
        if added:
            _enqueue(key, urgent)
    elif row.state in (QUEUED, RUNNING) and row.updated < utc_now() - dt.timedelta(
            seconds=STALE_SECONDS):
        took = _rowcount(db.execute(update(Job).where(
            Job.key == key, Job.updated == row.updated).values(state=QUEUED, updated=utc_now())))
        db.commit()
        if took:
            log.warning("job %s (%s) was left half way; queued again", key[:12], kind)
            _enqueue(key, urgent)
    db.expire_all()
    found = db.get(Job, key)
    assert found is not None
    return found


def _rowcount(result: Any) -> int:
    return int(result.rowcount)


def status(db: Session, kind: str, inputs: dict[str, Any]) -> Job | None:
    """The job for ``inputs`` if anyone asked for it (no new job is started)."""
    return db.get(Job, key_of(kind, inputs))


def forget(db: Session, key: str) -> None:
    """Drop a failed job once its error was reported: the next request queues it again."""
    db.execute(delete(Job).where(Job.key == key, Job.state == FAILED))
    db.commit()


def _enqueue(key: str, urgent: bool = False) -> None:
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    if runner(app) == "postgres":
        from companion.web import pgqueue

        pgqueue.enqueue(app, key, URGENT_PRIORITY if urgent else 0)
    else:
        (_urgent_pool if urgent else _pool).submit(execute, app, key)


_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="companion-job")
# the embedded runner's thread kept for urgent jobs: none waits behind other work
_urgent_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-urgent-job")


def execute(app: Flask, key: str) -> None:
    """Run the job ``key`` here and now (a runner's thread or a worker): its files and answer
    are stored, or its error; a job already done is left alone."""
    from companion.web.db import sessions

    with app.app_context(), sessions(app)() as db:
        row = db.get(Job, key, with_for_update=db.get_bind().dialect.name == "postgresql")
        if row is None or row.state in (DONE, FAILED):
            db.rollback()
            return
        row.state, row.attempts, row.updated = RUNNING, row.attempts + 1, utc_now()
        kind, inputs = row.kind, dict(row.inputs)
        db.commit()
        try:
            out = kind_of(kind).run(inputs)
        except Exception as exc:  # noqa: BLE001 - every failure is the job's answer
            message = str(exc)
            if not isinstance(exc, CompanionError):  # a fault: logged; the user gets a sentence
                log.exception("job %s (%s) failed", key[:12], kind)
                message = f"The work stopped on an unexpected error ({type(exc).__name__})"
            db.execute(update(Job).where(Job.key == key).values(
                state=FAILED, error=message, updated=utc_now()))
            db.commit()
            return
        for name, data, mime in out.files:
            artifacts.put(db, key, name, data, mime)
        db.execute(update(Job).where(Job.key == key).values(
            state=DONE, result=out.result, error=None, updated=utc_now()))
        db.commit()


_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """The command is killed if the worker thread that started it dies (a worker killed half
    way leaves no orphan computing for nobody)."""
    try:
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def run_companion(args: list[str], what: str, timeout: float | None = None) -> str:
    """``companion ARGS...`` as a separate process (the same interpreter and installation):
    its standard output. A failure raises a :class:`CompanionError` naming ``what``."""
    cmd = [sys.executable, "-m", "companion", *args]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, check=False,
                              timeout=timeout, preexec_fn=_die_with_parent)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CompanionError(f"{what} could not run: {exc}") from exc
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise CompanionError(f"{what} failed: {last}")
    return done.stdout
