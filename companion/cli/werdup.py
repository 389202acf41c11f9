"""``companion werdup ...``: score a play, list the best plays, replay a game record."""

from __future__ import annotations

import argparse
import random
import sys
from typing import TYPE_CHECKING

from companion.board import Board, NotationError, PlayError, square_name
from companion.challenges import get_challenge_rule
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
    seed_number,
    whole_number,
)
from companion.errors import CompanionError, OtherGameRecord, UsageError
from companion.text import counted, path_shown, printable, quoted, shown
from companion.textfile import file_named
from companion.werdup.rules import RULE_SET_NAMES, WerdUpRules, get_rules

if TYPE_CHECKING:  # the engine and the word lists load when a command runs
    from companion.werdup.record import ReplayLine
    from companion.werdup.validate import Judgement

SELFPLAY_TURNS = 500
PLAY_SHOWN = 80  # characters of a play repeated in its verdict (a typed one may be a page)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "werdup",
        help="WerdUp: score a play or a turn, find the best plays, replay a game record, "
        "play a seeded game",
        description="WerdUp, the stacking word game. Positions are board text files: one line "
        "per row, '.' for an empty square, a letter for a tile, a letter and a digit for a "
        "stack (E3 = E on a stack of 3), Qu for the Qu tile; '#' lines are comments. A game "
        "record (as 'replay' reads) is a position too: the board after its last move; so is "
        "a reading of a photo ('companion read --json').",
    )
    wsub = p.add_subparsers(dest="werdup_command", metavar="ACTION", required=True)

    sc = wsub.add_parser(
        "score",
        help="score one play on a position",
        description="Judge and score one play. Exit status: 0 legal, 1 illegal, 2 bad usage.",
    )
    sc.add_argument("position", type=file_name,
                    help="board text file or game record ('-' for standard input, 'empty' "
                    "for an empty board)")
    sc.add_argument("play", nargs="+", help="the play, e.g. '5E RE(A)D' or 5E RE.D: "
                    "row-then-column reads across, column-then-row reads down; '.' or "
                    "brackets mark tiles kept")
    _common(sc)
    sc.set_defaults(func=run_score)

    mv = wsub.add_parser(
        "moves",
        help="list the legal plays for a rack, best first",
        description="Every legal play for a rack on a position (stacking included), ranked. "
        "Exit status: 0 plays exist, 1 no play exists, 2 bad usage.",
    )
    mv.add_argument("position", type=file_name,
                    help="board text file or game record ('-' for standard input, 'empty' "
                    "for an empty board)")
    mv.add_argument("rack", help="the rack's tiles, e.g. AEQuRST")
    mv.add_argument("--top", type=whole_number, default=10, metavar="N",
                    help="show the N best plays (default 10; 0 for all)")
    _common(mv)
    mv.set_defaults(func=run_moves)

    tn = wsub.add_parser(
        "turn",
        help="work out and score the play between two positions",
        description="Compare the board before and after a turn (only the top letters of the "
        "second are read, as a photo shows them) and judge and score the play. Exit status: "
        "0 legal, 1 illegal or not one play, 2 bad usage.",
    )
    tn.add_argument("before", type=file_name,
                    help="board text file or game record before the turn, with stack heights "
                    "('-' for standard input, 'empty' for an empty board)")
    tn.add_argument("after", type=file_name,
                    help="board text file after the turn, heights ignored ('-' for standard "
                    "input, but not for both positions)")
    _common(tn)
    tn.set_defaults(func=run_turn)

    rp = wsub.add_parser(
        "replay",
        help="replay a game record and check its scores",
        description="Replay a WerdUp game record, recomputing every score and stack height "
        "and checking that the running totals add up. Exit status: 0 all agree, 1 a "
        "recorded figure disagrees or a play is illegal, 2 bad usage or a record that "
        "cannot be read; with --json an error is printed as JSON too, "
        "{\"error\": ..., \"status\": 1 or 2}.",
    )
    rp.add_argument("file", type=file_name, help="the game record ('-' for standard input)")
    rp.add_argument("--rules", choices=RULE_SET_NAMES,
                    help="rule set (default: the record's #rules line, else werdup)")
    rp.add_argument("--challenge-rule", metavar="RULE",
                    help="the challenge rule the game was played under: none, single, double, "
                    "points or 'points N' (also points:N, points=N; default: the record's "
                    "'#note ChallengeRule:' line; "
                    "'points' when it has challenge bonuses; else none)")
    add_lexicon_option(rp)
    add_house_list_options(rp)
    rp.add_argument("--json", action="store_true", help="print one JSON object")
    rp.set_defaults(func=run_replay)

    sp = wsub.add_parser(
        "selfplay",
        help="play a whole game with the move generator and print its record",
        description="Play a seeded game where every player makes the best-scoring play; "
        f"print the game record. Exit status: 0 the game ended, 1 it had not ended after "
        f"{counted(SELFPLAY_TURNS, 'turn')}, 2 bad usage.",
    )
    sp.add_argument("--seed", type=seed_number, default=1,
                    help="random seed for the bag (default 1)")
    sp.add_argument("--players", default="ann,bob",
                    help="comma-separated player names, 1 to 4 (default ann,bob)")
    sp.add_argument("--rules", choices=RULE_SET_NAMES, default="werdup",
                    help="rule set (default werdup)")
    add_lexicon_option(sp)
    add_house_list_options(sp)
    sp.set_defaults(func=run_selfplay)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", choices=RULE_SET_NAMES, default="werdup",
                   help="rule set: werdup (the rulebook, default) or upwords (Hasbro scoring)")
    add_lexicon_option(p)
    add_house_list_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")


