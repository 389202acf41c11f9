"""The Word Girdle answer key: par and a best solution, written into a copy of the sheet.

Printed as its own file, never on the player's page, and without markers so a photo of it
cannot pass for a player's sheet.
"""

from __future__ import annotations

import datetime as dt

from companion.dates import day_shown
from companion.errors import CompanionError
from companion.girdle import Puzzle, ScoreCard, Sheet, play_all
from companion.girdle.engine import PlacedWord
from companion.girdle.solver import Solution
from companion.layout.sheets import Rect, SheetLayout, girdle_sheet
from companion.text import counted, signed
from printables.canvas import Page, new_canvas, text_width
from printables.chrome import page_of, section_label
from printables.girdle import ACCENT, LABEL_GAP, draw_sheet
from printables.style import (
    FONT_BOLD,
    INK,
    MUTED,
    PAGE_MARGIN,
    SMALLEST_TYPE,
    page_setup,
    tracking,
)

PEN = "#1d4f91"  # the filled-in answers, like blue ink
MARKED = "#c9b8e3"  # coloured-in letters and dots


def answer_key_pdf(day: dt.date, paper: str, puzzle: Puzzle, solution: Solution) -> bytes:
    """The answer key for ``day``'s ``puzzle``: par and a best ``solution`` written into a
    copy of the sheet.

    The caller finds the solution (``companion print girdle --answers``: the solver,
    through its cache, so the key agrees with ``companion girdle solve``; the web app: the
    par it keeps). Unless par is proven, the key says the score is the best found, and when
    a time limit stopped the search (``solution.complete`` false) it says so under its
    heading.
    """
    page_setup(paper)
    if not solution.placements:
        raise CompanionError("No solution was found in the time allowed; allow the solver "
                             "more time.")
    state, card = play_all(puzzle, solution.placements)
    if card.final != solution.par:
        raise ValueError(f"the solution scores {card.final}, not par {solution.par}")
    layout = girdle_sheet(paper)
    size = (layout.width, layout.height)
    c, buf = new_canvas(size, f"Word Girdle #{puzzle.number} - answer key", day_shown(day))
    page = Page(c, size)
    draw_sheet(page, layout, puzzle, day, answer_key=True)
    _fill_in(page, layout, state, card)
    _steps(page, layout, puzzle, state, solution)
    c.showPage()
    c.save()
    return buf.getvalue()


def _pen(page: Page, r: Rect, text: str, size: float = 11.0) -> None:
    page.text_in(r, text, size=size, font=FONT_BOLD, color=PEN)


def bonus_room(layout: SheetLayout, row: int) -> Rect:
    """Where the key writes tracker row ``row``'s (from 0) length bonus: the bonus cell right
    of its checkbox's place and :data:`~printables.girdle.LABEL_GAP` clear of it, on every
    row so that the column lines up (centred in the whole cell, a "+7" came within 1 mm of a
    ticked box)."""
    cell = layout.grids["tracker_bonus"].cell(row, 0)
    left = layout.boxes[f"checkbox_{row + 1}"].right + LABEL_GAP
    return Rect(left, cell.y, cell.right - left, cell.h)


def _fill_in(page: Page, layout: SheetLayout, state: Sheet, card: ScoreCard) -> None:
    grid = layout.grids["girdle"]
    for (row, col), letter in sorted(state.grid.items()):
        _pen(page, grid.cell(row - 1, col - 1), letter, size=15)
    for i, line in enumerate(card.rows):
        _pen(page, layout.grids["tracker_word"].cell(i, 0), line["word"])
        _pen(page, layout.grids["tracker_vp"].cell(i, 0), str(line["vp"]))
        _pen(page, bonus_room(layout, i), signed(line["bonus"]))
        _pen(page, layout.grids["tracker_total"].cell(i, 0), str(line["total"]))
        if line["checked"]:
            box = layout.boxes[f"checkbox_{i + 1}"]
            page.rect(box, stroke=PEN, fill=PEN, width=0.35)
    _pen(page, layout.boxes["subtotal"], str(card.subtotal), size=13)
    az = layout.grids["az"]
    # the letters crossed out where the engine's score card takes them from (it alone knows)
    for i, (_, _, cell) in enumerate(az.cells()):
        letter = chr(ord("A") + i)
        box = cell.inset(1.0)
        if letter in state.az_used:
            _mark(page, box)
        elif letter in card.crossed_out_az:
            _cross(page, box)
    slots, dots = layout.grids["supply"], layout.grids["supply_dots"]
    for i, st in enumerate(state.supply_state):
        if st != "inactive":
            cx, cy = dots.cell(0, i).center
            page.circle(cx, cy, 1.7, stroke=INK, fill=PEN, width=0.35)
        if st == "used":
            _mark(page, slots.cell(0, i).inset(0.9))
        elif i + 1 in card.crossed_out_supply:
            _cross(page, slots.cell(0, i).inset(0.9))
    grid_u = layout.grids["unused_count"]
    for i, value in enumerate(sorted(card.unused_counts)):
        n = card.unused_counts[value]
        cell = grid_u.cell(0, i)
        _pen(page, Rect(cell.x + 0.6, cell.y + 1.0, 8.0, 8.0), str(n), size=10)
        _pen(page, Rect(cell.x + 16.2, cell.y + 1.0, 8.6, 8.0), str(n * value), size=10)
    _pen(page, layout.boxes["unused_total"], str(card.unused_total), size=12)
    _pen(page, layout.boxes["final"], str(card.final), size=16)


