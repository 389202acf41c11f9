"""PDQ dealer page, PDQ challenges and the PDQ API (Flask test client)."""

import html
import re

import pytest
from appfactory import page_said, token
from markupsafe import escape

from companion.web.pdq import deal


def test_a_deal_is_a_pure_function_of_variant_seed_and_round():
    a, b = deal("regular", 42, 3), deal("regular", 42, 3)
    assert a == b and len(a.cards) == 3 and a.rounds == 26
    assert deal("four-score", 42, 1).rounds == 19  # 76 cards, 4 per round
    assert deal("regular", 42, 27).cards is None


def test_dealer_page_deals_a_new_deck(client):
    resp = client.post("/pdq/deal", data={"variant": "regular", "csrf_token": token(client)})
    assert resp.status_code == 302
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Round 1 of 26" in page
    cards = re.findall(r'<div class="card[^"]*">([A-Z])</div>', page)
    assert len(cards) == 3


def test_dealer_shows_all_words_and_checks_a_word(client):
    d = deal("regular", 7, 1)
    page = client.get("/pdq?variant=regular&seed=7&round=1&show=1").get_data(as_text=True)
    assert f"for {d.cards}" in page
    page = client.get("/pdq?variant=regular&seed=7&round=1&word=zzzzzz").get_data(as_text=True)
    assert "NOT VALID" in page
    nxt = client.get("/pdq?variant=regular&seed=7&round=2").get_data(as_text=True)
    assert "Round 2 of 26" in nxt


def test_the_dealer_s_check_asks_for_a_word(client):
    """Check tapped with the word box empty sent the round again and said nothing, as if the
    button did nothing: the box is required, as the check and judge pages' are, so the
    phone says to fill it in."""
    page = client.get("/pdq?variant=regular&seed=7&round=1").get_data(as_text=True)
    assert re.search(r'<input id="word"[^>]*\srequired[\s>]', page)


def test_solitaire_collects_cards_on_a_valid_word(client):
    d = deal("solitaire", 11, 1)
    words = client.get(f"/api/pdq/words?cards={d.cards}&variant=solitaire").get_json()["words"]
    assert words, "seed 11 deals a first round with words"
    resp = client.get(f"/pdq?variant=solitaire&seed=11&round=1&word={words[0]}")
    assert resp.status_code == 302
    assert "round=2" in resp.headers["Location"] and "collected=3" in resp.headers["Location"]
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "collected 3" in page and "cards collected!" in page
    stuck = client.get("/pdq?variant=solitaire&seed=11&round=2&collected=3&stuck=1&show=1")
    assert "Stuck after 3 cards" in stuck.get_data(as_text=True)


def test_the_cards_collected_are_those_the_engine_counts(client):
    """Cards collected a round at a time: the address may leave the count out (the engine's
    is shown), and the deck done after every round says the whole deck's."""
    from companion.pdq import get_variant
    from companion.pdq.solitaire import collected_before

    solitaire = get_variant("solitaire")
    assert collected_before(solitaire, 3) == 6 and collected_before(solitaire, 1) == 0
    page = client.get("/pdq?variant=solitaire&seed=11&round=3").get_data(as_text=True)
    assert "Round 3 of 26 &middot; collected 6" in page
    assert 'name="collected" value="6"' in page
    done = client.get("/pdq?variant=solitaire&seed=11&round=27").get_data(as_text=True)
    assert "You got through the deck: 78 cards." in done


def test_the_collected_note_says_only_a_word_that_collected_the_cards(client):
    """"X - cards collected!" was said for any ``last`` in the address (a link could make the
    page claim any text was collected): it is said only for a word the engine finds valid
    for the previous round's cards, the word that the dealer's own redirect names."""
    first = deal("solitaire", 11, 1).cards
    words = client.get(f"/api/pdq/words?cards={first}&variant=solitaire").get_json()["words"]
    assert words
    resp = client.get(f"/pdq?variant=solitaire&seed=11&round=1&word={words[0]}")
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert f'id="collected-note">{words[0].upper()} - cards collected!</p>' in page
    second = deal("solitaire", 11, 2).cards
    other = client.get(f"/api/pdq/words?cards={second}&variant=solitaire").get_json()["words"]
    assert words[0] not in other
    for last in ("HELLO", "<b>free+cards</b>", "zzzz", other[0] if other else "zzzz"):
        # not a word for round 1's cards, or not a word at all: nothing said
        page = client.get("/pdq", query_string={"variant": "solitaire", "seed": 11,
                                                "round": 2, "last": last})
        assert page.status_code == 200
        assert "cards collected!" not in page.get_data(as_text=True), last
    round_one = client.get("/pdq", query_string={"variant": "solitaire", "seed": 11,
                                                 "round": 1, "last": words[0]})
    assert "cards collected!" not in round_one.get_data(as_text=True)  # nothing before it
    regular = client.get("/pdq", query_string={"variant": "regular", "seed": 11, "round": 2,
                                               "last": "HELLO"})
    assert "cards collected!" not in regular.get_data(as_text=True)


@pytest.mark.parametrize("variant", ["regular", "solitaire", "four-score"])
def test_a_dealt_round_says_its_rules_once(client, variant):
    """A dealt round said its variant's rules over the round and again under the deal
    form's variant box: once, over the round; the box's list has the others' rules."""
    from companion.pdq import all_variants

    summary = str(escape(all_variants()[variant].summary))
    page = client.get(f"/pdq?variant={variant}&seed=3&round=2").get_data(as_text=True)
    assert page.count(summary) == 1
    assert page.index(summary) < page.index('id="cards"')
    others = [v for v in all_variants().values() if v.name != variant]
    for v in others:
        assert str(escape(v.summary)) in page
    # the box still says which rules it deals: the chosen variant's, over the round
    assert f'aria-describedby="rules-{variant}"' in page
    assert f'id="rules-{variant}"' in page
    # no round dealt: every variant's rules under the box, as before
    empty = client.get("/pdq").get_data(as_text=True)
    assert empty.count(summary) == 1 and f'<li id="rules-{variant}"' in empty


def test_deck_done(client):
    page = client.get("/pdq?variant=regular&seed=1&round=27").get_data(as_text=True)
    assert "Deck done!" in page
    assert "Deck done!" in client.get("/pdq?variant=four-score&seed=1&round=20").get_data(
        as_text=True)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("variant=chess&seed=1", "Unknown PDQ variant"),
        ("variant=regular&seed=-1", "Seed must be between"),
        ("variant=regular&seed=1&round=abc", "Round must be a whole number"),
        ("variant=regular&seed=1&round=1000",
         "Round must be a whole number from 1 to 26: PDQ deals 26 rounds from its deck."),
        # the bound is the deck dealt's, not a fixed 100: Four Score deals 19 rounds of 4
        ("variant=four-score&seed=1&round=21",
         "Round must be a whole number from 1 to 19: Four Score deals 19 rounds from its deck."),
        ("variant=regular&seed=1&round=28", "from 1 to 26"),
        ("variant=regular&seed=1&round=0", "from 1 to 26"),
        # Solitaire: the cards of every round before this one, as the engine counts them
        ("variant=solitaire&seed=1&round=3&collected=7",
         "Cards collected before round 3 must be 6: in PDQ Solitaire a word collects its "
         "round&#39;s 3 cards before the next round is dealt, and a round without one ends "
         "the game."),
        ("variant=solitaire&seed=1&round=1&collected=3",
         "Cards collected before round 1 must be 0: no round was dealt before it."),
        ("variant=solitaire&seed=1&round=2&collected=x",
         "Cards collected before round 2 must be 3: "),
        # a round's cards are collected whole: one card, or one round's of two, cannot be
        ("variant=solitaire&seed=1&round=2&collected=1", "must be 3: "),
        ("variant=solitaire&seed=1&round=3&collected=3", "must be 6: "),
    ],
)
def test_dealer_bad_input(client, query, message):
    resp = client.get("/pdq?" + query)
    assert resp.status_code == 400
    assert message in resp.get_data(as_text=True)


