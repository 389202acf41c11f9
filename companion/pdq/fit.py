"""Does one word fit the cards under a variant? The answer with the reason when it does not."""

from __future__ import annotations

from dataclasses import dataclass

from companion import text
from companion.lexicon import is_subsequence
from companion.pdq.variants import Variant

# How close a word came, best first; the closest failure gives the reason.
FITS, BAD_END, BAD_START, NOT_IN_ORDER = range(4)


@dataclass(frozen=True)
class Fit:
    """The outcome of matching a word to the cards: ``ok`` and a reason when not."""

    ok: bool
    reason: str = ""


def start_offsets(word: str, first: str, variant: Variant, cards: str) -> list[int]:
    """Where the rest of the cards may begin in ``word`` if it starts correctly (else [])."""
    if word.startswith(first):
        return [1]
    if variant.ex_start(cards, first) and word.startswith("ex"):
        return [2]
    return []


def match_level(word: str, reading: str, variant: Variant, cards: str) -> int:
    """How well ``word`` follows one reading of ``cards`` (a level constant above)."""
    if variant.start == "anywhere":
        level = FITS if is_subsequence(reading, word) else NOT_IN_ORDER
    else:
        offsets = start_offsets(word, reading[0], variant, cards)
        if any(is_subsequence(reading[1:], word[k:]) for k in offsets):
            level = FITS
        elif is_subsequence(reading, word):
            return BAD_START
        else:
            return NOT_IN_ORDER
    if level == FITS and variant.ends == "other-outside" and not word.endswith(reading[-1]):
        return BAD_END
    return level


def _letters(cards: str) -> str:
    return ", ".join(cards.upper())


def fit(word: str, cards: str, variant: Variant) -> Fit:
    """Whether lowercase ``word`` uses ``cards`` as ``variant`` requires."""
    cards = cards.lower()
    levels = {r: match_level(word, r, variant, cards) for r in variant.readings(cards)}
    best = min(levels.values())
    if best == FITS:
        return Fit(True)
    shown = text.shown(word.upper())  # a word of any length is repeated on one short line
    outside = sorted({r[0].upper() for r in levels}, key=cards.upper().index)
    outside_text = outside[0] if len(outside) == 1 else (
        f"{', '.join(outside[:-1])} or {outside[-1]}")
    ex = " (or EX for X)" if variant.ex_start(cards, "x") and "X" in outside else ""
    if best == BAD_END:
        return Fit(False, f"{shown} does not end with the other card's letter: a word that "
                          f"starts with one card must end with the other ({_letters(cards)}).")
    if best == BAD_START:
        begun = [r for r, level in levels.items()
                 if level == NOT_IN_ORDER and start_offsets(word, r[0], variant, cards)]
        if begun and variant.start != "any-card":  # APNEA for P N A: it starts with A
            held = next(r for r, level in levels.items() if level == BAD_START)
            after = " then ".join(begun[0][1:].upper())
            verb = "does" if len(begun[0]) == 2 else "do"
            return Fit(False, f"{shown} starts with {begun[0][0].upper()}, but {after} {verb} "
                              f"not follow it in order; it holds {_letters(held)} in order but "
                              f"does not start with {held[0].upper()}.")
        if variant.start == "any-card":
            return Fit(False, f"{shown} does not start with one of the cards' letters "
                              f"({outside_text}{ex}).")
        return Fit(False, f"{shown} does not start with an outside letter: it must start with "
                          f"{outside_text}{ex}.")
    if variant.start == "any-card":
        return Fit(False, f"{shown} does not contain the letters {_letters(cards)}.")
    direction = "from left to right" if variant.read == "ltr" else (
        "from left to right or from right to left")
    if len(cards) == 1:
        return Fit(False, f"{shown} does not contain {cards.upper()}.")
    return Fit(False, f"The letters {_letters(cards)} do not appear in order in {shown} "
                      f"({direction}).")
