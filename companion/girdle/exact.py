"""Par by an exact solver: the sheet as a constraint programme, solved by OR-Tools CP-SAT.

Each line picks one placement (a word of the list at a start square). The rest of the sheet's
rules become constraints on those choices:

- squares two lines share hold the same letter when both words cover them; the earlier word
  places it and the later one crosses it (every later word crosses at least one earlier letter,
  places at least one new letter, and never crosses two earlier letters side by side);
- no incidental words: two letters side by side along a line belong to that line's word;
- letters: one of each from A-Z, the rest from the Supply, no more than it holds; before word
  k, no more Supply letters are in use than the letters placed by words 1..k-1 (activations);
- the objective is the final score itself: word scores (VP and length bonus), less the unused
  A-Z letters, less the active Supply letters left unused (the cheapest ones activated), plus
  the most valuable unused letters crossed out.

The search is CP-SAT with a fixed number of workers in its deterministic (interleaved) mode and
a limit in deterministic time, never in seconds: the same puzzle gives the same answer on every
machine, a slow one only takes longer. An answer is ``proven`` only when CP-SAT proves it
optimal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from companion.girdle.engine import SheetStep
from companion.girdle.moves import WordIndex
from companion.girdle.puzzle import Puzzle
from companion.girdle.rules import ALPHABET

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

# OR-Tools is imported where CP-SAT runs: it takes about a second (pandas with it), and a
# daily crossed puzzle is too large a programme to run it on (companion.girdle.solver)

WORKERS = 2  # the machine the daily puzzles are made on has two cores
WORK_LIMIT = 120.0  # deterministic time (CP-SAT's unit, close to a second of one core)


@dataclass
class ExactResult:
    """CP-SAT's answer: the best score found, whether it is proven optimal, the best bound,
    and the words of the best sheet (in word order; empty if none was found)."""

    score: int
    proven: bool
    upper_bound: int
    words: list[SheetStep]
    work: float  # deterministic time used
    feasible: bool = True  # False: proven that no complete sheet exists
    cut: bool = False  # the safety stop in seconds ended the search


@dataclass
class _Cands:
    """One line's placements as parallel arrays: start (0-based), length, word id, codes."""

    start: np.ndarray
    length: np.ndarray
    wid: np.ndarray
    codes: np.ndarray  # (n, size) letter codes, -1 off the word
    value: np.ndarray  # VP of the word's letters + length bonus


def _line_cells(puzzle: Puzzle, k: int) -> list[tuple[int, int]]:
    return [(r - 1, c - 1) for r, c in puzzle.lines[k].cells(puzzle.size)]


def _candidates(puzzle: Puzzle, index: WordIndex, k: int, earlier: set) -> _Cands:
    """Every word line ``k`` (0-based) could take, before the other lines are known: letters
    in stock, distinct letters for word 1, a square an earlier line crosses for the others."""
    size = puzzle.size
    cap = np.ones(26, dtype=np.int64)
    for ch in puzzle.supply:
        cap[ALPHABET.index(ch)] += 1
    if k == 0:
        cap = np.ones(26, dtype=np.int64)
    vp = np.array([puzzle.vp[ch] for ch in ALPHABET], dtype=np.int64)
    cells = _line_cells(puzzle, k)
    parts = []
    for n in range(puzzle.min_length, min(puzzle.max_length, size) + 1):
        codes = index.codes.get(n)
        if codes is None or not len(codes):
            continue
        fits = np.flatnonzero((index.counts[n] <= cap).all(axis=1))
        if not len(fits):
            continue
        values = vp[codes[fits].astype(np.int64)].sum(axis=1) + puzzle.bonus(n)
        for s in range(size - n + 1):
            span = cells[s:s + n]
            if k > 0 and not any(c in earlier for c in span):
                continue
            if k > 0 and all(c in earlier for c in span):
                continue
            row = np.full((len(fits), size), -1, dtype=np.int64)
            row[:, s:s + n] = codes[fits]
            parts.append((np.full(len(fits), s), np.full(len(fits), n), fits, row, values))
    if not parts:
        z = np.zeros(0, dtype=np.int64)
        return _Cands(z, z, z, np.zeros((0, size), dtype=np.int64), z)
    return _Cands(*(np.concatenate(p) for p in zip(*parts, strict=True)))


