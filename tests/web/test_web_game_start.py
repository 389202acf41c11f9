"""A score sheet started part way through a game, from a board already played on: by the
API (the board as text) and from the photo page (the board read, corrected)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from appfactory import make_app, page_said, token
from boardphoto import board_photo, word_tiles
from browser import live_server, photo_chosen_for_a_new_game
from conftest import database_url_for
from lateboard import late_board
from sqlalchemy import create_engine, inspect, text

from companion.tables import table_for
from companion.web import db as dbmod
from companion.web import scoresheet
from companion.web.models import Game

# CAT across 8G-8I and A under its C: a board after two plays
BUGWORDS_START = "\n".join("......CAT......" if r == 7 else "......A........" if r == 8
                           else "." * 15 for r in range(15)) + "\n"


def _started(client, start=BUGWORDS_START, scores=(120, 95), kind="bugwords"):
    resp = client.post("/api/games", json={"game": kind, "players": ["Ann", "Bob"],
                                           "challenge_rule": "none", "start": start,
                                           "scores": list(scores)})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def test_a_game_started_from_a_board_scores_its_first_play_on_it(client):
    game = _started(client)
    assert [p["total"] for p in game["players"]] == [120, 95]
    assert game["start"]["tiles"] == 4 and game["start"]["scores"] == [120, 95]
    assert game["start"]["said"] == "Started from a board with 4 tiles, scores Ann 120, Bob 95."
    assert game["board"]["text"] == BUGWORDS_START
    key = game["table_key"]
    # AT from 9G, its A on the board and its T new: the engine scores it on the board the
    # game started from (on the empty board it is refused, covering no 8H)
    expected = table_for("bugwords").score_play(BUGWORDS_START, "9G AT", None)
    assert expected.legal
    after = client.post(f"/api/games/{key}/turns", json={"play": "9G AT"}).get_json()
    assert after["turns"][0]["score"] == expected.score
    assert [p["total"] for p in after["players"]] == [120 + expected.score, 95]
    assert after["turns"][0]["total"] == 120 + expected.score
    empty = client.post("/api/games", json={"game": "bugwords", "players": ["A", "B"],
                                            "challenge_rule": "none"}).get_json()
    refused = client.post(f"/api/games/{empty['table_key']}/turns", json={"play": "9G AT"})
    assert refused.status_code == 400


def test_taking_back_stops_at_the_board_the_game_started_from(client):
    game = _started(client)
    key = game["table_key"]
    after = client.post(f"/api/games/{key}/turns", json={"play": "9G AT"}).get_json()
    back = client.post(f"/api/games/{key}/undo", json={"version": after["version"]})
    assert back.status_code == 200
    assert back.get_json()["board"]["text"] == BUGWORDS_START  # not the empty board
    assert [p["total"] for p in back.get_json()["players"]] == [120, 95]
    again = client.post(f"/api/games/{key}/undo", json={"version": back.get_json()["version"]})
    assert again.status_code == 400
    assert again.get_json()["error"] == (
        "There is no turn to take back: the game started from a board with 4 tiles, and the "
        "board it started from cannot be taken back.")
    assert client.get(f"/api/games/{key}").get_json()["board"]["text"] == BUGWORDS_START


def test_the_tile_count_counts_the_tiles_already_on_the_board(sqlite_app):
    client = sqlite_app.test_client()
    key = _started(client)["table_key"]
    with sqlite_app.app_context():
        game = scoresheet.get_game(dbmod.session(), key)
        count = scoresheet.tile_count(game)[0]
        total = table_for("bugwords").tile_set.total
        assert count.bag == total - 4 - 2 * 7  # the start's tiles and two racks
        assert scoresheet.tiles_played(game) == ["C", "A", "T", "A"]


def test_the_tiles_on_the_board_it_started_from_count_against_the_set(client):
    """Bug Words has one Z: on a board started with it, a play of another is refused."""
    start = BUGWORDS_START.replace("......CAT......", "......ZAP......")
    key = client.post("/api/games", json={  # a table that challenges: words judged later
        "game": "bugwords", "players": ["Ann", "Bob"], "challenge_rule": "single",
        "start": start}).get_json()["table_key"]
    resp = client.post(f"/api/games/{key}/turns", json={"play": "H7 ZA"})
    assert resp.status_code == 400
    assert resp.get_json()["error"] == ("H7 ZA: The board would then hold 2 Z tiles, the set "
                                        "has 1.")


def test_the_end_totals_count_the_starting_scores(client):
    key = _started(client)["table_key"]
    client.post(f"/api/games/{key}/turns", json={"words": "cat", "score": 10})
    done = client.post(f"/api/games/{key}/finish", json={"racks": {"1": "QZ"}}).get_json()
    # Ann went out: the Q and Z left on Bob's rack (20) come off his and go to her
    assert [(p["name"], p["total"]) for p in done["players"]] == [("Ann", 150), ("Bob", 75)]
    assert done["winners"] == ["Ann"]
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert "Started from a board with 4 tiles, scores Ann 120, Bob 95." in page
    printed = client.get(f"/games/{key}/print").get_data(as_text=True)
    assert re.search(r'id="started">Started from a board with 4 tiles, scores Ann 120, '
                     r"Bob 95.<", printed)


def test_the_record_says_where_the_game_started(client):
    key = _started(client)["table_key"]
    client.post(f"/api/games/{key}/turns", json={"play": "9G AT"})
    record = client.get(f"/api/games/{key}/gcg").get_data(as_text=True)
    assert ("#note Started from a board with 4 tiles, scores Ann 120, Bob 95; the totals "
            "below count from those scores") in record
    assert "#note Starting board row 8: ......CAT......" in record
    assert "#note Starting board row 9: ......A........" in record
    move = next(line for line in record.splitlines() if line.startswith(">p1_Ann"))
    score = int(move.split()[-2])
    assert int(move.split()[-1]) == 120 + score  # the sheet's total, not the play's alone


@pytest.mark.parametrize(("body", "said"), [
    ({"game": "werdup", "start": "\n".join(". . . . C A6 T . . ." if r == 4
                                           else " ".join("." * 10) for r in range(10))},
     "The starting position: board text line 5: the stack height of 'A6' is 6; a stack is "
     "1 to 5 tiles high."),
    ({"game": "bugwords", "start": "AB" + "." * 13 + "\n" + BUGWORDS_START.split("\n", 1)[1]},
     "The tiles of the starting position are not all joined: 1A, 1B lie apart from the "
     "others, and every play joins the tiles already down."),
    ({"game": "bugwords", "start": BUGWORDS_START, "scores": [1]},
     "Give one score so far for each of the game's 2 players, in seat order."),
    ({"game": "bugwords", "start": BUGWORDS_START, "scores": [1, -4]},
     "Score so far must be between 0 and 9999."),
    ({"game": "bugwords", "scores": [1, 2]},
     "\"scores\" are the players' scores so far on a starting board: give the board as "
     "\"start\" too."),
])
def test_a_start_the_rules_refuse_is_refused_in_the_engines_sentence(client, body, said):
    resp = client.post("/api/games", json={"players": ["Ann", "Bob"], **body})
    assert resp.status_code == 400
    assert resp.get_json()["error"] == said


def test_a_database_of_the_revision_before_keeps_its_games(tmp_path, any_db_url):
    """Migration 0007 adds where a game started to a database at 0006 (SQLite, then
    PostgreSQL), its games kept as started from the empty board."""
    from alembic import command

    (tmp_path / "instance").mkdir()
    url = any_db_url or f"sqlite:///{tmp_path / 'instance' / 'companion.sqlite3'}"
    engine = create_engine(database_url_for(url))
    with engine.begin() as conn:
        command.upgrade(dbmod._alembic(conn), "0006")
        conn.execute(text("INSERT INTO games (kind, finished, version, table_key, "
                          "view_key) VALUES ('bugwords', :no, 0, :t, :v)"),
                     {"no": False, "t": "t" * 22, "v": "v" * 22})
        gid = conn.execute(text("SELECT id FROM games")).scalar_one()
        conn.execute(text("INSERT INTO players (game_id, seat, name, end_adjustment, "
                          "end_rack) VALUES (:g, 0, 'Ann', 0, ''), (:g, 1, 'Bob', 0, '')"),
                     {"g": gid})
    with engine.connect() as conn:
        assert "start" not in {c["name"] for c in inspect(conn).get_columns("games")}
    engine.dispose()
    app = make_app(tmp_path, any_db_url)
    with app.app_context():
        with dbmod.engine_of(app).connect() as conn:
            assert dbmod.revision(conn) == dbmod._head() == "0007"
            assert "start" in {c["name"] for c in inspect(conn).get_columns("games")}
        game = dbmod.session().get(Game, gid)
        assert game is not None and game.start is None
    client = app.test_client()
    data = client.get(f"/api/games/{'t' * 22}").get_json()
    assert data["start"] is None and [p["total"] for p in data["players"]] == [0, 0]
    started = _started(client)  # and a game started from a board is kept
    assert client.get(f"/api/games/{started['table_key']}").get_json()["start"]["tiles"] == 4
    dbmod.engine_of(app).dispose()


# -- from the photo page --------------------------------------------------------------------

# QUIZ across 8H and ZOO down from its Z: two plays, so no one play on an empty sheet
MID_GAME = {**word_tiles(7, 7, "QUIZ"), **word_tiles(8, 10, "OO", across=False)}


@pytest.fixture(scope="module")
def mid_game_photo():
    return board_photo("bugwords", MID_GAME)


def _photo_page(client, photo, kind="bugwords"):
    game = client.post("/api/games", json={"game": kind, "players": ["Ann", "Bob"],
                                           "challenge_rule": "none"}).get_json()
    key = game["table_key"]
    resp = client.post(f"/api/games/{key}/photos", data=photo, content_type="image/jpeg")
    assert resp.status_code == 201, resp.get_json()
    url = f"/games/{key}/photos/{resp.get_json()['photo_id']}"
    page = client.get(url).get_data(as_text=True)
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    values["version"] = re.search(r'name="version" value="(\d+)"', page).group(1)
    values["csrf_token"] = token(client)
    return key, url, page, values


def _as_the_board_stands(values: dict) -> dict:
    """The photo page's squares settled as the board stands (:data:`MID_GAME`)."""
    squares = {k: "" for k in values if k.startswith("sq-")}
    return values | squares | {f"sq-{r}-{c}": t for (r, c), t in MID_GAME.items()}


