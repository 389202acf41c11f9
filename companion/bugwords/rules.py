"""The Bug Words rules object, read from ``companion/data/bugwords-rules.tsv``."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from companion.board import Layout, is_blank
from companion.challenges import ChallengeSetting
from companion.datafiles import read_table
from companion.text import counted
from companion.tiles import TileSet, tile_set


@dataclass(frozen=True)
class BugWordsRules(ChallengeSetting):
    """One edition of Bug Words: board, tiles and every setting the rulebook leaves open."""

    layout: Layout
    tiles: TileSet
    rack_size: int = 7
    max_height: int = 1
    min_players: int = 2
    max_players: int = 4
    bingo_tiles: int = 7
    bingo_bonus: int = 50
    min_word_length: int = 2
    out_bonus_factor: int = 1
    passes_to_end: int = 2
    min_bag_to_exchange: int = 7
    challenges: str = "single"

    def tile_value(self, tile: str) -> int:
        """Face value of a tile on the board or a rack; blanks (lower case or ``?``) score 0."""
        if tile == "?" or is_blank(tile):
            return 0
        return self.tiles.value(tile)

    def rack_value(self, rack: str | list[str]) -> int:
        """Sum of the face values of unplayed tiles."""
        return sum(self.tile_value(t) for t in rack)

    def swap_refusal(self, bag: int) -> str:
        """Why no swap (the GCG record's exchange) can be made while the bag holds ``bag``
        tiles (it must hold ``min_bag_to_exchange``), or ``""`` when one can; said in the
        word every page and command says, a swap."""
        if bag < self.min_bag_to_exchange:
            return (f"the bag has {counted(bag, 'tile')}: swapping needs at least "
                    f"{self.min_bag_to_exchange}")
        return ""

    def with_settings(self, **changes: Any) -> BugWordsRules:
        """A copy with some settings changed (a house rule)."""
        return replace(self, **changes)


_INT_SETTINGS = (
    "rack_size",
    "max_height",
    "min_players",
    "max_players",
    "bingo_tiles",
    "bingo_bonus",
    "min_word_length",
    "out_bonus_factor",
    "passes_to_end",
    "min_bag_to_exchange",
)


def rules_from_table(rows: list[dict[str, str]]) -> BugWordsRules:
    """Rules from ``setting``/``value`` rows; unknown or bad settings raise ``ValueError``."""
    settings = {r["setting"]: r["value"] for r in rows}
    known = {"board", "tiles", "challenges", *_INT_SETTINGS}
    unknown = set(settings) - known
    if unknown:
        raise ValueError(f"unknown Bug Words settings: {', '.join(sorted(unknown))}")
    kwargs: dict[str, object] = {k: int(settings[k]) for k in _INT_SETTINGS if k in settings}
    challenges = settings.get("challenges", "single")
    return BugWordsRules(
        layout=Layout.from_data(settings.get("board", "bugwords-board.txt")),
        tiles=tile_set(settings.get("tiles", "bugwords")),
        challenges=challenges,
        **kwargs,  # type: ignore[arg-type]
    )


@cache
def default_rules() -> BugWordsRules:
    """The default edition (standard 15x15 board, 100 tiles, 7-tile racks, 50 bingo)."""
    return rules_from_table(read_table("bugwords-rules.tsv"))
