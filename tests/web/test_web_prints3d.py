"""Print shop, 3D: the WerdUp set's files built by the CAD models (Flask test client)."""

import io

import pytest
import trimesh
from appfactory import make_app


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
    page = client3d.get("/prints/3d?part=coupon&format=stl&clearance=0.3&bed=200x200"
                        "&estimate=0").get_data(as_text=True)
    assert 'id="downloads"' in page
    data = client3d.get("/api/prints/3d?part=coupon&clearance=0.3&bed=200x200&estimate=0"
                        ).get_json()
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
    page = client3d.get("/prints/3d?part=coupon&format=3mf&clearance=0.2&bed=180x180"
                        "&estimate=1").get_data(as_text=True)
    assert 'id="estimate"' in page and "coupon.3mf" in page and " g</li>" in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("part=rocket", "Part must be one of"),
        ("part=coupon&format=obj", "Format must be one of"),
        ("part=coupon&clearance=2", "between 0 and 1 mm"),
        ("part=coupon&clearance=abc", "number of millimetres"),
        ("part=coupon&clearance=nan", "between 0 and 1 mm"),
        ("part=coupon&bed=big", "width x depth"),
        ("part=coupon&bed=20x20", "50 to 1000 mm"),
    ],
)
def test_3d_bad_options(client3d, query, message):
    resp = client3d.get("/prints/3d?" + query)
    assert resp.status_code == 400 and message in resp.get_data(as_text=True)
    api = client3d.get("/api/prints/3d?" + query)
    assert api.status_code == 400 and message in api.get_json()["error"]


def test_3d_files_that_do_not_exist(client3d):
    assert client3d.get("/prints/3d/0123456789abcdef/quarter.stl").status_code == 404
    assert client3d.get("/prints/3d/ab!c/x.stl").status_code == 404
    assert client3d.get("/prints/3d/0123456789abcdef/.done").status_code == 404