@pytest.mark.parametrize("query", [
    "variant=solitaire&seed=1&round=1&collected=3",
    "variant=four-score&seed=1&round=21",
    "variant=solitaire&seed=x&round=1",
])
def test_a_deal_refused_keeps_the_variant_for_the_next_deal(client, query):
    """A deal refused for its round, seed or cards collected (an old or edited link) set the
    deal form back to regular PDQ: a Solitaire player's "Shuffle and deal" dealt PDQ."""
    variant = query.split("&")[0].split("=")[1]
    page = client.get("/pdq?" + query).get_data(as_text=True)
    form = page[page.index('id="deal-form"'):]
    assert re.search(rf'<option value="{variant}" selected>', form)
    assert len(re.findall(r"<option [^>]*selected>", form)) == 1


@pytest.mark.parametrize(("word", "message"), [
    ("cat dog", "Check one word at a time (2 were typed)."),  # only CAT was judged
    ("a" * 65, "too long to judge"),  # the round's cards disappeared with the message
])
def test_a_word_that_cannot_be_judged_keeps_the_round_on_the_table(client, word, message):
    round_url = "/pdq?variant=solitaire&seed=11&round=3&collected=6"
    cards = re.findall(r'class="card[^"]*">(\w)<', client.get(round_url).get_data(as_text=True))
    resp = client.get(round_url + "&word=" + word.replace(" ", "+"))
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and message in page
    assert cards and re.findall(r'class="card[^"]*">(\w)<', page) == cards
    assert "Round 3 of" in page


def test_challenge_page_judges_pdq_cards_and_lists_all_words(client):
    page = client.get("/?word=pineapple+pin&game=pdq&cards=PNA&variant=regular").get_data(
        as_text=True)
    assert "Not valid because of PIN." in page
    assert "do not appear in order in PIN" in page
    assert "All words for PNA" in page
    page = client.get("/?word=pineapple&game=pdq&cards=PNA&all=1").get_data(as_text=True)
    assert re.search(r"\d+ words for PNA", page) and "pineapple" in page


def test_a_deal_s_word_counts_set_off_their_thousands(client):
    """The word groups' counts ("(1157)") read as every other count does ("(1,157)")."""
    found = client.get("/api/pdq/words?cards=ERS").get_json()
    page = client.get("/?word=serious&game=pdq&cards=ERS&all=1").get_data(as_text=True)
    longer = sum(len(g["words"]) for g in found["groups"]) - sum(
        len(g["words"]) for g in sorted(found["groups"], key=lambda g: g["length"])[:2])
    assert longer >= 1000
    assert f"{found['count']:,} words for ERS" in page
    assert f"Longer words ({longer:,})" in page


def test_judge_mode_with_pdq_cards(client):
    page = client.post("/judge", data={"words": "pineapple", "game": "pdq", "cards": "PNA",
                                       "csrf_token": token(client)}).get_data(as_text=True)
    assert ">VALID<" in page


def test_pdq_api(client):
    assert len(client.get("/api/pdq/variants").get_json()) >= 10
    d = client.get("/api/pdq/deal?variant=four-score&seed=5&round=2").get_json()
    assert len(d["cards"]) == 4 and d["round"] == 2
    assert client.get("/api/pdq/deal").get_json()["cards"]  # random seed
    j = client.get("/api/pdq/judge?word=pineapple&cards=PNA").get_json()
    assert j["valid"] is True and j["definitions"]
    pdl = client.get("/api/pdq/judge?word=pines&cards=PNS&variant=pdl&said=pine").get_json()
    assert pdl["valid"] is False and "PINE" in pdl["reason"]
    # BASICALLY beat BASIC, and SCREED was refused as the -ED form of SCREE
    pdl = client.get("/api/pdq/judge?word=basically&cards=BSC&variant=pdl&said=basic").get_json()
    assert pdl["valid"] is False and "the -LY form of BASIC" in pdl["reason"]
    pdl = client.get("/api/pdq/judge?word=screed&cards=SRD&variant=pdl&said=scree").get_json()
    assert pdl["valid"] is True, pdl["reason"]
    words = client.get("/api/pdq/words?cards=PNA").get_json()
    assert words["count"] == len(words["words"]) > 100
    assert words["groups"][0]["length"] >= words["groups"][-1]["length"]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/api/pdq/words", "Give the cards"),
        ("/api/pdq/words?cards=PN", "deals 3 cards"),
        ("/api/pdq/words?cards=P9A", "is not a card"),
        ("/api/pdq/words?cards=ZZZ", "has only 1 Z card"),
        ("/api/pdq/judge?cards=PNA", "Type a word"),
        ("/api/pdq/judge?cards=PNA&word=pine&variant=nope", "Unknown PDQ variant"),
        ("/api/pdq/deal?seed=x", "Seed must be a whole number"),
    ],
)
def test_pdq_api_bad_input(client, url, message):
    resp = client.get(url)
    assert resp.status_code == 400
    assert message in resp.get_json()["error"]


def test_challenge_api_with_pdq_cards(client):
    data = client.get("/api/check?word=pin&game=pdq&cards=PNA").get_json()
    assert data["valid"] is False and "do not appear in order" in data["reason"]
    judged = client.post("/api/judge", json={"words": ["pineapple"], "game": "pdq",
                                             "cards": "PNA", "variant": "regular"}).get_json()
    assert judged["valid"] is True
    bad = client.post("/api/judge", json={"words": ["pine"], "game": "pdq", "cards": 5})
    assert bad.status_code == 400 and bad.get_json()["error"] == '"cards" must be a string.'
    bad = client.get("/api/check?word=pine&game=pdq&cards=PN")
    assert bad.status_code == 400 and "deals 3 cards" in bad.get_json()["error"]


def _deal_photo(letters: str, seed: int = 1, covered: int | None = None) -> bytes:
    import numpy as np

    from synthetic.camera import Camera
    from synthetic.cards import deal_photo

    return deal_photo(list(letters), np.random.default_rng(seed),
                      Camera(width=1600, height=1200), covered=covered)


def test_cards_read_from_a_photo(client):
    import io

    photo = _deal_photo("PNA")
    data = client.post("/api/pdq/cards", data=photo, content_type="image/jpeg").get_json()
    assert data == {"cards": "PNA", "uncertain": [], "alternatives": [[], [], []],
                    "why": [None, None, None]}
    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(photo), "deal.jpg"), "variant": "regular", "word": "pineapple",
        "csrf_token": token(client)}, content_type="multipart/form-data")
    assert resp.status_code == 302
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Cards read from your photo: PNA" in page and "PINEAPPLE: VALID" in page
    for body, message in [(b"", "Send a photo of the cards"), (b"junk", "not an image")]:
        bad = client.post("/api/pdq/cards", data=body, content_type="image/jpeg")
        assert bad.status_code == 400 and message in bad.get_json()["error"]