class Programme:
    """An integer linear programme kept as sparse rows, handed to CP-SAT."""

    def __init__(self) -> None:
        self.lo: list[int] = []
        self.hi: list[int] = []
        self.rows: list[tuple[np.ndarray, np.ndarray]] = []
        self.row_lo: list[float] = []
        self.row_hi: list[float] = []
        self.objective: dict[int, float] = {}
        self.offset = 0.0

    def var(self, lo: int, hi: int) -> int:
        self.lo.append(lo)
        self.hi.append(hi)
        return len(self.lo) - 1

    def vars(self, n: int, lo: int, hi: int) -> np.ndarray:
        first = len(self.lo)
        self.lo += [lo] * n
        self.hi += [hi] * n
        return np.arange(first, first + n)

    def add(self, terms: dict[int, float] | list[tuple[int, float]], lo: float = -math.inf,
            hi: float = math.inf) -> None:
        """``lo <= sum(coef * var) <= hi`` (terms on the same variable are added up)."""
        acc: dict[int, float] = {}
        for v, c in (terms.items() if isinstance(terms, dict) else terms):
            acc[int(v)] = acc.get(int(v), 0.0) + float(c)
        cols = np.fromiter(acc.keys(), dtype=np.int64, count=len(acc))
        coefs = np.fromiter(acc.values(), dtype=np.float64, count=len(acc))
        self.rows.append((cols, coefs))
        self.row_lo.append(lo)
        self.row_hi.append(hi)

    def add_arrays(self, cols: np.ndarray, coefs: np.ndarray, lo: float = -math.inf,
                   hi: float = math.inf) -> None:
        """:meth:`add` for many terms given as arrays (distinct variables)."""
        self.rows.append((np.asarray(cols, dtype=np.int64), np.asarray(coefs, dtype=np.float64)))
        self.row_lo.append(lo)
        self.row_hi.append(hi)

    def cp_model(self, at_most: int | None = None) -> tuple[cp_model.CpModel, list]:
        """The programme for CP-SAT (maximising the objective) and its variables;
        ``at_most``: a cut, no solution scores more."""
        from ortools.sat.python import cp_model

        m = cp_model.CpModel()
        cp: list = []
        for v, (lo, hi) in enumerate(zip(self.lo, self.hi, strict=True)):
            cp.append(m.new_bool_var(f"v{v}") if (lo, hi) == (0, 1)
                      else m.new_int_var(lo, hi, f"v{v}"))
        for (cols, coefs), row_lo, row_hi in zip(self.rows, self.row_lo, self.row_hi,
                                                 strict=True):
            expr = cp_model.LinearExpr.weighted_sum([cp[v] for v in cols.tolist()],
                                                    [int(c) for c in coefs.tolist()])
            lo_i = -cp_model.INT_MAX if math.isinf(row_lo) else math.ceil(row_lo - 1e-9)
            hi_i = cp_model.INT_MAX if math.isinf(row_hi) else math.floor(row_hi + 1e-9)
            m.add_linear_constraint(expr, lo_i, hi_i)
        score = cp_model.LinearExpr.weighted_sum(
            [cp[v] for v in self.objective], [int(w) for w in self.objective.values()]
        ) + int(round(self.offset))
        if at_most is not None:
            m.add(score <= at_most)
        m.maximize(score)
        return m, cp


@dataclass
class _Sheet:
    """The programme of one puzzle and where its word choices are."""

    prog: Programme
    cands: list[_Cands]
    x: list[np.ndarray]  # per line: the column of each candidate


Cell = tuple[int, int]
Terms = list[tuple[int, float]]


