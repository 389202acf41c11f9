"""Reading the cards on the table from what a player types."""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import UsageError
from companion.lexicon.letters import word_letters
from companion.pdq.deck import Deck, dealt_deck
from companion.pdq.variants import Variant
from companion.text import counted, listed, quoted, shown


def card_letters(cards: str, variant: Variant) -> str:
    """``cards`` as upper-case letters, checked to be letters and as many as the variant deals.

    (The engines' check; :func:`parse_cards` also checks the deck and forgives spacing.)
    """
    letters = cards.upper()
    if letters and (not letters.isascii() or not letters.isalpha()):  # none: too few, below
        raise UsageError(f"Cards are letters A-Z; {quoted(cards)} is not a row of cards.")
    if len(letters) != variant.cards:
        raise UsageError(
            f"{variant.title} deals {counted(variant.cards, 'card')} per round; "
            f"{len(letters)} {'was' if len(letters) == 1 else 'were'} given "
            f"({shown(letters or 'none')})."
        )
    return letters


def parse_cards(cards: str | Sequence[str], variant: Variant, deck: Deck | None = None) -> str:
    """The cards left to right as an upper-case string, checked against the variant and deck.

    Accepts ``"PNA"``, ``"p n a"``, ``"P,N,A"`` or a list such as ``["P", "N", "A"]``.
    """
    # read as a word is (full-width letters plain, accents off), so the cards take what the
    # word judged with them takes: ＰＮＡ was "Ａ Ｎ Ｐ is not a card" beside the word ＰＬＡＮ
    text = word_letters(cards if isinstance(cards, str) else " ".join(cards))
    letters = "".join(ch for ch in text if ch not in " ,;-/").upper()
    bad = sorted({ch for ch in letters if not ("A" <= ch <= "Z")})
    if bad:
        named = listed([ch if ch.isprintable() else quoted(ch) for ch in bad])  # no raw ESC
        raise UsageError(f"Cards are letters A-Z; {named} "
                         f"{'is not a card' if len(bad) == 1 else 'are not cards'}.")
    card_letters(letters, variant)
    dealt_deck(variant, deck).check_cards(letters)
    return letters