def test_a_card_in_doubt_is_offered_as_the_command_line_offers_it(client, capsys, tmp_path):
    """The O of RIOD half washed out by a lamp (as tests/test_vision_pdq.py makes it): the
    page said "Some were hard to read (?)", though no card showed a "?", and the API gave no
    alternatives. Both now offer the card as `companion read --json` does: the O read first,
    then its runners-up."""
    import io
    import json

    import cv2
    from glare import lamp

    from companion.cli import main
    from vision.config import DEFAULT
    from vision.imageio import decode_photo

    image = decode_photo(DEFAULT.load, _deal_photo("RIOD", seed=27))
    photo = cv2.imencode(".png", lamp(image, 0.825, 0.03, (0.568, 0.388)))[1].tobytes()
    data = client.post("/api/pdq/cards", data=photo, content_type="image/png").get_json()
    (tmp_path / "deal.png").write_bytes(photo)
    assert main(["read", str(tmp_path / "deal.png"), "--game", "pdq", "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert data["cards"] == cli["letters"] == "RIOD" and data["uncertain"] == [2]
    assert data["alternatives"] == [c["alternatives"] for c in cli["cards"]]
    offered = [a["letter"] for a in data["alternatives"][2]]
    assert offered[0] == "O" and len(offered) > 1
    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(photo), "deal.png"), "variant": "four-score", "word": "",
        "csrf_token": token(client)}, content_type="multipart/form-data")
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    note = re.search(r'id="photo-note">(.*?)</p>', page, re.S).group(1)
    said = ", ".join(offered[:-1]) + " or " + offered[-1]
    assert " ".join(note.split()) == ("Cards read from your photo: RIOD. Card 3 is uncertain "
                                      "(washed out by a glare: check this card); "
                                      f"it may be {said}. Check the cards box.")


def _glared_riod() -> bytes:
    """RIOD with the O half washed out by a lamp: card 3 is listed to check."""
    import cv2
    from glare import lamp

    from vision.config import DEFAULT
    from vision.imageio import decode_photo

    image = decode_photo(DEFAULT.load, _deal_photo("RIOD", seed=27))
    return cv2.imencode(".png", lamp(image, 0.825, 0.03, (0.568, 0.388)))[1].tobytes()


def _read_cards(client, photo: bytes) -> str:
    """The address the cards photo leads to."""
    import io

    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(photo), "deal.png"), "variant": "four-score", "word": "",
        "csrf_token": token(client)}, content_type="multipart/form-data")
    assert resp.status_code == 302
    return resp.headers["Location"]


def _read_cards_page(client, photo: bytes) -> str:
    return client.get(_read_cards(client, photo)).get_data(as_text=True)


def test_the_cards_photo_shows_the_photo_as_read_a_card_in_doubt_dashed(client):
    """The command line draws the cards read (``--overlay``); the page only listed the
    letters. Under them it shows the same picture, inline, at most a phone's width and
    height, with its alt text and key: the card in doubt (the third) in orange, its outline
    dashed along its bottom edge, and no other card orange."""
    import base64

    import cv2
    import numpy as np

    from companion.web.photos import OVERLAY_WIDTH

    page = _read_cards_page(client, _glared_riod())
    assert page.index('id="photo-note"') < page.index('id="photo-read"')
    img = re.search(r'<img id="overlay" src="data:image/jpeg;base64,([^"]+)" '
                    r'width="(\d+)" height="(\d+)"\s+alt="([^"]+)">', page)
    assert img and img[4] == "The photo with the cards and letters read"
    picture = cv2.imdecode(np.frombuffer(base64.b64decode(img[1]), np.uint8), cv2.IMREAD_COLOR)
    assert picture is not None
    height, width = picture.shape[:2]
    assert (width, height) == (int(img[2]), int(img[3]))
    assert width <= OVERLAY_WIDTH and height <= OVERLAY_WIDTH
    key = " ".join(re.search(r'id="photo-key">(.*?)</figcaption>', page, re.S)[1].split())
    assert key == ("On the photo, each card read is outlined in blue, its number and letter "
                   "above it in green; a card in doubt is orange, inside a dashed orange "
                   "outline.")
    b, g, r = (picture[..., i].astype(int) for i in range(3))
    orange = (r > 200) & (g > 90) & (g < 190) & (b < 90)
    xs = np.nonzero(orange)[1]
    assert 0.5 * width < xs.min() and xs.max() < 0.75 * width  # the third card of four only
    # a solid outline is one piece (with its label's two letters, three); a dashed one,
    # three dashes a side apart from one another (the colon's dots left out by their size)
    count, _, stats, _ = cv2.connectedComponentsWithStats(orange.astype(np.uint8))
    assert int(np.count_nonzero(stats[1:, cv2.CC_STAT_AREA] >= 20)) >= 12


