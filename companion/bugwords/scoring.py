"""Scoring a play: letter premiums, then word premiums, only on newly covered squares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.board import Board, FormedWord, Placement
from companion.bugwords.rules import BugWordsRules


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


def score_word(word: FormedWord, rules: BugWordsRules) -> int:
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


def explain_word(word: FormedWord, rules: BugWordsRules) -> str:
    """The arithmetic of :func:`score_word`, as a player checks it on the board:
    ``"Q 10 + U 1 + I 1 + Z 10 = 22, x2 = 44"``; a letter premium under a new tile shows
    as ``"Z 10x3"``, a blank (a lower-case tile) as ``"a 0"``."""
    parts, letters, mult = [], 0, 1
    lm, wm = rules.layout.letter_mult, rules.layout.word_mult
    for cell in word.cells:
        value = rules.tile_value(cell.tile)
        times = lm[cell.row][cell.col] if cell.new else 1
        parts.append(f"{cell.tile} {value}" + (f"x{times}" if times > 1 else ""))
        letters += value * times
        if cell.new:
            mult *= wm[cell.row][cell.col]
    text = f"{' + '.join(parts)} = {letters}"
    return f"{text}, x{mult} = {letters * mult}" if mult > 1 else text


def score_words(words: Sequence[FormedWord], n_tiles: int, rules: BugWordsRules) -> PlayScore:
    """Score already-found words for a play of ``n_tiles`` new tiles."""
    scored = tuple(WordScore(w.text, str(w.position), score_word(w, rules)) for w in words)
    bingo = rules.bingo_bonus if n_tiles >= rules.bingo_tiles else 0
    return PlayScore(scored, bingo, sum(w.score for w in scored) + bingo)


def score_play(board: Board, placements: Sequence[Placement], rules: BugWordsRules) -> PlayScore:
    """Score new tiles on ``board`` (the board before the play); no word-list check."""
    return score_words(board.words_formed(placements), len(placements), rules)


def rack_penalty(rack: str | Sequence[str], rules: BugWordsRules) -> int:
    """What unplayed letters cost at the end (a negative number, or 0)."""
    return -rules.rack_value(list(rack))


def out_bonus(others: str | Sequence[str], rules: BugWordsRules) -> int:
    """What the player who went out adds: the others' unplayed letters, times the rules'
    ``out_bonus_factor``."""
    return rules.rack_value(list(others)) * rules.out_bonus_factor


def end_adjustments(racks: Sequence[str | Sequence[str]], rules: BugWordsRules,
                    out_player: int | None) -> list[int]:
    """Each player's end-of-game adjustment: unplayed letters are subtracted; the player who
    went out (``out_player``, or ``None`` when no one did) adds the others' letters instead."""
    adjustments = [0 if i == out_player else rack_penalty(rack, rules)
                   for i, rack in enumerate(racks)]
    if out_player is not None:
        others = [t for i, rack in enumerate(racks) if i != out_player for t in rack]
        adjustments[out_player] = out_bonus(others, rules)
    return adjustments
