"""Storage: one SQLAlchemy engine per app, one session per request.

SQLite in the instance folder by default; ``DATABASE_URL`` (``postgresql://...``) switches to
PostgreSQL. A request's changes are committed together by the view or not at all: the session
is rolled back and closed when the request ends, so a failure half way leaves nothing behind.
The schema is Alembic's (``migrations/``): every start brings it to the newest revision, once.
"""

from __future__ import annotations

import hashlib
import importlib
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, current_app, g
from sqlalchemy import URL, Connection, Engine, create_engine, event, inspect, make_url, text
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session, sessionmaker

from companion.web.models import Base

log = logging.getLogger(__name__)

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


def insert_if_absent(db: Session, model: type[Base], values: dict[str, Any]) -> bool:
    """Insert a row unless one with its key is there (another server's, maybe at the same
    moment): whether this one was added. Not committed: the caller commits."""
    from sqlalchemy.dialects.postgresql import insert as pg_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    insert = pg_insert if db.get_bind().dialect.name == "postgresql" else sqlite_insert
    result: Any = db.execute(insert(model).values(**values).on_conflict_do_nothing())
    return bool(result.rowcount)


def hold(db: Session, name: str) -> None:
    """Take the lock called ``name`` in ``db``'s transaction, held until it commits or rolls
    back, so that no two requests count and then add under it at once. On PostgreSQL an
    advisory lock keyed on ``name`` (requests holding other names never wait for it); on
    SQLite the database's write lock, which the transaction's first write takes and which
    holds every other writer already: call this after a write (the callers delete what is
    past keeping first)."""
    if db.get_bind().dialect.name == "postgresql":
        digest = hashlib.blake2b(name.encode(), digest_size=8).digest()
        db.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                   {"key": int.from_bytes(digest, "big", signed=True)})


BACKENDS = ("sqlite", "postgresql")  # the databases the app is written and tested for


def backend_of(url: str) -> str:
    """The kind of database ``url`` names, one of :data:`BACKENDS`, read from the URL alone
    (nothing is opened). A URL of another kind of database (``mysql://...``) is refused with
    SQLAlchemy's ``ArgumentError``, as an unknown one is, before its driver is looked for."""
    backend = make_url(url).get_backend_name()
    if backend not in BACKENDS:
        raise ArgumentError(f"it takes PostgreSQL (postgresql://...) or SQLite (sqlite:///FILE), "
                            f"not {backend}")
    return backend


def make_engine(url: str) -> Engine:
    """An engine tuned for a few workers: WAL and a busy timeout on SQLite; a URL of a kind of
    database the app is not made for is refused (:func:`backend_of`)."""
    backend_of(url)
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


def sqlite_file(url: str) -> Path | None:
    """The file an SQLite ``url`` names (relative to the current folder, as SQLite opens
    it), None for a database in memory or one named by an SQLite URI."""
    parsed = make_url(url)
    if backend_of(url) != "sqlite" or parsed.query.get("uri"):
        return None
    if not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def reading_engine(url: str) -> Engine:
    """An engine for a command that only reads and reports: an SQLite file is opened as it
    is, never made in its place when it is not there (``mode=rw``, not ``ro``: the last
    connection to a WAL file removes its ``-wal`` and ``-shm`` files, which a read-only one
    leaves behind) and never switched to WAL, whether named by its path or by an SQLite URI
    (``sqlite:///file:PATH?uri=true``); other databases as :func:`make_engine` opens them."""
    file = sqlite_file(url)
    if file is None:
        parsed = make_url(url)
        if backend_of(url) == "sqlite" and parsed.query.get("uri"):
            # a file named by an SQLite URI: opened as it is (``mode=rw``), never made
            if parsed.query.get("mode") not in ("ro", "memory"):
                parsed = parsed.update_query_dict({"mode": "rw"})
            return create_engine(parsed)
        return make_engine(url)
    from urllib.parse import quote

    return create_engine(URL.create("sqlite", database=f"file:{quote(str(file.absolute()))}",
                                    query={"mode": "rw", "uri": "true"}))


MIGRATIONS = Path(__file__).with_name("migrations")
INITIAL = "0001"  # the revision of the schema made before migrations (see migrate)


