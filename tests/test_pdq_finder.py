"""All words for a deal: checked against a regular-expression reading of the rulebook."""

from __future__ import annotations

import random
import re
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.lexicon import Lexicon, default_lexicon
from companion.pdq import all_variants, deck_cards, find_words, get_variant, judge
from companion.pdq.solitaire import deals


def rulebook_pattern(cards: str, name: str) -> re.Pattern[str]:
    """The variant's rule as one regular expression, written straight from the rulebook."""
    c = cards.lower()
    var = get_variant(name)

    def first(letter: str, outside: bool = True) -> str:
        """An X dealt as an outside card may be begun as EX (in every variant)."""
        return "(?:x|ex)" if letter == "x" and outside else letter

    if var.start == "any-card":
        alts = [
            first(c[i], i in (0, len(c) - 1)) + "".join(".*" + x for x in perm)
            for i in range(len(c))
            for perm in permutations(c[:i] + c[i + 1 :])
        ]
        return re.compile("^(?:" + "|".join(alts) + ")")
    readings = [c] if var.read == "ltr" else [c, c[::-1]]
    alts = []
    for r in readings:
        body = ".*".join(r[1:])
        if var.start == "anywhere":
            alt = ".*" + ".*".join(r)
        else:
            alt = first(r[0]) + (".*" + body if body else "")
        if var.ends == "other-outside":
            alt += "$" if len(r) > 1 else ""
        alts.append(alt)
    return re.compile("^(?:" + "|".join(alts) + ")")


def expected_words(lex: Lexicon, cards: str, name: str, minimum: int) -> list[str]:
    rx = rulebook_pattern(cards, name)
    found = [w for w in lex if len(w) >= minimum and rx.match(w)]
    return sorted(found, key=lambda w: (-len(w), w))


@pytest.fixture(scope="module")
def sample_lexicon() -> Lexicon:
    """Every 8th word of the default list: big enough for real deals, quick to scan."""
    return Lexicon(default_lexicon().words[::8], name="sample")


def random_deals(name: str, count: int, seed: int) -> list[str]:
    var = get_variant(name)
    pile = deck_cards(name)
    random.Random(seed).shuffle(pile)
    return list(deals(pile, var))[:count]


# Deals that exercise the X rule (an outside X, read either way) and the rulebook's cards.
EXTRA_DEALS = {2: ["XC", "NX", "DU"], 3: ["XCN", "NCX", "DRU", "PNA"], 4: ["PNAT", "DRUM"]}


@pytest.mark.parametrize("name", sorted(all_variants()))
def test_finder_matches_the_rulebook_pattern_for_every_variant(sample_lexicon, name):
    var = get_variant(name)
    checked = 0
    for cards in random_deals(name, 12, seed=len(name)) + EXTRA_DEALS[var.cards]:
        got = find_words(cards, var, sample_lexicon)
        assert got.words == expected_words(sample_lexicon, cards, name, var.min_length), cards
        checked += len(got.words)
    assert checked > 0


@pytest.mark.parametrize("name", ["regular", "younger-ends", "any-which-way", "solitaire"])
def test_judge_and_finder_agree_word_by_word(sample_lexicon, name):
    var = get_variant(name)
    for cards in random_deals(name, 3, seed=11):
        found = set(find_words(cards, var, sample_lexicon).words)
        for w in sample_lexicon.words[::5]:
            assert judge(w, cards, var, sample_lexicon).valid == (w in found), (w, cards)


def test_words_are_grouped_by_length_longest_first():
    result = find_words("DRU")
    lengths = [n for n, _ in result.groups()]
    assert lengths == sorted(lengths, reverse=True)
    assert result.groups()[-1] == (4, ["drub", "drug", "drum"])
    for _, words in result.groups():
        assert words == sorted(words)
    for w in ("drum", "unread", "understood", "dumbstruck"):
        assert w in result.words
    data = result.to_dict()
    assert set(data) >= {"cards", "variant", "words"}
    assert data["cards"] == "DRU" and data["variant"] == "regular" and not data["no_word"]


def test_no_word_is_proved_with_the_whole_list():
    result = find_words("QXZ")
    assert result.no_word and result.words == []
    assert result.searched == len(default_lexicon())
    lex = Lexicon(["octagon", "tango", "gnat"])
    stuck = find_words("TGN", "regular", lex)
    assert stuck.no_word
    assert stuck.near_misses == ["octagon"]  # letters in order, wrong start
    assert find_words("TGN", "stuck-in-the-middle", lex).words == ["octagon"]


def test_no_word_is_reported_exactly_when_no_word_exists():
    lex = default_lexicon()
    seen_empty = seen_full = 0
    for cards in random_deals("solitaire", 26, seed=3) + ["QVX", "XJK", "JQZ"]:
        got = find_words(cards, "solitaire", lex)
        expected = expected_words(lex, cards, "solitaire", 4)
        assert got.no_word == (not expected), cards
        seen_empty += got.no_word
        seen_full += not got.no_word
    assert seen_empty and seen_full


def test_min_length_and_player_roles():
    assert min(map(len, find_words("DRU", min_length=7).words)) == 7
    adults = find_words("DRU", "intergenerational", player="adult")
    assert adults.min_length == 5 and "drum" not in adults.words
    assert "drum" in find_words("DRU", "intergenerational", player="child").words


def test_words_longer_than_the_index_still_found():
    long_word = "p" + "n" * 70 + "a"
    lex = Lexicon([long_word, "pina", "apnea"])
    assert find_words("PNA", lexicon=lex).words == [long_word, "pina"]


EX_WORDS = Lexicon(
    ["exact", "excel", "exxon", "axe", "ex", "extra", "next", "text", "exec", "execute", "xenon",
     "xerox", "annex", "examine", "example", "exile", "vex", "vexed", "expect", "except", "nexus"],
    name="x-words",
)


@given(
    name=st.sampled_from(sorted(all_variants())),
    letters=st.lists(st.sampled_from("aecnptxo"), min_size=4, max_size=4),
)
@settings(max_examples=150, deadline=None)
def test_finder_matches_the_rulebook_pattern_on_any_cards(name, letters):
    """Repeated letters, X and E together, every variant: finder, judge and pattern agree."""
    var = get_variant(name)
    cards = "".join(letters[: var.cards])
    got = find_words(cards, var, EX_WORDS, min_length=2)
    assert got.words == expected_words(EX_WORDS, cards, name, 2)
    for w in EX_WORDS:
        assert judge(w, cards, var, EX_WORDS, min_length=2).valid == (w in got.words)
