"""Challenge page, judge mode and their JSON API (Flask test client)."""

import html
import re

import pytest
from appfactory import page_said, token


def test_challenge_page_shows_verdict_and_definitions(client):
    resp = client.get("/?word=xylophone")
    assert resp.status_code == 200
    assert b"XYLOPHONE: VALID" in resp.data
    assert b"percussion" in resp.data


def test_challenge_page_names_the_word_that_failed(client):
    page = client.get("/?word=cat+zzqx+dog").get_data(as_text=True)
    assert "NOT VALID" in page
    assert "Not valid because of ZZQX." in page
    assert "feline mammal" in page  # definitions of the valid words are still shown


def test_challenge_page_game_rule(client):
    page = client.get("/?word=cat&game=pdq").get_data(as_text=True)
    assert "too short for PDQ" in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("word=" + "a" * 65, "too long to judge"),
        ("word=cat&game=chess", "Unknown game"),
        ("word=" + "+".join(["cat"] * 21), "Too many words"),
    ],
)
def test_challenge_page_bad_input(client, query, message):
    resp = client.get("/?" + query)
    assert resp.status_code == 400
    assert message in resp.get_data(as_text=True)


@pytest.mark.parametrize("url", ["/?word=cat&game=chess", "/judge?word=cat&game=chess"])
def test_an_unknown_game_is_refused_naming_the_games_as_the_box_shows_them(client, url):
    """"Unknown game 'chess'; choose one of werdup, bugwords, girdle, pdq." named the games
    as no player knows them: the page names them as its Game box does; the box's values,
    the names, are still what the address takes, and the API still lists those."""
    from companion.games import GAME_TITLES

    page = client.get(url).get_data(as_text=True)
    titles = list(GAME_TITLES.values())
    said = (f"Unknown game &#39;chess&#39;; choose one of {', '.join(titles[:-1])} or "
            f"{titles[-1]}.")
    assert said in page
    assert "werdup, bugwords" not in page
    for title in titles:
        assert f">{title}</option>" in client.get("/").get_data(as_text=True)
    assert client.get("/?word=cat&game=bugwords").status_code == 200
    api = client.get("/api/check?word=cat&game=chess").get_json()["error"]
    assert api == "Unknown game 'chess'; choose one of werdup, bugwords, girdle, pdq."


def test_judge_page_shows_lexicon_and_a_form_with_token(client):
    page = client.get("/judge").get_data(as_text=True)
    assert "SCOWL-70" in page
    assert 'name="csrf_token"' in page


def test_judge_one_verdict_naming_no_word(client):
    tok = token(client)
    resp = client.post("/judge", data={"words": "cat zzqx", "csrf_token": tok})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert "NOT VALID" in page
    assert "ZZQX" not in page and "feline" not in page  # no word named, no definitions
    assert 'data-clear-after="8"' in page
    ok = client.post("/judge", data={"words": "cat dog", "csrf_token": tok}).get_data(as_text=True)
    assert ">VALID<" in ok


def test_a_refused_judge_form_keeps_the_words_typed_and_a_verdict_does_not(client):
    """Cards with a typo refuse the form: the play's words come back as typed, tied to no
    verdict; a judged play is never shown again."""
    tok = token(client)
    resp = client.post("/judge", data={"words": "pans pan", "game": "pdq", "cards": "P!A",
                                       "csrf_token": tok})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert re.search(r'<textarea id="words"[^>]*>pans pan</textarea>', page)
    assert re.search(r'id="cards"[^>]*aria-invalid="true"', page)
    judged = client.post("/judge", data={"words": "pans", "game": "pdq", "cards": "PNA",
                                         "csrf_token": tok}).get_data(as_text=True)
    assert re.search(r'<textarea id="words"[^>]*></textarea>', judged)


def test_judge_refuses_a_form_without_token(client):
    resp = client.post("/judge", data={"words": "cat"})
    assert resp.status_code == 400
    assert "did not come from this site" in resp.get_data(as_text=True)


def test_judge_bad_input_is_a_message(client):
    resp = client.post("/judge", data={"words": "  ", "csrf_token": token(client)})
    assert resp.status_code == 400
    assert "Type a word" in resp.get_data(as_text=True)


def test_api_check_one_word(client):
    data = client.get("/api/check?word=cat&game=pdq").get_json()
    assert data["valid"] is False
    assert "too short" in data["reason"]
    assert data["lexicon"].startswith("SCOWL")


