"""Judge one shouted word for the cards on the table: valid or not, and why."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from companion.lexicon import Lexicon, default_lexicon
from companion.pdq.cards import card_letters
from companion.pdq.fit import fit
from companion.pdq.pdl import beaten_by_said
from companion.pdq.variants import Variant, get_variant

_LETTERS = re.compile(r"^[a-z]+$")


@dataclass
class Judgement:
    """The verdict on one word: ``valid`` and a sentence a player can read."""

    word: str
    valid: bool
    reason: str
    cards: str
    variant: str

    def to_dict(self) -> dict:
        return {
            "word": self.word,
            "valid": self.valid,
            "reason": self.reason,
            "cards": self.cards,
            "variant": self.variant,
        }


def judge(
    word: str,
    cards: str,
    variant: Variant | str = "regular",
    lexicon: Lexicon | None = None,
    *,
    min_length: int | None = None,
    player: str | None = None,
    said: Sequence[str] = (),
) -> Judgement:
    """Judge ``word`` for ``cards`` (left to right) under ``variant``.

    Checks, in order: letters only, fit to the cards, minimum length (``min_length`` overrides
    the variant's; ``player`` picks a per-player minimum), the word list, and under PDL with
    words already ``said``: not said before, not a plural/-LY/-ED/-ING form of one of them,
    and longer than the longest of them.
    """
    var = get_variant(variant) if isinstance(variant, str) else variant
    lex = lexicon if lexicon is not None else default_lexicon()
    raw = word.strip()
    shown = raw.upper()
    lower = raw.lower()
    cards = card_letters(cards, var)

    def verdict(valid: bool, reason: str) -> Judgement:
        return Judgement(shown, valid, reason, cards, var.name)

    if not raw:
        return verdict(False, "No word given.")
    if not _LETTERS.match(lower):
        return verdict(False, f"{shown} is not a word: use letters A-Z only.")
    shape = fit(lower, cards, var)
    if not shape.ok:
        return verdict(False, shape.reason)
    minimum = min_length if min_length is not None else var.minimum(player)
    if len(lower) < minimum:
        who = f" for {player}s" if player and min_length is None else ""
        return verdict(
            False,
            f"{shown} is too short: {var.title} words need at least {minimum} letters{who}.",
        )
    if lower not in lex:
        reason = f"{shown} is not in {lex.in_the_list()}."
        if raw[0].isupper() and raw[1:].islower():
            reason += " Proper nouns (names of people and places) are not allowed."
        return verdict(False, reason)
    said_words = [s.strip().lower() for s in said if s.strip()]
    if said_words:
        if lower in said_words:
            return verdict(False, f"{shown} has already been said.")
        beaten = beaten_by_said(lower, said_words)
        if beaten:
            base, how = beaten
            return verdict(
                False,
                f"{shown} is {how}, already said: under PDL a plural or an -LY, -ED or -ING "
                f"form cannot beat the word it comes from.",
            )
        best = max(said_words, key=len)
        if len(lower) <= len(best):
            tie = "only ties with" if len(lower) == len(best) else "is shorter than"
            return verdict(
                False,
                f"{shown} ({len(lower)} letters) {tie} {best.upper()} ({len(best)} letters), "
                f"already said: the longer word wins.",
            )
        return verdict(
            True,
            f"{shown} fits {cards} and beats {best.upper()}: {len(lower)} letters "
            f"against {len(best)}.",
        )
    return verdict(True, f"{shown} fits {cards} under {var.title} rules and is in the word list.")
