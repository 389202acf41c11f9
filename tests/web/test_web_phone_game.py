"""A whole Bug Words game on a phone (390 x 844, real Chromium), plays entered by tapping
the board's squares."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from appfactory import make_app
from browser import PHONE, fits_phone, focused, live_server, phones, tap_and_wait

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("phone-game"))
    with live_server(app) as url:
        yield url


def _tap_and_type(page, square: str, taps: int, word: str) -> None:
    for _ in range(taps):
        page.tap(f'#board [data-square="{square}"]')
    page.locator("#play").press_sequentially(word)
    tap_and_wait(page, "#turn-form button[type=submit]")


def test_a_whole_bug_words_game_by_tapping_squares(page):
    page.goto("/games")
    page.select_option("#game", "bugwords")
    page.fill("input[aria-label='Player 1']", "Ann")
    page.fill("input[aria-label='Player 2']", "Bob")
    tap_and_wait(page, "#new-game button[type=submit]")
    game_url = page.url
    board = page.locator("#board")
    assert "H" in board.inner_text() and "15" in board.inner_text()  # coordinates round it
    assert page.locator('#board [data-square="1A"]').inner_text() == "TW"  # premiums shown
    assert page.locator('#board [data-square="8H"].p-start').count() == 1
    fits_phone(page)

    page.tap('#board [data-square="8H"]')
    assert page.input_value("#play") == "8H "
    assert "Across from 8H" in page.inner_text("#tap-hint")
    page.tap('#board [data-square="8H"]')  # a second tap: down
    assert page.input_value("#play") == "H8 "
    page.tap('#board [data-square="8H"]')  # and back across
    page.locator("#play").press_sequentially("QUIZ")
    tap_and_wait(page, "#turn-form button[type=submit]")
    assert "QUIZ" in page.inner_text("#last-play") and "44" in page.inner_text("#last-play")
    assert page.locator('#board [data-square="8K"]').inner_text().startswith("Z")
    # the keyboard goes on in the next turn's play (it was left on the page's body), and the
    # page stays at its top, the totals and the play just recorded on the screen
    assert focused(page) == "play"
    assert page.evaluate("window.scrollY") == 0
    assert page.locator("#last-play").bounding_box()["y"] + 20 < PHONE["viewport"]["height"]
    page.reload()  # said once: a reload is no turn recorded
    assert focused(page) != "play" and page.locator("#play[autofocus]").count() == 0

    _tap_and_type(page, "8K", 2, ".ANY")  # Bob, down from the Z: ZANY
    assert "ZANY" in page.inner_text("#last-play")
    fits_phone(page)

    _tap_and_type(page, "1A", 1, "XQZT")  # not a play: the text stays, so does the page
    assert page.locator("#error").is_visible()
    assert page.input_value("#play") == "1A XQZT"
    assert focused(page) == "play"  # the box refused, which says why (its alert)
    assert page.get_attribute("#play", "aria-describedby") == "error"
    assert page.url == game_url  # a reload shows the game, not a dead form address
    page.reload()
    assert page.locator("#turns").is_visible()

    _tap_and_type(page, "11K", 1, ".ES")  # Ann: YES across from ZANY's Y
    assert "YES" in page.inner_text("#last-play")
    played = page.locator("#turns tr").count() - 1
    assert played == 3
    page.once("dialog", lambda dialog: dialog.dismiss())  # the take-back asks first
    page.tap("#undo-form button[type=submit]")
    assert page.locator("#turns tr").count() - 1 == played  # dismissed: nothing taken back
    page.once("dialog", lambda dialog: dialog.accept())
    tap_and_wait(page, "#undo-form button[type=submit]")
    assert page.locator("#turns tr").count() - 1 == played - 1
    # the keyboard goes on in the play of the turn now to be played, as after a turn recorded
    # (it was left on the page's body, the Take back button gone with the page)
    assert focused(page) == "play"
    assert page.evaluate("window.scrollY") == 0
    page.reload()  # said once: a reload is no turn taken back
    assert focused(page) != "play"

    page.tap("details:has(#finish-form) summary")
    page.fill("#rack0", "EEAIORS")  # (the bag still holds tiles: each holds a full rack)
    page.fill("#rack1", "JVAEINT")
    tap_and_wait(page, "#finish-form button[type=submit]")
    winner = page.inner_text("#winner")
    ranking = page.locator("#ranking li").all_inner_texts()
    assert len(ranking) == 2 and ranking[0].split(":")[0] in winner
    assert "wins with" in winner or "tie" in winner
    assert page.locator("#turn-form").count() == 0  # the game is over
    fits_phone(page)


def test_a_game_finished_by_mistake_is_reopened_and_its_last_turn_taken_back(page):
    """A pass typed by mistake ended the game and the table pressed Finish: the finished
    sheet offered nothing but a new game. Reopen asks first, then the game is as it was
    before finishing (the racks typed kept), the keyboard on the take-back, and once the pass
    is taken back the player plays on, the racks typed no longer offered."""
    page.goto("/games")
    page.select_option("#game", "werdup")
    page.fill("input[aria-label='Player 1']", "Cy")
    page.fill("input[aria-label='Player 2']", "Di")
    tap_and_wait(page, "#new-game button[type=submit]")
    _tap_and_type(page, "5E", 1, "QUIT")
    for _ in range(2):  # Di passes, then Cy, by mistake: every player passed, the game is over
        page.select_option("#action", "pass")
        tap_and_wait(page, "#turn-form button[type=submit]")
    assert "The game is over" in page.inner_text("#game-over")
    page.fill("#rack0", "AEIOSTN")
    page.fill("#rack1", "AEIOUST")
    tap_and_wait(page, "#finish-form button[type=submit]")
    assert page.inner_text("#winner") == "Cy wins with -29 points."
    assert page.locator("#undo-form").count() == 0
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.tap("#reopen-form button[type=submit]")
    assert asked == ["Reopen the game? The end-of-game scores come off, and turns can be "
                     "taken back or added again."]
    assert page.locator("#winner").count() == 1  # dismissed: nothing undone
    page.once("dialog", lambda dialog: dialog.accept())
    tap_and_wait(page, "#reopen-form button[type=submit]")
    assert page.locator("#winner").count() == 0 and page.locator("#reopen-form").count() == 0
    assert "The game is reopened" in page.inner_text("#done")
    assert page.locator("#totals tr", has_text="Cy").inner_text().split("\t")[-1] == "6"
    assert page.input_value("#rack0") == "AEIOSTN" and page.input_value("#rack1") == "AEIOUST"
    assert focused(page) == "undo"  # the turn that ended it is the one to take back
    fits_phone(page)
    page.once("dialog", lambda dialog: dialog.accept())
    tap_and_wait(page, "#undo-form button[type=submit]")
    assert "Turn 3 (Cy: pass, 0) taken back." in page.inner_text("#done")
    assert focused(page) == "play" and page.locator("#game-over").count() == 0
    _tap_and_type(page, "4G", 1, "AT")
    assert "AT" in page.inner_text("#last-play")
    # the racks typed at the finish are not Cy's now: End the game no longer offers them
    assert page.input_value("#rack0") == "" and page.input_value("#rack1") == ""


def test_a_second_tab_refused_as_the_game_changed_offers_the_player_on_turn(page):
    """Two tabs of one game at Ann's turn: the first adds Ann's play, the second's is
    refused as the game has changed, and its player box still showed Ann, so a second tap
    recorded Bob's play for Ann. The refused page shows Bob in its player box; a turn for
    Ann there is refused naming Bob, the box marked and the keyboard on it."""
    page.goto("/games")
    page.select_option("#game", "bugwords")
    page.fill("input[aria-label='Player 1']", "Ann")
    page.fill("input[aria-label='Player 2']", "Bob")
    tap_and_wait(page, "#new-game button[type=submit]")
    other = page.context.new_page()
    other.goto(page.url)
    assert other.input_value("select[name=seat]") == "0"
    page.fill("#play", "8G QUIZ")
    tap_and_wait(page, "#turn-form button[type=submit]")
    other.fill("#play", "I7 HI")
    tap_and_wait(other, "#turn-form button[type=submit]")
    assert "The game has changed" in other.inner_text("#error")
    assert other.input_value("select[name=seat]") == "1"
    assert other.input_value("#play") == "I7 HI"
    other.select_option("select[name=seat]", "0")
    tap_and_wait(other, "#turn-form button[type=submit]")
    assert other.inner_text("#error") == ("It is Bob's turn, not Ann's: choose Bob as the "
                                          "player, or take back the last turn if it was "
                                          "recorded for the wrong player.")
    assert other.get_attribute("select[name=seat]", "aria-invalid") == "true"
    assert focused(other) == "seat"
    other.select_option("select[name=seat]", "1")
    tap_and_wait(other, "#turn-form button[type=submit]")
    assert "Bob: I7 HI" in other.inner_text("#last-play")
    assert other.input_value("select[name=seat]") == "0"
    fits_phone(other)


RECORD = Path(__file__).parents[1] / "data" / "werdup-selfplay-werdup.txt"


def test_the_end_of_game_form_says_how_many_tiles_each_player_holds(page):
    """The engine's self-play WerdUp game typed through the sheet's page, up to the passes
    that end it: beside each rack box the form says how many tiles that player holds, as the
    record's end says (Bob went out: 0; Ann is left with her V: 1), and it fits the phone."""
    lines = [ln for ln in RECORD.read_text(encoding="utf-8").splitlines()
             if ln.startswith(">")]
    left = {nick: len(re.findall("Qu|[A-Z]", body.split()[0].strip("()")))
            for nick, body in (ln[1:].split(": ", 1) for ln in lines) if body.startswith("(")}
    page.goto("/games")
    page.select_option("#game", "werdup")
    page.fill("input[aria-label='Player 1']", "ann")
    page.fill("input[aria-label='Player 2']", "bob")
    tap_and_wait(page, "#new-game button[type=submit]")
    page.tap("details:has(#finish-form) summary")
    assert page.inner_text("#rack0-held") == page.inner_text("#rack1-held") == "holds 7 tiles"
    for ln in lines:
        nick, body = ln[1:].split(": ", 1)
        move = body.split()[1:]
        if ": (" in ln or move[0] == "-":
            break
        page.select_option("select[name=seat]", str(("ann", "bob").index(nick)))
        page.fill("#play", " ".join(move[:2]))
        tap_and_wait(page, "#turn-form button[type=submit]")
        assert not page.locator("#error").count(), ln
        assert focused(page) == "play", ln  # on to the next turn
    assert left == {"ann": 1}  # only Ann's rack is left with tiles
    page.tap("details:has(#finish-form) summary")
    assert page.inner_text("#rack0-held") == "holds 1 tile"
    assert page.inner_text("#rack1-held") == "holds 0 tiles"
    assert page.inner_text("label[for=rack1]") == "bob holds 0 tiles"
    fits_phone(page)
    page.fill("#rack0", "V")
    page.fill("#rack1", "V")  # Ann holds the last V: Bob's rack is refused, and has the keyboard
    tap_and_wait(page, "#finish-form button[type=submit]")
    assert page.locator("#error").is_visible() and focused(page) == "rack1"
    page.fill("#rack1", "")
    tap_and_wait(page, "#finish-form button[type=submit]")  # the racks as the form says
    assert page.locator("#ranking li").all_inner_texts() == ["bob: 407", "ann: 362"]


