"""The state of a Word Girdle sheet as a player fills it in, with validation and scoring.

:class:`Sheet` applies :class:`SheetStep` steps in order. Each step is checked as the sheet's
rules say (see docs/girdle.md) and refused with a sentence a player understands.
Letters a word needs are taken from the A-Z section first, then from the lowest-numbered active
Supply letter: the two are interchangeable for scoring.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.errors import CompanionError
from companion.girdle.puzzle import Line, Puzzle
from companion.lexicon import Lexicon, default_lexicon, missing_reason
from companion.text import counted, listed, number_word, printable, quoted, shown

DIRECTIONS = ("across", "down")
_STEP = {"across": (0, 1), "down": (1, 0)}
_OTHER = {"across": "down", "down": "across"}


class IllegalStep(CompanionError):
    """A step the sheet's rules refuse; ``step`` is the word number (1-based)."""

    def __init__(self, step: int, reason: str) -> None:
        super().__init__(f"word {step}: {reason}")
        self.step = step
        self.reason = reason

    def said(self, word: str | None = None) -> str:
        """The one sentence of an illegal sheet, however it was sent (typed on the web page or
        to ``girdle check``, or as JSON), without its full stop, for a caller to add what is
        its own: "Illegal at word 2 (PUNCHY): <the reason>"; ``word`` is the word as it was
        read and played (None: the sheet gives none)."""
        named = f" ({shown(word)})" if word is not None else ""
        return f"Illegal at word {self.step}{named}: {printable(self.reason)}"


class WrongLine(IllegalStep):
    """A word written in another line than the puzzle gives its number: at word 1, the sign of
    a sheet judged against another puzzle's lines (another day's, most often)."""


class SplitLine(CompanionError):
    """A line of the Girdle showing two or more runs of letters: word k lies in line k as one
    run (docs/girdle.md, placing words), so a line holds one word."""

    def __init__(self, line: Line, words: list[str]) -> None:
        super().__init__(f"{line.label()} shows {number_word(len(words))} words, "
                         f"{listed([w.upper() for w in words])}: a line holds one word")
        self.line = line
        self.words = words


class GridDiffers(CompanionError):
    """A sheet's grid that does not hold exactly the letters its words placed (docs/girdle.md,
    placing words): a letter on a square no word placed, or a square of a word shown empty or
    with another letter. ``unplaced`` are the squares (row, col, 1-based) holding a letter no
    word placed, in reading order."""

    def __init__(self, message: str, unplaced: list[tuple[int, int]]) -> None:
        super().__init__(message)
        self.unplaced = unplaced


@dataclass(frozen=True)
class SheetStep:
    """One step of a sheet: a word written from (row, col) across or down, then the Supply
    positions activated for it and the letters crossed out for it (6/7-letter bonus)."""

    row: int
    col: int
    direction: str
    word: str
    activated: tuple[int, ...] = ()
    crossed_out: tuple[str, ...] = ()

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = _STEP[self.direction]
        return [(self.row + dr * i, self.col + dc * i) for i in range(len(self.word))]

    @classmethod
    def from_cells(cls, number: int, cells: Sequence[tuple[int, int]], word: str,
                   activated: tuple[int, ...] = (), crossed_out: tuple[str, ...] = ()
                   ) -> SheetStep:
        """Word ``number`` given by its squares (row, col, 1-based) in reading order; raises
        :class:`IllegalStep` unless they are one unbroken run across or down, as many as its
        letters (a word is written left to right or top to bottom)."""
        word = word.upper()
        cells = list(cells)
        if len(cells) != len(word):
            raise IllegalStep(number, f"{word} has {counted(len(word), 'letter')} but "
                              f"{counted(len(cells), 'square')} "
                              f"{'is' if len(cells) == 1 else 'are'} given")
        (r0, c0) = cells[0]
        for direction in DIRECTIONS:
            if cells == cls(r0, c0, direction, word).cells():
                return cls(r0, c0, direction, word, activated, crossed_out)
        if sorted(cells) in (cls(*min(cells), d, word).cells() for d in DIRECTIONS):
            raise IllegalStep(number, f"{word} reads backwards: a word is written left to "
                              "right or top to bottom, so give its squares in that order")
        raise IllegalStep(number, f"{word} is not contiguous: its squares must be one "
                          "unbroken run, left to right or top to bottom")

    @classmethod
    def from_dict(cls, data: dict) -> SheetStep:
        """The inverse of :meth:`to_dict` (its ``line`` is not needed)."""
        return cls(int(data["row"]), int(data["col"]), str(data["direction"]),
                   str(data["word"]), tuple(data["activated"]), tuple(data["crossed_out"]))

    def to_dict(self, line: int) -> dict:
        return {
            "line": line,
            "row": self.row,
            "col": self.col,
            "direction": self.direction,
            "word": self.word,
            "activated": list(self.activated),
            "crossed_out": list(self.crossed_out),
        }


