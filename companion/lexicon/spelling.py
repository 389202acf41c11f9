"""What a word the list lacks may have been meant as: the list's words one edit from it
(RECIEVE: RECEIVE), and, for a regular ending on a word whose forms are irregular (RUNNED,
CUTTED, CHILDS, GOODER), the irregular forms the list has (RAN and RUN, CUT, CHILDREN,
BETTER), or what a form given its ending again already is (TEETHS: TEETH, the plural of
TOOTH). The reasons of :mod:`companion.lexicon.reasons` say them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache

import numpy as np

from companion.datafiles import read_table
from companion.lexicon.core import ALPHABET, Lexicon
from companion.lexicon.wordclass import word_classes
from companion.lexicon.wordnet import define, exception_bases, tagged
from companion.lexicon.wordnet import irregular_forms as exception_forms

__all__ = ["Irregular", "compared_forms", "irregular", "irregular_plurals", "near_words",
           "plural_is_itself", "verb_forms"]

VERB_FORMS = "verb-forms.tsv"
SAME_PLURALS = "same-plurals.tsv"
COMPARED_FORMS = "compared-forms.tsv"

NEAR_WORDS = 5  # at most this many near words are named
# Words shorter than this have too many neighbours one letter away for any to be the word
# meant (QX: AX, EX, OX, QI ...): only a swap of two letters next to each other is offered
# for them (HTE: THE).
FULL_EDITS_FROM = 4
# Words this long, with no word one edit away, are also matched two edits away
# (ACOMMODATE: ACCOMMODATE), with the first letter kept.
TWO_EDITS_FROM = 7
# More words than this two edits away are too many for any to be the word meant: none is
# named (SILNAED: SLINKED, SAUNAED, SIGNALED ... eight of them).
TWO_EDITS_AT_MOST = 2
# ... unless they are reached by the likeliest slips only, a letter doubled or made single
# and two letters swapped (:func:`_weighed` at most 0.7 + 0.7): BEGGINING has five words two
# edits away, but only BEGINNING by two doubling slips.
LIKELIEST_TWO = 1.4
VOWELS = frozenset("aeiou")

# The regular endings: kind -> (the endings as written after the base, with the spelling
# changes) as (what the base loses from its end, what is added).
_ENDINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "s": (("", "s"), ("", "es"), ("y", "ies"), ("ey", "ies")),
    "ed": (("", "ed"), ("e", "ed"), ("y", "ied"), ("ey", "ied"), ("", "ked")),
    "ing": (("", "ing"), ("e", "ing"), ("", "king")),
    "er": (("", "er"), ("e", "er"), ("y", "ier")),
    "est": (("", "est"), ("e", "est"), ("y", "iest")),
}
# Which of the dictionary's exception lists name a base's irregular forms of each kind.
_POS = {"s": ("n", "v"), "ed": ("v",), "ing": ("v",), "er": ("a",), "est": ("a",)}


def typed_forms(base: str, kind: str) -> set[str]:
    """``base`` with the regular ending ``kind`` (``s``, ``ed``, ``ing``, ``er``, ``est``) in
    every spelling a player may give it, right or not: RUN: RUNED, RUNNED; DIE: DIED, DIEING;
    TRY: TRYS, TRIES; MONKEY: MONKEYS, MONKIES; PICNIC: PICNICED, PICNICKED
    (:func:`regular_forms` is the right one)."""
    out = set()
    for drop, add in _ENDINGS[kind]:
        if drop and not base.endswith(drop):
            continue
        if add in ("ked", "king") and not base.endswith("c"):
            continue
        stem = base[: len(base) - len(drop)]
        out.add(stem + add)
        if not drop and add[0] in VOWELS and stem[-1] not in VOWELS:
            out.add(stem + stem[-1] + add)  # RUNNED, BIGGER, QUIZZES
    return out


def _short_vowel_last(base: str) -> bool:
    """Whether ``base`` ends in one vowel and a consonant that a regular ending doubles (RUN,
    BIG, QUIZ; not RAIN, BOX, SAW)."""
    return (len(base) >= 2 and base[-1] not in VOWELS and base[-1] not in "wxy"
            and base[-2] in VOWELS and (len(base) < 3 or base[-3] not in VOWELS))


def regular_forms(base: str, kind: str) -> set[str]:
    """``base`` with the regular ending ``kind`` as the regular rules spell it: -ES after S,
    X, Z, CH, SH and O; Y after a consonant made IE (TRIES, TRIED, HAPPIER); a final E
    dropped (BAKED, BAKING, but SEEING and no DING for DIE: DYING is irregular); the last
    consonant doubled after one short vowel (RUNNED, BIGGER, QUIZZES); K after a final C
    (PICNICKED). A base whose form of ``kind`` the list has in one of these spellings is not
    irregular for it, whatever the dictionary's exception list says (DREAMED, DREAMT)."""
    vowel_y = len(base) >= 2 and base[-1] == "y" and base[-2] not in VOWELS
    stem = base[:-1] if vowel_y else base
    doubled = {base + base[-1] + kind if kind != "s" else base + base[-1] + "es"}
    if kind == "s":
        if vowel_y:
            return {stem + "ies"}
        sibilant = base.endswith(("s", "x", "z", "ch", "sh"))
        out = {base + "es"} if sibilant else {base + "s"}
        if base.endswith("o"):
            out.add(base + "es")
        return out | (doubled if base[-1] in "sz" else set())
    if kind == "ing":
        if base.endswith("ie"):
            return set()
        out = {base[:-1] + "ing"} if base.endswith("e") and base[-2:] not in (
            "ee", "ye", "oe") else {base + "ing"}
    elif vowel_y:
        out = {stem + "i" + kind}
    elif base.endswith("e"):
        out = {base + kind[1:]}
    else:
        out = {base + kind}
    if base.endswith("c"):
        out.add(base + "k" + kind)
    return out | (doubled if _short_vowel_last(base) else set())