GCG = Path(__file__).parents[1] / "data" / "gcg" / "selfplay-2p-seed1.gcg"


def _lines(page, selector: str) -> list[int]:
    """How many lines the text of each cell ``selector`` finds is drawn on."""
    return page.eval_on_selector_all(selector, """cells => cells.map(cell => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set(Array.from(range.getClientRects(), r => Math.round(r.top))).size;
    })""")


@pytest.mark.parametrize("width", [390, 320])
def test_the_turns_keep_their_numbers_and_words_whole_on_a_phone(browser, base_url, width):
    """The engine's self-play game's first fourteen plays on the sheet, read on a phone: a
    turn's number (10 and on) and the scores are never split between their digits ("1" over
    "0"), on a 390 px phone a ten-letter word (OVERGRAZED) stays on one line, and the table
    is no wider than the screen, down to 320 px."""
    from companion.bugwords.gcg import parse_gcg

    record = parse_gcg(GCG.read_text(encoding="utf-8"))
    plays = [mv for mv in record.moves if mv.kind == "place"][:14]
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {
        "width": width, "height": 844}})
    page = context.new_page()
    game = page.request.post("/api/games", data={"game": "bugwords",
                                                 "players": ["Ann", "Bob"]}).json()
    key = game["table_key"]
    for mv in plays:
        resp = page.request.post(f"/api/games/{key}/turns", data={
            "play": f"{mv.position} {mv.word}", "version": game["version"]})
        assert resp.status == 201, resp.json()
        game = resp.json()
    page.goto(f"/games/{key}")
    rows = page.locator("#turns tr").all_inner_texts()
    assert len(rows) == 15 and "OvERGRAZED" in rows[9]  # its V a blank, shown as one
    assert set(_lines(page, "#turns td:first-child")) == {1}
    assert set(_lines(page, "#turns td.num")) == {1}
    if width == 390:
        assert _lines(page, "#turns tr:nth-child(10) td:nth-child(3)") == [1]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()