def _mark(page: Page, box: Rect) -> None:
    """A coloured-in letter: a translucent wash over the box, the letter still readable."""
    page.rect(box, stroke=None, fill=MARKED, radius=1.2, alpha=0.7)


def _cross(page: Page, box: Rect) -> None:
    page.line(box.x + 1.0, box.y + 1.0, box.right - 1.0, box.bottom - 1.0, color=PEN, width=0.6)
    page.line(box.x + 1.0, box.bottom - 1.0, box.right - 1.0, box.y + 1.0, color=PEN, width=0.6)


def _steps(page: Page, layout: SheetLayout, puzzle: Puzzle, state: Sheet,
           solution: Solution) -> None:
    """Par and the solution step by step, where the player's sentence box would be; steps
    that do not fit there go on over a page of their own (or more), every one at 7 pt."""
    box = layout.boxes["sentence"]
    if solution.proven:
        label, note = f"Par {solution.par}", "the best possible final score, reached by:"
    else:
        label = f"Best found {solution.par}"
        note = f"no sheet scores more than {solution.upper_bound}; reached by:"
    section_label(page, box.x, box.y + 1.6, label, ACCENT, note)
    top = box.y + 7.5
    if not solution.complete:  # a time limit cut the search short: par may be higher
        for n, line in enumerate(_wrap(STOPPED_EARLY, box.w - 2.0, STEP_SIZE)):
            page.text(box.x + 1.0 + (STEP_INDENT if n else 0.0), top, line, size=STEP_SIZE,
                      font=FONT_BOLD, color=ACCENT)
            top += STEP_SIZE * STEP_LEADING
        top += STEP_GAP
    bottom = layout.height - 10.0  # no markers on the key: the box may run to the foot
    later_top = PAGE_MARGIN + 16.0  # under a continuation page's heading
    mark_y = page_mark_baseline(layout)
    pages = step_pages([step_text(state, w) for w in state.words], box.w - 2.0, bottom - top,
                       mark_y - PAGE_MARK_CLEAR - later_top)
    left = layout.boxes["vp_legend"].x  # a continuation page's steps: the sheet's left edge
    for k, (steps, lines) in enumerate(pages):
        x, y0 = (box.x, top) if k == 0 else (left, later_top)
        if k:
            page.c.showPage()
            page.text(x, PAGE_MARGIN + 3.2, "ANSWER KEY, CONTINUED", size=7.5,
                      font=FONT_BOLD, color=MUTED, spacing=tracking(7.5))
            page.text(x, PAGE_MARGIN + 10.0, f"Word Girdle #{puzzle.number}: "
                      f"{_steps_named(steps)}", size=13, font=FONT_BOLD, color=ACCENT)
        for dx, dy, text in lines:
            page.text(x + 1.0 + dx, y0 + dy, text, size=STEP_SIZE, color=INK)
        if k + 1 < len(pages):  # where the rest go, under the page's last step
            rest = _steps_named(pages[k + 1][0])
            page.text(x + 1.0, y0 + lines[-1][1] + STEP_SIZE * STEP_LEADING + STEP_GAP,
                      f"{rest[:1].upper()}{rest[1:]}: on page {k + 2}.", size=STEP_SIZE,
                      font=FONT_BOLD, color=MUTED)
        if len(pages) > 1:  # which page of the key this is, where the sheet's left marker is
            page.text(layout.boxes["length_legend"].x, mark_y,
                      f"Word Girdle #{puzzle.number} answer key - {page_of(k + 1, len(pages))}",
                      size=SMALLEST_TYPE, color=MUTED)


