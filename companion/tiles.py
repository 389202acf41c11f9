"""Tile sets (letter distributions and values) as data."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from companion.datafiles import read_table

BLANK = "?"
# Letters that read as another letter when turned round: every printed tile (paper or 3D)
# marks them with a bar under the letter.
ROTATION_AMBIGUOUS = frozenset({"M", "W", "N", "Z"})


@dataclass(frozen=True)
class TileSet:
    """A bag's contents: how many of each tile and what each is worth.

    Tiles are upper-case strings: ``"A"``, ``"Qu"`` (WerdUp's one tile), ``"?"`` (a blank).
    """

    name: str
    counts: dict[str, int]
    values: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def bag(self) -> list[str]:
        """Every tile once per copy, in a fixed order (shuffle with a seeded generator)."""
        return [t for t, n in self.counts.items() for _ in range(n)]

    def value(self, tile: str) -> int:
        return self.values.get(tile, 0)

    def over_count(self, tiles: Iterable[str]) -> str:
        """A sentence naming the tiles of ``tiles`` (a rack) that the set does not hold that
        many of, or ``""`` when the set could hold them all; tiles not in the set are left to
        the caller."""
        have = Counter(tiles)
        over = [f"{n} {'blanks (?)' if t == BLANK else t + ' tiles'}, the set has "
                f"{self.counts[t]}" for t, n in have.items()
                if t in self.counts and n > self.counts[t]]
        return "; ".join(over)


@cache
def tile_set(game: str) -> TileSet:
    """The default tile set of ``"bugwords"`` or ``"werdup"``."""
    rows = read_table(f"tiles-{game}.tsv")
    return TileSet(
        game,
        {r["letter"]: int(r["count"]) for r in rows},
        {r["letter"]: int(r["value"]) for r in rows},
    )
