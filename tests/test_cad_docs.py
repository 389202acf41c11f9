"""docs/cad.md tells a maker what to print, how many of each, with which settings, and what
it costs, as the build and the slicer run see it (no solids are made here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cad.build import print_copies
from cad.params import SetParams
from cad.plates import tile_spots
from cad.slicer import INFILL, LAYER_HEIGHT, parse_duration
from companion.tiles import tile_set

CAD_PAGE = Path(__file__).resolve().parent.parent / "docs" / "cad.md"
PLAYERS = 2  # the set the page's totals are for


def printing_section() -> str:
    text = CAD_PAGE.read_text()
    found = re.search(r"^## Printing and assembling\n(.*?)(?=^#|\Z)", text, re.M | re.S)
    assert found, "docs/cad.md has no 'Printing and assembling' section"
    return found.group(1)


def table_rows() -> dict[str, tuple[str, str, str]]:
    """The print table: file name -> (copies, time, filament) as written."""
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$",
                      printing_section(), re.M)
    return {name: (copies, time, grams) for name, copies, time, grams in rows}


def default_build_files() -> dict[str, list[str]]:
    """The STL files a default build writes, per part (the tile plates as the default bed
    needs them)."""
    tiles = tile_set("werdup").total
    plates = max(spot.plate for spot in tile_spots(SetParams(), tiles)) + 1
    return {"quarter": ["quarter.stl"],
            "placard": ["placard-left.stl", "placard-right.stl", "placard-pair.stl"],
            "tiles": [f"tiles-plate-{k}.stl" for k in range(1, plates + 1)],
            "coupon": ["coupon.stl"]}


def test_the_print_table_lists_each_file_with_the_copies_a_build_reports() -> None:
    rows = table_rows()
    copies = {name: c for name, c in print_copies(default_build_files()).items()
              if not c.instead}  # the files printed instead of others are named in prose
    assert set(rows) == set(copies)
    for name, c in copies.items():
        assert rows[name][0] == str(c.report_value), name


def test_the_print_settings_are_those_the_slicer_run_uses() -> None:
    section = printing_section()
    assert f"{LAYER_HEIGHT:g} mm layers" in section
    assert f"{INFILL.rstrip('%')} % infill" in section
    assert "0.4 mm nozzle" in section and "no supports" in section


def test_the_set_total_is_the_sum_of_the_table() -> None:
    minutes, grams = 0.0, 0.0
    for name, (copies, time, weight) in table_rows().items():
        if name.startswith("coupon"):
            continue  # the page gives the set's total "plus each coupon"
        count = int(copies.split()[0]) * (PLAYERS if "per player" in copies else 1)
        minutes += count * parse_duration(time) / 60
        grams += count * float(weight.removesuffix(" g"))
    total = re.search(r"about (\d+) h and (\d+) g for the set", printing_section())
    assert total, "the section gives no total for the set"
    assert int(total.group(1)) == pytest.approx(minutes / 60, abs=0.5)
    assert int(total.group(2)) == pytest.approx(grams, abs=0.5)
