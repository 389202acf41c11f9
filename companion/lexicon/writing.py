"""How the language writes a word the list lacks, when it is not one word of letters: as
words apart (ALOT: A LOT, from the dictionary's lemmas of several words; INSPITE: IN SPITE,
a fixed phrase the dictionary cannot have, the one owner of
``companion/data/fixed-phrases.tsv``), with an
apostrophe (DONT: DON'T, a contraction; the one owner of ``companion/data/contractions.tsv``),
or short for a longer word (AUG: Aug, of August; the one owner of
``companion/data/abbreviations.tsv``). The reasons of :mod:`companion.lexicon.reasons` say
them.
"""

from __future__ import annotations

from functools import cache

from companion.datafiles import read_table
from companion.lexicon.wordnet import written_apart

__all__ = ["abbreviation", "contractions", "fixed_phrase", "written_apart"]

CONTRACTIONS = "contractions.tsv"
ABBREVIATIONS = "abbreviations.tsv"
FIXED_PHRASES = "fixed-phrases.tsv"


@cache
def _contractions() -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for row in read_table(CONTRACTIONS):
        written = row["contraction"].lower()
        table.setdefault("".join(c for c in written if c.isalpha()), []).append(written)
    return table


def contractions(word: str) -> list[str]:
    """The contractions (lower case, with their apostrophes) that ``word`` (letters, any
    case) is without its apostrophe: DONT: ``don't``; IM: ``i'm``; empty for another word
    (``companion/data/contractions.tsv``). CANT is CAN'T too: the list, which has CANT,
    decides before any reason asks."""
    return list(_contractions().get(word.lower(), ()))


@cache
def _abbreviations() -> dict[str, tuple[str, tuple[str, ...]]]:
    return {row["abbreviation"].lower(): (row["abbreviation"], tuple(row["of"].split(",")))
            for row in read_table(ABBREVIATIONS)}


def abbreviation(word: str) -> tuple[str, tuple[str, ...]] | None:
    """How ``word`` (letters, any case) is written as the abbreviation of a month, a day of
    the week or a title, and what it stands for: AUG: ``("Aug", ("August",))``; DR:
    ``("Dr", ("Doctor",))``; None for another word (``companion/data/abbreviations.tsv``).
    MAR and SUN are words too: the list, which has them, decides before any reason asks."""
    return _abbreviations().get(word.lower())


@cache
def _fixed_phrases() -> dict[str, tuple[str, str]]:
    table: dict[str, tuple[str, str]] = {}
    for row in read_table(FIXED_PHRASES):
        for written in (row["phrase"], row["in"]):
            table.setdefault(written.replace(" ", ""), (written, row["in"]))
    return table


def fixed_phrase(word: str) -> tuple[str, str] | None:
    """The fixed phrase (lower case, its words apart) that ``word`` (letters, any case) is
    with its spaces taken out, and the whole phrase it is part of: INSPITE: ``("in spite",
    "in spite of")``; INSPITEOF: ``("in spite of", "in spite of")``; EACHOTHER: ``("each
    other", "each other")``; None for another word (``companion/data/fixed-phrases.tsv``:
    phrases of words the dictionary has no lemma for, :func:`written_apart` giving the
    others)."""
    return _fixed_phrases().get(word.lower())
