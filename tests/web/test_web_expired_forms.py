"""A form sent with a token that has expired comes back filled in as it was sent."""

from __future__ import annotations

import re
from html import unescape

import pytest
from appfactory import make_app, token
from werkzeug.datastructures import MultiDict

from companion.web.csrf import EXPIRED, REFUSED
from companion.web.formfill import refilled

HERE = {"Origin": "http://localhost"}  # what a browser says of a form of this site's own
DAY = "2026-11-06"
SHEET = "JUMPING 1\nUSE 1\nA <b>&amp; </textarea> 3"


def _said(page: str) -> str:
    return unescape(re.search(r'id="error"[^>]*>(.*?)</p>', page, re.S).group(1))


def _box(page: str, name: str) -> str:
    """The text of the textarea ``name`` as a browser reads it."""
    text = re.search(rf'<textarea[^>]*name="{name}"[^>]*>(.*?)</textarea>', page, re.S).group(1)
    return unescape(text.removeprefix("\n"))


def _value(page: str, name: str) -> str:
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page).group()
    return unescape(re.search(r'value="([^"]*)"', tag).group(1))


@pytest.fixture
def sheet_app(tmp_path):
    return make_app(tmp_path)


def test_a_sheet_sent_after_the_session_was_lost_comes_back_filled_in(sheet_app):
    """The server restarted with a new key (or the phone kept the page overnight): the sheet
    was refused on a page whose "Go back" reloaded the empty form, so the evening's words
    were gone. Now the day's page comes back, its sheet holding every word typed, with a
    fresh token and one sentence; nothing was scored, and sending it again scores it."""
    client = sheet_app.test_client()
    stale = token(client)
    sheet_app.secret_key = "a new key after a restart"  # the old cookie no longer reads
    resp = client.post(f"/girdle/{DAY}", headers=HERE, data={
        "csrf_token": stale, "solution": SHEET, "local_date": DAY})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert _said(page) == EXPIRED and EXPIRED.count(".") == 1
    assert re.search(r"<title>Error: Word Girdle Friday 6 November 2026 - Companion</title>", page)
    assert _box(page, "solution") == SHEET
    assert _value(page, "local_date") == DAY
    fresh = _value(page, "csrf_token")
    assert fresh != stale and fresh == token(client)  # the cookie's own
    assert re.search(r'id="error"[^>]*>[^<]*</p>\s*<form method="post" '
                     rf'action="/girdle/{DAY}"', page)  # said just above the form it is about
    # nothing was acted on: no sheet kept, no result page
    assert client.get(f"/girdle/{DAY}/result").status_code in (302, 303, 404)
    again = client.post(f"/girdle/{DAY}", headers=HERE, data={
        "csrf_token": fresh, "solution": SHEET, "local_date": DAY})
    assert _said(again.get_data(as_text=True)) not in (EXPIRED, REFUSED)  # judged: not a word


def test_a_form_from_another_site_is_refused_and_never_filled_in(sheet_app):
    """A form posted from another site's page is not the player's: it gets the error page,
    naming none of its values, and no cookie (which would replace the player's own)."""
    client = sheet_app.test_client()
    for headers in ({"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"},
                    {}):
        resp = client.post(f"/girdle/{DAY}", headers=headers,
                           data={"csrf_token": "forged", "solution": "PLANTED 1"})
        page = resp.get_data(as_text=True)
        assert resp.status_code == 400 and _said(page) == REFUSED, headers
        assert "PLANTED" not in page and "Set-Cookie" not in resp.headers, headers


def test_a_turn_sent_late_comes_back_with_every_box_and_choice(tmp_path):
    """The score sheet's turn form: the play typed, the player and action chosen and the
    form's own hidden fields (the game's version, the turn's one-time key) come back as sent,
    and no turn was recorded."""
    app = make_app(tmp_path)
    client = app.test_client()
    key = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"]}
                      ).get_json()["table_key"]
    page = client.get(f"/games/{key}").get_data(as_text=True)
    sent = {"csrf_token": "stale", "version": _value(page, "version"),
            "request_key": _value(page, "request_key"), "seat": "1", "action": "pass",
            "play": "8H QUIZ", "words": "QUIZ", "score": "22"}
    client.delete_cookie("session")
    resp = client.post(f"/games/{key}/turns", headers=HERE, data=sent)
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and _said(page) == EXPIRED
    for name in ("version", "request_key", "play", "words", "score"):
        assert _value(page, name) == sent[name], name
    assert re.search(r'<option value="1" selected>Bob</option>', page)
    assert re.search(r'<option value="pass" selected>Pass</option>', page)
    assert not re.search(r"<option value=\"0\" selected>", page)
    assert client.get(f"/api/games/{key}").get_json()["turns"] == []


