"""The web judge honours a house word list and names the list that decided."""

from __future__ import annotations

from appfactory import make_app, page_said, token


def house_app(tmp_path, **config):
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "family.txt").write_text("zyzzyx\n")
    (folder / "no.txt").write_text("dog\n")
    return make_app(tmp_path, LEXICON_ADD="family.txt", LEXICON_REMOVE=["no.txt"], **config)


def test_judge_uses_the_house_list_and_names_the_list_that_decided(tmp_path):
    client = house_app(tmp_path).test_client()
    page = page_said(client.get("/judge"))
    # the list named as every verdict's reason names it, not "... + family.txt - no.txt"
    assert ("Word list: <strong>SCOWL-70 US/UK/CA/AU, the companion default, with family.txt "
            "added and no.txt removed</strong>") in page
    assert "+ family.txt" not in page
    tok = token(client)
    added = client.post("/judge", data={"words": "cat zyzzyx", "csrf_token": tok})
    page = page_said(added)
    assert ">VALID<" in page
    # "and", not a comma: "the default, family.txt" read as if the default were family.txt;
    # the base list last, named as on the "Word list:" line, so its own commas end the line
    assert "Decided by family.txt and SCOWL-70 US/UK/CA/AU, the companion default." in page
    removed = client.post("/judge", data={"words": "cat dog", "csrf_token": tok})
    page = removed.get_data(as_text=True)
    assert "NOT VALID" in page and "Decided by no.txt." in page and "DOG" not in page


def test_challenge_page_names_the_house_list_one_way(tmp_path):
    """The reason and the grey "Word list:" line under it name the list alike."""
    client = house_app(tmp_path).test_client()
    page = page_said(client.get("/?word=dog"))
    named = ("SCOWL-70 US/UK/CA/AU, the companion default, with family.txt added and no.txt "
             "removed")
    assert f"DOG is not in the word list {named}: no.txt removes it." in page
    assert f"Word list: {named}</p>" in page
    assert "+ family.txt" not in page and "(companion default)" not in page


def test_api_judge_and_check_name_the_deciding_list(tmp_path):
    client = house_app(tmp_path, LEXICON_REMOVE_OFFENSIVE="true").test_client()
    data = client.post("/api/judge", json={"words": ["cat", "dog"]}).get_json()
    assert data["valid"] is False and data["decided_by"] == ["no.txt"]
    assert data["lexicon"] == ("SCOWL-70 US/UK/CA/AU (companion default) - offensive words "
                               "(LDNOOBW) + family.txt - no.txt")
    check = client.get("/api/check?word=zyzzyx").get_json()
    assert check["valid"] and check["decided_by"] == "family.txt"
    assert "family.txt adds it" in check["reason"]


def test_a_missing_house_file_stops_the_start(tmp_path):
    import pytest

    from companion.web import ConfigError

    with pytest.raises(ConfigError, match="the house list of additions .*missing.txt was not"):
        make_app(tmp_path, LEXICON_ADD="missing.txt")


def test_a_house_file_with_no_words_stops_the_start(tmp_path):
    import pytest

    from companion.web import ConfigError

    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "no.txt").write_text("# to fill in\n")
    with pytest.raises(ConfigError, match="the house list of removals .*no.txt has no words"):
        make_app(tmp_path, LEXICON_REMOVE="no.txt")


def test_a_house_file_with_accents_is_read_in_plain_letters(tmp_path, caplog):
    """The web's house list read "Fiancé" as no word: its lines are read as typed words are."""
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "family.txt").write_text("Fiancé\nzyzzyx\nx-ray\n", encoding="utf-8")
    with caplog.at_level("WARNING"):
        client = make_app(tmp_path, LEXICON_ADD="family.txt").test_client()
    assert "word list family.txt: 1 line skipped as not a word (line 3: x-ray)" in caplog.text
    for typed in ("fiance", "FIANCÉ"):
        check = client.get("/api/check", query_string={"word": typed}).get_json()
        assert check["valid"] and check["decided_by"] == "family.txt", check