def test_the_photo_page_keeps_score_from_the_board_read(client, mid_game_photo):
    key, url, page, values = _photo_page(client, mid_game_photo)
    assert 'id="start-fields"' in page and 'id="unsure-list"' not in page
    # read surely: what to do next names both ways on, the play or the board kept
    assert re.search(r'id="next-step">Every square was read surely.\s+The 6 new tiles in blue '
                     r"are the play:.*Joining a game already under way\? <a "
                     r'href="#start-fields">Keep score from this board</a> instead.', page,
                     re.S)
    resp = client.post(url + "/start", data={
        **_as_the_board_stands(values), "name0": "Ann", "name1": "Bobby", "start0": "131",
        "start1": "88", "checked": "1"})
    assert resp.status_code == 302, page_said(resp)[:2000]
    game = client.get(f"/api/games/{key}").get_json()
    assert [(p["name"], p["total"]) for p in game["players"]] == [("Ann", 131), ("Bobby", 88)]
    assert game["start"]["tiles"] == 6 and game["turns"] == []
    sheet = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Started from a board with 6 tiles, scores Ann 131, Bobby 88." in sheet
    # the next play is scored on it: ZOOS down from 8K is an S added to ZOO
    after = client.post(f"/api/games/{key}/turns", json={"play": "K8 ZOOS"}).get_json()
    assert after["turns"][0]["words"] == "ZOOS" and after["players"][0]["total"] > 131
    # once a turn is kept, the photo page no longer offers a start
    assert 'id="start-fields"' not in client.get(url).get_data(as_text=True)


