"""The web app's refusals: each limit stated by its one owner, a JSON key given twice refused,
and each refusal worded for where it is read: the API's say what a client sends, the pages'
what a player does."""

from __future__ import annotations

import re
from html import unescape

import pytest
from appfactory import page_said, token

from companion.challenges import CHALLENGE_RULE_NAMES, challenge_rules
from companion.tables import TABLE_GAMES, table_for
from companion.web import csrf
from companion.web.scoresheet import MAX_TURN_SCORE

RACKS = {"0": "ABCDEFG", "1": "HIJKLMN"}  # each player's seven tiles, at a finish before a turn
# words of a page's refusal, which no API refusal may use
PAGE_WORDS = re.compile(r"\b(page|box|boxes|reload|tap|button)\b", re.I)


def _new_game(client, kind="bugwords", players=("Ann", "Bob"), **more):
    resp = client.post("/api/games", json={"game": kind, "players": list(players)} | more)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def _api_refusal(resp) -> str:
    assert resp.status_code == 400, resp.get_data(as_text=True)
    return resp.get_json()["error"]


def _page_refusal(resp) -> str:
    """The sentence a page's refusal shows, as a player reads it."""
    assert resp.status_code == 400
    found = re.search(r'id="error"[^>]*>(.*?)</p>', page_said(resp), re.S)
    assert found, "the page shows no refusal"
    return unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


def _turn_by_form(client, game, **fields):
    return client.post(f"/games/{game['table_key']}/turns", data={
        "csrf_token": token(client), "version": game["version"], "action": "play",
        "play": "", **fields})


# -- one owner for each limit ----------------------------------------------------------------

@pytest.mark.parametrize("score", [-5, MAX_TURN_SCORE + 1, 100000, 99999999999999999999])
def test_a_turns_score_out_of_range_is_refused_in_the_one_sentence(client, score):
    """A score past the sheet's limit is refused in the sheet's sentence, by the API and the
    form alike, however far past it is (100000 was "Score must be between -99999 and
    99999.", a range of the input's own that the OpenAPI document did not give)."""
    game = _new_game(client)
    said = f"A turn's score must be between 0 and {MAX_TURN_SCORE}."
    api = client.post(f"/api/games/{game['table_key']}/turns",
                      json={"words": "QI", "score": score})
    assert _api_refusal(api) == said
    page = _turn_by_form(client, game, words="QI", score=str(score))
    assert _page_refusal(page) == said
    assert re.search(r'name="score"[^>]*aria-invalid="true"', page.get_data(as_text=True))
    assert client.get(f"/api/games/{game['table_key']}").get_json()["turns"] == []


@pytest.mark.parametrize("seat", [-1, 99, 10**20])
def test_a_seat_the_game_has_not_is_refused_as_any_other(client, seat):
    """A seat no game has (-1, 99) is refused as a seat this game has not (2 of 2 players)
    is, by the sheet (it was "Player must be between 0 and 9.")."""
    game = _new_game(client)
    key = game["table_key"]

    def refusal(s):
        return _api_refusal(client.post(f"/api/games/{key}/turns",
                                        json={"seat": s, "words": "QI", "score": 11}))

    assert refusal(seat) == refusal(2)
    assert not re.search(r"between|\b9\b", refusal(seat))
    assert _page_refusal(_turn_by_form(client, game, seat=str(seat), words="QI", score="11")) \
        == refusal(2)


@pytest.mark.parametrize("seat", [-1, 99])
def test_a_challenger_the_game_has_not_is_refused_as_any_other(client, seat):
    """The challenger's seat, likewise: the challenge's own refusal of a seat the game has
    not (it was "Challenger must be between 0 and 9.")."""
    game = _new_game(client, challenge_rule="single")
    key = game["table_key"]
    played = client.post(f"/api/games/{key}/turns", json={"play": "8H QI"})
    assert played.status_code == 201, played.get_json()

    def refusal(s):
        return _api_refusal(client.post(f"/api/games/{key}/challenge", json={"challenger": s}))

    assert refusal(seat) == refusal(2)
    assert "between" not in refusal(seat)


