import pytest

from companion.web import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test"})
    return app.test_client()


def test_challenge_page_shows_verdict(client):
    resp = client.get("/?word=xylophone")
    assert resp.status_code == 200
    assert b"XYLOPHONE: VALID" in resp.data
    assert b"percussion" in resp.data


def test_api_check(client):
    data = client.get("/api/check?word=cat&game=pdq").get_json()
    assert data["valid"] is False
    assert "too short" in data["reason"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "give a word"),
        ("word=" + "a" * 65, "too long"),
        ("word=cat&game=chess", "unknown game"),
    ],
)
def test_api_check_bad_input(client, query, message):
    resp = client.get("/api/check?" + query)
    assert resp.status_code == 400
    assert message in resp.get_json()["error"]
