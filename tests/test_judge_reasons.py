"""One reason for a word the list lacks, the same in ``check`` and the PDQ judge."""

from __future__ import annotations

import pytest

from companion.judge import check_word
from companion.lexicon import HouseLexicon, Layer, Lexicon
from companion.pdq import judge

NAME = ("the dictionary knows it only as a name (Paris). Proper nouns (names of people and "
        "places) are not allowed.")


@pytest.mark.parametrize("typed", ["Paris", "PARIS", "paris"])
def test_a_name_is_called_one_however_it_was_typed(typed):
    # typed in capitals, as players write a word, or in lower case, PARIS got no word on names
    for verdict in (check_word(typed, with_definitions=False), judge(typed, "PRS")):
        assert not verdict.valid
        assert verdict.reason == ("PARIS is not in the word list SCOWL-70 US/UK/CA/AU, the "
                                  f"companion default: {NAME}")


@pytest.mark.parametrize("typed", ["nato", "NATO", "Fbi"])
def test_an_abbreviation_is_called_one(typed):
    reason = check_word(typed, with_definitions=False).reason
    assert reason.endswith("only as an abbreviation (NATO). Abbreviations are not allowed.") or (
        reason.endswith("only as an abbreviation (FBI). Abbreviations are not allowed."))


def test_a_common_word_typed_with_a_capital_is_not_called_a_name():
    # AA is lava in the dictionary: a capital typed at the start of a sentence made it a name
    reason = check_word("Aa", with_definitions=False).reason
    assert reason == "AA is not in the word list SCOWL-70 US/UK/CA/AU, the companion default."


def test_check_and_pdq_give_the_same_reason_for_a_name_typed_with_capitals_inside():
    # check hinted at names for McDonald, PDQ did not (its own test of the case typed)
    reason = check_word("McDonald", with_definitions=False).reason
    assert reason.endswith("Proper nouns (names of people and places) are not allowed.")
    assert judge("McDonald", "MND").reason == reason


def test_pdq_says_which_house_list_removed_a_word():
    house = HouseLexicon(Lexicon(["drub", "drum"], name="base"),
                         [Layer("no.txt", "remove", frozenset({"drub"}))])
    verdict = judge("drub", "DRU", lexicon=house)
    assert not verdict.valid
    assert verdict.reason == check_word("drub", lexicon=house).reason
    assert verdict.reason.endswith(": no.txt removes it.")
