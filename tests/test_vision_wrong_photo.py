"""A photo of the wrong thing (a Word Girdle sheet, another game's board, a PDQ deal) is
refused in a sentence that says what it shows, never read as an empty board; a board with
neither markers nor premium squares is still found by its outline and grid lines."""

from __future__ import annotations

import datetime as dt
import re
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest
from sharedwork import once

from companion.cli import main
from companion.layout.sheets import girdle_sheet
from companion.lexicon import Lexicon, default_lexicon
from synthetic.boards import synthetic_photo
from synthetic.camera import Camera, photograph
from synthetic.cards import deal_photo
from synthetic.girdle import example_puzzle, printed_sheet
from synthetic.scenes import Scene, crossword
from vision.boards import board_spec
from vision.classifier import shipped_classifier
from vision.config import DEFAULT
from vision.errors import VisionError, WrongDocument
from vision.imageio import decode_photo
from vision.reading import read_board

SMALL = Camera(width=1600, height=1200, fill=(0.7, 0.85))
PX_PER_MM = 4.0
SCENES = Path(__file__).parent / "data" / "vision" / "scenes"


@cache
def scene_words() -> Lexicon:
    """The pinned list the synthetic boards are drawn from (see its README)."""
    return Lexicon.from_path(SCENES / "scene-words.txt.gz", name="scene words")


@cache
def _sheet() -> np.ndarray:
    """The day's printed Girdle sheet, as `companion print girdle` makes it, rasterised."""
    return printed_sheet(example_puzzle(), dt.date(2026, 12, 1), PX_PER_MM)


@cache
def _sheet_without_markers() -> np.ndarray:
    """The printed sheet with its four markers covered (a hand, the edge of the frame)."""
    flat = _sheet().copy()
    for m in girdle_sheet("letter").markers:
        (x0, y0), _, (x1, y1), _ = m.corners()
        pad = 3.0
        cv2.rectangle(flat, (round((x0 - pad) * PX_PER_MM), round((y0 - pad) * PX_PER_MM)),
                      (round((x1 + pad) * PX_PER_MM), round((y1 + pad) * PX_PER_MM)),
                      (255, 255, 255), -1)
    return flat


def _png(image: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".png", image)
    assert ok
    return buf.tobytes()


def _board_photo(kind: str, game: str, seed: int = 1) -> tuple[Scene, bytes]:
    """A synthetic photo of a board of ``kind`` for ``game`` with six words drawn by
    ``seed``, and its scene; drawn once per run for the same arguments (the paper boards are
    read as two other games' each)."""

    def draw() -> tuple[Scene, bytes]:
        rng = np.random.default_rng(seed)
        spec = board_spec(game)
        scene = crossword(spec, scene_words(), rng, words=6, judge=default_lexicon())
        return scene, synthetic_photo(kind, spec, scene, rng, SMALL)

    return once(f"synthetic {kind} {game} photo, seed {seed}, six words, {SMALL}", draw)


def _read(capsys, photo: bytes, tmp_path, game: str, name: str = "photo.png"
          ) -> tuple[int, str]:
    path = tmp_path / name
    path.write_bytes(photo)
    extra = ["--date", "2026-12-01"] if game == "girdle" else []
    status = main(["read", str(path), "--game", game, *extra])
    return status, capsys.readouterr().err


@pytest.mark.parametrize("game, wanted", [("bugwords", "a Bug Words board"),
                                          ("werdup", "a WerdUp board"),
                                          ("pdq", "a PDQ deal")])
def test_a_printed_girdle_sheet_is_refused_as_a_girdle_sheet(capsys, tmp_path, game, wanted):
    """Read as a Bug Words board, the sheet's boxes and tables were taken for a 15x15 grid
    with nothing on it: "found by outline", an empty board, exit status 0."""
    status, err = _read(capsys, _png(_sheet()), tmp_path, game)
    assert status == 1
    assert err == (f"companion: This photo shows a Word Girdle sheet, not {wanted}: "
                   "read it with --game girdle.\n")


def test_a_photographed_girdle_sheet_is_refused_by_the_board_reader():
    rng = np.random.default_rng(4)
    image = decode_photo(DEFAULT.load, photograph(_sheet(), SMALL, rng)[0])
    with pytest.raises(WrongDocument, match="^this photo shows a Word Girdle sheet, not a "
                                            "Bug Words board$") as refused:
        read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier())
    assert refused.value.game == "girdle"


