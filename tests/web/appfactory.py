"""Building test apps and reading a page's CSRF token (imported by the web tests)."""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import sharedwork
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from companion.web import create_app

# Test apps play faster than any table: a browser test's module may post hundreds of turns a
# minute from 127.0.0.1. The limits as shipped are tested in test_web_quota.py.
PLAYS_FAST = {"PAST_SEARCHES_PER_HOUR": 10_000, "GAMES_PER_HOUR": 10_000,
              "TURNS_PER_MINUTE": 10_000, "PHOTOS_PER_HOUR": 10_000,
              "SUBMISSIONS_PER_HOUR": 10_000, "PLAYERS_PER_HOUR": 10_000}

_template: Path | None = None  # this process's migrated database (each xdist worker its own)


def migrated_database() -> Path:
    """A SQLite database brought to the newest schema by the app's own migrations
    (:func:`companion.web.db.migrate`), made once per test process: a test app starts from
    a copy of it instead of migrating an empty file again (the migrations themselves are
    tested from an empty file in test_web_migrations.py, with ``migrated=False``)."""
    global _template
    if _template is None or not _template.exists():
        from companion.web.db import make_engine, migrate

        path = sharedwork.process_folder("migrated-db") / "companion.sqlite3"
        engine = make_engine(f"sqlite:///{path}")
        migrate(engine)
        engine.dispose()  # the last connection closed: the WAL written back into the file
        _template = path
    return _template


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates kept in this test process's memory for every test app:
    each app has an environment of its own, which would compile every page's template again
    (Jinja's lexer, parser and Python's ``compile``: some 0.1 s of CPU an app). Jinja checks
    the source's checksum before it uses the code kept, so a template changed on disk is
    compiled afresh; every test app's environment is configured alike by ``create_app``."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


def make_app(tmp_path, db_url=None, migrated=True, **config):
    """A fresh app with its instance folder (and SQLite database) under ``tmp_path``. Its
    jobs run in the app's own process (the embedded runner) on either database; the queue
    shared with ``companion worker`` processes is tested with real processes
    (test_web_hosts.py). Without ``db_url``, a new instance folder's database is a copy of
    :func:`migrated_database` (``migrated=False``: an empty file the app migrates itself); a
    database already in the folder is left as it is. The per-address limits are
    :data:`PLAYS_FAST` unless ``config`` sets them."""
    instance = Path(tmp_path) / "instance"
    database = instance / "companion.sqlite3"
    if migrated and db_url is None and not database.exists():
        instance.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(migrated_database(), database)
    cfg = {"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": db_url,
           "GIRDLE_SOLVE_SECONDS": 1, "JOB_QUEUE": "embedded", **PLAYS_FAST, **config}
    application = create_app(cfg, instance_path=str(instance))
    application.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    return application


def token(client) -> str:
    """The CSRF token of ``client``'s cookie (as a page's form would carry it)."""
    page = client.get("/judge").get_data(as_text=True)
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert match, "the judge form carries a CSRF token"
    return match.group(1)


def page_said(resp) -> str:
    """A response's page as text to find sentences in: the spans that keep a date or a name
    on one line (``<span class="nowrap">SCOWL-70</span>``) taken out."""
    return re.sub(r'<span class="nowrap">([^<]*)</span>', r"\1", resp.get_data(as_text=True))


def at_once(app, send: Callable, n: int) -> list:
    """``send(client, i)`` from ``n`` threads released together (``i``: the thread's number,
    each with its own test client of ``app``); their answers, in the threads' order."""
    gate = threading.Barrier(n)
    out: list = [None] * n

    def worker(i: int) -> None:
        client = app.test_client()
        gate.wait()
        out[i] = send(client, i)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return out
