"""Exceptions shared by the engines, the CLI and the web app."""

from __future__ import annotations

from collections.abc import Iterable


class CompanionError(Exception):
    """A problem the user can act on; its message is a sentence shown as is."""


class UsageError(CompanionError):
    """Bad input from the user (a file, a date, an option): the CLI exits with status 2."""


class SetupError(UsageError):
    """The command cannot run as the machine is set up (a program, a model or a font it needs
    is missing): the CLI exits with status 2, as for a command misused, and the message says
    what to install or build."""


class PageWordedError(UsageError):
    """A refusal said one way to a program, the command line or the API (``str``: in the
    names and fields it sends, and what to send), and another way to a player on a page
    (:meth:`on_page`: in what the page shows, and what to do there), where the two differ.
    The web app says each in its place (``companion.web.errors.said_on_page``)."""

    def __init__(self, message: str, on_page: str) -> None:
        super().__init__(message)
        self.page_said = on_page

    def on_page(self) -> str:
        """The refusal as a page says it."""
        return self.page_said


class ChoiceError(PageWordedError):
    """A value that is not one of a list of choices, refused naming them: by the names the
    command line and the API take (``str``), or, on a page, by the titles its list shows
    (:meth:`by_title`: "WerdUp, Bug Words" where the names are "werdup, bugwords")."""

    def __init__(self, message: str, titled: str) -> None:
        super().__init__(message, titled)

    def by_title(self) -> str:
        """The refusal naming the choices as a page's list shows them."""
        return self.on_page()


class OtherGameRecord(UsageError):
    """A game record of the other board game than the one it was read for: ``game`` is the
    record's own (``werdup``, ``bugwords``). The engine says what the record is (``what``;
    ``detail``, in brackets after the way out, how it read as the game it is not); the way
    out is said by the caller, which knows what was typed (:meth:`with_way_out`)."""

    def __init__(self, what: str, game: str, detail: str = "") -> None:
        super().__init__(what + (f" ({detail})" if detail else ""))
        self.what, self.game, self.detail = what, game, detail

    def with_way_out(self, way_out: str) -> str:
        """The message with ``way_out`` (what to do instead) after what the record is."""
        return f"{self.what}: {way_out}" + (f" ({self.detail})" if self.detail else "")


def exit_status(error: CompanionError) -> int:
    """The command line's exit status for ``error``: 2 when the input could not be read, the
    command was misused or cannot run as set up (:class:`UsageError`, :class:`SetupError`),
    1 when the input was read and checked and the answer is "no" (a record with an illegal
    play, a word not valid)."""
    return 2 if isinstance(error, UsageError) else 1


class RackError(UsageError):
    """Bad letters typed for one player's rack: ``seat`` is that player's seat, so a page can
    mark that rack's box and no other."""

    def __init__(self, message: str, seat: int) -> None:
        super().__init__(message)
        self.seat = seat


class SquareError(UsageError):
    """Bad input about particular squares of a board (a photo's reading, say): ``squares``
    holds their (row, column) positions from 0, so a page can mark the squares at fault."""

    def __init__(self, message: str, squares: Iterable[tuple[int, int]] = ()) -> None:
        super().__init__(message)
        self.squares: tuple[tuple[int, int], ...] = tuple(squares)