def test_the_web_shows_the_base_of_an_inflection_as_check_does(client):
    from companion.judge import check_word

    data = client.get("/api/check?word=lay").get_json()
    assert data["definitions"] == check_word("lay").definitions
    assert any(d.startswith("lie (verb): ") for d in data["definitions"])
    page = client.get("/?word=ground").get_data(as_text=True)
    assert "grind (verb)" in page


def test_api_check_several_words_names_the_failure(client):
    data = client.get("/api/check?words=cat,zzqx").get_json()
    assert data["valid"] is False
    assert data["failed"] == ["ZZQX"]
    assert [w["valid"] for w in data["words"]] == [True, False]


def test_the_api_names_the_word_check_as_its_page_does(client):
    """The page, its tab and its title say "Check a word" while the API's list and its
    OpenAPI document still said "Challenge a word (or several)": one name for one job."""
    from companion.web import PAGE_NAMES

    name = PAGE_NAMES["challenge.page"]
    summary = client.get("/api/openapi.json").get_json()["paths"]["/api/check"]["get"]["summary"]
    assert summary.startswith(f"{name} (or several)"), summary
    index = client.get("/api/").get_data(as_text=True)
    assert f"GET /<wbr>api/<wbr>check</code> - {html.escape(name)} (or several)" in index
    assert "Challenge a word" not in index


def test_the_api_page_s_intro_names_the_word_check_as_its_page_does(client):
    """The API page's intro began "Word challenges, PDQ deals, ..." under the list naming
    the same job by the page's name, "Check a word": the intro names it that way too."""
    from companion.web import PAGE_NAMES

    name = PAGE_NAMES["challenge.page"]
    description = client.get("/api/openapi.json").get_json()["info"]["description"]
    assert description.startswith(f"{name} (or several)"), description
    index = client.get("/api/").get_data(as_text=True)
    intro = index[index.index("</h1>"):index.index("Machine-readable")]
    assert f"<p>{html.escape(name)} (or several)" in intro
    assert "challenge" not in intro.lower()


def test_api_judge_get_and_post(client):
    assert client.get("/api/judge?words=cat+zzqx").get_json() == {
        "valid": False, "lexicon": "SCOWL-70 US/UK/CA/AU (companion default)", "count": 2,
        "decided_by": ["SCOWL-70 US/UK/CA/AU (companion default)"]}
    data = client.post("/api/judge", json={"words": ["cat", "dog"], "game": "werdup"}).get_json()
    assert data["valid"] is True and data["count"] == 2


@pytest.mark.parametrize(
    ("method", "url", "body", "message"),
    [
        ("get", "/api/check", None, "Give a word"),
        ("get", "/api/check?word=" + "a" * 65, None, "too long"),
        ("get", "/api/check?word=cat&game=chess", None, "Unknown game"),
        ("get", "/api/judge", None, "Give a word"),
        ("post", "/api/judge", [1, 2], "JSON object"),
        ("post", "/api/judge", {"words": 5}, '"words" must be a list of strings or a string.'),
        ("post", "/api/judge", {"words": [1, 2]}, "must be a list of strings or a string"),
        ("post", "/api/judge", {"words": ["cat", None]}, "must be a list of strings or a string"),
        ("post", "/api/judge", {"words": []}, "Type a word"),
        ("post", "/api/judge", {"words": ["cat"], "game": "go"}, "Unknown game"),
    ],
)
def test_api_bad_input(client, method, url, body, message):
    resp = getattr(client, method)(url, json=body) if body is not None else getattr(
        client, method)(url)
    assert resp.status_code == 400
    data = resp.get_json()
    assert message in data["error"] and data["status"] == 400


def test_api_judge_post_form_needs_token(client):
    resp = client.post("/api/judge", data={"words": "cat"})
    assert resp.status_code == 400
    assert "Content-Type: application/json" in resp.get_json()["error"]


def test_api_judge_post_broken_json(client):
    resp = client.post("/api/judge", data="{not json", content_type="application/json")
    assert resp.status_code == 400
    assert "JSON object" in resp.get_json()["error"]


def test_no_definition_under_not_valid(client):
    """A word the game's rules refuse is NOT VALID with no definition under it, even when
    the dictionary has one (CAT is a word, but too short for PDQ)."""
    page = client.get("/?word=cat&game=pdq&cards=CAT").get_data(as_text=True)
    assert "NOT VALID" in page and 'class="defs"' not in page
    valid = client.get("/?word=cat").get_data(as_text=True)
    assert "VALID" in valid and 'class="defs"' in valid


