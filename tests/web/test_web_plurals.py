"""Counts on the web pages and in the web app's messages are written by one rule,
``companion.text.counted`` (the templates' ``counted`` filter): no template or view spells a
plural of its own, and a count of one reads as one ("1 card", not "1 cards")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from appfactory import make_app, token
from fakeclock import FakeClock

import companion.web

WEB = Path(companion.web.__file__).parent

# nouns that the pages and messages count
NOUNS = ("point", "word", "tile", "letter", "card", "day", "round", "page", "line", "second",
         "minute", "player", "turn", "list", "photo", "sheet", "move")
_NOUN = "|".join(NOUNS)
# a plural made by hand: an "s" chosen by a test of the count ...
_CHOSEN_S = re.compile(r"""['"]s['"]\s+if\b|\bif\b[^\n]*\belse\s+['"]s['"]""")
# ... or a count written before a noun always in the plural ("{{ n }} points", f"{n} days")
_TEMPLATE_COUNT = re.compile(rf"\}}\}}\s*(?:{_NOUN})s\b")
_VIEW_COUNT = re.compile(rf"\{{[^{{}}\n]+\}}\s+(?:{_NOUN})s\b")
# ... or by a page's script, joining a count to a plural noun (n + " points")
_SCRIPT_COUNT = re.compile(rf"""\+\s*["']\s*(?:{_NOUN})s\b""")


def hand_made_plurals(text: str, template: bool) -> list[str]:
    """The lines of ``text`` (a template's or a view's source) that write a plural by hand."""
    count = _TEMPLATE_COUNT if template else _VIEW_COUNT
    return [line.strip() for line in text.splitlines()
            if _CHOSEN_S.search(line) or count.search(line)
            or (template and _SCRIPT_COUNT.search(line))]


def test_the_scan_finds_a_hand_made_plural():
    assert hand_made_plurals("{{ n }} word{{ 's' if n != 1 }}", template=True)
    assert hand_made_plurals("Sheet complete: {{ card.final }} points.", template=True)
    assert hand_made_plurals('f"photos are kept {days} days"', template=False)
    assert hand_made_plurals("noun + ('' if n == 1 else 's')", template=False)
    assert hand_made_plurals('el.textContent = "-" + p.penalty + " points";', template=True)
    assert not hand_made_plurals("{{ card.final|counted('point') }}", template=True)
    assert not hand_made_plurals("{{ p.name }} challenges", template=True)


@pytest.mark.parametrize("path", sorted((WEB / "templates").iterdir()), ids=lambda p: p.name)
def test_no_template_writes_its_own_plural(path):
    assert hand_made_plurals(path.read_text(), template=True) == []


@pytest.mark.parametrize("path", sorted(WEB.glob("*.py")), ids=lambda p: p.name)
def test_no_web_view_writes_its_own_plural(path):
    assert hand_made_plurals(path.read_text(), template=False) == []


def test_stuck_after_one_card_is_one_card(client):
    page = client.get("/pdq?variant=solitaire&seed=11&round=2&collected=1&stuck=1&show=1")
    assert "Stuck after 1 card<" in page.get_data(as_text=True)


def test_a_missing_photo_names_a_retention_of_one_day(tmp_path):
    client = make_app(tmp_path, PHOTO_RETENTION_DAYS=1).test_client()
    resp = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                       "player": ["Ann", "Bob"]})
    key = resp.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/games/{key}/photos/999").get_data(as_text=True)
    assert "photos are kept 1 day)" in page


def test_an_overtime_penalty_of_one_point_reads_one_point(tmp_path):
    fake = FakeClock(1000.0)
    client = make_app(tmp_path, CLOCK=fake).test_client()
    resp = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                       "player": ["Ann", "Bob"], "challenge_rule": "none",
                                       "clock_minutes": "1", "clock_penalty": "1"})
    key = resp.headers["Location"].rsplit("/", 1)[1]
    client.post(f"/games/{key}/clock", data={"csrf_token": token(client), "seat": "0"})
    fake.t += 61  # Ann is 1 s over her minute: one started minute, 1 point
    page = client.get(f"/games/{key}/clock").get_data(as_text=True)
    assert re.search(r'class="clock-penalty">-1 point<', page), page
    # and as the page redraws it every second, from the clock's JSON
    state = client.get(f"/games/{key}/clock.json").get_json()
    assert [p["penalty_shown"] for p in state["players"]] == ["-1 point", ""]
    assert "p.penalty_shown" in page
