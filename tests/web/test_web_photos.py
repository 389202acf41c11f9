"""Score a photo: upload, read by the vision pipeline, correct, score by the engine."""

import html
import io
import json
import re
from pathlib import Path

import pytest
from appfactory import page_said, token
from boardphoto import board_photo, word_tiles
from PIL import Image
from sharedwork import command_output, heic_bytes


@pytest.fixture(scope="module")
def quiz_photo():
    return board_photo("bugwords", word_tiles(7, 7, "QUIZ"))


def _game(client, kind="bugwords"):
    """A game whose plays are judged by the word list as they are made."""
    return client.post("/api/games", json={"game": kind, "players": ["Ann", "Bob"],
                                           "challenge_rule": "none"}).get_json()


def test_photo_is_read_corrected_and_scored(client, quiz_photo):
    gid = _game(client)["table_key"]
    tok = token(client)
    resp = client.post(f"/games/{gid}/photos", data={
        "photo": (io.BytesIO(quiz_photo), "board.jpg"), "csrf_token": tok},
        content_type="multipart/form-data")
    assert resp.status_code == 302, resp.get_data(as_text=True)[:500]
    page_url = resp.headers["Location"]
    page = client.get(page_url).get_data(as_text=True)
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    assert len(values) == 225
    read = [values[f"sq-7-{c}"] for c in range(7, 11)]
    assert [v.upper() for v in read] == ["Q", "U", "I", "Z"]  # (a blank's letter: lower case)
    assert sum(bool(v) for v in values.values()) == 4
    overlay = client.get(page_url + "/overlay.jpg")
    assert overlay.mimetype == "image/jpeg" and Image.open(io.BytesIO(overlay.data)).width <= 900
    values.update({"sq-7-7": "Q", "sq-7-8": "U", "sq-7-9": "I",
                   "sq-7-10": "T"})  # the player corrects squares: QUIT, not QUIZ
    resp = client.post(page_url + "/score", data={**values, "seat": "0", "csrf_token": tok})
    assert resp.status_code == 302
    game = client.get(f"/api/games/{gid}").get_json()
    turn = game["turns"][0]
    assert turn["words"] == "QUIT" and turn["score"] == 26  # (10 + 1 + 1 + 1) x 2


def test_the_squares_to_correct_are_named_as_the_board_names_them(client, quiz_photo):
    """A screen reader says each square of the photo's grid as the board and the plays name
    it (8H: row 8, column H), not "column 8", which is the board's column H."""
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=quiz_photo, content_type="image/jpeg")
    page = client.get(f"/games/{gid}/photos/{resp.get_json()['photo_id']}")
    labels = dict(re.findall(r'name="(sq-\d+-\d+)"[^>]*aria-label="([^"]+)"', page.get_data(
        as_text=True)))
    assert labels["sq-7-7"] == "Row 8, column H" and labels["sq-14-0"] == "Row 15, column A"
    assert len(set(labels.values())) == 225


def test_the_photo_grid_is_drawn_with_the_boards_coordinates(client, quiz_photo):
    """The squares to correct are listed as "Row 8, column H": the grid they are typed into
    has the board's column letters across the top and row numbers down the side."""
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=quiz_photo, content_type="image/jpeg")
    page = client.get(f"/games/{gid}/photos/{resp.get_json()['photo_id']}").get_data(
        as_text=True)
    grid = page[page.index('id="photo-grid"'):page.index('<label for="seat"', page.index(
        'id="photo-grid"'))]
    assert 'class="grid cols-16"' in page
    coords = re.findall(r'<div class="coord[^"]*"[^>]*>([^<]*)</div>', grid)
    assert coords[:16] == ["", *"ABCDEFGHIJKLMNO"]
    assert coords[16:] == [str(r) for r in range(1, 16)]
    # each row number comes just before that row's first square
    assert re.search(r'>8</div>\s*<input[^>]*name="sq-7-0"', grid)


def test_a_refused_photo_score_keeps_the_player_chosen(client, quiz_photo):
    """Scoring the photo's squares for the second player, refused (a square holding a digit),
    comes back with the squares as sent and that player still chosen."""
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=quiz_photo, content_type="image/jpeg")
    url = f"/games/{gid}/photos/{resp.get_json()['photo_id']}"
    page = client.get(url).get_data(as_text=True)
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    values["sq-7-10"] = "7"
    resp = client.post(url + "/score", data={**values, "seat": "1", "version": "0",
                                              "csrf_token": token(client)})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert re.search(r'name="sq-7-10" id="[^"]+" value="7"', page)
    assert re.search(r'<option value="1"\s+selected>Bob', page)


def test_a_photo_score_refused_as_the_game_changed_offers_the_player_on_turn(client,
                                                                           quiz_photo):
    """Another phone recorded Ann's pass while this one checked the photo: scoring it for
    Ann is refused as the game has changed (409), and "Who played?" kept Ann, so a second
    tap scored it for her. It offers Bob, the player now on turn."""
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=quiz_photo, content_type="image/jpeg")
    url = f"/games/{gid}/photos/{resp.get_json()['photo_id']}"
    page = client.get(url).get_data(as_text=True)
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    seen = client.get(f"/api/games/{gid}").get_json()["version"]
    assert client.post(f"/api/games/{gid}/turns", json={"action": "pass"}).status_code == 201
    resp = client.post(url + "/score", data={**values, "seat": "0", "version": str(seen),
                                              "csrf_token": token(client)})
    assert resp.status_code == 409 and "has changed" in page_said(resp)
    chosen = re.findall(r'<option value="(\d)"\s+selected>', resp.get_data(as_text=True))
    assert chosen == ["1"]


