"""Text files a user hands in (word lists, game records, sheets, positions, decks): read
without trusting their size, and decoded as editors save them."""

from __future__ import annotations

import enum
import errno
import os
import select
import stat
import sys
from pathlib import Path

from companion.text import counted, path_shown

# A named pipe with nothing to read for this long is said to be waited on (standard error).
PIPE_NOTICE_SECONDS = 1.0


def read_at_most(name: str | Path, limit: int) -> bytes:
    """The bytes of the file ``name`` (``"-"``: standard input), at most ``limit`` + 1 of them:
    more than ``limit`` tells the caller the file is too large, and a file that never ends
    (/dev/zero, a pipe left open) is not read forever. A named pipe (``mkfifo``, or a shell's
    ``<(command)``) is read as a file is; while nothing writes to it the wait is said on
    standard error, once (:func:`wait_for_pipe`), as is standard input read from a terminal
    (how to end it). Raises ``OSError`` as ``open`` does."""
    if str(name) == "-":
        if sys.stdin is None:  # started with it closed (<&-)
            raise OSError(errno.EBADF, "standard input is closed")
        if sys.stdin.isatty():  # typed at the terminal: it waited for the text without a word
            print("companion: Reading standard input: type or paste the text, then press "
                  "Ctrl-D at the start of a line (Ctrl-C stops).", file=sys.stderr, flush=True)
        return sys.stdin.buffer.read(limit + 1)
    try:
        is_pipe = stat.S_ISFIFO(os.stat(name).st_mode)
    except OSError:
        is_pipe = False  # open says why
    if is_pipe:
        fd = wait_for_pipe(name)
        with os.fdopen(fd, "rb") as f:
            return f.read(limit + 1)
    with open(name, "rb") as f:
        return f.read(limit + 1)


def wait_for_pipe(name: str | Path, notice_after: float = PIPE_NOTICE_SECONDS) -> int:
    """A descriptor reading the named pipe ``name``, once something has been written to it or
    its writer has closed it. Opening a pipe blocks until a writer opens it, without a word;
    here, when nothing has come after ``notice_after`` seconds, standard error says what is
    being waited for (Ctrl-C stops the wait)."""
    fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)  # does not wait for a writer
    try:
        ready, _, _ = select.select([fd], [], [], notice_after)
        if not ready:
            print(f"companion: Waiting for something to write to the pipe "
                  f"{path_shown(name)} (Ctrl-C stops).", file=sys.stderr,
                  flush=True)
            select.select([fd], [], [])
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def decode_text(raw: bytes) -> str:
    """The text of ``raw``: UTF-16 with its byte-order mark, UTF-8 with or without one (as
    Windows editors save it), else Latin-1 (older record files). Raises ``ValueError`` with
    a phrase for a file that is binary (NUL bytes) or broken UTF-16."""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise ValueError("is broken UTF-16 text") from exc
    if b"\x00" in raw[:4096]:
        raise ValueError("looks binary")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


class FileProblem(enum.Enum):
    """A problem a file handed in can have, whatever the file is to the user; each is said
    one way, by :func:`file_problem`."""

    MISSING = "missing"
    FOLDER = "folder"
    NOT_A_FILE = "not a file"  # a device or a pipe where only a file will do (a photo)
    UNREADABLE = "unreadable"
    EMPTY = "empty"
    NOT_TEXT = "not text"  # binary: NUL bytes, or broken UTF-16
    NOT_UTF8 = "not UTF-8"  # text, but in a character set the reader does not take
    TOO_LARGE = "too large"
    OTHER_KIND = "another kind of file"  # a photo that is a video, say


def file_named(what: str, name: str | Path | None) -> str:
    """A file handed in as every message names it: by what it is to the user, then its name
    (``the game record notes.gcg``; ``-``: ``the deck on standard input``), so its name never
    opens the sentence, where it would take a capital; None, a file sent to a web page, whose
    name the page does not show: ``that photo``."""
    if name is None:
        return f"that {what}"
    if str(name) == "-":
        return f"the {what} on standard input"
    return f"the {what} {path_shown(name)}"


