"""Print shop, 3D: the WerdUp set's files built by the CAD models (Flask test client)."""

import io
import time

import pytest
import trimesh
from appfactory import make_app


def built_page(client, url: str, seconds: float = 300) -> str:
    """The page at ``url`` once the build it starts is done (as its status checks or its
    "Check again" link would)."""
    end = time.monotonic() + seconds
    while True:
        page = client.get(url).get_data(as_text=True)
        if 'id="building"' not in page:
            return page
        assert 'id="check-again"' in page and 'http-equiv="refresh"' not in page
        assert time.monotonic() < end, "the build did not finish"
        time.sleep(0.5)


def built_api(client, url: str, seconds: float = 300):
    """The API's answer once the build is done (202 and Retry-After until then)."""
    end = time.monotonic() + seconds
    while True:
        resp = client.get(url)
        if resp.status_code != 202:
            return resp
        assert resp.get_json()["status"] == "building" and int(resp.headers["Retry-After"]) > 0
        assert time.monotonic() < end, "the build did not finish"
        time.sleep(0.5)


@pytest.fixture
def client3d(tmp_path, cad_cache):
    return make_app(tmp_path, CAD_CACHE_DIR=cad_cache).test_client()


def test_build_page_offers_every_part_and_format(client3d):
    page = client3d.get("/prints/3d").get_data(as_text=True)
    for part in ("quarter", "placard", "tiles", "coupon"):
        assert f'value="{part}"' in page
    assert 'value="3mf"' in page and 'value="step"' in page
    assert "/prints/3d" in client3d.get("/prints").get_data(as_text=True)


def test_coupon_stl_download_is_a_watertight_mesh(client3d):
    page = built_page(client3d, "/prints/3d?part=coupon&format=stl&clearance=0.3&bed=200x200"
                      "&estimate=0")
    assert 'id="downloads"' in page
    data = built_api(client3d, "/api/prints/3d?part=coupon&clearance=0.3&bed=200x200"
                     "&estimate=0").get_json()
    assert data["status"] == "built"
    assert data["clearance"] == 0.3 and data["bed"] == [200.0, 200.0]
    (stl,) = data["downloads"]
    resp = client3d.get(stl)
    assert resp.headers["Content-Disposition"].startswith("attachment")
    mesh = trimesh.load(io.BytesIO(resp.data), file_type="stl")
    assert mesh.is_watertight and mesh.volume > 0
    preview = client3d.get(data["previews"][0])
    assert preview.mimetype == "image/png" and preview.data.startswith(b"\x89PNG")


@pytest.mark.slow
def test_slicer_estimate_is_shown(client3d):
    page = built_page(client3d, "/prints/3d?part=coupon&format=3mf&clearance=0.2&bed=180x180"
                      "&estimate=1")
    assert 'id="estimate"' in page and "coupon.3mf" in page and " g</li>" in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("part=rocket", "Part must be one of"),
        ("part=coupon&format=obj", "Format must be one of"),
        ("part=coupon&clearance=2", "between 0.1 and 0.45 mm"),
        ("part=coupon&clearance=0", "between 0.1 and 0.45 mm"),
        # a build at 0.5-1 mm was queued and failed: its grid ribs are too thin to print
        ("part=coupon&clearance=0.5", "between 0.1 and 0.45 mm"),
        ("part=coupon&clearance=0.05", "tightest fit coupon"),
        ("part=coupon&clearance=abc", "number of millimetres"),
        ("part=coupon&clearance=nan", "number of millimetres"),
        ("part=coupon&clearance=%D9%A0.%D9%A2", "number of millimetres"),  # Arabic-Indic 0.2
        ("part=coupon&bed=%EF%BC%91%EF%BC%98%EF%BC%90x180", "width x depth"),  # full-width 180
        ("part=coupon&bed=big", "width x depth"),
        ("part=coupon&bed=20x20", "50 to 1000 mm"),
        ("part=coupon&clearance=0.33", "steps of 0.05 mm"),
        ("part=coupon&clearance=0.2000001", "steps of 0.05 mm"),
        ("part=coupon&bed=201x201", "printer beds offered"),
    ],
)
def test_3d_bad_options(client3d, query, message):
    resp = client3d.get("/prints/3d?" + query)
    assert resp.status_code == 400 and message in resp.get_data(as_text=True)
    api = client3d.get("/api/prints/3d?" + query)
    assert api.status_code == 400 and message in api.get_json()["error"]