def test_a_game_started_from_a_board_offers_its_scores_so_far_to_keep_from_a_photo(
        client, mid_game_photo):
    """A game already started from a board (scores Ann 120, Bob 95) and no turn yet is
    offered to keep score from a photo's board too, its boxes holding each player's score so
    far: they held 0, and the button, pressed as offered, started the game again at 0 each,
    the scores typed at its start gone."""
    game = _started(client)
    key = game["table_key"]
    resp = client.post(f"/api/games/{key}/photos", data=mid_game_photo,
                       content_type="image/jpeg")
    url = f"/games/{key}/photos/{resp.get_json()['photo_id']}"
    page = client.get(url).get_data(as_text=True)
    offered = dict(re.findall(r'name="(start\d)" id="start\d"[^>]* value="(\d*)"', page))
    assert offered == {"start0": "120", "start1": "95"}


REAL = Path(__file__).parents[1] / "data" / "vision" / "real"
EMPTY_BOARD = REAL / "IMG_20151016_165303.jpg"  # a real photo of an empty Bug Words board


def test_a_photo_of_a_board_too_bare_to_start_from_offers_no_keeping_score(client):
    """A photo of an empty board offered "Keep score from this board", its "0 tiles ...
    where the game starts", which could only be refused ("The starting position has no tile
    on it ..."); a board of one tile, which the rules refuse too, said "its 1 tile are". The
    page offers it as the engine decides (``Table.too_few_to_start``): not for none or one,
    for two joined; and counts the tiles as the engine does."""
    key, url, page, values = _photo_page(client, EMPTY_BOARD.read_bytes())
    assert 'id="start-fields"' not in page and 'href="#start-fields"' not in page
    assert "0 tiles" not in page and "Keep score from this board" not in page
    assert "there is nothing to score" in page
    empty = {k: "" for k in values if k.startswith("sq-")}
    one = client.post(url + "/score", data={**values, **empty, "sq-7-7": "A", "seat": "0"})
    assert one.status_code == 400  # one tile is no play either: the page again, as typed
    said = one.get_data(as_text=True)
    assert re.search(r'name="sq-7-7" id="sq-7-7" value="A"', said)
    assert 'id="start-fields"' not in said and "1 tile" not in said
    two = client.post(url + "/score", data={**values, **empty, "sq-7-7": "Q",
                                            "sq-7-8": "X", "seat": "0"})
    assert two.status_code == 400  # QX is no word: refused as a play, and a board to keep
    said = two.get_data(as_text=True)
    assert 'id="start-fields"' in said
    assert "from the board in the grid: its 2 tiles are where the game starts" in said
    assert client.get(f"/api/games/{key}").get_json()["turns"] == []


