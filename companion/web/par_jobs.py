"""The search for a day's Girdle par, run beside the web app (see :mod:`companion.web.jobs`).

The first visit to a day's page starts ``companion girdle solve`` for that day (sharing the
command line's on-disk cache); by the time a player submits a sheet, par is usually known. A
submission that needs par sooner waits for the same search.
"""

from __future__ import annotations

import datetime as dt
import json
from concurrent.futures import Future
from typing import Any

from companion.errors import CompanionError
from companion.web import jobs


def _key(day: dt.date, lexicon_path: str | None) -> tuple:
    return ("girdle-par", day, lexicon_path)


def start(day: dt.date, lexicon_path: str | None, seconds: float | None) -> Future:
    """The search for ``day``'s par: started now, or the one already under way."""
    return jobs.start(_key(day, lexicon_path), lambda: search(day, lexicon_path, seconds))


def job(day: dt.date, lexicon_path: str | None) -> Future | None:
    """The search for ``day``'s par if this process has one under way (or finished)."""
    return jobs.get(_key(day, lexicon_path))


def forget(day: dt.date, lexicon_path: str | None) -> None:
    """Drop a finished search once its answer is stored."""
    jobs.forget(_key(day, lexicon_path))


def search(day: dt.date, lexicon_path: str | None, seconds: float | None) -> dict[str, Any]:
    """``companion girdle solve --json`` for ``day`` in a separate process: its answer."""
    args = ["girdle", "solve", "--json", "--date", day.isoformat()]
    if lexicon_path:
        args += ["--lexicon", lexicon_path]
    if seconds:
        args += ["--time-budget", f"{seconds:g}"]
    out = jobs.run_companion(args, "The search for par",
                             timeout=None if not seconds else seconds + 120)
    try:
        found = json.loads(out)
        if not isinstance(found.get("par"), int) or not isinstance(found.get("solution"), list):
            raise ValueError("no par and solution in it")
    except (ValueError, AttributeError) as exc:
        raise CompanionError(f"The search for par answered something else: {exc}") from exc
    return found