def test_the_screenshot_scripts_board_photo_is_read(client, tmp_path):
    """scripts/web_screenshots.py photographs QUIZ on a board for docs/images: the app reads
    it (a bare rendered board was refused as showing no way up, and the script stopped)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[2] / "scripts"))
    try:
        from web_screenshots import board_photo as script_photo
    finally:
        sys.path.pop(0)
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=script_photo(tmp_path).read_bytes(),
                       content_type="image/jpeg")
    assert resp.status_code == 201, resp.get_json()
    grid = resp.get_json()["reading"]["grid"]
    assert [grid[7][c].upper() for c in range(7, 11)] == ["Q", "U", "I", "Z"]


def test_photo_api_reads_and_scores_as_read(client, quiz_photo):
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=quiz_photo,
                       content_type="image/jpeg")
    assert resp.status_code == 201
    data = resp.get_json()
    grid = data["reading"]["grid"]
    assert [g.upper() for g in grid[7][7:11]] == ["Q", "U", "I", "Z"]
    assert data["reading"]["rows"] == 15
    grid[7][7:11] = ["Q", "U", "I", "Z"]  # tiles, not blanks: the player's correction
    scored = client.post(f"/api/games/{gid}/photos/{data['photo_id']}/score",
                         json={"grid": grid})
    assert scored.status_code == 201
    assert scored.get_json()["turns"][0]["score"] == 44
    again = client.post(f"/api/games/{gid}/photos/{data['photo_id']}/score", json={})
    assert again.status_code == 400 and "no new tile" in again.get_json()["error"]


def test_scoring_a_photo_with_a_body_that_is_no_json_object_is_refused(client, quiz_photo):
    """Scoring a read photo takes a JSON object (``{}``: as read): a body of JSON that is no
    object, or one of another type, was read as ``{}`` and the turn recorded as read."""
    gid = _game(client)["table_key"]
    pid = client.post(f"/api/games/{gid}/photos", data=quiz_photo,
                      content_type="image/jpeg").get_json()["photo_id"]
    for body, ctype in (("[]", "application/json"), ("0", "application/json"),
                        ('{"seat": 0}', "application/octet-stream")):
        resp = client.post(f"/api/games/{gid}/photos/{pid}/score", data=body,
                           content_type=ctype)
        assert resp.status_code == 400, body
        assert resp.get_json()["error"] == "Send a JSON object in the request body."
    assert client.get(f"/api/games/{gid}").get_json()["turns"] == []


def _png(w, h):
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (200, 200, 200)).save(buf, "PNG")
    return buf.getvalue()


@pytest.mark.parametrize(
    ("body", "ctype", "status", "message"),
    [
        (b"", "image/jpeg", 400, "Send a photo of the board: the image as the request's body"),
        (b"this is not an image", "image/jpeg", 400, "not an image"),
        (b"\xff\xd8\xff\xe0" + b"\x00" * 200, "image/jpeg", 400,
         "a JPEG photo that is damaged or truncated"),
        (None, "image/png", 400, "too small"),
        ("blank", "image/png", 400, ""),
    ],
)
def test_photo_bad_input(client, body, ctype, status, message):
    gid = _game(client)["table_key"]
    if body is None:
        body = _png(100, 80)
    elif body == "blank":
        body = _png(800, 600)  # an image, but no board in it
    resp = client.post(f"/api/games/{gid}/photos", data=body, content_type=ctype)
    assert resp.status_code == status
    assert message in resp.get_json()["error"]


def _bmp(w, h):
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (200, 200, 200)).save(buf, "BMP")
    return buf.getvalue()


BMP_REFUSED = ("That photo is a BMP image, a format not read here (a JPEG, HEIC, PNG, WebP or "
               "AVIF photo expected).")


@pytest.mark.parametrize("route", ["/api/games/{key}/photos", "/api/pdq/cards",
                                   "/api/girdle/2026-11-29/photo"])
def test_a_photo_of_another_format_is_refused_naming_the_formats_read(client, route):
    """Only the formats phones save and send are decoded (each other decoder Pillow has is a
    parser any stranger's upload reaches): a BMP, which Pillow alone opens, is refused in one
    sentence on every upload route."""
    body = _bmp(800, 600)
    assert Image.open(io.BytesIO(body)).format == "BMP"
    resp = client.post(route.format(key=_game(client)["table_key"]), data=body,
                       content_type="image/bmp")
    assert resp.status_code == 400
    assert resp.get_json()["error"] == BMP_REFUSED


def test_a_photo_of_another_format_is_refused_on_the_photo_form(client):
    gid = _game(client)["table_key"]
    resp = client.post(f"/games/{gid}/photos", data={
        "photo": (io.BytesIO(_bmp(800, 600)), "board.bmp"), "csrf_token": token(client)},
        content_type="multipart/form-data")
    assert resp.status_code == 400
    assert BMP_REFUSED in page_said(resp)
    assert client.get(f"/api/games/{gid}").get_json()["turns"] == []


@pytest.mark.parametrize(("form", "api"), [
    ("/games/{key}/photos", "/api/games/{key}/photos"),
    ("/pdq/cards-photo", "/api/pdq/cards"),
    ("/girdle/2026-11-29/photo", "/api/girdle/2026-11-29/photo"),
])
@pytest.mark.parametrize("body", [_png(100, 80), b"\xff\xd8\xff\xe0" + b"\x00" * 200])
def test_a_photo_refused_on_a_page_is_the_api_s_sentence(client, form, api, body):
    """The pages showed a photo's refusal as the vision package words it, to follow a
    prefix, "That photo: 100x80 is too small to read (at least 200 pixels a side)", with
    no full stop, where the API says the same sentence ending in one. Every page's refusal
    is a sentence, as the API's and the command line's are."""
    key = _game(client)["table_key"]
    said = client.post(api.format(key=key), data=body,
                       content_type="image/png").get_json()["error"]
    assert said.endswith(".")
    resp = client.post(form.format(key=key), data={
        "photo": (io.BytesIO(body), "p.png"), "csrf_token": token(client),
        "game": "pdq", "variant": "regular"}, content_type="multipart/form-data")
    assert resp.status_code == 400
    alert = re.search(r'role="alert">([^<]*)</p>', page_said(resp))
    assert alert and alert.group(1) == html.escape(said, quote=True), alert


def test_photo_too_many_pixels(tmp_path):
    from appfactory import make_app

    client = make_app(tmp_path, MAX_IMAGE_PIXELS=100_000).test_client()
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=_png(640, 480),
                       content_type="image/png")
    assert resp.status_code == 400 and "megapixels" in resp.get_json()["error"]


def test_photo_too_large_upload(tmp_path):
    from appfactory import make_app

    client = make_app(tmp_path, MAX_CONTENT_LENGTH=10_000).test_client()
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=b"x" * 20_000,
                       content_type="image/jpeg")
    assert resp.status_code == 413 and "too large" in resp.get_json()["error"]


def test_a_photo_too_large_on_a_form_keeps_what_was_typed(tmp_path):
    """A photo past the upload limit sent by the turn's form comes back as the game's page,
    the play and player typed beside the photo kept, the refusal said (413): its file is
    read and dropped, its text fields kept. A form from another site, or a body more than
    READ_PAST_LIMIT times the limit, is not read: the error page, naming nothing sent."""
    from appfactory import make_app

    from companion.web.limits import READ_PAST_LIMIT

    limit = 1024 * 1024
    client = make_app(tmp_path, MAX_CONTENT_LENGTH=limit).test_client()
    gid = _game(client)["table_key"]
    tok = token(client)

    def send(size, origin="http://localhost"):
        return client.post(f"/games/{gid}/photos", headers={"Origin": origin}, data={
            "csrf_token": tok, "seat": "1", "play": "8H QUIZ",
            "photo": (io.BytesIO(b"\xff\xd8\xff\xe0" + bytes(size)), "big.jpg")},
            content_type="multipart/form-data")

    resp = send(limit + 100_000)
    page = page_said(resp)
    assert resp.status_code == 413
    assert re.search(r'role="alert">That upload is too large: the limit is 1 MB\.</p>\s*'
                     r'<form method="post" action="/games/[^/]+/turns"', page)
    assert re.search(r'<input[^>]*name="play"[^>]*value="8H QUIZ"', page)
    assert '<option value="1" selected>Bob</option>' in page
    assert client.get(f"/api/games/{gid}").get_json()["turns"] == []
    for resp in (send(READ_PAST_LIMIT * limit), send(limit + 100_000, "https://evil.example")):
        assert resp.status_code == 413
        assert "QUIZ" not in resp.get_data(as_text=True)
        assert "That upload is too large" in page_said(resp)


def test_a_form_past_the_limit_is_read_for_its_fields_only_with_few_parts():
    """The body of a form past the upload limit is read for its text fields as it comes,
    and refused as soon as it holds more delimiter lines than a form may have parts (80 MB
    of them took Werkzeug 10 s of a core): counted across the chunks it is read in, a
    delimiter split between two chunks too, and one ending in the tail kept between them
    counted once."""
    from werkzeug.exceptions import RequestEntityTooLarge

    from companion.web.limits import _Counted

    def read(body, most, chunk):
        stream = _Counted(io.BytesIO(body), "XyZ", most)
        return b"".join(iter(lambda: stream.read(chunk), b""))

    body = b"--XyZ\r\n" + b"a\r\n--XyZ\r\n" * 5 + b"jpeg\xff\r\n--XyZa\r\n--XyZ--\r\n"
    assert body.count(b"\r\n--XyZ") == 7  # 5 parts, a near one and the last
    for chunk in (1, 3, 7, 64):
        assert read(body, 6, chunk) == body, chunk
        with pytest.raises(RequestEntityTooLarge):
            read(body, 5, chunk)


def test_photo_page_errors(client, quiz_photo):
    gid = _game(client)["table_key"]
    tok = token(client)
    resp = client.post(f"/games/{gid}/photos", data={"csrf_token": tok},
                       content_type="multipart/form-data")
    assert resp.status_code == 400 and "Choose a photo" in resp.get_data(as_text=True)
    resp = client.post(f"/games/{gid}/photos", data={
        "photo": (io.BytesIO(b"GIF89a nonsense"), "x.gif"), "csrf_token": tok},
        content_type="multipart/form-data")
    assert resp.status_code == 400
    assert "a GIF image, a format not read here" in resp.get_data(as_text=True)
    no_token = client.post(f"/games/{gid}/photos", data={
        "photo": (io.BytesIO(quiz_photo), "board.jpg")}, content_type="multipart/form-data")
    assert no_token.status_code == 400
    assert client.get(f"/games/{gid}/photos/999").status_code == 404
    pid = client.post(f"/api/games/{gid}/photos", data=quiz_photo,
                      content_type="image/jpeg").get_json()["photo_id"]
    bad = client.post(f"/games/{gid}/photos/{pid}/score",
                      data={"sq-7-7": "Q", "sq-7-8": "9", "csrf_token": tok})
    assert bad.status_code == 400 and "is not a tile" in bad.get_data(as_text=True)
    bad = client.post(f"/api/games/{gid}/photos/{pid}/score", json={"grid": [["A"]]})
    assert bad.status_code == 400 and "15 lists of 15" in bad.get_json()["error"]
    other = _game(client)["table_key"]
    assert client.get(f"/games/{other}/photos/{pid}").status_code == 404


def test_werdup_photo_stacks_a_tile(client):
    """The second photo shows T on top of Z: one new tile on a stack, scored as such."""
    gid = _game(client, "werdup")["table_key"]
    client.post(f"/api/games/{gid}/turns", json={"play": "5E QUIZ"})
    photo = board_photo("werdup", {**word_tiles(4, 4, ["Qu", "I", "T"])})
    data = client.post(f"/api/games/{gid}/photos", data=photo,
                       content_type="image/jpeg").get_json()
    grid = data["reading"]["grid"]
    assert grid[4][4:7] == ["Qu", "I", "T"], grid[4]
    assert "light" in data["reading"]
    game = client.post(f"/api/games/{gid}/photos/{data['photo_id']}/score", json={}).get_json()
    turn = game["turns"][-1]
    assert turn["detail"]["new_cells"] == [[4, 6]] and turn["score"] == 6
    assert "T2" in game["board"]["text"]
    vanished = [row[:] for row in grid]
    vanished[4][4] = ""
    resp = client.post(f"/api/games/{gid}/photos/{data['photo_id']}/score",
                       json={"grid": vanished})
    assert resp.status_code == 400 and "5E" in resp.get_json()["error"]  # names the square


def test_a_photo_taken_sideways_is_turned_upright(client, quiz_photo):
    """Phones store the picture as the sensor saw it plus an EXIF orientation tag."""
    img = Image.open(io.BytesIO(quiz_photo)).transpose(Image.Transpose.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 degrees clockwise to display"
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=92, exif=exif.tobytes())
    gid = _game(client)["table_key"]
    data = client.post(f"/api/games/{gid}/photos", data=buf.getvalue(),
                       content_type="image/jpeg").get_json()
    assert [g.upper() for g in data["reading"]["grid"][7][7:11]] == ["Q", "U", "I", "Z"]


def test_an_empty_photo_file_is_named_as_such(client):
    """A file chosen but empty (0 bytes: a phone camera that gave up) is said to be empty,
    not "choose a photo first" (one was chosen)."""
    key = _game(client)["table_key"]
    tok = token(client)
    for url, extra in [(f"/games/{key}/photos", {}), ("/girdle/2026-11-06/photo", {}),
                       ("/pdq/cards-photo", {"variant": "regular"}),
                       (f"/api/games/{key}/photos", {}), ("/api/girdle/2026-11-06/photo", {}),
                       ("/api/pdq/cards", {})]:
        resp = client.post(url, data={"photo": (io.BytesIO(b""), "IMG_0001.jpg"),
                                      "csrf_token": tok, **extra},
                           content_type="multipart/form-data")
        assert resp.status_code == 400, url
        assert ("That photo is empty: take the photo again, or choose another."
                in resp.get_data(as_text=True)), url


def test_an_iphone_heic_reads_as_its_jpeg_and_is_stored_as_heic(client):
    """iPhones send HEIC: the same real photo as HEIC gives the JPEG's grid."""
    from pathlib import Path

    from companion.web.db import session
    from companion.web.models import Photo

    jpeg = (Path(__file__).parents[1] / "data" / "vision" / "real"
            / "IMG_20141025_164035.jpg").read_bytes()
    heic = heic_bytes(Image.open(io.BytesIO(jpeg)).convert("RGB"), 90)
    grids = []
    for data, ctype in ((jpeg, "image/jpeg"), (heic, "image/heic")):
        gid = _game(client)["table_key"]
        resp = client.post(f"/api/games/{gid}/photos", data=data, content_type=ctype)
        assert resp.status_code == 201, resp.get_json()
        grids.append(resp.get_json()["reading"]["grid"])
        with client.application.app_context():
            assert session().get(Photo, resp.get_json()["photo_id"]).mime == ctype.replace(
                "heic", "heif")
    assert sum(bool(x) for row in grids[0] for x in row) == 21 and grids[1] == grids[0]


def test_a_24_megapixel_iphone_photo_is_not_too_large(client):
    """An iPhone 15's or 16's photo is 5712 x 4284 pixels (24.5 MP) by default."""
    buf = io.BytesIO()
    Image.new("RGB", (5712, 4284), (90, 120, 60)).save(buf, "JPEG", quality=50)
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=buf.getvalue(),
                       content_type="image/jpeg")
    assert resp.status_code == 400 and "megapixels" not in resp.get_json()["error"]
    assert "board" in resp.get_json()["error"]  # read, and no board found in a plain picture