def test_keep_score_s_boxes_sent_with_a_play_refused_are_offered_as_typed(client,
                                                                         mid_game_photo):
    """Without scripts, Enter in Keep score's boxes presses the form's first button, Score
    the new tiles (the grid is one form's, and a form has one default button): the board
    of two plays is refused as a play, and the names and scores typed were lost, the boxes
    back at the game's names and 0. They are offered again as typed, to keep score with."""
    key, url, page, values = _photo_page(client, mid_game_photo)
    typed = {**_as_the_board_stands(values), "seat": "0", "name0": "Ann", "name1": "Bobby",
             "start0": "131", "start1": "88"}
    refused = client.post(url + "/score", data=typed)
    assert refused.status_code == 400
    again = refused.get_data(as_text=True)
    assert "more than one play" in page_said(refused)
    assert re.search(r'id="start-instead">Joining a game already under way\? <a '
                     r'href="#start-fields">Keep score from this board</a> instead.', again)
    assert re.search(r'id="name1" maxlength="40" value="Bobby"', again)
    assert re.search(r'id="start0" type="number"[^>]*value="131"', again)
    assert re.search(r'id="start1" type="number"[^>]*value="88"', again)
    assert client.get(f"/api/games/{key}").get_json()["turns"] == []

def test_keeping_score_from_a_photo_needs_its_squares_in_doubt_checked(client):
    """The real photo IMG_20151016_165900, a board photographed mid-game (36 tiles), lists
    three squares in doubt: the board is kept only once they are said checked, and a refusal
    keeps the boxes as typed."""
    real = Path(__file__).parents[1] / "data" / "vision" / "real" / "IMG_20151016_165900.jpg"
    key, url, page, values = _photo_page(client, real.read_bytes())
    assert page.count('class="pick secondary"') >= 3 and 'id="checked"' in page
    sent = {**values, "name1": "Bo", "start0": "10", "start1": "x"}
    resp = client.post(url + "/start", data=sent)
    assert resp.status_code == 400
    assert page_said(resp).count('Check the 3 squares in orange first (tap a suggestion, or '
                                 "type the letter on the tile), then tick &#34;The squares in "
                                 "orange are checked&#34;.") == 1
    said = resp.get_data(as_text=True)
    # said in Keep score's own box, the keyboard on the box ticked (the page opened at its
    # top, the refusal over the overlay, the fieldset 2,000 px under it on a phone)
    assert said.index('id="start-fields"') < said.index('id="error"') < said.index(
        'id="checked"')
    assert re.search(r'id="checked"[^>]*aria-invalid="true"[^>]*autofocus', said)
    assert re.search(r'id="name1"[^>]*value="Bo"', said)
    sent["checked"] = "1"
    resp = client.post(url + "/start", data=sent)  # Bob's score is no number
    assert resp.status_code == 400
    said = resp.get_data(as_text=True)
    assert "Bo&#39;s score so far must be a whole number." in said
    assert re.search(r'id="start1"[^>]*value="x"[^>]*aria-invalid="true"[^>]*autofocus', said)
    assert re.search(r'id="start0"[^>]*value="10"', said)
    assert client.get(f"/api/games/{key}").get_json()["start"] is None
    sent["start1"] = "12"
    assert client.post(url + "/start", data=sent).status_code == 302
    game = client.get(f"/api/games/{key}").get_json()
    assert game["start"]["tiles"] == 36
    assert [(p["name"], p["total"]) for p in game["players"]] == [("Ann", 10), ("Bo", 12)]


