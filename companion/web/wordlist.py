"""The word list this installation judges by: the configured list with its house additions
and removals. Every view that judges words takes it from here."""

from __future__ import annotations

from pathlib import Path

from flask import current_app

from companion.lexicon import Lexicon, WordListSpec, load_word_list
from companion.text import sentence


def word_list_spec() -> WordListSpec:
    """The installation's word list: ``LEXICON_PATH`` (else the default list) with the house
    list's ``LEXICON_ADD`` / ``LEXICON_REMOVE`` files (one path or a list; relative paths
    are in the instance folder) and ``LEXICON_REMOVE_OFFENSIVE`` (the shipped list)."""
    cfg = current_app.config

    def paths(key: str) -> tuple[str, ...]:
        value = cfg.get(key) or ()
        items = [value] if isinstance(value, str) else list(value)
        return tuple(str(Path(current_app.instance_path) / p) for p in items)

    offensive = cfg.get("LEXICON_REMOVE_OFFENSIVE")
    if isinstance(offensive, str):
        offensive = offensive.strip().lower() in ("1", "true", "yes", "on")
    return WordListSpec(cfg.get("LEXICON_PATH"), paths("LEXICON_ADD"),
                        paths("LEXICON_REMOVE"), bool(offensive))


def lexicon() -> Lexicon:
    """The word list this installation judges by (see :func:`word_list_spec`)."""
    return load_word_list(word_list_spec())


def word_list_notes() -> list[str]:
    """What the pages that name the word list say of its files' lines skipped as not words,
    one sentence a file, as the command line and the start-up log word it
    (:meth:`Lexicon.skipped_notes`): "Word list family.txt: 1 line skipped as not a word
    (line 3: x-ray)." """
    return [sentence(note) for note in lexicon().skipped_notes()]
