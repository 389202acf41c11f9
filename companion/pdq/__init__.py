"""PDQ, the card game: the deck, every variant as data, the judge, the word finder, PDL, Word
Count scoring, ties and the Solitaire dealer."""

from companion.pdq.cards import parse_cards
from companion.pdq.deck import (
    Deck,
    alternate_points,
    card_points,
    dealt_deck,
    deck_cards,
    default_deck,
    load_deck,
    round_count,
)
from companion.pdq.finder import WordList, find_words
from companion.pdq.judge import Judgement, judge
from companion.pdq.pdl import derived_forms
from companion.pdq.variants import DEFAULT_VARIANT, Variant, all_variants, get_variant

__all__ = [
    "DEFAULT_VARIANT",
    "Deck",
    "Judgement",
    "Variant",
    "WordList",
    "all_variants",
    "alternate_points",
    "card_points",
    "dealt_deck",
    "deck_cards",
    "default_deck",
    "derived_forms",
    "find_words",
    "get_variant",
    "judge",
    "load_deck",
    "parse_cards",
    "round_count",
]