def test_the_docs_say_the_check_page_draws_the_deal_it_read():
    """docs/vision.md's overlay section said "The web app's PDQ pages read a deal's photo
    without drawing it back, so this picture is the command line's", while docs/web.md
    described the check page's "The photo as read", which the page shows (above). Both
    pages say the check page draws it, under the heading the template gives it."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    template = (root / "companion/web/templates/challenge.html").read_text()
    assert "<h2>The photo as read</h2>" in template

    def section(page: str, heading: str) -> str:
        """The text under ``heading`` (``### Check``) to the next heading as high or higher,
        its lines joined."""
        text = (root / "docs" / page).read_text().split(f"\n{heading}\n", 1)[1]
        level = len(heading.split()[0])
        end = re.search(rf"^#{{1,{level}}} ", text, re.M)
        return " ".join(text[:end.start() if end else len(text)].split())

    overlay = section("vision.md", "### The overlay")
    check = section("web.md", "### Check")
    for said in (overlay, check):
        assert '"The photo as read"' in said and "vision.overlay.draw_cards" in said
    assert "without drawing it back" not in overlay


def test_the_photo_as_read_is_kept_a_short_while_only(client, sqlite_app):
    """The deal photo is not kept; its picture as read, only for the page it leads to, ten
    minutes: then that page says so, and the next photo read takes the picture away."""
    import datetime as dt

    from sqlalchemy import select

    from companion.web.challenge import DEAL_PICTURE, DEAL_PICTURE_SECONDS
    from companion.web.db import sessions
    from companion.web.models import Artifact

    photo = _glared_riod()
    first = _read_cards(client, photo)
    assert 'id="overlay"' in client.get(first).get_data(as_text=True)
    db = sessions(sqlite_app)()
    kept = list(db.scalars(select(Artifact.key).where(Artifact.name == DEAL_PICTURE)))
    assert len(kept) == 1 and f"picture={kept[0]}" in first
    row = db.get(Artifact, (kept[0], DEAL_PICTURE))
    row.created -= dt.timedelta(seconds=DEAL_PICTURE_SECONDS + 1)  # ten minutes on
    db.commit()
    page = client.get(first).get_data(as_text=True)
    assert 'id="overlay"' not in page
    assert "The photo as read is kept for 10 minutes only: read the cards again" in page
    second = _read_cards(client, photo)
    now = list(db.scalars(select(Artifact.key).where(Artifact.name == DEAL_PICTURE)))
    assert len(now) == 1 and now[0] != kept[0] and f"picture={now[0]}" in second
    db.close()
    assert 'id="overlay"' in client.get(second).get_data(as_text=True)
    guessed = client.get(second.replace(now[0], "0" * 64)).get_data(as_text=True)
    assert 'id="overlay"' not in guessed and 'id="photo-gone"' in guessed


def test_a_card_a_glare_washed_out_is_noted_though_read_surely(client):
    """A brighter glare a little right of the O of RIOD: the O was read as C, 99% sure, and
    the page said the cards were read, "Check them, then type a word.". The card is listed
    as the command line lists it (tests/test_vision_pdq.py), the reason in the note."""
    import io

    import cv2
    from glare import lamp

    from vision.config import DEFAULT
    from vision.imageio import decode_photo

    image = decode_photo(DEFAULT.load, _deal_photo("RIOD", seed=27))
    photo = cv2.imencode(".png", lamp(image, 0.9, 0.035, (0.578, 0.378)))[1].tobytes()
    data = client.post("/api/pdq/cards", data=photo, content_type="image/png").get_json()
    assert data["cards"] == "RICD" and data["uncertain"] == [2]
    assert data["why"] == [None, None, "washed out by a glare: check this card", None]
    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(photo), "deal.png"), "variant": "four-score", "word": "",
        "csrf_token": token(client)}, content_type="multipart/form-data")
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    note = re.search(r'id="photo-note">(.*?)</p>', page, re.S).group(1)
    assert " ".join(note.split()) == (
        "Cards read from your photo: RICD. Card 3 is uncertain (washed out by a glare: check "
        "this card); it may be C. Check the cards box.")


@pytest.mark.parametrize(("deal", "seed", "variant", "why"), [
    ("QQQ", 1, "regular", {1: "this deck has only 1 Q card, but 3 were dealt",
                           2: "this deck has only 1 Q card, but 3 were dealt",
                           3: "this deck has only 1 Q card, but 3 were dealt"}),
    ("MWNZ", 2, "four-score", {4: "this deck has no Z card"}),
], ids=["three-Qs", "four-score-Z"])
def test_a_deal_the_deck_cannot_make_is_not_said_read(client, capsys, tmp_path, deal, seed,
                                                      variant, why):
    """Q Q Q: the API answered {"cards": "QQQ", "uncertain": []}, and the check page showed
    a green "Cards read from your photo: QQQ" above the red "This deck has only 1 Q card,
    but 3 were dealt."; M W N Z under Four Score, whose deck has no Z, the same. The API
    lists the cards the variant's deck cannot give as the command line does, saying why in
    the deck's words, and the page's note is no green "read": it names them, the reason
    beside each."""
    import io
    import json

    from companion.cli import main

    photo = _deal_photo(deal, seed)
    data = client.post(f"/api/pdq/cards?variant={variant}", data=photo,
                       content_type="image/jpeg").get_json()
    (tmp_path / "deal.jpg").write_bytes(photo)
    assert main(["read", str(tmp_path / "deal.jpg"), "--game", "pdq", "--variant", variant,
                 "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert data["cards"] == cli["letters"] == deal
    assert data["uncertain"] == cli["uncertain"] == [n - 1 for n in why]
    assert data["why"] == [c["why"] for c in cli["cards"]] == [
        why.get(n) for n in range(1, len(deal) + 1)]
    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(photo), "deal.jpg"), "variant": variant, "word": "",
        "csrf_token": token(client)}, content_type="multipart/form-data")
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    note = re.search(r'<p class="notice (\w+)" id="photo-note">(.*?)</p>', page, re.S)
    assert note[1] == "bad"
    assert " ".join(note[2].split()) == " ".join([
        f"Cards read from your photo: {deal}.",
        *(f"Card {n} is uncertain ({said}); it may be {deal[n - 1]}." for n, said in
          why.items()),
        "Check the cards box."])


def test_a_cards_photo_not_read_comes_back_to_the_check_with_the_word_kept(client):
    """A photo with no deal in it is refused on the check page itself, the word and variant
    as typed and the photo field marked, in a sentence (not a page with nowhere to go)."""
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (1200, 900), (60, 90, 60)).save(buf, "JPEG")
    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(buf.getvalue()), "table.jpg"), "variant": "experts",
        "word": "pineapple", "csrf_token": token(client)}, content_type="multipart/form-data")
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert "<title>Error: Check a word - Companion</title>" in page
    assert ('role="alert">Found no card, expected 3: lay the cards apart, face up, on a '
            'darker table, all in the picture.</p>') in page  # PDQ for Experts deals 3
    assert re.search(r'id="word" name="word"[^>]*value="pineapple"', page)
    assert re.search(r'<option value="pdq"\s+selected>', page)
    assert re.search(r'<option value="experts"\s+selected>', page)
    assert re.search(r'id="cards-photo"[^>]*aria-invalid="true"', page)
    api = client.post("/api/pdq/cards", data=buf.getvalue(), content_type="image/jpeg")
    assert api.get_json()["error"].startswith("Found no card, expected 3 or 4")


def test_a_four_score_deal_with_a_card_hidden_is_refused_where_the_variant_is_known(
        client, capsys, tmp_path):
    """ZEST dealt for Four Score, its last card hidden: the API and the check page read ZES,
    a three-card deal, without a word (and the page checked words against it). Told the
    variant (the API's query, the check's form), both refuse it in the command line's
    sentence; the API not told still reads 3 cards, and the whole deal is read as before."""
    import io

    from companion.cli import main

    hidden = _deal_photo("ZEST", seed=2, covered=3)
    said = "3 cards found, but Four Score deals 4: is a card hidden or out of the photo?"
    api = client.post("/api/pdq/cards?variant=four-score", data=hidden,
                      content_type="image/jpeg")
    assert api.status_code == 400 and api.get_json()["error"] == said
    assert client.post("/api/pdq/cards", data=hidden,
                       content_type="image/jpeg").get_json()["cards"] == "ZES"
    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(hidden), "deal.jpg"), "variant": "four-score", "word": "zests",
        "csrf_token": token(client)}, content_type="multipart/form-data")
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert f'role="alert">{html.escape(said)}</p>' in page
    assert re.search(r'id="cards-photo"[^>]*aria-invalid="true"', page)
    assert re.search(r'<option value="four-score"\s+selected>', page)
    assert re.search(r'id="word" name="word"[^>]*value="zests"', page)
    whole = _deal_photo("ZEST", seed=2)
    assert client.post("/api/pdq/cards?variant=four-score", data=whole,
                       content_type="image/jpeg").get_json()["cards"] == "ZEST"
    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(whole), "deal.jpg"), "variant": "four-score", "word": "zests",
        "csrf_token": token(client)}, content_type="multipart/form-data")
    assert resp.status_code == 302 and "cards=ZEST" in resp.headers["Location"]
    (tmp_path / "deal.jpg").write_bytes(hidden)
    assert main(["read", str(tmp_path / "deal.jpg"), "--game", "pdq",
                 "--variant", "four-score"]) == 1
    assert capsys.readouterr().err == f"companion: {said}\n"


def test_a_cards_photo_with_an_unknown_variant_is_the_variant_box_s_fault(client):
    import io

    photo = _deal_photo("PNA")
    api = client.post("/api/pdq/cards?variant=fourscore", data=photo,
                      content_type="image/jpeg")
    assert api.status_code == 400 and "Unknown PDQ variant 'fourscore'" in api.get_json()["error"]
    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(photo), "deal.jpg"), "variant": "fourscore",
        "csrf_token": token(client)}, content_type="multipart/form-data")
    assert resp.status_code == 400
    assert re.search(r'id="variant" name="variant"[^>]*aria-invalid="true"',
                     resp.get_data(as_text=True))


def test_cli_and_web_judge_intergenerational_alike(capsys, client):
    """Without the player's role, both judge the word for every player (the engine decides):
    DRUM is long enough for a child, not for an adult."""
    import json

    from companion.cli import main

    assert main(["pdq", "DRU", "--word", "drum", "--variant", "intergenerational",
                 "--json"]) == 1
    cli = json.loads(capsys.readouterr().out)
    web = client.get("/api/pdq/judge?word=drum&cards=DRU&variant=intergenerational").get_json()
    assert cli["valid"] is web["valid"] is False and cli["reason"] == web["reason"]
    assert "valid for a child but too short for an adult" in web["reason"]
    assert cli["valid_for"] == ["child"]


def test_the_player_in_intergenerational_is_judged_as_the_cli_does(capsys, client):
    """Judge mode, the check page, the dealer and the API take the player's role, as the
    command line's --player does: DRUM for a child is VALID, for an adult NOT VALID; every
    player's verdict stays the default."""
    from companion.cli import main

    tok = token(client)
    for player, valid in (("child", True), ("adult", False)):
        assert main(["pdq", "DRU", "--word", "drum", "--variant", "intergenerational",
                     "--player", player]) == (0 if valid else 1)
        capsys.readouterr()
        form = {"words": "drum", "game": "pdq", "cards": "DRU", "variant": "intergenerational",
                "player": player, "csrf_token": tok}
        page = client.post("/judge", data=form).get_data(as_text=True)
        assert ('<p class="big">VALID</p>' in page) is valid, player
        check = client.get("/?word=drum&game=pdq&cards=DRU&variant=intergenerational"
                           f"&player={player}").get_data(as_text=True)
        assert ("DRUM: VALID" in check) is valid and f'value="{player}" selected' in check
        api = client.get("/api/pdq/judge?word=drum&cards=DRU&variant=intergenerational"
                         f"&player={player}").get_json()
        assert api["valid"] is valid and "child but too short" not in api["reason"]
    every = client.post("/judge", data={"words": "drum", "game": "pdq", "cards": "DRU",
                                        "variant": "intergenerational", "csrf_token": tok})
    assert "NOT VALID" in every.get_data(as_text=True)


def test_the_player_field_is_for_intergenerational_only(client):
    """The dealer offers it only in Intergenerational; a role the variant lacks is refused on
    the field, in a variant without roles too (a form without scripts sends the box whatever
    the variant), as the command line refuses it."""
    inter = client.get("/pdq?variant=intergenerational&seed=7&round=1").get_data(as_text=True)
    assert 'id="player"' in inter
    assert 'id="player"' not in client.get("/pdq?variant=regular&seed=7&round=1").get_data(
        as_text=True)
    bad = client.get("/pdq?variant=intergenerational&seed=7&round=1&word=pan&player=baby")
    page = bad.get_data(as_text=True)
    assert bad.status_code == 400 and "no per-player minimum for &#39;baby&#39;" in page
    assert re.search(r'id="player"[^>]*aria-invalid="true"', page)
    judged = client.post("/judge", data={"words": "pan", "game": "pdq", "cards": "PNA",
                                         "variant": "intergenerational", "player": "baby",
                                         "csrf_token": token(client)})
    assert judged.status_code == 400
    assert re.search(r'id="player"[^>]*aria-invalid="true"', judged.get_data(as_text=True))
    regular = client.get("/?word=pineapple&game=pdq&cards=PNA&variant=regular&player=adult")
    assert regular.status_code == 400 and "PINEAPPLE: VALID" not in regular.get_data(
        as_text=True)
    every = client.get("/?word=pineapple&game=pdq&cards=PNA&variant=regular&player=",
                       follow_redirects=True)  # "Every player", as a form sends it
    assert every.status_code == 200 and "PINEAPPLE: VALID" in every.get_data(as_text=True)


def test_the_pdq_player_is_kept_by_the_check_pages_links_and_photo_form(client):
    """The player chosen on the check page stays with "All words" and the cards photo (a
    page without scripts too): the verdict for a child stays the child's."""
    import io

    check = client.get("/?word=drum&game=pdq&cards=DRU&variant=intergenerational&player=child")
    page = check.get_data(as_text=True)
    assert "DRUM: VALID" in page
    link = html.unescape(re.search(r'id="all-link" href="([^"]+)"', page).group(1))
    assert "player=child" in link
    words = client.get(link).get_data(as_text=True)
    assert "DRUM: VALID" in words and 'id="all-words"' in words
    assert 'value="child" selected' in words
    photo = page[page.index('id="cards-photo-upload"'):page.index("</div>", page.index(
        'id="cards-photo-upload"'))]  # sent by the check's form, its player box with it
    assert re.search(r'<button type="submit"[^>]* form="check-form"[^>]* formaction="/pdq/'
                     r'cards-photo"', photo)
    assert '<option value="child" selected>' in page
    resp = client.post("/pdq/cards-photo", data={
        "photo": (io.BytesIO(_deal_photo("DRU")), "deal.jpg"), "variant": "intergenerational",
        "player": "child", "word": "drum", "csrf_token": token(client)},
        content_type="multipart/form-data")
    assert resp.status_code == 302 and "player=child" in resp.headers["Location"]
    read = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Cards read from your photo: DRU" in read and "DRUM: VALID" in read


def _selected_player(page: str) -> str:
    """The option the round's player box has chosen ("" for "Every player")."""
    box = page[page.index('<select id="player"'):]
    chosen = re.search(r'<option value="([^"]*)" selected>', box[:box.index("</select>")])
    return chosen.group(1) if chosen else ""


def _deal_form_player(page: str) -> str:
    form = page[page.index('id="deal-form"'):]
    return re.search(r'<input type="hidden" name="player" value="([^"]*)"', form).group(1)


def test_the_dealer_keeps_the_player_chosen_on_its_ways_on(client):
    """The dealer's Next round, Show all words and new deal, and the deal form under a deal
    refused (an old or edited link), dropped the Intergenerational player chosen, so the
    player box came back on "Every player" and a child's four-letter word was judged for
    every player again, NOT VALID. Each keeps the player, as it keeps the variant; a player
    the variant does not have, or a variant without players, keeps none."""
    tok = token(client)
    cards = deal("intergenerational", 7, 3).cards
    found = client.get(f"/api/pdq/words?cards={cards}&variant=intergenerational").get_json()
    word = next(w for w in found["words"] if len(w) == 4).upper()  # a child's, not an adult's
    round_url = "/pdq?variant=intergenerational&seed=7&round=3"
    assert f"{word}: NOT VALID" in client.get(f"{round_url}&word={word}").get_data(as_text=True)
    page = client.get(f"{round_url}&word={word}&player=child").get_data(as_text=True)
    assert _selected_player(page) == "child" and _deal_form_player(page) == "child"
    assert f"{word}: VALID" in page
    for link in ("next-link", "show-link"):
        href = html.unescape(re.search(rf'id="{link}" href="([^"]+)"', page).group(1))
        assert "player=child" in href, link
        assert _selected_player(client.get(href).get_data(as_text=True)) == "child", link
    shown = html.unescape(re.search(r'id="show-link" href="([^"]+)"', page).group(1))
    again = client.get(f"{shown}&word={word}").get_data(as_text=True)
    assert f"{word}: VALID" in again  # the child's word judged for the child still
    refused = client.get("/pdq?variant=intergenerational&seed=7&round=99&player=child")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and "Round must be a whole number" in page
    assert _deal_form_player(page) == "child"
    dealt = client.post("/pdq/deal", data={"csrf_token": tok, "variant": "intergenerational",
                                           "player": _deal_form_player(page)})
    assert "player=child" in dealt.headers["Location"]
    page = client.get(dealt.headers["Location"]).get_data(as_text=True)
    assert "Round 1 of 26" in page and _selected_player(page) == "child"
    # none kept: the variant chosen for the new deck has no players, or the player was refused
    dealt = client.post("/pdq/deal", data={"csrf_token": tok, "variant": "regular",
                                           "player": "child"})
    assert "player" not in dealt.headers["Location"]
    page = client.get("/pdq?variant=intergenerational&seed=7&round=3&player=baby"
                      ).get_data(as_text=True)
    assert _deal_form_player(page) == ""
    assert "player" not in re.search(r'id="next-link" href="([^"]+)"', page).group(1)


@pytest.mark.parametrize("typed", ["Child", "CHILD", "%20cHiLd%20"])
def test_a_player_named_in_any_case_is_chosen_and_the_next_check_is_theirs(client, typed):
    """A link naming the player as Child or CHILD was judged for the child, but the player
    box showed "Every player", so the next check sent from the page was judged for every
    player: a child's four-letter word NOT VALID. The dealer, the check page and judge mode
    choose the role in the box (its name in the rules, the engine's ``Variant.role``), the
    links and the deal form keep it so, and the next check, sent with the box as it stands,
    is the child's; the API reads it alike ("for children", not "for CHILDs")."""
    cards = deal("intergenerational", 7, 3).cards
    found = client.get(f"/api/pdq/words?cards={cards}&variant=intergenerational").get_json()
    word = next(w for w in found["words"] if len(w) == 4).upper()  # a child's, not an adult's
    round_url = "/pdq?variant=intergenerational&seed=7&round=3"
    page = client.get(f"{round_url}&word={word}&player={typed}").get_data(as_text=True)
    assert f"{word}: VALID" in page
    assert _selected_player(page) == "child" and _deal_form_player(page) == "child"
    for link in ("next-link", "show-link"):
        href = html.unescape(re.search(rf'id="{link}" href="([^"]+)"', page).group(1))
        assert "player=child" in href, link
    following = f"{round_url}&word={word}&player={_selected_player(page)}"
    assert f"{word}: VALID" in client.get(following).get_data(as_text=True)

    check_url = "/?word=drum&game=pdq&cards=DRU&variant=intergenerational&player="
    check = client.get(check_url + typed).get_data(as_text=True)
    assert "DRUM: VALID" in check and _selected_player(check) == "child"
    link = html.unescape(re.search(r'id="all-link" href="([^"]+)"', check).group(1))
    assert "player=child" in link
    following = client.get(check_url + _selected_player(check)).get_data(as_text=True)
    assert "DRUM: VALID" in following

    form = {"words": "drum", "game": "pdq", "cards": "DRU", "variant": "intergenerational",
            "player": typed.replace("%20", " "), "csrf_token": token(client)}
    judged = client.post("/judge", data=form).get_data(as_text=True)
    assert '<p class="big">VALID</p>' in judged and _selected_player(judged) == "child"
    judged = client.post("/judge", data={**form, "player": _selected_player(judged)})
    assert '<p class="big">VALID</p>' in judged.get_data(as_text=True)

    for api in (f"/api/pdq/judge?word=dru&cards=DRU&variant=intergenerational&player={typed}",
                "/api/check?word=dru&game=pdq&cards=DRU&variant=intergenerational"
                f"&player={typed}"):
        reason = client.get(api).get_json()["reason"]
        assert reason == ("DRU is too short: Intergenerational PDQ words need at least 4 "
                          "letters for children."), api


def test_the_check_and_judge_api_take_the_pdq_player(client):
    """/api/check and /api/judge pass the player to the same engine call as the pages."""
    base = {"words": ["drum"], "game": "pdq", "cards": "DRU", "variant": "intergenerational"}
    for player, valid in (("child", True), ("adult", False), ("", False)):
        judged = client.post("/api/judge", json={**base, "player": player}).get_json()
        checked = client.get("/api/check?word=drum&game=pdq&cards=DRU&variant=intergenerational"
                             f"&player={player}").get_json()
        assert judged["valid"] is checked["valid"] is valid, player
    bad = client.post("/api/judge", json={**base, "player": "baby"})
    assert bad.status_code == 400 and "no per-player minimum" in bad.get_json()["error"]
    assert client.post("/api/judge", json={**base, "player": 7}).status_code == 400


@pytest.mark.parametrize("url", ["/pdq?variant=experts",
                                 "/pdq?variant=experts&seed=7&round=1"])
def test_the_deal_form_lists_every_variants_rules(client, url):
    """Beside the variant to deal, every variant's rules (a page without scripts cannot
    follow the choice, so none is left out), but a dealt round's, said over the round; the
    chosen one describes the select."""
    from companion.pdq import all_variants

    page = client.get(url).get_data(as_text=True)
    form = html.unescape(page[page.index('id="deal-form"'):])
    dealt = "seed=" in url
    for v in all_variants().values():
        listed = (f'<li id="rules-{v.name}" data-variant="{v.name}"><strong>{v.title}'
                  f"</strong>: {v.summary}</li>") in form
        assert listed is not (dealt and v.name == "experts"), v.name
    assert 'aria-describedby="rules-experts"' in form
    assert html.unescape(page).count(all_variants()["experts"].summary) == 1


def test_the_dealer_speaks_to_players_not_to_the_command_line(client):
    """The variants' rules the dealer and the API show name no command-line option (the web
    app has none to give)."""
    page = client.get("/pdq").get_data(as_text=True)
    shown = html.unescape(re.sub(r"<[^>]+>", " ", page[page.index("<main"):page.index(
        "</main>")]))
    assert not re.search(r"--[a-z]", shown)
    assert not any(re.search(r"--[a-z]", v["summary"])
                   for v in client.get("/api/pdq/variants").get_json())


def test_the_pdq_judge_says_which_list_decided(client):
    """/api/pdq/judge answered "decided_by": "" for every word, where /api/check names the
    list (or house layer) that decided (docs/challenges.md)."""
    listed = client.get("/api/check?word=pineapple").get_json()["decided_by"]
    assert listed
    for word in ("pineapple", "pnazzq"):
        j = client.get(f"/api/pdq/judge?word={word}&cards=PNA").get_json()
        assert j["decided_by"] == listed, j
    short = client.get("/api/pdq/judge?word=pan&cards=PNA").get_json()  # too short: no list asked
    assert short["valid"] is False and short["decided_by"] == ""


def test_two_cards_in_doubt_come_back_to_the_check_page(client):
    """A cards photo with two cards to check redirects with one ``maybe`` for each; the
    check page takes that argument more than once (any other given twice is refused)."""
    page = client.get("/?game=pdq&cards=RIOD&photo=unsure&maybe=2:IL&maybe=3:OD")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Card 2 is uncertain; it may be I or L." in text
    assert "Card 3 is uncertain; it may be O or D." in text
    assert client.get("/?game=pdq&cards=RIOD&cards=PNA").status_code == 400


def _pdl_round() -> tuple[int, str, str, str]:
    """A PDL deal (seed, from 1) with a word, its plural and a longer word, all found by the
    engine for its cards."""
    from companion.lexicon import default_lexicon
    from companion.pdq.finder import find_words

    for seed in range(1, 200):
        words = find_words(deal("pdl", seed, 1).cards, "pdl", default_lexicon()).words
        for w in sorted(words, key=len):
            longer = [x for x in words if len(x) > len(w) + 1 and not x.startswith(w)]
            if w + "s" in words and longer:
                return seed, w, w + "s", longer[0]
    raise AssertionError("no PDL deal with a plural and a longer word")


@pytest.mark.browser
def test_pdl_on_the_dealer_judges_against_the_words_said(tmp_path, browser):
    """Under PDL the dealer judged each word alone: nothing on the page took the words said
    this round, so a plural of one of them, which the variant's own summary says cannot beat
    it, was VALID. A "Words said" box now goes to the engine's judge, and each valid word
    joins it, the word to beat; the other variants have no such box."""
    from appfactory import make_app
    from browser import fits_phone, live_server, phones, tap_and_wait

    seed, word, plural, longer = _pdl_round()
    app = make_app(tmp_path)
    with live_server(app) as url, phones(browser, url) as (page,):
        page.goto(f"/pdq?variant=pdl&seed={seed}&round=1")
        page.fill("#word", word)
        tap_and_wait(page, "#word-form button[type=submit]")
        assert page.inner_text("#verdict .big") == f"{word.upper()}: VALID"
        page.fill("#word", plural)
        tap_and_wait(page, "#word-form button[type=submit]")
        assert page.inner_text("#verdict .big") == f"{plural.upper()}: NOT VALID"
        assert f"plural of {word.upper()}" in page.inner_text("#verdict .reason")
        assert page.input_value("#said") == word.upper()
        assert page.input_value("#word") == plural  # kept, to correct
        page.fill("#word", longer)
        tap_and_wait(page, "#word-form button[type=submit]")
        assert page.inner_text("#verdict .big") == f"{longer.upper()}: VALID"
        assert page.input_value("#word") == ""  # it joined the words said
        assert page.input_value("#said") == f"{word.upper()}, {longer.upper()}"
        fits_phone(page)
        page.goto(f"/pdq?variant=pdl&seed={seed}&round=2")  # a new round: nothing said yet
        assert page.input_value("#said") == ""
        page.goto(f"/pdq?variant=regular&seed={seed}&round=1")
        assert page.locator("#said").count() == 0


@pytest.mark.browser
def test_pdl_on_the_check_and_judge_pages_a_valid_word_joins_the_words_said(tmp_path,
                                                                            browser):
    """On the dealer a word found VALID under PDL joins the words said; on the check and
    judge pages it did not, so a player typed it again there before the next word, or had
    its plural judged VALID. Both now join it as the dealer does (one function,
    pdq.said_after), and the check page's "All words" link keeps the words said."""
    from appfactory import make_app
    from browser import fits_phone, live_server, phones, tap_and_wait

    seed, word, plural, longer = _pdl_round()
    cards = deal("pdl", seed, 1).cards
    app = make_app(tmp_path, JUDGE_CLEAR_SECONDS=120)
    with live_server(app) as url, phones(browser, url) as (page,):
        page.goto("/")
        page.select_option("#game", "pdq")
        page.fill("#cards", cards)
        page.select_option("#variant", "pdl")
        page.fill("#word", word)
        tap_and_wait(page, "#check-form button[type=submit]")
        assert page.inner_text("#verdict .big") == f"{word.upper()}: VALID"
        assert page.input_value("#said") == word.upper()
        assert page.input_value("#word") == ""  # it joined the words said
        page.fill("#word", plural)
        tap_and_wait(page, "#check-form button[type=submit]")
        assert page.inner_text("#verdict .big") == f"{plural.upper()}: NOT VALID"
        assert page.input_value("#said") == word.upper()
        assert page.input_value("#word") == plural  # kept, to correct
        page.fill("#word", longer)
        tap_and_wait(page, "#check-form button[type=submit]")
        assert page.inner_text("#verdict .big") == f"{longer.upper()}: VALID"
        assert page.input_value("#said") == f"{word.upper()}, {longer.upper()}"
        fits_phone(page)
        tap_and_wait(page, "#all-link")
        assert page.input_value("#said") == f"{word.upper()}, {longer.upper()}"

        page.goto("/judge")
        page.select_option("#game", "pdq")
        page.fill("#cards", cards)
        page.select_option("#variant", "pdl")
        page.fill("#words", word)
        tap_and_wait(page, "#judge-form button[type=submit]")
        assert page.inner_text("#verdict .big") == "VALID"
        assert page.input_value("#said") == word.upper()
        page.fill("#words", plural)
        tap_and_wait(page, "#judge-form button[type=submit]")
        assert page.inner_text("#verdict .big") == "NOT VALID"
        assert page.input_value("#said") == word.upper()
        fits_phone(page)


def test_an_unknown_variant_is_refused_naming_the_variants_as_the_lists_show_them(client):
    """The dealer's refusal of a variant it lacks listed the internal names ("regular",
    "pdl", "younger-ends") while its list shows titles ("PDQ"): a page names them by their
    titles, as the player picks them; the API, which takes the names, lists those."""
    from companion.pdq.variants import all_variants

    titles = [v.title for v in all_variants().values()]
    names = list(all_variants())
    expected = (f"Unknown PDQ variant 'nope'; choose one of: {', '.join(titles[:-1])} or "
                f"{titles[-1]}.")
    for url, data in (("/pdq?variant=nope&seed=1", None),
                      ("/pdq/deal", {"variant": "nope", "csrf_token": token(client)}),
                      ("/?word=pin&game=pdq&cards=PNA&variant=nope", None)):
        resp = client.post(url, data=data) if data else client.get(url)
        page = resp.get_data(as_text=True)
        said = html.unescape(re.sub(r"<[^>]+>", "",
                                    re.search(r'id="error"[^>]*>(.*?)</p>', page, re.S).group(1)))
        assert resp.status_code == 400 and said == expected, url
        listed = said.split(": ", 1)[1]
        assert not any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", listed)
                       for n in names), url
    api = client.get("/api/pdq/judge?cards=PNA&word=pine&variant=nope").get_json()["error"]
    assert api == f"Unknown PDQ variant 'nope'; choose one of: {', '.join(names)}."