NAME_CELLS = """() => Array.from(document.querySelectorAll("#turns tr > td:nth-child(2)"), td => {
    const lines = (node, start, end) => {  // how many lines a stretch of the text is drawn on
        const range = document.createRange();
        range.setStart(node, start); range.setEnd(node, end);
        return new Set(Array.from(range.getClientRects(), r => Math.round(r.top))).size;
    };
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    while (node && !node.data.trim()) { node = walker.nextNode(); }
    const words = [], at = /\\S+/g;
    for (let m = at.exec(node.data); m; m = at.exec(node.data)) {
        words.push([m[0], lines(node, m.index, m.index + m[0].length)]);
    }
    return {name: node.data.trim(), lines: lines(node, 0, node.data.length), words,
            size: parseFloat(getComputedStyle(node.parentElement).fontSize)};
})"""


@pytest.mark.parametrize("width", [320, 375])
def test_the_turns_break_a_name_only_between_its_words(browser, base_url, width):
    """At 320-375 px the Turns table broke a long name inside its letters ("Barthol" over
    "omew", a twelve-letter name over three lines). A name breaks only between its words; a
    one-word name too long for its column shrinks, down to 14 px (no text is smaller), and
    twelve letters then fit on one line; only twenty letters, wider than the column at 14 px,
    break inside the word. The table stays no wider than the screen."""
    names = ["Maximilianus", "Wolfeschlegelsteinha", "Bartholomew Alexandros", "Ann"]
    assert [len(n) for n in names[:2]] == [12, 20]
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {
        "width": width, "height": 844}})
    page = context.new_page()
    key = page.request.post("/api/games", data={"game": "werdup",
                                                "players": names}).json()["table_key"]
    for turn in range(4):
        assert page.request.post(f"/api/games/{key}/turns", data={
            "words": "overgrazed", "score": 100 + turn}).ok
    page.goto(f"/games/{key}")
    cells = {cell["name"]: cell for cell in page.evaluate(NAME_CELLS)}
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
    assert list(cells) == names
    twelve, twenty, two, short = (cells[n] for n in names)
    assert twelve["lines"] == 1 and twelve["size"] >= 14, twelve
    assert twenty["size"] == 14 and twenty["lines"] == 2, twenty  # shrunk as far as it may
    assert two["lines"] == 2 and all(lines == 1 for _w, lines in two["words"]), two
    assert two["size"] >= 14, two
    assert short == {**short, "lines": 1, "size": 18}


