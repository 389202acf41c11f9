"""``companion db prune``: games abandoned long ago are counted, and deleted only when the
operator says --yes, on SQLite and PostgreSQL; a game still played and the Girdle's scores
stay."""

from __future__ import annotations

import datetime as dt

import pytest
from appfactory import make_app
from sqlalchemy import func, select, update

from companion.cli import main
from companion.web.db import engine_of
from companion.web.models import Game, GirdleSubmission, Photo, Player, Turn, utc_now


@pytest.fixture
def papp(tmp_path, any_db_url, monkeypatch):
    """The app, and the environment `companion db` finds its database by."""
    application = make_app(tmp_path, any_db_url)
    monkeypatch.setenv("COMPANION_INSTANCE", application.instance_path)
    monkeypatch.setenv("COMPANION_SECRET_KEY", "test")
    if any_db_url:
        monkeypatch.setenv("DATABASE_URL", any_db_url)
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    yield application
    engine_of(application).dispose()


def _game(client) -> str:
    resp = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"]})
    assert resp.status_code == 201
    key = resp.get_json()["table_key"]
    assert client.post(f"/api/games/{key}/turns", json={"score": 12}).status_code == 201
    return key


def _age(app, key: str, days_created: int, days_changed: int | None) -> None:
    """Make the game of ``key`` as old as said (None: stored before changes were kept)."""
    now = utc_now()
    with engine_of(app).begin() as conn:
        conn.execute(update(Game).where(Game.table_key == key).values(
            created=now - dt.timedelta(days=days_created),
            changed=None if days_changed is None else now - dt.timedelta(days=days_changed)))


def _count(app, model) -> int:
    with engine_of(app).connect() as conn:
        return int(conn.execute(select(func.count()).select_from(model)).scalar_one())


def test_prune_counts_then_deletes_only_abandoned_games_with_yes(papp, capsys):
    client = papp.test_client()
    old, stale, played = _game(client), _game(client), _game(client)
    _age(papp, old, 100, None)  # stored before changes were kept: its creation counts
    _age(papp, stale, 100, 60)
    _age(papp, played, 100, None)
    # a turn today is activity: the game started 100 days ago is still played
    assert client.post(f"/api/games/{played}/turns", json={"score": 5}).status_code == 201
    with engine_of(papp).begin() as conn:
        conn.execute(GirdleSubmission.__table__.insert().values(
            player="p1", puzzle_date=dt.date(2026, 1, 2), local_date=dt.date(2026, 1, 2),
            words=[], score=3, rank="ok", created=utc_now() - dt.timedelta(days=300)))
    before = {m: _count(papp, m) for m in (Game, Player, Turn, Photo, GirdleSubmission)}

    assert main(["db", "prune", "--older-than", "45"]) == 0
    said = capsys.readouterr().out
    assert "2 games" in said and "2 turns" in said and "4 players" in said
    assert "0 photos" in said and "--yes" in said
    assert {m: _count(papp, m) for m in before} == before  # nothing deleted without --yes

    assert main(["db", "prune", "--older-than", "45", "--yes"]) == 0
    assert "Deleted" in capsys.readouterr().out
    assert _count(papp, Game) == 1 and _count(papp, Turn) == 2 and _count(papp, Player) == 2
    assert _count(papp, GirdleSubmission) == 1  # a day's scores, not a game's
    assert client.get(f"/api/games/{played}").status_code == 200
    assert client.get(f"/api/games/{stale}").status_code == 404

    assert main(["db", "prune", "--older-than", "45", "--yes"]) == 0
    assert "0 games" in capsys.readouterr().out


def test_prune_refuses_too_few_days_or_no_days_in_a_sentence(papp, capsys):
    client = papp.test_client()
    _age(papp, _game(client), 100, 100)
    assert main(["db", "prune", "--older-than", "7", "--yes"]) == 2
    assert capsys.readouterr().err == ("companion: --older-than must be at least 30 days, "
                                       "not 7, so that no game still played goes.\n")
    for argv in (["db", "prune", "--yes"], ["db", "current", "--older-than", "60"],
                 ["db", "prune", "--older-than", "soon", "--yes"]):
        with pytest.raises(SystemExit) as exit_:  # the parser's usage error
            main(argv)
        assert exit_.value.code == 2, argv
        assert "Traceback" not in capsys.readouterr().err
    assert _count(papp, Game) == 1


@pytest.mark.parametrize("days", ["999999999", "99999999999999999999"])
def test_prune_of_more_days_than_the_calendar_holds_finds_no_game(papp, capsys, days):
    # before 1 January of year 1 (or past what Python's timedelta holds): it was a
    # traceback, "OverflowError: date value out of range"
    client = papp.test_client()
    _age(papp, _game(client), 100, 100)
    assert main(["db", "prune", "--older-than", days, "--yes"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("Deleted the games with no change for ")
    assert "0 games" in out
    assert _count(papp, Game) == 1
