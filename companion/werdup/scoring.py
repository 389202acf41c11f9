"""WerdUp scoring as functions of a word's tiles and stack heights (no board needed)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.werdup.rules import WerdUpRules

QU = "Qu"


def letter_points(height: int, rules: WerdUpRules) -> int:
    """Points for one letter scored on its own: flat, or per tile in its stack."""
    return rules.flat_points if height == 1 else rules.stack_points * height


def word_score(tiles: Sequence[str], heights: Sequence[int], rules: WerdUpRules) -> int:
    """Points for one word formed: its top tiles and their stack heights after the play.

    ``werdup``: each one-high letter scores 2, each stacked letter 1 per tile in its stack.
    ``upwords``: 2 per letter only if every letter is one high (+2 for a Qu), else 1 per tile.
    """
    flat = all(h == 1 for h in heights)
    if rules.flat_only_if_whole_word and not flat:
        total = sum(rules.stack_points * h for h in heights)
    else:
        total = sum(letter_points(h, rules) for h in heights)
    if flat and QU in tiles:
        total += rules.qu_flat_bonus
    return total


def play_bonus(tiles_played: int, rules: WerdUpRules) -> int:
    """Bonus for the play as a whole (``upwords``: 20 for using a full rack)."""
    return rules.full_rack_bonus if tiles_played == rules.rack_size else 0


def end_penalty(tiles_left: int, rules: WerdUpRules) -> int:
    """Points lost at the end for tiles still on a rack (a positive number)."""
    return rules.tile_penalty * tiles_left


def explain_word(tiles: Sequence[str], heights: Sequence[int], rules: WerdUpRules) -> str:
    """The arithmetic of :func:`word_score`, each letter's points and the stack it tops when
    it is one: ``"R 2 + E 2 + A 3 (stack of 3) + D 2 = 9"`` (the one wording of a WerdUp
    breakdown, for the command line and the score sheet alike)."""
    flat = all(h == 1 for h in heights)
    by_stack = rules.flat_only_if_whole_word and not flat
    parts = []
    for t, h in zip(tiles, heights, strict=True):
        pts = rules.stack_points * h if by_stack else letter_points(h, rules)
        parts.append(f"{t.upper()} {pts}" + (f" (stack of {h})" if h > 1 else ""))
    if flat and QU in tiles and rules.qu_flat_bonus:
        parts.append(f"Qu bonus {rules.qu_flat_bonus}")
    return f"{' + '.join(parts)} = {word_score(tiles, heights, rules)}"
