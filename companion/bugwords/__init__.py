"""Bug Words, the Scrabble-style game: rules, scoring, validation, games, GCG records, moves."""

from __future__ import annotations

from companion.bugwords.rules import Rules, default_rules
from companion.bugwords.scoring import PlayScore, WordScore, score_play
from companion.bugwords.validation import IllegalPlay, check_play

__all__ = [
    "IllegalPlay",
    "PlayScore",
    "Rules",
    "WordScore",
    "check_play",
    "default_rules",
    "score_play",
]
