"""The daily Girdle sheet matches the day's puzzle exactly and is read back by its markers;
the answer key is a separate file."""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
from pathlib import Path

import cv2
import numpy as np
import pytest
from markerwarp import apply, locate, photograph, rectify
from pdfcheck import (
    assert_matches_golden,
    page_sizes_mm,
    qpdf_check,
    render,
    text_items,
    text_sizes,
    words_not_found_whole,
)

import printables.girdle_key as girdle_key
from companion.dates import day_shown
from companion.girdle import Line, Puzzle, SheetStep, play_all, puzzle_for, solve
from companion.girdle.solver import Solution
from companion.layout.sheets import girdle_sheet
from companion.text import signed
from printables.canvas import text_width
from printables.girdle import NAME_FIELD, girdle_sheet_pdf
from printables.girdle_key import STEP_LEADING, STEP_SIZE, answer_key_pdf, step_pages, step_text
from printables.style import FONT_BOLD, SMALLEST_TYPE

DAY = dt.date(2026, 11, 29)
KEY_CASES = Path(__file__).parent / "data" / "girdle" / "key-cases.json"
PT_PER_MM = 72 / 25.4


def worked_example() -> Puzzle:
    """The puzzle of the worked example in the Word Girdle rules (docs/girdle.md)."""
    lines = tuple(Line(k, i) for k, i in (("row", 1), ("col", 2), ("col", 6), ("row", 4),
                                          ("col", 4), ("row", 7), ("row", 6)))
    return Puzzle(lines=lines, supply="EEAOSTRN", checkbox_rows=(1, 4), number=1, date=DAY)


@pytest.fixture(scope="module")
def puzzle():
    return puzzle_for(DAY)


@pytest.fixture(scope="module")
def sheets(puzzle) -> dict[str, bytes]:
    return {paper: girdle_sheet_pdf(DAY, paper, puzzle) for paper in ("letter", "a4")}


def _at(items: list[list], text: str, x_mm: float, y_mm: float, page_h_mm: float,
        tol: float = 4.0) -> bool:
    """Is ``text`` printed near (x_mm, y_mm) (sheet coordinates, y down)?"""
    for t, x, y in items:
        if t == text and abs(x / PT_PER_MM - x_mm) < tol \
                and abs(page_h_mm - y / PT_PER_MM - y_mm) < tol:
            return True
    return False


