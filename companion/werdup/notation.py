"""Writing and reading a WerdUp play as a position and a word (``5E RE(A)D``)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.board import (
    Board,
    NotationError,
    Placement,
    PlayError,
    parse_position,
    split_word,
)
from companion.text import quoted

QU = "Qu"
DIGRAPHS = (QU,)


def normalise_tile(tile: str) -> str:
    """A tile as the engine writes it: upper case, with ``Q``/``QU`` read as the Qu tile."""
    t = tile.upper()
    return QU if t in ("Q", "QU") else t


def parse_play(board: Board, text: str) -> list[Placement]:
    """The new tiles of a play written ``POSITION WORD`` (``5E RE(A)D`` or ``E5 RE.D``).

    ``5E`` starts at row 5, column E reading across; ``E5`` reads down. Letters are new tiles
    (on an empty square or on top of a stack); ``.`` or letters in parentheses are tiles kept.
    A letter equal to the tile already on its square is read as kept. A letter no WerdUp
    tile has (``É``, ``Ç``: the tiles are A-Z, ``Q`` read as Qu) leaves the text unreadable
    as tiles, a :class:`NotationError`, as any character that is no letter does.
    """
    parts = text.split()
    if len(parts) != 2:
        raise NotationError(
            f"{quoted(text)} is not a play: write a position and a word, like '5E RE(A)D'"
        )
    pos = parse_position(parts[0], board.rows, board.cols)
    word = parts[1]
    if not split_word(word, DIGRAPHS):
        raise NotationError("the play has no letters")
    other = next((ch for ch in word if ch.isalpha() and not ch.isascii()), None)
    if other is not None:
        raise NotationError(f"the word {quoted(word)} has {other!r}, which is on no WerdUp "
                            "tile: write letters A-Z (Qu for the Qu tile)")
    upper = "".join(ch.upper() if ch.isalpha() else ch for ch in word)
    placements = board.tiles_for_play(pos, upper, stacking=True, digraphs=DIGRAPHS)
    out = []
    for p in placements:
        tile = normalise_tile(p.tile)
        top = board.get(p.row, p.col)
        if top is not None and top.upper() == tile.upper():
            continue
        out.append(Placement(p.row, p.col, tile))
    return out


def play_notation(board: Board, placements: Sequence[Placement]) -> str:
    """``POSITION WORD`` for a play on ``board`` (before it is made), kept tiles in brackets."""
    words = board.words_formed(placements)
    if not words:
        raise PlayError("the play makes no word, so it cannot be written down")
    main = words[0]
    out, kept = [], False
    for cell in main.cells:
        if cell.new and kept:
            out.append(")")
            kept = False
        if not cell.new and not kept:
            out.append("(")
            kept = True
        out.append(cell.tile)
    if kept:
        out.append(")")
    return f"{main.position} {''.join(out)}"


def main_heights(board: Board, placements: Sequence[Placement]) -> str:
    """Stack heights of the main word's squares after the play, as digits (``"1121"``)."""
    words = board.words_formed(placements)
    return "".join(str(c.height) for c in words[0].cells) if words else ""
