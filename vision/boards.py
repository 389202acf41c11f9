"""What each game's board looks like to the camera: grid size and square types (data)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.datafiles import read_grid
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


_ALPHA = tuple(chr(ord("A") + i) for i in range(26))


def board_spec(game: str) -> BoardSpec:
    """The grid of a board game (``"bugwords"`` or ``"werdup"``)."""
    if game == "bugwords":
        rows = tuple(read_grid("bugwords-board.txt"))
        from companion.tiles import tile_set

        return BoardSpec("bugwords", len(rows), len(rows[0]), rows, _ALPHA,
                         tile_set("bugwords").counts.get("?", 0))
    if game == "werdup":
        n = 10
        rows = tuple(
            "".join("o" if r in (4, 5) and c in (4, 5) else "." for c in range(n)) for r in range(n)
        )
        return BoardSpec("werdup", n, n, rows, tuple(a if a != "Q" else "Qu" for a in _ALPHA))
    raise VisionError(f"{game!r} has no board grid to read (boards: bugwords, werdup)")
