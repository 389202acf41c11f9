"""PDQ deals: the companion's printed cards photographed on a table, read left to right."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from synthetic.camera import Camera
from synthetic.cards import deal_photo
from vision.cards import read_deal
from vision.classifier import shipped_classifier
from vision.config import DEFAULT
from vision.errors import VisionError
from vision.imageio import decode_photo

SMALL = Camera(width=1600, height=1200)
LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@pytest.mark.parametrize("deal, seed", [("MNW", 1), ("ZEST", 2), ("QXJ", 5)])
def test_deal_is_read_left_to_right(deal, seed):
    image = decode_photo(DEFAULT.load, deal_photo(list(deal), np.random.default_rng(seed), SMALL))
    cards = read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(), image, LETTERS)
    assert "".join(c.letter or "?" for c in cards) == deal


def test_two_cards_is_not_a_deal():
    image = decode_photo(DEFAULT.load, deal_photo(["A", "B"], np.random.default_rng(3), SMALL))
    with pytest.raises(VisionError, match="found 2 cards, expected 3 or 4"):
        read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(), image, LETTERS)


def test_one_card_is_not_a_deal_and_is_counted_as_one():
    image = decode_photo(DEFAULT.load, deal_photo(["A"], np.random.default_rng(3), SMALL))
    with pytest.raises(VisionError, match="^found 1 card, expected 3 or 4"):
        read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(), image, LETTERS)


def test_cli_read_pdq_json(tmp_path, capsys):
    photo = tmp_path / "deal.jpg"
    photo.write_bytes(deal_photo(list("PDQ"), np.random.default_rng(3), SMALL))
    assert main(["read", str(photo), "--game", "pdq", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["letters"] == "PDQ" and len(out["cards"]) == 3


def test_the_overlay_draws_every_card_listed_in_doubt(tmp_path, capsys):
    """A deal photographed out of focus (a Gaussian of 2.5 pixels at 12 MP): the O of RIOD
    reads with confidence 0.34 and is listed, but the overlay drew it green, as sure as the
    others, its outline the grid's colour. A card listed is drawn in the doubt colour,
    outline and letter; the others are not."""
    from overlaid import drawn_in_doubt

    from vision.imageio import load_photo

    photo = tmp_path / "deal.jpg"
    photo.write_bytes(deal_photo(list("RIOD"), np.random.default_rng(27),
                                 Camera(width=1600, height=1200, max_blur=2.5)))
    assert main(["read", str(photo), "--game", "pdq", "--json", "--overlay",
                 str(tmp_path / "seen.png")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["letters"] == "RIOD" and out["uncertain"] == [2]
    image = load_photo(DEFAULT.load, photo)
    overlay = cv2.imread(str(tmp_path / "seen.png"))
    drawn = [drawn_in_doubt(image, overlay, np.array(c["corners"])) for c in out["cards"]]
    assert drawn == [False, False, True, False]
