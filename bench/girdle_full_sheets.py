"""Every full sheet of a crossed Word Girdle day: seven 7-letter words, each filling its line,
within the day's letters (A-Z once each, plus the Supply).

A full sheet of a lattice, ladder or comb day has the highest length bonus a sheet can have
(+49) and places all but one or two of the letters, so it is the part of the search space where
a sheet beating the best one found is most likely. This measures that part exactly: a
depth-first search, like an exact cover, that places first the letter left (with one copy)
with the fewest words able to take it, or leaves it over, and prunes a branch when a line has
no word left or more letters are stranded than the sheet can leave over. Each full sheet found
is then played through the engine in the day's word order (word 1 from A-Z only, the Supply
as it is activated) and scored.

    python bench/girdle_full_sheets.py --date 2026-12-03

It prints its progress over the first branching, then every full sheet within the letters,
legal or not, with its score, and the time taken. A frame day has neighbouring parallel
lines, so it has no full sheet (refused).
"""

from __future__ import annotations

import argparse
import datetime as dt
import time

import numpy as np

from companion.errors import CompanionError
from companion.girdle import complete_sheet, puzzle_for
from companion.girdle.engine import SheetStep
from companion.girdle.puzzle import Puzzle
from companion.lexicon import default_lexicon

Slot = tuple[str, int]  # ("row", 2) or ("col", 5)
N = 7


def squares(slot: Slot) -> list[tuple[int, int]]:
    kind, k = slot
    return [(k, i + 1) if kind == "row" else (i + 1, k) for i in range(N)]


class FullSheets:
    """The search over one puzzle's full sheets."""

    def __init__(self, puzzle: Puzzle, words: list[str]) -> None:
        self.puzzle = puzzle
        self.slots: list[Slot] = [(line.kind, line.index) for line in puzzle.lines]
        for kind in ("row", "col"):
            ks = sorted(k for s, k in self.slots if s == kind)
            if any(b - a == 1 for a, b in zip(ks, ks[1:], strict=False)):
                raise SystemExit(f"{puzzle.date}: two neighbouring {kind}s: no full sheet")
        self.words = [w for w in words if len(w) == N and w.isalpha() and w.isascii()]
        codes = np.array([[ord(c) - 65 for c in w] for w in self.words], np.int8)
        n = len(self.words)
        self.letters = codes
        self.counts = np.zeros((n, 26), np.int16)
        for i in range(N):
            np.add.at(self.counts, (np.arange(n), codes[:, i]), 1)
        self.budget = np.ones(26, np.int16)
        for ch in puzzle.supply:
            self.budget[ord(ch) - 65] += 1
        self.fits = (self.counts <= self.budget).all(1)
        self.at = np.stack([np.stack([codes[:, i] == L for L in range(26)]) for i in range(N)])
        self.nodes = 0
        self.found: list[dict[Slot, str]] = []

    def candidates(self, slot: Slot, grid: dict, rem: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The words ``slot`` can still take, and the letters already on its squares."""
        mask = self.fits.copy()
        fixed = np.zeros(26, np.int16)
        for i, sq in enumerate(squares(slot)):
            if sq in grid:
                mask &= self.at[i, grid[sq]]
                fixed[grid[sq]] += 1
        mask &= (self.counts <= rem + fixed).all(1)
        return np.flatnonzero(mask), fixed

    def run(self) -> None:
        self._search({}, self.budget.copy(), frozenset(), {}, top=True)

    def _search(self, grid: dict, rem: np.ndarray, filled: frozenset, chosen: dict,
                top: bool = False) -> None:
        self.nodes += 1
        if len(filled) == len(self.slots):
            self.found.append(dict(chosen))
            return
        alive = self._lines_left(grid, rem, filled)
        if alive is None:
            return
        opts, spare = alive
        letter, ways = self._branching(opts, rem, spare)
        total = sum(len(w[1]) for w in ways)
        done = 0
        for s, idx, fixed in ways:
            for wi in idx:
                done += 1
                if top and done % 50 == 1:
                    print(f"  {done}/{total} first words, {self.nodes} nodes, "
                          f"{len(self.found)} full sheets", flush=True)
                g = dict(grid)
                for i, sq in enumerate(squares(s)):
                    g[sq] = int(self.letters[wi, i])
                self._search(g, rem - (self.counts[wi] - fixed), filled | {s},
                             {**chosen, s: self.words[wi]})
        if letter is not None and spare > 0:  # the letter is one of those left over
            r = rem.copy()
            r[letter] -= 1
            self._search(grid, r, filled, chosen, top=top)

    def _lines_left(self, grid: dict, rem: np.ndarray, filled: frozenset
                    ) -> tuple[list, int] | None:
        """Each line still empty with the words it can take, and how many letters the sheet
        will leave over; None when a line has no word left or too many letters are stranded."""
        opts = []
        for s in self.slots:
            if s in filled:
                continue
            idx, fixed = self.candidates(s, grid, rem)
            if len(idx) == 0:
                return None
            opts.append((s, idx, fixed))
        empty = {sq for s, _, _ in opts for sq in squares(s)} - set(grid)
        spare = int(rem.sum()) - len(empty)
        if spare < 0:
            return None
        placeable = np.zeros(26, bool)
        for _, idx, fixed in opts:
            placeable |= ((self.counts[idx] - fixed) > 0).any(0)
        if int(rem[~placeable].sum()) > spare:
            return None
        return opts, spare

    def _branching(self, opts: list, rem: np.ndarray, spare: int) -> tuple[int | None, list]:
        """The letter with one copy left and the fewest ways to be placed (each word of each
        line that takes it), or else (None) the line with the fewest words."""
        best = min(opts, key=lambda o: len(o[1]))
        letter, ways, fewest = None, [best], len(best[1])
        for L in np.flatnonzero(rem == 1):
            here = [(s, idx[(self.counts[idx, L] - fixed[L]) > 0], fixed) for s, idx, fixed in opts]
            count = sum(len(h[1]) for h in here) + (1 if spare > 0 else 0)
            if count < fewest:
                letter, ways, fewest = int(L), here, count
        return letter, ways

    def score(self, sheet: dict[Slot, str]) -> str:
        """The sheet played in the day's word order through the engine: its score, or why
        it is illegal."""
        steps = [SheetStep(k, 1, "across", sheet[(kind, k)]) if kind == "row"
                 else SheetStep(1, k, "down", sheet[(kind, k)]) for kind, k in self.slots]
        try:
            _, _, card = complete_sheet(self.puzzle, steps, lexicon=default_lexicon())
        except CompanionError as exc:
            return f"illegal: {exc}"
        return f"scores {card.final}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--date", default="2026-12-03", help="the day (YYYY-MM-DD)")
    args = ap.parse_args()
    puzzle = puzzle_for(dt.date.fromisoformat(args.date))
    search = FullSheets(puzzle, sorted(w.upper() for w in default_lexicon().words))
    print(f"{args.date}: lines {' '.join(f'{k}{i}' for k, i in search.slots)}, "
          f"{int(search.budget.sum())} letters, {len(search.words)} words of 7 letters "
          f"({int(search.fits.sum())} within the letters)")
    t0 = time.process_time()
    search.run()
    seconds = time.process_time() - t0
    for sheet in search.found:
        print("  " + " ".join(f"{k}{i} {w}" for (k, i), w in sheet.items()),
              "->", search.score(sheet))
    print(f"{len(search.found)} full sheets within the letters; {search.nodes} nodes, "
          f"{seconds:.0f} CPU s")


if __name__ == "__main__":
    main()