def test_a_girdle_sheet_sent_as_a_board_photo_is_refused_as_a_girdle_sheet(client):
    """A printed Word Girdle sheet sent to a Bug Words game was read "by outline" as an empty
    board and stored; now it is refused, in a sentence that says what the photo shows."""
    import datetime as dt

    import cv2

    from synthetic.girdle import example_puzzle, printed_sheet

    sheet = printed_sheet(example_puzzle(), dt.date(2026, 12, 1), 4.0)
    png = cv2.imencode(".png", sheet)[1].tobytes()
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=png, content_type="image/png")
    assert resp.status_code == 400
    assert resp.get_json()["error"] == ("This photo shows a Word Girdle sheet, not a Bug Words "
                                        "board.")  # a sentence, as the page shows it
    page = client.post(f"/games/{gid}/photos", data={
        "photo": (io.BytesIO(png), "sheet.png"), "csrf_token": token(client)},
        content_type="multipart/form-data")
    assert page.status_code == 400
    assert ('role="alert">This photo shows a Word Girdle sheet, not a Bug Words board.</p>'
            in page.get_data(as_text=True))


def test_the_api_description_names_every_photo_format(client):
    spec = client.get("/api/openapi.json").get_json()
    for path in ("/api/games/{key}/photos", "/api/girdle/{day}/photo", "/api/pdq/cards"):
        content = spec["paths"][path]["post"]["requestBody"]["content"]
        assert {"image/jpeg", "image/heic", "image/png", "image/webp", "image/avif"} <= set(
            content), path


