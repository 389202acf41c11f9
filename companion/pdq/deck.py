"""The PDQ deck: letter distribution (data) and the list of cards to deal or print."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from companion.datafiles import read_data_text
from companion.decimals import whole_from
from companion.errors import UsageError
from companion.text import counted, listed
from companion.textfile import FileProblem, file_named, file_problem, read_user_file, user_text

if TYPE_CHECKING:
    from companion.pdq.variants import Variant

DECK_FILE = "pdq-deck.tsv"
ALTERNATE_SCORING_FILE = "pdq-scoring.tsv"


@dataclass(frozen=True)
class Deck:
    """How many cards of each letter (upper case) the deck holds."""

    counts: dict[str, int]
    name: str = "default"

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def cards(self) -> list[str]:
        """Every card once per copy, in alphabetical order (shuffle with a seeded generator)."""
        return [letter for letter in sorted(self.counts) for _ in range(self.counts[letter])]

    def without(self, letters: str | Sequence[str]) -> Deck:
        """This deck with one card of each of ``letters`` taken out."""
        counts = dict(self.counts)
        for letter in letters:
            if counts.get(letter, 0) <= 0:
                raise UsageError(f"The deck has no {letter} card to take out.")
            counts[letter] -= 1
        return Deck({k: v for k, v in counts.items() if v > 0}, self.name)

    def shortfalls(self, cards: str) -> dict[str, str]:
        """Each letter of ``cards`` (any other character is no card and is passed over) that
        this deck holds fewer of than ``cards`` shows, in alphabetical order, with why they
        could not all come from it at once: "this deck has no Z card", "this deck has only
        1 Q card, but 3 were dealt". :meth:`check_cards` refuses typed cards in these words,
        and a photo's reader lists the cards read so (``vision.cards.read_deal``)."""
        out = {}
        for letter, wanted in sorted(Counter(c for c in cards if "A" <= c <= "Z").items()):
            have = self.counts.get(letter, 0)
            if wanted > have:
                out[letter] = (f"this deck has no {letter} card" if have == 0 else
                               f"this deck has only {counted(have, letter + ' card')}, but "
                               f"{wanted} were dealt")
        return out

    def check_cards(self, cards: str) -> None:
        """Raise :class:`UsageError` if ``cards`` could not all come from this deck at once,
        saying why for the first letter it lacks (:meth:`shortfalls`)."""
        for why in self.shortfalls(cards).values():
            raise UsageError(f"{why[0].upper()}{why[1:]}.")


MAX_DECK_CARDS = 10_000  # the printed deck has 78; far more is a typing slip
MAX_DECK_BYTES = 1_000_000


def parse_deck_table(text: str, name: str) -> Deck:
    """A deck from a ``letter<TAB>count`` table (header line, ``#`` comments allowed)."""
    counts: dict[str, int] = {}
    where = file_named("deck", name)  # as its file's problems name it (file_problem)
    lines = [ln.strip() for ln in text.splitlines()]
    rows = [ln for ln in lines if ln and not ln.startswith("#")]
    if not rows:  # (the header's refusal told an empty file to start with a header)
        raise UsageError(file_problem(FileProblem.EMPTY, "deck", name,
                                      "a deck is the header line 'letter<TAB>count', then a "
                                      "letter and its count on each line."))
    if rows[0].split()[:2] != ["letter", "count"]:
        raise UsageError(f"{where} must start with the header line 'letter<TAB>count'.")
    for n, row in enumerate(rows[1:], start=2):
        parts = row.split()
        if len(parts) != 2 or not (parts[1].isascii() and parts[1].isdigit()):
            raise UsageError(f"{where}, row {n}: expected a letter and a count: {row!r}.")
        letter = parts[0].upper()
        if len(letter) != 1 or not ("A" <= letter <= "Z"):
            raise UsageError(f"{where}, row {n}: {parts[0]!r} is not a letter A-Z.")
        if letter in counts:
            raise UsageError(f"{where}: the letter {letter} is listed twice.")
        try:
            counts[letter] = whole_from(parts[1])
        except ValueError as exc:  # over 4,300 digits, int() answers in Python's own words
            raise UsageError(f"{where}, row {n}: {exc}.") from exc
    if sum(counts.values()) == 0:
        raise UsageError(f"{where} has no cards.")
    if sum(counts.values()) > MAX_DECK_CARDS:
        cards = counted(sum(counts.values()), "card")
        raise UsageError(f"{where} has {cards}; a deck has at most {MAX_DECK_CARDS:,}.")
    return Deck({k: v for k, v in counts.items() if v > 0}, name)


