"""Solitaire: the companion deals from a seeded shuffled deck until the player is stuck.

``simulate_solitaire`` plays a whole game itself (it knows every word in the lexicon, so it is
stuck only when no word exists); ``play_solitaire`` deals to a person who types the words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from companion.lexicon import Lexicon, default_lexicon
from companion.pdq.deck import Deck, card_points, deck_to_deal
from companion.pdq.finder import find_words
from companion.pdq.judge import judge
from companion.pdq.variants import Variant, get_variant
from companion.text import counted

STUCK_ANSWERS = ("", "stuck", "?", "no word", "quit")


@dataclass
class SoloRound:
    """One deal: the cards left to right, how many words existed, the word played (if any)."""

    number: int
    cards: str
    word_count: int
    word: str | None

    def to_dict(self) -> dict:
        return {"round": self.number, "cards": self.cards, "word_count": self.word_count,
                "word": self.word}


@dataclass
class SoloGame:
    """A finished Solitaire game: the rounds, the cards collected and how it ended."""

    seed: int | None
    variant: str
    rounds: list[SoloRound] = field(default_factory=list)
    collected: list[str] = field(default_factory=list)
    stuck: bool = False
    undealt: int = 0

    @property
    def through_the_deck(self) -> bool:
        """True if the player was never stumped (only cards too few to deal remain)."""
        return not self.stuck

    @property
    def score(self) -> int:
        return card_points(self.collected)

    @property
    def alternate_score(self) -> int:
        return card_points(self.collected, alternate=True)

    def to_dict(self) -> dict:
        return {
            "seed": self.seed,
            "variant": self.variant,
            "rounds": [r.to_dict() for r in self.rounds],
            "collected": len(self.collected),
            "alternate_score": self.alternate_score,
            "stuck": self.stuck,
            "through_the_deck": self.through_the_deck,
            "undealt": self.undealt,
        }


def shuffled(deck: Deck, rng: random.Random) -> list[str]:
    """The deck's cards in a random order drawn from ``rng``."""
    cards = deck.cards()
    rng.shuffle(cards)
    return cards


def deals(pile: list[str], variant: Variant) -> Iterator[str]:
    """Deal rounds off the top of ``pile``, placing cards in the variant's dealing order.

    Yields the cards of each round left to right; stops when too few cards remain.
    """
    k = variant.cards
    for top in range(0, len(pile) - k + 1, k):
        row = [""] * k
        for card, position in zip(pile[top : top + k], variant.deal_order, strict=True):
            row[position - 1] = card
        yield "".join(row)


def solitaire_rules(variant: Variant) -> Variant:
    """``variant`` played as Solitaire: the rulebook's Solitaire reads words from left to right
    only, so a variant that reads both ways (Four Score, Stuck in the Middle, ...) keeps its
    cards and minimum but reads left to right. Any-Which-Way (the other letters in any order)
    is left as it is."""
    if variant.read == "ltr" or variant.start == "any-card":
        return variant
    return replace(variant, read="ltr", title=f"{variant.title} Solitaire",
                   summary=f"{variant.summary} Solitaire: words read from left to right only.")


def collected_before(variant: Variant, number: int) -> int:
    """The cards a Solitaire player holds on reaching round ``number`` (from 1; one more than
    the rounds dealt: the deck done): every card dealt before it, since a word collects its
    round's cards whole before the next round is dealt, and a round without one ends the
    game."""
    return (number - 1) * variant.cards


def _setup(variant: Variant | str, deck: Deck | None) -> tuple[Variant, Deck]:
    """The rules played and the cards dealt from, refused when too few for one round
    (:func:`companion.pdq.deck.deck_to_deal`): no round dealt is no game."""
    var = solitaire_rules(get_variant(variant) if isinstance(variant, str) else variant)
    return var, deck_to_deal(var, deck)


def simulate_solitaire(
    seed: int | None = None,
    lexicon: Lexicon | None = None,
    variant: Variant | str = "solitaire",
    deck: Deck | None = None,
    min_length: int | None = None,
) -> SoloGame:
    """Deal a shuffled deck (``seed`` for a repeatable shuffle) and play each deal's longest
    word until no word exists for a deal, or the deck runs out."""
    var, full = _setup(variant, deck)
    lex = lexicon if lexicon is not None else default_lexicon()
    pile = shuffled(full, random.Random(seed))
    game = SoloGame(seed, var.name)
    for number, cards in enumerate(deals(pile, var), start=1):
        found = find_words(cards, var, lex, min_length=min_length, near_miss_limit=0)
        word = found.words[0] if found.words else None
        game.rounds.append(SoloRound(number, cards, len(found.words), word))
        if word is None:
            game.stuck = True
            break
        game.collected += list(cards)
    game.undealt = len(pile) - sum(len(r.cards) for r in game.rounds)
    return game


def play_solitaire(
    ask: Callable[[str], str],
    say: Callable[[str], None],
    seed: int | None = None,
    lexicon: Lexicon | None = None,
    variant: Variant | str = "solitaire",
    deck: Deck | None = None,
    min_length: int | None = None,
) -> SoloGame:
    """Deal to a person: ``ask(prompt)`` reads their word; an empty answer or "stuck" ends the
    game, and the companion then shows whether a word existed."""
    var, full = _setup(variant, deck)
    lex = lexicon if lexicon is not None else default_lexicon()
    pile = shuffled(full, random.Random(seed))
    game = SoloGame(seed, var.name)
    say(f"{var.title}: {var.summary} Press Enter (or type 'stuck') when you are stuck.")
    for number, cards in enumerate(deals(pile, var), start=1):
        say(f"Round {number}: {' '.join(cards)}   (collected so far: {len(game.collected)})")
        found = find_words(cards, var, lex, min_length=min_length, near_miss_limit=0)
        played = None
        while played is None:
            answer = ask("Your word: ").strip()
            if answer.lower() in STUCK_ANSWERS:
                break
            verdict = judge(answer, cards, var, lex, min_length=min_length)
            say(("  Yes! " if verdict.valid else "  No: ") + verdict.reason)
            if verdict.valid:
                played = verdict.word
        game.rounds.append(SoloRound(number, cards, len(found.words), played))
        if played is None:
            game.stuck = True
            if found.words:
                say(f"Stuck. There {'was' if len(found.words) == 1 else 'were'} "
                    f"{counted(len(found.words), 'word')}, e.g. "
                    f"{', '.join(w.upper() for w in found.words[:5])}.")
            else:
                say("Stuck, fairly: no word exists for these cards.")
            break
        game.collected += list(cards)
    game.undealt = len(pile) - sum(len(r.cards) for r in game.rounds)
    end = "You got through the deck!" if not game.stuck else "Game over."
    say(f"{end} Cards collected: {len(game.collected)} "
        f"(alternate scoring: {game.alternate_score}).")
    return game
