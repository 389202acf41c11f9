"""Why a word is or is not one the list has: the one owner of the sentences every word
look-up gives (``companion check``, the PDQ judge, the web pages). Words reach it read by
their letters (:mod:`companion.lexicon.letters`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion import text
from companion.lexicon.core import Lexicon
from companion.lexicon.house import OFFENSIVE_LIST_NAME
from companion.lexicon.spelling import Irregular, irregular, near_words
from companion.lexicon.wordnet import Definition, define
from companion.lexicon.writing import abbreviation, contractions, fixed_phrase, written_apart

__all__ = ["Absence", "absence", "absent_reason", "listed_reason", "missing_note",
           "missing_reason", "not_letters_reason"]

NAMES = "Proper nouns (names of people and places) are not allowed."


# Blanks named in words, as ' ' and '\t' were not plain to read ("ICE CREAM ... contains ' '").
_BLANKS = {" ": "a space", "\t": "a tab"}


def not_letters_reason(word: str) -> str:
    """Why ``word`` (read by :func:`word_letters`) is not a word: the characters that are not
    letters A-Z, named ("'-'", "a space", "'2' and '?'")."""
    bad = sorted({c for c in word if not (c.isascii() and c.isalpha())})
    named = text.listed([_BLANKS.get(c, "a blank" if c.isspace() else repr(c))
                         for c in bad[:8]]) + (" ..." if len(bad) > 8 else "")
    return f"{text.shown(word.upper())} is not a word: it contains {named}; use letters A-Z only."


def _abbreviation(written: str) -> bool:
    """``USA``, ``U.S.``, ``DOE``: written in capitals (or with points), not as a name; or
    ``pH``, ``mRNA``: a small first letter and capitals for at least half of the others,
    which no name is written with (not ``iPod`` or ``deVries``)."""
    letters = [c for c in written if c.isalpha()]
    rest = letters[1:]
    return "." in written or (len(letters) > 1 and all(c.isupper() for c in letters)) or (
        bool(rest) and letters[0].islower() and 2 * sum(c.isupper() for c in rest) >= len(rest))


def _joined(words: list[str]) -> str:
    """``iron``, ``megabit or millibar``: the different words, in order, the last with 'or'."""
    return text.listed(list(dict.fromkeys(words))[:3], "or")


def _forms_said(forms: Irregular) -> str:
    """The irregular ``forms`` the list has, as a reason names them: "CHILDREN", "GONE and
    WENT", and a verb's past and participle each named for what it is: "RAN for the past and
    RUN for the past participle", "CUT for the past and the past participle", "BID or BADE
    for the past and BIDDEN or BID for the past participle"."""
    if not (forms.past or forms.participle):
        return text.listed([f.upper() for f in forms.forms])
    past, participle = (text.listed([f.upper() for f in part], "or")
                        for part in (forms.past, forms.participle))
    if set(forms.past) == set(forms.participle):
        return f"{past} for the past and the past participle"
    said = [f"{past} for the past"] if past else []
    said += [f"{participle} for the past participle"] if participle else []
    return " and ".join(said)


def _remover(name: str) -> str:
    """The house layer ``name`` as the subject of "... removes it"."""
    if name == OFFENSIVE_LIST_NAME:  # "offensive words (LDNOOBW) removes it" jarred
        return f"the list of {name}"
    return name


def missing_reason(words: Sequence[str], lexicon: Lexicon) -> str:
    """Why a play (or a word) is refused: ``words`` (letters A-Z; each named once, in
    order, in capitals) are not in ``lexicon``: "XY, AX and TY are not in the word list
    NAME", and when a house list removes some of them, which list removes which ("...: no.txt
    removes it", "...: no.txt removes CAT"). The one owner of the sentence, for every
    game's judge, a challenge, ``companion check`` and the web; written to follow a prefix
    or end with a full stop (:func:`companion.text.sentence`)."""
    named = list(dict.fromkeys(w.upper() for w in words))
    verb = "is" if len(named) == 1 else "are"
    reason = (f"{text.listed([text.shown(w) for w in named])} {verb} not in "
              f"{lexicon.in_the_list()}")
    removers: dict[str, list[str]] = {}
    for word in named:
        if lexicon.change(word.lower()) == "removed":
            removers.setdefault(lexicon.decided_by(word.lower()), []).append(word)
    if not removers:
        return reason
    said = []
    for remover, removed in removers.items():
        which = (("it" if len(named) == 1 else "them") if removed == named
                 else text.listed([text.shown(w) for w in removed]))
        said.append(f"{_remover(remover)} removes {which}")
    return f"{reason}: {text.listed(said)}"


