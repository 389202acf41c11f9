"""PDQ deals: the companion's printed cards photographed on a table, read left to right."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
from sharedwork import once

from companion.cli import main
from synthetic.camera import Camera, smear_kernel
from synthetic.cards import deal_photo
from vision.cards import read_deal
from vision.classifier import shipped_classifier
from vision.config import DEFAULT
from vision.errors import VisionError
from vision.imageio import decode_photo

SMALL = Camera(width=1600, height=1200)
LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _deal(letters: list[str], seed: int) -> bytes:
    """``deal_photo(letters, np.random.default_rng(seed), SMALL)``, dealt and photographed
    once per run for the same letters and seed (several tests read the same deal)."""
    return once(f"pdq deal {letters} seed {seed} {SMALL}",
                lambda: deal_photo(letters, np.random.default_rng(seed), SMALL))



@pytest.mark.parametrize("deal, seed", [("MNW", 1), ("ZEST", 2), ("QXJ", 5)])
def test_deal_is_read_left_to_right(deal, seed):
    image = decode_photo(DEFAULT.load, _deal(list(deal), seed))
    cards = read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(), image, LETTERS)
    assert "".join(c.letter or "?" for c in cards) == deal


def test_two_cards_is_not_a_deal():
    image = decode_photo(DEFAULT.load, _deal(["A", "B"], 3))
    with pytest.raises(VisionError, match="found 2 cards, expected 3 or 4"):
        read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(), image, LETTERS)


def test_one_card_is_not_a_deal_and_is_counted_as_one():
    image = decode_photo(DEFAULT.load, _deal(["A"], 3))
    with pytest.raises(VisionError, match="^found 1 card, expected 3 or 4"):
        read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(), image, LETTERS)


def test_cli_read_pdq_json(tmp_path, capsys):
    photo = tmp_path / "deal.jpg"
    photo.write_bytes(_deal(list("PDQ"), 3))
    assert main(["read", str(photo), "--game", "pdq", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["letters"] == "PDQ" and len(out["cards"]) == 3
    assert out["uncertain"] == [] and [c["why"] for c in out["cards"]] == [None] * 3


def test_cli_reads_a_black_and_white_photo_of_a_deal(tmp_path, capsys):
    """The cards are read by their letters' ink, not by colour: the web read a grey deal,
    and the command line refused it as a black-and-white photo."""
    colour = cv2.imdecode(np.frombuffer(_deal(list("PDQ"), 3), np.uint8), cv2.IMREAD_COLOR)
    photo = tmp_path / "deal-grey.jpg"
    assert cv2.imwrite(str(photo), cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY))
    assert main(["read", str(photo), "--game", "pdq", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["letters"] == "PDQ"


def _glared_riod(tmp_path, strength=0.825, width=0.03, at=(0.568, 0.388)):
    """RIOD under a lamp whose glare washes out part of the O: by default the O is read, but
    less surely than the classifier's threshold (0.72, a D 0.23), and listed."""
    from glare import lamp

    image = decode_photo(DEFAULT.load, _deal(list("RIOD"), 27))
    photo = tmp_path / "deal.png"
    assert cv2.imwrite(str(photo), lamp(image, strength, width, at))
    return photo


