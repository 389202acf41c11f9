"""What each game's board looks like to the camera: grid size and square types (data)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.datafiles import read_grid
from companion.tiles import BLANK, tile_set
from companion.werdup.rules import get_rules
from vision.errors import VisionError

GAMES = ("werdup", "bugwords", "girdle", "pdq")


@dataclass(frozen=True)
class BoardSpec:
    """A board's grid: ``squares[r][c]`` is the square type character (``.`` plain)."""

    game: str
    rows: int
    cols: int
    squares: tuple[str, ...]
    letters: tuple[str, ...]  # the tile faces that can appear ("Qu" is one WerdUp tile)
    blanks: int = 0           # blank tiles in the game's set

    def square(self, r: int, c: int) -> str:
        return self.squares[r][c]


def board_spec(game: str) -> BoardSpec:
    """The grid of a board game (``"bugwords"`` or ``"werdup"``)."""
    if game == "bugwords":
        rows = tuple(read_grid("bugwords-board.txt"))
        tiles = tile_set("bugwords")
        faces = tuple(sorted(t for t in tiles.counts if t != BLANK))
        return BoardSpec("bugwords", len(rows), len(rows[0]), rows, faces,
                         tiles.counts.get(BLANK, 0))
    if game == "werdup":
        rules = get_rules()
        n = rules.board_size
        rows = tuple("".join("o" if (r, c) in rules.beginning else "." for c in range(n))
                     for r in range(n))
        tiles = rules.tile_set
        faces = tuple(sorted(t for t in tiles.counts if t != BLANK))
        return BoardSpec("werdup", n, n, rows, faces, tiles.counts.get(BLANK, 0))
    raise VisionError(f"{game!r} has no board grid to read (boards: bugwords, werdup)")