@dataclass
class PlacedWord:
    """A word on the sheet with what it took: its new squares and where each letter came from."""

    number: int
    placement: SheetStep
    new_cells: list[tuple[int, int]]
    sources: list[str]  # per new cell: "A-Z" or "Supply N"
    vp: int
    bonus: int

    @property
    def total(self) -> int:
        return self.vp + self.bonus


@dataclass
class ScoreCard:
    """The score tracker as the sheet lays it out."""

    rows: list[dict] = field(default_factory=list)
    subtotal: int = 0
    crossed_out: list[str] = field(default_factory=list)
    crossed_out_az: list[str] = field(default_factory=list)  # those of the A-Z section
    crossed_out_supply: list[int] = field(default_factory=list)  # the Supply's, by position
    unused_counts: dict[int, int] = field(default_factory=dict)
    unused_letters: list[str] = field(default_factory=list)  # the A-Z section's, then the Supply's
    unused_az: list[str] = field(default_factory=list)  # of the A-Z section, A-Z
    unused_supply: list[str] = field(default_factory=list)  # active Supply letters, in its order
    unused_total: int = 0
    final: int = 0
    complete: bool = False

    def to_dict(self) -> dict:
        return {
            "rows": self.rows,
            "subtotal": self.subtotal,
            "crossed_out": self.crossed_out,
            "crossed_out_az": self.crossed_out_az,
            "crossed_out_supply": self.crossed_out_supply,
            "unused": {
                "letters": self.unused_letters,
                "az": self.unused_az,
                "supply": self.unused_supply,
                "counts": {str(k): v for k, v in self.unused_counts.items()},
                "cost": {str(k): k * v for k, v in self.unused_counts.items()},
                "total": self.unused_total,
            },
            "final": self.final,
            "complete": self.complete,
        }


def crossed_out_by_section(card: dict) -> str:
    """A score card's cross-outs (its JSON, :meth:`ScoreCard.to_dict`) by section, as the
    sheet shows them: "K (A-Z); E (Supply)", or "none". A letter may be in both sections, so
    a cross-out named without its section could be either (the command line, the play page
    and the answer say them all so). Each section's are in the sheet's order, as its unused
    letters are (the A-Z's in the alphabet, the Supply's by position), not in the order of
    the words that crossed them out: the same sheet typed and photographed, its letters
    given to its words in another order, lists them alike."""
    supply = list(card["crossed_out"])
    for ch in card["crossed_out_az"]:
        supply.remove(ch)
    supply = [ch for _, ch in sorted(zip(card["crossed_out_supply"], supply, strict=True))]
    parts = [f"{' '.join(letters)} ({section})" for letters, section in
             ((sorted(card["crossed_out_az"]), "A-Z"), (supply, "Supply")) if letters]
    return "; ".join(parts) or "none"


