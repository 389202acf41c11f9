"""PDQ, the card game: the deck, every variant as data, the judge, the word finder, PDL, Word
Count scoring, ties and the Solitaire dealer.

The names below load with the module that holds them, when first used: the variants' table
(``companion.pdq.variants``) is read without the word lists or NumPy, which the finder and
the judge load (the command line's parser lists the variants)."""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from companion.lazy import names_on_first_use

if TYPE_CHECKING:
    from companion.pdq.cards import parse_cards
    from companion.pdq.deck import (
        Deck,
        alternate_points,
        card_points,
        dealt_deck,
        deck_cards,
        default_deck,
        load_deck,
        removal_said,
        round_count,
    )
    from companion.pdq.finder import WordList, find_words
    from companion.pdq.judge import Judgement, judge, said_words
    from companion.pdq.pdl import derived_forms
    from companion.pdq.variants import DEFAULT_VARIANT, Variant, all_variants, get_variant

# each name, and the module that holds it
_HOMES = {
    "parse_cards": "cards",
    "Deck": "deck", "alternate_points": "deck", "card_points": "deck", "dealt_deck": "deck",
    "deck_cards": "deck", "default_deck": "deck", "load_deck": "deck", "round_count": "deck",
    "removal_said": "deck",
    "WordList": "finder", "find_words": "finder",
    "Judgement": "judge", "judge": "judge", "said_words": "judge",
    "derived_forms": "pdl",
    "DEFAULT_VARIANT": "variants", "Variant": "variants", "all_variants": "variants",
    "get_variant": "variants",
}


class _Package(ModuleType):
    """The package, whose ``judge`` is always the function: the import system names a loaded
    module on its package, and ``companion.pdq.judge`` (the module, loaded by the ties or
    Word Count first) would otherwise stand in for the function of the same name."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _HOMES and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


__getattr__ = names_on_first_use(__name__, _HOMES, globals())


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
    "removal_said",
    "said_words",
    "round_count",
]
