"""The solver: the best final score of a puzzle ("par") and a solution that reaches it.

Star puzzles (one day in five: a spine word, then words across it) go to the exact search
of :mod:`companion.girdle.star`, which proves par (measured: a daily star in about 2 s, where
CP-SAT found no sheet in two minutes). Any other puzzle:

1. Quick answers: any complete sheet (the generator's search), then beam searches of growing
   width.
2. An upper bound for the whole puzzle from the Lagrangian relaxation in
   :mod:`companion.girdle.relax`; if the best sheet reaches it, par is proven at once.
3. CP-SAT (:mod:`companion.girdle.exact`) on the whole sheet, started from the best sheet
   (a hint) with the Lagrangian bound as a cut; par is proven if it ends. If its work limit
   stops it, the answer carries the lowest valid upper bound known.

The search is a fixed amount of work (the beam widths, relaxation steps and CP-SAT's
deterministic work limit), never "as much as fits in the time", so par is the same on every
machine: a fast one only gets there sooner. A time budget is a safety stop; an answer it cut
short says so (``complete``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from companion.girdle.engine import SheetStep
from companion.girdle.exact import solve_exact
from companion.girdle.finish import complete_sheet
from companion.girdle.generator import find_solution
from companion.girdle.moves import (
    EMPTY,
    Move,
    MoveBlock,
    SearchState,
    legal_blocks,
    line_cells,
    line_neighbours,
    word_index,
)
from companion.girdle.puzzle import Puzzle
from companion.girdle.relax import Relaxation, line_candidates
from companion.girdle.rules import ALPHABET
from companion.girdle.star import solve_star, star_shape
from companion.lexicon import Lexicon, default_lexicon


@dataclass
class Solution:
    """The solver's answer: ``par`` (best final score found), ``proven`` (no better sheet
    exists), ``upper_bound`` (no sheet scores more) and the words that reach ``par``."""

    par: int
    proven: bool
    upper_bound: int
    placements: list[SheetStep] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    complete: bool = True  # the whole standard search ran (False: the time budget stopped it)

    def to_dict(self, puzzle: Puzzle) -> dict:
        return {
            "date": puzzle.date.isoformat() if puzzle.date else None,
            "number": puzzle.number,
            "par": self.par,
            "proven": self.proven,
            "upper_bound": self.upper_bound,
            "complete": self.complete,
            "solution": [p.to_dict(i + 1) for i, p in enumerate(self.placements)],
        }


# The standard search: beam widths, relaxation steps and CP-SAT's work limit.
# Changing them changes unproven pars, so the cache keys its entries by SEARCH_VERSION.
BEAM_WIDTHS = (24, 60, 150, 400, 1000)
ROOT_ITERATIONS = 200
EXACT_WORK = 60.0  # CP-SAT's deterministic time for a puzzle that is not a star
SEARCH_VERSION = 5


def _line_room(pos: SearchState, number: int) -> tuple[int, list[int]]:
    """(longest run a word in line ``number`` could still take, VPs of letters it could cross)."""
    grid, vp = pos.grid, pos.vp
    best = run = 0
    fixed_vps: list[int] = []
    for c, near in line_neighbours(pos.pz.lines[number - 1], pos.size):
        g = grid[c]
        if g != EMPTY:
            fixed_vps.append(vp[g])
        elif any(grid[n] != EMPTY for n in near):
            run = 0
            continue
        run += 1
        if run > best:
            best = run
    return best, fixed_vps


def _placements(puzzle: Puzzle, moves: list[Move], lexicon: Lexicon) -> list[SheetStep]:
    """Solver moves as sheet steps, finished by :func:`complete_sheet` (activations and
    cross-outs), as a typed or photographed sheet of the same words would be."""
    size = puzzle.size
    words = []
    for m in moves:
        r, c = divmod(m.cells[0], size)
        words.append(SheetStep(r + 1, c + 1, puzzle.lines[m.number - 1].direction, m.word))
    return complete_sheet(puzzle, words, lexicon=lexicon)[0]


def solve(
    puzzle: Puzzle,
    time_budget: float | None = None,
    lexicon: Lexicon | None = None,
    work_limit: float | None | str = "standard",
) -> Solution:
    """Par of ``puzzle`` with a solution. A star puzzle (one day in five) is searched to the
    end and par proven; any other is proven if CP-SAT ends within ``work_limit`` (its
    deterministic time; "standard": :data:`EXACT_WORK`; None: no limit). ``time_budget``
    seconds (None: no limit) is a safety stop: an answer it cuts short has ``complete``
    False."""
    lex = lexicon if lexicon is not None else default_lexicon()
    index = word_index(lex, puzzle.min_length, puzzle.max_length)
    start = time.monotonic()
    deadline = None if time_budget is None else start + time_budget

    def out_of_time() -> bool:
        return deadline is not None and time.monotonic() > deadline

    longest = max((n for n, words in index.words.items() if words), default=0)
    star = star_shape(puzzle, longest)
    if star is not None:
        return _solve_star(puzzle, index, star, out_of_time, start, lex)
    # quick first answers (any solution, then beams): CP-SAT starts from the best of them
    best_score = -10**9
    best_moves: list[Move] = []
    first = find_solution(puzzle, lex)
    found = [(_score_of(puzzle, first), first)] if first else []
    for width in BEAM_WIDTHS:
        found += _beam(puzzle, index, deadline, width)
    for s, ms in found:
        if s > best_score:
            best_score, best_moves = s, ms
    hint = _placements(puzzle, best_moves, lex) if best_moves else None
    # the Lagrangian bound of the whole puzzle, a cut for CP-SAT
    root_bound = _root_bound(puzzle, index, best_score, deadline, ROOT_ITERATIONS)
    if hint and root_bound <= best_score:
        return Solution(par=best_score, proven=True, upper_bound=best_score, placements=hint,
                        seconds=time.monotonic() - start, complete=not out_of_time())
    left = None if deadline is None else max(0.0, deadline - time.monotonic())
    limit = EXACT_WORK if work_limit == "standard" else work_limit
    res = solve_exact(puzzle, index, hint=hint, bound=root_bound,
                      work_limit=None if limit is None else float(limit), seconds=left)
    seconds = time.monotonic() - start
    complete = not res.cut
    if res.words and (not hint or res.score >= best_score):
        placements = complete_sheet(puzzle, res.words, lexicon=lex)[0]
        par = res.score
    elif hint:
        placements, par = hint, best_score
    else:
        return Solution(par=0, proven=res.proven, upper_bound=min(res.upper_bound, root_bound),
                        nodes=0, seconds=seconds, complete=complete)
    ub = max(par, min(res.upper_bound, root_bound))
    return Solution(par=par, proven=res.proven, upper_bound=par if res.proven else ub,
                    placements=placements, seconds=seconds, complete=complete,
                    nodes=int(res.work))


def _solve_star(puzzle: Puzzle, index, star, out_of_time, start: float,
                lexicon: Lexicon) -> Solution:
    """A star puzzle's exact search (see :mod:`companion.girdle.star`)."""
    res = solve_star(puzzle, index, star, out_of_time)
    seconds = time.monotonic() - start
    if not res.moves:
        return Solution(par=0, proven=res.complete, upper_bound=res.upper_bound,
                        nodes=res.spines_searched, seconds=seconds, complete=res.complete)
    score = _score_of(puzzle, res.moves)
    if score != res.score:
        raise AssertionError(f"star search scored {res.score}, the sheet scores {score}")
    return Solution(par=score, proven=res.complete, upper_bound=res.upper_bound,
                    placements=_placements(puzzle, res.moves, lexicon), nodes=res.spines_searched,
                    seconds=seconds, complete=res.complete)


