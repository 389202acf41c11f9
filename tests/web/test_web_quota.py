"""Per-address limits (companion.web.quota) on what a stranger on the network could pile up:
searches for past days' par, new games and turns; and today's search for par, which no pile
of past days' searches may push back."""

from __future__ import annotations

import datetime as dt
import io
import threading
import time

import pytest
from appfactory import at_once, make_app, page_said, token

from companion.errors import CompanionError
from companion.web import DEFAULTS, girdle, jobs, par_jobs, quota
from companion.web.db import session
from companion.web.models import BuildRequest

DAY = dt.date(2026, 11, 1)  # a star: its par is proven in seconds
OTHER = {"REMOTE_ADDR": "192.168.1.77"}  # a second client address


@pytest.fixture
def held(monkeypatch):
    """Past days' searches held until the test ends (then failing, nothing searched); the
    days in ``let_through`` are searched for real. The days asked for are listed."""
    gate, asked, let_through = threading.Event(), [], set()
    real = par_jobs.search

    def search(day, spec, seconds):
        asked.append(day)
        if day in let_through:
            return real(day, spec, seconds)
        gate.wait(120)
        raise CompanionError("The search for par failed: held by the test")

    monkeypatch.setattr(par_jobs, "search", search)
    yield asked, let_through
    gate.set()


def _job_state(app, day):
    with app.app_context():
        job = par_jobs.job(session(), day, girdle.word_list_spec(),
                           app.config["GIRDLE_SOLVE_SECONDS"], girdle._words())
        return job and job.state


def test_past_days_searches_are_limited_per_address(tmp_path, held):
    """``PAST_SEARCHES_PER_HOUR`` new searches for a past day's par from one address; the
    next is a 429 saying when to try again. A day already asked for is no new search, and
    another address has its own count."""
    app = make_app(tmp_path, PAST_SEARCHES_PER_HOUR=2)
    client = app.test_client()
    days = [DAY - dt.timedelta(days=n) for n in (3, 4, 5, 6)]
    assert client.get(f"/api/girdle/{days[0]}/hints").status_code == 202
    assert client.get(f"/girdle/{days[1]}/answers.pdf?paper=a4").status_code == 202
    refused = client.get(f"/api/girdle/{days[2]}/hints")
    assert refused.status_code == 429
    said = refused.get_json()["error"]
    assert said == ("That is 2 searches for past days' best sheets in an hour from here, the "
                    "most allowed: the days already worked out still show theirs; try again "
                    "in 60 minutes.")
    assert 3500 < int(refused.headers["Retry-After"]) <= 3600
    assert _job_state(app, days[2]) is None  # nothing queued
    assert client.get(f"/girdle/{days[2]}").status_code == 200  # the day's page still shows
    assert client.get(f"/api/girdle/{days[0]}/hints").status_code == 202  # under way
    assert client.get(f"/api/girdle/{days[2]}/hints",
                      environ_base=OTHER).status_code == 202  # another address
    assert client.get(f"/api/girdle/{days[3]}/hints", environ_base=OTHER).status_code == 202
    assert client.get(f"/api/girdle/{days[2]}/hints").status_code == 202  # now asked for
    with app.app_context():
        counted = sorted((r.client, r.action) for r in session().query(BuildRequest))
    assert counted == [("127.0.0.1", "past-search")] * 2 + [("192.168.1.77", "past-search")] * 2


def test_the_limit_page_says_when_to_try_again(tmp_path, held):
    """The page refusing a search says so as a refusal, and when to try again; a limit of 0
    takes none, and says so without a time."""
    app = make_app(tmp_path, PAST_SEARCHES_PER_HOUR=1)
    client = app.test_client()
    assert client.get(f"/girdle/{DAY - dt.timedelta(days=8)}/answers.pdf").status_code == 202
    resp = client.get(f"/girdle/{DAY - dt.timedelta(days=9)}/answers.pdf")
    assert resp.status_code == 429 and 3500 < int(resp.headers["Retry-After"]) <= 3600
    page = page_said(resp)
    assert "<h1>Too many at once</h1>" in page and 'class="notice bad"' in page
    assert ("That is 1 search for a past day&#39;s best sheet in an hour from here, the most "
            "allowed") in page and "try again in 60 minutes." in page
    app.config["PAST_SEARCHES_PER_HOUR"] = 0
    none = client.get(f"/api/girdle/{DAY - dt.timedelta(days=10)}/hints")
    assert none.status_code == 429 and "Retry-After" not in none.headers
    assert none.get_json()["error"] == ("This server takes no searches for past days' best "
                                        "sheets: the days already worked out still show "
                                        "theirs.")


