"""``companion bugwords``: replay game records and list the best plays for a rack."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.board import Board, PlayError, square_name
from companion.bugwords.rules import default_rules
from companion.challenges import BONUS_WORDS, CHALLENGED_OFF, LOST_TURN, get_challenge_rule
from companion.cli.common import (
    add_house_list_options,
    add_lexicon_option,
    file_name,
    lexicon_from_args,
    other_game_boards,
    other_game_record,
    print_json,
    read_position,
    read_text_file,
    whole_number,
)
from companion.errors import CompanionError, OtherGameRecord, UsageError
from companion.text import capital_first, counted, listed, path_shown, printable, quoted
from companion.textfile import file_named
from companion.totals import total_slip_text

if TYPE_CHECKING:  # the engine and the word lists load when a command runs
    from companion.bugwords.movegen import GeneratedMove
    from companion.bugwords.reading import ReadPosition
    from companion.bugwords.replay import Replay

MAX_FILE_BYTES = 2 * 1024 * 1024


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bugwords",
        help="Bug Words: replay GCG game records, find the best plays for a rack",
        description="Bug Words (Scrabble-style) tools.",
    )
    bsub = p.add_subparsers(dest="bugwords_command", metavar="ACTION", required=True)

    r = bsub.add_parser(
        "replay",
        help="replay a GCG record and check every recorded score",
        description="Replay a GCG game record through the rules, recompute every "
        "tile-placement score and compare it with the recorded one; check that the running "
        "totals add up. Exit status: 0 all match, 1 some differ or the record breaks the "
        "rules (a play illegal, a turn out of order), 2 bad usage or a record that cannot be "
        "read; with --json an error is printed as JSON too, {\"error\": ..., \"status\": 1 "
        "or 2}.",
    )
    r.add_argument("file", metavar="FILE.gcg", type=file_name,
                   help="the game record (GCG text; '-' for standard input)")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument(
        "--best",
        action="store_true",
        help="also show the top-scoring play each recorded rack had (slower)",
    )
    r.add_argument(
        "--challenge-rule", metavar="RULE",
        help="the challenge rule the game was played under: none, single, double, points or "
        "'points N' (also points:N, points=N; default: the record's '#note ChallengeRule:' "
        "line; 'points' when it "
        "has challenge bonuses; else single)",
    )
    add_lexicon_option(r)
    add_house_list_options(r)
    r.set_defaults(func=run_replay)

    m = bsub.add_parser(
        "moves",
        help="every legal play for a rack on a position, best first",
        description="List the legal plays for RACK on POSITION, ranked by score. POSITION "
        "may be a reading of a photo of the board (read --json): a blank tile read as '?' "
        "takes the one letter that makes its words words (else say it with --blank), and "
        "the squares the reading was not sure of are named first. Exit status: 0 plays "
        "exist, 1 no play exists, 2 bad usage or a position that cannot be read (a record "
        "that breaks the rules, a reading's blank whose letter is not settled, among them).",
    )
    m.add_argument(
        "position",
        metavar="POSITION",
        type=file_name,
        help="a GCG record (the position after its last move), a 15-line board text "
        "('.' empty, letters, lower case for blanks) or a reading of a photo of the board "
        "(what 'companion read PHOTO --game bugwords --json' prints); '-' for standard "
        "input, 'empty' for an empty board",
    )
    m.add_argument("rack", metavar="RACK", help="the rack, e.g. AEINRS? (? is a blank)")
    m.add_argument(
        "--top", type=whole_number, default=10, metavar="N",
        help="how many plays to show (0: all; default 10)",
    )
    m.add_argument(
        "--blank", action="append", type=blank_given, default=[], metavar="SQUARE=LETTER",
        help="with a reading of a photo: the letter a blank tile on SQUARE stands for, such "
        "as 8H=S (repeatable), when its words do not settle it",
    )
    m.add_argument("--json", action="store_true", help="print one JSON object")
    add_lexicon_option(m)
    add_house_list_options(m)
    m.set_defaults(func=run_moves)


def blank_given(text: str) -> tuple[str, str]:
    """A ``--blank`` value, ``SQUARE=LETTER`` (the square and the letter as typed; the engine
    judges both against the reading)."""
    square, sep, letter = text.partition("=")
    if not sep or not square.strip() or not letter.strip():
        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is not SQUARE=LETTER, such as 8H=S (the blank tile on 8H stands "
            "for S)")
    return square.strip(), letter.strip()


# -- replay -----------------------------------------------------------------------------------


def run_replay(args: argparse.Namespace) -> int:
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.replay import replay

    lexicon = lexicon_from_args(args)
    rule = get_challenge_rule(args.challenge_rule) if args.challenge_rule is not None else None
    # a record that cannot be read is bad input (exit status 2, GcgReadError); one that
    # breaks the rules was read and checked (1), as a score that differs
    text = read_text_file(args.file, "game record", MAX_FILE_BYTES, any_encoding=True)
    try:
        record = parse_gcg(text)
    except OtherGameRecord as exc:
        raise UsageError(other_game_record(exc, "replay")) from exc
    result = replay(record, default_rules(), lexicon,
                    best_from=lexicon if args.best else None, challenge_rule=rule)
    if args.json:
        print_json(result.to_dict())
    else:  # a record's names and notes escaped: ESC [2J in a nick went raw to the terminal
        print("\n".join(printable(line) for line in format_replay(result).splitlines()))
    return 1 if result.mismatches else 0


def format_replay(result: Replay) -> str:
    """The per-move table, notes and the summary line."""
    from companion.bugwords.replay import COUNTED
    from companion.lexicon import missing_note

    rows = [("line", "player", "position", "word", "recorded", "computed", "")]
    for m in result.moves:
        word = m.word or {
            "pass": "(pass)", "lost_turn": f"({LOST_TURN})",
            "exchange": "(swap)", "challenged": f"({CHALLENGED_OFF})",
            "challenge_bonus": f"({BONUS_WORDS})", "time_penalty": "(time penalty)",
            "out_bonus": "(going out)", "rack_penalty": "(unplayed letters)",
        }.get(m.kind, m.kind)
        mark = []
        if m.mismatch:
            mark.append("DIFFERS")
        if m.total_slip:
            mark.append(total_slip_text(m.total or 0, m.total_from_lines or 0))
        if m.not_in_list:
            mark.append(missing_note(m.not_in_list))
        if m.note:
            mark.append(m.note)
        if m.best:
            mark.append(f"best: {m.best}")
        if m.time_left:
            mark.append(f"clock {m.time_left}")
        computed = "-" if m.computed is None else f"{m.computed:+d}"
        rows.append((str(m.line) if m.line else "end", m.player, m.position, word,
                     f"{m.recorded:+d}", computed, "; ".join(mark)))
    # a record's names and notes measured as shown (escaped): ESC in a nick is four
    # characters on the screen, and the columns after it moved by three
    shown = [[printable(cell) for cell in r] for r in rows]
    widths = [max(len(r[i]) for r in shown) for i in range(6)]
    lines = []
    for r in shown:
        cells = [r[0].rjust(widths[0]), r[1].ljust(widths[1]), r[2].ljust(widths[2]),
                 r[3].ljust(widths[3]), r[4].rjust(widths[4]), r[5].rjust(widths[5])]
        lines.append("  ".join(cells + ([r[6]] if r[6] else [])).rstrip())
    placed = [m for m in result.moves if m.kind == "place"]
    others = [m for m in result.moves
              if m.kind != "place" and m.kind in COUNTED and m.computed is not None]
    differ = sum(1 for m in placed if m.mismatch)
    lines.append(_checked(differ, len(placed), ("placement score", "placement scores"),
                          ("matches", "match"), "the record"))
    # a line the rules score but this record cannot (a time penalty without clock times):
    # "All 2 ... agree" counted only the lines checked, as if there were no other
    unchecked = sum(1 for m in result.moves if m.kind in COUNTED and m.computed is None)
    not_checked = (f"{counted(unchecked, 'time-penalty line')} "
                   f"{'is' if unchecked == 1 else 'are'} not checked: the record has no "
                   "clock times")
    if others:
        bad = sum(1 for m in others if m.mismatch)
        table = f"{result.challenge_rule} challenge rule" + (
            f"; clock {result.clock}" if result.clock else "")
        said = _checked(bad, len(others),
                        ("challenge or clock line", "challenge and clock lines"),
                        ("agrees with", "agree with"), f"the rules ({table})")
        lines.append(f"{said.removesuffix('.')}; {not_checked}." if unchecked else said)
    elif unchecked:
        lines.append(f"{capital_first(not_checked)}.")
    slips = sum(1 for m in result.moves if m.total_slip)
    if slips:
        lines.append(f"{counted(slips, 'running total')} {'does' if slips == 1 else 'do'} not "
                     "add up to the record's own scores.")
    totals = ", ".join(f"{p} {s}" for p, s in result.totals.items())
    lines.append(f"Totals of the recomputed lines: {totals}")
    return "\n".join(lines)


# -- moves ------------------------------------------------------------------------------------


def _where(name: str, option: str | None = None) -> str:
    """How an error names the position argument ``name`` (given by ``option``, such as
    ``--previous``, when it is no command's POSITION), as WerdUp's positions are named."""
    if option is not None:
        return f"{option} {path_shown(name)}"
    return file_named("position", name)  # as its file's problems name it


def load_position(name: str, args: argparse.Namespace, option: str | None = None,
                  blanks: Sequence[tuple[str, str]] = ()) -> tuple[Board, ReadPosition | None]:
    """The one reader of a Bug Words position, for every command that takes one: a GCG
    record (the board after its last move), board text (``empty`` an empty board), or a
    reading of a photo (``read --json``), its blanks' letters settled by the words and
    ``blanks`` (:func:`position_from_reading`); with the reading's position when it was one.
    ``option`` names the option that gave the file (``--previous``) in its errors."""
    from companion.bugwords.reading import is_reading

    rules = default_rules()
    readings: list[ReadPosition] = []

    def from_text(text: str) -> Board:
        if not is_reading(text):
            return position_from_text(text, name, option)
        readings.append(position_from_reading(text, name, args, blanks, option))
        return readings[-1].board

    what = f"{option} position" if option else "position"  # "--previous position file ..."
    board = read_position(name, rules.layout.rows, rules.layout.cols, from_text,
                          MAX_FILE_BYTES, any_encoding=True, what=what)
    return board, (readings[0] if readings else None)


def position_from_text(text: str, name: str = "-", option: str | None = None) -> Board:
    """A board from a GCG record (after its last move) or from board text read from ``name``
    (``-``: standard input), named in the error as WerdUp's positions are; a record that
    cannot be read or breaks the rules is bad input (:class:`UsageError`). A reading of a
    photo is :func:`position_from_reading`'s."""
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.replay import replay

    rules = default_rules()
    where = _where(name, option)
    command = option or "moves"  # what a record or board of WerdUp is sent to
    if any(ln.lstrip().startswith((">", "#player")) for ln in text.splitlines()):
        try:
            return replay(parse_gcg(text), rules).board
        except OtherGameRecord as exc:
            raise UsageError(f"{where}: {other_game_record(exc, command)}") from exc
        except CompanionError as exc:  # a record that breaks the rules is no position either
            if isinstance(exc, UsageError):
                raise
            raise UsageError(f"{where}: {exc}") from exc
    try:
        return Board.from_text(text, rules.layout.rows, rules.layout.cols,
                               max_height=rules.max_height,
                               other_sizes=other_game_boards("bugwords", command))
    except PlayError as exc:  # "cannot read the position: ...", whichever file it was
        raise UsageError(f"{where}: {exc}") from exc


def position_from_reading(text: str, name: str, args: argparse.Namespace,
                          blanks: Sequence[tuple[str, str]] = (),
                          option: str | None = None) -> ReadPosition:
    """The position of a reading of a photo (``read --json``) read from ``name``, its
    blanks' letters settled by the engine (:mod:`companion.bugwords.reading`) with the word
    list ``args`` name and the letters ``blanks`` gives (``--blank``); what cannot be used
    is a :class:`UsageError` naming the position, or the ``--blank`` at fault."""
    from companion.bugwords.reading import BadBlankGiven, UnsettledBlanks
    from companion.bugwords.reading import position_from_reading as from_reading

    where = _where(name, option)
    try:
        return from_reading(text, default_rules(), lexicon_from_args(args), blanks)
    except BadBlankGiven as exc:
        raise UsageError(f"--blank {exc}") from exc
    except UnsettledBlanks as exc:
        square = next(iter(exc.letters))
        hint = (f": say the letter with --blank {square}=LETTER (repeatable)" if option is None
                else ": give a position whose blanks are written as their letters, in lower "
                "case")
        raise UsageError(f"{where}: {exc}{hint}") from exc
    except UsageError as exc:
        raise UsageError(f"{where}: {exc}") from exc


def _checked(bad: int, total: int, noun: tuple[str, str], agree: tuple[str, str],
             against: str) -> str:
    """How many of ``total`` checked lines differ from ``against``: "2 of 8 placement scores
    differ from the record.", "All 8 placement scores match the record.", and for one "1 of 1
    placement score differs ..." or "The 1 placement score matches ..." (it said "All 1
    placement scores match")."""
    things = counted(total, *noun)
    if bad:
        return f"{bad} of {things} {'differs' if bad == 1 else 'differ'} from {against}."
    if total == 1:
        return f"The {things} {agree[0]} {against}."
    return f"All {things} {agree[1]} {against}."


def run_moves(args: argparse.Namespace) -> int:
    from companion.bugwords.movegen import generate_moves

    rules = default_rules()
    rack = args.rack.strip()
    if not rack or len(rack) > rules.rack_size:
        raise UsageError(f"a rack holds 1 to {counted(rules.rack_size, 'tile')}, not {len(rack)}")
    over = rules.tiles.over_count(rack.upper())
    if over:
        raise UsageError(f"{quoted(args.rack)} is not a rack: {over}")
    if args.top < 0:
        raise UsageError("--top must be 0 (all) or more")
    board, read = load_position(args.position, args, blanks=args.blank)
    if args.blank and read is None:
        raise UsageError("--blank is for a reading of a photo (read --json) as the position: "
                         "in board text or a game record a blank is written as its letter in "
                         "lower case")
    lexicon = lexicon_from_args(args)
    moves = generate_moves(board, rack, lexicon, rules)
    shown = moves if args.top == 0 else moves[: args.top]
    doubtful = {d.square for d in read.doubtful} if read else set()
    if args.json:
        print_json({
            "rack": rack.upper(),
            "plays": len(moves),
            "blanks": [b.to_dict() for b in read.blanks] if read else [],
            "doubtful": [d.to_dict() for d in read.doubtful] if read else [],
            "moves": [dict(m.to_dict(), words=_words(board, m),
                           doubtful=_doubtful_crossed(board, m, doubtful)) for m in shown],
        })
        return 0 if moves else 1
    for line in format_reading(read) if read is not None else []:
        print(line)
    if not moves:
        print(f"No play exists for {rack.upper()} on this position.")
    else:
        print(f"{counted(len(moves), 'play')} for {rack.upper()}; best first:")
        width = max(len(m.record_word) for m in shown)
        for k, m in enumerate(shown, 1):
            words = ", ".join(_words(board, m))
            crossed = _doubtful_crossed(board, m, doubtful)
            check = f"  (check {listed(crossed)})" if crossed else ""
            print(f"{k:>4}. {str(m.position):<4} {m.record_word:<{width}}  {m.score:>4}  "
                  f"{words}{check}")
    return 0 if moves else 1


_READ_SHOWN = {"": "(empty)", "?": "(blank)"}  # what a listed square was read as, shown


def format_reading(read: ReadPosition) -> list[str]:
    """What the plays from a reading of a photo rest on: each blank's letter and where it came
    from, and the squares the reading was not sure of, grouped by why, to check first."""
    source = {"words": "the only letter making its words words", "given": "given",
              "read": "as the reading gives it"}
    lines = [f"Blank tile at {b.square}: {b.letter.upper()} ({source[b.source]})."
             for b in read.blanks]
    if read.doubtful:
        lines.append(f"Check these {counted(len(read.doubtful), 'square')} first: the "
                     "reading of the photo was not sure of them, and the plays take them as "
                     "read.")
        by_why: dict[str, list[str]] = {}
        for d in read.doubtful:
            by_why.setdefault(d.why, []).append(
                f"{d.square} {_READ_SHOWN.get(d.read, d.read)}")
        for why, squares in by_why.items():
            lines.append(printable(f"  {', '.join(squares)}" + (f": {why}" if why else "")))
    return lines


def _words(board: Board, move: GeneratedMove) -> list[str]:
    return [w.text for w in board.words_formed(move.placements)]


def _doubtful_crossed(board: Board, move: GeneratedMove, doubtful: set[str]) -> list[str]:
    """The squares of ``doubtful`` that ``move`` covers or whose tiles its words use, in board
    order."""
    if not doubtful:
        return []
    cells = [(c.row, c.col) for w in board.words_formed(move.placements) for c in w.cells]
    cells += [(p.row, p.col) for p in move.placements]
    return [name for name in (square_name(r, c) for r, c in sorted(set(cells)))
            if name in doubtful]
