"""The play page's squares read as a word of the typed sheet: the letters a player types into
a line's squares on the phone become a :class:`~companion.girdle.typed_sheet.Step`, played
and scored as the same word typed (:mod:`companion.girdle.typed_sheet`)."""

from __future__ import annotations

from companion.errors import UsageError
from companion.girdle import Puzzle, Sheet
from companion.girdle.typed_sheet import Step
from companion.lexicon import word_letters


def step_from_squares(puzzle: Puzzle, sheet: Sheet, number: int,
                      typed: dict[int, str]) -> Step:
    """Word ``number`` as typed into the squares of its line (position along the line from 1
    -> letter): the run of squares holding the typed letters, joined with the letters
    already there on either side, read in order."""
    line = puzzle.lines[number - 1]
    cells = line.cells(puzzle.size)
    fixed: dict[int, str] = {}
    for pos, cell in enumerate(cells, 1):
        letter = sheet.letter(cell)
        if letter:
            fixed[pos] = letter
    letters = {pos: word_letters(ch).upper() for pos, ch in typed.items()
               if ch.strip() and pos not in fixed}  # É read as E, as in a typed sheet
    for pos, ch in letters.items():
        if len(ch) != 1 or not ch.isalpha() or not ch.isascii():
            raise UsageError(f"Square {pos} of {line.label()}: type one letter A-Z.")
    if not letters:
        raise UsageError(f"Type word {number}'s letters into the squares of {line.label()}.")
    both = {**fixed, **letters}
    first, last = min(letters), max(letters)
    gap = [pos for pos in range(first, last + 1) if pos not in both]
    if gap:
        raise UsageError(f"Word {number} has a gap at square {gap[0]} of {line.label()}: a "
                         "word fills the squares of its line without gaps.")
    while first - 1 in both:
        first -= 1
    while last + 1 in both:
        last += 1
    return Step("".join(both[pos] for pos in range(first, last + 1)), first, None, None)
