"""The shared board core: coordinates, layouts, board text, plays and the words they form."""

from __future__ import annotations

import pytest

from companion.board import (
    Board,
    Layout,
    Placement,
    PlayError,
    Position,
    parse_position,
    rack_tile,
    runs_through,
    split_word,
    square_name,
    tile_letters,
)

# A small position made by hand: CAT across from 8G (centre square under the A).
POSITION = """\
...............
...............
...............
...............
...............
...............
...............
......CAT......
...............
...............
...............
...............
...............
...............
...............
"""


def test_positions_across_and_down():
    assert parse_position("8D") == Position(7, 3, True)
    assert parse_position("d8") == Position(7, 3, False)
    assert str(Position(7, 3, True)) == "8D" and str(Position(7, 3, False)) == "D8"
    assert parse_position("15O") == Position(14, 14, True)
    assert square_name(0, 0) == "1A"


@pytest.mark.parametrize(
    "text, message",
    [("8", "not a board position"), ("16A", "off the board"), ("K5", "off the board"),
     ("H8H", "not a board position"),
     # ASCII digits only: int() reads an Arabic-Indic or a full-width five as 5
     ("\u0665E", "'\u0665E' is not a board position"), ("E\uff15", "not a board position"),
     ("1\u0660A", "not a board position"),
     # a play of 100,000 letters is repeated by its first ones, not whole
     ("A" * 100_000, r"^'A{36}\.\.\.' is not a board position")],
)
def test_bad_positions(text, message):
    rows, cols = (10, 10) if text == "K5" else (15, 15)
    with pytest.raises(PlayError, match=message):
        parse_position(text, rows, cols)


def test_bugwords_layout_from_data():
    lay = Layout.from_data("bugwords-board.txt")
    assert (lay.rows, lay.cols) == (15, 15)
    assert lay.starts == {(7, 7)}
    flat_w = [m for row in lay.word_mult for m in row]
    flat_l = [m for row in lay.letter_mult for m in row]
    assert flat_w.count(3) == 8 and flat_w.count(2) == 17
    assert flat_l.count(3) == 12 and flat_l.count(2) == 24
    assert [lay.word_mult[0][c] * 10 + lay.letter_mult[0][c] for c in range(15)] == [
        31, 11, 11, 12, 11, 11, 11, 31, 11, 11, 11, 12, 11, 11, 31]


def test_plain_layout_with_beginning_squares():
    lay = Layout.plain(10, 10, starts=[(4, 4), (4, 5), (5, 4), (5, 5)])
    assert len(lay.starts) == 4 and lay.word_mult[0][0] == 1


def test_board_text_round_trip_compact_and_stacks():
    b = Board.from_text(POSITION)
    assert b.get(7, 6) == "C" and b.height(7, 6) == 1 and b.get(0, 0) is None
    assert b.to_text() == POSITION
    w = Board(3, 3)
    w.set(0, 0, "Qu")
    w.set(1, 1, "E", 3)
    w.set(2, 2, "a")
    text = w.to_text()
    assert text.splitlines()[0] == "Qu . ."
    assert text.splitlines()[1] == ". E3 ."
    assert text.splitlines()[2] == "..a"
    again = Board.from_text(text)
    assert again == w and again.height(1, 1) == 3 and tile_letters(again.get(0, 0)) == "QU"


@pytest.mark.parametrize(
    "text, message",
    [("", "empty"), ("...\n..", "row 2 has 2 squares"), ("..3\n...", "separated by spaces"),
     ("..&\n...", "cannot read square"), ("A0 .\n. .", "height"),
     # a stack height is written in ASCII digits, like a position
     ("E\u0663 .\n. .", "cannot read square 'E\u0663'"), ("E\uff12 .\n. .", "cannot read")],
)
def test_bad_board_text(text, message):
    with pytest.raises(PlayError, match=message):
        Board.from_text(text)


@pytest.mark.parametrize(("text", "max_height", "message"), [
    # "stack height of 'A0' is 0" did not say what a height can be
    ("A0 .\n. .", None, "line 1: the stack height of 'A0' is 0; a stack is at least 1 tile "
                         "high"),
    ("A0 .\n. .", 3, "line 1: the stack height of 'A0' is 0; a stack is 1 to 3 tiles high"),
    (". .\nB4 .", 3, "line 2: the stack height of 'B4' is 4; a stack is 1 to 3 tiles high"),
])
def test_a_stack_height_out_of_range_says_the_range(text, max_height, message):
    with pytest.raises(PlayError) as refused:
        Board.from_text(text, max_height=max_height)
    assert str(refused.value) == f"board text {message}"
    assert Board.from_text(text.replace("0", "3").replace("4", "3"),
                           max_height=max_height).to_text()