def check_word_number(puzzle: Puzzle, number: int) -> None:
    """Raises :class:`IllegalStep` when a sheet has no room for word ``number``."""
    if number > puzzle.words:
        raise IllegalStep(number, "there may never be more than "
                          f"{counted(puzzle.words, 'word')} in the Girdle")


def _where(cell: tuple[int, int]) -> str:
    return f"row {cell[0]}, column {cell[1]}"


class Sheet:
    """A Word Girdle sheet being filled in, one word at a time."""

    def __init__(self, puzzle: Puzzle, lexicon: Lexicon | None = None) -> None:
        self.puzzle = puzzle
        self.lexicon = lexicon if lexicon is not None else default_lexicon()
        self.grid: dict[tuple[int, int], str] = {}
        self.words: list[PlacedWord] = []
        self.az_used: set[str] = set()
        # per Supply position: "inactive", "active" or "used"
        self.supply_state: list[str] = ["inactive"] * len(puzzle.supply)
        self.crossouts: list[tuple[int, str]] = []  # (word number, letter)

    # -- queries -----------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.puzzle.size

    def letter(self, cell: tuple[int, int]) -> str | None:
        return self.grid.get(cell)

    def available(self) -> Counter:
        """Letters that can be written now: unused A-Z letters plus active Supply letters."""
        out = Counter(ch for ch in self.puzzle.vp if ch not in self.az_used)
        for ch, st in zip(self.puzzle.supply, self.supply_state, strict=True):
            if st == "active":
                out[ch] += 1
        return out

    def inactive_count(self) -> int:
        return self.supply_state.count("inactive")

    def _run(self, cell: tuple[int, int], direction: str, extra: dict) -> tuple[list, str]:
        """The maximal run through ``cell`` in ``direction`` (with ``extra`` letters added)."""
        dr, dc = _STEP[direction]

        def at(c: tuple[int, int]) -> str | None:
            return extra.get(c) or self.grid.get(c)

        r, c = cell
        while at((r - dr, c - dc)):
            r, c = r - dr, c - dc
        cells: list[tuple[int, int]] = []
        letters: list[str] = []
        while ch := at((r, c)):
            cells.append((r, c))
            letters.append(ch)
            r, c = r + dr, c + dc
        return cells, "".join(letters)

    def check_grid(self, grid: Sequence[Sequence[str]]) -> None:
        """Compare the grid a sheet shows (row by row from the top left, "" an empty square)
        with the one its words made; raises :class:`GridDiffers` saying, in reading order,
        the first square of a word shown empty or with another letter, else the first letter
        no word placed: a run of letters in a line that is not one of the puzzle's word lines
        (or a second run in a word line), else a letter on its own."""
        shown = {(r, c): ch.upper() for r, row in enumerate(grid, start=1)
                 for c, ch in enumerate(row, start=1) if ch}
        by_word = {cell: w for w in self.words for cell in w.new_cells}
        for cell, ch in sorted(self.grid.items()):
            if shown.get(cell) != ch:
                have = f"holds {shown[cell]}" if cell in shown else "is empty"
                raise GridDiffers(f"{_where(cell)} {have}, where word {by_word[cell].number} "
                                  f"placed {ch}", [])
        unplaced = sorted(cell for cell in shown if cell not in self.grid)
        if not unplaced:
            return
        first = unplaced[0]
        told = [first]
        message = f"{_where(first)} holds {shown[first]}, a letter no word placed"
        for direction, kind in (("across", "row"), ("down", "col")):
            cells, run = self._run(first, direction, shown)
            if len(cells) > 1:
                line = Line(kind, first[0] if kind == "row" else first[1])
                why = ("but it is not one of the puzzle's word lines"
                       if line not in self.puzzle.lines else
                       "which no word placed: a line holds one word")
                message = f"{line.label()} shows {run}, {why}"
                told = [cell for cell in cells if cell not in self.grid]
                break
        more = len(unplaced) - len(told)
        if more:
            message += (f"; {counted(more, 'more square')} {'holds' if more == 1 else 'hold'} "
                        "a letter no word placed")
        raise GridDiffers(message, unplaced)

    # -- one step ----------------------------------------------------------------------------
    def check(self, p: SheetStep) -> str | None:
        """Why ``p`` cannot be the next word (a sentence), or None when it is legal."""
        try:
            self._validate(p)
        except IllegalStep as exc:
            return exc.reason
        return None

    def _validate(self, p: SheetStep) -> tuple[list, list[str]]:
        """The new squares of ``p`` and their letters; raises :class:`IllegalStep` when the
        sheet's rules refuse it (checked in the order a player would notice)."""
        number = len(self.words) + 1
        word = p.word.upper()
        line = self._check_word_and_line(number, p, word)
        cells = p.cells()
        size = self.puzzle.size
        # the squares run right or down from the first: on the grid if both ends are
        (r0, c0), (r1, c1) = cells[0], cells[-1]
        if not (1 <= r0 and 1 <= c0 and r1 <= size and c1 <= size):
            raise IllegalStep(number, f"{word} does not fit in {line.label()} starting at "
                              f"{_where(cells[0])}")
        new_cells = self._new_cells(number, word, cells)
        extra = {cell: ch for cell, ch in zip(cells, word, strict=True)}
        self._check_runs(number, p, word, line, cells, new_cells, extra)
        self._check_letters(number, word, cells, new_cells)
        if word.lower() not in self.lexicon:
            raise IllegalStep(number, missing_reason([word], self.lexicon))
        self._check_activations(number, p, word, new_cells)
        self._check_crossout(number, p, word)
        return new_cells, [word[cells.index(c)] for c in new_cells]

    def _check_word_and_line(self, number: int, p: SheetStep, word: str) -> Line:
        """The line word ``number`` goes in, once the word and its direction suit it."""
        pz = self.puzzle
        check_word_number(pz, number)
        if not word.isascii() or not word.isalpha():
            raise IllegalStep(number, f"{quoted(p.word)} is not a word of letters A-Z")
        if not pz.min_length <= len(word) <= pz.max_length:
            raise IllegalStep(number, f"{shown(word)} has {counted(len(word), 'letter')}; a word "
                              f"must have {pz.min_length} to {pz.max_length}")
        if p.direction not in DIRECTIONS:
            raise IllegalStep(number, "direction must be across or down, not "
                              f"{quoted(p.direction)}")
        line: Line = pz.lines[number - 1]
        if p.direction != line.direction or (
            (p.row if line.kind == "row" else p.col) != line.index
        ):
            raise WrongLine(number, f"wrong line: word {number} must be written "
                              f"{line.direction} in {line.label()}")
        return line

    def _new_cells(self, number: int, word: str,
                   cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The empty squares ``word`` fills, once it agrees with the letters it crosses."""
        new_cells: list[tuple[int, int]] = []
        crossing = 0
        for cell, ch in zip(cells, word, strict=True):
            have = self.grid.get(cell)
            if have is None:
                new_cells.append(cell)
            elif have != ch:
                raise IllegalStep(number, f"the square at {_where(cell)} already holds {have}, "
                                  f"not {ch}")
            else:
                crossing += 1
        if number > 1 and crossing == 0:
            raise IllegalStep(number, f"{word} uses no letter of a word already in the Girdle")
        if not new_cells:
            raise IllegalStep(number, f"{word} is already in the Girdle: a word must add at "
                              "least one letter")
        if len(new_cells) > self.puzzle.max_length - (1 if number > 1 else 0):
            raise IllegalStep(number, f"{word} places too many new letters")
        return new_cells

    def _check_runs(self, number: int, p: SheetStep, word: str, line: Line,
                    cells: list[tuple[int, int]], new_cells: list[tuple[int, int]],
                    extra: dict[tuple[int, int], str]) -> None:
        """The run along the word must be exactly the word, and its new letters may not form
        words across the line."""
        run_cells, run = self._run(cells[0], p.direction, extra)
        if run_cells != cells:
            old = [w for w in self.words if w.placement.direction == p.direction
                   and set(w.placement.cells()) <= set(run_cells)]
            if old:
                raise IllegalStep(number, f"{word} extends the word {old[0].placement.word}, "
                                  f"making {run}; a word may not lengthen another")
            raise IllegalStep(number, f"{word} touches other letters in {line.label()}, "
                              f"making {run}")
        for cell in new_cells:
            cross_cells, cross = self._run(cell, _OTHER[p.direction], extra)
            if len(cross_cells) > 1:
                old = [w for w in self.words if w.placement.direction != p.direction
                       and set(w.placement.cells()) < set(cross_cells)]
                if old:
                    raise IllegalStep(number, f"{word} extends the word "
                                      f"{old[0].placement.word}, making {cross}; a word may "
                                      "not lengthen another")
                raise IllegalStep(number, f"{word} makes the extra word {cross} at "
                                  f"{_where(cell)}; every run of letters must be a word "
                                  "placed in its line")

    def _check_letters(self, number: int, word: str, cells: list[tuple[int, int]],
                       new_cells: list[tuple[int, int]]) -> None:
        """The letters of the new squares must be available now."""
        need = Counter(word[cells.index(c)] for c in new_cells)
        stock = self.available()
        for ch, n in sorted(need.items()):
            if stock[ch] < n:
                where = "in the A-Z section" if number == 1 else \
                    "in the A-Z section or among the active Supply letters"
                left = "no" if stock[ch] == 0 else f"only {stock[ch]}"
                raise IllegalStep(number, f"letter not available: {word} needs {n} x {ch}, "
                                  f"and there is {left} {ch} left {where}")

    def _check_activations(self, number: int, p: SheetStep, word: str,
                           new_cells: list[tuple[int, int]]) -> None:
        """One inactive Supply letter is activated per new letter, while any are left."""
        pz = self.puzzle
        due = min(len(new_cells), self.inactive_count())
        acts = list(p.activated)
        if len(set(acts)) != len(acts):
            raise IllegalStep(number, "a Supply letter can be activated only once")
        for i in acts:
            if not 1 <= i <= len(pz.supply):
                raise IllegalStep(number, f"there is no Supply position {i} (positions "
                                  f"1-{len(pz.supply)})")
            if self.supply_state[i - 1] != "inactive":
                raise IllegalStep(number, f"Supply position {i} ({pz.supply[i - 1]}) is "
                                  "already active")
        if len(acts) != due:
            still = ("no Supply letters are" if due == 0 else
                     f"only {counted(due, 'Supply letter')} {'is' if due == 1 else 'are'}")
            left = "" if due == len(new_cells) else f" and {still} still inactive"
            raise IllegalStep(number, f"{word} placed {counted(len(new_cells), 'new letter')}"
                              f"{left}, so activate {counted(due, 'Supply letter')}, not "
                              f"{len(acts)}")

    def _check_crossout(self, number: int, p: SheetStep, word: str) -> None:
        """At most one cross-out, for a long word in a checkbox row (which letter is checked
        when the sheet is scored)."""
        pz = self.puzzle
        if not p.crossed_out:
            return
        if len(p.crossed_out) > 1:
            raise IllegalStep(number, "a 6- or 7-letter word lets you cross out only one "
                              "letter")
        if not pz.earns_crossout(number, len(word)):
            raise IllegalStep(number, f"only a word of {pz.crossout_min_length}+ letters in a "
                              "checkbox row of the score tracker lets you cross out a letter")
        ch = str(p.crossed_out[0]).upper()
        if len(ch) != 1 or ch not in pz.vp:
            raise IllegalStep(number, f"{quoted(p.crossed_out[0])} is not a letter to cross out")

    def play(self, p: SheetStep) -> PlacedWord:
        """Write the next word; raises :class:`IllegalStep` saying why it is not allowed."""
        new_cells, letters = self._validate(p)
        number = len(self.words) + 1
        word = p.word.upper()
        sources = []
        for cell, ch in zip(new_cells, letters, strict=True):
            self.grid[cell] = ch
            if ch not in self.az_used:
                self.az_used.add(ch)
                sources.append("A-Z")
            else:
                i = next(i for i, (s, st) in enumerate(
                    zip(self.puzzle.supply, self.supply_state, strict=True))
                    if s == ch and st == "active")
                self.supply_state[i] = "used"
                sources.append(f"Supply {i + 1}")
        for i in p.activated:
            self.supply_state[i - 1] = "active"
        for ch in p.crossed_out:
            self.crossouts.append((number, str(ch).upper()))
        placed = PlacedWord(
            number=number,
            placement=SheetStep(p.row, p.col, p.direction, word, tuple(p.activated),
                                tuple(str(c).upper() for c in p.crossed_out)),
            new_cells=new_cells,
            sources=sources,
            vp=sum(self.puzzle.vp[ch] for ch in word),
            bonus=self.puzzle.bonus(len(word)),
        )
        self.words.append(placed)
        return placed

    # -- scoring -----------------------------------------------------------------------------
    def score(self) -> ScoreCard:
        """The score tracker: word rows, sub-total, cross-outs (each from the A-Z section if
        that has the letter unused, else from the first active unused Supply position holding
        it), unused letters, final score.

        Raises :class:`IllegalStep` if a crossed-out letter is not an unused letter.
        """
        pz = self.puzzle
        card = ScoreCard(complete=len(self.words) == pz.words)
        for w in self.words:
            card.rows.append({
                "number": w.number,
                "word": w.placement.word,
                "vp": w.vp,
                "bonus": w.bonus,
                "checkbox": pz.has_checkbox(w.number),
                "checked": bool(w.placement.crossed_out),
                "total": w.total,
            })
        card.subtotal = sum(w.total for w in self.words)
        unused_az = [ch for ch in sorted(pz.vp) if ch not in self.az_used]
        unused_supply = [i for i, st in enumerate(self.supply_state) if st != "used"]
        for number, ch in self.crossouts:
            if ch in unused_az:
                unused_az.remove(ch)
                card.crossed_out_az.append(ch)
            else:
                pick = [i for i in unused_supply if pz.supply[i] == ch]
                active = [i for i in pick if self.supply_state[i] == "active"]
                if not active:
                    inactive = " (an inactive Supply letter costs nothing, so crossing it " \
                        "out would gain nothing)" if pick else ""
                    raise IllegalStep(number, f"{ch} cannot be crossed out: it is not an "
                                      "unused letter of the A-Z section or an active unused "
                                      f"Supply letter{inactive}")
                unused_supply.remove(active[0])
                card.crossed_out_supply.append(active[0] + 1)
            card.crossed_out.append(ch)
        card.unused_az = unused_az
        card.unused_supply = [pz.supply[i] for i in unused_supply
                              if self.supply_state[i] == "active"]
        letters = card.unused_letters = unused_az + card.unused_supply
        values = sorted(set(pz.vp.values()))
        card.unused_counts = {v: sum(1 for ch in letters if pz.vp[ch] == v) for v in values}
        card.unused_total = sum(pz.vp[ch] for ch in letters)
        card.final = card.subtotal - card.unused_total
        return card


def play_all(
    puzzle: Puzzle, placements: list[SheetStep], lexicon: Lexicon | None = None
) -> tuple[Sheet, ScoreCard]:
    """Play every step in order and score the sheet; raises :class:`IllegalStep`."""
    sheet = Sheet(puzzle, lexicon)
    for p in placements:
        sheet.play(p)
    return sheet, sheet.score()
