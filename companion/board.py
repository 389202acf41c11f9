"""The grid shared by the board games (Bug Words, WerdUp): squares, coordinates, words formed.

Conventions
-----------
- Rows and columns are 0-based inside the code. Players name squares as in Scrabble notation:
  rows are numbers from 1 (top), columns are letters from A (left). ``8D`` starts a word at
  row 8, column D reading across; ``D8`` starts it there reading down. One square is ``8D``.
- A *tile* is a non-empty string: ``"A"`` is a letter tile, a lower-case ``"a"`` is a blank
  played as A, ``"Qu"`` is WerdUp's one tile reading QU. :func:`tile_letters` gives what a tile
  reads (``"A"``, ``"QU"``).
- Each square holds its top tile (or ``None``) and a stack height (0 when empty). Bug Words
  never stacks (height 0 or 1); WerdUp stacks up to 5 high.
- Board text: one line per row. Compact form has one character per square (``.`` empty,
  a letter, lower case for a blank). When a square needs more (``Qu``, a stack higher than 1),
  the row is written as space-separated tokens: ``.``, ``E``, ``E3`` (E on a stack of 3),
  ``Qu2``. :meth:`Board.from_text` reads both forms (mixed per line) and :meth:`Board.to_text`
  writes the compact form whenever it can.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from companion.datafiles import read_grid
from companion.decimals import whole_from
from companion.errors import CompanionError, UsageError
from companion.text import counted, quoted, shown
from companion.tiles import BLANK

COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = COLUMN_LETTERS


class PlayError(CompanionError):
    """A play cannot be made as written; the message says why in a player's words, and
    ``squares`` holds the (row, column) positions from 0 of the squares it is about, if any,
    so a page can mark them."""

    def __init__(self, message: str, squares: Iterable[tuple[int, int]] = ()) -> None:
        super().__init__(message)
        self.squares: tuple[tuple[int, int], ...] = tuple(squares)


class NotOneLine(PlayError):
    """New tiles that are not all in one row or one column (:meth:`Board.play_line`): no one
    play puts them down; ``squares`` holds every one of them."""


class NotationError(PlayError, UsageError):
    """A play's text is not in the notation's form (a position that is no square's name, a
    word with a character no tile has): unreadable, so a :class:`UsageError` (exit status 2),
    where a plain :class:`PlayError` is a play read and refused by the board (off it, over a
    different tile): an illegal play (exit status 1). This is the one place that tells the
    two apart; the commands and the replays of records follow it."""


# -- tiles ------------------------------------------------------------------------------------


def no_new_tile(play: str = "the play") -> str:
    """Why a play that puts no new tile on the board is refused, in either game (``play``
    names it, e.g. "the play 8G CAT"; every letter of it was already there)."""
    return f"{play} puts no new tile on the board"


def tile_letters(tile: str) -> str:
    """What a tile reads, upper case: ``"a"`` (blank as A) -> ``"A"``; ``"Qu"`` -> ``"QU"``."""
    return tile.upper()


def is_blank(tile: str) -> bool:
    """True for a blank tile, written as a lower-case letter."""
    return tile[:1].islower()


def rack_tile(tile: str) -> str:
    """The rack's tile a tile on the board came from: ``?`` for a blank, else the tile."""
    return BLANK if is_blank(tile) else tile


# -- coordinates ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """Where a word starts and which way it reads (0-based row and column)."""

    row: int
    col: int
    across: bool

    def __str__(self) -> str:
        r, c = str(self.row + 1), COLUMN_LETTERS[self.col]
        return r + c if self.across else c + r

    def step(self, k: int) -> tuple[int, int]:
        """The square ``k`` squares along the word from its start."""
        return (self.row, self.col + k) if self.across else (self.row + k, self.col)


# ASCII digits and letters only: a regular expression's \d (and int()) also take '٥' or '５'
_POS_ACROSS = re.compile(r"^([0-9]{1,2})([A-Za-z])$")
_POS_DOWN = re.compile(r"^([A-Za-z])([0-9]{1,2})$")


