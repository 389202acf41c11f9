"""The shared sheet geometry: plain data, consistent, nothing overlapping the markers."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.layout import sheets
from companion.layout.sheets import MARKER_IDS, Rect, board_sheet, girdle_sheet, readable_sheets


def _overlap(a: Rect, b: Rect, gap: float = 0.0) -> bool:
    return not (a.right + gap <= b.x or b.right + gap <= a.x
                or a.bottom + gap <= b.y or b.bottom + gap <= a.y)


def test_layout_imports_without_reportlab_or_opencv() -> None:
    code = ("import sys, companion.layout.sheets as s; s.readable_sheets(); "
            "print(sorted(m for m in ('reportlab', 'cv2', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_marker_ids_are_unique_and_in_the_printables_range() -> None:
    ids = [i for group in MARKER_IDS.values() for i in group]
    assert len(ids) == len(set(ids))
    assert all(0 <= i <= 29 for i in ids)


@pytest.mark.parametrize("name", sorted(readable_sheets()))
def test_markers_and_grids_fit_on_the_sheet_without_overlap(name: str) -> None:
    sheet = readable_sheets()[name]
    page = Rect(0, 0, sheet.width, sheet.height)
    quiet = sheet.markers[0].box.w / 6  # one module of white around each marker
    regions = [g.bounds for g in sheet.grids.values()] + list(sheet.boxes.values())
    for m in sheet.markers:
        assert page.x + 3 <= m.box.x and m.box.right <= page.right - 3
        assert page.y + 3 <= m.box.y and m.box.bottom <= page.bottom - 3
        for r in regions:
            assert not _overlap(m.box, r, quiet), (name, m.id, r)
    for g in sheet.grids.values():
        assert 0 <= g.x and g.bounds.right <= sheet.width
        assert 0 <= g.y and g.bounds.bottom <= sheet.height


def test_girdle_sheet_regions() -> None:
    s = girdle_sheet("letter")
    g = s.grids["girdle"]
    assert (g.rows, g.cols) == (7, 7)
    assert s.grids["az"].rows * s.grids["az"].cols == 26
    assert s.grids["supply"].cols >= 16
    # tracker rows sit level with the Girdle rows, and the tracker is right of the Girdle
    assert s.grids["tracker_word"].y == g.y and s.grids["tracker_word"].pitch_y == g.pitch_y
    assert s.grids["tracker_number"].x > g.bounds.right
    # vertical order of the sections, top to bottom, nothing overlapping
    order = [g.bounds, s.grids["az"].bounds, s.grids["supply"].bounds,
             s.grids["supply_dots"].bounds, s.boxes["final"], s.boxes["sentence"]]
    for a, b in zip(order, order[1:], strict=False):
        assert a.bottom <= b.y, (a, b)
    assert s.marker(0).corners()[0] == (8.0, 8.0)
    a4 = girdle_sheet("a4")
    assert (a4.width, a4.height) == (210.0, 297.0)
    assert a4.boxes["sentence"].h > s.boxes["sentence"].h
    with pytest.raises(ValueError):
        girdle_sheet("legal")


def test_board_sheets() -> None:
    bw = board_sheet("bugwords")
    grid = bw.grids["board"]
    assert (grid.rows, grid.cols) == (15, 15)
    assert grid.cell(7, 7).center == (bw.width / 2, bw.height / 2)
    wu = board_sheet("werdup").grids["board"]
    assert (wu.rows, wu.cols) == (10, 10)
    with pytest.raises(IndexError):
        wu.cell(10, 0)
    assert sheets.sheet_for_marker(13).name == "bugwords-board"
    with pytest.raises(KeyError):
        sheets.sheet_for_marker(49)
