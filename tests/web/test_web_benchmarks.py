"""The web benchmarks' games are recorded as they say: a benchmark
that dies making its game measures nothing (bench/web_turns.py died on a ValueError once
words typed with their score were judged by the word list, and no test ran it)."""

from __future__ import annotations

import sys
from pathlib import Path

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
