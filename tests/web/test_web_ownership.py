"""A game belongs to its table: without the table link nobody changes it.

A stranger on the same network knows the game's number, can guess keys, and may hold the
spectators' link; none of it lets a write through, on any route that changes a game.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from appfactory import token

from companion.web.db import session
from companion.web.models import Game, Photo, Turn
from companion.web.retention import forget_old_photos

# POST routes that change no one else's game: each creates something new for the sender, or
# only reads what was sent (a photo, a word).
OWN_THINGS = {
    "/games": "starts a new game for the sender",
    "/api/games": "starts a new game for the sender",
    "/judge": "judges words",
    "/api/judge": "judges words",
    "/pdq/deal": "deals new cards",
    "/pdq/cards-photo": "reads cards from a photo",
    "/api/pdq/cards": "reads cards from a photo",
    "/girdle/<day>": "the sender's own sheet (their cookie's player id)",
    "/girdle/<day>/photo": "reads a sheet photo",
    "/api/girdle/<day>/photo": "reads a sheet photo",
    "/api/girdle/players": "a new player id",
    "/api/girdle/<day>/submissions": "the sender's own sheet (a server-issued player id)",
    "/girdle/<day>/play": "plays a sheet carried in the form; stores nothing",
}
BLANK_GRID = [[""] * 15 for _ in range(15)]


def _state(app, game_id: int) -> tuple:
    with app.app_context():
        db = session()
        game = db.get(Game, game_id)
        turns = [(t.number, t.seat, t.score, t.words) for t in
                 db.query(Turn).filter_by(game_id=game_id).order_by(Turn.number)]
        photos = db.query(Photo).filter_by(game_id=game_id).count()
        return (game.finished, game.version, game.board, turns, photos,
                [(p.name, p.end_adjustment) for p in game.players])


def _owned_game(app):
    owner = app.test_client()
    game = owner.post("/api/games", json={"game": "bugwords",
                                          "players": ["Ann", "Bob"]}).get_json()
    assert owner.post(f"/api/games/{game['table_key']}/turns",
                      json={"play": "8H QUIZ"}).status_code == 201
    with app.app_context():
        photo = Photo(game_kind="bugwords", game_id=game["id"], mime="image/jpeg", width=1,
                      height=1, overlay=b"overlay",
                      reading={"rows": 15, "cols": 15, "grid": BLANK_GRID, "uncertain": []})
        session().add(photo)
        session().commit()
        game["photo_id"] = photo.id
    return owner, game


def _game_write_routes(app) -> list[tuple[str, str]]:
    return sorted((r.rule, m) for r in app.url_map.iter_rules() for m in r.methods
                  if m not in ("GET", "HEAD", "OPTIONS") and "<key>" in r.rule)


def test_every_state_changing_route_is_a_table_route_or_the_senders_own(app):
    rules = {r.rule for r in app.url_map.iter_rules()
             if r.methods - {"GET", "HEAD", "OPTIONS"}}
    table_routes = {rule for rule, _ in _game_write_routes(app)}
    assert rules - table_routes == set(OWN_THINGS)
    assert len(table_routes) >= 10  # turns, undo, finish, photos, photo scoring: page and API


def test_a_stranger_gets_no_write_through_on_any_game_route(app):
    owner, game = _owned_game(app)
    before = _state(app, game["id"])
    stranger = app.test_client()
    tok = token(stranger)  # a stranger's own valid form token: forgery is not the question
    guesses = {"number": str(game["id"]), "guessed key": "A" * 22,
               "spectators' key": game["view_key"], "key and a letter": game["view_key"] + "x"}
    bodies = {"score": 2000, "words": "HACK", "racks": {}, "grid": BLANK_GRID, "seat": 0,
              "action": "pass", "play": "H8 QUIZ"}
    tried = 0
    for rule, method in _game_write_routes(app):
        for what, key in guesses.items():
            url = rule.replace("<key>", key).replace("<id:photo_id>", str(game["photo_id"]))
            api = url.startswith("/api/")
            resp = stranger.open(url, method=method, json=bodies) if api else stranger.open(
                url, method=method, data={**{k: str(v) for k, v in bodies.items()
                                             if k != "grid"}, "csrf_token": tok})
            expected = {403} if what == "spectators' key" else {404}
            assert resp.status_code in expected, (method, rule, what, resp.status_code)
            if what == "spectators' key" and not api:  # the game's read-only view, or the way to it
                page = resp.get_data(as_text=True)
                assert 'id="start-again"' not in page, (method, rule)
                assert game["table_key"] not in page, (method, rule)
                assert ("This link cannot change the game" not in page
                        or f'<a href="/games/{key}" id="read-only">' in page), (method, rule)
            tried += 1
    assert tried >= 40
    assert _state(app, game["id"]) == before
    # ... and the owner still can.
    assert owner.post(f"/api/games/{game['table_key']}/turns",
                      json={"action": "pass"}).status_code == 201


def test_reading_needs_a_link_and_the_spectators_link_only_reads(app):
    _owner, game = _owned_game(app)
    stranger = app.test_client()
    gid, pid = game["id"], game["photo_id"]
    for url in (f"/games/{gid}", f"/api/games/{gid}", f"/games/{gid}.gcg",
                f"/games/{gid}/print", f"/games/{gid}/photos/{pid}",
                f"/games/{gid}/photos/{pid}/overlay.jpg", f"/api/games/{gid}/gcg",
                "/games/" + "B" * 22, f"/games/{'B' * 22}/photos/{pid}/overlay.jpg"):
        assert stranger.get(url).status_code == 404, url
    view = game["view_key"]
    data = stranger.get(f"/api/games/{view}").get_json()
    assert "table_key" not in data and data["turns"][0]["words"] == "QUIZ"
    assert game["table_key"] not in str(data)
    page = stranger.get(f"/games/{view}").get_data(as_text=True)
    assert "QUIZ" in page and game["table_key"] not in page
    assert 'id="turn-form"' not in page and 'id="finish-form"' not in page
    assert 'id="undo-form"' not in page and 'id="photo-upload"' not in page
    assert stranger.get(f"/games/{view}/photos/{pid}/overlay.jpg").data == b"overlay"
    table_page = _owner.get(f"/games/{game['table_key']}").get_data(as_text=True)
    assert 'id="turn-form"' in table_page and 'id="table-qr"' in table_page


def test_the_games_list_shows_only_this_devices_games(app):
    owner, game = _owned_game(app)
    assert "Ann" in owner.get("/games").get_data(as_text=True)  # created here
    stranger = app.test_client()
    assert "Ann" not in stranger.get("/games").get_data(as_text=True)
    spectator = app.test_client()
    spectator.get(f"/games/{game['view_key']}")  # opened the spectators' link: joined
    listed = spectator.get("/games").get_data(as_text=True)
    assert "Ann" in listed and game["table_key"] not in listed
    assert f'/games/{game["view_key"]}' in listed


def test_keys_are_unguessable(app):
    client = app.test_client()
    keys = set()
    for _ in range(5):
        g = client.post("/api/games", json={"game": "werdup", "players": ["a", "b"]}).get_json()
        keys |= {g["table_key"], g["view_key"]}
    assert len(keys) == 10
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", k) for k in keys)  # 128 random bits


def test_the_table_link_has_a_qr_code(client):
    g = client.post("/api/games", json={"game": "werdup", "players": ["a", "b"]}).get_json()
    svg = client.get(f"/games/{g['table_key']}/link.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert svg.get_data(as_text=True).startswith("<svg") and "<path" in svg.get_data(
        as_text=True)
    assert client.get(f"/games/{'C' * 22}/link.svg").status_code == 404


def test_girdle_player_ids_are_issued_by_the_server(client):
    issued = client.post("/api/girdle/players", json={}).get_json()["player"]
    other = client.post("/api/girdle/players", json={}).get_json()["player"]
    assert issued != other
    raw, sig = issued.split(".")
    forged = f"{raw[:-1]}{'A' if raw[-1] != 'A' else 'B'}.{sig}"
    day = dt.date(2026, 1, 5).isoformat()
    for player in ("someone-else", forged, "a" * 64, ""):
        resp = client.post(f"/api/girdle/{day}/submissions",
                           json={"solution": "CAT 1", "player": player})
        assert resp.status_code == 400 and "this server issued" in resp.get_json()["error"]


@pytest.mark.parametrize("days", [999_999_999, 10**20])
def test_photos_kept_more_days_than_the_calendar_holds_stay(app, days):
    """A PHOTO_RETENTION_DAYS past the calendar's first day (a photo kept for ever): each
    photo read was a 500, Python's "date value out of range" as the old ones were dropped."""
    _owned_game(app)
    with app.app_context():
        db = session()
        assert forget_old_photos(db, days) == 0
        db.commit()
        assert db.query(Photo).count() == 1


def test_old_photos_are_forgotten_after_the_retention_days(app):
    _owner, game = _owned_game(app)
    with app.app_context():
        db = session()
        turn = db.query(Turn).filter_by(game_id=game["id"]).first()
        turn.photo_id = game["photo_id"]
        db.commit()
        later = dt.datetime.now(dt.UTC).replace(tzinfo=None) + dt.timedelta(days=31)
        assert forget_old_photos(db, 60, now=later) == 0
        assert forget_old_photos(db, 30, now=later) == 1
        db.commit()
        assert db.query(Photo).count() == 0
        kept = db.query(Turn).filter_by(game_id=game["id"]).first()
        assert kept.photo_id is None and kept.score == 44  # the turn keeps its score


@pytest.mark.parametrize("name", ["Ann\n#note fake move", "Bob\r\n>p1: ABC", "Tab\there"])
def test_names_with_control_characters_are_refused(client, name):
    resp = client.post("/api/games", json={"game": "bugwords", "players": [name, "Bob"]})
    assert resp.status_code == 400 and "control characters" in resp.get_json()["error"]
