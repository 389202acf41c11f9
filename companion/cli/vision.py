"""``companion read PHOTO`` and ``companion vision ...``: reading photos of boards and tiles."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from companion.board import Board, column_name
from companion.cli.common import (
    add_house_list_options,
    add_lexicon_option,
    another_sheet_hint,
    check_file_ending,
    file_name,
    folder_refusal,
    lexicon_from_args,
    output_folder_problem,
    parse_date,
    path_name,
    print_json,
    read_text_file,
)
from companion.errors import UsageError
from companion.outfile import write_file_whole
from companion.text import counted, path_shown, signed
from companion.textfile import FileProblem, file_named, file_problem
from companion.werdup.rules import RULE_SET_NAMES
from vision.formats import NAMES

if TYPE_CHECKING:  # the word lists load when a command runs
    from companion.lexicon import Lexicon

READ_GAMES = ("werdup", "bugwords", "girdle", "pdq")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "read",
        help="read a photo of a board, a Word Girdle sheet or a PDQ deal: letters, "
        "confidence, uncertain cells, the score",
        description="Read a phone photo of a WerdUp or Bug Words board (the companion's printed "
        "boards by their markers, a commercial Bug Words board by its premium squares, any "
        "other board by its outline and grid lines), a "
        "filled-in Word Girdle sheet, or a PDQ deal (left to right: as many cards as --variant "
        "deals, else three or four). "
        "Exit status: 0 read, 1 the photo shows no board, sheet or cards that can be made "
        "out (or another game's) or, a Word Girdle sheet, one read but unfinished or not "
        "scored (as 'girdle check' says of the sheet typed), 2 bad usage, a file that is not "
        "a usable photo, or a reader not set up (Tesseract or the tile model missing).",
    )
    p.add_argument("photo", type=file_name, help=f"the photo ({NAMES})")
    p.add_argument("--game", required=True, choices=READ_GAMES,
                   help="which game's board, sheet or cards the photo shows")
    p.add_argument("--previous", metavar="POSITION", type=file_name,
                   help="WerdUp or Bug Words: the board before this turn, as 'werdup score' "
                   "or 'bugwords moves' takes it (an earlier 'read --json' output, a board "
                   "text file, a game record, or 'empty'); gives the play with its score "
                   "(and, for WerdUp, stack heights)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--overlay", metavar="OUT.png", type=path_name,
                   help="also write the photo with the recognised grid and letters drawn on it")
    p.add_argument("--engine", choices=("classifier", "tesseract"), default="classifier",
                   help="letter reader: the built-in tile classifier (default) or Tesseract "
                   "(for boards found by their markers or outline only: not a commercial "
                   "board's tiles, PDQ cards or Word Girdle sheets)")
    p.add_argument("--date", metavar="YYYY-MM-DD",
                   help="Word Girdle: the day's puzzle the sheet is for (default: today)")
    p.add_argument("--puzzle", metavar="PUZZLE.json", type=file_name,
                   help="Word Girdle: a puzzle file (as 'companion girdle show --json' writes) "
                   "instead of the day's puzzle")
    p.add_argument("--rules", default=None, choices=RULE_SET_NAMES,
                   help="WerdUp: the rule set used to score the play (default: werdup)")
    p.add_argument("--variant", metavar="NAME", default=None,
                   help="PDQ: the variant dealt (see 'companion pdq --variants'); a photo of "
                   "another number of cards than it deals is refused (without it: 3 or 4)")
    add_lexicon_option(p)
    add_house_list_options(p)
    p.set_defaults(func=run_read)

    v = sub.add_parser("vision", help="photo tools: classify tile crops, check the light",
                       description="Photo tools for the board reader.")
    vsub = v.add_subparsers(dest="vision_command", metavar="TOOL", required=True)
    c = vsub.add_parser("classify", help="classify single tile crops (letter or none)",
                        description="Classify images of single tiles: each gives its letter "
                        "(null for a tile or square with no letter) and a confidence. A file "
                        "that is not an image is said and the others are still read (exit "
                        "status 2).")
    c.add_argument("images", nargs="+", metavar="IMAGE", type=file_name,
                   help="tile crop images")
    c.add_argument("--json", action="store_true",
                   help='print [{"file", "letter", "confidence"}] ("error" instead for a '
                   'file not read)')
    c.set_defaults(func=run_classify)
    lt = vsub.add_parser("light", help="check the light on a test photo before a game",
                         description="Warn about glare, shadow, darkness or blur on a photo. "
                         "Exit status: 0 the light is good, 1 it needs attention (each "
                         "warning says why), 2 bad usage or a file that is not a usable photo.")
    lt.add_argument("photo", type=file_name, help="a test photo of the board or table")
    lt.add_argument("--json", action="store_true", help="print one JSON object")
    lt.set_defaults(func=run_light)


def run_read(args: argparse.Namespace) -> int:
    from vision.errors import VisionError, WrongDocument

    try:
        return _run_read(args)
    except WrongDocument as exc:  # another game's printable: say which --game reads it
        raise VisionError(f"{exc}: read it with --game {exc.game}") from exc


def _run_read(args: argparse.Namespace) -> int:

    from vision.photo import load, named, read_photo, read_werdup_photo

    _check_game_options(args)
    if args.overlay is not None:
        _check_overlay_path(args.overlay, [args.photo, args.previous, args.puzzle,
                                           args.lexicon, *args.add, *args.remove])
    lexicon = lexicon_from_args(args)
    before = _previous_board(args)
    previous = None  # WerdUp: the state before the turn, its stacks' heights
    if before is not None and args.game == "werdup":
        from vision.werdup_turn import state_of

        previous = state_of(before)
    if args.game == "pdq" and args.engine != "classifier":
        raise UsageError("PDQ cards are read with the tile classifier only")
    if args.game == "girdle":
        return _read_girdle(args, lexicon)
    image = load(args.photo)
    if args.game == "pdq":
        return _read_pdq(args, image)
    tesseract = args.engine == "tesseract"
    name = named(args.photo, "photo")
    if args.game == "werdup":
        out, overlay = read_werdup_photo(image, lexicon, previous, args.rules or "werdup",
                                         tesseract, want_overlay=bool(args.overlay), name=name)
    else:
        from vision.overlay import draw_overlay

        photo = read_photo(image, args.game, lexicon, tesseract=tesseract, name=name)
        out = photo.to_dict()
        if before is not None:
            out["play"] = _bugwords_play(before, out["grid"], lexicon)
        overlay = draw_overlay(photo.image, photo.reading) if args.overlay else None
    # The overlay is drawn exactly when one was asked for.
    if overlay is not None:
        _write_overlay(args.overlay, overlay)
    if args.json:
        print_json(out)
    else:
        _print_reading(out)
    if overlay is not None:  # said as `print` says what it wrote; beside JSON, on stderr
        print(f"wrote {path_shown(args.overlay)}", file=sys.stderr if args.json else sys.stdout)
    return 0


def _previous_board(args: argparse.Namespace) -> Board | None:
    """The board ``--previous`` names (None without it), read as the photo's game's commands
    read a position: any position 'werdup score' or 'bugwords moves' takes (a reading, board
    text, a game record, ``empty``)."""
    if not args.previous:
        return None
    if args.game == "bugwords":
        from companion.cli.bugwords import load_position as bugwords_position

        return bugwords_position(args.previous, args, option="--previous")[0]
    if args.game != "werdup":
        raise UsageError("--previous is for WerdUp and Bug Words photos (the board before "
                         "the turn)")
    from companion.cli.werdup import load_position
    from companion.werdup.rules import get_rules

    return load_position(args.previous, get_rules(args.rules or "werdup"), args,
                         option="--previous")


def _bugwords_play(before: Board, grid: list[list[str]], lexicon: Lexicon) -> dict:
    """The play a Bug Words photo's ``grid`` shows on the board ``before`` it, judged and
    scored by the engine as the web app's photo page scores one
    (:meth:`~companion.play.TableBasics.score_observed`): its notation, whether it is legal
    (with the reason), its score, words and new tiles. A blank read as ``?`` takes its letter
    on ``before`` or else the one letter making its words words
    (:func:`companion.bugwords.reading.position_from_reading`); a photo that shows no one
    play (a tile gone or changed, a blank no letter settles, tiles of several plays) is
    refused in ``reason``, with the squares it is about."""
    import json

    from companion.board import square_name
    from companion.bugwords.reading import position_from_reading
    from companion.bugwords.table import BugWordsTable
    from companion.errors import CompanionError
    from companion.play import sentence

    table = BugWordsTable()
    given = [(square_name(r, c), tile) for r, row in enumerate(grid) for c, t in enumerate(row)
             if t == "?" and (tile := before.get(r, c) or "").islower()]
    try:
        seen = position_from_reading(json.dumps({"grid": grid}), table.rules, lexicon,
                                     given).board
        faces = [[seen.get(r, c) or "" for c in range(seen.cols)] for r in range(seen.rows)]
        scored = table.score_observed(before.to_text(), faces, lexicon,
                                      than="the --previous position")
    except CompanionError as exc:
        return {"notation": "", "legal": False, "reason": sentence(exc), "score": 0,
                "words": [], "bonus": 0, "tiles": [],
                "squares": [list(sq) for sq in getattr(exc, "squares", ())]}
    tiles = [{"row": r, "col": c, "tile": faces[r][c]} for r, c in scored.new_cells]
    if not scored.legal:  # the tiles the photo adds, even when they are no one play
        tiles = [{"row": r, "col": c, "tile": faces[r][c]} for r in range(seen.rows)
                 for c in range(seen.cols) if faces[r][c] and before.get(r, c) is None]
    return {"notation": scored.notation, "legal": scored.legal,
            "reason": "" if scored.legal else scored.reason, "score": scored.score,
            "words": [{"word": w["shown"], "score": w["score"]} for w in scored.words],
            "bonus": scored.bonus, "tiles": tiles,
            "squares": [list(sq) for sq in scored.squares]}


def _check_game_options(args: argparse.Namespace) -> None:
    """Refuse an option given for a game other than the photo's, rather than ignore it."""
    if args.game != "girdle" and (args.date is not None or args.puzzle is not None):
        raise UsageError("--date and --puzzle are for Word Girdle sheets (--game girdle)")
    if args.game != "pdq" and args.variant is not None:
        raise UsageError("--variant is for PDQ deals (--game pdq): the variant the cards "
                         "were dealt for")
    if args.variant is not None:
        from companion.pdq import get_variant

        get_variant(args.variant)  # an unknown name said before the photo is read
    if args.game != "werdup" and args.rules is not None:
        raise UsageError("--rules is for WerdUp photos (--game werdup): the rule set that "
                         "scores the play")
    if args.date is not None and args.puzzle is not None:
        raise UsageError("give --date (the day's puzzle) or --puzzle (a puzzle file), not both")


