"""Can any sheet of a crossed Word Girdle day beat its par? An exact depth-first
branch-and-bound in C over the day's placements, with a time cap: it proves par if it
finishes, and says how far it got.

The model (an upper bound on the real sheets: it relaxes rules, it never adds one):

- Each line takes one placement from the engine's move generator
  (:meth:`companion.girdle.moves.WordIndex.line_table` of an empty line: every word of every
  length at every start). Placements of two lines agree on the squares they share, the
  squares just before and after a word along its line stay empty (no word extends another),
  and the letters placed are within the day's letters (A-Z once each, plus the Supply).
- Relaxed: the word order (word 1 from A-Z only, each later word crossing an earlier one and
  placing 1 to 6 new letters), the activation order of the Supply, and the incidental words a
  letter makes with its neighbours across its line.
- Scored by the identity of docs/girdle.md: with every Supply letter active at the end,
  final = sum over words of (length bonus + VP of its letters + VP of its new letters) - V +
  the VP crossed out, V being the VP of all the day's letters. Summed over the words, the VP
  of the new letters is the VP of the letters placed, whatever the word order, so each word
  is worth its bonus, the VP of its letters on squares already filled and twice the VP of the
  letters it places. Cross-outs are worth the most valuable letters left unused.
- A sheet placing fewer letters than the Supply holds leaves Supply letters inactive, which
  the identity does not cover. Such a sheet is bounded apart (:func:`few_letters_bound`): at
  most P letters placed of the most valuable, crossing squares worth their VP once more (at
  most P of them), the best length bonuses seven words of P + crossings letters can have, and
  at least 26 - P - (cross-outs) of the cheapest A-Z letters left unused; the Supply's unused
  letters are not counted against it.

Every sheet the search finds above par is played through the engine in the day's order
(``complete_sheet``): one that plays and scores above par refutes par; one that does not is
an artefact of the relaxation and the search goes on.

    python bench/girdle_exact_bb.py --date 2026-12-03 --minutes 25

The C file beside this one is compiled with ``cc -O2`` into a temporary folder at each run.
The figures printed: nodes, nodes per second, the root's branches finished (by count and
weighted by how far each one's bound lies above par), the fraction of the whole tree finished
(each finished branch counted as its share of its parent's, along the path the search was on)
and the total time those fractions suggest.
"""

from __future__ import annotations

import argparse
import ctypes
import datetime as dt
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion.errors import CompanionError
from companion.girdle import complete_sheet, puzzle_for
from companion.girdle.engine import SheetStep
from companion.girdle.moves import EMPTY, WordIndex, line_cells, word_index
from companion.girdle.puzzle import Puzzle
from companion.girdle.rules import ALPHABET
from companion.lexicon import Lexicon, default_lexicon

SOURCE = Path(__file__).with_suffix(".c")
SQUARES = 7  # a line's squares: the C search is written for the edition's 7 x 7 grid


def _compiled() -> ctypes.CDLL:
    """The C search, compiled with ``cc -O2`` into a temporary folder and loaded."""
    folder = tempfile.mkdtemp(prefix="girdle_bb_")
    lib = Path(folder) / "girdle_bb.so"
    try:
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", str(lib), str(SOURCE)],
                       check=True)
        return ctypes.CDLL(str(lib))  # loaded: the file can go
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Placements:
    """Every placement of every line, the best first in each line (bonus + twice the VP)."""

    offsets: np.ndarray  # (lines + 1,) where each line's placements start
    starts: np.ndarray  # uint8, the first square in the line (0-based)
    lengths: np.ndarray  # uint8
    letters: np.ndarray  # int8 (n, 7): the word's letter codes, -1 past its end
    bonuses: np.ndarray  # int32, the length bonus


