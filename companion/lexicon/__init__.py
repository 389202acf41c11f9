"""Word lists and definitions: the shared lexicon of all four games."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from companion.lexicon.core import ALPHABET, Lexicon, LexiconError, is_subsequence
from companion.lexicon.house import (
    OFFENSIVE_LIST_NAME,
    HouseLexicon,
    Layer,
    WordListSpec,
    house_lexicon,
    offensive_words,
)
from companion.lexicon.letters import MAX_WORD, is_letters, word_letters
from companion.lexicon.reasons import (
    Absence,
    absence,
    absent_reason,
    listed_reason,
    missing_note,
    missing_reason,
    not_letters_reason,
)
from companion.lexicon.wordclass import word_class_note, word_classes
from companion.lexicon.wordnet import Definition, define

__all__ = [
    "ALPHABET",
    "MAX_WORD",
    "Absence",
    "OFFENSIVE_LIST_NAME",
    "Definition",
    "HouseLexicon",
    "Layer",
    "Lexicon",
    "LexiconError",
    "WordListSpec",
    "absence",
    "absent_reason",
    "default_lexicon",
    "define",
    "house_lexicon",
    "is_letters",
    "is_subsequence",
    "listed_reason",
    "missing_note",
    "missing_reason",
    "load_lexicon",
    "load_word_list",
    "not_letters_reason",
    "offensive_words",
    "word_class_note",
    "word_classes",
    "word_letters",
]

DEFAULT_NAME = "SCOWL-70 US/UK/CA/AU (companion default)"
DEFAULT_DISPLAY = "SCOWL-70 US/UK/CA/AU, the companion default"  # as a verdict's sentence names it


@cache
def default_lexicon() -> Lexicon:
    """The English word list shipped with the package (built from SCOWL; see README)."""
    ref = resources.files("companion.lexicon") / "data" / "words.txt.gz"
    with resources.as_file(ref) as path:
        return Lexicon.from_path(path, name=DEFAULT_NAME, display=DEFAULT_DISPLAY)


def _resolved(path: str | Path) -> str:
    """``path`` with its links followed: the name a loaded list is cached by. A link to what
    has no name of its own (a shell's ``<(command)``: /dev/fd/63 links to ``pipe:[...]``)
    is kept as given, since the name it leads to cannot be opened, as is a name that cannot
    be looked up at all (too long): reading it says so, in its one sentence."""
    given = Path(path).expanduser()
    try:
        real = given.resolve()
        return str(real if real.exists() or not given.exists() else given.absolute())
    except OSError:  # a name too long to look up: kept, for the reader to say why
        return str(given)


@cache
def _load_path(path: str) -> Lexicon:
    return Lexicon.from_path(path)


def load_lexicon(path: str | Path | None = None) -> Lexicon:
    """The list at ``path`` (one word per line), or the default list when ``path`` is None.

    Loaded lists are cached per resolved path for the life of the process.
    """
    if path is None:
        return default_lexicon()
    given = Path(path).expanduser()
    try:
        return _load_path(_resolved(given))
    except LexiconError:
        Lexicon.from_path(given)  # fails again, naming the file as it was given
        raise


@cache
def _load_spec(spec: WordListSpec) -> Lexicon:
    return house_lexicon(load_lexicon(spec.base), spec)


def load_word_list(spec: WordListSpec) -> Lexicon:
    """The list a table judges by: a base list with its house additions and removals.

    Paths are resolved first, so the same files give the same cached list.
    """
    key = WordListSpec(
        _resolved(spec.base) if spec.base else None,
        tuple(_resolved(p) for p in spec.add),
        tuple(_resolved(p) for p in spec.remove),
        spec.remove_offensive,
    )
    try:
        return _load_spec(key)
    except LexiconError:
        house_lexicon(load_lexicon(spec.base), spec)  # fails again, naming the files as given
        raise