def test_all_words_show_short_ones_first_and_fold_the_longer(client):
    page = client.get("/?word=pant&game=pdq&cards=PNA&all=1").get_data(as_text=True)
    section = page[page.index('id="all-words"'):]
    lengths = [int(n) for n in re.findall(r'<h3 class="len">(\d+) letters', section)]
    assert lengths == sorted(lengths) and len(lengths) > 3  # the shortest words first
    folded = section[section.index('id="longer-words"'):]
    assert "<details" in section and "Longer words" in folded
    assert "pneumonoultramicroscopicsilicovolcanoconiosis" in folded  # all of them, folded
    assert 'class="word-list"' in section


def test_a_pdl_word_is_judged_against_the_words_said_on_every_check(client):
    """The check page, the judge page and the check APIs took no words said this round, so
    under PDL a plural of the word to beat was VALID there (the dealer and /api/pdq/judge
    refused it)."""
    query = "word=pines&game=pdq&cards=PNS&variant=pdl"
    page = html.unescape(client.get(f"/?{query}&said=pine").get_data(as_text=True))
    assert "PINES: NOT VALID" in page and "PINE, already said" in page
    assert "PINES: VALID" in html.unescape(client.get(f"/?{query}").get_data(as_text=True))
    tok = token(client)
    judged = client.post("/judge", data={"words": "pines", "game": "pdq", "cards": "PNS",
                                         "variant": "pdl", "said": "pine",
                                         "csrf_token": tok}).get_data(as_text=True)
    assert "NOT VALID" in judged
    api = client.get(f"/api/check?{query}&said=pine").get_json()
    assert api["valid"] is False and "already said" in api["reason"]
    assert client.get(f"/api/check?{query}").get_json()["valid"] is True
    body = {"words": ["pines"], "game": "pdq", "cards": "PNS", "variant": "pdl",
            "said": ["pine"]}
    assert client.post("/api/judge", json=body).get_json()["valid"] is False
    assert client.get(f"/api/check?{query}&said=pin,pine").get_json()["valid"] is False
    bad = client.post("/api/judge", json={**body, "said": [3]})
    assert bad.status_code == 400 and "said" in bad.get_json()["error"]
    # the other variants have no words said: a box sent without scripts is refused, as the
    # command line refuses --said there, and tied to its box
    regular = client.get("/?word=pines&game=pdq&cards=PNS&variant=regular&said=pine")
    page = html.unescape(regular.get_data(as_text=True))
    assert regular.status_code == 400 and "PINES: VALID" not in page
    assert "Words said this round are for PDL (Pretty Darn Long)" in page
    assert re.search(r'id="said"[^>]*aria-invalid="true"', page)


def test_a_word_said_that_is_not_letters_is_refused_in_its_box(client):
    """A typo in the words said this round, PINE1, was judged as a five-letter word to beat
    ("PINES (5 letters) only ties with PINE1"): the check page, the judge page, the dealer
    and the APIs refuse it in the judge's sentence, the check's and the judge's tied to the
    words-said box, kept as typed."""
    said = ("Among the words said this round, PINE1 is not a word: it contains '1'; use "
            "letters A-Z only.")
    query = "word=pines&game=pdq&cards=PNS&variant=pdl"
    resp = client.get(f"/?{query}&said=pine1")
    page = html.unescape(page_said(resp))
    assert resp.status_code == 400 and said in page and "NOT VALID" not in page
    assert re.search(r'<input id="said" name="said" value="pine1"[^>]*aria-invalid="true"',
                     resp.get_data(as_text=True))
    resp = client.post("/judge", data={"words": "pines", "game": "pdq", "cards": "PNS",
                                       "variant": "pdl", "said": "pine1",
                                       "csrf_token": token(client)})
    assert resp.status_code == 400 and said in html.unescape(page_said(resp))
    assert 'id="said" name="said" value="pine1"' in resp.get_data(as_text=True)
    resp = client.get("/pdq?variant=pdl&seed=5&round=1&word=uwhz&said=pine1")
    assert said in html.unescape(page_said(resp))
    for api in (client.get(f"/api/check?{query}&said=pine1"),
                client.get("/api/pdq/judge?word=pines&cards=PNS&variant=pdl&said=pine1"),
                client.post("/api/judge", json={"words": ["pines"], "game": "pdq",
                                                "cards": "PNS", "variant": "pdl",
                                                "said": ["pine1"]})):
        assert api.status_code == 400 and api.get_json()["error"] == said