OVERLAY_SUFFIXES = (".png", ".jpg", ".jpeg")


def _check_overlay_path(name: str, inputs: list[str | None]) -> None:
    """Refuse an ``--overlay`` path that cannot take an image, or that names one of the
    ``inputs`` (the photo itself: it would be drawn over), before reading the photo."""
    if not name.strip():
        raise UsageError("--overlay needs an image file name, like overlay.png")
    path = Path(name)
    for given in inputs:
        if given and path.exists() and Path(given).exists() and path.samefile(given):
            raise UsageError(f"--overlay {path_shown(name)} is the input file "
                             f"{path_shown(given)}; name a new image file for the overlay, "
                             "like overlay.png")
    if path.is_dir():
        raise UsageError(f"--overlay {path_shown(name)} is a folder; name an image file, "
                         "like overlay.png")
    check_file_ending("--overlay", name, "an image", OVERLAY_SUFFIXES)
    problem = output_folder_problem(path) or folder_refusal(path)  # /proc, read-only
    if problem is not None:
        raise UsageError(f"--overlay {path_shown(name)}: {problem}")


def _write_overlay(name: str, image) -> None:
    import cv2

    try:
        encoded, data = cv2.imencode(Path(name).suffix.lower(), image)
    except cv2.error:
        encoded = False
    if not encoded:
        raise UsageError(f"--overlay {path_shown(name)}: cannot write the overlay image there")
    try:
        write_file_whole(Path(name), data.tobytes())  # never half an image on a full disk
    except OSError as exc:
        raise UsageError(f"--overlay {path_shown(name)}: cannot write the overlay image there "
                         f"({exc.strerror or exc})") from exc


