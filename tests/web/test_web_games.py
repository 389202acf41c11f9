"""Score-sheet games: pages, API, storage and transactions, on SQLite and PostgreSQL."""

import datetime as dt
import html
import re
from pathlib import Path

import pytest
from appfactory import page_said, token

from companion.dates import day_shown
from companion.web import scoresheet
from companion.web.db import session
from companion.web.models import Game, Turn


def _new_game(client, kind="bugwords", players=("Ann", "Bob")):
    resp = client.post("/api/games", json={"game": kind, "players": list(players)})
    assert resp.status_code == 201
    return resp.get_json()


def test_game_api_round_trip(app):
    client = app.test_client()
    game = _new_game(client)
    gid = game["table_key"]
    client.post(f"/api/games/{gid}/turns", json={"words": "cat", "score": 10})
    client.post(f"/api/games/{gid}/turns", json={"action": "pass"})
    data = client.post(f"/api/games/{gid}/turns", json={"words": "dog", "score": 12}).get_json()
    assert [t["total"] for t in data["turns"]] == [10, 0, 22]
    assert data["next_seat"] == 1
    # Bug Words end: Bob holds Q and Z (20); Ann went out and adds them.
    done = client.post(f"/api/games/{gid}/finish", json={"racks": {"1": "QZ"}}).get_json()
    assert [(p["name"], p["end_adjustment"], p["total"]) for p in done["players"]] == [
        ("Ann", 20, 42), ("Bob", -20, -20)]
    assert client.get(f"/api/games/{gid}").get_json() == done
    again = client.post(f"/api/games/{gid}/turns", json={"score": 1})
    assert again.status_code == 400 and "reopen it" in again.get_json()["error"]


def test_werdup_end_costs_five_per_tile(app):
    client = app.test_client()
    gid = _new_game(client, "werdup", ("A", "B", "C"))["table_key"]
    client.post(f"/api/games/{gid}/turns", json={"score": 12})
    done = client.post(f"/api/games/{gid}/finish",
                       json={"racks": {"0": "", "1": "QUE", "2": "ST"}}).get_json()
    assert [p["end_adjustment"] for p in done["players"]] == [0, -10, -10]


def test_an_end_adjustment_of_nothing_reads_0(client):
    """The player who went out in WerdUp loses nothing: their End cell reads "0" on the game
    page and the printed sheet, as every bonus or penalty is written (never "+0")."""
    gid = _new_game(client, "werdup", ("Ann", "Bob"))["table_key"]
    client.post(f"/api/games/{gid}/turns", json={"score": 12})
    client.post(f"/api/games/{gid}/finish", json={"racks": {"0": "", "1": "AB"}})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    totals = page[page.index('id="totals"'):page.index("</table>", page.index('id="totals"'))]
    ends = re.findall(r'<td class="num">([^<]*)</td>\s*<td class="num">', totals)
    assert ends == ["0", "-10"]
    sheet = client.get(f"/games/{gid}/print").get_data(as_text=True)
    end_row = re.search(r'<td class="turn">End</td>(.*?)</tr>', sheet).group(1)
    assert re.findall(r"<td>([^<]+)</td>", end_row) == ["0", "-10"]


@pytest.mark.parametrize(
    ("url", "body", "status", "message"),
    [
        ("/api/games", {"game": "chess", "players": ["a", "b"]}, 400, "Unknown game"),
        ("/api/games", {"game": "bugwords", "players": ["a"]}, 400, "2 to 4 players"),
        ("/api/games", {"game": "werdup", "players": list("abcde")}, 400, "1 to 4 players"),
        ("/api/games", {"game": "werdup", "players": "ab"}, 400,
         '"players" must be a list of strings.'),
        ("/api/games", {"game": "werdup", "players": ["a" * 41, "b"]}, 400, "40 characters"),
        ("/api/games/999/turns", {"score": 1}, 404, "no game at this link"),
        ("/api/games/" + "x" * 22 + "/turns", {"score": 1}, 404, "no game at this link"),
        ("/api/games/{id}/turns", {"score": 5000}, 400, "between 0 and 2000"),
        ("/api/games/{id}/turns", {"score": "ten"}, 400, "whole number"),
        ("/api/games/{id}/turns", {"seat": 7}, 400, "Choose one of this game's players"),
        ("/api/games/{id}/turns", {"action": "cheat"}, 400, "one of: play, pass, swap"),
        ("/api/games/{id}/turns", [1], 400, "JSON object"),
        ("/api/games/{id}/turns", {}, 400, "Nothing to record"),
        ("/api/games/{id}/turns", {"action": None, "score": 0}, 400, "Nothing to record"),
        ("/api/games/{id}/turns", {"words": "jo"}, 400, "Type the score of JO too"),
        ("/api/games/{id}/turns", {"words": ["cat"], "score": 5}, 400,
         '"words" must be a string.'),
        ("/api/games/{id}/turns", {"play": 8}, 400, '"play" must be a string.'),
        ("/api/games/{id}/finish", {"racks": {"0": "A1"}}, 400, "is not a Bug Words tile"),
        ("/api/games/{id}/finish", {"racks": "AB"}, 400,
         '"racks" must be an object of strings.'),
    ],
)
def test_game_api_bad_input(client, url, body, status, message):
    gid = _new_game(client)["table_key"]
    resp = client.post(url.replace("{id}", str(gid)), json=body)
    assert resp.status_code == status
    assert message in resp.get_json()["error"]


@pytest.mark.parametrize(("kind", "example", "elsewhere"),
                         [("bugwords", "8H QUIZ", "5E QUIZ"), ("werdup", "5E QUIZ", "8H QUIZ")])
def test_an_empty_turn_form_records_nothing(client, kind, example, elsewhere):
    """Tapping "Add turn" with nothing typed is a message, not a 0-point play that moves the
    game on to the next player; its example is a first play on this game's board (8H QUIZ
    runs off WerdUp's 10 x 10 board)."""
    game = _new_game(client, kind)
    key = game["table_key"]
    resp = client.post(f"/games/{key}/turns", data={
        "csrf_token": token(client), "version": game["version"], "action": "play",
        "play": "", "words": "", "score": ""})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert f"Nothing to record: type the play (e.g. {example})" in page
    assert elsewhere not in page
    after = client.get(f"/api/games/{key}").get_json()
    assert after["turns"] == [] and after["next_seat"] == 0


@pytest.mark.parametrize("score", ["abc", "2001", "-3"])
def test_a_refused_hand_scored_turn_keeps_the_words_and_score_typed(client, score):
    """Words scored by hand with a score that is not one come back as typed, the score box
    marked as the field at fault (the words and score were dropped)."""
    game = _new_game(client)
    resp = client.post(f"/games/{game['table_key']}/turns", data={
        "csrf_token": token(client), "version": game["version"], "action": "play",
        "play": "", "words": "QUIZ QI", "score": score})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert re.search(r'name="words"[^>]*value="QUIZ QI"', page)
    assert re.search(rf'name="score"[^>]*value="{score}"[^>]*aria-invalid="true"', page)
    assert client.get(f"/api/games/{game['table_key']}").get_json()["turns"] == []


@pytest.mark.parametrize("words", ["jo", "QUIZ QI"])
def test_words_typed_without_a_score_are_refused(client, words):
    """Words typed by hand with the score box left empty were recorded as scoring 0, the
    turn passing to the next player: they are refused, the words kept and the score box
    marked; 0 typed is a score of 0."""
    game = _new_game(client)
    fields = {"csrf_token": token(client), "version": game["version"], "action": "play",
              "play": "", "words": words, "score": ""}
    resp = client.post(f"/games/{game['table_key']}/turns", data=fields)
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert (f"Type the score of {words.upper()} too (0 if it scored nothing), or the play "
            "itself to have it scored.") in page
    assert re.search(rf'name="words"[^>]*value="{words}"', page)
    assert re.search(r'name="score"[^>]*value=""[^>]*aria-invalid="true"', page)
    assert client.get(f"/api/games/{game['table_key']}").get_json()["turns"] == []
    resp = client.post(f"/games/{game['table_key']}/turns", data={**fields, "score": "0"})
    assert resp.status_code == 302
    turns = client.get(f"/api/games/{game['table_key']}").get_json()["turns"]
    assert [(t["words"], t["score"]) for t in turns] == [(words.upper(), 0)]


def test_a_refused_turn_keeps_the_player_and_action_chosen(client):
    """A turn for the second player refused comes back with that player and the action still
    chosen, not the player whose turn it is."""
    game = _new_game(client)
    resp = client.post(f"/games/{game['table_key']}/turns", data={
        "csrf_token": token(client), "version": game["version"], "action": "play",
        "seat": "1", "play": "A1 QQQQ"})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert re.search(r'<option value="1"\s+selected>', page)
    assert not re.search(r'<option value="0"\s+selected>', page)
    assert re.search(r'<option value="play"\s+selected>Play', page)


