"""Definitions from the WordNet 3.0 database files, read directly (no download at run time).

The files come from Debian's ``wordnet-base`` package (``/usr/share/wordnet``) or any folder
named by the ``COMPANION_WORDNET`` environment variable. Index files are sorted, so a look-up is
a binary search in the memory-mapped file: nothing is parsed up front (a process that looks up
many words keeps a table of each index instead), and the pages a look-up touches stay in the
operating system's cache, shared by every process. Inflected forms (plurals, -ed, -ing,
comparatives) are reduced to base forms with WordNet's own exception lists and suffix rules.
"""

from __future__ import annotations

import mmap
import os
import re
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SEARCH_PATHS = ("/usr/share/wordnet", "/usr/share/WordNet", "/usr/local/share/wordnet")
POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# Look-ups per part of speech after which a process keeps an in-memory table of the index.
INDEX_AFTER = 32
POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}
# A pointer's part of speech in a data file: "s", an adjective satellite, is in data.adj too.
_DATA_POS = {"n": "n", "v": "v", "a": "a", "s": "a", "r": "r"}
_ADJ_MARKER = re.compile(r"\([a-z]+\)$")
# A chemical element's synset names its atomic number (iron, Fe, atomic_number_26).
_ATOMIC_NUMBER = re.compile(r"atomic_number_\d+")
# WordNet's lexicographer files of units of measure: noun.quantity (23), noun.time (28).
_UNIT_FILES = ("23", "28")

