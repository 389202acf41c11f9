"""Text files a user hands in (word lists, game records, sheets, positions, decks): read
without trusting their size, and decoded as editors save them."""

from __future__ import annotations

import errno
import os
import select
import stat
import sys
from pathlib import Path

from companion.text import path_shown

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
