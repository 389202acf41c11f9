"""Storage: one SQLAlchemy engine per app, one session per request.

SQLite in the instance folder by default; ``DATABASE_URL`` (``postgresql://...``) switches to
PostgreSQL. A request's changes are committed together by the view or not at all: the session
is rolled back and closed when the request ends, so a failure half way leaves nothing behind.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.orm import Session, sessionmaker

from companion.web.models import Base

_KEY = "companion_db"


def database_url(app: Flask) -> str:
    """The SQLAlchemy URL for ``app``: ``DATABASE_URL`` or SQLite in the instance folder."""
    url = app.config.get("DATABASE_URL")
    if not url:
        return f"sqlite:///{Path(app.instance_path) / 'companion.sqlite3'}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str) -> Engine:
    """An engine tuned for a few workers: WAL and a busy timeout on SQLite."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 15})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn, _record) -> None:  # pragma: no cover - trivial
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)


def add_missing_columns(conn: Connection) -> None:
    """Columns added to a table since a database was made are added to it (all of them
    nullable or with a default), with their indexes; nothing is ever dropped or changed."""
    have = inspect(conn)
    for table in Base.metadata.sorted_tables:
        present = {c["name"] for c in have.get_columns(table.name)}
        missing = [c for c in table.columns if c.name not in present]
        for column in missing:
            kind = column.type.compile(conn.dialect)
            arg = getattr(column.server_default, "arg", None)
            default = f" DEFAULT '{arg}'" if isinstance(arg, str) else ""
            conn.execute(text(f'ALTER TABLE {table.name} ADD COLUMN "{column.name}" '
                              f"{kind}{default}"))
        for column in missing:
            if column.unique:
                conn.execute(text(f"CREATE UNIQUE INDEX IF NOT EXISTS "
                                  f"uq_{table.name}_{column.name} ON {table.name} "
                                  f'("{column.name}")'))


def create_tables(engine: Engine) -> None:
    """Create missing tables and columns; safe when several workers start at once."""
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(727274)"))
            Base.metadata.create_all(conn)
            add_missing_columns(conn)
            from companion.web import pgqueue

            pgqueue.create_schema(conn)
        return
    with _startup_lock(engine), engine.begin() as conn:
        Base.metadata.create_all(conn)
        add_missing_columns(conn)


@contextmanager
def _startup_lock(engine: Engine) -> Iterator[None]:
    """Workers starting at once on one SQLite file take turns (a lock file beside it): the
    first connection to a new file switches it to WAL and creates the tables, which SQLite
    refuses ("database is locked", without waiting) while a sibling is doing the same."""
    database = engine.url.database
    if not database or database == ":memory:":
        yield
        return
    with open(f"{database}.startup-lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def init_app(app: Flask) -> None:
    """Open the app's engine, create the tables, and close sessions after each request."""
    engine = make_engine(database_url(app))
    create_tables(engine)
    app.extensions[_KEY] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(_close_session)


def sessions(app: Flask) -> sessionmaker[Session]:
    """``app``'s session factory (for work outside a request: jobs, the worker)."""
    return app.extensions[_KEY]


def session() -> Session:
    """The current request's session (opened on first use)."""
    if "db_session" not in g:
        g.db_session = current_app.extensions[_KEY]()
    return g.db_session


def engine_of(app: Flask) -> Engine:
    """The engine behind ``app``'s sessions."""
    return app.extensions[_KEY].kw["bind"]


def _close_session(_exc: BaseException | None) -> None:
    sess = g.pop("db_session", None)
    if sess is not None:
        sess.rollback()  # anything not committed by the view is dropped
        sess.close()
