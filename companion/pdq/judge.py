"""Judge one shouted word for the cards on the table: valid or not, and why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.errors import UsageError
from companion.lexicon import (
    Lexicon,
    absence,
    default_lexicon,
    is_letters,
    listed_reason,
    not_letters_reason,
    word_letters,
)
from companion.pdq.cards import card_letters
from companion.pdq.fit import fit
from companion.pdq.pdl import beaten_by_said
from companion.pdq.variants import DEFAULT_VARIANT, Variant, get_variant
from companion.text import counted, with_article


@dataclass
class Judgement:
    """The verdict on one word: ``valid`` and a sentence a player can read.

    Under a variant with a minimum per player (Intergenerational) judged without naming the
    player, a word long enough for some players only is not ``valid`` (not for everyone), and
    ``valid_for`` names the players it is valid for; it is empty otherwise."""

    word: str
    valid: bool
    reason: str
    cards: str
    variant: str
    valid_for: tuple[str, ...] = ()
    # the list (or house layer) that decided: a word it lacks, or one valid; "" when a rule
    # refused the word, before the list was asked or after it had the word (a PDL form of a
    # word said, a word too short for some players)
    decided_by: str = ""
    # what the reason names for a word the list lacks (companion.lexicon.absence): the
    # list's words close to it that fit the cards, or the base whose irregular forms it has
    near_words: tuple[str, ...] = ()
    irregular_base: str = ""
    irregular_forms: tuple[str, ...] = ()
    # how the word is written (A LOT, DON'T) and what an abbreviation stands for
    written_as: str = ""
    abbreviation_of: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {
            "word": self.word,
            "valid": self.valid,
            "reason": self.reason,
            "cards": self.cards,
            "variant": self.variant,
            "valid_for": list(self.valid_for),
            "near_words": list(self.near_words),
            "irregular_base": self.irregular_base,
            "irregular_forms": list(self.irregular_forms),
            "written_as": self.written_as,
            "abbreviation_of": list(self.abbreviation_of),
        }


def plural(role: str) -> str:
    """``adults``, ``children``: a player role in the plural."""
    return "children" if role == "child" else f"{role}s"


def a_role(role: str) -> str:
    """``an adult``, ``a child``: a player role with its article."""
    return with_article(role)


def _minimums(var: Variant) -> str:
    """``5 letters for adults and 4 for children``, longest first."""
    need = sorted(var.player_min.items(), key=lambda kv: -kv[1])
    first, rest = need[0], need[1:]
    return f"{counted(first[1], 'letter')} for {plural(first[0])}" + "".join(
        f" and {n} for {plural(role)}" for role, n in rest)


def _shortest(var: Variant, min_length: int | None, player: str | None) -> int:
    """The fewest letters a word needs: ``min_length`` when given, else the variant's (for
    ``player``'s role when named)."""
    return min_length if min_length is not None else var.minimum(player)


def _length(shown: str, var: Variant, min_length: int | None,
            player: str | None) -> tuple[str, list[str]]:
    """Why ``shown`` is too short for everyone (``""``: it is not), and the players it is too
    short for when the variant has per-player minimums and ``player`` is not named."""
    if min_length is None and player is None and var.player_min:
        short_for = [r for r, n in var.player_min.items() if len(shown) < n]
        if len(short_for) == len(var.player_min):
            return f"{shown} is too short: {var.title} words need at least {_minimums(var)}.", []
        return "", short_for
    minimum = _shortest(var, min_length, player)
    if len(shown) >= minimum:
        return "", []
    who = f" for {plural(player)}" if player and min_length is None else ""
    return (f"{shown} is too short: {var.title} words need at least "
            f"{counted(minimum, 'letter')}{who}."), []


def said_words(said: Sequence[str]) -> list[str]:
    """The words already said this round (PDL) as the judge reads them, in lower case: in the
    letters a word is judged by, and refused as a word is when one holds anything but letters
    A-Z ("PINE1"), a typo, which the judge took as a five-letter word to beat."""
    words = [word_letters(w) for w in said]
    for w in words:
        if w and not is_letters(w):
            raise UsageError(f"Among the words said this round, {not_letters_reason(w)}")
    return [w.lower() for w in words if w]