def missing_note(words: Sequence[str]) -> str:
    """The note a replay puts on a play that stood unchallenged with ``words`` the list
    lacks ("not in the word list: TAC and ZO"): the words as :func:`missing_reason` names
    them, the list named once by the replay."""
    named = list(dict.fromkeys(text.shown(w.upper()) for w in words))
    return f"not in the word list: {text.listed(named)}"


@dataclass(frozen=True)
class Absence:
    """Why a word is not in the list (:func:`absence`): the ``reason`` sentence, and what it
    names the player may have meant: the ``near_words`` of the list (in capitals, most
    likely first), the base in the list whose ``irregular`` forms the list has, how the word
    is ``written_as`` apart or with an apostrophe, or the words it is an abbreviation of."""

    reason: str
    near_words: tuple[str, ...] = ()
    irregular: Irregular | None = None
    # how the word is written where the reason says it is written otherwise: as words
    # apart or with a hyphen ("A LOT", "X-RAY"), or a contraction with its apostrophe
    # ("DON'T"); "" otherwise
    written_as: str = ""
    # the words an abbreviation stands for, as the dictionary or the table of month, day
    # and title abbreviations writes them ("television", "August")
    abbreviation_of: tuple[str, ...] = ()

    @property
    def irregular_base(self) -> str:
        """The base with irregular forms, in capitals (``""``: none)."""
        return self.irregular.base.upper() if self.irregular else ""

    @property
    def irregular_forms(self) -> list[str]:
        """The irregular forms of :attr:`irregular_base` the list has, in capitals."""
        return [f.upper() for f in self.irregular.forms] if self.irregular else []


def absence(word: str, lexicon: Lexicon, fits: Callable[[str], bool] | None = None) -> Absence:
    """Why ``word`` (letters A-Z, in the case typed) is not a word of ``lexicon``: not in the
    list, and, when it says why, because a house layer removes it, because it is a
    contraction without its apostrophe ("DONT is DON'T without its apostrophe; contractions
    are not allowed.", :func:`companion.lexicon.writing.contractions`), because it is the
    abbreviation of a month, a day or a title ("AUG ...: it is an abbreviation (Aug, of
    August). Abbreviations are not allowed.", :func:`companion.lexicon.writing.abbreviation`),
    or because the dictionary knows it only as a name or an abbreviation (written with
    capitals in every sense: PARIS, NATO; an abbreviation also when the sense writes it with
    points, Ms and Ms., ok and o.k., or with a capital after a small first letter, pH, or as
    the short form of words its sense names, TV: television) or only as a symbol (a chemical
    element's or a unit's: Fe, Hz), however it was typed. Else, a word the dictionary writes
    as words apart or with a hyphen is told so ("ALOT ...: the dictionary has it as two
    words, A LOT; close to it in the list: ALLOT, ...",
    :func:`companion.lexicon.wordnet.written_apart`), and so is a fixed phrase the
    dictionary cannot have, run together ("INSPITE ...: it is written as two words, IN
    SPITE, as in IN SPITE OF", :func:`companion.lexicon.writing.fixed_phrase`). Else, a
    regular ending on a word whose forms are irregular is told with the forms the list has
    ("RUNNED is not in ...: RUN is irregular; the list has RAN for the past and RUN for the
    past participle.", :func:`companion.lexicon.spelling.irregular`), an irregular form given
    its ending again with what it is ("TEETHS ...: TEETH is already the plural of TOOTH."),
    each naming only the forms ``fits`` keeps (none kept, no such reason), and a near
    spelling with the list's words close to it ("RECIEVE is not in ...; close to it in the
    list: RECEIVE.", :func:`companion.lexicon.spelling.near_words`; ``fits`` keeps only the
    words a game would take). A word the dictionary does not know that was typed with a
    capital, as a name is, and is close to no word, gets the rule on names."""
    lower = word.lower()
    reason = missing_reason([word], lexicon)
    if lexicon.change(lower) == "removed":
        return Absence(f"{reason}.")
    shortened = _shortened(reason, word)
    if shortened is not None:
        return shortened
    senses = define(lower, limit=64)
    known = _known_only_as(reason, senses)
    if known is not None:
        return known
    apart = written_apart(lower)
    if apart:  # ALOT: A LOT, and the list's words close to it after
        return _written_apart(reason, apart[0], lower, lexicon, fits)
    phrase = fixed_phrase(lower)
    if phrase is not None:  # INSPITE: IN SPITE, as in IN SPITE OF
        return _written_apart(reason, phrase[0], lower, lexicon, fits, phrase[1])
    forms = irregular(lower, lexicon)
    if forms is not None and fits is not None:
        forms = forms.keeping(fits)
    if forms is not None and forms.already:
        bases = text.listed([b.upper() for b in (forms.base, *forms.also_of)])
        return Absence(f"{reason}: {forms.forms[0].upper()} is already the {forms.already} of "
                       f"{bases}.", irregular=forms)
    if forms is not None and forms.plural_is_base:
        return Absence(f"{reason}: {forms.base.upper()} is irregular; its plural is "
                       f"{text.listed([f.upper() for f in forms.forms], 'or')}.",
                       irregular=forms)
    if forms is not None:
        return Absence(f"{reason}: {forms.base.upper()} is irregular; the list has "
                       f"{_forms_said(forms)}.", irregular=forms)
    near = tuple(w.upper() for w in near_words(lower, lexicon, fits))
    if near:
        return Absence(f"{reason}; close to it in the list: {text.listed(near)}.", near)
    if not senses and word[:1].isupper() and not word.isupper():
        return Absence(f"{reason}. {NAMES}")
    return Absence(f"{reason}.")