def _bases(word: str) -> Iterator[tuple[str, str]]:
    """``(base, kind)``: every base that ``word`` is with a regular ending of ``kind``."""
    for kind, endings in _ENDINGS.items():
        for drop, add in endings:
            if not word.endswith(add) or len(word) - len(add) < 1:
                continue
            stem = word[: len(word) - len(add)]
            for base in (stem + drop, stem[:-1] + drop if len(stem) > 2 and not drop
                         and stem[-1] == stem[-2] else ""):
                if len(base) >= 2 and word in typed_forms(base, kind):
                    yield base, kind


def _of_kind(form: str, kind: str, pos: str) -> bool:
    """Whether the exception list's ``form`` (of part of speech ``pos``) is of the ending
    ``kind``: DYING for -ING, RAN for -ED, BEST for -EST, BETTER for -ER, HAS for -S."""
    if pos == "n":
        return kind == "s"
    if pos == "a":
        return (kind == "est") == form.endswith("st")
    if kind == "ing":
        return form.endswith("ing")
    if kind == "s":
        return form.endswith("s") and form != "was"
    return not form.endswith("ing") and not form.endswith("s")


def _irregular_forms(base: str, pos: str) -> list[str]:
    """The dictionary's irregular forms of ``base`` as part of speech ``pos``: those its
    exception list names, and for a noun in -MAN the plural in -MEN, which WordNet gives by a
    rule of its own rather than in the list (WOMAN: WOMEN); for an adjective, the
    comparative and superlative of the table of compared forms too (MANY: MORE, MOST;
    :func:`compared_forms`), which the exception list lacks for some."""
    forms = exception_forms(base, pos)
    if pos == "n" and base.endswith("man"):
        forms.append(base[:-3] + "men")
    if pos == "a":
        forms += [f for part in compared_forms(base) or () for f in part if f not in forms]
    return forms


@cache
def _compared_table() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    return {row["word"]: (tuple(row["comparative"].split(",")),
                          tuple(row["superlative"].split(",")))
            for row in read_table(COMPARED_FORMS)}


