"""A challenged turn and the game clock on a phone (390 x 844, real Chromium), with a
second phone watching the clock through the spectators' link."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from appfactory import make_app
from browser import PHONE, fits_phone, live_server, phones, tap_and_wait
from fakeclock import FakeClock
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_challenged_turn_and_the_clock_on_two_phones(tmp_path, browser):
    fake = FakeClock(5000.0)
    app = make_app(tmp_path, CLOCK=fake)
    with live_server(app) as url, phones(browser, url, 2) as (table, watcher):
        table.goto("/games")
        table.select_option("#game", "bugwords")
        table.fill("input[aria-label='Player 1']", "Ann")
        table.fill("input[aria-label='Player 2']", "Bob")
        table.locator("#table-settings summary").tap()
        table.select_option("#challenge_rule", "single")
        table.fill("#clock_minutes", "1")
        tap_and_wait(table, "#new-game button[type=submit]")
        sheet_url = table.url
        assert "Challenges: Single" in table.inner_text("#table-rules")

        tap_and_wait(table, "#clock-link")
        fits_phone(table)
        tap_and_wait(table, "#clock-0")  # Ann's clock starts
        fake.t += 12
        view_key = app.test_client().get(
            "/api/games/" + sheet_url.rsplit("/", 1)[1]).get_json()["view_key"]
        watcher.goto(f"/games/{view_key}/clock")
        assert watcher.locator("#clock-0").is_disabled()  # watching only
        assert watcher.inner_text("#clock-0 .clock-time") == "0:48"
        fake.t += 20  # both phones poll: the time moves on without a reload
        expect(table.locator("#clock-0 .clock-time")).to_have_text("0:28")
        expect(watcher.locator("#clock-0 .clock-time")).to_have_text("0:28")
        table.screenshot(path=str(tmp_path / "clock.png"))
        tap_and_wait(table, "#clock-0")  # Ann taps: Bob's clock runs
        assert "running" in (table.get_attribute("#clock-1", "class") or "")
        expect(watcher.locator("#clock-1")).to_have_class(re.compile(r"\brunning\b"))

        table.goto(sheet_url)
        table.tap('#board [data-square="8G"]')
        table.locator("#play").press_sequentially("QXZ")
        tap_and_wait(table, "#turn-form button[type=submit]")
        assert "Challenge?" in table.inner_text("#challenge-form")
        fits_phone(table)
        tap_and_wait(table, "#challenge-form button[type=submit]")
        outcome = table.inner_text("#challenge-outcome")
        assert "QXZ is not in the word list" in outcome
        assert table.locator("#challenge-form").count() == 0
        assert table.inner_text('#board [data-square="8G"]') == ""  # the tiles came off
        table.screenshot(path=str(tmp_path / "sheet.png"), full_page=True)
        fits_phone(table)


# Whether the option a select shows fits in its box (its text at the box's font, against the
# box's width inside its padding, less room for the arrow).
SHOWN_WHOLE = """s => { const cs = getComputedStyle(s);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 24;
  const shown = s.options[s.selectedIndex].text;
  return [shown, pen.measureText(shown).width <= room]; }"""


def test_the_challenger_is_named_whole_on_a_phone(browser, tmp_path):
    """At a table of three, the challenger's box showed "Bartholomew-Alexandros challen" on a
    390 px phone: it is labelled "Who challenges" and shows the name alone, whole, at 375
    and 390 px (a name of 40 letters, the most a seat takes, fits no phone's box)."""
    app = make_app(tmp_path)
    client = app.test_client()
    key = client.post("/api/games", json={
        "game": "bugwords", "players": ["Ann", "Bartholomew-Alexandros", "Cy"],
        "challenge_rule": "single"}).get_json()["table_key"]
    assert client.post(f"/api/games/{key}/turns", json={"play": "8H QUIZ"}).status_code == 201
    with live_server(app) as url:
        for width in (375, 390):
            context = browser.new_context(base_url=url, **{
                **PHONE, "viewport": {"width": width, "height": 800}})
            try:
                page = context.new_page()
                page.goto(f"/games/{key}")
                assert page.locator("label[for=challenger]").all_inner_texts() == [
                    "Who challenges"]
                assert page.locator("#challenger").evaluate(SHOWN_WHOLE) == [
                    "Bartholomew-Alexandros", True], width
            finally:
                context.close()


def _todo(page) -> str:
    """What the clock page says a tap does now (after its settings: "1 minute, 10 points a
    started minute over. ...")."""
    return page.inner_text("#clock-settings").split(". ", 1)[1]


def test_a_paused_clock_says_so_and_runs_for_no_one(tmp_path, browser):
    """Paused, the clock page still said "Tap your clock when your turn ends." over buttons
    that no longer answer a tap, and drew the paused player's clock as running (blue) until
    a script redrew it, or for good without scripts: now it says it is paused and how to go
    on, on the phone that paused it and, by its polling, on the other phone at the table."""
    fake = FakeClock(5000.0)
    app = make_app(tmp_path, CLOCK=fake)
    client = app.test_client()
    key = client.post("/api/games", json={"game": "werdup", "players": ["Ann", "Bob"],
                                          "clock_minutes": 1}).get_json()["table_key"]
    with live_server(app) as url, phones(browser, url, 2) as (table, other), \
            phones(browser, url, java_script_enabled=False) as (plain,):
        table.goto(f"/games/{key}/clock")
        assert _todo(table) == "Tap the clock of the player who starts."
        tap_and_wait(table, "#clock-0")  # Ann's clock starts
        other.goto(f"/games/{key}/clock")
        assert _todo(other) == "Tap your clock when your turn ends."
        tap_and_wait(table, "#clock-pause button")
        assert table.inner_text("#clock-pause button") == "Resume"
        assert _todo(table) == "Paused: tap Resume to go on."
        expect(other.locator("#clock-settings")).to_contain_text("Paused: tap Resume to go on.")
        for page in (table, other):
            expect(page.locator("#clock-0")).not_to_have_class(re.compile(r"\brunning\b"))
            assert page.locator("#clock-0").is_disabled()
        plain.goto(f"/games/{key}/clock")  # drawn by the server alone
        assert _todo(plain) == "Paused: tap Resume to go on."
        assert "running" not in (plain.get_attribute("#clock-0", "class") or "")
        fits_phone(table)
        tap_and_wait(table, "#clock-pause button")  # resumed: Ann's clock runs again
        assert _todo(table) == "Tap your clock when your turn ends."
        assert "running" in (table.get_attribute("#clock-0", "class") or "")


def test_a_reopened_game_s_clock_runs_again_on_the_phones(tmp_path, browser):
    """Reopening a game finished too soon left its clock stopped: the player on turn played
    on with no clock running. Reopened on the sheet, the clock runs for the player on turn
    from then on, on the clock page opened after and, by its polling, on the phone that had
    it open while the game stood finished."""
    fake = FakeClock(5000.0)
    app = make_app(tmp_path, CLOCK=fake)
    client = app.test_client()
    key = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                          "clock_minutes": 1}).get_json()["table_key"]
    client.post(f"/api/games/{key}/clock", json={"seat": 0})
    fake.t += 30
    client.post(f"/api/games/{key}/turns", json={"words": "cat", "score": 10})
    client.post(f"/api/games/{key}/clock", json={"running": 0})  # Ann taps: Bob's clock
    fake.t += 20
    assert client.post(f"/api/games/{key}/finish", json={}).status_code == 200
    fake.t += 600  # standing finished
    with live_server(app) as url, phones(browser, url, 2) as (table, other):
        other.goto(f"/games/{key}/clock")
        assert _todo(other) == "The game is over: the clock has stopped."
        assert other.inner_text("#clock-1 .clock-time") == "0:40"
        table.goto(f"/games/{key}")
        table.once("dialog", lambda dialog: dialog.accept())
        tap_and_wait(table, "#reopen-form button[type=submit]")
        assert "The game is reopened" in table.inner_text("#done")
        tap_and_wait(table, "#clock-link")
        assert _todo(table) == "Tap your clock when your turn ends."
        assert "running" in (table.get_attribute("#clock-1", "class") or "")
        assert table.locator("#clock-0").is_disabled() and table.locator("#clock-1").is_enabled()
        fake.t += 15
        for page in (table, other):
            expect(page.locator("#clock-1 .clock-time")).to_have_text("0:25")
            expect(page.locator("#clock-1")).to_have_class(re.compile(r"\brunning\b"))
            expect(page.locator("#clock-settings")).to_contain_text(
                "Tap your clock when your turn ends.")
            assert page.inner_text("#clock-0 .clock-time") == "0:30"
        fits_phone(table)
        tap_and_wait(table, "#clock-1")  # Bob taps: Ann's clock again
        assert "running" in (table.get_attribute("#clock-0", "class") or "")


