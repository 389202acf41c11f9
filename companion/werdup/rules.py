"""WerdUp rule sets as data: board, tiles, stacking limits and scoring options.

The rule sets live in ``companion/data/werdup-rules.tsv`` (one column per rule set); a house rule
is one cell of that table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from companion.board import Layout, PlayError, parse_position
from companion.challenges import CHALLENGE_WINDOWS, ChallengeSetting
from companion.datafiles import read_table
from companion.errors import UsageError
from companion.tiles import TileSet, tile_set

RULES_FILE = "werdup-rules.tsv"


@dataclass(frozen=True)
class WerdUpRules(ChallengeSetting):
    """One WerdUp rule set. Coordinates are 0-based ``(row, col)``."""

    name: str
    board_size: int
    beginning: frozenset[tuple[int, int]]
    tiles: str
    rack_size: int
    min_players: int
    max_players: int
    max_height: int
    min_first_word: int
    flat_points: int
    stack_points: int
    flat_only_if_whole_word: bool
    qu_flat_bonus: int
    full_rack_bonus: int
    no_plural_s: bool
    no_cover_whole_word: bool
    tile_penalty: int
    game_ends_when: str
    challenges: str = "none"
    challenge_retries: int = 0
    challenge_until: str = "next_turn"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.challenge_retries < 0:
            raise ValueError(f"challenge_retries: {self.challenge_retries} is below 0")
        if self.challenge_until not in CHALLENGE_WINDOWS:
            raise ValueError(f"challenge_until: {self.challenge_until!r} is not one of "
                             f"{', '.join(CHALLENGE_WINDOWS)}")

    def with_settings(self, **changes: Any) -> WerdUpRules:
        """A copy with some settings changed (a house rule, e.g. ``challenges="double"``)."""
        return replace(self, **changes)

    @staticmethod
    def swap_refusal(bag: int) -> str:
        """Why no tile can be swapped while the bag holds ``bag`` tiles (a swap draws one
        first), or ``""`` when one can."""
        return "" if bag else "the bag is empty, so there is nothing to swap with"

    @property
    def tile_set(self) -> TileSet:
        return tile_set(self.tiles)

    def layout(self) -> Layout:
        """The board's shape and beginning squares (WerdUp has no premium squares)."""
        return Layout.plain(self.board_size, self.board_size, self.beginning)


def centre_squares(size: int) -> frozenset[tuple[int, int]]:
    """The middle 2x2 squares of an even board (the middle square of an odd one)."""
    lo, hi = (size - 1) // 2, size // 2
    return frozenset((r, c) for r in (lo, hi) for c in (lo, hi))


def _square(name: str, size: int) -> tuple[int, int]:
    try:
        pos = parse_position(name, size, size)
    except PlayError as exc:
        raise ValueError(f"{RULES_FILE}: bad beginning square: {exc}") from exc
    return pos.row, pos.col


def _flag(value: str) -> bool:
    return value.strip().lower() in ("yes", "true", "1")


@cache
def rule_sets() -> dict[str, WerdUpRules]:
    """Every rule set in the data table, by name."""
    rows = read_table(RULES_FILE)
    names = [k for k in rows[0] if k not in ("setting", "meaning")]
    out = {}
    for name in names:
        v = {r["setting"]: r[name] for r in rows}
        size = int(v["board_size"])
        if v["beginning"].strip() == "centre":
            beginning = centre_squares(size)
        else:
            beginning = frozenset(_square(s, size) for s in v["beginning"].split())
        out[name] = WerdUpRules(
            name=name,
            board_size=size,
            beginning=beginning,
            tiles=v["tiles"],
            rack_size=int(v["rack_size"]),
            min_players=int(v["min_players"]),
            max_players=int(v["max_players"]),
            max_height=int(v["max_height"]),
            min_first_word=int(v["min_first_word"]),
            flat_points=int(v["flat_points"]),
            stack_points=int(v["stack_points"]),
            flat_only_if_whole_word=_flag(v["flat_only_if_whole_word"]),
            qu_flat_bonus=int(v["qu_flat_bonus"]),
            full_rack_bonus=int(v["full_rack_bonus"]),
            no_plural_s=_flag(v["no_plural_s"]),
            no_cover_whole_word=_flag(v["no_cover_whole_word"]),
            tile_penalty=int(v["tile_penalty"]),
            game_ends_when=v["game_ends_when"].strip(),
            challenges=v.get("challenges", "none").strip(),
            challenge_retries=int(v.get("challenge_retries", "0")),
            challenge_until=v.get("challenge_until", "next_turn").strip(),
        )
    return out


RULE_SET_NAMES = ("werdup", "upwords")


def get_rules(name: str = "werdup") -> WerdUpRules:
    """The rule set called ``name`` (``werdup``, the default edition, or ``upwords``)."""
    sets = rule_sets()
    if name not in sets:
        raise UsageError(f"unknown rule set {name!r}; choose one of {', '.join(sets)}.")
    return sets[name]


# The old name, still imported by vision/werdup_turn.py; remove once it says WerdUpRules.
Rules = WerdUpRules
