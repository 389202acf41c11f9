"""Using the words: pick, for uncertain cells and blank tiles, the letters that make every word
through them a word of the lexicon; what stays ambiguous is listed for the player.
"""

from __future__ import annotations

import itertools
import math

from companion.lexicon import Lexicon
from vision.cells import BLANK, EMPTY, CellRead
from vision.words import runs

Cell = tuple[int, int]
MAX_COMBINATIONS = 4000


def words_through(grid: list[list[str]], cell: Cell) -> list[tuple[str, list[Cell]]]:
    """The across and down runs of 2+ tiles through ``cell`` (lower-case, "Qu" is "qu")."""
    rows, cols = len(grid), len(grid[0])
    out = []
    r, c = cell
    for dr, dc in ((0, 1), (1, 0)):
        if not grid[r][c]:
            continue
        sr, sc = r, c
        while 0 <= sr - dr and 0 <= sc - dc and grid[sr - dr][sc - dc]:
            sr, sc = sr - dr, sc - dc
        cells = []
        while sr < rows and sc < cols and grid[sr][sc]:
            cells.append((sr, sc))
            sr, sc = sr + dr, sc + dc
        if len(cells) >= 2:
            out.append(("".join(grid[a][b].lower() for a, b in cells), cells))
    return out


def _candidates(rd: CellRead, letters: tuple[str, ...]) -> list[tuple[str, float]]:
    if rd.face == BLANK:
        return [(a.lower(), 1.0 / len(letters)) for a in letters]
    cands = [(rd.face, rd.confidence)] + [(a, p) for a, p in rd.alternatives]
    return cands


def resolve(reads: list[CellRead], rows: int, cols: int, lexicon: Lexicon,
            letters: tuple[str, ...]) -> list[CellRead]:
    """Settle uncertain cells and blanks with the lexicon, in place; returns the still
    uncertain cells (their ``alternatives`` keep only choices that make valid words, best
    first). A blank's letter is stored lower-case in ``letter``.
    """
    grid = [[EMPTY] * cols for _ in range(rows)]
    by_cell = {(rd.row, rd.col): rd for rd in reads}
    for rd in reads:
        grid[rd.row][rd.col] = "x" if rd.face == BLANK else rd.face
    todo = [rd for rd in reads if rd.face == BLANK or rd.alternatives]
    for word, cells in runs(grid):  # a non-word: its cells' runners-up are worth a look
        if "x" not in word and word not in lexicon:
            for cell in cells:
                rd = by_cell[cell]
                if not rd.alternatives and rd.options:
                    rd.alternatives = list(rd.options)
                    todo.append(rd)
    unresolved: list[CellRead] = []
    for group in _groups(grid, todo, by_cell):
        options = [_candidates(rd, letters) for rd in group]
        while math.prod(len(o) for o in options) > MAX_COMBINATIONS:
            widest = max(range(len(options)), key=lambda i: len(options[i]))
            if len(options[widest]) > 2:
                options[widest] = options[widest][: len(options[widest]) // 2]
            else:  # keep only the best reading of the surest remaining cell
                sure = max((i for i, o in enumerate(options) if len(o) > 1),
                           key=lambda i: options[i][0][1] - options[i][1][1])
                options[sure] = options[sure][:1]
        scored = []
        for combo in itertools.product(*options):
            for rd, (face, _) in zip(group, combo, strict=True):
                grid[rd.row][rd.col] = face
            words = {tuple(cells): w for rd in group for w, cells in
                     words_through(grid, (rd.row, rd.col))}
            valid = all(w in lexicon for w in words.values())
            prob = math.prod(p for _, p in combo)
            scored.append((valid, prob, combo))
        scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
        good = [s for s in scored if s[0]]
        if good and (len(good) == 1 or good[0][1] > 4 * good[1][1]):
            best = good[0][2]
            for rd, (face, _) in zip(group, best, strict=True):
                _settle(rd, face)
        else:
            pool = good or scored[:1]
            for k, rd in enumerate(group):
                seen: dict[str, float] = {}
                for _, prob, combo in pool:
                    seen[combo[k][0]] = seen.get(combo[k][0], 0.0) + prob
                ranked = sorted(seen.items(), key=lambda kv: -kv[1])
                total = sum(seen.values()) or 1.0
                if rd.face != BLANK:
                    rd.face = ranked[0][0] or EMPTY
                    rd.letter = rd.face or None
                    rd.confidence = ranked[0][1] / total
                rd.alternatives = [(f, p / total) for f, p in ranked[: 8]]
                if rd.face != BLANK and len(ranked) == 1:
                    rd.alternatives = []
                if rd.alternatives or rd.face == BLANK:
                    unresolved.append(rd)
        for rd in group:
            grid[rd.row][rd.col] = "x" if rd.face == BLANK and rd.letter is None else (
                rd.letter or rd.face)
    listed = {(rd.row, rd.col) for rd in unresolved}
    for word, cells in runs(grid):  # still not a word: the player must look at it
        if "x" not in word and word not in lexicon:
            for cell in cells:
                rd = by_cell[cell]
                if cell not in listed:
                    rd.alternatives = rd.alternatives or [(rd.face, rd.confidence)]
                    unresolved.append(rd)
                    listed.add(cell)
    return unresolved


def _settle(rd: CellRead, face: str) -> None:
    if rd.face == BLANK:
        rd.letter = face.lower()
    else:
        rd.face, rd.letter = face, face or None
    rd.alternatives = []


def _groups(grid: list[list[str]], todo: list[CellRead], by_cell: dict[Cell, CellRead]
            ) -> list[list[CellRead]]:
    """Uncertain cells that share a word, grouped (they must be decided together)."""
    pending = {(rd.row, rd.col) for rd in todo}
    groups = []
    while pending:
        start = pending.pop()
        group, stack = [start], [start]
        while stack:
            cell = stack.pop()
            for _, cells in words_through(grid, cell):
                for other in cells:
                    if other in pending:
                        pending.discard(other)
                        group.append(other)
                        stack.append(other)
        groups.append([by_cell[c] for c in sorted(group)])
    return groups
