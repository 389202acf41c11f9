"""A WerdUp photo's stacks on the photo page: each square's letter and its stack's height as
read (E3, as `companion read --game werdup` and the overlay give them), corrected as a letter
is, and the heights sent the ones a game kept from the board starts with."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from appfactory import make_app, page_said, token
from browser import PHONE, live_server, photo_chosen_for_a_new_game

from companion.board import Board, Placement

RENDER = Path(__file__).parents[1] / "data" / "werdup_renders" / "render-101.jpg"
SQUARE = re.compile(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"')


def _truth() -> Board:
    from tools.render.rig import load_truth

    return load_truth(RENDER)[0]


def _shown(board: Board) -> dict[str, str]:
    """Each square of ``board`` as the photo page and `companion read` show it: E3."""
    return {f"sq-{r}-{c}": f"{face}{board.height(r, c)}" if face else ""
            for r in range(board.rows) for c in range(board.cols)
            for face in [board.get(r, c)]}


def _photo(client, start: str | None = None, photo: Path = RENDER
           ) -> tuple[str, str, str, dict[str, str]]:
    """A WerdUp game of Ann and Bob (started from ``start``, board text, when given) and the
    render ``photo`` sent as its photo: the game's key, the photo page's address, the page,
    and its form's fields as the page fills them."""
    body = {"game": "werdup", "players": ["Ann", "Bob"], "challenge_rule": "none"}
    if start is not None:
        body |= {"start": start, "scores": [50, 40]}
    key = client.post("/api/games", json=body).get_json()["table_key"]
    resp = client.post(f"/api/games/{key}/photos", data=photo.read_bytes(),
                       content_type="image/jpeg")
    assert resp.status_code == 201, resp.get_json()
    url = f"/games/{key}/photos/{resp.get_json()['photo_id']}"
    page = client.get(url).get_data(as_text=True)
    values = dict(SQUARE.findall(page))
    values["version"] = re.search(r'name="version" value="(\d+)"', page).group(1)
    values["csrf_token"] = token(client)
    return key, url, page, values


def test_the_photo_page_shows_each_stack_s_height_as_read(client):
    """Each square holds its letter and its stack's height, as `companion read` prints them
    (L5, I4): the page showed the letters alone, the heights the game would start from
    unseen."""
    truth = _truth()
    _, _, page, values = _photo(client)
    assert {k: v for k, v in values.items() if k.startswith("sq-")} == _shown(truth)
    assert values["sq-6-4"] == "I4" and values["sq-2-3"] == "L5"
    assert 'id="stacks-key"' in page and "E3 is an E on a stack of 3" in page
    assert 'name="sq-6-4" id="sq-6-4" value="I4" maxlength="3"' in page


def test_a_height_corrected_on_the_photo_page_is_the_one_the_game_starts_with(client):
    """The I at 7E corrected from 4 to 3, and the E at 5E's height left off (a letter typed
    alone keeps the height read, 5): the game starts with those stacks, the tiles counted so."""
    truth = _truth()
    key, url, _, values = _photo(client)
    resp = client.post(url + "/start", data=values | {"sq-6-4": "i3", "sq-4-4": "E"})
    assert resp.status_code == 302, page_said(resp)[:2000]
    started = Board.from_text(client.get(f"/api/games/{key}").get_json()["start"]["board"])
    assert (started.get(6, 4), started.height(6, 4)) == ("I", 3)
    assert (started.get(4, 4), started.height(4, 4)) == ("E", 5)
    expected = truth.copy()
    expected.set(6, 4, "I", 3)
    assert started.to_text() == expected.to_text()


@pytest.mark.parametrize(("typed", "said"), [
    ("I0", "'I0' at 5E: each square holds one letter (or Qu) and its stack's height, as E3 for "
           "an E on a stack of 3; leave it empty for no tile."),
    ("4", "'4' at 5E: each square holds one letter"),
    ("4I", "'4I' at 5E: each square holds one letter"),
    ("I9", "The starting position: row 5, column E: a stack height of 9 (0 for an empty "
           "square, 1-5 under a tile).")])