def test_todays_search_is_never_starved_by_past_days(tmp_path, held, monkeypatch):
    """With every slot for long work taken by past days' searches (held, so they never end),
    a new past day is refused as busy; today's search still starts, in a slot kept for it,
    and is done while the past days' searches still hold the runner's threads."""
    asked, let_through = held
    monkeypatch.setattr(jobs, "MAX_PENDING", 2)
    monkeypatch.setattr(girdle, "today_utc", lambda: DAY)
    let_through.add(DAY)
    app = make_app(tmp_path)
    client = app.test_client()
    past = [DAY - dt.timedelta(days=n) for n in (20, 21, 22)]
    assert client.get(f"/api/girdle/{past[0]}/hints").status_code == 202
    assert client.get(f"/api/girdle/{past[1]}/hints").status_code == 202
    busy = client.get(f"/api/girdle/{past[2]}/hints")
    assert busy.status_code == 503 and "busy" in busy.get_json()["error"]
    assert client.get(f"/girdle/{DAY}").status_code == 200  # today's page starts its search
    end = time.monotonic() + 120
    # each state read once: read twice, the search could end between the two
    while (state := _job_state(app, DAY)) != jobs.DONE:
        assert state in (jobs.QUEUED, jobs.RUNNING)
        assert time.monotonic() < end, "today's search did not run"
        time.sleep(0.2)
    assert [_job_state(app, d) in (jobs.QUEUED, jobs.RUNNING) for d in past[:2]] == [True] * 2
    assert _job_state(app, past[2]) is None
    assert DAY in asked


def test_a_sheet_sent_for_a_past_day_past_the_limit_keeps_it_and_says_when(tmp_path, held):
    """A sheet sent for a past day whose par was never searched starts that search; past the
    limit the page answered 400, as if the sheet were wrong, and without Retry-After. It is
    the limit's 429, the sheet still in its box."""
    from companion.girdle.generator import find_solution
    from companion.lexicon import default_lexicon

    app = make_app(tmp_path, PAST_SEARCHES_PER_HOUR=1)
    client = app.test_client()
    assert client.get(f"/api/girdle/{DAY - dt.timedelta(days=30)}/hints").status_code == 202
    day = DAY - dt.timedelta(days=31)
    with app.app_context():
        moves = find_solution(girdle.puzzle(day), default_lexicon())
    text = "\n".join(f"{m.word} {m.start + 1}" for m in moves)
    resp = client.post(f"/girdle/{day}", data={"solution": text, "csrf_token": token(client)})
    assert resp.status_code == 429 and 3500 < int(resp.headers["Retry-After"]) <= 3600
    page = page_said(resp)
    assert "try again in 60 minutes." in page and moves[0].word in page


def _new_game(client, **kw):
    return client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"]},
                       **kw)


def test_new_games_are_limited_per_address(tmp_path):
    """``GAMES_PER_HOUR`` new games from one address; the next, by the API or the form, is a
    429 saying when to try again. A form refused for its fields is not counted."""
    app = make_app(tmp_path, GAMES_PER_HOUR=2)
    client = app.test_client()
    bad = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                      "player": ["Ann", "", ""]})
    assert bad.status_code == 400  # not counted
    assert _new_game(client).status_code == 201
    made = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                       "player": ["Ann", "Bob"]})
    assert made.status_code == 302
    refused = _new_game(client)
    assert refused.status_code == 429
    assert refused.get_json()["error"] == (
        "That is 2 new games in an hour from here, the most allowed: the games already "
        "started still take turns; try again in 60 minutes.")
    assert 3500 < int(refused.headers["Retry-After"]) <= 3600
    page = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                       "player": ["Cy", "Di"]})
    assert page.status_code == 429 and 3500 < int(page.headers["Retry-After"]) <= 3600
    said = page_said(page)
    assert "That is 2 new games in an hour from here" in said
    assert 'value="Cy"' in said  # the form kept as typed
    assert _new_game(client, environ_base=OTHER).status_code == 201
    with app.app_context():
        assert session().query(BuildRequest).filter_by(action="game").count() == 3


