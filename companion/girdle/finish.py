"""Finishing a Word Girdle sheet from its words: which Supply dots are filled after each word,
and which unused letters the earned cross-outs remove.

The typed sheet, the photographed sheet and the solver's sheet all go through
:func:`complete_sheet`, so the same words score the same however they reach the companion.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from companion.errors import CompanionError
from companion.girdle.engine import IllegalStep, ScoreCard, Sheet, SheetStep, play_all
from companion.girdle.puzzle import Puzzle
from companion.lexicon import Lexicon
from companion.text import counted, listed


class CrossoutsSeen(CompanionError):
    """Letters a sheet shows crossed out that its words cannot have crossed out: more than
    its ticked boxes earn, or a letter the words used."""


def complete_sheet(
    puzzle: Puzzle,
    words: Sequence[SheetStep],
    dots: Iterable[int] | None = None,
    ticks: Iterable[int] | None = None,
    lexicon: Lexicon | None = None,
    crossed: Sequence[str] | None = None,
) -> tuple[list[SheetStep], Sheet, ScoreCard]:
    """Play ``words`` (in word order) on a fresh sheet, choosing what the words leave open, and
    score it; raises :class:`~companion.girdle.engine.IllegalStep` for an illegal word.

    Activations a word gives are kept. For a word without them, the Supply positions to
    activate are chosen: first the letters later words must take from the Supply, the soonest
    needed first, then a letter a word crosses out that no unused A-Z letter is left for (it
    can only be crossed out as an active, unused Supply letter), then the cheapest (Victory
    Points, then position). ``dots`` (1-based Supply
    positions seen filled on a sheet) limits the choice to those positions.

    Cross-outs a word gives are kept. Every other word that earns one (a word of
    ``crossout_min_length`` letters or more in a checkbox row) crosses out the most valuable
    unused letter (ties: A before Z); ``ticks`` (score-tracker rows seen ticked) limits that to
    those rows. ``crossed`` (letters seen crossed out on a sheet) are the cross-outs of the
    words that earn one, in word order, before any is chosen; raises :class:`CrossoutsSeen`
    when they are more than those words earn, or when one of them is not an unused letter.
    """
    original = list(words)
    ticked = None if ticks is None else set(ticks)
    seen = [str(ch).upper() for ch in crossed or ()]
    words = seen_crossouts(puzzle, original, ticked, seen) if seen else original
    acts = _activations(puzzle, words, None if dots is None else sorted(set(dots)))
    steps = [replace(p, activated=a) for p, a in zip(words, acts, strict=True)]
    try:
        sheet, card = play_all(puzzle, steps, lexicon)
    except IllegalStep as exc:
        if seen:
            # the words' own refusal, if they have one, else the letters seen crossed out's
            play_all(puzzle, [replace(p, crossed_out=q.crossed_out)
                              for p, q in zip(steps, original, strict=True)], lexicon)
            raise CrossoutsSeen(f"{exc.reason}, yet the sheet shows it crossed out") from exc
        raise
    earned = [k for k, p in enumerate(steps, start=1)
              if not p.crossed_out and puzzle.earns_crossout(k, len(p.word))
              and (ticked is None or k in ticked)]
    if earned and card.unused_letters:
        unused = sorted(card.unused_letters, key=lambda ch: (-puzzle.vp[ch], ch))
        for k in earned:
            if not unused:
                break
            steps[k - 1] = replace(steps[k - 1], crossed_out=(unused.pop(0),))
        sheet, card = play_all(puzzle, steps, lexicon)
    return steps, sheet, card


def seen_crossouts(puzzle: Puzzle, words: list[SheetStep], ticked: set[int] | None,
                    seen: list[str]) -> list[SheetStep]:
    """``words`` with the letters ``seen`` crossed out given, in order, to the words that earn
    a cross-out and give none (only those of ``ticked`` rows, when given); raises
    :class:`CrossoutsSeen` when the letters are more than those words.

    The order is no guess that can go wrong: the engine judges a cross-out against the
    finished sheet (:meth:`Sheet.score`), whichever word gives it, so every order is legal
    or none is, and all score the same."""
    earned = [k for k, p in enumerate(words) if not p.crossed_out
              and puzzle.earns_crossout(k + 1, len(p.word))
              and (ticked is None or k + 1 in ticked)]
    if len(seen) > len(earned):
        boxes = ("no ticked box earns one" if not earned else
                 f"only {counted(len(earned), 'ticked box')} "
                 f"{'earns' if len(earned) == 1 else 'earn'} a cross-out")
        raise CrossoutsSeen(f"the sheet shows {listed(seen)} crossed out, but {boxes}")
    out = list(words)
    for k, ch in zip(earned, seen, strict=False):
        out[k] = replace(out[k], crossed_out=(ch,))
    return out


def _new_letters(puzzle: Puzzle, words: list[SheetStep]
                 ) -> tuple[list[list[str]], list[int], set[str]]:
    """Per word, the letters it must take from the Supply (the A-Z section has one of each
    letter, and the engine takes a letter from there first) and how many squares it fills;
    then the A-Z letters no word uses."""
    grid: dict[tuple[int, int], str] = {}
    az_left = set(puzzle.vp)
    needs: list[list[str]] = []
    news: list[int] = []
    for p in words:
        need = []
        new = 0
        for cell, ch in zip(p.cells(), p.word.upper(), strict=True):
            if cell in grid:
                continue
            grid[cell] = ch
            new += 1
            if ch in az_left:
                az_left.discard(ch)
            else:
                need.append(ch)
        needs.append(need)
        news.append(new)
    return needs, news, az_left


def _activations(puzzle: Puzzle, words: list[SheetStep], dots: list[int] | None
                 ) -> list[tuple[int, ...]]:
    """Each word's Supply activations (1-based positions): its own if it gives them, else
    chosen as :func:`complete_sheet` says."""
    supply = puzzle.supply
    explicit = {i for p in words for i in p.activated}
    pool = [i for i in (dots if dots is not None else range(1, len(supply) + 1))
            if i not in explicit and 1 <= i <= len(supply)]
    needs, news, az_left = _new_letters(puzzle, words)
    # A letter the player crosses out that no A-Z letter is left for must be an active
    # Supply letter no word takes: it is wanted after every letter the words need.
    crossed = []
    for ch in (str(c).upper() for p in words for c in p.crossed_out):
        if ch in az_left:
            az_left.discard(ch)
        else:
            crossed.append(ch)
    inactive = len(supply)
    active_spare: list[str] = []  # active Supply letters no word has taken yet
    out: list[tuple[int, ...]] = []
    for k, p in enumerate(words):
        for ch in needs[k]:
            if ch in active_spare:
                active_spare.remove(ch)
        if p.activated:
            chosen = list(p.activated)
        else:
            due = min(news[k], inactive, len(pool))
            # later needs, then cross-outs, not met by letters already active, in order
            spare = list(active_spare)
            wanted = []
            for ch in [*(c for n in needs[k + 1:] for c in n), *crossed]:
                if ch in spare:
                    spare.remove(ch)
                else:
                    wanted.append(ch)
            chosen = []
            for ch in wanted:
                if len(chosen) == due:
                    break
                hit = [i for i in pool if supply[i - 1] == ch and i not in chosen]
                if hit:
                    chosen.append(hit[0])
            rest = sorted((i for i in pool if i not in chosen),
                          key=lambda i: (puzzle.vp[supply[i - 1]], i))
            chosen += rest[: due - len(chosen)]
            pool = [i for i in pool if i not in chosen]
        inactive -= len(chosen)
        active_spare += [supply[i - 1] for i in chosen if 1 <= i <= len(supply)]
        out.append(tuple(sorted(chosen)))
    return out
