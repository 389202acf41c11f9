"""The project's own fuzz corpus: requests that once made the app answer 5xx, each now a 4xx
with a sentence, on SQLite and on PostgreSQL."""

from __future__ import annotations

import datetime as dt
import io
import json
import struct
import tracemalloc
import zlib

import pytest
from appfactory import page_said, token

from companion.errors import UsageError
from companion.web.inputs import words_from
from companion.web.limits import json_depth

DAY = dt.date(2026, 1, 5).isoformat()


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


@pytest.fixture(scope="module")
def bomb_png() -> bytes:
    """A PNG of 20000 x 20000 black pixels (1 bit each) in about 50 KB: 400 megapixels once
    decoded."""
    side = 20_000
    row = b"\x00" + b"\x00" * (side // 8)
    squeeze = zlib.compressobj(9)
    body = b"".join(squeeze.compress(row) for _ in range(side)) + squeeze.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header) + _png_chunk(b"IDAT", body)
            + _png_chunk(b"IEND", b""))


@pytest.fixture
def table(app):
    client = app.test_client()
    game = client.post("/api/games", json={"game": "bugwords",
                                           "players": ["Ann", "Bob"]}).get_json()
    return client, game


def _sentence(resp) -> str:
    data = resp.get_json(silent=True)
    return data["error"] if isinstance(data, dict) else resp.get_data(as_text=True)


def _refused(resp, *words: str) -> None:
    assert 400 <= resp.status_code < 500, (resp.status_code, _sentence(resp)[:300])
    text = _sentence(resp)
    assert "Traceback" not in text
    for w in words:
        assert w in text, (w, text[:300])


def test_the_bomb_is_small_and_huge(bomb_png):
    assert len(bomb_png) < 100_000


def test_a_decompression_bomb_is_refused_before_decoding_on_every_photo_route(table,
                                                                               bomb_png):
    client, game = table
    key = game["table_key"]
    tok = token(client)
    for url in (f"/api/games/{key}/photos", f"/api/girdle/{DAY}/photo", "/api/pdq/cards"):
        _refused(client.post(url, data=bomb_png, content_type="image/png"), "too large")
    for url in (f"/games/{key}/photos", f"/girdle/{DAY}/photo", "/pdq/cards-photo"):
        import io

        resp = client.post(url, data={"photo": (io.BytesIO(bomb_png), "bomb.png"),
                                      "csrf_token": tok}, content_type="multipart/form-data")
        _refused(resp, "too large")


@pytest.mark.parametrize("score", ["1e999", "-1e999", "Infinity", "NaN", "1.5", "true",
                                   "9" * 5000, "1e308"])
def test_numbers_that_are_not_whole_or_finite(table, score):
    client, game = table
    resp = client.post(f"/api/games/{game['table_key']}/turns",
                       data='{"score": ' + score + '}', content_type="application/json")
    _refused(resp)


def test_json_nested_deeply_is_refused(table):
    client, game = table
    for depth in (50_000, 100):
        body = "[" * depth + "]" * depth
        for url in ("/api/games", f"/api/games/{game['table_key']}/turns",
                    f"/api/girdle/{DAY}/submissions", f"/api/games/{game['table_key']}/finish"):
            _refused(client.post(url, data=body, content_type="application/json"))
        nested = '{"players": ' + "[" * depth + "]" * depth + ', "game": "werdup"}'
        _refused(client.post("/api/games", data=nested, content_type="application/json"))


@pytest.mark.parametrize(("url", "body"), [
    ("/api/games", {"game": "werdup", "players": ["A\x00nn", "Bob"]}),
    ("/api/games", {"game": "werdup\x00", "players": ["Ann", "Bob"]}),
    ("/api/games/{key}/turns", {"words": "CAT\x00", "score": 3}),
    ("/api/games/{key}/turns", {"play": "8H QU\x00IZ"}),
    ("/api/games/{key}/finish", {"racks": {"0": "Q\x00"}}),
    ("/api/games/{key}/finish", {"racks": {"0\x00": ""}}),
    (f"/api/girdle/{DAY}/submissions", {"solution": "CAT 1\x00", "player": "x"}),
])
def test_nul_characters_are_refused(table, url, body):
    client, game = table
    _refused(client.post(url.replace("{key}", game["table_key"]), json=body), "NUL")


