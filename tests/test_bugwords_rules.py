"""Bug Words rules object, scoring and validation (scores worked out by hand in comments)."""

from __future__ import annotations

import pytest

from companion.board import Board, Placement, parse_position
from companion.bugwords import IllegalPlay, check_play, default_rules, score_play
from companion.bugwords.rules import rules_from_table
from companion.datafiles import read_table
from companion.lexicon import Lexicon

EMPTY = Board()


def tiles(board: Board, pos: str, word: str) -> list[Placement]:
    return board.tiles_for_play(parse_position(pos), word)


def play(board: Board, pos: str, word: str) -> int:
    pls = tiles(board, pos, word)
    total = score_play(board, pls, default_rules()).total
    board.place(pls)
    return total


def test_default_rules_from_data():
    r = default_rules()
    assert (r.rack_size, r.bingo_tiles, r.bingo_bonus) == (7, 7, 50)
    assert r.layout.starts == {(7, 7)} and r.tiles.total == 100
    assert r.out_bonus_factor == 1 and r.challenges == "single"  # the rulebook's expert mode
    assert r.challenge_rule.name == "single"
    assert r.with_settings(challenges="expert").challenge_rule.name == "single"
    assert r.tile_value("Q") == 10 and r.tile_value("q") == 0 and r.tile_value("?") == 0
    assert r.rack_value("QZ?") == 20
    assert r.with_settings(bingo_bonus=35).bingo_bonus == 35


def test_the_tallest_stack_is_in_the_rules_data():
    """Bug Words never stacks: its rules data says a square holds 1 tile (the limit board
    texts are read with), and the setting is read from a table like any other."""
    settings = {r["setting"]: r["value"] for r in read_table("bugwords-rules.tsv")}
    assert settings["max_height"] == "1" and default_rules().max_height == 1
    assert rules_from_table([{"setting": "max_height", "value": "2"}]).max_height == 2


def test_bad_rules_table():
    with pytest.raises(ValueError, match="unknown Bug Words settings: colour"):
        rules_from_table([{"setting": "colour", "value": "red"}])
    with pytest.raises(ValueError, match="challenges"):
        rules_from_table([{"setting": "challenges", "value": "sometimes"}])


def test_first_play_doubles_on_centre_and_letter_before_word_premium():
    b = Board()
    # QUITE from 8D: Q on 8D (double letter) = 20, U I T E = 4, centre 8H doubles: 48.
    assert play(b, "8D", "QUITE") == 48


def test_premiums_count_only_when_first_covered():
    b = Board()
    assert play(b, "8G", "CAT") == 10  # (3 + 1 + 1) x 2 on the centre
    assert play(b, "8G", "...S") == 6  # CATS: no premium under the old tiles


def test_blank_scores_zero_but_takes_word_premium():
    b = Board()
    assert play(b, "8G", "cAT") == 4  # (0 + 1 + 1) x 2


def test_every_word_formed_counts_and_shared_letter_premium_twice():
    b = Board()
    play(b, "8D", "WREATH")  # W on 8D ... H on 8I
    play(b, "I8", ".OLE")  # HOLE down: the O sits on 9I, a double letter
    # PAN down from 9J makes OP (across, row 9) and LA (across, row 10, A on triple letter 10J).
    play(b, "11I", ".N")  # EN across: puts an N on 11J
    pls = tiles(b, "J9", "PA.")
    s = score_play(b, pls, default_rules())
    assert [(w.word, w.score) for w in s.words] == [("PAN", 7), ("OP", 4), ("LA", 4)]
    assert s.total == 15 and s.bingo == 0


def test_two_word_premiums_multiply():
    b = Board.from_text("\n".join(["." * 15] * 15))
    # Row 1 from 1A to 1H covers two triple words: x9.
    b.set(1, 0, "A")  # something to connect to (the test board is not empty)
    pls = tiles(b, "1A", "TOTALLED")
    s = score_play(b, pls, default_rules())
    # T O T A L L E D = 1+1+1+1+1+1+1+2 = 9; 1D is a double letter on the A: +1 -> 10; x9 = 90,
    # plus TA down (T new on the 1A triple word): (1 + 1) x 3 = 6; 8 tiles -> bingo 50.
    assert s.words[0].score == 90
    assert s.words[1].score == 6
    assert s.total == 90 + 6 + 50


