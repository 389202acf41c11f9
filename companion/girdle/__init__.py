"""Word Girdle: the daily paper solitaire (puzzle model, engine, generator and solver)."""

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
from companion.girdle.finish import complete_sheet
from companion.girdle.generator import puzzle_for, puzzle_number
from companion.girdle.puzzle import Line, Puzzle, edition_puzzle
from companion.girdle.rules import Edition, default_edition
from companion.girdle.solver import Solution, solve

__all__ = [
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
    "solve",
]
