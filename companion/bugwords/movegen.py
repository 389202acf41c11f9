"""Every legal play for a rack, ranked by score (anchors and cross-checks over a letter trie).

For each line and each anchor (an empty square beside a tile, or the centre on an empty
board) the generator grows a left part from the rack through empty squares that touch
nothing, then extends right through the anchor, following the trie and the cross-checks of
each square (the letters whose perpendicular word is in the list). A blank is only searched
for letters the rack lacks; when a word is found, every way of using the blanks for some of
its new tiles is listed. The search runs in the compiled core ``companion/_movecore.c``; this
module turns a position into its inputs and its records into :class:`GeneratedMove` objects.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import overload

from companion.board import Board, Placement, Position, rack_tile, tile_letters
from companion.bugwords.rules import BugWordsRules, default_rules
from companion.errors import UsageError
from companion.lexicon import Lexicon
from companion.lexicon.trie import Trie, movecore, word_trie
from companion.text import counted
from companion.tiles import BLANK

__all__ = ["GeneratedMove", "Moves", "Trie", "best_moves", "generate_moves", "word_trie"]

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CODE = {ch: k for k, ch in enumerate(LETTERS)}
# One play record of the core: score, down, line, start, end (exclusive), bit masks of the new
# tiles and of the blanks among them (bit k: square start + k), the word's letters.
_RECORD = struct.Struct("<iBBBBII32s")
assert _RECORD.size == movecore.RECORD_SIZE


class GeneratedMove:
    """A legal play: where its main word starts, the word, the new tiles and the score.

    Made from one record of the core; the word and the tiles are worked out when asked for.
    """

    __slots__ = ("score", "across", "_line", "_start", "_end", "_new_mask", "_blank_mask",
                 "_letters")

    def __init__(self, score: int, down: int, line: int, start: int, end: int, new_mask: int,
                 blank_mask: int, letters: bytes) -> None:
        self.score = score
        self.across = not down
        self._line, self._start, self._end = line, start, end
        self._new_mask = new_mask  # bit k: square start + k gets a new tile
        self._blank_mask = blank_mask  # bit k: that new tile is a blank
        self._letters = letters  # the main word's letters, upper case (NUL padded)

    @property
    def _word(self) -> str:
        word = self._letters[: self._end - self._start].decode("ascii")
        if self._blank_mask:
            word = "".join(
                ch.lower() if self._blank_mask >> k & 1 else ch for k, ch in enumerate(word)
            )
        return word

    @property
    def _new(self) -> list[int]:
        """Offsets into the word of the new tiles."""
        return [k for k in range(self._end - self._start) if self._new_mask >> k & 1]

    def _rc(self, j: int) -> tuple[int, int]:
        return (self._line, j) if self.across else (j, self._line)

    @property
    def position(self) -> Position:
        r, c = self._rc(self._start)
        return Position(r, c, self.across)

    @property
    def placements(self) -> tuple[Placement, ...]:
        word = self._word
        return tuple(Placement(*self._rc(self._start + k), word[k]) for k in self._new)

    @property
    def word(self) -> str:
        """The main word, lower case letters for blanks."""
        return self._word

    @property
    def record_word(self) -> str:
        """The word as a game record writes it: ``.`` for tiles already on the board."""
        return "".join(
            ch if self._new_mask >> k & 1 else "." for k, ch in enumerate(self._word)
        )

    @property
    def tiles(self) -> str:
        """The tiles taken from the rack, ``?`` for each blank."""
        word = self._word
        return "".join(rack_tile(word[k]) for k in self._new)

    def __repr__(self) -> str:
        return f"GeneratedMove({self.position} {self.record_word} {self.score})"

    def to_dict(self) -> dict:
        return {
            "position": str(self.position),
            "word": self.word,
            "record": self.record_word,
            "tiles": self.tiles,
            "score": self.score,
        }


class Moves(Sequence[GeneratedMove]):
    """The plays found, best first; each :class:`GeneratedMove` is made when it is looked at."""

    def __init__(self, count: int, records: bytes) -> None:
        self._count = count
        self._records = records

    def _move(self, k: int) -> GeneratedMove:
        return GeneratedMove(*_RECORD.unpack_from(self._records, k * _RECORD.size))

    def __iter__(self) -> Iterator[GeneratedMove]:
        for record in _RECORD.iter_unpack(self._records):
            yield GeneratedMove(*record)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, k: int) -> GeneratedMove: ...

    @overload
    def __getitem__(self, k: slice) -> list[GeneratedMove]: ...

    def __getitem__(self, k: int | slice) -> GeneratedMove | list[GeneratedMove]:
        if isinstance(k, slice):
            return [self._move(i) for i in range(*k.indices(self._count))]
        if k < 0:
            k += self._count
        if not 0 <= k < self._count:
            raise IndexError("move index out of range")
        return self._move(k)

    def __eq__(self, other: object) -> bool:
        return list(self) == other if isinstance(other, list) else NotImplemented

    def __repr__(self) -> str:
        return f"Moves({counted(len(self), 'play')})"


def _parse_rack(rack: str, rules: BugWordsRules) -> tuple[list[int], int]:
    """The rack as a count per letter A-Z and a number of blanks."""
    counts = [0] * len(LETTERS)
    blanks = 0
    for ch in rack.upper():
        if ch == BLANK:
            blanks += 1
        elif ch in rules.tiles.counts and ch in _CODE:
            counts[_CODE[ch]] += 1
        else:
            raise UsageError(f"{ch!r} is not a Bug Words tile: use letters A-Z and ? for a blank")
    return counts, blanks


class _ById:
    """Wraps an unhashable rules object so a cache can key it by identity."""

    __slots__ = ("rules",)

    def __init__(self, rules: BugWordsRules) -> None:
        self.rules = rules

    def __hash__(self) -> int:
        return id(self.rules)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ById) and other.rules is self.rules


@lru_cache(maxsize=8)
def _layout(key: _ById) -> tuple[list[int], list[int], bytes, list[int]]:
    """Letter and word multipliers and start squares, square by square; letter values A-Z."""
    rules = key.rules
    lay = rules.layout
    squares = [(r, c) for r in range(lay.rows) for c in range(lay.cols)]
    return (
        [lay.letter_mult[r][c] for r, c in squares],
        [lay.word_mult[r][c] for r, c in squares],
        bytes((r, c) in lay.starts for r, c in squares),
        [rules.tile_value(ch) for ch in LETTERS],
    )


def _board_arrays(board: Board, rules: BugWordsRules) -> tuple[bytes, list[int]]:
    """Each square's letter code (0-25, or the core's EMPTY / NO_LETTER) and tile value."""
    codes = bytearray([movecore.EMPTY]) * (board.rows * board.cols)
    values = [0] * (board.rows * board.cols)
    for r, c, t in board.squares():
        codes[r * board.cols + c] = _CODE.get(tile_letters(t), movecore.NO_LETTER)
        values[r * board.cols + c] = rules.tile_value(t)
    return bytes(codes), values


def generate_moves(
    board: Board,
    rack: str,
    lexicon: Lexicon,
    rules: BugWordsRules | None = None,
) -> Moves:
    """All legal plays of tiles from ``rack`` (``?`` = blank), best score first.

    Plays with equal scores come in the same order on every run.
    """
    rules = rules or default_rules()
    if (board.rows, board.cols) != (rules.layout.rows, rules.layout.cols):
        raise ValueError("the board and the rules' layout differ in size")
    counts, blanks = _parse_rack(rack, rules)
    trie = word_trie(lexicon, rules.min_word_length)
    letter_mult, word_mult, starts, letter_values = _layout(_ById(rules))
    codes, values = _board_arrays(board, rules)
    count, records = movecore.generate(
        trie, board.rows, board.cols, codes, values, letter_mult, word_mult, starts,
        counts, blanks, letter_values, rules.bingo_tiles, rules.bingo_bonus,
    )
    return Moves(count, records)


def best_moves(board: Board, rack: str, lexicon: Lexicon, rules: BugWordsRules | None = None,
               top: int = 10) -> list[GeneratedMove]:
    """The ``top`` best plays (all of them when ``top`` is 0)."""
    moves = generate_moves(board, rack, lexicon, rules)
    return list(moves) if top <= 0 else moves[:top]