def parse_position(text: str, rows: int = 15, cols: int = 15) -> Position:
    """Read ``8D`` (row 8, column D, across) or ``D8`` (down); raises :class:`PlayError`."""
    t = text.strip()
    m = _POS_ACROSS.match(t)
    if m:
        row, col, across = int(m.group(1)) - 1, COLUMN_LETTERS.index(m.group(2).upper()), True
    else:
        m = _POS_DOWN.match(t)
        if not m:
            raise NotationError(
                f"{quoted(text)} is not a board position: write row then column for across "
                "(8D) or column then row for down (D8)"
            )
        row, col, across = int(m.group(2)) - 1, COLUMN_LETTERS.index(m.group(1).upper()), False
    if not (0 <= row < rows and 0 <= col < cols):
        last = COLUMN_LETTERS[cols - 1]
        raise PlayError(f"{text} is off the board ({counted(rows, 'row')}, columns A-{last})")
    return Position(row, col, across)


def column_name(col: int) -> str:
    """A column's name as the board and its plays name it, a letter: ``3`` -> ``"D"`` (the
    D of ``8D``; "row 8, column D" wherever a square is said in words)."""
    return COLUMN_LETTERS[col]


def square_name(row: int, col: int) -> str:
    """A square's name, row number then column letter: ``(7, 3)`` -> ``"8D"``."""
    return f"{row + 1}{column_name(col)}"


def runs_through(grid: Sequence[Sequence[str]], row: int, col: int) -> list[list[tuple[int, int]]]:
    """The runs of two or more filled squares of ``grid`` (rows of strings, ``""`` for an
    empty square) through (``row``, ``col``): across, then down; none through an empty one."""
    rows, cols = len(grid), len(grid[0])
    out: list[list[tuple[int, int]]] = []
    if not grid[row][col]:
        return out
    for dr, dc in ((0, 1), (1, 0)):
        r, c = row, col
        while 0 <= r - dr and 0 <= c - dc and grid[r - dr][c - dc]:
            r, c = r - dr, c - dc
        cells = []
        while r < rows and c < cols and grid[r][c]:
            cells.append((r, c))
            r, c = r + dr, c + dc
        if len(cells) >= 2:
            out.append(cells)
    return out

# -- premium layouts --------------------------------------------------------------------------

# Characters of a layout file: (letter multiplier, word multiplier, start square).
LAYOUT_CODES: dict[str, tuple[int, int, bool]] = {
    ".": (1, 1, False),
    "d": (2, 1, False),
    "t": (3, 1, False),
    "D": (1, 2, False),
    "T": (1, 3, False),
    "*": (1, 2, True),
    "o": (1, 1, True),  # a start square with no premium (WerdUp's beginning squares)
}


@dataclass(frozen=True)
class Layout:
    """A board's shape, premium squares and start squares (the first play covers one)."""

    rows: int
    cols: int
    letter_mult: tuple[tuple[int, ...], ...]
    word_mult: tuple[tuple[int, ...], ...]
    starts: frozenset[tuple[int, int]]

    @classmethod
    def from_lines(cls, lines: Sequence[str]) -> Layout:
        """A layout from ASCII-art rows using :data:`LAYOUT_CODES`."""
        if not lines or len({len(ln) for ln in lines}) != 1:
            raise ValueError("a layout needs rows of equal length")
        lm, wm, starts = [], [], set()
        for r, line in enumerate(lines):
            lrow, wrow = [], []
            for c, ch in enumerate(line):
                if ch not in LAYOUT_CODES:
                    raise ValueError(f"unknown layout character {ch!r} in row {r + 1}")
                lmul, wmul, start = LAYOUT_CODES[ch]
                lrow.append(lmul)
                wrow.append(wmul)
                if start:
                    starts.add((r, c))
            lm.append(tuple(lrow))
            wm.append(tuple(wrow))
        return cls(len(lines), len(lines[0]), tuple(lm), tuple(wm), frozenset(starts))

    @classmethod
    def from_data(cls, name: str) -> Layout:
        """A layout shipped in ``companion/data`` (e.g. ``"bugwords-board.txt"``)."""
        return cls.from_lines(read_grid(name))

    @classmethod
    def plain(cls, rows: int, cols: int, starts: Iterable[tuple[int, int]] = ()) -> Layout:
        """A board with no premium squares."""
        ones = tuple(tuple(1 for _ in range(cols)) for _ in range(rows))
        return cls(rows, cols, ones, ones, frozenset(starts))


# -- plays and words --------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """One new tile put on a square (on top of any tile already there, in WerdUp)."""

    row: int
    col: int
    tile: str


@dataclass(frozen=True)
class WordCell:
    """One square of a word as it reads after the play."""

    row: int
    col: int
    tile: str
    height: int
    new: bool