@pytest.mark.parametrize(("query", "field"), [
    ("cards=PN", "cards"),  # too few for the variant
    ("cards=P1A", "cards"),  # not a card
    ("cards=PNA&variant=chess", "variant"),
    ("cards=PNA&variant=intergenerational&player=baby", "player"),
    ("cards=PNA&variant=pdl&said=PINE1", "said"),
])
def test_no_all_words_link_for_cards_that_were_refused(client, query, field):
    """The check page offered "All words for PN" under the refusal of those cards, a link
    that only said the same refusal again; cards judged by are offered it still."""
    resp = client.get(f"/?word=pineapple&game=pdq&{query}")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert re.search(rf'id="{field}"[^>]*aria-invalid="true"', page), field
    assert 'id="all-link"' not in page
    fine = client.get("/?word=pineapple&game=pdq&cards=PNA").get_data(as_text=True)
    assert 'id="all-link"' in fine and "All words for PNA" in fine


def test_all_words_are_the_player_s_as_the_cli_lists_them(capsys, client):
    """"All words" on the check page, the dealer's "Show all words" and /api/pdq/words
    listed every player's words under Intergenerational whatever player was chosen: an
    adult's list held DRUM, which the verdict above it called too short for adults. They
    are the words the command line lists for the player's role (``--player``)."""
    import json

    from companion.cli import main

    for player in ("adult", "child"):
        assert main(["pdq", "DRU", "--variant", "intergenerational", "--player", player,
                     "--json"]) == 0
        cli = json.loads(capsys.readouterr().out)
        api = client.get("/api/pdq/words?cards=DRU&variant=intergenerational"
                         f"&player={player}").get_json()
        assert api == cli, player
        page = client.get("/?word=drum&game=pdq&cards=DRU&variant=intergenerational"
                          f"&player={player}&all=1").get_data(as_text=True)
        listed = page[page.index('id="all-words"'):]
        assert f"{cli['count']:,} words for DRU" in listed, player
        assert ("<li>drum</li>" in listed) is (player == "child"), player
    assert cli["min_length"] == 4 and api["min_length"] == 4
    cards = deal("intergenerational", 7, 3).cards
    adult = client.get(f"/api/pdq/words?cards={cards}&variant=intergenerational"
                       "&player=adult").get_json()
    shown = client.get("/pdq?variant=intergenerational&seed=7&round=3&show=1&player=adult"
                       ).get_data(as_text=True)
    assert adult["min_length"] == 5 and f"{adult['count']:,} words for {cards}" in shown
    assert not re.search(r"<h3 class=\"len\">4 letters", shown)


