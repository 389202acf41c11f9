"""The Word Girdle edition: sheet size, Victory Points, length bonuses and daily settings.

Everything a later edition might change is read from ``companion/data/girdle-*.tsv``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cache

from companion.datafiles import read_table

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Edition:
    """The rules of one edition of the Word Girdle sheet."""

    name: str
    grid_size: int
    words: int
    vp: dict[str, int]
    length_bonus: dict[int, int]
    supply_weights: dict[str, int]
    supply_min: int
    supply_max: int
    supply_vowels_min: int
    checkbox_rows_min: int
    checkbox_rows_max: int
    crossout_min_length: int
    first_date: dt.date
    daily_families: tuple[str, ...] = ("star",)  # the layout families the days take in turn

    @property
    def min_length(self) -> int:
        return min(self.length_bonus)

    @property
    def max_length(self) -> int:
        return max(self.length_bonus)


@cache
def default_edition() -> Edition:
    """The companion's default edition (see docs/girdle.md)."""
    letters = read_table("girdle-letters.tsv")
    lengths = read_table("girdle-lengths.tsv")
    settings = {r["setting"]: r["value"] for r in read_table("girdle-edition.tsv")}
    return Edition(
        name=settings["name"],
        grid_size=int(settings["grid_size"]),
        words=int(settings["words"]),
        vp={r["letter"]: int(r["vp"]) for r in letters},
        length_bonus={int(r["length"]): int(r["bonus"]) for r in lengths},
        supply_weights={r["letter"]: int(r["supply_weight"]) for r in letters},
        supply_min=int(settings["supply_min"]),
        supply_max=int(settings["supply_max"]),
        supply_vowels_min=int(settings["supply_vowels_min"]),
        checkbox_rows_min=int(settings["checkbox_rows_min"]),
        checkbox_rows_max=int(settings["checkbox_rows_max"]),
        crossout_min_length=int(settings["crossout_min_length"]),
        first_date=dt.date.fromisoformat(settings["first_date"]),
        daily_families=tuple(settings.get("daily_families", "star").split()),
    )