def test_turns_are_limited_per_address(tmp_path):
    """``TURNS_PER_MINUTE`` turns from one address, by the API or the form; the next is a
    429 with the sheet and when to try again."""
    app = make_app(tmp_path, TURNS_PER_MINUTE=3)
    client = app.test_client()
    key = _new_game(client).get_json()["table_key"]
    for score in (5, 6, 7):
        assert client.post(f"/api/games/{key}/turns", json={"score": score}).status_code == 201
    refused = client.post(f"/api/games/{key}/turns", json={"score": 8})
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 60
    assert refused.get_json()["error"].startswith(
        "That is 3 turns in a minute from here, the most allowed: nothing was recorded; try "
        "again in ")
    game = client.get(f"/api/games/{key}").get_json()
    assert [t["score"] for t in game["turns"]] == [5, 6, 7]
    form = client.post(f"/games/{key}/turns", data={
        "csrf_token": token(client), "version": game["version"], "action": "play",
        "words": "cat", "score": "9"})
    assert form.status_code == 429 and 0 < int(form.headers["Retry-After"]) <= 60
    assert "That is 3 turns in a minute from here" in page_said(form)
    assert client.post(f"/api/games/{key}/turns", json={"score": 9},
                       environ_base=OTHER).status_code == 201


def test_a_real_table_never_meets_the_limits(tmp_path):
    """The limits as shipped: an evening's games and more, and a turn a second for a minute,
    pass; the 21st new game in an hour is refused."""
    app = make_app(tmp_path, **{k: DEFAULTS[k] for k in ("GAMES_PER_HOUR", "TURNS_PER_MINUTE")})
    client = app.test_client()
    keys = [_new_game(client).get_json()["table_key"] for _ in range(20)]
    for n in range(60):
        assert client.post(f"/api/games/{keys[n % 6]}/turns",
                           json={"score": n + 1}).status_code == 201
    assert _new_game(client).status_code == 429


def test_photo_reads_are_limited_per_address(tmp_path):
    """Reading a photo takes seconds of processor time, so one address may have
    ``PHOTOS_PER_HOUR`` read, of boards, sheets and cards alike, counted whether or not the
    photo could be read; the next is a 429 with the form as sent, before any reading."""
    app = make_app(tmp_path, PHOTOS_PER_HOUR=3)
    client = app.test_client()
    key = _new_game(client).get_json()["table_key"]
    jpeg = {"data": b"not a photo", "content_type": "image/jpeg"}
    sent = [client.post(f"/api/games/{key}/photos", **jpeg),
            client.post(f"/api/girdle/{DAY}/photo", **jpeg),
            client.post("/api/pdq/cards", **jpeg)]
    assert [r.status_code for r in sent] == [400, 400, 400]  # read, and refused as unreadable
    refused = client.post("/api/pdq/cards", **jpeg)
    assert refused.status_code == 429 and 3500 < int(refused.headers["Retry-After"]) <= 3600
    assert refused.get_json()["error"] == (
        "That is 3 photos read in an hour from here, the most allowed: the letters can still "
        "be typed; try again in 60 minutes.")
    assert client.post(f"/api/games/{key}/photos", **jpeg).status_code == 429
    form = client.post(f"/girdle/{DAY}/photo", data={
        "csrf_token": token(client), "solution": "JUMPING 1",
        "photo": (io.BytesIO(b"not a photo"), "sheet.jpg")}, content_type="multipart/form-data")
    assert form.status_code == 429 and int(form.headers["Retry-After"]) > 3500
    assert "That is 3 photos read in an hour from here" in page_said(form)
    assert "JUMPING 1" in form.get_data(as_text=True)  # the words typed are kept
    assert client.post("/api/pdq/cards", **jpeg,
                       environ_base=OTHER).status_code == 400  # another address: read
    with app.app_context():
        counted = sorted(r.client for r in session().query(BuildRequest).filter_by(
            action="photo"))
    assert counted == ["127.0.0.1"] * 3 + ["192.168.1.77"]


def _sheet_for(app, day: dt.date) -> str:
    """A complete sheet for ``day``, typed as a player would (found by the engine)."""
    from companion.girdle.generator import find_solution
    from companion.lexicon import default_lexicon

    with app.app_context():
        moves = find_solution(girdle.puzzle(day), default_lexicon())
    return "\n".join(f"{m.word} {m.start + 1}" for m in moves)


