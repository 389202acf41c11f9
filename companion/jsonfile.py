"""Reading JSON a user hands in (a filled sheet, a puzzle, a board state) without surprises."""

from __future__ import annotations

import json
import math
from typing import Any

from companion.decimals import MAX_DIGITS
from companion.text import shown

__all__ = ["MAX_DIGITS", "is_object_text", "loads", "syntax_problem"]


def is_object_text(text: str) -> bool:
    """Whether ``text`` is written as a JSON object (``{`` first, a byte-order mark and white
    space aside), which no board text or game record is."""
    return text.lstrip("\ufeff \t\r\n").startswith("{")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:  # int() would answer in Python's own words
        raise ValueError(f"the number {shown(text)} is too large")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


# What the JSON reader's complaints mean, in words a person fixing the file reads; the start
# of its message -> ours (any other is given as it is).
_SYNTAX = (
    ("Expecting value", "no JSON value starts there"),
    ("Extra data", "more follows the end of the JSON"),
    ("Expecting ',' delimiter", "a comma is missing"),
    ("Expecting ':' delimiter", "a colon is missing"),
    ("Expecting property name", "a name in double quotes was expected"),
    ("Unterminated string", "text in quotes is never closed"),
    ("Invalid control character", "a line break or control character is inside quotes"),
    ("Invalid \\u", "a backslash escape JSON does not have"),
    ("Invalid \\escape", "a backslash escape JSON does not have"),
    ("Illegal trailing comma", "a comma comes before the end of a list or object"),
)


def syntax_problem(exc: json.JSONDecodeError) -> str:
    """Where the JSON reader stopped and why, in plain words: "line 1, column 1: no JSON
    value starts there" (it said "Expecting value: line 1 column 1 (char 0)")."""
    why = next((words for start, words in _SYNTAX if exc.msg.startswith(start)),
               exc.msg[:1].lower() + exc.msg[1:])
    return f"line {exc.lineno}, column {exc.colno}: {why}"


def loads(text: str) -> Any:
    """``json.loads`` for finite, reasonably nested documents; anything else (bad syntax,
    NaN or Infinity, a number too large, nesting deeper than Python can follow) raises
    ``ValueError`` with a sentence (bad syntax: :func:`syntax_problem`'s)."""
    try:
        return json.loads(text, parse_float=_finite, parse_int=_whole,
                          parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(syntax_problem(exc)) from None
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None
