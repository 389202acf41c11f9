"""A table game's board as the score sheet draws it.

Judging and scoring belong to the game's facade (:func:`companion.tables.table_for`); this
module only turns the facade's board and layout into squares for a page.
"""

from __future__ import annotations

from typing import Any

from companion.board import Layout, square_name
from companion.play import Table

PREMIUM_NAMES = {("word", 3): "TW", ("word", 2): "DW", ("letter", 3): "TL",
                 ("letter", 2): "DL"}


def premium(layout: Layout, row: int, col: int) -> str:
    """A square's premium as printed on the board: ``TW``/``DW``/``TL``/``DL``, or ``""``
    (a board without premium squares has multipliers of 1 everywhere)."""
    word, letter = layout.word_mult[row][col], layout.letter_mult[row][col]
    if word > 1:
        return PREMIUM_NAMES.get(("word", word), "")
    if letter > 1:
        return PREMIUM_NAMES.get(("letter", letter), "")
    return ""


def example_play(table: Table) -> str:
    """A play to show as an example: a word from the first square the first word may use."""
    row, col = min(table.layout.starts)
    return f"{square_name(row, col)} QUIZ"


def board_cells(table: Table, text: str | None,
                new: list | None = None) -> list[list[dict[str, Any]]]:
    """Rows of squares for drawing: ``tile``, ``height``, whether it was just placed, its
    name (``8H``), its premium (see :func:`premium`) and whether the first word goes there."""
    board = table.load_board(text)
    fresh = {tuple(x) for x in new or []}
    layout = table.layout
    return [[{"tile": board.get(r, c), "height": board.height(r, c), "new": (r, c) in fresh,
              "name": square_name(r, c), "premium": premium(layout, r, c),
              "start": (r, c) in layout.starts}
             for c in range(board.cols)] for r in range(board.rows)]
