"""Definitions from the WordNet 3.0 database files, read directly (no download at run time).

The files come from Debian's ``wordnet-base`` package (``/usr/share/wordnet``) or any folder
named by the ``COMPANION_WORDNET`` environment variable. Index files are sorted, so a look-up is
a binary search on disk: nothing is loaded up front. Inflected forms (plurals, -ed, -ing,
comparatives) are reduced to base forms with WordNet's own exception lists and suffix rules.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SEARCH_PATHS = ("/usr/share/wordnet", "/usr/share/WordNet", "/usr/local/share/wordnet")
POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}

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
    """One sense: the base word it was found under, its part of speech and gloss."""

    lemma: str
    pos: str
    gloss: str

    def __str__(self) -> str:
        return f"{self.lemma} ({POS_NAMES.get(self.pos, self.pos)}): {self.gloss}"


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

    def _index_line(self, pos: str, lemma: str) -> str | None:
        """Binary search the sorted index file for the line of ``lemma``."""
        key = lemma.encode()

        def lemma_of(line: bytes) -> bytes:
            # licence header lines start with two spaces and sort before every lemma
            return b"" if line.startswith(b"  ") else line.split(b" ", 1)[0]

        with open(self.folder / f"index.{POS_FILES[pos]}", "rb") as fh:
            fh.seek(0, os.SEEK_END)
            lo, hi = 0, fh.tell()
            while lo < hi:
                mid = (lo + hi) // 2
                fh.seek(mid)
                if mid:
                    fh.readline()  # skip the partial line
                line = fh.readline()
                if not line or lemma_of(line) >= key:
                    hi = mid
                else:
                    lo = mid + 1
            fh.seek(lo)
            if lo:
                fh.readline()
            for line in fh:
                found = lemma_of(line)
                if found == key:
                    return line.decode("utf-8", "replace")
                if found > key:
                    break
        return None

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

    def base_forms(self, word: str, pos: str) -> list[str]:
        """Candidate base forms of ``word`` for one part of speech, the word itself first."""
        forms = [word, *self._exception_bases(pos, word)]
        for suffix, repl in _SUFFIX_RULES[pos]:
            if word.endswith(suffix) and len(word) > len(suffix):
                stem = word[: -len(suffix)] + repl
                forms.append(stem)
                # stopped -> stop, running -> run (doubled final consonant)
                if not repl and len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
                    forms.append(stem[:-1])
        seen: list[str] = []
        for f in forms:
            if f not in seen:
                seen.append(f)
        return seen

    def _gloss(self, pos: str, offset: int) -> str:
        with open(self.folder / f"data.{POS_FILES[pos]}", "rb") as fh:
            fh.seek(offset)
            line = fh.readline().decode("utf-8", "replace")
        _, _, gloss = line.partition(" | ")
        return gloss.strip()

    def define(self, word: str, limit: int = 8) -> list[Definition]:
        """Definitions for ``word`` (or its base forms), most frequent senses first."""
        word = word.lower().strip().replace(" ", "_")
        out: list[Definition] = []
        for pos in ("n", "v", "a", "r"):
            for lemma in self.base_forms(word, pos):
                line = self._index_line(pos, lemma)
                if not line:
                    continue
                fields = line.split()
                p_cnt = int(fields[3])
                synset_cnt = int(fields[2])
                offsets = fields[4 + p_cnt + 2 : 4 + p_cnt + 2 + synset_cnt]
                for off in offsets:
                    out.append(Definition(lemma.replace("_", " "), pos, self._gloss(pos, int(off))))
                break  # the first base form that exists for this part of speech
        # interleave: each part of speech's most frequent senses come first
        seen: dict[str, int] = {}
        ranked = []
        for d in out:
            seen[d.pos] = seen.get(d.pos, -1) + 1
            ranked.append(((seen[d.pos], "nvar".index(d.pos)), d))
        ranked.sort(key=lambda pair: pair[0])
        return [d for _, d in ranked[:limit]]


@cache
def default_wordnet() -> WordNet | None:
    """The installed WordNet, or None when no WordNet files are found."""
    folder = find_wordnet_dir()
    return WordNet(folder) if folder else None


def define(word: str, limit: int = 8) -> list[Definition]:
    """Definitions for ``word`` from the installed WordNet; empty if none or not installed."""
    wn = default_wordnet()
    return wn.define(word, limit) if wn else []
