"""Reading JSON a user hands in (a filled sheet, a puzzle, a board state) without surprises."""

from __future__ import annotations

import json
import math
from typing import Any

from companion.decimals import MAX_DIGITS
from companion.text import shown

__all__ = ["MAX_DIGITS", "is_object_text", "loads"]


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


def loads(text: str) -> Any:
    """``json.loads`` for finite, reasonably nested documents; anything else (bad syntax,
    NaN or Infinity, a number too large, nesting deeper than Python can follow) raises
    ``ValueError`` with a sentence."""
    try:
        return json.loads(text, parse_float=_finite, parse_int=_whole,
                          parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None
