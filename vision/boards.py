"""What each game's board looks like to the camera: grid size and square types (data), and
what its set of tiles holds (the game engine's)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.bugwords.rules import default_rules
from companion.datafiles import read_grid
from companion.tiles import BLANK, TileSet
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
    # how many of each tile the game's set holds ("?" the blanks), as its engine says;
    # empty when not known
    counts: tuple[tuple[str, int], ...] = ()

    def square(self, r: int, c: int) -> str:
        return self.squares[r][c]

    def holds(self, face: str) -> int | None:
        """How many tiles of ``face`` (a letter, "Qu", "?" a blank tile) the game's set
        holds, or ``None`` when it is not known."""
        return dict(self.counts).get(face)


def _spec(game: str, squares: tuple[str, ...], tiles: TileSet) -> BoardSpec:
    """``game``'s board of ``squares`` with the tiles of its set ``tiles``."""
    faces = tuple(sorted(t for t in tiles.counts if t != BLANK))
    return BoardSpec(game, len(squares), len(squares[0]), squares, faces,
                     tiles.counts.get(BLANK, 0), tuple(sorted(tiles.counts.items())))


def board_spec(game: str) -> BoardSpec:
    """The grid of a board game (``"bugwords"`` or ``"werdup"``), with its set's tiles as
    the game's engine has them (its default edition's)."""
    if game == "bugwords":
        return _spec("bugwords", tuple(read_grid("bugwords-board.txt")), default_rules().tiles)
    if game == "werdup":
        rules = get_rules()
        n = rules.board_size
        rows = tuple("".join("o" if (r, c) in rules.beginning else "." for c in range(n))
                     for r in range(n))
        return _spec("werdup", rows, rules.tile_set)
    raise VisionError(f"{game!r} has no board grid to read (boards: bugwords, werdup)")
