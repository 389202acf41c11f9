"""The schema from now on is Alembic's: a new database is made by the migrations, one made
by the code before them (tests/data/web/made-before-migrations.sqlite3, a game of three turns
and a Girdle submission stored by that code) is upgraded keeping its data, and servers
starting at once migrate once."""

from __future__ import annotations

import concurrent.futures
import datetime as dt
import shutil
import sqlite3
from pathlib import Path

import pytest
from appfactory import make_app
from conftest import database_url_for
from sqlalchemy import create_engine, inspect, text

from companion.web import db as dbmod
from companion.web.models import Base, Game, GirdleSubmission

OLD = Path(__file__).resolve().parents[1] / "data" / "web" / "made-before-migrations.sqlite3"


def test_a_new_database_is_made_by_the_migrations_to_the_models_schema(tmp_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    app = make_app(tmp_path, migrated=False)  # an empty file, migrated by the app
    engine = dbmod.engine_of(app)
    with engine.connect() as conn:
        assert dbmod.revision(conn) == dbmod._head()
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []  # the models and the migrations agree


def test_a_database_made_before_migrations_keeps_its_data(tmp_path):
    (tmp_path / "instance").mkdir()
    shutil.copy(OLD, tmp_path / "instance" / "companion.sqlite3")
    with sqlite3.connect(tmp_path / "instance" / "companion.sqlite3") as old:
        old.execute("INSERT INTO photos (id, game_kind, mime, width, height, game_id, data, "
                    "overlay, reading) VALUES (1, 'bugwords', 'image/jpeg', 8, 6, 1, ?, ?, ?)",
                    (b"a photo" * 1000, b"an overlay", '{"rows": 15}'))
    app = make_app(tmp_path)
    client = app.test_client()
    with app.app_context():
        game = dbmod.session().query(Game).one()
        assert [p.name for p in game.players] == ["Ann", "Bo"]
        assert [t.score for t in game.turns] == [12, 7, 20]
        table_key = game.table_key
        sub = dbmod.session().query(GirdleSubmission).one()
        assert (sub.player, sub.score) == ("old-player", 40)
        with dbmod.engine_of(app).connect() as conn:
            assert dbmod.revision(conn) == dbmod._head()
            assert {"jobs", "artifacts"} <= set(inspect(conn).get_table_names())
            # the photo itself is no longer kept; what was read from it is
            assert "data" not in {c["name"] for c in inspect(conn).get_columns("photos")}
            assert conn.execute(text("SELECT overlay, reading FROM photos")).one() == (
                b"an overlay", '{"rows": 15}')
    data = client.get(f"/api/games/{table_key}").get_json()
    assert [p["total"] for p in data["players"]] == [32, 7]
    resp = client.post(f"/api/games/{table_key}/turns", json={"score": 9, "version": 3})
    assert resp.status_code in (200, 201)
    assert make_app(tmp_path)  # a second start finds the schema up to date


@pytest.mark.postgres
def test_postgres_made_before_migrations_upgrades_once_with_servers_starting_at_once(
        tmp_path, pg_url):
    engine = create_engine(database_url_for(pg_url))
    initial = ("games", "players", "turns", "photos", "girdle_submissions", "girdle_pars",
               "build_requests")
    with engine.begin() as conn:  # the tables as the code before migrations made them ...
        Base.metadata.create_all(conn, tables=[Base.metadata.tables[t] for t in initial])
        conn.execute(text("ALTER TABLE games DROP COLUMN clock"))  # ... an older one at that
        conn.execute(text("INSERT INTO girdle_submissions (player, puzzle_date, local_date, "
                          "words, score, rank, saw_best) VALUES ('p', '2026-11-01', "
                          "'2026-11-01', '[\"CAT 1\"]', 33, 'Good', true)"))
    engine.dispose()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        apps = list(pool.map(lambda n: make_app(tmp_path / str(n), pg_url), range(4)))
    app = apps[0]
    with app.app_context():
        sub = dbmod.session().query(GirdleSubmission).one()
        assert (sub.player, sub.score, sub.puzzle_date) == ("p", 33, dt.date(2026, 11, 1))
        with dbmod.engine_of(app).connect() as conn:
            assert dbmod.revision(conn) == dbmod._head()
            assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
            assert "clock" in {c["name"] for c in inspect(conn).get_columns("games")}
    created = app.test_client().post("/api/games", json={"game": "werdup",
                                                         "players": ["A", "B"]})
    assert created.status_code in (200, 201)
    for a in apps:
        dbmod.engine_of(a).dispose()


def test_the_db_command_reports_and_upgrades_the_schema(tmp_path, capsys, monkeypatch):
    from companion.cli import main

    instance = tmp_path / "instance"
    instance.mkdir()
    shutil.copy(OLD, instance / "companion.sqlite3")
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["db", "current"]) == 0
    assert capsys.readouterr().out.startswith("none")
    assert main(["db", "upgrade"]) == 0
    assert capsys.readouterr().out.strip() == dbmod._head()
    engine = create_engine(f"sqlite:///{instance / 'companion.sqlite3'}")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM turns")).scalar() == 3
    engine.dispose()


@pytest.mark.postgres
def test_the_jobs_queue_follows_an_upgrade_of_procrastinate(tmp_path, monkeypatch):
    """A new queue is procrastinate's newest schema with every migration file recorded; when
    an upgrade of procrastinate ships a new file, the next start applies it, once."""
    from conftest import fresh_database
    from procrastinate.schema import SchemaManager

    with fresh_database("companion_queue") as url:
        engine = create_engine(database_url_for(url))

        def ledger() -> set[str]:
            with engine.connect() as conn:
                return {row[0] for row in conn.execute(
                    text(f"SELECT name FROM {dbmod.QUEUE_LEDGER}"))}

        dbmod.migrate(engine)
        shipped = {name for name, _ in dbmod.queue_migrations()}
        assert len(shipped) > 10 and ledger() == shipped
        assert inspect(engine).has_table("procrastinate_jobs")

        newer = tmp_path / "migrations"
        newer.mkdir()
        for name, sql in dbmod.queue_migrations():
            (newer / name).write_text(sql, encoding="utf-8")
        (newer / "99.00.00_01_add_probe.sql").write_text(
            "CREATE TABLE procrastinate_probe (x integer);", encoding="utf-8")
        monkeypatch.setattr(SchemaManager, "get_migrations_path", staticmethod(lambda: str(newer)))
        dbmod.migrate(engine)
        assert inspect(engine).has_table("procrastinate_probe")
        assert ledger() == shipped | {"99.00.00_01_add_probe.sql"}
        dbmod.migrate(engine)  # applied once: a second CREATE TABLE would fail
        engine.dispose()
