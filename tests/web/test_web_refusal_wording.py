"""The web app's refusals: each limit stated by its one owner."""

from __future__ import annotations

import re
from html import unescape

import pytest
from appfactory import page_said, token

from companion.tables import TABLE_GAMES, table_for
from companion.web.scoresheet import MAX_TURN_SCORE


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
