"""A game record's running totals, checked by the record's own arithmetic (both replays).

Each move line records a score and the player's running total after it. Replay checks the
two apart: the score against the one the rules compute (the engine's job), and the total
against the player's total on the line before plus the line's recorded score (this module's).
So one wrong score is reported once, on its line, and does not make every later total of that
player differ; and a wrong addition is reported once, on its total's line, since the next
line adds to the total the record says.
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

    def forget(self) -> None:
        """A note among the moves may stand for points scored without a line: every
        player's next total is taken as the record writes it."""
        self._last = {}

    def check(self, player: str, score: int, total: int) -> int | None:
        """Take ``player``'s line recording ``score`` and ``total``: what the total before it
        and ``score`` add up to when that is not ``total`` (a slip), else None. The next line
        adds to ``total``, so a slip is named once."""
        before = self._last.get(player)
        self._last[player] = total
        if before is not None and before + score != total:
            return before + score
        return None
