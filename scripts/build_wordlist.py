"""Build the default word list shipped in ``companion/lexicon/data`` from SCOWL.

Reads Debian's ``scowl`` package (``/usr/share/dict/scowl``): the union of the ``-words``
lists of every spelling SCOWL has (``english``, ``american``, ``british``, ``british_z``,
``canadian``, ``australian``), of its common variant spellings (``variant_1``,
``variant_2``) and of the regional ones (``british_variant_1``/``_2``,
``canadian_variant_1``/``_2``, ``australian_variant_1``/``_2``; SCOWL has no American or
``british_z`` variant lists; no ``variant_3``, which SCOWL calls seldom used) up to a size
(default 70, SCOWL's "large" size), so GREY and GRAY, COLOUR and COLOR, AXE and AX, GAOL and
JAIL are all words. An entry SCOWL writes with accents (café, fiancé, piñata, smörgåsbord)
is read in plain letters as the judge reads a typed word (``companion.lexicon.word_letters``:
CAFE, FIANCE, PINATA, SMORGASBORD), since no tile or card has an accent. It then keeps
lowercase a-z entries only (so no proper nouns, abbreviations, apostrophes or hyphens; those
live in SCOWL's separate ``-upper``, ``-abbreviations`` and ``-contractions`` lists, which
are not read), and drops entries that are letter names, unit symbols or abbreviations
in disguise (single letters other than "a", and vowel-less strings such as "rs", "kb", "csc"
that are not in a short list of real vowel-less words such as "brr", "hmm", "nth",
"crwth"; a few symbols with a vowel, "kcal", "psia", "sinh"), and the other spelling of an
abbreviation that SCOWL files as a word (``crossed_abbreviations``: "aeq", the British
spelling of the American abbreviation "eq"), and writes a sorted, gzip-compressed list with a
fixed timestamp so the output is byte-identical on every run. The SCOWL copyright notice is
copied beside it.

    python scripts/build_wordlist.py [--size 70] [--scowl /usr/share/dict/scowl] [--out DIR]
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.lexicon import word_letters  # noqa: E402

CATEGORIES = (
    "english-words", "american-words", "british-words", "british_z-words", "canadian-words",
    "australian-words", "variant_1-words", "variant_2-words",
    "british_variant_1-words", "british_variant_2-words", "canadian_variant_1-words",
    "canadian_variant_2-words", "australian_variant_1-words", "australian_variant_2-words",
)
VOWELS = set("aeiouy")
# Real words without a vowel (SCOWL also lists symbols like "kb", "ms", "rs" that games reject).
VOWELLESS_WORDS = {
    "brr", "brrr", "crwth", "crwths", "cwm", "cwms", "hm", "hmm", "mm", "nth", "pfft", "psst",
    "pst", "sh", "shh", "tsk", "tsks", "tsktsk", "zzz",
}


# Symbols with a vowel that SCOWL's english-words.70 lists as words: in no word-game list and
# with no definition in WordNet (the vowel-less ones, "csc", "csch", "kb", go by the rule above).
SYMBOLS = {
    "kcal",  # kilocalorie
    "psia",  # pounds per square inch, absolute
    "psid",  # pounds per square inch, differential
    "sinh",  # the hyperbolic sine (sin and cos are words: a sin, a cos lettuce)
    "tanh",  # the hyperbolic tangent
    "coth",  # the hyperbolic cotangent
    "sech",  # the hyperbolic secant
}


def keep(word: str) -> bool:
    """False for letter names, symbols and abbreviations that SCOWL lists as words."""
    if len(word) == 1:
        return word == "a"
    if word in SYMBOLS:
        return False
    return bool(VOWELS & set(word)) or word in VOWELLESS_WORDS


# SCOWL's lists of one spelling (american, british, ...) hold the words that are spelt so in
# it alone, each paired with its other spellings (color, colour). A few of its pairs cross
# over: one spelling's abbreviation is in that spelling's -abbreviations list, and its other
# spelling in the other's -words list, as a word. ``crossed_abbreviations`` finds them by the
# spelling differences SCOWL pairs: ae and e (aeq: eq, Latin aequales), oe and e, our and or
# (bour: bor, borough), re and er (gre: ger, German).
SPELLING_PAIRS = (("ae", "e"), ("oe", "e"), ("our", "or"), ("re", "er"))
# Other spellings of an abbreviation that are words all the same, with the evidence.
CROSSED_WORDS = {
    "et",  # eat's dialect past, in NWL2018 and Collins (SCOWL: american-words.70; aet)
    "jor",  # a movement of a raga, in Collins (SCOWL: american-words.70; jour, journal)
    "perv",  # SCOWL's english-words.55 has pervs, perved, perving (SCOWL: prev, previous)
    "threap",  # to scold; english-words.80 has threaps, threaped (SCOWL: therap, therapy)
}


def respellings(word: str) -> set[str]:
    """``word`` with one of the ``SPELLING_PAIRS`` differences made, either way (eq: aeq,
    eaq, ...; ger: gre)."""
    out: set[str] = set()
    for a, b in SPELLING_PAIRS:
        for old, new in ((a, b), (b, a)):
            start = word.find(old)
            while start >= 0:
                out.add(word[:start] + new + word[start + len(old):])
                start = word.find(old, start + 1)
    return out


def _entries(scowl: Path, pattern: str, size: int) -> set[str]:
    """The lines of the ``scowl`` lists named ``pattern`` of sizes up to ``size``."""
    entries: set[str] = set()
    for path in scowl.glob(pattern):
        if path.suffix[1:].isdigit() and int(path.suffix[1:]) <= size:
            entries.update(path.read_text(encoding="utf-8", errors="replace").splitlines())
    return entries


def crossed_abbreviations(scowl: Path, size: int) -> set[str]:
    """The other spellings of the abbreviations in SCOWL's lists of one spelling (any but
    ``english``) up to ``size``, less the words SCOWL's ``english-words`` lists (every
    spelling's words) have and the ``CROSSED_WORDS``: entries that are one spelling's
    form of another's abbreviation (aeq, gre, bour, archeol), not words."""
    one_spelling = (_entries(scowl, "*-abbreviations.*", size)
                    - _entries(scowl, "english-abbreviations.*", size))
    abbreviations = {a for a in one_spelling if a.isalpha() and a.islower()}
    common = _entries(scowl, "english-words.*", size)
    crossed = set().union(*(respellings(a) for a in abbreviations))
    return (crossed & _entries(scowl, "*-words.*", size)) - common - CROSSED_WORDS