def test_a_refused_new_game_form_keeps_what_was_typed(client):
    """A new game refused (here: Bug Words with one player) comes back with the game, the
    names and the table rules as typed, and the games this phone already has."""
    first = _new_game(client, players=("Cy", "Di"))
    client.get(f"/games/{first['table_key']}")  # remembered by this phone
    resp = client.post("/games", data={
        "csrf_token": token(client), "game": "bugwords", "player": ["Ann", "", ""],
        "challenge_rule": "double", "clock_minutes": "25", "clock_penalty": "5"})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert "Bug Words needs 2 to 4 players" in page
    assert re.search(r'<option value="bugwords"[^>]*\sselected>', page)
    assert re.search(r'name="player"[^>]*value="Ann"', page)
    assert re.search(r'<option value="double"[^>]*\sselected>', page)
    assert re.search(r'id="challenge-summary">[^<]*loses their next turn', page)
    assert re.search(r'id="clock_minutes"[^>]*value="25"', page)
    assert re.search(r'id="clock_penalty"[^>]*value="5"', page)
    assert '<details id="table-settings" open>' in page
    assert "Cy, Di" in page  # the list of this phone's games is still there


def test_two_players_of_one_name_are_refused_and_the_names_kept(client):
    """Two Anns at one table could not be told apart on the sheet ("Ann wins", a seat list
    of Ann and Ann): the form comes back with the names as typed and nothing is started."""
    resp = client.post("/games", data={
        "csrf_token": token(client), "game": "bugwords", "player": ["Ann", "Bob", "ann"]})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert "Two players are called ann: give each player a name of their own" in page
    assert [re.search(rf'id="player-{i}"[^>]*value="([^"]*)"', page).group(1)
            for i in (1, 2, 3)] == ["Ann", "Bob", "ann"]
    api = client.post("/api/games", json={"game": "werdup", "players": ["Ann", "Ann"]})
    assert api.status_code == 400 and "Two players are called Ann" in api.get_json()["error"]
    assert "Your games" not in client.get("/games").get_data(as_text=True)


def test_your_games_names_each_game_as_its_page_does(client):
    """"Your games" listed "#1 Bug Words: Ann, Bob" for the game whose page, tab and clock
    are "Bug Words #1": it is named the same way there."""
    game = _new_game(client, "werdup", ("Ann", "Bob", "Cy"))
    page = client.get(f"/games/{game['table_key']}").get_data(as_text=True)
    named = re.search(r"<h1>([^<]*)</h1>", page).group(1)
    assert named == f"WerdUp #{game['id']}"
    listed = re.search(r'<ul class="list" id="recent">\s*<li><a [^>]*>([^<]*)</a>',
                       client.get("/games").get_data(as_text=True)).group(1)
    assert " ".join(listed.split()) == f"{named}: Ann, Bob, Cy"


@pytest.mark.parametrize(("kind", "said", "not_said"),
                         [("bugwords", "? is a blank", "Qu tile"),
                          ("werdup", "Qu for the Qu tile; WerdUp has no blanks", "? is a blank")])
def test_the_end_of_game_form_says_how_this_games_tiles_are_typed(client, kind, said,
                                                                  not_said):
    """WerdUp has no blank (its "?" is refused) but a Qu tile: the form says so, not the
    Bug Words hint."""
    game = _new_game(client, kind)
    page = client.get(f"/games/{game['table_key']}").get_data(as_text=True)
    form = page[page.index('id="finish-form"'):page.index("</form>", page.index(
        'id="finish-form"'))]
    assert f"leave empty for the player who went out; {said})." in form
    assert not_said not in form
    if kind == "werdup":
        refused = client.post(f"/api/games/{game['table_key']}/finish",
                              json={"racks": {"0": "", "1": "?"}})
        assert refused.status_code == 400
        assert refused.get_json()["error"] == (
            "Player Bob's rack: cannot read the tiles '?': write letters only (Qu for the Qu "
            "tile).")


def test_a_refused_finish_keeps_the_racks_typed(client):
    """A rack with a typo (A1) is named, and every rack comes back as typed, the form open."""
    game = _new_game(client)
    key = game["table_key"]
    resp = client.post(f"/games/{key}/finish", data={
        "csrf_token": token(client), "version": game["version"], "rack0": "QZ",
        "rack1": "A1"})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    # whose rack it is, since every rack box is marked
    assert ("Player Bob's rack: '1' is not a Bug Words tile (use ? for a blank)."
            in html.unescape(page))
    assert re.search(r'id="rack0"[^>]*value="QZ"', page)
    assert re.search(r'id="rack1"[^>]*value="A1"', page)
    assert re.search(r"<details open>\s*<summary>End the game", page)
    assert client.get(f"/api/games/{key}").get_json()["finished"] is False
    # only the box of the rack named is marked wrong (Ann's QZ is fine)
    assert re.search(r'id="rack1"[^>]*aria-invalid="true"', page)
    assert not re.search(r'id="rack0"[^>]*aria-invalid', page)


@pytest.mark.parametrize(("racks", "said"), [
    ({"rack0": "A" * 17, "rack1": "QZ"}, "a rack holds 7 tiles, typed in 13 characters at most"),
    ({"rack0": "", "rack1": "ABCDEFGH"}, "the rack ABCDEFGH has 8 tiles; a rack holds 7"),
    ({"rack0": "E", "rack1": "Z Z"}, "the rack ZZ has 2 Z tiles, the set has 1")])
def test_a_rack_no_game_deals_marks_that_players_box(client, racks, said):
    """A rack longer than a rack is typed, with more tiles than a rack holds or more of a
    tile than the set has (the engine's rule) is refused on that player's box."""
    game = _new_game(client)
    resp = client.post(f"/games/{game['table_key']}/finish", data={
        "csrf_token": token(client), "version": game["version"], **racks})
    assert resp.status_code == 400
    page = html.unescape(resp.get_data(as_text=True))
    bad = next(k for k, v in racks.items() if len(v) > 2 or "Z" in v)
    good = next(k for k in racks if k != bad)
    name = {"rack0": "Ann", "rack1": "Bob"}[bad]
    assert f"Player {name}'s rack: {said}." in page
    assert re.search(rf'id="{bad}"[^>]*aria-invalid="true"', page)
    assert not re.search(rf'id="{good}"[^>]*aria-invalid', page)
    assert client.get(f"/api/games/{game['table_key']}").get_json()["finished"] is False


def _finish_refused(client, kind: str, play: str, racks: dict[str, str],
                    said: str) -> tuple[str, str]:
    """Play ``play`` in a new game of ``kind``, then finish with ``racks``: refused with
    ``said`` on the page and by the API, only the named player's box marked, every rack kept
    as typed. Returns the game's key and the box at fault."""
    game = _new_game(client, kind)
    key = game["table_key"]
    version = client.post(f"/api/games/{key}/turns", json={"play": play}).get_json()["version"]
    resp = client.post(f"/games/{key}/finish", data={
        "csrf_token": token(client), "version": version, **racks})
    assert resp.status_code == 400
    page = html.unescape(resp.get_data(as_text=True))
    assert said in page
    bad, good = ("rack1", "rack0") if said.startswith("Player Bob") else ("rack0", "rack1")
    assert re.search(rf'id="{bad}"[^>]*aria-invalid="true"', page)
    assert not re.search(rf'id="{good}"[^>]*aria-invalid', page)
    for box, typed in racks.items():
        assert re.search(rf'id="{box}"[^>]*value="{re.escape(typed)}"', page) or not typed
    assert client.get(f"/api/games/{key}").get_json()["finished"] is False
    api = client.post(f"/api/games/{key}/finish",
                      json={"racks": {k[4:]: v for k, v in racks.items()}})
    assert api.status_code == 400 and api.get_json()["error"] == said
    return key, bad


@pytest.mark.parametrize(("kind", "play", "racks", "said"), [
    ("bugwords", "8H QUIZ", {"rack0": "E", "rack1": "AZ"},
     "Player Bob's rack: the rack AZ has 1 Z tile, but the set has 1, and 1 is on the board."),
    ("bugwords", "8H QUIz", {"rack0": "??", "rack1": ""},
     "Player Ann's rack: the rack ?? has 2 blanks (?), but the set has 2, and 1 is on the board."),
    ("bugwords", "8H QUIz", {"rack0": "?", "rack1": "?E"},
     "Player Bob's rack: the rack ?E has 1 blank (?), but the set has 2, and 1 is on the board "
     "and 1 is on the racks before it."),
    ("werdup", "5E QUIT", {"rack0": "", "rack1": "Qu"},
     "Player Bob's rack: the rack Qu has 1 Qu tile, but the set has 1, and 1 is on the "
     "board."),
    # an empty rack says its player went out, which the bag still holding tiles rules out
    ("bugwords", "8H QUIZ", {"rack0": "", "rack1": "AE"},
     "Player Ann's rack: it is empty, but Ann still holds 7 tiles by the plays on the sheet "
     "(the bag has 82 more), so has not gone out: type the tiles left on the rack."),
    ("werdup", "5E QUIT", {"rack0": "ABCDEFG", "rack1": ""},
     "Player Bob's rack: it is empty, but Bob still holds 7 tiles by the plays on the sheet "
     "(the bag has 83 more), so has not gone out: type the tiles left on the rack.")])
def test_a_rack_holding_tiles_that_are_on_the_board_is_refused(client, kind, play, racks,
                                                                said):
    """The racks left at the end are checked against the tiles not on the board (the
    engine's rule, from the plays on the sheet): a tile the set has no more of is refused in
    a sentence naming the player, that box marked and every rack kept as typed."""
    _finish_refused(client, kind, play, racks, said)


