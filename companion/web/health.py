"""Health and readiness for a load balancer or an orchestrator.

``/healthz``: the process answers (no database work). ``/readyz``: this app server can serve:
its database answers (and, with the PostgreSQL queue, the queue's tables are there; the
answer also counts the live ``companion worker`` processes). It says 503 with the reason
otherwise, and from the moment the server is asked to stop, so the balancer sends new
requests to the other servers while this one finishes its own.
"""

from __future__ import annotations

import threading

from flask import Blueprint, Response, current_app, jsonify, redirect, url_for
from flask.typing import ResponseReturnValue
from sqlalchemy import inspect, text
from sqlalchemy.exc import SQLAlchemyError

bp = Blueprint("health", __name__)

_stopping = threading.Event()


def stopping() -> None:
    """This server was asked to stop: it is no longer ready (gunicorn's stop hooks)."""
    _stopping.set()


# Long work a crawler must not start page by page: each day's answer key and hints grid needs
# that day's par (a search of seconds of a core), a 3D file a build. Table links
# are private to their players.
ROBOTS = """User-agent: *
Disallow: /api/
Disallow: /games/
Disallow: /girdle/*/answers.pdf
Disallow: /girdle/*?hints
Disallow: /prints/3d
"""


@bp.get("/robots.txt")
def robots() -> ResponseReturnValue:
    return Response(ROBOTS, mimetype="text/plain")


@bp.get("/favicon.ico")
def favicon() -> ResponseReturnValue:
    """Browsers ask for it whatever the page says (a PDF, a JSON answer): the app's icon."""
    return redirect(url_for("static", filename="icon.svg"))


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    return jsonify({"status": "ok"})


@bp.get("/readyz")
def readyz() -> ResponseReturnValue:
    from companion.web import jobs
    from companion.web.db import engine_of

    if _stopping.is_set():
        return jsonify({"status": "stopping"}), 503
    answer: dict[str, object] = {"status": "ready", "jobs": jobs.runner(current_app)}
    try:
        with engine_of(current_app).connect() as conn:
            conn.execute(text("SELECT 1"))
            if answer["jobs"] == "postgres":
                if not inspect(conn).has_table("procrastinate_jobs"):
                    return jsonify({"status": "unready", "reason": "the jobs queue has no "
                                    "tables"}), 503
                # for the operator: long jobs wait until a companion worker runs somewhere
                answer["workers"] = conn.execute(text(
                    "SELECT count(*) FROM procrastinate_workers WHERE last_heartbeat > "
                    "now() - interval '2 minutes'")).scalar()
    except SQLAlchemyError as exc:
        current_app.logger.warning("not ready: %s", exc)
        return jsonify({"status": "unready", "reason": "the database does not answer"}), 503
    return jsonify(answer)
