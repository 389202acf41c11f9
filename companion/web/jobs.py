"""Long work beside the web app: a command of the companion run as a separate process.

Finding a day's Girdle par or building a 3D part takes up to a minute of one core. Inside a
request it would hold the worker's interpreter lock, slowing every other request that worker
serves, and leave the phone waiting with no word of progress. So such work runs as a separate
process, watched by a small thread pool in each worker process; a job is known by a key, so a
second request for the same work finds the job already under way.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from companion.errors import CompanionError

_lock = threading.Lock()
_jobs: dict[Hashable, Future] = {}
_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="companion-job")


# Jobs waiting or running at once in one process; past this a new one is refused (503 with
# Retry-After), so links on a foreign page cannot queue up hours of work.
MAX_PENDING = 8


class Busy(CompanionError):
    """Too much long work is under way already (HTTP 503)."""

    status = 503
    retry_after = 30


def start(key: Hashable, work: Callable[[], Any]) -> Future:
    """The job ``key``: under way or finished, else ``work`` started now in the pool (a job
    that failed is started again); :class:`Busy` when :data:`MAX_PENDING` jobs are under
    way."""
    with _lock:
        job = _jobs.get(key)
        if job is None or (job.done() and job.exception() is not None):
            if sum(1 for j in _jobs.values() if not j.done()) >= MAX_PENDING:
                raise Busy("The companion is busy with long work (3D builds, searches for "
                           "par); try again in half a minute.")
            job = _jobs[key] = _pool.submit(work)
        return job


def get(key: Hashable) -> Future | None:
    """The job ``key`` if this process started it and has not forgotten it."""
    with _lock:
        return _jobs.get(key)


def forget(key: Hashable) -> None:
    """Drop a finished job once its result is stored elsewhere."""
    with _lock:
        _jobs.pop(key, None)


def run_companion(args: list[str], what: str, timeout: float | None = None) -> str:
    """``companion ARGS...`` as a separate process (the same interpreter and installation):
    its standard output. A failure raises a :class:`CompanionError` naming ``what``."""
    cmd = [sys.executable, "-m", "companion", *args]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, check=False,
                              timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CompanionError(f"{what} could not run: {exc}") from exc
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise CompanionError(f"{what} failed: {last}")
    return done.stdout
