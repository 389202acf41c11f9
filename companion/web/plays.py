"""A play typed at the table (``8D QUIZ``), judged and scored by the game's engine.

The web layer only adapts: the board core parses the notation, the WerdUp or Bug Words engine
checks the play and scores it; the result is what the score sheet stores.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

from companion.board import Board, Placement, PlayError, parse_position, square_name
from companion.errors import UsageError
from companion.lexicon import Lexicon, default_lexicon


@dataclass
class ScoredPlay:
    """A play's verdict: legal or not (why), words with their arithmetic, score, new board."""

    notation: str
    legal: bool
    reason: str
    score: int = 0
    words: list[dict[str, Any]] = field(default_factory=list)
    bonus: int = 0
    board: str = ""  # the board text after the play (empty when not legal)
    new_cells: list[tuple[int, int]] = field(default_factory=list)
    position: str = ""  # GCG: where the main word starts (``8D`` across, ``D8`` down)
    record_word: str = ""  # GCG: the main word, ``.`` for tiles already down

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@cache
def _werdup_rules():
    from companion.werdup.rules import get_rules

    return get_rules("werdup")


@cache
def _bugwords_rules():
    from companion.bugwords import default_rules

    return default_rules()


def board_size(kind: str) -> int:
    return _werdup_rules().board_size if kind == "werdup" else _bugwords_rules().layout.rows


def load_board(kind: str, text: str | None) -> Board:
    """The game's board from its stored text (empty at the start)."""
    n = board_size(kind)
    return Board.from_text(text, n, n) if text else Board(n, n)


def _split(notation: str) -> tuple[str, str]:
    parts = notation.split()
    if len(parts) != 2:
        raise UsageError(f"{notation!r} is not a play: write a square and a word, e.g. 8D QUIZ "
                         "(8D reads across from row 8, column D; D8 reads down).")
    return parts[0], parts[1]


def score_werdup(board: Board, placements: list[Placement],
                 lexicon: Lexicon | None) -> ScoredPlay:
    """Judge and score new WerdUp tiles on ``board`` (the board before the play)."""
    from companion.werdup.notation import play_notation
    from companion.werdup.scoring import explain_word
    from companion.werdup.validate import judge_play

    rules = _werdup_rules()
    # no word list: a table that challenges; the words are judged when challenged
    j = judge_play(board, placements, rules, lexicon or default_lexicon(),
                   check_words=lexicon is not None)
    try:
        written = play_notation(board, placements)
    except PlayError:
        written = "(no word)"
    if not j.legal:
        return ScoredPlay(written, False, j.reason)
    words = [{"word": w.text, "score": w.score, "arithmetic": explain_word(
        [c.tile for c in w.word.cells], [c.height for c in w.word.cells], rules)}
        for w in j.words]
    after = board.copy()
    after.place(placements)
    return ScoredPlay(written, True, f"Legal: {j.score} points.", j.score, words, j.bonus,
                      after.to_text(), [(p.row, p.col) for p in placements])


def score_bugwords(board: Board, placements: list[Placement], lexicon: Lexicon | None,
                   written: str = "") -> ScoredPlay:
    """Judge and score new Bug Words tiles on ``board`` (the board before the play)."""
    from companion.bugwords import IllegalPlay, check_play
    from companion.bugwords.scoring import score_word, score_words

    rules = _bugwords_rules()
    try:
        if not placements:
            raise PlayError("the play puts no new tile on the board")
        formed = check_play(board, placements, rules, lexicon)
    except (PlayError, IllegalPlay) as exc:
        return ScoredPlay(written, False, str(exc)[:1].upper() + str(exc)[1:])
    total = score_words(formed, len(placements), rules)
    words = [{"word": w.text, "score": score_word(w, rules),
              "arithmetic": f"{w.text} at {w.position}: {score_word(w, rules)}"} for w in formed]
    after = board.copy()
    after.place(placements)
    main = formed[0]
    record = "".join(c.tile if c.new else "." for c in main.cells)
    return ScoredPlay(written or f"{main.position} {record}", True,
                      f"Legal: {total.total} points.", total.total, words, total.bingo,
                      after.to_text(), [(p.row, p.col) for p in placements], str(main.position),
                      record)


def parse_notation(kind: str, board: Board, notation: str) -> list[Placement]:
    """The new tiles of a play written ``SQUARE WORD`` (the board core's notation)."""
    if kind == "werdup":
        from companion.werdup.notation import parse_play

        return parse_play(board, notation)
    square, word = _split(notation)
    return board.tiles_for_play(parse_position(square, board.rows, board.cols), word)


def score_placements(kind: str, board: Board, placements: list[Placement],
                     lexicon: Lexicon | None, written: str = "") -> ScoredPlay:
    """Judge and score a play given as its new tiles (``lexicon`` None: words unchecked)."""
    if kind == "werdup":
        return score_werdup(board, placements, lexicon)
    return score_bugwords(board, placements, lexicon, written)


def score_play(kind: str, board_text: str | None, notation: str,
               lexicon: Lexicon | None) -> ScoredPlay:
    """Judge and score ``notation`` on the game's current board (``lexicon`` None: words
    unchecked, for a table that challenges)."""
    if len(notation) > 40:
        raise UsageError("That play is too long to be a play.")
    board = stored_board(kind, board_text)
    try:
        placements = parse_notation(kind, board, notation)
    except PlayError as exc:
        return ScoredPlay(notation, False, str(exc)[:1].upper() + str(exc)[1:])
    written = ""
    if kind == "bugwords":  # the word keeps its case: lower case letters are blanks
        square, word = notation.split()
        written = f"{square.upper()} {word}"
    return score_placements(kind, board, placements, lexicon, written)