def test_a_photo_board_the_rules_refuse_marks_its_squares(client, mid_game_photo):
    """Two tiles typed apart from the others: the engine's sentence, its squares marked."""
    key, url, page, values = _photo_page(client, mid_game_photo)
    values = _as_the_board_stands(values) | {"sq-0-0": "A", "sq-0-1": "T"}
    resp = client.post(url + "/start", data={**values, "checked": "1"})
    assert resp.status_code == 400
    said = resp.get_data(as_text=True)
    assert "1A, 1B lie apart from the others" in said
    assert said.index('id="error"') < said.index('id="photo-grid"')  # over the squares
    assert re.search(r'name="sq-0-0"[^>]*aria-invalid="true"', said)
    assert 'id="start-instead"' not in said  # Keep score was pressed: no "instead"
    assert client.get(f"/api/games/{key}").get_json()["start"] is None


def test_a_werdup_board_photographed_at_an_angle_starts_with_its_stacks(client):
    """A render of the printed WerdUp set at 33 degrees, 19 stacks 1-5 high: the game starts
    from its stacks at the heights read, each tile of each stack out of the bag, and the
    photo's page says as many tiles (it counted the stacks)."""
    from tools.render.rig import load_truth

    photo = Path(__file__).parents[1] / "data" / "werdup_renders" / "render-101.jpg"
    truth, _ = load_truth(photo)
    key, url, page, values = _photo_page(client, photo.read_bytes(), "werdup")
    tiles = sum(truth.height(r, c) for r, c, _ in truth.squares())
    assert len(list(truth.squares())) == 19 and tiles > 19
    # the page counts the tiles the game starts with, each of every stack (it said 19)
    assert f"its {tiles} tiles are where the game starts" in page
    assert client.post(url + "/start", data=values).status_code == 302
    game = client.get(f"/api/games/{key}").get_json()
    assert game["start"]["board"] == truth.to_text()
    assert game["start"]["tiles"] == tiles


