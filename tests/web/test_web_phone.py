"""Every page at phone size (390 x 844) in a real Chromium: no Content-Security-Policy
violation, nothing wider than the screen."""

from __future__ import annotations

import json
import urllib.request

import pytest
from appfactory import make_app
from browser import PHONE, live_server

pytestmark = pytest.mark.browser

WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("phone"))
    with live_server(app) as url:
        yield url


@pytest.fixture
def page_init_script() -> str:
    return WATCH_CSP


def _game(base_url: str) -> dict:
    req = urllib.request.Request(base_url + "/api/games", data=json.dumps(
        {"game": "bugwords", "players": ["Ann", "Bob"]}).encode(),
        headers={"Content-Type": "application/json"})
    game = json.load(urllib.request.urlopen(req))
    req = urllib.request.Request(base_url + f"/api/games/{game['table_key']}/turns",
                                 data=json.dumps({"play": "8H QUIZ"}).encode(),
                                 headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req).read()
    return game


def _pages(base_url: str) -> list[str]:
    game = _game(base_url)
    return ["/", "/?word=qi&game=bugwords", "/judge", "/games", f"/games/{game['table_key']}",
            f"/games/{game['view_key']}", f"/games/{game['table_key']}/print",
            "/girdle/2026-11-01", "/girdle/archive?month=2026-11", "/prints", "/prints/3d",
            "/pdq", "/pdq?variant=regular&seed=7&round=1&show=1", "/api/", "/no-such-page"]


def test_every_page_passes_the_csp_and_fits_the_phone(page, base_url):
    problems = []
    for path in _pages(base_url):
        page.goto(path)
        page.wait_for_load_state("load")
        csp = page.evaluate("window.__csp")
        width = page.evaluate("document.documentElement.scrollWidth")
        if csp:
            problems.append(f"{path}: CSP {csp}")
        if width > PHONE["viewport"]["width"]:
            problems.append(f"{path}: {width} px wide")
    assert problems == []
