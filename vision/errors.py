"""Vision failures, each with a reason a player can act on."""

from __future__ import annotations

from companion.errors import CompanionError, UsageError


class VisionError(CompanionError):
    """The photo was read but the board, sheet or cards could not be made out."""


class BadPhoto(UsageError):
    """The file is not a usable photo (not an image, truncated, too big or too small)."""