@pytest.mark.parametrize(("kind", "play", "racks", "said"), [
    ("bugwords", "8H QUIZ", {"rack0": "AEI", "rack1": "AEIORST"},
     "Player Ann's rack: it has 3 tiles, but Ann holds 7 tiles by the plays on the sheet (the "
     "bag has 82 more): type every tile left on the rack."),
    ("werdup", "5E QUIT", {"rack0": "ABCDEFG", "rack1": "E S"},
     "Player Bob's rack: it has 2 tiles, but Bob holds 7 tiles by the plays on the sheet (the "
     "bag has 83 more): type every tile left on the rack.")])
def test_a_rack_left_with_fewer_tiles_than_the_count_says_is_refused(client, kind, play,
                                                                      racks, said):
    """The rack typed at the end holds as many tiles as the sheet's count says its player
    holds (the engine's count, from the plays on the sheet): a shorter one is refused in a
    sentence naming the player, only that box marked, every rack kept as typed."""
    key, bad = _finish_refused(client, kind, play, racks, said)
    # the racks the count says are taken
    whole = {**racks, bad: "E" * 7}
    done = client.post(f"/api/games/{key}/finish",
                       json={"racks": {k[4:]: v for k, v in whole.items()}})
    assert done.status_code == 200, done.get_json()


def test_racks_are_not_checked_against_plays_entered_as_words_and_a_score(client):
    """A play entered as words and a score does not say which tiles it placed: the racks
    can then only be checked as racks."""
    game = _new_game(client)
    key = game["table_key"]
    client.post(f"/api/games/{key}/turns", json={"play": "8H QUIZ"})
    client.post(f"/api/games/{key}/turns", json={"words": "zoo", "score": 12})
    done = client.post(f"/api/games/{key}/finish", json={"racks": {"0": "", "1": "E"}})
    assert done.status_code == 200, done.get_json()


def test_the_end_of_game_form_says_the_tiles_held_only_while_the_sheet_counts_them(client):
    """Beside each rack box, the tiles its player holds by the sheet's count (a full rack
    each while the bag holds tiles); once a play is entered as words and a score the count
    is not known, and the form says nothing rather than a wrong number."""
    game = _new_game(client)
    key = game["table_key"]

    def held() -> list[str]:
        page = client.get(f"/games/{key}").get_data(as_text=True)
        assert 'id="finish-form"' in page
        return re.findall(r'id="rack\d-held">([^<]*)<', page)

    client.post(f"/api/games/{key}/turns", json={"play": "8H QUIZ"})
    assert held() == ["holds 7 tiles", "holds 7 tiles"]
    client.post(f"/api/games/{key}/turns", json={"words": "zoo", "score": 12})
    assert held() == []


@pytest.mark.parametrize("kind", ["werdup", "bugwords"])
def test_the_game_json_says_the_tiles_each_player_holds_while_the_sheet_counts_them(client,
                                                                                    kind):
    """The game's JSON carries the count the end-of-game form shows
    (``scoresheet.tiles_held``): a full rack each in a fresh game and after a play (the
    player drew again), and null for everyone once a play is entered as words and a
    score."""
    game = _new_game(client, kind, ("Ann", "Bob", "Cy"))
    key = game["table_key"]
    assert [p["tiles_held"] for p in game["players"]] == [7, 7, 7]
    play = "8H QUIZ" if kind == "bugwords" else "5E QUIT"
    game = client.post(f"/api/games/{key}/turns", json={"play": play}).get_json()
    assert [p["tiles_held"] for p in game["players"]] == [7, 7, 7]
    assert [p["tiles_held"] for p in client.get(f"/api/games/{key}").get_json()["players"]
            ] == [7, 7, 7]
    game = client.post(f"/api/games/{key}/turns", json={"words": "zoo", "score": 12}
                       ).get_json()
    assert [p["tiles_held"] for p in game["players"]] == [None, None, None]


@pytest.mark.parametrize("kind", ["werdup", "bugwords"])
def test_the_rack_boxes_take_what_the_engine_says_a_rack_is_typed_with(client, kind):
    """Each rack box's length is the game's (a full rack of its longest tiles, spaced), and
    a rack that long is taken."""
    from companion.tables import table_for

    table = table_for(kind)
    game = _new_game(client, kind)
    page = client.get(f"/games/{game['table_key']}").get_data(as_text=True)
    boxes = re.findall(r'<input id="rack\d"[^>]*maxlength="(\d+)"', page)
    assert boxes == [str(table.rack_chars)] * 2
    full = " ".join(sorted(table.tile_set.bag(), key=len, reverse=True)[:table.rack_size])
    assert len(full) == table.rack_chars
    resp = client.post(f"/games/{game['table_key']}/finish", data={
        "csrf_token": token(client), "version": game["version"], "rack0": full, "rack1": "E" * 7})
    assert resp.status_code == 302, resp.get_data(as_text=True)
    done = client.get(f"/api/games/{game['table_key']}").get_json()
    assert done["finished"] and done["players"][0]["end_adjustment"] < 0


def test_game_pages_walk_through(app):
    client = app.test_client()
    tok = token(client)
    resp = client.post("/games", data={"game": "werdup", "player": ["Ann", "Bob", ""],
                                       "csrf_token": tok})
    assert resp.status_code == 302
    url = resp.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    assert "WerdUp #" in page and "to play" in page
    client.post(url + "/turns", data={"seat": "0", "action": "play", "words": "zap",
                                      "score": "14", "csrf_token": tok})
    client.post(url + "/turns", data={"seat": "1", "action": "play", "words": "qi",
                                      "score": "9", "csrf_token": tok})
    version = re.search(r'name="version" value="(\d+)"', client.get(url).get_data(
        as_text=True)).group(1)
    client.post(url + "/undo", data={"csrf_token": tok, "version": version})
    page = client.get(url).get_data(as_text=True)
    turns = page[page.index('id="turns"'):page.index("</table>", page.index('id="turns"'))]
    assert "ZAP" in turns and "QI" not in turns  # (not in the page: a random key may hold it)
    bad = client.post(url + "/turns", data={"score": "-3", "csrf_token": tok})
    assert bad.status_code == 400 and "between 0 and 2000" in bad.get_data(as_text=True)
    client.post(url + "/finish", data={"rack0": "", "rack1": "AB", "csrf_token": tok})
    sheet = client.get(url + "/print").get_data(as_text=True)
    assert "WerdUp - game #" in sheet and "ZAP 14" in sheet and "-10" in sheet
    # the day the game began, written as the Girdle sheet writes a day (not 2026-12-05)
    began = re.search(r'<time datetime="(\d{4}-\d\d-\d\d)">\(([^)]*)\)</time>', sheet)
    assert began, sheet
    assert began.group(2) == day_shown(dt.date.fromisoformat(began.group(1)), weekday=False)
    assert re.fullmatch(r"[1-9]\d? [A-Z][a-z]+ \d{4}", began.group(2))
    assert "Ann" in client.get("/games").get_data(as_text=True)


def test_game_forms_need_the_token(client):
    resp = client.post("/games", data={"game": "werdup", "player": ["a", "b"]})
    assert resp.status_code == 400
    with client.application.app_context():
        assert session().query(Game).count() == 0  # nothing was created


def test_game_page_errors(client):
    assert client.get("/games/12345").status_code == 404
    assert client.get("/games/" + "A" * 22).status_code == 404
    tok = token(client)
    resp = client.post("/games", data={"game": "bugwords", "player": ["solo"], "csrf_token": tok})
    assert resp.status_code == 400 and "2 to 4 players" in resp.get_data(as_text=True)
    gid = _new_game(client)["table_key"]
    resp = client.post(f"/games/{gid}/undo", data={"csrf_token": tok})
    assert resp.status_code == 400 and "reload the page" in resp.get_data(as_text=True)
    resp = client.post(f"/games/{gid}/undo", data={"csrf_token": tok, "version": "0"})
    assert resp.status_code == 400 and "no turn to take back" in resp.get_data(as_text=True)


def test_a_failure_half_way_saves_nothing(app, monkeypatch):
    """The turn is added, then the request fails before committing: no trace remains."""
    client = app.test_client()
    game = _new_game(client)
    gid = game["table_key"]
    original = scoresheet.add_turn

    def add_then_fail(db, game, **kw):
        original(db, game, **kw)  # the turn is written to the database (flushed) ...
        raise RuntimeError("disk unplugged")  # ... then the request dies before commit

    monkeypatch.setattr(scoresheet, "add_turn", add_then_fail)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    resp = client.post(f"/api/games/{gid}/turns", json={"score": 30})
    assert resp.status_code == 500
    with app.app_context():
        assert session().query(Turn).count() == 0
        assert session().get(Game, game["id"]).turns == []


