"""The word list: membership, prefix and "letters in order" queries.

A :class:`Lexicon` holds a sorted tuple of lowercase a-z words. Membership uses a frozenset;
prefix queries bisect the sorted tuple; ordered-letter queries use a per-letter bitmask index
(one 64-bit mask of positions per word and letter) built lazily with NumPy on first use, so
loading a list costs little until the index is needed.
"""

from __future__ import annotations

import gzip
import hashlib
import io
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from companion.lexicon.letters import MAX_WORD, is_letters, word_letters
from companion.text import counted, path_shown, shown
from companion.textfile import file_named, read_user_file, user_text

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
# Words longer than this are not in the bitmask index; they are checked one by one.
_INDEX_WIDTH = 64
_MAX_FILE_BYTES = 64 * 1024 * 1024


class LexiconError(ValueError):
    """A word list could not be loaded; the message says why in plain words."""


def is_subsequence(letters: str, word: str) -> bool:
    """True if ``letters`` occur in ``word`` in this order (not necessarily adjacent)."""
    pos = 0
    for ch in letters:
        pos = word.find(ch, pos)
        if pos < 0:
            return False
        pos += 1
    return True


@dataclass(frozen=True)
class SkippedLines:
    """The lines of a word list file that are not a word, even with their accents taken off
    (x-ray, can't, two words, a line longer than :data:`MAX_WORD` letters): how many, and
    the first of them (its number, and its text as a sentence shows it: :func:`shown`, never
    the whole of a line of millions of letters)."""

    count: int = 0
    line: int = 0
    text: str = ""

    def __str__(self) -> str:
        if not self.count:
            return ""
        what = "a word" if self.count == 1 else "words"
        return (f"{counted(self.count, 'line')} skipped as not {what} (line "
                f"{self.line:,}: {self.text})")


