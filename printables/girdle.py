"""The daily Word Girdle sheet (Letter and A4) and its answer key, drawn from the puzzle."""

from __future__ import annotations

import datetime as dt

from companion.dates import day_shown
from companion.girdle import Puzzle, puzzle_for
from companion.girdle.layouts import family_of
from companion.layout.sheets import GIRDLE_SUPPLY_SLOTS, Rect, SheetLayout, girdle_sheet
from companion.text import signed
from printables.canvas import Page, new_canvas, text_width
from printables.chrome import section_label, write_in
from printables.markers import draw_marker
from printables.style import (
    ACCENTS,
    FONT_BOLD,
    INK,
    MUTED,
    RULE,
    SMALLEST_TYPE,
    WHITE,
    ZEBRA,
    page_setup,
    tracking,
)

ACCENT = ACCENTS["girdle"]
TINT = "#efeaf6"  # squares on the day's lines
LABEL_GAP = 2.5  # mm between a box and the words beside it (SUB-TOTAL WORDS, a pen bonus)
# Squares no word line crosses: a plain fill dark enough to tell from the lines' squares when
# printed in black and white (grey 171 against 237; it was #d9dce1, grey 220, too close to
# see), and plain, no hatch, so the photo reader sees no ink in an empty one.
DEAD = "#a7acb4"
TRACKER_HEADINGS = {"number": "#", "word": "WORD", "vp": "VP TALLY", "bonus": "LENGTH +/-",
                    "total": "TOTAL"}


def girdle_sheet_pdf(day: dt.date, paper: str = "letter", puzzle: Puzzle | None = None) -> bytes:
    """The player's sheet for ``day``'s puzzle (no answers on it) as PDF bytes."""
    page_setup(paper)
    puzzle = puzzle or puzzle_for(day)
    if len(puzzle.supply) > GIRDLE_SUPPLY_SLOTS:
        raise ValueError(f"the sheet has room for {GIRDLE_SUPPLY_SLOTS} Supply letters")
    layout = girdle_sheet(paper)
    size = (layout.width, layout.height)
    c, buf = new_canvas(size, f"Word Girdle #{puzzle.number}", day_shown(day))
    page = Page(c, size)
    draw_sheet(page, layout, puzzle, day)
    c.showPage()
    c.save()
    return buf.getvalue()


def draw_sheet(page: Page, layout: SheetLayout, puzzle: Puzzle, day: dt.date,
               answer_key: bool = False) -> None:
    """Every part of the sheet, each in the place the shared layout gives it.

    The answer key has no markers (a photo of it must never pass for a player's sheet).
    """
    if not answer_key:
        for m in layout.markers:
            draw_marker(page, m)
    _header(page, layout, puzzle, day, answer_key)
    _girdle(page, layout, puzzle)
    _tracker(page, layout, puzzle)
    _vp_legend(page, layout.boxes["vp_legend"], puzzle.vp)
    _alphabet(page, layout, puzzle.vp)
    _supply(page, layout, puzzle)
    _unused(page, layout)
    _difficulty(page, layout)
    _length_legend(page, layout.boxes["length_legend"], puzzle.length_bonus)
    if answer_key:
        return
    _sentence(page, layout.boxes["sentence"])
    bottom = layout.markers[2].box
    page.text(layout.width / 2, bottom.center[1] + 1.2,
              f"Word Girdle #{puzzle.number} - {day_shown(day)} - the answer key is printed "
              "separately", size=SMALLEST_TYPE, color=MUTED, align="center")


NAME_FIELD = 36.0  # mm: the Name line after the title, clear of the longest date on A4