def test_plays_are_scored_by_the_bugwords_rules_and_exported_as_gcg(app):
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.replay import replay

    client = app.test_client()
    game = _new_game(client)
    gid = game["table_key"]
    first = client.post(f"/api/games/{gid}/turns", json={"play": "8H QUIZ"})
    assert first.status_code == 201
    turn = first.get_json()["turns"][0]
    # Q10 U1 I1 Z10 = 22, doubled by the centre square
    assert turn["score"] == 44 and turn["words"] == "QUIZ"
    assert turn["detail"]["words"] == [{"word": "QUIZ", "shown": "QUIZ", "score": 44,
                                        "arithmetic": "Q 10 + U 1 + I 1 + Z 10 = 22, "
                                                      "x2 = 44"}]
    bad = client.post(f"/api/games/{gid}/turns", json={"play": "8A XQZT"})
    assert bad.status_code == 400 and "XQZT" in bad.get_json()["error"]
    client.post(f"/api/games/{gid}/turns", json={"play": "K8 .ANY"})
    client.post(f"/api/games/{gid}/turns", json={"action": "pass"})
    # Bob's rack: the set's one Q is on the board, so not Q (the finish refuses that); with
    # the bag full, neither player has gone out, and each holds a full rack
    done = client.post(f"/api/games/{gid}/finish",
                       json={"racks": {"0": "AEEIORS", "1": "JVAEINT"}})
    assert done.status_code == 200, done.get_json()
    text = client.get(f"/api/games/{gid}/gcg").get_data(as_text=True)
    rec = parse_gcg(text)
    assert [m.kind for m in rec.moves] == ["place", "place", "pass", "rack_penalty",
                                           "rack_penalty"]
    result = replay(rec)
    assert result.mismatches == 0  # the engine re-scores every play the same
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="board"' in page and 'id="gcg-link"' in page
    dl = client.get(f"/games/{gid}.gcg")
    assert dl.headers["Content-Disposition"].endswith(f'bugwords-{game["id"]}.gcg"')


def test_a_werdup_breakdown_names_the_stack_as_the_command_line_does(client, tmp_path,
                                                                     capsys):
    """A stacked letter's part of the sum says its stack: the sheet wrote "T2 2" (a stack of
    2, worth 2), which no player could read; the command line prints the same words."""
    from companion.cli import main

    gid = _new_game(client, "werdup")["table_key"]
    before = client.post(f"/api/games/{gid}/turns", json={"play": "5E QUIZ"}).get_json()
    client.post(f"/api/games/{gid}/turns", json={"play": "5E QUIT"})
    line = "QUIT: QU 2 + I 2 + T 2 (stack of 2) = 6"
    assert f"<li>{html.escape(line)}</li>" in page_said(client.get(f"/games/{gid}"))
    position = tmp_path / "position.txt"
    position.write_text(before["board"]["text"])
    assert main(["werdup", "score", str(position), "5E QUIT"]) == 0
    assert f"  {line}\n" in capsys.readouterr().out


def test_werdup_plays_stack_and_score(client):
    gid = _new_game(client, "werdup")["table_key"]
    client.post(f"/api/games/{gid}/turns", json={"play": "5E QUIZ"})
    data = client.post(f"/api/games/{gid}/turns", json={"play": "5E QUIT"}).get_json()
    assert [t["score"] for t in data["turns"]] == [6, 6]  # Qu 2 + I 2 + T-on-Z 2
    assert "T2" in data["board"]["text"]
    done = client.post(f"/api/games/{gid}/finish",
                       json={"racks": {"0": "ABEEIOS", "1": "EEAANRT"}})
    assert done.status_code == 200, done.get_json()  # (both hold full racks: the bag is full)
    # the game's record is a WerdUp record that replays to the sheet's totals and board
    from companion.lexicon import default_lexicon
    from companion.werdup.record import replay

    text = client.get(f"/api/games/{gid}/gcg").get_data(as_text=True)
    result = replay(text, default_lexicon())
    assert result.ok, [ln.problems for ln in result.lines]
    assert result.totals == {"p1_Ann": 6 - 35, "p2_Bob": 6 - 35}  # 5 a tile left
    assert result.board.to_text() == data["board"]["text"]
    dl = client.get(f"/games/{gid}.gcg")
    assert dl.headers["Content-Disposition"].endswith(f'werdup-{data["id"]}.txt"')
    assert 'Game record (WerdUp record)' in client.get(f"/games/{gid}").get_data(as_text=True)


def test_a_bad_play_is_refused_with_the_reason(client):
    gid = _new_game(client)["table_key"]
    for play, message in [("QUIZ", "write a square and a word"),
                          ("8A QUIZ", "centre square"),
                          ("99Z QUIZ", ""),
                          ("8H " + "Q" * 40, "too long")]:
        resp = client.post(f"/api/games/{gid}/turns", json={"play": play})
        assert resp.status_code == 400, play
        assert message in resp.get_json()["error"]
    assert client.get(f"/api/games/{gid}").get_json()["turns"] == []


def test_a_change_from_a_stale_page_is_a_409(app):
    """A second phone added a turn after this phone's page was drawn: the change this page
    sends names the version it saw, and is refused with 409 rather than applied blindly."""
    client = app.test_client()
    game = _new_game(client)
    gid, seen = game["table_key"], game["version"]
    other = app.test_client()
    assert other.post(f"/api/games/{gid}/turns", json={"action": "pass"}).status_code == 201
    for url, body in [("turns", {"score": 5}), ("undo", {}), ("finish", {"racks": {}})]:
        resp = client.post(f"/api/games/{gid}/{url}", json={**body, "version": seen})
        assert resp.status_code == 409, url
        assert "has changed" in resp.get_json()["error"]
    now = client.get(f"/api/games/{gid}").get_json()
    assert [t["action"] for t in now["turns"]] == ["pass"] and not now["finished"]
    tok = token(client)
    page = client.post(f"/games/{gid}/undo", data={"csrf_token": tok, "version": str(seen)})
    assert page.status_code == 409 and "has changed" in page.get_data(as_text=True)
    assert 'id="turns"' in page.get_data(as_text=True)  # the game's page, as it stands


NOT_ANN_S_TURN = ("It is Bob's turn, not Ann's: choose Bob as the player, or take back the "
                  "last turn if it was recorded for the wrong player.")


def test_a_turn_for_a_player_not_on_turn_is_refused(app):
    """Plays sent for Ann after Ann's were each recorded: the sheet showed Ann three times
    in a row, Bob's cells were empty and the record failed replay ("it is p2_Bob's turn,
    not p1_Ann's"). A turn for any player but the one on turn is refused, naming who is on
    turn, by the API and the turn form alike; the first turn is any player's."""
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.replay import replay

    client = app.test_client()
    gid = _new_game(client)["table_key"]
    assert _sheet_turn(client, gid, 0, play="8G QUIZ").status_code == 201
    for play in ("I7 HI", "J8 ZA"):
        resp = _sheet_turn(client, gid, 0, play=play)
        assert resp.status_code == 400 and resp.get_json()["error"] == NOT_ANN_S_TURN, play
    game = client.get(f"/api/games/{gid}").get_json()
    assert [t["player"] for t in game["turns"]] == ["Ann"] and game["next_seat"] == 1
    page = client.post(f"/games/{gid}/turns", data={
        "csrf_token": token(client), "version": game["version"], "seat": "0",
        "action": "pass"})
    assert page.status_code == 400 and NOT_ANN_S_TURN in html.unescape(page_said(page))
    assert re.search(r'<select name="seat" id="seat" aria-invalid="true"',
                     page.get_data(as_text=True))
    assert _sheet_turn(client, gid, 1, play="I7 HI").status_code == 201
    assert _sheet_turn(client, gid, 0, play="J8 ZA").status_code == 201
    game = client.get(f"/api/games/{gid}").get_json()
    assert [t["player"] for t in game["turns"]] == ["Ann", "Bob", "Ann"]
    result = replay(parse_gcg(client.get(f"/api/games/{gid}/gcg").get_data(as_text=True)))
    assert [m.player for m in result.moves] == ["p1_Ann", "p2_Bob", "p1_Ann"]
    assert result.mismatches == 0
    # the table decides who starts
    other = _new_game(client)["table_key"]
    assert _sheet_turn(client, other, 1, action="pass").status_code == 201
    assert client.get(f"/api/games/{other}").get_json()["next_seat"] == 0


def test_a_page_refused_because_the_game_changed_shows_the_player_now_on_turn(app):
    """Two tabs at Ann's turn: the first adds Ann's play, the second's is refused (409), and
    its player box still showed Ann, so a second tap recorded the next play for Ann. The
    page refused shows the game as it stands: Bob on turn in its player box."""
    client = app.test_client()
    game = _new_game(client)
    gid = game["table_key"]
    assert _sheet_turn(client, gid, 0, play="8G QUIZ").status_code == 201
    page = client.post(f"/games/{gid}/turns", data={
        "csrf_token": token(client), "version": game["version"], "seat": "0",
        "play": "I7 HI", "action": "play"})
    assert page.status_code == 409 and "has changed" in page_said(page)
    chosen = re.findall(r'<option value="(\d)" selected>', page.get_data(as_text=True))
    assert chosen == ["1"]


def test_database_down_is_a_503(tmp_path):
    from appfactory import make_app

    app = make_app(tmp_path)
    from companion.web.db import engine_of

    engine_of(app).dispose()
    db_file = tmp_path / "instance" / "companion.sqlite3"
    db_file.unlink()
    db_file.mkdir()  # the file is replaced by a folder: nothing can open it
    resp = app.test_client().get("/api/games/" + "a" * 22)
    assert resp.status_code == 503 and "not answering" in resp.get_json()["error"]