def _root_bound(puzzle: Puzzle, index, target: int, deadline: float | None,
                iterations: int = ROOT_ITERATIONS) -> int:
    """The Lagrangian upper bound of the empty sheet (see :mod:`companion.girdle.relax`)."""
    pos = SearchState(puzzle)
    cands = {j: line_candidates(pos, index, j) for j in range(1, puzzle.words + 1)}
    relaxation = Relaxation(pos, cands)
    value, _ = relaxation.evaluate()
    for _ in range(iterations // 10):
        if deadline is not None and time.monotonic() > deadline:
            break
        value = relaxation.improve(target, 10)
    return int(math.floor(value + 1e-6))


def _score_of(puzzle: Puzzle, moves: list[Move]) -> int:
    pos = SearchState(puzzle)
    for m in moves:
        pos.play(m)
    return pos.final_score()


def _clone(pos: SearchState) -> SearchState:
    new = SearchState.__new__(SearchState)
    new.pz, new.size, new.vp = pos.pz, pos.size, pos.vp
    new.grid, new.az, new.supply_left = list(pos.grid), list(pos.az), list(pos.supply_left)
    new.supply_used, new.placed, new.moves = pos.supply_used, pos.placed, list(pos.moves)
    return new


def _has_room(pos: SearchState) -> bool:
    """Every later line can still take a word that crosses something."""
    pz = pos.pz
    for k in range(pos.number, pz.words + 1):
        room, fixed = _line_room(pos, k)
        if room < pz.min_length:
            return False
        if not fixed:
            cells = set(line_cells(pz, k))
            if not any(cells.intersection(line_cells(pz, j))
                       for j in range(pos.number, k)):
                return False
    return True


def _beam(puzzle: Puzzle, index, deadline: float | None, width: int = 24):
    """Beam search: the ``width`` best partial sheets (by their score if ended now) at each
    line; yields (final score, moves) of the complete sheets it reaches."""
    vp = np.array([puzzle.vp[ch] for ch in ALPHABET], dtype=np.int64)
    beam = [SearchState(puzzle)]
    for number in range(1, puzzle.words + 1):
        later: set[int] = set()
        for k in range(number + 1, puzzle.words + 1):
            later.update(line_cells(puzzle, k))
        keys: list[np.ndarray] = []
        blocks: list[tuple[int, MoveBlock]] = []
        for p, parent in enumerate(beam):
            if deadline is not None and time.monotonic() > deadline:
                return
            so_far = sum(x.total for x in parent.moves)
            for b in legal_blocks(parent, index):
                h = b.totals + vp[b.codes[:, list(b.new)]].sum(axis=1)
                h -= b.from_supply.sum(axis=1)
                keys.append(h + 3 * len(later.intersection(b.cells)) + so_far)
                blocks.append((p, b))
        if not keys:
            return
        # children best first; ties keep the order they were generated in
        which = np.repeat(np.arange(len(keys)), [len(h) for h in keys])
        row = np.concatenate([np.arange(len(h)) for h in keys])
        order = np.argsort(-np.concatenate(keys), kind="stable")
        children, seen = [], set()
        for t in order.tolist():
            p, b = blocks[which[t]]
            child = _clone(beam[p])
            child.play(b.move(int(row[t]), index))
            key = tuple(child.grid)
            if key in seen or not _has_room(child):
                continue
            seen.add(key)
            children.append(child)
            if len(children) >= width:
                break
        beam = children
    for pos in beam:
        yield pos.final_score(), list(pos.moves)