def test_a_photo_play_at_a_table_that_challenges_is_open_to_a_challenge(client, quiz_photo):
    """A play read from a photo is taken as a typed one is: at a table that challenges, a
    phony is scored and stands until it is challenged off."""
    game = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                           "challenge_rule": "single"}).get_json()
    gid = game["table_key"]
    data = client.post(f"/api/games/{gid}/photos", data=quiz_photo,
                       content_type="image/jpeg").get_json()
    grid = data["reading"]["grid"]
    grid[7][7:11] = ["Z", "X", "Q", "J"]  # not a word
    scored = client.post(f"/api/games/{gid}/photos/{data['photo_id']}/score",
                         json={"grid": grid})
    assert scored.status_code == 201, scored.get_json()
    after = scored.get_json()
    assert after["challengeable"] is True and after["turns"][0]["score"] > 0
    done = client.post(f"/api/games/{gid}/challenge", json={"version": after["version"]})
    assert done.status_code == 200
    turn = done.get_json()["turns"][0]
    assert turn["score"] == 0 and turn["detail"]["challenge"]["invalid_words"] == ["ZXQJ"]
    assert not (done.get_json()["board"] or {}).get("text")


def test_a_refusal_naming_a_square_is_tied_to_that_square(client, quiz_photo):
    """A refusal about squares (a digit in one; a gap; a Bug Words tile gone or changed; too
    many letters; a word not in the list) marks those squares of the photo's grid invalid and
    described by the error, and only those; a refusal about none marks no square."""
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=quiz_photo, content_type="image/jpeg")
    url = f"/games/{gid}/photos/{resp.get_json()['photo_id']}"
    page = client.get(url).get_data(as_text=True)
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    values |= {"sq-7-7": "Q", "sq-7-8": "U", "sq-7-9": "I", "sq-7-10": "Z"}
    tok = token(client)

    def marked(changes: dict) -> tuple[str, list[str]]:
        resp = client.post(url + "/score", data={**values, **changes, "csrf_token": tok})
        assert resp.status_code == 400
        page = resp.get_data(as_text=True)
        error = re.search(r'id="error" role="alert">([^<]+)<', page).group(1)
        return error, re.findall(r'name="(sq-\d+-\d+)"[^>]*aria-invalid="true" '
                                 r'aria-describedby="error"', page)

    assert marked({"sq-3-2": "7"}) == ("&#39;7&#39; at 4C is not a tile.", ["sq-3-2"])
    error, squares = marked({"sq-0-14": "QUI"})
    assert "at 1O" in error and squares == ["sq-0-14"]
    assert marked({"sq-7-7": "", "sq-7-8": "", "sq-7-9": "", "sq-7-10": ""})[1] == []  # none
    error, squares = marked({"sq-7-9": "", "sq-7-11": "A"})  # QU.ZA: a gap at 8J
    assert "8J" in error and squares == ["sq-7-9"]
    error, squares = marked({"sq-7-10": "X"})  # QUIX: the word not in the list, each square
    assert "QUIX is not in the word list" in error
    assert squares == ["sq-7-7", "sq-7-8", "sq-7-9", "sq-7-10"]
    # a tile read off the play's line (a stray one, or a board photographed mid-game while the
    # sheet is empty): "All the tiles of a play must be in one row or one column." marked no
    # square, so the player could not tell which tile the reading put where
    error, squares = marked({"sq-0-0": "A"})
    assert error.startswith("The photo shows 5 tiles more than the board on the score sheet")
    assert squares == ["sq-0-0", "sq-7-7", "sq-7-8", "sq-7-9", "sq-7-10"]
    assert client.post(url + "/score", data={**values, "seat": "0", "csrf_token": tok}
                       ).status_code == 302  # QUIZ on the board
    resp = client.post(f"/api/games/{gid}/photos", data=quiz_photo, content_type="image/jpeg")
    url = f"/games/{gid}/photos/{resp.get_json()['photo_id']}"
    error, squares = marked({"sq-7-9": "", "sq-8-8": "T"})
    assert "The tile I at 8J has gone" in error and squares == ["sq-7-9"]
    error, squares = marked({"sq-7-10": "T", "sq-8-8": "T"})
    assert "8K held Z and now shows T" in error and squares == ["sq-7-10"]