def test_the_printable_sheet_keeps_its_date_whole_on_a_phone(page):
    """The printable score sheet's heading on a 390 px phone: the game's date, "(5 December
    2026)", stays on one line (written 2026-12-05 it was broken at its first hyphen, "(2026-"
    over "12-05)")."""
    game = page.request.post("/api/games", data={"game": "bugwords",
                                                 "players": ["Ann", "Bob"]}).json()
    page.goto(f"/games/{game['table_key']}/print")
    lines = page.eval_on_selector("h1", r"""h1 => {
        const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const found = /\([1-9]\d? [A-Z][a-z]+ \d{4}\)/.exec(node.data);
            if (!found) { continue; }
            const range = document.createRange();
            range.setStart(node, found.index);
            range.setEnd(node, found.index + found[0].length);
            return new Set(Array.from(range.getClientRects(), r => Math.round(r.top))).size;
        }
        return 0;
    }""")
    assert lines == 1
    fits_phone(page)


@pytest.mark.parametrize(("game", "plays"), [("bugwords", ["8H QUIZ", "K8 .ANY"]),
                                             ("werdup", ["5A BONNY", "B1 COLLET"])])
def test_the_turn_form_is_on_the_screen_with_the_board(page, game, plays):
    """A player at the table scrolls to the board and has the play's box and its Add turn
    button on the same phone screen (390 x 844), under the board: the turn's form comes
    straight after the board (the photo form came between them, and the box was below the
    screen's bottom edge), as it does on a desktop's screen."""
    made = page.request.post("/api/games", data={"game": game,
                                                 "players": ["Ann", "Bob"]}).json()
    key = made["table_key"]
    for play in plays:
        resp = page.request.post(f"/api/games/{key}/turns",
                                 data={"play": play, "version": made["version"]})
        assert resp.status == 201, resp.json()
        made = resp.json()
    page.goto(f"/games/{key}")
    seen = page.evaluate("""() => {
        const header = document.querySelector('.top').getBoundingClientRect().bottom;
        const board = document.getElementById('board');
        window.scrollTo(0, board.getBoundingClientRect().top + window.scrollY - header);
        const at = s => document.querySelector(s).getBoundingClientRect();
        return {header, board: at('#board').top, boardEnd: at('#board').bottom,
                form: at('#turn-form').top, play: at('#play').bottom,
                add: at('#turn-form button[type=submit]').bottom,
                photo: at('#photo-upload').top, screen: window.innerHeight};
    }""")
    assert abs(seen["board"] - seen["header"]) <= 1  # the board's top just under the header
    assert seen["play"] <= seen["screen"] and seen["add"] <= seen["screen"], seen
    assert seen["boardEnd"] < seen["form"] < seen["boardEnd"] + 100 < seen["photo"], seen
    fits_phone(page)


