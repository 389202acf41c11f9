"""WerdUp, the stacking word game: rules, validation, scoring, games, records, move generation.

The names below are loaded on first use, so that importing only the rules (the board's size,
say, from the layout or CAD code) does not load the word list's machinery.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "Game": "game", "Pass": "game", "Play": "game", "Swap": "game",
    "GeneratedPlay": "movegen", "generate_plays": "movegen",
    "parse_play": "notation", "play_notation": "notation",
    "play_between": "observe",
    "replay": "record", "write_record": "record",
    "WerdUpRules": "rules", "get_rules": "rules",
    "IllegalPlay": "validate", "Judgement": "validate", "judge_play": "validate",
    "score_play": "validate",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
