"""What each typed box tells a phone's keyboard (Flask test client): every box a player types
words, tiles or names into says how to capitalise and is kept from the spelling corrector,
which would rewrite QI as WI or a rack AEIRST as ASTER, or Ann as Anne."""

from __future__ import annotations

import datetime as dt
from html.parser import HTMLParser

import pytest
from appfactory import make_app

# boxes that take no words: numbers, files, checkboxes, hidden values
NOT_TYPED = {"hidden", "number", "file", "checkbox", "radio", "submit", "button"}


class _Boxes(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.boxes: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "textarea" or (tag == "input" and (found.get("type") or "text") not in NOT_TYPED):
            self.boxes.append(found)


def _typed_boxes(page: str) -> list[dict[str, str | None]]:
    parser = _Boxes()
    parser.feed(page)
    return parser.boxes


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path).test_client()


def _pages(client) -> list[str]:
    game = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"]})
    table = game.get_json()["table_key"]
    client.post(f"/api/games/{table}/turns", json={"play": "8H QUIZ"})
    day = (dt.date.today() - dt.timedelta(days=2)).isoformat()
    return ["/", "/judge", "/games", f"/games/{table}", "/pdq?variant=regular&seed=1&round=1",
            f"/girdle/{day}", f"/girdle/{day}/play"]


def test_every_typed_box_says_how_a_phone_keyboard_treats_it(client):
    seen = 0
    for url in _pages(client):
        page = client.get(url)
        assert page.status_code == 200, url
        for box in _typed_boxes(page.get_data(as_text=True)):
            name = f"{url} {box.get('id') or box.get('name')}"
            assert box.get("autocapitalize") in ("characters", "words"), name
            assert box.get("spellcheck") == "false", name  # Chrome's and Android's keyboards
            assert box.get("autocorrect") == "off", name  # Safari's
            seen += 1
    assert seen >= 12  # the words, plays, racks, names, solution and squares all looked at


def test_player_names_are_capitalised_as_names(client):
    names = [b for b in _typed_boxes(client.get("/games").get_data(as_text=True))
             if b.get("name") == "player"]
    assert len(names) == 4
    assert all(b.get("autocapitalize") == "words" for b in names)