def test_a_photo_s_play_refused_is_a_sentence(client, quiz_photo):
    """The photo's play refused by the engine was said without its full stop ("All the tiles
    of a play must be in one row or one column"), unlike a typed play's refusal: both are
    sentences, naming the play once. Tiles that are not all in one row or one column were
    refused so, saying nothing of what to do; the sentence says they are more than one play,
    and what to do."""
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=quiz_photo, content_type="image/jpeg")
    url = f"/games/{gid}/photos/{resp.get_json()['photo_id']}"
    page = client.get(url).get_data(as_text=True)
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    values |= {"sq-7-7": "Q", "sq-7-8": "U", "sq-7-9": "I", "sq-7-10": "Z", "sq-0-0": "A"}
    resp = client.post(url + "/score", data={**values, "csrf_token": token(client)})
    assert resp.status_code == 400
    error = re.search(r'id="error" role="alert">([^<]+)<', resp.get_data(as_text=True)).group(1)
    assert html.unescape(error) == (
        "The photo shows 5 tiles more than the board on the score sheet, not all in one row "
        "or one column, so more than one play: score the plays in between first, or correct "
        "the squares read wrongly.")


def test_a_werdup_tile_taken_off_is_tied_to_its_square(client):
    """WerdUp: a photo's squares showing a tile gone name its square, and the page marks it."""
    gid = _game(client, "werdup")["table_key"]
    client.post(f"/api/games/{gid}/turns", json={"play": "5E QUIZ"})
    photo = board_photo("werdup", {**word_tiles(4, 4, ["Qu", "I", "T"])})
    pid = client.post(f"/api/games/{gid}/photos", data=photo,
                      content_type="image/jpeg").get_json()["photo_id"]
    url = f"/games/{gid}/photos/{pid}"
    page = client.get(url).get_data(as_text=True)
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    values["sq-4-4"] = ""
    resp = client.post(url + "/score", data={**values, "csrf_token": token(client)})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and "at 5E has gone" in page
    assert re.findall(r'name="(sq-\d+-\d+)"[^>]*aria-invalid="true"', page) == ["sq-4-4"]


def test_a_server_without_the_tile_model_answers_503_with_its_sentence(client, quiz_photo,
                                                                       monkeypatch, tmp_path):
    """The server lacking what reading needs (here the tile model: a SetupError) is the
    server's fault, not the photo's: 503, not 400, with the same sentence, as JSON under
    /api/ and on the pages."""
    import datetime as dt

    import numpy as np

    import vision.classifier
    from synthetic.camera import Camera
    from synthetic.cards import deal_photo
    from vision.classifier import TileClassifier

    empty = tmp_path / "no-model"
    empty.mkdir()
    monkeypatch.setattr(vision.classifier, "shipped_classifier",
                        lambda: TileClassifier.load(empty))
    monkeypatch.setattr(vision.classifier, "hand_classifier",
                        lambda: TileClassifier.load(empty, "hand"))
    said = f"The tile model is missing from {empty}: rebuild it with"
    cards = deal_photo(list("PNA"), np.random.default_rng(1), Camera(width=1600, height=1200))
    day = dt.date(2026, 1, 5).isoformat()
    gid = _game(client)["table_key"]
    for url, photo in [(f"/api/games/{gid}/photos", quiz_photo),
                       (f"/api/girdle/{day}/photo", quiz_photo), ("/api/pdq/cards", cards)]:
        resp = client.post(url, data=photo, content_type="image/jpeg")
        assert resp.status_code == 503, (url, resp.get_json())
        assert resp.get_json()["error"].startswith(said), url
    for url, photo in [(f"/games/{gid}/photos", quiz_photo), (f"/girdle/{day}/photo", quiz_photo),
                       ("/pdq/cards-photo", cards)]:
        page = client.post(url, data={"photo": (io.BytesIO(photo), "photo.jpg"),
                                      "csrf_token": token(client)},
                           content_type="multipart/form-data")
        assert page.status_code == 503, url
        text = page_said(page)  # the path's "pytest-473" is kept on one line by a span
        assert f'role="alert">{said}' in text, url
        assert 'aria-invalid="true"' not in text, url  # no field of the form is at fault


