"""``companion print ...``: write the printable PDFs (sheets, score sheets, deck, boards, tiles)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from companion.cli.common import (
    check_file_ending,
    check_seconds,
    decimal_number,
    folder_refusal,
    output_folder_problem,
    parse_date,
    path_name,
    whole_number,
)
from companion.errors import UsageError
from companion.outfile import write_all, write_file_whole
from companion.pdq.deck import dealt_deck, removal_said
from companion.pdq.variants import get_variant, table_variants
from companion.text import counted, listed, number_shown, path_shown

GAMES_WITH_BOARDS = ("werdup", "bugwords")
SCORE_SHEET_GAMES = ("werdup", "bugwords", "pdq")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "print",
        help="write printable PDFs: the daily Girdle sheet, score sheets, PDQ deck, boards, tiles",
        description="Write a printable PDF. Every document has a sensible default file name in "
        "the current folder; -o chooses another.",
    )
    docs = p.add_subparsers(dest="document", metavar="DOCUMENT")
    docs.required = True

    g = docs.add_parser("girdle", help="the daily Word Girdle sheet (or its answer key)",
                        description="The daily Word Girdle sheet for a date: the day's puzzle "
                        "with markers for photo reading. With --answers, its answer key (par "
                        "and a best solution) as a separate file.")
    g.add_argument("--date", metavar="YYYY-MM-DD", help="the puzzle's date (default: today)")
    _paper(g, ("letter", "a4"))
    g.add_argument("--answers", action="store_true",
                   help="write the answer key (par and a best solution) instead of the sheet")
    g.add_argument("--solve-seconds", type=decimal_number, default=None, metavar="S",
                   help="a safety stop for the solver behind the answer key (default: no "
                   "limit; a star's par is proven in seconds, the other shapes' search "
                   "takes about ten seconds, half a minute at most; once per date)")
    _output(g)
    g.set_defaults(func=run_girdle)

    s = docs.add_parser("score-sheet", help="a score sheet for WerdUp, Bug Words or PDQ",
                        description="A blank score sheet for a game of WerdUp, Bug Words or "
                        "PDQ, for --players players (WerdUp and PDQ 4 by default, Bug Words "
                        "2), on letter paper unless --paper a4. A PDQ sheet has a row for "
                        "each round its --variant deals (the regular game 26).")
    s.add_argument("--game", required=True, choices=SCORE_SHEET_GAMES,
                   help="which game's score sheet")
    s.add_argument("--players", type=whole_number, metavar="N",
                   help="number of players (WerdUp 1-4, default 4; Bug Words 2-4, default 2; "
                   "PDQ 2-6, default 4)")
    s.add_argument("--variant", metavar="NAME",
                   help="PDQ only: the variant played, whose rounds the rows follow: "
                   f"{listed(table_variants(), 'or')} (default: regular; Younger Players 39 "
                   "rounds, over two pages)")
    _paper(s, ("letter", "a4"))
    _output(s)
    s.set_defaults(func=run_score_sheet)

    d = docs.add_parser("pdq-deck", help="the PDQ deck as cut sheets (nine cards a page)",
                        description="The PDQ deck as sheets to cut, nine cards a page: the "
                        "regular deck, or the Four Score deck with --four-score; --backs adds "
                        "a page of card backs after each page of cards, for double-sided "
                        "printing.")
    four = get_variant("four-score")
    d.add_argument("--four-score", action="store_true",
                   help=f"the {four.title} deck: the printed deck without "
                   f"{removal_said(four)}, {counted(dealt_deck(four).total, 'card')}")
    d.add_argument("--backs", action="store_true",
                   help="add a page of card backs after each page of cards, for double-sided "
                   "printing (flip on the long edge)")
    _paper(d, ("letter", "a4"))
    _output(d)
    d.set_defaults(func=run_deck)

    b = docs.add_parser("board", help="a print-and-play paper board, over several pages",
                        description="A paper board with markers for photo reading. On pages "
                        "smaller than the board it is split into pieces that glue together; "
                        "'full' makes one page of the board with a 10 mm border (for "
                        "large-format printing).")
    b.add_argument("--game", required=True, choices=GAMES_WITH_BOARDS, help="which board")
    _paper(b, ("letter", "a4", "tabloid", "a3", "full"))
    _output(b)
    b.set_defaults(func=run_board)

    t = docs.add_parser("tiles", help="paper letter tiles with the game's distribution",
                        description="Paper letter tiles to cut out, as many of each letter "
                        "as the game's set has (WerdUp or Bug Words), on letter paper unless "
                        "--paper a4.")
    t.add_argument("--game", required=True, choices=GAMES_WITH_BOARDS, help="which tile set")
    _paper(t, ("letter", "a4"))
    _output(t)
    t.set_defaults(func=run_tiles)


def _paper(p: argparse.ArgumentParser, choices: tuple[str, ...]) -> None:
    p.add_argument("--paper", default="letter", choices=choices,
                   help=f"paper size (default: letter; one of {', '.join(choices)})")


def _output(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--output", metavar="FILE", type=path_name,
                   help="PDF file to write, or a folder for the descriptive name (a name "
                   "ending in / makes the folder; default: the current folder; '-' for "
                   "standard output)")


def _check_output(args: argparse.Namespace) -> None:
    """Refuse an ``-o`` that cannot be written, before any PDF is made (a sheet with its
    answers searches for par first, which can take a while): one that names no file (``-o
    ''`` once wrote the default name into the current folder), a file whose name does not
    end in .pdf (``-o out.txt`` was written a PDF), one whose folder is missing or is a file
    (:func:`output_folder_problem`), a folder to make (a name ending in /) where a file is
    in the way, and standard output (``-``) that is the terminal. A folder there, standard
    output and a device or pipe (``/dev/null``) take any name."""
    name = args.output
    if name is None:
        return
    if not name.strip():
        raise UsageError("-o needs a file or folder name (or '-' for standard output).")
    path = Path(name)
    if name == "-":
        if sys.stdout.isatty():
            raise UsageError("-o - writes the PDF to standard output; send it to a file "
                             "(> sheet.pdf) or a program (| lp), not the terminal.")
        return
    if name.endswith(("/", os.sep)):
        # "-o prints/" names a folder, made when the PDF is written
        if path.exists() and not path.is_dir():  # mkdir says only "File exists"
            raise UsageError(f"Cannot make the folder {path_shown(path)}: a file of that name "
                             "is in the way.")
        return
    if path.exists() and not path.is_file():
        return
    check_file_ending("-o", name, "a PDF", (".pdf",))
    if (problem := output_folder_problem(path)) is not None:  # the system's "No such file"
        ending = " (a name ending in / makes a folder)" if problem.startswith("there is no") else ""
        raise UsageError(f"Cannot write {path_shown(path)}: {problem}{ending}.")
    if (problem := folder_refusal(path)) is not None:  # /proc: "No such file or directory"
        raise UsageError(f"Cannot write {path_shown(path)}: {problem}.")


def _write(args: argparse.Namespace, default_name: str, data: bytes) -> int:
    """Write the PDF ``data`` where ``-o`` says (checked by :func:`_check_output` before it
    was made), under ``default_name`` in a folder."""
    if args.output == "-":  # standard output, for a pipe (| lp) or a redirection
        sys.stdout.flush()
        write_all(sys.stdout.buffer, data)  # a disk that fills part-way is an error, not 0
        return 0
    path = Path(args.output or default_name)
    if args.output and args.output.endswith(("/", os.sep)):
        # "-o prints/" names a folder (Path drops the slash: it would have become a file)
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"Cannot make the folder {path_shown(path)}: "
                             f"{exc.strerror or exc}.") from exc
    if path.is_dir():
        path = path / default_name
    try:
        write_file_whole(path, data)  # a full disk leaves no half PDF and spoils no earlier one
    except OSError as exc:
        raise UsageError(f"Cannot write {path_shown(path)}: {exc.strerror or exc}.") from exc
    print(f"wrote {path_shown(path)}")  # a name with ESC in it is shown, not obeyed
    return 0


def run_girdle(args: argparse.Namespace) -> int:
    from printables.girdle import girdle_sheet_pdf
    from printables.names import girdle_sheet_name

    _check_output(args)
    if args.solve_seconds is not None and not args.answers:
        raise UsageError("--solve-seconds goes with --answers: the sheet itself needs no "
                         "search.")
    day = parse_date(args.date, command="print girdle")
    if args.answers:
        from companion.cli.girdle import search_notice
        from companion.girdle import puzzle_for
        from companion.girdle.cache import solve_cached
        from printables.girdle_key import answer_key_pdf

        check_seconds("--solve-seconds", args.solve_seconds)
        pz = puzzle_for(day)
        sol = solve_cached(pz, time_budget=args.solve_seconds,
                           before_search=search_notice(pz, args.solve_seconds))
        code = _write(args, girdle_sheet_name(day, args.paper, answers=True) + ".pdf",
                      answer_key_pdf(day, args.paper, pz, solution=sol))
        if not sol.complete:  # the key says so too, under its heading
            print(f"The search for par was stopped early by --solve-seconds "
                  f"{number_shown(args.solve_seconds or 0)}: the key shows the best sheet "
                  f"found, {sol.par} (no sheet scores more than {sol.upper_bound}); a longer "
                  "search may find a better one.", file=sys.stderr)
        return code
    return _write(args, girdle_sheet_name(day, args.paper) + ".pdf",
                  girdle_sheet_pdf(day, args.paper))


def run_score_sheet(args: argparse.Namespace) -> int:
    from printables.names import score_sheet_name
    from printables.score_sheets import score_sheet_pdf

    _check_output(args)
    data = score_sheet_pdf(args.game, args.players, args.paper, args.variant)
    return _write(args, score_sheet_name(args.game, args.players, args.variant, args.paper)
                  + ".pdf", data)


def run_deck(args: argparse.Namespace) -> int:
    from printables.deck import deck_pdf
    from printables.names import deck_name

    _check_output(args)
    variant = "four-score" if args.four_score else None
    return _write(args, deck_name(variant, args.paper, args.backs) + ".pdf",
                  deck_pdf(variant, args.paper, args.backs))


def run_board(args: argparse.Namespace) -> int:
    from printables.boards import board_pdf
    from printables.names import board_name

    _check_output(args)
    return _write(args, board_name(args.game, args.paper) + ".pdf",
                  board_pdf(args.game, args.paper))


def run_tiles(args: argparse.Namespace) -> int:
    from printables.names import tiles_name
    from printables.tiles import tiles_pdf

    _check_output(args)
    return _write(args, tiles_name(args.game, args.paper) + ".pdf",
                  tiles_pdf(args.game, args.paper))