@pytest.mark.parametrize("paper,size", [("letter", (215.9, 279.4)), ("a4", (210.0, 297.0))])
def test_sheet_pages_and_qpdf(paper: str, size: tuple[float, float], sheets, tmp_path: Path
                              ) -> None:
    pdf = sheets[paper]
    assert page_sizes_mm(pdf) == [size]
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    qpdf_check(path)
    assert girdle_sheet_pdf(DAY, paper) == pdf  # byte-identical, and puzzle_for(DAY) by default
    # the golden file uses the rulebook's worked example, which no generator change can alter
    assert_matches_golden(f"girdle-worked-example-{paper}",
                          girdle_sheet_pdf(DAY, paper, worked_example()))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_sheet_matches_the_puzzle(paper: str, puzzle, sheets, tmp_path: Path) -> None:
    layout = girdle_sheet(paper)
    items = text_items(sheets[paper])[0]
    h = layout.height
    # each word icon sits at the start of its line
    for number, line in enumerate(puzzle.lines, start=1):
        cx, cy = layout.boxes[f"badge_{line.kind}_{line.index}"].center
        assert _at(items, str(number), cx, cy, h), (number, line)
    # no icon on the other lines
    used = {f"badge_{ln.kind}_{ln.index}" for ln in puzzle.lines}
    for name, box in layout.boxes.items():
        if name.startswith("badge_") and name not in used:
            assert not any(_at(items, str(n), *box.center, h, tol=2.0) for n in range(1, 8))
    # the Supply, letter by letter, in its slots
    slots = layout.grids["supply"]
    for i, letter in enumerate(puzzle.supply):
        assert _at(items, letter, *slots.cell(0, i).center, h), (i, letter)
    assert not any(_at(items, chr(c), *slots.cell(0, len(puzzle.supply)).center, h, tol=2.0)
                   for c in range(65, 91)) or len(puzzle.supply) == slots.cols
    # checkboxes only on the day's checkbox rows: look for the box's ink in a render
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheets[paper])
    dpi = 150
    img = render(path, dpi).mean(axis=2)
    px = dpi / 25.4
    for row in range(1, 8):
        box = layout.boxes[f"checkbox_{row}"]
        edge = img[int(box.center[1] * px), int(box.x * px) - 1:int(box.x * px) + 2].min()
        assert (edge < 120) == (row in puzzle.checkbox_rows), (row, edge)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_sheet_says_what_a_rows_box_is_for(paper: str, puzzle, sheets) -> None:
    # the boxes on the checkbox rows were the one mark on the sheet nothing explained
    layout = girdle_sheet(paper)
    items = text_items(sheets[paper])[0]
    note = (f"row: a word of {puzzle.crossout_min_length}+ letters crosses out one unused "
            "letter")
    (where,) = [(x, y) for t, x, y in items if t == note]
    (label,) = [(x, y) for t, x, y in items if t == "SCORE TRACKER"]
    assert where[1] == pytest.approx(label[1], abs=0.2)  # beside the tracker's heading
    tracker_right = layout.grids["tracker_total"].bounds.right * PT_PER_MM
    assert where[0] + text_width(note, SMALLEST_TYPE) * PT_PER_MM == pytest.approx(tracker_right,
                                                                      abs=0.5)
    assert where[0] > label[0] + (text_width("SCORE TRACKER", 8) + 10) * PT_PER_MM


WORKED_STEPS = [
    SheetStep(1, 1, "across", "JUMPING", (1, 2, 3, 4, 5, 6, 7), ("Z",)),
    SheetStep(1, 2, "down", "USE", (8,)), SheetStep(1, 6, "down", "NOTE"),
    SheetStep(4, 3, "across", "ACHE"), SheetStep(4, 4, "down", "CLOD"),
    SheetStep(7, 2, "across", "FED"), SheetStep(6, 4, "across", "OX"),
]


def test_answer_key_writes_the_solution_into_the_sheet() -> None:
    """The worked example's own solution (final score 24) as the key would print it."""
    solution = Solution(par=24, proven=True, upper_bound=24, placements=WORKED_STEPS)
    key = answer_key_pdf(DAY, "a4", worked_example(), solution=solution)
    layout = girdle_sheet("a4")
    items = text_items(key)[0]
    texts = [t for t, _, _ in items]
    assert "PAR 24" in texts
    h = layout.height
    assert _at(items, "24", *layout.boxes["final"].center, h)
    assert _at(items, "54", *layout.boxes["subtotal"].center, h)
    assert _at(items, "30", *layout.boxes["unused_total"].center, h)
    grid = layout.grids["girdle"]
    for col, letter in enumerate("JUMPING"):
        assert _at(items, letter, *grid.cell(0, col).center, h)
    for row, word in enumerate(("JUMPING", "USE", "NOTE", "ACHE", "CLOD", "FED", "OX")):
        assert _at(items, word, *layout.grids["tracker_word"].cell(row, 0).center, h, tol=12)
    assert sum(t[0].isdigit() and t[1:3] == ". " for t in texts) == 7
    not_proven = Solution(par=24, proven=False, upper_bound=31, placements=WORKED_STEPS)
    texts = [t for t, _, _ in text_items(answer_key_pdf(DAY, "a4", worked_example(),
                                                        solution=not_proven))[0]]
    assert "BEST FOUND 24" in texts and any("more than 31" in t for t in texts)
    assert "stopped early" not in " ".join(texts)  # the whole search ran


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_answer_key_of_a_search_cut_short_says_so(paper: str) -> None:
    """A key made from a search its time budget stopped said only "BEST FOUND", as a full
    search's does: it says under its heading that the search was stopped early and that a
    longer one may find a better sheet, in full above the first step."""
    cut_short = Solution(par=24, proven=False, upper_bound=281, placements=WORKED_STEPS,
                         complete=False)
    items = text_items(answer_key_pdf(DAY, paper, worked_example(), solution=cut_short))[0]
    texts = [t for t, _, _ in items]
    assert "BEST FOUND 24" in texts
    said = " ".join(texts)
    assert ("The search was stopped early by its time limit: a longer search may find a "
            "better sheet.") in said
    first_step = next(y for t, _, y in items if t.startswith("1. "))
    stopped = next(y for t, _, y in items if t.startswith("The search was stopped"))
    assert stopped > first_step  # above it (PDF y runs up the page)


