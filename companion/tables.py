"""The game facades by name (see :mod:`companion.play`)."""

from __future__ import annotations

from companion.errors import UsageError
from companion.play import Table

TABLE_GAMES = ("werdup", "bugwords")


def table_for(game: str) -> Table:
    """The facade of ``game`` (``werdup`` or ``bugwords``) with its default rules."""
    if game == "werdup":
        from companion.werdup.table import WerdUpTable

        return WerdUpTable()
    if game == "bugwords":
        from companion.bugwords.table import BugWordsTable

        return BugWordsTable()
    raise UsageError(f"Unknown game {game!r}; choose one of {', '.join(TABLE_GAMES)}.")