def test_a_card_a_glare_washed_out_is_listed_though_read_surely(tmp_path, capsys):
    """A brighter glare a little right of the O of RIOD leaves the left of the O washed out:
    the classifier read it as C, 99% sure of it, and the card was not listed, a wrong
    letter given as right. The glare is measured on the card (its letter's ink lifted
    toward white, the deal's other cards as they are): it is listed, saying why in the
    words a board's square a glare washed out is listed in, and offers what it was read
    as first."""
    from vision.reading import WASHED

    photo = _glared_riod(tmp_path, 0.9, 0.035, (0.578, 0.378))
    assert main(["read", str(photo), "--game", "pdq", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    card = out["cards"][2]
    assert out["letters"] == "RICD" and card["confidence"] > 0.95
    assert out["uncertain"] == [2]
    assert card["why"] == WASHED.replace("square", "card")
    assert [c["why"] for i, c in enumerate(out["cards"]) if i != 2] == [None] * 3
    assert card["alternatives"] == []  # no runner-up likely enough: the C it was read as
    assert main(["read", str(photo), "--game", "pdq"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "  card 3 is uncertain (washed out by a glare: check this card); it may be C (99%)"]


def test_the_overlay_draws_every_card_listed_in_doubt(tmp_path, capsys):
    """A card listed (the O of RIOD half washed out by a lamp, read with confidence 0.72) is
    drawn in the doubt colour, outline and letter; the others are not. It was drawn green,
    as sure as the others, its outline the grid's colour."""
    from overlaid import drawn_in_doubt

    from vision.imageio import load_photo

    photo = _glared_riod(tmp_path)
    assert main(["read", str(photo), "--game", "pdq", "--json", "--overlay",
                 str(tmp_path / "seen.png")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["letters"] == "RIOD" and out["uncertain"] == [2]
    image = load_photo(DEFAULT.load, photo)
    overlay = cv2.imread(str(tmp_path / "seen.png"))
    drawn = [drawn_in_doubt(image, overlay, np.array(c["corners"])) for c in out["cards"]]
    assert drawn == [False, False, True, False]


def test_an_uncertain_card_offers_the_letter_it_was_read_as_first(tmp_path, capsys):
    """A listed card was offered by its runners-up alone (the O of a blurred RIOD as "Q (8%),
    D (7%), E (2%)"), leaving out the O the deal line shows. It offers what a listed square
    does: the letter read first, with how likely the classifier found it, then the
    runners-up more than 2% likely; the text says what the JSON gives, and a card read
    surely offers nothing."""
    from vision.cells import SHOWN_MIN

    photo = _glared_riod(tmp_path)
    assert main(["read", str(photo), "--game", "pdq", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["letters"] == "RIOD" and out["uncertain"] == [2]
    card = out["cards"][2]
    offers = card["alternatives"]
    assert offers[0] == {"letter": "O", "p": card["confidence"]}
    assert len(offers) > 1 and all(a["p"] > SHOWN_MIN for a in offers)
    assert [a["letter"] for a in offers].count("O") == 1
    assert [c["alternatives"] for i, c in enumerate(out["cards"]) if i != 2] == [[]] * 3
    assert main(["read", str(photo), "--game", "pdq"]) == 0
    said = ", ".join(f"{a['letter']} ({a['p']:.0%})" for a in offers)
    assert capsys.readouterr().out.splitlines()[1:] == [
        f"  card 3 is uncertain (washed out by a glare: check this card); it may be {said}"]
    assert said.startswith("O (72%), ")


@pytest.mark.parametrize(("deal", "seed", "variant", "listed", "why"), [
    ("QQQ", 1, [], [0, 1, 2], "this deck has only 1 Q card, but 3 were dealt"),
    ("MWNZ", 2, ["--variant", "four-score"], [3], "this deck has no Z card"),
], ids=["three-Qs", "four-score-Z"])
def test_a_deal_the_deck_cannot_make_is_listed_in_the_deck_s_words(
        tmp_path, capsys, deal, seed, variant, listed, why):
    """Q Q Q was read "PDQ deal, left to right: Q Q Q" and nothing listed, though the deck has
    one Q; M W N Z under Four Score, whose deck has no Z, likewise. The deck's counts are the
    PDQ engine's: every card of a letter read more often than the variant's deck holds is
    listed, saying so in the words `companion pdq` refuses those cards typed in."""
    photo = tmp_path / "deal.jpg"
    photo.write_bytes(_deal(list(deal), seed))
    assert main(["read", str(photo), "--game", "pdq", "--json", *variant]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["letters"] == deal and out["uncertain"] == listed
    assert [c["why"] for c in out["cards"]] == [why if i in listed else None
                                                for i in range(len(deal))]
    assert main(["read", str(photo), "--game", "pdq", *variant]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"PDQ deal, left to right: {' '.join(deal)}",
        *(f"  card {i + 1} is uncertain ({why}); it may be {deal[i]} "
          f"({out['cards'][i]['confidence']:.0%})" for i in listed)]
    assert main(["pdq", deal, *(variant or ["--variant", "regular"])]) == 2
    assert capsys.readouterr().err == f"companion: {why[0].upper()}{why[1:]}.\n"


def test_a_deal_is_checked_against_the_deck_of_the_variant_named(tmp_path, capsys):
    """M W N Z is a deal of the printed deck, which has a Z: named no variant, the reader
    takes the printed deck and lists no card; named Four Score, its deck (no Z, no X)."""
    photo = tmp_path / "deal.jpg"
    photo.write_bytes(_deal(list("MWNZ"), 2))
    assert main(["read", str(photo), "--game", "pdq", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["letters"] == "MWNZ" and out["uncertain"] == []


def test_a_card_listed_for_a_glare_and_for_the_deck_says_both():
    """A card a glare washed out, of a letter read more often than the deck holds, is
    listed for both, the glare first, as a board's square listed for two reasons is; the
    web's note tells the glare's from the deck's alone (its address says only the glare)."""
    from vision.cards import WASHED_CARD, card_why, washed_said

    both = card_why(True, "this deck has no Z card")
    assert both == f"{WASHED_CARD}; this deck has no Z card" and washed_said(both)
    assert not washed_said(card_why(False, "this deck has no Z card"))
    assert card_why(False, None) is None and not washed_said(None)


def test_a_card_whose_letter_was_not_made_out_says_so(tmp_path, capsys):
    """A card with no letter on it was "uncertain; it may be unreadable"."""
    photo = tmp_path / "deal.jpg"
    photo.write_bytes(_deal(["R", " ", "D"], 3))
    assert main(["read", str(photo), "--game", "pdq"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "PDQ deal, left to right: R ? D",
        "  card 2's letter could not be made out; check the card"]
    assert main(["read", str(photo), "--game", "pdq", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["uncertain"] == [1] and out["cards"][1]["letter"] is None
    assert out["cards"][1]["alternatives"] == []


def test_a_blurred_card_edge_joined_to_the_tables_grain_is_not_taken_for_its_outline():
    """The deal RIOD out of focus (a Gaussian of 2.5 pixels at 12 MP) on a grained brown
    table: the faint edges joined the grain to the O's blurred edge, and the four corners
    fitted round the two took in a wedge of the table (13% of the outline), so the O, warped
    askew, was read with confidence 0.34 and listed. The outlines their four corners fit
    (`cards.min_fit`) are taken first: the O's own outline is found, and read surely."""
    image = decode_photo(DEFAULT.load, deal_photo(
        list("RIOD"), np.random.default_rng(27), Camera(width=1600, height=1200, max_blur=2.5)))
    cards = read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(), image, LETTERS)
    assert "".join(c.letter or "?" for c in cards) == "RIOD"
    saturation = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)[:, :, 1]
    for card in cards:
        inside = np.zeros(saturation.shape, np.uint8)
        cv2.fillConvexPoly(inside, card.corners.astype(np.int32), 1)
        table = saturation[inside > 0] > DEFAULT.cards.max_saturation
        assert table.mean() < 0.03, card.letter
        assert card.confidence >= DEFAULT.classify.min_confidence, card.letter


def test_a_smeared_deal_keeps_every_card_though_no_outline_fits_it_well():
    """A phone moved 17 pixels sideways: the smeared cards' outlines fit four corners less
    well than `cards.min_fit`; dropping them lost the R and read the deal as IOD. An outline
    fitted poorly is still a card's where no better one is."""
    image = decode_photo(DEFAULT.load, _deal(list("RIOD"), 27))
    smeared = cv2.filter2D(image, -1, smear_kernel(17, 0))
    cards = read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(), smeared, LETTERS)
    assert "".join(c.letter or "?" for c in cards) == "RIOD"


def _four_score_deal(tmp_path, covered: int | None) -> str:
    """ZEST dealt for Four Score, one card (0-based) hidden under something dark if given."""
    photo = tmp_path / f"zest-{covered}.jpg"
    photo.write_bytes(deal_photo(list("ZEST"), np.random.default_rng(2), SMALL,
                                 covered=covered))
    return str(photo)


@pytest.mark.parametrize("covered, left", [(3, "ZES"), (0, "EST")])
def test_a_four_score_deal_with_a_card_hidden_is_refused_not_read_as_three(
        tmp_path, capsys, covered, left):
    """A Four Score deal with its last (or first) card hidden was read as the three-card deal
    ZES (EST) with no word of warning. Told the variant, the reader wants as many cards as it
    deals, and says in a sentence that one is missing; not told, 3 cards are still a deal."""
    photo = _four_score_deal(tmp_path, covered)
    assert main(["read", photo, "--game", "pdq", "--variant", "four-score"]) == 1
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err == ("companion: 3 cards found, but Four Score deals 4: is a card hidden or "
                        "out of the photo?\n")
    assert main(["read", photo, "--game", "pdq", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["letters"] == left


def test_the_variant_read_for_is_the_variant_counted():
    """The whole deal is read under Four Score; under regular PDQ, 4 cards are one too many;
    Younger Players deal 2, and 2 cards are read as their deal."""
    from companion.pdq import get_variant

    def read(letters: list[str], variant: str) -> str:
        image = decode_photo(DEFAULT.load, _deal(letters, 2))
        cards = read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(), image, LETTERS,
                          variant=get_variant(variant))
        return "".join(c.letter or "?" for c in cards)

    assert read(list("ZEST"), "four-score") == "ZEST"
    with pytest.raises(VisionError, match="^4 cards found, but PDQ deals 3: is another card "
                       "in the photo, or were these dealt for another variant[?]$"):
        read(list("ZEST"), "regular")
    assert read(list("AB"), "younger") == "AB"
    with pytest.raises(VisionError, match="^2 cards found, but Four Score deals 4: are 2 "
                       "cards hidden or out of the photo[?]$"):
        read(list("AB"), "four-score")


def test_cli_variant_is_for_pdq_and_named_as_pdq_names_it(tmp_path, capsys):
    photo = _four_score_deal(tmp_path, None)
    assert main(["read", photo, "--game", "pdq", "--variant", "Four Score", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["letters"] == "ZEST"
    assert main(["read", photo, "--game", "pdq", "--variant", "fourscore"]) == 2
    assert "Unknown PDQ variant 'fourscore'" in capsys.readouterr().err
    assert main(["read", photo, "--game", "bugwords", "--variant", "four-score"]) == 2
    assert "--variant is for PDQ deals (--game pdq)" in capsys.readouterr().err
