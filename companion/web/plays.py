"""A table game's board as the score sheet draws it.

Judging and scoring belong to the game's facade (:func:`companion.tables.table_for`); this
module only turns the facade's board and layout into squares for a page.
"""

from __future__ import annotations

from typing import Any

from companion.board import Layout, column_name, is_blank, square_name
from companion.play import Table

PREMIUM_NAMES = {("word", 3): "TW", ("word", 2): "DW", ("letter", 3): "TL",
                 ("letter", 2): "DL"}
# each premium as a screen reader names its square (the board shows the short name)
PREMIUM_SAID = {"TW": "triple word score", "DW": "double word score",
                "TL": "triple letter score", "DL": "double letter score"}


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


def square_said(row: int, col: int, premium: str, start: bool, tile: str | None,
                height: int) -> str:
    """The square (``row``, ``col``, from 0) as a screen reader names it, in words where the
    board shows short marks: "Row 8, column H, start square, double word score, Q", "Row 3,
    column D, blank E", "Row 5, column E, Qu, stack of 2"."""
    parts = [f"Row {row + 1}", f"column {column_name(col)}"]
    if start:
        parts.append("start square")
    if premium:
        parts.append(PREMIUM_SAID.get(premium, premium))
    if tile:
        parts.append(f"blank {tile.upper()}" if is_blank(tile) else tile)
        if height > 1:
            parts.append(f"stack of {height}")
    return ", ".join(parts)


def board_cells(table: Table, text: str | None,
                new: list | None = None) -> list[list[dict[str, Any]]]:
    """Rows of squares for drawing: ``tile``, ``height``, whether it was just placed, its
    name (``8H``), its premium (see :func:`premium`), whether the first word goes there, and
    how a screen reader names it (``said``, :func:`square_said`)."""
    board = table.load_board(text)
    fresh = {tuple(x) for x in new or []}
    layout = table.layout
    rows = []
    for r in range(board.rows):
        row = []
        for c in range(board.cols):
            tile, height = board.get(r, c), board.height(r, c)
            name, mark, start = square_name(r, c), premium(layout, r, c), (r, c) in layout.starts
            row.append({"tile": tile, "height": height, "new": (r, c) in fresh, "name": name,
                        "premium": mark, "start": start,
                        "said": square_said(r, c, mark, start, tile, height)})
        rows.append(row)
    return rows