def test_a_house_file_holds_the_words_the_web_judges_and_no_longer(tmp_path, caplog):
    """The web refused a typed word over MAX_WORD letters, but a house file's line of any
    length was a word; one limit serves both: the longest word the check reads is a word of
    a house file, a longer line is skipped as not a word."""
    from companion.lexicon import MAX_WORD

    folder = tmp_path / "instance"
    folder.mkdir()
    longest, longer = "z" * MAX_WORD, "y" * (MAX_WORD + 1)
    (folder / "family.txt").write_text(f"{longest}\n{longer}\n")
    with caplog.at_level("WARNING"):
        client = make_app(tmp_path, LEXICON_ADD="family.txt").test_client()
    assert f"word list family.txt: 1 line skipped as not a word (line 2: {longer[:37]}...)" \
        in caplog.text
    check = client.get("/api/check", query_string={"word": longest}).get_json()
    assert check["valid"] and check["decided_by"] == "family.txt", check
    refused = client.get("/api/check", query_string={"word": longer})
    assert refused.status_code == 400
    assert refused.get_json()["error"] == \
        f"That word is too long to judge ({MAX_WORD} letters at most)."


def test_a_typed_play_at_the_table_is_judged_by_the_house_list(tmp_path):
    from appfactory import make_app as plain_app

    def play(client, word: str):
        key = client.post("/api/games", json={"game": "bugwords", "players": ["Ann", "Bob"],
                                              "challenge_rule": "none"}  # judged as played
                          ).get_json()["table_key"]
        return client.post(f"/api/games/{key}/turns", json={"play": f"8H {word}"})

    house = house_app(tmp_path).test_client()
    refused = play(house, "DOG")
    assert refused.status_code == 400 and "DOG" in refused.get_json()["error"]
    assert play(house, "CAT").status_code == 201
    other = tmp_path / "other"
    other.mkdir()
    assert play(plain_app(other).test_client(), "DOG").status_code == 201


def test_pdq_judging_with_cards_uses_the_house_list(tmp_path):
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "no.txt").write_text("pant\n")
    house = make_app(tmp_path, LEXICON_REMOVE="no.txt").test_client()
    page = house.get("/?word=pant&game=pdq&cards=PAT").get_data(as_text=True)
    assert "NOT VALID" in page and "PANT is not in the word list" in page
    other = tmp_path / "other"
    other.mkdir()
    plain = make_app(other).test_client().get("/?word=pant&game=pdq&cards=PAT")
    page = plain.get_data(as_text=True)
    assert "NOT VALID" not in page and "PANT fits PAT" in page


def test_a_house_file_s_skipped_lines_are_told_on_the_pages_that_name_the_list(tmp_path):
    """The command line names how many lines of a word list were not words, and the first;
    the web said so only in its log, and the page a table reads said nothing."""
    from companion.lexicon import WordListSpec, load_word_list

    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "family.txt").write_text("zyzzyx\nx-ray\ncan't\n<b>two</b> words\n")
    client = make_app(tmp_path, LEXICON_ADD="family.txt").test_client()
    said = "Word list family.txt: 3 lines skipped as not words (line 2: x-ray)."
    assert said in client.get("/?word=zyzzyx").get_data(as_text=True)
    assert said in client.get("/judge").get_data(as_text=True)
    # the Girdle pages name the list too, so they say the same (a past day: no par search)
    day = "2026-11-01"
    assert said in client.get(f"/girdle/{day}").get_data(as_text=True)
    assert said in client.get(f"/girdle/{day}/play").get_data(as_text=True)
    refused = client.post(f"/girdle/{day}", data={"solution": "zzz 1", "csrf_token": token(client)})
    assert refused.status_code == 400 and said in refused.get_data(as_text=True)
    # worded by the owner the command line's standard-error line comes from
    note = load_word_list(WordListSpec(None, (str(folder / "family.txt"),))).skipped_notes()
    assert note == ["word list family.txt: 3 lines skipped as not words (line 2: x-ray)"]
    other = tmp_path / "other"
    other.mkdir()
    (other / "instance").mkdir()
    (other / "instance" / "family.txt").write_text("zyzzyx\n")
    clean = make_app(other, LEXICON_ADD="family.txt").test_client()
    assert "skipped as not" not in clean.get("/judge").get_data(as_text=True)
    assert "skipped as not" not in clean.get(f"/girdle/{day}").get_data(as_text=True)


def _girdle_sheet(day):
    """A complete sheet of ``day``'s puzzle with the default list, typed, and its last word."""
    from companion.girdle import puzzle_for
    from companion.girdle.generator import find_solution
    from companion.lexicon import default_lexicon

    moves = find_solution(puzzle_for(day), default_lexicon())
    return "\n".join(f"{m.word} {m.start + 1}" for m in moves), moves[-1].word.lower()