def test_the_answer_key_is_drawn_from_the_solution_it_is_given_never_searched(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Given no solution, the key searched for one itself, within a time budget only a test
    ever gave it: the command line and the web app find the solution first (the solver
    through its cache; the par kept), so that is the one way a key is made."""
    def searched(*args: object, **kwargs: object) -> Solution:
        raise AssertionError("the key searched for a solution of its own")

    monkeypatch.setattr(girdle_key, "solve_cached", searched, raising=False)
    with pytest.raises(TypeError, match="solution"):
        answer_key_pdf(DAY, "letter", worked_example())  # type: ignore[call-arg]


@pytest.mark.slow
def test_answer_key_is_a_separate_file_without_markers(sheets, tmp_path: Path) -> None:
    puzzle = worked_example()
    key = answer_key_pdf(DAY, "letter", puzzle, solve(puzzle, time_budget=0.5))
    path = tmp_path / "key.pdf"
    path.write_bytes(key)
    qpdf_check(path)
    assert page_sizes_mm(key) == [(215.9, 279.4)]
    texts = [t for t, _, _ in text_items(key)[0]]
    heading = next(t for t in texts if t.startswith(("PAR ", "BEST FOUND ")))
    best = int(heading.split()[-1])
    assert best >= 24  # the worked example's own solution scores 24
    assert str(best) in texts  # written in the final score box
    # the first step of the solution is spelled out, and the sheet itself has no answers
    assert any(t.startswith("1. ") for t in texts)
    sheet_texts = [t for t, _, _ in text_items(sheets["letter"])[0]]
    assert not any(t.startswith(("PAR ", "BEST FOUND ", "1. ")) for t in sheet_texts)
    # no markers on the key, so a photo of it is never read as a player's sheet
    gray = render(path, 100).mean(axis=2).astype(np.uint8)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    _, ids, _ = cv2.aruco.ArucoDetector(dictionary).detectMarkers(gray)
    assert ids is None


def test_step_text_reads_like_the_rules() -> None:
    puzzle = worked_example()
    state, _ = play_all(puzzle, WORKED_STEPS)
    assert step_text(state, state.words[0]) == (
        "1. JUMPING, across from row 1, column 1: J U M P I N G from A-Z; activate Supply 1-7;"
        " cross out Z. 23 points.")
    assert step_text(state, state.words[2]) == (
        "3. NOTE, down from row 1, column 6: O T from A-Z; E from Supply 1. 4 points.")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_photographed_sheet_maps_back_to_its_cells(paper: str, sheets, tmp_path: Path) -> None:
    layout = girdle_sheet(paper)
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheets[paper])
    dpi = 100
    photo, photo_h = photograph(render(path, dpi), dpi, seed=3)
    est_h, found = locate(photo, layout)
    assert found == sorted(m.id for m in layout.markers)
    grid = layout.grids["girdle"]
    mm = np.float32([pt for _, _, cell in grid.cells() for pt in cell.corners()])
    err = np.linalg.norm(apply(est_h, apply(photo_h, mm)) - mm, axis=1)
    assert err.max() < 1.0
    # the rectified photo has the Girdle's ruled lines where the layout says they are: within
    # 1 mm of each line the photo is clearly darker than 2-3 mm away from it
    px = 8.0
    flat = rectify(photo, est_h, layout, px).mean(axis=2)
    x0, x1 = int((grid.x + 3) * px), int((grid.bounds.right - 3) * px)

    def darkest(y0: float, y1: float) -> float:
        return float(flat[int(y0 * px):int(y1 * px) + 1, x0:x1].min(axis=0).mean())

    for k in range(1, grid.rows):
        y = grid.y + k * grid.pitch_y
        on_line = darkest(y - 1.0, y + 1.0)
        beside = min(darkest(y + 2.0, y + 3.0), darkest(y - 3.0, y - 2.0))
        assert on_line < beside - 40, (k, on_line, beside)


@pytest.mark.parametrize("family", ["star", "frame", "lattice", "ladder", "comb"])
def test_every_layout_family_prints_its_lines(family: str, tmp_path: Path) -> None:
    """A puzzle of each layout family: its word icons on its lines (golden text and places)."""
    from companion.girdle.generator import family_puzzle

    pz = family_puzzle(DAY, family)
    pdf = girdle_sheet_pdf(DAY, "letter", pz)
    assert_matches_golden(f"girdle-family-{family}-letter", pdf)
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    qpdf_check(path)


@pytest.mark.parametrize("family", ["star", "frame", "lattice", "ladder", "comb"])
def test_every_layout_family_has_its_answer_key(family: str) -> None:
    """The answer key of each family's puzzle, from the sheet the standard search found for it
    (kept in ``data/girdle/key-cases.json`` by ``scripts/make_girdle_key_cases.py``): the
    engine scores the sheet at its par, and the key matches its golden file."""
    from companion.girdle import Puzzle
    from companion.girdle.generator import family_puzzle

    case = json.loads(KEY_CASES.read_text(encoding="utf-8"))["cases"][family]
    puzzle = Puzzle.from_dict(case["puzzle"])
    assert puzzle == family_puzzle(DAY, family), "the generator changed: remake the key cases"
    steps = [SheetStep.from_dict(w) for w in case["solution"]]
    assert play_all(puzzle, steps)[1].final == case["par"]
    solution = Solution(par=case["par"], proven=case["proven"],
                        upper_bound=case["upper_bound"], placements=steps)
    key = answer_key_pdf(DAY, "letter", puzzle, solution=solution)
    assert_matches_golden(f"girdle-key-{family}-letter", key)
    texts = [t for t, _, _ in text_items(key)[0]]
    assert (f"PAR {case['par']}" if case["proven"] else f"BEST FOUND {case['par']}") in texts


def _family_key(family: str, paper: str = "letter") -> bytes:
    from companion.girdle import Puzzle

    case = json.loads(KEY_CASES.read_text(encoding="utf-8"))["cases"][family]
    steps = [SheetStep.from_dict(w) for w in case["solution"]]
    solution = Solution(par=case["par"], proven=case["proven"],
                        upper_bound=case["upper_bound"], placements=steps)
    return answer_key_pdf(DAY, paper, Puzzle.from_dict(case["puzzle"]), solution=solution)


# Grey levels (of 255) between a dead square and a square on a line, printed in black and
# white: a step seen at a glance, with room for a printer's toner setting or a copier's
# contrast, which move light greys by 20 levels or so. The dead squares were 17 levels darker
# (220 against 237), a tint most players could not see on paper.
DEAD_STEP = 40


def _square_greys(pdf: bytes, paper: str, puzzle: Puzzle, tmp_path: Path
                  ) -> tuple[list[float], list[float]]:
    """The shade of each Girdle square printed in grey (pdftoppm -gray, 100 dpi): the dead
    squares' (no word line crosses them) and the squares on the lines. A square's shade is its
    middle's 90th percentile, its fill, not a letter written in pen on it."""
    path = tmp_path / "grey.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-gray", "-r", "100", "-f", "1", "-l", "1", "-singlefile",
                    str(path), str(tmp_path / "grey")], check=True, capture_output=True)
    gray = cv2.imread(str(tmp_path / "grey.pgm"), cv2.IMREAD_GRAYSCALE)
    px = 100 / 25.4
    on_line = puzzle.squares_on_lines()
    dead: list[float] = []
    live: list[float] = []
    for r, c, cell in girdle_sheet(paper).grids["girdle"].cells():
        mid = cell.inset(cell.w * 0.25)
        crop = gray[round(mid.y * px):round(mid.bottom * px),
                    round(mid.x * px):round(mid.right * px)]
        (live if (r + 1, c + 1) in on_line else dead).append(float(np.percentile(crop, 90)))
    return dead, live


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("family", ["star", "frame", "lattice", "ladder", "comb"])
def test_dead_squares_stand_out_printed_in_black_and_white(family: str, paper: str,
                                                           tmp_path: Path) -> None:
    """Printed in grey, every dead square is at least DEAD_STEP levels darker than every square
    on a line, on the sheet and on its answer key (the same grid, letters in pen on it)."""
    from companion.girdle.generator import family_puzzle

    puzzle = family_puzzle(DAY, family)
    for pdf in (girdle_sheet_pdf(DAY, paper, puzzle), _family_key(family, paper)):
        dead, live = _square_greys(pdf, paper, puzzle, tmp_path)
        assert dead and min(live) - max(dead) >= DEAD_STEP, (max(dead), min(live))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_everything_on_the_sheet_is_large_enough_to_read(paper: str, sheets) -> None:
    """Labels, headings, notes and the letters' values are all at least 7 pt (the values, the
    length bonus's lengths and the tracker's headings were 5.5-6 pt)."""
    small = [(t, s) for t, s in text_sizes(sheets[paper])[0] if s < SMALLEST_TYPE - 0.01]
    assert small == []


