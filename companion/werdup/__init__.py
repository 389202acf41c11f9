"""WerdUp, the stacking word game: rules, validation, scoring, games, records, move generation.

The names below are loaded on first use, so that importing only the rules (the board's size,
say, from the layout or CAD code) does not load the word list's machinery.
"""

from __future__ import annotations

from companion.lazy import names_on_first_use

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


__getattr__ = names_on_first_use(__name__, _HOMES, globals())