def placements(puzzle: Puzzle, index: WordIndex) -> Placements:
    """Each line's placements from the move generator (an empty line, every word at every
    start), keeping the words within the day's letters."""
    if puzzle.size != SQUARES:
        raise SystemExit(f"the search is written for a {SQUARES} x {SQUARES} grid, "
                         f"not {puzzle.size} x {puzzle.size}")
    budget = letter_counts(puzzle)
    lengths = range(puzzle.min_length, min(puzzle.max_length, puzzle.size) + 1)
    table = index.line_table((EMPTY,) * SQUARES, (False,) * SQUARES, True, lengths)
    vp = np.array([puzzle.vp[ch] for ch in ALPHABET], np.int64)
    rows_s, rows_n, rows_w = [], [], []
    if table is not None:
        for row in range(len(table.word_ids)):
            n, s, _free = table.runs[int(table.run_of[row])]
            rows_s.append(s)
            rows_n.append(n)
            rows_w.append(int(table.word_ids[row]))
    letters = np.full((len(rows_w), SQUARES), -1, np.int8)
    fits = np.zeros(len(rows_w), bool)
    for k, (n, w) in enumerate(zip(rows_n, rows_w, strict=True)):
        letters[k, :n] = index.codes[n][w]
        fits[k] = bool((index.counts[n][w] <= budget).all())
    bonus = np.array([puzzle.bonus(n) for n in rows_n], np.int32)
    value = bonus + 2 * np.where(letters >= 0, vp[letters.clip(0)], 0).sum(1)
    order = np.flatnonzero(fits)[np.argsort(-value[fits], kind="stable")]
    k = len(puzzle.lines)
    return Placements(
        np.arange(k + 1, dtype=np.int32) * len(order),  # every line: the same placements
        np.tile(np.array(rows_s, np.uint8)[order], k) if len(order) else np.zeros(0, np.uint8),
        np.tile(np.array(rows_n, np.uint8)[order], k) if len(order) else np.zeros(0, np.uint8),
        np.tile(letters[order], (k, 1)),
        np.tile(bonus[order], k).astype(np.int32))


def letter_counts(puzzle: Puzzle) -> np.ndarray:
    """The day's letters by code: A-Z once each, plus the Supply."""
    counts = np.ones(26, np.int32)
    for ch in puzzle.supply:
        counts[ALPHABET.index(ch)] += 1
    return counts


def few_letters_bound(puzzle: Puzzle) -> int | None:
    """The most a sheet placing fewer letters than the Supply holds could
    score (None: no sheet places so few)."""
    supply = len(puzzle.supply)
    if supply == 0:
        return None
    vps = sorted((puzzle.vp[ch] for ch in ALPHABET + puzzle.supply), reverse=True)
    az = sorted(puzzle.vp[ch] for ch in ALPHABET)
    words = len(puzzle.lines)
    crossings = sum(1 for a, la in enumerate(puzzle.lines) for lb in puzzle.lines[a + 1:]
                    if la.kind != lb.kind)
    crossouts = len([r for r in puzzle.checkbox_rows if r <= words])
    lengths = range(puzzle.min_length, min(puzzle.max_length, puzzle.size) + 1)
    # best[t]: the best length bonuses of the words so far with t letters in all
    best = {0: 0}
    for _ in range(words):
        nxt: dict[int, int] = {}
        for t, b in best.items():
            for n in lengths:
                nxt[t + n] = max(nxt.get(t + n, -10**9), b + puzzle.bonus(n))
        best = nxt
    top = None
    for placed in range(supply):
        for shared in range(min(placed, crossings) + 1):
            bonus = best.get(placed + shared)
            if bonus is None:
                continue
            unused = max(0, 26 - placed - crossouts)
            value = sum(vps[:placed]) + sum(vps[:shared]) + bonus - sum(az[:unused])
            top = value if top is None else max(top, value)
    return top


@dataclass
class Result:
    """What a search did: its figures and the sheets it found above the target."""

    nodes: int
    seconds: float
    stopped: bool
    finished: float  # the fraction of the tree finished (1.0 when it ended)
    root_children: int
    root_done: int
    root_weights: np.ndarray
    sheets: list[list[tuple[int, str]]] = field(default_factory=list)  # (start, word) a line
    found: int = 0
    wall: float = 0.0
    root_bound: int | None = None  # the root's bound on the score (None: none reached)
    estimates: list[float] = field(default_factory=list)  # tree size, a quarter of the dives each

    @property
    def weighted_root_done(self) -> float:
        total = float(self.root_weights.sum())
        return float(self.root_weights[:self.root_done].sum()) / total if total > 0 else 1.0