# WordNet's detachment rules (suffix, replacement) per part of speech.
_SUFFIX_RULES = {
    "n": [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y")],
    "v": [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
          ("ing", "e"), ("ing", "")],
    "a": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
    "r": [],
}


@dataclass(frozen=True)
class Definition:
    """One sense: the base word it was found under, its part of speech and gloss, the base
    word as the dictionary writes it in this sense (``Paris``, ``USA``, ``doe``), whether
    the sense marks it an abbreviation by writing it with a point as well (``Mr`` and
    ``Mr.``, ``cf`` and ``cf.``, ``ok`` and ``o.k.``), when it writes it as a symbol, the
    word the symbol stands for (``Fe``: ``iron``; ``Hz``: ``hertz``), and when the sense
    writes it as the short form of words it also names, those words (``TV``:
    ``television``; ``NASA``: ``National Aeronautics and Space Administration``,
    :func:`_spelt_out`)."""

    lemma: str
    pos: str
    gloss: str
    written: str = ""
    abbreviation: bool = False  # the sense also writes the word with points (Mr., O.K.)
    symbol_of: str = ""  # a chemical element's or a unit's symbol: what it stands for
    abbreviation_of: str = ""  # the words the sense's abbreviation stands for (television)

    @property
    def capitalized(self) -> bool:
        """True when the dictionary writes the word with a capital in this sense: a name
        (Paris), an abbreviation (DOE, USA) or a symbol (As), not the common word."""
        return any(c.isupper() for c in self.written)

    @property
    def is_name(self) -> bool:
        """True when the sense writes the word with a capital and not as a symbol: a proper
        noun (Paris) or an abbreviation in capitals (DOE, USA), but not Fe (iron) or Hz."""
        return self.capitalized and not self.symbol_of

    def __str__(self) -> str:
        symbol = f", the symbol for {self.symbol_of}" if self.symbol_of else ""
        return (f"{self.written or self.lemma} ({POS_NAMES.get(self.pos, self.pos)}{symbol}): "
                f"{self.gloss}")


def find_wordnet_dir() -> Path | None:
    """The folder holding WordNet's ``index.noun`` etc., or None if WordNet is not installed."""
    env = os.environ.get("COMPANION_WORDNET")
    candidates = [env] if env else []
    candidates += list(SEARCH_PATHS)
    for c in candidates:
        if c and (Path(c) / "index.noun").exists():
            return Path(c)
    return None


class WordNet:
    """Reads glosses for a word from a WordNet 3.0 dictionary folder."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        if not (self.folder / "index.noun").exists():
            raise FileNotFoundError(f"no WordNet index files in {self.folder}")
        self._exceptions: dict[str, dict[str, list[str]]] = {}
        self._irregular: dict[str, dict[str, list[str]]] = {}  # base -> its exception forms
        self._maps: dict[str, mmap.mmap] = {}
        self._lock = threading.Lock()
        self._lookups: dict[str, int] = {}
        self._starts: dict[str, dict[bytes, int]] = {}
        self._apart: dict[str, list[str]] | None = None

    def _map(self, name: str) -> mmap.mmap:
        """The file ``name`` of the folder, mapped read-only (once per process)."""
        mapped = self._maps.get(name)
        if mapped is None:
            with self._lock:
                mapped = self._maps.get(name)
                if mapped is None:
                    with open(self.folder / name, "rb") as fh:
                        mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
                    self._maps[name] = mapped
        return mapped

    def _index_line(self, pos: str, lemma: str) -> str | None:
        """Binary search the sorted index file for the line of ``lemma``."""
        key = lemma.encode()

        def lemma_of(line: bytes) -> bytes:
            # licence header lines start with two spaces and sort before every lemma
            return b"" if line.startswith(b"  ") else line.split(b" ", 1)[0]

        data = self._map(f"index.{POS_FILES[pos]}")
        starts = self._line_starts(pos, data)
        if starts is not None:
            at = starts.get(key)
            return None if at is None else _line_at(data, at)[0].decode("utf-8", "replace")

        def line_start(at: int) -> int:
            """Where the first line beginning at or after ``at`` starts."""
            if at == 0:
                return 0
            nl = data.find(b"\n", at - 1)
            return len(data) if nl < 0 else nl + 1

        lo, hi = 0, len(data)
        while lo < hi:
            mid = (lo + hi) // 2
            start = line_start(mid)
            if start >= len(data) or lemma_of(_line_at(data, start)[0]) >= key:
                hi = mid
            else:
                lo = mid + 1
        at = line_start(lo)
        while at < len(data):
            line, at = _line_at(data, at)
            found = lemma_of(line)
            if found == key:
                return line.decode("utf-8", "replace")
            if found > key:
                break
        return None

    def _line_starts(self, pos: str, data: mmap.mmap) -> dict[bytes, int] | None:
        """Where each lemma's line starts, once a process has looked up enough words for the
        table (about 0.1 s to build per part of speech) to beat binary search."""
        starts = self._starts.get(pos)
        if starts is not None:
            return starts
        self._lookups[pos] = self._lookups.get(pos, 0) + 1
        if self._lookups[pos] <= INDEX_AFTER:
            return None
        with self._lock:
            if pos not in self._starts:
                table: dict[bytes, int] = {}
                at = 0
                for line in data[:].split(b"\n"):
                    if line and not line.startswith(b"  "):
                        table[line.split(b" ", 1)[0]] = at
                    at += len(line) + 1
                self._starts[pos] = table
        return self._starts[pos]

    def _exception_bases(self, pos: str, word: str) -> list[str]:
        if pos not in self._exceptions:
            table: dict[str, list[str]] = {}
            path = self.folder / f"{POS_FILES[pos]}.exc"
            if path.exists():
                for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                    parts = line.split()
                    if len(parts) >= 2:
                        table[parts[0]] = parts[1:]
            self._exceptions[pos] = table
        return self._exceptions[pos].get(word, [])

    def irregular_forms(self, base: str, pos: str) -> list[str]:
        """The forms the dictionary's exception list for ``pos`` gives ``base`` (RUN: RAN;
        MOUSE: MICE; GOOD: BETTER, BEST), in the list's order: the reverse of
        :meth:`base_forms`' irregular bases."""
        self._exception_bases(pos, base)  # reads the list once
        reverse = self._irregular.get(pos)
        if reverse is None:
            with self._lock:
                reverse = {}
                for form, bases in self._exceptions[pos].items():
                    for b in bases:
                        reverse.setdefault(b, []).append(form)
                self._irregular[pos] = reverse
        return list(reverse.get(base, ()))

    def has(self, word: str, pos: str) -> bool:
        """Whether ``word`` is a lemma of its own in part of speech ``pos`` (``n``, ``v``,
        ``a``, ``r``), as written: no base form is tried."""
        return self._index_line(pos, word.lower().replace(" ", "_")) is not None

    def written_apart(self, word: str) -> list[str]:
        """The dictionary's lemmas of several words, or hyphened, whose letters run together
        are ``word`` (lower case): ALOT: ``a lot``; ICECREAM: ``ice cream``; XRAY: ``x-ray``;
        with spaces for the underscores, those with the most uses in the sense-tagged texts
        first (:meth:`tagged`). Every index is read once per process for the table (about
        0.2 s) on the first look-up."""
        if self._apart is None:
            indexes = [self._map(f"index.{name}") for name in POS_FILES.values()]
            with self._lock:
                if self._apart is None:
                    table: dict[str, list[str]] = {}
                    for data in indexes:
                        for line in data[:].split(b"\n"):
                            lemma = line.split(b" ", 1)[0]
                            if (b"_" in lemma or b"-" in lemma) and not line.startswith(b"  "):
                                joined = lemma.replace(b"_", b"").replace(b"-", b"")
                                if joined.isalpha():
                                    written = lemma.decode("utf-8", "replace").replace("_", " ")
                                    if written not in table.setdefault(joined.decode(), []):
                                        table[joined.decode()].append(written)
                    self._apart = table
        found = self._apart.get(word.lower(), [])
        return sorted(found, key=lambda w: -self.tagged(w)) if len(found) > 1 else list(found)

    def linked(self, word: str) -> set[str]:
        """The words the dictionary derives ``word`` from or ``word`` from them, in any of its
        senses: the targets of its lexical pointers "derived from adjective" or "pertains to
        noun" (``\\``: FULLY, FULL) and "derivationally related form" (``+``: FRIENDLY,
        FRIEND), lower case with spaces for the underscores."""
        word = word.lower().strip().replace(" ", "_")
        out: set[str] = set()
        for pos in ("n", "v", "a", "r"):
            line = self._index_line(pos, word)
            if line is None:
                continue
            for off in _index_entry(line)[1]:
                words, pointers = self._synset(pos, int(off))
                lowered = [w.lower() for w in words]
                if word not in lowered:
                    continue
                number = lowered.index(word) + 1
                for symbol, target, target_pos, source_target in pointers:
                    if symbol not in ("\\", "+") or int(source_target[:2], 16) != number:
                        continue
                    which = int(source_target[2:], 16)
                    target_words = self._synset(_DATA_POS[target_pos], int(target))[0]
                    if 0 < which <= len(target_words):
                        out.add(target_words[which - 1].lower().replace("_", " "))
        return out

    def _synset(self, pos: str, offset: int) -> tuple[list[str], list[tuple[str, str, str, str]]]:
        """The words of the synset at ``offset`` of ``pos`` (without an adjective's marker) and
        its pointers, each ``(symbol, offset, part of speech, source/target)``."""
        line = _line_at(self._map(f"data.{POS_FILES[pos]}"), offset)[0].decode("utf-8", "replace")
        fields = line.partition(" | ")[0].split(" ")
        count = int(fields[3], 16)
        words = [_ADJ_MARKER.sub("", w) for w in fields[4 : 4 + 2 * count : 2]]
        at = 4 + 2 * count
        pointers = [(fields[at + 1 + 4 * i], fields[at + 2 + 4 * i], fields[at + 3 + 4 * i],
                     fields[at + 4 + 4 * i]) for i in range(int(fields[at]))]
        return words, pointers

    def tagged(self, word: str) -> int:
        """How often the dictionary's sense-tagged texts use ``word``, over every part of
        speech it has an entry for: the index's ``tagsense_cnt`` (RECEIVE 9, RELIEVE 7,
        COLLEAGUE 2, COLLOGUE 0), a measure of how common a word is. A word with no entry of
        its own counts as its base forms do (OCCURRED as OCCUR); 0 for a word the dictionary
        lacks."""
        word = word.lower().strip().replace(" ", "_")

        lines = [line for pos in ("n", "v", "a", "r") if (line := self._index_line(pos, word))]
        if not lines:  # the first base form with an entry, in each part of speech
            lines = [line for pos in ("n", "v", "a", "r")
                     if (line := next(filter(None, (self._index_line(pos, f)
                                                    for f in self.base_forms(word, pos)[1:])),
                                      None))]
        return sum(_index_entry(line)[0] for line in lines)

    def base_forms(self, word: str, pos: str) -> list[str]:
        """Candidate base forms of ``word`` for one part of speech, the word itself first."""
        forms = [word, *self._exception_bases(pos, word)]
        for suffix, repl in _SUFFIX_RULES[pos]:
            if word.endswith(suffix) and len(word) > len(suffix):
                stem = word[: -len(suffix)] + repl
                if len(stem) < 2:  # a single letter is no base: IS is not the plural of I
                    continue
                forms.append(stem)
                # stopped -> stop, running -> run (doubled final consonant)
                if not repl and len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
                    forms.append(stem[:-1])
        seen: list[str] = []
        for f in forms:
            if f not in seen:
                seen.append(f)
        return seen

    def _sense(self, pos: str, offset: int, lemma: str) -> tuple[str, str, bool, str, str]:
        """The gloss of the synset at ``offset``, how it writes ``lemma`` (its case), whether
        it writes that with points too (``Mr.``, ``o.k.``: an abbreviation), the word it
        stands for when it is a symbol (:func:`_symbol_of`), and the words it is the short
        form of when the synset names them (:func:`_spelt_out`)."""
        line = _line_at(self._map(f"data.{POS_FILES[pos]}"), offset)[0].decode("utf-8", "replace")
        head, _, gloss = line.partition(" | ")
        fields = head.split(" ")
        count = int(fields[3], 16)
        # galore(ip): the mark of where an adjective may stand is not part of the word
        words = [_ADJ_MARKER.sub("", w) for w in fields[4 : 4 + 2 * count : 2]]
        # the letter I is written "I" and "i": the form in lower case is the common word
        written = lemma if lemma in words else next(
            (w for w in words if w.lower() == lemma), lemma)
        dotted = {f"{written}.".lower(), ".".join(written.lower()) + "."}
        symbol = _symbol_of(written, words, fields[1])
        return (written.replace("_", " "), gloss.strip(),
                any(w.lower() in dotted for w in words), symbol,
                "" if symbol else _spelt_out(written, words))

    def define(self, word: str, limit: int = 8, common: bool = False,
               inflected: bool = True) -> list[Definition]:
        """Definitions for ``word`` (or its base forms), most frequent senses first, taken in
        turn from each part of speech and each base word (so the first ``limit`` hold the
        first sense of every base: LAY shows LIE, GROUND shows GRIND). With
        ``common`` (a word the list has, which is a common word), the senses of a name, an
        abbreviation or a symbol written the same (:attr:`Definition.capitalized`: DOE for
        DOES, WA for WAS, Panama the country for PANAMA, As, arsenic, for AS) are left out
        whenever the common word has one, and always those of a name the word would be an
        inflection of (IT for ITS). Without ``inflected``, no suffix rule is tried: only the
        word and the bases the dictionary lists for its irregular forms (for a word the list
        lacks: RUNNED is not RUN)."""
        word = word.lower().strip().replace(" ", "_")
        out: list[Definition] = []
        for pos in ("n", "v", "a", "r"):
            # the word itself and every base its irregular forms name (TEETH: teeth and
            # tooth; SAW: saw and see); else the first base a suffix rule finds (STOPPED: stop)
            forms = self.base_forms(word, pos)
            irregular = 1 + len(self._exception_bases(pos, word))
            found = [(f, line) for f in forms[:irregular] if (line := self._index_line(pos, f))]
            if not found and inflected:
                found = next(([(f, line)] for f in forms[irregular:]
                              if (line := self._index_line(pos, f))), [])
            for lemma, line in found:
                for off in _index_entry(line)[1]:
                    written, gloss, dotted, symbol_of, spelt = self._sense(pos, int(off), lemma)
                    out.append(Definition(lemma.replace("_", " "), pos, gloss, written,
                                          dotted, symbol_of, spelt))
        if common:
            # a name's plural is not the word (ITS is not more than one IT)
            out = [d for d in out
                   if not (d.capitalized and d.lemma != word.replace("_", " "))]
            if not all(d.capitalized for d in out):
                out = [d for d in out if not d.capitalized]
        # interleave: the most frequent senses of each part of speech, and of each base word
        # in it, come first, so a cap keeps the first sense of every base (LAY: lie, too)
        seen: dict[tuple[str, str], int] = {}
        ranked = []
        for d in out:
            seen[d.pos, d.lemma] = seen.get((d.pos, d.lemma), -1) + 1
            ranked.append(((seen[d.pos, d.lemma], "nvar".index(d.pos)), d))
        ranked.sort(key=lambda pair: pair[0])
        return [d for _, d in ranked[:limit]]


