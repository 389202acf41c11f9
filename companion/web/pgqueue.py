"""The jobs queue on PostgreSQL: procrastinate (``SELECT ... FOR UPDATE SKIP LOCKED`` jobs,
workers with heartbeats and a graceful stop), so app servers and ``companion worker``
processes on any number of hosts share one queue through the database alone.

An app server only queues: it names the task ``companion.run_job`` with the job's key (the
row in the ``jobs`` table holds the inputs). A worker runs it (:func:`companion.web.jobs.
execute`). A worker killed half way leaves its job "doing" with a heartbeat that stops; every
worker looks for such jobs every few seconds and puts them back in the queue, so the job is
run again by whichever worker is free, never lost.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
from collections.abc import Callable
from typing import Any

import procrastinate
from flask import Flask
from procrastinate.exceptions import AlreadyEnqueued

log = logging.getLogger(__name__)

TASK = "companion.run_job"
QUEUE = "companion"
# A worker that has sent no heartbeat for this long is taken for dead and its jobs are run
# again; workers send one every third of it.
STALLED_SECONDS = 30.0
# The silence a worker may be given for that (--stalled-seconds): from three of its
# heartbeats, which it sends at most every half second (less, and a live worker is taken for
# dead between two of them, its job run twice), to a day. PostgreSQL reads the seconds as
# Python writes the number, and refused one written with an exponent (1e+20, 1e-05): the
# worker's first look for stalled jobs was a traceback.
STALLED_RANGE = (1.5, 86_400.0)


def libpq_url(url: str) -> str:
    """A ``postgresql://`` address for psycopg from a SQLAlchemy one."""
    return re.sub(r"^postgres(ql)?(\+psycopg)?://", "postgresql://", url)


_lock = threading.Lock()
_senders: dict[tuple[int, str], procrastinate.App] = {}


def _sender(url: str) -> procrastinate.App:
    """This process's procrastinate app for queueing (opened on first use, after any fork)."""
    key = (os.getpid(), url)
    with _lock:
        app = _senders.get(key)
        if app is None:
            app = procrastinate.App(connector=procrastinate.SyncPsycopgConnector(
                conninfo=libpq_url(url), min_size=0, max_size=2))
            app.open()
            _senders[key] = app
        return app


def enqueue(app: Flask, key: str, priority: int = 0) -> None:
    """Queue the job ``key`` for the workers (once: a second one waiting is not added); a
    free worker takes the waiting job of highest ``priority`` first, then the oldest."""
    from companion.web.db import database_url

    sender = _sender(database_url(app))
    try:
        sender.configure_task(TASK, queue=QUEUE, queueing_lock=key, lock=key,
                              priority=priority).defer(key=key)
    except AlreadyEnqueued:
        pass


def worker_app(flask_app: Flask, execute: Callable[[Flask, str], None]) -> procrastinate.App:
    """A procrastinate app whose one task runs a job of ``flask_app`` (``execute(app, key)``:
    :func:`companion.web.jobs.execute`)."""
    from companion.web.db import database_url

    app = procrastinate.App(connector=procrastinate.PsycopgConnector(
        conninfo=libpq_url(database_url(flask_app))))

    @app.task(name=TASK, queue=QUEUE)
    def run_job(key: str) -> None:
        execute(flask_app, key)

    return app


async def _retry_stalled(app: procrastinate.App, stalled: float, stop: asyncio.Event) -> None:
    """Put the jobs of workers that stopped sending heartbeats back in the queue."""
    while not stop.is_set():
        try:
            for job in await app.job_manager.get_stalled_jobs(
                    queue=QUEUE, seconds_since_heartbeat=stalled):
                log.warning("job %s was left half way by a stopped worker; running it again",
                            job.id)
                await app.job_manager.retry_job(job)
        except Exception:  # noqa: BLE001 - a lost connection: try again next round
            log.exception("looking for stalled jobs failed")
        try:
            await asyncio.wait_for(stop.wait(), timeout=max(0.5, stalled / 3))
        except TimeoutError:
            pass


def run_worker(flask_app: Flask, execute: Callable[[Flask, str], None], concurrency: int = 1,
               stalled: float = STALLED_SECONDS, wait: bool = True, **options: Any) -> None:
    """Run jobs with ``execute`` until SIGTERM or SIGINT (then finish the jobs under way and
    stop), or, with ``wait=False``, until the queue is empty."""
    app = worker_app(flask_app, execute)

    async def main() -> None:
        async with app.open_async():
            stop = asyncio.Event()
            sweeper = asyncio.create_task(_retry_stalled(app, stalled, stop))
            try:
                await app.run_worker_async(
                    queues=[QUEUE], concurrency=concurrency, wait=wait,
                    update_heartbeat_interval=max(0.5, stalled / 3),
                    stalled_worker_timeout=stalled, **options)
            finally:
                stop.set()
                await sweeper

    asyncio.run(main())
