"""Word Girdle par by CP-SAT on a model of the grid's squares: does it prove a crossed day?

The solver's own CP-SAT programme (``companion/girdle/exact.py``) has one 0/1 variable per
placement and makes crossing squares agree by clauses over placements. This model is compact
instead: per line, one integer variable per square of it (0-25 the letter the line's word puts
there, 26 none) and one table (``AddAllowedAssignments``) over those seven, the word's start,
its length and its value (VP + length bonus); each row of a table is one placement (the same
placements as ``exact.py``). A square two lines share has one grid letter (0-26) of its own,
equal to each covering word's letter there (so two covering words agree) and 26 when neither
covers it: the tables cannot share the variable itself, since a word that leaves the square
puts 26 there while the other word's letter stands.
The rest of the rules as the engine has them:

- word 1 from A-Z only; each later word crosses at least one letter of an earlier word, places
  at least one new letter, and never crosses two earlier letters side by side;
- no incidental words: two filled squares side by side along a row or column are both covered
  by that line's word (so a word never extends another or touches a neighbour across);
- letters: A-Z once each, then the Supply; before word k no more Supply letters are in use
  than the letters words 1..k-1 placed (one activation per new letter);
- the objective is the final score: word values, less the unused A-Z letters and the active
  Supply letters left unused (min(letters placed, Supply size) are active, the player choosing
  which), plus the letters crossed out (one per 6/7-letter word on a checkbox row).

Each sheet it finds is played through the engine (``complete_sheet``) and must score exactly
CP-SAT's objective.

    python bench/girdle_cpsat_squares.py --validate
    python bench/girdle_cpsat_squares.py --date 2026-12-03 --at-least 144 --seconds 300
    python bench/girdle_cpsat_squares.py --date 2026-12-03 --hint SOLUTION.json --seconds 300

``--validate`` solves the small puzzles of ``tests/test_girdle_exact.py`` (every layout family,
3-4 lines, the tests' small word list) to the end and compares the optimum with the tests'
engine-only brute force. ``--date`` builds the day's puzzle with the default word list:
``--at-least N`` asks only whether a sheet scores N or more (no objective), otherwise it
maximises, started from the sheet of ``--hint`` (what ``companion girdle solve --json``
prints; its words are first extended to a value for every variable, so CP-SAT starts from a
complete solution). One worker by default (the machine is shared); it prints the model's size, the
presolved size, CP-SAT's status, best score and bound, branches, conflicts and times.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# run the checkout this script belongs to (and its tests' brute force), not an installed copy
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ortools.sat.python import cp_model  # noqa: E402

from companion.girdle import complete_sheet, puzzle_for  # noqa: E402
from companion.girdle.engine import SheetStep  # noqa: E402
from companion.girdle.exact import _all_candidates, _line_cells  # noqa: E402
from companion.girdle.moves import WordIndex, word_index  # noqa: E402
from companion.girdle.puzzle import Puzzle  # noqa: E402
from companion.girdle.rules import ALPHABET  # noqa: E402
from companion.lexicon import Lexicon, default_lexicon  # noqa: E402

EMPTY = 26
Cell = tuple[int, int]
Expr = Any  # a CP-SAT linear expression (OR-Tools' own hints are too narrow for sums)


@dataclass
class SquaresModel:
    """The CP-SAT model of one puzzle and the variables a sheet is read from."""

    model: cp_model.CpModel
    letter: list[list[Any]]  # per line, per square: its word's letter or 26
    start: list[Any]
    length: list[Any]
    score: Expr
    placements: int
    squares: dict[Cell, list[tuple[int, int]]] = field(default_factory=dict)


def _eq(m: cp_model.CpModel, var: cp_model.IntVar, name: str) -> list[Any]:
    """27 booleans, one per value of ``var`` (26: empty), exactly one true."""
    bs = [m.new_bool_var(f"{name}={v}") for v in range(EMPTY + 1)]
    for v, b in enumerate(bs):
        m.add(var == v).only_enforce_if(b)
        m.add(var != v).only_enforce_if(~b)
    m.add_exactly_one(bs)
    return bs


def _tables(m: cp_model.CpModel, puzzle: Puzzle, index: WordIndex,
            sm: SquaresModel) -> list[Any]:
    """One table per line over its seven letters, start, length and value; the values."""
    size = puzzle.size
    values = []
    for k, cd in enumerate(_all_candidates(puzzle, index)):
        codes = cd.codes.copy()
        codes[codes < 0] = EMPTY
        rows = [[*c, s, n, v] for c, s, n, v in zip(codes.tolist(), cd.start.tolist(),
                                                      cd.length.tolist(), cd.value.tolist(),
                                                      strict=True)]
        sm.placements += len(rows)
        cs = [m.new_int_var(0, EMPTY, f"c{k}_{p}") for p in range(size)]
        s = m.new_int_var(0, size - 1, f"s{k}")
        n = m.new_int_var(puzzle.min_length, puzzle.max_length, f"n{k}")
        v = m.new_int_var(min(r[-1] for r in rows) if rows else 0,
                          max(r[-1] for r in rows) if rows else 0, f"val{k}")
        m.add_allowed_assignments([*cs, s, n, v], rows)
        sm.letter.append(cs)
        sm.start.append(s)
        sm.length.append(n)
        values.append(v)
    return values


def build(puzzle: Puzzle, index: WordIndex) -> SquaresModel:
    """The model of ``puzzle`` (see the module docstring)."""
    m = cp_model.CpModel()
    sm = SquaresModel(m, [], [], [], 0, 0)
    values = _tables(m, puzzle, index, sm)
    size, lines = puzzle.size, len(puzzle.lines)
    for k in range(lines):
        for p, c in enumerate(_line_cells(puzzle, k)):
            sm.squares.setdefault(c, []).append((k, p))
    eq = [[_eq(m, sm.letter[k][p], f"e{k}_{p}") for p in range(size)] for k in range(lines)]
    empty = [[eq[k][p][EMPTY] for p in range(size)] for k in range(lines)]
    cov = [[1 - e for e in row] for row in empty]  # the line's word covers the square
    # squares two lines share: the grid letter, and z = both words cover it
    grid_eq: dict[Cell, list] = {}
    filled: dict[Cell, Expr] = {}
    both: dict[Cell, cp_model.IntVar] = {}
    later: dict[Cell, int] = {}
    for c, own in sm.squares.items():
        if len(own) == 1:
            k, p = own[0]
            filled[c] = cov[k][p]
            continue
        (i, pi), (j, pj) = sorted(own)
        g = m.new_int_var(0, EMPTY, f"g{c}")
        ge = _eq(m, g, f"g{c}")
        for a in range(EMPTY):
            m.add(ge[a] >= eq[i][pi][a])
            m.add(ge[a] >= eq[j][pj][a])
            m.add(ge[a] <= eq[i][pi][a] + eq[j][pj][a])
        z = m.new_bool_var(f"z{c}")
        m.add_bool_and([~empty[i][pi], ~empty[j][pj]]).only_enforce_if(z)
        m.add_bool_or([empty[i][pi], empty[j][pj], z])
        grid_eq[c], both[c], later[c] = ge, z, j
        filled[c] = 1 - ge[EMPTY]
    _no_incidental_words(m, puzzle, sm, cov, filled)
    placed = _order_and_letters(m, puzzle, sm, eq, grid_eq, both, later)
    score = _final_score(m, puzzle, sm, values, placed)
    sm.score = score
    return sm


def _no_incidental_words(m: cp_model.CpModel, puzzle: Puzzle, sm: SquaresModel,
                         cov: list[list[Expr]],
                         filled: dict[Cell, Expr]) -> None:
    """Two filled squares side by side along a line are both its word's."""
    line_of = {(ln.kind, ln.index): k for k, ln in enumerate(puzzle.lines)}
    for kind in ("row", "col"):
        for i in range(puzzle.size):
            k = line_of.get((kind, i + 1))
            for p in range(puzzle.size - 1):
                a, b = ((i, p), (i, p + 1)) if kind == "row" else ((p, i), (p + 1, i))
                if a not in filled or b not in filled:
                    continue
                if k is None:
                    m.add(filled[a] + filled[b] <= 1)
                elif len(sm.squares[a]) > 1 or len(sm.squares[b]) > 1:
                    m.add(filled[a] + filled[b] - 1 <= cov[k][p])
                    m.add(filled[a] + filled[b] - 1 <= cov[k][p + 1])