def _shortened(reason: str, word: str) -> Absence | None:
    """:func:`absence` for a contraction without its apostrophe (DONT: DON'T) or the
    abbreviation of a month, a day or a title (AUG: Aug, of August), whatever the dictionary
    knows written the same (it writes Aug as a name); None for another word."""
    contracted = [c.upper() for c in contractions(word)]
    if contracted:
        return Absence(f"{reason}: {text.shown(word.upper())} is {text.listed(contracted, 'or')} "
                       f"without its apostrophe; contractions are not allowed.",
                       written_as=contracted[0])
    short = abbreviation(word)
    if short is not None:
        written, stands_for = short
        return Absence(f"{reason}: it is an abbreviation ({written}, of "
                       f"{_joined(list(stands_for))}). Abbreviations are not allowed.",
                       abbreviation_of=stands_for)
    return None


def _spellings(written: list[str]) -> str:
    """How an abbreviation is written, each spelling once whatever its case, the commonest
    sense's first: "TV" for TV and tv, "OK" for OK and ok ("OK, ok" named the same
    abbreviation twice); at most three. Only for an abbreviation that stands for one thing
    or none the reason names: where it names several, the case may tell them apart (nm,
    nanometer; NM, New Mexico)."""
    first: dict[str, str] = {}
    for w in written:
        first.setdefault(w.lower(), w)
    return ", ".join(list(first.values())[:3])


def _known_only_as(reason: str, senses: list[Definition]) -> Absence | None:
    """:func:`absence` for a word whose ``senses`` (every one the dictionary has for it) are
    all of a symbol, an abbreviation or a name; None when one is not."""
    written = list(dict.fromkeys(d.written or d.lemma for d in senses))
    shown_forms = ", ".join(written[:3])
    if senses and all(d.abbreviation or d.symbol_of or d.abbreviation_of
                      or _abbreviation(d.written or d.lemma) for d in senses):
        symbols = sum(1 for d in senses if d.symbol_of)
        if symbols == len(senses):  # Fe, iron; Hz, hertz: a symbol, not a name
            return Absence(
                f"{reason}: the dictionary knows it only as a symbol ({shown_forms}, "
                f"for {_joined([d.symbol_of for d in senses])}). Symbols are not allowed.")
        if symbols:  # Cf, californium, and cf., compare
            return Absence(f"{reason}: the dictionary knows it only as an abbreviation or a "
                           f"symbol ({shown_forms}). Abbreviations and symbols are not allowed.")
        # what it stands for, when every sense names it (OK is ok too, not only Oklahoma)
        spelt = (tuple(dict.fromkeys(d.abbreviation_of for d in senses))
                 if all(d.abbreviation_of for d in senses) else ())
        of = f", of {_joined(list(spelt))}" if spelt else ""
        # TV and tv are one abbreviation; nm and NM two, nanometer and New Mexico
        forms = _spellings(written) if len(spelt) <= 1 else shown_forms
        return Absence(f"{reason}: the dictionary knows it only as an abbreviation "
                       f"({forms}{of}). Abbreviations are not allowed.",
                       abbreviation_of=spelt[:3])
    if senses and all(d.is_name for d in senses):
        return Absence(f"{reason}: the dictionary knows it only as a name ({shown_forms}). "
                       f"{NAMES}")
    return None


