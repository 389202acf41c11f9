"""Counts on the web pages and in the web app's messages are written by one rule,
``companion.text.counted`` (the templates' ``counted`` filter): no template or view spells a
plural of its own, and a count of one reads as one ("1 card", not "1 cards"). The scan is
tests/plurals.py's, shared with tests/test_plurals.py's over the rest of the package."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from appfactory import make_app, token
from fakeclock import FakeClock
from plurals import hand_made_plurals

import companion.web

WEB = Path(companion.web.__file__).parent


@pytest.mark.parametrize("path", sorted((WEB / "templates").iterdir()), ids=lambda p: p.name)
def test_no_template_writes_its_own_plural(path):
    assert hand_made_plurals(path.read_text(), template=True) == []


@pytest.mark.parametrize("path", sorted(WEB.glob("*.py")), ids=lambda p: p.name)
def test_no_web_view_writes_its_own_plural(path):
    assert hand_made_plurals(path.read_text(), template=False) == []


def test_stuck_after_a_round_counts_its_cards(client):
    page = client.get("/pdq?variant=solitaire&seed=11&round=2&collected=3&stuck=1&show=1")
    assert "Stuck after 3 cards<" in page.get_data(as_text=True)
    # "Stuck after 0 cards": said as a player says it
    page = client.get("/pdq?variant=solitaire&seed=11&round=1&stuck=1&show=1")
    assert "Stuck on the first round: no cards collected<" in page.get_data(as_text=True)
    assert "Stuck after" not in page.get_data(as_text=True)


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
    state = client.get(f"/api/games/{key}/clock").get_json()
    assert [p["penalty_shown"] for p in state["players"]] == ["-1 point", ""]
    assert "p.penalty_shown" in page