def test_bingo_bonus():
    b = Board()
    s = score_play(b, tiles(b, "8B", "RETAINS"), default_rules())
    # RETAINS from 8B: T on 8D (double letter): 7 + 1 = 8, x2 = 16, + 50.
    assert s.total == 66 and s.bingo == 50


LEX = Lexicon(["cat", "cats", "at", "ta", "act", "scat", "tact"], name="tiny list")


def board_with_cat() -> Board:
    b = Board()
    b.place(tiles(b, "8G", "CAT"))
    return b


@pytest.mark.parametrize(
    "pos_word, message",
    [
        (("1A", "CAT"), "the play must join the tiles already on the board"),
        (("8G", "...Z"), "CATZ is not in the word list tiny list$"),
        (("H7", "T.T"), "TAT is not in the word list"),
    ],
)
def test_illegal_plays_say_why(pos_word, message):
    b = board_with_cat()
    with pytest.raises(IllegalPlay, match=message):
        check_play(b, tiles(b, *pos_word), default_rules(), LEX)


def test_first_play_must_cover_centre():
    with pytest.raises(IllegalPlay, match="first word must cover the centre square 8H"):
        check_play(EMPTY, tiles(EMPTY, "1A", "CAT"), default_rules(), LEX)


def test_line_and_gap_reasons():
    b = board_with_cat()
    with pytest.raises(IllegalPlay, match="one row or one column"):
        check_play(b, [Placement(6, 6, "A"), Placement(8, 8, "T")], default_rules())
    with pytest.raises(IllegalPlay, match="gap in the word at 8K"):
        check_play(b, [Placement(7, 9, "S"), Placement(7, 11, "S")], default_rules())
    with pytest.raises(IllegalPlay, match="square 8G already has a tile"):
        check_play(b, [Placement(7, 6, "S")], default_rules())


def test_several_bad_words_are_all_named():
    b = board_with_cat()
    # X under A and T: XY across, AX and TY down - none in the tiny list.
    with pytest.raises(IllegalPlay, match="XY, AX and TY are not in the word list"):
        check_play(b, tiles(b, "9H", "XY"), default_rules(), LEX)


def test_legal_play_returns_words():
    b = board_with_cat()
    words = check_play(b, tiles(b, "8G", "...S"), default_rules(), LEX)
    assert [w.text for w in words] == ["CATS"]


def test_first_play_needs_two_letters():
    with pytest.raises(IllegalPlay, match="a word needs at least 2 letters"):
        check_play(EMPTY, [Placement(7, 7, "A")], default_rules(), LEX)


@pytest.mark.parametrize(
    "placements, squares",
    [
        ([Placement(7, 9, "S"), Placement(7, 11, "S")], ((7, 10),)),  # the gap at 8K
        ([Placement(7, 6, "S")], ((7, 6),)),  # 8G already has a tile
        ("9H XY", ((8, 7), (8, 8), (7, 7), (7, 8))),  # XY, then AX and TY down
        ("8G ...Z", ((7, 6), (7, 7), (7, 8), (7, 9))),  # CATZ
        ("1A CAT", ()),  # not joined: about no square
    ],
)
def test_a_refusal_carries_the_squares_it_is_about(placements, squares):
    b = board_with_cat()
    if isinstance(placements, str):
        placements = tiles(b, *placements.split())
    with pytest.raises(IllegalPlay) as raised:
        check_play(b, placements, default_rules(), LEX)
    assert raised.value.squares == squares


def test_the_first_word_refused_off_the_centre_names_the_centre_square():
    with pytest.raises(IllegalPlay) as raised:
        check_play(EMPTY, tiles(EMPTY, "1A", "CAT"), default_rules(), LEX)
    assert raised.value.squares == ((7, 7),)