@dataclass(frozen=True)
class FormedWord:
    """A run of two or more tiles touched by a play, with which squares are new."""

    cells: tuple[WordCell, ...]
    across: bool

    @property
    def text(self) -> str:
        """The word as it reads, upper case (``"QUIT"``)."""
        return "".join(tile_letters(c.tile) for c in self.cells)

    @property
    def position(self) -> Position:
        return Position(self.cells[0].row, self.cells[0].col, self.across)

    @property
    def new_cells(self) -> tuple[WordCell, ...]:
        return tuple(c for c in self.cells if c.new)

    @property
    def shown(self) -> str:
        """The word as the game's notation shows it to a player: as :attr:`text` reads, but a
        blank's letter in lower case (the GCG convention), so ``BId`` where the D is a blank
        and scores nothing."""
        return "".join(c.tile if is_blank(c.tile) else tile_letters(c.tile) for c in self.cells)

    @property
    def record_word(self) -> str:
        """The word as a play is written (:func:`split_word` reads it back): ``.`` for each
        tile already on the board, the new tiles as placed (lower case for a blank)."""
        return "".join(c.tile if c.new else "." for c in self.cells)


def split_word(word: str, digraphs: Collection[str] = ()) -> list[str | None]:
    """Split a written play into tiles: ``None`` for a square played through.

    ``.`` marks a tile already on the board, as do letters in parentheses (``WO(R)D``).
    Lower-case letters are blanks. ``digraphs`` are multi-letter tiles (``{"Qu"}``), matched
    without regard to case and returned as given.
    """
    out: list[str | None] = []
    through = False
    i = 0
    by_len = sorted(digraphs, key=len, reverse=True)
    while i < len(word):
        ch = word[i]
        if ch == "(" or ch == ")":
            if through != (ch == ")"):  # C(A, CA), C((A)): a bracket left open or never opened
                raise NotationError(f"{quoted(word)} has an unmatched {ch!r}: put the letters "
                                    "already on the board in brackets, as WO(R)D")
            through = ch == "("
            i += 1
            continue
        if ch == ".":
            out.append(None)
            i += 1
            continue
        if not ch.isalpha():
            raise NotationError(f"{quoted(word)} has {ch!r}: write letters, '.' for tiles "
                                "already down")
        tile = ch
        for d in by_len:
            if word[i : i + len(d)].upper() == d.upper():
                tile = d
                break
        out.append(None if through else tile)
        i += len(tile)
    if through:
        raise NotationError(f"{quoted(word)} has an unmatched '(': put the letters already on "
                            "the board in brackets, as WO(R)D")
    return out


def _check_size(height: int, width: int, rows: int | None, cols: int | None,
                other_sizes: Mapping[tuple[int, int], str]) -> None:
    """Refuse board text ``height`` x ``width`` squares when ``rows`` x ``cols`` are wanted
    (None: any), saying what a board of another game's size is (``other_sizes``)."""
    wrong = (rows is not None and height != rows) or (cols is not None and width != cols)
    if wrong and (said := other_sizes.get((height, width))):
        raise PlayError(f"the board text has {counted(height, 'row')} of "
                        f"{counted(width, 'square')}, expected {rows} of {cols}; {said}")
    if rows is not None and height != rows:
        raise PlayError(f"the board text has {counted(height, 'row')}, expected {rows}")
    if cols is not None and width != cols:
        raise PlayError(f"the board text has {counted(width, 'column')}, expected {cols}")


def _read_square(tok: str, lineno: int, max_height: int | None = None,
                 where: tuple[int, int] = (0, 0)) -> tuple[str | None, int]:
    """One square of board text: ``(tile, stack height)``, ``(None, 0)`` when empty; a
    height below 1 or over ``max_height`` (None: no limit) is refused, saying the range. Under
    a ``max_height`` of 1 (a game that never stacks) any other height is refused naming the
    square, at ``where`` (row, column from 0), and how to write it."""
    if tok in (".", "-", "_"):
        return None, 0
    m = re.fullmatch(r"([A-Za-z]+)([0-9]*)", tok)  # ASCII digits only, as for positions
    if not m:
        raise PlayError(f"board text line {lineno}: cannot read square {quoted(tok)}")
    try:
        h = whole_from(m.group(2)) if m.group(2) else 1
    except ValueError as exc:
        raise PlayError(f"board text line {lineno}: the stack height of {quoted(tok)}: "
                        f"{exc}") from exc
    if max_height == 1 and h != 1:
        # "a stack is 1 to 1 tile high" would speak of stacks to a game that has none
        row, col = where
        square = (square_name(row, col) if col < len(COLUMN_LETTERS)
                  else f"{col + 1} of row {row + 1}")
        raise PlayError(f"board text line {lineno}: square {square} is written {quoted(tok)}, "
                        f"a stack height of {h}, but a square holds one tile, never a stack: "
                        f"write {quoted(m.group(1))}", [where])
    if h < 1 or (max_height is not None and h > max_height):
        # "is 0" alone did not say what a height can be
        heights = ("at least 1 tile high" if max_height is None
                   else f"1 to {counted(max_height, 'tile')} high")
        raise PlayError(f"board text line {lineno}: the stack height of {quoted(tok)} is {h}; "
                        f"a stack is {heights}")
    return m.group(1), h