def compared_forms(word: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The comparative and superlative forms of ``word`` (lower case) when they are not made
    with -ER and -EST (``companion/data/compared-forms.tsv``: MANY: (MORE,), (MOST,); FAR:
    (FARTHER, FURTHER), (FARTHEST, FURTHEST)); None for a word the table does not list."""
    return _compared_table().get(word)


def _compared_bases(form: str) -> list[str]:
    """The words the irregular comparative or superlative ``form`` is of: by the
    dictionary's exception lists for adjectives and adverbs (BEST: GOOD), then by the table
    of compared forms (MOST: MANY, MUCH)."""
    bases = [b for pos in ("a", "r") for b in exception_bases(form, pos)]
    return bases + [w for w, (more, most) in _compared_table().items()
                    if form in more + most and w not in bases]


@cache
def _verb_table() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    return {row["verb"]: (tuple(row["past"].split(",")), tuple(row["participle"].split(",")))
            for row in read_table(VERB_FORMS)}


def verb_forms(verb: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The past and the past participle forms of ``verb`` (lower case) when they are not the
    regular -ED (``companion/data/verb-forms.tsv``: CUT: (CUT,), (CUT,); BEAT: (BEAT,),
    (BEATEN, BEAT); RUN: (RAN,), (RUN,)), each part's spellings in the table's order; None for a
    verb the table does not list (a regular one, or one only WordNet knows)."""
    return _verb_table().get(verb)


@cache
def _same_plurals() -> frozenset[str]:
    return frozenset(row["noun"] for row in read_table(SAME_PLURALS))


def plural_is_itself(noun: str) -> bool:
    """Whether the plural of ``noun`` (lower case) is the noun itself
    (``companion/data/same-plurals.tsv``: SHEEP, MOOSE, DEER, AIRCRAFT)."""
    return noun in _same_plurals()


def irregular_plurals(base: str) -> list[str]:
    """The plurals the dictionary gives the noun ``base`` (lower case) beside the regular
    ones: CHILD: CHILDREN; KNIFE: KNIVES; INDEX: INDICES; WOMAN: WOMEN. Empty for a noun with
    only regular plurals, or when WordNet is not installed."""
    return [f for f in _irregular_forms(base, "n") if f != base]


@dataclass(frozen=True)
class Irregular:
    """A word the list lacks that is ``base`` (in the list) with a regular ending, where
    ``base`` has irregular ``forms`` of that ending which the list has; for a wrong -ED on a
    verb whose forms the table of verb forms gives, which of them are its ``past`` and which
    its ``participle`` (empty otherwise). ``already`` says what the one form of ``forms``
    is when the word is that form given its ending again ("plural": TEETHS, TOOTH, TEETH;
    "past": TOOKED, TAKE, TOOK; "past participle": DRUNKED, DRINK, DRUNK; "superlative":
    BESTEST, GOOD, BEST), and ``also_of`` the other words of the list that form is already
    of (MOSTEST: MOST is the superlative of MANY, the base, and of MUCH; BESTEST: of GOOD
    and WELL)."""

    base: str
    forms: tuple[str, ...]
    past: tuple[str, ...] = ()
    participle: tuple[str, ...] = ()
    already: str = ""
    also_of: tuple[str, ...] = ()

    @property
    def plural_is_base(self) -> bool:
        """Whether the first form is the base itself as its plural (SHEEPS: SHEEP)."""
        return self.forms[0] == self.base and not (self.past or self.participle)

    def keeping(self, fits: Callable[[str], bool]) -> Irregular | None:
        """These forms with only those a game would take (``fits``: a PDQ deal's cards and
        minimum length, the tiles of a board game), or None when it takes none of them: a
        reason names no form the player cannot play there (CUTTED under PDQ: CUT is too
        short)."""
        forms = tuple(f for f in self.forms if fits(f))
        if not forms:
            return None
        return replace(self, forms=forms, past=tuple(f for f in self.past if fits(f)),
                       participle=tuple(f for f in self.participle if fits(f)))


def _verb_irregular(word: str, base: str, lexicon: Lexicon) -> Irregular | None:
    """:func:`irregular` for ``word``, ``base`` with a regular -ED, when the table of verb
    forms lists ``base``: its past and participle forms the list has (CUTTED: CUT, CUT;
    BEATED: BEAT, then BEATEN), or None when there are none or the table gives ``base`` a
    regular -ED that the list has (BET, BETTED). A word spelt as a regular -ED of ``base``
    that is another verb's form is no such form (PUTTED, of PUTT, for PUT)."""
    table = verb_forms(base)
    if table is None:
        return None
    past, participle = ([f for f in part if f != word and f in lexicon] for part in table)
    if not (past or participle) or any(f in regular_forms(base, "ed") for f in past + participle):
        return None
    return Irregular(base, tuple(dict.fromkeys(past + participle)), tuple(past),
                     tuple(participle))


def irregular(word: str, lexicon: Lexicon) -> Irregular | None:
    """When ``word`` (letters, any case; one the list lacks) is a base in ``lexicon`` with a
    regular ending (-S/-ES/-IES, -ED, -ING, -ER, -EST, spelt by the usual rules) and that
    base has irregular forms of that ending which the list has: the base and those forms
    (RUNNED: RUN, RAN and RUN; CUTTED: CUT, CUT; CHILDS: CHILD, CHILDREN; GOODER: GOOD,
    BETTER; DIEING: DIE, DYING; SHEEPS: SHEEP, SHEEP, a noun whose plural is itself,
    :func:`plural_is_itself`). A verb's past and participle come from the table of verb
    forms (:func:`verb_forms`), past first, which also holds the forms that are the base
    itself; the other forms, and those of verbs the table does not list, from the
    dictionary's exception lists (WordNet's ``noun.exc``, ``verb.exc``, ``adj.exc``). None
    when the list has a regular form of the base with that ending too (a verb with both
    forms is not irregular there), or nothing fits. An irregular plural given a plural
    ending again is told too (TEETHS: TOOTH, TEETH), and so are a verb's irregular past or
    participle given -ED (TOOKED: TAKE, TOOK) and an irregular comparative or superlative
    given -ER or -EST (BESTEST: GOOD, BEST; :attr:`Irregular.already`)."""
    lower = word.lower()
    for base, kind in _bases(lower):
        if base not in lexicon:
            continue
        if kind == "ed" and verb_forms(base) is not None:
            verb = _verb_irregular(lower, base, lexicon)
            if verb is not None:
                return verb
            continue
        if any(f in lexicon for f in regular_forms(base, kind)):
            continue
        forms = [f for pos in _POS[kind] for f in _irregular_forms(base, pos)
                 if _of_kind(f, kind, pos) and f not in (lower, base) and f in lexicon]
        if kind == "s" and plural_is_itself(base):
            forms.insert(0, base)  # SHEEPS, MOOSES: the plural is SHEEP, MOOSE
        if forms:
            return Irregular(base, tuple(dict.fromkeys(forms)))
    return (_plural_again(lower, lexicon) or _past_again(lower, lexicon)
            or _compared_again(lower, lexicon))


def _plural_again(word: str, lexicon: Lexicon) -> Irregular | None:
    """``word`` is an irregular plural the list has with a plural ending again (TEETHS,
    MICES, GEESES, CHILDRENS, WOMENS): the singular, in the list, and that plural, by the
    dictionary's exception list for nouns or its rule for nouns in -MAN; not a plural that
    takes a regular plural of its own in the list, being a singular too."""
    for plural in (word[:-1] if word.endswith("s") else "",
                   word[:-2] if word.endswith("es") else ""):
        if (len(plural) < 2 or plural not in lexicon
                or any(f in lexicon for f in regular_forms(plural, "s"))):
            continue  # DIVE, which the list gives DIVES, is a singular too (DIVEES)
        singulars = [*exception_bases(plural, "n")]
        if (plural.endswith("men") and not exception_forms(plural, "n")
                and not define(plural, limit=1, inflected=False)):
            singulars.append(plural[:-3] + "man")  # not GERMEN, a singular (GERMINA)
        singular = next((s for s in singulars if s != plural and s in lexicon), None)
        if singular is not None:
            return Irregular(singular, (plural,), already="plural")
    return None


def _compared_again(word: str, lexicon: Lexicon) -> Irregular | None:
    """``word`` is an irregular comparative or superlative the list has with -ER or -EST
    again (BESTEST, BETTERER, WORSEST, MOSTEST): the adjectives and adverbs, in the list,
    that form is of (:func:`_compared_bases`: MOST, of MANY and MUCH; BEST, of GOOD and
    WELL), the first as the base, and that form."""
    for form, kind in _bases(word):
        if kind not in ("er", "est") or form not in lexicon:
            continue
        bases = [b for b in dict.fromkeys(_compared_bases(form)) if b != form and b in lexicon]
        if bases:
            what = "superlative" if form.endswith("st") else "comparative"
            return Irregular(bases[0], (form,), already=what, also_of=tuple(bases[1:]))
    return None


@cache
def _verbs_of() -> dict[str, list[tuple[str, str]]]:
    """Each irregular past or participle of the table of verb forms, with its verbs and what
    it is of each ("past", "past participle", "past and past participle")."""
    out: dict[str, list[tuple[str, str]]] = {}
    for verb, (past, participle) in _verb_table().items():
        for form in dict.fromkeys(past + participle):
            if form != verb and form not in regular_forms(verb, "ed"):
                what = ("past and past participle" if form in past and form in participle
                        else "past" if form in past else "past participle")
                out.setdefault(form, []).append((verb, what))
    return out


def _past_again(word: str, lexicon: Lexicon) -> Irregular | None:
    """``word`` is a verb's irregular past or participle the list has with -ED again (TOOKED,
    DRUNKED, BOUGHTED): the verb, in the list, and that form, by the table of verb forms.
    None for a regular -ED spelt wrong on a base the list has (DONED: DONNED, not DONE)."""
    if _respelt(word, lexicon):
        return None
    for form, kind in _bases(word):
        if kind != "ed" or form not in lexicon:
            continue
        verb = next(((v, what) for v, what in _verbs_of().get(form, ()) if v in lexicon), None)
        if verb is not None:
            return Irregular(verb[0], (form,), already=verb[1])
    return None


def _edits(word: str, full: bool) -> Iterator[tuple[str, int]]:
    """Every string one edit from ``word``, each with how likely the edit is as a slip (0
    most): a swap of neighbouring letters (0), a doubled letter made single or a single one
    doubled (1), a vowel for a vowel (2), any other letter dropped or added (3), any other
    letter changed (4). Without ``full``, the swaps only."""
    n = len(word)
    for i in range(n - 1):
        if word[i] != word[i + 1]:
            yield word[:i] + word[i + 1] + word[i] + word[i + 2:], 0
    if not full:
        return
    for i in range(n):
        doubled = (i > 0 and word[i - 1] == word[i]) or (i + 1 < n and word[i + 1] == word[i])
        yield word[:i] + word[i + 1:], 1 if doubled else 3
    for i in range(n + 1):
        for c in ALPHABET:
            doubled = (i > 0 and word[i - 1] == c) or (i < n and word[i] == c)
            yield word[:i] + c + word[i:], 1 if doubled else 3
    for i in range(n):
        for c in ALPHABET:
            if c != word[i]:
                vowels = c in VOWELS and word[i] in VOWELS
                yield word[:i] + c + word[i + 1:], 2 if vowels else 4


def _distance(a: str, b: str, cap: int) -> int:
    """How many edits ``b`` is from ``a`` (a letter dropped, added or changed, or two
    neighbours swapped, each one), or ``cap + 1`` once it must be more than ``cap``."""
    return round(_measure(a, b, cap, False))


def _weighed(a: str, b: str) -> float:
    """:func:`_distance` with the likelier slips costing less (a swap 0.5, a letter doubled
    or made single 0.7, a vowel for a vowel 0.8, any other 1), which ranks the words the
    same number of edits away."""
    return _measure(a, b, 4.0, True)


def _measure(a: str, b: str, cap: float, weighed: bool) -> float:
    """The edits from ``a`` to ``b`` (a letter dropped, added or changed, two neighbours
    swapped), each costing 1, or, ``weighed``, as :func:`_weighed` prices them; ``cap + 1``
    once the cost must pass ``cap``."""
    prev2: list[float] = []
    prev: list[float] = [float(j) for j in range(len(b) + 1)]
    for i in range(1, len(a) + 1):
        cur = [float(i)] + [0.0] * len(b)
        for j in range(1, len(b) + 1):
            x, y = a[i - 1], b[j - 1]
            if x == y:
                change = 0.0
            else:
                change = 0.8 if weighed and x in VOWELS and y in VOWELS else 1.0
            drop = 0.7 if weighed and i > 1 and a[i - 2] == x else 1.0  # a doubled letter
            add = 0.7 if weighed and j > 1 and b[j - 2] == y else 1.0
            cur[j] = min(prev[j] + drop, cur[j - 1] + add, prev[j - 1] + change)
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y and x != y:
                cur[j] = min(cur[j], prev2[j - 2] + (0.5 if weighed else 1.0))
        if min(cur) > cap:
            return cap + 1
        prev2, prev = prev, cur
    return prev[-1]


def _two_edits(word: str, lexicon: Lexicon) -> list[str]:
    """The words of ``lexicon`` two edits from ``word`` that begin with its first letter,
    likeliest first (:func:`_weighed`): those whose length and letter counts could be two
    edits away (a quick sum over the list's table of letter counts) are measured one by
    one."""
    counts, lengths = lexicon.letter_counts
    start, stop = lexicon.prefix_range(word[0])
    near = np.abs(lengths[start:stop] - len(word)) <= 2
    mine = np.zeros(26, dtype=np.int16)
    for c in word:
        mine[ord(c) - 97] += 1
    rows = np.flatnonzero(near) + start
    diff = np.abs(counts[rows].astype(np.int16) - mine).sum(axis=1)
    # a letter dropped or added moves the counts by 1, a letter changed by 2, a swap by 0:
    # two edits that change the length by d move them by at most 4 - d
    found = [lexicon.words[i]
             for i in rows[diff <= 4 - np.abs(lengths[rows] - len(word))]]
    return sorted((w for w in found if w != word and _distance(word, w, 2) == 2),
                  key=lambda w: (_weighed(word, w), w))


def near_words(word: str, lexicon: Lexicon, fits: Callable[[str], bool] | None = None,
               limit: int = NEAR_WORDS) -> list[str]:
    """The words of ``lexicon`` (at most ``limit``; lower case) close in spelling to
    ``word`` (letters, any case), most likely first: one edit away (two letters next to each
    other swapped, a letter dropped, added or changed; for a word of under
    :data:`FULL_EDITS_FROM` letters only a swap), the swap first, then a doubled letter, a
    vowel for a vowel, then any other, the commoner word first among slips about as likely
    (:data:`_TIERS`); a word sharing the first letter before one that does not. A word of
    :data:`TWO_EDITS_FROM` letters or more with none one edit away gets those two edits away
    that share its first letter, when there are no more than :data:`TWO_EDITS_AT_MOST` of
    them, or else those two slips of a doubled letter or a swap away (:data:`LIKELIEST_TWO`:
    BEGGINING: BEGINNING). Before them all, the right spelling of a regular ending the word
    spells wrong (:func:`_respelt`: BABYS: BABIES). ``fits``, when given, keeps only the
    words it accepts (a game's length or tiles). Empty when nothing is close."""
    lower = word.lower()
    if not lower or len(lower) > lexicon.longest + 2:  # no word of the list is near
        return []
    respelt = [w for w in _respelt(lower, lexicon) if fits is None or fits(w)]
    ranked: dict[str, tuple[int, int]] = {}
    for near, how in _edits(lower, len(lower) >= FULL_EDITS_FROM):
        if len(near) < 2 or near not in lexicon or (fits is not None and not fits(near)):
            continue
        key = (0 if near[0] == lower[0] or how == 0 else 1, how)
        if near not in ranked or key < ranked[near]:
            ranked[near] = key
    if not ranked and len(lower) >= TWO_EDITS_FROM:
        far = [w for w in _two_edits(lower, lexicon) if fits is None or fits(w)]
        if len(far) > TWO_EDITS_AT_MOST:
            far = [w for w in far if _weighed(lower, w) <= LIKELIEST_TWO + 1e-9]
        return (respelt + [w for w in far if w not in respelt])[:limit]
    common = {w: _commonness(w) for w in ranked}
    return (respelt + sorted((w for w in ranked if w not in respelt),
                             key=lambda w: (ranked[w][0], _TIERS[ranked[w][1]], -common[w],
                                            ranked[w][1], w)))[:limit]


def _respelt(word: str, lexicon: Lexicon) -> list[str]:
    """The words of ``lexicon`` that spell right the regular ending ``word`` spells wrong on
    a base the list has (BABYS: BABIES; CITYS: CITIES; MONKIES: MONKEYS; TOMATOS: TOMATOES;
    STOPED: STOPPED; TRYED: TRIED; HAPPYER: HAPPIER), which may be two edits away: the word
    the player meant before any other near word."""
    return list(dict.fromkeys(
        f for base, kind in _bases(word) if base in lexicon
        for f in sorted(regular_forms(base, kind)) if f != word and f in lexicon))


# The slips of :func:`_edits` in tiers of likelihood: within a tier the commoner word comes
# first (COLLEGUE: COLLEAGUE, a letter dropped, before COLLOGUE, a vowel changed).
_TIERS = {0: 0, 1: 0, 2: 1, 3: 1, 4: 2}


def _commonness(word: str) -> int:
    """How common ``word`` is: its count in the dictionary's tagged texts
    (:func:`companion.lexicon.wordnet.tagged`), a function word (which the dictionary does
    not define: THE, BECAUSE) counting as the commonest."""
    return 10**6 if word_classes(word) else tagged(word)
