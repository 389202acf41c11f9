"""A Word Girdle sheet typed as text, read into the engine's steps: the one reader of the
typed form, which the web app's form and API and ``companion girdle check`` all use.

One word per line, in order: ``WORD START [+A,B,...] [-X]`` - START is the square along the
word's line where it begins (the column for a row, the row for a column), ``+`` lists the
Supply positions activated after it, ``-X`` a letter crossed out for a 6/7-letter word in a
checkbox row, ``-none`` its box left unticked (no letter crossed out, as a photographed sheet
may show it). What is left out is chosen by the engine
(:func:`companion.girdle.complete_sheet`), which also scores the sheet.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from companion.errors import PageWordedError, UsageError
from companion.girdle.engine import IllegalStep, ScoreCard, Sheet, SheetStep
from companion.girdle.finish import complete_sheet
from companion.girdle.puzzle import Puzzle
from companion.lexicon import Lexicon, word_letters
from companion.text import counted, quoted, sentence

# A typed line: the word, its square, then "+1,2" (Supply letters) and "-Z" (crossed out), a
# space before each. Every repeat is possessive, so a line is read in one pass: the lazy
# pattern before it tried each way of sharing a run of spaces among its parts (minutes for a
# line of 4,000 spaces).
# Letters crossed out after the first ("-Q -F") are read too, for the engine to refuse as it
# refuses them in a JSON sheet: the line was refused as unreadable, as if its form were wrong.
_LINE = re.compile(r"([A-Za-z]+)\s++([0-9]++)(?:\s++\+([\d,\s]++))?"
                   r"(?:\s*+(?<=\s)-\s*+((?i:none)|[A-Za-z]))?((?:\s++-\s*+[A-Za-z])*+)")
UNTICKED = "none"  # after '-': the word's box left unticked, no letter crossed out
FAR_OFF = 1000  # a start square of as many digits or more is read as this: off every grid


class IllegalWord(UsageError):
    """A typed word the engine refuses, said as every illegal sheet is
    (:meth:`~companion.girdle.engine.IllegalStep.said`): "Illegal at word N (WORD): <the
    engine's reason>."; ``illegal`` is the engine's
    :class:`~companion.girdle.engine.IllegalStep` (its word number and reason), ``word`` the
    word as typed and read, for a caller that reports an illegal sheet apart from one it
    cannot read."""

    def __init__(self, illegal: IllegalStep, word: str | None) -> None:
        super().__init__(sentence(illegal.said(word)))
        self.illegal = illegal
        self.word = word


@dataclass
class Step:
    """One typed line: the word, where it starts along its line, explicit choices if any."""

    word: str
    start: int
    activated: tuple[int, ...] | None
    crossed_out: str | None  # a letter, UNTICKED, or None: chosen by the engine
    more_crossed_out: tuple[str, ...] = ()  # letters typed crossed out after the first


def parse_solution(text: str, puzzle: Puzzle) -> list[Step]:
    """The typed lines as steps; a line that cannot be read is named."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines:
        raise PageWordedError('Send your words as "solution", one per line, e.g. '
                              '"JUMPING 1".',
                              "Type your words, one per line, e.g. JUMPING 1.")
    if len(lines) > puzzle.words:
        raise UsageError(f"A Girdle holds {counted(puzzle.words, 'word')}; "
                         f"you typed {counted(len(lines), 'line')}.")
    steps = []
    for n, ln in enumerate(lines, 1):
        # its letters read as a word typed to the judge is: CAFÉ as CAFE, full width as A-Z
        m = _LINE.fullmatch(word_letters(ln))
        if not m:
            raise UsageError(f"Line {n} ({quoted(ln)}): write the word and the square it "
                             "starts on, e.g. JUMPING 1 (then optionally +1,2 for Supply "
                             "letters and -Z for a crossed-out letter, or -none for a box "
                             "left unticked).")
        acts = None
        if m.group(3):
            acts = tuple(int(x) for x in re.split(r"[,\s]+", m.group(3).strip()) if x)
        crossed = m.group(4)
        digits = m.group(2).lstrip("0") or "0"  # (no int of a thousand digits)
        start = int(digits) if len(digits) < len(str(FAR_OFF)) else FAR_OFF
        more = tuple(ch.upper() for ch in re.findall(r"[A-Za-z]", m.group(5)))
        if more and (crossed is None or crossed.lower() == UNTICKED):
            raise UsageError(f"Line {n} ({quoted(ln)}): a box left unticked, -{UNTICKED}, "
                             "crosses out no letter.")
        steps.append(Step(m.group(1).upper(), start, acts,
                          None if crossed is None else
                          UNTICKED if crossed.lower() == UNTICKED else crossed.upper(), more))
    return steps


