"""PDQ rules data: the deck, the variants, reading the cards."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.errors import UsageError
from companion.pdq import (
    all_variants,
    card_points,
    deck_cards,
    default_deck,
    get_variant,
    load_deck,
    parse_cards,
    removal_said,
    round_count,
)

RULEBOOK_VARIANTS = {
    "regular", "experts", "younger", "younger-ends", "intergenerational", "pdl", "solitaire",
    "any-which-way", "four-score", "stuck-in-the-middle", "word-count",
}


def test_default_deck_has_78_cards_in_the_documented_distribution():
    deck = default_deck()
    assert deck.total == 78
    counts = Counter(deck_cards())
    assert sum(counts.values()) == 78
    assert {k for k, v in counts.items() if v == 1} == set("JKQVWXYZ")
    assert {k for k, v in counts.items() if v == 3} == set("CF")
    assert {k for k, v in counts.items() if v == 4} == set("ABDEGHILMNOPRSTU")


def test_four_score_deck_lacks_the_z_and_one_x():
    cards = deck_cards("four-score")
    assert len(cards) == 76
    assert "Z" not in cards and "X" not in cards  # the deck has only one X
    assert Counter(deck_cards()) - Counter(cards) == Counter("ZX")


def test_the_cards_a_variant_takes_out_are_said_as_the_deck_holds_them(tmp_path):
    """Four Score takes out a Z and an X: the printed deck's only ones ("the Z and the X",
    not "one X"), one of a house deck's two X cards ("one X")."""
    four = get_variant("four-score")
    assert removal_said(four) == "the Z and the X"
    path = tmp_path / "deck.tsv"
    path.write_text("letter\tcount\nA\t4\nX\t2\nZ\t1\n")
    house = load_deck(path)
    assert removal_said(four, house) == "the Z and one X"
    assert Counter(house.cards()) - Counter(deck_cards("four-score", path=path)) == Counter("ZX")
    assert removal_said(get_variant("regular")) == ""
    path.write_text("letter\tcount\nA\t4\nX\t2\n")
    with pytest.raises(UsageError, match="no Z card"):
        removal_said(four, load_deck(path))


def test_the_rounds_a_deck_deals_are_those_the_dealer_deals():
    """How many rounds a variant deals is the deck's answer, the one the dealer's rounds come
    to: 78 cards deal 26 rounds of 3, 39 of 2; Four Score's 76, 19 of 4."""
    import random

    from companion.pdq.solitaire import deals, shuffled

    assert round_count(get_variant("regular")) == 26
    assert round_count(get_variant("younger")) == 39
    assert round_count(get_variant("four-score")) == 19
    for var in all_variants().values():
        pile = shuffled(default_deck().without(var.remove), random.Random(3))
        assert len(list(deals(pile, var))) == round_count(var), var.name


def test_a_custom_distribution_loads_from_a_file(tmp_path):
    path = tmp_path / "deck.tsv"
    path.write_text("# a small house deck\nletter\tcount\nA\t2\nb\t1\nX\t2\n")
    deck = load_deck(path)
    assert deck.total == 5
    assert deck_cards(path=path) == ["A", "A", "B", "X", "X"]
    with pytest.raises(UsageError, match="no Z card"):
        deck_cards("four-score", path=path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A\t4\n", "header line"),
        ("letter\tcount\nA\tfour\n", "expected a letter and a count"),
        ("letter\tcount\nAB\t4\n", "not a letter A-Z"),
        ("letter\tcount\nA\t4\na\t1\n", "listed twice"),
        ("letter\tcount\nA\t0\n", "has no cards"),
    ],
)
def test_bad_deck_files_are_explained(tmp_path, text, message):
    path = tmp_path / "deck.tsv"
    path.write_text(text)
    with pytest.raises(UsageError, match=message):
        load_deck(path)


def test_missing_deck_file_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="not found"):
        load_deck(tmp_path / "nope.tsv")


