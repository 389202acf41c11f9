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
from companion.lexicon import WordListSpec
from companion.web import jobs
from companion.web.models import Job

KIND = "girdle-par"
# The code that decides a day's puzzle and its par: a change to it makes a new job.
PACKAGES = ("companion/girdle", "companion/lexicon", "companion/data")


def _inputs(day: dt.date, spec: WordListSpec, seconds: float | None,
            words: str | None) -> dict[str, Any]:
    inputs: dict[str, Any] = {"day": day.isoformat(), "lexicon": spec.base,
                              "seconds": seconds, "words": words}
    if not spec.is_plain:  # a house list's files (a plain list's search keeps its old key)
        inputs |= {"add": list(spec.add), "remove": list(spec.remove),
                   "remove_offensive": spec.remove_offensive}
    return inputs


def start(db: Session, day: dt.date, spec: WordListSpec, seconds: float | None,
          words: str | None = None, urgent: bool = False) -> Job:
    """The search for ``day``'s par with the word list ``spec`` (a club list and its house
    additions and removals): queued now, or as it stands. ``words``, the list's digest
    (:attr:`Lexicon.fingerprint`), makes a list edited in place a new search; ``urgent``
    (a day that is today somewhere) has it run first, in slots kept for it."""
    return jobs.submit(db, KIND, _inputs(day, spec, seconds, words), urgent)


def job(db: Session, day: dt.date, spec: WordListSpec,
        seconds: float | None, words: str | None = None) -> Job | None:
    """The search for ``day``'s par if anyone asked for it."""
    return jobs.status(db, KIND, _inputs(day, spec, seconds, words))


def _run(inputs: dict[str, Any]) -> jobs.Output:
    spec = WordListSpec(inputs["lexicon"], tuple(inputs.get("add", ())),
                        tuple(inputs.get("remove", ())), bool(inputs.get("remove_offensive")))
    return jobs.Output(result=search(dt.date.fromisoformat(inputs["day"]), spec,
                                     inputs["seconds"]))


jobs.register(KIND, PACKAGES, _run)


def search(day: dt.date, spec: WordListSpec, seconds: float | None) -> dict[str, Any]:
    """``companion girdle solve --json`` for ``day`` in a separate process, with the word list
    ``spec`` given as the command line's options: its answer."""
    args = ["girdle", "solve", "--json", "--date", day.isoformat()]
    if spec.base:
        args += ["--lexicon", spec.base]
    for path in spec.add:
        args += ["--add", path]
    for path in spec.remove:
        args += ["--remove", path]
    if spec.remove_offensive:
        args.append("--remove-offensive")
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