def _header(page: Page, layout: SheetLayout, puzzle: Puzzle, day: dt.date,
            answer_key: bool = False) -> None:
    box = layout.boxes["header"]
    if answer_key:
        box = Rect(layout.markers[0].box.x, box.y, layout.markers[1].box.right
                   - layout.markers[0].box.x, box.h)
    kicker = "ANSWER KEY - DO NOT SHOW THE PLAYER" if answer_key else "DAILY WORD SOLITAIRE"
    family = family_of(puzzle.lines, puzzle.size)
    if family is not None and not answer_key:
        kicker += f" - {family.upper()}"  # the day's shape
    page.text(box.x, box.y + 3.0, kicker, size=7, font=FONT_BOLD,
              color="#b23a2e" if answer_key else MUTED, spacing=tracking(7))
    page.text(box.x, box.y + 12.8, "WORD GIRDLE", size=24, font=FONT_BOLD, color=ACCENT,
              spacing=0.6)
    if not answer_key:  # whose sheet it is, when a table plays the day's puzzle together
        x = box.x + text_width("WORD GIRDLE", 24, FONT_BOLD, 0.6) + 8.0
        write_in(page, x, box.y + 12.8, NAME_FIELD, "Name")
    page.text(box.right, box.y + 6.2, f"#{puzzle.number}", size=15, font=FONT_BOLD,
              color=INK, align="right")
    page.text(box.right, box.y + 12.2, day_shown(day), size=8.5, color=MUTED, align="right")
    page.line(box.x, box.bottom + 1.2, box.right, box.bottom + 1.2, color=ACCENT, width=0.8)


def _girdle(page: Page, layout: SheetLayout, puzzle: Puzzle) -> None:
    grid = layout.grids["girdle"]
    on_line = puzzle.squares_on_lines()
    for r, c, cell in grid.cells():
        fill = TINT if (r + 1, c + 1) in on_line else DEAD
        page.rect(cell, stroke=None, fill=fill)
    for k in range(1, grid.rows):
        page.line(grid.x, grid.y + k * grid.pitch_y, grid.bounds.right,
                  grid.y + k * grid.pitch_y, color=INK, width=0.3)
        page.line(grid.x + k * grid.pitch_x, grid.y, grid.x + k * grid.pitch_x,
                  grid.bounds.bottom, color=INK, width=0.3)
    page.rect(grid.bounds, stroke=INK, width=0.8)
    for number, line in enumerate(puzzle.lines, start=1):
        spot = layout.boxes[f"badge_{line.kind}_{line.index}"]
        _badge(page, spot, number)


def _badge(page: Page, spot: Rect, number: int) -> None:
    """A word icon: the word's number in a filled circle."""
    cx, cy = spot.center
    page.circle(cx, cy, spot.w / 2, stroke=None, fill=ACCENT)
    page.text(cx, cy + 1.45, str(number), size=10, font=FONT_BOLD, color=WHITE, align="center")


def _tracker(page: Page, layout: SheetLayout, puzzle: Puzzle) -> None:
    cols = {k: layout.grids[f"tracker_{k}"] for k in TRACKER_HEADINGS}
    first, last = cols["number"], cols["total"]
    top = first.y
    label_y = layout.grids["girdle"].y - 5.6
    section_label(page, first.x, label_y, "Score tracker", ACCENT)
    # what a row's box is for, the one mark on the sheet nothing else explains
    note = f"row: a word of {puzzle.crossout_min_length}+ letters crosses out one unused letter"
    right = last.bounds.right
    page.text(right, label_y, note, size=SMALLEST_TYPE, color=MUTED, align="right")
    side = 2.2
    page.rect(Rect(right - text_width(note, SMALLEST_TYPE) - 1.0 - side, label_y - side + 0.1,
                   side, side),
              stroke=INK, fill=WHITE, width=0.3)
    for name, grid in cols.items():
        head = Rect(grid.x, top - 5.0, grid.width, 5.0)
        page.rect(head, stroke=None, fill=ACCENT)
        page.text_in(head, TRACKER_HEADINGS[name], size=SMALLEST_TYPE, font=FONT_BOLD,
                     color=WHITE)
    for r in range(first.rows):
        row = Rect(first.x, top + r * first.pitch_y, last.bounds.right - first.x, first.pitch_y)
        if r % 2:
            page.rect(row, stroke=None, fill=ZEBRA)
        if r:
            page.line(row.x, row.y, row.right, row.y, color=RULE, width=0.25)
        num = cols["number"].cell(r, 0)
        _badge(page, Rect(num.center[0] - 2.6, num.center[1] - 2.6, 5.2, 5.2), r + 1)
        if puzzle.has_checkbox(r + 1):
            box = layout.boxes[f"checkbox_{r + 1}"]
            page.rect(box, stroke=INK, fill=WHITE, width=0.35)
    for name in ("word", "vp", "bonus", "total"):
        x = cols[name].x
        page.line(x, top, x, cols[name].bounds.bottom, color=RULE, width=0.25)
    page.rect(Rect(first.x, top, last.bounds.right - first.x, first.height), stroke=INK,
              width=0.5)
    page.rect(last.bounds, stroke=INK, width=0.5)
    sub = layout.boxes["subtotal"]
    page.rect(sub, stroke=INK, width=0.8, radius=1.0)
    page.text(sub.x - LABEL_GAP, sub.center[1] + 1.2, "SUB-TOTAL WORDS", size=7.5, font=FONT_BOLD,
              color=INK, align="right", spacing=0.5)


