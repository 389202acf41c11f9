"""The four games by their short names (``--game pdq``) and titles, for every part that
names them; no rules here, so the command line's parsers can list them without loading any
game."""

from __future__ import annotations

GAME_TITLES = {"werdup": "WerdUp", "bugwords": "Bug Words", "girdle": "Word Girdle", "pdq": "PDQ"}
GAMES = tuple(GAME_TITLES)
# What a photo of each game's table shows (and a reading of one, ``read --json``), as a
# sentence names it: "this photo shows a Bug Words board, not a WerdUp board".
GAME_PHOTOS = {"bugwords": "a Bug Words board", "werdup": "a WerdUp board",
               "girdle": "a Word Girdle sheet", "pdq": "a PDQ deal"}
