"""The search for a day's Girdle par, a job beside the web app (see :mod:`companion.web.jobs`).

The first visit to a day's page queues ``companion girdle solve`` for that day; by the time a
player submits a sheet, par is usually known. The job's answer (par, proven, the sheet) is kept
with the job, keyed by the day, the word list and the solver's code, for every app server.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from sqlalchemy.orm import Session

from companion.errors import CompanionError
from companion.web import jobs
from companion.web.models import Job

KIND = "girdle-par"
# The code that decides a day's puzzle and its par: a change to it makes a new job.
PACKAGES = ("companion/girdle", "companion/lexicon", "companion/data")


def _inputs(day: dt.date, lexicon_path: str | None, seconds: float | None,
            words: str | None) -> dict[str, Any]:
    return {"day": day.isoformat(), "lexicon": lexicon_path, "seconds": seconds,
            "words": words}


def start(db: Session, day: dt.date, lexicon_path: str | None, seconds: float | None,
          words: str | None = None) -> Job:
    """The search for ``day``'s par: queued now, or as it stands. ``words``, the list's
    digest (:attr:`Lexicon.fingerprint`), makes a list edited in place a new search."""
    return jobs.submit(db, KIND, _inputs(day, lexicon_path, seconds, words))


def job(db: Session, day: dt.date, lexicon_path: str | None,
        seconds: float | None, words: str | None = None) -> Job | None:
    """The search for ``day``'s par if anyone asked for it."""
    return jobs.status(db, KIND, _inputs(day, lexicon_path, seconds, words))


def _run(inputs: dict[str, Any]) -> jobs.Output:
    return jobs.Output(result=search(dt.date.fromisoformat(inputs["day"]), inputs["lexicon"],
                                     inputs["seconds"]))


jobs.register(KIND, PACKAGES, _run)


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