def test_the_girdle_pages_judge_a_sheet_by_the_house_list(tmp_path):
    """The Girdle pages judged by ``LEXICON_PATH`` alone: a sheet whose word only the house
    list adds was refused, one with a word it removes was scored, and the page named no list.
    They judge by the list every other page uses, as ``companion girdle check --add``."""
    import datetime as dt

    from companion.lexicon import default_lexicon

    day = dt.date(2026, 11, 1)
    typed, word = _girdle_sheet(day)
    folder = tmp_path / "instance"
    folder.mkdir()
    # a club list without the word, and a house list giving it back: the same words as the
    # default list, so the same puzzle, but the word is the house list's alone
    club = folder / "club.txt"
    club.write_text("\n".join(w for w in default_lexicon().words if w != word) + "\n")
    (folder / "family.txt").write_text(word + "\n")
    client = make_app(tmp_path, LEXICON_PATH=str(club), LEXICON_ADD="family.txt").test_client()
    page = client.get(f"/girdle/{day}").get_data(as_text=True)
    assert 'id="word-list">Word list: club.txt, with family.txt added</p>' in page
    play = client.get(f"/girdle/{day}/play").get_data(as_text=True)
    assert "Word list: club.txt, with family.txt added" in play
    sent = client.post(f"/girdle/{day}", data={"solution": typed, "csrf_token": token(client)})
    assert sent.status_code == 303, sent.get_data(as_text=True)

    other = tmp_path / "other"
    (other / "instance").mkdir(parents=True)
    (other / "instance" / "no.txt").write_text(word + "\n")
    house = make_app(other, LEXICON_REMOVE="no.txt").test_client()
    refused = house.post(f"/girdle/{day}", data={"solution": typed, "csrf_token": token(house)})
    page = page_said(refused)
    assert refused.status_code == 400
    assert f"{word.upper()} is not in the word list" in page and "no.txt removes it" in page
    assert ("Word list: SCOWL-70 US/UK/CA/AU, the companion default, with no.txt removed"
            in page)


def test_the_girdle_par_is_searched_for_with_the_house_list(tmp_path, monkeypatch):
    """The search for par beside the app ran ``companion girdle solve --lexicon`` with the
    configured list alone: a house list's day got the par of another list."""
    import time

    from companion.errors import CompanionError
    from companion.web import jobs
    from companion.web.girdle import today_utc

    asked: list[list[str]] = []

    def answer(args, what, timeout=None):
        asked.append(args)
        raise CompanionError("stopped here by the test")

    monkeypatch.setattr(jobs, "run_companion", answer)
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "family.txt").write_text("zyzzyx\n")
    (folder / "no.txt").write_text("dog\n")
    app = make_app(tmp_path, LEXICON_ADD="family.txt", LEXICON_REMOVE=["no.txt", "no.txt"],
                   LEXICON_REMOVE_OFFENSIVE="yes")
    day = today_utc()  # the day's page (not an archive page) starts the search
    client = app.test_client()
    client.get(f"/girdle/{day}")
    end = time.monotonic() + 30
    while not asked and time.monotonic() < end:  # the search runs beside the app
        time.sleep(0.1)
    assert len(asked) == 1
    args = asked[0]
    assert args[:5] == ["girdle", "solve", "--json", "--date", day.isoformat()]
    assert args[5:] == ["--add", str(folder / "family.txt"), "--remove", str(folder / "no.txt"),
                        "--remove", str(folder / "no.txt"), "--remove-offensive",
                        "--time-budget", "1"]


def test_the_check_api_answers_for_this_installations_list(tmp_path):
    """``/api/check`` remembered its answers by ``LEXICON_PATH`` alone: a server (or a second
    app in the same process) with a house list was answered what one without it had been."""
    plain_home = tmp_path / "plain"
    plain_home.mkdir()
    plain = make_app(plain_home).test_client()
    assert plain.get("/api/check?word=zyzzyx").get_json()["valid"] is False
    house = house_app(tmp_path).test_client()
    check = house.get("/api/check?word=zyzzyx").get_json()
    assert check["valid"] and check["decided_by"] == "family.txt"
    assert plain.get("/api/check?word=zyzzyx").get_json()["valid"] is False