@pytest.mark.parametrize(("text", "message"), [
    # under a limit of 1 (Bug Words) it read 'A2' as a stack of 2, and 'A0' was "1 to 1 tile"
    (". . .\n. A2 .", "line 2: square 2B is written 'A2', a stack height of 2, but a square "
                      "holds one tile, never a stack: write 'A'"),
    ("# a comment\nA0 . .\n. . .", "line 2: square 1A is written 'A0', a stack height of 0, "
                                   "but a square holds one tile, never a stack: write 'A'"),
])
def test_a_height_where_no_square_stacks_names_the_square(text, message):
    with pytest.raises(PlayError) as refused:
        Board.from_text(text, max_height=1)
    assert str(refused.value) == f"board text {message}"
    assert len(refused.value.squares) == 1
    # a height of 1 is one tile, as a square holds
    assert Board.from_text(". . .\n. A1 .", max_height=1).to_text() == "...\n.A.\n"


def test_a_digit_in_a_compact_row_where_no_square_stacks_offers_no_stack_height():
    # it said "a WerdUp stack height, as in E3, needs the squares ... separated by spaces",
    # which, written so, is refused too
    with pytest.raises(PlayError) as refused:
        Board.from_text("...\n.A2", max_height=1)
    assert str(refused.value) == ("board text line 2 has the digit '2': squares hold letters, "
                                  "'.' when empty")
    with pytest.raises(PlayError, match="as in E3, needs the squares"):
        Board.from_text("...\n.A2", max_height=5)


def test_board_text_size_check():
    with pytest.raises(PlayError, match="expected 15"):
        Board.from_text("...\n...\n...", rows=15)


def test_split_word():
    assert split_word("WO.D") == ["W", "O", None, "D"]
    assert split_word("WO(R)D") == ["W", "O", None, "D"]
    assert split_word("quIT", digraphs=["Qu"]) == ["Qu", "I", "T"]
    assert split_word("cAT") == ["c", "A", "T"]
    with pytest.raises(PlayError, match="'3'"):
        split_word("A3")
    assert split_word("(WO)R(D)") == [None, None, "R", None]
    for lopsided in ("C(A", "CA)T", "C((A))T", "(CA"):  # were read as if the bracket were not
        with pytest.raises(PlayError, match="unmatched"):
            split_word(lopsided)


def test_tiles_for_play_through_existing_tiles():
    b = Board.from_text(POSITION)
    # CATS: C, A, T already there (dots or the same letters), S is new.
    assert b.tiles_for_play(parse_position("8G"), "...S") == [Placement(7, 9, "S")]
    assert b.tiles_for_play(parse_position("8G"), "CATS") == [Placement(7, 9, "S")]
    # A down through the A of CAT: ... from 7H: 'H' above, A through, 'T' below = HAT
    assert b.tiles_for_play(parse_position("H7"), "H.T") == [
        Placement(6, 7, "H"), Placement(8, 7, "T")]


def test_tiles_for_play_errors():
    b = Board.from_text(POSITION)
    with pytest.raises(PlayError, match="already holds C, not D"):
        b.tiles_for_play(parse_position("8G"), "DOG")
    with pytest.raises(PlayError, match="is empty"):
        b.tiles_for_play(parse_position("1A"), ".A")
    with pytest.raises(PlayError, match="runs off the board"):
        b.tiles_for_play(parse_position("8M"), "DOGS")


def test_tiles_for_play_stacking():
    b = Board.from_text(POSITION)
    # WerdUp: a different letter goes on top of the stack, the same letter is played through.
    assert b.tiles_for_play(parse_position("8G"), "COT", stacking=True) == [
        Placement(7, 7, "O")]
    b.place([Placement(7, 7, "O")])
    assert b.get(7, 7) == "O" and b.height(7, 7) == 2


def test_play_line_errors():
    b = Board.from_text(POSITION)
    with pytest.raises(PlayError, match="one row or one column") as off_line:
        b.play_line([Placement(1, 1, "B"), Placement(0, 0, "A")])
    assert off_line.value.squares == ((0, 0), (1, 1))  # every tile: a page marks them
    with pytest.raises(PlayError, match="gap in the word at 1C"):
        b.play_line([Placement(0, 0, "A"), Placement(0, 1, "B"), Placement(0, 3, "C")])
    with pytest.raises(PlayError, match="two tiles"):
        b.play_line([Placement(0, 0, "A"), Placement(0, 0, "B")])
    with pytest.raises(PlayError, match="puts no new tile on the board"):
        b.play_line([])
    # Existing tiles fill the gap between new ones.
    assert b.play_line([Placement(7, 5, "S"), Placement(7, 9, "S")]) == (True, 7, 5, 9)


