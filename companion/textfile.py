"""Text files a user hands in (word lists, game records, sheets, positions, decks): read
without trusting their size, and decoded as editors save them."""

from __future__ import annotations

import errno
import sys
from pathlib import Path


def read_at_most(name: str | Path, limit: int) -> bytes:
    """The bytes of the file ``name`` (``"-"``: standard input), at most ``limit`` + 1 of them:
    more than ``limit`` tells the caller the file is too large, and a file that never ends
    (/dev/zero, a pipe left open) is not read forever. Raises ``OSError`` as ``open`` does."""
    if str(name) == "-":
        if sys.stdin is None:  # started with it closed (<&-)
            raise OSError(errno.EBADF, "standard input is closed")
        return sys.stdin.buffer.read(limit + 1)
    with open(name, "rb") as f:
        return f.read(limit + 1)


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
