"""Scoring a board reading against a labelled photo (benchmarks and tests)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from vision.cells import BLANK, EMPTY


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


def load_labels(path: str | Path) -> list[Labelled]:
    """The photos of a ``labels.json`` (``{"photos": {name: {"rows": [...]}}}``) in its folder."""
    path = Path(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for name, entry in sorted(data["photos"].items()):
        blanks = {_cell(k): v.upper() for k, v in entry.get("blanks", {}).items()}
        out.append(Labelled(path.parent / name, tuple(entry["rows"]), blanks,
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