# each player's name as a copy of the box holding it alone, at its own width, would show it,
# and the box itself: a name is whole when its box is as wide as that
NAME_BOX = """() => {
    const box = document.querySelector('#turn-form select[name=seat]');
    const alone = box.cloneNode(false);
    alone.append(box.selectedOptions[0].cloneNode(true));
    alone.style.cssText = 'position: absolute; width: auto; max-width: none; flex: none';
    box.parentNode.append(alone);
    const needs = alone.getBoundingClientRect().width;
    alone.remove();
    const at = s => document.querySelector(s).getBoundingClientRect();
    return {name: box.selectedOptions[0].text, needs, has: box.getBoundingClientRect().width,
            // how far below the board's top the Add turn button ends, and the screen under
            // the header: the board scrolled to the header shows all of it
            add: at('#turn-form button[type=submit]').bottom - at('#board').top,
            screen: window.innerHeight - at('.top').height};
}"""


@pytest.mark.parametrize("game", ["bugwords", "werdup"])
def test_the_turn_form_shows_a_long_name_whole(page, game):
    """Four players with long names: the turn's player box gave half the row to each box, so
    on a 390 px phone "Bartholomew Alexandros" read "Bartholomew A". The box now takes the
    width its longest name needs, the board and the Add turn button still on one screen; a
    name too wide to stand beside the action box puts that box on a line of its own, and one
    wider than the screen is cut at its edge, never widening the page."""
    long = "Wolfeschlegelsteinhausenbergerdorffwelche"[:40]  # the longest name a seat takes
    for names in (["Bartholomew Alexandros", "Wilhelmina Constance", "Maximilian Fitzgerald",
                   "Ann"], ["Ann", long]):
        key = page.request.post("/api/games", data={"game": game,
                                                    "players": names}).json()["table_key"]
        page.goto(f"/games/{key}")
        for seat, name in enumerate(names):
            page.select_option("#turn-form select[name=seat]", str(seat))
            box = page.evaluate(NAME_BOX)
            assert box["name"] == name
            if name != long:
                assert box["has"] >= box["needs"], box
            fits_phone(page)
        if long not in names:  # the board and Add turn: still one screen
            assert box["add"] <= box["screen"], box


def _photo_sent(page, photo: bytes):
    """A new Bug Words game's key and the answer to ``photo`` sent to it (201)."""
    key = page.request.post("/api/games", data={"game": "bugwords",
                                                "players": ["Ann", "Bob"]}).json()["table_key"]
    resp = page.request.post(f"/api/games/{key}/photos", data=photo,
                             headers={"Content-Type": "image/jpeg"})
    assert resp.status == 201, resp.json()
    return key, resp


def _list_and_button(page) -> dict:
    """Once the overlay has loaded: the photo page's list of squares to check, its height,
    and how far down the page its "Score the new tiles" button is (CSS px)."""
    page.wait_for_function("() => { const i = document.getElementById('overlay');"
                           " return i && i.complete && i.naturalWidth > 0; }")
    return page.evaluate("""() => {
        const at = s => document.querySelector(s).getBoundingClientRect();
        return {list: at('#unsure-list').height,
                button: at('#photo-form button[type=submit]').top + window.scrollY};
    }""")


def test_a_photo_s_listed_squares_say_each_reason_once(page):
    """The real photo IMG_20151016_170003 lists 25 squares, 24 of them because a run of
    letters is no word: the photo page said the run's sentence once per square, the list
    3,200 px tall on a phone and its "Score the new tiles" button 4,590 px down. Each
    reason is said once with its squares under it (list 1,530 px, button 2,920 px): the
    letters most in doubt each with their choices to tap, the others in one line. Its B, Q
    and H tiles read beyond the set (three B where the set holds two) are named under
    those three reasons too (list 1,960 px, button 3,340 px; with what each square in doubt
    was read as, 2,000 and 3,410 px; 3,240 with the overlay cut to the board)."""
    photo = Path(__file__).parents[1] / "data" / "vision" / "real" / "IMG_20151016_170003.jpg"
    key, resp = _photo_sent(page, photo.read_bytes())
    listed = resp.json()["reading"]["uncertain"]
    page.goto(f"/games/{key}/photos/{resp.json()['photo_id']}")
    seen = _list_and_button(page)
    assert seen["list"] < 2200 and seen["button"] < 3600, seen
    text = page.inner_text("#unsure-list")
    whys = {u["why"] for u in listed if u.get("why")}
    assert len(whys) == 7 and all(text.count(why) == 1 for why in whys), text
    doubtful = {f"sq-{u['row']}-{u['col']}" for u in listed
                if len(u["alternatives"]) > 1 or u["alternatives"][0]["p"] < 0.8}
    tapped = set(page.eval_on_selector_all("#unsure-list button.pick",
                                           "bs => bs.map(b => b.dataset.cell)"))
    assert tapped == doubtful and len(doubtful) == 7
    sure = page.locator("#unsure-list li.muted").all_inner_texts()
    assert sum(line.count("%)") for line in sure) == len(listed) - len(doubtful)
    assert "Read surely: row 14, column E: M (99%); column F: O (92%); column H: E (99%)" in sure
    fits_phone(page)


