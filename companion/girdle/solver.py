"""The solver: the best final score of a puzzle ("par") and a solution that reaches it.

Star puzzles (one day in five: a spine word, then words across it) go to the exact search
of :mod:`companion.girdle.star`, which proves par (measured: a daily star in about 2 s, where
CP-SAT found no sheet in two minutes). Any other puzzle:

1. Quick answers: any complete sheet (the generator's search), then beam searches of growing
   width, then a large-neighbourhood search from the best of them
   (:mod:`companion.girdle.beam`).
2. An upper bound for the whole puzzle from the Lagrangian relaxation in
   :mod:`companion.girdle.relax`; if the best sheet reaches it, par is proven at once.
3. CP-SAT (:mod:`companion.girdle.exact`) on the whole sheet, started from the best sheet
   (a hint) with the Lagrangian bound as a cut, when the programme is small enough for it
   (:data:`EXACT_MAX_PLACEMENTS`); par is proven if it ends. If its work limit stops it, the
   answer carries the lowest valid upper bound known. On a daily puzzle with the full word list
   (about 340,000-380,000 placements) 60 units of its work never found a better sheet than the
   beams nor a lower bound than the Lagrangian one (21 days of 21 measured), so it is not run
   there: the neighbourhood search finds better sheets instead.

The search is a fixed amount of work (the beam widths, neighbourhoods, relaxation steps and
CP-SAT's deterministic work limit), never "as much as fits in the time", so par is the same
on every machine: a fast one only gets there sooner. A time budget is a safety stop; an answer
it cut short says so (``complete``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from companion.girdle.beam import beam_search, improve, score_of
from companion.girdle.engine import SheetStep
from companion.girdle.exact import programme_size, solve_exact
from companion.girdle.finish import complete_sheet
from companion.girdle.generator import find_solution
from companion.girdle.moves import Move, SearchState, word_index
from companion.girdle.puzzle import Puzzle
from companion.girdle.relax import Relaxation, line_candidates
from companion.girdle.star import solve_star, star_shape
from companion.lexicon import Lexicon, default_lexicon


@dataclass
class Solution:
    """The solver's answer: ``par`` (best final score found), ``proven`` (no better sheet
    exists), ``upper_bound`` (no sheet scores more) and the words that reach ``par``;
    ``seconds`` the search took, and ``cached`` when the answer is a cached one
    (:mod:`companion.girdle.cache`), whose ``seconds`` are those of the search that made it
    (None: not known, an entry made before the cache kept them)."""

    par: int
    proven: bool
    upper_bound: int
    placements: list[SheetStep] = field(default_factory=list)
    nodes: int = 0
    seconds: float | None = 0.0
    complete: bool = True  # the whole standard search ran (False: the time budget stopped it)
    cached: bool = False

    def to_dict(self, puzzle: Puzzle, how_found: bool = False) -> dict:
        """The answer as a solution file holds it; with ``how_found``, also whether it is the
        cache's (``cached``) and the ``seconds`` of the search that found it, to a tenth
        (None: not known), as ``girdle solve --json`` prints it. They are left out by
        default, being facts of one run (a cache entry keeps the seconds itself, and a fixed
        test case neither)."""
        answer: dict[str, Any] = {
            "date": puzzle.date.isoformat() if puzzle.date else None,
            "number": puzzle.number,
            "par": self.par,
            "proven": self.proven,
            "upper_bound": self.upper_bound,
            "complete": self.complete,
        }
        if how_found:
            # to a tenth, as the text answer gives them ("searched in 7.9 s")
            seconds = None if self.seconds is None else round(self.seconds, 1)
            answer.update(cached=self.cached, seconds=seconds)
        answer["solution"] = [p.to_dict(i + 1) for i, p in enumerate(self.placements)]
        return answer


# The standard search: beam widths (and the neighbourhoods of companion.girdle.beam),
# relaxation steps, and CP-SAT's work limit and the largest programme it is given.
# Changing them changes unproven pars, so the cache keys its entries by SEARCH_VERSION.
BEAM_WIDTHS = (24, 60, 150, 400, 1000)
ROOT_ITERATIONS = 200
EXACT_WORK = 60.0  # CP-SAT's deterministic time for a puzzle that is not a star
# CP-SAT is run on programmes of up to this many placements (all lines' candidate words).
# Measured: 400-odd (three lines, a small list) are proven in under a second; 25,000 (a
# lattice of words of up to three letters) get a bound of 29 in 60 units, against the
# Lagrangian 51; 340,000 and more (the daily puzzles) get nothing in 60 units.
EXACT_MAX_PLACEMENTS = 100_000
SEARCH_VERSION = 7


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
    # quick first answers (any solution, then beams, then their best improved): CP-SAT
    # starts from the best of them
    best_score = -10**9
    best_moves: list[Move] = []
    first = find_solution(puzzle, lex)
    found = [(score_of(puzzle, first), first)] if first else []
    for width in BEAM_WIDTHS:
        found += beam_search(puzzle, index, width, out_of_time)
    for s, ms in found:
        if s > best_score:
            best_score, best_moves = s, ms
    if best_moves:
        best_score, best_moves = improve(puzzle, index, best_moves, out_of_time)
    hint = _placements(puzzle, best_moves, lex) if best_moves else None
    # the Lagrangian bound of the whole puzzle, a cut for CP-SAT
    root_bound = _root_bound(puzzle, index, best_score, deadline, ROOT_ITERATIONS)
    if hint and root_bound <= best_score:
        return Solution(par=best_score, proven=True, upper_bound=best_score, placements=hint,
                        seconds=time.monotonic() - start, complete=not out_of_time())
    # no CP-SAT once the time is up (loading it and building its programme alone outlast a
    # short budget), nor on a programme too large for it
    if hint and (out_of_time() or programme_size(puzzle, index) > EXACT_MAX_PLACEMENTS):
        return Solution(par=best_score, proven=False, upper_bound=max(best_score, root_bound),
                        placements=hint, seconds=time.monotonic() - start,
                        complete=not out_of_time())
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
    score = score_of(puzzle, res.moves)
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
