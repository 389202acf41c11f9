"""Text typed at a terminal, the command line's arguments and the lines a player types on
standard input, read in the terminal's own character set.

Python reads arguments as UTF-8 (or the file system's character set), and a byte it cannot
read there (0xE9, the é of "café" typed at a Latin-1 terminal) it keeps as a surrogate escape
(U+DCE9), which no word has: "café" was "not a word". Here the bytes are recovered and read
as UTF-8 if they are UTF-8, else in the character set the locale names (``LC_ALL``,
``LC_CTYPE``, ``LANG``: ``en_US.ISO-8859-1``, even when that locale is not installed and
Python fell back to UTF-8), else Windows-1252, else Latin-1, which reads every byte. The
command line's parser reads every argument so (:class:`companion.cli._Parser`), but the names
of files, which keep their bytes to name the file the terminal shows.
"""

from __future__ import annotations

import codecs
import locale
import os
import re
import sys
from collections.abc import Mapping

_ESCAPED = re.compile("[\udc80-\udcff]")  # a byte surrogateescape could not read
_FALLBACKS = ("cp1252", "latin-1")


def locale_encoding(environ: Mapping[str, str] | None = None) -> str | None:
    """The character set other than UTF-8 the environment's locale names (the first of
    ``LC_ALL``, ``LC_CTYPE`` and ``LANG`` to name one: ``en_US.ISO-8859-1`` -> ``iso8859-1``,
    ``de_DE@euro`` -> ``iso8859-15``), as Python names it; None when none does. A UTF-8 one
    is passed over: Python sets ``LC_CTYPE=C.UTF-8`` itself when ``LANG`` names a locale
    that is not installed, and text that is not UTF-8 was not typed in UTF-8."""
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        codeset = locale.normalize(env.get(key, "")).partition(".")[2].partition("@")[0]
        try:
            name = codecs.lookup(codeset).name if codeset else None
        except LookupError:
            name = None
        if name is not None and name != "utf-8":
            return name
    return None


def typed_bytes(raw: bytes) -> str:
    """``raw`` read in the first character set that reads it: UTF-8 (which bytes of another
    character set seldom are), the locale's, Windows-1252, Latin-1 (which reads any byte)."""
    named = locale_encoding()
    for encoding in ("utf-8", *((named,) if named else ()), *_FALLBACKS):
        try:
            return raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            continue
    return raw.decode("latin-1")  # (not reached: Latin-1 reads every byte)


def typed_text(text: str, encoding: str | None = None) -> str:
    """``text`` as typed: when it holds bytes kept as surrogate escapes by a reading in
    ``encoding`` (default: the file system's, as the arguments are read), those bytes read
    again by :func:`typed_bytes`; any other text as it is."""
    if not _ESCAPED.search(text):
        return text
    try:
        raw = text.encode(encoding or sys.getfilesystemencoding(), "surrogateescape")
    except (UnicodeEncodeError, LookupError):  # not escapes of that reading: leave it be
        return text
    return typed_bytes(raw)
