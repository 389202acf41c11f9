"""The parts of speech WordNet leaves out: the one owner of
``companion/data/function-words.tsv`` (pronouns, articles, determiners, prepositions,
conjunctions, modal verbs and interjections a player challenges: THOU, THE, OF, AND)."""

from __future__ import annotations

from functools import cache

from companion import text
from companion.datafiles import read_table

__all__ = ["word_class_note", "word_classes"]

FUNCTION_WORDS = "function-words.tsv"
_PARTS = ("pronoun", "article", "determiner", "preposition", "conjunction", "modal verb",
          "interjection")  # each makes its plural with an s


@cache
def _table() -> dict[str, tuple[str, ...]]:
    table = {}
    for row in read_table(FUNCTION_WORDS):
        parts = tuple(p.strip() for p in row["parts"].split(","))
        unknown = [p for p in parts if p not in _PARTS]
        if unknown:  # a slip in the data file is caught at its first use
            raise ValueError(f"{FUNCTION_WORDS}: {row['word']}: unknown part of speech "
                             f"{unknown[0]!r}")
        table[row["word"].lower()] = parts
    return table


def word_classes(word: str) -> tuple[str, ...]:
    """The parts of speech WordNet does not define that ``word`` (letters A-Z) is, most
    likely first (``("pronoun",)`` for THOU; empty for a word the table does not list)."""
    return _table().get(word.lower(), ())


def word_class_note(word: str, senses: bool) -> str:
    """What a verdict says of a function word before any dictionary sense (``""`` for another
    word): "THOU is a pronoun; WordNet defines no pronouns, so the senses below are of its
    other uses." (``senses``: some are shown), "THE is an article; WordNet defines no
    articles." """
    parts = word_classes(word)
    if not parts:
        return ""
    named = text.listed([text.with_article(part) for part in parts])
    none = f"no {parts[0]}s" if len(parts) == 1 else "none of these"
    after = ", so the senses below are of its other uses." if senses else "."
    return f"{text.shown(word.upper())} is {named}; WordNet defines {none}{after}"
