"""Word Girdle engine: the worked example of docs/girdle.md, each illegal step, JSON round trip."""

from __future__ import annotations

import pytest

from companion.girdle import (
    GridDiffers,
    IllegalStep,
    Puzzle,
    Sheet,
    SheetStep,
    edition_puzzle,
    play_all,
)

P = SheetStep


def example_puzzle() -> Puzzle:
    """The worked example of docs/girdle.md: lines row 1, col 2, col 6, row 4, col 4, row 7, row 6;
    Supply EEAOSTRN; checkbox rows 1 and 4."""
    return edition_puzzle(
        [("row", 1), ("col", 2), ("col", 6), ("row", 4), ("col", 4), ("row", 7), ("row", 6)],
        "EEAOSTRN",
        (1, 4),
    )


EXAMPLE = [
    P(1, 1, "across", "JUMPING", (1, 2, 3, 4, 5, 6, 7), ("Z",)),  # 5+1+3+3+1+1+2=16, +7 = 23
    P(1, 2, "down", "USE", (8,)),  # U crossing; S, E from A-Z. 3 - 1 = 2
    P(1, 6, "down", "NOTE"),  # N crossing; O, T from A-Z; E from Supply 1. 4 + 0 = 4
    P(4, 3, "across", "ACHE"),  # E crossing; A, C, H from A-Z. 9 + 0 = 9
    P(4, 4, "down", "CLOD"),  # C crossing; L, D from A-Z; O from Supply 4. 7 + 0 = 7
    P(7, 2, "across", "FED"),  # D crossing; F from A-Z; E from Supply 2. 7 - 1 = 6
    P(6, 4, "across", "OX"),  # O crossing; X from A-Z. 6 - 3 = 3
]


def test_worked_example_scores_24():
    sheet, card = play_all(example_puzzle(), EXAMPLE)
    assert [r["total"] for r in card.rows] == [23, 2, 4, 9, 7, 6, 3]
    assert card.subtotal == 54  # 23+2+4+9+7+6+3
    assert card.crossed_out == ["Z"]
    # A-Z unused: B K Q R V W Y = 3+4+5+1+4+4+4 = 25; active unused Supply A S T R N = 5
    assert sorted(card.unused_letters) == sorted("BKQRVWY" + "ASTRN")
    # the sheet counts them by section, as the rulebook's example does (R in each)
    assert card.unused_az == list("BKQRVWY") and card.unused_supply == list("ASTRN")
    assert card.crossed_out_az == ["Z"]  # from the A-Z section
    assert card.to_dict()["unused"]["az"] == list("BKQRVWY")
    assert card.to_dict()["unused"]["supply"] == list("ASTRN")
    assert card.unused_counts == {1: 6, 2: 0, 3: 1, 4: 4, 5: 1}
    assert card.unused_total == 30
    assert card.final == 24  # 54 - 30
    assert card.complete
    # letters come from A-Z first, then the lowest active Supply position
    assert sheet.words[2].sources == ["A-Z", "A-Z", "Supply 1"]
    assert sheet.words[4].sources == ["A-Z", "Supply 4", "A-Z"]


def test_without_the_cross_out_z_costs_five():
    steps = [P(1, 1, "across", "JUMPING", (1, 2, 3, 4, 5, 6, 7))] + EXAMPLE[1:]
    _, card = play_all(example_puzzle(), steps)
    assert card.final == 24 - 5  # Z stays unused: unused total 35


def test_used_instead_of_use_makes_ache_illegal():
    sheet = Sheet(example_puzzle())
    sheet.play(EXAMPLE[0])
    sheet.play(P(1, 2, "down", "USED", (8,)))
    sheet.play(EXAMPLE[2])
    reason = sheet.check(EXAMPLE[3])
    assert "touches other letters in row 4, making DACHE" in reason


def first_words(n: int) -> Sheet:
    sheet = Sheet(example_puzzle())
    for p in EXAMPLE[:n]:
        sheet.play(p)
    return sheet