def test_the_openapi_document_gives_the_limits_the_sheet_keeps(client):
    """The document's ranges are the sheet's: the score's (its constant) and a seat's, from
    0 to the most players any game seats less one (the challenger's was 0 to 9, a turn's
    seat had none)."""
    doc = client.get("/api/openapi.json").get_json()["paths"]

    def field(path, name):
        body = doc[path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        return body["properties"][name]

    most = max(table_for(k).max_players for k in TABLE_GAMES)
    assert (field("/api/games/{key}/turns", "score")["minimum"],
            field("/api/games/{key}/turns", "score")["maximum"]) == (0, MAX_TURN_SCORE)
    for path, name in [("/api/games/{key}/turns", "seat"),
                       ("/api/games/{key}/challenge", "challenger"),
                       ("/api/games/{key}/photos/{photo_id}/score", "seat")]:
        assert (field(path, name)["minimum"], field(path, name)["maximum"]) == (0, most - 1)
    game = _new_game(client, players=[f"P{i}" for i in range(most)])
    last = client.post(f"/api/games/{game['table_key']}/turns",
                       json={"seat": most - 1, "words": "QI", "score": MAX_TURN_SCORE})
    assert last.status_code == 201


# -- a JSON key given twice -------------------------------------------------------------------

def test_a_json_key_given_twice_is_refused_naming_it(client):
    """``{"words": ["qi"], "words": ["zzz"]}`` judged ZZZ alone, the client believing QI was
    judged: refused, as a query argument given twice is, naming the key."""
    resp = client.post("/api/judge", data='{"words": ["qi"], "words": ["zzz"]}',
                       content_type="application/json")
    assert _api_refusal(resp) == 'The key "words" is given twice in one JSON object: give ' \
                                 "it once."
    once = client.post("/api/judge", json={"words": ["qi"]})
    assert once.status_code == 200 and once.get_json()["valid"] is True


def test_a_key_repeated_in_a_nested_object_is_refused_and_nothing_is_done(client):
    game = _new_game(client)
    key = game["table_key"]
    resp = client.post(f"/api/games/{key}/finish",
                       data='{"racks": {"1": "QZ", "1": "", "1": "A"}}',
                       content_type="application/json")
    assert _api_refusal(resp) == 'The key "1" is given three times in one JSON object: ' \
                                 "give it once."
    assert client.get(f"/api/games/{key}").get_json()["finished"] is False


# -- the challenge rules by name and by title ------------------------------------------------

def test_an_unknown_challenge_rule_is_named_as_the_api_and_the_form_take_it(client):
    """The API lists the rules' values, which it takes; the form the titles its list shows
    (it listed "none, single, double, points" under a list of "No challenges", ...)."""
    names = ", ".join(CHALLENGE_RULE_NAMES[:-1]) + f" or {CHALLENGE_RULE_NAMES[-1]}"
    api = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                          "challenge_rule": "triple"})
    assert _api_refusal(api) == f"Choose a challenge rule: {names}."
    client.get("/games")
    page = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                       "player": ["Ann", "Bob"], "challenge_rule": "triple"})
    titles = [challenge_rules()[n].title for n in CHALLENGE_RULE_NAMES]
    assert _page_refusal(page) == (f"Choose a challenge rule: {', '.join(titles[:-1])} or "
                                   f"{titles[-1]}.")


# -- the API in the API's words, the pages in theirs ---------------------------------------

def test_a_form_body_sent_to_the_api_is_told_to_send_json(client):
    """A text/plain body to the API was told "This form has expired ...: reload the page";
    a page's form without its token still is."""
    game = _new_game(client)
    resp = client.post(f"/api/games/{game['table_key']}/turns", data="score=5",
                       content_type="text/plain")
    said = _api_refusal(resp)
    assert said == csrf.API_REFUSED and "application/json" in said
    assert not PAGE_WORDS.search(said)
    page = client.post(f"/games/{game['table_key']}/turns", data={"score": "5"},
                       headers={"Origin": "https://elsewhere.example"})
    assert page.status_code == 400 and csrf.REFUSED in page_said(page)


def test_too_few_players_are_counted_to_the_api_and_boxed_on_the_page(client):
    api = client.post("/api/games", json={"game": "bugwords", "players": ["Ann"]})
    assert _api_refusal(api) == "Bug Words needs 2 to 4 players, a name each; 1 name was given."
    five = client.post("/api/games", json={"game": "werdup", "players": list("abcde")})
    assert _api_refusal(five) == "WerdUp needs 1 to 4 players, a name each; 5 names were given."
    client.get("/games")
    page = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                       "player": ["Ann", "", ""]})
    assert _page_refusal(page) == "Bug Words needs 2 to 4 players: type one name per box."


def test_a_turn_on_a_finished_game_says_to_reopen_it(client):
    """A finished game can be reopened, and the refusal says so (it said "start a new one"),
    to the API and on the page; reopened, the same turn is recorded."""
    game = _new_game(client)
    key = game["table_key"]
    done = client.post(f"/api/games/{key}/finish", json={"racks": RACKS})
    assert done.status_code == 200
    said = "This game is finished: reopen it to add a turn."
    assert _api_refusal(client.post(f"/api/games/{key}/turns",
                                    json={"words": "QI", "score": 11})) == said
    assert _page_refusal(_turn_by_form(client, done.get_json(), words="QI", score="11")) == said
    assert client.post(f"/api/games/{key}/reopen", json={}).status_code == 200
    assert client.post(f"/api/games/{key}/turns",
                       json={"words": "QI", "score": 11}).status_code == 201