@pytest.mark.parametrize(("url", "body"), [
    # the turn was written and the database could not encode it: a 500
    ("/api/games/{key}/turns", '{"words": "\\ud800", "score": 3}'),
    ("/api/games/{key}/turns", '{"words": "CAT", "score": 3, "request_key": "k\\udfff"}'),
    ("/api/games/{key}/turns", '{"play": "8H Q\\ud83dIZ"}'),
    ("/api/games", '{"game": "werdup", "players": ["Ann\\ud800", "Bob"]}'),
    ("/api/games/{key}/finish", '{"racks": {"0": "Q\\udc00"}}'),
    (f"/api/girdle/{DAY}/submissions", '{"solution": "CAT 1\\ud800", "player": "x"}'),
    ("/api/judge", '{"words": ["cat\\ud800"]}'),
])
def test_lone_surrogates_are_refused(table, url, body):
    client, game = table
    resp = client.post(url.replace("{key}", game["table_key"]), data=body,
                       content_type="application/json")
    _refused(resp, "lone surrogate")
    assert client.get(f"/api/games/{game['table_key']}").get_json()["turns"] == []


def test_a_surrogate_pair_is_one_character(table):
    client, _game = table
    resp = client.post("/api/games", data='{"game": "werdup", "players": '
                                          '["Ann \\ud83d\\ude00", "Bob"]}',
                       content_type="application/json")
    assert resp.status_code == 201, resp.get_json()
    assert resp.get_json()["players"][0]["name"] == "Ann \U0001f600"


def test_nul_in_forms_and_queries(table):
    client, game = table
    tok = token(client)
    _refused(client.post("/games", data={"game": "werdup", "player": ["A\x00", "B"],
                                         "csrf_token": tok}), "NUL")
    _refused(client.get("/api/check?word=CA%00T"), "NUL")
    _refused(client.post(f"/games/{game['table_key']}/turns",
                         data={"words": "A\x00", "score": "2", "csrf_token": tok}), "NUL")


def test_column_lengths_are_checked_before_the_database(table):
    client, game = table
    key = game["table_key"]
    _refused(client.post(f"/api/games/{key}/finish", json={"racks": {"0": "A" * 17}}),
             "rack")
    _refused(client.post("/api/games", json={"game": "werdup", "players": ["a" * 41, "b"]}),
             "40 characters")
    _refused(client.post(f"/api/games/{key}/turns", json={"words": "W " * 150, "score": 1}),
             "Too many words")
    _refused(client.post(f"/api/games/{key}/turns", json={"action": "x" * 40}), "one of")
    _refused(client.post(f"/api/games/{key}/turns", json={"request_key": "k" * 33}), "32")
    _refused(client.post(f"/api/girdle/{DAY}/submissions",
                         json={"solution": "CAT 1", "player": "p" * 64}), "issued")
    assert client.get(f"/api/games/{key}").get_json()["turns"] == []


@pytest.mark.parametrize("month", ["9999-12", "0001-01", "2026-13", "10000-01", "x"])
def test_archive_months_out_of_range(table, month):
    client, _game = table
    _refused(client.get(f"/girdle/archive?month={month}"))


