"""Is a WerdUp play legal, why not, and what does it score."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.board import Board, FormedWord, Placement, PlayError, no_new_tile, square_name
from companion.lexicon import Lexicon, missing_reason
from companion.text import counted, sentence
from companion.werdup.rules import WerdUpRules
from companion.werdup.scoring import explain_word, play_bonus, word_score


@dataclass(frozen=True)
class ScoredWord:
    """One word formed by a play and its points."""

    word: FormedWord
    score: int

    @property
    def text(self) -> str:
        return self.word.text


@dataclass(frozen=True)
class Judgement:
    """The verdict on a play: legal or not, the reason (and for an illegal play the squares
    it is about, 0-based ``(row, col)``: none when the reason is about no square), the words
    formed and the score."""

    placements: tuple[Placement, ...]
    legal: bool
    reason: str = ""
    words: tuple[ScoredWord, ...] = field(default_factory=tuple)
    bonus: int = 0
    not_in_list: tuple[str, ...] = ()  # words not in the list, when words were not checked
    squares: tuple[tuple[int, int], ...] = ()  # the squares an illegal play's reason is about

    @property
    def score(self) -> int:
        return sum(w.score for w in self.words) + self.bonus if self.legal else 0


def breakdown(judgement: Judgement, rules: WerdUpRules) -> list[dict[str, Any]]:
    """Each word a play formed, its score and its arithmetic (:func:`explain_word`), as the
    command line prints them and the score sheet shows them."""
    return worded([w.word for w in judgement.words], rules)


def worded(formed: Sequence[FormedWord], rules: WerdUpRules) -> list[dict[str, Any]]:
    """Each formed word, its score and its arithmetic (:func:`explain_word`): the one
    wording of :func:`breakdown` and of a stored play worded again from its board."""
    out = []
    for w in formed:
        tiles, heights = [c.tile for c in w.cells], [c.height for c in w.cells]
        out.append({"word": w.text, "shown": w.shown,
                    "score": word_score(tiles, heights, rules),
                    "arithmetic": explain_word(tiles, heights, rules)})
    return out


def refused(error: PlayError) -> Judgement:
    """The verdict on a play the board refused as written (a square off it, a word running
    off it): illegal, for the error's reason, as :func:`judge_play` gives one."""
    return Judgement((), False, sentence(str(error)), squares=error.squares)


class IllegalPlay(PlayError):
    """A play breaks a rule; the message is the reason a player reads, ``squares`` the
    squares it is about."""


def _tile_name(tile: str) -> str:
    return tile.upper()


def structural_problem(
    board: Board, placements: Sequence[Placement], rules: WerdUpRules
) -> PlayError | None:
    """The first rule about where tiles go that the play breaks (its reason and the squares
    it is about), or ``None``."""
    if not placements:
        return PlayError(no_new_tile())
    seen: set[tuple[int, int]] = set()
    for p in placements:
        if not board.on_board(p.row, p.col):
            return PlayError(f"square {p.row + 1},{p.col + 1} is off the board")
        where, square = square_name(p.row, p.col), [(p.row, p.col)]
        if (p.row, p.col) in seen:
            return PlayError(f"two tiles go on the stack at {where}: only one tile per stack "
                             "per turn", square)
        seen.add((p.row, p.col))
        if p.tile not in rules.tile_set.counts:
            return PlayError(f"{p.tile!r} is not a WerdUp tile", square)
        h = board.height(p.row, p.col)
        if h + 1 > rules.max_height:
            return PlayError(
                f"the stack at {where} would be {h + 1} high: stacks may be at most "
                f"{counted(rules.max_height, 'tile')} high", square)
        top = board.get(p.row, p.col)
        if top is not None and top.upper() == p.tile.upper():
            return PlayError(
                f"{_tile_name(p.tile)} cannot go on top of the same letter (at {where})", square)
    try:
        board.play_line(placements)
    except PlayError as exc:
        return exc
    return None


def _cells(words: Sequence[FormedWord]) -> list[tuple[int, int]]:
    """The squares of ``words``, in order, each once."""
    return list(dict.fromkeys((c.row, c.col) for w in words for c in w.cells))