@dataclass
class _Shared:
    """The squares two lines share: ``z`` is 1 when both words cover one, ``q`` the letter the
    later word crosses there, ``later_of`` that word's line; ``filled`` the terms that are 1
    when a square holds a letter (every square some line covers)."""

    z: dict[Cell, int]
    q: dict[Cell, np.ndarray]
    later_of: dict[Cell, int]
    filled: dict[Cell, Terms]


def build(puzzle: Puzzle, index: WordIndex) -> _Sheet | None:
    """The puzzle as an integer programme (see the module docstring); None if some line has
    no word at all."""
    sup = [puzzle.supply.count(ch) for ch in ALPHABET]
    pr = Programme()
    owners: dict[Cell, list[tuple[int, int]]] = {}
    for k in range(len(puzzle.lines)):
        for p, c in enumerate(_line_cells(puzzle, k)):
            owners.setdefault(c, []).append((k, p))
    choices = _word_choices(pr, puzzle, index)
    if choices is None:
        return None
    cands, xs = choices
    spans = _spans(pr, cands, xs)
    shared = _shared_squares(pr, owners, cands, xs, spans)
    _no_incidental_words(pr, puzzle, owners, shared.filled, spans)
    counts, places = _word_order_and_letters(pr, puzzle, cands, xs, spans, shared, sup)
    _final_score(pr, puzzle, spans, counts[-1], places[-1], sup)
    return _Sheet(pr, cands, xs)


def _all_candidates(puzzle: Puzzle, index: WordIndex) -> list[_Cands]:
    """Every line's placements, before the other lines are known."""
    cands: list[_Cands] = []
    earlier: set[Cell] = set()
    for k in range(len(puzzle.lines)):
        cands.append(_candidates(puzzle, index, k, earlier))
        earlier.update(_line_cells(puzzle, k))
    return cands


def programme_size(puzzle: Puzzle, index: WordIndex) -> int:
    """How many placements (one 0/1 variable each) the programme of ``puzzle`` has."""
    return sum(len(cd.wid) for cd in _all_candidates(puzzle, index))


def _word_choices(pr: Programme, puzzle: Puzzle,
                  index: WordIndex) -> tuple[list[_Cands], list[np.ndarray]] | None:
    """Per line: its placements and one 0/1 variable each, worth the word's value; None if
    some line has no word at all."""
    cands = _all_candidates(puzzle, index)
    if any(not len(cd.wid) for cd in cands):
        return None
    xs: list[np.ndarray] = []
    for k, cd in enumerate(cands):
        xs.append(pr.vars(len(cd.wid), 0, 1))
        for v, w in zip(xs[k].tolist(), cd.value.tolist(), strict=True):
            pr.objective[v] = float(w)
    return cands, xs


