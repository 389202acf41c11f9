"""A WerdUp position written as JSON, ``{"grid", "heights"}``: what ``companion read --json``
prints for a photo of the board. Wherever a position is taken (``werdup score/moves/turn``,
``read --previous``) it is taken in this form too, beside board text and game records, by
the one reader of positions (:func:`companion.cli.werdup.load_position`)."""

from __future__ import annotations

from companion import jsonfile
from companion.board import Board, column_name
from companion.decimals import whole_in_file
from companion.errors import UsageError
from companion.games import GAME_PHOTOS
from companion.text import as_written
from companion.werdup.notation import normalise_tile
from companion.werdup.rules import WerdUpRules

NOT_A_STATE = 'not a board state (JSON with "grid" and "heights" expected)'


def is_state(text: str) -> bool:
    """Whether ``text`` is written as JSON (an object), which no board text or record is."""
    return jsonfile.is_object_text(text)


def board_from_state(text: str, rules: WerdUpRules) -> Board:
    """The board of the JSON state ``text``: ``grid`` the letters on top of each stack (``""``
    or null for an empty square), ``heights`` the stacks' heights (left out: 1 under each
    tile). Anything else, a height unknown (null) under a tile among it, is a
    :class:`UsageError` whose message says what is wrong, where."""
    size = rules.board_size
    try:
        data = jsonfile.loads(text)
        game = data.get("game", "werdup")  # a reading of a photo names its game
        if game != "werdup" and game in GAME_PHOTOS:
            raise UsageError(f"this is the reading of a photo of {GAME_PHOTOS[game]}, not of "
                             f"{GAME_PHOTOS['werdup']}")
        grid = [[(t or "") for t in row] for row in data["grid"]]
        heights = data.get("heights") or [[1 if t else 0 for t in row] for row in grid]
        # a whole number, as every number of a JSON file: 2.5 is no stack, true is not 1
        heights = [[h if h is None else whole_in_file(h) for h in row] for row in heights]
    except (ValueError, KeyError, TypeError, OverflowError, AttributeError) as exc:
        raise UsageError(NOT_A_STATE) from exc
    if (len(grid) != size or any(len(r) != size for r in grid) or len(heights) != size
            or any(len(r) != size for r in heights)):
        raise UsageError(f"the state is not a {size}x{size} board")
    board = Board(size, size)
    for r in range(size):
        for c in range(size):
            tile, h = grid[r][c], heights[r][c]
            where = f"row {r + 1}, column {column_name(c)}"  # as a reading names it
            if not isinstance(tile, str):
                raise UsageError(f"{where}: {as_written(tile)} is not a tile (letters, or \"\" for "
                                 "empty)")
            if tile and normalise_tile(tile) not in rules.tile_set.counts:
                raise UsageError(f"{where}: {as_written(tile)} is not a WerdUp tile")
            top = rules.max_height if tile else 0
            if h is None and tile:
                raise UsageError(f"{where}: the height of the {tile} stack is not known (null), "
                                 "and the play is scored from the previous heights: give a "
                                 "reading of a photo taken at an angle (20-50 degrees), or one "
                                 "made with --previous itself")
            if h is not None and not (1 if tile else 0) <= h <= top:
                raise UsageError(f"{where}: a stack height of {h} (0 for an empty square, "
                                 f"1-{rules.max_height} under a tile)")
            if tile:
                board.set(r, c, normalise_tile(tile), h)
    return board