def _puzzle(args: argparse.Namespace, lexicon):

    from companion.girdle import Puzzle, puzzle_for

    if args.puzzle:
        text = read_text_file(args.puzzle, "puzzle")
        where = file_named("puzzle", args.puzzle)  # as its file's problems name it
        if not text.strip():  # the JSON reader's "Expecting value: line 1 column 1 (char 0)"
            raise UsageError(file_problem(FileProblem.EMPTY, "puzzle", args.puzzle,
                                          "a puzzle file is the JSON 'companion girdle "
                                          "show --json' writes"))
        try:
            return Puzzle.from_json(text)
        except UsageError as exc:  # named, as a sheet's or a position's file is
            raise UsageError(f"{where}: {exc}") from exc
    return puzzle_for(parse_date(args.date, command="read"), lexicon=lexicon)


def _read_girdle(args: argparse.Namespace, lexicon) -> int:
    from dataclasses import replace

    from companion.cli.girdle import card_sums, grid_lines
    from vision.classifier import hand_classifier
    from vision.config import DEFAULT
    from vision.girdle_sheet import crossed_out_inferred, crossed_out_seen, read_sheet
    from vision.imageio import load_photo

    if args.engine != "classifier":
        raise UsageError("Word Girdle sheets are read with the hand-writing classifier only")
    puzzle = _puzzle(args, lexicon)
    image = load_photo(replace(DEFAULT.load, work_long_side=DEFAULT.sheet.work_long_side),
                       args.photo)
    reading = read_sheet(DEFAULT, image, hand_classifier(), lexicon, puzzle)
    out = reading.to_dict()
    # the verdict 'girdle check' gives the same sheet typed: 0 only for a finished sheet the
    # engine scored; one unfinished, refused or left unscored is no "yes"
    verdict = 0 if out["score"] and out["score"]["complete"] else 1
    if args.overlay:
        from vision.overlay import draw_sheet

        _write_overlay(args.overlay, draw_sheet(image, reading))
    if args.json:
        print_json(out)
        return verdict
    print(f"Word Girdle sheet ({out['paper']}):")
    # drawn as 'girdle check' draws the same sheet typed: a dead square is no empty one
    letters = {(r, c): t for r, row in enumerate(out["grid"], 1)
               for c, t in enumerate(row, 1) if t}
    for line in grid_lines(puzzle, letters):
        print(f"  {line}")
    for w in out["words"]:
        print(f"  word {w['number']}: {w['word']} ({w['direction']} from row {w['row']}, "
              f"column {w['col']})")
    _print_uncertain(out["uncertain"], reads=False, column=_sheet_column)
    print(f"  A-Z coloured in: {' '.join(out['az_coloured']) or 'none'}; Supply dots filled: "
          f"{' '.join(map(str, out['supply_dots_filled'])) or 'none'}; ticked rows: "
          f"{' '.join(map(str, out['checkboxes_ticked'])) or 'none'}")
    print(f"  {crossed_out_seen(out)}")
    if out["score"]:  # the sums as 'girdle check' prints them for the same sheet typed
        for line in card_sums(out["score"], puzzle.words):
            print(f"  {line}")
    if out["score"] and out["crossed_out_inferred"]:
        print(f"  {crossed_out_inferred(out['crossed_out_inferred'])}")
    if out["problem"]:
        print(f"  cannot score the sheet: {out['problem']}{_way_out(args, reading.off_lines)}")
    return verdict


