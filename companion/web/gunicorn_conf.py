"""gunicorn settings for the companion: ``gunicorn -c python:companion.web.gunicorn_conf``.

Command-line flags (workers, threads, bind) still apply on top of these.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

# The worker timeout allows for a 3D model built inside a request.
timeout = 180
# How long a thread may hold the interpreter lock before another thread waiting for it is let
# in. A request needs about a millisecond, so with Python's default (5 ms) requests mostly end
# before a switch anyway; a longer interval saves the forced hand-overs between the worker's
# threads that otherwise add to the slowest requests' waits.
SWITCH_INTERVAL = 0.05


def on_starting(server: Any) -> None:
    """Answer without naming the server software or its version (``Server: companion``)."""
    import gunicorn.http.wsgi as gunicorn_wsgi

    gunicorn_wsgi.SERVER = "companion"
    gunicorn_wsgi.SERVER_SOFTWARE = "companion"


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the app (word list, definitions, templates), move everything it
    holds out of the cyclic garbage collector's reach: a full collection over those objects
    takes tens of milliseconds, a pause every request in flight would wait for. Then set the
    thread switch interval."""
    gc.freeze()
    sys.setswitchinterval(SWITCH_INTERVAL)