def stored_board(kind: str, board_text: str | None) -> Board:
    try:
        return load_board(kind, board_text)
    except PlayError as exc:
        raise UsageError(f"The stored board cannot be read: {exc}") from exc


def placements_from_grid(kind: str, board: Board, grid: list[list[str]]) -> list[Placement]:
    """The new tiles that turn ``board`` into ``grid`` (a photo's reading, corrected).

    A square whose letter changed got a new tile (in WerdUp, on top of its stack: the vision
    package's turn reader); a tile that vanished cannot happen in play and is reported.
    """
    if len(grid) != board.rows or any(len(row) != board.cols for row in grid):
        raise UsageError(f"The board has {board.rows} rows of {board.cols} squares.")
    for r, row in enumerate(grid):
        for c, face in enumerate(row):
            face = (face or "").strip()
            if face and (not face.isalpha() or len(face) > 2):
                raise UsageError(f"{face!r} at {square_name(r, c)} is not a tile.")
    if kind == "werdup":
        return _werdup_turn(board, grid)
    out = []
    for r, row in enumerate(grid):
        for c, face in enumerate(row):
            face = (face or "").strip()
            before = board.get(r, c)
            if not face:
                if before is not None:
                    raise UsageError(f"The tile {before} at {square_name(r, c)} has gone from "
                                     "the board: tiles never leave it.")
                continue
            tile = face[0].lower() if face.islower() else face[0].upper()
            if before is not None and before.upper() == tile.upper():
                continue
            if before is not None:
                raise UsageError(f"{square_name(r, c)} held {before} and now shows {tile}: in "
                                 "Bug Words tiles never change. Correct that square.")
            out.append(Placement(r, c, tile))
    return out


def rack_cost(kind: str, letters: str) -> tuple[int, int]:
    """``(tiles, cost)`` of the letters left on one rack at the end, by the engine's rules."""
    text = "".join(letters.split())
    if kind == "werdup":
        from companion.werdup.record import parse_tiles
        from companion.werdup.scoring import end_penalty

        rules = _werdup_rules()
        try:
            tiles = parse_tiles(text) if text else []
        except Exception as exc:  # noqa: BLE001 - the engine's message is the one to show
            raise UsageError(str(exc)) from exc
        for t in tiles:
            if t not in rules.tile_set.counts:
                raise UsageError(f"{t!r} is not a WerdUp tile.")
        return len(tiles), end_penalty(len(tiles), rules)
    rules = _bugwords_rules()
    for t in text.upper():
        if t != "?" and t not in rules.tiles.counts:
            raise UsageError(f"{t!r} is not a Bug Words tile (use ? for a blank).")
    return len(text), rules.rack_value(text.upper())


def out_bonus(kind: str, others_cost: int) -> int:
    """What the player who went out adds (Bug Words: the others' letters; WerdUp: nothing)."""
    return others_cost * _bugwords_rules().out_bonus_factor if kind == "bugwords" else 0


def _werdup_turn(board: Board, grid: list[list[str]]) -> list[Placement]:
    from vision.errors import VisionError
    from vision.werdup_turn import BoardState, infer_play

    before = BoardState(
        [[board.get(r, c) or "" for c in range(board.cols)] for r in range(board.rows)],
        [[board.height(r, c) for c in range(board.cols)] for r in range(board.rows)])
    faces = [[(f or "").strip() for f in row] for row in grid]
    try:
        # only the new tiles are taken from it; the engine judges them with the app's list
        read = infer_play(before, faces, _werdup_rules(), default_lexicon())
    except VisionError as exc:
        text = str(exc).rstrip(".")
        raise UsageError(text[:1].upper() + text[1:] + ".") from exc
    return list(read.placements)


PREMIUM_NAMES = {("word", 3): "TW", ("word", 2): "DW", ("letter", 3): "TL",
                 ("letter", 2): "DL"}


def premium(kind: str, row: int, col: int) -> str:
    """A square's premium as printed on the board: ``TW``/``DW``/``TL``/``DL`` (Bug Words),
    or ``""``."""
    if kind == "werdup":
        return ""
    layout = _bugwords_rules().layout
    word, letter = layout.word_mult[row][col], layout.letter_mult[row][col]
    if word > 1 or letter > 1:
        return PREMIUM_NAMES.get(("word", word) if word > 1 else ("letter", letter), "")
    return ""


def start_squares(kind: str) -> frozenset[tuple[int, int]]:
    """Where the first word must go."""
    if kind == "werdup":
        return frozenset(_werdup_rules().beginning)
    return frozenset(_bugwords_rules().layout.starts)


def board_cells(kind: str, text: str | None, new: list | None = None) -> list[list[dict]]:
    """Rows of squares for drawing: ``tile``, ``height``, whether it was just placed, its
    name (``8H``), its premium (see :func:`premium`) and whether the first word goes there."""
    board = load_board(kind, text)
    fresh = {tuple(x) for x in new or []}
    starts = start_squares(kind)
    return [[{"tile": board.get(r, c), "height": board.height(r, c), "new": (r, c) in fresh,
              "name": square_name(r, c), "premium": premium(kind, r, c),
              "start": (r, c) in starts}
             for c in range(board.cols)] for r in range(board.rows)]
