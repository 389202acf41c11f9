"""Reading request parameters into clean values, with player-readable errors."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from companion.errors import UsageError
from companion.games import GAMES
from companion.text import counted, quoted

MAX_WORD = 64
MAX_WORDS = 20
MAX_SAID_TEXT = 400  # characters of the PDL words-said box (its maxlength)
_WORD = re.compile(r"[^\s,;/+]+")  # what is between spaces, commas, ; / and +


class FieldError(UsageError):
    """Bad input in one field of a form; ``field`` is that field's id on the page, so the page
    can tie the sentence to it."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def plain_text(text: str) -> str:
    """Text as a phone or a pasted message may send it, in plain characters: full-width
    letters and spaces (Asian keyboards) become A-Z and spaces, letters and their accents
    typed apart are joined, invisible characters (zero-width spaces, direction marks) go."""
    if text.isascii():  # nothing to change, and no copy of a long text character by character
        return text
    text = unicodedata.normalize("NFKC", text)
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def words_from(text: str | list[str] | None) -> list[str]:
    """Words typed in one box (spaces or commas between) or given as a list. Reading stops at
    the first word past :data:`MAX_WORDS`: a request of millions of words is refused without
    making them all (a 20 MB box of "a a a ..." took 2 GB)."""
    parts: Iterable[object] = text if isinstance(text, list) else (
        m.group() for m in _WORD.finditer(plain_text(text or "")))
    words: list[str] = []
    for part in parts:
        w = plain_text(str(part)).strip()
        if not w:
            continue
        if len(words) == MAX_WORDS:
            raise UsageError(f"Too many words at once: {MAX_WORDS} at most.")
        if len(w) > MAX_WORD:
            raise UsageError("That word is too long to judge "
                             f"({counted(MAX_WORD, 'letter')} at most).")
        words.append(w)
    if not words:
        raise UsageError("Type a word to check.")
    return words


def said_from(text: str) -> list[str]:
    """The words said this round (PDL) from their box, refused in a sentence when the box
    holds more than :data:`MAX_SAID_TEXT` characters: never cut, as a word cut in half or
    left out would change what a word must beat."""
    if len(text) > MAX_SAID_TEXT:
        most = counted(MAX_SAID_TEXT, "character")
        raise UsageError(f"The words said this round take {most} at most ({len(text)} were "
                         "given): start the round's words again.")
    return words_from(text)


def shown_said(text: str) -> str:
    """The words-said box's text as a page shows it back: whole words up to
    :data:`MAX_SAID_TEXT` characters (a box refused for its length is not echoed whole)."""
    if len(text) <= MAX_SAID_TEXT:
        return text
    cut = text[:MAX_SAID_TEXT + 1]
    end = max(cut.rfind(c) for c in " ,;/+")
    return cut[:end].rstrip(" ,;/+") if end > 0 else ""


def game_from(value: str | None, allowed: tuple[str, ...] = GAMES) -> str | None:
    """A game key, or None for "any game"."""
    if not value:
        return None
    if value not in allowed:
        raise UsageError(f"Unknown game {quoted(value)}; choose one of {', '.join(allowed)}.")
    return value


def int_from(value: str | int | float | None, name: str, lo: int, hi: int, default: int) -> int:
    """An integer parameter within ``lo..hi``."""
    if value is None or value == "":
        return default
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise UsageError(f"{name} must be a whole number.")
    try:
        n = int(value)
    except (TypeError, ValueError, OverflowError):
        raise UsageError(f"{name} must be a whole number.") from None
    if not lo <= n <= hi:
        raise UsageError(f"{name} must be between {lo} and {hi}.")
    return n