@cache
def _deal() -> bytes:
    """A photo of a PDQ deal of four cards, ZEST, drawn once per test process (two tests
    read it as other games')."""
    return deal_photo(list("ZEST"), np.random.default_rng(2), Camera(width=1600, height=1200))


@pytest.mark.parametrize("game, wanted", [("bugwords", "a Bug Words board"),
                                          ("girdle", "a Word Girdle sheet")])
def test_a_pdq_deal_is_refused_as_a_deal(capsys, tmp_path, game, wanted):
    status, err = _read(capsys, _deal(), tmp_path, game, "deal.jpg")
    assert status == 1
    assert err == (f"companion: This photo shows a PDQ deal (4 cards), not {wanted}: "
                   "read it with --game pdq.\n")


@pytest.mark.parametrize("kind, board, game, shows, wanted, right", [
    ("paper", "bugwords", "girdle", "the printed Bug Words paper board",
     "a Word Girdle sheet", "bugwords"),
    ("paper", "bugwords", "werdup", "the printed Bug Words paper board", "a WerdUp board",
     "bugwords"),
    ("paper", "werdup", "bugwords", "the printed WerdUp paper board", "a Bug Words board",
     "werdup"),
    ("3d", "werdup", "bugwords", "the 3D-printed WerdUp board", "a Bug Words board", "werdup"),
    ("paper", "werdup", "pdq", "the printed WerdUp paper board", "a PDQ deal", "werdup"),
])
def test_another_games_board_is_refused_as_that_board(capsys, tmp_path, kind, board, game,
                                                      shows, wanted, right):
    """Another game's paper or 3D-printed board was read by its outline as an empty board of
    this game's (or, as a sheet or a deal, said only that no markers or cards were seen)."""
    _, photo = _board_photo(kind, board)
    status, err = _read(capsys, photo, tmp_path, game, "board.jpg")
    assert status == 1
    assert err == (f"companion: This photo shows {shows}, not {wanted}: "
                   f"read it with --game {right}.\n")


@cache
def _sheet_refusal(game: str) -> str:
    """The board reader's refusal of the printed sheet without its markers as a ``game``
    board, read once per test process (two tests read it as a WerdUp board)."""
    image = decode_photo(DEFAULT.load, _png(_sheet_without_markers()))
    with pytest.raises(VisionError) as refused:
        read_board(DEFAULT, image, board_spec(game), shipped_classifier())
    return str(refused.value)


@pytest.mark.parametrize("game, size, seed", [("bugwords", "15x15", 1), ("werdup", "10x10", 1),
                                              ("werdup", "10x10", 2)])
def test_the_outline_fallback_tells_a_boards_grid_from_a_sheets_boxes(game, size, seed):
    """Without its markers a Girdle sheet is not told by them; its rules and boxes line up
    with a few of a grid's lines, never with most of them, so no grid is found in it (it was
    read as an empty board). A commercial WerdUp board, with neither markers nor premium
    squares, is still read by its outline: every one of its grid lines is seen."""
    assert re.search(f"not its {size} grid lines", _sheet_refusal(game))
    if game == "werdup":
        scene, photo = _board_photo("commercial", "werdup", seed)
        reading = read_board(DEFAULT, decode_photo(DEFAULT.load, photo), board_spec("werdup"),
                             shipped_classifier(), default_lexicon())
        assert reading.located.method == "outline"
        assert reading.grid() == scene.letters


REAL = Path(__file__).parent / "data" / "vision" / "real"


@pytest.mark.parametrize("photo, game, wanted", [
    ("IMG_20151016_165946.jpg", "werdup", "a WerdUp board"),
    ("IMG_20141025_163933.jpg", "werdup", "a WerdUp board"),
    ("IMG_20151016_165946.jpg", "girdle", "a Word Girdle sheet"),
    ("IMG_20151016_165946.jpg", "pdq", "a PDQ deal"),
])
def test_a_real_photo_of_a_commercial_board_is_refused_as_a_bug_words_board(
        capsys, tmp_path, photo, game, wanted):
    """A phone photo of a commercial Bug Words board, read as a WerdUp board, was taken by its
    outline for a 10x10 grid with a few letters on it (31 of the 34 real photos: these two,
    with 41 and 9 tiles, as WerdUp boards with 1 and none); read as a sheet or a deal, only
    "0 of 4 markers" or "found 1 card" was said."""
    status, err = _read(capsys, (REAL / photo).read_bytes(), tmp_path, game, photo)
    assert status == 1
    assert err == (f"companion: This photo shows a Bug Words board, not {wanted}: "
                   "read it with --game bugwords.\n")
