"""Lexicon extensions used by PDQ: prefix slices, sliced ordered-letter queries, last letters."""

from __future__ import annotations

import numpy as np

from companion.lexicon import Lexicon, is_subsequence


def test_prefix_range_bounds_the_words_with_that_prefix(small_lexicon):
    start, stop = small_lexicon.prefix_range("ca")
    assert small_lexicon.words[start:stop] == ("cat", "cats")
    start, stop = small_lexicon.prefix_range("zz")
    assert start == stop
    start, stop = small_lexicon.prefix_range("")
    assert (start, stop) == (0, len(small_lexicon))


def test_sliced_query_equals_the_slice_of_the_full_query(small_lexicon):
    full = small_lexicon.in_order_mask("at")
    for prefix in ("a", "c", "p", "x", "q"):
        start, stop = small_lexicon.prefix_range(prefix)
        part = small_lexicon.in_order_mask("at", start=start, stop=stop)
        assert np.array_equal(part, full[start:stop])


def test_sliced_query_handles_long_words():
    long_word = "p" + "x" * 70 + "q"
    lex = Lexicon(["apq", long_word, "pq", "zz"])
    start, stop = lex.prefix_range("p")
    got = lex.in_order_mask("pq", start=start, stop=stop)
    expected = [is_subsequence("pq", w) for w in lex.words[start:stop]]
    assert got.tolist() == expected == [True, True]


def test_last_letters_and_lengths(small_lexicon):
    assert [chr(97 + int(c)) for c in small_lexicon.last_letters] == [
        w[-1] for w in small_lexicon.words
    ]
    assert small_lexicon.word_lengths.tolist() == [len(w) for w in small_lexicon.words]
