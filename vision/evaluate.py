"""Scoring a board reading against a labelled photo (benchmarks and tests)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.text import counted
from vision.cells import BLANK, EMPTY

if TYPE_CHECKING:
    from vision.config import VisionConfig


@dataclass(frozen=True)
class Labelled:
    """A labelled photo: ``rows`` as the board reads the right way up ('.' empty, a letter,
    '?' a blank tile); ``blanks`` a blank's letter where the words fix it."""

    photo: Path
    rows: tuple[str, ...]
    blanks: dict[tuple[int, int], str]
    note: str = ""


@dataclass(frozen=True)
class Score:
    cells_right: int
    cells: int
    tiles_right: int
    tiles: int
    wrong_unlisted: int


def _cell(key: str) -> tuple[int, int]:
    """A cell written "row,col"."""
    row, col = key.split(",")
    return int(row), int(col)


def load_labels(path: str | Path, photos: str | Path | None = None) -> list[Labelled]:
    """The photos of a ``labels.json`` (``{"photos": {name: {"rows": [...]}}}``) in its folder,
    or in ``photos`` (the same photos kept elsewhere, e.g. at full size)."""
    path = Path(path)
    folder = Path(photos) if photos is not None else path.parent
    data = json.loads(path.read_text(encoding="utf-8"))
    missing = sorted(name for name in data["photos"] if not (folder / name).is_file())
    if missing:
        raise FileNotFoundError(f"{counted(len(missing), 'labelled photo')} not in {folder}, e.g. "
                                f"{missing[0]}")
    out = []
    for name, entry in sorted(data["photos"].items()):
        blanks = {_cell(k): v.upper() for k, v in entry.get("blanks", {}).items()}
        out.append(Labelled(folder / name, tuple(entry["rows"]), blanks,
                            entry.get("note", "")))
    return out


def score(label: Labelled, reading) -> Score:
    """Cells and tiles read right, and cells read wrong without being listed as uncertain.

    A blank tile is right when it is read as a blank whose letter is the one its words fix (or
    is listed with that letter among the choices); when the label gives no letter, any blank.
    ``reading`` None (the photo was refused) reads nothing right and lists nothing wrong.
    """
    n = sum(len(row) for row in label.rows)
    tiles = sum(ch != "." for row in label.rows for ch in row)
    if reading is None:
        return Score(0, n, 0, tiles, 0)
    by_cell = {(rd.row, rd.col): rd for rd in reading.cells}
    asked = {(u.row, u.col): [a.upper() for a, _ in u.alternatives if a]
             for u in reading.uncertain}
    right = tiles_right = unlisted = 0
    for r, row in enumerate(label.rows):
        for c, truth in enumerate(row):
            rd = by_cell[(r, c)]
            if truth == ".":
                ok = rd.face == EMPTY
            elif truth == "?":
                letter = label.blanks.get((r, c))
                ok = rd.face == BLANK and (
                    letter is None or (rd.letter or "").upper() == letter
                    or letter in asked.get((r, c), []))
            else:
                ok = rd.face == truth
            right += ok
            tiles_right += ok and truth != "."
            unlisted += not ok and (r, c) not in asked
    return Score(right, n, tiles_right, tiles, unlisted)


@dataclass
class Totals:
    """Scores summed over labelled photos: over all of them, and (``read_*``) over the
    photos read rather than refused; cells listed for the player, refusals, CPU seconds."""

    cells_right: int = 0
    cells: int = 0
    tiles_right: int = 0
    tiles: int = 0
    wrong_unlisted: int = 0
    listed: int = 0
    refused: int = 0
    photos: int = 0
    cpu: float = 0.0
    read_cells_right: int = 0
    read_cells: int = 0
    read_tiles_right: int = 0
    read_tiles: int = 0

    @property
    def shares(self) -> tuple[float, float, float, float]:
        """Cells right, tiles right (all photos), then the same over the photos read."""
        return (self.cells_right / max(self.cells, 1), self.tiles_right / max(self.tiles, 1),
                self.read_cells_right / max(self.read_cells, 1),
                self.read_tiles_right / max(self.read_tiles, 1))

    def add(self, s: Score, listed: int, refused: bool, cpu: float) -> None:
        self.cells_right += s.cells_right
        self.cells += s.cells
        self.tiles_right += s.tiles_right
        self.tiles += s.tiles
        self.wrong_unlisted += s.wrong_unlisted
        self.listed += listed
        self.refused += refused
        self.photos += 1
        self.cpu += cpu
        if not refused:
            self.read_cells_right += s.cells_right
            self.read_cells += s.cells
            self.read_tiles_right += s.tiles_right
            self.read_tiles += s.tiles


def read_and_score(label: Labelled, load, spec, clf, lexicon, totals: Totals,
                   cfg: VisionConfig | None = None) -> tuple[Score, int, float, str]:
    """Read one labelled photo (``load()`` gives its image; decoding counts in the CPU time)
    with ``cfg`` (default: the shipped settings) and score it, adding to ``totals``: its
    score, cells listed, CPU seconds and how the grid was found or why the photo was
    refused."""
    import time

    from vision.config import DEFAULT
    from vision.errors import VisionError
    from vision.reading import read_board

    t0 = time.process_time()
    try:
        reading = read_board(cfg or DEFAULT, load(), spec, clf, lexicon)
        result = f"found by {reading.located.method}"
    except VisionError as exc:
        reading, result = None, f"refused: {exc}"
    cpu = time.process_time() - t0
    s = score(label, reading)
    listed = len(reading.uncertain) if reading else 0
    totals.add(s, listed, reading is None, cpu)
    return s, listed, cpu, result