def _spans(pr: Programme, cands: list[_Cands], xs: list[np.ndarray]) -> list[dict[Cell, int]]:
    """Spans: y[k][(s, n)] = the sum of line k's candidates there; one span per line."""
    spans: list[dict[Cell, int]] = []
    for k, cd in enumerate(cands):
        key = cd.start * 16 + cd.length
        order = np.argsort(key, kind="stable")
        uniq, first = np.unique(key[order], return_index=True)
        bounds = [*first.tolist(), len(order)]
        ys = {}
        for j, u in enumerate(uniq.tolist()):
            y = pr.var(0, 1)
            members = xs[k][order[bounds[j]:bounds[j + 1]]]
            pr.add_arrays(np.append(members, y), np.append(np.ones(len(members)), -1.0), 0, 0)
            ys[(u // 16, u % 16)] = y
        pr.add([(y, 1) for y in ys.values()], 1, 1)
        spans.append(ys)
    return spans


def _cover(spans: list[dict[Cell, int]], k: int, p: int) -> Terms:
    """Line ``k``'s word covers its square ``p``."""
    return [(y, 1.0) for (s, n), y in spans[k].items() if s <= p < s + n]


def _covers_both(spans: list[dict[Cell, int]], k: int, p: int) -> Terms:
    """Line ``k``'s word covers its squares ``p`` and ``p + 1``."""
    return [(y, 1.0) for (s, n), y in spans[k].items() if s <= p and p + 1 < s + n]


def _shared_squares(pr: Programme, owners: dict[Cell, list[tuple[int, int]]],
                    cands: list[_Cands], xs: list[np.ndarray],
                    spans: list[dict[Cell, int]]) -> _Shared:
    """Squares two lines share hold one letter when both words cover them."""
    out = _Shared({}, {}, {}, {})
    for c, own in owners.items():
        if len(own) == 1:
            out.filled[c] = _cover(spans, *own[0])
            continue
        (k1, p1), (k2, p2) = sorted(own)[:2]
        letter = pr.vars(26, 0, 1)
        pr.add_arrays(letter, np.ones(26), hi=1)
        for k, p in ((k1, p1), (k2, p2)):
            codes = cands[k].codes[:, p]
            for a in range(26):
                on = xs[k][codes == a]
                if len(on):
                    pr.add_arrays(np.append(on, letter[a]), np.append(np.ones(len(on)), -1.0),
                                  hi=0)
        first, second = _cover(spans, k1, p1), _cover(spans, k2, p2)
        zc = pr.var(0, 1)
        pr.add([(zc, 1), *[(y, -w) for y, w in first]], hi=0)
        pr.add([(zc, 1), *[(y, -w) for y, w in second]], hi=0)
        pr.add([(zc, -1), *first, *second], hi=1)
        qc = pr.vars(26, 0, 1)
        for a in range(26):
            pr.add([(qc[a], 1), (letter[a], -1)], hi=0)
        pr.add([*[(v, 1) for v in qc.tolist()], (zc, -1)], 0, 0)
        out.z[c], out.q[c], out.later_of[c] = zc, qc, k2
        out.filled[c] = [*first, *second, (zc, -1.0)]
    return out


def _no_incidental_words(pr: Programme, puzzle: Puzzle,
                         owners: dict[Cell, list[tuple[int, int]]], filled: dict[Cell, Terms],
                         spans: list[dict[Cell, int]]) -> None:
    """Two letters side by side along a row or column belong to that line's word."""
    size = puzzle.size
    line_of = {(ln.kind, ln.index): k for k, ln in enumerate(puzzle.lines)}
    for kind in ("row", "col"):
        for i in range(1, size + 1):
            k = line_of.get((kind, i))
            for p in range(size - 1):
                a = (i - 1, p) if kind == "row" else (p, i - 1)
                b = (i - 1, p + 1) if kind == "row" else (p + 1, i - 1)
                if a not in filled or b not in filled:
                    continue
                if k is not None and len(owners[a]) == 1 and len(owners[b]) == 1:
                    continue  # squares of this line only: its one word is contiguous
                terms = [*filled[a], *filled[b]]
                if k is None:
                    pr.add(terms, hi=1)
                else:
                    pr.add([*terms, *[(y, -w) for y, w in _covers_both(spans, k, p)]], hi=1)


def _word_order_and_letters(pr: Programme, puzzle: Puzzle, cands: list[_Cands],
                            xs: list[np.ndarray], spans: list[dict[Cell, int]], shared: _Shared,
                            sup: list[int]) -> tuple[list[np.ndarray], list[int]]:
    """Word order, letters placed, and the letters each word places: per line, the count of
    each letter placed by words 1..k and the number of letters placed by them."""
    size = puzzle.size
    z, later_of = shared.z, shared.later_of
    placed_before: int | None = None
    cnt_prev: np.ndarray | None = None
    counts: list[np.ndarray] = []
    places: list[int] = []
    for k in range(len(puzzle.lines)):
        cells = _line_cells(puzzle, k)
        crossed = [z[c] for c in cells if later_of.get(c) == k]
        length = [(y, float(n)) for (_, n), y in spans[k].items()]
        if k > 0:
            pr.add([(v, 1) for v in crossed], lo=1)
        pr.add([*length, *[(v, -1) for v in crossed]], lo=1)
        for p in range(size - 1):
            a, b = cells[p], cells[p + 1]
            if later_of.get(a) == k and later_of.get(b) == k:
                pr.add([(z[a], 1), (z[b], 1)], hi=1)
        placed = pr.var(0, size * size)
        pr.add([(placed, 1), *[(y, -w) for y, w in length], *[(v, 1) for v in crossed],
                *([(placed_before, -1)] if placed_before is not None else [])], 0, 0)
        places.append(placed)
        cnt = _letters_placed(pr, cands[k], xs[k], cells, k, shared, cnt_prev, sup)
        if k > 0:
            _supply_in_use(pr, cnt, places[k - 1], sup)
        counts.append(cnt)
        cnt_prev = cnt
        placed_before = placed
    return counts, places


def _letters_placed(pr: Programme, cd: _Cands, x: np.ndarray, cells: list[Cell], k: int,
                    shared: _Shared, cnt_prev: np.ndarray | None, sup: list[int]) -> np.ndarray:
    """The count of each letter placed by words 1..k: those before, plus line ``k``'s word's
    letters, less those it crosses."""
    cnt = pr.vars(26, 0, 1 + max(sup))
    for a in range(26):
        per = np.count_nonzero(cd.codes == a, axis=1)
        on = np.flatnonzero(per)
        crossing = [shared.q[c][a] for c in cells if shared.later_of.get(c) == k]
        cols = [x[on], [cnt[a]], crossing]
        coefs = [-per[on].astype(float), [1.0], [1.0] * len(crossing)]
        if cnt_prev is not None:
            cols.append([cnt_prev[a]])
            coefs.append([-1.0])
        pr.add_arrays(np.concatenate([np.asarray(c, dtype=np.int64) for c in cols]),
                      np.concatenate([np.asarray(c, dtype=np.float64) for c in coefs]), 0, 0)
    return cnt


def _supply_in_use(pr: Programme, cnt: np.ndarray, placed_before: int, sup: list[int]) -> None:
    """Before the next word: Supply letters in use <= letters placed so far."""
    extra = []
    for a in range(26):
        if sup[a] == 0:
            pr.add([(cnt[a], 1)], hi=1)
            continue
        u = pr.var(0, sup[a])
        pr.add([(u, 1), (cnt[a], -1)], lo=-1)
        extra.append(u)
    pr.add([*[(u, 1) for u in extra], (placed_before, -1)], hi=0)


def _final_score(pr: Programme, puzzle: Puzzle, spans: list[dict[Cell, int]],
                 total: np.ndarray, placed: int, sup: list[int]) -> None:
    """The objective's penalties and cross-outs: unused A-Z letters, active Supply letters
    left unused (the cheapest ones activated), the most valuable unused letters crossed out."""
    vp = [puzzle.vp[ch] for ch in ALPHABET]
    g = pr.vars(26, 0, 1)
    for a in range(26):
        pr.add([(total[a], 1)], hi=1 + sup[a])
        pr.add([(total[a], 1), (g[a], -1)], lo=0)
        pr.add([(total[a], 1), (g[a], -(1 + sup[a]))], hi=0)
    n_sup = len(puzzle.supply)
    active = pr.var(0, n_sup)
    pick = pr.var(0, 1)
    big = puzzle.size * puzzle.size + n_sup
    pr.add([(active, 1), (placed, -1)], hi=0)
    pr.add([(active, 1), (placed, -1), (pick, big)], lo=0)
    pr.add([(active, 1), (pick, -big)], lo=n_sup - big)
    idle = [pr.var(0, sup[a]) for a in range(26)]
    for a in range(26):
        pr.add([(idle[a], 1), (total[a], 1), (g[a], -1)], hi=sup[a])
    pr.add([*[(v, 1) for v in idle], (active, -1), *[(total[a], 1) for a in range(26)],
            *[(g[a], -1) for a in range(26)]], 0, 0)
    earned: Terms = []
    for k in range(len(puzzle.lines)):
        if puzzle.has_checkbox(k + 1):
            earned += [(y, -1.0) for (_, n), y in spans[k].items()
                       if n >= puzzle.crossout_min_length]
    out = [pr.var(0, 1 + sup[a]) for a in range(26)]
    for a in range(26):
        pr.add([(out[a], 1), (idle[a], -1), (g[a], 1)], hi=1)
    pr.add([*[(v, 1) for v in out], *earned], hi=0)
    for a in range(26):
        for v, w in ((g[a], vp[a]), (idle[a], -vp[a]), (out[a], vp[a])):
            pr.objective[int(v)] = pr.objective.get(int(v), 0.0) + w
    pr.offset = -float(sum(vp))


def solve_exact(puzzle: Puzzle, index: WordIndex, hint: list[SheetStep] | None = None,
                bound: int | None = None, work_limit: float | None = WORK_LIMIT,
                workers: int = WORKERS, seconds: float | None = None) -> ExactResult:
    """The best sheet of ``puzzle`` by CP-SAT, proven when the search ends within
    ``work_limit`` (deterministic time; None: no limit).

    ``hint``: a sheet found by a quicker search, where CP-SAT starts; ``bound``: a proven upper
    bound on the final score (e.g. the Lagrangian bound of :mod:`companion.girdle.relax`), added
    as a cut. ``seconds``: a safety stop in wall-clock time (an answer it cuts short is
    ``cut``: it may differ between machines)."""
    from ortools.sat.python import cp_model

    sheet = build(puzzle, index)
    if sheet is None:
        return ExactResult(0, True, 0, [], 0.0, feasible=False)
    m, cp = sheet.prog.cp_model(at_most=bound)
    if hint:
        for k, p in enumerate(hint[:len(sheet.x)]):
            i = _find(puzzle, sheet.cands[k], k, p)
            if i is not None:
                m.add_hint(cp[int(sheet.x[k][i])], True)
    solver = cp_model.CpSolver()
    params = solver.parameters
    params.num_workers = workers
    params.interleave_search = True
    if work_limit is not None:
        params.max_deterministic_time = work_limit
    if seconds is not None:
        params.max_time_in_seconds = seconds
    params.random_seed = 1
    status = solver.solve(m)
    work = float(solver.deterministic_time)
    cut = (seconds is not None and status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
           and solver.wall_time >= seconds * 0.99)
    if status == cp_model.INFEASIBLE:
        return ExactResult(0, True, 0, [], work, feasible=False)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return ExactResult(0, False, bound if bound is not None else 10**6, [], work, cut=cut)
    words = []
    for k, cols in enumerate(sheet.x):
        i = next(i for i, v in enumerate(cols.tolist()) if solver.boolean_value(cp[v]))
        words.append(_placement(puzzle, index, sheet.cands[k], k, i))
    score = int(round(solver.objective_value))
    proven = status == cp_model.OPTIMAL
    upper = score if proven else max(score, int(math.floor(solver.best_objective_bound + 1e-6)))
    return ExactResult(score, proven, upper, words, work, cut=cut)


def _find(puzzle: Puzzle, cd: _Cands, k: int, p: SheetStep) -> int | None:
    """The row of ``cd`` that is placement ``p`` (None if it is not a candidate)."""
    line = puzzle.lines[k]
    s = (p.col if line.kind == "row" else p.row) - 1
    n = len(p.word)
    codes = np.array([ALPHABET.index(ch) for ch in p.word.upper()])
    hit = np.flatnonzero((cd.start == s) & (cd.length == n)
                         & (cd.codes[:, s:s + n] == codes).all(axis=1))
    return int(hit[0]) if len(hit) else None


def _placement(puzzle: Puzzle, index: WordIndex, cd: _Cands, k: int, i: int) -> SheetStep:
    line = puzzle.lines[k]
    s, n = int(cd.start[i]), int(cd.length[i])
    word = index.words[n][int(cd.wid[i])]
    row, col = (line.index, s + 1) if line.kind == "row" else (s + 1, line.index)
    return SheetStep(row, col, line.direction, word)
