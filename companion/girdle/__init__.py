"""Word Girdle: the daily paper solitaire (puzzle model, engine, generator and solver).

The names below load with the module that holds them, when first used: the layouts' table
(``companion.girdle.layouts``) is read without the word lists or the solver, which the
generator loads (the command line's parser lists the layout families)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.lazy import names_on_first_use

if TYPE_CHECKING:
    from companion.girdle.engine import (
        GridDiffers,
        IllegalStep,
        ScoreCard,
        Sheet,
        SheetStep,
        SplitLine,
        WrongLine,
        play_all,
    )
    from companion.girdle.finish import CrossoutsSeen, complete_sheet, seen_crossouts
    from companion.girdle.generator import puzzle_for, puzzle_number
    from companion.girdle.puzzle import Line, Puzzle, edition_puzzle
    from companion.girdle.rules import Edition, default_edition
    from companion.girdle.solver import Solution, solve

# each name, and the module that holds it
_HOMES = {
    "GridDiffers": "engine", "IllegalStep": "engine", "ScoreCard": "engine", "Sheet": "engine",
    "SheetStep": "engine", "SplitLine": "engine", "WrongLine": "engine", "play_all": "engine",
    "complete_sheet": "finish", "CrossoutsSeen": "finish", "seen_crossouts": "finish",
    "puzzle_for": "generator", "puzzle_number": "generator",
    "Line": "puzzle", "Puzzle": "puzzle", "edition_puzzle": "puzzle",
    "Edition": "rules", "default_edition": "rules",
    "Solution": "solver", "solve": "solver",
}


__getattr__ = names_on_first_use(__name__, _HOMES, globals())


__all__ = [
    "CrossoutsSeen",
    "Edition",
    "GridDiffers",
    "IllegalStep",
    "Line",
    "SheetStep",
    "Puzzle",
    "ScoreCard",
    "Sheet",
    "Solution",
    "SplitLine",
    "WrongLine",
    "complete_sheet",
    "default_edition",
    "edition_puzzle",
    "play_all",
    "puzzle_for",
    "puzzle_number",
    "seen_crossouts",
    "solve",
]
