"""The solver: the best final score of a puzzle ("par") and a solution that reaches it.

Star puzzles (every daily puzzle: a spine word, then words across it) go to the exact search
of :mod:`companion.girdle.star`, which proves par. Any other puzzle gets the general search:

1. Quick answers: any complete sheet (the generator's search), then beam searches of growing
   width.
2. An upper bound for the whole puzzle from the Lagrangian relaxation in
   :mod:`companion.girdle.relax`; if the best sheet reaches it, par is proven at once.
3. Depth-first branch and bound over the seven lines in order, each position bounded by
   :func:`upper_bound`; if it ends, par is proven optimal. If it reaches its node limit, the
   answer carries the lowest valid upper bound known (the relaxation's, or the unsearched
   positions' bounds).

The search is a fixed amount of work (the beam widths, relaxation steps and node limit below),
never "as much as fits in the time", so par is the same on every machine: a fast one only gets
there sooner. A time budget is a safety stop; an answer it cut short says so (``complete``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from companion.girdle.engine import Placement
from companion.girdle.finish import complete_sheet
from companion.girdle.generator import find_solution
from companion.girdle.moves import (
    EMPTY,
    Move,
    MoveBlock,
    Position,
    legal_blocks,
    legal_moves,
    line_cells,
    line_neighbours,
    line_squares,
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
    placements: list[Placement] = field(default_factory=list)
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


# The standard search: beam widths, relaxation steps and the exhaustive search's node limit.
# Changing them changes unproven pars, so the cache keys its entries by SEARCH_VERSION.
BEAM_WIDTHS = (24, 60, 150, 400, 1000)
ROOT_ITERATIONS = 200
DFS_NODES = 2_000
SEARCH_VERSION = 4


class _Stop(Exception):
    """The exhaustive search stops: ``out_of_time`` (the safety stop) or its node limit."""

    def __init__(self, out_of_time: bool) -> None:
        super().__init__()
        self.out_of_time = out_of_time


def _line_room(pos: Position, number: int) -> tuple[int, list[int]]:
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


def upper_bound(pos: Position) -> int:
    """No completion of ``pos`` scores more than this."""
    pz = pos.pz
    vp = pos.vp
    maxvp = max(vp)
    score = sum(m.total for m in pos.moves) - sum(vp[c] for c in range(26) if pos.az[c])
    slots = 0
    crossouts = sum(1 for m in pos.moves
                    if len(m.word) >= pz.crossout_min_length and pz.has_checkbox(m.number))
    shared_by = _shared_cells(pz.lines, pz.size, pos.number)
    for k in range(pos.number, pz.words + 1):
        room, fixed_vps = _line_room(pos, k)
        if room < pz.min_length:
            return -10**6  # a line with no room: no complete sheet
        room = min(room, pz.max_length)
        score += pz.bonus(room)
        # letters it crosses: existing ones, or squares another later line may fill
        shared = sum(1 for c in shared_by[k - pos.number] if pos.grid[c] == EMPTY)
        crossing = sorted(fixed_vps + [maxvp] * shared, reverse=True)
        score += sum(crossing[:room - 1]) if k > 1 else 0
        slots += room - (0 if k == 1 else 1)
        if room >= pz.crossout_min_length and pz.has_checkbox(k):
            crossouts += 1
    # each new letter from A-Z counts twice (in its word, and no longer unused)
    gains = [2 * vp[c] for c in range(26) if pos.az[c]]
    gains += [vp[c] for c in range(26) for _ in range(pos.supply_left[c])]
    gains.sort(reverse=True)
    score += sum(gains[:slots])
    score += crossouts * maxvp
    return score


@cache
def _shared_cells(lines: tuple, size: int, number: int) -> tuple[tuple[int, ...], ...]:
    """For each line from word ``number`` on: its squares that another of those lines
    crosses."""
    cells = [line_squares(line, size) for line in lines[number - 1:]]
    return tuple(
        tuple(c for c in mine if any(c in other for j, other in enumerate(cells) if j != k))
        for k, mine in enumerate(cells)
    )


def _placements(puzzle: Puzzle, moves: list[Move], lexicon: Lexicon) -> list[Placement]:
    """Solver moves as sheet steps, finished by :func:`complete_sheet` (activations and
    cross-outs), as a typed or photographed sheet of the same words would be."""
    size = puzzle.size
    words = []
    for m in moves:
        r, c = divmod(m.cells[0], size)
        words.append(Placement(r + 1, c + 1, puzzle.lines[m.number - 1].direction, m.word))
    return complete_sheet(puzzle, words, lexicon=lexicon)[0]


def solve(
    puzzle: Puzzle,
    time_budget: float | None = None,
    lexicon: Lexicon | None = None,
    node_limit: int | None = DFS_NODES,
) -> Solution:
    """Par of ``puzzle`` with a solution. A star puzzle (every daily one) is searched to the
    end and par proven; any other is proven if the general exhaustive search ends within
    ``node_limit`` positions (None: no limit). ``time_budget`` seconds (None: no limit) is a
    safety stop: an answer it cuts short has ``complete`` False."""
    lex = lexicon if lexicon is not None else default_lexicon()
    index = word_index(lex, puzzle.min_length, puzzle.max_length)
    start = time.monotonic()
    deadline = None if time_budget is None else start + time_budget
    pos = Position(puzzle)
    best_score = -10**9
    best_moves: list[Move] = []
    nodes = 0
    vp = [puzzle.vp[ch] for ch in ALPHABET]

    def out_of_time() -> bool:
        return deadline is not None and time.monotonic() > deadline

    longest = max((n for n, words in index.words.items() if words), default=0)
    star = star_shape(puzzle, longest)
    if star is not None:
        return _solve_star(puzzle, index, star, out_of_time, start, lex)

    def gain(m: Move) -> int:
        return m.total + sum(vp[ALPHABET.index(m.word[i])] for i in m.new) - len(m.supply_used)

    def dfs() -> None:
        nonlocal best_score, best_moves, nodes
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            raise _Stop(out_of_time=False)
        if nodes % 64 == 0 and out_of_time():
            raise _Stop(out_of_time=True)
        moves = legal_moves(pos, index)
        if pos.number == puzzle.words:
            for m in moves:
                pos.play(m)
                s = pos.final_score()
                if s > best_score:
                    best_score, best_moves = s, list(pos.moves)
                pos.undo()
            return
        scored = []
        for i, m in enumerate(moves):
            if i % 256 == 255 and out_of_time():
                raise _Stop(out_of_time=True)
            pos.play(m)
            b = upper_bound(pos)
            pos.undo()
            if b > best_score:
                scored.append((b, gain(m), m))
        scored.sort(key=lambda t: (-t[1], -t[0]))
        frontier.append(scored)
        for b, _, m in scored:
            if b <= best_score:
                continue
            pos.play(m)
            dfs()
            pos.undo()
        frontier.pop()

    frontier: list[list] = []
    # quick first answers (any solution, then beams) give the search a score to beat
    first = find_solution(puzzle, lex)
    found = [(_score_of(puzzle, first), first)] if first else []
    for width in BEAM_WIDTHS:
        found += _beam(puzzle, index, deadline, width)
    for s, ms in found:
        if s > best_score:
            best_score, best_moves = s, ms
    # the Lagrangian bound of the whole puzzle: often far below the simple bound
    root_bound = _root_bound(puzzle, index, best_score, deadline, ROOT_ITERATIONS)
    proven = True
    complete = not out_of_time()
    if not (best_moves and root_bound <= best_score):
        try:
            dfs()
        except _Stop as stop:
            proven = False
            complete = complete and not stop.out_of_time
    if proven:
        ub = best_score
    elif frontier:  # the bounds of the positions left unsearched
        ub = max([best_score] + [b for level in frontier for b, _, _ in level])
    else:
        ub = max(best_score, upper_bound(Position(puzzle)))
    ub = max(best_score, min(ub, root_bound))
    seconds = time.monotonic() - start
    if not best_moves:
        return Solution(par=0, proven=proven, upper_bound=ub, nodes=nodes, seconds=seconds,
                        complete=complete)
    return Solution(
        par=best_score,
        proven=proven,
        upper_bound=ub,
        placements=_placements(puzzle, best_moves, lex),
        nodes=nodes,
        seconds=seconds,
        complete=complete,
    )


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
    pos = Position(puzzle)
    cands = {j: line_candidates(pos, index, j) for j in range(1, puzzle.words + 1)}
    relaxation = Relaxation(pos, cands)
    value, _ = relaxation.evaluate()
    for _ in range(iterations // 10):
        if deadline is not None and time.monotonic() > deadline:
            break
        value = relaxation.improve(target, 10)
    return int(math.floor(value + 1e-6))


def _score_of(puzzle: Puzzle, moves: list[Move]) -> int:
    pos = Position(puzzle)
    for m in moves:
        pos.play(m)
    return pos.final_score()


def _clone(pos: Position) -> Position:
    new = Position.__new__(Position)
    new.pz, new.size, new.vp = pos.pz, pos.size, pos.vp
    new.grid, new.az, new.supply_left = list(pos.grid), list(pos.az), list(pos.supply_left)
    new.supply_used, new.placed, new.moves = pos.supply_used, pos.placed, list(pos.moves)
    return new


def _has_room(pos: Position) -> bool:
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
    beam = [Position(puzzle)]
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
    for p in beam:
        yield p.final_score(), list(p.moves)