def read_word_lines(path: str | Path, what: str = "word list"
                    ) -> tuple[list[str], SkippedLines]:
    """The words of a file with one word per line (any case; ``.gz`` allowed; may be empty),
    and the lines skipped as not words.

    Each line is read as a typed word is (:func:`companion.lexicon.letters.word_letters`:
    accents taken off, so café is cafe) and lowercased; lines that are still not a single word
    of letters a-z, or are longer than any word can be (:data:`MAX_WORD` letters), are
    skipped (x-ray, can't) and counted; blank lines and ``#`` comments are
    passed over. Raises :class:`LexiconError` for a missing, unreadable or binary file, named
    as ``what`` (``"house list of additions"``) by
    :func:`companion.textfile.file_problem`.
    """
    p = Path(path)
    try:
        raw = read_user_file(p, what, _MAX_FILE_BYTES)
    except ValueError as exc:  # the file's problem in its one sentence
        raise LexiconError(str(exc)) from exc
    if raw[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as z:
                raw = z.read(_MAX_FILE_BYTES + 1)
        except (OSError, EOFError) as exc:
            raise LexiconError(f"{file_named(what, p)} is a broken gzip file") from exc
        if len(raw) > _MAX_FILE_BYTES:
            raise LexiconError(f"{file_named(what, p)} unpacks to over "
                               f"{counted(_MAX_FILE_BYTES, 'byte')}")
    try:
        text = user_text(raw, what, p, any_encoding=True)  # Latin-1: older club lists
    except ValueError as exc:
        raise LexiconError(str(exc)) from exc
    words = []
    skipped, first, first_text = 0, 0, ""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        w = word_letters(stripped)
        if len(w) <= MAX_WORD and is_letters(w):
            words.append(w.lower())
            continue
        skipped += 1
        if not first:
            first, first_text = number, shown(stripped)
    return words, SkippedLines(skipped, first, first_text)


def read_word_file(path: str | Path) -> list[str]:
    """The words of a file with one word per line, as :func:`read_word_lines` reads them."""
    return read_word_lines(path)[0]


class Lexicon:
    """An immutable word list with fast queries.

    ``name`` says where the list came from (shown to players in judge mode, and kept with a
    verdict); ``display`` is the same as a verdict's sentence writes it after "the word list"
    (``SCOWL-70 US/UK/CA/AU, the companion default``: no brackets inside the brackets a reason
    may add).
    It is ``name`` unless given.
    """

    def __init__(self, words: Iterable[str], name: str = "custom",
                 display: str | None = None) -> None:
        self.name = name
        self.display = display or name
        self.words: tuple[str, ...] = tuple(sorted(set(words)))
        self._set = frozenset(self.words)
        self.skipped = SkippedLines()  # of the file the list was read from (from_path)

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_path(cls, path: str | Path, name: str | None = None,
                  display: str | None = None) -> Lexicon:
        """Load a list with one word per line (any case; ``.gz`` allowed).

        Lines are read as :func:`read_word_lines` reads them (café is cafe; lines that are not
        a single word are skipped and counted in :attr:`skipped`; blank lines and ``#``
        comments are passed over). Raises :class:`LexiconError` for a missing, unreadable,
        binary or empty file.
        """
        p = Path(path)
        words, skipped = read_word_lines(p)
        if not words:
            why = f": {skipped}" if skipped.count else ""
            raise LexiconError(f"{file_named('word list', p)} has no words (one word of "
                               f"letters A-Z per line){why}")
        lexicon = cls(words, name or p.name, display or path_shown(p.name))
        lexicon.skipped = skipped
        return lexicon

    def skipped_lines(self) -> list[str]:
        """What each file of this list skipped as not words (``club.txt: 1 line skipped as not
        a word (line 4: x-ray)``); empty when nothing was skipped."""
        return [f"{self.name}: {self.skipped}"] if self.skipped.count else []

    def skipped_notes(self) -> list[str]:
        """What is said of each file of this list that had lines skipped as not words, to
        follow a prefix (``word list club.txt: 1 line skipped as not a word (line 4:
        x-ray)``): the command line writes it on standard error, the web app logs it at the
        start and shows it as a sentence on the pages that name the list."""
        return [f"word list {skipped}" for skipped in self.skipped_lines()]

    def in_the_list(self) -> str:
        """``the word list NAME``, the words every verdict uses to name the list."""
        return f"the word list {self.display}"

    def decided_by(self, word: str) -> str:
        """The name of the list whose say decides ``word`` (a house list names its layer)."""
        return self.name

    def shown_deciders(self, names: Sequence[str]) -> list[str]:
        """The lists ``names`` (as :meth:`decided_by` gives them) as a page names them to a
        player: this list by :attr:`display`, as its verdicts' reasons and its "Word list:"
        line do, and last, so that its own commas end the line ("family.txt and SCOWL-70
        US/UK/CA/AU, the companion default"); a house layer by its file's name."""
        base = self.base_list()
        layers = [n for n in names if n != base.name]
        return layers + ([base.display] if base.name in names else [])

    def base_list(self) -> Lexicon:
        """The list that decides a word no house layer names: this one."""
        return self

    def change(self, word: str) -> str:
        """``added`` or ``removed`` when a house layer decided ``word``; ``""`` here."""
        return ""

    # -- basic queries ----------------------------------------------------------------------
    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self._set

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __repr__(self) -> str:
        return f"Lexicon({self.name!r}, {counted(len(self.words), 'word')})"

    @cached_property
    def fingerprint(self) -> str:
        """A short digest of the words (not the name): two lists with the same name but
        different words have different fingerprints."""
        return hashlib.sha256("\n".join(self.words).encode("utf-8")).hexdigest()[:16]

    def with_prefix(self, prefix: str) -> list[str]:
        """All words starting with ``prefix``, in alphabetical order."""
        prefix = prefix.lower()
        i = bisect_left(self.words, prefix)
        out = []
        while i < len(self.words) and self.words[i].startswith(prefix):
            out.append(self.words[i])
            i += 1
        return out

    def prefix_range(self, prefix: str) -> tuple[int, int]:
        """``(start, stop)``: the words starting with ``prefix`` are ``words[start:stop]``."""
        prefix = prefix.lower()
        start = bisect_left(self.words, prefix)
        stop = bisect_left(self.words, prefix + "{", start)  # "{" sorts after "z"
        return start, stop

    def has_prefix(self, prefix: str) -> bool:
        """True if some word starts with ``prefix`` (the empty prefix included)."""
        prefix = prefix.lower()
        i = bisect_left(self.words, prefix)
        return i < len(self.words) and self.words[i].startswith(prefix)

    # -- ordered letters --------------------------------------------------------------------
    @cached_property
    def _index(self) -> tuple[np.ndarray, np.ndarray, list[int]]:
        """(masks[26, N] uint64 position bitmasks, lengths[N], long word indexes)."""
        n = len(self.words)
        lengths = np.fromiter((len(w) for w in self.words), dtype=np.int32, count=n)
        width = int(min(_INDEX_WIDTH, lengths.max(initial=1)))
        codes = np.zeros((n, width), dtype=np.uint8)
        joined = "".join(w[:width].ljust(width, "{") for w in self.words).encode("ascii")
        codes[:] = np.frombuffer(joined, dtype=np.uint8).reshape(n, width)
        codes -= ord("a")  # padding '{' becomes 26
        masks = np.zeros((27, n), dtype=np.uint64)
        for p in range(width):
            col = codes[:, p]
            bit = np.uint64(1) << np.uint64(p)
            masks[col, np.arange(n)] |= bit
        long_words = [i for i, w in enumerate(self.words) if len(w) > _INDEX_WIDTH]
        return masks[:26], lengths, long_words

    @property
    def word_lengths(self) -> np.ndarray:
        """Lengths of ``self.words`` as an int32 array (shares the ordered-letter index)."""
        return self._index[1]

    @cached_property
    def last_letters(self) -> np.ndarray:
        """Each word's last letter as 0-25 (a uint8 array over ``self.words``)."""
        last = "".join(w[-1] for w in self.words).encode("ascii")
        return np.frombuffer(last, dtype=np.uint8) - np.uint8(ord("a"))

    @cached_property
    def longest(self) -> int:
        """How many letters the longest word has (0 for no word)."""
        return max(map(len, self.words), default=0)

    @cached_property
    def letter_counts(self) -> tuple[np.ndarray, np.ndarray]:
        """How many of each letter every word has (a uint8 array of ``len(words)`` rows and
        26 columns) and each word's length (int32): the table the search for words two
        edits from a word sums over (:func:`companion.lexicon.spelling.near_words`). Built
        on first use."""
        n = len(self.words)
        codes = np.frombuffer("".join(self.words).encode("ascii"), dtype=np.uint8) - ord("a")
        lengths = np.fromiter((len(w) for w in self.words), dtype=np.int32, count=n)
        rows = np.repeat(np.arange(n, dtype=np.int64), lengths)
        counts = np.bincount(rows * 26 + codes, minlength=n * 26)
        return counts.reshape(n, 26).astype(np.uint8), lengths

    def in_order_mask(
        self,
        letters: str,
        *,
        anchored_start: bool = False,
        start: int = 0,
        stop: int | None = None,
    ) -> np.ndarray:
        """Boolean array over ``self.words[start:stop]``: the word contains ``letters`` in order.

        With ``anchored_start`` the first of ``letters`` must be the word's first letter.
        ``start``/``stop`` (e.g. from :meth:`prefix_range`) limit the query to a slice of the
        sorted list; by default the whole list is queried.
        """
        letters = letters.lower()
        masks, lengths, long_words = self._index
        stop = len(self.words) if stop is None else stop
        n = max(0, stop - start)
        ok = np.ones(n, dtype=bool)
        if not letters:
            return ok
        one = np.uint64(1)
        above = np.full(n, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
        for k, ch in enumerate(letters):
            idx = ALPHABET.find(ch)
            if idx < 0:
                return np.zeros(n, dtype=bool)
            cur = masks[idx, start:stop] & above
            if k == 0 and anchored_start:
                cur = cur & one
            ok &= cur != 0
            low = cur & (~cur + one)  # lowest set bit
            above = ~((low << one) - one)
        for i in long_words:
            if start <= i < stop:
                w = self.words[i]
                ok[i - start] = (
                    not anchored_start or w.startswith(letters[0])
                ) and is_subsequence(letters, w)
        return ok

    def containing_in_order(
        self, letters: str, *, anchored_start: bool = False, min_length: int = 0
    ) -> list[str]:
        """Words containing ``letters`` in order (optionally starting with the first)."""
        ok = self.in_order_mask(letters, anchored_start=anchored_start)
        if min_length:
            ok &= self._index[1] >= min_length
        return [self.words[i] for i in np.flatnonzero(ok)]
