"""One way to drive a board game at the table, whichever game it is (WerdUp or Bug Words).

Each game's engine has a facade (``companion/werdup/table.py``, ``companion/bugwords/table.py``)
that does everything a score sheet needs: start a board, judge and score a typed play or a board
read from a photo, take a pass or a swap, finish the game with the rules' end-of-game
adjustment, and write the game's record. Callers (the web app, the CLI) parse input, call a
facade, and show the result; they never branch on the game's name. The word list is always a
parameter: a facade never falls back to a default list on its own.
"""

from __future__ import annotations

import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from companion.board import (
    Board,
    FormedWord,
    Layout,
    NotOneLine,
    Placement,
    PlayError,
    square_name,
)
from companion.challenges import NEXT_TURN, ChallengeRule
from companion.errors import CompanionError, PageWordedError, SquareError, UsageError
from companion.lexicon import Lexicon
from companion.text import capital_first, counted, quoted
from companion.text import sentence as text_sentence
from companion.tiles import ONE_OUT, TileSet

# what a turn on a score sheet can be
ACTIONS = ("play", "pass", "swap")
MAX_NOTATION = 40  # characters: longer is not a play
SHEET_BOARD = "the board on the score sheet"  # what a photo is compared with, at a table


def full_rack_bonus(points: int) -> str:
    """The line that tells a play's bonus for using every tile of a full rack (WerdUp's
    ``full_rack_bonus``, Bug Words' bingo): the one wording the command line and the web
    page give it."""
    return f"bonus for using every tile: {points}"


@dataclass
class ScoredPlay:
    """A play's verdict: legal or not (why, and the squares the reason is about, 0-based
    ``(row, col)``, so a page can mark them), words with their arithmetic, score, new board."""

    notation: str
    legal: bool
    reason: str
    score: int = 0
    words: list[dict[str, Any]] = field(default_factory=list)
    bonus: int = 0
    board: str = ""  # the board text after the play (empty when not legal)
    new_cells: list[tuple[int, int]] = field(default_factory=list)
    position: str = ""  # where the main word starts (``8D`` across, ``D8`` down)
    record_word: str = ""  # the main word as a record writes it, ``.`` for tiles already down
    squares: list[tuple[int, int]] = field(default_factory=list)  # an illegal play's squares

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SheetTurn:
    """One turn as a score sheet keeps it (``detail`` is a :class:`ScoredPlay` as a dict, or
    ``None`` for a play entered as words and a score)."""

    number: int
    seat: int
    action: str
    score: int
    words: str = ""
    detail: dict[str, Any] | None = None


@dataclass(frozen=True)
class ScoreSheet:
    """A score sheet's game: players by seat, turns, and (once over) the racks left and each
    seat's end-of-game adjustment."""

    title: str
    players: Sequence[str]
    turns: Sequence[SheetTurn]
    finished: bool = False
    end_racks: Sequence[str] = ()
    end_adjustments: Sequence[int] = ()
    notes: Sequence[str] = ()  # the table's settings, as record notes (``ChallengeRule: single``)
    # each seat's score when the game started part way through (none: 0 each); the record's
    # running totals count from them
    start_scores: Sequence[int] = ()

    def totals_before(self) -> list[int]:
        """Each seat's total before the first turn: :attr:`start_scores`, else 0 each."""
        if len(self.start_scores) == len(self.players):
            return list(self.start_scores)
        return [0 for _ in self.players]