OUT_DIR = ROOT / "companion" / "lexicon" / "data"
COPYRIGHT = Path("/usr/share/doc/scowl/copyright")


def collect(scowl: Path, size: int) -> list[str]:
    """The sorted, filtered union of the ``CATEGORIES`` lists of ``scowl`` up to ``size``,
    each entry read in plain letters (accents dropped) by ``word_letters``, less what
    ``keep`` refuses and the ``crossed_abbreviations``."""
    words: set[str] = set()
    crossed = crossed_abbreviations(scowl, size)
    for category in CATEGORIES:
        for path in sorted(scowl.glob(f"{category}.*")):
            if int(path.suffix[1:]) > size:
                continue
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                word = word_letters(line)
                if re.fullmatch(r"[a-z]+", word) and keep(word) and word not in crossed:
                    words.add(word)
    return sorted(words)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=70, help="largest SCOWL size to include")
    parser.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    parser.add_argument("--out", type=Path, default=OUT_DIR,
                        help="folder to write words.txt.gz and SCOWL-LICENSE.txt to")
    args = parser.parse_args(argv)
    if not args.scowl.is_dir():
        print(f"SCOWL lists not found in {args.scowl}: apt-get install scowl", file=sys.stderr)
        return 1
    words = collect(args.scowl, args.size)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    payload = ("\n".join(words) + "\n").encode("ascii")
    with open(out / "words.txt.gz", "wb") as fh:
        with gzip.GzipFile(filename="words.txt", mode="wb", fileobj=fh, mtime=0) as gz:
            gz.write(payload)
    if COPYRIGHT.exists():
        shutil.copyfile(COPYRIGHT, out / "SCOWL-LICENSE.txt")
    print(f"wrote {len(words)} words (SCOWL size {args.size}) to {out / 'words.txt.gz'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