def test_a_long_list_of_squares_to_check_comes_after_the_grid_it_marks(page):
    """IMG_20151016_170003's list of squares to check (2,000 px tall on a 390 px phone) came
    before the grid, which began 2,780 px down: the player scrolled past every line to reach
    the squares. The grid now comes first, its top 760 px down (387 with the photo at the
    foot of the page), on the first screen, the list under it and before who played; the Tab
    key reaches the grid, then the letters to tap, then who played, the order the page reads
    in."""
    photo = Path(__file__).parents[1] / "data" / "vision" / "real" / "IMG_20151016_170003.jpg"
    key, resp = _photo_sent(page, photo.read_bytes())
    page.goto(f"/games/{key}/photos/{resp.json()['photo_id']}")
    _list_and_button(page)
    tops = page.evaluate("""() => Object.fromEntries(['#photo-grid', '#unsure-list', '#seat']
        .map(s => [s, document.querySelector(s).getBoundingClientRect().top + scrollY]))""")
    assert tops["#photo-grid"] < PHONE["viewport"]["height"], tops
    assert tops["#photo-grid"] < tops["#unsure-list"] < tops["#seat"], tops
    stops: list[str] = []
    while "seat" not in stops and len(stops) < 100:
        page.keyboard.press("Tab")
        stops.append(page.evaluate("(e => e.id.startsWith('sq-') ? 'square' : e.id"
                                   " || e.className)(document.activeElement)"))
    assert "square" in stops and "seat" in stops, stops
    first_pick = next(k for k, s in enumerate(stops) if "pick" in s)
    assert stops.index("square") < first_pick < stops.index("seat"), stops
    fits_phone(page)


ON_SCREEN = """() => Object.fromEntries(
    ['#photo-grid', '#unsure-list', '#seat', '#overlay'].map(s => {
        const e = document.querySelector(s), box = e.getBoundingClientRect();
        const before = Array.from(document.querySelectorAll('main *')).indexOf(e);
        return [s, {top: box.top + scrollY, bottom: box.bottom + scrollY, at: before}];
    }))"""


@pytest.mark.parametrize(("name", "whole"), [("IMG_20151016_170003", True),
                                             ("IMG_20151016_165900", False)])
def test_the_grid_comes_before_the_photo_on_a_phone(page, name, whole):
    """The photo as read and its key came first on the photo page: on a 390 x 844 phone the
    grid of squares the player checks began 760 px down (IMG_20151016_170003), 907 px, below
    the first screen, under a note on the light (165900). The grid comes first, its key above
    it, and the photo, to look back at, at the foot of the page, after the Score button: the
    whole grid is on the first screen (387 px down), or its top under the note (507 px). The
    page's order is the screen's, for the Tab key and a screen reader alike."""
    photo = Path(__file__).parents[1] / "data" / "vision" / "real" / f"{name}.jpg"
    key, resp = _photo_sent(page, photo.read_bytes())
    page.goto(f"/games/{key}/photos/{resp.json()['photo_id']}")
    _list_and_button(page)
    seen = page.evaluate(ON_SCREEN)
    screen = PHONE["viewport"]["height"]
    grid = seen["#photo-grid"]
    assert (grid["bottom"] if whole else grid["top"]) <= screen, seen
    order = sorted(seen, key=lambda s: seen[s]["top"])
    assert order == list(seen) == sorted(seen, key=lambda s: seen[s]["at"]), seen
    # the grid's key just above it, the photo's under the photo, its heading above it
    assert page.locator("#grid-key + form #photo-grid, #overlay ~ #photo-key").count() == 2
    assert page.get_by_role("heading", name="The photo as read").count() == 1
    fits_phone(page)


