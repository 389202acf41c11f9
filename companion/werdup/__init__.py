"""WerdUp, the stacking word game: rules, validation, scoring, games, records, move generation."""

from companion.werdup.game import Game, Pass, Play, Swap
from companion.werdup.movegen import GeneratedPlay, generate_plays
from companion.werdup.notation import parse_play, play_notation
from companion.werdup.observe import play_between
from companion.werdup.record import replay, write_record
from companion.werdup.rules import Rules, get_rules
from companion.werdup.validate import IllegalPlay, Judgement, judge_play, score_play

__all__ = [
    "Game",
    "GeneratedPlay",
    "IllegalPlay",
    "Judgement",
    "Pass",
    "Play",
    "Rules",
    "Swap",
    "generate_plays",
    "get_rules",
    "judge_play",
    "parse_play",
    "play_between",
    "play_notation",
    "replay",
    "score_play",
    "write_record",
]
