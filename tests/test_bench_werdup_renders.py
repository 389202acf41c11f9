"""The render benchmark's count of doubts a photo does not call for (bench/werdup_renders.py):
"a tile may stand here" on an empty square, an empty square listed with a letter, a tile
whose letter is in full view listed as not seen. Each is counted on a cached render's reading
with one such doubt put in."""

from __future__ import annotations

import copy
import importlib.util
from pathlib import Path

import cv2
import pytest

from companion.board import Board
from tools.render.rig import load_truth
from vision.cells import EMPTY, CellRead
from vision.classifier import shipped_classifier
from vision.config import DEFAULT
from vision.werdup_read import STACKS
from vision.werdup_stacks import StackRead, StacksReading, read_stacks

ROOT = Path(__file__).resolve().parent.parent
# 33 degrees from vertical: 19 stacks, 1-5 high, every height and letter read right and
# nothing listed
RENDER = ROOT / "tests" / "data" / "werdup_renders" / "render-101.jpg"


def _bench():
    spec = importlib.util.spec_from_file_location("werdup_renders_bench",
                                                  ROOT / "bench" / "werdup_renders.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def read() -> tuple[StacksReading, Board]:
    board, _ = load_truth(RENDER)
    reading = read_stacks(STACKS, DEFAULT.cells, DEFAULT.classify, cv2.imread(str(RENDER)),
                          shipped_classifier())
    return reading, board


def _stack(reading: StacksReading, row: int, col: int) -> StackRead:
    return next(s for s in reading.stacks if (s.row, s.col) == (row, col))


def _empty_squares(board: Board) -> list[tuple[int, int]]:
    return [(r, c) for r in range(10) for c in range(10) if not board.get(r, c)]


def _tiles(board: Board) -> list[tuple[int, int]]:
    return [(r, c) for r in range(10) for c in range(10) if board.get(r, c)]


def test_the_render_as_read_raises_no_false_doubt(read):
    bench = _bench()
    reading, board = read
    s = bench.score(reading, board)
    assert s["stacks"] == s["letters"] == s["heights"] == len(_tiles(board))
    assert [s[k] for k in bench.FALSE_DOUBTS] == [0, 0, 0]


def test_a_tile_may_stand_here_on_an_empty_square_is_counted(read):
    bench = _bench()
    reading, board = copy.deepcopy(read[0]), read[1]
    r, c = _empty_squares(board)[0]
    stack = _stack(reading, r, c)
    stack.unreadable, stack.height = True, None
    reading.not_seen.append((r, c))
    s = bench.score(reading, board)
    assert s["may stand, empty"] == 1 and s["unlisted"] == 0
    assert s["letter, empty"] == s["not seen, in view"] == 0


def test_an_empty_square_listed_with_a_letter_is_counted(read):
    bench = _bench()
    reading, board = copy.deepcopy(read[0]), read[1]
    r, c = _empty_squares(board)[0]
    stack = _stack(reading, r, c)
    stack.letter = CellRead(r, c, "O", 0.6, [("Q", 0.3)], letter="O")
    stack.height = 1
    reading.uncertain.append(stack.letter)
    s = bench.score(reading, board)
    assert s["letter, empty"] == 1 and s["unlisted"] == 0
    # the same letter not listed is wrong and unlisted, no doubt
    reading.uncertain.pop()
    s = bench.score(reading, board)
    assert s["letter, empty"] == 0 and s["unlisted"] == 1
    # read empty, listed offering a letter ("empty, or an I")
    stack.letter = CellRead(r, c, EMPTY, 0.5, [(EMPTY, 0.5), ("I", 0.5)])
    stack.height = 0
    reading.uncertain.append(stack.letter)
    s = bench.score(reading, board)
    assert s["letter, empty"] == 1 and s["unlisted"] == 0


def test_a_tile_in_full_view_listed_as_not_seen_is_counted_a_partly_hidden_one_is_not(read):
    bench = _bench()
    reading, board = copy.deepcopy(read[0]), read[1]
    low = [(r, c) for r, c in _tiles(board) if board.height(r, c) == 1
           and 0 < r < 9 and 0 < c < 9 and bench.letter_in_view(reading, board, r, c)]
    # the E on (5, 2), 1 high, its letter in full view: the 2-high N above it on (4, 2), on
    # the camera's side, hides none of it. Which neighbours would hide a letter depends on
    # the camera and the square: on this render no 5-high neighbour of the S on (2, 2) would
    # hide any of its letter.
    r, c = 5, 2
    assert (r, c) in low
    stack = _stack(reading, r, c)
    stack.seen, stack.height = False, None
    stack.letter = CellRead(r, c, EMPTY, 0.0)
    reading.not_seen.append((r, c))
    s = bench.score(reading, board)
    assert s["not seen"] == 1 and s["not seen, in view"] == 1
    # a 5-high stack beside it (in the truth), on the camera's side, hides part of its
    # letter
    hiding = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        taller = board.copy()
        taller.set(r + dr, c + dc, "E", 5)
        hiding.append(not bench.letter_in_view(reading, taller, r, c))
        if hiding[-1]:
            assert bench.score(reading, taller)["not seen, in view"] == 0
    # a tall neighbour on the camera's side hides part of the letter and one on the far side
    # does not, so some but not all four do (which ones depends on the render's camera):
    # 0 if the check ignored taller stacks, 4 if it called every letter beside one hidden
    assert 1 <= sum(hiding) <= 3


def test_the_benchmark_renders_again_and_says_why(tmp_path, monkeypatch, capsys):
    """A cached render kept with a position today's code no longer draws for its seed is
    stale, as one made from older meshes is: the benchmark renders both again (no Blender
    here: the rendering is recorded) and says how many and why; one as drawn today is kept."""
    import json

    from companion.lexicon import default_lexicon
    from tools.render import rig

    bench = _bench()
    meshes = tmp_path / "meshes"
    for name in ("new", "old"):
        (meshes / name).mkdir(parents=True)
        (meshes / name / "quarter.stl").write_bytes(name.encode())
        (meshes / name / "complete").write_text("")
    monkeypatch.setattr(rig, "ensure_meshes", lambda: meshes / "new")
    made: list[list[int]] = []
    monkeypatch.setattr(rig, "make_set", lambda seeds, out, **kw: made.append(seeds))
    lexicon = default_lexicon()
    out = tmp_path / "held-back"
    out.mkdir()
    for seed, drawn_as, key in ((9001, 9001, "new"), (9002, 9001, "new"), (9003, 9003, "old"),
                                (9004, 9004, "new")):
        info = {**rig.drawn_truth(drawn_as, lexicon, tilt=0.0 if seed == 9004 else None),
                "seed": seed, "meshes": key}
        (out / f"render-{seed}.jpg").write_bytes(RENDER.read_bytes())
        (out / f"render-{seed}.json").write_text(json.dumps(info))
    again = bench.bring_up_to_date([9001, 9002, 9003, 9004, 9005], out, {9004: 0.0})
    assert again == made[0] == [9002, 9003, 9005]
    said = capsys.readouterr().out
    assert "rendering 3 held-back photos" in said
    assert "1 missing; 1 made from older CAD meshes; 1 kept with a position or camera today's " \
           "code no longer draws for its seed (the engine or the word list changed" in said
    # all as drawn today: nothing rendered, nothing said
    made.clear()
    assert bench.bring_up_to_date([9001, 9004], out, {9004: 0.0}) == [] and made == []
    assert capsys.readouterr().out == ""


def test_the_blur_benchmark_says_which_cached_renders_today_draws_otherwise(tmp_path,
                                                                             monkeypatch):
    """bench/vision_blur.py reads the cached renders against their kept truth and never
    renders them again; it says which of those read today's code no longer draws."""
    import json
    import sys

    from companion.lexicon import default_lexicon
    from tools.render.rig import drawn_truth

    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    monkeypatch.delitem(sys.modules, "vision_blur", raising=False)
    import vision_blur

    lexicon = default_lexicon()
    monkeypatch.setattr(vision_blur, "RENDERS", tmp_path)
    for seed, drawn_as in ((101, 101), (102, 103), (112, 112)):
        info = drawn_truth(drawn_as, lexicon, tilt=vision_blur.RENDERS_STRAIGHT_DOWN.get(seed))
        (tmp_path / f"render-{seed}.jpg").write_bytes(RENDER.read_bytes())
        (tmp_path / f"render-{seed}.json").write_text(json.dumps({**info, "seed": seed}))
    assert vision_blur.renders_drawn_otherwise(["render-101", "render-112"], lexicon) == ""
    said = vision_blur.renders_drawn_otherwise(["render-101", "render-102", "render-112"],
                                               lexicon)
    assert said == ("  (1 of these 3 cached renders (102) holds a position or camera today's "
                    "code no longer draws for its seed; each is read against the truth kept "
                    "beside it)")