def load_position(name: str, rules: WerdUpRules, args: argparse.Namespace,
                  option: str | None = None) -> Board:
    """The one reader of a WerdUp position, for every command that takes one: a board text
    file (``empty`` for an empty board: :func:`read_position`), a game record (the board after
    its last move, as ``bugwords moves`` takes a GCG record; its plays judged by the word list
    ``args`` name), or a reading of a photo (``read --json``'s ``{"grid", "heights"}``).
    ``option`` names the option that gave the file (``--previous``) in its errors."""
    size = rules.board_size
    what = f"{option} position" if option else "position"  # "--previous position file ..."
    return read_position(name, size, size,
                         lambda text: _board_from_text(text, name, rules, args, option),
                         what=what)


def _board_from_text(text: str, name: str, rules: WerdUpRules, args: argparse.Namespace,
                     option: str | None = None) -> Board:
    """The board of the board text ``text`` read from ``name``, its tiles WerdUp's; or of the
    game record ``text``, after its last move ("board text line 9: cannot read square
    '>ann:'" before); or of the reading ``text`` (JSON)."""
    from companion.werdup.position import board_from_state, is_state
    from companion.werdup.record import final_board, is_record

    size = rules.board_size
    if option is not None:
        where = f"{option} {path_shown(name)}"
    else:
        where = file_named("position", name)  # as its file's problems name it
    if is_state(text):
        try:
            return board_from_state(text, rules)
        except UsageError as exc:
            raise UsageError(f"{where}: {exc}") from exc
    command = option or args.werdup_command  # what a record or board of Bug Words is sent to
    if is_record(text):
        try:
            return final_board(text, lexicon_from_args(args))
        except OtherGameRecord as exc:
            raise UsageError(f"{where}, a game record: {other_game_record(exc, command)}"
                             ) from exc
        except UsageError as exc:
            raise UsageError(f"{where}, a game record: {exc}") from exc
    try:
        board = Board.from_text(text, size, size, max_height=rules.max_height,
                                other_sizes=other_game_boards("werdup", command))
    except PlayError as exc:
        raise UsageError(f"{where}: {exc}") from exc
    known = rules.tile_set.counts
    for r, _, tile in board.squares():
        if tile not in known:
            hint = (" (the Qu tile is written Qu, with the squares of its row separated by "
                    "spaces, like '. Qu I T .')" if tile == "Q" else "")
            raise UsageError(f"{where}: {quoted(tile)} at row {r + 1} is not a WerdUp "
                             f"tile{hint}")
    return board


