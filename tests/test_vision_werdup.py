"""WerdUp from photos: a game's turns, photographed one by one, replay to the engine's scores."""

from __future__ import annotations

import json
import random

import numpy as np

from companion.cli import main
from companion.lexicon import default_lexicon
from companion.werdup.game import Game, Play
from companion.werdup.rules import get_rules
from companion.werdup.selfplay import take_turn
from synthetic.boards import synthetic_photo
from synthetic.camera import Camera
from synthetic.scenes import Scene
from vision.boards import board_spec
from vision.werdup_turn import BoardState

SMALL = Camera(width=1600, height=1200, fill=(0.7, 0.85), max_tilt=25)


def _scene(game: Game) -> Scene:
    n = game.board.rows
    faces = []
    for r in range(n):
        row = []
        for c in range(n):
            t = game.board.get(r, c) or ""
            row.append("Qu" if t.upper() == "QU" else t.upper())
        faces.append(row)
    return Scene(faces, set())


def test_photos_of_a_game_replay_to_the_engines_scores(tmp_path, capsys):
    lexicon = default_lexicon()
    game = Game.start(["ann", "bob"], get_rules("werdup"), lexicon, random.Random(4))
    spec = board_spec("werdup")
    state = BoardState([[""] * 10 for _ in range(10)], [[0] * 10 for _ in range(10)])
    rng = np.random.default_rng(4)
    checked = 0
    for turn in range(4):
        take_turn(game)
        last = game.history[-1]
        if not isinstance(last.move, Play):
            continue
        prev = tmp_path / f"state{turn}.json"
        prev.write_text(json.dumps(state.to_dict()))
        photo = tmp_path / f"turn{turn}.jpg"
        photo.write_bytes(synthetic_photo("3d", spec, _scene(game), rng, SMALL))
        assert main(["read", str(photo), "--game", "werdup", "--previous", str(prev),
                     "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["play"]["legal"], out["play"]
        assert out["play"]["score"] == last.score
        expected = [[game.board.height(r, c) for c in range(10)] for r in range(10)]
        assert out["heights"] == expected
        state = BoardState(out["grid"], out["heights"])
        checked += 1
    assert checked >= 3


def test_without_history_heights_are_unknown(tmp_path, capsys):
    rng = np.random.default_rng(9)
    grid = [[""] * 10 for _ in range(10)]
    for i, ch in enumerate("WORD"):
        grid[4][3 + i] = ch
    photo = tmp_path / "board.jpg"
    photo.write_bytes(synthetic_photo("3d", board_spec("werdup"), Scene(grid, set()), rng, SMALL))
    assert main(["read", str(photo), "--game", "werdup", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["grid"] == grid
    assert out["heights"][4][3:7] == [None] * 4 and out["heights"][0][0] == 0
    assert out["play"] is None


def test_a_vanished_tile_or_no_change_is_reported():
    import pytest

    from companion.werdup.rules import get_rules
    from vision.errors import VisionError
    from vision.werdup_turn import infer_play

    grid = [[""] * 10 for _ in range(10)]
    grid[4][4], grid[4][5] = "A", "T"
    before = BoardState(grid, [[1 if t else 0 for t in row] for row in grid])
    same = infer_play(before, [row[:] for row in grid], get_rules("werdup"), default_lexicon())
    assert not same.legal and "no new tile" in same.reason
    gone = [row[:] for row in grid]
    gone[4][5] = ""
    with pytest.raises(VisionError, match="gone"):
        infer_play(before, gone, get_rules("werdup"), default_lexicon())


def test_a_photo_several_plays_on_is_refused_saying_what_to_do():
    """New tiles since the --previous board that are not all in one row or one column were
    refused as "All the tiles of a play must be in one row or one column", nothing saying
    why or what to do: they are more than one play, said as the photo page says it, and
    'read' prints it as the play's line."""
    from companion.cli.vision import _play_said
    from companion.werdup.rules import get_rules
    from vision.werdup_turn import infer_play

    grid = [[""] * 10 for _ in range(10)]
    grid[4][4], grid[4][5] = "A", "T"
    before = BoardState(grid, [[1 if t else 0 for t in row] for row in grid])
    later = [row[:] for row in grid]
    later[4][6], later[5][4], later[6][4] = "E", "N", "T"  # ATE, then ANT down: two plays
    play = infer_play(before, later, get_rules("werdup"), default_lexicon())
    said = ("The photo shows 3 tiles more than the --previous position, not all in one row or "
            "one column, so more than one play: score the plays in between first, or correct "
            "the squares read wrongly")
    assert (play.legal, play.reason, play.score) == (False, said, 0)
    assert [(p.row, p.col) for p in play.placements] == [(4, 6), (5, 4), (6, 4)]
    assert _play_said(play.to_dict()) == said