def test_3d_files_that_do_not_exist(client3d):
    assert client3d.get(f"/prints/3d/{'0' * 64}/quarter.stl").status_code == 404
    assert client3d.get("/prints/3d/ab!c/x.stl").status_code == 404
    assert client3d.get(f"/prints/3d/{'0' * 64}/.done").status_code == 404


def test_a_build_runs_beside_the_app_and_the_page_says_so(client3d):
    """The first request starts the build and answers at once; the page asks the build's
    status (never reloading itself: that loses a screen reader's place), offers a link to
    check again, and the API says 202 until the files are there."""
    status = "/api/prints/3d/status?part=coupon&format=stl&clearance=0.45&bed=190x190&estimate=0"
    assert client3d.get(status).get_json() == {"status": "none"}  # asking starts nothing
    url = "/prints/3d?part=coupon&format=stl&clearance=0.45&bed=190x190&estimate=0"
    first = client3d.get(url)
    assert first.status_code == 200
    page = first.get_data(as_text=True)
    assert 'id="building"' in page and 'http-equiv="refresh"' not in page
    assert f'data-poll="{status.replace("&", "&amp;")}"' in page
    assert f'id="check-again" href="{url.replace("&", "&amp;")}"' in page
    assert client3d.get(status).get_json()["status"] in ("building", "built")
    api = client3d.get("/api/prints/3d?part=coupon&clearance=0.45&bed=190x190&estimate=0")
    assert api.status_code in (200, 202)
    assert 'id="downloads"' in built_page(client3d, url)
    assert client3d.get(status).get_json() == {"status": "built"}


def test_a_failed_build_says_so_and_the_next_request_tries_again(client3d, monkeypatch):
    from companion.errors import CompanionError
    from companion.web import jobs

    def broken(*_args, **_kwargs):
        raise CompanionError("The 3D build failed: out of memory")

    monkeypatch.setattr(jobs, "run_companion", broken)
    url = "/api/prints/3d?part=coupon&clearance=0.4&bed=190x190&estimate=0"
    assert client3d.get(url).status_code == 202
    status = url.replace("/3d?", "/3d/status?")
    end = time.monotonic() + 30
    while client3d.get(status).get_json()["status"] == "building":
        assert time.monotonic() < end
        time.sleep(0.2)
    assert client3d.get(status).get_json() == {"status": "failed"}  # kept for the page
    page = client3d.get(url.replace("/api/", "/")).get_data(as_text=True)
    assert "out of memory" in page  # the page a status check opens says why
    assert client3d.get(url).status_code == 202  # and the next request tries again
    failed = built_api(client3d, url, seconds=30)
    assert failed.status_code == 503 and "out of memory" in failed.get_json()["error"]
    # one sentence (it was two, "... out of memory Try again in a moment.")
    assert failed.get_json()["error"] == ("The 3D build failed: out of memory; try again in a "
                                          "moment.")
    assert client3d.get(url).status_code == 202  # started again


