"""The synthetic test boards are positions a game with the set could leave: every run a word,
no letter on more tiles than the game's set holds (blank tiles standing in, as a player's)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from companion.lexicon import Lexicon, default_lexicon
from synthetic.scenes import Scene, crossword
from vision.boards import BoardSpec, board_spec
from vision.words import runs

SCENES = Path(__file__).parent / "data" / "vision" / "scenes"


@cache
def scene_words() -> Lexicon:
    """The pinned list the synthetic boards are drawn from (see its README)."""
    return Lexicon.from_path(SCENES / "scene-words.txt.gz", name="scene words")


def _faces_beyond(spec: BoardSpec, scene: Scene) -> dict[str, int]:
    """The faces (a letter, "?" a blank tile) the scene shows more of than the set holds."""
    drawn = Counter(t for row in scene.faces() for t in row if t)
    return {t: n for t, n in drawn.items() if n > (spec.holds(t) or 0)}


def _all_words(scene: Scene) -> bool:
    grid = [[t.lower() for t in row] for row in scene.letters]
    return all(word in scene_words() for word, _ in runs(grid))


@pytest.mark.parametrize("game", ["bugwords", "werdup"])
def test_no_board_holds_more_of_a_letter_than_the_set(game):
    # the sixteen tilted photos' boards (eight words, seeds 1-4) and the benchmark's larger
    # ones: ten of those sixteen once held more of a letter than the set (four P)
    spec = board_spec(game)
    for seed in range(1, 9):
        for words, blanks in ((8, 0), (14, 1 if game == "bugwords" else 0)):
            scene = crossword(spec, scene_words(), np.random.default_rng(seed), words=words,
                              blanks=blanks, judge=default_lexicon())
            assert _faces_beyond(spec, scene) == {}, (seed, words)
            assert len(scene.blanks) == blanks
            assert _all_words(scene)


def test_a_blank_stands_in_for_a_letter_the_set_has_run_out_of():
    """A set holding one tile of each letter and two blank tiles: the letters drawn twice
    are blank tiles standing in, never more than two; a set with no blank left to stand in
    never draws a letter twice."""
    spec = board_spec("bugwords")
    one_each = replace(spec, counts=tuple((f, 2 if f == "?" else 1) for f, _ in spec.counts))
    stood_in = 0
    for seed in range(1, 7):
        scene = crossword(one_each, scene_words(), np.random.default_rng(seed), words=8,
                          blanks=2, judge=default_lexicon())
        assert _faces_beyond(one_each, scene) == {}
        assert len(scene.blanks) == 2 and _all_words(scene)
        letters = Counter(t for row in scene.letters for t in row if t)
        stood_in += sum(n - 1 for n in letters.values())
        assert sum(n - 1 for n in letters.values()) <= 2
        bare = crossword(one_each, scene_words(), np.random.default_rng(seed), words=8,
                         judge=default_lexicon())
        assert max(Counter(t for row in bare.letters for t in row if t).values()) == 1
    assert stood_in > 0  # some board needed a blank to stand in


def test_a_board_judged_by_another_list_passes_over_the_words_it_lacks():
    """Drawn from the pinned list and judged by one lacking a word the board held, the
    board no longer holds it; a board that never held it is drawn the same (a word passed
    over draws no more random numbers)."""
    spec = board_spec("bugwords")
    boards = {seed: crossword(spec, scene_words(), np.random.default_rng(seed), words=8)
              for seed in range(1, 7)}
    words_of = {seed: {w for w, _ in runs([[t.lower() for t in row] for row in b.letters])}
                for seed, b in boards.items()}
    dropped = sorted(words_of[1])[0]  # a word of seed 1's board
    judge = Lexicon([w for w in scene_words() if w != dropped], name="less one")
    for seed, board in boards.items():
        judged = crossword(spec, scene_words(), np.random.default_rng(seed), words=8,
                           judge=judge)
        if dropped in words_of[seed]:
            assert judged != board
            assert all(w in judge for w, _ in runs([[t.lower() for t in row]
                                                    for row in judged.letters]))
        else:
            assert judged == board, seed
