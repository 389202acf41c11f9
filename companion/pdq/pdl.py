"""PDL (Pretty Darn Long): a plural or an -LY/-ED/-ING form of a word already said cannot
beat it. The regular forms are data (``companion/data/pdq-derived-forms.tsv``); the plurals
the dictionary lists as irregular (CHILDREN, KNIVES) are plurals too."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from companion.datafiles import read_table
from companion.lexicon.spelling import irregular_plurals

FORMS_FILE = "pdq-derived-forms.tsv"


@dataclass(frozen=True)
class FormRule:
    """Make a form of a word: drop ``drop`` from its end, maybe double the last consonant,
    then add ``add``; ``kind`` names the form ("plural", "-ly", "-ed", "-ing"), ``follows``
    the kinds of form it may be added to as a second suffix (none: only to a word itself)."""

    kind: str
    when: re.Pattern[str] | None
    drop: str
    double: bool
    add: str
    follows: frozenset[str] = frozenset()

    def apply(self, word: str) -> str | None:
        """The form of ``word`` this rule makes, or None if the rule does not apply to it."""
        if self.when is not None and not self.when.search(word):
            return None
        if self.drop and not word.endswith(self.drop):
            return None
        stem = word[: len(word) - len(self.drop)]
        if not stem:
            return None
        if self.double:
            stem += stem[-1]
        return stem + self.add


@cache
def form_rules() -> tuple[FormRule, ...]:
    """The PDL form rules from the data file."""
    return tuple(
        FormRule(
            r["kind"],
            None if r["when"] == "-" else re.compile(r["when"]),
            "" if r["drop"] == "-" else r["drop"],
            r["double"] == "yes",
            r["add"],
            frozenset() if r["follows"] == "-" else frozenset(r["follows"].split()),
        )
        for r in read_table(FORMS_FILE)
    )


def derived_forms(word: str, depth: int = 2) -> dict[str, str]:
    """Forms of ``word`` made by adding up to ``depth`` suffixes: ``{form: description}``.

    E.g. ``derived_forms("paint")["paintings"] == "the plural of the -ING form of PAINT"``.
    A suffix goes after another only where its rule ``follows`` that kind (a plural or -LY
    after -ING, -LY after -ED: CARESS is no form of CARE). The dictionary's irregular plurals
    of ``word`` are among them (``derived_forms("child")["children"] == "the plural of
    CHILD"``), with no suffix added after them.
    """
    out: dict[str, str] = {}
    if depth > 0:
        for plural in irregular_plurals(word):
            out[plural] = f"the plural of {word.upper()}"
    frontier = {word: ("", "")}  # form: (how it was made, the kind of its last suffix)
    for _ in range(depth):
        nxt: dict[str, tuple[str, str]] = {}
        for base, (how, last) in frontier.items():
            for rule in form_rules():
                if last and last not in rule.follows:
                    continue
                form = rule.apply(base)
                if form and form != word and form not in out:
                    kind = rule.kind.upper()
                    name = "the plural" if rule.kind == "plural" else f"the {kind} form"
                    desc = f"{name} of {how}" if how else f"{name} of"
                    nxt[form] = (desc, rule.kind)
                    out[form] = f"{desc} {word.upper()}"
        frontier = nxt
    return out


def beaten_by_said(word: str, said: Iterable[str]) -> tuple[str, str] | None:
    """``(said_word, description)`` if ``word`` is only a derived form of a word already said."""
    for s in said:
        forms = derived_forms(s)
        if word in forms:
            return s, forms[word]
    return None
