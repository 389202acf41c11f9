"""Fixtures for the web app: a fresh app and database per test.

``app`` runs each test on SQLite in a temporary instance folder, and again on a real
PostgreSQL server when ``DATABASE_URL_TEST`` is set (scripts/test.sh starts a throwaway cluster
and sets it).
"""

from __future__ import annotations

import json
import os
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
import sharedwork
from appfactory import make_app
from browser import PHONE, chromium
from sqlalchemy import create_engine, text

from companion.web.db import database_url
from companion.web.models import Base

PG_URL = os.environ.get("DATABASE_URL_TEST")


def _reset_postgres(url: str) -> None:
    engine = create_engine(database_url_for(url))
    with engine.begin() as conn:
        conn.execute(text("SELECT pg_advisory_xact_lock(727274)"))
        Base.metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


def database_url_for(url: str) -> str:
    return re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", url)


@pytest.fixture(autouse=True)
def _par_searched_once_a_run(monkeypatch):
    """``companion girdle solve`` with a shipped word list, the search the app runs beside
    itself for a day's par (:mod:`companion.web.par_jobs`), runs once a run for the same
    arguments: the first app to ask runs the real command, and every later app (a fresh
    database each, so each asks again) gets that command's output (:func:`sharedwork.once`),
    as the Girdle cache would give it, without starting the program again (about 0.6 s of
    CPU a start). Par does not depend on the machine's speed, so it is the answer the
    command would give each time. A search with a house list's files (which a test may edit
    in place) runs each time; a test that replaces ``jobs.run_companion`` replaces this too;
    a failed run is not kept."""
    from companion.girdle.solver import SEARCH_VERSION
    from companion.web import jobs

    real = jobs.run_companion

    def run(args: list[str], what: str, timeout: float | None = None) -> str:
        if args[:2] != ["girdle", "solve"] or {"--add", "--remove",
                                                "--remove-offensive"} & set(args):
            return real(args, what, timeout)
        return sharedwork.once(f"companion run {SEARCH_VERSION} {json.dumps(args)}",
                               lambda: real(args, what, timeout))

    monkeypatch.setattr(jobs, "run_companion", run)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def any_db_url(request, tmp_path):
    """None (SQLite in the instance folder), then the PostgreSQL test server."""
    if request.param == "sqlite":
        return None
    return need_postgres()


def need_postgres() -> str:
    """The PostgreSQL test server's address, its companion tables dropped; without one the
    test fails (the README's test command, scripts/test.sh, always starts one): a run that
    leaves PostgreSQL out must say so, never pass by skipping it."""
    if not PG_URL:
        pytest.fail("DATABASE_URL_TEST is not set: run the tests with the README's test "
                    "command (make test; scripts/test.sh starts a PostgreSQL server), or "
                    "point DATABASE_URL_TEST at one, or leave these tests out with "
                    "-m 'not postgres'")
    url = _worker_database(PG_URL)
    _reset_postgres(url)
    return url


_WORKER_DATABASES: dict[str, str] = {}


def _worker_database(url: str) -> str:
    """The server's test database, or under ``pytest -n`` (pytest-xdist) one database of the
    worker's own on the same server, so parallel workers never drop each other's tables."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    if worker not in _WORKER_DATABASES:
        server = re.sub(r"^postgres(ql)?(\+psycopg)?://", "postgresql://", url)
        name = f"companion_test_{re.sub(r'[^a-z0-9]', '', worker.lower())}"
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {name}")
        _WORKER_DATABASES[worker] = re.sub(r"/[^/]+$", f"/{name}", url)
    return _WORKER_DATABASES[worker]


@contextmanager
def fresh_database(prefix: str) -> Iterator[str]:
    """A new, empty database on the PostgreSQL test server (its libpq address), dropped
    afterwards."""
    server = re.sub(r"^postgres(ql)?(\+psycopg)?://", "postgresql://", need_postgres())
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield re.sub(r"/[^/]+$", f"/{name}", server)
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pg_url() -> str:
    """The PostgreSQL test server (see :func:`need_postgres`)."""
    return need_postgres()


@pytest.fixture
def app(tmp_path, any_db_url):
    application = make_app(tmp_path, any_db_url)
    yield application
    from companion.web.db import engine_of

    engine_of(application).dispose()


@pytest.fixture
def sqlite_app(tmp_path):
    application = make_app(tmp_path)
    assert database_url(application).startswith("sqlite")
    return application


@pytest.fixture
def client(sqlite_app):
    return sqlite_app.test_client()


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium per test process (browser tests); each test opens its own
    context (its pages, cookies and storage), so tests share nothing but the program."""
    with chromium() as b:
        yield b


@pytest.fixture
def page_init_script() -> str | None:
    """Script run in every page before its own; a module overrides this to watch pages."""
    return None


@pytest.fixture
def page(browser, base_url, page_init_script):
    """A fresh phone-sized page on the module's live ``base_url``."""
    context = browser.new_context(base_url=base_url, **PHONE)
    if page_init_script:
        context.add_init_script(page_init_script)
    pg = context.new_page()
    pg.set_default_timeout(15000)
    yield pg
    context.close()


@pytest.fixture(scope="session")
def cad_cache():
    """One CAD build cache for the whole test run, shared by its test processes and by
    tests/test_cad_build.py: each part is built once (the cache's own lock makes a build that
    asks for a part being made wait for it)."""
    return str(sharedwork.run_folder("cad-cache"))