def test_the_judge_and_the_pdq_dealer_keep_what_was_sent(sheet_app):
    """The judge's list of words and game, and the PDQ dealer's variant, come back."""
    client = sheet_app.test_client()
    resp = client.post("/judge", headers=HERE, data={
        "csrf_token": "stale", "words": "QI ZA\nXU", "game": "bugwords"})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and _said(page) == EXPIRED
    assert _box(page, "words") == "QI ZA\nXU"
    assert re.search(r'<option value="bugwords" selected>', page)
    resp = client.post("/pdq/deal", headers=HERE,
                       data={"csrf_token": "stale", "variant": "four-score"})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and _said(page) == EXPIRED
    assert re.search(r'<option value="four-score" selected>', page)
    assert not re.search(r'<option value="regular" selected>', page)


def test_refilled_puts_every_kind_of_control_back():
    """Boxes, hidden fields, ticks, radio buttons, lists and text areas take the values sent
    (a name sent twice fills its boxes in order); a file, a button and the fields skipped
    keep the page's own; only the form sent to the address is touched."""
    page = """<title>T</title>
<form method="post" action="/other"><input name="a" value="x"></form>
<form method="post" action="/here?x=1">
<input type="hidden" name="csrf_token" value="fresh">
<input name="a" value=""><input name="a">
<input type="checkbox" name="t" value="1" checked><input type="checkbox" name="u">
<input type="radio" name="r" value="p" checked><input type="radio" name="r" value="q">
<select name="s"><option value="1" selected>One</option><option>Two</option></select>
<textarea name="w">old</textarea>
<input type="file" name="f"><button name="go" value="1">Go</button>
<input name="d" value="kept" disabled>
</form>"""
    sent = MultiDict([("csrf_token", "stale"), ("a", 'first "1"'), ("a", "second"),
                      ("u", "on"), ("r", "q"), ("s", "Two"), ("w", "<b>new</b>"),
                      ("f", "x.jpg"), ("go", "1"), ("d", "sent")])
    out = refilled(page, "/here", sent, "<p id=error>!</p>", skip=frozenset({"csrf_token"}))
    assert out is not None
    assert '<form method="post" action="/other"><input name="a" value="x"></form>' in out
    assert '<title>Error: T</title>' in out
    assert '<p id=error>!</p><form method="post" action="/here?x=1">' in out
    assert '<input type="hidden" name="csrf_token" value="fresh">' in out
    assert '<input name="a" value="first &quot;1&quot;"><input name="a" value="second">' in out
    assert '<input type="checkbox" name="t" value="1">' in out
    assert '<input type="checkbox" name="u" checked>' in out
    assert '<input type="radio" name="r" value="p"><input type="radio" name="r" value="q" ' \
           'checked>' in out
    assert '<option value="1">One</option><option selected>Two</option>' in out
    assert "<textarea name=\"w\">\n&lt;b&gt;new&lt;/b&gt;</textarea>" in out
    assert '<input type="file" name="f"><button name="go" value="1">Go</button>' in out
    assert '<input name="d" value="kept" disabled>' in out
    assert refilled(page, "/elsewhere", sent, "") is None


def test_a_form_sent_by_its_photo_button_comes_back_filled_in(sheet_app):
    """The photo's button sends the turn's, the check's and the Girdle sheet's form to the
    photo's address (``formaction``), where no form of the page was sent to: sent with an
    expired token, each got the error page, and the play, the word and cards, or the
    evening's sheet typed beside the photo were lost. Each comes back filled in, and
    nothing was read or recorded."""
    import io

    client = sheet_app.test_client()
    key = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"]}
                      ).get_json()["table_key"]
    photo = {"photo": (io.BytesIO(b"\xff\xd8\xff\xe0 not read"), "board.jpg")}
    client.delete_cookie("session")
    resp = client.post(f"/games/{key}/photos", headers=HERE, content_type="multipart/form-data",
                       data={"csrf_token": "stale", "seat": "1", "play": "8H QUIZ", **photo})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and _said(page) == EXPIRED
    assert _value(page, "play") == "8H QUIZ"
    assert re.search(r'<option value="1" selected>Bob</option>', page)
    assert client.get(f"/api/games/{key}").get_json()["turns"] == []

    photo = {"photo": (io.BytesIO(b"\xff\xd8\xff\xe0 not read"), "cards.jpg")}
    resp = client.post("/pdq/cards-photo", headers=HERE, content_type="multipart/form-data",
                       data={"csrf_token": "stale", "word": "zests", "game": "pdq",
                             "cards": "ZEST", "variant": "four-score", **photo})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and _said(page) == EXPIRED
    assert _value(page, "word") == "zests" and _value(page, "cards") == "ZEST"
    assert re.search(r'<option value="four-score" selected>', page)

    photo = {"photo": (io.BytesIO(b"\xff\xd8\xff\xe0 not read"), "sheet.jpg")}
    resp = client.post(f"/girdle/{DAY}/photo", headers=HERE, content_type="multipart/form-data",
                       data={"csrf_token": "stale", "solution": SHEET, "local_date": DAY,
                             **photo})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and _said(page) == EXPIRED
    assert _box(page, "solution") == SHEET