def _name_apart(written: str) -> bool:
    """``New York``, ``Aegean Sea``: words apart written as a name, the first and the last
    with a capital (not ``X ray``, nor ``Achilles tendon``)."""
    words = written.replace("-", " ").split()
    return words[0][:1].isupper() and words[-1][:1].isupper()


def _written_apart(reason: str, lemma: str, word: str, lexicon: Lexicon,
                   fits: Callable[[str], bool] | None, phrase: str = "") -> Absence:
    """:func:`absence` for ``word``, which the dictionary's ``lemma`` (``a lot``, ``x-ray``)
    is with its spaces and hyphens taken out: "...: the dictionary has it as two words, A
    LOT", "... with a hyphen, E-MAIL", or, when every sense of the lemma writes it as a name
    (:func:`_name_apart`), "... only as a name written as two words (New York)" and the rule
    on names; then the list's words close to ``word``, when there are any. With ``phrase``,
    ``lemma`` is the words of that fixed phrase (:func:`companion.lexicon.writing.
    fixed_phrase`), which the dictionary does not have: "...: it is written as two words, IN
    SPITE, as in IN SPITE OF" ("..., EACH OTHER" when it is the whole phrase)."""
    words = lemma.split()
    hyphens = lemma.count("-")
    if len(words) > 1:
        how = f"as {text.number_word(len(words))} {text.noun_for(len(words), 'word')}"
    else:
        how = "with a hyphen" if hyphens == 1 else "with hyphens"
    if phrase:
        said = f"{reason}: it is written {how}, {text.shown(lemma.upper())}" + (
            f", as in {text.shown(phrase.upper())}" if phrase != lemma else "")
        return _with_near(said, word, lexicon, fits, lemma.upper())
    senses = define(lemma, limit=64, inflected=False)
    if senses and all(_name_apart(d.written) for d in senses):
        return Absence(f"{reason}: the dictionary knows it only as a name written {how} "
                       f"({senses[0].written}). {NAMES}", written_as=lemma.upper())
    said = f"{reason}: the dictionary has it {how}, {text.shown(lemma.upper())}"
    return _with_near(said, word, lexicon, fits, lemma.upper())


def _with_near(said: str, word: str, lexicon: Lexicon, fits: Callable[[str], bool] | None,
               written_as: str) -> Absence:
    """The reason ``said`` (of a word written otherwise, ``written_as``), then the list's
    words close to ``word`` when there are any."""
    near = tuple(w.upper() for w in near_words(word, lexicon, fits))
    if near:
        return Absence(f"{said}; close to it in the list: {text.listed(near)}.", near,
                       written_as=written_as)
    return Absence(f"{said}.", written_as=written_as)


def absent_reason(word: str, lexicon: Lexicon, fits: Callable[[str], bool] | None = None) -> str:
    """The sentence of :func:`absence`: why ``word`` is not a word of ``lexicon``."""
    return absence(word, lexicon, fits).reason


def listed_reason(word: str, lexicon: Lexicon) -> str:
    """``the word list NAME`` that has ``word``, and the house list that adds it when one
    does (``...; family.txt adds it``): what a valid verdict says of the list."""
    lower = word.lower()
    added = f"; {lexicon.decided_by(lower)} adds it" if lexicon.change(lower) == "added" else ""
    return f"{lexicon.in_the_list()}{added}"
