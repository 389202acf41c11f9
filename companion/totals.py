"""A game record's running totals, checked by the record's own arithmetic (both replays).

Each move line records a score and the player's running total after it. Replay checks the
two apart: the score against the one the rules compute (the engine's job), and the total
against the player's total on the line before plus the line's recorded score (this module's).
So one wrong score is reported once, on its line, and does not make every later total of that
player differ; and a total that does not add up is reported once, on its line: the player's
next line may add to the total the record says (a wrong addition carried on) or to the one
it should have said (a total miswritten once, the later ones right), and either is no new
slip.
"""

from __future__ import annotations

from collections.abc import Iterable


def total_slip_text(total: int, from_lines: int) -> str:
    """How a replay names a total that does not add up."""
    return f"running total {total}, but {from_lines} by the record's own scores"


class RunningTotals:
    """Each player's running total as the record's lines add it up."""

    def __init__(self, players: Iterable[str]) -> None:
        # None (or absent): not known, after a note that may stand for points scored
        # without a line; the player's next total is then taken as it is
        self._last: dict[str, int | None] = {p: 0 for p in players}
        # after a slip: what the player's slipped total should have been by the lines
        self._mended: dict[str, int] = {}

    def forget(self) -> None:
        """A note among the moves may stand for points scored without a line: every
        player's next total is taken as the record writes it."""
        self._last = {}
        self._mended = {}

    def check(self, player: str, score: int, total: int) -> int | None:
        """Take ``player``'s line recording ``score`` and ``total``: what the total before it
        and ``score`` add up to when that is not ``total`` (a slip), else None. After a slip
        the next line may add to the slipped total or to the one it should have been, so a
        slip is named once."""
        before = self._last.get(player)
        mended = self._mended.pop(player, None)
        self._last[player] = total
        if before is None or before + score == total or (
                mended is not None and mended + score == total):
            return None
        self._mended[player] = before + score
        return before + score