def test_new_girdle_sheets_are_limited_per_address(tmp_path, held):
    """Each player's first sheet of a day is a row kept: one address may have
    ``SUBMISSIONS_PER_HOUR`` kept, by the API or the page; the next is a 429 saying when to
    try again, the sheet still in the page's box. A sheet sent again (as the API asks while
    par is worked out) adds no row and is not counted; another address has its own count."""
    app = make_app(tmp_path, SUBMISSIONS_PER_HOUR=2)
    client = app.test_client()
    day = DAY - dt.timedelta(days=40)
    sheet = _sheet_for(app, day)
    players = [client.post("/api/girdle/players", json={}).get_json()["player"]
               for _ in range(3)]

    def send(player, **kw):
        return client.post(f"/api/girdle/{day}/submissions",
                           json={"solution": sheet, "player": player}, **kw)

    assert [send(p).status_code for p in players[:2]] == [202, 202]  # kept, par pending
    assert send(players[0]).status_code == 202  # sent again: the same row
    refused = send(players[2])
    assert refused.status_code == 429 and 3500 < int(refused.headers["Retry-After"]) <= 3600
    assert refused.get_json()["error"] == (
        "That is 2 new Girdle sheets in an hour from here, the most allowed: the sheets "
        "already kept can still be sent again; try again in 60 minutes.")
    browser = app.test_client()  # a new browser: a new player of the page's own
    page = browser.post(f"/girdle/{day}", data={"solution": sheet, "csrf_token": token(browser)})
    assert page.status_code == 429 and 3500 < int(page.headers["Retry-After"]) <= 3600
    said = page_said(page)
    assert "That is 2 new Girdle sheets in an hour from here" in said
    assert sheet.splitlines()[0] in said  # the sheet kept in its box
    assert send(players[2], environ_base=OTHER).status_code == 202
    with app.app_context():
        kept = session().query(girdle.GirdleSubmission).count()
        counted = sorted(r.client for r in session().query(BuildRequest).filter_by(
            action="submission"))
    assert kept == 3 and counted == ["127.0.0.1"] * 2 + ["192.168.1.77"]


def test_new_player_ids_are_limited_per_address(tmp_path):
    """``PLAYERS_PER_HOUR`` new player ids from one address; the next is a 429 saying when
    to try again, and the ids given still take sheets."""
    app = make_app(tmp_path, PLAYERS_PER_HOUR=2)
    client = app.test_client()
    given = [client.post("/api/girdle/players", json={}) for _ in range(2)]
    assert [r.status_code for r in given] == [201, 201]
    refused = client.post("/api/girdle/players", json={})
    assert refused.status_code == 429 and 3500 < int(refused.headers["Retry-After"]) <= 3600
    assert refused.get_json()["error"] == (
        "That is 2 new player ids in an hour from here, the most allowed: the ids already "
        "given still work; try again in 60 minutes.")
    assert client.post("/api/girdle/players", json={},
                       environ_base=OTHER).status_code == 201
    with app.app_context():
        assert session().query(BuildRequest).filter_by(action="player").count() == 3


def test_a_turn_read_from_a_photo_counts_as_a_turn(tmp_path):
    """A play scored from a board photo is a turn like a typed one: past
    ``TURNS_PER_MINUTE`` it is refused (429), by the API or the photo's page, and nothing is
    recorded."""
    from companion.web.models import Photo

    app = make_app(tmp_path, TURNS_PER_MINUTE=1)
    client = app.test_client()
    game = _new_game(client).get_json()
    key = game["table_key"]
    with app.app_context():
        photo = Photo(game_kind="bugwords", game_id=game["id"], mime="image/jpeg", width=1,
                      height=1, overlay=b"overlay", reading={
                          "rows": 15, "cols": 15, "uncertain": [],
                          "grid": [[""] * 15 for _ in range(15)]})
        session().add(photo)
        session().commit()
        photo_id = photo.id
    assert client.post(f"/api/games/{key}/turns", json={"action": "pass"}).status_code == 201
    grid = [[""] * 15 for _ in range(15)]
    grid[7][7:10] = ["C", "A", "T"]
    refused = client.post(f"/api/games/{key}/photos/{photo_id}/score", json={"grid": grid})
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 60
    assert refused.get_json()["error"].startswith("That is 1 turn in a minute from here")
    form = client.post(f"/games/{key}/photos/{photo_id}/score", data={
        "csrf_token": token(client), "version": "1", "sq-7-7": "C", "sq-7-8": "A",
        "sq-7-9": "T"})
    assert form.status_code == 429 and 0 < int(form.headers["Retry-After"]) <= 60
    assert "That is 1 turn in a minute from here" in page_said(form)
    assert len(client.get(f"/api/games/{key}").get_json()["turns"]) == 1
    scored = client.post(f"/api/games/{key}/photos/{photo_id}/score", json={"grid": grid},
                         environ_base=OTHER)
    assert scored.status_code == 201 and scored.get_json()["turns"][-1]["words"] == "CAT"


