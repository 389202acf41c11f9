"""WerdUp stack heights from the previous board state: a new photo yields the play."""

from __future__ import annotations

from dataclasses import dataclass

from companion.board import Board, NotOneLine, Placement, PlayError
from companion.errors import CompanionError, UsageError
from companion.lexicon import Lexicon
from companion.play import not_one_play
from companion.text import capital_first
from companion.werdup.notation import normalise_tile, play_notation
from companion.werdup.observe import play_between
from companion.werdup.rules import Rules, get_rules
from companion.werdup.validate import judge_play
from vision.errors import VisionError

Grid = list[list[str]]
PREVIOUS = "the --previous position"  # what a photo is compared with: ``read --previous``


@dataclass(frozen=True)
class BoardState:
    """Letters on top of each stack ("" empty) and stack heights (``None`` unknown)."""

    grid: Grid
    heights: list[list[int | None]]

    def to_dict(self) -> dict:
        return {"grid": self.grid, "heights": self.heights}


def unknown_heights(grid: Grid) -> BoardState:
    """A state read without history: occupied stacks have unknown height."""
    return BoardState(grid, [[0 if not t else None for t in row] for row in grid])


def state_of(board: Board) -> BoardState:
    """The state of ``board``, a position as the command line reads one (board text, a game
    record, a reading: :func:`companion.cli.werdup.load_position`)."""
    grid = [["" for _ in range(board.cols)] for _ in range(board.rows)]
    heights: list[list[int | None]] = [[0] * board.cols for _ in range(board.rows)]
    for r, c, tile in board.squares():
        grid[r][c], heights[r][c] = tile, board.height(r, c)
    return BoardState(grid, heights)


@dataclass(frozen=True)
class ReadPlay:
    """The play seen between two photos, judged by the WerdUp engine."""

    placements: tuple[Placement, ...]
    notation: str
    legal: bool
    reason: str
    score: int
    words: tuple[tuple[str, int], ...]
    after: BoardState

    def to_dict(self) -> dict:
        return {"notation": self.notation, "legal": self.legal, "reason": self.reason,
                "score": self.score, "words": [{"word": w, "score": s} for w, s in self.words],
                "tiles": [{"row": p.row, "col": p.col, "tile": p.tile} for p in self.placements]}


def engine_board(state: BoardState) -> Board:
    n = len(state.grid)
    board = Board(n, n)
    for r, row in enumerate(state.grid):
        for c, t in enumerate(row):
            if t:
                h = state.heights[r][c]
                if h is None:
                    raise VisionError("the previous state has stacks of unknown height")
                board.set(r, c, normalise_tile(t), h)
    return board


def infer_play(previous: BoardState, grid: Grid, rules: Rules, lexicon: Lexicon) -> ReadPlay:
    """Cells whose top letter changed got one new tile (the engine's ``play_between``); the
    engine judges and scores the play. New tiles not all in one row or one column are more
    than one play, said as the photo page says it (:func:`companion.play.not_one_play`)."""
    board = engine_board(previous)
    tops = [[t or None for t in row] for row in grid]
    heights: list[list[int | None]] = [row[:] for row in previous.heights]
    try:
        placements = play_between(board, tops)
    except CompanionError as exc:
        if "nothing changed" in str(exc):
            after = BoardState(grid, heights)
            return ReadPlay((), "", False, "no new tile since the previous photo", 0, (), after)
        raise VisionError(f"{exc}: check the photo or the previous state") from exc
    for p in placements:
        h = previous.heights[p.row][p.col]
        heights[p.row][p.col] = None if h is None else h + 1
    after = BoardState(grid, heights)
    try:
        board.play_line(placements)
    except NotOneLine:  # the board's refusal, said of a photo, as the photo page says it
        return ReadPlay(tuple(placements), "", False,
                        capital_first(not_one_play(len(placements), PREVIOUS)), 0, (), after)
    except PlayError:
        pass  # the play's own refusal is the judge's, with the rest of its rules
    j = judge_play(board, placements, rules, lexicon)
    words = tuple((w.text, w.score) for w in j.words)
    return ReadPlay(tuple(placements), play_notation(board, placements), j.legal, j.reason,
                    j.score, words, after)


def play_under(previous: BoardState, grid: Grid, rules_name: str,
               lexicon: Lexicon | None) -> ReadPlay:
    """:func:`infer_play` under the rule set named ``rules_name``; an unknown rule set is a
    usage error, and the play cannot be judged without a lexicon."""
    try:
        rules = get_rules(rules_name)
    except (KeyError, CompanionError) as exc:
        raise UsageError(f"unknown WerdUp rule set {rules_name!r}") from exc
    if lexicon is None:
        raise VisionError("the play since the previous photo is judged with a lexicon")
    return infer_play(previous, grid, rules, lexicon)


def height_mismatches(previous: BoardState, play: ReadPlay,
                      seen: list[list[int | None]]) -> list[dict]:
    """Cells where the heights seen in the photo disagree with the previous state plus the
    play: a changed letter whose stack did not grow by one, or an unchanged one that did.
    Cells whose height was not seen are not judged."""
    return stack_mismatches(previous, {(p.row, p.col) for p in play.placements}, seen)


def stack_mismatches(previous: BoardState, new: set[tuple[int, int]],
                     seen: list[list[int | None]]) -> list[dict]:
    """:func:`height_mismatches` for the squares ``new`` given a new tile (a score sheet's
    photo page, whose grid the player corrects, tells them by their letters)."""
    out = []
    for r, row in enumerate(seen):
        for c, h in enumerate(row):
            before = previous.heights[r][c]
            if h is None or before is None:
                continue
            want = before + 1 if (r, c) in new else before
            if h != want:
                what = ("a new tile here should make the stack" if (r, c) in new
                        else "no tile was added here, so the stack should stay")
                out.append({"row": r, "col": c, "seen": h, "expected": want,
                            "reason": f"the photo shows a stack of {h}; {what} {want} high"})
    return out
