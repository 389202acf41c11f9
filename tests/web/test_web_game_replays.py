"""What the score sheet works out from a game's turns (the tiles each player holds, whether
every player has passed) is replayed once per state of the game, not once per question a
request asks, and worked out again as soon as the turns change."""

from __future__ import annotations

import pytest

from companion.web import scoresheet
from companion.web.db import sessions
from companion.web.models import Turn


def _replays(monkeypatch) -> dict[str, int]:
    """Count the sheet's replays of the turns: the plays that placed tiles (the tile count)
    and the run of passes (whether every player has passed), each a walk over every turn."""
    calls = {"plays": 0, "passes": 0}
    plays, passes = scoresheet.placing_plays, scoresheet.PassRun

    def placing_plays(game):
        calls["plays"] += 1
        return plays(game)

    def pass_run():
        calls["passes"] += 1
        return passes()

    monkeypatch.setattr(scoresheet, "placing_plays", placing_plays)
    monkeypatch.setattr(scoresheet, "PassRun", pass_run)
    return calls


def _game(client, turns: int) -> str:
    """A Bug Words game whose first play is on the board, then ``turns`` more entered as
    words and a score; its table key."""
    key = client.post("/api/games", json={"game": "bugwords",
                                          "players": ["Ann", "Bob"]}).get_json()["table_key"]
    assert client.post(f"/api/games/{key}/turns", json={"play": "8H QUIZ"}).status_code == 201
    for i in range(turns):
        resp = client.post(f"/api/games/{key}/turns", json={"words": "CAT", "score": 5 + i})
        assert resp.status_code == 201
    return key


@pytest.mark.parametrize("turns", [3, 30])
def test_posting_a_turn_replays_the_turns_before_it_and_after_it_only(app, monkeypatch,
                                                                      turns):
    """A post asked whether the game was over, who was to move and the tiles held a dozen
    times, each a replay of every turn (12 tile counts and 5 runs of passes a post): now
    once before the turn and once after it, however long the game."""
    client = app.test_client()
    key = _game(client, turns)
    calls = _replays(monkeypatch)
    resp = client.post(f"/api/games/{key}/turns", json={"words": "DOG", "score": 9})
    assert resp.status_code == 201
    assert resp.get_json()["next_seat"] == (turns + 2) % 2
    assert calls == {"plays": 2, "passes": 2}


def test_showing_a_game_replays_its_turns_once(app, monkeypatch):
    client = app.test_client()
    key = _game(client, 10)
    calls = _replays(monkeypatch)
    assert client.get(f"/games/{key}").status_code == 200
    assert calls == {"plays": 1, "passes": 1}
    assert client.get(f"/api/games/{key}").status_code == 200
    assert calls == {"plays": 2, "passes": 2}


def test_what_the_sheet_worked_out_follows_every_change_of_the_turns(app):
    """The tile count and the passes, once worked out, are worked out again when a turn is
    added, taken out or changed (a play challenged off), and each caller's count is its
    own to change."""
    client = app.test_client()
    key = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                          "challenge_rule": "single"}).get_json()["table_key"]
    assert client.post(f"/api/games/{key}/turns", json={"play": "8H QUIZ"}).status_code == 201
    with app.app_context():
        db = sessions(app)()
        try:
            game = scoresheet.get_game(db, key)
            count = scoresheet.tile_count(game)[0]
            bag = count.bag
            count.play("Ann", 7)  # a caller's copy: the sheet's count is not changed
            assert scoresheet.tile_count(game)[0].bag == bag
            assert scoresheet.tiles_held(game) == [7, 7]

            quiz = game.turns[0]
            quiz.detail = (quiz.detail or {}) | {"challenge": {"play_stands": False}}
            assert scoresheet.tile_count(game)[0].bag == bag + 4  # QUIZ came off the board
            quiz.detail = {name: value for name, value in quiz.detail.items()
                           if name != "challenge"}
            assert scoresheet.tile_count(game)[0].bag == bag

            assert scoresheet.game_over(game) == ""
            number = quiz.number
            while not scoresheet.passed_out(game):
                number += 1
                game.turns.append(Turn(number=number, seat=number % 2, action="pass",
                                       score=0, words="", detail=None))
                assert len(game.turns) < 10
            assert scoresheet.game_over(game) == scoresheet.passed_out(game) != ""
            assert scoresheet.to_move(game) is None
            game.turns.pop()
            assert scoresheet.game_over(game) == ""
            assert scoresheet.to_move(game) is not None
        finally:
            db.rollback()
            db.close()


def test_a_game_read_again_is_worked_out_again(app):
    """A game already read in a session and locked for a change later is read again from
    the database (another phone may have posted turns meanwhile): what the sheet worked out
    before is not kept."""
    client = app.test_client()
    key = _game(client, 0)
    with app.app_context():
        db = sessions(app)()
        try:
            game = scoresheet.get_game(db, key)
            assert scoresheet.game_over(game) == ""
            held = scoresheet.tiles_held(game)
            db.commit()  # the session keeps the game as it read it

            over = ""
            while not over:  # the other phone: every player passes
                resp = client.post(f"/api/games/{key}/turns", json={"action": "pass"})
                assert resp.status_code == 201
                over = resp.get_json()["over"]
            assert scoresheet.game_over(game) == ""  # not read again yet

            locked = scoresheet.lock_game(db, key)
            assert locked is game
            assert scoresheet.game_over(game) == over
            assert scoresheet.to_move(game) is None
            assert scoresheet.tiles_held(game) == held
        finally:
            db.rollback()
            db.close()