@pytest.mark.parametrize(("under", "said"), [
    (3, ["Row 7, column E: the photo shows a stack of 4; no tile was added here, so the stack "
         "should stay 3 high."]),
    (4, [])])
def test_a_werdup_photo_s_stacks_off_the_sheet_s_heights_are_said(client, under, said):
    """The sheet's board before the C of EPIC, its I on a stack of ``under``; the render shows
    that stack 4 high. `companion read --previous` says the stack is not as the board before
    it and the play make it ("check: row 7, column E: ..."); the photo page said nothing of
    the stacks, and scored the play on heights the table had not checked. Both score it on
    the board before, as the engine counts the stacks."""
    from tools.render.rig import load_truth

    photo = Path(__file__).parents[1] / "data" / "werdup_renders" / "render-101.jpg"
    truth, _ = load_truth(photo)
    from companion.board import Placement

    before = truth.copy()
    before.remove([Placement(7, 4, "C")])  # the C of EPIC, the play
    rows = before.to_text().splitlines()
    rows[6] = rows[6].replace("I4", f"I{under}")
    key = _started(client, "\n".join(rows) + "\n", kind="werdup")["table_key"]
    resp = client.post(f"/api/games/{key}/photos", data=photo.read_bytes(),
                       content_type="image/jpeg")
    page = client.get(f"/games/{key}/photos/{resp.get_json()['photo_id']}").get_data(
        as_text=True)
    listed = re.search(r'id="stack-checks".*?<ul class="list">(.*?)</ul>', page, re.S)
    assert (re.findall(r"<li>(.*?)</li>", listed.group(1)) if listed else []) == said


def _photo_of_a_new_game(page, photo, shown: str = "#start-fields") -> None:
    """A new Bug Words game of Ann and Bob, and ``photo`` sent from its sheet: its photo page,
    once it shows ``shown``. The photo page has loaded, its script with it: Enter in Keep
    score's boxes is that script's, and pressed before it runs it sends the play instead."""
    photo_chosen_for_a_new_game(page, photo)
    with page.expect_navigation():  # waits for the photo page's load, not its first bytes
        page.click("#photo-upload button[type=submit]")
    page.wait_for_selector(shown)


def _settle_the_grid(page) -> None:
    """The photo page's squares settled as the board stands (:data:`MID_GAME`), the others
    emptied."""
    for square in page.locator("#photo-grid input.cell").all():
        sid = square.get_attribute("id") or ""
        r, c = (int(n) for n in sid.split("-")[1:])
        wanted = MID_GAME.get((r, c), "")
        if square.input_value() != wanted:
            square.fill(wanted)


@pytest.mark.browser
def test_keep_score_from_a_photographed_board_in_the_browser(browser, tmp_path,
                                                             mid_game_photo):
    from browser import PHONE

    app = make_app(tmp_path)
    photo = tmp_path / "board.jpg"
    photo.write_bytes(mid_game_photo)
    with live_server(app) as url:
        context = browser.new_context(base_url=url, **PHONE)
        page = context.new_page()
        page.set_default_timeout(15000)
        _photo_of_a_new_game(page, photo)
        _settle_the_grid(page)
        if page.locator("#checked").count():
            page.check("#checked")
        page.fill("#start0", "131")
        page.fill("#start1", "88")
        page.screenshot(path=str(tmp_path / "start.png"), full_page=True)
        page.press("#start1", "Enter")  # Enter in its boxes keeps score, not the play
        page.wait_for_selector("#started")
        assert page.inner_text("#started").startswith(
            "Started from a board with 6 tiles, scores Ann 131, Bob 88.")
        totals = page.inner_text("#totals")
        assert "131" in totals and "88" in totals
        assert page.locator("#board .cell").filter(has_text="Q").count() >= 1
        context.close()


