"""Bug Words, the Scrabble-style game: rules, scoring, validation, games, GCG records, moves.

The names below are loaded on first use, so that importing only the rules (the board's size,
say, from the layout code) does not load the word list's machinery.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "IllegalPlay": "validation", "check_play": "validation",
    "PlayScore": "scoring", "WordScore": "scoring", "score_play": "scoring",
    "BugWordsRules": "rules", "default_rules": "rules",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
