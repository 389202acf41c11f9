"""A play typed at the table (``8D QUIZ``), judged and scored by the game's engine.

The web layer only adapts: the board core parses the notation, the WerdUp or Bug Words engine
checks the play and scores it; the result is what the score sheet stores.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

from companion.board import Board, PlayError, parse_position
from companion.errors import UsageError
from companion.lexicon import Lexicon


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


def score_werdup(board: Board, notation: str, lexicon: Lexicon) -> ScoredPlay:
    from companion.werdup.notation import parse_play, play_notation
    from companion.werdup.scoring import explain_word
    from companion.werdup.validate import judge_play

    rules = _werdup_rules()
    try:
        placements = parse_play(board, notation)
    except PlayError as exc:
        return ScoredPlay(notation, False, str(exc))
    j = judge_play(board, placements, rules, lexicon)
    if not j.legal:
        return ScoredPlay(notation, False, j.reason)
    words = [{"word": w.text, "score": w.score, "arithmetic": explain_word(
        [c.tile for c in w.word.cells], [c.height for c in w.word.cells], rules)}
        for w in j.words]
    written = play_notation(board, placements)
    after = board.copy()
    after.place(placements)
    return ScoredPlay(written, True, f"Legal: {j.score} points.", j.score, words, j.bonus,
                      after.to_text(), [(p.row, p.col) for p in placements])


def score_bugwords(board: Board, notation: str, lexicon: Lexicon) -> ScoredPlay:
    from companion.bugwords import IllegalPlay, check_play
    from companion.bugwords.scoring import score_word, score_words

    rules = _bugwords_rules()
    square, word = _split(notation)
    try:
        pos = parse_position(square, board.rows, board.cols)
        placements = board.tiles_for_play(pos, word)
        if not placements:
            raise PlayError(f"{word} at {pos} puts no new tile on the board")
        formed = check_play(board, placements, rules, lexicon)
    except (PlayError, IllegalPlay) as exc:
        return ScoredPlay(notation, False, str(exc)[:1].upper() + str(exc)[1:])
    total = score_words(formed, len(placements), rules)
    words = [{"word": w.text, "score": score_word(w, rules),
              "arithmetic": f"{w.text} at {w.position}: {score_word(w, rules)}"} for w in formed]
    after = board.copy()
    after.place(placements)
    main = formed[0]
    return ScoredPlay(f"{square.upper()} {word}", True, f"Legal: {total.total} points.",
                      total.total, words, total.bingo, after.to_text(),
                      [(p.row, p.col) for p in placements], str(main.position),
                      "".join(c.tile if c.new else "." for c in main.cells))


def score_play(kind: str, board_text: str | None, notation: str, lexicon: Lexicon) -> ScoredPlay:
    """Judge and score ``notation`` on the game's current board."""
    if len(notation) > 40:
        raise UsageError("That play is too long to be a play.")
    try:
        board = load_board(kind, board_text)
    except PlayError as exc:
        raise UsageError(f"The stored board cannot be read: {exc}") from exc
    if kind == "werdup":
        return score_werdup(board, notation, lexicon)
    return score_bugwords(board, notation, lexicon)


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


def board_cells(kind: str, text: str | None, new: list | None = None) -> list[list[dict]]:
    """Rows of squares for drawing: ``tile``, ``height`` and whether it was just placed."""
    board = load_board(kind, text)
    fresh = {tuple(x) for x in new or []}
    return [[{"tile": board.get(r, c), "height": board.height(r, c), "new": (r, c) in fresh}
             for c in range(board.cols)] for r in range(board.rows)]