def test_the_status_of_a_companion_error():
    """A class's own status stands; a SetupError is 503; any other refusal 400."""
    from companion.errors import SetupError, UsageError
    from companion.web.errors import status_of
    from companion.web.scoresheet import GameMoved
    from vision.errors import NotSetUp, VisionError

    assert status_of(SetupError("PrusaSlicer is not installed.")) == 503
    assert status_of(NotSetUp("Tesseract is not installed.")) == 503
    assert status_of(GameMoved("The game changed.", "The game changed on the page.")) == 409
    assert status_of(UsageError("Give a word.")) == 400
    assert status_of(VisionError("found no board")) == 400


def test_the_squares_a_glare_washed_out_are_listed_with_why_and_the_lamp_named(client):
    """A lamp's glare on part of the board: the photo was refused; it is read, its page
    names the washed-out squares under why, said once, and says what to do about the lamp.
    The many read empty, each offering empty or a tile, are named together by the rows they
    lie in, to check in the grid (orange there), not a line each; the letters read surely
    under the glare, listed for their words, on one line."""
    from pathlib import Path

    from glare import jpeg, lamp, squares_said

    from vision.config import DEFAULT
    from vision.imageio import load_photo

    real = Path(__file__).parents[1] / "data" / "vision" / "real" / "IMG_20141025_164039.jpg"
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos",
                       data=jpeg(lamp(load_photo(DEFAULT.load, real), 0.85)),
                       content_type="image/jpeg")
    assert resp.status_code == 201, resp.get_json()
    reading = resp.get_json()["reading"]
    assert len(reading["notes"]) == 1 and "move the lamp" in reading["notes"][0]
    washed = [u for u in reading["uncertain"] if u.get("why")]
    assert len(washed) > 45
    page = client.get(f"/games/{gid}/photos/{resp.get_json()['photo_id']}").get_data(
        as_text=True)
    notes = re.search(r'<div class="notice bad" id="notes">(.*?)</div>', page, re.S)
    assert notes and "A glare washes out part of the board" in notes.group(1)
    assert page.count("washed out by a glare: check this square") == 1  # said once
    under = re.search(r'<li class="reason">\d+ squares in rows \d+-\d+ \(washed out by a '
                      r'glare: check this square\):\s*<ul class="list">(.*?)</ul>', page, re.S)
    assert under
    columns = "ABCDEFGHIJKLMNO"
    items = {(int(r) - 1, columns.index(c))
             for r, c in re.findall(r"<li>Row (\d+), column ([A-O])[ :]", under.group(1))}
    alike = re.findall(r'<li class="alike">(\d+) squares, each read empty \(empty or a tile\): '
                       r'(.+?)\. They are orange in the grid above', under.group(1))
    assert len(alike) == 1
    named = squares_said(alike[0][1], columns)
    assert int(alike[0][0]) == len(named) and not named & items
    # the letters read surely, listed for their words, are named on one line
    sure, row = set(), 0
    said = re.search(r'<li class="muted">Read surely: (.*?)</li>', under.group(1), re.S)
    for piece in (said.group(1).split("; ") if said else []):
        at = re.match(r"(?:[Rr]ow (\d+), )?column ([A-O]):", piece)
        row = int(at.group(1)) - 1 if at.group(1) else row
        sure.add((row, columns.index(at.group(2))))
    assert named | items | sure == {(u["row"], u["col"]) for u in washed
                                    if u["why"].startswith("washed out")}
    orange = re.findall(r'<input class="cell unsure[^"]*"\s+name="sq-(\d+)-(\d+)"', page)
    assert {(int(r), int(c)) for r, c in orange} >= named  # each one to check in the grid


def test_the_photo_page_s_key_says_what_each_colour_of_the_grid_is(client, quiz_photo):
    """The key said "Green: read with confidence" beside a grid with no green in it (green
    is the photo's: the letters drawn on it), and nothing of the grid's blue squares, the new
    tiles the play scores."""
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=quiz_photo, content_type="image/jpeg")
    page = client.get(f"/games/{gid}/photos/{resp.get_json()['photo_id']}").get_data(
        as_text=True)
    assert len(re.findall(r'<input class="cell[^"]* new"', page)) == 4  # QUIZ, new tiles
    def said(id_: str, end: str) -> str:
        start = page.index(f'id="{id_}"')
        return re.sub(r"\s+", " ", page[start:page.index(end, start)])

    # the photo's key under the photo, at the foot of the page; the grid's above the grid
    key = said("photo-key", "</figcaption>")
    assert "On the photo, a letter read with confidence is green" in key
    # the photo tells a square in doubt by a shape too (vision.overlay.draw_dashed)
    assert "one in doubt orange inside a dashed orange outline" in key
    assert "a square to check where no letter was read is outlined in orange" in key
    key = said("grid-key", "</p>")
    assert '<span class="new-key">blue</span>, a new tile, scored as the play' in key
    assert ('<span class="unsure-key">orange</span> with a dashed edge and a corner flag, '
            'not sure') in key


def test_every_page_of_a_game_leads_back_to_it_in_the_same_words(client, quiz_photo):
    """The ways back to a game's sheet read "Back to game #3" (the photo check), "Back to the
    score sheet" (the clock) and "Back to the game" (the printable sheet): one wording."""
    key = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                          "clock_minutes": 25}).get_json()["table_key"]
    photo = client.post(f"/api/games/{key}/photos", data=quiz_photo,
                        content_type="image/jpeg").get_json()["photo_id"]
    for url in (f"/games/{key}/photos/{photo}", f"/games/{key}/clock", f"/games/{key}/print"):
        page = client.get(url).get_data(as_text=True)
        back = re.findall(rf'<a [^>]*href="/games/{key}">([^<]*)</a>', page)
        assert back == ["Back to the game"], (url, back)


def test_a_blank_tile_whose_letter_nothing_tells_says_so_beside_its_letters(client):
    """The real photo's blank tile of ?AN across, P?OZA down: the photo page says, beside
    its square, that which letter it stands for is not known and what the letters offered
    are; the reading gives them with no share (``p`` null)."""
    from pathlib import Path

    from vision.correct import BLANK_UNKNOWN, MOST_WORDS

    real = Path(__file__).parents[1] / "data" / "vision" / "real" / "IMG_20141025_164035.jpg"
    gid = _game(client)["table_key"]
    resp = client.post(f"/api/games/{gid}/photos", data=real.read_bytes(),
                       content_type="image/jpeg")
    assert resp.status_code == 201, resp.get_json()
    blank = next(u for u in resp.get_json()["reading"]["uncertain"]
                 if (u["row"], u["col"]) == (7, 11))
    assert [a["p"] for a in blank["alternatives"]] == [None] * 8
    page = client.get(f"/games/{gid}/photos/{resp.get_json()['photo_id']}").get_data(
        as_text=True)
    item = re.search(r"<li>Row 8, column L \(([^)]*)\):(.*?)</li>", page, re.S)
    assert item and item.group(1) == f"{BLANK_UNKNOWN}; {MOST_WORDS}"
    assert re.findall(r'data-letter="(\w)"', item.group(2)) == list("tnrcmfpg")