def _symbol_of(written: str, words: list[str], lex_file: str) -> str:
    """The word a sense's ``written`` form stands for when the sense writes it as a symbol
    (``""`` when it does not): one capital letter, or up to three letters with a capital and
    a small letter (more capitals, GMT, UTC, write an abbreviation), in a synset that names a
    chemical element (one of its words is ``atomic_number_N``: Fe, iron) or a unit of
    measure (WordNet's lexicographer files noun.quantity and noun.time: Hz, hertz; Wb,
    weber; K, kelvin), the symbol standing for the synset's first word in lower case."""
    capitals = sum(1 for c in written if c.isupper())
    if not (written.isalpha() and len(written) <= 3 and capitals
            and (len(written) == 1 or capitals < len(written))):
        return ""
    element = any(_ATOMIC_NUMBER.fullmatch(w) for w in words)
    if not (element or lex_file in _UNIT_FILES):
        return ""
    return next((w.replace("_", " ") for w in words
                 if w != written and w.islower() and not _ATOMIC_NUMBER.fullmatch(w)), "")


# An abbreviation this long at most is looked for among its synset's words spelt out.
SPELT_OUT_UP_TO = 5
# Small words an abbreviation of a name leaves out (USA: United States of America).
_LEFT_OUT = frozenset({"of", "and", "the", "for", "in", "on", "to", "a", "an"})


