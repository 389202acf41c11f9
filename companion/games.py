"""The four games by their short names (``--game pdq``) and titles, for every part that
names them; no rules here, so the command line's parsers can list them without loading any
game."""

from __future__ import annotations

GAME_TITLES = {"werdup": "WerdUp", "bugwords": "Bug Words", "girdle": "Word Girdle", "pdq": "PDQ"}
GAMES = tuple(GAME_TITLES)
