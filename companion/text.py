"""Repeating what a person typed in a sentence about it: the one owner of how a value is
shown back (the command line's errors, a date that is not one, a word that is not a word).

A value is shown as typed when that reads plainly; anything odd (an empty or padded string,
control characters, a number from a file) is spelled so it can be seen, and nothing is
repeated at more than a short line's length, however long the value.
"""

from __future__ import annotations

import decimal
import json
import math
import os
import re
from collections.abc import Sequence

SHOWN = 40  # characters of a value repeated in a sentence about it
PATH_SHOWN = 200  # a file's name, longer than most values but still not a page of text


def _cut(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters, its end a single ellipsis: a cut that falls
    just after a full stop or a decimal point ("1111.2222" at the point) keeps no dot of its
    own before the ellipsis, which read "1111...." (four dots)."""
    return text if len(text) <= limit else text[: limit - 3].rstrip(".") + "..."


def shown(value: object, limit: int = SHOWN) -> str:
    """``value`` as a sentence repeats it: typed text as it is, anything else (an empty or
    padded string, a number from a file, text with control characters) in JSON spelling, and
    never more than a short line (``limit`` characters)."""
    if isinstance(value, str) and value and value.strip() == value and value.isprintable():
        text = value
    else:
        try:
            text = json.dumps(value)
        except (TypeError, ValueError):
            text = repr(value)
    return _cut(text, limit)


def quoted(value: object, limit: int = SHOWN) -> str:
    """``value`` in quotes as Python writes it (``'P\\x1b'``, ``''``): for a sentence that
    quotes what was typed; cut to a short line (``limit`` characters) like :func:`shown`,
    text keeping its closing quote (``'AAAA...'``, where the sentence went on after a quote
    never closed: "the date 'AAAA...: write it as ...")."""
    text = repr(value)
    if isinstance(value, str) and len(text) > limit:
        return _cut(text[:-1], limit) + text[-1]
    return _cut(text, limit)


def as_written(value: object, limit: int = SHOWN) -> str:
    """``value`` as a refusal repeats it: text in quotes as it was typed (:func:`quoted`); a
    value read from a JSON file that is not text in the file's own spelling (``true``,
    ``null``, ``1.5``, ``[1, 2]``: :func:`shown`), never Python's (``True``, ``None``)."""
    return quoted(value, limit) if isinstance(value, str) else shown(value, limit)


def number_shown(value: float, limit: int = SHOWN) -> str:
    """A number as a sentence repeats it: as typed, for one read from what a person typed
    (:class:`companion.decimals.TypedNumber` keeps the text: ``1e23``, not ``1e+23``), else
    in plain notation, without an exponent (``0.45``, ``2``, ``0.00001``); never more than a
    short line (``limit`` characters)."""
    typed = getattr(value, "typed", None)
    if isinstance(typed, str):
        return _cut(typed, limit)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return shown(value, limit)
    if isinstance(value, int) or not math.isfinite(value):
        return _cut(str(value), limit)
    text = format(decimal.Decimal(repr(float(value))), "f")  # the shortest exact digits
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return _cut("0" if text == "-0" else text, limit)


def short_words(text: str, limit: int = SHOWN) -> str:
    """``text`` with every run of more than ``limit`` characters without a space cut to
    ``limit`` (a sentence written by another library, repeating a value whole)."""
    return re.sub(rf"\S{{{limit + 1},}}", lambda m: _cut_run(m.group(), limit), text)


def _cut_run(run: str, limit: int) -> str:
    """A run of characters without a space cut to ``limit``, a value in quotes keeping its
    closing quote and what follows it (``'AAAA...',``)."""
    end = re.search(r"(['\"])[,.;:)\]]*$", run)
    if end is not None and end.start() > 0 and run[0] == end.group(1):
        return _cut(run[:end.start()], limit) + run[end.start():]
    return _cut(run, limit)


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on rather than show (ESC, a line
    break, a backspace) written as its escape (``\\x1b``, ``\\n``), and a byte of a file's
    name that is not UTF-8 as its value (``\\xe9``: :func:`bytes_escaped`), the rest as it
    is."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    if _KEPT_BYTE.fullmatch(ch):
        return bytes_escaped(ch)
    return repr(ch)[1:-1]