def search(puzzle: Puzzle, index: WordIndex, above: int, seconds: float = 60.0,
           wall_seconds: float = 0.0, node_limit: int = 0, max_sheets: int = 1000,
           probes: int = 0) -> Result:
    """Every sheet of the relaxed model whose score is above ``above`` (up to ``max_sheets``
    of them kept), searched for at most ``seconds`` of CPU time (and ``wall_seconds`` of wall
    time and ``node_limit`` nodes, 0: no limit). With ``probes``, instead of searching, that
    many random dives from the root estimate the size of the search's tree
    (:attr:`Result.estimates`)."""
    lib = _compiled()
    pl = placements(puzzle, index)
    k = len(puzzle.lines)
    cells = np.array([line_cells(puzzle, j + 1) for j in range(k)], np.int32)
    eligible = np.array([int(puzzle.has_checkbox(j + 1)) for j in range(k)], np.int32)
    vp = np.array([puzzle.vp[ch] for ch in ALPHABET], np.int32)
    counts = letter_counts(puzzle)
    total_vp = int((vp * counts).sum())
    sheets = np.zeros(max(1, max_sheets) * k, np.int32)
    weights = np.zeros(max(1, int(pl.offsets[1] - pl.offsets[0])), np.float64)
    out = np.zeros(13, np.float64)

    def ptr(a: np.ndarray, kind: type) -> object:
        return a.ctypes.data_as(ctypes.POINTER(kind))

    letters = np.ascontiguousarray(pl.letters)
    lib.girdle_bb.restype = ctypes.c_int
    status = lib.girdle_bb(
        ctypes.c_int(k), ptr(cells, ctypes.c_int), ptr(eligible, ctypes.c_int),
        ctypes.c_int(puzzle.crossout_min_length), ptr(vp, ctypes.c_int),
        ptr(counts, ctypes.c_int), ptr(pl.offsets, ctypes.c_int),
        ptr(pl.starts, ctypes.c_uint8), ptr(pl.lengths, ctypes.c_uint8),
        ptr(letters, ctypes.c_int8), ptr(pl.bonuses, ctypes.c_int),
        ctypes.c_long(above + total_vp), ctypes.c_double(seconds), ctypes.c_double(wall_seconds),
        ctypes.c_long(node_limit), ctypes.c_long(probes),
        ptr(sheets, ctypes.c_int), ctypes.c_long(max_sheets), ptr(weights, ctypes.c_double),
        ptr(out, ctypes.c_double))
    if status != 0:
        raise SystemExit("the search ran out of memory")
    found = int(out[1])
    result = Result(int(out[0]), float(out[6]), bool(out[2]), float(out[3]), int(out[4]),
                    int(out[5]), weights[:int(out[4])].copy(), found=found,
                    wall=float(out[7]),
                    root_bound=None if out[8] < 0 else int(out[8]) - total_vp,
                    estimates=[float(x) for x in out[9:13]] if probes else [])
    for f in range(min(found, max_sheets)):
        row = []
        for j in range(k):
            p = int(sheets[f * k + j])
            n = int(pl.lengths[p])
            row.append((int(pl.starts[p]), "".join(ALPHABET[c] for c in pl.letters[p, :n])))
        result.sheets.append(row)
    return result


def relaxed_score(puzzle: Puzzle, sheet: list[tuple[int, str]]) -> int:
    """A sheet's score in the relaxed model (the identity with every Supply letter active),
    from its words alone: for checking the search by enumeration."""
    grid: dict[int, str] = {}
    total = 0
    for j, (start, word) in enumerate(sheet):
        cells = line_cells(puzzle, j + 1)[start:start + len(word)]
        total += puzzle.bonus(len(word)) + sum(puzzle.vp[ch] for ch in word)
        for c, ch in zip(cells, word, strict=True):
            grid[c] = ch
    left = [int(n) for n in letter_counts(puzzle)]
    for ch in grid.values():
        left[ALPHABET.index(ch)] -= 1
    crossouts = sum(1 for j, (_s, w) in enumerate(sheet)
                    if puzzle.earns_crossout(j + 1, len(w)))
    spare = sorted((puzzle.vp[ALPHABET[c]] for c in range(26) for _ in range(left[c])),
                   reverse=True)
    total_vp = sum(puzzle.vp[ch] for ch in ALPHABET + puzzle.supply)
    return total + sum(puzzle.vp[ch] for ch in grid.values()) - total_vp + sum(spare[:crossouts])


def engine_score(puzzle: Puzzle, sheet: list[tuple[int, str]], lexicon: Lexicon) -> int | None:
    """The sheet played through the engine in the day's order: its final score, or None when
    it is not a legal sheet."""
    steps = []
    for line, (start, word) in zip(puzzle.lines, sheet, strict=True):
        if line.kind == "row":
            steps.append(SheetStep(line.index, start + 1, "across", word))
        else:
            steps.append(SheetStep(start + 1, line.index, "down", word))
    try:
        _, _, card = complete_sheet(puzzle, steps, lexicon=lexicon)
    except CompanionError:
        return None
    return card.final if card.complete else None


