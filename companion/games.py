"""The four games by their short names (``--game pdq``) and titles, for every part that
names them; no rules here, so the command line's parsers can list them without loading any
game."""

from __future__ import annotations

from companion.errors import ChoiceError
from companion.text import listed, quoted

GAME_TITLES = {"werdup": "WerdUp", "bugwords": "Bug Words", "girdle": "Word Girdle", "pdq": "PDQ"}
GAMES = tuple(GAME_TITLES)
# The games played on a board, where a play refused comes off it (PDQ is played with cards,
# Word Girdle on a paper sheet).
BOARD_GAMES = ("werdup", "bugwords")
# What a photo of each game's table shows (and a reading of one, ``read --json``), as a
# sentence names it: "this photo shows a Bug Words board, not a WerdUp board".
GAME_PHOTOS = {"bugwords": "a Bug Words board", "werdup": "a WerdUp board",
               "girdle": "a Word Girdle sheet", "pdq": "a PDQ deal"}


class UnknownGame(ChoiceError):
    """A game not among ``allowed`` (short names), refused naming them: by their short names
    (the command line's and the API's), or by their titles on a page (:meth:`by_title`);
    either way the short names are what is taken."""

    def __init__(self, given: str, allowed: tuple[str, ...] = GAMES) -> None:
        titles = [GAME_TITLES[g] for g in allowed]
        super().__init__(f"Unknown game {quoted(given)}; choose one of {', '.join(allowed)}.",
                         f"Unknown game {quoted(given)}; choose one of "
                         f"{listed(titles, 'or')}.")