def _long_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step of a key made longer, as a day whose letters come from many Supply boxes
    makes them: the frame family's key then needs more than its sentence box."""
    short = girdle_key.step_text
    monkeypatch.setattr(girdle_key, "step_text", lambda state, w: short(state, w).replace(
        ": ", ": A from Supply 1; B from Supply 3; C from Supply 5; D E from A-Z; ", 1)
        + " Each letter came from another Supply box.")


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("long", [False, True])
def test_everything_on_the_answer_key_is_large_enough_to_read(
        paper: str, long: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key's labels and its steps are all at least 7 pt: the steps were set as small as
    5.6 pt to fit the sentence box (on Letter, eleven lines at 6.8 pt)."""
    if long:
        _long_steps(monkeypatch)
    pages = text_sizes(_family_key("frame", paper))
    assert len(pages) == (2 if long else 1)
    for n, page in enumerate(pages, start=1):
        assert [(t, s) for t, s in page if s < SMALLEST_TYPE - 0.01] == [], n


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_steps_that_do_not_fit_the_key_go_on_over_a_page(paper: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the steps do not fit at 7 pt, the first page says where they go on and a
    second page, headed with the puzzle and its steps, holds the rest, every word kept."""
    case = json.loads(KEY_CASES.read_text(encoding="utf-8"))["cases"]["frame"]
    _long_steps(monkeypatch)
    key = _family_key("frame", paper)
    mark = f" Word Girdle #{case['puzzle']['number']} answer key - page "
    first, second = (" ".join(t for t, _, _ in page).split(mark)[0]
                     for page in text_items(key))
    moved = int(re.search(r": steps? (\d+)", second).group(1))  # type: ignore[union-attr]
    named = f"step {moved}" if moved == 7 else f"steps {moved}-7"
    assert f"S{named[1:]}: on page 2." in first
    assert second.startswith(f"ANSWER KEY, CONTINUED Word Girdle #{case['puzzle']['number']}"
                             f": {named} {moved}. ")
    assert 1 < moved <= 7 and f" {moved - 1}. " in first and f" {moved}. " not in first
    puzzle = Puzzle.from_dict(case["puzzle"])
    state, _ = play_all(puzzle, [SheetStep.from_dict(w) for w in case["solution"]])
    said = first.split("reached by: ")[1].split(f" S{named[1:]}")[0] + " " + second.split(
        f": {named} ")[1]
    assert said.split() == " ".join(girdle_key.step_text(state, w)
                                    for w in state.words).split()


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("family", ["star", "frame", "lattice", "ladder", "comb"])
def test_the_headings_are_found_whole(family: str, paper: str, tmp_path: Path) -> None:
    # the sheet's letter-spaced headings were copied and searched as "SCO RE T RACKER",
    # "VICTO RY P OINTS" and "SUPPL Y", and the key's "ANSWER KEY" as "A N S W E R"
    from companion.girdle.generator import family_puzzle

    sheet = girdle_sheet_pdf(DAY, paper, family_puzzle(DAY, family))
    assert words_not_found_whole(sheet, tmp_path) == []
    assert words_not_found_whole(_family_key(family, paper), tmp_path) == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_sheet_has_a_line_for_the_players_name(paper: str) -> None:
    # a table playing the day's puzzle together had nowhere to write whose sheet was whose
    day = dt.date(2026, 9, 30)  # the widest date: "Wednesday 30 September 2026"
    (items,) = text_items(girdle_sheet_pdf(day, paper))
    at = {t: x / PT_PER_MM for t, x, _ in items}
    title = girdle_sheet(paper).boxes["header"].x + text_width("WORD GIRDLE", 24, FONT_BOLD)
    assert title < at["NAME"] and at["NAME"] + NAME_FIELD + 3.0 < at[day_shown(day)]
    assert "NAME" not in {t for t, _, _ in text_items(_family_key("star", paper))[0]}


@pytest.mark.parametrize("family", ["worked", "star", "frame", "lattice", "ladder", "comb"])
def test_the_keys_bonus_keeps_the_sheets_gap_from_its_checkbox(family: str) -> None:
    # the pen bonus was centred in its cell, 1 mm from the checkbox (a "+7" beside a ticked
    # box): it keeps the room the sheet keeps between a box and the words beside it, as
    # SUB-TOTAL WORDS does from its box, on every row, and stays inside its cell
    if family == "worked":
        puzzle, steps = worked_example(), WORKED_STEPS
        key = answer_key_pdf(DAY, "letter", puzzle, solution=Solution(
            par=24, proven=True, upper_bound=24, placements=steps))
    else:
        case = json.loads(KEY_CASES.read_text(encoding="utf-8"))["cases"][family]
        puzzle = Puzzle.from_dict(case["puzzle"])
        steps = [SheetStep.from_dict(w) for w in case["solution"]]
        key = _family_key(family)
    layout = girdle_sheet("letter")
    items = text_items(key)[0]
    h = layout.height
    ((label_x,),) = [(x,) for t, x, _ in items if t == "SUB-TOTAL WORDS"]
    sheet_gap = layout.boxes["subtotal"].x - (
        label_x / PT_PER_MM + text_width("SUB-TOTAL WORDS", 7.5, FONT_BOLD, 0.5))
    assert sheet_gap == pytest.approx(2.5, abs=0.05)
    bonus = layout.grids["tracker_bonus"]
    for row, line in enumerate(play_all(puzzle, steps)[1].rows):
        cell = bonus.cell(row, 0)
        written = signed(line["bonus"])
        (x,) = [x / PT_PER_MM for t, x, y in items if t == written
                and cell.x <= x / PT_PER_MM <= cell.right
                and cell.y <= h - y / PT_PER_MM <= cell.bottom]
        box = layout.boxes[f"checkbox_{row + 1}"]  # drawn on the day's checkbox rows
        assert x - box.right >= sheet_gap - 0.05, (row, written, x - box.right)
        assert x + text_width(written, 11, FONT_BOLD) <= cell.right - 1.0, (row, written)
    assert puzzle.checkbox_rows


@pytest.mark.parametrize("family", ["star", "frame", "lattice", "ladder", "comb"])
def test_answer_key_steps_run_on_indented(family: str) -> None:
    # A step's second line was indented only when it held a single word ("   points."): the
    # indent was spaces that the next word's strip() removed.
    box = girdle_sheet("letter").boxes["sentence"]
    left = (box.x + 1.0) * PT_PER_MM
    runs = [(t, x) for t, x, y in text_items(_family_key(family))[0]
            if left - 0.5 <= x < left + 20 and y < (297 - box.y - 5) * PT_PER_MM]
    firsts = [t for t, x in runs if abs(x - left) <= 0.5]
    assert [t.split(".")[0] for t in firsts] == [str(n) for n in range(1, 8)], runs
    more = [(t, x) for t, x in runs if abs(x - left) > 0.5]
    assert more, runs  # the steps of every case take more than a line each somewhere
    for t, x in more:
        assert x > left + 2.0 * PT_PER_MM, (t, x)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("family", ["star", "frame", "lattice", "ladder", "comb"])
def test_answer_key_steps_are_7_pt_where_they_fit(family: str, paper: str) -> None:
    # the steps began at 6.8 pt even where 7 pt fitted, as it does for every family's key
    key = _family_key(family, paper)
    box = girdle_sheet(paper).boxes["sentence"]
    h = girdle_sheet(paper).height
    steps = [size for (t, x, y), (_, size) in zip(text_items(key)[0], text_sizes(key)[0],
                                                    strict=True)
             if x / PT_PER_MM >= box.x and h - y / PT_PER_MM > box.y + 4.0]
    assert len(steps) >= 7 and set(steps) == {SMALLEST_TYPE}


def test_answer_key_steps_stay_7_pt_and_go_on_over_pages_losing_no_word() -> None:
    # Letter's box holds about ten lines at 7 pt (many days' keys use them all): longer
    # steps were set smaller, down to 5.6 pt, and a key they did not fit even so was refused
    texts = [f"{n}. QUIZZED, across from row {n}, column 1: A from Supply 1; B from Supply 3; "
             f"C from Supply 5; D E from A-Z; activate Supply 8-12; cross out Q, U. 2{n} points."
             for n in range(1, 8)]
    layout = girdle_sheet("letter")
    box = layout.boxes["sentence"]
    room = layout.height - 10.0 - (box.y + 7.5)
    for steps in (texts, texts * 4):
        pages = step_pages(steps, box.w - 2.0, room, 240.0)
        assert len(pages) > 1 and pages[0][0].start == 0 and pages[-1][0].stop == len(steps)
        assert all(a[0].stop == b[0].start  # none lost
                   for a, b in zip(pages, pages[1:], strict=False))
        lines = [line for _, page in pages for line in page]
        assert " ".join(t for _, _, t in lines).split() == " ".join(steps).split()
        assert all(dx + text_width(t, STEP_SIZE) <= box.w - 2.0 for dx, _, t in lines)
        pitch = STEP_SIZE * STEP_LEADING
        # every page but the last keeps a line under its steps for where the rest go
        assert all(page[-1][1] + pitch <= (room if k == 0 else 240.0)
                   for k, (_, page) in enumerate(pages[:-1]))
        assert all(page[-1][1] <= 240.0 for _, page in pages[1:])
        firsts = [t.split(".")[0] for _, page in pages for dx, _, t in page if dx == 0]
        assert firsts == [t.split(".")[0] for t in steps]  # each step's lines on one page
    (steps, _), = step_pages(texts[:2], box.w - 2.0, room, 240.0)
    assert steps == range(2)


@pytest.mark.parametrize("paper,lines", [("letter", 3), ("a4", 5)])
def test_sentence_box_has_three_lines_for_a_haiku(paper: str, lines: int, sheets,
                                                   tmp_path: Path) -> None:
    # The sheet asks for a sentence or a haiku; Letter's shorter box had two lines.
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheets[paper])
    dpi = 150
    px = dpi / 25.4
    box = girdle_sheet(paper).boxes["sentence"]
    img = render(path, dpi).mean(axis=2)
    inside = img[int((box.y + 5.0) * px):int((box.bottom - 1.0) * px),
                 int((box.x + 10.0) * px):int((box.right - 10.0) * px)]
    ruled = (inside < 235).mean(axis=1) > 0.9  # rows crossed by a rule from side to side
    runs = int(ruled[0]) + int(np.count_nonzero(ruled[1:] & ~ruled[:-1]))
    assert runs == lines


