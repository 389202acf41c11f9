"""The web benchmarks' games are recorded as they say and their views answer: a benchmark
that dies making its game measures nothing (bench/web_turns.py died on a ValueError once
words typed with their score were judged by the word list, and no test ran it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.web import scoresheet
from companion.web.db import sessions

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _bench(name: str):
    sys.path.insert(0, str(BENCH))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(BENCH))


def _game(app, key: str):
    with app.app_context():
        db = sessions(app)()
        try:
            game = scoresheet.get_game(db, key)
            return len(game.turns), scoresheet.running(game)
        finally:
            db.close()


def test_the_turns_benchmark_records_its_game_and_posts_to_it(sqlite_app):
    web_turns = _bench("web_turns")
    key = web_turns.recorded_game(sqlite_app, "werdup", 6)
    turns, rows = _game(sqlite_app, key)
    assert turns == 6 and [r["words"] for r in rows] == ["QUIZ"] * 6
    spent = web_turns.post_turns(sqlite_app.test_client(), key, 2)
    assert len(spent) == 2 and _game(sqlite_app, key)[0] == 6  # each post taken back


@pytest.mark.parametrize("kind", ["werdup", "bugwords"])
def test_the_sheet_views_benchmark_records_engine_plays_then_typed_turns(sqlite_app, kind):
    """The game starts with the move generator's plays, scored by the engine (each keeps
    its board), then plays typed as words and a score with a pass after every third turn;
    each view it times answers 200 (it stops with the status otherwise)."""
    bench = _bench("web_sheet_views")
    played = bench.engine_turns(kind, 2, 3)
    key = bench.recorded_game(sqlite_app, kind, len(played) + 6, 3)
    turns, rows = _game(sqlite_app, key)
    assert turns == len(played) + 6
    engine_rows = [r for r in rows[:len(played)] if r["action"] == "play"]
    assert len(engine_rows) == sum("play" in t for t in played) > 5
    assert all(r["detail"]["board"] and r["detail"]["new_cells"] for r in engine_rows)
    assert [r["action"] for r in rows[len(played):]] == [
        "pass" if (len(played) + i) % 3 == 2 else "play" for i in range(6)]
    assert {r["words"] for r in rows[len(played):] if r["action"] == "play"} == {"QI"}
    client = sqlite_app.test_client()
    for path in bench.VIEWS.values():
        wall, cpu = bench.timed(client, path.format(key=key), 1)
        assert wall >= 0 and cpu >= 0
    load, rows_ms, rules_ms = bench.worked_out(sqlite_app, key, 1)
    assert min(load, rows_ms, rules_ms) >= 0
