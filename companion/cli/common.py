"""Helpers shared by the sub-commands: lexicon option, JSON output."""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import errno
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.dates import date_from, dates_from, is_range
from companion.decimals import decimal_from, whole_from
from companion.errors import CompanionError, OtherGameRecord, UsageError
from companion.games import GAME_PHOTOS, GAME_TITLES
from companion.text import (
    listed,
    number_shown,
    path_shown,
    printable,
    quoted,
    shown,
)
from companion.textfile import read_user_file, user_text
from companion.typed import typed_text

if TYPE_CHECKING:  # the commands' parsers are built without the word lists or NumPy
    from companion.board import Board
    from companion.lexicon import Lexicon


def whole_number(text: str) -> int:
    """An option's whole number (``type=whole_number``), written in the digits 0-9 with an
    optional minus sign: ``int()`` also takes an Arabic-Indic '٥', a full-width '５' and
    '1_000', which no one types for a count, a port or a seed."""
    if text.strip().startswith("+"):  # an option's count is written without a plus sign
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number written in "
                                         "the digits 0-9")
    try:
        return whole_from(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def seed_number(text: str) -> int:
    """A ``--seed`` (``type=seed_number``): a whole number of 0 or more, as the web app's PDQ
    deals take one. Python's shuffles take a negative seed as its positive, so ``--seed -3``
    played the game of ``--seed 3`` without a word."""
    seed = whole_number(text)
    if seed < 0:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a seed: give a whole number "
                                         "of 0 or more (a seed below 0 shuffles as the same "
                                         "number above 0 does)")
    return seed


def any_case(choices: tuple[str, ...] | list[str]) -> Callable[[str], str]:
    """An option's ``type`` for a name among ``choices`` (all lower case) in any case:
    ``--paper A4``, ``--game WerdUp``, ``--rules UPWORDS``, as the named variants and
    challenge rules are taken (``--variant REGULAR``); a value that is none of them is kept as
    typed, so the parser's "invalid choice: 'A5'" repeats what was typed."""
    names = set(choices)

    def read(text: str) -> str:
        text = typed_text(text)
        key = text.strip().lower()
        return key if key in names else text

    return read


def check_seconds(option: str, seconds: float | None) -> None:
    """Refuse a number of seconds (``--time-budget``, ``--solve-seconds``,
    ``--stalled-seconds``; None: left out) that is not above zero, in one sentence for all
    three, the number typed repeated (they said it three ways, one without the number)."""
    if seconds is not None and not 0 < seconds < float("inf"):  # NaN too
        raise UsageError(f"{option} must be a number of seconds above zero, not "
                         f"{number_shown(seconds)}")