def _spelt_out(written: str, words: list[str]) -> str:
    """The words of a synset (``words``, as a data file writes them) that its ``written``
    form (letters only, at most :data:`SPELT_OUT_UP_TO`) is the short form of, with spaces
    (``""``: none): first one whose words' initials are its letters, small words such as
    "of" left out (USA: United States of America; PC: personal computer); else the shortest
    that is much longer (at least twice as long, and three letters more) and holds its
    letters in order from its own first letter (TV: television, not telly; not OKAY for
    OK, a spelling of the same length), when it has no vowel or two capitals (MPH, IgM; not
    OCA, Oxalis crenata, nor URALS, Ural Mountains). Words that hold the form itself (TV
    set) are not it spelt out."""
    short = written.lower()
    if not (short.isalpha() and 2 <= len(short) <= SPELT_OUT_UP_TO):
        return ""
    longer = [w for w in words if "." not in w and not _ATOMIC_NUMBER.fullmatch(w)
              and short not in re.split(r"[_-]", w.lower())]  # not TV itself, nor TV set
    for w in longer:
        parts = [p for p in re.split(r"[_-]", w.lower()) if p]
        kept = [p for p in parts if p not in _LEFT_OUT]
        if len(parts) > 1 and short in ("".join(p[0] for p in parts),
                                        "".join(p[0] for p in kept)):
            return w.replace("_", " ")

    if any(c in "aeiou" for c in short) and sum(c.isupper() for c in written) < 2:
        return ""  # OCA, URALS, NAUCH: a word or name, not letters standing for words

    def holds(long: str) -> bool:
        letters = iter(long)
        return long[:1] == short[0] and all(c in letters for c in short)

    spelt = sorted((w for w in longer
                    if len(flat := re.sub(r"[^a-z]", "", w.lower())) >= max(2 * len(short),
                                                                              len(short) + 3)
                    and holds(flat)), key=len)
    return spelt[0].replace("_", " ") if spelt else ""


