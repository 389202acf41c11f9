"""Vision failures, each with a reason a player can act on."""

from __future__ import annotations

from companion.errors import CompanionError, SetupError, UsageError


class VisionError(CompanionError):
    """The photo was read but the board, sheet or cards could not be made out."""


class NotSetUp(VisionError, SetupError):
    """Reading cannot start as the machine is set up: Tesseract, the tile model or the tiles'
    font is missing (exit status 2, not the photo's fault)."""


class BadPhoto(UsageError):
    """The file is not a usable photo (not an image, truncated, too big or too small)."""


class WrongDocument(VisionError):
    """The photo shows something else the companion knows (another game's printed sheet or
    board, by its markers; a PDQ deal; a commercial Bug Words board): ``shows`` names it
    ("a Word Girdle sheet"), ``wanted`` what was to be read, ``game`` the game that reads it."""

    def __init__(self, shows: str, wanted: str, game: str) -> None:
        super().__init__(f"this photo shows {shows}, not {wanted}")
        self.shows = shows
        self.wanted = wanted
        self.game = game


class ReaderCannotRead(VisionError, UsageError):
    """The letter reader asked for does not read what the photo shows (Tesseract and a
    commercial board's wooden tiles): exit status 2, a reader misused, not a photo without a
    board."""
