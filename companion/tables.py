"""The game facades by name (see :mod:`companion.play`)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from companion.games import UnknownGame
from companion.play import Table

if TYPE_CHECKING:  # the type checker confirms each facade has every method of a Table
    from companion.bugwords.table import BugWordsTable
    from companion.werdup.table import WerdUpTable

    _FACADE_TYPES: tuple[type[Table], ...] = (WerdUpTable, BugWordsTable)

# game name -> the module and class of its facade (loaded on first use)
_FACADES = {
    "werdup": ("companion.werdup.table", "WerdUpTable"),
    "bugwords": ("companion.bugwords.table", "BugWordsTable"),
}
TABLE_GAMES = tuple(_FACADES)


def table_for(game: str) -> Table:
    """The facade of ``game`` (``werdup`` or ``bugwords``) with its default rules."""
    if game not in _FACADES:
        raise UnknownGame(game, TABLE_GAMES)
    module, name = _FACADES[game]
    facade: type[Table] = getattr(importlib.import_module(module), name)
    return facade()