def test_every_variant_of_the_rulebook_is_a_data_record():
    variants = all_variants()
    assert set(variants) == RULEBOOK_VARIANTS
    assert get_variant("regular").cards == 3 and get_variant("regular").min_length == 4
    assert get_variant("experts").min_length == 5
    younger = get_variant("younger")
    assert (younger.cards, younger.min_length, younger.ends) == (2, 3, "free")
    assert get_variant("younger-ends").ends == "other-outside"
    inter = get_variant("intergenerational")
    assert inter.minimum("adult") == 5 and inter.minimum("child") == 4
    assert get_variant("pdl").goal == "longest"
    assert get_variant("solitaire").read == "ltr"
    assert get_variant("any-which-way").start == "any-card"
    four = get_variant("four-score")
    assert (four.cards, four.remove) == (4, ("Z", "X"))
    assert get_variant("stuck-in-the-middle").start == "anywhere"
    assert get_variant("word-count").goal == "count"
    # the centre card is dealt first, then the left, then the right
    assert get_variant("regular").deal_order == (2, 1, 3)


def test_variant_names_are_forgiving_and_unknown_ones_are_explained():
    assert get_variant("Stuck in the Middle").name == "stuck-in-the-middle"
    assert get_variant("four_score").name == "four-score"
    with pytest.raises(UsageError, match="choose one of: regular"):
        get_variant("speedy")
    with pytest.raises(UsageError, match="no per-player minimum"):
        get_variant("regular").minimum("adult")


def test_a_player_role_is_read_in_any_case_by_its_name_in_the_rules():
    inter = get_variant("intergenerational")
    assert [inter.role(typed) for typed in ("child", " CHILD ", "Adult")] == ["child", "child",
                                                                            "adult"]
    assert inter.minimum("CHILD") == 4
    with pytest.raises(UsageError, match="^Intergenerational PDQ has no per-player minimum "
                       "for 'kid': its players are 'adult' or 'child'.$"):
        inter.role("kid")
    with pytest.raises(UsageError, match="^PDQ has no per-player minimum for 'Adult': every "
                       "player's words need at least 4 letters"):
        get_variant("regular").role("Adult")


@pytest.mark.parametrize("given", ["PNA", "p n a", "P,N,A", ["P", "N", "A"],
                                   "\uff30\uff2e\uff21", "P\u200bN A", "PN\u00c1"])
def test_cards_are_read_in_any_reasonable_spelling(given):
    assert parse_cards(given, get_variant("regular")) == "PNA"


@pytest.mark.parametrize(
    ("cards", "variant", "message"),
    [
        ("PN", "regular", "deals 3 cards per round; 2 were given"),
        ("PNA", "younger", "deals 2 cards per round; 3 were given"),
        ("PNAE", "regular", "4 were given"),
        ("P7A", "regular", "7 is not a card"),
        ("1 2 3", "regular", "letters A-Z; 1, 2 and 3 are not cards"),
        ("ZZA", "regular", "only 1 Z card, but 2 were dealt"),
        ("PAZE", "four-score", "no Z card"),
        ("XAXE", "regular", "deals 3 cards"),
    ],
)
def test_impossible_deals_are_explained(cards, variant, message):
    with pytest.raises(UsageError, match=message):
        parse_cards(cards, get_variant(variant))


def test_the_deck_says_which_letters_it_holds_too_few_of():
    """One owner for the deck's counts and their sentences: the typed cards' refusal and a
    photo's listed cards (vision.cards.beyond_the_deck) say the same; a card not read ("?")
    is no card."""
    from companion.pdq.deck import dealt_deck, default_deck

    assert default_deck().shortfalls("Q?QZ") == {
        "Q": "this deck has only 1 Q card, but 2 were dealt"}
    assert dealt_deck(get_variant("four-score")).shortfalls("MWNZ") == {
        "Z": "this deck has no Z card"}
    assert default_deck().shortfalls("PNA") == {}


def test_alternate_scoring_counts_j_k_q_x_z_twice():
    assert card_points("PNA") == 3
    assert card_points("PNA", alternate=True) == 3
    assert card_points("JKQXZ", alternate=True) == 10
    assert card_points(deck_cards(), alternate=True) == 78 + 5


def test_the_alternate_scoring_of_each_variants_deck() -> None:
    from companion.pdq.deck import alternate_points, alternate_points_dealt, dealt_deck

    assert alternate_points_dealt(get_variant("regular")) == alternate_points()
    four = get_variant("four-score")
    assert alternate_points_dealt(four) == {"J": 2, "K": 2, "Q": 2}
    assert set(alternate_points_dealt(four)) <= set(dealt_deck(four).counts)
    assert alternate_points_dealt(get_variant("word-count")) == {}  # no cards are won