def file_problem(problem: FileProblem, what: str, name: str | Path | None, detail: str = "",
                 limit: int = 0) -> str:
    """The one sentence for ``problem`` with the file ``name``, which is ``what`` to the user
    (``"game record"``, ``"word list"``, ``"photo"``), and what to do about it: every reader
    of a user's file (records, positions, word lists, sheets, puzzles, decks, photos, tile
    images) says its problems with this. ``detail``: the system's reason a file cannot be
    read; what an empty file should hold; why it is not text (``"it looks binary"``); what
    a file of another kind is (``"a video, not a photo ..."``). ``limit``: the bytes a file
    too large may have."""
    named = file_named(what, name)
    if problem is FileProblem.MISSING:
        return f"{named} was not found: check the file's name and its folder"
    if problem is FileProblem.FOLDER:
        return f"{named} is a folder, not a file: name the file itself"
    if problem is FileProblem.NOT_A_FILE:
        return (f"{named} is a device or a pipe, not a file: save the {what} to a file and "
                "name that")
    if problem is FileProblem.UNREADABLE:
        return f"{named} cannot be read ({detail or 'the system refused it'})"
    if problem is FileProblem.EMPTY:
        if detail:
            return f"{named} is empty: {detail}"
        return f"{named} is empty (0 bytes): is it the right file?"
    if problem is FileProblem.NOT_TEXT:
        return (f"{named} is not a text file ({detail or 'it looks binary'}): is it the right "
                "file?")
    if problem is FileProblem.NOT_UTF8:
        return f"{named} is not UTF-8 text: is it the right file, or one to save as UTF-8?"
    if problem is FileProblem.TOO_LARGE:
        return (f"{named} is too large (over {counted(limit, 'byte')}) to be a {what}: is it "
                "the right file?")
    return f"{named} is {detail}"


def problem_before_reading(name: str | Path, what: str, limit: int,
                           files_only: bool = False) -> str | None:
    """The sentence of :func:`file_problem` for the file ``name`` when it cannot be read as
    ``what`` before a byte is read (missing, a folder, larger than ``limit`` bytes; with
    ``files_only``, a device or a pipe too), None when it may be read (``-``, standard input,
    always may)."""
    if str(name) == "-":
        return None
    path = Path(name)
    try:
        st = path.stat()
    except FileNotFoundError:
        return file_problem(FileProblem.MISSING, what, name)
    except OSError as exc:
        return file_problem(FileProblem.UNREADABLE, what, name, exc.strerror or str(exc))
    if stat.S_ISDIR(st.st_mode):
        return file_problem(FileProblem.FOLDER, what, name)
    if not stat.S_ISREG(st.st_mode):
        return file_problem(FileProblem.NOT_A_FILE, what, name) if files_only else None
    if st.st_size > limit:
        return file_problem(FileProblem.TOO_LARGE, what, name, limit=limit)
    return None


def read_user_file(name: str | Path, what: str, limit: int) -> bytes:
    """The bytes of the file ``name`` (``-``: standard input) handed in as ``what``, read as
    :func:`read_at_most` reads them; every problem up to its last byte (missing, a folder,
    not readable, over ``limit`` bytes) raises ``ValueError`` with its sentence
    (:func:`file_problem`)."""
    problem = problem_before_reading(name, what, limit)
    if problem is not None:
        raise ValueError(problem)
    try:
        data = read_at_most(name, limit)
    except OSError as exc:
        raise ValueError(file_problem(FileProblem.UNREADABLE, what, name,
                                      exc.strerror or str(exc))) from exc
    if len(data) > limit:  # standard input, or a device that does not end
        raise ValueError(file_problem(FileProblem.TOO_LARGE, what, name, limit=limit))
    return data


def user_text(data: bytes, what: str, name: str | Path, any_encoding: bool = False) -> str:
    """The text of ``data``, the file ``name`` handed in as ``what``: UTF-8 with or without a
    byte-order mark, or UTF-16 with its mark; with ``any_encoding`` Latin-1 too
    (:func:`decode_text`). A binary file or one in another character set raises
    ``ValueError`` with its sentence (:func:`file_problem`)."""
    try:
        text = decode_text(data)
    except ValueError as exc:  # "looks binary", "is broken UTF-16 text"
        raise ValueError(file_problem(FileProblem.NOT_TEXT, what, name, f"it {exc}")) from exc
    if not any_encoding and data[:2] not in (b"\xff\xfe", b"\xfe\xff"):
        try:
            data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ValueError(file_problem(FileProblem.NOT_UTF8, what, name)) from None
    return text
