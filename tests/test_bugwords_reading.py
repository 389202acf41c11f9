"""A Bug Words position from a reading of a photo: the blanks' letters settled by the words
(``companion.bugwords.reading``), the squares the reading listed kept for the player."""

from __future__ import annotations

import json

import pytest

from companion.bugwords import default_rules
from companion.bugwords.reading import (
    BadBlankGiven,
    UnsettledBlanks,
    blank_candidates,
    position_from_reading,
)
from companion.errors import UsageError
from companion.lexicon import Lexicon

LETTERS = [chr(ord("A") + i) for i in range(26)]


def grid(*rows: str, size: int = 15) -> list[list[str]]:
    """A ``size`` x ``size`` grid with ``rows`` written from its top left corner ('.' empty)."""
    out = [[""] * size for _ in range(size)]
    for r, row in enumerate(rows):
        for c, t in enumerate(row):
            out[r][c] = "" if t == "." else t
    return out


def reading(cells: list[list[str]], uncertain: list[dict] | None = None,
            game: str = "bugwords") -> str:
    return json.dumps({"game": game, "rows": len(cells), "cols": len(cells[0]), "grid": cells,
                       "uncertain": uncertain or []})


def test_a_blank_only_one_letter_fits_takes_it():
    found = blank_candidates(grid("CA?"), Lexicon(["cat", "cot", "at"]), LETTERS)
    assert found == {(0, 2): ("t",)}


def test_a_blank_no_letter_fits_has_none():
    assert blank_candidates(grid("CA?"), Lexicon(["dog"]), LETTERS) == {(0, 2): ()}


def test_a_blank_several_letters_fit_has_them_all_in_order():
    found = blank_candidates(grid("CA?"), Lexicon(["cat", "can", "cab"]), LETTERS)
    assert found == {(0, 2): ("b", "n", "t")}


def test_a_blank_at_a_crossing_fits_only_letters_making_both_words():
    # CA? across takes N or T, ?O down takes T or G: only T makes both words
    cells = grid("CA?", "..O")
    lexicon = Lexicon(["cat", "can", "to", "go"])
    assert blank_candidates(cells, lexicon, LETTERS) == {(0, 2): ("t",)}
    # each word alone leaves two letters
    assert blank_candidates(grid("CA?"), lexicon, LETTERS) == {(0, 2): ("n", "t")}
    assert blank_candidates(grid("?", "O"), lexicon, LETTERS) == {(0, 0): ("g", "t")}


def test_two_blanks_of_one_word_are_settled_together():
    # ?A? alone: CAT and BAT; with ?O down from the first blank only BAT (BO a word, CO not)
    lexicon = Lexicon(["cat", "bat", "bo"])
    assert blank_candidates(grid("?A?"), lexicon, LETTERS) == {(0, 0): ("b", "c"),
                                                               (0, 2): ("t",)}
    assert blank_candidates(grid("?A?", "O.."), lexicon, LETTERS) == {(0, 0): ("b",),
                                                                     (0, 2): ("t",)}


def test_position_from_a_reading_takes_the_only_letter_as_a_blank():
    cells = grid("", "", "", "", "", "", "", ".......CA?")
    read = position_from_reading(reading(cells), default_rules(), Lexicon(["cat", "cot"]))
    assert read.board.get(7, 9) == "t"  # lower case: a blank, scoring 0
    assert [b.to_dict() for b in read.blanks] == [{"square": "8J", "letter": "t",
                                                   "from": "words"}]


def test_a_letter_the_reading_gives_a_blank_is_kept_and_may_be_given_another():
    cells = grid("", "", "", "", "", "", "", ".......CAt")
    lexicon = Lexicon(["cat", "can"])
    read = position_from_reading(reading(cells), default_rules(), lexicon)
    assert read.board.get(7, 9) == "t" and read.blanks[0].source == "read"
    read = position_from_reading(reading(cells), default_rules(), lexicon, [("8J", "N")])
    assert read.board.get(7, 9) == "n" and read.blanks[0].source == "given"