def test_a_letter_of_two_runs_that_are_no_words_is_named_under_both(page):
    """IMG_20151016_170003's WIQEH (column G, rows 6-10) crosses WIPF, BFNQB and HUHT, runs
    that are no words either: the photo page named it with two of its five squares, "Column
    G, rows 7 and 9". It names all five, its W, Q and H (their letters to tap under their
    first run) on one line with where they are listed; each square's letters to tap are
    still there once."""
    photo = Path(__file__).parents[1] / "data" / "vision" / "real" / "IMG_20151016_170003.jpg"
    key, resp = _photo_sent(page, photo.read_bytes())
    page.goto(f"/games/{key}/photos/{resp.json()['photo_id']}")
    group = page.locator("#unsure-list > li.reason", has_text="WIQEH")
    said = group.inner_text()
    assert said.startswith("Column G, rows 6-10 (WIQEH is not in the word list"), said
    assert group.locator("li.muted.also").inner_text() == (
        "Also: row 6, column G: W (listed above); row 8, column G: Q (listed below); "
        "row 10, column G: H (listed below)")
    groups = page.locator("#unsure-list > li").all_inner_texts()
    at = next(k for k, text in enumerate(groups) if "WIQEH" in text)
    assert "WIPF" in groups[at - 1] and "BFNQB" in groups[at + 1], groups
    tapped = page.eval_on_selector_all("#unsure-list button.pick",
                                       "bs => bs.map(b => b.dataset.cell)")
    assert tapped.count("sq-7-6") == 4 and tapped.count("sq-9-6") == 3  # Q and H, once
    fits_phone(page)


def test_a_glare_s_many_squares_are_named_by_rows_not_a_line_each(page):
    """A lamp's glare on IMG_20141025_164039 lists 125 squares as washed out, 122 of them
    read empty and offering empty or a tile: each was a line with its two buttons, the list
    8,050 px tall on a phone and the Score the new tiles button 9,890 px down. They are named
    together by the rows they lie in, one item (the list 1,330 px, the button 3,160 px),
    each square orange in the grid; the glare's blank tiles and doubted letters keep their
    letters to tap. With the glare's wash undone, the bare squares far from any tile read
    surely: 59 read empty. With the glare measured again on the tiles read through it, all 21
    tiles read right (18), its I, E and A each a line with its letter to tap: the list
    2,230 px, the button 4,070 px; with what each square in doubt was read as, 2,360 and
    4,220 px (4,100 with the overlay cut to the board)."""
    from glare import jpeg, lamp, squares_said

    from vision.config import DEFAULT
    from vision.imageio import load_photo

    real = Path(__file__).parents[1] / "data" / "vision" / "real" / "IMG_20141025_164039.jpg"
    key, resp = _photo_sent(page, jpeg(lamp(load_photo(DEFAULT.load, real), 0.85)))
    listed = resp.json()["reading"]["uncertain"]
    page.goto(f"/games/{key}/photos/{resp.json()['photo_id']}")
    seen = _list_and_button(page)
    assert seen["list"] < 2400 and seen["button"] < 4400, seen
    washed = page.locator("#unsure-list > li.reason", has_text="washed out by a glare")
    alike = washed.locator("li.alike").inner_text()
    count, where = re.fullmatch(r"(\d+) squares, each read empty \(empty or a tile\): (.+)\. They "
                                r"are orange in the grid above: tap one to type its letter\.",
                                alike).groups()
    named = squares_said(where, "ABCDEFGHIJKLMNO")
    assert named == {(u["row"], u["col"]) for u in listed if u["read"] == ""
                     and u.get("why", "").startswith("washed out")} and int(count) > 50
    orange = set(page.eval_on_selector_all("#photo-grid input.unsure", "is => is.map(i => i.id)"))
    assert orange == {f"sq-{u['row']}-{u['col']}" for u in listed}
    tapped = set(washed.locator("button.pick").evaluate_all("bs => bs.map(b => b.dataset.cell)"))
    assert tapped == {f"sq-{u['row']}-{u['col']}" for u in listed if u["read"]
                      and len(u["alternatives"]) > 1
                      and u.get("why", "").startswith("washed out")} and tapped
    fits_phone(page)


def test_a_square_in_doubt_is_marked_by_a_shape_not_by_its_colour_alone(page):
    """IMG_20151016_165900 lists three squares in doubt, 8H and 13L read S and 14F read O.
    The photo's grid told them from the others by colour alone, orange with an orange
    outline (2.3:1 against the square, drawn over the grid's edge in column O): a player who
    does not tell orange from the new tiles' blue saw no difference. Each has a dashed edge
    and a flag in its top right corner, a new tile's blue leaving them, both inside the
    square; the key shows the same."""
    photo = Path(__file__).parents[1] / "data" / "vision" / "real" / "IMG_20151016_165900.jpg"
    key, resp = _photo_sent(page, photo.read_bytes())
    listed = {f"sq-{u['row']}-{u['col']}" for u in resp.json()["reading"]["uncertain"]}
    page.goto(f"/games/{key}/photos/{resp.json()['photo_id']}")
    marks = page.evaluate("""() => Array.from(
        document.querySelectorAll('#photo-grid input.cell, #grid-key .unsure-key'), (e) => {
            const s = getComputedStyle(e);
            return {id: e.id || "key", edge: s.outlineStyle, flag: s.backgroundImage,
                    inside: parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth) <= 0,
                    colour: s.backgroundColor};
        })""")
    shaped = {m["id"] for m in marks if m["edge"] == "dashed" and "gradient" in m["flag"]}
    assert shaped == listed | {"key"} and len(listed) == 3, shaped
    assert all(m["inside"] for m in marks if m["id"] in shaped)
    new = page.eval_on_selector_all("#photo-grid input.cell.new:not(.unsure)",
                                    "is => is.map(i => getComputedStyle(i).backgroundColor)")
    assert len(new) == 33 and {m["colour"] for m in marks if m["id"] in listed} - set(new)
    fits_phone(page)


