"""gunicorn settings for the companion: ``gunicorn -c python:companion.web.gunicorn_conf``.

Command-line flags (workers, threads, bind) still apply on top of these.
"""

from __future__ import annotations

import gc
import signal
import sys
from typing import Any

# The worker timeout allows for a 3D model built inside a request.
timeout = 180
# Asked to stop (SIGTERM), a worker stops taking connections, says "not ready" on /readyz and
# finishes the requests under way, for up to this many seconds.
graceful_timeout = 30
# The longest request line (method, address, version) gunicorn reads; a longer one gets its own
# bare "URI Too Long" page, never the app's. Its default, 4,094 bytes, is below the longest
# address the app's own forms send: the check page's word and "said" boxes filled to their 400
# characters with full-width letters, as a paste brings them (each 9 bytes once encoded), are
# 7,362 bytes, whose refusal was that bare page instead of the app's sentence. 8,190 is the
# most gunicorn takes; a longer address (made by hand) still gets the 414.
limit_request_line = 8190
# How long a thread may hold the interpreter lock before another thread waiting for it is let
# in. A request needs about a millisecond, so with Python's default (5 ms) requests mostly end
# before a switch anyway; a longer interval saves the forced hand-overs between the worker's
# threads that otherwise add to the slowest requests' waits.
SWITCH_INTERVAL = 0.05


def on_starting(server: Any) -> None:
    """Answer without naming the server software or its version (``Server: companion``), and
    refuse to start, in a sentence, with a configuration the app would refuse."""
    import gunicorn.http.wsgi as gunicorn_wsgi

    gunicorn_wsgi.SERVER = "companion"
    gunicorn_wsgi.SERVER_SOFTWARE = "companion"
    from companion.web import ConfigError, check_word_list, configured

    try:  # a configuration the app refuses: one sentence, not a worker's traceback
        check_word_list(configured())
    except ConfigError as exc:
        print(f"companion: {exc}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the app (word list, definitions, templates), move everything it
    holds out of the cyclic garbage collector's reach: a full collection over those objects
    takes tens of milliseconds, a pause every request in flight would wait for. Then set the
    thread switch interval, and have a graceful stop say so on /readyz."""
    gc.freeze()
    sys.setswitchinterval(SWITCH_INTERVAL)
    _say_stopping_on(signal.SIGTERM)


def _say_stopping_on(signum: int) -> None:
    """Before gunicorn's own handler of ``signum`` (a graceful stop) runs, mark this worker
    as stopping, so /readyz answers 503 for the requests it still serves."""
    from companion.web import health

    previous = signal.getsignal(signum)

    def handler(sig: int, frame: Any) -> None:
        health.stopping()
        if callable(previous):
            previous(sig, frame)

    signal.signal(signum, handler)