def _letters_by_value(vp: dict[str, int]) -> list[tuple[int, str]]:
    values = sorted(set(vp.values()))
    return [(v, "".join(sorted(ch for ch, p in vp.items() if p == v))) for v in values]


def _vp_legend(page: Page, box: Rect, vp: dict[str, int]) -> None:
    section_label(page, box.x, box.y + 3.2, "Victory points", ACCENT)
    x = box.x
    y = box.y + 8.6
    for value, letters in _letters_by_value(vp):
        chip = Rect(x, y - 3.5, 4.4, 4.4)
        page.rect(chip, stroke=None, fill=ACCENT, radius=0.8)
        page.text_in(chip, str(value), size=7.5, font=FONT_BOLD, color=WHITE)
        spaced = " ".join(letters)
        page.text(x + 5.6, y, spaced, size=7.2, font=FONT_BOLD, color=INK)
        x += 5.6 + text_width(spaced, 7.2, FONT_BOLD) + 3.2


def _alphabet(page: Page, layout: SheetLayout, vp: dict[str, int]) -> None:
    grid = layout.grids["az"]
    section_label(page, grid.x, grid.y - 2.4, "A-Z", ACCENT,
                  "Colour in each letter as you use it. Small numbers are Victory Points.")
    for i, (_, _, cell) in enumerate(grid.cells()):
        letter = chr(ord("A") + i)
        _letter_box(page, cell.inset(1.0), letter, vp[letter], size=15)


def _letter_box(page: Page, box: Rect, letter: str, value: int, size: float) -> None:
    page.rect(box, stroke=INK, fill=WHITE, width=0.35, radius=1.2)
    page.text(box.center[0], box.center[1] + size * 0.3528 * 0.718 / 2, letter, size=size,
              font=FONT_BOLD, color=INK, align="center")
    page.text(box.right - 1.0, box.bottom - 1.0, str(value), size=SMALLEST_TYPE, font=FONT_BOLD,
              color=MUTED, align="right")


def _supply(page: Page, layout: SheetLayout, puzzle: Puzzle) -> None:
    slots, dots = layout.grids["supply"], layout.grids["supply_dots"]
    section_label(page, slots.x, slots.y - 2.4, "Supply", ACCENT,
                  "After each word, colour in one dot for every letter you placed: that letter "
                  "is active from then on.")
    for i, letter in enumerate(puzzle.supply):
        _letter_box(page, slots.cell(0, i).inset(0.9), letter, puzzle.vp[letter], size=13)
        cx, cy = dots.cell(0, i).center
        page.circle(cx, cy, 1.7, stroke=INK, fill=WHITE, width=0.35)


