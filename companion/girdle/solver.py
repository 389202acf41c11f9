"""The solver: the best final score of a puzzle ("par") and a solution that reaches it.

1. Quick answers: any complete sheet (the generator's search), then a beam search.
2. An upper bound for the whole puzzle from the Lagrangian relaxation in
   :mod:`companion.girdle.relax`; if the best sheet reaches it, par is proven at once.
3. Depth-first branch and bound over the seven lines in order, each position bounded by
   :func:`upper_bound`; if it ends, par is proven optimal.
4. If the budget stops the search, wider beams use the rest of the time, and the answer carries
   the lowest valid upper bound known (the relaxation's, or the unsearched positions' bounds).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from companion.girdle.engine import Placement
from companion.girdle.generator import find_solution
from companion.girdle.moves import EMPTY, Move, Position, legal_moves, line_cells, word_index
from companion.girdle.puzzle import Puzzle
from companion.girdle.relax import Relaxation, line_candidates
from companion.girdle.rules import ALPHABET
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

    def to_dict(self, puzzle: Puzzle) -> dict:
        return {
            "date": puzzle.date.isoformat() if puzzle.date else None,
            "number": puzzle.number,
            "par": self.par,
            "proven": self.proven,
            "upper_bound": self.upper_bound,
            "solution": [p.to_dict(i + 1) for i, p in enumerate(self.placements)],
        }


# Share of the time left after the first answers that the exhaustive search may use, and the
# beam widths tried after it when it could not finish.
DFS_SHARE = 0.1
BEAM_WIDTHS = (60, 150, 400, 1000, 2500)


class _OutOfTime(Exception):
    pass


def _line_room(pos: Position, number: int) -> tuple[int, list[int]]:
    """(longest run a word in line ``number`` could still take, VPs of letters it could cross)."""
    pz = pos.pz
    size = pos.size
    cells = line_cells(pz, number)
    line = pz.lines[number - 1]
    grid = pos.grid
    perp = (-size, size) if line.kind == "row" else (-1, 1)
    vp = [pz.vp[ch] for ch in ALPHABET]
    best = run = 0
    fixed_vps: list[int] = []
    for c in cells:
        free = grid[c] != EMPTY
        if not free:
            free = True
            r0 = c // size
            for d in perp:
                n = c + d
                ok = 0 <= n < size * size if line.kind == "row" else n // size == r0
                if ok and grid[n] != EMPTY:
                    free = False
        if free:
            run += 1
            best = max(best, run)
        else:
            run = 0
        if grid[c] != EMPTY:
            fixed_vps.append(vp[grid[c]])
    return best, fixed_vps


def upper_bound(pos: Position) -> int:
    """No completion of ``pos`` scores more than this."""
    pz = pos.pz
    vp = [pz.vp[ch] for ch in ALPHABET]
    maxvp = max(vp)
    score = sum(m.total for m in pos.moves) - sum(vp[c] for c in range(26) if pos.az[c])
    slots = 0
    crossouts = sum(1 for m in pos.moves
                    if len(m.word) >= pz.crossout_min_length and pz.has_checkbox(m.number))
    future_cells: set[int] = set()
    for k in range(pos.number, pz.words + 1):
        future_cells.update(line_cells(pz, k))
    for k in range(pos.number, pz.words + 1):
        room, fixed_vps = _line_room(pos, k)
        if room < pz.min_length:
            return -10**6  # a line with no room: no complete sheet
        room = min(room, pz.max_length)
        score += pz.bonus(room)
        # letters it crosses: existing ones, or squares another later line may fill
        others = set()
        for j in range(pos.number, pz.words + 1):
            if j != k:
                others.update(line_cells(pz, j))
        shared = [c for c in line_cells(pz, k) if c in others and pos.grid[c] == EMPTY]
        crossing = sorted(fixed_vps + [maxvp] * len(shared), reverse=True)
        need = 0 if k == 1 else 1
        score += sum(crossing[:room - 1]) if k > 1 else 0
        slots += room - need
        if room >= pz.crossout_min_length and pz.has_checkbox(k):
            crossouts += 1
    # each new letter from A-Z counts twice (in its word, and no longer unused)
    gains = [2 * vp[c] for c in range(26) if pos.az[c]]
    gains += [vp[c] for c in range(26) for _ in range(pos.supply_left[c])]
    gains.sort(reverse=True)
    score += sum(gains[:slots])
    score += crossouts * maxvp
    return score


def _placements(puzzle: Puzzle, moves: list[Move]) -> list[Placement]:
    """Turn solver moves into sheet steps with explicit activations and cross-outs."""
    pos = Position(puzzle)
    for m in moves:
        pos.play(m)
    size = puzzle.size
    supply = puzzle.supply
    # Supply positions in the order they must be active: those used by each word (in word
    # order), then the cheapest unused ones.
    taken: list[int] = []
    order: list[int] = []
    for m in moves:
        for code in m.supply_used:
            ch = ALPHABET[code]
            i = next(i for i in range(len(supply)) if supply[i] == ch and i not in taken)
            taken.append(i)
            order.append(i)
    rest = sorted((i for i in range(len(supply)) if i not in taken),
                  key=lambda i: (puzzle.vp[supply[i]], i))
    order += rest
    # which letters are unused at the end, for cross-outs (highest value first)
    az_unused = [ALPHABET[c] for c in range(26) if pos.az[c]]
    total_active = min(pos.placed, len(supply))
    active_unused = [supply[i] for i in order[len(taken):total_active]]
    unused = sorted(az_unused + active_unused, key=lambda ch: -puzzle.vp[ch])
    out = []
    placed = activated = 0
    for m in moves:
        placed += len(m.new)
        due = min(placed, len(supply)) - activated
        acts = tuple(sorted(i + 1 for i in order[activated:activated + due]))
        activated += due
        cross: tuple[str, ...] = ()
        if len(m.word) >= puzzle.crossout_min_length and puzzle.has_checkbox(m.number) and unused:
            cross = (unused.pop(0),)
        r, c = divmod(m.cells[0], size)
        direction = puzzle.lines[m.number - 1].direction
        out.append(Placement(r + 1, c + 1, direction, m.word, acts, cross))
    return out


def solve(
    puzzle: Puzzle,
    time_budget: float | None = 30.0,
    lexicon: Lexicon | None = None,
) -> Solution:
    """Par of ``puzzle`` with a solution, proven optimal if the search ends in ``time_budget``
    seconds (None: no limit)."""
    lex = lexicon if lexicon is not None else default_lexicon()
    index = word_index(lex, puzzle.min_length, puzzle.max_length)
    start = time.monotonic()
    deadline = None if time_budget is None else start + time_budget
    pos = Position(puzzle)
    best_score = -10**9
    best_moves: list[Move] = []
    nodes = 0
    vp = [puzzle.vp[ch] for ch in ALPHABET]

    def gain(m: Move) -> int:
        return m.total + sum(vp[ALPHABET.index(m.word[i])] for i in m.new) - len(m.supply_used)

    def dfs() -> None:
        nonlocal best_score, best_moves, nodes
        nodes += 1
        if dfs_deadline is not None and nodes % 64 == 0 and time.monotonic() > dfs_deadline:
            raise _OutOfTime
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
            if dfs_deadline is not None and i % 256 == 255 and time.monotonic() > dfs_deadline:
                raise _OutOfTime
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
    # quick first answers: any solution, then a beam search, give the search a score to beat
    first = find_solution(puzzle, lex)
    found = [(_score_of(puzzle, first), first)] if first else []
    for s, ms in found + list(_beam(puzzle, index, deadline)):
        if s > best_score:
            best_score, best_moves = s, ms
    # the Lagrangian bound of the whole puzzle: often far below the simple bound
    root_bound = _root_bound(puzzle, index, best_score, deadline)
    proven = True
    # the exhaustive search gets part of the time; if it cannot finish, wider beams use the rest
    dfs_deadline = None
    if deadline is not None:
        dfs_deadline = time.monotonic() + DFS_SHARE * max(0.0, deadline - time.monotonic())
    if best_moves and root_bound <= best_score:
        frontier.clear()
    else:
        try:
            dfs()
        except _OutOfTime:
            proven = False
    if not proven:
        # the frontier's bounds stay valid however the best score improves from here
        for width in BEAM_WIDTHS:
            if deadline is not None and time.monotonic() > deadline:
                break
            for s, ms in _beam(puzzle, index, deadline, width):
                if s > best_score:
                    best_score, best_moves = s, ms
    if proven:
        ub = best_score
    elif frontier:
        ub = max([best_score] + [b for level in frontier for b, _, _ in level])
    else:
        ub = max(best_score, upper_bound(Position(puzzle)))
    ub = max(best_score, min(ub, root_bound))
    if not best_moves:
        return Solution(par=0, proven=proven, upper_bound=ub, nodes=nodes,
                        seconds=time.monotonic() - start)
    return Solution(
        par=best_score,
        proven=proven,
        upper_bound=ub,
        placements=_placements(puzzle, best_moves),
        nodes=nodes,
        seconds=time.monotonic() - start,
    )


def _root_bound(puzzle: Puzzle, index, target: int, deadline: float | None,
                iterations: int = 200) -> int:
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
    new.pz, new.size = pos.pz, pos.size
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
    vp = [puzzle.vp[ch] for ch in ALPHABET]
    beam = [Position(puzzle)]
    for number in range(1, puzzle.words + 1):
        later: set[int] = set()
        for k in range(number + 1, puzzle.words + 1):
            later.update(line_cells(puzzle, k))
        children = []
        for parent in beam:
            if deadline is not None and time.monotonic() > deadline:
                return
            for m in legal_moves(parent, index):
                h = m.total + sum(vp[ALPHABET.index(m.word[i])] for i in m.new)
                h -= len(m.supply_used)
                h += 3 * len(later.intersection(m.cells))
                children.append((h + sum(x.total for x in parent.moves), m, parent))
        children.sort(key=lambda t: -t[0])
        beam, seen = [], set()
        for _, m, parent in children:
            child = _clone(parent)
            child.play(m)
            key = tuple(child.grid)
            if key in seen or not _has_room(child):
                continue
            seen.add(key)
            beam.append(child)
            if len(beam) >= width:
                break
    for p in beam:
        yield p.final_score(), list(p.moves)