@cache
def default_deck() -> Deck:
    """The 78-card deck in ``companion/data/pdq-deck.tsv``."""
    return parse_deck_table(read_data_text(DECK_FILE), "default")


def dealt_deck(variant: Variant, deck: Deck | None = None) -> Deck:
    """The cards a game of ``variant`` deals from: ``deck`` (the printed one by default)
    without the cards the variant takes out, one card of each letter it names (Four Score: a
    Z and an X, the printed deck's only ones)."""
    return (deck or default_deck()).without(variant.remove)


def removal_said(variant: Variant, deck: Deck | None = None) -> str:
    """The cards ``variant`` takes out of ``deck`` (the printed one by default), as a
    sentence says them: "the Z and the X" of a letter the deck holds once, "every E card"
    when it takes them all, "one E" (or "2 E cards") when some are left; ``""`` when it
    takes none. Refused as :meth:`Deck.without` refuses a card the deck lacks."""
    deck = deck or default_deck()
    deck.without(variant.remove)
    said = []
    for letter, taken in Counter(variant.remove).items():
        if taken == deck.counts[letter]:
            said.append(f"the {letter}" if taken == 1 else f"every {letter} card")
        else:
            said.append(f"one {letter}" if taken == 1 else counted(taken, letter + " card"))
    return listed(said)


def deck_to_deal(variant: Variant, deck: Deck | None = None) -> Deck:
    """The cards a game of ``variant`` deals round by round (:func:`dealt_deck`), refused
    when they are too few for one round: a game that deals none has nothing to play."""
    dealt = dealt_deck(variant, deck)
    if dealt.total < variant.cards:
        named = "the printed deck" if dealt.name == "default" else file_named("deck", dealt.name)
        taken = removal_said(variant, deck)
        without = f" without {taken}" if taken else ""
        raise UsageError(f"{named[0].upper()}{named[1:]}{without} has "
                         f"{counted(dealt.total, 'card')}, too few for one round of "
                         f"{variant.title}, which deals {variant.cards}.")
    return dealt


def round_count(variant: Variant, deck: Deck | None = None) -> int:
    """How many rounds ``variant`` deals from its deck: ``variant.cards`` cards a round, the
    cards too few for one more left undealt (the printed deck: 26 rounds of 3; Four Score's,
    76 cards, 19 rounds of 4)."""
    return dealt_deck(variant, deck).total // variant.cards


def load_deck(path: str | Path | None = None) -> Deck:
    """The deck in the table at ``path`` (same format as the default), or the default deck."""
    if path is None:
        return default_deck()
    p = Path(path)
    try:  # a deck table is a few hundred bytes
        text = user_text(read_user_file(p, "deck", MAX_DECK_BYTES), "deck", p)
    except ValueError as exc:  # the file's problem in its one sentence
        raise UsageError(str(exc)) from exc
    return parse_deck_table(text, str(path))  # named as typed, as its file's problems are


def deck_cards(variant: str | None = None, path: str | Path | None = None) -> list[str]:
    """The deck as a list of card letters, e.g. for printing; ``variant`` applies its removals.

    ``deck_cards()`` is the full 78-card deck; ``deck_cards("four-score")`` lacks its Z and its
    X (:func:`removal_said`), 76 cards.
    """
    from companion.pdq.variants import get_variant

    deck = load_deck(path)
    return (deck if variant is None else dealt_deck(get_variant(variant), deck)).cards()


@cache
def alternate_points() -> dict[str, int]:
    """Alternate scoring: points per card letter (J K Q X Z count twice; others 1)."""
    from companion.datafiles import read_table

    return {r["letter"]: int(r["points"]) for r in read_table(ALTERNATE_SCORING_FILE)}


def alternate_points_dealt(variant: Variant, deck: Deck | None = None) -> dict[str, int]:
    """The alternate scoring of the cards ``variant`` deals: each letter of its deck
    (:func:`dealt_deck`) that counts other than once, with its points (the printed deck:
    J K Q X Z twice; Four Score's, without the Z and the X, J K Q). None when the variant
    wins no cards (Word Count scores words), so there is no alternate score."""
    if not variant.wins_cards:
        return {}
    dealt = dealt_deck(variant, deck).counts
    return {letter: points for letter, points in sorted(alternate_points().items())
            if letter in dealt and points != 1}


def card_points(cards: str | list[str], alternate: bool = False) -> int:
    """The score of collected ``cards``: one per card, or the alternate scoring."""
    if not alternate:
        return len(cards)
    table = alternate_points()
    return sum(table.get(c, 1) for c in cards)
