"""How the language writes a word the list lacks, when it is not one word of letters: as
words apart (ALOT: A LOT, from the dictionary's lemmas of several words) or with an
apostrophe (DONT: DON'T, a contraction; the one owner of ``companion/data/contractions.tsv``).
The reasons of :mod:`companion.lexicon.reasons` say them.
"""

from __future__ import annotations

from functools import cache

from companion.datafiles import read_table
from companion.lexicon.wordnet import written_apart

__all__ = ["contractions", "written_apart"]

CONTRACTIONS = "contractions.tsv"


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
