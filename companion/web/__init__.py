"""The web app: the companion at the table, in a phone's browser."""

from __future__ import annotations

import errno
import importlib
import math
import os
import secrets
import threading
from pathlib import Path
from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from werkzeug.routing import IntegerConverter

from companion.challenges import CHALLENGED_OFF, LOST_TURN, challenge_bonus
from companion.dates import day_shown, month_cut, month_shown
from companion.errors import UsageError
from companion.play import full_rack_bonus
from companion.text import (
    as_written,
    count_shown,
    counted,
    listed,
    path_shown,
    sentence,
    signed,
)

# Blueprint modules, one per area, registered in this order.
AREAS = ("challenge", "games", "clock", "girdle", "prints", "pdq", "api", "health")
# Modules that add routes to an area's blueprint beside the area's own module, imported before
# it is registered (Flask takes no route once it is): a game's board photos.
AREA_ROUTES = {"games": ("game_photos",)}
# Werkzeug compiles each URL rule with the ast module, which CPython 3.11.7 cannot use from
# two threads at once ("AST constructor recursion depth mismatch"): apps made side by side
# in one process make their URL rules one at a time (their databases are set up side by side).
_REGISTERING = threading.Lock()

# The job tabs at the top of every page: (endpoint, label); areas not installed are skipped.
NAV = (
    ("challenge.page", "Check"),
    ("challenge.judge", "Judge"),
    ("games.page", "Score"),
    ("girdle.page", "Girdle"),
    ("prints.page", "Print"),
    ("pdq.page", "PDQ"),
)
# Pages served by another blueprint than their tab's: a game's clock is part of keeping score.
NAV_SECTION = {"clock": "games"}
# Each tab's page as its title and its heading name it (the tabs' templates take both from
# here), its tab's name among the words: an error page names the page the player was on
# ("Cannot do that - Word Girdle") and starts again there.
PAGE_NAMES = {
    "challenge.page": "Check a word",
    "challenge.judge": "Judge",
    "games.page": "Score a game",
    "girdle.page": "Word Girdle",
    "prints.page": "Print shop",
    "pdq.page": "PDQ dealer",
}

DEFAULTS: dict[str, Any] = {
    "LEXICON_PATH": None,
    "DATABASE_URL": None,
    "MAX_CONTENT_LENGTH": 20 * 1024 * 1024,  # bytes per request (a 48 MP phone photo)
    # Phones' 48 and 50 MP modes (8064 x 6048, 8160 x 6120); their 24 MP is 5712 x 4284.
    "MAX_IMAGE_PIXELS": 50_000_000,
    # bytes of a form's text field, and of a JSON body (companion.web.limits): a few KB is
    # the most any of the app's forms or API calls sends
    "MAX_FORM_MEMORY_SIZE": 500_000,
    "JUDGE_CLEAR_SECONDS": 8,  # judge mode: the verdict clears itself after this long
    "PHOTO_RETENTION_DAYS": 30,  # board photos and their overlays are deleted after this
    "ARTIFACT_RETENTION_DAYS": 90,  # built files and finished jobs (built again if asked for)
    "JOB_QUEUE": None,  # "postgres" (companion worker) or "embedded"; None: by the database
    "GIRDLE_SOLVE_SECONDS": 900,  # safety stop for the search for a day's par (once a day)
    # What one client (an address; IPv6: its /64; companion.web.quota) may do: new 3D builds
    # and searches for a past day's Girdle par (30 s of a core each) an hour, new games an
    # hour, turns a minute (typed or read from a photo).
    "BUILDS_PER_HOUR": 12,
    "PAST_SEARCHES_PER_HOUR": 6,
    "GAMES_PER_HOUR": 20,
    "TURNS_PER_MINUTE": 60,
    "PHOTOS_PER_HOUR": 120,  # photos read (boards, sheets, cards): seconds of CPU each
    # Girdle sheets kept for a new player or day (a row each; a sheet sent again is not
    # counted), and new player ids for the API's submissions, an hour.
    "SUBMISSIONS_PER_HOUR": 60,
    "PLAYERS_PER_HOUR": 60,
    # An IPv6 client's /56 and /48 are counted too (a home given many /64s moves between
    # them): each may do this many times each limit above; 0: not counted.
    "LIMITS_PER_56": 4,
    "LIMITS_PER_48": 16,
    # Proxies (a load balancer) in front of the app that add X-Forwarded-For: the client's
    # address, counted by the limits, is read from the last this many; 0: the connection's
    # (a header sent straight to the app is ignored, so no one dodges a limit with it).
    "PROXY_HOPS": 0,
    "CLOCK": None,  # the game clock's time source (seconds); None: time.time
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
}


