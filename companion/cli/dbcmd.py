"""``companion db``: the web app's database schema (Alembic migrations)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "db", help="the web app's database: schema revision, upgrade",
        description="The schema of the web app's database, the one DATABASE_URL names (by "
        "default SQLite in the instance folder): 'current' prints its revision, 'upgrade' "
        "brings it to the newest first (Alembic migrations; app servers and workers also "
        "do it when they start). Exit status: 0 done, 2 a DATABASE_URL it cannot use, 1 a "
        "database that does not answer.",
    )
    p.add_argument("action", metavar="ACTION", choices=("upgrade", "current"),
                   help="upgrade: bring the schema to the newest revision (once, whichever "
                        "host runs it; app servers also do it when they start); current: "
                        "print the schema's revision")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.cli.common import database_errors
    from companion.web import configured
    from companion.web.db import database_url, make_engine, migrate, revision

    with database_errors():
        engine = make_engine(database_url(configured()))
        try:
            if args.action == "upgrade":
                migrate(engine)
            with engine.connect() as conn:
                print(revision(conn) or "none (`companion db upgrade` brings it to the newest)")
        finally:
            engine.dispose()
    return 0