def test_a_database_from_before_links_gets_the_new_columns(tmp_path):
    """An installation's database made before games had links: the new columns are added
    at start; its old games have no link and cannot be opened, new games work."""
    import sqlite3

    from appfactory import make_app

    (tmp_path / "instance").mkdir()
    db = sqlite3.connect(tmp_path / "instance" / "companion.sqlite3")
    db.executescript("""
        CREATE TABLE games (id INTEGER PRIMARY KEY, kind VARCHAR(16), created DATETIME,
                            finished BOOLEAN, board JSON);
        INSERT INTO games (id, kind, finished) VALUES (1, 'werdup', 0);
    """)
    db.commit()
    db.close()
    client = make_app(tmp_path).test_client()
    game = _new_game(client)
    assert game["id"] == 2 and game["version"] == 0
    assert client.post(f"/api/games/{game['table_key']}/turns",
                       json={"action": "pass"}).status_code == 201
    db = sqlite3.connect(tmp_path / "instance" / "companion.sqlite3")
    assert db.execute("SELECT table_key, version FROM games WHERE id = 1").fetchone() == (
        None, 0)
    with pytest.raises(sqlite3.IntegrityError):  # the keys are unique
        db.execute("UPDATE games SET table_key = ? WHERE id = 1", (game["table_key"],))


def test_a_stored_name_with_a_line_break_cannot_write_moves_into_the_gcg(app):
    """Names are refused with control characters; one stored before that rule is written
    on one line."""
    from companion.bugwords.gcg import parse_gcg
    from companion.web.models import Player

    client = app.test_client()
    game = _new_game(client)
    key = game["table_key"]
    client.post(f"/api/games/{key}/turns", json={"play": "8H QUIZ"})
    with app.app_context():
        player = session().query(Player).filter_by(game_id=game["id"], seat=1).one()
        player.name = "B\n>p1_Ann: ABC 8A ZZZ +500\r\n#note forged"  # 40 characters
        session().commit()
    text = client.get(f"/api/games/{key}/gcg").get_data(as_text=True)
    assert not any(line.startswith(("#note forged", ">p1_Ann: ABC"))
                   for line in text.splitlines())
    rec = parse_gcg(text)
    assert [(m.kind, m.score) for m in rec.moves] == [("place", 44)]


def test_a_play_typed_with_full_width_letters_is_scored(client):
    """A play typed on an Asian keyboard (full-width letters and digits) is the play."""
    key = _new_game(client)["table_key"]
    data = client.post(f"/api/games/{key}/turns", json={"play": "８Ｈ ＱＵＩＺ"}).get_json()
    assert data["turns"][0]["words"] == "QUIZ" and data["turns"][0]["score"] == 44


def _board(client, gid):
    return (client.get(f"/api/games/{gid}").get_json()["board"] or {}).get("text", "")


def _send(client, gid, path, body):
    """Post ``body`` to the game's ``path`` at its current version; the reply, checked."""
    body = body | {"version": client.get(f"/api/games/{gid}").get_json()["version"]}
    resp = client.post(f"/api/games/{gid}/{path}", json=body)
    assert resp.status_code in (200, 201), resp.get_json()
    return resp.get_json()


def test_taking_back_a_play_takes_its_tiles_off_the_board(app):
    client = app.test_client()
    game = _new_game(client)
    gid = game["table_key"]

    def send(path, body):
        return _send(client, gid, path, body)

    send("turns", {"play": "8H QUIZ"})
    after_quiz = _board(client, gid)
    send("turns", {"action": "pass"})
    send("turns", {"play": "I8 .T"})
    assert "QUIZ" in _board(client, gid) and _board(client, gid) != after_quiz
    send("undo", {})
    assert _board(client, gid) == after_quiz
    send("undo", {})  # the pass: the board stays
    assert _board(client, gid) == after_quiz
    send("undo", {})
    assert _board(client, gid) == ""
    again = send("turns", {"play": "8H QUIZ"})  # the squares are free again
    assert again["turns"][-1]["score"] == 44


def test_taking_back_after_a_play_challenged_off(app):
    client = app.test_client()
    resp = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                           "challenge_rule": "single"})
    assert resp.status_code == 201
    gid = resp.get_json()["table_key"]

    def send(path, body):
        return _send(client, gid, path, body)

    send("turns", {"play": "8H ZQXJ"})
    send("challenge", {})
    assert _board(client, gid) == ""
    send("turns", {"play": "8H CAT"})
    assert "CAT" in _board(client, gid)
    send("undo", {})  # Bob's CAT; Ann's ZQXJ stays off the board
    assert _board(client, gid) == ""


GCG_DIR = Path(__file__).parents[1] / "data" / "gcg"
WERDUP_RECORD = Path(__file__).parents[1] / "data" / "werdup-selfplay-werdup.txt"


def _sheet_turn(client, key: str, seat: int, **fields):
    return client.post(f"/api/games/{key}/turns", json={"seat": seat, **fields})


def _phony_out(board_text: str, tile: str, kind: str = "bugwords") -> str:
    """A play of ``tile`` alone beside the board's tiles that forms a word not in the list
    (in the game ``kind``): the notation the sheet takes."""
    from companion.board import Placement
    from companion.lexicon import default_lexicon
    from companion.tables import table_for

    table, words = table_for(kind), default_lexicon()
    board = table.load_board(board_text)
    for r in range(board.rows):
        for c in range(board.cols):
            if board.get(r, c) is None:
                scored = table.judge(board, [Placement(r, c, tile)], None)
                if scored.legal and any(w["word"].lower() not in words
                                        for w in scored.words):
                    return scored.notation
    raise AssertionError("no phony play found")


def test_the_play_that_went_out_can_still_be_challenged_off(client):
    """At a table that challenges, the play that went out is still open to a challenge;
    challenged off, its tile goes back on the rack and the game goes on."""
    from companion.bugwords.gcg import parse_gcg

    record = parse_gcg((GCG_DIR / "selfplay-2p-seed1.gcg").read_text(encoding="utf-8"))
    seats = {nick: i for i, nick in enumerate(record.player_names())}
    game = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                           "challenge_rule": "single"}).get_json()
    key = game["table_key"]
    *moves, last = [mv for mv in record.moves if mv.kind == "place"]
    for mv in moves:
        game = _sheet_turn(client, key, seats[mv.player],
                           play=f"{mv.position} {mv.word}").get_json()
    assert len(last.rack) == 1 and game["over"] == ""
    phony = _phony_out(game["board"]["text"], last.rack)
    game = _sheet_turn(client, key, seats[last.player], play=phony).get_json()
    assert game["over"] == "Ann has played every tile and the bag is empty"
    assert game["challengeable"] is True
    resp = client.post(f"/api/games/{key}/challenge", json={"version": game["version"]})
    assert resp.status_code == 200, resp.get_json()
    game = resp.get_json()
    assert game["turns"][-1]["score"] == 0 and game["over"] == ""
    assert _sheet_turn(client, key, 1, action="pass").status_code == 201


def test_a_bug_words_game_ends_when_a_player_goes_out_with_the_bag_empty(client):
    """The sheet counts the tiles as the engines deal and draw (each play says how many it
    placed), so it ends the game where the engine did: here the engine's self-play game,
    whose last play leaves Ann with no tile and the bag empty. No more turns then, as replay
    refuses a move there; the table ends it with the racks, and the totals are the
    record's."""
    from companion.bugwords.gcg import parse_gcg

    record = parse_gcg((GCG_DIR / "selfplay-2p-seed1.gcg").read_text(encoding="utf-8"))
    seats = {nick: i for i, nick in enumerate(record.player_names())}
    game = _new_game(client)
    key = game["table_key"]
    moves = [mv for mv in record.moves if mv.kind in ("place", "pass", "exchange")]
    assert all(mv.kind == "place" for mv in moves)
    for mv in moves:
        assert game["over"] == "" and game["next_seat"] == seats[mv.player]
        resp = _sheet_turn(client, key, seats[mv.player], play=f"{mv.position} {mv.word}")
        assert resp.status_code == 201, resp.get_json()
        game = resp.get_json()
    reason = "Ann has played every tile and the bag is empty"
    assert game["over"] == reason
    # the game's JSON says what each player holds by the same count: Ann none, Bob the
    # tiles of the rack the record subtracts at the end
    left = {seats[mv.player]: len(mv.rack.strip("()")) for mv in record.moves
            if mv.kind == "rack_penalty"}
    assert [p["tiles_held"] for p in game["players"]] == [0, left[1]]
    assert left[1] > 0
    refusal = (f"The game is over ({reason}): no more turns; end the game to enter the tiles "
               "left on the racks.")  # one sentence: it was two
    resp = _sheet_turn(client, key, 1, action="pass")
    assert resp.status_code == 400 and resp.get_json()["error"] == refusal
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert f"The game is over ({reason}): no more turns." in page
    assert 'id="turn-form"' not in page and 'id="finish-form"' in page
    # no one is to play: not Bob, whom the sheet named (the API's next_seat, the page's
    # "to play") though the game was over
    assert game["next_seat"] is None and client.get(f"/api/games/{key}").get_json()[
        "next_seat"] is None
    assert "to play" not in page and 'class="up"' not in page
    racks = {str(seats[mv.player]): mv.rack.strip("()") for mv in record.moves
             if mv.kind == "rack_penalty"}
    done = client.post(f"/api/games/{key}/finish", json={"racks": racks})
    assert done.status_code == 200, done.get_json()
    finals = {mv.player: mv.total for mv in record.moves}
    assert {p["seat"]: p["total"] for p in done.get_json()["players"]} == {
        seats[nick]: total for nick, total in finals.items()}


