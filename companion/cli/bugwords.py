"""``companion bugwords``: replay game records and list the best plays for a rack."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from companion import jsonfile
from companion.board import Board, PlayError
from companion.bugwords.rules import default_rules
from companion.challenges import BONUS_WORDS, CHALLENGED_OFF, LOST_TURN, get_challenge_rule
from companion.cli.common import (
    add_house_list_options,
    add_lexicon_option,
    file_name,
    lexicon_from_args,
    print_json,
    read_position,
    read_text_file,
    whole_number,
)
from companion.errors import CompanionError, UsageError
from companion.text import capital_first, counted, path_shown, printable, quoted
from companion.totals import total_slip_text

if TYPE_CHECKING:  # the engine and the word lists load when a command runs
    from companion.bugwords.movegen import GeneratedMove
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
        description="List the legal plays for RACK on POSITION, ranked by score. Exit status: "
        "0 plays exist, 1 no play exists, 2 bad usage or a position that cannot be read (a "
        "record that breaks the rules among them).",
    )
    m.add_argument(
        "position",
        metavar="POSITION",
        type=file_name,
        help="a GCG record (the position after its last move) or a 15-line board text "
        "('.' empty, letters, lower case for blanks); '-' for standard input, 'empty' for "
        "an empty board",
    )
    m.add_argument("rack", metavar="RACK", help="the rack, e.g. AEINRS? (? is a blank)")
    m.add_argument(
        "--top", type=whole_number, default=10, metavar="N",
        help="how many plays to show (0: all; default 10)",
    )
    m.add_argument("--json", action="store_true", help="print one JSON object")
    add_lexicon_option(m)
    add_house_list_options(m)
    m.set_defaults(func=run_moves)


# -- replay -----------------------------------------------------------------------------------


def run_replay(args: argparse.Namespace) -> int:
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.replay import replay

    lexicon = lexicon_from_args(args)
    rule = get_challenge_rule(args.challenge_rule) if args.challenge_rule is not None else None
    # a record that cannot be read is bad input (exit status 2, GcgReadError); one that
    # breaks the rules was read and checked (1), as a score that differs
    record = parse_gcg(read_text_file(args.file, "record", MAX_FILE_BYTES, any_encoding=True))
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
            "exchange": "(exchange)", "challenged": f"({CHALLENGED_OFF})",
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


def position_from_text(text: str, name: str = "-") -> Board:
    """A board from a GCG record (after its last move) or from board text read from ``name``
    (``-``: standard input), named in the error as WerdUp's positions are; a record that
    cannot be read or breaks the rules is bad input (:class:`UsageError`)."""
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.replay import replay

    rules = default_rules()
    where = "the position on standard input" if name == "-" else f"position {path_shown(name)}"
    if jsonfile.is_object_text(text):  # a reading's blank tiles are read without their letter
        raise UsageError(f"{where}: this is JSON, such as a reading of a photo (read --json), "
                         "not a Bug Words position: give a GCG record or the board as text "
                         f"({counted(rules.layout.rows, 'line')}, '.' for an empty square, a "
                         "lower-case letter for a blank)")
    if any(ln.lstrip().startswith((">", "#player")) for ln in text.splitlines()):
        try:
            return replay(parse_gcg(text), rules).board
        except CompanionError as exc:  # a record that breaks the rules is no position either
            if isinstance(exc, UsageError):
                raise
            raise UsageError(f"cannot use the record as a position: {exc}") from exc
    try:
        return Board.from_text(text, rules.layout.rows, rules.layout.cols,
                               max_height=rules.max_height)
    except PlayError as exc:  # "cannot read the position: ...", whichever file it was
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
    board = read_position(args.position, rules.layout.rows, rules.layout.cols,
                          lambda text: position_from_text(text, args.position),
                          MAX_FILE_BYTES, any_encoding=True)
    lexicon = lexicon_from_args(args)
    moves = generate_moves(board, rack, lexicon, rules)
    shown = moves if args.top == 0 else moves[: args.top]
    if args.json:
        print_json({
            "rack": rack.upper(),
            "plays": len(moves),
            "moves": [dict(m.to_dict(), words=_words(board, m)) for m in shown],
        })
    elif not moves:
        print(f"No play exists for {rack.upper()} on this position.")
    else:
        print(f"{counted(len(moves), 'play')} for {rack.upper()}; best first:")
        width = max(len(m.record_word) for m in shown)
        for k, m in enumerate(shown, 1):
            words = ", ".join(_words(board, m))
            print(f"{k:>4}. {str(m.position):<4} {m.record_word:<{width}}  {m.score:>4}  {words}")
    return 0 if moves else 1


def _words(board: Board, move: GeneratedMove) -> list[str]:
    return [w.text for w in board.words_formed(move.placements)]