def _way_out(args: argparse.Namespace, off_lines: bool) -> str:
    """What to give instead when a sheet's words do not fit the lines of the puzzle read."""
    return f": {another_sheet_hint(bool(args.puzzle))}" if off_lines else ""


def _read_pdq(args: argparse.Namespace, image) -> int:

    from vision.cards import deal_reading
    from vision.config import DEFAULT
    from vision.photo import read_deal_photo

    cards = read_deal_photo(image, variant=args.variant)
    reading = deal_reading(cards, DEFAULT.classify.min_confidence)
    out = {"game": "pdq", **reading}
    if args.overlay:
        from vision.overlay import draw_cards

        _write_overlay(args.overlay, draw_cards(image, cards, reading["uncertain"]))
    if args.json:
        print_json(out)
    else:
        print(f"PDQ deal, left to right: {' '.join(reading['letters'])}")
        for i in reading["uncertain"]:
            print(f"  {_listed_card(i + 1, reading['cards'][i])}")
    return 0


def _listed_card(number: int, card: dict) -> str:
    """A card listed to check as printed: what it may be (the letter read first) and why, when
    a reason beyond the classifier's doubt lists it (a glare), or that its letter was not
    made out."""
    alts = ", ".join(_alternative(a) for a in card["alternatives"])
    if card["letter"] is None:
        return (f"card {number}'s letter could not be made out"
                + (f"; it may be {alts}" if alts else "; check the card"))
    if not alts:  # no runner-up likely enough to show: what was read is all it offers
        alts = _alternative({"letter": card["letter"], "p": card["confidence"]})
    why = f" ({card['why']})" if card.get("why") else ""
    return f"card {number} is uncertain{why}; it may be {alts}"