class ConfigError(UsageError):
    """The app cannot start with this configuration (said in a sentence)."""


def _uses_postgres(url: str | None) -> bool:
    return bool(url) and str(url).startswith(("postgres://", "postgresql://",
                                              "postgresql+"))


def _secret_key(instance: Path) -> str:
    """A per-installation secret kept in the instance folder, shared by every worker."""
    path = instance / "secret_key"
    if not path.exists():
        tmp = instance / f".secret_key.{os.getpid()}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32))
        try:
            os.link(tmp, path)  # atomic: the first worker wins, the others read its key
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text().strip()


SECURITY_HEADERS = (
    ("X-Frame-Options", "DENY"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    # The page never asks for the camera API (a photo is taken through the file input),
    # the microphone, the location or payments.
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
                           "interest-cohort=()"),
)


def content_security_policy(nonce: str) -> str:
    """Only this site's own files, plus inline scripts and styles carrying ``nonce``."""
    return ("default-src 'self'; "
            f"script-src 'self' 'nonce-{nonce}'; "
            f"style-src 'self' 'nonce-{nonce}'; "
            "img-src 'self' data: blob:; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def csp_nonce() -> str:
    """This response's nonce for inline ``<script>`` and ``<style>`` tags."""
    from flask import g

    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(16)
    return g.csp_nonce


# The areas whose every answer shows a game: its table or spectators' key, its players and
# their turns, or the games this browser keeps.
GAME_AREAS = frozenset({"games", "clock"})


def keep_in_no_cache(resp: Any) -> None:
    """Mark ``resp`` as this visitor's alone, so that no cache, shared or the browser's own,
    keeps a copy (``Cache-Control: no-store``), unless its view said how it may be kept (a
    game's QR code or photo overlay: by this browser, for an hour). Such answers are a game's
    pages, API and files (:data:`GAME_AREAS`: a table key is what lets its holder change
    the game, and a page holding it was kept by a proxy or on the phone's disk like any
    other) and every answer read from the visitor's cookie (a form's CSRF token, a Girdle
    sheet, the games this browser started)."""
    if "Cache-Control" not in resp.headers:
        resp.headers["Cache-Control"] = "no-store"


class RowId(IntegerConverter):
    """A row id in a path: 1 to 2^31 - 1 (what every database stores); others are 404."""

    def __init__(self, url_map: Any) -> None:
        super().__init__(url_map, min=1, max=2**31 - 1)


class _CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, minus the signing work for requests that bring no
    session cookie (most API calls): their session is empty either way. The cookie is
    ``Secure`` whenever the request came over HTTPS (directly or, behind a trusted proxy,
    as the proxy reports). An answer read from the session is kept by no cache, and only
    such an answer sends the cookie again (Flask's renewal of a lasting session's cookie
    rode on every answer, a preview cached as public for a day and a static file too: a
    shared cache would have handed the cookie, with its games' table keys, to whoever
    asked next)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        from flask import has_request_context, request

        return bool(app.config.get("SESSION_COOKIE_SECURE")) or (
            has_request_context() and request.is_secure)

    def open_session(self, app: Flask, request: Any) -> SecureCookieSession | None:
        if self.get_cookie_name(app) not in request.cookies:
            return self.session_class()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: Any, response: Any) -> None:
        if not (session.accessed or session.modified):  # the cookie unused: left as it is
            return
        super().save_session(app, session, response)
        keep_in_no_cache(response)