def test_answer_key_crosses_out_the_supply_letter_the_score_card_does(monkeypatch) -> None:
    """A letter crossed out from the Supply is crossed on the key where the engine's score
    card takes it from: the first active unused position holding it. The key chose the first
    position not used, so with Supply 1 (an E) never activated it crossed out that inactive E
    (which costs nothing) and left Supply 2's E, the one the card counts, uncrossed."""
    pz = Puzzle(lines=worked_example().lines, supply="EEAOSTRNEAIOU", checkbox_rows=(1, 4),
                number=1, date=DAY)
    steps = [SheetStep(1, 1, "across", "JUMPING", (2, 3, 4, 5, 6, 7, 8), ("E",)),
             SheetStep(1, 2, "down", "USE", (9, 10))]
    _state, card = play_all(pz, steps)
    assert card.crossed_out == ["E"] and card.crossed_out_az == []
    assert card.crossed_out_supply == [2]
    crossed = []
    monkeypatch.setattr(girdle_key, "_cross", lambda page, box: crossed.append(box.center))
    answer_key_pdf(DAY, "letter", pz, solution=Solution(
        par=card.final, proven=True, upper_bound=card.final, placements=steps))
    slots = girdle_sheet("letter").grids["supply"]
    assert crossed == [slots.cell(0, 1).inset(0.9).center]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_puzzle_number_reads_as_the_web_and_cli_give_it(paper: str, puzzle, sheets) -> None:
    # the printed sheet and its key said "No. 1064" where the web pages and the CLI say "#1064"
    n = puzzle.number
    (sheet,) = (" ".join(t for t, _, _ in page) for page in text_items(sheets[paper]))
    key = " ".join(t for page in text_items(_family_key("star", paper)) for t, _, _ in page)
    for text in (sheet, key):
        assert "No." not in text
    assert f"#{n}" in sheet.split() and f"Word Girdle #{n} - {day_shown(DAY)}" in sheet
    star = json.loads(KEY_CASES.read_text(encoding="utf-8"))["cases"]["star"]["puzzle"]
    assert f"#{star['number']}" in key.split()


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_key_of_two_pages_says_which_page_each_is(paper: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # a two-page key had no "page 1 of 2" / "page 2 of 2": a loose second page could not be
    # told from a key of its own; a one-page key needs no such mark
    case = json.loads(KEY_CASES.read_text(encoding="utf-8"))["cases"]["frame"]
    title = f"Word Girdle #{case['puzzle']['number']} answer key"
    layout = girdle_sheet(paper)
    one = [t for page in text_items(_family_key("frame", paper)) for t, _, _ in page]
    assert len(text_items(_family_key("frame", paper))) == 1
    assert not [t for t in one if "page 1" in t]
    _long_steps(monkeypatch)
    pages = text_items(_family_key("frame", paper))
    assert len(pages) == 2
    for n, page in enumerate(pages, start=1):
        marks = [(x / PT_PER_MM, layout.height - y / PT_PER_MM) for t, x, y in page
                 if t == f"{title} - page {n} of 2"]
        assert len(marks) == 1, (n, [t for t, _, _ in page])
        x, y = marks[0]
        box, mark_y = layout.boxes["sentence"], girdle_key.page_mark_baseline(layout)
        assert y == pytest.approx(mark_y, abs=0.1) and y <= layout.height - 6.0 - 1.0
        # clear of the steps: left of the first page's steps box, under the second's steps
        if n == 1:
            assert x + text_width(f"{title} - page 1 of 2", SMALLEST_TYPE) < box.x - 2.0
        else:
            steps = [layout.height - yy / PT_PER_MM for t, _, yy in page if
                     not t.startswith(title)]
            assert max(steps) <= y - 3.0