def _print_reading(out: dict) -> None:
    from vision.werdup_stacks import not_seen_why

    print(f"{out['game']} board, found by {out['located_by']}:")
    heights = out.get("heights")
    for r, row in enumerate(out["grid"]):
        cells = []
        for c, t in enumerate(row):
            face = (t or ".").ljust(2)
            if heights and t:
                h = heights[r][c]
                face = f"{t}{'?' if h is None else h}".ljust(3)
            cells.append(face.ljust(3))
        print("  " + " ".join(cells))
    _print_listed(out)
    for cell in out.get("not_seen", []):
        print(f"  not seen: {_square(cell)} ({not_seen_why(cell)})")
    for cell in out.get("doubtful_heights", []):
        print(f"  height uncertain: {_square(cell)}")
    if out.get("heights_note"):
        print(f"  heights: {out['heights_note']}")
    for w in out["light"]["warnings"]:
        print(f"  light: {w}")
    play = out.get("play")
    if play:
        print(f"  play: {_play_said(play)}")
    for m in out.get("height_mismatches", []):
        print(f"  check: {_square(m)}: {m['reason']}")


def _play_said(play: dict) -> str:
    """The play a photo shows as printed: its notation and score, each word's score when
    it forms more than one (and a bonus); or why it is not scored."""
    if not play["legal"]:
        refused = f"not legal: {play['reason']}" if play["notation"] else play["reason"]
        return " ".join(filter(None, (play["notation"], refused)))
    said = f"{play['notation']} {signed(play['score'])}"
    parts = [f"{w['word']} {w['score']}" for w in play["words"]] if len(play["words"]) > 1 \
        else []
    if play.get("bonus"):
        from companion.play import full_rack_bonus

        parts.append(full_rack_bonus(play["bonus"]))
    return f"{said} ({'; '.join(parts)})" if parts else said


def _print_listed(out: dict) -> None:
    """A board's reading's notes, then its uncertain squares (:func:`_print_uncertain`)."""
    for note in out.get("notes", []):
        print(f"  note: {note}")
    _print_uncertain(out["uncertain"])


def _square(cell: dict) -> str:
    """A board's square said as the photo page and the plays say it: "row 8, column H"."""
    from vision.cells import squares_named

    return squares_named([cell], column_name)


def _print_uncertain(entries: list[dict], reads: bool = True,
                     column: Callable[[int], str] = column_name) -> None:
    """A reading's listed squares, each reason said once (``vision.cells.listed_by_reason``):
    a square alone on one line, what it was read as (a board's, ``reads``: a Girdle sheet's
    boxes say their alternatives alone), why it is listed and its alternatives; squares
    sharing a reason under their reason, those most in doubt a line each (many read and
    offering alike, a glare's washed-out squares, named together by the rows they lie in,
    their choices once), those read surely together on the next line ("read surely"), and
    those listed under another reason too (a letter of two runs that are no words) named on
    the last ("also"). ``column`` names a column: a board's letter (8H: "row 8, column
    H"), as the photo page and the plays name it, or a Word Girdle sheet's number."""
    from vision.cells import (
        listed_by_reason,
        named_elsewhere,
        read_as,
        squares_by_row,
        squares_named,
        surely_read,
    )

    groups = listed_by_reason(entries)
    for group in groups:
        squares = group.entries
        if group.alone:
            print(f"  uncertain: {squares_named(squares, column)}"
                  f"{_what(squares[0], group.why, reads)}{_alternatives(squares[0])}")
            continue
        print(f"  uncertain: {squares_named(squares, column)} ({group.why}):")
        for u in group.doubtful:
            print(f"    {squares_named([u], column)}{_what(u, '', reads)}{_alternatives(u)}")
        for alike in group.alike:
            each = f", each {read_as(alike[0])}" if reads else ""
            print(f"    {squares_by_row(alike, column)} ({counted(len(alike), 'square')}{each})"
                  f"{_alternatives(alike[0])}")
        if group.sure:
            print(f"    read surely: {surely_read(group.sure, column)}")
        if group.named:
            print(f"    also: {named_elsewhere(group, groups, column)}")