def test_a_werdup_player_out_of_tiles_is_passed_over_until_every_tile_is_played(client):
    """In WerdUp a player who has gone out is passed over while the others play on, and the
    game ends once every player still holding tiles has passed (here, the engine's
    self-play game: Ann goes out, Bob plays on, the sheet offers Bob every turn)."""
    lines = [ln for ln in WERDUP_RECORD.read_text(encoding="utf-8").splitlines()
             if ln.startswith(">") and ": (" not in ln]
    game = _new_game(client, "werdup", ("ann", "bob"))
    key = game["table_key"]
    skipped = 0
    for ln in lines:
        nick, body = ln[1:].split(": ", 1)
        move = body.split()[1:]
        seat = ("ann", "bob").index(nick)
        assert game["over"] == ""
        skipped += game["turns"] != [] and game["turns"][-1]["seat"] == seat
        assert game["next_seat"] == seat, ln
        fields = {"action": "pass"} if move[0] == "-" else {"play": " ".join(move[:2])}
        resp = _sheet_turn(client, key, seat, **fields)
        assert resp.status_code == 201, (ln, resp.get_json())
        game = resp.get_json()
    assert skipped > 0  # the same player moved twice in a row: the other had gone out
    assert game["over"] == "every player passed in a row"
    resp = _sheet_turn(client, key, 1, action="pass")
    assert resp.status_code == 400


def test_a_name_typed_in_lower_case_is_shown_as_typed(client):
    """A refusal about one player's rack begins with the player's name as typed: "bob's rack"
    was shown "Bob's rack" (a sentence's capital letter put on the name)."""
    game = _new_game(client, players=("ann", "bob"))
    resp = client.post(f"/api/games/{game['table_key']}/finish",
                       json={"racks": {"0": "", "1": "A1"}})
    assert resp.status_code == 400
    assert resp.get_json()["error"] == (
        "Player bob's rack: '1' is not a Bug Words tile (use ? for a blank).")


def test_a_typed_play_with_blanks_is_refused_as_typed(client):
    """In Bug Words a lower-case letter is a blank: the refusal of '8M caTS' (off the board)
    said 'CaTS', a C tile."""
    game = _new_game(client)
    resp = client.post(f"/api/games/{game['table_key']}/turns",
                       json={"action": "play", "play": "8M caTS"})
    assert resp.status_code == 400
    assert "The play 8M caTS runs off the board" in resp.get_json()["error"]
    assert "CaTS" not in resp.get_json()["error"]


def test_a_werdup_player_left_alone_plays_on_after_a_second_word_challenged_off(client):
    """Once Bob has gone out, Ann plays on alone. After Ann's second word in a turn is
    challenged off her turn is over, and the next turn is hers again (no one else holds
    tiles), as in the engine and in replay; the sheet refused it ("cannot move again in
    this turn"), so no one could move."""
    lines = [ln for ln in WERDUP_RECORD.read_text(encoding="utf-8").splitlines()
             if ln.startswith(">") and ": (" not in ln]
    game = client.post("/api/games", json={"game": "werdup", "players": ["ann", "bob"],
                                           "challenge_rule": "single"}).get_json()
    key = game["table_key"]
    for ln in lines:
        if game["turns"] and game["turns"][-1]["seat"] == game["next_seat"]:
            break  # the other player has gone out: this one plays on alone
        nick, body = ln[1:].split(": ", 1)
        move = body.split()[1:]
        fields = {"action": "pass"} if move[0] == "-" else {"play": " ".join(move[:2])}
        game = _sheet_turn(client, key, ("ann", "bob").index(nick), **fields).get_json()
    alone = game["next_seat"]
    assert game["turns"][-1]["seat"] == alone and game["over"] == ""
    for _ in range(2):
        # the V the record's Ann holds to the end
        phony = _phony_out(game["board"]["text"], "V", "werdup")
        resp = _sheet_turn(client, key, alone, play=phony)
        assert resp.status_code == 201, resp.get_json()
        resp = client.post(f"/api/games/{key}/challenge", json={"challenger": 1 - alone})
        assert resp.status_code == 200, resp.get_json()
        game = resp.get_json()
        assert game["turns"][-1]["score"] == 0 and game["over"] == ""
    assert game["next_seat"] == alone
    resp = _sheet_turn(client, key, alone, action="pass")
    assert resp.status_code == 201, resp.get_json()
    assert _sheet_turn(client, key, 1 - alone, action="pass").status_code == 400
    # the sheet's record replays: the same turn rule
    from companion.lexicon import default_lexicon
    from companion.werdup.record import replay

    result = replay(client.get(f"/games/{key}.gcg").get_data(as_text=True), default_lexicon())
    assert result.ok, [ln.problems for ln in result.lines]


@pytest.mark.parametrize(("kind", "first", "rule"), [
    ("bugwords", "8H QUIZ", "none"), ("werdup", "5E CAT", "none"),
    ("bugwords", "8H QUIZ", "single")])
def test_a_refused_play_is_said_in_a_sentence_on_the_page(client, kind, first, rule):
    """The engine's reason for refusing a play is a sentence on the sheet's page, as in the
    API: "1A CAT: The play must join the tiles already on the board." (the page left off its
    full stop, at a table that challenges too)."""
    key = client.post("/api/games", json={"game": kind, "players": ["Ann", "Bob"],
                                          "challenge_rule": rule}).get_json()["table_key"]
    version = client.post(f"/api/games/{key}/turns", json={"play": first}).get_json()["version"]
    resp = client.post(f"/games/{key}/turns", data={
        "csrf_token": token(client), "version": version, "action": "play", "play": "1A CAT"})
    said = "1A CAT: The play must join the tiles already on the board."
    assert resp.status_code == 400
    assert re.search(r'id="error"[^>]*>([^<]*)<', resp.get_data(as_text=True)).group(1) == said
    api = client.post(f"/api/games/{key}/turns", json={"play": "1A CAT"})
    assert api.get_json()["error"] == said


@pytest.mark.parametrize("rule", ["none", "single"])
@pytest.mark.parametrize(("play", "said"), [
    ("8H ZZZQ", "The play 8H ZZZQ: square 8H already holds Q, not Z."),
    ("8M QUIZZY", "The play 8M QUIZZY runs off the board."),
    ("1A CAT", "1A CAT: The play must join the tiles already on the board.")])
def test_a_refused_play_is_named_once(client, rule, play, said):
    """The play was put before the engine's reason even when the reason names it: "8H ZZZQ:
    The play 8H ZZZQ: square 8H already holds Q, not Z." It is named once, on the page and in
    the API, at a table that challenges or not."""
    key = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                          "challenge_rule": rule}).get_json()["table_key"]
    version = client.post(f"/api/games/{key}/turns", json={"play": "8H QUIZ"}
                          ).get_json()["version"]
    resp = client.post(f"/games/{key}/turns", data={
        "csrf_token": token(client), "version": version, "action": "play", "play": play})
    assert resp.status_code == 400
    assert re.search(r'id="error"[^>]*>([^<]*)<', resp.get_data(as_text=True)).group(1) == said
    assert client.post(f"/api/games/{key}/turns", json={"play": play}).get_json()["error"] == said


def test_no_swap_once_the_bag_is_too_low_for_the_game(client):
    """The sheet counts the bag as the engines deal and draw, so it refuses a swap the
    game's rules refuse there (Bug Words: fewer than 7 tiles in the bag, its engine's
    ``swap_refusal``), as replay would; with a full bag a swap is taken."""
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.rules import default_rules

    early = _new_game(client)["table_key"]
    assert _sheet_turn(client, early, 0, action="swap").status_code == 201

    record = parse_gcg((GCG_DIR / "selfplay-2p-seed1.gcg").read_text(encoding="utf-8"))
    seats = {nick: i for i, nick in enumerate(record.player_names())}
    key = _new_game(client)["table_key"]
    bag, refused = 100 - 14, 0
    for mv in [mv for mv in record.moves if mv.kind == "place"][:-1]:
        game = _sheet_turn(client, key, seats[mv.player],
                           play=f"{mv.position} {mv.word}").get_json()
        bag = max(0, bag - len(game["turns"][-1]["detail"]["new_cells"]))
        if bag < 7:  # (a swap refused leaves the game as it was)
            resp = _sheet_turn(client, key, game["next_seat"], action="swap")
            assert resp.status_code == 400, resp.get_json()
            # one word for the turn, the page's (Swap), and no capital after the colon
            assert resp.get_json()["error"] == (
                f"No swap now: {default_rules().swap_refusal(bag)}.")
            assert resp.get_json()["error"].startswith("No swap now: the bag has ")
            assert "exchang" not in resp.get_json()["error"]
            refused += 1
    assert refused


