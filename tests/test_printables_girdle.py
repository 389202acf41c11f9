"""The daily Girdle sheet matches the day's puzzle exactly and is read back by its markers."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import pytest
from markerwarp import apply, locate, photograph, rectify
from pdfcheck import assert_matches_golden, page_sizes_mm, qpdf_check, render, text_items

from companion.girdle import puzzle_for
from companion.layout.sheets import girdle_sheet
from printables.girdle import girdle_sheet_pdf

DAY = dt.date(2026, 11, 29)
PT_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def puzzle():
    return puzzle_for(DAY)


@pytest.fixture(scope="module")
def sheets(puzzle) -> dict[str, bytes]:
    return {paper: girdle_sheet_pdf(DAY, paper, puzzle) for paper in ("letter", "a4")}


def _at(items: list[list], text: str, x_mm: float, y_mm: float, page_h_mm: float,
        tol: float = 4.0) -> bool:
    """Is ``text`` printed near (x_mm, y_mm) (sheet coordinates, y down)?"""
    for t, x, y in items:
        if t == text and abs(x / PT_PER_MM - x_mm) < tol \
                and abs(page_h_mm - y / PT_PER_MM - y_mm) < tol:
            return True
    return False


@pytest.mark.parametrize("paper,size", [("letter", (215.9, 279.4)), ("a4", (210.0, 297.0))])
def test_sheet_pages_and_qpdf(paper: str, size: tuple[float, float], sheets, tmp_path: Path
                              ) -> None:
    pdf = sheets[paper]
    assert page_sizes_mm(pdf) == [size]
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    qpdf_check(path)
    assert girdle_sheet_pdf(DAY, paper) == pdf  # byte-identical, and puzzle_for(DAY) by default
    assert_matches_golden(f"girdle-{DAY.isoformat()}-{paper}", pdf)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_sheet_matches_the_puzzle(paper: str, puzzle, sheets, tmp_path: Path) -> None:
    layout = girdle_sheet(paper)
    items = text_items(sheets[paper])[0]
    h = layout.height
    # each word icon sits at the start of its line
    for number, line in enumerate(puzzle.lines, start=1):
        cx, cy = layout.boxes[f"badge_{line.kind}_{line.index}"].center
        assert _at(items, str(number), cx, cy, h), (number, line)
    # no icon on the other lines
    used = {f"badge_{ln.kind}_{ln.index}" for ln in puzzle.lines}
    for name, box in layout.boxes.items():
        if name.startswith("badge_") and name not in used:
            assert not any(_at(items, str(n), *box.center, h, tol=2.0) for n in range(1, 8))
    # the Supply, letter by letter, in its slots
    slots = layout.grids["supply"]
    for i, letter in enumerate(puzzle.supply):
        assert _at(items, letter, *slots.cell(0, i).center, h), (i, letter)
    assert not any(_at(items, chr(c), *slots.cell(0, len(puzzle.supply)).center, h, tol=2.0)
                   for c in range(65, 91)) or len(puzzle.supply) == slots.cols
    # checkboxes only on the day's checkbox rows: look for the box's ink in a render
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheets[paper])
    dpi = 150
    img = render(path, dpi).mean(axis=2)
    px = dpi / 25.4
    for row in range(1, 8):
        box = layout.boxes[f"checkbox_{row}"]
        edge = img[int(box.center[1] * px), int(box.x * px) - 1:int(box.x * px) + 2].min()
        assert (edge < 120) == (row in puzzle.checkbox_rows), (row, edge)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_photographed_sheet_maps_back_to_its_cells(paper: str, sheets, tmp_path: Path) -> None:
    layout = girdle_sheet(paper)
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheets[paper])
    dpi = 100
    photo, photo_h = photograph(render(path, dpi), dpi, seed=3)
    est_h, found = locate(photo, layout)
    assert found == sorted(m.id for m in layout.markers)
    grid = layout.grids["girdle"]
    mm = np.float32([pt for _, _, cell in grid.cells() for pt in cell.corners()])
    err = np.linalg.norm(apply(est_h, apply(photo_h, mm)) - mm, axis=1)
    assert err.max() < 1.0
    # the rectified photo has the Girdle's ruled lines where the layout says they are: within
    # 1 mm of each line the photo is clearly darker than 2-3 mm away from it
    px = 8.0
    flat = rectify(photo, est_h, layout, px).mean(axis=2)
    x0, x1 = int((grid.x + 3) * px), int((grid.bounds.right - 3) * px)

    def darkest(y0: float, y1: float) -> float:
        return float(flat[int(y0 * px):int(y1 * px) + 1, x0:x1].min(axis=0).mean())

    for k in range(1, grid.rows):
        y = grid.y + k * grid.pitch_y
        on_line = darkest(y - 1.0, y + 1.0)
        beside = min(darkest(y + 2.0, y + 3.0), darkest(y - 3.0, y - 2.0))
        assert on_line < beside - 40, (k, on_line, beside)
