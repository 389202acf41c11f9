"""A small on-disk cache of solved puzzles, so a date's par is searched for only once.

Entries live in ``$COMPANION_CACHE_DIR/girdle`` (default: ``girdle`` in the user's cache,
:func:`companion.paths.user_cache_dir`: ``$XDG_CACHE_HOME/companion/girdle``, else
``~/.cache/companion/girdle``), one
JSON file per edition, date and word list (its name and a digest of its words, so a list
edited under the same name, or a new default list, is searched afresh). The cache is never
needed for correctness: an entry is used only if it comes from the same search
(:data:`~companion.girdle.solver.SEARCH_VERSION`) and replaying its solution on the puzzle
scores exactly its par. An entry whose search a time budget cut short is searched again when
asked with a larger budget or none. An answer from the cache is marked ``cached`` and keeps
the seconds its search took (the look-up's own time tells nothing).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from pathlib import Path

from companion.girdle.engine import IllegalStep, SheetStep, play_all
from companion.girdle.puzzle import Puzzle
from companion.girdle.solver import SEARCH_VERSION, Solution, solve
from companion.lexicon import Lexicon, default_lexicon
from companion.outfile import write_file_whole
from companion.paths import user_cache_dir


def cache_dir() -> Path:
    """``$COMPANION_CACHE_DIR/girdle``, else the ``girdle`` folder of the user's cache."""
    root = os.environ.get("COMPANION_CACHE_DIR")
    base = Path(root) if root else user_cache_dir()
    return base / "girdle"


def _path(puzzle: Puzzle, lexicon: Lexicon) -> Path | None:
    if puzzle.date is None:
        return None
    safe = "".join(ch if ch.isalnum() else "-" for ch in lexicon.name)
    return cache_dir() / (f"{puzzle.edition}-{puzzle.date.isoformat()}-{safe}-"
                          f"{lexicon.fingerprint}.json")


def _load(path: Path, puzzle: Puzzle, lexicon: Lexicon, budget: float | None) -> Solution | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["puzzle"] != puzzle.to_dict():
            return None
        if data.get("search") != SEARCH_VERSION:
            return None
        if not data["proven"] and not data["complete"] and (
                budget is None or data["time_budget"] is None or data["time_budget"] < budget):
            return None
        steps = [SheetStep.from_dict(s) for s in data["solution"]]
        _, card = play_all(puzzle, steps, lexicon)
    except (OSError, ValueError, KeyError, TypeError, RecursionError, IllegalStep):
        return None  # not a cached answer (another program's file, spoilt): search again
    if not card.complete or card.final != data["par"]:
        return None
    seconds = data.get("seconds")
    if (not isinstance(seconds, (int, float)) or isinstance(seconds, bool)
            or not 0 <= seconds < math.inf):
        seconds = None  # an entry made before the cache kept the search's time, or spoilt
    return Solution(par=data["par"], proven=data["proven"], upper_bound=data["upper_bound"],
                    placements=steps, nodes=data.get("nodes", 0), seconds=seconds,
                    complete=bool(data["complete"]), cached=True)


def solve_cached(
    puzzle: Puzzle, time_budget: float | None = None, lexicon: Lexicon | None = None,
    before_search: Callable[[], None] | None = None,
) -> Solution:
    """Like :func:`companion.girdle.solve`, reusing a cached answer for a dated puzzle;
    ``before_search`` is called when there is none and the search starts."""
    lex = lexicon if lexicon is not None else default_lexicon()
    path = _path(puzzle, lex)
    if path is not None and path.exists():
        hit = _load(path, puzzle, lex, time_budget)
        if hit is not None:
            return hit
    if before_search is not None:
        before_search()
    sol = solve(puzzle, time_budget=time_budget, lexicon=lex)
    if path is not None and sol.placements:
        data = {"puzzle": puzzle.to_dict(), "search": SEARCH_VERSION,
                "time_budget": time_budget, "nodes": sol.nodes, "seconds": sol.seconds,
                **sol.to_dict(puzzle)}
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_file_whole(path, json.dumps(data).encode("utf-8"))
        except OSError:
            pass  # a read-only home is fine: the cache is only a shortcut
    return sol