def _configured(test_config: dict[str, Any] | None, instance_path: str | None,
                settle: bool = True, write: bool = True) -> Flask:
    """A Flask app with its configuration read and checked (nothing else set up yet); with
    ``settle`` its instance folder made and its secret key found or made too, or, without
    ``write``, only checked: refused as they would be, nothing made."""
    by_variable = not instance_path and bool(os.environ.get("COMPANION_INSTANCE"))
    instance_path = instance_path or os.environ.get("COMPANION_INSTANCE") or None
    if instance_path:
        instance_path = os.path.abspath(instance_path)
    app = Flask(__name__, instance_relative_config=True, instance_path=instance_path)
    app.config.from_mapping(DEFAULTS)
    app.config.from_pyfile("config.py", silent=True)
    if os.environ.get("DATABASE_URL"):
        app.config["DATABASE_URL"] = os.environ["DATABASE_URL"]
    app.config.from_prefixed_env("COMPANION")
    if test_config is not None:
        app.config.from_mapping(test_config)
    _check_settings(app.config)
    if not settle:
        return app
    named_by = "COMPANION_INSTANCE" if by_variable else None
    if write:
        _make_instance_folder(app.instance_path, named_by)
    else:
        _check_instance_folder(app.instance_path, named_by)
    if not app.config.get("SECRET_KEY"):
        if _uses_postgres(app.config.get("DATABASE_URL")):
            # Several app servers share PostgreSQL: a key made here would differ per host,
            # and a session signed by one would be refused by the next.
            raise ConfigError("With PostgreSQL every app server must sign with the same key: "
                              "set COMPANION_SECRET_KEY to one long random value on every "
                              "host (e.g. the output of: python3 -c 'import secrets; "
                              "print(secrets.token_hex(32))').")
        if write:
            app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    return app


JOB_QUEUES = ("postgres", "embedded")  # who runs the long jobs (companion.web.jobs.runner)
# The most any ..._SECONDS setting takes: GIRDLE_SOLVE_SECONDS is the search's safety stop (it
# takes seconds), and a timeout past what the system's clock calls hold (1e300) made every
# search for par fail with Python's "timestamp too large to convert to C _PyTime_t".
MOST_SECONDS = 86_400


def _check_settings(config: Any) -> None:
    """``JOB_QUEUE`` is one of :data:`JOB_QUEUES` or left out ("postgress" ran the jobs in
    each app process without a word), and ``postgres`` only with PostgreSQL (on SQLite a
    worker retried the file's URL as PostgreSQL's for ever), and each number setting of
    :data:`DEFAULTS` (a size, a count, days, a limit) is a whole number of 0 or more, and a
    number of seconds a number above 0, however it was given (``config.py``, or a
    ``COMPANION_`` variable, which Flask reads as JSON, keeping text that is not JSON as
    text), and an SQLite ``DATABASE_URL`` names no folder: a :class:`ConfigError` naming the
    setting, where ``COMPANION_PROXY_HOPS=x`` was a traceback at start-up and others a failed
    request."""
    for key, default in DEFAULTS.items():
        if not isinstance(default, int) or isinstance(default, bool):
            continue
        value = config.get(key)
        whole = isinstance(value, int) and not isinstance(value, bool)
        if key.endswith("_SECONDS"):
            if not ((whole or isinstance(value, float)) and 0 < value < math.inf):
                raise ConfigError(f"The setting {key} (COMPANION_{key}) must be a number of "
                                  f"seconds above 0, not {as_written(value)}.")
            if value > MOST_SECONDS:  # a search's timeout of 1e300 s failed every search
                raise ConfigError(f"The setting {key} (COMPANION_{key}) must be at most "
                                  f"{counted(MOST_SECONDS, 'second')} (a day), not "
                                  f"{as_written(value)}.")
        elif not (whole and value >= 0):
            raise ConfigError(f"The setting {key} (COMPANION_{key}) must be a whole number, 0 "
                              f"or more, not {as_written(value)}.")
    queue = config.get("JOB_QUEUE")
    if queue not in (None, "", *JOB_QUEUES):
        raise ConfigError(f"The setting JOB_QUEUE (COMPANION_JOB_QUEUE) must be "
                          f"{listed(list(JOB_QUEUES), 'or')} (or left out: by the database), "
                          f"not {as_written(queue)}.")
    if queue == "postgres" and not _uses_postgres(config.get("DATABASE_URL")):
        raise ConfigError("The setting JOB_QUEUE (COMPANION_JOB_QUEUE) is postgres, which needs "
                          "PostgreSQL (DATABASE_URL=postgresql://...): with SQLite each app "
                          "process runs the jobs itself (embedded, or left out).")
    url = config.get("DATABASE_URL")
    if isinstance(url, str) and url.startswith("sqlite"):
        from sqlalchemy.exc import ArgumentError

        from companion.web.db import sqlite_file

        try:
            file = sqlite_file(url)
        except ArgumentError:  # a URL SQLAlchemy cannot read: said where it is opened
            file = None
        if file is not None and file.is_dir():
            raise ConfigError(f"The setting DATABASE_URL names {path_shown(file)}, a folder: "
                              "name the SQLite database file (sqlite:///FOLDER/companion.sqlite3).")


