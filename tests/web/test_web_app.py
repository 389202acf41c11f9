"""App factory, configuration, errors and the OpenAPI document (Flask test client)."""

import json
from html.parser import HTMLParser

import pytest
from appfactory import make_app, page_said, token

from companion.web.api import served_paths


def test_config_from_instance_file_and_environment(tmp_path, monkeypatch):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text("JUDGE_CLEAR_SECONDS = 5\nMAX_IMAGE_PIXELS = 1000\n")
    monkeypatch.setenv("COMPANION_MAX_IMAGE_PIXELS", "2000")
    app = make_app(tmp_path)
    assert app.config["JUDGE_CLEAR_SECONDS"] == 5  # from the instance file
    assert app.config["MAX_IMAGE_PIXELS"] == 2000  # the environment wins over the file
    assert (instance / "companion.sqlite3").exists()


def test_database_url_from_environment(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'other.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    from companion.web import create_app

    app = create_app(instance_path=str(tmp_path / "inst"))
    assert app.config["DATABASE_URL"] == url
    assert (tmp_path / "other.db").exists()


def test_secret_key_is_made_once_and_shared(tmp_path):
    from companion.web import create_app

    a = create_app(instance_path=str(tmp_path / "inst"))
    b = create_app(instance_path=str(tmp_path / "inst"))
    assert a.config["SECRET_KEY"] == b.config["SECRET_KEY"]
    assert len(a.config["SECRET_KEY"]) == 64


def test_bad_lexicon_path_stops_the_start(tmp_path):
    from companion.web import ConfigError

    with pytest.raises(ConfigError, match="not found"):
        make_app(tmp_path, LEXICON_PATH=str(tmp_path / "missing.txt"))


def test_club_word_list_is_used_and_named(tmp_path):
    words = tmp_path / "club.txt"
    words.write_text("zyzzyva\nqat\n")
    client = make_app(tmp_path, LEXICON_PATH=str(words)).test_client()
    data = client.get("/api/check?word=zyzzyva").get_json()
    assert data["valid"] is True and data["lexicon"] == "club.txt"
    assert "club.txt" in client.get("/judge").get_data(as_text=True)


def test_a_word_typed_with_a_ligature_is_judged_by_its_letters(client):
    """ŒUVRE was "not a word: it contains 'œ'" on the judge page too, though OEUVRE is valid."""
    for typed, word in (("\u0153uvre", "OEUVRE"), ("encyclop\u00e6dia", "ENCYCLOPAEDIA")):
        data = client.get("/api/check", query_string={"word": typed}).get_json()
        assert data["valid"] is True and data["word"] == word, data
    page = client.get("/", query_string={"word": "\u00c6sthete"}).get_data(as_text=True)
    assert "AESTHETE" in page and "contains" not in page


@pytest.mark.parametrize(
    ("method", "url", "status", "message"),
    [
        ("get", "/no/such/page", 404, "There is no such page."),
        ("get", "/api/no/such/thing", 404, "There is no such address."),  # said "page"
        ("put", "/api/check", 405, "That address takes GET, not PUT."),
        ("get", "/api/games", 405, "That address takes POST, not GET."),
        ("delete", "/judge", 405, "That page takes GET or POST, not DELETE."),
    ],
)
def test_http_errors_are_sentences(client, method, url, status, message):
    """A 405 names what the address takes: it said only "That page cannot be used this
    way.", an API client's GET of /api/games left to guess that it takes POST."""
    resp = getattr(client, method)(url)
    assert resp.status_code == status
    body = resp.get_data(as_text=True)
    assert message in body
    if url.startswith("/api/"):
        assert resp.get_json()["status"] == status


@pytest.mark.parametrize(("url", "page"), [
    ("/girdle/", "/girdle"),  # it was "There is no such page", where /girdle is the page
    ("/girdle//", "/girdle"),
    ("/judge/?word=qi", "/judge?word=qi"),  # the question asked is kept
    ("/girdle/2026-12-01/", "/girdle/2026-12-01"),
    ("/girdle/archive/", "/girdle/archive"),
    ("/pdq/", "/pdq"),
    ("/games/", "/games"),
    ("/prints/3d/", "/prints/3d"),
])
def test_a_page_typed_with_a_trailing_slash_is_reached(client, url, page):
    resp = client.get(url)
    assert resp.status_code == 308 and resp.headers["Location"] == page
    assert client.get(url, follow_redirects=True).status_code == 200


@pytest.mark.parametrize(("method", "url"), [
    ("get", "/no/such/page/"),  # no page without the slash either
    ("post", "/judge/"),  # a form posts to the address its page gives
])
def test_a_trailing_slash_reaches_only_a_page_there_is(client, method, url):
    resp = getattr(client, method)(url)
    assert resp.status_code == 404 and "There is no such page." in resp.get_data(as_text=True)


def test_upload_over_the_limit_is_413_with_a_message(tmp_path):
    client = make_app(tmp_path, MAX_CONTENT_LENGTH=1000).test_client()
    resp = client.post("/api/judge", data=b"x" * 5000, content_type="application/json")
    assert resp.status_code == 413
    assert "too large" in resp.get_json()["error"]


def test_unexpected_error_is_a_friendly_500_and_logged(tmp_path, caplog):
    app = make_app(tmp_path, PROPAGATE_EXCEPTIONS=False)

    @app.get("/api/boom")
    def boom():
        raise RuntimeError("boom")

    resp = app.test_client().get("/api/boom")
    assert resp.status_code == 500
    assert resp.get_json()["error"].startswith("Something went wrong")
    assert "boom" in caplog.text


def test_a_game_given_as_a_list_is_refused_by_its_type(client):
    """``{"game": ["bugwords"]}`` was answered with the list's Python spelling, 'Unknown game
    "['bugwords']"': a JSON field of another type than the API's description says is refused
    in one sentence naming the field and the type expected."""
    for path, body in (("/api/games", {"game": ["bugwords"], "players": ["Ann", "Bob"]}),
                       ("/api/judge", {"words": ["cat"], "game": ["bugwords"]})):
        resp = client.post(path, json=body)
        assert resp.status_code == 400
        assert resp.get_json()["error"] == '"game" must be a string.'


@pytest.mark.parametrize(("path", "body", "said"), [
    ("/api/games", {"game": "bugwords", "players": ["Ann", 7]},
     '"players" must be a list of strings.'),
    ("/api/games", {"game": "bugwords", "players": ["Ann", "Bob"], "clock_minutes": "25"},
     '"clock_minutes" must be a whole number.'),
    ("/api/games/{key}/turns", {"score": "14"}, '"score" must be a whole number.'),
    ("/api/games/{key}/turns", {"score": True}, '"score" must be a whole number.'),
    ("/api/games/{key}/turns", {"score": 14.5}, '"score" must be a whole number.'),
    ("/api/games/{key}/finish", {"racks": {"0": ["A"]}}, '"racks" must be an object of strings.'),
    ("/api/games/{key}/photos/1/score", {"grid": [["A"], "B"]},
     '"grid" must be a list of lists of strings.'),
    ("/api/judge", {"words": {"cat": 1}}, '"words" must be a list of strings or a string.'),
    ("/api/girdle/2026-11-29/submissions", {"solution": "JUMPING 1", "player": "x",
                                            "local_date": 20261129},
     '"local_date" must be a string.'),
])
def test_a_json_field_of_the_wrong_type_is_named_with_the_type_expected(client, path, body,
                                                                        said):
    key = client.post("/api/games", json={"game": "bugwords",
                                          "players": ["Ann", "Bob"]}).get_json()["table_key"]
    resp = client.post(path.replace("{key}", key), json=body)
    assert resp.status_code == 400 and resp.get_json()["error"] == said


def test_every_json_field_the_api_describes_is_refused_when_of_another_type(client):
    """Each field of every JSON body the OpenAPI document describes, sent with a value of
    another type, is refused naming that field (one rule for the whole API); a field sent
    as null is left out, as before, and a whole number written 3.0 is one."""
    key = client.post("/api/games", json={"game": "bugwords",
                                          "players": ["Ann", "Bob"]}).get_json()["table_key"]
    doc = client.get("/api/openapi.json").get_json()
    checked = 0
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json")
            if not body:
                continue
            url = (path.replace("{key}", key).replace("{photo_id}", "1")
                   .replace("{day}", "2026-11-29"))
            for name, field in body["schema"].get("properties", {}).items():
                wrong = [1.5] if "object" in str(field.get("type")) else {"x": 1.5}
                resp = getattr(client, method)(url, json={name: wrong})
                assert resp.status_code == 400, (path, name)
                assert resp.get_json()["error"].startswith(f'"{name}" must be '), (path, name)
                checked += 1
    assert checked >= 25
    assert client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                           "challenge_rule": None}).status_code == 201
    assert client.post(f"/api/games/{key}/turns", json={"score": 3.0}).status_code == 201


