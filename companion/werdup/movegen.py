"""Every legal WerdUp play for a rack, stacking included, ranked by score.

Each row and column is walked from every square that starts a word (the square before it is
empty or off the board). Along the way each square either keeps its tile, or takes a rack tile
(on an empty square, or on top of a stack that is not full and shows a different letter). The
lexicon's letter trie prunes the walk; words across the line are checked against per-square
tables. The walk runs in the compiled core ``companion/_movecore.c`` (shared with Bug Words);
this module turns a position into its inputs and its records into plays.
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from companion.board import Board, Placement, Position
from companion.errors import UsageError
from companion.lexicon import Lexicon
from companion.lexicon.trie import movecore, word_trie
from companion.werdup.rules import WerdUpRules

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
QU = "QU"  # what the Qu tile reads (any case)
# One play record of the core: score, down, line, start, end (exclusive), bit mask of the new
# tiles (bit k: square start + k), the word's top tiles as codes (0-25 A-Z, QU_TILE).
_RECORD = struct.Struct("<iBBBBI32s")
assert _RECORD.size == movecore.STACK_RECORD_SIZE


@dataclass(frozen=True)
class GeneratedPlay:
    """A legal play found by the generator: its new tiles, score and how it is written."""

    placements: tuple[Placement, ...]
    score: int
    notation: str

    def key(self) -> frozenset[Placement]:
        return frozenset(self.placements)


def _code(tile: str) -> int:
    """A tile's code in the core: 0-25 for A-Z, QU_TILE for Qu, NO_LETTER for anything else."""
    t = tile.upper()
    if len(t) == 1 and t in LETTERS:
        return ord(t) - 65
    return movecore.QU_TILE if t == QU else movecore.NO_LETTER


def _rules_tuple(rules: WerdUpRules) -> tuple[int, ...]:
    return (
        rules.rack_size, rules.max_height, rules.min_first_word, rules.flat_points,
        rules.stack_points, rules.flat_only_if_whole_word, rules.qu_flat_bonus,
        rules.full_rack_bonus, rules.no_plural_s, rules.no_cover_whole_word,
    )


def generate_plays(
    board: Board, rack: Iterable[str], rules: WerdUpRules, lexicon: Lexicon
) -> list[GeneratedPlay]:
    """All legal plays of tiles from ``rack`` on ``board``, best score first."""
    rack_counts = Counter(rack)
    tile_of: dict[int, str] = {}  # code -> the rack's own spelling of the tile
    counts = [0] * (movecore.QU_TILE + 1)
    for tile, n in rack_counts.items():
        code = _code(tile)
        if tile not in rules.tile_set.counts or code == movecore.NO_LETTER:
            # The rules' tile set is the one list of tiles: a bare Q (the set has only Qu) or
            # a lower-case letter would give plays that judge_play refuses.
            raise UsageError(f"{tile!r} is not a WerdUp tile: use letters A-Z and Qu")
        tile_of.setdefault(code, tile)
        counts[code] += n
    grid: list[list[str | None]] = [[None] * board.cols for _ in range(board.rows)]
    tops = bytearray([movecore.EMPTY]) * (board.rows * board.cols)
    heights = bytearray(board.rows * board.cols)
    for r, c, t in board.squares():
        grid[r][c] = t
        tops[r * board.cols + c] = _code(t)
        heights[r * board.cols + c] = min(board.height(r, c), 255)
    begins = bytes(
        (r, c) in rules.beginning for r in range(board.rows) for c in range(board.cols)
    )
    count, records = movecore.stack_plays(
        word_trie(lexicon), board.rows, board.cols, bytes(tops), bytes(heights), begins, counts,
        _rules_tuple(rules),
    )
    # Squares and tiles along each line: lines[down][line] = [(row, col, tile or None), ...]
    lines = (
        [[(r, c, grid[r][c]) for c in range(board.cols)] for r in range(board.rows)],
        [[(r, c, grid[r][c]) for r in range(board.rows)] for c in range(board.cols)],
    )
    made: dict[tuple[int, int, int], Placement] = {}  # one Placement per square and tile
    plays = []
    for score, down, line, start, end, new_mask, codes in _RECORD.iter_unpack(records):
        squares = lines[down][line]
        placements, written, kept = [], [], False
        for k in range(end - start):
            r, c, tile = squares[start + k]
            if new_mask >> k & 1:
                p = made.get((r, c, codes[k]))
                if p is None:
                    p = made[(r, c, codes[k])] = Placement(r, c, tile_of[codes[k]])
                placements.append(p)
                tile = p.tile
                if kept:  # brackets around the tiles kept from the board
                    written.append(")")
                    kept = False
            elif not kept:
                written.append("(")
                kept = True
            written.append(tile)
        if kept:
            written.append(")")
        r, c, _ = squares[start]
        notation = f"{Position(r, c, not down)} {''.join(written)}"
        plays.append(GeneratedPlay(tuple(placements), score, notation))
    plays.sort(key=lambda p: (-p.score, p.notation))
    return plays