def _order_and_letters(m: cp_model.CpModel, puzzle: Puzzle, sm: SquaresModel, eq: list,
                       grid_eq: dict, both: dict, later: dict) -> list[Expr]:
    """Crossings, word order and the letters in stock; the letters placed by words 1..k."""
    sup = [puzzle.supply.count(ch) for ch in ALPHABET]
    placed: list[Expr] = []
    for k in range(len(puzzle.lines)):
        cells = _line_cells(puzzle, k)
        crossed = [both[c] for c in cells if later.get(c) == k]
        if k > 0:
            m.add(sum(crossed) >= 1)
            m.add(sm.length[k] - sum(crossed) >= 1)
            for sq, nxt in zip(cells, cells[1:], strict=False):
                if later.get(sq) == k and later.get(nxt) == k:
                    m.add(both[sq] + both[nxt] <= 1)
        cnt = _letters_placed(sm, k, eq, grid_eq, later)
        for a in range(26):
            m.add(cnt[a] <= 1 + sup[a])
        if k == 0:
            for a in range(26):
                m.add(cnt[a] <= 1)
        else:
            extra = []
            for a in range(26):
                if sup[a]:
                    u = m.new_int_var(0, sup[a], f"u{k}_{a}")
                    m.add(u >= cnt[a] - 1)
                    extra.append(u)
            m.add(sum(extra) <= sum(placed[-1]))
        placed.append(cnt)
    return placed