def test_a_height_no_stack_has_is_refused_in_a_sentence(client, typed, said):
    """A height that is no stack's (0, one alone, one before its letter, one over the rules'
    5) is refused in one sentence, over the grid; the game is not started."""
    key, url, _, values = _photo(client)
    resp = client.post(url + "/start", data=values | {"sq-4-4": typed})
    assert resp.status_code == 400
    text = html.unescape(page_said(resp))
    assert said in text and "Traceback" not in text
    assert client.get(f"/api/games/{key}").get_json()["start"] is None


def test_a_play_refused_keeps_the_heights_sent_and_checks_the_stacks_on_them(client):
    """A sheet holding the board before the C of EPIC, its I on a stack of 3, where the
    render shows 4: the page lists that stack to check. The I corrected to I3 and a stray
    tile typed at 1A (a stack of 1, where no tile was read), the play is refused: the page
    keeps the heights as sent (it showed the letters alone) and checks the stacks on them,
    so 7E is no longer listed."""
    truth = _truth()
    before = truth.copy()
    before.remove([Placement(7, 4, "C")])
    rows = before.to_text().splitlines()
    rows[6] = rows[6].replace("I4", "I3")
    key, url, page, values = _photo(client, "\n".join(rows) + "\n")
    assert "Row 7, column E: the photo shows a stack of 4" in page
    resp = client.post(url + "/score", data=values | {"sq-6-4": "I3", "sq-0-0": "A",
                                                      "seat": "0"})
    assert resp.status_code == 400
    said = page_said(resp)
    assert "more than one play" in said
    sent = dict(SQUARE.findall(said))
    assert sent["sq-6-4"] == "I3" and sent["sq-0-0"] == "A1" and sent["sq-2-3"] == "L5"
    assert 'id="stack-checks"' not in said


@pytest.mark.browser
@pytest.mark.parametrize("width", [375, 1280])
def test_the_stacks_read_fit_and_correct_in_the_browser(browser, tmp_path, width):
    """In a browser at a phone's 375 px and a desktop's 1280 px: the page made at /games for
    a WerdUp game, the render sent, each square shows its letter and height inside the
    page's width; a height corrected and the game kept from the board starts with it."""
    app = make_app(tmp_path)
    settings = PHONE if width < 800 else {}
    with live_server(app) as url:
        context = browser.new_context(base_url=url, **{
            **settings, "viewport": {"width": width, "height": 844}})
        page = context.new_page()
        page.set_default_timeout(15000)
        photo_chosen_for_a_new_game(page, RENDER, game="werdup")
        with page.expect_navigation():
            page.click("#photo-upload button[type=submit]")
        page.wait_for_selector("#start-fields")
        page.screenshot(path=str(tmp_path / f"stacks-{width}.png"), full_page=True)
        assert page.input_value("#sq-6-4") == "I4"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        grid = page.locator("#photo-grid").bounding_box()
        assert grid and grid["x"] >= 0 and grid["x"] + grid["width"] <= width
        # the text of every square fits its square: I4 and L5 are read whole
        assert page.evaluate("""Array.from(document.querySelectorAll('#photo-grid input.cell'))
            .every(function (i) { return i.scrollWidth <= i.clientWidth; })""")
        page.fill("#sq-6-4", "I3")
        page.click("#start-button")
        page.wait_for_selector("#started")
        board = page.evaluate("fetch(location.pathname.replace('/games/', '/api/games/'))"
                              ".then(function (r) { return r.json(); })")["start"]["board"]
        assert Board.from_text(board).height(6, 4) == 3
        context.close()


RENDER_FROM_ABOVE = RENDER.with_name("render-104.jpg")  # heights not seen, squares in doubt


def test_a_photo_that_shows_no_heights_shows_its_letters_alone(client):
    """Render 104, taken too steeply for heights: its squares show their letters alone and
    the grid's key says nothing of heights, which the page does not know."""
    _, _, page, values = _photo(client, photo=RENDER_FROM_ABOVE)
    assert values["sq-3-1"] == "C" and values["sq-4-2"] == "A"
    assert not any(ch.isdigit() for k, v in values.items() if k.startswith("sq-") for ch in v)
    assert 'id="stacks-key"' not in page