def _sheet_column(col: int) -> str:
    """A Word Girdle sheet's column, numbered as its lines are ("row 1, column 2")."""
    return str(col + 1)


def _what(u: dict, why: str, reads: bool) -> str:
    """What a listed square was read as (when it ``reads``), then ``why`` it is listed
    (unless ``why`` says it), in brackets (``vision.cells.read_and_why``); nothing when
    there is neither."""
    from vision.cells import read_and_why

    said = read_and_why(u, why, reads)
    return f" ({said})" if said else ""


def _alternatives(u: dict) -> str:
    alts = ", ".join(_alternative(a) for a in u["alternatives"])
    return f": {alts}" if alts else ""


def _alternative(alt: dict) -> str:
    """A listed square's alternative as printed: its letter (or empty) and how likely it is,
    when the reading says (letters none likelier than another have no share: ``p`` null)."""
    said = alt["letter"] or "empty"
    return said if alt["p"] is None else f"{said} ({alt['p']:.0%})"


def run_classify(args: argparse.Namespace) -> int:
    from dataclasses import replace

    import cv2
    import numpy as np

    from companion.cli import say
    from companion.errors import exit_status
    from companion.text import sentence
    from vision.cells import glyph_of
    from vision.classifier import shipped_classifier
    from vision.config import DEFAULT
    from vision.errors import BadPhoto
    from vision.glyph import features
    from vision.imageio import load_photo

    clf = shipped_classifier()
    load = replace(DEFAULT.load, min_side=1)  # a tile's crop: any size, any photo format
    results: list[dict] = []
    status = 0  # a file that is no image is said, and the others still read (the first
    for name in args.images:  # one missing had stopped the rest)
        try:
            img = load_photo(load, name, what="tile image")
        except BadPhoto as exc:
            status = status or exit_status(exc)
            if args.json:
                results.append({"file": name, "letter": None, "confidence": None,
                                "error": sentence(str(exc))})
            else:
                say(str(exc))
            continue
        glyph = glyph_of(DEFAULT.cells, _tile_crop(DEFAULT.cells.inset, img))
        if glyph is None:
            gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
            if gray.mean() < 110:  # white ink on black, like binarised crops
                from vision.glyph import glyph_from_mask

                glyph = glyph_from_mask(DEFAULT.cells, gray > 127, exclude_border=False)
        if glyph is None:
            results.append({"file": name, "letter": None, "confidence": 1.0})
            continue
        g = clf.guesses(np.array([features(glyph)]))[0]
        results.append({"file": name, "letter": g.letter, "confidence": round(g.confidence, 3)})
    if args.json:
        print_json(results)
    else:
        for r in results:
            print(f"{path_shown(r['file'])}: {r['letter'] or '(no letter)'} "
                  f"{r['confidence']:.0%}")
    return status


def _tile_crop(inset: float, img):
    h, w = img.shape[:2]
    return img[round(h * inset): round(h * (1 - inset)), round(w * inset): round(w * (1 - inset))]


def run_light(args: argparse.Namespace) -> int:
    from vision.config import DEFAULT
    from vision.imageio import load_photo
    from vision.light import check_light

    report = check_light(DEFAULT.light, load_photo(DEFAULT.load, args.photo))
    if args.json:
        print_json(report.to_dict())
    else:
        print("light: good" if report.ok else "light: needs attention")
        for w in report.warnings:
            print(f"  {w}")
    return 0 if report.ok else 1