def _instance_folder_error(path: str, named_by: str | None, cannot: str) -> ConfigError:
    """The instance folder ``path`` (named by the variable ``named_by``) is no folder the app
    can use: a file of that name, or one that ``cannot`` be made (the system's reason)."""
    given = f" (named by {named_by})" if named_by else ""
    if os.path.exists(path) and not os.path.isdir(path):
        why = "it is a file, not a folder"
    else:
        why = f"it cannot be made: {cannot}"
    return ConfigError(f"The app keeps its files in the instance folder "
                       f"{path_shown(path)}{given}, but {why}.")


def _make_instance_folder(path: str, named_by: str | None) -> None:
    """Make the instance folder ``path`` if it is not there: one that cannot be made (a file
    of that name, a folder that cannot be written) is a :class:`ConfigError` naming it, and
    ``named_by``, the variable that named it (it was "File exists (/srv/companion)")."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise _instance_folder_error(path, named_by, str(exc.strerror or exc)) from None


def _check_instance_folder(path: str, named_by: str | None) -> None:
    """The :class:`ConfigError` :func:`_make_instance_folder` would raise for ``path``,
    without making anything: a file in its place, or on the way to it, or a folder above it
    that cannot be written (where the folder is not there yet)."""
    if os.path.isdir(path):
        return
    above = path
    while not os.path.lexists(above):
        above = os.path.dirname(above)
    if above == path:  # a file (or a link to none) where the folder goes
        raise _instance_folder_error(path, named_by, os.strerror(errno.EEXIST))
    if not os.path.isdir(above):
        raise _instance_folder_error(path, named_by, os.strerror(errno.ENOTDIR))
    if not os.access(above, os.W_OK | os.X_OK):
        raise _instance_folder_error(path, named_by, os.strerror(errno.EACCES))


def configured(instance_path: str | None = None, settle: bool = True,
               write: bool = True) -> Flask:
    """The app's configuration read and checked as :func:`create_app` does (from the instance
    folder and the environment), with nothing else set up: :class:`ConfigError` if the app
    would refuse to start. With ``settle=False`` nothing is written: no instance folder is
    made, no secret key (for a command that must first decide whether it runs at all). With
    ``write=False`` nothing is written either, but the instance folder and the secret key are
    checked as the app would settle them (a file in the folder's place, no key with
    PostgreSQL: refused in the same sentence), for a command that only reports."""
    return _configured(None, instance_path, settle, write)


def _load_job_kinds() -> None:
    """Load the modules that register the kinds of long job (run by this process or a
    worker): the search for par, and the 3D builds when the CAD models are installed."""
    from companion.web import par_jobs  # noqa: F401

    try:
        from companion.web import prints3d  # noqa: F401
    except ImportError:  # pragma: no cover - the cad package is not installed
        pass


def create_app(test_config: dict[str, Any] | None = None,
               instance_path: str | None = None) -> Flask:
    """Build the app. Configuration comes from :data:`DEFAULTS`, then ``config.py`` in the
    instance folder (``instance_path``, else ``$COMPANION_INSTANCE``, else ``./instance``),
    then the environment (``DATABASE_URL`` and ``COMPANION_*`` variables, e.g.
    ``COMPANION_LEXICON_PATH``), then ``test_config`` (tests)."""
    with _REGISTERING:  # Flask adds its static files' URL rule
        app = _configured(test_config, instance_path)
    from companion.web import csrf, db, errors, inputs, limits

    app.url_map.converters["id"] = RowId
    hops = int(app.config["PROXY_HOPS"])
    if hops:  # the client's address from the load balancer's X-Forwarded-For
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops)  # type: ignore[method-assign]
    limits.init_app(app)
    app.before_request(inputs.refuse_wrong_json_types)  # after limits: a body it may parse
    db.init_app(app)
    csrf.init_app(app)
    errors.init_app(app)
    with _REGISTERING:
        for name in AREAS:
            for more in AREA_ROUTES.get(name, ()):
                importlib.import_module(f"companion.web.{more}")
            app.register_blueprint(importlib.import_module(f"companion.web.{name}").bp)
    _load_job_kinds()

    app.session_interface = _CookieSessions()
    app.jinja_env.globals["csp_nonce"] = csp_nonce
    app.jinja_env.filters["counted"] = counted  # {{ n|counted('tile') }}: "1 tile", "7 tiles"
    app.jinja_env.filters["count_shown"] = count_shown  # {{ n|count_shown }}: a bare count, "1,157"
    app.jinja_env.filters["listed"] = listed  # {{ names|listed }}: "A, B and C"
    app.jinja_env.filters["sentence"] = sentence  # {{ problem|sentence }}: words as written
    # {{ 20|full_rack_bonus }}: "bonus for using every tile: 20", as the command line says it
    app.jinja_env.filters["full_rack_bonus"] = full_rack_bonus
    # what a challenge did to a turn, in the command line's replays' words: {{ 5|challenge_bonus }}
    # is "challenge bonus +5"; a play "challenged off"; a "turn lost to a challenge"
    app.jinja_env.filters["challenge_bonus"] = challenge_bonus
    app.jinja_env.globals["CHALLENGED_OFF"] = CHALLENGED_OFF
    app.jinja_env.globals["LOST_TURN"] = LOST_TURN
    app.jinja_env.filters["signed"] = signed  # {{ -total|signed }}: "+2", "-3", "0"
    # {{ day|day_shown }}: "Saturday 5 December 2026", as the printed sheet says the day
    app.jinja_env.filters["day_shown"] = day_shown
    app.jinja_env.filters["month_shown"] = month_shown  # {{ month|month_shown }}: "December 2026"
    app.jinja_env.filters["month_cut"] = month_cut  # {{ month|month_cut }}: ("Dec", "ember 2026")

    @app.after_request
    def _headers(resp):  # no framing by other sites (clickjacking), no type guessing
        from flask import request

        present = {name.lower() for name in resp.headers.keys()}
        for name, value in SECURITY_HEADERS:
            if name.lower() not in present:
                resp.headers.add(name, value)
        if request.blueprint in GAME_AREAS:
            keep_in_no_cache(resp)
        if "content-security-policy" not in present and resp.mimetype == "text/html":
            resp.headers["Content-Security-Policy"] = content_security_policy(csp_nonce())
        return resp

    @app.context_processor
    def _nav() -> dict[str, Any]:
        from flask import request

        links = [(e, label) for e, label in NAV if e in app.view_functions]
        here = request.endpoint or ""
        section = here.split(".")[0]
        section = NAV_SECTION.get(section, section)
        current = here if any(e == here for e, _ in links) else next(
            (e for e, _ in links if e.split(".")[0] == section), None)
        return {"nav_links": links, "current_tab": current,
                "page_name": PAGE_NAMES.get(current or "")}

    check_word_list(app)  # load it now: a bad LEXICON_PATH stops the start, not a request
    return app


def check_word_list(app: Flask) -> None:
    """Load the installation's word list with its house lists: :class:`ConfigError`, in the
    list's own sentence, when one cannot be read or has no words, so the app does not start;
    lines of its files skipped as not words are logged as a warning (how many, the first)."""
    from companion.lexicon import LexiconError
    from companion.web.wordlist import lexicon

    with app.app_context():
        try:
            loaded = lexicon()
        except LexiconError as exc:
            raise ConfigError(str(exc)) from exc
    for note in loaded.skipped_notes():  # said at the start, as the command line does, and
        app.logger.warning("%s", note)  # on the pages that name the list (word_list_notes)
