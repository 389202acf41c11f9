"""The search for a day's par, run beside the web app rather than inside a request.

The search takes about half a minute of one core. Inside a worker it would hold the
interpreter lock and slow every request that worker serves, and the first player to submit
would wait for all of it. So the first visit to a day's page starts ``companion girdle solve``
for that day as a separate process (one per worker process and day, sharing the command line's
on-disk cache); by the time a player submits a sheet, par is usually known. A submission that
needs par sooner waits for the same search.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from companion.errors import CompanionError

_lock = threading.Lock()
_jobs: dict[tuple[dt.date, str | None], Future] = {}
_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="girdle-par")


def start(day: dt.date, lexicon_path: str | None, seconds: float | None) -> Future:
    """The search for ``day``'s par: started now, or the one already under way."""
    key = (day, lexicon_path)
    with _lock:
        job = _jobs.get(key)
        if job is None or (job.done() and job.exception() is not None):
            job = _jobs[key] = _pool.submit(search, day, lexicon_path, seconds)
        return job


def forget(day: dt.date, lexicon_path: str | None) -> None:
    """Drop a finished search once its answer is stored."""
    with _lock:
        _jobs.pop((day, lexicon_path), None)


def search(day: dt.date, lexicon_path: str | None, seconds: float | None) -> dict[str, Any]:
    """``companion girdle solve --json`` for ``day`` in a separate process: its answer."""
    cmd = [sys.executable, "-m", "companion", "girdle", "solve", "--json",
           "--date", day.isoformat()]
    if lexicon_path:
        cmd += ["--lexicon", lexicon_path]
    if seconds:
        cmd += ["--time-budget", f"{seconds:g}"]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, check=False,
                              timeout=None if not seconds else seconds + 120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CompanionError(f"The search for par could not run: {exc}") from exc
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise CompanionError(f"The search for par failed: {last}")
    return json.loads(done.stdout)