# A byte of a name that is not UTF-8 (0xE9 of "café" written in Latin-1): Python keeps it as
# the lone surrogate U+DC80-U+DCFF ("caf\udce9"), which no terminal shows and UTF-8 cannot hold.
_KEPT_BYTE = re.compile("[\udc80-\udcff]")


def bytes_escaped(text: str) -> str:
    """``text`` with each byte Python kept from a name that is not UTF-8 (U+DCE9 for 0xE9)
    written as the byte in Python's escape, ``\\xe9``: "caf\\xe9.json", where messages said
    "caf\\udce9.json"."""
    return _KEPT_BYTE.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)


def path_shown(name: object, limit: int = PATH_SHOWN) -> str:
    """A file's or folder's name as every message names it: its bytes that are not UTF-8 as
    ``\\xe9`` (:func:`bytes_escaped`), a character a terminal would act on as its escape
    (:func:`printable`), and never more than a short line (``limit`` characters)."""
    text = os.fsdecode(name) if isinstance(name, bytes | os.PathLike) else str(name)
    return _cut(printable(text), limit)


def sentence(message: str) -> str:
    """A message as a sentence, as every error is shown (the command line's, a web page's):
    a capital first letter and a full stop, unless it ends in one already (or in ``!``,
    ``?``). The engines write their messages to follow a prefix (``game record line 7: ...``);
    this is the one place that makes them sentences. A first word that is not a plain word
    (a file's name, ``seen.png``; ``p1_ann``) is left as it is.

    So a message never begins with what a person typed: a player's name or a word as typed
    comes after the message's own words (``player bob cannot move again ...``, ``the play 8H
    caT runs off the board``), or in quotes, and is shown exactly as typed (``bob`` is not
    ``Bob``, and in Bug Words a lower-case letter is a blank)."""
    text = capital_first(message.strip())
    if not text:
        return text
    return text if text.endswith((".", "!", "?")) else text + "."


def capital_first(message: str) -> str:
    """``message`` with a capital first letter when its first word is a plain word (the rule
    of :func:`sentence`, which also adds the full stop)."""
    first = re.split(r"[\s:;,]", message, maxsplit=1)[0]
    if first.replace("'", "").replace("-", "").isalpha():  # a word, not a file's name (x.png)
        return message[:1].upper() + message[1:]
    return message


def counted(n: int, noun: str, plural: str = "", spec: str = "") -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1 or -1: "1 player", "4 players", "1,157
    words", "-1 point" (a step of the Girdle's answer key).
    The one rule for a count in a message: its thousands are always set off by commas
    (:func:`count_shown`), ``plural`` is a noun's plural when it is not the noun and an "s"
    ("1 body", "2 bodies"), and ``spec`` is a column's width and alignment (``"3"``,
    ``">5"``)."""
    return f"{count_shown(n, spec)} {noun_for(n, noun, plural)}"


def count_shown(n: int, spec: str = "") -> str:
    """A count as every message and page writes it, its thousands set off by commas
    ("1,157"), in a column ``spec`` wide (``"5"``, ``">3"``) when one is given."""
    return f"{n:{spec},}"


def noun_for(n: int, noun: str, plural: str = "") -> str:
    """``noun`` alone as a count of ``n`` takes it, by :func:`counted`'s rule: "row" for 1
    and -1, "rows" else (``plural`` when it is not the noun and an "s")."""
    return noun if abs(n) == 1 else plural or noun + "s"


def listed(items: Sequence[str], conjunction: str = "and") -> str:
    """``items`` in a sentence: "A", "A and B", "A, B and C" (``conjunction``: "or" for
    "A, B or C"); the one rule for naming several things in a message."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def signed(n: int) -> str:
    """Points added or taken off, with their sign: "+2", "-3", and "0" (never "+0" or "-0");
    the one rule for a score's bonus or penalty in a table or a message."""
    return f"{n:+d}" if n else "0"


def with_article(noun: str) -> str:
    """``noun`` with its indefinite article: "an adult", "a pronoun" (by its first letter,
    the one rule for "a" or "an" in a message)."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten")


def number_word(n: int) -> str:
    """A small count as written in a sentence: ``7`` -> ``"seven"`` (digits from eleven on)."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)