@pytest.mark.parametrize("challenge_rule", ["none", "single"])
def test_a_play_needing_more_of_a_tile_than_the_set_has_is_refused(client, challenge_rule):
    """A play may not put down a tile the set has no more of: "8H quiz", typed in lower case,
    is four blanks, and Bug Words has two (it was taken, scoring 0); and a third blank once
    two are on the board. The refusal is a sentence, on the page and in the API."""
    key = client.post("/api/games", json={
        "game": "bugwords", "players": ["Ann", "Bob"],
        "challenge_rule": challenge_rule}).get_json()["table_key"]
    said = ("8H quiz: The board would then hold 4 blanks (?), the set has 2 (a letter typed "
            "in lower case is a blank).")
    resp = client.post(f"/api/games/{key}/turns", json={"play": "8h quiz"})
    assert resp.status_code == 400 and resp.get_json()["error"] == said
    version = client.get(f"/api/games/{key}").get_json()["version"]
    page = client.post(f"/games/{key}/turns", data={
        "csrf_token": token(client), "version": version, "action": "play", "play": "8h quiz"})
    assert page.status_code == 400
    assert html.unescape(re.search(r'id="error"[^>]*>([^<]*)<', page.get_data(
        as_text=True)).group(1)) == said
    assert client.post(f"/api/games/{key}/turns", json={"play": "8H QuIz"}).status_code == 201
    third = client.post(f"/api/games/{key}/turns", json={"play": "J7 h."})  # hI, down
    assert third.status_code == 400
    assert third.get_json()["error"] == ("J7 h.: The board would then hold 3 blanks (?), the "
                                         "set has 2 (a letter typed in lower case is a blank).")
    assert client.post(f"/api/games/{key}/turns", json={"play": "J7 H."}).status_code == 201


def test_a_turn_taken_back_is_said_once(client):
    """Taking back a turn led to the sheet with nothing saying it was done: the last play's
    box showed the turn before, as if that one had just been played. The sheet says which
    turn was taken back, in the words the button asked with, once."""
    key = _new_game(client)["table_key"]
    client.post(f"/api/games/{key}/turns", json={"play": "8H QUIZ"})
    client.post(f"/api/games/{key}/turns", json={"action": "pass"})
    page = client.get(f"/games/{key}").get_data(as_text=True)
    asked = re.search(r'data-confirm="Take back (turn 2 \(Bob: pass, 0\))\?"', page)
    assert asked, "the button asks about the last turn"
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    sheet_page = client.post(f"/games/{key}/undo", data={
        "version": version, "csrf_token": token(client)}, follow_redirects=True)
    said = re.search(r'<p class="notice ok" id="done" role="status">([^<]*)</p>',
                     sheet_page.get_data(as_text=True))
    assert said and html.unescape(said.group(1)) == "Turn 2 (Bob: pass, 0) taken back."
    again = client.get(f"/games/{key}").get_data(as_text=True)
    assert 'id="done"' not in again and "taken back" not in again
    assert re.search(r'data-confirm="Take back turn 1 \(Ann: QUIZ, 44\)\?"', again)



def test_a_turn_stored_with_the_old_wording_reads_as_today(sqlite_app):
    """A turn keeps its breakdown as it was worded when played ("T2 2", before the stack
    was said in words); the game page words it again from the board and new squares the
    turn holds, so it reads as a play made today: "T 2 (stack of 2)"."""
    client = sqlite_app.test_client()
    gid = _new_game(client, "werdup")["table_key"]
    client.post(f"/api/games/{gid}/turns", json={"play": "5E QUIZ"})
    client.post(f"/api/games/{gid}/turns", json={"play": "5E QUIT"})
    with sqlite_app.app_context():
        turn = session().query(Turn).order_by(Turn.id.desc()).first()
        assert turn.detail["words"][0]["arithmetic"] == "QU 2 + I 2 + T 2 (stack of 2) = 6"
        turn.detail = turn.detail | {"words": [
            {"word": "QUIT", "score": 6, "arithmetic": "QU 2 + I 2 + T2 2 = 6"}]}
        session().commit()
    line = "QUIT: QU 2 + I 2 + T 2 (stack of 2) = 6"
    assert f"<li>{html.escape(line)}</li>" in page_said(client.get(f"/games/{gid}"))


def test_a_full_rack_bonus_is_worded_as_the_command_line_words_it(client):
    """A play of every tile on the rack (Bug Words' bingo) lists its bonus on the game page
    in the words the command line prints for WerdUp's: "bonus for using every tile: 50"."""
    key = _new_game(client)["table_key"]
    client.post(f"/api/games/{key}/turns", json={"play": "8B STATION"})
    page = client.get(f"/games/{key}").get_data(as_text=True)
    last = page[page.index('id="last-play"'):page.index("</section>", page.index('id="last-play"'))]
    assert re.findall(r"<li>([^<]*)</li>", last)[-1] == "bonus for using every tile: 50"


def test_a_word_longer_than_a_board_is_planned_as_its_widest_fifteen_letters():
    """The printed sheet planned forty W's typed as a turn's words whole, as wide as the
    turn could be: its columns took half of four players' table. A word longer than the
    largest board's side (Bug Words' 15) is planned as its widest fifteen letters, and the
    turn's other words as they are; a name is measured whole."""
    from companion.web.sheet_paper import _board_letters, printed

    assert _board_letters() == 15
    planned = {what: printed(f"CAT {letters} 100", "Helvetica", _board_letters())
               for what, letters in (("forty", "W" * 40), ("fifteen", "W" * 15),
                                     ("widest", "I" * 30 + "W" * 15 + "I" * 30))}
    for what in ("width", "longest", "two_lines"):
        assert planned["forty"][what] == planned["fifteen"][what] == planned["widest"][what]
    whole = printed("W" * 40)
    assert whole["longest"] > 2.5 * planned["fifteen"]["longest"]


def test_the_winners_line_reads_naturally_below_nothing(client):
    """A WerdUp game whose winner ends below nothing (every tile left costs 5) said
    "Cy wins with -29!": the line names the points and ends with a full stop, as a tie's
    line does (:func:`companion.web.scoresheet.winner_line`)."""
    key = _new_game(client, "werdup", ("Cy", "Di"))["table_key"]
    for turn in ({"play": "5E QUIT"}, {"action": "pass"}, {"action": "pass"}):
        assert client.post(f"/api/games/{key}/turns", json=turn).status_code == 201
    racks = {"0": "AEIOSTN", "1": "AEIOUST"}
    assert client.post(f"/api/games/{key}/finish", json={"racks": racks}).status_code == 200
    page = html.unescape(client.get(f"/games/{key}").get_data(as_text=True))
    assert re.search(r'<p class="big" id="winner">([^<]*)</p>', page).group(1) == (
        "Cy wins with -29 points.")


def test_a_tie_and_a_win_are_said_the_same_way():
    """The one winner's line for both table games: points named, a full stop."""
    from companion.web.scoresheet import winner_line

    assert winner_line(["Ann"], 1) == "Ann wins with 1 point."
    assert winner_line(["Ann", "Bob"], 312) == "A tie at 312 points: Ann and Bob."
    assert winner_line(["Ann", "Bob", "Cy"], -5) == "A tie at -5 points: Ann and Bob and Cy."


def _turns_list(page: str) -> list[str]:
    """The Play column of the game page's turns list, as a player reads it."""
    table = page[page.index('<table id="turns">'):]
    table = table[:table.index("</table>")]
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in table.split("<tr>")[2:]]
    return [html.unescape(re.sub(r"<[^>]+>", "", cells[2])).strip() for cells in rows]


def test_a_blank_is_shown_in_lower_case_wherever_the_play_is_shown(client):
    """A Bug Words play BID with its D a blank showed "BID 8" in the turns list and on the
    printable sheet, which a player adding up (B 3 + I 1 + D 2) reads as wrong: the blank's
    letter is shown in lower case, as the game's record writes it, on the game page, the
    printable sheet and in the API's ``shown``; the words kept stay in capitals."""
    key = _new_game(client)["table_key"]
    game = client.post(f"/api/games/{key}/turns", json={"play": "8H BId"}).get_json()
    assert game["turns"][-1]["shown"] == "BId" and game["turns"][-1]["words"] == "BID"
    game = client.post(f"/api/games/{key}/turns", json={"play": "I8 ITs"}).get_json()
    assert game["turns"][-1]["shown"] == "ITs"
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert _turns_list(page) == ["BId", "ITs"]
    assert "<li>ITs: I 1 + T 1x2 + s 0 = 3</li>" in page  # the last play's words
    assert "may challenge ITs before the next turn" in page  # the table challenges
    assert ">Challenge ITs</button>" in page
    client.post(f"/api/games/{key}/challenge", json={})
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert re.search(r'id="challenge-outcome">ITs challenged', page)
    printable = html.unescape(client.get(f"/games/{key}/print").get_data(as_text=True))
    assert "BId 8" in printable and "BID" not in printable


def test_a_blank_in_a_turn_stored_before_is_found_from_its_board(app):
    """A turn stored before the words kept how they show (no ``shown``) is shown with its
    blank found again from the board it left; a play entered as words and a score says no
    blanks and is shown as typed."""
    client = app.test_client()
    game = _new_game(client)
    key = game["table_key"]
    client.post(f"/api/games/{key}/turns", json={"play": "8H BId"})
    client.post(f"/api/games/{key}/turns", json={"words": "bid", "score": 6})
    with app.app_context():
        turn = session().query(Turn).filter_by(game_id=game["id"], number=1).one()
        turn.detail = {**turn.detail, "words": [{k: v for k, v in w.items() if k != "shown"}
                                                for w in turn.detail["words"]]}
        session().commit()
        assert "shown" not in session().get(Turn, turn.id).detail["words"][0]
    assert [t["shown"] for t in client.get(f"/api/games/{key}").get_json()["turns"]] == [
        "BId", "BID"]
    assert _turns_list(client.get(f"/games/{key}").get_data(as_text=True)) == ["BId", "BID"]


