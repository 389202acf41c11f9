"""PDL (Pretty Darn Long): a plural or an -LY/-ED/-ING form of a word already said cannot
beat it. The regular forms are data (``companion/data/pdq-derived-forms.tsv``); the plurals
the dictionary lists as irregular (CHILDREN, KNIVES) are plurals too. WordNet decides
whether a spelling that is a word of its own is that form (:func:`is_form`: FULLY is FULL's,
EARLY is not EAR's)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from companion.datafiles import read_table
from companion.lexicon.spelling import irregular_plurals
from companion.lexicon.wordnet import default_wordnet

FORMS_FILE = "pdq-derived-forms.tsv"


@dataclass(frozen=True)
class FormRule:
    """Make a form of a word: drop ``drop`` from its end, maybe double the last consonant,
    then add ``add``; ``kind`` names the form ("plural", "-ly", "-ed", "-ing"), ``follows``
    the kinds of form it may be added to as a second suffix (none: only to a word itself);
    with ``confirm``, a form counts only when the dictionary makes it that form
    (:func:`is_form`), never by its spelling alone."""

    kind: str
    when: re.Pattern[str] | None
    drop: str
    double: bool
    add: str
    follows: frozenset[str] = frozenset()
    confirm: bool = False

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
            r["confirm"] == "yes",
        )
        for r in read_table(FORMS_FILE)
    )


def is_form(form: str, base: str, kind: str, of_form: bool = False,
            confirm: bool = False) -> bool:
    """Whether ``form``, spelt as ``base`` with the suffix ``kind``, is that form of it by the
    dictionary (``of_form``: ``base`` is itself a form of the word said, PAINTING of PAINT).

    A spelling alone can make a word of its own (SCREED is no SCREE with -ED, EARLY no EAR
    with -LY, BELLY no BELL). When WordNet has ``form`` as a lemma of its own and knows
    ``base``, ``form`` is that form only if the dictionary links the two (a pertainym or a
    derivation: FULLY, FULL; FRIENDLY, FRIEND), or for -LY it is an adverb made from an
    adjective or a participle (BASICALLY, BASIC; LONGINGLY, LONGING), or for a plural, -ED or
    -ING WordNet's own inflection rules reduce it to ``base`` as a noun or a verb (PAINTED,
    PAINT; GLASSES, GLASS), or it is an adjective in -ED or -ING made from a noun, which
    WordNet does not link (HAIRED, HAIR; MONEYED, MONEY). A form the dictionary lacks as a
    lemma (PAINTS), or a ``base`` it lacks, is decided by the spelling, as it is when WordNet
    is not installed, unless ``confirm`` asks for the dictionary's word (a rule whose spelling
    makes too many words of their own: -LL + Y)."""
    wn = default_wordnet()
    if wn is None:
        return not confirm
    parts = [pos for pos in ("n", "v", "a", "r") if wn.has(form, pos)]
    if not parts:
        return not confirm
    if not (of_form or any(wn.has(base, pos) for pos in ("n", "v", "a", "r"))):
        return True
    if base in wn.linked(form) or form in wn.linked(base):
        return True
    if kind == "-ly":
        return "r" in parts and (of_form or wn.has(base, "a") or any(
            wn.has(verb, "v") for verb in wn.base_forms(base, "v")[1:]
            if base.endswith(("ed", "ing"))))
    inflected = ("n", "v") if kind == "plural" else ("v",)
    if any(base in wn.base_forms(form, pos)[1:] and (of_form or wn.has(base, pos))
           for pos in inflected):
        return True
    return kind != "plural" and "a" in parts and wn.has(base, "n")


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
                if (form and form != word and form not in out
                        and is_form(form, base, rule.kind, bool(last), rule.confirm)):
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