def test_blanks_not_settled_are_refused_naming_each_square_and_its_letters():
    cells = grid("", "", "", "", "", "", "", ".......CA?", "", "", "?Z")
    with pytest.raises(UnsettledBlanks) as caught:
        position_from_reading(reading(cells), default_rules(), Lexicon(["cat", "can"]))
    assert caught.value.letters == {"8J": ("n", "t"), "11A": ()}
    assert str(caught.value) == ("the blank tile at 8J may stand for N or T, each making its "
                                 "words words; no letter for the blank tile at 11A makes ?Z "
                                 "a word")


def test_a_blank_the_player_names_settles_what_the_words_do_not():
    cells = grid("", "", "", "", "", "", "", ".......CA?")
    read = position_from_reading(reading(cells), default_rules(), Lexicon(["cat", "can"]),
                                 [("J8", "n")])  # named either way round, as a play is
    assert read.board.get(7, 9) == "n"


@pytest.mark.parametrize(("given", "said"), [
    (("8H", "S"), "8H=S: the reading shows the letter C at 8H, not a blank tile"),
    (("8G", "S"), "8G=S: the reading shows nothing (it was read empty) at 8G, not a blank "
                  "tile"),
    (("8J", "ST"), "8J=ST: a blank tile stands for one letter, not 'ST', such as 8J=S"),
    (("8J", "7"), "8J=7: a blank tile stands for one letter, not '7', such as 8J=S"),
    (("8Z", "S"), "8Z=S: 8Z is off the board (15 rows, columns A-O)"),
])
def test_a_blank_given_that_cannot_be_taken_is_refused(given, said):
    cells = grid("", "", "", "", "", "", "", ".......CA?")
    with pytest.raises(BadBlankGiven) as caught:
        position_from_reading(reading(cells), default_rules(), Lexicon(["cat"]), [given])
    assert str(caught.value) == said


def test_one_blank_given_two_letters_is_refused():
    cells = grid("", "", "", "", "", "", "", ".......CA?")
    with pytest.raises(BadBlankGiven, match="the blank tile at 8J is given two letters, N "
                                            "and T"):
        position_from_reading(reading(cells), default_rules(), Lexicon(["cat", "can"]),
                              [("8J", "N"), ("J8", "t")])


def test_the_squares_the_reading_listed_are_kept_in_board_order_with_why():
    cells = grid("", "", "", "", "", "", "", ".......CAT")
    uncertain = [{"row": 7, "col": 9, "read": "T", "alternatives": [], "why": "read unsurely"},
                 {"row": 0, "col": 14, "read": "", "why": "outside the photo: empty, or a "
                                                          "tile, not seen"}]
    read = position_from_reading(reading(cells, uncertain), default_rules(), Lexicon(["cat"]))
    assert [d.to_dict() for d in read.doubtful] == [
        {"square": "1O", "read": "", "why": "outside the photo: empty, or a tile, not seen"},
        {"square": "8J", "read": "T", "why": "read unsurely"}]


@pytest.mark.parametrize(("text", "said"), [
    (reading(grid(size=10), game="werdup"),
     "this is the reading of a photo of a WerdUp board, not of a Bug Words board"),
    (reading(grid(size=7), game="girdle"),
     "this is the reading of a photo of a Word Girdle sheet, not of a Bug Words board"),
    ('{"grid": [', "not a reading of a photo of a Bug Words board"),
    ('{"cells": []}', "not a reading of a photo of a Bug Words board"),
    (reading(grid(size=10)), "the reading is not of a 15x15 board"),
    (reading([["Qu"] + [""] * 14] + grid()[1:]), "square 1A: 'Qu' is not a Bug Words tile"),
    (reading([[7] + [""] * 14] + grid()[1:]), "square 1A: 7 is not a Bug Words tile"),
    (reading(grid(".A"), [{"row": 99, "col": 0}]), "its uncertain squares are given as"),
    (reading(grid("???")), "the reading shows 3 blanks (?), the set has 2: check its blank "
                           "tiles"),
])
def test_what_is_no_bug_words_reading_is_refused_saying_what(text, said):
    with pytest.raises(UsageError, match=None) as caught:
        position_from_reading(text, default_rules(), Lexicon(["cat"]))
    assert said in str(caught.value)
