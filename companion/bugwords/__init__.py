"""Bug Words, the Scrabble-style game: rules, scoring, validation, games, GCG records, moves.

The names below are loaded on first use, so that importing only the rules (the board's size,
say, from the layout code) does not load the word list's machinery.
"""

from __future__ import annotations

from companion.lazy import names_on_first_use

_HOMES = {
    "IllegalPlay": "validation", "check_play": "validation",
    "PlayScore": "scoring", "WordScore": "scoring", "score_play": "scoring",
    "BugWordsRules": "rules", "default_rules": "rules",
}

__all__ = sorted(_HOMES)


__getattr__ = names_on_first_use(__name__, _HOMES, globals())