@pytest.mark.parametrize(("argv", "query"), [
    (["--word", "drum", "--player", "adult"], "word=drum&cards=DRU&player=adult"),
    (["--word", "drum", "--player", "bogus"], "word=drum&cards=DRU&player=bogus"),
    (["--word", "drum", "--variant", "intergenerational", "--player", "bogus"],
     "word=drum&cards=DRU&variant=intergenerational&player=bogus"),
    (["--word", "pina", "--said", "pine", "--variant", "regular"],
     "word=pina&cards=PNA&said=pine&variant=regular"),
    (["--word", "drum", "--said", "dru", "--variant", "intergenerational"],
     "word=drum&cards=DRU&said=dru&variant=intergenerational"),
])
def test_the_api_and_pages_refuse_what_the_command_line_refuses(capsys, client, argv, query):
    """/api/pdq/judge answered 200 for a player under a variant without roles (even
    player=bogus), and ignored words said under a variant other than PDL, where the command
    line refuses both (exit status 2). The API refuses them (400), the check APIs, the check
    page, judge mode and the dealer too, each in the engine's sentence."""
    from urllib.parse import parse_qsl

    from companion.cli import main

    args = dict(parse_qsl(query, keep_blank_values=True))
    assert main(["pdq", args["cards"], *argv]) == 2
    refusal = capsys.readouterr().err.strip().removeprefix("companion: ")
    assert refusal.endswith(".") and "--" not in refusal
    api = client.get(f"/api/pdq/judge?{query}")
    assert api.status_code == 400 and api.get_json()["error"] == refusal
    field = "player" if "player" in args else "said"
    checked = client.get(f"/api/check?game=pdq&{query}")
    assert checked.status_code == 400 and checked.get_json()["error"] == refusal
    body = {**args, "words": [args.pop("word")], "game": "pdq"}
    judged = client.post("/api/judge", json=body)
    assert judged.status_code == 400 and judged.get_json()["error"] == refusal
    page = client.get(f"/?game=pdq&{query}")
    assert page.status_code == 400 and refusal in html.unescape(page.get_data(as_text=True))
    assert re.search(rf'id="{field}"[^>]*aria-invalid="true"', page.get_data(as_text=True))
    post = client.post("/judge", data={**args, "words": body["words"][0], "game": "pdq",
                                       "csrf_token": token(client)})
    assert post.status_code == 400 and refusal in html.unescape(post.get_data(as_text=True))
    variant = args.get("variant", "regular")
    cards = deal(variant, 7, 1).cards
    dealer = client.get(f"/pdq?variant={variant}&seed=7&round=1&word={cards}x&"
                        f"{field}={args[field]}")
    assert dealer.status_code == 400 and refusal in html.unescape(dealer.get_data(as_text=True))