def file_name(text: str) -> str:
    """A file or folder an argument names (``type=file_name``): an empty name names none
    (``Path('')`` is the current folder), so it is refused by the parser rather than taken
    as the option left out (the default word list) or read as the folder '.'."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{quoted(text)} names no file: give a file name")
    return text


def path_name(text: str) -> str:
    """A file or folder an option names to write (``type=path_name``), kept as typed, its
    bytes and all: a name typed at a Latin-1 terminal names the file that terminal shows,
    where a word typed there is read in its character set
    (:func:`companion.typed.typed_text`, every argument's reading otherwise)."""
    return text


def decimal_number(text: str) -> float:
    """An option's decimal number (``type=decimal_number``): the rule of
    :func:`companion.decimals.decimal_from`, the digits 0-9 and nothing ``float()`` reads
    besides (an Arabic-Indic '٠.٢', 'nan', 'inf', '1e400')."""
    try:
        return decimal_from(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_lexicon_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lexicon",
        type=file_name,
        metavar="FILE",
        help="word list to judge by, one word per line (default: the built-in English list)",
    )


def add_house_list_options(parser: argparse.ArgumentParser) -> None:
    """``--add FILE`` / ``--remove FILE`` (repeatable) and ``--remove-offensive``: a house list
    on top of the ``--lexicon`` (or default) list."""
    parser.add_argument(
        "--add", action="append", default=[], metavar="FILE", type=file_name,
        help="house list: also accept the words in FILE (one a line; repeatable)",
    )
    parser.add_argument(
        "--remove", action="append", default=[], metavar="FILE", type=file_name,
        help="house list: refuse the words in FILE (one a line; repeatable; a removal wins "
        "over every addition)",
    )
    parser.add_argument(
        "--remove-offensive", action="store_true",
        help="house list: refuse the shipped list of offensive words (LDNOOBW, CC BY 4.0); "
        "an --add file can accept some back",
    )


# The options of :func:`add_lexicon_option` and :func:`add_house_list_options` (their ``dest``).
WORD_LIST_OPTIONS = ("lexicon", "add", "remove", "remove_offensive")


def lexicon_from_args(args: argparse.Namespace) -> Lexicon:
    """The lexicon named by ``--lexicon`` (or the default) with any house additions and
    removals; a bad file is a usage error, as is ``-`` (a word list is a file, kept by its
    name: standard input is not one). Lines of the files skipped as not words are reported on
    standard error (how many, and the first)."""
    from companion.lexicon import LexiconError, WordListSpec, load_word_list

    for option in ("lexicon", "add", "remove"):
        given = getattr(args, option, None)
        if given == "-" or (isinstance(given, list) and "-" in given):
            raise UsageError(f"--{option} needs a word list file; standard input (-) cannot "
                             "be one: save the words to a file and name it")
    spec = WordListSpec(
        getattr(args, "lexicon", None),
        tuple(getattr(args, "add", None) or ()),
        tuple(getattr(args, "remove", None) or ()),
        bool(getattr(args, "remove_offensive", False)),
    )
    try:
        lexicon = load_word_list(spec)
    except LexiconError as exc:
        raise UsageError(str(exc)) from exc
    for note in lexicon.skipped_notes():  # a club list's "x-ray" is not lost unsaid
        print(f"companion: {printable(note)}", file=sys.stderr)
    return lexicon


# Characters JSON lets through raw that a terminal acts on or a reader takes for a line break:
# DEL, the C1 controls (U+0080-U+009F, NEL among them) and the line and paragraph separators;
# and the lone surrogates by which Python keeps bytes of an argument that are not UTF-8
# (U+DCFF for a byte 0xFF), which would go out as those bytes: a JSON answer not in UTF-8.
_RAW_CONTROLS = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def json_text(data: Any) -> str:
    """``data`` as the ``--json`` outputs write it: indented, letters as they are (``é``, not
    ``\\u00e9``), every control character escaped (``\\u0085``) as JSON allows; a raw one
    can only stand inside a string, where its escape means the same."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return _RAW_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def print_json(data: Any) -> None:
    sys.stdout.write(json_text(data))
    sys.stdout.write("\n")


MAX_TEXT_BYTES = 10_000_000  # far more than any position, record, sheet or puzzle


def read_text_file(name: str, what: str, limit: int = MAX_TEXT_BYTES,
                   any_encoding: bool = False) -> str:
    """The text of the file ``name`` (``-``: standard input), at most ``limit`` bytes; a
    missing file, a folder, a file that cannot be read or one that is not text is a usage error
    naming it as ``what`` (``"game record"``), said by
    :func:`companion.textfile.file_problem`. UTF-8 is expected (or UTF-16 with its
    byte-order mark); with ``any_encoding`` the text is read as
    :func:`companion.textfile.decode_text` reads it (UTF-16, Latin-1: game records saved by
    other programs)."""
    try:
        return user_text(read_user_file(name, what, limit), what, name, any_encoding)
    except ValueError as exc:  # the file's problem in its one sentence
        raise UsageError(str(exc)) from exc


def check_file_ending(option: str, name: str, written: str, endings: tuple[str, ...]) -> None:
    """Refuse the output file ``name`` given to ``option`` unless its ending (in either case)
    is one of ``endings``: what is written there is ``written`` (``"a PDF"``, ``"an
    image"``), and a file under another ending (a PDF named ``out.txt``) would be opened as
    something it is not. The one rule of every command that writes a file of its own kind."""
    if Path(name).suffix.lower() in endings:
        return
    said = listed(list(endings), "or")
    raise UsageError(f"{option} {path_shown(name)}: the file is written as {written}; give "
                     f"its name an ending of {said}")


def dangling_link(path: Path) -> str | None:
    """Why ``path`` cannot be made a folder, None unless it is a symbolic link to nothing
    (``mkdir`` said only "File exists" of one): the link and its target, named."""
    if path.is_symlink() and not path.exists():
        return (f"it is a symbolic link to {path_shown(Path(os.readlink(path)))}, which does "
                "not exist")
    return None


def output_folder_problem(path: Path) -> str | None:
    """Why the file ``path`` cannot be written for want of its folder, None when its folder
    is there: the one check of every command's output file (``-o``, ``--overlay``), said
    before anything is made. A symbolic link is written through to the file it names, so
    the folder checked is that file's, and the reason names the link's target: the system
    said only "No such file or directory" of a link into a folder that does not exist."""
    if path.is_symlink():
        target = Path(os.readlink(path))
        linked = f"it is a symbolic link to {path_shown(target)}"
        try:
            real = path.resolve(strict=False)
        except RuntimeError:  # a link that leads back to itself (Python 3.11's resolve)
            return f"{linked}, which leads round in a loop of links"
        if real.is_symlink():  # os.path.realpath stops at a loop
            return f"{linked}, which leads round in a loop of links"
        if real.parent.is_dir():
            return None
        if real.parent.exists():
            return f"{linked}, and {path_shown(real.parent)} is a file, not a folder"
        return f"{linked}, whose folder {path_shown(real.parent)} does not exist"
    folder = path.parent
    if folder.is_dir():
        return None
    if folder.exists():  # "there is no folder notes.txt" of a file named so
        return f"{path_shown(folder)} is a file, not a folder"
    return f"there is no folder {path_shown(folder)}"


def folder_refusal(path: Path) -> str | None:
    """Why no file can be made beside ``path`` though its folder is there, None when one can:
    a system folder such as /proc, where the system said only "No such file or directory",
    a folder read-only or not the user's. Tried by making and removing a file there, as the
    file itself will be made (:func:`companion.outfile.write_file_whole`)."""
    folder = Path(os.path.realpath(path)).parent
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".companion-", suffix=".part")
    except OSError as exc:
        if exc.errno == errno.ENOENT:  # the folder is there: it takes no files
            return f"the folder {path_shown(folder)} takes no files"
        return f"no file can be made in the folder {path_shown(folder)} ({exc.strerror or exc})"
    os.close(fd)
    os.unlink(probe)
    return None


def other_game_way_out(game: str, command: str, record: bool = True) -> str:
    """What to do with a game record (``record``) or a board of ``game`` (``werdup``,
    ``bugwords``) given to the other board game's ``command``: the action typed (``moves``,
    ``replay``, ``score``, ``turn``), or ``--previous``, the option of ``read`` that named
    it. The one sentence of every command that reads a record or a position: ``moves`` is
    sent to the other game's ``moves``, a record to its ``replay``, ``--previous`` to a
    position of the photo's game or the other ``--game`` (each said "replay it with
    'companion bugwords replay'", whatever was typed)."""
    if command == "--previous":
        other = next(g for g in ("werdup", "bugwords") if g != game)
        return (f"give --previous a {GAME_TITLES[other]} position, or --game {game} for a "
                f"photo of {GAME_PHOTOS[game]}")
    if command == "moves" or not record:
        return f"list its plays with 'companion {game} moves'"
    return f"replay it with 'companion {game} replay'"


def other_game_record(error: OtherGameRecord, command: str) -> str:
    """The message of ``error``, a record of the other game, with the way out for
    ``command`` (:func:`other_game_way_out`)."""
    return error.with_way_out(other_game_way_out(error.game, command))


def other_game_boards(game: str, command: str) -> dict[tuple[int, int], str]:
    """What board text of the other board game's size is to ``game``'s ``command``
    (``moves``, ``score``, ``turn``; ``--previous`` for ``read``), by its (rows, columns)
    from each game's rules: "it looks like a WerdUp board, not a Bug Words board: ...", with
    the way out of :func:`other_game_way_out`, as records of the other game are said."""
    from companion.bugwords.rules import default_rules
    from companion.werdup.rules import get_rules

    werdup, bugwords = get_rules().board_size, default_rules().layout
    sizes = {"werdup": (werdup, werdup), "bugwords": (bugwords.rows, bugwords.cols)}
    return {size: (f"it looks like {GAME_PHOTOS[other]}, not {GAME_PHOTOS[game]}: "
                   f"{other_game_way_out(other, command, record=False)}")
            for other, size in sizes.items() if other != game and size != sizes[game]}


EMPTY_POSITION = "empty"  # a position argument naming an empty board, not a file


def read_position(name: str, rows: int, cols: int, from_text: Callable[[str], Board],
                  limit: int = MAX_TEXT_BYTES, any_encoding: bool = False,
                  what: str = "position") -> Board:
    """The board a command's POSITION argument names, the one reading both games' commands
    share: ``empty`` (in any case: ``EMPTY``, ``Empty``) an empty board of ``rows`` x ``cols``
    squares (a file of that name is ``./empty``), ``-`` standard input,
    anything else a file (read as :func:`read_text_file` reads one, ``limit``,
    ``any_encoding`` and ``what`` with it), its text made a board by ``from_text``, the
    game's reader."""
    if name.lower() == EMPTY_POSITION:
        from companion.board import Board

        return Board(rows, cols)
    return from_text(read_text_file(name, what, limit, any_encoding))


def one_line(error: object) -> str:
    """``error``'s message on one line (a database driver's runs over two or three): a line
    that ends without a stop runs on into the next after a semicolon, its capital dropped
    unless it starts a name such as TCP ("... failed: Connection refused; is the server
    running ...?", where it read "Connection refused Is the server running")."""
    parts = [part.strip() for part in str(error).splitlines() if part.strip()]
    out = parts[:1]
    for part in parts[1:]:
        if out[-1][-1] in ".:;,?!":
            out.append(" " + part)
        else:
            lower = part[:1].lower() + part[1:] if part[1:2].islower() else part
            out.append("; " + lower)
    return "".join(out)


@contextlib.contextmanager
def database_errors() -> Iterator[None]:
    """Turn the web app's database failing to open into one sentence: a ``DATABASE_URL`` that
    names no database this app can use is a usage error, a database that does not answer (or
    a file that is not one) an error."""
    from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError

    try:
        yield
    except ArgumentError as exc:  # no URL at all, or an unknown kind of database
        raise UsageError(f"DATABASE_URL names no database this app can use: {one_line(exc)}"
                         ) from None
    except OperationalError as exc:
        raise CompanionError(f"The database does not answer: {one_line(exc.orig)}") from None
    except DBAPIError as exc:  # say, a file that is not a database
        raise CompanionError(f"The database cannot be used: {one_line(exc.orig)}") from None


def parse_date(text: object, command: str | None = None) -> dt.date:
    """The date ``text`` as :func:`companion.dates.date_from` reads it (the web app reads dates
    the same way), today when not given; a bad date is a usage error. ``command`` (say
    ``"girdle solve"``) names the command when it is given a range of dates."""
    if text is None:
        return dt.date.today()
    if command and is_range(text):
        # the command's name after the sentence's own first words, never capitalised
        raise UsageError(f"a range of dates ({shown(text)}) is for girdle show only: "
                         f"{command} takes one date.")
    return date_from(text)


def parse_dates(text: object) -> list[dt.date]:
    """The days of ``text``: one date or a range (see :func:`companion.dates.dates_from`),
    today when not given."""
    if text is None:
        return [dt.date.today()]
    return dates_from(text)


def another_sheet_hint(puzzle_given: bool = False, puzzle_option: bool = True) -> str:
    """The likely cause and the way out when a Word Girdle sheet's words do not fit the lines of
    the puzzle it is judged against, as ``read --game girdle`` and ``girdle check`` say it:
    ``puzzle_given`` when the puzzle came from ``--puzzle FILE`` rather than a date,
    ``puzzle_option`` when the command takes ``--puzzle``."""
    if puzzle_given:
        return ("is the sheet of another puzzle? give that puzzle's file with --puzzle, "
                "or --date of the sheet's day")
    return ("is the sheet of another day? give --date of the sheet's day"
            + (", or --puzzle FILE" if puzzle_option else ""))
