"""Working out a WerdUp play from the board before and after it (as a photo shows it).

A photo shows only the top letter of each square. Between two turns a square whose letter
changed (or that was empty and now shows a letter) got one new tile, so its stack grew by one.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.board import Board, Placement, PlayError, square_name
from companion.errors import CompanionError
from companion.werdup.notation import normalise_tile

Tops = Sequence[Sequence[str | None]]


def tops_of(board: Board) -> list[list[str | None]]:
    """The letters a photo of ``board`` shows: each square's top tile, or ``None``."""
    return [[board.get(r, c) for c in range(board.cols)] for r in range(board.rows)]


def play_between(before: Board, after: Tops) -> list[Placement]:
    """The new tiles that turn ``before`` into a board showing ``after`` (top letters).

    Raises :class:`CompanionError` when the change cannot be one turn: a tile taken away, or a
    square still showing the same letter counted as new (impossible: a letter never goes on
    itself, so an unchanged letter is an unchanged square).
    """
    if len(after) != before.rows or any(len(row) != before.cols for row in after):
        raise CompanionError(
            f"the two boards differ in size: {before.rows}x{before.cols} before, "
            f"{len(after)}x{len(after[0]) if after else 0} after"
        )
    placements = []
    for r in range(before.rows):
        for c in range(before.cols):
            old, new = before.get(r, c), after[r][c]
            if new is None:
                if old is not None:
                    raise PlayError(  # no turn makes it (as when nothing changed): exit 1
                        f"the tile at {square_name(r, c)} has gone: tiles are never taken "
                        "off the board",
                        [(r, c)],
                    )
                continue
            tile = normalise_tile(new)
            if old is None or old.upper() != tile.upper():
                placements.append(Placement(r, c, tile))
    if not placements:
        raise CompanionError("nothing changed on the board")
    return placements