def test_a_tile_whose_letter_was_not_seen_is_typed_in_its_square(page):
    """IMG_20151016_165517's 3O, a tile's colour with no letter seen, offered "empty" and
    "?": tapping "?" put a "?" in the square that scoring refused. Its "tile" (type its
    letter) takes the keyboard to the square, left orange until a letter is typed there."""
    photo = Path(__file__).parents[1] / "data" / "vision" / "real" / "IMG_20151016_165517.jpg"
    key, resp = _photo_sent(page, photo.read_bytes())
    page.goto(f"/games/{key}/photos/{resp.json()['photo_id']}")
    page.tap("#unsure-list button[data-type-letter]")
    assert focused(page) == "sq-2-14" and page.input_value("#sq-2-14") == ""
    assert page.evaluate("document.getElementById('sq-2-14').classList.contains('unsure')")
    page.keyboard.type("Z")
    assert page.input_value("#sq-2-14") == "Z"
    assert not page.evaluate("document.getElementById('sq-2-14').classList.contains('unsure')")


LABELS = """() => Array.from(document.querySelectorAll(
        '#turn-form select, #turn-form details input'), (box) => {
    // the box's label, on the screen and on top where it stands (nothing drawn over it)
    const word = box.labels[0];
    box.scrollIntoView({block: "center"});
    const at = word && word.getBoundingClientRect();
    const seen = at && document.elementFromPoint((at.left + at.right) / 2,
                                                 (at.top + at.bottom) / 2);
    return {name: box.name, said: word ? word.innerText.trim() : null,
            shown: !!at && at.width > 0 && at.height >= 14 && at.left >= 0
                   && at.right <= innerWidth && seen === word};
})"""


@pytest.mark.parametrize("game", ["bugwords", "werdup"])
@pytest.mark.parametrize("width", [360, 390])
def test_the_turn_form_s_boxes_have_words_a_player_can_see(browser, base_url, game, width):
    """The turn's two boxes, who played and what (play, pass or swap), were named only to a
    screen reader, and the words and score typed by hand only by a placeholder, gone once
    typed: each now has its word on its top border, on the screen at 360 px."""
    with phones(browser, base_url, viewport={"width": width, "height": 800}) as (page,):
        key = page.request.post("/api/games", data={
            "game": game, "players": ["Bartholomew Alexandros", "Ann"]}).json()["table_key"]
        page.goto(f"/games/{key}")
        page.tap("#turn-form summary")  # the words and score typed by hand: named only by
        page.fill("#score", "12")       # a placeholder, gone once a score was typed
        labels = page.evaluate(LABELS)
        assert labels == [{"name": "seat", "said": "Player", "shown": True},
                          {"name": "action", "said": "Turn", "shown": True},
                          {"name": "words", "said": "Words", "shown": True},
                          {"name": "score", "said": "Score", "shown": True}]
        assert page.get_by_label("Player", exact=True).count() == 1  # a screen reader's name
        fits_phone(page)


def test_the_board_s_hint_says_click_with_a_mouse_and_tap_on_a_touch_screen(browser, base_url):
    """The hint under the play said "Tap a square ..." on a desktop too."""
    with phones(browser, base_url, viewport={"width": 1280, "height": 900}, is_mobile=False,
                has_touch=False, device_scale_factor=1) as (desk,):
        key = desk.request.post("/api/games", data={
            "game": "bugwords", "players": ["Ann", "Bob"]}).json()["table_key"]
        desk.goto(f"/games/{key}")
        assert desk.inner_text("#tap-hint") == ("Click a square on the board to start the play "
                                                "there (again for down).")
        desk.click('#board [data-square="8H"]')
        assert desk.inner_text("#tap-hint") == "Across from 8H: click again for down."
    with phones(browser, base_url) as (phone,):
        phone.goto(f"/games/{key}")
        assert phone.inner_text("#tap-hint").startswith(("Tap a square", "Click or tap a square"))
        phone.tap('#board [data-square="8H"]')
        assert phone.inner_text("#tap-hint") == "Across from 8H: tap again for down."