def _covers_whole_word(board: Board, placements: Sequence[Placement]
                       ) -> tuple[str, list[tuple[int, int]]] | None:
    """The text and squares of an existing word whose every letter the play covers, if any."""
    covered = {(p.row, p.col) for p in placements}
    for p in placements:
        if not board.occupied(p.row, p.col):
            continue
        for dr, dc in ((0, 1), (1, 0)):
            r, c = p.row, p.col
            while board.occupied(r - dr, c - dc):
                r, c = r - dr, c - dc
            cells = []
            while board.occupied(r, c):
                cells.append((r, c))
                r, c = r + dr, c + dc
            if len(cells) >= 2 and all(cell in covered for cell in cells):
                text = "".join(board.get(r, c).upper() for r, c in cells)  # type: ignore[union-attr]
                return text, cells
    return None


def _is_plain_plural(board: Board, placements: Sequence[Placement], words: list) -> bool:
    """True if the play only adds a final S to an existing word and makes no other word."""
    if len(placements) != 1 or len(words) != 1:
        return False
    p = placements[0]
    if p.tile.upper() != "S" or board.occupied(p.row, p.col):
        return False
    cells = words[0].cells
    return len(cells) >= 3 and cells[-1].new and not any(c.new for c in cells[:-1])


def judge_play(
    board: Board,
    placements: Sequence[Placement],
    rules: WerdUpRules,
    lexicon: Lexicon,
    check_words: bool = True,
) -> Judgement:
    """Judge a play on ``board`` (not changed) under ``rules``, words from ``lexicon``.

    With ``check_words`` False (a table that challenges), words not in the list do not make
    the play illegal; they are listed in ``not_in_list`` for a challenge to decide.
    """
    placements = tuple(placements)

    def illegal(reason: str, squares: Iterable[tuple[int, int]] = ()) -> Judgement:
        return Judgement(placements, False, sentence(reason), squares=tuple(squares))

    problem = structural_problem(board, placements, rules)
    if problem:
        return illegal(str(problem), problem.squares)
    words = board.words_formed(placements)
    first = board.is_empty()
    if first:
        if not any((p.row, p.col) in rules.beginning for p in placements):
            names = " ".join(sorted(square_name(r, c) for r, c in rules.beginning))
            return illegal(f"the first word must cover a beginning square ({names})",
                           sorted(rules.beginning))
        if not words or len(words[0].cells) < rules.min_first_word:
            return illegal("the first word needs at least "
                           f"{counted(rules.min_first_word, 'letter')}")
    else:
        stacked = any(board.occupied(p.row, p.col) for p in placements)
        joined = stacked or any(not c.new for w in words for c in w.cells)
        if not joined:
            return illegal("the play must join the tiles already on the board")
    if not words:
        return illegal("the play makes no word of two or more letters")
    bad = [w.text for w in words if w.text not in lexicon]
    if bad and check_words:
        return illegal(missing_reason(bad, lexicon),
                       _cells([w for w in words if w.text in bad]))
    if rules.no_plural_s and _is_plain_plural(board, placements, words):
        base = words[0].text[:-1]
        return illegal(
            f"adding only an S to {base} is not allowed: the S must also make another new word",
            [(placements[0].row, placements[0].col)])
    if rules.no_cover_whole_word:
        whole = _covers_whole_word(board, placements)
        if whole:
            return illegal(f"the play covers every letter of {whole[0]}: leave one showing",
                           whole[1])
    scored = tuple(
        ScoredWord(w, word_score([c.tile for c in w.cells], [c.height for c in w.cells], rules))
        for w in words
    )
    return Judgement(placements, True, "", scored, play_bonus(len(placements), rules),
                     tuple(dict.fromkeys(bad)))


def score_play(
    board: Board,
    placements: Sequence[Placement],
    rules: WerdUpRules,
    lexicon: Lexicon,
    check_words: bool = True,
) -> Judgement:
    """Like :func:`judge_play`, but an illegal play raises :class:`IllegalPlay`."""
    j = judge_play(board, placements, rules, lexicon, check_words)
    if not j.legal:
        raise IllegalPlay(j.reason, j.squares)
    return j