def _werdup_passed_out(client) -> str:
    """A WerdUp game whose last pass ended it (every player passed in a row), finished by the
    button with both racks typed: its table key."""
    key = _new_game(client, "werdup", ("Cy", "Di"))["table_key"]
    for turn in ({"play": "5E QUIT"}, {"action": "pass"}, {"action": "pass"}):
        assert client.post(f"/api/games/{key}/turns", json=turn).status_code == 201
    done = client.post(f"/api/games/{key}/finish",
                       json={"racks": {"0": "AEIOSTN", "1": "AEIOUST"}}).get_json()
    assert done["finished"] and [p["total"] for p in done["players"]] == [-29, -35]
    return key


def test_a_game_ended_by_mistake_is_reopened_and_goes_on(client):
    """A finished game could not change: its Take back was gone and the API refused it ("its
    turns can no longer change"), so a pass recorded by mistake that ended the game, or a
    game finished too soon, was the final score. Reopened, it is as it was before finishing:
    the end's adjustments off, the racks typed kept for the end form; the turn that ended it
    is taken back and the game goes on, and finishing again adds up as before."""
    key = _werdup_passed_out(client)
    refused = client.post(f"/api/games/{key}/undo",
                          json={"version": client.get(f"/api/games/{key}").get_json()["version"]})
    assert refused.status_code == 400
    assert refused.get_json()["error"] == "This game is finished: reopen it to take back a turn."
    game = client.post(f"/api/games/{key}/reopen", json={}).get_json()
    assert not game["finished"] and game["winners"] == []
    assert [(p["end_adjustment"], p["total"]) for p in game["players"]] == [(0, 6), (0, 0)]
    assert [t["action"] for t in game["turns"]] == ["play", "pass", "pass"]  # nothing lost
    assert game["over"] == "every player passed in a row" and game["next_seat"] is None
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert 'value="AEIOSTN"' in page and 'value="AEIOUST"' in page  # the racks typed
    assert 'id="reopen-form"' not in page and 'id="undo-form"' in page
    assert "or take back the last turn if it was recorded by mistake" in page
    game = client.post(f"/api/games/{key}/undo", json={"version": game["version"]}).get_json()
    assert game["over"] == "" and game["next_seat"] == 0  # the pass taken back: Cy to play
    assert client.post(f"/api/games/{key}/turns", json={"play": "4G AT"}).status_code == 201
    done = client.post(f"/api/games/{key}/finish",
                       json={"racks": {"0": "AEIOSTN", "1": "AEIOUST"}}).get_json()
    at = done["turns"][-1]
    assert done["finished"] and at["words"].split()[0] == "AT"
    assert [p["total"] for p in done["players"]] == [6 + at["score"] - 35, -35]


def _racks_offered(client, key: str) -> list[str]:
    """What the End the game form's rack boxes hold, in seat order."""
    page = client.get(f"/games/{key}").get_data(as_text=True)
    return re.findall(r'<input id="rack\d+" name="rack\d+"[^>]*value="([^"]*)"', page)


def test_the_racks_typed_at_the_finish_are_offered_again_only_while_the_turns_stand(client):
    """A game reopened offered the racks typed at its finish in End the game whatever came
    after: turns played on after reopening left the form holding the racks of the first
    finish, which still added up when sent as they stood (the right number of tiles, the
    wrong ones). They are offered while the turns are those they were typed after (a rack
    typed wrong is put right and the game finished again), and no longer once a turn is
    added or taken back."""
    key = _new_game(client)["table_key"]
    client.post(f"/api/games/{key}/turns", json={"words": "quiz", "score": 44})
    assert client.post(f"/api/games/{key}/finish",
                       json={"racks": {"0": "AB", "1": "QZ"}}).status_code == 200
    client.post(f"/api/games/{key}/reopen", json={})
    assert _racks_offered(client, key) == ["AB", "QZ"]  # nothing changed: kept
    client.post(f"/api/games/{key}/turns", json={"words": "cat", "score": 10})
    assert _racks_offered(client, key) == ["", ""]  # Bob played: not the racks of now
    client.post(f"/api/games/{key}/turns", json={"words": "dog", "score": 12})
    done = client.post(f"/api/games/{key}/finish", json={"racks": {"1": "Z"}}).get_json()
    assert [p["total"] for p in done["players"]] == [44 + 12 + 10, 10 - 10]
    client.post(f"/api/games/{key}/reopen", json={})
    assert _racks_offered(client, key) == ["", "Z"]
    version = client.get(f"/api/games/{key}").get_json()["version"]
    client.post(f"/api/games/{key}/undo", json={"version": version})
    assert _racks_offered(client, key) == ["", ""]  # Ann's DOG back on her rack


def test_only_a_finished_game_is_reopened_and_only_from_the_table(client):
    game = _new_game(client)
    key, view = game["table_key"], game["view_key"]
    resp = client.post(f"/api/games/{key}/reopen", json={})
    assert resp.status_code == 400
    assert resp.get_json()["error"] == "This game is not finished: there is nothing to reopen."
    client.post(f"/api/games/{key}/turns", json={"words": "cat", "score": 10})
    assert client.post(f"/api/games/{key}/finish", json={"racks": {"1": "QZ"}}).status_code == 200
    resp = client.post(f"/api/games/{view}/reopen", json={})
    assert resp.status_code == 403 and resp.get_json()["error"] == (
        "This is the spectators' link: only the players' table link can change the game.")
    page = client.get(f"/games/{view}").get_data(as_text=True)
    assert 'id="reopen-form"' not in page  # the spectators' page offers nothing to change
    assert 'id="reopen-form"' in client.get(f"/games/{key}").get_data(as_text=True)
    stale = client.post(f"/api/games/{key}/reopen", json={"version": game["version"]})
    assert stale.status_code == 409 and client.get(f"/api/games/{key}").get_json()["finished"]


def test_the_reopen_button_asks_first_and_says_what_it_did(client):
    """The page's button asks before anything is undone (a confirmation naming what comes
    off), then says once what was done, the keyboard on the take-back when the game's turns
    had ended it (the turn that ended it to take back), else on the next turn's play."""
    key = _werdup_passed_out(client)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    start = page.index('id="reopen-form"')
    form = html.unescape(page[start:page.index("</form>", start)])
    assert ('data-confirm="Reopen the game? The end-of-game scores come off, and turns can be '
            'taken back or added again."') in form
    version = client.get(f"/api/games/{key}").get_json()["version"]
    resp = client.post(f"/games/{key}/reopen", data={"csrf_token": token(client),
                                                     "version": str(version)})
    assert resp.status_code == 302 and resp.headers["Location"].endswith(f"/games/{key}")
    page = page_said(client.get(f"/games/{key}"))
    assert ('id="done" role="status">The game is reopened: the end-of-game scores are off, '
            "and the racks typed are kept in End the game until a turn is added or taken "
            "back.</p>") in page
    assert re.search(r'<button [^>]*id="undo"[^>]* autofocus>', page)
    again = client.get(f"/games/{key}").get_data(as_text=True)  # said once
    assert 'id="done"' not in again and " autofocus>" not in again
    finished = _new_game(client)["table_key"]
    client.post(f"/api/games/{finished}/turns", json={"words": "quiz", "score": 44})
    assert client.post(f"/api/games/{finished}/finish",
                       json={"racks": {"1": "QZ"}}).status_code == 200
    version = client.get(f"/api/games/{finished}").get_json()["version"]
    client.post(f"/games/{finished}/reopen", data={"csrf_token": token(client),
                                                   "version": str(version)})
    page = client.get(f"/games/{finished}").get_data(as_text=True)
    assert re.search(r'<input id="play"[^>]* autofocus', page)  # not over: on to the next turn


def test_a_game_form_naming_an_unknown_game_is_refused_by_the_games_titles(client):
    """A new game's form sent with a game the score keeper does not keep was refused as
    "choose one of werdup, bugwords": the page names them as its box does."""
    resp = client.post("/games", data={"csrf_token": token(client), "game": "chess",
                                       "player": ["Ann", "Bob"]})
    assert resp.status_code == 400
    assert ("Unknown game &#39;chess&#39;; choose one of WerdUp or Bug Words."
            in resp.get_data(as_text=True))


@pytest.mark.parametrize("rule", ["none", "single"])
def test_a_bug_words_play_with_a_letter_no_tile_has_is_refused_naming_the_letter(client,
                                                                                 rule):
    """"8H ÇAT" was refused as "The stored board cannot be read: board text line 8: cannot
    read square 'Ç'.", as if the sheet's own board were broken; the play's letter is at
    fault, and the refusal says so, as WerdUp's sheet says it of its plays."""
    key = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                          "challenge_rule": rule}).get_json()["table_key"]
    resp = client.post(f"/api/games/{key}/turns", json={"play": "8H ÇAT"})
    assert resp.status_code == 400
    assert resp.get_json()["error"] == ("8H ÇAT: The letter 'Ç' is on no Bug Words tile: "
                                        "write letters A-Z, a blank's letter in lower case.")
    assert client.get(f"/api/games/{key}").get_json()["turns"] == []
