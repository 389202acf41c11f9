"""Reading request parameters into clean values, with player-readable errors."""

from __future__ import annotations

import re
import unicodedata

from companion.errors import UsageError
from companion.judge import GAMES
from companion.text import counted

MAX_WORD = 64
MAX_WORDS = 20
_SPLIT = re.compile(r"[\s,;/+]+")


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
    text = unicodedata.normalize("NFKC", text)
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def words_from(text: str | list[str] | None) -> list[str]:
    """Words typed in one box (spaces or commas between) or given as a list."""
    parts = text if isinstance(text, list) else _SPLIT.split(plain_text(text or ""))
    words = [plain_text(str(w)).strip() for w in parts if plain_text(str(w)).strip()]
    if not words:
        raise UsageError("Type a word to check.")
    if len(words) > MAX_WORDS:
        raise UsageError(f"Too many words at once: {MAX_WORDS} at most.")
    for w in words:
        if len(w) > MAX_WORD:
            raise UsageError("That word is too long to judge "
                             f"({counted(MAX_WORD, 'letter')} at most).")
    return words


def game_from(value: str | None, allowed: tuple[str, ...] = GAMES) -> str | None:
    """A game key, or None for "any game"."""
    if not value:
        return None
    if value not in allowed:
        raise UsageError(f"Unknown game {value!r}; choose one of {', '.join(allowed)}.")
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