def _minutes(value: str) -> float:
    try:
        minutes = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of minutes") from None
    if not 0 < minutes <= 25:
        raise argparse.ArgumentTypeError("give 0 to 25 minutes (the machine is shared)")
    return minutes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--date", default="2026-12-03", help="the day (YYYY-MM-DD)")
    ap.add_argument("--par", type=int, default=None,
                    help="the score to beat (default: what `companion girdle solve` gives)")
    ap.add_argument("--minutes", type=_minutes, default=5.0,
                    help="CPU minutes at most (default 5, at most 25)")
    ap.add_argument("--wall-minutes", type=float, default=0.0,
                    help="wall-clock minutes at most, on a busy machine (default: no limit)")
    ap.add_argument("--probes", type=int, default=4000,
                    help="random dives to estimate the whole search's size (default 4000)")
    args = ap.parse_args()
    try:
        day = dt.date.fromisoformat(args.date)
    except ValueError:
        ap.error(f"--date {args.date!r} is not a date (YYYY-MM-DD)")
    puzzle = puzzle_for(day)
    lexicon = default_lexicon()
    par = args.par
    if par is None:
        from companion.girdle.cache import solve_cached
        par = solve_cached(puzzle, lexicon=lexicon).par
    index = word_index(lexicon, puzzle.min_length, puzzle.max_length)
    pl = placements(puzzle, index)
    lines = " ".join(f"{ln.kind}{ln.index}" for ln in puzzle.lines)
    print(f"{args.date}: lines {lines}, Supply {puzzle.supply}, par {par}, "
          f"{int(pl.offsets[1])} placements a line within the letters")
    few = few_letters_bound(puzzle)
    if few is not None:
        verdict = "below par" if few <= par else "NOT below par: such sheets are not excluded"
        print(f"sheets placing fewer than {len(puzzle.supply)} letters: at most {few}, {verdict}")
    t0 = time.process_time()
    res = search(puzzle, index, par, seconds=args.minutes * 60,
                 wall_seconds=max(0.0, args.wall_minutes) * 60)
    legal = [(s, engine_score(puzzle, s, lexicon)) for s in res.sheets]
    better = [(s, v) for s, v in legal if v is not None and v > par]
    rate = res.nodes / res.seconds if res.seconds > 0 else 0.0
    print(f"root bound {res.root_bound} against par {par}")
    print(f"nodes {res.nodes:,}, {res.seconds:.0f} CPU s ({res.wall:.0f} s wall), "
          f"{rate:,.0f} nodes/CPU s")
    print(f"root: {res.root_done:,} of {res.root_children:,} branches finished "
          f"({res.root_done / max(1, res.root_children):.2%} by count, "
          f"{res.weighted_root_done:.2%} weighted by their bounds above par)")
    print(f"tree finished: {res.finished:.3g}")
    if res.finished > 0:
        est = res.seconds / res.finished
        print(f"estimated total: {est:,.0f} CPU s ({est / 3600:,.1f} h, "
              f"{est / 86400 / 365:,.2g} years)")
    wt = res.weighted_root_done
    if res.root_done and wt > 0:
        print(f"estimated from the root's branches weighted: {res.seconds / wt:,.0f} CPU s")
    if args.probes > 0 and res.stopped and res.nodes:
        dives = search(puzzle, index, par, seconds=3600.0, probes=max(4, args.probes))
        size = sum(dives.estimates) / 4
        spread = ", ".join(f"{x:.2g}" for x in dives.estimates)
        per = res.seconds / res.nodes
        print(f"{args.probes} random dives ({dives.seconds:.0f} CPU s): the whole search "
              f"{size:.2g} nodes (quarters of the dives: {spread}), at this node rate "
              f"{size * per:.2g} CPU s ({size * per / 86400 / 365:.2g} years)")
    print(f"relaxed sheets above par: {res.found:,}; played through the engine: "
          f"{len(legal)}, legal {sum(v is not None for _, v in legal)}, above par {len(better)}")
    for s, v in better[:5]:
        print("  ", " ".join(w for _s, w in s), "->", v)
    if better:
        print(f"par {par} is beaten")
    elif not res.stopped and (few is None or few <= par):
        print(f"par {par} is proven")
    else:
        print(f"par {par} neither proven nor refuted in {time.process_time() - t0:.0f} CPU s")


if __name__ == "__main__":
    main()