def test_openapi_document_lists_every_api_route(sqlite_app):
    client = sqlite_app.test_client()
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    with sqlite_app.test_request_context():
        assert set(doc["paths"]) == served_paths()
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            assert op["summary"], (path, method)
            assert "400" in op["responses"]
    json.dumps(doc)  # serialisable as is
    index = client.get("/api/").get_data(as_text=True)
    assert "GET /api/check" in index.replace("<wbr>", "")  # a path may break after a slash
    # the description's Markdown code spans are code on the page, not backticks
    assert "`" in doc["info"]["description"]
    intro = index[index.index("</h1>"):index.index("Machine-readable")]
    assert "`" not in intro and "<code>error</code>" in intro


def test_every_page_has_the_job_tabs(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/judge"' in page and 'href="/games"' in page


def test_pages_refuse_to_be_framed_by_other_sites(client):
    resp = client.get("/judge")
    assert resp.headers["X-Frame-Options"] == "DENY"
    assert resp.headers["X-Content-Type-Options"] == "nosniff"


def test_pages_carry_a_csp_whose_nonce_their_scripts_use(client):
    import re as _re

    resp = client.get("/judge")
    csp = resp.headers["Content-Security-Policy"]
    nonce = _re.search(r"'nonce-([^']+)'", csp).group(1)
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    page = resp.get_data(as_text=True)
    scripts = _re.findall(r"<script([^>]*)>", page)
    assert scripts and all(f'nonce="{nonce}"' in s for s in scripts)
    assert " style=" not in page and "onclick" not in page
    again = client.get("/judge").headers["Content-Security-Policy"]
    assert again != csp  # a fresh nonce per response
    assert "camera=()" in resp.headers["Permissions-Policy"]
    assert "Secure" not in resp.headers.get("Set-Cookie", "")
    fresh = client.application.test_client()
    secure = fresh.get("/judge", base_url="https://localhost").headers["Set-Cookie"]
    assert "Secure" in secure


@pytest.mark.parametrize(("url", "name", "times"), [
    ("/?word=qi&word=zzz", "word", "twice"),
    ("/?word=qi&game=bugwords&word=zzz&word=cat", "word", "three times"),
    ("/pdq?variant=regular&seed=7&round=1&round=2", "round", "twice"),
    ("/api/judge?word=qi&word=zzz", "word", "twice"),
    ("/api/check?words=qi&game=werdup&game=bugwords", "game", "twice"),
    ("/api/check?word=qi&=1&=2", '""', "twice"),
])
def test_a_query_argument_given_more_than_once_is_refused(client, url, name, times):
    """``?word=qi&word=zzz`` was answered for QI alone, and the player could believe ZZZ was
    judged: an argument given more than once is refused, in a sentence naming it, on a page
    as the app's other refusals are (the error page), under /api/ as JSON."""
    resp = client.get(url)
    assert resp.status_code == 400
    said = f"The argument {name} is given {times}: give it once."
    if url.startswith("/api/"):
        assert resp.get_json() == {"error": said, "status": 400}
    else:
        page = resp.get_data(as_text=True)
        assert said.replace('"', "&#34;") in page and "Cannot do that" in page
        assert "QI" not in page and "Round 1" not in page


def test_an_argument_given_once_and_a_missing_page_are_as_before(client):
    assert client.get("/api/check?word=qi&game=bugwords").get_json()["valid"] is True
    assert client.get("/no/such/page?word=a&word=b").status_code == 404


def test_the_3d_forms_checkbox_and_its_stand_in_are_the_one_argument_sent_twice(client):
    """The 3D form sends its ticked box and the hidden "0" standing in for it unticked
    (``estimate=1&estimate=0``): that page declares the argument and reads the box; any other
    argument given twice there is refused."""
    bad_bed = "/prints/3d?part=coupon&format=stl&clearance=0.2&bed=100x100"
    page = client.get(bad_bed + "&estimate=1&estimate=0").get_data(as_text=True)
    assert "Choose one of the printer beds offered" in page  # the page's own answer
    refused = client.get(bad_bed + "&bed=180x180&estimate=1&estimate=0")
    assert refused.status_code == 400
    assert "The argument bed is given twice" in refused.get_data(as_text=True)
    api = client.get("/api/prints/3d/status?part=coupon&estimate=1&estimate=0")
    assert api.get_json()["error"] == "The argument estimate is given twice: give it once."


class _Forms(HTMLParser):
    """The GET forms of a page (action and the names their controls send, a group of submit
    buttons counting once: only the one pressed is sent) and its links' addresses."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, list[str]]] = []
        self.links: list[str] = []
        self._buttons: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("a", "img", "link") and "?" in (a.get("href") or a.get("src") or ""):
            self.links.append(a.get("href") or a.get("src") or "")
        if tag == "form":
            self.forms.append((a.get("action") or "", []) if a.get("method") == "get"
                              else ("", []))
            self._buttons = set()
            return
        if not self.forms or not self.forms[-1][0] or not a.get("name"):
            return
        if tag == "button" or a.get("type") in ("submit", "image"):
            if a["name"] not in self._buttons:
                self._buttons.add(a["name"])
                self.forms[-1][1].append(a["name"])
        elif tag in ("input", "select", "textarea"):
            self.forms[-1][1].append(a["name"] or "")


def test_no_form_or_link_of_the_app_sends_an_argument_twice_undeclared(client):
    """Every GET form and every link on the app's pages sends each argument once, but for
    the arguments the page it leads to declares (``limits.repeatable``)."""
    from urllib.parse import parse_qsl, urlsplit

    from flask import current_app

    key = client.post("/api/games", json={"game": "bugwords",
                                          "players": ["Ann", "Bob"]}).get_json()["table_key"]
    pages = ["/", "/?word=pan&game=pdq&cards=PNA&variant=intergenerational&player=child",
             "/judge", "/pdq?variant=intergenerational&seed=7&round=1",
             "/pdq?variant=solitaire&seed=7&round=1", "/prints", "/prints?doc=board",
             "/prints/3d", "/girdle/2026-11-01", "/girdle/archive?month=2026-11",
             "/games", f"/games/{key}"]
    seen, problems = 0, []
    with client.application.test_request_context():
        urls = current_app.url_map.bind("localhost")
        for path in pages:
            parsed = _Forms()
            parsed.feed(client.get(path).get_data(as_text=True))
            sent = [(action, names) for action, names in parsed.forms if action]
            sent += [(urlsplit(link).path, [n for n, _ in parse_qsl(
                urlsplit(link).query, keep_blank_values=True)]) for link in parsed.links]
            for action, names in sent:
                endpoint, _ = urls.match(urlsplit(action).path)
                allowed = getattr(current_app.view_functions[endpoint], "repeatable_args", ())
                twice = {n for n in names if names.count(n) > 1} - set(allowed)
                seen += 1
                if twice:
                    problems.append(f"{path}: {action} sends {sorted(twice)}")
    assert problems == [] and seen > 20


def _multipart(fields: list[tuple[str, bytes]]) -> bytes:
    return b"".join(b'--B\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n'
                    % (name.encode(), value) for name, value in fields) + b"--B--\r\n"


@pytest.mark.parametrize("fields", [
    [(f"f{i}", b"x") for i in range(1001)],  # more parts than Flask reads
    [("play", b"A" * 600_000)],  # a text field larger than Flask holds
])
def test_a_form_too_large_to_read_says_so_not_the_upload_limit(client, fields):
    # both were "That upload is too large: the limit is 20 MB." for a form of 0.6 MB or less
    body = _multipart([("csrf_token", token(client).encode()), *fields])
    resp = client.post("/games", data=body, content_type="multipart/form-data; boundary=B")
    assert resp.status_code == 413
    assert ("That form is too large to read: at most 1,000 fields, and 500 KB in a field "
            "other than a file.") in page_said(resp)


@pytest.mark.parametrize("limit, said", [
    (2 * 1024 * 1024, "2 MB"), (1536 * 1024, "1.5 MB"),
    (500 * 1024, "500 KB"),  # said "0 MB"
])
def test_an_upload_over_the_limit_still_names_the_limit(tmp_path, limit, said):
    client = make_app(tmp_path, MAX_CONTENT_LENGTH=limit).test_client()
    body = _multipart([("photo", b"x" * 3_000_000)])
    resp = client.post("/games/x/photos", data=body,
                       content_type="multipart/form-data; boundary=B")
    assert resp.status_code == 413
    assert f"That upload is too large: the limit is {said}." in page_said(resp)


def test_a_games_pages_api_and_files_are_kept_by_no_cache(client):
    # a page holding a table key was cacheable like any other, by a proxy or on the phone
    game = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"]})
    table, view = game.get_json()["table_key"], game.get_json()["view_key"]
    assert game.headers["Cache-Control"] == "no-store"
    for url in (f"/games/{table}", f"/games/{view}", f"/api/games/{table}",
                f"/games/{table}.gcg", f"/api/games/{table}/gcg", f"/games/{table}/print",
                "/games", "/games/no-such-game"):
        assert client.get(url).headers.get("Cache-Control") == "no-store", url
    # a file whose view says how it may be kept is kept so
    assert client.get(f"/games/{table}/link.svg").headers["Cache-Control"] == \
        "private, max-age=3600"


def test_an_answer_read_from_the_cookie_is_kept_by_no_cache(client):
    assert client.get("/judge").headers.get("Cache-Control") == "no-store"  # a CSRF token
    assert client.get("/girdle/2026-01-05").headers.get("Cache-Control") == "no-store"


def test_an_answer_not_read_from_the_cookie_neither_carries_it_nor_is_marked(client):
    client.get("/girdle/2026-01-05")  # a lasting session: the Girdle player's id
    client.get("/judge")
    for url in ("/healthz", "/static/icon.svg", "/api/check?word=qi", "/girdle/2026-01-05.pdf"):
        resp = client.get(url)
        assert resp.status_code == 200, url
        # Flask sent the session's cookie again on every answer of a lasting session, a
        # static file and a preview cached as public for a day too
        assert "Set-Cookie" not in resp.headers, url
        assert resp.headers.get("Cache-Control") != "no-store", url
