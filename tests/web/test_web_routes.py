"""Every route of the app answers bad or odd requests with a 4xx and a sentence, never a 500."""

import itertools
import re
import tempfile

import pytest
from appfactory import token

from companion.web import create_app

ODD_VALUES = {"int": ["0", "999999"], "id": ["0", "999999", "9" * 25],
              "default": ["x", "2026-02-30", "%00", "a" * 300]}


def _routes():
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": "sqlite://"},
                     instance_path=tempfile.mkdtemp(prefix="companion-routes-"))
    return sorted((r.rule, sorted(r.methods - {"HEAD", "OPTIONS"}))
                  for r in app.url_map.iter_rules() if r.endpoint != "static")


ROUTES = _routes()


def test_every_route_is_listed():
    rules = {rule for rule, _ in ROUTES}
    assert {"/", "/judge", "/games", "/pdq", "/girdle", "/prints", "/prints/3d",
            "/api/openapi.json"} <= rules


@pytest.mark.parametrize(("rule", "methods"), ROUTES)
def test_odd_requests_never_crash(sqlite_app, rule, methods):
    client = sqlite_app.test_client()
    names = re.findall(r"<(?:(\w+):)?(\w+)>", rule)
    variants = [rule]
    for conv, name in names:
        variants = [v.replace(f"<{conv + ':' if conv else ''}{name}>", val, 1)
                    for v in variants for val in ODD_VALUES.get(conv or "default",
                                                                 ODD_VALUES["default"])]
    queries = ("", "?word=%ff&game=x&seed=-1&round=0&month=x&paper=x")
    ctypes = ("application/octet-stream", "application/json", "image/jpeg")
    for url, method, query, ctype in itertools.product(variants, methods, queries, ctypes):
        if "/prints/3d" in rule and method == "GET" and "<" not in rule:
            continue  # builds a part: covered by test_web_prints3d
        resp = client.open(url + query, method=method, data=b"\x00\xff garbage",
                           content_type=ctype)
        assert resp.status_code < 500, (method, url + query, ctype, resp.status_code)
        if resp.status_code >= 400:
            assert "Traceback" not in resp.get_data(as_text=True)



def test_no_page_form_address_is_a_dead_end(client):
    """A page form's address opened with GET (a reload after the answer, the back button, a
    shared link) leads back to the page of the form, not to "That page cannot be used this
    way" (405)."""
    readable = {rule for rule, methods in ROUTES if "GET" in methods}
    post_only = {rule for rule, methods in ROUTES if "POST" in methods} - readable
    assert sorted(r for r in post_only if not r.startswith("/api/")) == []
    key = client.post("/api/games", json={"game": "bugwords",
                                          "players": ["Ann", "Bob"]}).get_json()["table_key"]
    for url, page in [("/girdle/2026-11-06/photo", "/girdle/2026-11-06"),
                      ("/pdq/deal", "/pdq"), ("/pdq/cards-photo", "/?game=pdq"),
                      (f"/games/{key}/photos", f"/games/{key}"),
                      (f"/games/{key}/photos/7/score", f"/games/{key}/photos/7")]:
        resp = client.get(url)
        assert (resp.status_code, resp.headers.get("Location")) == (302, page), url


def test_an_error_page_offers_a_way_on_in_a_sentence(client):
    """An address opened on its own (no page of this site before it) offers to start again,
    as a sentence: "Start again."; from one of its pages, "Go back or start again."; both
    start again on the page of the tab the player was on (here the Girdle's)."""
    alone = client.get("/girdle/archive?month=2026-13").get_data(as_text=True)
    assert re.search(r'<p[^>]*><a href="/girdle" id="start-again">Start again</a>\.</p>', alone)
    assert "Go back" not in alone
    came = client.get("/girdle/archive?month=2026-13",
                      headers={"Referer": "http://localhost/girdle/archive"})
    assert re.search(r'<p[^>]*><a href="http://localhost/girdle/archive" id="go-back">Go back'
                     r'</a> or <a href="/girdle" id="start-again">start again</a>\.</p>',
                     came.get_data(as_text=True))