def run_score(args: argparse.Namespace) -> int:
    from companion.werdup.notation import parse_play
    from companion.werdup.validate import refused

    rules = get_rules(args.rules)
    board = load_position(args.position, rules, args)
    text = " ".join(args.play)
    try:
        placements = parse_play(board, text)
    except NotationError:  # not a play's form: it cannot be read (a UsageError, status 2)
        raise
    except PlayError as exc:  # read, and refused by the board (off it): an illegal play
        lexicon_from_args(args)  # a bad word list (--lexicon, --add, --remove) is still bad usage
        return _report(args, board, refused(exc), text)
    return _report_play(args, board, placements, text)


def _report_play(args: argparse.Namespace, board: Board, placements: list, text: str) -> int:
    from companion.werdup.validate import judge_play

    j = judge_play(board, placements, get_rules(args.rules), lexicon_from_args(args))
    return _report(args, board, j, text)


def _report(args: argparse.Namespace, board: Board, j: Judgement, text: str) -> int:
    """Print the verdict on a play (``text`` as typed, repeated at a short line's length)."""
    from companion.play import full_rack_bonus
    from companion.werdup.validate import breakdown

    rules = get_rules(args.rules)
    words = breakdown(j, rules)
    if args.json:
        print_json({"play": text, "rules": rules.name, "legal": j.legal, "reason": j.reason,
                    "score": j.score, "words": words, "bonus": j.bonus})
    elif j.legal:
        print(f"{shown(text, PLAY_SHOWN)}: {counted(j.score, 'point')} ({rules.name} rules)")
        for w in words:
            print(f"  {w['word']}: {w['arithmetic']}")
        if j.bonus:
            print(f"  {full_rack_bonus(j.bonus)}")
    else:
        print(f"{shown(text, PLAY_SHOWN)}: NOT LEGAL")
        print(f"  {j.reason}")
    return 0 if j.legal else 1


def run_turn(args: argparse.Namespace) -> int:
    from companion.werdup.notation import play_notation
    from companion.werdup.observe import play_between, tops_of

    if args.before == args.after == "-":  # the second would read what is left: nothing
        raise UsageError("standard input (-) can give one of the two positions, not both: "
                         "save the other to a file and name it")
    rules = get_rules(args.rules)
    before = load_position(args.before, rules, args)
    after = load_position(args.after, rules, args)
    placements = play_between(before, tops_of(after))
    try:
        text = play_notation(before, placements)
    except PlayError:
        cells = " ".join(f"{square_name(p.row, p.col)}={p.tile}" for p in placements)
        text = f"new tiles {cells}"
    return _report_play(args, before, placements, text)


def run_moves(args: argparse.Namespace) -> int:
    from companion.werdup.movegen import generate_plays
    from companion.werdup.record import parse_tiles

    rules = get_rules(args.rules)
    board = load_position(args.position, rules, args)
    try:
        rack = parse_tiles(args.rack) if args.rack else []
    except CompanionError as exc:
        raise UsageError(str(exc)) from exc
    bad = [t for t in rack if t not in rules.tile_set.counts]
    if not rack or bad or len(rack) > rules.rack_size:
        raise UsageError(
            f"{quoted(args.rack)} is not a rack: give 1 to {counted(rules.rack_size, 'tile')}, "
            "like AEQuRST"
        )
    over = rules.tile_set.over_count(rack)
    if over:
        raise UsageError(f"{quoted(args.rack)} is not a rack: {over}")
    if args.top < 0:
        raise UsageError("--top must be 0 (all) or more")
    plays = generate_plays(board, rack, rules, lexicon_from_args(args))
    best = plays if args.top == 0 else plays[: args.top]
    if args.json:
        print_json({"rules": rules.name, "rack": args.rack, "count": len(plays),
                    "plays": [{"play": p.notation, "score": p.score,
                               "tiles": len(p.placements)} for p in best]})
        return 0 if plays else 1
    if not plays:
        print("No legal play with this rack.")
        return 1
    shown_all = "best first" if len(best) == len(plays) else f"best {len(best)}"
    print(f"{counted(len(plays), 'legal play')}; {shown_all}:")
    for p in best:
        print(f"  {p.score:4d}  {p.notation}")
    return 0


