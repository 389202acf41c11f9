"""Every word for a deal under a variant, grouped by length, longest first.

The search runs over the lexicon's sorted list: a word that must start with a card's letter
lies in that letter's slice of the list (found by bisection), and the ordered-letter bitmask
index tests each slice at once, so a deal touches only a few thousand words.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from companion.lexicon import ALPHABET, Lexicon
from companion.pdq.cards import card_letters
from companion.pdq.variants import DEFAULT_VARIANT, Variant, get_variant


@dataclass
class WordList:
    """All the words for a deal: ``words`` longest first (then A-Z); empty means No Word."""

    cards: str
    variant: str
    lexicon: str
    min_length: int
    words: list[str]
    near_misses: list[str] = field(default_factory=list)
    searched: int = 0
    no_word_rule: str = ""  # what the table does when no word fits (empty when one does)

    @property
    def no_word(self) -> bool:
        return not self.words

    def groups(self) -> list[tuple[int, list[str]]]:
        """``(length, words)`` pairs, longest first."""
        out: dict[int, list[str]] = {}
        for w in self.words:
            out.setdefault(len(w), []).append(w)
        return list(out.items())

    def to_dict(self) -> dict:
        return {
            "cards": self.cards,
            "variant": self.variant,
            "lexicon": self.lexicon,
            "min_length": self.min_length,
            "no_word": self.no_word,
            "count": len(self.words),
            "words": self.words,
            "groups": [{"length": n, "words": ws} for n, ws in self.groups()],
            "near_misses": self.near_misses,
            "no_word_rule": self.no_word_rule or None,
        }


def _slices(
    lexicon: Lexicon, first: str, variant: Variant, cards: str
) -> list[tuple[int, int]]:
    """Slices of the sorted word list where a word following a reading may lie."""
    if variant.start == "anywhere":
        return [(0, len(lexicon))]
    out = [lexicon.prefix_range(first)]
    if variant.ex_start(cards, first):
        out.append(lexicon.prefix_range("ex"))
    return out


def matching_indexes(
    lexicon: Lexicon, cards: str, variant: Variant, min_length: int
) -> np.ndarray:
    """Sorted indexes into ``lexicon.words`` of the words that fit ``cards``."""
    cards = cards.lower()
    lengths = lexicon.word_lengths
    by_slice: dict[tuple[int, int], np.ndarray] = {}
    for reading in variant.readings(cards):
        for start, stop in _slices(lexicon, reading[0], variant, cards):
            if start >= stop:
                continue
            ok = lexicon.in_order_mask(reading, start=start, stop=stop)
            if variant.ends == "other-outside":
                last = ALPHABET.index(reading[-1])
                ok &= lexicon.last_letters[start:stop] == last
            if (start, stop) in by_slice:
                by_slice[(start, stop)] |= ok
            else:
                by_slice[(start, stop)] = ok
    found = []
    for (start, stop), ok in sorted(by_slice.items()):
        ok &= lengths[start:stop] >= min_length
        found.append(np.flatnonzero(ok) + start)
    if not found:
        return np.zeros(0, dtype=np.int64)
    if len(found) == 1:
        return found[0]
    ranges = sorted(by_slice)
    if all(a[1] <= b[0] for a, b in zip(ranges, ranges[1:], strict=False)):
        return np.concatenate(found)  # disjoint slices, in order: already sorted
    return np.unique(np.concatenate(found))


def longest_first(lexicon: Lexicon, indexes: np.ndarray) -> list[str]:
    """The words at ``indexes`` (sorted), longest first, then alphabetical."""
    order = np.lexsort((indexes, -lexicon.word_lengths[indexes]))
    words = lexicon.words
    return [words[i] for i in indexes[order].tolist()]


def find_words(
    cards: str,
    variant: Variant | str = DEFAULT_VARIANT,
    lexicon: Lexicon | None = None,
    min_length: int | None = None,
    player: str | None = None,
    near_miss_limit: int = 10,
) -> WordList:
    """All words for ``cards`` (left to right, e.g. ``"PNA"``) under ``variant``.

    When no word exists and the variant needs a starting letter, ``near_misses`` lists a few
    words holding the letters in order that start elsewhere, to show the search was real.
    """
    from companion.lexicon import default_lexicon

    var = get_variant(variant) if isinstance(variant, str) else variant
    lex = lexicon if lexicon is not None else default_lexicon()
    cards = card_letters(cards, var)
    minimum = min_length if min_length is not None else var.minimum(player)
    idx = matching_indexes(lex, cards, var, minimum)
    words = longest_first(lex, idx)
    near: list[str] = []
    if not words and var.start != "anywhere" and near_miss_limit > 0:
        loose = replace(var, start="anywhere", ends="free")
        near_idx = matching_indexes(lex, cards, loose, minimum)
        near = longest_first(lex, near_idx)[:near_miss_limit]
    return WordList(cards.upper(), var.name, lex.name, minimum, words, near, len(lex),
                    "" if words else var.no_word_rule)
