"""Is a play legal? If not, a sentence a player understands says why."""

from __future__ import annotations

from collections.abc import Sequence

from companion.board import Board, FormedWord, Placement, PlayError, no_new_tile, square_name
from companion.bugwords.rules import BugWordsRules
from companion.lexicon import Lexicon, missing_reason
from companion.text import counted
from companion.tiles import BLANK


class IllegalPlay(PlayError):
    """A play breaks a rule; the message is the reason, ``squares`` the squares it is about
    (0-based ``(row, col)``; none when it is about no square)."""


def _cells(words: Sequence[FormedWord]) -> list[tuple[int, int]]:
    """The squares of ``words``, in order, each once."""
    return list(dict.fromkeys((c.row, c.col) for w in words for c in w.cells))


def check_new_tiles(placements: Sequence[Placement], play: str = "the play") -> None:
    """Refuse a play that puts no new tile on the board (``play`` names it, e.g. "the play
    8G CAT"): an :class:`IllegalPlay`. The game, its facade and replay all ask here."""
    if not placements:
        raise IllegalPlay(no_new_tile(play))


def check_tile_letters(placements: Sequence[Placement], rules: BugWordsRules) -> None:
    """Refuse a new tile whose letter no tile of the set has (``Ç``, ``é``: the tiles are
    A-Z, a blank written as the letter it stands for in lower case), naming its square: a
    typed play or a photo's grid corrected by hand can hold one, a rack never does."""
    letters = set(rules.tiles.counts) - {BLANK}
    for p in placements:
        if p.tile.upper() not in letters or not p.tile.isalpha():
            raise IllegalPlay(f"the letter {p.tile!r} is on no Bug Words tile: write letters "
                              "A-Z, a blank's letter in lower case", [(p.row, p.col)])


def check_placement(
    board: Board, placements: Sequence[Placement], rules: BugWordsRules
) -> list[FormedWord]:
    """Check the shape of a play (no word list): returns the words it forms.

    Raises :class:`IllegalPlay`: a letter no tile of the set has, not in one line, a gap, a
    square already covered, the first play missing the centre, a play not joined to the tiles
    on the board, a word too short.
    """
    check_tile_letters(placements, rules)
    for p in placements:
        if board.occupied(p.row, p.col):
            raise IllegalPlay(f"square {square_name(p.row, p.col)} already has a tile on it",
                              [(p.row, p.col)])
    try:
        board.play_line(placements)
    except PlayError as exc:
        raise IllegalPlay(str(exc), exc.squares) from exc
    covered = {(p.row, p.col) for p in placements}
    if board.is_empty():
        starts = rules.layout.starts
        if starts and not covered & starts:
            names = " or ".join(square_name(r, c) for r, c in sorted(starts))
            raise IllegalPlay(f"the first word must cover the centre square {names}",
                              sorted(starts))
    elif not any(board.touches_tiles(r, c) for r, c in covered):
        raise IllegalPlay("the play must join the tiles already on the board")
    words = board.words_formed(placements)
    if not words:
        raise IllegalPlay(f"a word needs at least {counted(rules.min_word_length, 'letter')}")
    for w in words:
        if len(w.cells) < rules.min_word_length:
            raise IllegalPlay(f"{w.text} is too short: words need {rules.min_word_length}+ "
                              "letters", _cells([w]))
    return words


def words_not_in_list(words: Sequence[FormedWord], lexicon: Lexicon) -> list[str]:
    """The words (upper case, in play order) that the word list does not have."""
    return [w.text for w in words if w.text.lower() not in lexicon]


def check_play(
    board: Board,
    placements: Sequence[Placement],
    rules: BugWordsRules,
    lexicon: Lexicon | None = None,
) -> list[FormedWord]:
    """Check a play fully: shape, then (given a word list) every word it forms."""
    words = check_placement(board, placements, rules)
    if lexicon is not None:
        bad = words_not_in_list(words, lexicon)
        if bad:
            raise IllegalPlay(missing_reason(bad, lexicon),
                              _cells([w for w in words if w.text in bad]))
    return words