class Board:
    """A grid of squares, each with a top tile (or ``None``) and a stack height."""

    def __init__(self, rows: int = 15, cols: int = 15) -> None:
        if not (1 <= rows <= 99 and 1 <= cols <= len(COLUMN_LETTERS)):
            raise ValueError(f"unsupported board size {rows}x{cols}")
        self.rows = rows
        self.cols = cols
        self._tiles: list[list[str | None]] = [[None] * cols for _ in range(rows)]
        self._heights: list[list[int]] = [[0] * cols for _ in range(rows)]

    # -- squares ------------------------------------------------------------------------------
    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def get(self, row: int, col: int) -> str | None:
        """The top tile on a square, or ``None`` if it is empty (or off the board)."""
        if not self.on_board(row, col):
            return None
        return self._tiles[row][col]

    def height(self, row: int, col: int) -> int:
        """How many tiles are stacked on a square (0 when empty)."""
        return self._heights[row][col] if self.on_board(row, col) else 0

    def set(self, row: int, col: int, tile: str | None, height: int | None = None) -> None:
        """Put ``tile`` on a square as its top tile (``None`` empties it).

        ``height`` defaults to 1 for a tile and 0 for ``None``.
        """
        if not self.on_board(row, col):
            raise PlayError(f"square {row + 1},{col + 1} is off the board")
        if tile is None:
            self._tiles[row][col], self._heights[row][col] = None, 0
            return
        h = 1 if height is None else height
        if h < 1:
            raise ValueError("a square with a tile has height 1 or more")
        self._tiles[row][col], self._heights[row][col] = tile, h

    def occupied(self, row: int, col: int) -> bool:
        return self.get(row, col) is not None

    def is_empty(self) -> bool:
        return all(t is None for row in self._tiles for t in row)

    def squares(self) -> Iterator[tuple[int, int, str]]:
        """Every occupied square as ``(row, col, tile)``, row by row."""
        for r in range(self.rows):
            for c in range(self.cols):
                t = self._tiles[r][c]
                if t is not None:
                    yield r, c, t

    def copy(self) -> Board:
        b = Board(self.rows, self.cols)
        b._tiles = [row[:] for row in self._tiles]
        b._heights = [row[:] for row in self._heights]
        return b

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board)
            and self._tiles == other._tiles
            and self._heights == other._heights
        )

    def __repr__(self) -> str:
        return f"Board({self.rows}x{self.cols}, {counted(sum(1 for _ in self.squares()), 'tile')})"

    # -- text ---------------------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str, rows: int | None = None, cols: int | None = None,
                  max_height: int | None = None,
                  other_sizes: Mapping[tuple[int, int], str] | None = None) -> Board:
        """Read board text (see the module notes); ``#`` lines and blank lines are skipped.

        ``rows``/``cols``, when given, are checked so a player hears what is wrong, and so
        is ``max_height``, the tallest stack the game's rules allow (None: no limit; 1, as
        in Bug Words, refuses a stack, naming its square). ``other_sizes`` says, by its
        (rows, columns), what a board of another game's size is and what to do with it
        ("this looks like a WerdUp board ..."), after the count of rows or columns.
        """
        grid: list[list[tuple[str | None, int]]] = []
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            tokens = line.split() if " " in line else list(line)
            if " " not in line and any(ch.isdigit() for ch in line):
                digit = next(ch for ch in line if ch.isdigit())
                # where no square stacks, writing the height apart would be refused too
                stacks = ("" if max_height == 1 else " (a WerdUp stack height, as in E3, "
                          "needs the squares of its line separated by spaces, like '. E3 A .')")
                raise PlayError(f"board text line {lineno} has the digit {digit!r}: squares "
                                f"hold letters, '.' when empty{stacks}")
            grid.append([_read_square(tok, lineno, max_height, (len(grid), col))
                         for col, tok in enumerate(tokens)])
        if not grid:
            raise PlayError("the board text is empty")
        width = len(grid[0])
        for i, row in enumerate(grid):
            if len(row) != width:
                raise PlayError(
                    f"board text row {i + 1} has {counted(len(row), 'square')}, row 1 has "
                    f"{width}")
        _check_size(len(grid), width, rows, cols, other_sizes or {})
        b = cls(len(grid), width)
        for r, row in enumerate(grid):
            for c, (tile, h) in enumerate(row):
                if tile is not None:
                    b.set(r, c, tile, h)
        return b

    def to_text(self) -> str:
        """Board text, compact where a row allows it; ends with a newline."""
        lines = []
        for r in range(self.rows):
            cells = []
            for c in range(self.cols):
                t, h = self._tiles[r][c], self._heights[r][c]
                cells.append("." if t is None else t + (str(h) if h > 1 else ""))
            compact = all(len(x) == 1 for x in cells)
            lines.append("".join(cells) if compact else " ".join(cells))
        return "\n".join(lines) + "\n"

    # -- plays --------------------------------------------------------------------------------
    def tiles_for_play(
        self,
        pos: Position,
        word: str,
        *,
        stacking: bool = False,
        digraphs: Collection[str] = (),
    ) -> list[Placement]:
        """The new tiles of a play written as a position and a word.

        A ``.`` (or a letter in parentheses) is a tile already on the board. Without
        ``stacking`` a letter written over an occupied square must match the tile there and is
        read as played through. With ``stacking`` (WerdUp) a letter different from the top tile
        is a new tile on the stack; the same letter is played through.
        """
        tiles = split_word(word, digraphs)
        if not tiles:
            raise PlayError("the play has no letters")
        out = []
        for k, tile in enumerate(tiles):
            r, c = pos.step(k)
            if not self.on_board(r, c):
                raise PlayError(f"the play {pos} {shown(word)} runs off the board")
            here = self.get(r, c)
            if tile is None:
                if here is None:
                    raise PlayError(
                        f"the play {pos} {shown(word)}: square {square_name(r, c)} is empty, so it "
                        "needs a new letter ('.' and letters in brackets are tiles already there)"
                    )
                continue
            if here is None:
                out.append(Placement(r, c, tile))
            elif tile_letters(here) == tile_letters(tile):
                continue
            elif stacking:
                out.append(Placement(r, c, tile))
            else:
                raise PlayError(
                    f"the play {pos} {shown(word)}: square {square_name(r, c)} already holds "
                    f"{tile_letters(here)}, not {tile_letters(tile)}"
                )
        return out

    def play_line(self, placements: Sequence[Placement]) -> tuple[bool, int, int, int]:
        """Check new tiles lie in one line with no gap: ``(across, line, first, last)``.

        ``line`` is the row (across) or column (down); ``first``..``last`` span the new tiles.
        A single tile reads across. Raises :class:`PlayError` with the reason.
        """
        if not placements:
            raise PlayError(no_new_tile())
        seen = set()
        for p in placements:
            if not self.on_board(p.row, p.col):
                raise PlayError(f"square {p.row + 1},{p.col + 1} is off the board")
            if (p.row, p.col) in seen:
                raise PlayError(f"two tiles are on square {square_name(p.row, p.col)}",
                                [(p.row, p.col)])
            seen.add((p.row, p.col))
        rows = {p.row for p in placements}
        cols = {p.col for p in placements}
        if len(rows) == 1:
            across, line, idx = True, next(iter(rows)), sorted(cols)
        elif len(cols) == 1:
            across, line, idx = False, next(iter(cols)), sorted(rows)
        else:
            # (its squares: a page marks them, so a tile read from a photo off the line shows)
            raise NotOneLine("all the tiles of a play must be in one row or one column",
                             sorted((p.row, p.col) for p in placements))
        for k in range(idx[0], idx[-1] + 1):
            r, c = (line, k) if across else (k, line)
            if (r, c) not in seen and not self.occupied(r, c):
                raise PlayError(f"there is a gap in the word at {square_name(r, c)}", [(r, c)])
        return across, line, idx[0], idx[-1]

    def words_formed(self, placements: Sequence[Placement]) -> list[FormedWord]:
        """Every word (run of 2+ tiles) the play makes or changes, main word first.

        The main word runs along the play; then one cross word per new tile that has
        neighbours across the line. A single tile's main word is its across run if that has 2+
        tiles, else its down run. The board itself is not changed.
        """
        across, line, first, _last = self.play_line(placements)
        new = {(p.row, p.col): p.tile for p in placements}

        def top(r: int, c: int) -> tuple[str, int] | None:
            if (r, c) in new:
                return new[(r, c)], self.height(r, c) + 1
            t = self.get(r, c)
            return None if t is None else (t, self.height(r, c))

        def run(r: int, c: int, run_across: bool) -> FormedWord | None:
            dr, dc = (0, 1) if run_across else (1, 0)
            while self.on_board(r - dr, c - dc) and top(r - dr, c - dc) is not None:
                r, c = r - dr, c - dc
            cells = []
            while self.on_board(r, c) and (t := top(r, c)) is not None:
                cells.append(WordCell(r, c, t[0], t[1], (r, c) in new))
                r, c = r + dr, c + dc
            return FormedWord(tuple(cells), run_across) if len(cells) >= 2 else None

        r0, c0 = (line, first) if across else (first, line)
        words = []
        if len(placements) == 1:
            main = run(r0, c0, True) or run(r0, c0, False)
            if main is not None:
                words.append(main)
                other = run(r0, c0, not main.across)
                if other is not None:
                    words.append(other)
            return words
        main = run(r0, c0, across)
        if main is not None:
            words.append(main)
        for p in sorted(placements, key=lambda p: (p.row, p.col)):
            cross = run(p.row, p.col, not across)
            if cross is not None:
                words.append(cross)
        return words

    def before_play(self, cells: Iterable[Sequence[int]]) -> tuple[Board, list[Placement]]:
        """The board before the play whose new tiles are the tops of ``cells`` (this board is
        the one after it), and that play's new tiles: each of ``cells`` one tile lower (the
        tile under a stacked one is not known, so its own letter stands for it, which
        :meth:`words_formed` never reads). Enough to find the words the play formed again."""
        before, placements = self.copy(), []
        for row, col in cells:
            tile, height = self.get(row, col), self.height(row, col)
            if tile is None:
                raise PlayError(f"square {square_name(row, col)} holds no tile",
                                [(row, col)])
            placements.append(Placement(row, col, tile))
            before.set(row, col, tile if height > 1 else None, height - 1 if height > 1 else None)
        return before, placements

    def place(self, placements: Iterable[Placement]) -> None:
        """Put the new tiles on the board (each on top of any stack there)."""
        for p in placements:
            self.set(p.row, p.col, p.tile, self.height(p.row, p.col) + 1)

    def remove(self, placements: Iterable[Placement]) -> None:
        """Take back tiles that had no tile under them (a challenged play in Bug Words)."""
        for p in placements:
            self.set(p.row, p.col, None)

    # -- neighbours and cross-checks ----------------------------------------------------------
    def touches_tiles(self, row: int, col: int) -> bool:
        """True if an orthogonal neighbour of the square holds a tile."""
        return any(
            self.occupied(row + dr, col + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
        )

    def anchors(self, starts: Iterable[tuple[int, int]] = ()) -> list[tuple[int, int]]:
        """Empty squares next to a tile; on an empty board, the ``starts`` squares."""
        if self.is_empty():
            return sorted(starts)
        return [
            (r, c)
            for r in range(self.rows)
            for c in range(self.cols)
            if not self.occupied(r, c) and self.touches_tiles(r, c)
        ]

    def cross_parts(self, row: int, col: int, across: bool) -> tuple[str, str]:
        """Letters just before and after a square, perpendicular to a play reading ``across``.

        For an across play these are the tiles above and below (read top to bottom).
        """
        dr, dc = (1, 0) if across else (0, 1)
        before = []
        r, c = row - dr, col - dc
        while (t := self.get(r, c)) is not None:
            before.append(tile_letters(t))
            r, c = r - dr, c - dc
        after = []
        r, c = row + dr, col + dc
        while (t := self.get(r, c)) is not None:
            after.append(tile_letters(t))
            r, c = r + dr, c + dc
        return "".join(reversed(before)), "".join(after)

    def cross_check(
        self,
        row: int,
        col: int,
        across: bool,
        is_word: Callable[[str], bool],
        alphabet: Iterable[str] = LETTERS,
    ) -> frozenset[str] | None:
        """Letters that may go on an empty square for a play reading ``across``.

        ``None`` means no restriction (no tiles beside it across the line); otherwise the
        letters whose perpendicular word passes ``is_word`` (upper-case words).
        """
        before, after = self.cross_parts(row, col, across)
        if not before and not after:
            return None
        return frozenset(a for a in alphabet if is_word(before + a + after))
