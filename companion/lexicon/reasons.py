"""How a typed word is read, and why it is not a word the list has: the one owner of the
sentences every word look-up gives (``companion check``, the PDQ judge, the web pages).

A word is judged by its letters, as the tiles and cards show them: full-width letters are
read as A-Z, invisible characters pasted with a word (zero-width spaces, direction marks) go,
and accents are dropped (CAFÉ is judged as CAFE, NAÏVE as NAIVE), since no tile or card has
one. What is left must be letters A-Z.
"""

from __future__ import annotations

import re
import unicodedata

from companion import text

_LETTERS = re.compile(r"^[A-Za-z]+$")


def word_letters(typed: str) -> str:
    """``typed`` in the letters a word is judged by (case kept, spaces around it gone): full
    width forms made plain, invisible format characters dropped, accents taken off."""
    plain = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", typed))
    kept = "".join(c for c in plain if unicodedata.category(c) not in ("Mn", "Cf"))
    return unicodedata.normalize("NFC", kept).strip()


def is_letters(word: str) -> bool:
    """True when ``word`` (as :func:`word_letters` reads it) is letters A-Z only."""
    return bool(_LETTERS.match(word))


def not_letters_reason(word: str) -> str:
    """Why ``word`` (read by :func:`word_letters`) is not a word: the characters that are not
    letters A-Z, named."""
    bad = sorted({c for c in word if not (c.isascii() and c.isalpha())})
    named = " ".join(repr(c) for c in bad[:8]) + (" ..." if len(bad) > 8 else "")
    return f"{text.shown(word.upper())} is not a word: it contains {named}; use letters A-Z only."
