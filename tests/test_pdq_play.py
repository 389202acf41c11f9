"""Word Count scoring, ties, and the Solitaire dealer."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from companion.lexicon import Lexicon
from companion.pdq import deck_cards, find_words, get_variant, judge
from companion.pdq.solitaire import deals, play_solitaire, shuffled, simulate_solitaire
from companion.pdq.ties import settle_tie
from companion.pdq.wordcount import score_word_count

SMALL = Lexicon(["drum", "drums", "unread", "dreadful", "during", "druid", "drub", "undue"])


def test_word_count_sorts_each_list():
    result = score_word_count(
        "DRU",
        {
            "ann": ["drum", "unread", "DRUM", "during", "dru"],
            "bob": ["drum", "dreadful", "drums", "drux"],
        },
        lexicon=SMALL,
    )
    ann, bob = result.players
    assert ann.unique == ["unread"] and ann.shared == ["drum"] and ann.repeated == ["drum"]
    assert [w for w, _ in ann.invalid] == ["during", "dru"]
    assert "do not appear in order" in ann.invalid[0][1]
    assert bob.unique == ["dreadful", "drums"] and bob.shared == ["drum"]
    assert "not in the word list" in bob.invalid[0][1]
    assert (ann.score, bob.score) == (1, 2)
    assert result.winners == ["bob"]
    assert result.missed == ["druid", "drub"]
    assert result.to_dict()["players"][1]["score"] == 2


def test_word_count_tie_and_full_marks():
    result = score_word_count("DRU", {"a": ["drum"], "b": ["drub"]}, lexicon=SMALL)
    assert result.winners == ["a", "b"]


def test_word_count_has_no_winner_when_no_word_counts():
    # a player alone with no list, or two with only a shared word and a non-word, was named
    # the winner (or a tie) at 0 unique words
    alone = score_word_count("DRU", {"ann": []}, lexicon=SMALL)
    assert alone.winners == [] and alone.to_dict()["winners"] == []
    shared = score_word_count("DRU", {"a": ["drum", "dru"], "b": ["drum"]}, lexicon=SMALL)
    assert [p.score for p in shared.players] == [0, 0] and shared.winners == []
    one = score_word_count("DRU", {"a": ["drum"], "b": []}, lexicon=SMALL)
    assert one.winners == ["a"]


def test_ties_longest_valid_word_wins():
    result = settle_tie(["drum", "dreadful", "during"], "DRU")
    assert result.winners == ["DREADFUL"]
    assert "DREADFUL wins the cards" in result.outcome
    assert not result.judgements[2].valid


def test_same_length_is_a_tie_and_invalid_words_never_win():
    result = settle_tie(["drum", "drub", "drux"], "DRU")
    assert result.winners == ["DRUM", "DRUB"]
    assert "deal new cards for the tied players only" in result.outcome
    same = settle_tie(["drum", "drum", "drux"], "DRU")  # was "DRUM wins the cards"
    assert same.winners == ["DRUM", "DRUM"] and "Tie: 2 players shouted DRUM" in same.outcome
    none = settle_tie(["during", "under"], "DRU")
    assert none.winners == [] and "No valid word" in none.outcome


def test_deals_place_the_centre_card_first():
    regular = get_variant("regular")
    assert list(deals(list("ABCDEF"), regular)) == ["BAC", "EDF"]
    assert list(deals(list("ABCDEFG"), regular)) == ["BAC", "EDF"]  # G is left over
    assert list(deals(list("ABCDEFGH"), get_variant("four-score"))) == ["ABCD", "EFGH"]


def test_shuffle_is_seeded_and_keeps_every_card():
    import random

    from companion.pdq import default_deck

    a = shuffled(default_deck(), random.Random(5))
    assert a == shuffled(default_deck(), random.Random(5))
    assert a != shuffled(default_deck(), random.Random(6))
    assert Counter(a) == Counter(deck_cards())


def test_solitaire_simulation_plays_until_stuck():
    outcomes = set()
    for seed in range(6):
        game = simulate_solitaire(seed)
        assert game == simulate_solitaire(seed)  # repeatable
        for r in game.rounds[:-1]:
            assert r.word is not None and judge(r.word, r.cards, "solitaire").valid
        last = game.rounds[-1]
        if game.stuck:
            assert last.word is None and find_words(last.cards, "solitaire").no_word
        assert len(game.collected) == 3 * sum(r.word is not None for r in game.rounds)
        assert len(game.collected) + 3 * game.stuck + game.undealt == 78
        outcomes.add(game.through_the_deck)
    assert outcomes == {True, False}  # both endings happen with these seeds


def test_solitaire_alternate_scoring_and_other_variants():
    game = simulate_solitaire(2, variant="four-score")
    assert all(len(r.cards) == 4 for r in game.rounds)
    assert sum(len(r.cards) for r in game.rounds) + game.undealt == 76
    assert game.alternate_score >= game.score == len(game.collected)


@pytest.mark.parametrize(("counts", "variant", "said"), [
    ({"B": 2}, "solitaire", "The deck house.tsv has 2 cards, too few for one round of PDQ "
     "Solitaire, which deals 3."),
    ({"B": 3, "X": 1, "Z": 1}, "four-score", "The deck house.tsv without the Z and the X has "
     "3 cards, too few for one round of Four Score Solitaire, which deals 4."),
], ids=["two-cards", "four-score"])
@pytest.mark.parametrize("played", ["simulated", "typed"])
def test_solitaire_refuses_a_deck_too_small_for_one_round(counts, variant, said, played):
    """A deck of fewer cards than a round "got through the deck" with no round dealt."""
    from companion.errors import UsageError
    from companion.pdq.deck import Deck

    deck = Deck(counts, "house.tsv")
    with pytest.raises(UsageError) as refused:
        if played == "simulated":
            simulate_solitaire(1, variant=variant, deck=deck)
        else:
            play_solitaire(lambda prompt: "", lambda line: None, 1, variant=variant, deck=deck)
    assert str(refused.value) == said


def test_a_deck_of_one_round_is_dealt() -> None:
    from companion.pdq.deck import Deck

    game = simulate_solitaire(1, deck=Deck({"B": 2, "C": 1}, "house.tsv"))
    assert len(game.rounds) == 1 and game.undealt == 0


def test_interactive_solitaire_judges_typed_words():
    lines: list[str] = []
    game0 = simulate_solitaire(2)
    first = game0.rounds[0]
    answers = iter(["zzzz", first.word, ""])
    game = play_solitaire(lambda prompt: next(answers), lines.append, seed=2)
    assert game.rounds[0].word == first.word.upper()
    assert game.stuck and len(game.collected) == 3
    text = "\n".join(lines)
    assert f"Round 1: {' '.join(first.cards)}" in text
    assert "No: " in text and "Yes! " in text
    assert f"Stuck. There were {game0.rounds[1].word_count} words" in text
    assert "Cards collected: 3" in text


@pytest.mark.parametrize("name", ["four-score", "stuck-in-the-middle", "experts"])
def test_solitaire_reads_left_to_right_in_every_variant(name):
    """Solitaire's rule (words read from left to right only) holds when it is played with
    another variant's cards: seed 7's Four Score game took ULTRACENTRIFUGES for F I L U."""
    ltr = replace(get_variant(name), read="ltr")
    for seed in (1, 2, 7):
        game = simulate_solitaire(seed, variant=name)
        assert game.variant == name
        for r in game.rounds:
            if r.word is not None:
                assert judge(r.word, r.cards, ltr).valid, (seed, r.cards, r.word)
            else:
                assert find_words(r.cards, ltr).no_word


def test_solitaire_rules_keep_any_which_way():
    """Any-Which-Way takes the other letters in any order, so Solitaire leaves it as it is."""
    from companion.pdq.solitaire import solitaire_rules

    assert "left to right" in solitaire_rules(get_variant("four-score")).summary
    assert solitaire_rules(get_variant("any-which-way")) == get_variant("any-which-way")


def test_an_intergenerational_tie_says_whose_word_would_count():
    """A tie is not told who shouted which word: a word long enough for a child only is not
    dropped as invalid, the outcome says it counts if a child said it."""
    result = settle_tie(["drum", "drub"], "DRU", "intergenerational")
    assert result.winners == []
    assert result.outcome == ("No word shouted is valid for every player: DRUM counts only if a "
                              "child said it; DRUB counts only if a child said it.")
    assert [j.valid_for for j in result.judgements] == [("child",), ("child",)]
    longer = settle_tie(["drum", "dreadful"], "DRU", "intergenerational")
    assert longer.winners == ["DREADFUL"]


def test_word_count_under_intergenerational_misses_only_words_it_would_count():
    """Word Count under Intergenerational judged DRUM and DRUB NOT VALID (valid for a child
    only: a list names no player's role), yet listed them, and every 4-letter word, among
    the words nobody found. The missed words follow the verdicts' rule: valid for every
    player, 5+ letters; each is VALID when judged as the lists are."""
    lists = {"ann": ["drum", "dreadful"], "bob": ["drub"]}
    result = score_word_count("DRU", lists, "intergenerational")
    ann, bob = result.players
    assert [w for w, _ in ann.invalid] == ["drum"] and [w for w, _ in bob.invalid] == ["drub"]
    assert "valid for a child but too short for an adult" in bob.invalid[0][1]
    assert ann.unique == ["dreadful"] and result.winners == ["ann"]
    assert {"drum", "drub", "drug"}.isdisjoint(result.missed)
    assert "drums" in result.missed and "dreadful" not in result.missed
    assert min(map(len, result.missed)) == 5
    assert all(judge(w, "DRU", "intergenerational").valid
               for w in sorted(result.missed, key=len)[:40])
    regular = score_word_count("DRU", lists)  # Word Count's own rules: 4+ letters
    assert "drug" in regular.missed and "drum" not in regular.missed
    child = find_words("DRU", "intergenerational", player="child").words
    assert len(result.missed) == len([w for w in child if len(w) >= 5]) - 1  # not DREADFUL