def test_no_word_for_the_cards_says_what_the_table_does_next(client):
    """A deal no word fits had the page say only that none exists; the rulebook's No Word
    rule (the engine's, as the CLI and the API give it) says what happens next."""
    page = client.get("/?word=qxzz&game=pdq&cards=QXZ&all=1").get_data(as_text=True)
    section = html.unescape(page[page.index('id="all-words"'):])
    assert "No word exists for these cards. When all players agree, set the cards aside " \
           "and deal three new ones; the first correct word in the next round also wins " \
           "the set-aside cards." in section
    api = client.get("/api/pdq/words?cards=QXZ&variant=solitaire").get_json()
    assert api["no_word"] and api["no_word_rule"].startswith("You are stuck: the game ends")
    found = client.get("/api/pdq/words?cards=PNA").get_json()
    assert not found["no_word"] and found["no_word_rule"] is None


@pytest.mark.parametrize(("typed", "words"), [
    ("ＣＡＴ", ["CAT"]),  # full-width letters from an Asian keyboard
    ("CAT\u200b", ["CAT"]),  # a zero-width space pasted with the word
    ("\ufeffcat\u3000dog", ["CAT", "DOG"]),  # a byte-order mark; a full-width space
])
def test_words_typed_in_other_forms_of_the_letters_are_judged_as_letters(client, typed, words):
    data = client.get("/api/check", query_string={"words": typed}).get_json()
    assert [w["word"] for w in data["words"]] == words and data["valid"] is True
    page = client.get("/", query_string={"word": typed}).get_data(as_text=True)
    assert "use letters A-Z only" not in page
    pdq = client.get("/api/pdq/judge", query_string={"word": "ｐｉｎｅａｐｐｌｅ", "cards": "PNA"})
    assert pdq.get_json()["valid"] is True


def test_a_function_word_is_told_by_its_part_of_speech_as_check_does(client):
    # the page showed THOU only as a thousand, and THEE "No definition on file"
    from companion.judge import check_word

    page = client.get("/?word=thou").get_data(as_text=True)
    note = "THOU is a pronoun; WordNet defines no pronouns, so the senses below are of its"
    assert note in page and page.index(note) < page.index("the product of 10 and 100")
    data = client.get("/api/check?word=thee").get_json()
    assert data["word_class"] == check_word("thee").word_class != ""
    page = client.get("/?word=them&game=pdq&cards=THM").get_data(as_text=True)
    assert "THEM: VALID" in page and "THEM is a pronoun; WordNet defines no pronouns." in page


def test_a_play_s_failing_words_come_first(client):
    """The words that fail are said straight under the verdict that names them, before the
    valid words' definitions (which filled a phone's screen), each group in play order."""
    page = client.get("/?word=cat+zzqx+tea+qxw").get_data(as_text=True)
    assert "Not valid because of ZZQX and QXW." in page
    order = [page.index(said) for said in ("ZZQX is not in", "QXW is not in", "CAT is valid",
                                            "TEA is valid")]
    assert order == sorted(order)


def test_the_word_box_takes_the_keyboard_only_on_the_empty_page(client):
    """The word box was focused on every answer too, which on a phone can open the keyboard
    over the verdict just given: it is focused only while the page answers nothing."""
    assert re.search(r'<input id="word"[^>]* autofocus>', client.get("/").get_data(as_text=True))
    for url in ("/?word=qi", "/?word=qi+zzqx&game=bugwords", "/?word=pan&game=pdq&cards=PNA",
                "/?word=qz&game=pdq&cards=%3F"):
        page = client.get(url).get_data(as_text=True)
        assert 'id="verdict"' in page or 'id="error"' in page, url
        assert "autofocus" not in page, url


def test_the_judge_box_takes_the_keyboard_only_on_the_empty_page(client):
    """Judge mode focused its box on the verdict's page too, so a phone could open its
    keyboard over the one big VALID or NOT VALID the table is waiting for (and over a
    refusal): the box is focused only while the page answers nothing."""
    assert re.search(r'<textarea id="words"[^>]* autofocus>', client.get("/judge").get_data(
        as_text=True))
    tok = token(client)
    for words in ("cat zzqx", "qi", "  "):
        page = client.post("/judge", data={"words": words, "csrf_token": tok}).get_data(
            as_text=True)
        assert 'id="verdict"' in page or 'id="error"' in page, words
        assert "autofocus" not in page, words