@pytest.mark.parametrize(("url", "again", "title"), [
    ("/girdle/archive?month=2026-13", "/girdle", "Cannot do that - Word Girdle - Companion"),
    ("/girdle/2026-02-30", "/girdle", "Not found - Word Girdle - Companion"),
    ("/prints/board.pdf?game=chess", "/prints", "Cannot do that - Print shop - Companion"),
    ("/games/nosuchtable", "/games", "Not found - Score a game - Companion"),
    ("/no-such-page", "/", "Not found - Companion"),
])
def test_an_error_page_names_the_page_and_starts_again_there(client, url, again, title):
    """"Start again" led to the word check from every page, the Girdle's and the PDQ
    dealer's too, and every refusal was titled "Cannot do that - Companion": an error page
    names the page the player was on and starts again there; the way there is the site's
    own, never an address the request brings (a Referer, a ?next=)."""
    resp = client.get(url + ("&" if "?" in url else "?") + "next=https://evil.example/",
                      headers={"Referer": "https://evil.example/girdle"})
    page = resp.get_data(as_text=True)
    assert resp.status_code in (400, 404)
    assert re.search(r"<title>([^<]*)</title>", page).group(1) == title
    assert re.search(r'<a href="([^"]*)" id="start-again">', page).group(1) == again
    assert "evil.example" not in page


def test_a_post_refused_on_an_error_page_names_its_page(client):
    """A form the error page answers (the PDQ dealer's deal, with a variant it lacks) names
    the page and starts again on it."""
    resp = client.post("/pdq/deal", data={"variant": "chess", "csrf_token": token(client)})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert "<title>Cannot do that - PDQ dealer - Companion</title>" in page
    assert '<a href="/pdq" id="start-again">Start again</a>' in page


def test_a_form_without_its_token_is_refused_in_one_sentence(client):
    """A form sent without this site's token (expired, or from another site) is refused in
    one sentence, as every refusal is: it said "This form has expired or did not come from
    this site. Reload the page and try again.", two."""
    resp = client.post("/judge", data={"words": "cat"})
    said = re.search(r'id="error"[^>]*>([^<]*)<', resp.get_data(as_text=True)).group(1)
    assert resp.status_code == 400 and "expired" in said
    assert said.endswith(".") and said.count(".") == 1 and ";" not in said, said


@pytest.mark.parametrize("url, tab", [
    ("/", "Check"), ("/judge", "Judge"), ("/games", "Score"), ("/pdq", "PDQ"),
    ("/prints", "Print"),
])
def test_a_tab_s_page_is_headed_and_titled_as_its_tab_names_it(client, url, tab):
    """The word check's tab said "Check" while its heading and title said "Challenge a
    word". A tab's page is headed as it is titled, and its tab's name is a word of both
    (the Girdle's pages are headed and titled by the day's puzzle instead)."""
    page = client.get(url).get_data(as_text=True)
    title = re.search(r"<title>\s*(.*?) - Companion\s*</title>", page, re.S).group(1)
    heading = re.search(r"<h1>(.*?)</h1>", page, re.S).group(1)
    current = re.search(r'<a href="[^"]*" aria-current="page">([^<]*)</a>', page).group(1)
    assert (heading, current) == (title, tab)
    assert tab in heading.split(), heading


@pytest.mark.parametrize("url, name", [
    ("/", "Check a word"), ("/judge", "Judge"), ("/games", "Score a game"),
    ("/pdq", "PDQ dealer"), ("/prints", "Print shop"),
])
def test_a_tab_s_page_is_titled_with_the_name_its_error_pages_give_it(client, url, name):
    """A tab's page and its error pages take the page's name from one list (PAGE_NAMES)."""
    page = client.get(url).get_data(as_text=True)
    assert re.search(r"<title>\s*(.*?)\s*</title>", page, re.S).group(1) == f"{name} - Companion"