def _unused(page: Page, layout: SheetLayout) -> None:
    grid = layout.grids["unused_count"]
    label_x = layout.grids["az"].x
    page.text(label_x, grid.y + 4.4, "UNUSED", size=8, font=FONT_BOLD, color=ACCENT,
              spacing=tracking(8))
    page.text(label_x, grid.y + 8.2, "count \u00d7 VP", size=SMALLEST_TYPE, color=MUTED)
    for i in range(grid.cols):
        cell = grid.cell(0, i)
        page.rect(Rect(cell.x - 0.4, cell.y - 0.2, cell.w - 0.8, cell.h + 0.4), stroke=None,
                  fill=TINT, radius=1.5)
        count = Rect(cell.x + 0.6, cell.y + 1.0, 8.0, 8.0)
        points = Rect(cell.x + 16.2, cell.y + 1.0, 8.6, 8.0)
        page.rect(count, stroke=INK, fill=WHITE, width=0.35, radius=0.8)
        page.text(cell.x + 12.4, cell.y + 6.2, f"\u00d7{i + 1} =", size=7.5, font=FONT_BOLD,
                  color=MUTED, align="center")
        page.rect(points, stroke=INK, fill=WHITE, width=0.35, radius=0.8)
    total = layout.boxes["unused_total"]
    page.rect(total, stroke=INK, width=0.8, radius=1.0)
    page.text(total.center[0], total.y - 1.2, "UNUSED TOTAL", size=SMALLEST_TYPE, font=FONT_BOLD,
              color=MUTED, align="center")
    final = layout.boxes["final"]
    page.rect(final, stroke=ACCENT, fill=TINT, width=1.0, radius=1.5)
    page.text(final.center[0], final.y - 1.2, "FINAL SCORE", size=SMALLEST_TYPE, font=FONT_BOLD,
              color=ACCENT, align="center")
    page.text(final.right, final.bottom + 3.0, "sub-total words minus unused total",
              size=SMALLEST_TYPE,
              color=MUTED, align="right")


def _difficulty(page: Page, layout: SheetLayout) -> None:
    grid = layout.grids["difficulty"]
    section_label(page, grid.x, grid.y - 2.4, "Difficulty", ACCENT, "circle one")
    for i in range(grid.cols):
        cx, cy = grid.cell(0, i).center
        page.circle(cx, cy, 3.6, stroke=INK, fill=WHITE, width=0.35)
        page.text(cx, cy + 1.3, str(i + 1), size=9, font=FONT_BOLD, color=INK, align="center")
    page.text(grid.x, grid.bounds.bottom + 2.2, "easy", size=SMALLEST_TYPE, color=MUTED)
    page.text(grid.bounds.right, grid.bounds.bottom + 2.2, "fiendish", size=SMALLEST_TYPE,
              color=MUTED,
              align="right")


def _length_legend(page: Page, box: Rect, bonus: dict[int, int]) -> None:
    # the word's length heads each column; "2 letters" in the first was too wide for its
    # column at a readable size, so the unit is said once, beside the heading
    section_label(page, box.x, box.y + 2.4, "Length bonus", ACCENT, "letters in the word")
    items = sorted(bonus.items())
    w = box.w / len(items)
    for i, (length, points) in enumerate(items):
        cell = Rect(box.x + i * w, box.y + 4.0, w, box.h - 4.0)
        page.rect(Rect(cell.x + 0.3, cell.y, cell.w - 0.6, 3.8), stroke=None, fill=ACCENT)
        page.text(cell.center[0], cell.y + 2.8, str(length), size=SMALLEST_TYPE, font=FONT_BOLD,
                  color=WHITE, align="center")
        page.text(cell.center[0], cell.bottom - 1.0, signed(points),
                  size=8.5, font=FONT_BOLD, color=INK, align="center")


def _sentence(page: Page, box: Rect) -> None:
    section_label(page, box.x, box.y + 1.6, "Your sentence or haiku", ACCENT,
                  "using today's seven words")
    page.rect(Rect(box.x, box.y + 4.0, box.w, box.h - 4.0), stroke=RULE, width=0.3, radius=1.5)
    for y in sentence_lines(box):
        page.line(box.x + 3.0, y, box.right - 3.0, y, color=RULE, width=0.2)


def sentence_lines(box: Rect, first: float = 8.5, pitch: float = 8.0,
                   at_least: int = 3) -> list[float]:
    """The writing lines' y in the sentence box: 8 mm apart, closer if that is what it takes
    to give a haiku its three lines (Letter's box is shorter than A4's)."""
    top, last = box.y + 4.0 + first, box.bottom - 2.5
    n = max(at_least, int((last - top) // pitch) + 1)
    step = min(pitch, (last - top) / (n - 1))
    return [top + i * step for i in range(n)]


