"""Words on a grid: the maximal runs of two or more letters, across and down."""

from __future__ import annotations

Cell = tuple[int, int]


def runs(grid: list[list[str]]) -> list[tuple[str, list[Cell]]]:
    """Every maximal run of 2+ filled cells, across then down: (lower-case word, its cells).

    A cell holding "Qu" contributes "qu".
    """
    rows, cols = len(grid), len(grid[0]) if grid else 0
    out: list[tuple[str, list[Cell]]] = []
    for lines in (
        [[(r, c) for c in range(cols)] for r in range(rows)],
        [[(r, c) for r in range(rows)] for c in range(cols)],
    ):
        for line in lines:
            cur: list[Cell] = []
            for cell in [*line, None]:
                if cell is not None and grid[cell[0]][cell[1]]:
                    cur.append(cell)
                    continue
                if len(cur) >= 2:
                    out.append(("".join(grid[r][c].lower() for r, c in cur), cur))
                cur = []
    return out
