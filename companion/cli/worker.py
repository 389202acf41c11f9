"""``companion worker``: run the web app's long jobs (par searches, 3D builds) from the
PostgreSQL queue, on any host that reaches the database."""

from __future__ import annotations

import argparse
import logging
import sys

from companion.cli.common import check_seconds, decimal_number, whole_number
from companion.errors import UsageError
from companion.text import count_shown, number_shown


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "worker", help="run the web app's jobs from the PostgreSQL queue",
        description="Run the web app's long jobs (Word Girdle par searches, 3D builds) from "
        "the queue in the PostgreSQL database that DATABASE_URL names, on this host or any "
        "other that reaches it; with SQLite each app server runs its own jobs and no worker "
        "is needed. It runs one job at a time (--concurrency), takes a worker silent for 30 "
        "seconds for dead and runs its job again (--stalled-seconds), and waits for more "
        "jobs until stopped (SIGTERM or Ctrl+C, once the jobs under way are done) unless "
        "--once. Exit status: 0 once stopped, 2 bad usage or no PostgreSQL database, 1 a "
        "database that does not answer.",
    )
    p.add_argument("--concurrency", type=whole_number, default=1, metavar="N",
                   help="jobs run at once by this worker (default 1; each uses a core)")
    p.add_argument("--stalled-seconds", type=decimal_number, default=None, metavar="SECONDS",
                   help="a worker silent this long is taken for dead and its job is run "
                        "again (1.5 to 86400; default 30)")
    p.add_argument("--once", action="store_true",
                   help="stop once the queue is empty instead of waiting for more")
    p.add_argument("--verbose", action="store_true", help="log every job")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.web import configured, create_app, jobs, pgqueue

    if args.concurrency < 1:
        # as --port and --top say theirs, the number typed repeated
        raise UsageError(f"--concurrency must be 1 or more, not {number_shown(args.concurrency)}")
    check_seconds("--stalled-seconds", args.stalled_seconds)
    low, high = pgqueue.STALLED_RANGE
    if args.stalled_seconds is not None and not low <= args.stalled_seconds <= high:
        raise UsageError(f"--stalled-seconds must be from {number_shown(low)} to "
                         f"{count_shown(int(high))} (a day), not "
                         f"{number_shown(args.stalled_seconds)}: a worker sends a heartbeat "
                         "every third of it, and no more often than every half second")
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    from companion.cli.common import database_errors

    with database_errors():  # decided before anything is made: no folder, key or database
        needs_worker = jobs.runner(configured(settle=False)) == "postgres"
    if not needs_worker:
        raise UsageError("the worker runs the jobs queued in PostgreSQL: set "
                         "DATABASE_URL=postgresql://... (with SQLite each app server runs "
                         "its own jobs, no worker needed).")
    with database_errors():
        app = create_app()
    print("companion: worker running jobs from the PostgreSQL queue (SIGTERM or Ctrl+C "
          "stops it once the jobs under way are done)", file=sys.stderr, flush=True)
    pgqueue.run_worker(app, jobs.execute, concurrency=args.concurrency,
                       stalled=args.stalled_seconds or pgqueue.STALLED_SECONDS,
                       wait=not args.once)
    return 0