def test_a_form_sent_is_read_from_its_fields_not_its_address(client):
    """A POST read the merged query and form, the query first: a ``?game=pdq&cards=PNA`` in
    the judge form's address judged CAT (sent for any game) against cards no one typed, and
    a ``?variant=`` and ``?cards=`` in the cards photo's address overrode and filled the
    check page it came back to. A POST is read from its form alone, a GET from its query."""
    import io

    from PIL import Image

    tok = token(client)
    judged = client.post("/judge?game=pdq&cards=PNA", data={"words": "cat", "game": "",
                                                            "csrf_token": tok})
    assert judged.status_code == 200
    assert ">VALID<" in judged.get_data(as_text=True)
    buf = io.BytesIO()
    Image.new("RGB", (1200, 900), (60, 90, 60)).save(buf, "JPEG")
    refused = client.post("/pdq/cards-photo?variant=four-score&cards=QZX&word=zzz", data={
        "photo": (io.BytesIO(buf.getvalue()), "table.jpg"), "variant": "experts",
        "word": "pineapple", "csrf_token": tok}, content_type="multipart/form-data")
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert re.search(r'<option value="experts"\s+selected>', page)
    assert not re.search(r'<option value="four-score"\s+selected>', page)
    assert re.search(r'id="cards" name="cards" value=""', page)
    assert re.search(r'id="word" name="word"[^>]*value="pineapple"', page)


def test_the_challenge_page_says_what_the_list_has_for_a_misspelt_word(client):
    # the page said only "RECIEVE is not in the word list ..."
    page = page_said(client.get("/?word=recieve"))
    assert "RECIEVE: NOT VALID" in page
    assert ("RECIEVE is not in the word list SCOWL-70 US/UK/CA/AU, the companion default; "
            "close to it in the list: RECEIVE and RELIEVE.") in page
    page = client.get("/?word=cat+childs").get_data(as_text=True)
    assert "CHILD is irregular; the list has CHILDREN." in page
    data = client.get("/api/check?word=gooder").get_json()
    assert (data["irregular_base"], data["irregular_forms"]) == ("GOOD", ["BETTER"])
    # CUTTED got near words and BEATED named BEATEN alone
    page = client.get("/?word=cutted").get_data(as_text=True)
    assert "CUT is irregular; the list has CUT for the past and the past participle." in page
    page = client.get("/?word=mooses").get_data(as_text=True)
    assert "MOOSE is irregular; its plural is MOOSE." in page and "MOUSES" not in page
    # ... but not for PDQ, where CUT is too short to play
    page = client.get("/?word=cutted&game=pdq").get_data(as_text=True)
    assert "CUT is irregular" not in page and "close to it in the list: CUTTER, " in page
    page = client.get("/?word=cutted&game=pdq&cards=CUT").get_data(as_text=True)
    assert "CUT is irregular" not in page and "close to it in the list: CUTTER." in page
    data = client.get("/api/check?word=beated").get_json()
    assert (data["irregular_base"], data["irregular_forms"]) == ("BEAT", ["BEAT", "BEATEN"])
    assert data["reason"].endswith("BEAT is irregular; the list has BEAT for the past and "
                                   "BEATEN or BEAT for the past participle.")
    assert client.get("/api/check?word=recieve").get_json()["near_words"] == ["RECEIVE",
                                                                             "RELIEVE"]
    # the judge page names no word, so no near word either
    judged = client.post("/judge", data={"words": "recieve", "csrf_token": token(client)})
    assert "RECEIVE" not in judged.get_data(as_text=True)


def test_check_s_address_holds_only_the_boxes_filled(client):
    """Check sends the whole form, the cards photo's box too (as ``photo=``, or a chosen
    file's name), so every check's address ended in an empty ``photo=``: the page answers it
    with the same check's address holding only the boxes filled, the cards photo's own note
    (and each card it names to check) kept."""
    sent = client.get("/?word=qi+za%C3%AF&game=&cards=&variant=regular&player=&photo=")
    assert sent.status_code == 303
    assert sent.headers["Location"] == "/?word=qi+za%C3%AF"
    assert client.get(sent.headers["Location"]).status_code == 200
    chosen = client.get("/?word=drum&game=pdq&cards=DRU&photo=IMG_0412.jpg")
    assert chosen.headers["Location"] == "/?word=drum&game=pdq&cards=DRU"
    assert client.get("/?photo=").headers["Location"] == "/"
    read = client.get("/?game=pdq&cards=RIOD&photo=unsure&maybe=2:IL&maybe=3:OD")
    assert read.status_code == 200 and "Card 2 is uncertain" in read.get_data(as_text=True)