def run_replay(args: argparse.Namespace) -> int:
    from companion.werdup.record import replay

    text = read_text_file(args.file, "game record")
    rules = get_rules(args.rules) if args.rules else None
    rule = get_challenge_rule(args.challenge_rule) if args.challenge_rule is not None else None
    try:
        result = replay(text, lexicon_from_args(args), rules, challenge_rule=rule)
    except OtherGameRecord as exc:
        raise UsageError(other_game_record(exc, "replay")) from exc
    if args.json:
        print_json(result.to_dict())
        return 0 if result.ok else 1
    print(format_replay_lines(result.lines))
    print(printable("Totals: " + ", ".join(f"{p} {s}" for p, s in result.totals.items())))
    leaders = " and ".join(result.winners())
    print(printable(f"Winner: {leaders}" if result.over
                    else f"Leading: {leaders} (the game is not over)"))
    if not result.ok:
        bad = sum(1 for ln in result.lines if not ln.ok)
        print(f"{counted(bad, 'line')} {'disagrees' if bad == 1 else 'disagree'} with the "
              "record.")
    return 0 if result.ok else 1


def format_replay_lines(lines: list[ReplayLine]) -> str:
    """The replayed lines as a table whose columns line up: the line, the player, the move,
    the score and the running total, then the line's note and what disagrees, last, where
    their length moves nothing. A record's names are shown escaped (printable), measured as
    shown: a control character in a nick, as ESC [2J, went raw to the terminal."""
    players = [printable(ln.player) for ln in lines]
    moves = [printable(ln.move) for ln in lines]
    wide = max(map(len, players), default=0), max(map(len, moves), default=0)
    rows = []
    for ln, player, move in zip(lines, players, moves, strict=True):
        after = [printable(ln.note)] if ln.note else []
        if not ln.ok:
            after.append("<-- " + printable("; ".join(ln.problems)))
        rows.append("  ".join([f"{ln.line:4d} {player:>{wide[0]}}: {move:<{wide[1]}} "
                              f"{ln.score:+5d} {ln.total:6d}", *after]))
    return "\n".join(rows)


def run_selfplay(args: argparse.Namespace) -> int:
    from companion.werdup.game import Game
    from companion.werdup.record import write_record
    from companion.werdup.selfplay import play_out

    names = [n.strip() for n in args.players.split(",")]  # an empty one is refused as such
    if len(names) == 1 and names[0].isascii() and names[0].isdigit():
        # --players 2 was one player called "2", where print score-sheet --players 2 is two
        raise UsageError(f"--players names the players, comma-separated (such as ann,bob), "
                         f"not how many: {quoted(args.players)} is a number")
    game = Game.start(names, get_rules(args.rules), lexicon_from_args(args),
                      random.Random(args.seed))
    play_out(game, max_turns=SELFPLAY_TURNS)
    sys.stdout.write(write_record(game))
    if not game.over:  # a word list too small for the tiles: the players only swap
        print(f"companion: the game had not ended after {counted(SELFPLAY_TURNS, 'turn')}; the "
              "record stops there (with this word list the players can seldom play)",
              file=sys.stderr)
        return 1
    return 0
