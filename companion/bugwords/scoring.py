"""Scoring a play: letter premiums, then word premiums, only on newly covered squares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.board import Board, FormedWord, Placement
from companion.bugwords.rules import Rules


@dataclass(frozen=True)
class WordScore:
    """One word a play formed and what it scored."""

    word: str
    position: str
    score: int


@dataclass(frozen=True)
class PlayScore:
    """A play's score: every word formed, the bingo bonus and the total."""

    words: tuple[WordScore, ...]
    bingo: int
    total: int


def score_word(word: FormedWord, rules: Rules) -> int:
    """One word's score: premiums apply only to its new squares."""
    letters, mult = 0, 1
    lm, wm = rules.layout.letter_mult, rules.layout.word_mult
    for cell in word.cells:
        value = rules.tile_value(cell.tile)
        if cell.new:
            letters += value * lm[cell.row][cell.col]
            mult *= wm[cell.row][cell.col]
        else:
            letters += value
    return letters * mult


def score_words(words: Sequence[FormedWord], n_tiles: int, rules: Rules) -> PlayScore:
    """Score already-found words for a play of ``n_tiles`` new tiles."""
    scored = tuple(WordScore(w.text, str(w.position), score_word(w, rules)) for w in words)
    bingo = rules.bingo_bonus if n_tiles >= rules.bingo_tiles else 0
    return PlayScore(scored, bingo, sum(w.score for w in scored) + bingo)


def score_play(board: Board, placements: Sequence[Placement], rules: Rules) -> PlayScore:
    """Score new tiles on ``board`` (the board before the play); no word-list check."""
    return score_words(board.words_formed(placements), len(placements), rules)