def test_a_refused_board_photo_gives_back_the_turn_as_typed(client):
    """The board photo is sent by the turn's form: when the photo is refused, the sheet comes
    back with the play, words, score and player as they were sent, the photo's box marked."""
    gid = _game(client)["table_key"]
    resp = client.post(f"/games/{gid}/photos", data={
        "photo": (io.BytesIO(_png(800, 600)), "board.png"), "play": "8H QUIZ", "seat": "1",
        "action": "play", "words": "QUIZ", "score": "22", "csrf_token": token(client)},
        content_type="multipart/form-data")
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert re.search(r'id="play" name="play" value="8H QUIZ"', page)
    assert re.search(r'<option value="1" selected>Bob</option>', page)
    assert re.search(r'id="words"[^>]*value="QUIZ"', page)
    assert re.search(r'id="score"[^>]*value="22"', page)
    assert re.search(r'<details open>\s*<summary>... or type the words', page)
    assert re.search(r'id="photo"[^>]*aria-invalid="true"', page)


def test_the_photo_page_s_title_names_the_game(client, quiz_photo):
    """A photo's page is titled with its game, as the game's own page is: "Photo - Bug Words
    #3", not "Photo - game #3", which said nothing of which game it was."""
    made = _game(client)
    resp = client.post(f"/api/games/{made['table_key']}/photos", data=quiz_photo,
                       content_type="image/jpeg")
    page = client.get(f"/games/{made['table_key']}/photos/{resp.get_json()['photo_id']}")
    title = re.search(r"<title>(.*?)</title>", page.get_data(as_text=True)).group(1)
    assert title == f"Photo - Bug Words #{made['id']} - Companion"


REAL = Path(__file__).parents[1] / "data" / "vision" / "real"


def test_a_square_listed_says_what_it_was_read_as(client):
    """IMG_20151016_165900's three squares in doubt were listed as "Row 8, column H:" and a
    button S: what the square was read as, and so why the one letter offered, went unsaid
    (``companion read`` says "row 8, column H (read S): S (18%)"). Each says it, as the
    command line does, before its reason when it has one."""
    from vision.cells import read_and_why

    gid = _game(client)["table_key"]
    data = client.post(f"/api/games/{gid}/photos", data=(REAL / "IMG_20151016_165900.jpg")
                       .read_bytes(), content_type="image/jpeg").get_json()
    page = client.get(f"/games/{gid}/photos/{data['photo_id']}").get_data(as_text=True)
    said = [re.sub(r"\s+", " ", html.unescape(line)) for line in re.findall(
        r"<li>([^<]*):\s*<button", page)]
    assert said == ["Row 8, column H (read S)", "Row 13, column L (read S)",
                    "Row 14, column F (read O)"]
    assert said == [f"Row {u['row'] + 1}, column {'ABCDEFGHIJKLMNO'[u['col']]} "
                    f"({read_and_why(u)})" for u in data["reading"]["uncertain"]]


def test_a_tile_whose_letter_was_not_seen_asks_for_its_letter(client):
    """IMG_20151016_165517 lists 3O, a tile's colour with no letter seen: empty, or a tile.
    Its second choice was a button "?", which put "?" in the square, and scoring then said
    "'?' at 3O is not a tile.": the page's own suggestion refused, with nothing said of what
    to type. The choice takes the keyboard to the square to type the tile's letter, and a
    '?' left in a square (or typed for a blank, as a rack writes it) asks for the letter."""
    gid = _game(client)["table_key"]
    data = client.post(f"/api/games/{gid}/photos", data=(REAL / "IMG_20151016_165517.jpg")
                       .read_bytes(), content_type="image/jpeg").get_json()
    assert [(u["row"], u["col"], [a["letter"] for a in u["alternatives"]])
            for u in data["reading"]["uncertain"]] == [(2, 14, [None, "?"])]
    url = f"/games/{gid}/photos/{data['photo_id']}"
    page = client.get(url).get_data(as_text=True)
    picks = re.findall(r'<button type="button" class="pick secondary" data-cell="sq-2-14"'
                       r'([^>]*)>([^<]+)</button>', page)
    assert picks == [(' data-letter=""', "empty"), (" data-type-letter", "tile")]
    assert 'data-letter="?"' not in page
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    resp = client.post(url + "/score", data={**values, "sq-2-14": "?", "csrf_token": token(
        client)})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert html.unescape(re.search(r'id="error" role="alert">([^<]+)<', page).group(1)) == (
        "3O holds '?': type the letter on its tile (a blank's in lower case, the letter it "
        "stands for), or leave it empty if there is no tile.")
    assert re.findall(r'name="(sq-\d+-\d+)"[^>]*aria-invalid="true"', page) == ["sq-2-14"]
    assert 'name="sq-7-3" id="sq-7-3" value="B"' in page  # the rest kept as sent


def test_a_flat_board_s_overlay_is_cut_to_the_board(client):
    """IMG_20151016_165900's board fills 71 % of the photo's width and half its height: on a
    390 px phone the overlay showed it 254 px wide in an image 477 px tall, its letters too
    small to read, the table's carpet round it. The overlay is the board and a margin of
    4 % round it: 331 px wide in an image 341 px tall, the grid below it 136 px sooner."""
    from companion.web.photos import BOARD_MARGIN

    gid = _game(client)["table_key"]
    data = client.post(f"/api/games/{gid}/photos", data=(REAL / "IMG_20151016_165900.jpg")
                       .read_bytes(), content_type="image/jpeg").get_json()
    xs, ys = zip(*data["reading"]["corners"], strict=True)
    board = (max(xs) - min(xs), max(ys) - min(ys))
    overlay = Image.open(io.BytesIO(client.get(data["overlay"]).data))
    assert overlay.width == 900  # as wide as ever, the board's share of it grown
    kept = (board[0] * (1 + 2 * BOARD_MARGIN), board[1] * (1 + 2 * BOARD_MARGIN))
    assert abs(overlay.width / overlay.height - kept[0] / kept[1]) < 0.01, (overlay.size, kept)


