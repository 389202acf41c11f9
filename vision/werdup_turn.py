"""WerdUp stack heights from the previous board state: a new photo yields the play."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion import jsonfile
from companion.board import Board, Placement
from companion.errors import CompanionError, UsageError
from companion.lexicon import Lexicon
from companion.text import PATH_SHOWN, shown
from companion.textfile import read_at_most
from companion.werdup.notation import normalise_tile, play_notation
from companion.werdup.observe import play_between
from companion.werdup.rules import Rules, get_rules
from companion.werdup.validate import judge_play
from vision.errors import BadPhoto, VisionError

Grid = list[list[str]]


MAX_STATE_BYTES = 10_000_000  # a 10 x 10 board state is a few kilobytes

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


def load_state(path: str | Path, size: int) -> BoardState:
    """A previous state: ``companion read --json`` output, or ``{"grid", "heights"}``."""
    p = Path(path)
    name = f"--previous {shown(str(p), PATH_SHOWN)}"  # how the errors name the file, never first
    try:
        raw = read_at_most(p, MAX_STATE_BYTES)  # /dev/zero is no state, and never ends
        if len(raw) > MAX_STATE_BYTES:
            raise ValueError("far too large to be a board state")
        data = jsonfile.loads(raw.decode("utf-8"))
        grid = [[(t or "") for t in row] for row in data["grid"]]
        heights = data.get("heights") or [[1 if t else 0 for t in row] for row in grid]
        heights = [[h if h is None else int(h) for h in row] for row in heights]
    except FileNotFoundError as exc:
        raise BadPhoto(f"{name}: no such file") from exc
    except (OSError, ValueError, KeyError, TypeError, OverflowError) as exc:
        raise BadPhoto(f"{name}: not a board state (JSON with \"grid\" and \"heights\" "
                       "expected)") from exc
    if (len(grid) != size or any(len(r) != size for r in grid) or len(heights) != size
            or any(len(r) != size for r in heights)):
        raise BadPhoto(f"{name}: the state is not a {size}x{size} board")
    rules = get_rules()
    for r in range(size):
        for c in range(size):
            tile, h = grid[r][c], heights[r][c]
            where = f"{name}: row {r + 1}, column {c + 1}"
            if not isinstance(tile, str):
                raise BadPhoto(f"{where}: {tile!r} is not a tile (letters, or \"\" for empty)")
            if tile and normalise_tile(tile) not in rules.tile_set.counts:
                raise BadPhoto(f"{where}: {tile!r} is not a WerdUp tile")
            top = rules.max_height if tile else 0
            if h is None and tile:
                raise BadPhoto(f"{where}: the height of the {tile} stack is not known (null), "
                               "and the play is scored from the previous heights: give a "
                               "reading of a photo taken at an angle (20-50 degrees), or one "
                               "made with --previous itself")
            if h is not None and not (1 if tile else 0) <= h <= top:
                raise BadPhoto(f"{where}: a stack height of {h} (0 for an empty square, "
                               f"1-{rules.max_height} under a tile)")
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
    engine judges and scores the play."""
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
    out = []
    new = {(p.row, p.col) for p in play.placements}
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