def test_builds_only_for_offered_values_and_a_few_new_ones_per_client(tmp_path, monkeypatch):
    """A link on a foreign page cannot start builds for any value it likes, nor many."""
    import threading

    from companion.web import jobs, prints3d
    from companion.web.db import session

    started, release = [], threading.Event()
    real = prints3d._build_files

    def stand_in(inputs):  # a build that lasts until the test is done, then gives nothing
        if inputs["clearance"] not in (0.15, 0.25, 0.35):  # an earlier test's, run late
            return real(inputs)
        started.append(inputs["clearance"])
        release.wait(30)
        raise prints3d.BuildFailed("The 3D build ended without its files.")

    monkeypatch.setattr(prints3d, "_build_files", stand_in)
    app = make_app(tmp_path, BUILDS_PER_HOUR=2)
    client = app.test_client()
    base = "/api/prints/3d?part=coupon&bed=190x190&estimate=0&clearance="
    assert client.get(base + "0.15").status_code == 202
    assert client.get(base + "0.25").status_code == 202
    refused = client.get(base + "0.35")
    assert refused.status_code == 429 and "2 new builds in an hour" in refused.get_json()["error"]
    assert client.get(base + "0.15").status_code == 202  # under way: not a new build
    page = client.get("/prints/3d?part=coupon&bed=190x190&estimate=0&clearance=0.3")
    assert page.status_code == 429  # the form again, and when to try again, as the API says
    assert 3500 < int(page.headers["Retry-After"]) <= 3600
    assert client.get(base + "0.123").status_code == 400  # not a value the form offers

    def job(clearance):
        req = prints3d.parse_request({"part": "coupon", "bed": "190x190", "estimate": "0",
                                      "clearance": clearance})
        with app.app_context():
            row = session().get(jobs.Job, req.key)
            return row and row.state

    assert [job(c) is not None for c in ("0.15", "0.25", "0.35")] == [True, True, False]
    release.set()
    # both builds end (the runner's two threads may still hold an earlier test's job, so the
    # second build can start only after the first has ended)
    for _ in range(600):
        if job("0.15") == jobs.FAILED and job("0.25") == jobs.FAILED:
            break
        time.sleep(0.05)
    assert set(started) == {0.15, 0.25}
    resp = client.get(base + "0.15")  # ended without its files: says so, once
    assert resp.status_code == 503 and "without its files" in resp.get_json()["error"]
    form = client.get("/prints/3d").get_data(as_text=True)
    assert '<select id="bed" name="bed">' in form and 'value="190x190"' in form


def test_a_build_refused_as_busy_leaves_no_lock(tmp_path, monkeypatch):
    from companion.web import jobs

    monkeypatch.setattr(jobs, "MAX_PENDING", 0)
    client = make_app(tmp_path).test_client()
    url = "/api/prints/3d?part=coupon&bed=190x190&estimate=0&clearance=0.1"
    resp = client.get(url)
    assert resp.status_code == 503 and resp.headers["Retry-After"] == "30"
    with client.application.app_context():
        from companion.web.db import session

        assert session().query(jobs.Job).count() == 0  # nothing queued
    assert not (tmp_path / "instance" / "cad").exists()


def test_the_files_built_come_before_the_form(client3d):
    """The building notice says the files "show here when they are ready", at the top of the
    page; they showed under the form, below a phone's screen. They come first."""
    page = built_page(client3d, "/prints/3d?part=coupon&format=stl&clearance=0.3&bed=200x200"
                      "&estimate=0")
    assert 'id="downloads"' in page
    assert page.index('id="built"') < page.index('id="cad-form"')


def test_a_refused_build_keeps_every_choice_sent(client3d):
    """A clearance refused gave the form back with the part, the format, the bed and the
    estimate box at their defaults (the board quarter, STL, 180 x 180, ticked): putting the
    clearance right and building again built a part the player had not chosen."""
    import re

    page = client3d.get("/prints/3d?part=coupon&format=3mf&clearance=0.5&bed=250x210"
                        "&estimate=0&estimate=0").get_data(as_text=True)
    assert "between 0.1 and 0.45 mm" in page

    def selected(box: str) -> list[str]:
        block = re.search(rf'<select id="{box}".*?</select>', page, re.S).group()
        return re.findall(r'<option value="([^"]+)" selected>', block)

    assert (selected("part"), selected("format"), selected("bed")) == (
        ["coupon"], ["3mf"], ["250x210"])
    assert re.search(r'id="clearance"[^>]*value="0.5"', page, re.S)
    assert not re.search(r'name="estimate" value="1" checked', page)
    fresh = client3d.get("/prints/3d").get_data(as_text=True)  # the defaults, as before
    assert re.search(r'<option value="quarter" selected>', fresh)
    assert re.search(r'name="estimate" value="1" checked', fresh)