@pytest.mark.parametrize(("sent", "kept"), [
    ("/?word=qi&game=&cards=&variant=regular&player=&photo=", "/?word=qi"),
    ("/?word=qi&game=&cards=&variant=regular&player=", "/?word=qi"),
    ("/?word=qi&game=bugwords&cards=&variant=regular", "/?word=qi&game=bugwords"),
    ("/?word=pan&game=pdq&cards=PNA&variant=regular&player=&photo=",
     "/?word=pan&game=pdq&cards=PNA&variant=regular"),
])
def test_check_s_address_leaves_out_the_variant_without_pdq(client, sent, kept):
    """The variant box's default was sent with every Check, so a check with no game chosen
    was shared as ``/?word=qi&variant=regular``: the variant means nothing without PDQ, and
    the page answers with the address without it; a PDQ check keeps its variant."""
    answer = client.get(sent)
    assert answer.status_code == 303 and answer.headers["Location"] == kept
    assert client.get(kept).status_code == 200


def test_the_challenge_page_and_the_api_say_why_a_word_is_refused(client):
    # ALOT, DONT, TV and SPECIESES were only "not in the word list" there (or named near
    # words): the page and the API take the lexicon's reasons
    page = html.unescape(page_said(client.get("/?word=alot+dont")))
    assert ("ALOT is not in the word list SCOWL-70 US/UK/CA/AU, the companion default: the "
            "dictionary has it as two words, A LOT; close to it in the list: ALLOT,") in page
    assert "DONT is DON'T without its apostrophe; contractions are not allowed." in page
    page = page_said(client.get("/?word=specieses"))
    assert "SPECIES is irregular; its plural is SPECIES." in page
    data = client.get("/api/check?word=tv").get_json()
    assert data["reason"].endswith("only as an abbreviation (TV, of television). "
                                   "Abbreviations are not allowed.")
    assert (data["abbreviation_of"], data["written_as"]) == (["television"], "")
    data = client.get("/api/check?word=isnt").get_json()
    assert (data["valid"], data["written_as"]) == (False, "ISN'T")
    assert client.get("/api/check?word=cant").get_json()["valid"]
    judged = client.post("/api/judge", json={"words": ["dont"]}).get_json()
    assert judged["valid"] is False


def test_a_words_said_box_too_long_is_refused_not_cut_in_a_word(client):
    """The words-said box (PDL) was cut at 400 characters when read, here in the middle of
    its last word, PINE read as PI: a box longer than 400 is refused in a sentence, tied to
    the box, on the check and judge pages and on the dealer, and shown back in whole words."""
    said = ", ".join(["x" * 20] * 17 + ["y" * 22, "pine"])
    assert said.index("pine") == 398 and len(said) == 402
    refusal = ("The words said this round take 400 characters at most (402 were given): "
               "start the round's words again.")
    pages = [client.get("/", query_string={"word": "pines", "game": "pdq", "cards": "PNS",
                                           "variant": "pdl", "said": said}),
             client.post("/judge", data={"words": "pines", "game": "pdq", "cards": "PNS",
                                         "variant": "pdl", "said": said,
                                         "csrf_token": token(client)}),
             client.get("/pdq", query_string={"variant": "pdl", "seed": 1, "round": 1,
                                              "word": "pines", "said": said})]
    for resp in pages:
        page = html.unescape(resp.get_data(as_text=True))
        assert resp.status_code == 400 and refusal in page, page[:3000]
        assert re.search(r'id="said"[^>]*aria-invalid="true"', page)
        box = re.search(r'id="said"[^>]*value="([^"]*)"', page).group(1)
        assert box == said[:said.rindex(", pine")]  # whole words, no "pi"
        assert "VALID" not in page
    short = said[:said.rindex(", pine")]
    ok = client.get("/", query_string={"word": "pines", "game": "pdq", "cards": "PNS",
                                       "variant": "pdl", "said": short})
    assert ok.status_code == 200 and "the longer word wins" in html.unescape(
        ok.get_data(as_text=True))


def test_the_check_address_leads_to_the_check_page(client):
    """/check, the address a player guesses for the page under the "Check" tab, was "There
    is no such page": it leads to the check page, with the check asked for."""
    bare = client.get("/check")
    assert bare.status_code == 308 and bare.headers["Location"] == "/"
    asked = client.get("/check?word=qi&game=bugwords")
    assert asked.status_code == 308
    assert asked.headers["Location"] == "/?word=qi&game=bugwords"
    page = client.get("/check?word=qi", follow_redirects=True).get_data(as_text=True)
    assert "QI: VALID" in page