def add_missing_columns(conn: Connection, tables: tuple[str, ...]) -> None:
    """Columns added to ``tables`` in the models since a database was made (by the code
    before migrations) are added (all nullable or with a default), with their indexes."""
    have = inspect(conn)
    for table in Base.metadata.sorted_tables:
        if table.name not in tables or not have.has_table(table.name):
            continue
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


def _alembic(conn: Connection) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    return cfg


@cache
def _head() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(MIGRATIONS)).get_current_head()


def revision(conn: Connection) -> str | None:
    """The schema revision of the database behind ``conn`` (None: none recorded)."""
    from alembic.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def _upgrade(conn: Connection) -> None:
    """Bring the schema to the newest revision. A database made before migrations (tables,
    no revision) is first brought to the initial revision's schema as the code of then did
    (missing tables and columns added, nothing dropped) and marked with it; its data stays."""
    from alembic import command

    if revision(conn) == _head():
        return
    if revision(conn) is None and inspect(conn).has_table("games"):
        initial = importlib.import_module(
            "companion.web.migrations.versions.0001_initial").TABLES
        Base.metadata.create_all(conn, tables=[Base.metadata.tables[t] for t in initial])
        add_missing_columns(conn, initial)
        command.stamp(_alembic(conn), INITIAL)
    command.upgrade(_alembic(conn), "head")


QUEUE_LEDGER = "companion_queue_migrations"  # procrastinate's migration files in place


def queue_migrations() -> list[tuple[str, str]]:
    """The migration files of the installed procrastinate, in order: (name, SQL)."""
    from procrastinate.schema import SchemaManager

    folder = Path(SchemaManager.get_migrations_path())
    return [(f.name, f.read_text(encoding="utf-8")) for f in sorted(folder.glob("*.sql"))]


def _create_queue_schema(conn: Connection) -> None:
    """Create the jobs queue's tables and functions (procrastinate's own schema, see
    :mod:`companion.web.pgqueue`), or bring them up to the installed procrastinate, inside
    the caller's transaction. A ledger table names the migration files in place: a new queue
    is made from the newest schema with every file recorded; after an upgrade of
    procrastinate, its new files are applied in order. (A queue made before the ledger is
    taken to be of the installed version.)"""
    from procrastinate.schema import SchemaManager

    raw = conn.connection.driver_connection
    assert raw is not None
    raw.execute(f"CREATE TABLE IF NOT EXISTS {QUEUE_LEDGER} "
                "(name text PRIMARY KEY, applied timestamp NOT NULL DEFAULT now())")
    done = {row[0] for row in raw.execute(f"SELECT name FROM {QUEUE_LEDGER}")}
    # a new queue is the newest schema; one made before the ledger, the installed version's
    apply = bool(done)
    if not inspect(conn).has_table("procrastinate_jobs"):
        raw.execute(SchemaManager.get_schema())  # no parameters: a % in it is literal
        apply = False
    for name, sql in queue_migrations():
        if name in done:
            continue
        if apply:
            log.warning("jobs queue: applying procrastinate's migration %s", name)
            raw.execute(sql)  # procrastinate's own SQL, no parameters
        raw.execute(f"INSERT INTO {QUEUE_LEDGER} (name) VALUES (%s)", (name,))


def migrate(engine: Engine) -> None:
    """Run the migrations (and, on PostgreSQL, create the jobs queue's tables) once: app
    servers and workers starting at once, on one host or several, take turns (a PostgreSQL
    advisory lock, or a lock file beside a SQLite database), and the later ones find the
    schema up to date."""
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(727274)"))
            _upgrade(conn)
            _create_queue_schema(conn)
        return
    with _startup_lock(engine), engine.begin() as conn:
        _upgrade(conn)


@contextmanager
def _startup_lock(engine: Engine) -> Iterator[None]:
    """Workers starting at once on one SQLite file take turns (a lock file beside it): the
    first connection to a new file switches it to WAL and creates the tables, which SQLite
    refuses ("database is locked", without waiting) while a sibling is doing the same."""
    database = engine.url.database
    if not database or database == ":memory:":
        yield
        return
    from companion.outfile import lock_file

    with lock_file(f"{database}.startup-lock"):
        yield


def init_app(app: Flask) -> None:
    """Open the app's engine, create the tables, and close sessions after each request."""
    engine = make_engine(database_url(app))
    migrate(engine)
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
