"""The web judge honours a house word list and names the list that decided."""

from __future__ import annotations

from appfactory import make_app, token


def house_app(tmp_path, **config):
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "family.txt").write_text("zyzzyx\n")
    (folder / "no.txt").write_text("dog\n")
    return make_app(tmp_path, LEXICON_ADD="family.txt", LEXICON_REMOVE=["no.txt"], **config)


def test_judge_uses_the_house_list_and_names_the_list_that_decided(tmp_path):
    client = house_app(tmp_path).test_client()
    page = client.get("/judge").get_data(as_text=True)
    assert "SCOWL-70 (companion default) + family.txt - no.txt" in page
    tok = token(client)
    added = client.post("/judge", data={"words": "cat zyzzyx", "csrf_token": tok})
    page = added.get_data(as_text=True)
    assert ">VALID<" in page
    assert "Decided by SCOWL-70 (companion default), family.txt" in page
    removed = client.post("/judge", data={"words": "cat dog", "csrf_token": tok})
    page = removed.get_data(as_text=True)
    assert "NOT VALID" in page and "Decided by no.txt" in page and "DOG" not in page


def test_api_judge_and_check_name_the_deciding_list(tmp_path):
    client = house_app(tmp_path, LEXICON_REMOVE_OFFENSIVE="true").test_client()
    data = client.post("/api/judge", json={"words": ["cat", "dog"]}).get_json()
    assert data["valid"] is False and data["decided_by"] == ["no.txt"]
    assert data["lexicon"] == ("SCOWL-70 (companion default) - offensive words (LDNOOBW) "
                               "+ family.txt - no.txt")
    check = client.get("/api/check?word=zyzzyx").get_json()
    assert check["valid"] and check["decided_by"] == "family.txt"
    assert "family.txt adds it" in check["reason"]


def test_a_missing_house_file_stops_the_start(tmp_path):
    import pytest

    from companion.lexicon import LexiconError

    with pytest.raises(LexiconError, match="house list of additions: word list not found"):
        make_app(tmp_path, LEXICON_ADD="missing.txt")
