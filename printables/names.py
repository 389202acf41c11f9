"""The file name of every printable, one rule for the command line (``companion print``, its
default names) and the web app (the print shop's and the Girdle pages' downloads, and the
files it keeps): the same PDF has the same name from both. Each function gives the name
without its ending (``score-sheet-bugwords-2p-letter``): the PDF adds ``.pdf``, the web
app's previews of it their own endings. A name says every choice that changes the PDF, and
a choice that changes nothing is not in it (the regular PDQ game's sheet, a game's default
number of players: the same PDF as the one named by number)."""

from __future__ import annotations

import datetime as dt


def girdle_sheet_name(day: dt.date, paper: str, answers: bool = False) -> str:
    """The day's Word Girdle sheet, or its answer key: ``girdle-2026-11-29-letter``,
    ``girdle-2026-11-29-answers-letter``."""
    return f"girdle-{day.isoformat()}{'-answers' if answers else ''}-{paper}"


def score_sheet_name(game: str, players: int | None, variant: str | None, paper: str) -> str:
    """A score sheet of ``game`` for ``players`` (None: the game's default, named by its
    number), of the PDQ ``variant`` (None or the regular game: not named):
    ``score-sheet-bugwords-2p-letter``, ``score-sheet-pdq-younger-3p-letter``."""
    from companion.pdq.variants import DEFAULT_VARIANT, get_variant
    from printables.score_sheets import SPECS

    count = SPECS[game].default_players if players is None else players
    named = get_variant(variant).name if variant is not None else DEFAULT_VARIANT
    played = "" if named == DEFAULT_VARIANT else f"-{named}"
    return f"score-sheet-{game}{played}-{count}p-{paper}"


def deck_name(variant: str | None, paper: str, backs: bool = False) -> str:
    """The PDQ deck of ``variant`` (None: the regular deck), or its backs:
    ``pdq-deck-letter``, ``pdq-deck-four-score-backs-a4``."""
    return f"pdq-deck{f'-{variant}' if variant else ''}{'-backs' if backs else ''}-{paper}"


def board_name(game: str, paper: str) -> str:
    """A paper board: ``board-werdup-a3``."""
    return f"board-{game}-{paper}"


def tiles_name(game: str, paper: str) -> str:
    """A game's paper tiles: ``tiles-bugwords-letter``."""
    return f"tiles-{game}-{paper}"
