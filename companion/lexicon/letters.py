"""How a word is read: by its letters, as the tiles and cards show them. The one owner of the
reading, for a typed word (``companion check``, the PDQ judge, the web pages), a line of a word
list file and the build of the default list alike.

Full-width letters are read as A-Z, invisible characters pasted with a word (zero-width
spaces, direction marks) go, and accents are dropped (CAFÉ is read as CAFE, NAÏVE as NAIVE),
since no tile or card has one. A sharp s is written as its two letters (STRAßE is STRASSE, as
its capitals are spelt), for no tile has it either. What is left must be letters A-Z.
"""

from __future__ import annotations

import re
import unicodedata

_LETTERS = re.compile(r"^[A-Za-z]+$")


def word_letters(typed: str) -> str:
    """``typed`` in the letters a word is judged by (case kept, spaces around it gone): full
    width forms made plain, invisible format characters dropped, accents taken off, a sharp
    s made two (ß ss, ẞ SS: the word's capitals, STRASSE, then have the letters it had)."""
    if typed.isascii():  # nothing to make plain, drop or take off: the reading below gives
        return typed.strip()  # the same, at twice the cost of loading the default list
    return _plain_letters(typed)


def _plain_letters(typed: str) -> str:
    """:func:`word_letters` of any text, by Unicode's normal forms."""
    plain = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", typed))
    plain = plain.replace("ß", "ss").replace("ẞ", "SS")
    kept = "".join(c for c in plain if unicodedata.category(c) not in ("Mn", "Cf"))
    return unicodedata.normalize("NFC", kept).strip()


def is_letters(word: str) -> bool:
    """True when ``word`` (as :func:`word_letters` reads it) is letters A-Z only."""
    return bool(_LETTERS.match(word))