def _index_entry(line: str) -> tuple[int, list[str]]:
    """An index file's line (``lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt
    tagsense_cnt synset_offset...``): its ``tagsense_cnt`` (how often the sense-tagged texts
    use the word) and its synsets' offsets, most frequent sense first."""
    fields = line.split()
    synset_cnt, p_cnt = int(fields[2]), int(fields[3])
    return int(fields[5 + p_cnt]), fields[6 + p_cnt: 6 + p_cnt + synset_cnt]


def _line_at(data: mmap.mmap, start: int) -> tuple[bytes, int]:
    """The line of ``data`` beginning at ``start`` (without its newline) and where the next one
    begins."""
    end = data.find(b"\n", start)
    end = len(data) if end < 0 else end
    return data[start:end], end + 1


@cache
def default_wordnet() -> WordNet | None:
    """The installed WordNet, or None when no WordNet files are found."""
    folder = find_wordnet_dir()
    return WordNet(folder) if folder else None


def irregular_forms(base: str, pos: str) -> list[str]:
    """The irregular forms WordNet's exception list for ``pos`` (``n``, ``v``, ``a``) gives
    ``base`` (:meth:`WordNet.irregular_forms`); empty if none or WordNet is not installed."""
    wn = default_wordnet()
    return wn.irregular_forms(base, pos) if wn else []


def exception_bases(form: str, pos: str) -> list[str]:
    """The bases WordNet's exception list for ``pos`` gives the irregular ``form`` (TEETH:
    TOOTH; RAN: RUN); empty if none or WordNet is not installed."""
    wn = default_wordnet()
    return wn._exception_bases(pos, form) if wn else []


def written_apart(word: str) -> list[str]:
    """The dictionary's lemmas of several words, or hyphened, that run together are ``word``
    (:meth:`WordNet.written_apart`: ALOT: ``a lot``); empty if none or WordNet is not
    installed."""
    wn = default_wordnet()
    return wn.written_apart(word) if wn else []


def tagged(word: str) -> int:
    """How common ``word`` is by the dictionary's tagged texts (:meth:`WordNet.tagged`); 0 if
    the dictionary lacks it or WordNet is not installed."""
    wn = default_wordnet()
    return wn.tagged(word) if wn else 0


def define(word: str, limit: int = 8, common: bool = False,
           inflected: bool = True) -> list[Definition]:
    """Definitions for ``word`` from the installed WordNet; empty if none or not installed
    (``common``, ``inflected``: as :meth:`WordNet.define`)."""
    wn = default_wordnet()
    return wn.define(word, limit, common, inflected) if wn else []
