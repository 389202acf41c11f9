"""Word Girdle sheets: the rules' worked example, hand-written on the printed sheet and
photographed, is read, decoded and scored like the engine (final score 24)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace

import numpy as np
import pytest

from companion.cli import main
from companion.lexicon import default_lexicon
from synthetic.camera import Camera, photograph
from synthetic.fonts import available
from synthetic.girdle import EXAMPLE_STEPS, example_puzzle, filled_sheet
from vision.classifier import hand_classifier
from vision.config import DEFAULT
from vision.errors import VisionError
from vision.girdle_sheet import read_sheet
from vision.imageio import decode_photo

CAM = Camera(width=2400, height=1800, max_tilt=25)
LOAD = replace(DEFAULT.load, work_long_side=DEFAULT.sheet.work_long_side)


def _photo(font_name: str, seed: int) -> bytes:
    font = available((font_name,))
    if not font:
        pytest.fail(f"hand-writing font {font_name} missing: see scripts/system-packages.txt")
    rng = np.random.default_rng(seed)
    flat = filled_sheet(example_puzzle(), list(EXAMPLE_STEPS), font[0], rng)
    return photograph(flat, CAM, rng)[0]


@pytest.mark.parametrize("font, seed", [("ComicNeue-Bold.otf", 1), ("SteveHand.ttf", 2)])
def test_worked_example_sheet_scores_24(font, seed):
    image = decode_photo(LOAD, _photo(font, seed))
    reading = read_sheet(DEFAULT, image, hand_classifier(), default_lexicon(), example_puzzle())
    assert [w["word"] for w in reading.words] == [p.word for p in EXAMPLE_STEPS]
    assert reading.dots_filled == list(range(1, 9))
    assert reading.boxes_ticked == [1]
    assert sorted(reading.az_coloured) == sorted("JUMPINGSEOTACHLDFX")
    assert reading.problem == ""
    assert reading.score["final"] == 24
    assert reading.score["crossed_out"] in (["Q"], ["Z"])  # the sheet cannot say which 5


def test_a_sheet_blurred_past_reading_is_refused():
    """A filled sheet blurred as a missed focus blurs (a Gaussian of 6 pixels of the 2400-pixel
    photo): its markers are no longer found, and the photo is refused rather than read
    (every copy from a Gaussian of 4 pixels or a smear of 13, in ``bench/vision_blur.py``)."""
    import cv2

    image = cv2.imdecode(np.frombuffer(_photo("ComicNeue-Bold.otf", 1), np.uint8),
                         cv2.IMREAD_COLOR)
    ok, jpeg = cv2.imencode(".jpg", cv2.GaussianBlur(image, (0, 0), 6.0),
                            [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    with pytest.raises(VisionError, match="^Word Girdle sheet not found: only [01] of 4 "):
        read_sheet(DEFAULT, decode_photo(LOAD, jpeg.tobytes()), hand_classifier(),
                   default_lexicon(), example_puzzle())


def test_a_photo_without_the_sheet_says_so():
    rng = np.random.default_rng(0)
    plain = np.full((900, 1200, 3), 200, np.uint8)
    jpg = photograph(plain, Camera(width=1600, height=1200), rng)[0]
    with pytest.raises(VisionError, match="only 0 of 4 markers"):
        read_sheet(DEFAULT, decode_photo(LOAD, jpg), hand_classifier(), default_lexicon())


def test_cli_read_girdle(tmp_path, capsys):
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(_photo("ComicNeue-Bold.otf", 3))
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(example_puzzle().to_json())
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["score"]["final"] == 24
    assert main(["read", str(photo), "--game", "girdle", "--date", "yesterday"]) == 2
    assert "Cannot read the date 'yesterday'" in capsys.readouterr().err


def test_cli_read_girdle_sheet_of_another_day(tmp_path, capsys):
    """The worked example's sheet read against a daily puzzle: its words do not fit that day's
    lines, and the reader says so with the way out (the sheet is still read: exit status 0)."""
    from companion.girdle import puzzle_for

    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(_photo("ComicNeue-Bold.otf", 3))
    assert main(["read", str(photo), "--game", "girdle", "--date", "2026-11-30"]) == 0
    out = capsys.readouterr().out
    assert ("cannot score the sheet: the words read do not fit the lines of the puzzle of "
            "2026-11-30: is the sheet of another day? give --date of the sheet's day, or "
            "--puzzle FILE\n") in out
    other = tmp_path / "other.json"
    other.write_text(puzzle_for(dt.date(2026, 11, 30)).to_json())
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(other), "--json"]) == 0
    reading = json.loads(capsys.readouterr().out)
    assert reading["score"] is None
    assert reading["problem"] == ("the words read do not fit the lines of the puzzle of "
                                  "2026-11-30")
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(other)]) == 0
    assert ("the puzzle of 2026-11-30: is the sheet of another puzzle? give that puzzle's file "
            "with --puzzle, or --date of the sheet's day\n") in capsys.readouterr().out


def _truth() -> list[list[str]]:
    grid = [[""] * 7 for _ in range(7)]
    for p in EXAMPLE_STEPS:
        for (r, c), ch in zip(p.cells(), p.word, strict=True):
            grid[r - 1][c - 1] = ch
    return grid


def test_a_box_between_two_runs_of_one_line_is_a_gap_a_letter_may_be_lost_from():
    """A line holds one word and the grid no other run, so no box of a filled sheet lies
    between two runs of a line; one does once a letter there is lost."""
    from vision.girdle_sheet import _gaps

    grid = _truth()
    assert _gaps(grid) == []
    grid[0][4] = ""  # JUMP.NG
    assert _gaps(grid) == [((0, 4), [(0, 0), (0, 1), (0, 2), (0, 3), (0, 5), (0, 6)])]
    grid[0][3] = ""  # JUM..NG: both boxes, no letter to offer for either alone
    assert _gaps(grid) == [((0, 3), []), ((0, 4), [])]
    grid = _truth()
    grid[3][4] = ""  # ACHE across row 4 become AC.E: E is one letter, no second run
    assert _gaps(grid) == []


def test_a_smeared_sheets_lost_thin_letter_is_listed_not_read_as_an_empty_box():
    """The worked example in the Breip hand smeared 9 pixels sideways (as
    ``bench/vision_blur.py`` smears its third sheet): the I of JUMPING, a thin stroke, is
    smeared too pale to be ink and its box was read as empty, sure of it, between JVMP and
    VW. Two runs in one line cannot be (a line holds one word), so the box between them is
    listed for the player; no letter is read wrong unlisted (the sheet, its first word no
    word, is not scored)."""
    import cv2

    from synthetic.camera import smear_kernel

    image = cv2.imdecode(np.frombuffer(_photo("Breip.ttf", 102), np.uint8), cv2.IMREAD_COLOR)
    ok, jpeg = cv2.imencode(".jpg", cv2.filter2D(image, -1, smear_kernel(9, 0)),
                            [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    reading = read_sheet(DEFAULT, decode_photo(LOAD, jpeg.tobytes()), hand_classifier(),
                         default_lexicon(), example_puzzle())
    grid, truth = reading.grid(), _truth()
    listed = {(u.row, u.col): u for u in reading.uncertain}
    assert grid[0][4] == "" and (0, 4) in listed
    assert "" in [a for a, _ in listed[(0, 4)].alternatives]
    wrong = [(r, c) for r in range(7) for c in range(7) if grid[r][c] != truth[r][c]]
    assert all(cell in listed for cell in wrong), wrong
    assert reading.score is None