def _placement(puzzle: Puzzle, number: int, step: Step, acts: tuple[int, ...]) -> SheetStep:
    line = puzzle.lines[number - 1]
    if not 1 <= step.start <= puzzle.size:
        raise UsageError(f"Word {number}: the start square must be 1 to {puzzle.size}.")
    row, col = (line.index, step.start) if line.kind == "row" else (step.start, line.index)
    cross = ((step.crossed_out, *step.more_crossed_out)
             if step.crossed_out not in (None, UNTICKED) else ())
    return SheetStep(row, col, line.direction, step.word, acts, cross)


def play_solution(puzzle: Puzzle, steps: list[Step], lexicon: Lexicon
                  ) -> tuple[list[SheetStep], Sheet, ScoreCard]:
    """Play the steps on a fresh sheet and score it (the engine's
    :func:`~companion.girdle.complete_sheet` chooses what they leave open; a box left
    unticked, ``-none``, crosses out nothing); an illegal word raises a sentence
    (:class:`IllegalWord`)."""
    words = [_placement(puzzle, number, step, step.activated or ())
             for number, step in enumerate(steps, 1)]
    ticks = [number for number, step in enumerate(steps, 1) if step.crossed_out != UNTICKED]
    try:
        return complete_sheet(puzzle, words, ticks=ticks, lexicon=lexicon)
    except IllegalStep as exc:
        word = steps[exc.step - 1].word if 0 < exc.step <= len(steps) else None
        raise IllegalWord(exc, word) from exc


def solution_text(puzzle: Puzzle, placements: list[SheetStep], choices: bool = True,
                  unticked: Collection[int] = ()) -> str:
    """Placements written back in the typed format; without ``choices``, the words and their
    squares alone, leaving the Supply letters activated and the letters crossed out to be
    chosen again (:func:`~companion.girdle.complete_sheet`) when more words come, but for
    the player's own choice that the engine never makes: the box of each word numbered in
    ``unticked`` left unticked, ``-none``."""
    out = []
    for number, p in enumerate(placements, 1):
        line = puzzle.lines[number - 1]
        start = p.col if line.kind == "row" else p.row
        text = f"{p.word} {start}"
        if choices and p.activated:
            text += " +" + ",".join(str(i) for i in p.activated)
        if choices and p.crossed_out:
            text += f" -{p.crossed_out[0]}"
        elif choices and puzzle.earns_crossout(number, len(p.word)):
            text += f" -{UNTICKED}"  # so that it is not crossed out when sent again
        elif not choices and number in unticked:
            text += f" -{UNTICKED}"
        out.append(text)
    return "\n".join(out)


def unticked_words(steps: list[Step]) -> list[int]:
    """The numbers of the words whose box the player left unticked (``-none``)."""
    return [number for number, step in enumerate(steps, 1) if step.crossed_out == UNTICKED]


def played_line(puzzle: Puzzle, number: int, step: Step, unticked: bool) -> str:
    """Word ``number`` typed into its squares as a line of the typed sheet: its word and
    square, and ``-none`` when the player leaves unused the cross-out it earns (asked for a
    word that earns none, nothing: there is no box to leave)."""
    line = f"{step.word} {step.start}"
    if unticked and puzzle.earns_crossout(number, len(step.word)):
        line += f" -{UNTICKED}"
    return line