def _typed(client, key: str, play: str) -> None:
    assert client.post(f"/api/games/{key}/turns", json={"play": play}).status_code == 201


def test_a_real_photo_s_play_scores_as_the_command_line_and_the_record_s_replay_do(client,
                                                                                   tmp_path):
    """The 2015 game's photo after WIDER, sent to the sheet holding BENDS: the photo page,
    'companion read --previous' given the sheet's own record, and 'companion bugwords
    replay' of the record after the turn all score the play alike."""
    key = _game(client)["table_key"]
    _typed(client, key, "8D BENDS")
    record = client.get(f"/api/games/{key}/gcg").get_data(as_text=True)
    photo = REAL / "IMG_20151016_165517.jpg"
    pid = client.post(f"/api/games/{key}/photos", data=photo.read_bytes(),
                      content_type="image/jpeg").get_json()["photo_id"]
    scored = client.post(f"/api/games/{key}/photos/{pid}/score", json={"seat": 1})
    assert scored.status_code == 201, scored.get_json()
    turn = scored.get_json()["turns"][-1]
    assert turn["words"] == "WIDER" and turn["score"] > 0
    before, after = tmp_path / "before.gcg", tmp_path / "after.gcg"
    before.write_text(record)
    after.write_text(client.get(f"/api/games/{key}/gcg").get_data(as_text=True))
    code, out, err = command_output("read", str(photo), "--game", "bugwords", "--previous",
                                    str(before))
    assert code == 0, err
    assert out.splitlines()[-1] == f"  play: G6 WI.ER +{turn['score']}"
    code, out, err = command_output("bugwords", "replay", str(after), "--json")
    assert code == 0, err
    moves = json.loads(out)["moves"]
    assert [(m["position"], m["computed"]) for m in moves] == [
        ("8D", 22), ("G6", turn["score"])]


def test_a_photo_several_plays_on_is_refused_saying_what_to_do(client):
    """The 2015 game's photo after HURT and TEAMED, sent to the sheet holding BENDS and
    WIDER, was refused as "All the tiles of a play must be in one row or one column.": it
    says the photo shows 8 tiles more than the sheet's board, more than one play, and what
    to do; the 8 tiles are marked."""
    key = _game(client)["table_key"]
    _typed(client, key, "8D BENDS")
    _typed(client, key, "G6 WIDER")
    pid = client.post(f"/api/games/{key}/photos", data=(REAL / "IMG_20151016_165601.jpg")
                      .read_bytes(), content_type="image/jpeg").get_json()["photo_id"]
    url = f"/games/{key}/photos/{pid}"
    page = client.get(url).get_data(as_text=True)
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    resp = client.post(url + "/score", data={**values, "csrf_token": token(client)})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    error = html.unescape(re.search(r'id="error" role="alert">([^<]+)<', page).group(1))
    assert error == (
        "The photo shows 8 tiles more than the board on the score sheet, not all in one row "
        "or one column, so more than one play: score the plays in between first, or correct "
        "the squares read wrongly.")
    assert sorted(re.findall(r'name="(sq-\d+-\d+)"[^>]*aria-invalid="true"', page)) == sorted(
        f"sq-{r}-{c}" for r, c in [(9, 4), (9, 5), (9, 7), (10, 7), (11, 7), (12, 7),
                                   (13, 7), (14, 7)])
    assert api_error(client.post(f"/api/games/{key}/photos/{pid}/score", json={})) == error


def api_error(resp) -> str:
    assert resp.status_code == 400
    return resp.get_json()["error"]


def _next_step(page: str) -> str | None:
    found = re.search(r'<p class="notice ok" id="next-step">(.*?)</p>', page, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else None


def test_a_photo_read_surely_says_what_to_do_next(client, quiz_photo):
    """A photo every square of which was read surely showed the key and the grid and nothing
    more: the page ended with no word of what to do. It says so: the new tiles are the play,
    score them (the table's page); the game's view-only page says who scores it; a photo
    with no new tile says there is nothing to score. A photo with squares to check lists
    them instead."""
    game = _game(client)
    key = game["table_key"]
    pid = client.post(f"/api/games/{key}/photos", data=quiz_photo,
                      content_type="image/jpeg").get_json()["photo_id"]
    page = client.get(f"/games/{key}/photos/{pid}").get_data(as_text=True)
    assert 'id="unsure-list"' not in page
    assert _next_step(page) == (
        "Every square was read surely. The 4 new tiles in blue are the play: check them "
        "against the board, choose who played, then press Score the new tiles. Joining a "
        "game already under way? Keep score from this board instead.")
    view = game["links"]["view"].rsplit("/", 1)[-1]
    assert _next_step(client.get(f"/games/{view}/photos/{pid}").get_data(as_text=True)) == (
        "Every square was read surely. This link only shows the game: the play in blue is "
        "scored from the table's link, which the players share.")
    values = dict(re.findall(r'name="(sq-\d+-\d+)" id="[^"]+" value="([^"]*)"', page))
    values |= {"sq-7-7": "Q", "sq-7-8": "U", "sq-7-9": "I", "sq-7-10": "Z"}
    assert client.post(f"/games/{key}/photos/{pid}/score",
                       data={**values, "csrf_token": token(client)}).status_code == 302
    again = client.post(f"/api/games/{key}/photos", data=quiz_photo,
                        content_type="image/jpeg").get_json()["photo_id"]
    assert _next_step(client.get(f"/games/{key}/photos/{again}").get_data(as_text=True)) == (
        "Every square was read surely. The photo shows no tile that is not on the score "
        "sheet's board already: there is nothing to score. Take the photo again after the "
        "next play.")
    listed = client.post(f"/api/games/{key}/photos", data=(REAL / "IMG_20141025_163929.jpg")
                         .read_bytes(), content_type="image/jpeg").get_json()["photo_id"]
    page = client.get(f"/games/{key}/photos/{listed}").get_data(as_text=True)
    assert 'id="unsure-list"' in page and _next_step(page) is None