@pytest.mark.browser
def test_a_photo_of_an_empty_board_offers_no_keeping_score_in_the_browser(browser, tmp_path):
    """The real photo of an empty board sent from a new game's sheet: its page says there is
    nothing to score, and offers no "Keep score from this board" (it offered it, its "0 tiles
    are where the game starts", and pressing it was refused)."""
    from browser import PHONE, fits_phone

    app = make_app(tmp_path)
    with live_server(app) as url:
        context = browser.new_context(base_url=url, **PHONE)
        page = context.new_page()
        page.set_default_timeout(15000)
        _photo_of_a_new_game(page, EMPTY_BOARD, "#next-step")
        page.screenshot(path=str(tmp_path / "empty.png"), full_page=True)
        assert "there is nothing to score" in page.inner_text("#next-step")
        assert not page.locator("#start-fields, #start-button").count()
        text = page.inner_text("main")
        assert "Keep score" not in text and "0 tiles" not in text
        fits_phone(page)
        context.close()


@pytest.mark.browser
def test_keep_score_without_scripts_keeps_what_was_typed(browser, tmp_path, mid_game_photo):
    """Without scripts, Enter in Keep score's boxes presses Score the new tiles, the form's
    first button (the grid is sent by one form, whose one default button Enter presses in any
    of its boxes): the board of two plays is refused as a play, Keep score's boxes keep what
    was typed (they came back at the game's names and 0), and its button keeps score."""
    from browser import PHONE

    app = make_app(tmp_path)
    photo = tmp_path / "board.jpg"
    photo.write_bytes(mid_game_photo)
    with live_server(app) as url:
        context = browser.new_context(base_url=url, java_script_enabled=False, **PHONE)
        page = context.new_page()
        page.set_default_timeout(15000)
        _photo_of_a_new_game(page, photo)
        _settle_the_grid(page)
        if page.locator("#checked").count():
            page.check("#checked")
        page.fill("#name1", "Bobby")
        page.fill("#start0", "131")
        page.fill("#start1", "88")
        page.press("#start1", "Enter")
        page.wait_for_selector(".notice.bad")
        assert "more than one play" in page.inner_text("main")
        assert [page.input_value(f"#{box}") for box in ("name1", "start0", "start1")] == [
            "Bobby", "131", "88"]
        page.screenshot(path=str(tmp_path / "refused.png"), full_page=True)
        page.click("#start-button")
        page.wait_for_selector("#started")
        assert page.inner_text("#started").startswith(
            "Started from a board with 6 tiles, scores Ann 131, Bobby 88.")
        context.close()

def _late(client, kept: str, rule: str = "none", **more):
    resp = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                           "challenge_rule": rule, "start": late_board(kept),
                                           **more})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def _finish(client, key, *racks):
    game = client.get(f"/api/games/{key}").get_json()
    return client.post(f"/api/games/{key}/finish", json={
        "version": game["version"], "racks": {str(i): r for i, r in enumerate(racks)}})