def test_the_clock_stops_on_the_phone_when_the_turns_end_the_game(tmp_path, browser):
    """The pass that ends a game (every player passed in a row) left the clock running on
    the phone, "Tap your clock when your turn ends.", overtime accruing for a game over. By
    its polling the phone shows the clock stopped, says the game is over and to end it on
    the score sheet, its buttons off; with that pass taken back, the clock of the player on
    turn runs again."""
    fake = FakeClock(5000.0)
    app = make_app(tmp_path, CLOCK=fake)
    client = app.test_client()
    key = client.post("/api/games", json={"game": "werdup", "players": ["Ann", "Bob"],
                                          "clock_minutes": 1}).get_json()["table_key"]
    client.post(f"/api/games/{key}/clock", json={"seat": 0})
    fake.t += 10
    client.post(f"/api/games/{key}/turns", json={"action": "pass"})
    client.post(f"/api/games/{key}/clock", json={"running": 0})  # Ann taps: Bob's clock
    fake.t += 5
    with live_server(app) as url, phones(browser, url) as (table,):
        table.goto(f"/games/{key}/clock")
        assert _todo(table) == "Tap your clock when your turn ends."
        done = client.post(f"/api/games/{key}/turns", json={"action": "pass"}).get_json()
        assert done["over"]  # Bob passes too: the game is over
        fake.t += 120  # it stands over: no overtime for Bob
        expect(table.locator("#clock-settings")).to_contain_text(
            "The game is over (every player passed in a row): the clock has stopped. End the "
            "game on the score sheet, or take back the last turn there if it was recorded "
            "by mistake.")
        for seat, shown in ((0, "0:50"), (1, "0:55")):
            expect(table.locator(f"#clock-{seat} .clock-time")).to_have_text(shown)
            expect(table.locator(f"#clock-{seat}")).to_be_disabled()
            expect(table.locator(f"#clock-{seat}")).not_to_have_class(re.compile(r"\brunning\b"))
        expect(table.locator("#clock-pause")).to_be_hidden()  # nothing runs to pause
        fits_phone(table)
        client.post(f"/api/games/{key}/undo", json={"version": done["version"]})
        expect(table.locator("#clock-1")).to_have_class(re.compile(r"\brunning\b"))
        expect(table.locator("#clock-1")).to_be_enabled()
        expect(table.locator("#clock-pause")).to_be_visible()
        assert _todo(table) == "Tap your clock when your turn ends."
        fake.t += 7
        expect(table.locator("#clock-1 .clock-time")).to_have_text("0:48")


