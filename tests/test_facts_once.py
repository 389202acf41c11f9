"""Board facts come from the rules data, wherever they are printed, modelled or laid out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cad.params import TileParams
from companion.bugwords.rules import default_rules
from companion.layout.sheets import BOARD_SPECS
from companion.layout.werdup_board import BoardLayout
from companion.werdup.rules import get_rules
from printables import score_sheets
from printables.boards import werdup_squares
from printables.score_sheets import SPECS, player_range


def test_board_sizes_and_beginning_squares_are_the_rules() -> None:
    werdup, bugwords = get_rules(), default_rules()
    assert BOARD_SPECS["werdup"].size == werdup.board_size == BoardLayout().cells
    assert BOARD_SPECS["bugwords"].size == bugwords.layout.rows
    assert set(BoardLayout().beginning_cells) == set(werdup.beginning)
    squares = werdup_squares(werdup.board_size)
    marked = {(r, c) for r, row in enumerate(squares) for c, sq in enumerate(row)
              if sq.kind == "begin"}
    assert marked == set(werdup.beginning)
    assert TileParams().stack_limit == werdup.max_height


def test_score_sheet_players_come_from_the_rules() -> None:
    werdup, bugwords = get_rules(), default_rules()
    assert player_range(SPECS["werdup"]) == (werdup.min_players, werdup.max_players)
    assert player_range(SPECS["bugwords"]) == (bugwords.min_players, bugwords.max_players)
    assert SPECS["bugwords"].players == (bugwords.min_players, bugwords.max_players, 2)


def test_the_bingo_sentence_is_filled_from_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.bugwords.rules as bugwords_rules

    note = score_sheets._with_bugwords_rules(SPECS["bugwords"]).note
    assert note.endswith("50 extra for playing all seven tiles.")
    house = replace(default_rules(), bingo_bonus=35, bingo_tiles=6)
    monkeypatch.setattr(bugwords_rules, "default_rules", lambda: house)
    note = score_sheets._with_bugwords_rules(SPECS["bugwords"]).note
    assert note.endswith("35 extra for playing six tiles or more in one turn.")