def _judge_verdict(client, **form) -> str:
    """Judge mode's verdict for ``form``, as its text reads."""
    page = page_said(client.post("/judge", data={**form, "csrf_token": token(client)}))
    start = page.index(">", page.index('id="verdict"')) + 1
    verdict = page[start:page.index('<p class="muted-on-dark" id="clears"', start)]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", verdict)).split())


def test_judge_mode_says_the_rule_that_refused_a_pdq_or_girdle_word(client):
    """Judge mode said "The play comes off the board" for PDQ and Word Girdle, which have no
    board, and "Decided by SCOWL-70 ..." when the list had the word and a PDQ rule refused
    it. A word a rule refused is told the engine's reason, no list credited; the list is
    credited when it decided; a board game's play still comes off the board."""
    from companion.pdq import judge

    pdq = {"game": "pdq", "cards": "PNA"}
    cases = [
        ({**pdq, "words": "pineapples", "variant": "pdl", "said": "pineapple"},
         judge("pineapples", "PNA", "pdl", said=["pineapple"]).reason),
        ({"game": "pdq", "cards": "DRU", "words": "drum", "variant": "intergenerational"},
         judge("drum", "DRU", "intergenerational").reason),
        ({"game": "pdq", "cards": "DRU", "words": "drum", "variant": "intergenerational",
          "player": "adult"}, judge("drum", "DRU", "intergenerational", player="adult").reason),
        ({"game": "girdle", "words": "abandonment"},
         "ABANDONMENT is too long for Word Girdle: words have at most 7 letters."),
    ]
    for form, reason in cases:
        said = _judge_verdict(client, **form)
        assert said == f"NOT VALID {reason}", form
        assert "board" not in said and "Decided by" not in said, form
    listed = "Decided by SCOWL-70 US/UK/CA/AU, the companion default."
    missing = _judge_verdict(client, **pdq, words="pnazzq")  # the list decided: no near word
    assert missing == f"NOT VALID The word is refused (1 word judged). {listed}"
    assert _judge_verdict(client, **pdq, words="pineapple") == (
        f"VALID The word stands (1 word judged). {listed}")
    assert _judge_verdict(client, **pdq, words="pineapple pnazzq").startswith(
        "NOT VALID Not every word stands (2 words judged).")
    assert _judge_verdict(client, game="bugwords", words="cat dgkw") == (
        f"NOT VALID The play comes off the board (2 words judged). {listed}")
    api = client.get("/api/pdq/judge?word=pineapples&cards=PNA&variant=pdl&said=pineapple")
    assert api.get_json()["decided_by"] == ""  # a PDL rule decided, not the list
