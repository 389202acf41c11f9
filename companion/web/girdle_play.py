"""A Word Girdle solution typed by a player, read into the engine's steps.

One word per line, in order: ``WORD START [+A,B,...] [-X]`` - START is the square along the
word's line where it begins (the column for a row, the row for a column), ``+`` lists the
Supply positions activated after it, ``-X`` a letter crossed out for a 6/7-letter word in a
checkbox row. Left out, activations go first to Supply letters the later words need, then to
the cheapest; cross-outs take the most valuable unused letters. Scoring is the engine's.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from companion.errors import UsageError
from companion.girdle import IllegalStep, Placement, Puzzle, ScoreCard, Sheet
from companion.lexicon import Lexicon

_LINE = re.compile(r"^([A-Za-z]+)\s+(\d)(?:\s+\+\s*([\d,\s]+?))?(?:\s+-\s*([A-Za-z]))?\s*$")


@dataclass
class Step:
    """One typed line: the word, where it starts along its line, explicit choices if any."""

    word: str
    start: int
    activated: tuple[int, ...] | None
    crossed_out: str | None


def parse_solution(text: str, puzzle: Puzzle) -> list[Step]:
    """The typed lines as steps; a line that cannot be read is named."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines:
        raise UsageError("Type your words, one per line, e.g. JUMPING 1")
    if len(lines) > puzzle.words:
        raise UsageError(f"A Girdle holds {puzzle.words} words; you typed {len(lines)} lines.")
    steps = []
    for n, ln in enumerate(lines, 1):
        m = _LINE.match(ln)
        if not m:
            raise UsageError(f"Line {n} ({ln!r}): write the word and the square it starts on, "
                             "e.g. JUMPING 1 (then optionally +1,2 for Supply letters and -Z "
                             "for a crossed-out letter).")
        acts = None
        if m.group(3):
            acts = tuple(int(x) for x in re.split(r"[,\s]+", m.group(3).strip()) if x)
        steps.append(Step(m.group(1).upper(), int(m.group(2)), acts,
                          m.group(4).upper() if m.group(4) else None))
    return steps


def _placement(puzzle: Puzzle, number: int, step: Step, acts: tuple[int, ...]) -> Placement:
    line = puzzle.lines[number - 1]
    if not 1 <= step.start <= puzzle.size:
        raise UsageError(f"Word {number}: the start square must be 1 to {puzzle.size}.")
    row, col = (line.index, step.start) if line.kind == "row" else (step.start, line.index)
    cross = (step.crossed_out,) if step.crossed_out else ()
    return Placement(row, col, line.direction, step.word, acts, cross)


def _choose_activations(sheet: Sheet, puzzle: Puzzle, number: int, step: Step,
                        later: list[Step]) -> tuple[int, ...]:
    """Supply positions to activate after word ``number``: first the letters the later words
    will have to take from the Supply, the soonest needed first, then the cheapest."""
    trial = _placement(puzzle, number, step, ())
    due = min(sum(1 for c in trial.cells() if sheet.letter(c) is None), sheet.inactive_count())
    inactive = [i for i, st in enumerate(sheet.supply_state) if st == "inactive"]
    chosen: list[int] = []
    for ch in _supply_needs(sheet, puzzle, number, [step, *later]):
        spare = [i for i in inactive if puzzle.supply[i] == ch and i not in chosen]
        if spare and len(chosen) < due:
            chosen.append(spare[0])
    rest = sorted((i for i in inactive if i not in chosen),
                  key=lambda i: (puzzle.vp[puzzle.supply[i]], i))
    chosen += rest[: due - len(chosen)]
    return tuple(sorted(i + 1 for i in chosen))


def _supply_needs(sheet: Sheet, puzzle: Puzzle, number: int, steps: list[Step]) -> list[str]:
    """Playing ``steps`` from word ``number`` on, the letters the steps after the first will
    need from Supply letters not active yet, in the order they are needed."""
    grid = dict(sheet.grid)
    az_left = set(puzzle.vp) - sheet.az_used
    active = Counter(ch for ch, st in zip(puzzle.supply, sheet.supply_state, strict=True)
                     if st == "active")
    needs: list[str] = []
    for k, step in enumerate(steps):
        try:
            cells = _placement(puzzle, number + k, step, ()).cells()
        except UsageError:
            break  # reported when that word is played
        for cell, ch in zip(cells, step.word.upper(), strict=False):
            if cell in grid:
                continue
            grid[cell] = ch
            if ch in az_left:
                az_left.discard(ch)
            elif active[ch] > 0:
                active[ch] -= 1
            elif k > 0:
                needs.append(ch)
    return needs


def play_solution(puzzle: Puzzle, steps: list[Step], lexicon: Lexicon
                  ) -> tuple[list[Placement], Sheet, ScoreCard]:
    """Play the steps on a fresh sheet and score it; an illegal word raises a sentence."""
    sheet = Sheet(puzzle, lexicon)
    placements = []
    try:
        for number, step in enumerate(steps, 1):
            acts = step.activated
            if acts is None:
                acts = _choose_activations(sheet, puzzle, number, step, steps[number:])
            p = _placement(puzzle, number, step, acts)
            sheet.play(p)
            placements.append(p)
        card = sheet.score()
        if len(steps) == puzzle.words and not any(s.crossed_out for s in steps):
            placements = _best_crossouts(puzzle, placements, card)
            sheet = Sheet(puzzle, lexicon)
            for p in placements:
                sheet.play(p)
            card = sheet.score()
    except IllegalStep as exc:
        raise UsageError(f"Word {exc.step}: {exc.reason}.") from exc
    return placements, sheet, card


def _best_crossouts(puzzle: Puzzle, placements: list[Placement], card: ScoreCard
                    ) -> list[Placement]:
    unused = sorted(card.unused_letters, key=lambda ch: -puzzle.vp[ch])
    out = []
    for number, p in enumerate(placements, 1):
        if unused and len(p.word) >= puzzle.crossout_min_length and puzzle.has_checkbox(number):
            p = replace(p, crossed_out=(unused.pop(0),))
        out.append(p)
    return out


def solution_text(puzzle: Puzzle, placements: list[Placement]) -> str:
    """Placements written back in the typed format."""
    out = []
    for number, p in enumerate(placements, 1):
        line = puzzle.lines[number - 1]
        start = p.col if line.kind == "row" else p.row
        text = f"{p.word} {start}"
        if p.activated:
            text += " +" + ",".join(str(i) for i in p.activated)
        if p.crossed_out:
            text += f" -{p.crossed_out[0]}"
        out.append(text)
    return "\n".join(out)


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
    letters = {pos: ch.strip().upper() for pos, ch in typed.items()
               if ch.strip() and pos not in fixed}
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
