"""Every legal WerdUp play for a rack, stacking included, ranked by score.

Each row and column is walked from every square that starts a word (the square before it is
empty or off the board). Along the way each square either keeps its tile, or takes a rack tile
(on an empty square, or on top of a stack that is not full and shows a different letter). Word
prefixes prune the walk; words across the line are checked against per-square tables.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from companion.board import Board, Placement, Position
from companion.lexicon import Lexicon
from companion.werdup.rules import Rules
from companion.werdup.scoring import play_bonus, word_score


@dataclass(frozen=True)
class GeneratedPlay:
    """A legal play found by the generator: its new tiles, score and how it is written."""

    placements: tuple[Placement, ...]
    score: int
    notation: str

    def key(self) -> frozenset[Placement]:
        return frozenset(self.placements)


# Per lexicon, what each letter string is: 0 no word starts so, 1 a prefix, 3 also a word.
_PREFIX_MEMO: weakref.WeakKeyDictionary[Lexicon, dict[str, int]] = weakref.WeakKeyDictionary()
IS_PREFIX, IS_WORD = 1, 2


def _prefix_memo(lexicon: Lexicon) -> Callable[[str], int]:
    """Prefix-and-word flags of a lower-case string, remembered for the life of the lexicon."""
    memo = _PREFIX_MEMO.setdefault(lexicon, {})

    def flags(text: str) -> int:
        ans = memo.get(text)
        if ans is None:
            ans = (IS_PREFIX if lexicon.has_prefix(text) else 0) | (
                IS_WORD if text in lexicon else 0
            )
            memo[text] = ans
        return ans

    return flags


class _Cross:
    """For one square and direction: which tiles make a valid word across the line, and points."""

    __slots__ = ("before", "after", "heights_before", "heights_after", "cache")

    def __init__(self, before: list[str], after: list[str], hb: list[int], ha: list[int]):
        self.before, self.after = before, after
        self.heights_before, self.heights_after = hb, ha
        self.cache: dict[str, int | None] = {}


def _cross_tables(board: Board, across: bool) -> list[list[_Cross | None]]:
    """Per square, the tiles just before and after it perpendicular to a play ``across``."""
    dr, dc = (1, 0) if across else (0, 1)
    out: list[list[_Cross | None]] = []
    for r in range(board.rows):
        row: list[_Cross | None] = []
        for c in range(board.cols):
            before, hb = [], []
            rr, cc = r - dr, c - dc
            while (t := board.get(rr, cc)) is not None:
                before.append(t)
                hb.append(board.height(rr, cc))
                rr, cc = rr - dr, cc - dc
            after, ha = [], []
            rr, cc = r + dr, c + dc
            while (t := board.get(rr, cc)) is not None:
                after.append(t)
                ha.append(board.height(rr, cc))
                rr, cc = rr + dr, cc + dc
            if before or after:
                before.reverse()
                hb.reverse()
                row.append(_Cross(before, after, hb, ha))
            else:
                row.append(None)
        out.append(row)
    return out


def _cross_score(
    cross: _Cross, tile: str, height: int, rules: Rules, lexicon: Lexicon
) -> int | None:
    """Points for the word across the line made by ``tile`` (new height ``height``), or None."""
    if tile in cross.cache:
        return cross.cache[tile]
    tiles = [*cross.before, tile, *cross.after]
    word = "".join(tiles)
    score = None
    if word in lexicon:
        score = word_score(tiles, [*cross.heights_before, height, *cross.heights_after], rules)
    cross.cache[tile] = score
    return score


class _LineWalker:
    """Finds the plays whose main word lies in one row or column."""

    def __init__(
        self,
        board: Board,
        rules: Rules,
        lexicon: Lexicon,
        rack_counts: Counter[str],
        found: dict[frozenset[Placement], GeneratedPlay],
        across: bool,
        line: int,
        crosses: list[list[_Cross | None]],
    ) -> None:
        self.board, self.rules, self.lexicon = board, rules, lexicon
        self.rack_counts, self.found, self.across = rack_counts, found, across
        self.first = board.is_empty()
        n_len = board.cols if across else board.rows
        self.n_len = n_len
        self.cells = [(line, k) if across else (k, line) for k in range(n_len)]
        self.tops = [board.get(r, c) for r, c in self.cells]
        self.heights = [board.height(r, c) for r, c in self.cells]
        self.cross_line = [crosses[r][c] for r, c in self.cells]
        self.begins = [(r, c) in rules.beginning for r, c in self.cells]
        self.word_tiles: list[str] = []
        self.word_heights: list[int] = []
        self.word_new: list[bool] = []
        self.placed: list[Placement] = []
        self.flags = _prefix_memo(lexicon)
        self.left = sum(rack_counts.values())
        # gap[k]: empty squares from k on before one that could join the play to the board
        # (a tile, or a square with tiles beside it; on the first play, a beginning square).
        hooks = (
            self.begins
            if self.first
            else [t is not None or x is not None for t, x in zip(self.tops, self.cross_line,
                                                                   strict=True)]
        )
        big = n_len + 1
        self.gap = [big] * (n_len + 1)
        for k in range(n_len - 1, -1, -1):
            self.gap[k] = 0 if hooks[k] else min(big, self.gap[k + 1] + 1)

    def worth_walking(self) -> bool:
        """False for a line with no tiles on or beside it (after the first play)."""
        if self.first:
            return any(self.begins)
        return any(t is not None for t in self.tops) or any(
            x is not None for x in self.cross_line
        )

    def run(self) -> None:
        for start in range(self.n_len):
            if start > 0 and self.tops[start - 1] is not None:
                continue
            self._walk(start, start, "", 0, False, False)

    def _walk(
        self, k: int, start: int, prefix: str, cross_total: int, joined: bool, covers: bool
    ) -> None:
        if not joined and not covers and self.gap[k] > self.left:
            return  # the rack runs out before the word can reach the board
        top, h = self.tops[k], self.heights[k]
        rack = self.rack_counts
        cross = self.cross_line[k]
        last = k + 1 == self.n_len
        ends_here = last or self.tops[k + 1] is None
        go_on = not last and (self.tops[k + 1] is not None or self.left > 0)
        options = [top] if top is not None else []
        if h < self.rules.max_height:
            options.extend(t for t, n in rack.items() if n and t != top)
        for tile in options:
            new = tile is not top
            extra = 0
            joined2 = joined or top is not None
            if new and cross is not None:
                cs = cross.cache[tile] if tile in cross.cache else _cross_score(
                    cross, tile, h + 1, self.rules, self.lexicon
                )
                if cs is None:
                    continue
                extra = cs
                joined2 = True
            p2 = prefix + tile.lower()
            flags = self.flags(p2)
            if not flags:
                continue
            if new:
                rack[tile] -= 1
                self.left -= 1
                r, c = self.cells[k]
                self.placed.append(Placement(r, c, tile))
            self.word_tiles.append(tile)
            self.word_heights.append(h + 1 if new else h)
            self.word_new.append(new)
            covers2 = covers or (new and self.begins[k])
            if ends_here and flags & IS_WORD and self.placed and len(self.word_tiles) >= 2:
                self._record(k, start, cross_total + extra, joined2, covers2)
            if go_on and flags & IS_PREFIX and (self.left > 0 or self.tops[k + 1] is not None):
                self._walk(k + 1, start, p2, cross_total + extra, joined2, covers2)
            self.word_tiles.pop()
            self.word_heights.pop()
            self.word_new.pop()
            if new:
                self.placed.pop()
                rack[tile] += 1
                self.left += 1

    def _record(self, end: int, start: int, cross_total: int, joined: bool, covers: bool) -> None:
        rules, placed = self.rules, self.placed
        if self.first:
            if not covers or len(self.word_tiles) < rules.min_first_word:
                return
        elif not joined:
            return
        if len(placed) == 1:
            p = placed[0]
            idx = p.col if self.across else p.row
            if not self.across and self.cross_line[idx] is not None:
                return  # the same play was found reading across
            if (
                rules.no_plural_s
                and p.tile == "S"
                and self.tops[idx] is None
                and idx == end
                and self.cross_line[idx] is None
                and len(self.word_tiles) >= 3
            ):
                return
        if rules.no_cover_whole_word and self._covers_run(start, end):
            return
        key = frozenset(placed)
        if key not in self.found:
            score = (
                word_score(self.word_tiles, self.word_heights, rules)
                + cross_total
                + play_bonus(len(placed), rules)
            )
            self.found[key] = GeneratedPlay(tuple(placed), score, self._notation(start))

    def _notation(self, start: int) -> str:
        """The play written as ``POSITION WORD`` with kept tiles in brackets."""
        out, kept = [], False
        for tile, new in zip(self.word_tiles, self.word_new, strict=True):
            if new == kept:
                out.append(")" if kept else "(")
                kept = not kept
            out.append(tile)
        if kept:
            out.append(")")
        r, c = self.cells[start]
        return f"{Position(r, c, self.across)} {''.join(out)}"

    def _covers_run(self, start: int, end: int) -> bool:
        """True if every tile of an existing word along the line gets a new tile on top."""
        stacked = {(p.row, p.col) for p in self.placed if self.tops[self._index(p)] is not None}
        k = start
        while k <= end:
            if self.tops[k] is None:
                k += 1
                continue
            j = k
            while j <= end and self.tops[j] is not None:
                j += 1
            if j - k >= 2 and all(self.cells[i] in stacked for i in range(k, j)):
                return True
            k = j
        return False

    def _index(self, p: Placement) -> int:
        return p.col if self.across else p.row


def generate_plays(
    board: Board, rack: Iterable[str], rules: Rules, lexicon: Lexicon
) -> list[GeneratedPlay]:
    """All legal plays of tiles from ``rack`` on ``board``, best score first."""
    rack_counts = Counter(rack)
    found: dict[frozenset[Placement], GeneratedPlay] = {}
    for across in (True, False):
        crosses = _cross_tables(board, across)
        for line in range(board.rows if across else board.cols):
            walker = _LineWalker(board, rules, lexicon, rack_counts, found, across, line, crosses)
            if walker.worth_walking():
                walker.run()
    plays = list(found.values())
    plays.sort(key=lambda p: (-p.score, p.notation))
    return plays


def best_plays(
    board: Board, rack: Sequence[str], rules: Rules, lexicon: Lexicon, top: int = 10
) -> list[GeneratedPlay]:
    """The ``top`` highest-scoring plays."""
    return generate_plays(board, rack, rules, lexicon)[:top]
