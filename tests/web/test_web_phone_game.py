"""A whole Bug Words game on a phone (390 x 844, real Chromium), plays entered by tapping
the board's squares."""

from __future__ import annotations

import pytest
from appfactory import make_app
from browser import fits_phone, live_server, tap_and_wait

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

    _tap_and_type(page, "8K", 2, ".ANY")  # Bob, down from the Z: ZANY
    assert "ZANY" in page.inner_text("#last-play")
    fits_phone(page)

    _tap_and_type(page, "1A", 1, "XQZT")  # not a play: the text stays, so does the page
    assert page.locator("#error").is_visible()
    assert page.input_value("#play") == "1A XQZT"
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
