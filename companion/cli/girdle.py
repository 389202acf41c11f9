"""``companion girdle show|solve|check``: the daily Word Girdle puzzle, its par, and scoring."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import textwrap
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from companion import jsonfile
from companion.cli.common import (
    WORD_LIST_OPTIONS,
    add_house_list_options,
    add_lexicon_option,
    another_sheet_hint,
    check_seconds,
    decimal_number,
    file_name,
    lexicon_from_args,
    parse_date,
    parse_dates,
    print_json,
    read_text_file,
)
from companion.dates import MAX_RANGE_DAYS, day_shown, is_range
from companion.decimals import whole_in_file
from companion.errors import UsageError
from companion.girdle.layouts import family_of, layouts, puzzle_model, shape_text
from companion.text import (
    as_written,
    counted,
    number_shown,
    sentence,
    signed,
)
from companion.textfile import FileProblem, file_named, file_problem

if TYPE_CHECKING:  # the engine, the solver and the word lists load when a command runs
    from companion.girdle import Puzzle, Sheet, SheetStep
    from companion.girdle.engine import IllegalStep, ScoreCard
    from companion.girdle.solver import Solution
    from companion.lexicon import Lexicon


# a word of a sheet file, as 'girdle check' reads it and 'girdle solve --json' writes it
WORD_EXAMPLE = ('{"row": 1, "col": 1, "direction": "across", "word": "JUMPING", "activated": '
                '[1, 2, 3, 4, 5, 6, 7], "crossed_out": ["Z"]}')
# what a sheet file holds, as every refusal of one says it
SHEET_IS = ("a sheet is a JSON list of its words in order, each an object such as "
            f"{WORD_EXAMPLE}, or an object with that list as its \"solution\", as 'girdle "
            "solve --json' prints ('girdle check --help' says more)")
# a sheet typed as the web page's form takes it (companion.girdle.typed_sheet reads it)
TYPED_EXAMPLE = "JUMPING 1 +1,2,3,4,5,6,7 -Z"
TYPED_IS = ("typed, one word a line in order, each with the square it starts on along its "
            f"line, such as '{TYPED_EXAMPLE}' ('+' the Supply positions it activates, '-' the "
            "letter it crosses out, or '-none' for its box left unticked: both may be left "
            "out)")

# 2026-12-01's best sheet (par 97), typed: 'girdle check --help' shows it, the tests check it
TYPED_SHEET = ("BIKEWAY 1 -Q", "PUNCHY 1", "JIGSAW 1", "ADVERB 1", "MUZHIK 1", "AX 6", "IF 6")
CHECK_HELP = "\n\n".join([
    *(textwrap.fill(paragraph, 79) for paragraph in (
        "Validate a filled sheet and print its score.",
        "The sheet is a JSON file: a list of its words in order, each an object such as "
        f"{WORD_EXAMPLE} (row and col are the square of its first letter, from 1, and "
        'direction is across or down; "cells": [[1, 1], [1, 2], ...] may give its squares '
        'instead), with "activated", the Supply positions its new letters activate (one a '
        'letter while any are inactive), and "crossed_out", the unused letter a word of 6 or '
        "more letters on a checkbox line crosses out; or an object with that list as its "
        "\"solution\", as 'girdle solve --json' prints.",
        "Or the sheet is typed, as the web page's form takes it (a file not named .json, or "
        "standard input, whose text does not start with [ or {): one word a line, in order, "
        "each followed by the square it starts on along its line (the column for a row, the "
        "row for a column); then, if wanted, + and the Supply positions it activates and - "
        "the letter it crosses out (-none: its box left unticked). What is left out is "
        "chosen as the web page chooses it. For example, 2026-12-01's sheet.txt:")),
    "\n".join(f"  {line}" for line in TYPED_SHEET),
    "  companion girdle check sheet.txt --date 2026-12-01\n"
    "  printf 'BIKEWAY 1\\nPUNCHY 1\\n' | companion girdle check - --date 2026-12-01",
    textwrap.fill("Exit status: 0 legal, 1 illegal or unfinished, 2 bad usage or a sheet that "
                  "cannot be read.", 79)])


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "girdle",
        help="Word Girdle: show the daily puzzle, solve it (par), or score a filled sheet",
        description="The daily Word Girdle puzzle: show it, find par, or check a filled sheet.",
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    show = actions.add_parser(
        "show", help="print the puzzle of a date, or of each date of a range",
        description="Print the puzzle of a date, or of each date of a range such as "
        "2026-12-01..2026-12-07 (or 2026-12-01..07 within a month; at most "
        f"{counted(MAX_RANGE_DAYS, 'day')}), one after another.")
    _add_date(show, ranges=True)
    show.add_argument("--json", action="store_true",
                      help="print the puzzle model as JSON (for a range, a list of them)")
    show.set_defaults(func=run_show)

    sol = actions.add_parser("solve", help="find par (the best final score: proven on star "
                             "days, the best found on the others) and a solution",
                             description="Find par and a solution that reaches it. On a star "
                             "day par is proven the best final score; on the other shapes it "
                             "is the best sheet the search finds, shown with the highest "
                             "score no sheet can beat.")
    _add_date(sol)
    sol.add_argument("--time-budget", type=decimal_number, default=None, metavar="SECONDS",
                     help="a safety stop: end the search after this many seconds and report "
                     "the best found so far with an upper bound (default: no limit; a "
                     "star's par is proven in seconds, the other shapes' search takes "
                     "about ten seconds, half a minute at most)")
    sol.add_argument("--no-cache", action="store_true",
                     help="search again even if this date was solved before")
    sol.add_argument("--json", action="store_true", help="print the answer as JSON")
    sol.set_defaults(func=run_solve)

    chk = actions.add_parser(
        "check", help="validate and score a filled sheet (JSON, or typed one word a line)",
        formatter_class=argparse.RawDescriptionHelpFormatter, description=CHECK_HELP)
    chk.add_argument("solution", metavar="SHEET", type=file_name,
                     help="the filled sheet: a JSON file (.json) or typed lines (.txt), as "
                     "above ('-' for standard input)")
    chk.add_argument("--date", metavar="YYYY-MM-DD",
                     help="the puzzle's date, for a sheet that names none (default: the "
                     "file's 'date', else today)")
    chk.add_argument("--json", action="store_true", help="print the score card as JSON")
    add_lexicon_option(chk)
    add_house_list_options(chk)
    chk.set_defaults(func=run_check)


def _add_date(p: argparse.ArgumentParser, ranges: bool = False) -> None:
    if ranges:
        p.add_argument("--date", metavar="YYYY-MM-DD[..END]",
                       help="the puzzle's date (default: today), or a range of dates: "
                       "2026-12-01..2026-12-07, 2026-11-29..12-05 or 2026-12-01..07")
    else:
        p.add_argument("--date", metavar="YYYY-MM-DD",
                       help="the puzzle's date (default: today; one date, not a range)")
    p.add_argument("--family", metavar="NAME",
                   help="instead of the daily puzzle, the date's puzzle of a layout family: "
                   + ", ".join(layouts()))
    add_lexicon_option(p)
    add_house_list_options(p)


def _daily(args: argparse.Namespace, date: object, words: Lexicon) -> Puzzle:
    """The puzzle of ``date`` (a string, or None for today) for the chosen word list
    ``words`` (:func:`lexicon_from_args`, loaded once a command)."""
    return _puzzles(args, [parse_date(date, command=f"girdle {args.action}")], words)[0]


def _puzzles(args: argparse.Namespace, days: list[dt.date], words: Lexicon) -> list[Puzzle]:
    """The puzzle of each of ``days`` (or of ``--family``) for the chosen word list."""
    from companion.girdle import puzzle_for
    from companion.girdle.generator import family_puzzle

    # the default list's puzzle is the cached one; a club or house list makes its own
    given = any(getattr(args, option, None) for option in WORD_LIST_OPTIONS)
    lexicon = words if given else None
    if getattr(args, "family", None) is not None:  # --family '' names no family
        return [family_puzzle(day, args.family, lexicon=lexicon) for day in days]
    return [puzzle_for(day, lexicon=lexicon) for day in days]


# -- show ------------------------------------------------------------------------------------
def puzzle_text(pz: Puzzle) -> str:
    """The puzzle as a player would read it: the Girdle with word icons, Supply and tables."""
    title = f"Word Girdle #{pz.number}" + (f" - {day_shown(pz.date)}" if pz.date else "")
    col_marks = {i: str(k) for i, k in pz.icons("col").items()}
    row_marks = {i: str(k) for i, k in pz.icons("row").items()}
    out = [title]
    shape = shape_text(pz.lines, pz.size)
    if shape is not None:
        out.append(f"Shape: {shape}")
    out.append("")
    out.append("      " + " ".join(col_marks.get(c, " ") for c in range(1, pz.size + 1))
               + "   <- word icons of the columns")
    out.append("      " + " ".join(str(c) for c in range(1, pz.size + 1)))
    for r, squares in enumerate(_grid_rows(pz, {}), 1):
        out.append(f"  {row_marks.get(r, ' ')} {r} {squares}")
    out.append(GRID_LEGEND)
    out.append("")
    out.append("Word lines:")
    for k, ln in enumerate(pz.lines, 1):
        box = "  [checkbox]" if pz.has_checkbox(k) else ""
        out.append(f"  {k}. {ln.label()} ({ln.direction}){box}")
    out.append("A-Z:    " + " ".join(sorted(pz.vp)))
    out.append("Supply: " + " ".join(pz.supply) + f"   (positions 1-{len(pz.supply)})")
    by_vp: dict[int, list[str]] = {}
    for ch, v in sorted(pz.vp.items()):
        by_vp.setdefault(v, []).append(ch)
    out.append("Victory Points: " + "; ".join(
        f"{v} = {' '.join(chs)}" for v, chs in sorted(by_vp.items())))
    out.append("Length bonus: " + ", ".join(
        f"{counted(n, 'letter')} {signed(b)}" for n, b in sorted(pz.length_bonus.items())))
    return "\n".join(out)


def run_show(args: argparse.Namespace) -> int:
    from companion.girdle.generator import check_published

    dates = parse_dates(args.date)
    if is_range(args.date):  # refused as the range typed, not as its first day alone
        check_published(dates[0], asked=args.date)
    puzzles = _puzzles(args, dates, lexicon_from_args(args))  # all made before any is printed
    if args.json:
        models = [puzzle_model(pz) for pz in puzzles]
        print_json(models if is_range(args.date) else models[0])
    else:
        print("\n\n".join(puzzle_text(pz) for pz in puzzles))
    return 0


# -- solve -----------------------------------------------------------------------------------
def search_notice(pz: Puzzle, time_budget: float | None = None) -> Callable[[], None]:
    """What to say on stderr when the search for ``pz``'s par starts: nothing for a star (a
    few seconds), a line for the other shapes (about ten seconds, half a minute at most, or less
    when a ``time_budget`` of less than that stops it)."""
    family = family_of(pz.lines, pz.size)
    if time_budget is not None and time_budget < 10:
        how_long = f"it stops after {number_shown(time_budget)} s"
    else:
        how_long = "this takes about ten seconds, half a minute at most"

    def notice() -> None:
        if family != "star":
            print(f"Searching for the par of this {family or 'puzzle'} layout: {how_long} ...",
                  file=sys.stderr, flush=True)

    return notice


def run_solve(args: argparse.Namespace) -> int:
    from companion.girdle import Sheet
    from companion.girdle.cache import solve_cached
    from companion.girdle.solver import solve

    check_seconds("--time-budget", args.time_budget)
    lex = lexicon_from_args(args)
    pz = _daily(args, args.date, lex)
    notice = search_notice(pz, args.time_budget)
    if args.no_cache or args.family is not None:
        notice()
        sol = solve(pz, time_budget=args.time_budget, lexicon=lex)
    else:
        sol = solve_cached(pz, time_budget=args.time_budget, lexicon=lex, before_search=notice)
    if args.json:
        answer = sol.to_dict(pz, how_found=True)  # the text's "from the cache" too
        if args.family is not None:
            # not the day's puzzle, so its date alone would have 'girdle check' judge the
            # sheet against the day's lines: the file carries the puzzle it solves
            answer["puzzle"] = puzzle_model(pz)
        print_json(answer)
        return 0
    print(f"Word Girdle #{pz.number}: par {sol.par} ({_how_found(sol)})")
    sheet = Sheet(pz, lex)  # the sheet's words are the chosen list's
    for p in sol.placements:
        sheet.play(p)
    print(card_text(sheet, sheet.score()))
    return 0


def _how_found(sol: Solution) -> str:
    """How ``sol``'s par was found, for its line: proven or the best found, and the search's
    seconds; for an answer from the cache, that it is one, with the seconds of the search
    that made it when the cache kept them (the look-up's own 0.0 s told nothing)."""
    status = "proven optimal" if sol.proven else f"best found; no sheet beats {sol.upper_bound}"
    if not sol.complete:
        status += "; stopped early by --time-budget"
    if not sol.cached:
        return f"{status}, {sol.seconds or 0.0:.1f} s"
    if sol.seconds is None:
        return f"{status}; from the cache"
    return f"{status}; from the cache, searched in {sol.seconds:.1f} s"


# -- check -----------------------------------------------------------------------------------
def _activated(item: dict) -> tuple[int, ...]:
    """A word's ``activated`` Supply positions: a list of whole numbers (a string such as "12"
    is not read digit by digit as positions 1 and 2)."""
    acts = item.get("activated", [])
    if not isinstance(acts, list):
        raise ValueError(f"activated must be a list of Supply positions, not {as_written(acts)}")
    return tuple(whole_in_file(i) for i in acts)


def _crossed_out(item: dict) -> tuple[str, ...]:
    """A word's ``crossed_out`` letters: a list of letters, or the letters as text ("Q");
    a number such as ``5`` is neither."""
    crossed = item.get("crossed_out", [])
    if not isinstance(crossed, (list, str)):
        raise ValueError(f"crossed_out must be a list of letters, not {as_written(crossed)}")
    return tuple(str(c).upper() for c in crossed)


def _cells(value: object) -> list[tuple[int, int]]:
    """A word's ``cells``: a list of ``[row, column]`` pairs of whole numbers."""
    if not isinstance(value, list) or not all(
            isinstance(cell, list) and len(cell) == 2 for cell in value):
        raise ValueError(f"cells must be a list of [row, column] pairs, not {as_written(value)}")
    return [(whole_in_file(r), whole_in_file(c)) for r, c in value]


def _sheet_word(typed: str) -> str:
    """A sheet's word as it is read, played and named in every message about it: read as a
    typed word is (check, pdq --word: :func:`~companion.lexicon.word_letters`), so
    ＥＭＰＡＴＨＹ is EMPATHY, an accent is dropped (CAFÉ is CAFE), a sharp s is SS."""
    from companion.lexicon import word_letters

    return word_letters(typed).upper()


def _placement(item: object, number: int, where: str) -> SheetStep:
    """Word ``number`` of the sheet file ``where`` (:func:`sheet_named`) as a sheet step."""
    from companion.girdle import SheetStep

    if not isinstance(item, dict):  # "word 1: expected an object with row, col, ..."
        raise UsageError(f"word {number} of {where} is {as_written(item)}, not an object: "
                         f"{SHEET_IS}")
    field = "word"  # the field being read, named when it is missing or bad
    try:
        word = item["word"]
        if not isinstance(word, str):
            raise ValueError(f"word must be text, not {as_written(word)}")
        # ＥＭＰＡＴＨＹ was "not a word of letters A-Z"
        word = _sheet_word(word)
        if "cells" in item:
            field = "cells"
            return _from_cells(_cells(item["cells"]), word, item, number)
        field = "row"
        row = whole_in_file(item["row"])
        field = "col"
        col = whole_in_file(item["col"])
        field = "direction"
        direction = str(item["direction"]).lower()
        field = "activated"
        activated = _activated(item)
        field = "crossed_out"
        crossed_out = _crossed_out(item)
    except KeyError as exc:  # "missing or bad field ('row')" said neither which
        raise UsageError(f"word {number}: the field '{field}' is missing (a word gives row, "
                         "col, direction and word, or cells and word)") from exc
    except (TypeError, ValueError, OverflowError) as exc:
        said = str(exc)
        if not said.startswith(field):  # "'x' is not a whole number" names no field
            said = f"the field '{field}': {said}"
        raise UsageError(f"word {number}: {said}") from exc
    return SheetStep(row, col, direction, word, activated, crossed_out)


def _from_cells(cells: list, word: str, item: dict, number: int) -> SheetStep:
    from companion.girdle import SheetStep

    # the engine says whether the squares make a word's run
    return SheetStep.from_cells(number, cells, word, _activated(item), _crossed_out(item))


OPEN_SQUARE = "."  # a square on a word line with no letter (yet)
DEAD_SQUARE = "#"  # a square no word line crosses: the printed sheet shades it grey
GRID_LEGEND = (f"  Squares: {OPEN_SQUARE} empty, on a word line; {DEAD_SQUARE} dead, no word "
               "line crosses it")


def _grid_rows(pz: Puzzle, letters: Mapping[tuple[int, int], str]) -> list[str]:
    """The Girdle's rows as text, a square apart: ``letters`` (by (row, column), from 1) on
    their squares, :data:`OPEN_SQUARE` on the other squares of the word lines and
    :data:`DEAD_SQUARE` on the squares no line crosses (:meth:`Puzzle.squares_on_lines`),
    as the printed sheet tints and shades them. A letter outside the puzzle's grid (a
    photographed 7x7 sheet read against a smaller puzzle) widens the drawing to show it."""
    on_lines = pz.squares_on_lines()
    size = max([pz.size, *(max(square) for square in letters)])
    return [" ".join(letters.get((r, c), OPEN_SQUARE if (r, c) in on_lines else DEAD_SQUARE)
                     for c in range(1, size + 1)) for r in range(1, size + 1)]


def grid_lines(pz: Puzzle, letters: Mapping[tuple[int, int], str]) -> list[str]:
    """The Girdle of ``pz`` with ``letters`` (by (row, column), from 1) on it, as every
    command draws a sheet (``girdle solve|check`` a typed one, ``read --game girdle`` a
    photographed one): column numbers, the numbered rows, the empty squares of the word
    lines told from the dead squares, and the legend saying which is which."""
    rows = _grid_rows(pz, letters)
    out = ["    " + " ".join(str(c) for c in range(1, len(rows) + 1))]
    out += [f" {r}  {squares}" for r, squares in enumerate(rows, 1)]
    return [*out, GRID_LEGEND]


def grid_text(sheet: Sheet) -> str:
    """The Girdle as filled in so far (:func:`grid_lines`)."""
    return "\n".join(grid_lines(sheet.puzzle, sheet.grid))


def card_text(sheet: Sheet, card: ScoreCard) -> str:
    """The filled Girdle, then the score tracker laid out as on the sheet."""
    out = [grid_text(sheet), "", " #  Word      VP  Bonus       Total"]
    for row in card.rows:
        box = "[x]" if row["checked"] else ("[ ]" if row["checkbox"] else "   ")
        out.append(f" {row['number']}  {row['word']:<8} {row['vp']:>3}  "
                   f"{signed(row['bonus']):>4} {box}  {row['total']:>5}")
    for k in range(len(card.rows) + 1, sheet.puzzle.words + 1):
        box = "[ ]" if sheet.puzzle.has_checkbox(k) else "   "
        out.append(f" {k}  {'-':<8} {'':>3}  {'':>4} {box}  {'':>5}")
    out.extend(card_sums(card.to_dict(), sheet.puzzle.words))
    return "\n".join(out)


def card_sums(card: dict, words: int) -> list[str]:
    """The lines under the score tracker, from a score card's JSON
    (:meth:`~companion.girdle.engine.ScoreCard.to_dict`) for a puzzle of ``words`` words:
    sub-total, cross-outs, the unused letters by value and by section, the final score and,
    for a sheet with fewer words, that it is unfinished. ``girdle check`` prints them for a
    typed sheet and ``read --game girdle`` for a photographed one, so the two say the same."""
    from companion.girdle.engine import crossed_out_by_section

    unused = card["unused"]
    out = [f"Sub-total words: {card['subtotal']}",
           "Crossed out: " + crossed_out_by_section(card)]
    parts = [f"{v} VP: {n} x {v} = {n * int(v)}" for v, n in unused["counts"].items()]
    out.append("Unused: " + "; ".join(parts) + f"; total {unused['total']}")
    parts = [f"{' '.join(letters)} ({section})" for letters, section in
             ((unused["az"], "A-Z"), (unused["supply"], "Supply")) if letters]
    out.append("Unused letters: " + ("; ".join(parts) or "none"))
    out.append(f"Final score: {card['subtotal']} - {unused['total']} = {card['final']}")
    if not card["complete"]:
        out.append(f"(unfinished: {len(card['rows'])} of {counted(words, 'word')})")
    return out


def sheet_named(path: str) -> str:
    """The sheet file ``path`` as every message names it: "the sheet on standard input" for
    ``-`` (it was "the sheet -"), else "the sheet NAME"."""
    return file_named("sheet", path)


def is_json_sheet(path: str, text: str) -> bool:
    """Whether the sheet ``text`` read from ``path`` is JSON (a name ending in ``.json``, or
    text starting with ``[`` or ``{``, as no typed line does) rather than typed lines."""
    return Path(path).suffix.lower() == ".json" or text.lstrip()[:1] in ("[", "{")


def sheet_data(path: str, text: str) -> dict:
    """The JSON sheet ``text`` of the file ``path``: an object with its "solution" list."""
    where = sheet_named(path)
    try:
        data = jsonfile.loads(text)
    except ValueError as exc:
        raise UsageError(f"{where} is not JSON ({exc}): {SHEET_IS}") from exc
    if isinstance(data, list):
        data = {"solution": data}
    if not isinstance(data, dict) or not isinstance(data.get("solution"), list):
        raise UsageError(f"{where} holds no list of words: {SHEET_IS}")
    return data


def run_check(args: argparse.Namespace) -> int:
    text = read_text_file(args.solution, "sheet")
    if not text.strip():  # the JSON reader's "Expecting value: line 1 column 1 (char 0)"
        raise UsageError(file_problem(FileProblem.EMPTY, "sheet", args.solution,
                                      f"{SHEET_IS}; or {TYPED_IS}"))
    if is_json_sheet(args.solution, text):
        return _check_json(args, sheet_data(args.solution, text))
    return _check_typed(args, text)


def _check_typed(args: argparse.Namespace, text: str) -> int:
    """Check a sheet typed as the web page's form takes it, read by the one reader of the
    typed form (:mod:`companion.girdle.typed_sheet`) and finished by the engine as the page's
    sheet is (the Supply letters activated and the letters crossed out that it leaves out)."""
    from companion.girdle.typed_sheet import IllegalWord, parse_solution, play_solution

    lex = lexicon_from_args(args)
    pz = _daily(args, args.date, lex)
    try:
        steps = parse_solution(text, pz)
    except UsageError as exc:
        raise _unreadable(args.solution, exc) from exc
    try:
        _placements, sheet, card = play_solution(pz, steps, lex)
    except IllegalWord as exc:  # read, and judged illegal: exit status 1, as a JSON sheet
        # (never on another word's line: a typed word's number is its line's)
        return _illegal(args, exc.illegal, exc.word, another_day=False)
    except UsageError as exc:  # a start square off its line
        raise _unreadable(args.solution, exc) from exc
    return _card(args, sheet, card)


def _unreadable(path: str, exc: UsageError) -> UsageError:
    """The typed sheet ``path`` refused by the reader of the typed form: the file named, then
    the reader's sentence ("the sheet s.txt: line 2 ('USE'): write the word and ...")."""
    return UsageError(f"{sheet_named(path)}: {_lower_first(str(exc))}")


def _lower_first(message: str) -> str:
    """A sentence made to follow a colon: "Line 2 ...", "A Girdle ..." as "line 2 ...",
    "a Girdle ..." (a word in capitals, such as a typed word, is left as it is)."""
    first = message.split(" ", 1)[0]
    return message[:1].lower() + message[1:] if first[1:].islower() or len(first) == 1 \
        else message


def _illegal(args: argparse.Namespace, illegal: IllegalStep, word: str | None,
             another_day: bool) -> int:
    """Report a sheet illegal, after the file's name as every other answer about the sheet
    names it ("The sheet s.txt: illegal at word 2 (PUNCHY): ..."; a user checking several
    files could not tell which one was illegal), as the engine says it
    (:meth:`IllegalStep.said`), ``word`` as it was read and played (None: the sheet gives
    none); ``another_day`` when the sheet is most likely another day's (word 1 off word 1's
    line, on a day the sheet does not name), which the command line's hint follows. Exit
    status 1."""
    if args.json:
        print_json({"legal": False, "step": illegal.step, "reason": illegal.reason})
        return 1
    hint = f": {another_sheet_hint(puzzle_option=False)}" if another_day else ""
    # a sentence, as docs/girdle.md quotes it: the reason and the hint end in none
    said = _lower_first(illegal.said(word))
    print(sentence(f"{sheet_named(args.solution)}: {said}{hint}"))
    return 1


def _card(args: argparse.Namespace, sheet: Sheet, card: ScoreCard) -> int:
    """Print a legal sheet's score card; exit status 0 when it is finished, else 1."""
    if args.json:
        print_json({"legal": True, **card.to_dict()})
    else:
        print(card_text(sheet, card))
    return 0 if card.complete else 1


def _check_json(args: argparse.Namespace, data: dict) -> int:
    from companion.girdle import Puzzle, Sheet
    from companion.girdle.engine import IllegalStep, WrongLine, check_word_number

    lex = lexicon_from_args(args)
    if "puzzle" in data:
        if args.date is not None:  # it would be dropped without a word
            raise UsageError(f"{sheet_named(args.solution)} holds its puzzle; --date is "
                             "for a sheet "
                             "without one (a list of words, or an object without 'puzzle')")
        try:
            pz = Puzzle.from_dict(data["puzzle"])
        except UsageError as exc:  # which file's puzzle it is
            raise UsageError(f"the puzzle of {sheet_named(args.solution)}: {exc}") from exc
    else:
        pz = _daily(args, args.date if args.date is not None else data.get("date"), lex)
        if args.date is not None and data.get("date") is not None:
            written = parse_date(data["date"], command="girdle check")
            asked = parse_date(args.date, command="girdle check")
            if written != asked:  # a sheet judged against another day's lines is no answer
                raise UsageError(f"{sheet_named(args.solution)} is for "
                                 f"{written.isoformat()}, not {asked.isoformat()}: leave out "
                                 "--date to check it, "
                                 "or give a sheet of that day")
    sheet = Sheet(pz, lex)
    try:
        for number, item in enumerate(data["solution"], 1):
            check_word_number(pz, number)  # before reading an extra word's fields
            p = _placement(item, number, sheet_named(args.solution))
            sheet.play(p)
        card = sheet.score()
    except IllegalStep as exc:
        word = None
        items = data["solution"]
        if 0 < exc.step <= len(items) and isinstance(items[exc.step - 1], dict):
            # as it was read: "(CAFÉ): CAFE placed 4 new letters" named it two ways
            word = _sheet_word(str(items[exc.step - 1].get("word", "")))
        # word 1 off word 1's line, on a day the sheet does not name: most likely a sheet
        # of another day (the day's lines were never the sheet's)
        day_guessed = "puzzle" not in data and data.get("date") is None
        return _illegal(args, exc, word,
                        another_day=isinstance(exc, WrongLine) and exc.step == 1
                        and day_guessed)
    return _card(args, sheet, card)