def test_words_formed_main_and_cross_words():
    b = Board.from_text(POSITION)
    # Play "AT" across on row 9 under "AT" of CAT: forms AT (main) plus AA and TT down.
    play = [Placement(8, 7, "A"), Placement(8, 8, "T")]
    words = b.words_formed(play)
    assert [w.text for w in words] == ["AT", "AA", "TT"]
    assert words[0].across and not words[1].across
    assert [c.new for c in words[1].cells] == [False, True]
    assert str(words[1].position) == "H8"
    assert b.get(8, 7) is None  # the board is unchanged


def test_words_formed_single_tile_both_ways():
    b = Board.from_text(POSITION)
    # S after CAT: one word across.
    words = b.words_formed([Placement(7, 9, "S")])
    assert [w.text for w in words] == ["CATS"] and words[0].across
    # A tile under the C: main word is the down run "CO"; no across run.
    words = b.words_formed([Placement(8, 6, "o")])
    assert [w.text for w in words] == ["CO"] and not words[0].across
    assert words[0].new_cells[0].tile == "o"


def test_words_formed_with_stack_heights():
    b = Board.from_text(POSITION)
    words = b.words_formed([Placement(7, 7, "O")])
    assert words[0].text == "COT"
    assert [c.height for c in words[0].cells] == [1, 2, 1]


def test_anchors_and_cross_checks():
    b = Board.from_text(POSITION)
    assert Board().anchors(starts=[(7, 7)]) == [(7, 7)]
    anchors = b.anchors()
    assert (7, 5) in anchors and (6, 7) in anchors and (7, 6) not in anchors
    assert len(anchors) == 8
    words = {"AH", "HA", "TA", "AT", "CATS", "SCAT"}
    # Above the A of CAT, a down play's cross word is across: nothing beside -> unrestricted.
    assert b.cross_check(6, 7, False, words.__contains__) is None
    # Above the A for an across play: the cross word is ?A read down.
    assert b.cross_check(6, 7, True, words.__contains__) == {"H", "T"}
    assert b.cross_parts(7, 9, False) == ("CAT", "")
    assert b.cross_check(7, 9, False, words.__contains__) == {"S"}


@pytest.mark.parametrize("word", ["(A)T", ".T"])
def test_a_tile_kept_on_an_empty_square_says_how_either_way_was_written(word):
    # a letter in brackets was told it was written '.': "needs a letter, not '.'"
    board = Board(10, 10)
    board.place([Placement(4, 5, "A")])
    with pytest.raises(PlayError, match=r"square 4F is empty, so it needs a new letter \('\.' "
                                        r"and letters in brackets are tiles already there\)"):
        board.tiles_for_play(parse_position("F4", 10, 10), word, stacking=True)


def test_a_tile_on_the_board_comes_from_the_rack_as_itself_or_a_blank():
    assert [rack_tile(t) for t in ["A", "q", "Qu", "z"]] == ["A", "?", "Qu", "?"]


@pytest.mark.parametrize(("text", "message"), [
    ("..........\n", "the board text has 1 row, expected 10"),  # was "1 rows"
    (".\n" * 10, "the board text has 1 column, expected 10"),
    ("...\n.\n", "board text row 2 has 1 square, row 1 has 3"),
])
def test_a_board_text_of_the_wrong_size_is_counted_in_words(text, message):
    with pytest.raises(PlayError, match=message):
        Board.from_text(text, 10, 10)


def test_runs_through_a_square_are_its_across_and_down_runs_of_two_or_more():
    grid = [["" if ch == "." else ch for ch in row] for row in ("CAT.", ".X..", ".E.A", "....")]
    assert runs_through(grid, 1, 1) == [[(0, 1), (1, 1), (2, 1)]]  # X: down only
    assert runs_through(grid, 0, 1) == [[(0, 0), (0, 1), (0, 2)], [(0, 1), (1, 1), (2, 1)]]
    assert runs_through(grid, 2, 3) == []  # a lone A: no run of two
    assert runs_through(grid, 0, 3) == []  # an empty square, beside CAT: none through it