def _letters_placed(sm: SquaresModel, k: int, eq: list, grid_eq: dict,
                    later: dict) -> list[Expr]:
    """Per letter, how many squares words 1..k fill with it (a shared square's letter is
    placed by the earlier of its lines)."""
    cnt = []
    for a in range(26):
        terms = []
        for c, own in sm.squares.items():
            first, p = min(own)
            if first > k:
                continue
            if len(own) > 1 and later[c] <= k:
                terms.append(grid_eq[c][a])
            else:
                terms.append(eq[first][p][a])
        cnt.append(sum(terms))
    return cnt


def _final_score(m: cp_model.CpModel, puzzle: Puzzle, sm: SquaresModel, values: list,
                 placed: list) -> Expr:
    """Word values, less unused A-Z and idle active Supply letters, plus the cross-outs."""
    sup = [puzzle.supply.count(ch) for ch in ALPHABET]
    vp = [puzzle.vp[ch] for ch in ALPHABET]
    total = placed[-1]
    used = [m.new_bool_var(f"used{a}") for a in range(26)]
    for a in range(26):
        m.add(total[a] >= used[a])
        m.add(total[a] <= (1 + sup[a]) * used[a])
    n_sup = len(puzzle.supply)
    all_placed = m.new_int_var(0, puzzle.size * puzzle.size, "placed")
    m.add(all_placed == sum(total))
    active = m.new_int_var(0, n_sup, "active")
    m.add_min_equality(active, [all_placed, n_sup])
    idle = [m.new_int_var(0, sup[a], f"idle{a}") for a in range(26)]
    for a in range(26):
        m.add(idle[a] + total[a] - used[a] <= sup[a])
    m.add(sum(idle) + sum(total) - sum(used) == active)
    earned = []
    for k in range(len(puzzle.lines)):
        if puzzle.has_checkbox(k + 1):
            long = m.new_bool_var(f"long{k}")
            m.add(sm.length[k] >= puzzle.crossout_min_length).only_enforce_if(long)
            m.add(sm.length[k] < puzzle.crossout_min_length).only_enforce_if(~long)
            earned.append(long)
    out = [m.new_int_var(0, 1 + sup[a], f"out{a}") for a in range(26)]
    for a in range(26):
        m.add(out[a] <= idle[a] + 1 - used[a])
    m.add(sum(out) <= sum(earned))
    return (sum(values) - sum(vp[a] * (1 - used[a]) for a in range(26))
            - sum(vp[a] * idle[a] for a in range(26)) + sum(vp[a] * out[a] for a in range(26)))


def sheet_of(puzzle: Puzzle, sm: SquaresModel, solver: cp_model.CpSolver) -> list[SheetStep]:
    """The words of the solution CP-SAT found, in word order."""
    words = []
    for k, line in enumerate(puzzle.lines):
        s, n = solver.value(sm.start[k]), solver.value(sm.length[k])
        word = "".join(ALPHABET[solver.value(sm.letter[k][p])] for p in range(s, s + n))
        row, col = (line.index, s + 1) if line.kind == "row" else (s + 1, line.index)
        words.append(SheetStep(row, col, line.direction, word))
    return words


def add_hint(puzzle: Puzzle, sm: SquaresModel, words: list[SheetStep]) -> None:
    """Start the search from ``words`` (one per line, in word order)."""
    for k, w in enumerate(words):
        line = puzzle.lines[k]
        s = (w.col if line.kind == "row" else w.row) - 1
        sm.model.add_hint(sm.start[k], s)
        sm.model.add_hint(sm.length[k], len(w.word))
        for p in range(puzzle.size):
            inside = s <= p < s + len(w.word)
            sm.model.add_hint(sm.letter[k][p],
                              ALPHABET.index(w.word[p - s]) if inside else EMPTY)


