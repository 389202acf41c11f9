"""Printables benchmark: time to build each PDF, its size, and marker-location accuracy.

    .venv/bin/python bench/documents.py
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from markerwarp import apply, locate, photograph  # noqa: E402

from companion.girdle import puzzle_for  # noqa: E402
from companion.layout.sheets import board_sheet  # noqa: E402
from printables.boards import board_pdf  # noqa: E402
from printables.deck import deck_pdf  # noqa: E402
from printables.girdle import girdle_sheet_pdf  # noqa: E402
from printables.raster import pdf_page_image  # noqa: E402
from printables.score_sheets import score_sheet_pdf  # noqa: E402
from printables.tiles import tiles_pdf  # noqa: E402

DAY = dt.date(2026, 11, 29)
DOCS: dict[str, Callable[[], bytes]] = {
    "Word Girdle sheet (puzzle already made)": lambda: girdle_sheet_pdf(DAY, "letter", PUZZLE),
    "score sheet (WerdUp, 4 players)": lambda: score_sheet_pdf("werdup", 4),
    "score sheet (Bug Words, 4 players)": lambda: score_sheet_pdf("bugwords", 4),
    "PDQ deck (78 cards, 9 pages)": lambda: deck_pdf(),
    "Bug Words board (letter, 4 pages)": lambda: board_pdf("bugwords", "letter"),
    "WerdUp tiles (100)": lambda: tiles_pdf("werdup"),
}


PUZZLE = None


def best_of(make: Callable[[], bytes], n: int = 5) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(n):
        t0 = time.perf_counter()
        size = len(make())
        times.append(time.perf_counter() - t0)
    return min(times), size


def main() -> None:
    global PUZZLE
    t0 = time.perf_counter()
    PUZZLE = puzzle_for(DAY)
    print(f"puzzle_for({DAY}) with the word list loaded: "
          f"{(time.perf_counter() - t0) * 1000:.0f} ms")
    print(f"{'document':40} {'build ms':>9} {'KiB':>7}")
    for name, make in DOCS.items():
        secs, size = best_of(make)
        print(f"{name:40} {secs * 1000:9.1f} {size / 1024:7.1f}")
    print()
    print("Bug Words board photographed at an angle (simulated), located by its markers:")
    sheet = board_sheet("bugwords")
    pdf = board_pdf("bugwords", "full", full_border=0.0)  # the trimmed board
    for dpi in (50, 75, 100, 150):
        img = cv2.cvtColor(pdf_page_image(pdf, dpi), cv2.COLOR_BGR2RGB)
        photo, truth = photograph(img, dpi)
        t0 = time.perf_counter()
        try:
            est, found = locate(photo, sheet)
        except AssertionError as exc:
            print(f"  {dpi:3d} dpi render: not located ({exc})")
            continue
        ms = (time.perf_counter() - t0) * 1000
        mm = np.float32([p for _, _, c in sheet.grids["board"].cells() for p in c.corners()])
        err = np.linalg.norm(apply(est, apply(truth, mm)) - mm, axis=1)
        print(f"  {dpi:3d} dpi render ({photo.shape[1]}x{photo.shape[0]} photo): "
              f"{len(found)} markers in {ms:.0f} ms, cell-corner error "
              f"mean {err.mean():.2f} mm, max {err.max():.2f} mm")


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help
    main()