@pytest.mark.parametrize(
    "played, step, reason",
    [
        (0, P(2, 1, "across", "JUMPING", tuple(range(1, 8))), "wrong line"),
        (0, P(1, 1, "down", "JUMPING", tuple(range(1, 8))), "wrong line"),
        (1, P(1, 3, "down", "ME", (8,)), "wrong line"),
        (0, P(1, 3, "across", "JUMPING", tuple(range(1, 8))), "does not fit"),
        (0, P(1, 1, "across", "A", ()), "2 to 7"),
        (0, P(1, 1, "across", "BALLS", (1, 2, 3, 4, 5)), "letter not available"),
        (0, P(1, 1, "across", "QZXV", (1, 2, 3, 4)), "not in the word list"),
        (1, P(3, 2, "down", "IT", (8,)), "uses no letter"),
        (1, P(1, 2, "down", "USE", ()), "USE placed 2 new letters and only 1 Supply letter is "
         "still inactive, so activate 1 Supply letter, not 0"),
        (2, P(5, 6, "down", "AT", (8,)), "uses no letter"),
        (2, P(1, 6, "down", "NOTE", (1, 2)), "already active"),
        (2, P(1, 6, "down", "AT", (8,)), "already holds N"),
        (3, P(4, 1, "across", "SHE", ()), "uses no letter"),
        (3, P(4, 2, "across", "DANCE", ()), "extends the word USE, making USED"),
        (5, P(7, 5, "across", "DOG", ()), "uses no letter"),
        (5, P(7, 4, "across", "DX", ()), "not in the word list"),
        (6, P(7, 2, "across", "FED", ()), "wrong line"),
    ],
)
def test_illegal_steps(played, step, reason):
    sheet = first_words(played)
    got = sheet.check(step)
    assert got is not None and reason in got, got
    with pytest.raises(IllegalStep):
        sheet.play(step)


def _shown(sheet: Sheet, **put: str) -> list[list[str]]:
    """The grid the words of ``sheet`` made, row by row, with letters put on squares named
    ``r<row>c<col>`` (1-based; "" empties one)."""
    grid = [[""] * 7 for _ in range(7)]
    for (r, c), ch in sheet.grid.items():
        grid[r - 1][c - 1] = ch
    for name, ch in put.items():
        r, c = (int(n) for n in name[1:].split("c"))
        grid[r - 1][c - 1] = ch
    return grid


@pytest.mark.parametrize("put, message, unplaced", [
    ({"r5c1": "G", "r5c2": "O"},
     "row 5 shows GO, but it is not one of the puzzle's word lines", [(5, 1), (5, 2)]),
    ({"r5c7": "Z"}, "row 5, column 7 holds Z, a letter no word placed", [(5, 7)]),
    ({"r2c3": "x"}, "row 2 shows SX, but it is not one of the puzzle's word lines", [(2, 3)]),
    ({"r3c1": "A", "r3c3": "Y"},  # E of USE between them, in a row no word lies in
     "row 3 shows AEY, but it is not one of the puzzle's word lines", [(3, 1), (3, 3)]),
    ({"r6c7": "A", "r7c7": "T"},  # a down run beside row 6 and row 7's words
     "column 7 shows AT, but it is not one of the puzzle's word lines", [(6, 7), (7, 7)]),
    ({"r5c1": "G", "r5c2": "O", "r5c7": "Z"},
     "row 5 shows GO, but it is not one of the puzzle's word lines; 1 more square holds a "
     "letter no word placed", [(5, 1), (5, 2), (5, 7)]),
    ({"r1c3": ""}, "row 1, column 3 is empty, where word 1 placed M", []),
    ({"r4c6": ""}, "row 4, column 6 is empty, where word 3 placed E", []),  # ACHE crosses it
    ({"r1c3": "Q", "r5c7": "Z"}, "row 1, column 3 holds Q, where word 1 placed M", []),
])
def test_the_grid_a_sheet_shows_holds_only_its_words_letters(put, message, unplaced):
    """The grid holds exactly the letters its words placed (docs/girdle.md, placing words):
    a sheet's grid is compared with the one its words made, a letter no word placed named
    by its run in a line that is not a word line, or by its square when it stands alone."""
    sheet, _ = play_all(example_puzzle(), EXAMPLE)
    sheet.check_grid(_shown(sheet))  # the words' own grid
    with pytest.raises(GridDiffers) as refused:
        sheet.check_grid(_shown(sheet, **put))
    assert str(refused.value) == message
    assert refused.value.unplaced == unplaced


def test_a_second_run_in_a_word_line_is_no_word_placed():
    """A run in a word line that its word did not place: the line holds one word."""
    sheet, _ = play_all(example_puzzle(), EXAMPLE[:3])  # row 4 is word 4's line, not yet played
    with pytest.raises(GridDiffers, match="^row 4 shows AT, which no word placed: a line "
                       "holds one word$"):
        sheet.check_grid(_shown(sheet, r4c3="A", r4c4="T"))