@pytest.mark.parametrize("photo_id", [2**31, 2**63, 2**64 + 1, 10**30])
def test_ids_past_what_a_database_stores(table, photo_id):
    client, game = table
    key = game["table_key"]
    for url in (f"/games/{key}/photos/{photo_id}", f"/games/{key}/photos/{photo_id}/overlay.jpg"):
        assert client.get(url).status_code == 404
    resp = client.post(f"/api/games/{key}/photos/{photo_id}/score", json={})
    assert resp.status_code == 404
    if photo_id > 2**53:  # past the largest shuffle number
        _refused(client.get(f"/api/pdq/deal?seed={photo_id}"), "Seed")


def test_an_odd_key_is_a_404(table):
    client, _game = table
    for key in ("x" * 5000, "../../etc/passwd", "A" * 21 + "\u00e9", "A" * 21 + "="):
        assert client.get(f"/api/games/{key}").status_code == 404
    _refused(client.get("/api/games/" + "%00" * 22), "NUL")


def _peak_bytes(work) -> int:
    """The most memory ``work()`` held at once (Python's allocations, traced)."""
    tracemalloc.start()
    try:
        work()
    except UsageError:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


@pytest.mark.parametrize(("text", "depth"), [
    ('{"a": "]]]", "b": [[1]]}', 3), ('["\\\\", [[]]]', 3), ('["\\"[[", {}]', 2),
    ('"\\\\\\"[["', 0), ("[" * 40 + "]" * 40, 40), ("", 0),
])
def test_json_depth_skips_strings(text, depth):
    assert json_depth(text) == depth


@pytest.mark.parametrize("text", [
    # a pattern matching each string whole kept a step per character: 2 GB for 18 MB
    json.dumps({"words": "a " * 1_000_000}),
    '{"words": ["' + "\\\\" * 500_000 + '"]}',
])
def test_json_depth_of_a_long_string_takes_little_memory(text):
    assert _peak_bytes(lambda: json_depth(text)) < len(text)


@pytest.mark.parametrize("words", ["a " * 1_000_000, "a," * 1_000_000, ["a"] * 1_000_000])
def test_millions_of_words_are_refused_without_making_them_all(words):
    # every word was made (and made again) before they were counted
    with pytest.raises(UsageError, match="Too many words"):
        words_from(words)
    assert _peak_bytes(lambda: words_from(words)) < 5 * 2_000_000


def test_a_huge_judge_request_is_refused_in_its_size(table):
    client, _game = table
    body = json.dumps({"words": "a " * 240_000})  # just under the JSON bodies' 500 KB
    tracemalloc.start()
    try:
        _refused(client.post("/api/judge", data=body, content_type="application/json"),
                 "Too many words")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * len(body)


@pytest.mark.parametrize("body", [
    "[" + "[]," * 700_000 + "[]]",  # 2.1 MB: 19 MB of these took 7 s of a core and 0.8 GB
    json.dumps({"game": "bugwords", "players": ["Ann", "Bob"], "note": "x" * 1_200_000}),
])
@pytest.mark.parametrize("url", ["/api/games", "/api/judge", "/api/girdle/players"])
def test_a_json_body_larger_than_a_form_field_is_refused_unread(table, url, body):
    client, _game = table
    resp = client.post(url, data=body, content_type="application/json")
    assert resp.status_code == 413
    size = f"{len(body) / 1_000_000:.1f} MB"
    assert resp.get_json()["error"] == f"That JSON body is {size}; the API reads 500 KB at most."


def test_a_json_body_sent_in_chunks_is_measured_too(table):
    client, _game = table
    body = ("[" + "[]," * 200_000 + "[]]").encode()
    resp = client.post("/api/judge", input_stream=io.BytesIO(body),
                       content_type="application/json",
                       environ_overrides={"wsgi.input_terminated": True})
    assert resp.status_code == 413
    assert "500 KB at most" in resp.get_json()["error"]


def test_a_json_body_of_the_largest_honest_size_is_read(table):
    client, game = table
    sheet = "\n".join(["JUMPING 1"] * 40)  # a Girdle sheet's lines, many times over
    resp = client.post(f"/api/girdle/{DAY}/submissions", json={"solution": sheet})
    assert resp.status_code != 413


