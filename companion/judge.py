"""The word challenge: is this word valid at the table, why not, and what does it mean."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from companion.lexicon import Lexicon, default_lexicon, define

# The shortest word each game accepts (the rulebooks' defaults; variants may raise them).
GAME_MIN_LENGTH = {"werdup": 2, "bugwords": 2, "girdle": 2, "pdq": 4}
GAME_TITLES = {"werdup": "WerdUp", "bugwords": "Bug Words", "girdle": "Word Girdle", "pdq": "PDQ"}
GAMES = tuple(GAME_MIN_LENGTH)

_LETTERS = re.compile(r"^[A-Za-z]+$")


@dataclass
class Verdict:
    """The answer to a challenge: ``valid``, a sentence saying why, and definitions."""

    word: str
    valid: bool
    reason: str
    game: str | None = None
    lexicon: str = ""
    definitions: list[str] = field(default_factory=list)
    decided_by: str = ""  # the list (or house layer) that decided: a word added or removed

    def to_dict(self) -> dict:
        return asdict(self)


def check_word(
    word: str,
    game: str | None = None,
    lexicon: Lexicon | None = None,
    with_definitions: bool = True,
) -> Verdict:
    """Judge one word for ``game`` (any game when None) against ``lexicon`` (default list)."""
    lex = lexicon if lexicon is not None else default_lexicon()
    raw = word.strip()
    shown = raw.upper()
    if game is not None and game not in GAME_MIN_LENGTH:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")

    def verdict(valid: bool, reason: str, decided_by: str = "") -> Verdict:
        defs = [str(d) for d in define(raw)] if with_definitions and _LETTERS.match(raw) else []
        return Verdict(shown, valid, reason, game, lex.name, defs, decided_by)

    if not raw:
        return verdict(False, "No word given.")
    if not _LETTERS.match(raw):
        bad = sorted({c for c in raw if not c.isascii() or not c.isalpha()})
        shown_bad = " ".join(repr(c) for c in bad)
        return verdict(
            False, f"{shown} is not a word: it contains {shown_bad}; use letters A-Z only."
        )
    lower = raw.lower()
    if game is not None and len(lower) < GAME_MIN_LENGTH[game]:
        n = GAME_MIN_LENGTH[game]
        return verdict(
            False,
            f"{shown} is too short for {GAME_TITLES[game]}: words need at least {n} letters.",
        )
    decided_by, change = lex.decided_by(lower), lex.change(lower)
    if lower not in lex:
        reason = f"{shown} is not in {lex.in_the_list()}."
        if change == "removed":
            reason = f"{shown} is not in {lex.in_the_list()}: {decided_by} removes it."
        elif raw[0].isupper() and not raw.isupper():
            reason += " Proper nouns (names of people and places) are not allowed."
        return verdict(False, reason, decided_by)
    where = f" for {GAME_TITLES[game]}" if game else ""
    added = f"; {decided_by} adds it" if change == "added" else ""
    return verdict(True, f"{shown} is valid{where}: it is in {lex.in_the_list()}{added}.",
                   decided_by)