class Table(Protocol):
    """A game's facade for the score sheet (see the module's docstring)."""

    game: str
    title: str
    min_players: int
    max_players: int
    record_format: str  # what :meth:`write_record` writes ("GCG", "WerdUp record")
    record_suffix: str  # its file name ending (".gcg", ".txt")
    rack_help: str  # how the tiles left on a rack are typed ("? is a blank")
    rack_size: int  # tiles on a full rack
    tile_set: TileSet  # the tiles in the bag at the start
    layout: Layout  # the board's squares: premiums and where the first word goes
    # plays a player may make again in the same turn after one is challenged off (WerdUp's
    # rulebook: 1; Bug Words: 0), for :func:`companion.challenges.tries_left`
    challenge_retries: int
    # how long a play stays open to a challenge: ``next_word`` (WerdUp's rulebook: passes and
    # swaps keep it open) or ``next_turn`` (Bug Words); :data:`companion.challenges.NEXT_WORD`
    challenge_until: str
    # the challenge rule of the game's rules file (Bug Words: ``single``, its rulebook's
    # expert mode; WerdUp: ``none``), for a table that chooses none of its own
    challenge_rule: ChallengeRule
    # how many times in a row every player passes to end the game (WerdUp: 1; Bug Words: 2)
    passes_to_end: int
    # when running out of tiles ends the game: :data:`companion.tiles.ONE_OUT` (Bug Words)
    # or :data:`companion.tiles.ALL_OUT` (WerdUp)
    game_ends_when: str

    @property
    def rack_chars(self) -> int:
        """The most characters the tiles left on one rack are typed with (a rack box's
        length)."""
        ...

    def load_board(self, text: str | None) -> Board:
        """The board from its stored text (empty when there is none); bad text is a
        :class:`UsageError`."""
        ...

    def check_players(self, names: Sequence[str]) -> list[str]:
        """The players' names, stripped, if the table seats that many (else :class:`UsageError`)."""
        ...

    def parse_play(self, board: Board, notation: str) -> list[Placement]:
        """The new tiles of a play written ``SQUARE WORD`` (raises :class:`PlayError`)."""
        ...

    def judge(self, board: Board, placements: Sequence[Placement], lexicon: Lexicon | None,
              written: str = "") -> ScoredPlay:
        """Judge and score new tiles on ``board`` (the board before the play); ``lexicon``
        None: the words are not checked (a table that challenges judges them later)."""
        ...

    def played_words(self, detail: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        """A stored play's words worded now, from the board it left (as stored without one)."""
        ...

    def words_shown(self, detail: Mapping[str, Any] | None, words: str) -> str:
        """A turn's words as the game's notation shows them to a player (a Bug Words blank's
        letter in lower case, ``BId``), from its stored play ``detail``; ``words`` as they
        were typed for a play entered as words and a score, which does not say which tiles
        were blanks."""
        ...

    def score_play(self, board_text: str | None, notation: str,
                   lexicon: Lexicon | None) -> ScoredPlay:
        """Judge and score a typed play on the stored board."""
        ...

    def observed_play(self, board: Board, grid: Sequence[Sequence[str | None]]) -> list[Placement]:
        """The new tiles that turn ``board`` into ``grid`` (a photo's reading, corrected)."""
        ...

    def score_observed(self, board_text: str | None, grid: Sequence[Sequence[str | None]],
                       lexicon: Lexicon | None, than: str = SHEET_BOARD) -> ScoredPlay:
        """Judge and score the play a photo shows, against the stored board before it
        (``lexicon`` None: the words are not checked, as for :meth:`judge`); new tiles that
        no one play puts down are refused as more than one play (:func:`not_one_play`), the
        board before being what ``than`` names."""
        ...

    def no_play(self, action: str) -> ScoredPlay:
        """A pass or a swap: no tile goes down, no points."""
        ...

    def swap_refusal(self, bag: int) -> str:
        """Why no swap (an exchange) can be made while the bag holds ``bag`` tiles, by the
        game's rules, calling it a swap as the score sheet does; ``""`` when one can."""
        ...

    def rack_cost(self, letters: str) -> tuple[int, int]:
        """``(tiles, cost)`` of the letters left on one rack at the end; a rack no game deals
        (longer than :attr:`rack_chars`, more tiles than a rack holds, more of a tile than
        the set has) is a :class:`UsageError`."""
        ...

    def finish(self, racks: Sequence[str]) -> list[int]:
        """Each seat's end-of-game adjustment from the letters left on the racks."""
        ...

    def placed_tiles(self, board_text: str, cells: Sequence[Sequence[int]]) -> list[str]:
        """The set's tiles a play put on ``cells`` (``(row, column)``), read from the board
        after it (``board_text``): a Bug Words blank shows its letter in lower case."""
        ...

    def racks_left_problem(self, played: Iterable[str],
                           racks: Sequence[str]) -> tuple[int, str] | None:
        """The first of the racks left at the end (letters as typed, in seat order) that the
        tiles not ``played`` cannot make up, with why, as a sentence
        (:meth:`TileSet.left_problem`); ``None`` when they all can."""
        ...

    def write_record(self, sheet: ScoreSheet) -> str:
        """The game's record (GCG for Bug Words, the WerdUp record for WerdUp)."""
        ...

    max_height: int  # the tallest stack the rules allow (1: a game that never stacks)

    def start_position(self, text: str) -> Board:
        """The board a game is started from part way through, refused (with the rules'
        sentence) when no game leaves it."""
        ...

    def read_start(self, text: str) -> Board:
        """The board of the board text ``text``, not yet checked as a start."""
        ...

    def too_few_to_start(self, board: Board) -> UsageError | None:
        """The refusal of a starting ``board`` with too few tiles to start from, none or one,
        whatever they are; ``None`` when it has more."""
        ...

    def tiles_on(self, board: Board) -> int:
        """How many of the set's tiles ``board`` holds."""
        ...

    def position_text(self, grid: Sequence[Sequence[str | None]],
                      heights: Sequence[Sequence[int | None]] | None = None) -> str:
        """The board text of a photo's reading, corrected, for :meth:`start_position`."""
        ...


# -- shared by the facades ---------------------------------------------------------------------
def not_one_play(tiles: int, than: str = SHEET_BOARD) -> str:
    """Why a photo's ``tiles`` new tiles, not all in one row or one column (the board's
    :class:`~companion.board.NotOneLine`), are not scored, and what to do: the board was
    photographed more than one play after the board it is compared with (``than``), or a
    square was misread."""
    return (f"the photo shows {counted(tiles, 'tile')} more than {than}, not all in one row "
            "or one column, so more than one play: score the plays in between first, or "
            "correct the squares read wrongly")


def sentence(exc: Exception) -> str:
    """An engine's message as a sentence begins, without the full stop (a verdict's reason):
    :func:`companion.text.capital_first`."""
    return capital_first(str(exc))


def check_notation(notation: str) -> str:
    notation = notation.strip()
    if len(notation) > MAX_NOTATION:
        raise UsageError("That play is too long to be a play.")
    return notation


def split_notation(notation: str) -> tuple[str, str]:
    """``"8D QUIZ"`` -> ``("8D", "QUIZ")``."""
    parts = notation.split()
    if len(parts) != 2:
        raise UsageError(f"{quoted(notation)} is not a play: write a square and a word, e.g. "
                         "8D QUIZ (8D reads across from row 8, column D; D8 reads down).")
    return parts[0], parts[1]


def stored_board(text: str | None, size: int) -> Board:
    """A square board from its stored text; unreadable text is a :class:`UsageError`."""
    try:
        return Board.from_text(text, size, size) if text else Board(size, size)
    except PlayError as exc:
        raise UsageError(f"The stored board cannot be read: {exc}") from exc


MAX_NAME = 40  # characters of a player's name: a score sheet's column, a record's line


def check_player_name(name: str) -> str:
    """A player's name as kept: trimmed, printable, at most :data:`MAX_NAME` characters."""
    name = name.strip()
    if any(not ch.isprintable() for ch in name):
        raise UsageError("Player names cannot hold line breaks or control characters.")
    if len(name) > MAX_NAME:
        raise UsageError(f"Player names can have {counted(MAX_NAME, 'character')} at most.")
    return name


def check_record_seats(count: int, title: str, fewest: int, most: int) -> None:
    """Refuse a game record that seats ``count`` players when the game's rules seat
    ``fewest`` to ``most`` (a :class:`UsageError`: the record cannot be read as a game of
    ``title``); the one rule both games' replays follow."""
    if not fewest <= count <= most:
        raise UsageError(f"the record names {counted(count, 'player')}; "
                         f"{title} is for {fewest} to {most}")


def check_player_names(names: Sequence[str], title: str, fewest: int, most: int) -> list[str]:
    """The players' names, stripped and checked (:func:`check_player_name`): as many as the
    game seats, and each its own, since the sheet, its turns and its record tell the players
    apart by name ("Ann" and "ann" are one name, and so are a phone's full-width "Ａｎｎ"
    and an "Å" typed as A and its ring, which look the same on the sheet). Too few or too
    many are refused by the count given to a program, and to a page by its boxes
    (:class:`PageWordedError`)."""
    names = [n.strip() for n in names if n and n.strip()]
    if not fewest <= len(names) <= most:
        needs = f"{title} needs {fewest} to {counted(most, 'player')}"
        given = ("no name was given" if not names else
                 f"{counted(len(names), 'name')} {'was' if len(names) == 1 else 'were'} given")
        raise PageWordedError(f"{needs}, a name each; {given}.",
                              f"{needs}: type one name per box.")
    checked = [check_player_name(n) for n in names]
    seen: set[str] = set()
    for name in checked:
        key = unicodedata.normalize("NFKC", name).casefold()
        if key in seen:
            raise UsageError(f"Two players are called {name}: give each player a name of "
                             "their own (an initial will do).")
        seen.add(key)
    return checked


class TableBasics(ABC):
    """What every table facade does the same way, from its layout, its player range and its
    own :meth:`judge` and :meth:`observed_play`."""

    title: str
    layout: Layout
    min_players: int
    max_players: int
    rack_size: int
    tile_set: TileSet
    challenge_retries: int = 0
    challenge_until: str = NEXT_TURN
    passes_to_end: int = 1
    game_ends_when: str = ONE_OUT
    max_height: int = 1  # the tallest stack the rules allow (1: a game that never stacks)

    @property
    def rack_chars(self) -> int:
        """The most characters the tiles left on one rack are typed with: a full rack of the
        set's longest tiles (WerdUp's Qu is two letters), a space between tiles."""
        return self.tile_set.longest_rack(self.rack_size) + self.rack_size - 1

    def rack_text(self, letters: str) -> str:
        """The letters left on one rack, spaces taken out; refused when longer than any
        rack is typed (:attr:`rack_chars`)."""
        if len(" ".join(letters.split())) > self.rack_chars:
            raise UsageError(f"A rack holds {counted(self.rack_size, 'tile')}, typed in "
                             f"{counted(self.rack_chars, 'character')} at most.")
        return "".join(letters.split())

    def check_rack(self, written: str, tiles: Sequence[str]) -> None:
        """Refuse a rack left at the end that no game deals: more tiles than a rack holds,
        more of a tile than the set has (:meth:`TileSet.rack_problem`)."""
        problem = self.tile_set.rack_problem(written, list(tiles), self.rack_size)
        if problem:
            raise UsageError(text_sentence(problem))

    @abstractmethod
    def rack_tiles(self, letters: str) -> tuple[str, list[str]]:
        """The letters left on one rack as written (spaces out) and its tiles; letters that
        are no tile of the set are a :class:`UsageError`."""

    def tile_of(self, face: str) -> str:
        """The set's tile that shows ``face`` on the board."""
        return face

    def placed_tiles(self, board_text: str, cells: Sequence[Sequence[int]]) -> list[str]:
        board = self.load_board(board_text)
        return [self.tile_of(board.get(r, c) or "") for r, c in cells]

    def racks_left_problem(self, played: Iterable[str],
                           racks: Sequence[str]) -> tuple[int, str] | None:
        found = self.tile_set.left_problem(played, [self.rack_tiles(r) for r in racks])
        if found is None:
            return None
        seat, problem = found
        return seat, text_sentence(problem)

    @abstractmethod
    def parse_play(self, board: Board, notation: str) -> list[Placement]: ...

    @abstractmethod
    def judge(self, board: Board, placements: Sequence[Placement], lexicon: Lexicon | None,
              written: str = "") -> ScoredPlay: ...

    @abstractmethod
    def observed_play(self, board: Board,
                      grid: Sequence[Sequence[str | None]]) -> list[Placement]: ...

    @abstractmethod
    def worded(self, formed: Sequence[FormedWord]) -> list[dict[str, Any]]:
        """Each word a play formed, its score and its arithmetic, as the game words them."""

    def played_words(self, detail: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        """A stored play's words, score and arithmetic worded now (:meth:`worded`), found
        again from the board it left and its new squares: a turn stored before the wording
        changed reads as a new one does. A turn that holds no board, or whose board no longer
        forms the words it stored, keeps its words as stored."""
        detail = detail or {}
        words = list(detail.get("words") or [])
        board_text, cells = detail.get("board"), detail.get("new_cells")
        if not words or not board_text or not cells:
            return words
        try:
            before, placements = self.load_board(board_text).before_play(cells)
            again = self.worded(before.words_formed(placements))
        except (CompanionError, TypeError, ValueError):
            return words
        same = [w["word"] for w in again] == [w.get("word") for w in words]
        return again if same else words

    def words_shown(self, detail: Mapping[str, Any] | None, words: str) -> str:
        stored = list((detail or {}).get("words") or [])
        if stored and not all("shown" in w for w in stored):
            stored = self.played_words(detail)  # stored before words kept how they show
        if stored and all("shown" in w for w in stored):
            return " ".join(str(w["shown"]) for w in stored)
        return words

    def load_board(self, text: str | None) -> Board:
        return stored_board(text, self.layout.rows)

    def check_players(self, names: Sequence[str]) -> list[str]:
        return check_player_names(names, self.title, self.min_players, self.max_players)

    def score_play(self, board_text: str | None, notation: str,
                   lexicon: Lexicon | None) -> ScoredPlay:
        notation = check_notation(notation)
        board = self.load_board(board_text)
        try:
            placements = self.parse_play(board, notation)
        except PlayError as exc:
            return ScoredPlay(notation, False, sentence(exc), squares=list(exc.squares))
        return self.judge(board, placements, lexicon, notation)

    def score_observed(self, board_text: str | None, grid: Sequence[Sequence[str | None]],
                       lexicon: Lexicon | None, than: str = SHEET_BOARD) -> ScoredPlay:
        board = self.load_board(board_text)
        placements = self.observed_play(board, grid)
        try:
            board.play_line(placements)
        except NotOneLine as exc:  # the board's refusal, said of a photo
            return ScoredPlay("", False, capital_first(not_one_play(len(placements), than)),
                              squares=list(exc.squares))
        except PlayError:
            pass  # the play's own refusal is the judge's, with the rest of its rules
        return self.judge(board, placements, lexicon)

    def no_play(self, action: str) -> ScoredPlay:
        return no_play(action)

    # -- a game started from a board already played on ------------------------------------
    def start_position(self, text: str) -> Board:
        """The board a game is started from part way through, from ``text`` (board text, as
        the command line reads a position: :meth:`read_start`), refused as the rules would
        never have left it (:meth:`check_start`): a :class:`UsageError`, a
        :class:`SquareError` naming the squares it is about."""
        board = self.read_start(text)
        self.check_start(board)
        return board

    def read_start(self, text: str) -> Board:
        """The board of the board text ``text``, its stacks no higher than the rules allow."""
        try:
            return Board.from_text(text, self.layout.rows, self.layout.cols,
                                   max_height=self.max_height)
        except PlayError as exc:
            raise SquareError(f"The starting position: {exc}.", exc.squares) from exc

    def check_start(self, board: Board) -> None:
        """Refuse a starting ``board`` that no game of these rules leaves: no tile, a tile
        the set lacks or more of one than it has, more tiles than the set, no tile on a
        start square (the first word covers one), or tiles not all joined in one group (each
        play joins the tiles already down), which names the squares apart from the largest
        group. The words are not judged: the table played them."""
        too_few = self.too_few_to_start(board)
        if too_few is not None:
            raise too_few
        squares = [(r, c) for r, c, _ in board.squares()]
        for r, c, face in board.squares():
            if self.tile_of(face) not in self.tile_set.counts:
                raise SquareError(f"{quoted(face)} at {square_name(r, c)} is not a "
                                  f"{self.title} tile.", [(r, c)])
        over = self.tile_set.over_count(self.tile_of(face) for _, _, face in board.squares())
        if over:
            raise UsageError(f"The starting position shows {over}.")
        tiles = self.tiles_on(board)
        if tiles > self.tile_set.total:
            raise UsageError(f"The starting position holds {counted(tiles, 'tile')}, and the "
                             f"set has {self.tile_set.total}.")
        starts = self.layout.starts
        if starts and not starts & set(squares):
            names = " or ".join(square_name(r, c) for r, c in sorted(starts))
            raise SquareError(f"No tile of the starting position is on {names}, where the "
                              "first word goes: check the board, or the squares read.",
                              sorted(starts))
        groups = _joined_groups(board)
        if len(groups) > 1:
            apart = sorted(sq for group in groups[1:] for sq in group)
            names = ", ".join(square_name(r, c) for r, c in apart[:8])
            more = f" and {len(apart) - 8} more" if len(apart) > 8 else ""
            raise SquareError(f"The tiles of the starting position are not all joined: "
                              f"{names}{more} {'lies' if len(apart) == 1 else 'lie'} apart "
                              "from the others, and every play joins the tiles already down.",
                              apart)

    def too_few_to_start(self, board: Board) -> UsageError | None:
        """The refusal of a starting ``board`` with too few tiles to start from, whatever
        they are (:meth:`check_start`'s first): no tile, or one, and a word has two letters
        at least; ``None`` when it has more. A photo's page asks it to offer keeping score
        from the board read only when that can be done."""
        squares = [(r, c) for r, c, _ in board.squares()]
        if not squares:
            return UsageError("The starting position has no tile on it: leave it out to "
                              "start from the empty board.")
        if len(squares) == 1:
            return SquareError("The starting position has one tile, and a word has two "
                               "letters at least: type the board as it stands.", squares)
        return None

    def tiles_on(self, board: Board) -> int:
        """How many of the set's tiles ``board`` holds: every tile of every stack."""
        return sum(board.height(r, c) for r, c, _ in board.squares())

    def position_text(self, grid: Sequence[Sequence[str | None]],
                      heights: Sequence[Sequence[int | None]] | None = None) -> str:
        """The board text of a photo's reading, corrected (``grid``; ``heights``, the
        stacks' heights where the reading has them), for :meth:`start_position`: the tiles
        the photo shows, as if all were new on an empty board (:meth:`observed_play`)."""
        board = self.load_board(None)
        board.place(self.observed_play(board, grid))
        return board.to_text()


def _joined_groups(board: Board) -> list[list[tuple[int, int]]]:
    """The board's tiles in groups joined side by side (across or down), the largest first
    (the one holding the first square, row by row, on a tie)."""
    seen: set[tuple[int, int]] = set()
    groups: list[list[tuple[int, int]]] = []
    for r, c, _ in board.squares():
        if (r, c) in seen:
            continue
        group, todo = [], [(r, c)]
        seen.add((r, c))
        while todo:
            sq = todo.pop()
            group.append(sq)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                nxt = (sq[0] + dr, sq[1] + dc)
                if nxt not in seen and board.occupied(*nxt):
                    seen.add(nxt)
                    todo.append(nxt)
        groups.append(sorted(group))
    return sorted(groups, key=lambda g: (-len(g), g[0]))


def record_nicks(players: Sequence[str]) -> list[str]:
    """Each seat's short name in a record: ``p1_`` and up to 16 letters or digits of the name."""
    return [f"p{i + 1}_{''.join(ch for ch in name if ch.isalnum())[:16]}"
            for i, name in enumerate(players)]


def check_grid(board: Board, grid: Sequence[Sequence[str | None]]) -> list[list[str]]:
    """A photo's grid, each square stripped (``""`` for empty), checked against the board's
    size and for faces that cannot be tiles."""
    if len(grid) != board.rows or any(len(row) != board.cols for row in grid):
        raise UsageError(f"The board has {counted(board.rows, 'row')} of "
                         f"{counted(board.cols, 'square')}.")
    faces = [[(face or "").strip() for face in row] for row in grid]
    for r, row in enumerate(faces):
        for c, face in enumerate(row):
            if face and (not face.isalpha() or len(face) > 2):
                raise SquareError(f"{face!r} at {square_name(r, c)} is not a tile.", [(r, c)])
    return faces


def no_play(action: str) -> ScoredPlay:
    """A pass or a swap: legal, no points, the board unchanged (``board`` stays empty)."""
    if action not in ACTIONS or action == "play":
        raise UsageError("A turn without a play is a pass or a swap.")
    return ScoredPlay(action, True, f"{action.capitalize()}: no points.")