@pytest.mark.parametrize("url", ["/judge", "/games", "/girdle/2026-01-05", "/pdq/deal"])
@pytest.mark.parametrize("with_token", [True, False])
def test_a_form_larger_than_a_form_field_is_refused_unread(table, url, with_token):
    # 19 MB of a=&a=&... took 6 s of a core and 1.2 GB to parse, token or not (the CSRF
    # check reads the token from the form)
    client, _game = table
    body = (f"csrf_token={token(client)}&" if with_token else "") + "a=&" * 700_000
    resp = client.post(url, data=body, content_type="application/x-www-form-urlencoded")
    assert resp.status_code == 413
    size = f"{len(body) / 1_000_000:.1f} MB"
    assert f"That form is {size}; a form&#39;s boxes take 500 KB at most." in page_said(resp)


def test_a_form_of_a_few_kilobytes_is_read_as_before(table):
    client, _game = table
    resp = client.post("/judge", data={"csrf_token": token(client), "words": "qi",
                                       "note": "x" * 100_000})
    assert resp.status_code == 200
    assert "VALID" in resp.get_data(as_text=True)


LONG = "x" * 3000


@pytest.mark.parametrize(("method", "url", "body"), [
    ("get", f"/api/check?word=qi&game={LONG}", None),
    ("post", "/api/judge", {"words": "qi", "game": LONG}),
    ("post", "/api/games", {"game": LONG, "players": ["Ann", "Bob"]}),
    ("get", f"/api/prints/board?paper={LONG}", None),
    ("get", f"/api/prints/{LONG}", None),
    ("get", f"/api/prints/3d?part={LONG}", None),
    ("get", f"/api/prints/3d?part=coupon&format={LONG}", None),
    ("get", f"/girdle/{DAY}.pdf?paper={LONG}", None),
])
def test_a_refusal_repeats_a_long_value_cut_to_a_short_line(table, method, url, body):
    # each of these repeated the whole value sent, 3,000 characters (500 KB in JSON)
    client, _game = table
    resp = getattr(client, method)(url, json=body)
    assert 400 <= resp.status_code < 500
    text = _sentence(resp)
    if "<html" in text:
        text = text.split('role="alert">', 1)[1].split("</p>", 1)[0]
    assert "xxxxxxxx..." in text, text[:200]
    assert len(text) < 300, text[:200]


@pytest.mark.parametrize("with_token", [True, False])
def test_a_multipart_body_of_boundaries_past_the_parts_allowed_is_refused_unparsed(
        table, with_token):
    # 990 parts each holding 3,000 boundaries (2.6 MB here; 20 MB took Werkzeug 2 s of a
    # core to refuse, as a form without its token)
    client, _game = table
    parts = ([("csrf_token", token(client).encode())] if with_token else []) + [
        (f"f{i}", b"\r\n--XyZ" * 300) for i in range(990)]
    body = b"".join(b'--XyZ\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n'
                    % (name.encode(), data) for name, data in parts) + b"--XyZ--\r\n"
    resp = client.post("/judge", data=body, content_type="multipart/form-data; boundary=XyZ")
    assert resp.status_code == 413
    assert "That form is too large to read: at most 1,000 fields" in resp.get_data(
        as_text=True)


def test_a_photo_form_is_read_as_before(table):
    client, game = table
    body = (b'--XyZ\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
            + token(client).encode() + b'\r\n--XyZ\r\nContent-Disposition: form-data; '
            b'name="photo"; filename="a.jpg"\r\n\r\n' + b"\r\n--XyZa" * 200_000
            + b"\r\n--XyZ--\r\n")
    resp = client.post(f"/games/{game['table_key']}/photos", data=body,
                       content_type="multipart/form-data; boundary=XyZ")
    assert resp.status_code == 400  # read, and refused as no image
    assert "not an image" in resp.get_data(as_text=True)
