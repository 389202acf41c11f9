"""How a word is read: by its letters, as the tiles and cards show them. The one owner of the
reading, for a typed word (``companion check``, the PDQ judge, the web pages), a line of a word
list file and the build of the default list alike.

Full-width letters are read as A-Z, invisible characters pasted with a word (zero-width
spaces, direction marks) go, and accents are dropped (CAFÉ is read as CAFE, NAÏVE as NAIVE),
since no tile or card has one. Letters that Unicode does not take apart into a letter and an
accent are written as English spells the words they come in, for no tile has them either
(:data:`SPELT_OUT`): a sharp s as its two letters (STRAßE is STRASSE, as its capitals are
spelt), the ligatures æ and œ as ae and oe (ENCYCLOPÆDIA is ENCYCLOPAEDIA, ŒUVRE OEUVRE), the
letters with a stroke as the letter under it (SMØRREBRØD is SMORREBROD, ZŁOTY ZLOTY). What is
left must be letters A-Z.
"""

from __future__ import annotations

import re
import unicodedata

_LETTERS = re.compile(r"^[A-Za-z]+$")

# The most letters a word can have (the longest of the default list has 45): the web app
# refuses a longer typed word unread, and a longer line of a word list is skipped as not a
# word, so no list holds a "word" of millions of letters for every check to go through.
MAX_WORD = 64

# Letters Unicode's compatibility forms leave whole (ĳ, ﬁ and ſ they do write as ij, fi, s),
# in the letters English word lists spell them with; capitals as the word's capitals are.
SPELT_OUT = {
    "ß": "ss", "ẞ": "SS",  # German sharp s: STRASSE
    "æ": "ae", "Æ": "AE",  # ligature: encyclopaedia, aesthete, as SCOWL writes them
    "œ": "oe", "Œ": "OE",  # ligature: oeuvre, manoeuvre, foetus
    "ø": "o", "Ø": "O",  # Danish, Norwegian: smorrebrod, as English lists write it
    "ł": "l", "Ł": "L",  # Polish: zloty
    "đ": "d", "Đ": "D",  # Croatian, Vietnamese d with a stroke
    "ħ": "h", "Ħ": "H",  # Maltese h with a stroke
    "ı": "i",  # Turkish dotless i (its capital is I, and İ loses its dot as an accent)
    "þ": "th", "Þ": "TH",  # thorn, the th of Old English and Icelandic: Thor
    "ð": "d", "Ð": "D",  # eth, as English writes Norse and Icelandic words: Odin, Gudrun
}
_SPELT_OUT = str.maketrans(SPELT_OUT)


def word_letters(typed: str) -> str:
    """``typed`` in the letters a word is judged by (case kept, spaces around it gone): full
    width forms made plain, invisible format characters dropped, accents taken off, and the
    letters Unicode leaves whole spelt out (:data:`SPELT_OUT`: ß ss, ẞ SS, so the word's
    capitals, STRASSE, have the letters it had; æ ae, œ oe, ø o, þ th ...)."""
    if typed.isascii():  # nothing to make plain, drop or take off: the reading below gives
        return typed.strip()  # the same, at twice the cost of loading the default list
    return _plain_letters(typed)


def _plain_letters(typed: str) -> str:
    """:func:`word_letters` of any text, by Unicode's normal forms."""
    plain = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", typed))
    plain = plain.translate(_SPELT_OUT)
    kept = "".join(c for c in plain if unicodedata.category(c) not in ("Mn", "Cf"))
    return unicodedata.normalize("NFC", kept).strip()


def is_letters(word: str) -> bool:
    """True when ``word`` (as :func:`word_letters` reads it) is letters A-Z only."""
    return bool(_LETTERS.match(word))
