"""Why a word is or is not one the list has: the one owner of the sentences every word
look-up gives (``companion check``, the PDQ judge, the web pages). Words reach it read by
their letters (:mod:`companion.lexicon.letters`).
"""

from __future__ import annotations

from companion import text
from companion.lexicon.core import Lexicon
from companion.lexicon.house import OFFENSIVE_LIST_NAME
from companion.lexicon.wordnet import define

__all__ = ["absent_reason", "listed_reason", "not_letters_reason"]

NAMES = "Proper nouns (names of people and places) are not allowed."


def not_letters_reason(word: str) -> str:
    """Why ``word`` (read by :func:`word_letters`) is not a word: the characters that are not
    letters A-Z, named."""
    bad = sorted({c for c in word if not (c.isascii() and c.isalpha())})
    named = " ".join(repr(c) for c in bad[:8]) + (" ..." if len(bad) > 8 else "")
    return f"{text.shown(word.upper())} is not a word: it contains {named}; use letters A-Z only."


def _abbreviation(written: str) -> bool:
    """``USA``, ``U.S.``, ``DOE``: written in capitals (or with points), not as a name."""
    letters = [c for c in written if c.isalpha()]
    return "." in written or (len(letters) > 1 and all(c.isupper() for c in letters))


def _joined(words: list[str]) -> str:
    """``iron``, ``megabit or millibar``: the different words, in order, the last with 'or'."""
    kept = list(dict.fromkeys(words))[:3]
    return kept[0] if len(kept) == 1 else ", ".join(kept[:-1]) + f" or {kept[-1]}"


def absent_reason(word: str, lexicon: Lexicon) -> str:
    """Why ``word`` (letters A-Z, in the case typed) is not a word of ``lexicon``: not in the
    list, and, when it says why, because a house layer removes it, or because the dictionary
    knows it only as a name or an abbreviation (written with capitals in every sense: PARIS,
    NATO; an abbreviation also when the sense writes it with a point: Mr and Mr.) or only as
    a symbol (a chemical element's or a unit's: Fe, Hz), however it was typed. A word the
    dictionary does not know that was typed with a capital, as a name is, gets the rule on
    names."""
    shown = text.shown(word.upper())
    lower = word.lower()
    reason = f"{shown} is not in {lexicon.in_the_list()}"
    if lexicon.change(lower) == "removed":
        remover = lexicon.decided_by(lower)
        if remover == OFFENSIVE_LIST_NAME:  # "offensive words (LDNOOBW) removes it" jarred
            remover = f"the list of {remover}"
        return f"{reason}: {remover} removes it."
    senses = define(lower, limit=64)
    written = list(dict.fromkeys(d.written or d.lemma for d in senses))
    shown_forms = ", ".join(written[:3])
    if senses and all(d.abbreviation or d.symbol_of or _abbreviation(d.written or d.lemma)
                      for d in senses):
        symbols = sum(1 for d in senses if d.symbol_of)
        if symbols == len(senses):  # Fe, iron; Hz, hertz: a symbol, not a name
            return (f"{reason}: the dictionary knows it only as a symbol ({shown_forms}, "
                    f"for {_joined([d.symbol_of for d in senses])}). Symbols are not allowed.")
        if symbols:  # Cf, californium, and cf., compare
            return (f"{reason}: the dictionary knows it only as an abbreviation or a symbol "
                    f"({shown_forms}). Abbreviations and symbols are not allowed.")
        return (f"{reason}: the dictionary knows it only as an abbreviation "
                f"({shown_forms}). Abbreviations are not allowed.")
    if senses and all(d.is_name for d in senses):
        return f"{reason}: the dictionary knows it only as a name ({shown_forms}). {NAMES}"
    if not written and word[:1].isupper() and not word.isupper():
        return f"{reason}. {NAMES}"
    return f"{reason}."


def listed_reason(word: str, lexicon: Lexicon) -> str:
    """``the word list NAME`` that has ``word``, and the house list that adds it when one
    does (``...; family.txt adds it``): what a valid verdict says of the list."""
    lower = word.lower()
    added = f"; {lexicon.decided_by(lower)} adds it" if lexicon.change(lower) == "added" else ""
    return f"{lexicon.in_the_list()}{added}"