def test_extra_word_reason():
    pz = edition_puzzle([("row", 2), ("col", 2), ("row", 3)], "EEAAOO", ())
    sheet = Sheet(pz)
    sheet.play(P(2, 1, "across", "BAT", (1, 2, 3)))
    sheet.play(P(1, 2, "down", "CAN", (4, 5)))  # column 2, rows 1-3, crossing the A
    got = sheet.check(P(3, 2, "across", "NO", (6,)))  # O under the T of BAT: TO
    assert "extra word TO" in got


def test_more_than_seven_words():
    sheet = first_words(7)
    got = sheet.check(P(6, 4, "across", "OX"))
    assert "more than 7 words" in got


def test_cross_out_needs_a_long_word_on_a_checkbox_row():
    sheet = first_words(3)
    got = sheet.check(P(4, 3, "across", "ACHE", (), ("Z",)))
    assert "cross out" in got


def test_cross_out_of_a_used_letter_is_refused():
    steps = [P(1, 1, "across", "JUMPING", tuple(range(1, 8)), ("J",))] + EXAMPLE[1:]
    sheet = Sheet(example_puzzle())
    for p in steps:
        sheet.play(p)
    with pytest.raises(IllegalStep, match="cannot be crossed out"):
        sheet.score()


def test_puzzle_json_round_trip():
    pz = example_puzzle()
    back = Puzzle.from_json(pz.to_json())
    assert back == pz
    assert back.lines[0] == ("row", 1)
    assert back.lines[1].kind == "col" and back.lines[1].index == 2


def test_bad_puzzle_json_is_a_clear_error():
    from companion.errors import UsageError

    with pytest.raises(UsageError, match="not a Word Girdle puzzle"):
        Puzzle.from_json("[1, 2]")
    with pytest.raises(UsageError, match="row or col"):
        Puzzle.from_dict({"lines": [["diag", 1]], "supply": "E"})


def test_cross_out_of_an_inactive_supply_letter_is_refused():
    """An inactive Supply letter is not an unused letter (it costs nothing), so a cross-out may
    not be spent on it: the U at Supply 10 is never activated, the A-Z U is used by JUMPING."""
    pz = edition_puzzle([("row", 1), ("col", 2)], "EEAOSTRNEU", (1,))
    use = P(1, 2, "down", "USE", (8, 9))
    _, card = play_all(pz, [EXAMPLE[0], use])
    assert "U" not in card.unused_letters and card.crossed_out == ["Z"]
    sheet = Sheet(pz)
    sheet.play(P(1, 1, "across", "JUMPING", tuple(range(1, 8)), ("U",)))
    sheet.play(use)
    with pytest.raises(IllegalStep, match="U cannot be crossed out.*inactive Supply letter"):
        sheet.score()


def test_cross_out_of_an_active_unused_supply_letter_counts_like_an_a_z_letter():
    """A (used from A-Z by ACHE) is still active and unused at Supply 3: crossing it out takes 1
    off the unused total, crossing out the unused A-Z letter B takes 3."""
    for letter, unused in (("A", 35 - 1), ("B", 35 - 3), ("Z", 35 - 5)):
        steps = [P(1, 1, "across", "JUMPING", tuple(range(1, 8)), (letter,))] + EXAMPLE[1:]
        _, card = play_all(example_puzzle(), steps)
        assert card.crossed_out == [letter]
        assert card.unused_total == unused and card.final == 54 - unused


def test_a_word_given_by_its_squares_is_placed_by_the_engine():
    """The squares of a word (a sheet file's "cells") make a placement only as one unbroken
    run, left to right or top to bottom: the engine's rule, which 'girdle check' calls."""
    from companion.girdle.engine import IllegalStep, SheetStep

    assert SheetStep.from_cells(2, [(1, 2), (2, 2), (3, 2)], "use", (8,)) == SheetStep(
        1, 2, "down", "USE", (8,))
    assert SheetStep.from_cells(1, [(4, 3), (4, 4)], "OX").direction == "across"
    for cells, reason in (([(3, 2), (2, 2), (1, 2)], "USE reads backwards"),
                          ([(1, 2), (2, 2), (4, 2)], "USE is not contiguous"),
                          ([(1, 2), (2, 2)], "USE has 3 letters but 2 squares are given")):
        with pytest.raises(IllegalStep, match=f"^word 2: {reason}"):
            SheetStep.from_cells(2, cells, "USE")