STOPPED_EARLY = ("The search was stopped early by its time limit: a longer search may find "
                 "a better sheet.")
PAGE_MARK_CLEAR = 4.0  # mm from a continuation page's last step down to its page mark


def page_mark_baseline(layout: SheetLayout) -> float:
    """Where a key of more than one page says which page each is: on the line of the
    sheet's foot, between its bottom markers' places (none are printed on the key; the
    first page's steps are right of the left one's)."""
    return layout.markers[2].box.center[1] + 1.2


STEP_SIZE = SMALLEST_TYPE  # points: the steps are read like the rest of the key
STEP_LEADING = 3.2 / 6.8  # mm of line pitch per point of type
STEP_GAP = 0.8  # mm between steps
STEP_INDENT = 3.0  # mm: a step's second and later lines


def _steps_named(steps: range) -> str:
    """``range(7, 10)`` as "steps 8-10" (the steps are numbered from 1)."""
    if len(steps) == 1:
        return f"step {steps[0] + 1}"
    return f"steps {steps[0] + 1}-{steps[-1] + 1}"


def step_pages(texts: list[str], width: float, room: float, later_room: float
               ) -> list[tuple[range, list[tuple[float, float, str]]]]:
    """The steps laid out in a box ``width`` mm wide at :data:`STEP_SIZE`, page by page:
    which steps each page holds, and each line as (x, y of its baseline from the page's
    first, text). The first page holds as many whole steps as take at most ``room`` mm,
    and keeps a line under them for where the rest go; later pages ``later_room`` mm each.
    Every word is kept, and no step is split between pages (the steps were once set as
    small as 5.6 pt to fit the first page)."""
    pitch = STEP_SIZE * STEP_LEADING
    wrapped = [_wrap(text, width, STEP_SIZE) for text in texts]
    pages: list[tuple[range, list[tuple[float, float, str]]]] = []
    start = 0
    while start < len(wrapped) or not pages:
        limit = room if not pages else later_room
        end, y, lines = start, 0.0, []
        fits_all = _height(wrapped[start:], pitch) <= limit
        for step in wrapped[start:]:
            # a page that cannot hold the rest keeps a line for where they go
            last = y + (len(step) - 1) * pitch
            if end > start and last > (limit if fits_all else limit - pitch - STEP_GAP):
                break
            lines += [(STEP_INDENT if n else 0.0, y + n * pitch, line)
                      for n, line in enumerate(step)]
            y = last + pitch + STEP_GAP
            end += 1
        pages.append((range(start, end), lines))
        start = end
    return pages


def _height(steps: list[list[str]], pitch: float) -> float:
    """The baseline of the last line of ``steps`` laid out one after another, from the
    first's."""
    lines = sum(len(step) for step in steps)
    return (lines - 1) * pitch + (len(steps) - 1) * STEP_GAP if steps else 0.0


def step_text(state: Sheet, w: PlacedWord) -> str:
    """One step of the solution in words: where it goes, where its letters come from."""
    p = w.placement
    groups: dict[str, list[str]] = {}
    for letter, src in zip(_new_letters(state, w), w.sources, strict=True):
        groups.setdefault(src, []).append(letter)
    came = "; ".join(f"{' '.join(ls)} from {src}" for src, ls in groups.items())
    text = f"{w.number}. {p.word}, {p.direction} from row {p.row}, column {p.col}: {came}"
    if p.activated:
        text += f"; activate Supply {_ranges(p.activated)}"
    if p.crossed_out:
        text += f"; cross out {', '.join(p.crossed_out)}"
    return text + f". {counted(w.total, 'point')}."


def _ranges(numbers: tuple[int, ...]) -> str:
    """``(1, 2, 3, 5)`` as ``1-3, 5``."""
    out: list[str] = []
    nums = sorted(numbers)
    start = prev = nums[0]
    for n in nums[1:] + [None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(out)


def _new_letters(state: Sheet, word: PlacedWord) -> list[str]:
    return [state.grid[cell] for cell in word.new_cells]


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines at most ``width`` mm wide at ``size`` points, the second and later
    lines :data:`STEP_INDENT` narrower (a word longer than a line has a line of its own)."""
    out: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        room = width - (STEP_INDENT if out else 0.0)
        if line and text_width(trial, size) > room:
            out.append(line)
            line = word
        else:
            line = trial
    out.append(line)
    return out