def judge(
    word: str,
    cards: str,
    variant: Variant | str = DEFAULT_VARIANT,
    lexicon: Lexicon | None = None,
    *,
    min_length: int | None = None,
    player: str | None = None,
    said: Sequence[str] = (),
) -> Judgement:
    """Judge ``word`` for ``cards`` (left to right) under ``variant``.

    Words ``said`` are refused under a variant other than PDL (:meth:`Variant.check_said`),
    and those that are not letters A-Z (:func:`said_words`). Checks, in
    order: letters only, fit to the cards, minimum length (``min_length`` overrides the
    variant's; ``player`` picks a per-player minimum), the word list, and under PDL with words
    already ``said``: not said before, not a plural/-LY/-ED/-ING form of one of them, and
    longer than the longest of them. Under a variant with per-player minimums and no
    ``player``, the word is judged for every player: one long enough for some of them only
    is valid for them alone (``valid_for``), and the reason says for whom it is too short.
    """
    var = get_variant(variant) if isinstance(variant, str) else variant
    if player is not None and min_length is None:
        player = var.role(player)  # CHILD is the child, "for children" in the reason too
    var.check_said(said)
    lex = lexicon if lexicon is not None else default_lexicon()
    said_lower = said_words(said)
    raw = word_letters(word)
    shown = raw.upper()
    lower = raw.lower()
    cards = card_letters(cards, var)

    def verdict(valid: bool, reason: str, decided_by: str = "") -> Judgement:
        if valid and short_for:
            fits = tuple(r for r in var.player_min if r not in short_for)
            return Judgement(
                shown, False,
                f"{shown} is valid for {' or '.join(a_role(r) for r in fits)} but too short for "
                f"{' or '.join(a_role(r) for r in short_for)}: {var.title} words need at least "
                f"{_minimums(var)}.",
                cards, var.name, fits)  # the list had it: the length rule refused it
        return Judgement(shown, valid, reason, cards, var.name, decided_by=decided_by)

    if not raw:
        return verdict(False, "No word given.")
    if not is_letters(raw):
        return verdict(False, not_letters_reason(raw))
    shape = fit(lower, cards, var)
    if not shape.ok:
        return verdict(False, shape.reason)
    too_short, short_for = _length(shown, var, min_length, player)
    if too_short:
        return verdict(False, too_short)
    decided_by = lex.decided_by(lower)
    if lower not in lex:
        shortest = _shortest(var, min_length, player)
        why = absence(raw, lex, lambda w: len(w) >= shortest and fit(w, cards, var).ok)
        return replace(verdict(False, why.reason, decided_by), near_words=why.near_words,
                       irregular_base=why.irregular_base,
                       irregular_forms=tuple(why.irregular_forms), written_as=why.written_as,
                       abbreviation_of=why.abbreviation_of)
    if said_lower:
        beats, against = _against_said(shown, cards, said_lower)  # the list had it: PDL
        return verdict(beats, against, decided_by if beats else "")  # decides, not the list
    return verdict(True, f"{shown} fits {cards} under {var.title} rules and is in "
                         f"{listed_reason(raw, lex)}.", decided_by)


def _against_said(shown: str, cards: str, said_words: list[str]) -> tuple[bool, str]:
    """PDL: whether ``shown`` (in the list, long enough) beats the words already said, and
    why."""
    lower = shown.lower()
    if lower in said_words:
        return False, f"{shown} has already been said."
    beaten = beaten_by_said(lower, said_words)
    if beaten:
        _base, how = beaten
        return False, (f"{shown} is {how}, already said: under PDL a plural or an -LY, -ED or "
                       "-ING form cannot beat the word it comes from.")
    best = max(said_words, key=len)
    if len(lower) <= len(best):
        tie = "only ties with" if len(lower) == len(best) else "is shorter than"
        return False, (f"{shown} ({counted(len(lower), 'letter')}) {tie} {best.upper()} "
                       f"({counted(len(best), 'letter')}), already said: the longer word wins.")
    return True, (f"{shown} fits {cards} and beats {best.upper()}: {counted(len(lower), 'letter')} "
                  f"against {len(best)}.")