def test_the_address_counted_is_the_connections_unless_a_proxy_is_trusted(tmp_path):
    """X-Forwarded-For sent straight to the app dodges nothing; behind a load balancer
    (``PROXY_HOPS`` 1) each client behind it has its own count, not the balancer's."""
    app = make_app(tmp_path / "direct", GAMES_PER_HOUR=1)
    client = app.test_client()
    assert _new_game(client, headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 201
    assert _new_game(client, headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 429
    app = make_app(tmp_path / "balanced", GAMES_PER_HOUR=1, PROXY_HOPS=1)
    client = app.test_client()
    assert _new_game(client, headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 201
    assert _new_game(client, headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 201
    assert _new_game(client, headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 429



def _from(address: str) -> dict:
    return {"environ_base": {"REMOTE_ADDR": address}}


def test_an_ipv6_client_is_counted_by_its_64(tmp_path):
    """A phone on IPv6 takes a new address of its /64 whenever it likes (privacy addresses):
    the addresses of one /64 share a limit, another /64 has its own (each counted with its
    /56 and /48 too). An IPv4 client reached over IPv6 (``::ffff:192.168.1.77``) is its IPv4
    address."""
    app = make_app(tmp_path, GAMES_PER_HOUR=1)
    client = app.test_client()
    assert _new_game(client, **_from("2001:db8:5:6::1")).status_code == 201
    assert _new_game(client, **_from("2001:db8:5:6:a:b:c:d")).status_code == 429
    assert _new_game(client, **_from("2001:DB8:5:6:ffff:ffff:ffff:ffff")).status_code == 429
    assert _new_game(client, **_from("2001:db8:5:7::1")).status_code == 201
    assert _new_game(client, **_from("::ffff:192.168.1.77")).status_code == 201
    assert _new_game(client, **_from("192.168.1.77")).status_code == 429
    assert _new_game(client, **_from("192.168.1.78")).status_code == 201
    with app.app_context():
        counted = sorted(r.client for r in session().query(BuildRequest))
    assert counted == sorted(["192.168.1.77", "192.168.1.78", "2001:db8:5:6::/64",
                              "2001:db8:5:7::/64", *["2001:db8:5::/56", "2001:db8:5::/48"] * 2])


def test_which_client_is_asking(tmp_path):
    """One rule says which client a request is: IPv4 by its address, IPv6 by its /64, an
    IPv4-mapped IPv6 address by the IPv4 address, a port or brackets (as some proxies
    forward them) ignored, anything else (no address) as it is."""
    app = make_app(tmp_path)
    said = {}
    for address in ("10.1.2.3", "fe80::1:2:3:4%eth0", "2001:db8::", "::ffff:10.1.2.3",
                    "not an address", "x" * 80, "10.1.2.3:5678", "[2001:db8::7]:443",
                    "[2001:db8::8]", "[2001:db8::9", "10.1.2.3:port"):
        with app.test_request_context("/", environ_base={"REMOTE_ADDR": address}):
            said[address] = quota.client()
    assert said == {"10.1.2.3": "10.1.2.3", "fe80::1:2:3:4%eth0": "fe80::/64",
                    "2001:db8::": "2001:db8::/64", "::ffff:10.1.2.3": "10.1.2.3",
                    "not an address": "not an address", "x" * 80: "x" * 64,
                    "10.1.2.3:5678": "10.1.2.3", "[2001:db8::7]:443": "2001:db8::/64",
                    "[2001:db8::8]": "2001:db8::/64", "[2001:db8::9": "[2001:db8::9",
                    "10.1.2.3:port": "10.1.2.3:port"}
    with app.app_context():
        assert quota.client() == "local"


def test_behind_a_proxy_an_ipv6_client_is_counted_by_its_64(tmp_path):
    """The address a trusted proxy forwards is taken as the connection's would be: an IPv6
    client's /64, an IPv4-mapped one's IPv4 address."""
    app = make_app(tmp_path, GAMES_PER_HOUR=1, PROXY_HOPS=1)
    client = app.test_client()

    def via(address: str) -> int:
        return _new_game(client, headers={"X-Forwarded-For": address}).status_code

    assert [via("2001:db8:9::1"), via("2001:db8:9::2"), via("2001:db8:8::1")] == [201, 429, 201]
    assert [via("::ffff:10.0.0.1"), via("10.0.0.1"), via("unknown"), via("unknown")] == [
        201, 429, 201, 429]
    assert [via("10.0.0.2:40000"), via("10.0.0.2:40001"), via("[2001:db8:7::1]:443"),
            via("2001:db8:7::2")] == [201, 429, 201, 429]


def test_hopping_over_the_64s_of_a_56_stops_at_its_allowance(tmp_path):
    """A home given a /56 has 256 /64s to move between, each with a fresh count of its own:
    its /56 is counted too, ``LIMITS_PER_56`` times each limit, and past that every /64 of
    it is refused (429, saying so), while another /56 of its /48 and another /48 are not."""
    app = make_app(tmp_path, GAMES_PER_HOUR=2, LIMITS_PER_56=3)
    client = app.test_client()
    hops = [f"2001:db8:5:ab{n:02x}::1" for n in range(0, 256, 37)]  # 7 /64s of one /56
    sent = [_new_game(client, **_from(address)).status_code for address in hops]
    assert sent == [201] * 6 + [429]
    refused = _new_game(client, **_from("2001:db8:5:abff:1:2:3:4"))
    assert refused.status_code == 429 and 3500 < int(refused.headers["Retry-After"]) <= 3600
    assert refused.get_json()["error"] == (
        "That is 6 new games in an hour from your network (2001:db8:5:ab00::/56), the most "
        "allowed: the games already started still take turns; try again in 60 minutes.")
    assert _new_game(client, **_from("2001:db8:5:ac00::1")).status_code == 201  # another /56
    assert _new_game(client, **_from("2001:db8:6:ab00::1")).status_code == 201  # another /48


def test_hopping_over_the_56s_of_a_48_stops_at_its_allowance(tmp_path):
    """A network given a /48 has 256 /56s: its /48 is counted too, ``LIMITS_PER_48`` times
    each limit, past which each of its /56s is refused, saying which network is counted."""
    app = make_app(tmp_path, PHOTOS_PER_HOUR=1, LIMITS_PER_56=2, LIMITS_PER_48=3)
    client = app.test_client()
    jpeg = {"data": b"not a photo", "content_type": "image/jpeg"}

    def read(address: str) -> int:
        return client.post("/api/pdq/cards", **jpeg, **_from(address)).status_code

    assert [read("2001:db8:7:100::1"), read("2001:db8:7:101::1"),
            read("2001:db8:7:102::1")] == [400, 400, 429]  # read (unreadable), then the /56
    assert read("2001:db8:7:200::1") == 400  # another /56: the /48's third
    refused = client.post("/api/pdq/cards", **jpeg, **_from("2001:db8:7:300::1"))
    assert refused.status_code == 429 and 3500 < int(refused.headers["Retry-After"]) <= 3600
    assert refused.get_json()["error"] == (
        "That is 3 photos read in an hour from your network (2001:db8:7::/48), the most "
        "allowed: the letters can still be typed; try again in 60 minutes.")
    assert read("2001:db8:8::1") == 400  # another /48


def test_a_households_64s_within_the_56s_allowance_keep_their_own_limits(tmp_path):
    """With the wider counts as shipped, two /64s of one /56 (a home's main and guest
    networks) each do as much as one address may; each is refused past its own limit, as
    it was, saying "from here"."""
    app = make_app(tmp_path, GAMES_PER_HOUR=DEFAULTS["GAMES_PER_HOUR"])
    client = app.test_client()
    for address in ("2001:db8:5:ab00::1", "2001:db8:5:ab01::1"):
        made = [_new_game(client, **_from(address)).status_code
                for _ in range(DEFAULTS["GAMES_PER_HOUR"])]
        assert made == [201] * DEFAULTS["GAMES_PER_HOUR"]
        refused = _new_game(client, **_from(address))
        assert refused.status_code == 429
        assert refused.get_json()["error"].startswith(
            f"That is {DEFAULTS['GAMES_PER_HOUR']} new games in an hour from here, ")


def test_ipv4_clients_have_no_wider_count(tmp_path):
    """An IPv4 address is counted alone, as before, and so is an IPv4 client reached over
    IPv6 (``::ffff:10.0.0.1``): the addresses of a /24, or those written as IPv6 addresses
    of one /64, never share a wider count."""
    app = make_app(tmp_path, GAMES_PER_HOUR=1, LIMITS_PER_56=1, LIMITS_PER_48=1)
    client = app.test_client()
    addresses = [f"10.0.0.{n}" for n in range(1, 5)] + [f"::ffff:10.0.1.{n}" for n in range(4)]
    assert [_new_game(client, **_from(a)).status_code for a in addresses] == [201] * 8
    assert _new_game(client, **_from("10.0.1.3")).status_code == 429  # ::ffff:10.0.1.3's own
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": "::ffff:10.0.1.3"}):
        assert quota.counted_as() == [quota.Count("10.0.1.3", 1)]


def test_the_wider_counts_are_settings(tmp_path):
    """An IPv6 client is counted by its /64 once, its /56 ``LIMITS_PER_56`` times and its
    /48 ``LIMITS_PER_48`` times each limit; a setting of 0 leaves that count out."""
    app = make_app(tmp_path)
    assert (DEFAULTS["LIMITS_PER_56"], DEFAULTS["LIMITS_PER_48"]) == (4, 16)
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": "2001:db8:5:ab06::9"}):
        assert quota.counted_as() == [quota.Count("2001:db8:5:ab06::/64", 1),
                                      quota.Count("2001:db8:5:ab00::/56", 4, wider=True),
                                      quota.Count("2001:db8:5::/48", 16, wider=True)]
        app.config["LIMITS_PER_56"] = 0
        assert quota.counted_as() == [quota.Count("2001:db8:5:ab06::/64", 1),
                                      quota.Count("2001:db8:5::/48", 16, wider=True)]
    app = make_app(tmp_path / "off", GAMES_PER_HOUR=1, LIMITS_PER_56=0, LIMITS_PER_48=0)
    client = app.test_client()
    hops = [f"2001:db8:5:ab{n:02x}::1" for n in range(20)]
    assert [_new_game(client, **_from(a)).status_code for a in hops] == [201] * 20


def test_a_burst_from_one_address_passes_no_limit(tmp_path, any_db_url):
    """N + 8 new games against a limit of N + 3, then N + 5 turns over three games against a
    limit of N, sent from one address at the same moment: exactly as many as the limit pass,
    the rest are refused (429), on SQLite and on PostgreSQL (where a turn's request locks its
    game, then its client's count)."""
    n = 10
    app = make_app(tmp_path, any_db_url, GAMES_PER_HOUR=n + 3, TURNS_PER_MINUTE=n)
    try:
        games = at_once(app, lambda c, i: _new_game(c), n + 8)
        assert sorted(g.status_code for g in games) == [201] * (n + 3) + [429] * 5
        keys = [g.get_json()["table_key"] for g in games if g.status_code == 201][:3]
        client = app.test_client()
        turns = at_once(app, lambda c, i: c.post(f"/api/games/{keys[i % 3]}/turns", json={
            "score": i + 1, "request_key": f"phone-{i}"}).status_code, n + 5)
        assert sorted(turns) == [201] * n + [429] * 5
        recorded = [len(client.get(f"/api/games/{k}").get_json()["turns"]) for k in keys]
        assert sum(recorded) == n
        with app.app_context():
            rows = session().query(BuildRequest)
            assert sorted(r.action for r in rows) == ["game"] * (n + 3) + ["turn"] * n
    finally:
        from companion.web.db import engine_of

        engine_of(app).dispose()



def test_a_burst_from_the_64s_of_one_56_passes_no_limit(tmp_path, any_db_url):
    """12 new games sent at the same moment from 12 /64s of one /56, allowed 2 each and
    ``LIMITS_PER_56`` 4 times that: exactly 8 pass, on SQLite and on PostgreSQL."""
    app = make_app(tmp_path, any_db_url, GAMES_PER_HOUR=2, LIMITS_PER_56=4)
    try:
        games = at_once(app, lambda c, i: _new_game(c, **_from(f"2001:db8:9:{i:x}::1")), 12)
        assert sorted(g.status_code for g in games) == [201] * 8 + [429] * 4
    finally:
        from companion.web.db import engine_of

        engine_of(app).dispose()


def test_a_burst_of_new_sheets_and_player_ids_passes_no_limit(tmp_path, any_db_url, held):
    """N + 4 player ids against a limit of N + 2, then N + 5 players' first sheets of a day
    against a limit of N, sent from one address at the same moment: exactly as many as the
    limits allow are given and kept, the rest refused (429), on SQLite and PostgreSQL."""
    n = 6
    app = make_app(tmp_path, any_db_url, PLAYERS_PER_HOUR=n + 2, SUBMISSIONS_PER_HOUR=n)
    try:
        given = at_once(app, lambda c, i: c.post("/api/girdle/players", json={}), n + 4)
        assert sorted(r.status_code for r in given) == [201] * (n + 2) + [429] * 2
        players = [r.get_json()["player"] for r in given if r.status_code == 201]
        players += [app.test_client().post("/api/girdle/players", json={},
                                           environ_base=OTHER).get_json()["player"]
                    for _ in range(3)]
        day = DAY - dt.timedelta(days=41)
        sheet = _sheet_for(app, day)
        sent = at_once(app, lambda c, i: c.post(f"/api/girdle/{day}/submissions", json={
            "solution": sheet, "player": players[i]}).status_code, n + 5)
        assert sorted(sent) == [202] * n + [429] * 5
        with app.app_context():
            assert session().query(girdle.GirdleSubmission).count() == n
            rows = session().query(BuildRequest).filter(
                BuildRequest.client == "127.0.0.1", BuildRequest.action != "past-search")
            assert sorted(r.action for r in rows) == ["player"] * (n + 2) + ["submission"] * n
    finally:
        from companion.web.db import engine_of

        engine_of(app).dispose()


@pytest.mark.postgres
def test_a_client_counting_holds_up_no_other_client(tmp_path, pg_url):
    """While one request of an address holds its count for new games (counted, not yet
    committed), another network's new game and the same address's turn go through at once;
    the same address's next new game waits for it, and is refused once it commits; another
    /64 of its /56, counted with it there, waits for it too, and is not refused."""
    from concurrent.futures import ThreadPoolExecutor

    from companion.web.db import engine_of

    app = make_app(tmp_path, pg_url, GAMES_PER_HOUR=1)
    key = _new_game(app.test_client(), **_from("10.0.0.9")).get_json()["table_key"]
    with ThreadPoolExecutor(4) as pool, app.test_request_context(
            "/", environ_base={"REMOTE_ADDR": "2001:db8:1:2::1"}):
        quota.take(quota.GAME)
        session().flush()
        mine = pool.submit(_new_game, app.test_client(), **_from("2001:db8:1:2::2"))
        neighbour = pool.submit(_new_game, app.test_client(), **_from("2001:db8:1:3::1"))
        other = pool.submit(_new_game, app.test_client(), **_from("2001:db8:2:3::1"))
        turn = pool.submit(app.test_client().post, f"/api/games/{key}/turns",
                           json={"score": 3}, **_from("2001:db8:1:2::3"))
        assert other.result(timeout=30).status_code == 201
        assert turn.result(timeout=30).status_code == 201
        time.sleep(1)
        assert not mine.done() and not neighbour.done()  # waiting for the counts under way
        session().commit()
        assert mine.result(timeout=30).status_code == 429
        assert neighbour.result(timeout=30).status_code == 201
    engine_of(app).dispose()


@pytest.mark.postgres
def test_the_postgres_queue_gives_the_current_days_search_to_the_next_free_worker(
        tmp_path, pg_url, monkeypatch):
    """Past days' searches and builds wait behind a current day's search in the queue shared
    with ``companion worker``: a worker takes the urgent job first, then the others in
    order."""
    from companion.web import pgqueue

    monkeypatch.setitem(jobs.KINDS, "test-kind", jobs.Kind(
        "test-kind", ("cad",), lambda inputs: jobs.Output(result={"n": inputs["n"]})))
    app = make_app(tmp_path, pg_url, JOB_QUEUE="postgres")
    with app.app_context():
        keys = [jobs.submit(session(), "test-kind", {"n": n}).key for n in (1, 2, 3)]
        urgent = jobs.submit(session(), "test-kind", {"n": 4}, urgent=True).key
    ran: list[str] = []

    def execute(flask_app, key):
        ran.append(key)
        jobs.execute(flask_app, key)

    # in a thread of its own, as in its own process: a browser test's fixture on this test
    # process may keep an event loop running on the main thread, where asyncio.run refuses
    worker = threading.Thread(target=pgqueue.run_worker, args=(app, execute),
                              kwargs={"concurrency": 1, "wait": False})
    worker.start()
    worker.join(120)
    assert not worker.is_alive() and ran == [urgent, *keys]
    with app.app_context():
        assert all(session().get(jobs.Job, k).state == jobs.DONE for k in ran)
    from companion.web.db import engine_of

    engine_of(app).dispose()
