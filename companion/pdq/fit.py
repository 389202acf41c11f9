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
    if min(levels.values()) == FITS:
        return Fit(True)
    return Fit(False, _why_not(word, cards, variant, levels) + _centre_ex(word, cards, variant))


def _centre_ex(word: str, cards: str, variant: Variant) -> str:
    """The rule on EX, when ``word`` would fit had its EX stood for a centre X (EXON for
    N X O in Any-Which-Way); ``""`` otherwise."""
    if not (variant.x_as_ex and word.startswith("ex") and "x" in cards[1:-1]
            and not variant.ex_start(cards, "x")):
        return ""
    as_x = word[1:]
    if all(match_level(as_x, r, variant, cards) != FITS for r in variant.readings(cards)):
        return ""
    return " EX stands for X only when the X is an outside card."


def _why_not(word: str, cards: str, variant: Variant, levels: dict[str, int]) -> str:
    """Why ``word`` does not fit, from how close each reading of the cards came."""
    best = min(levels.values())
    shown = text.shown(word.upper())  # a word of any length is repeated on one short line
    outside = sorted({r[0].upper() for r in levels}, key=cards.upper().index)
    outside_text = outside[0] if len(outside) == 1 else (
        f"{', '.join(outside[:-1])} or {outside[-1]}")
    ex = " (or EX for X)" if variant.ex_start(cards, "x") and "X" in outside else ""
    if best == BAD_END:
        return (f"{shown} does not end with the other card's letter: a word that starts with "
                f"one card must end with the other ({_letters(cards)}).")
    if best == BAD_START:
        begun = [r for r, level in levels.items()
                 if level == NOT_IN_ORDER and start_offsets(word, r[0], variant, cards)]
        if begun and variant.start != "any-card":  # APNEA for P N A: it starts with A
            held = next(r for r, level in levels.items() if level == BAD_START)
            after = " then ".join(begun[0][1:].upper())
            verb = "does" if len(begun[0]) == 2 else "do"
            return (f"{shown} starts with {begun[0][0].upper()}, but {after} {verb} not follow "
                    f"it in order; it holds {_letters(held)} in order but does not start with "
                    f"{held[0].upper()}.")
        if variant.start == "any-card":
            return f"{shown} does not start with one of the cards' letters ({outside_text}{ex})."
        return (f"{shown} does not start with an outside letter: it must start with "
                f"{outside_text}{ex}.")
    if variant.start == "any-card":
        return f"{shown} does not contain the letters {_letters(cards)}."
    direction = "from left to right" if variant.read == "ltr" else (
        "from left to right or from right to left")
    if len(cards) == 1:
        return f"{shown} does not contain {cards.upper()}."
    return f"The letters {_letters(cards)} do not appear in order in {shown} ({direction})."