def test_a_photo_for_a_finished_game_says_to_reopen_it(client):
    game = _new_game(client)
    key = game["table_key"]
    assert client.post(f"/api/games/{key}/finish", json={"racks": RACKS}).status_code == 200
    resp = client.post(f"/api/games/{key}/photos", data=b"not read",
                       content_type="image/jpeg")
    assert _api_refusal(resp) == "This game is finished: reopen it to add a board photo."


def test_a_take_back_without_its_version_says_what_each_must_do(client):
    """The API is told to send "version"; a page that did not send it (it always does), to
    reload (the API was told to reload the page)."""
    game = _new_game(client)
    key = game["table_key"]
    client.post(f"/api/games/{key}/turns", json={"words": "QI", "score": 11})
    api = _api_refusal(client.post(f"/api/games/{key}/undo", json={}))
    assert '"version"' in api and not PAGE_WORDS.search(api)
    page = _page_refusal(client.post(f"/games/{key}/undo",
                                     data={"csrf_token": token(client)}))
    assert "reload the page" in page and '"version"' not in page
    assert len(client.get(f"/api/games/{key}").get_json()["turns"]) == 1


# -- racks at the end: for the game's seats only ---------------------------------------------

@pytest.mark.parametrize("seat", ["5", "2", "12", "-1", "99999999999999999999"])
def test_a_rack_for_a_seat_the_game_has_not_is_refused_and_nothing_recorded(client, seat):
    """A rack sent for seat 5 of a two-player game was ignored and the game ended without it;
    a seat past 9 was "Seat must be between 0 and 9.", a range of the input's own. Each is
    refused naming the seats the game has, and the game is not ended."""
    game = _new_game(client)
    key = game["table_key"]
    said = _api_refusal(client.post(f"/api/games/{key}/finish",
                                    json={"racks": RACKS | {seat: "ABC"}}))
    assert said.startswith("There is no seat ") and "0 (Ann) and 1 (Bob)" in said
    assert "between" not in said and not PAGE_WORDS.search(said)
    assert client.get(f"/api/games/{key}").get_json()["finished"] is False
    page = client.post(f"/games/{key}/finish", data={
        "csrf_token": token(client), "version": game["version"],
        **{f"rack{s}": r for s, r in RACKS.items()}, f"rack{seat}": "ABC"})
    if seat.isdigit():  # a box the form could name
        assert _page_refusal(page) == said
    assert client.get(f"/api/games/{key}").get_json()["finished"] is False
    assert client.post(f"/api/games/{key}/finish", json={"racks": RACKS}).status_code == 200


def test_a_seats_rack_sent_twice_or_under_no_seat_is_refused(client):
    """"1" and "01" are one seat: the second was taken silently in place of the first; a key
    that is no seat ("", "x") was read as seat 0 or refused as "Seat"."""
    game = _new_game(client)
    key = game["table_key"]
    for racks, said in [({"1": "HIJKLMN", "01": ""}, "The rack of seat 1 is sent twice: "
                         "send it once."),
                        ({"": "HIJKLMN"}, "\"racks\" holds each rack under its player's seat, "
                         "a whole number from 0, not ''."),
                        ({"x": "HIJKLMN"}, "\"racks\" holds each rack under its player's seat, "
                         "a whole number from 0, not 'x'.")]:
        resp = client.post(f"/api/games/{key}/finish", json={"racks": {"0": "ABCDEFG"} | racks})
        assert _api_refusal(resp) == said
    assert client.get(f"/api/games/{key}").get_json()["finished"] is False


@pytest.mark.parametrize("players", [("Ann",), ("Ann", "Bob", "Cy")])
def test_the_end_form_has_a_box_for_each_seat_and_no_other(client, players):
    """The page never sends a rack for a seat the game has not: its boxes are its players'."""
    game = _new_game(client, "werdup", players)
    page = client.get(f"/games/{game['table_key']}").get_data(as_text=True)
    form = page[page.index('id="finish-form"'):page.index("</form>", page.index(
        'id="finish-form"'))]
    assert re.findall(r'name="(rack[^"]*)"', form) == [f"rack{s}" for s in range(len(players))]


# -- a change from a view the game has moved on from (409) -----------------------------------