def test_a_tap_on_a_phone_passes_over_a_werdup_player_gone_out(tmp_path, browser):
    """WerdUp, the engine's self-play game on a clock, up to Bob's going out: Ann plays on
    alone. Her tap on her running clock, once the page had redrawn it from the API, started
    the next seat's clock, Bob's, though he has gone out; it starts the next player still
    playing, as the score sheet passes them: her own again."""
    record = Path(__file__).parents[1] / "data" / "werdup-selfplay-werdup.txt"
    lines = [ln for ln in record.read_text(encoding="utf-8").splitlines()
             if ln.startswith(">") and ": (" not in ln]
    fake = FakeClock(5000.0)
    app = make_app(tmp_path, CLOCK=fake)
    client = app.test_client()
    key = client.post("/api/games", json={"game": "werdup", "players": ["Ann", "Bob"],
                                          "clock_minutes": 25}).get_json()["table_key"]
    assert client.post(f"/api/games/{key}/clock", json={"seat": 0}).status_code == 200
    for ln in lines:
        nick, body = ln[1:].split(": ", 1)
        move = body.split()[1:]
        seat = ("ann", "bob").index(nick)
        fields = {"action": "pass"} if move[0] == "-" else {"play": " ".join(move[:2])}
        game = client.post(f"/api/games/{key}/turns", json={"seat": seat, **fields}).get_json()
        assert client.post(f"/api/games/{key}/clock", json={"running": seat}).status_code == 200
        if [p["tiles_held"] for p in game["players"]][1] == 0:
            break  # Bob has gone out
    assert game["next_seat"] == 0 and game["over"] == ""
    with live_server(app) as url, phones(browser, url) as (table,):
        table.goto(f"/games/{key}/clock")
        expect(table.locator("#clock-0")).to_have_class(re.compile(r"\brunning\b"))
        fake.t += 5  # the page polls: Ann's clock redrawn from the API
        expect(table.locator("#clock-0 .clock-time")).to_have_text("24:55")
        tap_and_wait(table, "#clock-0")  # Ann's turn ends
        assert "running" in (table.get_attribute("#clock-0", "class") or "")
        assert "running" not in (table.get_attribute("#clock-1", "class") or "")
        assert _todo(table) == "Tap your clock when your turn ends."
        fits_phone(table)
        table.screenshot(path=str(tmp_path / "clock-alone.png"))
