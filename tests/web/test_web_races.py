"""Changes made at the same moment (several phones, a double tap): exactly one goes through,
the others are told the game moved (409) or find their turn already recorded."""

from __future__ import annotations

from appfactory import at_once, token

N = 20


def _game_with_turns(app, turns: int = 5) -> dict:
    client = app.test_client()
    game = client.post("/api/games", json={"game": "werdup", "players": ["A", "B"]}).get_json()
    for score in range(1, turns + 1):
        game = client.post(f"/api/games/{game['table_key']}/turns",
                           json={"score": score}).get_json()
    return game | {"table_key": game["table_key"]}


def _now(app, key: str) -> dict:
    return app.test_client().get(f"/api/games/{key}").get_json()


def test_twenty_take_backs_at_once_take_back_one_turn(app):
    game = _game_with_turns(app)
    key, seen = game["table_key"], game["version"]
    answers = at_once(app, lambda c, i: c.post(f"/api/games/{key}/undo",
                                                json={"version": seen}).status_code, N)
    assert sorted(answers) == [200] + [409] * (N - 1)
    assert [t["score"] for t in _now(app, key)["turns"]] == [1, 2, 3, 4]


def test_twenty_finishes_at_once_finish_once(app):
    game = _game_with_turns(app)
    key, seen = game["table_key"], game["version"]
    answers = at_once(app, lambda c, i: c.post(f"/api/games/{key}/finish", json={
        "racks": {"0": "", "1": "QUE"}, "version": seen}).status_code, N)
    assert sorted(answers) == [200] + [409] * (N - 1)
    done = _now(app, key)
    assert done["finished"]
    assert [p["end_adjustment"] for p in done["players"]] == [0, -10]  # subtracted once


def test_finishes_without_a_version_still_finish_once(app):
    game = _game_with_turns(app)
    key = game["table_key"]
    answers = at_once(app, lambda c, i: c.post(f"/api/games/{key}/finish", json={
        "racks": {"0": "", "1": "QUE"}}).status_code, N)
    assert sorted(answers) == [200] + [400] * (N - 1)  # "already over"
    assert [p["end_adjustment"] for p in _now(app, key)["players"]] == [0, -10]


def test_the_same_turn_posted_twenty_times_at_once_is_recorded_once(app):
    game = _game_with_turns(app, 2)
    key, seen = game["table_key"], game["version"]
    answers = at_once(app, lambda c, i: c.post(f"/api/games/{key}/turns", json={
        "score": 7, "request_key": "tap-1", "version": seen}).status_code, N)
    assert answers == [201] * N  # every tap is told its turn is in
    assert [t["score"] for t in _now(app, key)["turns"]] == [1, 2, 7]


def test_twenty_different_turns_at_once_without_versions_all_count(app):
    game = _game_with_turns(app, 0)
    key = game["table_key"]
    answers = at_once(app, lambda c, i: c.post(f"/api/games/{key}/turns", json={
        "score": i + 1, "request_key": f"phone-{i}"}).status_code, N)
    assert answers == [201] * N
    turns = _now(app, key)["turns"]
    assert [t["number"] for t in turns] == list(range(1, N + 1))
    assert sorted(t["score"] for t in turns) == list(range(1, N + 1))


def test_a_double_tap_on_the_turn_form_records_one_turn(app):
    game = _game_with_turns(app, 1)
    key = game["table_key"]
    phone = app.test_client()
    tok = token(phone)
    page = phone.get(f"/games/{key}").get_data(as_text=True)
    import re

    fields = dict(re.findall(r'name="(version|request_key)" value="([^"]+)"', page))
    assert set(fields) == {"version", "request_key"}
    form = {"csrf_token": tok, "action": "play", "words": "ZAP", "score": "14", **fields}
    first = phone.post(f"/games/{key}/turns", data=form)
    second = phone.post(f"/games/{key}/turns", data=form)
    assert first.status_code == second.status_code == 302
    assert [t["words"] for t in _now(app, key)["turns"]] == ["", "ZAP"]
    # a fresh page carries a fresh key: the next turn is recorded
    page = phone.get(f"/games/{key}").get_data(as_text=True)
    fields = dict(re.findall(r'name="(version|request_key)" value="([^"]+)"', page))
    phone.post(f"/games/{key}/turns", data={**form, **fields, "words": "QI", "score": "11"})
    assert [t["words"] for t in _now(app, key)["turns"]] == ["", "ZAP", "QI"]