def test_a_change_to_a_game_moved_on_tells_the_client_to_fetch_it_again(client):
    """The API was told "since this page was shown ...; here it is as it stands now", of a
    page it never saw and a game its answer did not hold: it is told to fetch the game again
    and send its version; a page's form still shows the game as it stands."""
    game = _new_game(client)
    key = game["table_key"]
    assert client.post(f"/api/games/{key}/turns", json={"words": "QI", "score": 11}
                       ).status_code == 201
    for url, body in [("turns", {"words": "ZA", "score": 11}), ("undo", {}),
                      ("finish", {"racks": RACKS}), ("reopen", {})]:
        resp = client.post(f"/api/games/{key}/{url}", json=body | {"version": game["version"]})
        assert resp.status_code == 409, url
        said = resp.get_json()["error"]
        assert "GET /api/games/<key>" in said and '"version"' in said, url
        assert not PAGE_WORDS.search(said) and "here it is" not in said, url
    page = client.post(f"/games/{key}/turns", data={
        "csrf_token": token(client), "version": game["version"], "words": "ZA", "score": "11"})
    assert page.status_code == 409
    found = re.search(r'id="error"[^>]*>(.*?)</p>', page_said(page), re.S)
    assert found and "since this page was shown" in found.group(1)
    assert "here it is as it stands now" in found.group(1)
    assert len(client.get(f"/api/games/{key}").get_json()["turns"]) == 1


def test_a_press_on_a_clock_moved_on_tells_the_client_to_fetch_it_again(client):
    game = _new_game(client, clock_minutes=25)
    resp = client.post(f"/api/games/{game['table_key']}/clock", json={"running": 1})
    assert resp.status_code == 409
    said = resp.get_json()["error"]
    assert "pressed meanwhile" in said and '"running"' in said and "/clock" in said
    assert not PAGE_WORDS.search(said) and "here it is" not in said


# -- the Word Girdle's refusals, each in its place -------------------------------------------

GIRDLE_DAY = "2026-12-01"


def test_an_empty_girdle_sheet_is_typed_on_the_page_and_sent_as_solution_to_the_api(client):
    """The API was told to "type" its words; it is told the field to send them in. The day's
    page, which says its refusals through ``said_on_page`` (it showed the raw message), still
    asks the player to type them."""
    player = client.post("/api/girdle/players", json={}).get_json()["player"]
    api = _api_refusal(client.post(f"/api/girdle/{GIRDLE_DAY}/submissions",
                                   json={"solution": "  ", "player": player}))
    assert '"solution"' in api and not PAGE_WORDS.search(api) and "Type" not in api
    page = client.post(f"/girdle/{GIRDLE_DAY}", data={"csrf_token": token(client),
                                                       "solution": " "})
    assert _page_refusal(page) == "Type your words, one per line, e.g. JUMPING 1."


def test_a_missing_photo_is_chosen_on_the_page_and_sent_as_the_body_to_the_api(client):
    """"Choose a photo of your sheet first." told a program sending an empty body to choose;
    it is told what to send. The Girdle's page says its own sentence, as the board's and the
    cards' do."""
    api = _api_refusal(client.post(f"/api/girdle/{GIRDLE_DAY}/photo", data=b"",
                                   content_type="image/jpeg"))
    assert api.startswith("Send a photo of your sheet: the image as the request's body")
    assert "Choose" not in api
    page = client.post(f"/girdle/{GIRDLE_DAY}/photo", data={"csrf_token": token(client),
                                                             "solution": "CAT 1"},
                       content_type="multipart/form-data")
    assert _page_refusal(page) == "Choose a photo of your sheet first."
    assert re.search(r"<textarea[^>]*>\s*CAT 1</textarea>", page.get_data(as_text=True))
    for url, what in [(f"/api/games/{_new_game(client)['table_key']}/photos", "the board"),
                      ("/api/pdq/cards", "the cards")]:
        said = _api_refusal(client.post(url, data=b"", content_type="image/jpeg"))
        assert said.startswith(f"Send a photo of {what}: "), url


def test_a_change_refused_by_the_database_is_worded_for_where_it_is_read(sqlite_app):
    """Two changes at the same moment, one refused by the database: the API was told to
    "reload and try again", a page's words."""
    from sqlalchemy.exc import IntegrityError

    def clash():
        raise IntegrityError("INSERT", {}, Exception("UNIQUE constraint failed"))

    sqlite_app.add_url_rule("/api/clash", "api_clash", clash)
    sqlite_app.add_url_rule("/clash", "page_clash", clash)
    client = sqlite_app.test_client()
    api = client.get("/api/clash")
    assert api.status_code == 409
    said = api.get_json()["error"]
    assert said == "Someone changed this at the same moment; send the request again."
    assert not PAGE_WORDS.search(said)
    page = client.get("/clash")
    assert page.status_code == 409
    assert "reload and try again." in unescape(page.get_data(as_text=True))
