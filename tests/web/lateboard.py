"""A Bug Words board late in a game, for a score sheet started from it (imported by the web
tests)."""

from __future__ import annotations

from collections import Counter

from companion.tables import table_for


def late_board(kept: str) -> str:
    """A Bug Words board holding every tile of the set but those of ``kept``, filling rows
    8 on (a blank as a lower-case e): the tiles are all joined and cover 8H, and the words
    they make are not judged (a table started from it played them)."""
    bag = Counter(table_for("bugwords").tile_set.bag())
    bag.subtract(Counter(kept))
    tiles = ["e" if t == "?" else t for t in sorted(bag.elements())]
    rows = [["."] * 15 for _ in range(15)]
    for i, tile in enumerate(tiles):
        rows[7 + i // 15][i % 15] = tile
    return "\n".join("".join(row) for row in rows) + "\n"