def complete_hint(sm: SquaresModel) -> bool:
    """Extend the hint (the words) to every variable of the model, by solving it with the
    hinted variables fixed; False when the hinted sheet is not a solution."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.fix_variables_to_their_hinted_value = True
    solver.parameters.max_time_in_seconds = 120.0
    status = solver.solve(sm.model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return False
    variables = [sm.model.get_int_var_from_proto_index(i)
                 for i in range(len(sm.model.proto.variables))]
    values = [solver.value(v) for v in variables]
    sm.model.clear_hints()
    for v, x in zip(variables, values, strict=True):
        sm.model.add_hint(v, x)
    return True


@dataclass
class Run:
    """What CP-SAT reported on one model."""

    status: str
    score: int | None
    bound: float
    seconds: float
    branches: int
    conflicts: int
    words: list[SheetStep]
    engine_score: int | None
    presolve: list[str]
    placements: int


def run(puzzle: Puzzle, index: WordIndex, lexicon: Lexicon, *, at_least: int | None = None,
        hint: list[SheetStep] | None = None, seconds: float | None = None, workers: int = 1,
        log: Path | None = None) -> Run:
    """Build, solve and check one puzzle's model (``at_least``: the decision problem)."""
    sm = build(puzzle, index)
    if at_least is not None:
        sm.model.add(sm.score >= at_least)
    else:
        sm.model.maximize(sm.score)
    if hint:
        add_hint(puzzle, sm, hint)
        if not complete_hint(sm):
            raise SystemExit("the hinted sheet is not a solution of the model")
    solver = cp_model.CpSolver()
    prm = solver.parameters
    prm.num_workers = workers
    prm.random_seed = 1
    if seconds is not None:
        prm.max_time_in_seconds = seconds
    lines: list[str] = []
    prm.log_search_progress = True
    prm.log_to_stdout = False
    solver.log_callback = lines.append
    status = solver.solve(sm.model)
    lines = "\n".join(lines).splitlines()  # a message can hold several lines
    if log is not None:
        log.write_text("\n".join(lines) + "\n")
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    words = sheet_of(puzzle, sm, solver) if found else []
    engine = None
    if words:
        _, _, card = complete_sheet(puzzle, words, lexicon=lexicon)
        engine = card.final if card.complete else None
    # the model's size before and after presolve, and when the search started
    presolve = [ln for ln in lines if ln.startswith(("#Variables", "Starting search"))]
    return Run(solver.status_name(status), solver.value(sm.score) if found else None,
               solver.best_objective_bound if at_least is None else float("nan"),
               solver.wall_time, solver.num_branches, solver.num_conflicts, words, engine,
               presolve, sm.placements)


def validate() -> bool:
    """The optimum of every small test puzzle equals the engine-only brute force."""
    from tests.test_girdle_exact import CASES, LEXICON, _small
    from tests.test_girdle_solver import brute_force

    index = word_index(LEXICON, 2, 7)
    ok = True
    for family, seed, n in CASES:
        pz = _small(family, seed, n)
        t0 = time.monotonic()
        want = brute_force(pz, LEXICON)
        t1 = time.monotonic()
        got = run(pz, index, LEXICON)
        if want is None:
            good = got.status == "INFEASIBLE"
        else:
            good = (got.status == "OPTIMAL" and got.score == want == got.engine_score)
        ok &= good
        print(f"{family:8} seed {seed} {n} lines: brute force {want} ({t1 - t0:.1f} s), "
              f"squares model {got.status} {got.score} (engine {got.engine_score}, "
              f"{got.seconds:.2f} s) {'ok' if good else 'DIFFERENT'}", flush=True)
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--validate", action="store_true", help="compare with the brute force")
    ap.add_argument("--date", help="the day's puzzle (YYYY-MM-DD), default word list")
    ap.add_argument("--at-least", type=int, help="decision: a sheet scoring at least this")
    ap.add_argument("--hint", help="a solution JSON to start the maximisation from")
    ap.add_argument("--seconds", type=float, default=300.0, help="time limit (wall clock)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--log", help="write CP-SAT's log to this file")
    args = ap.parse_args()
    if args.validate:
        sys.exit(0 if validate() else 1)
    if not args.date:
        ap.error("give --validate or --date")
    lexicon = default_lexicon()
    pz = puzzle_for(dt.date.fromisoformat(args.date))
    index = word_index(lexicon, pz.min_length, pz.max_length)
    hint = None
    if args.hint:
        data = json.loads(Path(args.hint).read_text())
        hint = [SheetStep.from_dict(w) for w in data["solution"]]
    t0 = time.monotonic()
    res = run(pz, index, lexicon, at_least=args.at_least, hint=hint, seconds=args.seconds,
              workers=args.workers, log=Path(args.log) if args.log else None)
    print(f"{args.date}: {res.placements} placements; {res.status}, score {res.score} "
          f"(engine {res.engine_score}), "
          f"bound {res.bound}, {res.branches} branches, {res.conflicts} conflicts, "
          f"CP-SAT {res.seconds:.1f} s, in all {time.monotonic() - t0:.1f} s")
    for w in res.words:
        print(f"  {w.word} at row {w.row}, column {w.col} {w.direction}")
    for line in res.presolve:
        print(f"  {line}")


if __name__ == "__main__":
    main()