def test_a_late_start_with_the_bag_empty_takes_any_split_of_the_racks(client):
    """90 of Bug Words' 100 tiles on the board and two players: 10 tiles left, not the 14
    of two full racks, so the bag is empty and the racks hold the 10 between them, split in
    a way the sheet cannot know. It said Ann held 7 and Bob 3 (full racks dealt in turn),
    and refused the racks of a table whose players held 5 each."""
    game = _late(client, "QZXJKVWABC")
    assert game["start"]["tiles"] == 90
    assert [p["tiles_held"] for p in game["players"]] == [None, None]
    key = game["table_key"]
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert re.search(r'id="racks-hold">([^<]*)<', page)[1] == (
        "The racks hold 10 tiles between them: the game started with the bag empty, so the "
        "sheet cannot know how they are split, and takes any split of them.")
    assert 'id="rack0-held"' not in page and 'id="rack1-held"' not in page
    swap = client.post(f"/api/games/{key}/turns", json={"action": "swap"})
    assert swap.status_code == 400 and "the bag" in swap.get_json()["error"]
    short = _finish(client, key, "QZXJ", "KVWAB")  # 9 of the 10
    assert short.status_code == 400
    assert short.get_json()["error"] == (
        "The racks hold 9 tiles between them as typed, but 10 tiles are off the board by the "
        "plays on the sheet (the bag is empty; the sheet cannot know how they are split "
        "between the racks, and takes any split of them): type every tile left on each rack.")
    done = _finish(client, key, "QZXJK", "VWABC")
    assert done.status_code == 200, done.get_json()
    assert done.get_json()["finished"]


def test_a_late_start_knows_who_went_out_once_the_plays_say_it(client):
    """With the racks' split not known, a play of 7 tiles (a full rack, and no tile to draw)
    empties its player's rack: the game is over, and the other rack holds the rest."""
    game = _late(client, "QZXJKVWABC", rule="single")
    key = game["table_key"]
    two = client.post(f"/api/games/{key}/turns", json={"play": "14A QZ"}).get_json()
    assert two["over"] == "" and [p["tiles_held"] for p in two["players"]] == [None, None]
    assert client.post(f"/api/games/{key}/undo", json={"version": two["version"]}
                       ).status_code == 200
    out = client.post(f"/api/games/{key}/turns", json={"play": "14A QZXJKVW"}).get_json()
    assert out["over"] == "Ann has played every tile and the bag is empty"
    assert [p["tiles_held"] for p in out["players"]] == [0, 3]
    assert _finish(client, key, "", "ABC").status_code == 200


def test_a_late_start_refuses_a_rack_of_more_tiles_than_its_player_can_hold(client):
    """After Ann's play of 2 tiles the racks hold 8: Ann at most 5, Bob at most 7 (a rack's
    size, the bag being empty since the start), so any split of 8 with Bob's at most 7."""
    key = _late(client, "QZXJKVWABC", rule="single")["table_key"]
    assert client.post(f"/api/games/{key}/turns", json={"play": "14A QZ"}).status_code == 201
    refused = _finish(client, key, "", "XJKVWABC")
    assert refused.status_code == 400
    assert refused.get_json()["error"].startswith("Player Bob's rack: the rack XJKVWABC has 8 ")
    too_many = _finish(client, key, "XJKVWA", "BC")
    assert too_many.get_json()["error"] == (
        "Player Ann's rack: it has 6 tiles, but Ann holds 5 tiles at most by the plays on the "
        "sheet (the bag is empty): type every tile left on the rack, and only those.")
    assert _finish(client, key, "X", "JKVWABC").status_code == 200


@pytest.mark.parametrize(("kept", "refused"), [
    ("", "The starting position holds 100 tiles, leaving 0 of the set's 100 for the racks, "
         "but each of the 2 players holds a tile while the game goes on: check the board, or "
         "the squares read."),
    ("Q", "The starting position holds 99 tiles, leaving 1 of the set's 100 for the racks, "
          "but each of the 2 players holds a tile while the game goes on: check the board, "
          "or the squares read."),
    ("QZ", ""),
])
def test_a_start_leaving_a_player_no_tile_is_refused(client, kept, refused):
    """A Bug Words game goes on only while each player holds a tile: a board of every tile
    but one, or every tile, was taken, the racks counted empty."""
    resp = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                           "start": late_board(kept)})
    if refused:
        assert resp.status_code == 400 and resp.get_json()["error"] == refused
    else:
        assert resp.status_code == 201
        key = resp.get_json()["table_key"]
        assert _finish(client, key, "Q", "Z").status_code == 200
