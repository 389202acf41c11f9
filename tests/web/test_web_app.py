"""App factory, configuration, errors and the OpenAPI document (Flask test client)."""

import json

import pytest
from appfactory import make_app

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


@pytest.mark.parametrize(
    ("method", "url", "status", "message"),
    [
        ("get", "/no/such/page", 404, "There is no such page."),
        ("get", "/api/no/such/thing", 404, "There is no such page."),
        ("put", "/api/check", 405, "cannot be used this way"),
        ("delete", "/judge", 405, "cannot be used this way"),
    ],
)
def test_http_errors_are_sentences(client, method, url, status, message):
    resp = getattr(client, method)(url)
    assert resp.status_code == status
    body = resp.get_data(as_text=True)
    assert message in body
    if url.startswith("/api/"):
        assert resp.get_json()["status"] == status


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
    assert "GET /api/check" in index
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
