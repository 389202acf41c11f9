"""``companion db``: the web app's database schema (Alembic migrations)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy import Engine


def register(sub: argparse._SubParsersAction) -> None:
    from companion.cli.common import whole_number

    p = sub.add_parser(
        "db", help="the web app's database: schema revision, upgrade, abandoned games",
        description="The web app's database, the one DATABASE_URL names (by default SQLite "
        "in the instance folder): 'current' prints its schema's revision, 'upgrade' brings "
        "it to the newest first (Alembic migrations; app servers and workers also do it when "
        "they start), 'prune' deletes games abandoned long ago. Exit status: 0 done, 2 a "
        "DATABASE_URL it cannot use or a bad option, 1 a database that does not answer.",
    )
    db_sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name, said in (
            ("current", "print the schema's revision (writing nothing: a database not "
                        "there yet is said to be missing, not made)"),
            ("upgrade", "bring the schema to the newest revision (once, whichever host runs "
                        "it; app servers also do it when they start), then print it")):
        a = db_sub.add_parser(name, help=said, description=f"{said[0].upper()}{said[1:]}.")
        a.set_defaults(func=run)
    pr = db_sub.add_parser(
        "prune", help="count, or with --yes delete, the games abandoned for DAYS days",
        description="Say how many games (with their players, photos and turns) have not "
        "changed (a turn, a take-back, a challenge, the clock, finishing) for DAYS days; with "
        "--yes delete them, all in one transaction. Daily Girdle submissions, a day's scores, "
        "are kept.")
    pr.add_argument("--older-than", metavar="DAYS", type=whole_number, required=True,
                    help="days with no change; fewer than a month are refused")
    pr.add_argument("--yes", action="store_true",
                    help="delete them (without it, only say how many rows would go)")
    pr.set_defaults(func=run)


def _prune_days(args: argparse.Namespace) -> int | None:
    """The days of ``--older-than`` for prune (None for another action); too few is a usage
    error."""
    from companion.errors import UsageError
    from companion.text import counted
    from companion.web.retention import MIN_GAME_DAYS

    if args.action != "prune":
        return None
    if args.older_than < MIN_GAME_DAYS:
        raise UsageError(f"--older-than must be at least {counted(MIN_GAME_DAYS, 'day')}, "
                         f"not {args.older_than}, so that no game still played goes.")
    return int(args.older_than)


def _prune(engine: Engine, days: int, delete: bool) -> None:
    """Say what the games abandoned for ``days`` days hold; delete it all with ``delete``."""
    from sqlalchemy.orm import Session

    from companion.text import counted
    from companion.web.retention import GAME_ROWS, abandoned_games, forget_abandoned_games

    with Session(engine) as db:
        counts = (forget_abandoned_games if delete else abandoned_games)(db, days)
        if delete:
            db.commit()
    nouns = {"games": "game", "players": "player", "photos": "photo", "turns": "turn"}
    rows = ", ".join(counted(counts[name], nouns[name]) for name in reversed(GAME_ROWS))
    if delete:
        print(f"Deleted the games with no change for {counted(days, 'day')}: {rows}.")
    else:
        print(f"Games with no change for {counted(days, 'day')}: {rows}. Nothing deleted: "
              f"add --yes to delete them.")


def _missing_database(url: str) -> str | None:
    """The SQLite file ``url`` names, as shown, when it is not there yet (None for one that
    is, or for PostgreSQL): a command that only looks, or finds nothing to do, says so rather
    than make an empty database in its place (say under a mistyped DATABASE_URL)."""
    from companion.text import path_shown
    from companion.web.db import sqlite_file

    file = sqlite_file(url)
    return path_shown(file) if file is not None and not file.exists() else None


def _print_revision(engine: Engine) -> None:
    from companion.web.db import revision

    with engine.connect() as conn:
        print(revision(conn) or "none (`companion db upgrade` brings it to the newest)")


def _current(url: str) -> None:
    """Print the schema's revision of the database at ``url``, writing nothing (a database
    not there yet is said to be missing, not made)."""
    from companion.web.db import reading_engine

    missing = _missing_database(url)
    if missing is not None:
        print(f"no database yet at {missing}: `companion db upgrade` or the first `serve` "
              f"makes it")
        return
    engine = reading_engine(url)
    try:
        _print_revision(engine)
    finally:
        engine.dispose()


def run(args: argparse.Namespace) -> int:
    from companion.cli.common import database_errors
    from companion.web import configured
    from companion.web.db import database_url, make_engine, migrate

    days = _prune_days(args)
    with database_errors():
        # read without making the instance folder, its key or the database: `current` only
        # looks, and `prune` finds nothing to do in a database that is not there
        url = database_url(configured(write=False))
        if args.action == "current":
            _current(url)
            return 0
        if days is not None and (missing := _missing_database(url)) is not None:
            print(f"no database yet at {missing}: no games to prune")
            return 0
        engine = make_engine(database_url(configured()))
        try:
            migrate(engine)
            if days is not None:
                _prune(engine, days, args.yes)
            else:
                _print_revision(engine)
        finally:
            engine.dispose()
    return 0
