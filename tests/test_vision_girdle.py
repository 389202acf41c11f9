"""Word Girdle sheets: the rules' worked example, hand-written on the printed sheet and
photographed, is read, decoded and scored like the engine (final score 24)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from sharedwork import once

from companion.cli import main
from companion.lexicon import default_lexicon
from synthetic.camera import Camera, photograph
from synthetic.fonts import available
from synthetic.girdle import EXAMPLE_STEPS, example_puzzle, filled_sheet
from vision.cells import CellRead
from vision.classifier import hand_classifier
from vision.config import DEFAULT
from vision.errors import VisionError
from vision.girdle_sheet import GirdleReading, _decode_and_score, read_sheet
from vision.imageio import decode_photo

CAM = Camera(width=2400, height=1800, max_tilt=25)
LOAD = replace(DEFAULT.load, work_long_side=DEFAULT.sheet.work_long_side)


def _photo(font_name: str, seed: int, extra: dict[tuple[int, int], str] | None = None,
           scrawls: tuple[tuple[int, int], ...] = ()) -> bytes:
    """The worked example's sheet photographed; ``extra`` letters and ``scrawls`` (a pen's
    loop) on squares no word placed, as :func:`synthetic.girdle.filled_sheet` draws them.
    Drawn once per run for the same arguments (several tests read the same photo)."""
    font = available((font_name,))
    if not font:
        pytest.fail(f"hand-writing font {font_name} missing: see scripts/system-packages.txt")

    def draw() -> bytes:
        rng = np.random.default_rng(seed)
        flat = filled_sheet(example_puzzle(), list(EXAMPLE_STEPS), font[0], rng, extra=extra,
                            scrawls=scrawls)
        return photograph(flat, CAM, rng)[0]

    return once(f"girdle sheet photo {font[0]} {seed} {sorted((extra or {}).items())} "
                f"{scrawls} {CAM}", draw)


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
    # Z struck through in the A-Z section, as the player crossed it out (Q is worth 5 too)
    assert (reading.az_crossed, reading.supply_crossed) == (["Z"], [])
    assert reading.score["crossed_out"] == ["Z"] and reading.inferred == []


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


def _grid_drawn(out: str) -> list[str]:
    """The Girdle a command printed: its lines from the column numbers to the legend."""
    lines = out.splitlines()
    start = next(k for k, ln in enumerate(lines) if ln.strip() == "1 2 3 4 5 6 7")
    end = next(k for k, ln in enumerate(lines) if ln.strip().startswith("Squares: "))
    return lines[start:end + 1]


def _example_files(tmp_path: Path, steps) -> tuple[Path, Path]:
    """The worked example's puzzle file and a sheet file of it played by ``steps``, as
    ``read --puzzle`` and ``girdle check`` read them."""
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(example_puzzle().to_json())
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps({"puzzle": example_puzzle().to_dict(),
                                 "solution": [p.to_dict(k) for k, p in
                                              enumerate(steps, start=1)]}))
    return puzzle, sheet


def test_cli_read_girdle_draws_the_grid_as_girdle_check_does(tmp_path, capsys):
    """The worked example photographed and read, and the same sheet typed for 'girdle
    check': the grid is drawn alike, numbered, an empty square of a word line a '.', a dead
    square (no word line crosses it) a '#', and the legend under it. The reader drew a '.'
    for every empty square, dead or not, and numbered neither rows nor columns."""
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(_photo("ComicNeue-Bold.otf", 1))
    puzzle, sheet = _example_files(tmp_path, EXAMPLE_STEPS)
    assert main(["girdle", "check", str(sheet)]) == 0
    checked = _grid_drawn(capsys.readouterr().out)
    assert checked[2] == " 2  # S # . # O #"  # row 2: four dead squares, an empty one
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle)]) == 0
    read = capsys.readouterr().out
    assert _grid_drawn(read) == [f"  {line}" for line in checked], read
    assert read.startswith("Word Girdle sheet (letter):\n" + "".join(f"  {line}\n"
                                                                     for line in checked))


def test_cli_read_girdle_sheet_of_another_day(tmp_path, capsys):
    """The worked example's sheet read against a daily puzzle: its words do not fit that day's
    lines, and the reader says so with the way out (the sheet is read but not scored: exit
    status 1, as 'girdle check' refuses word 1 off that day's lines)."""
    from companion.girdle import puzzle_for

    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(_photo("ComicNeue-Bold.otf", 3))
    assert main(["read", str(photo), "--game", "girdle", "--date", "2026-11-30"]) == 1
    out = capsys.readouterr().out
    assert ("cannot score the sheet: the words read do not fit the lines of the puzzle of "
            "Monday 30 November 2026: is the sheet of another day? give --date of the sheet's "
            "day, or --puzzle FILE\n") in out
    other = tmp_path / "other.json"
    other.write_text(puzzle_for(dt.date(2026, 11, 30)).to_json())
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(other), "--json"]) == 1
    reading = json.loads(capsys.readouterr().out)
    assert reading["score"] is None
    assert reading["problem"] == ("the words read do not fit the lines of the puzzle of "
                                  "Monday 30 November 2026")
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(other)]) == 1
    assert ("the puzzle of Monday 30 November 2026: is the sheet of another puzzle? give that "
            "puzzle's file "
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


SPLIT_ROW_1 = ("row 1 shows two words, JVMP and VW: a line holds one word; a letter between "
               "them may be lost: check the sheet")


def _smeared_photo() -> bytes:
    """The worked example in the Breip hand smeared 9 pixels sideways: row 1 reads JVMP, an
    empty box, VW. Made once per run (three tests read it)."""
    import cv2

    from synthetic.camera import smear_kernel

    def smear() -> bytes:
        image = cv2.imdecode(np.frombuffer(_photo("Breip.ttf", 102), np.uint8),
                             cv2.IMREAD_COLOR)
        ok, jpeg = cv2.imencode(".jpg", cv2.filter2D(image, -1, smear_kernel(9, 0)),
                                [cv2.IMWRITE_JPEG_QUALITY, 90])
        assert ok
        return jpeg.tobytes()

    return once("girdle sheet photo Breip.ttf 102 smeared 9 px sideways, JPEG 90", smear)


def test_a_smeared_sheets_lost_thin_letter_is_listed_not_read_as_an_empty_box():
    """The worked example in the Breip hand smeared 9 pixels sideways (as
    ``bench/vision_blur.py`` smears its third sheet): the I of JUMPING, a thin stroke, is
    smeared too pale to be ink and its box was read as empty, sure of it, between JVMP and
    VW. Two runs in one line cannot be (a line holds one word), so the box between them is
    listed for the player; no letter is read wrong unlisted; the sheet is not scored, the
    problem naming the row and both its runs."""
    reading = read_sheet(DEFAULT, decode_photo(LOAD, _smeared_photo()), hand_classifier(),
                         default_lexicon(), example_puzzle())
    grid, truth = reading.grid(), _truth()
    listed = {(u.row, u.col): u for u in reading.uncertain}
    assert grid[0][4] == "" and (0, 4) in listed
    assert "" in [a for a, _ in listed[(0, 4)].alternatives]
    wrong = [(r, c) for r in range(7) for c in range(7) if grid[r][c] != truth[r][c]]
    assert all(cell in listed for cell in wrong), wrong
    assert reading.score is None
    assert reading.problem == SPLIT_ROW_1
    assert reading.words[0]["word"] == "JVMP"  # the line's first run, not its last (VW)


def test_a_blurred_boxs_own_line_is_not_read_as_a_letter_in_it():
    """The worked example in the bold dkg hand (``bench/vision_blur.py``'s second sheet)
    blurred as a missed focus blurs, 2.5 pixels: the box under JUMPING's J is empty, but
    the grid's outer line, blurred past the box's margin, left a strip of ink along its crop's
    left edge, and the J's tail a blob along its top; the strip was read as an I, sure of it
    (0.97), and not listed (IS across, KI down). A strip along the crop's edge is the box's
    line: the box reads empty, and no cell is read wrong and unlisted."""
    import cv2

    def blurred() -> bytes:
        image = cv2.imdecode(np.frombuffer(_photo("dkgBd.ttf", 101), np.uint8),
                             cv2.IMREAD_COLOR)
        ok, jpeg = cv2.imencode(".jpg", cv2.GaussianBlur(image, (0, 0), 2.5),
                                [cv2.IMWRITE_JPEG_QUALITY, 90])
        assert ok
        return jpeg.tobytes()

    photo = once("girdle sheet photo dkgBd.ttf 101 blurred 2.5 px, JPEG 90", blurred)
    reading = read_sheet(DEFAULT, decode_photo(LOAD, photo), hand_classifier(),
                         default_lexicon(), example_puzzle())
    grid, truth = reading.grid(), _truth()
    assert grid[1][0] == ""
    listed = {(u.row, u.col) for u in reading.uncertain}
    wrong = [(r, c) for r in range(7) for c in range(7) if grid[r][c] != truth[r][c]]
    assert wrong and all(cell in listed for cell in wrong), wrong
    assert reading.score is None


def test_a_strip_of_ink_along_a_crops_edge_is_left_out_but_a_letter_touching_it_is_not():
    """``edge_lines``: a mark touching one edge of the crop and lying within that share of
    the crop's side from it is a printed line, whichever edge (an upright one is read as an I
    when ``edge_lines`` is 0); a letter that touches the edge but reaches further in is
    kept."""
    from vision.glyph import along_an_edge, glyph_from_mask

    cells = DEFAULT.cells
    for strip in (np.s_[:, :5], np.s_[:, -5:]):
        mask = np.zeros((36, 36), bool)
        mask[strip] = True
        assert glyph_from_mask(cells, mask, exclude_border=False, edge_lines=0.2) is None
        assert glyph_from_mask(cells, mask, exclude_border=False) is not None
    assert along_an_edge(0, 0, 36, 5, 36, 36, 0.2) and along_an_edge(0, 31, 36, 5, 36, 36, 0.2)
    assert not along_an_edge(10, 0, 5, 36, 36, 36, 0.2)  # an I in the box's middle
    letter = np.zeros((36, 36), bool)
    letter[:, 2:6] = True  # an L written against the box's left line
    letter[30:34, 2:20] = True
    assert glyph_from_mask(cells, letter, exclude_border=False, edge_lines=0.2) is not None


def test_a_line_read_as_two_runs_is_the_problem_said_naming_the_line_and_both_runs():
    """A line holds one word: a row read as two runs (a letter lost between them) is said so,
    in the engine's words, rather than one run taken for the line's word; a column the same."""
    from vision.girdle_sheet import _split

    grid, puzzle = _truth(), example_puzzle()
    assert _split(grid, puzzle) is None
    grid[0][4] = ""  # JUMP.NG
    assert str(_split(grid, puzzle)) == (
        "row 1 shows two words, JUMP and NG: a line holds one word; a letter between them "
        "may be lost: check the sheet")
    grid = _truth()
    grid[4][3] = ""  # CLOD down column 4 read C.OD: a lone C, one run
    assert _split(grid, puzzle) is None
    grid = _truth()
    grid[5][5], grid[6][5] = "X", "Y"  # NOTE down column 6, an empty box, XY
    assert str(_split(grid, puzzle)).startswith(
        "column 6 shows two words, NOTE and XY: a line holds one word; ")


def test_cli_read_girdle_names_both_runs_of_a_line_read_as_two(tmp_path, capsys):
    """The smeared sheet through ``companion read``: the problem names row 1's two runs (not
    "word 1: VW is not in the word list"), in the text and in --json."""
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(_smeared_photo())
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(example_puzzle().to_json())
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle)]) == 1
    out = capsys.readouterr().out
    assert "  word 1: JVMP (across from row 1, column 1)\n" in out
    assert f"  cannot score the sheet: {SPLIT_ROW_1}\n" in out
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle), "--json"]) == 1
    reading = json.loads(capsys.readouterr().out)
    assert reading["problem"] == SPLIT_ROW_1
    assert reading["score"] is None


def test_a_gap_box_is_offered_without_made_up_shares(capsys):
    """A box read empty between two runs of one line was offered as "empty (50%), I (50%)":
    nothing measured either. It says why, its choices shown bare (``p`` null), and so
    ``companion read`` prints it; a gap between runs of two boxes and more is offered as
    empty only, saying a letter may be lost there. Its confidence, given as 0.5, is null."""
    from companion.cli.vision import _alternative
    from vision.cells import CellRead
    from vision.girdle_sheet import GAP, GAP_FITS, GirdleReading, _list_gaps

    grid = _truth()
    grid[0][4] = ""  # JUMP.NG
    reads = [CellRead(r, c, grid[r][c], 1.0) for r in range(7) for c in range(7)]
    listed: list[CellRead] = []
    _list_gaps(reads, listed, default_lexicon())
    reading = GirdleReading("letter", reads, listed, [], [], [], np.eye(3))
    (box,) = reading.to_dict()["uncertain"]
    assert (box["row"], box["col"], box["why"]) == (0, 4, GAP_FITS)
    assert box["alternatives"] == [{"letter": None, "p": None}, {"letter": "I", "p": None}]
    assert [_alternative(a) for a in box["alternatives"]] == ["empty", "I"]
    assert reading.to_dict()["confidence"][0][3:6] == [1.0, None, 1.0]  # it was 0.5
    grid[0][3] = ""  # JUM..NG
    reads = [CellRead(r, c, grid[r][c], 1.0) for r in range(7) for c in range(7)]
    listed = []
    _list_gaps(reads, listed, default_lexicon())
    assert [(rd.why, rd.unweighed) for rd in listed] == [(GAP, True)] * 2


# The worked example with letters on squares no word placed: a word in row 5, which is not
# one of the puzzle's word lines; a letter on its own (row 5, column 7: no letter beside it)
STRAYS = [
    ({(5, 1): "G", (5, 2): "O"}, "row 5 shows GO, but it is not one of the puzzle's word lines"),
    ({(5, 7): "Z"}, "row 5, column 7 holds Z, a letter no word placed"),
]


@pytest.mark.parametrize("extra, problem", STRAYS)
def test_letters_no_word_placed_are_the_engines_problem_not_ignored(extra, problem):
    """The reader handed the engine only the runs in the word lines, so a word written in
    another row, or a letter on its own, was dropped and the sheet scored 24 as if they
    were not there. The engine is shown the whole grid read and refuses it, in its own
    sentence; the seven words are still read."""
    reading = read_sheet(DEFAULT, decode_photo(LOAD, _photo("ComicNeue-Bold.otf", 3, extra)),
                         hand_classifier(), default_lexicon(), example_puzzle())
    grid = reading.grid()
    assert all(grid[r - 1][c - 1] == ch for (r, c), ch in extra.items())
    assert [w["word"] for w in reading.words] == [p.word for p in EXAMPLE_STEPS]
    assert reading.score is None
    assert reading.problem == problem
    assert not reading.off_lines


@pytest.mark.parametrize("extra, problem", STRAYS)
def test_cli_read_girdle_says_a_letter_no_word_placed(tmp_path, capsys, extra, problem):
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(_photo("ComicNeue-Bold.otf", 3, extra))
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(example_puzzle().to_json())
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle)]) == 1
    out = capsys.readouterr().out
    assert out.endswith(f"  cannot score the sheet: {problem}\n")
    assert "Final score" not in out
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle), "--json"]) == 1
    reading = json.loads(capsys.readouterr().out)
    assert (reading["problem"], reading["score"]) == (problem, None)


def test_a_mark_no_word_placed_read_unsurely_is_listed_and_the_sheet_scored(tmp_path, capsys):
    """A pen's loop on a square no word placed (row 5, column 7), read as Z with a confidence
    under the 0.80 below which the reader doubts a letter: the reader takes it for no
    letter, as the engine accepts the sheet so, and lists the square saying why, offered as
    empty or the letters it was read as, none with a share; the sheet scores 24. A letter
    read surely there is the sheet's problem instead (above). The square is dead (no word
    line crosses it), printed darker since the sheet must tell them apart in black and white:
    the loop shows less against it, and is offered as Z, G, D or A (it was Z or A)."""
    from vision.girdle_sheet import UNSURE_MARK

    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(_photo("ComicNeue-Bold.otf", 2, scrawls=((5, 7),)))
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(example_puzzle().to_json())
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle), "--json"]) == 0
    reading = json.loads(capsys.readouterr().out)
    why = UNSURE_MARK.format(face="Z")
    assert reading["uncertain"] == [
        {"row": 4, "col": 6, "read": "", "why": why,
         "alternatives": [{"letter": None, "p": None}, {"letter": "Z", "p": None},
                          {"letter": "G", "p": None}, {"letter": "D", "p": None},
                          {"letter": "A", "p": None}]}]
    assert reading["grid"][4][6] == "" and reading["confidence"][4][6] is None
    assert (reading["problem"], reading["score"]["final"]) == ("", 24)
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle)]) == 0
    out = capsys.readouterr().out
    assert f"  uncertain: row 5, column 7 ({why}): empty, Z, G, D, A\n" in out
    assert "  Final score: 54 - 30 = 24\n" in out and "cannot score" not in out


@pytest.mark.parametrize("photo, box", [
    (lambda: _photo("ComicNeue-Bold.otf", 2, scrawls=((5, 7),)), (4, 6)),
    (_smeared_photo, (0, 4)),
], ids=["a mark taken for no letter", "a gap between two runs of one line"])
def test_the_sheets_overlay_shows_every_box_listed_though_read_empty(photo, box):
    """A box listed for the player to check but read empty (a pen's loop taken for no
    letter, a gap a smeared I was lost from) had nothing drawn on it: the overlay showed no
    sign of it. It is drawn over in the doubt colour, as every other box listed is."""
    import cv2
    from overlaid import drawn_in_doubt

    from companion.layout.sheets import girdle_sheet
    from vision.overlay import draw_sheet

    image = decode_photo(LOAD, photo())
    reading = read_sheet(DEFAULT, image, hand_classifier(), default_lexicon(), example_puzzle())
    empty = [(u.row, u.col) for u in reading.uncertain if not u.face]
    assert empty == [box]
    overlay = draw_sheet(image, reading)
    rect = girdle_sheet(reading.paper).grids["girdle"].cell(*box)
    corners = np.array(rect.corners(), np.float32).reshape(-1, 1, 2)
    quad = cv2.perspectiveTransform(corners, reading.homography).reshape(-1, 2)
    assert drawn_in_doubt(image, overlay, quad)


def _example_reading(doubted: tuple[int, int], face: str,
                     alternatives: list[tuple[str, float]]) -> GirdleReading:
    """The worked example's sheet as read letter by letter, every letter sure but the one at
    ``doubted`` (0-based), read as ``face`` and listed with ``alternatives``; its dots
    filled and its first box ticked, as the sheet shows them."""
    cells = {(r - 1, c - 1): ch for p in EXAMPLE_STEPS
             for (r, c), ch in zip(p.cells(), p.word, strict=True)}
    reads = []
    for r in range(7):
        for c in range(7):
            ch = face if (r, c) == doubted else cells.get((r, c), "")
            reads.append(CellRead(r, c, ch, 0.99, [], ch or None, [(ch, 0.99)]))
    listed = reads[doubted[0] * 7 + doubted[1]]
    listed.confidence, listed.alternatives, listed.options = (
        alternatives[0][1], alternatives, alternatives)
    return GirdleReading("letter", reads, [listed], [], list(range(1, 9)), [1], np.eye(3))


def test_a_listed_letter_read_either_way_into_words_leaves_the_sheet_unscored():
    """ACHE's H read unsurely as N, listed with H among its alternatives: ACNE is a word too
    and the engine accepts the sheet either way, so the score (18 for ACNE, 24 for ACHE)
    rests on a letter the reader doubts. It was scored 18, no problem said; it is read but
    not scored, the problem naming the square and both words."""
    reading = _example_reading((3, 4), "N", [("N", 0.61), ("M", 0.25), ("H", 0.15)])
    _decode_and_score(reading, example_puzzle(), default_lexicon(),
                      DEFAULT.classify.min_confidence)
    assert [w["word"] for w in reading.words] == ["JUMPING", "USE", "NOTE", "ACNE", "CLOD",
                                                  "FED", "OX"]
    assert reading.score is None
    assert reading.problem == ("a listed letter may be read either way, and the words fit "
                               "both: row 4, column 5 is N or H (ACNE or ACHE); check the "
                               "listed squares")


def test_a_listed_letter_whose_alternatives_make_no_word_leaves_the_sheet_scored():
    """A listed letter whose other readings make no word (JUMPING's J, or I or T: IUMPING,
    TUMPING) leaves the words as they are: the sheet is scored, the letter listed."""
    reading = _example_reading((0, 0), "J", [("J", 0.7), ("I", 0.2), ("T", 0.1)])
    _decode_and_score(reading, example_puzzle(), default_lexicon(),
                      DEFAULT.classify.min_confidence)
    assert (reading.problem, reading.score["final"]) == ("", 24)


def test_a_letter_coloured_in_that_no_square_holds_leaves_the_sheet_unscored():
    """ACHE's H read surely as N, nothing listed: ACNE is a word and the engine accepts the
    sheet, which was scored 18 (24 as written). The A-Z section shows H coloured in, and no
    square read holds an H: the sheet is read but not scored, the problem saying why."""
    reading = _example_reading((3, 4), "N", [("N", 0.99)])
    reading.uncertain = []
    reading.az_coloured = sorted(set("JUMPINGSEOTACHLDFX"))
    _decode_and_score(reading, example_puzzle(), default_lexicon(),
                      DEFAULT.classify.min_confidence)
    assert [w["word"] for w in reading.words][3] == "ACNE"
    assert reading.score is None
    assert reading.problem == ("the A-Z section shows H coloured in, but no square of the "
                               "Girdle read holds it: a letter of the words may be misread (or "
                               "coloured by mistake); check the words against the sheet")


def test_a_letter_placed_but_not_coloured_in_leaves_the_sheet_scored():
    """A letter on the Girdle whose A-Z box is not coloured in (taken from the Supply, or
    left uncoloured) is no doubt: the sheet read right is scored 24."""
    reading = _example_reading((0, 0), "J", [("J", 0.99)])
    reading.uncertain = []
    reading.az_coloured = sorted(set("JUMPINGSEOTACHLDF"))  # X not coloured in
    _decode_and_score(reading, example_puzzle(), default_lexicon(),
                      DEFAULT.classify.min_confidence)
    assert (reading.problem, reading.score["final"]) == ("", 24)


def _sent_small(jpg: bytes, long_side: int) -> bytes:
    """A photo as a messaging app sends it: shrunk whole to ``long_side`` pixels, JPEG 70."""
    import cv2

    image = cv2.imdecode(np.frombuffer(jpg, np.uint8), cv2.IMREAD_COLOR)
    s = long_side / max(image.shape[:2])
    small = cv2.resize(image, (round(image.shape[1] * s), round(image.shape[0] * s)),
                       interpolation=cv2.INTER_AREA)
    return cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 70])[1].tobytes()


@pytest.mark.parametrize("font, seed, long_side", [
    ("femkeklaver.ttf", 1203, 1024), ("dkgBd.ttf", 1101, 800)])
def test_a_sheet_photo_sent_small_reads_as_the_original(font, seed, long_side):
    """Sent at 1024 or 800 pixels, the Girdle spans 1.2 to 2 of the photo's pixels a
    millimetre and is warped up to 4: the usual ink cut, a third of the way from the paper
    to the pen, took in the soft edges' outer part, filling the inside of outlined letters
    (femkeklaver's H read N: ACNE, scored 18) and closing gaps (dkgBd's I and N: JUMPVNQ).
    The cut moves toward the edges' middle as the photo's pixels are fewer."""
    jpg = _sent_small(_photo(font, seed), long_side)
    reading = read_sheet(DEFAULT, decode_photo(LOAD, jpg), hand_classifier(),
                         default_lexicon(), example_puzzle())
    assert [w["word"] for w in reading.words] == [p.word for p in EXAMPLE_STEPS]
    assert (reading.problem, reading.score["final"]) == ("", 24)


def test_cli_read_girdle_sums_the_sheet_as_girdle_check_does(tmp_path, capsys):
    """An unfinished sheet (five words, row 1's box ticked, Supply letters activated and left
    unused) photographed and read, and the same sheet typed for 'girdle check': the lines
    under the tracker are the same, unused letters by section and the unfinished verdict
    with them (the reader printed the sub-total, the unused total and the final score alone,
    and never said the sheet was unfinished). Q is the letter crossed out, struck through on
    the sheet and read so."""
    font = available(("ComicNeue-Bold.otf",))
    if not font:
        pytest.fail("hand-writing font ComicNeue-Bold.otf missing: see "
                    "scripts/system-packages.txt")
    steps = [replace(EXAMPLE_STEPS[0], crossed_out=("Q",)), *EXAMPLE_STEPS[1:5]]
    rng = np.random.default_rng(5)
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(photograph(filled_sheet(example_puzzle(), steps, font[0], rng), CAM,
                                 rng)[0])
    puzzle, sheet = _example_files(tmp_path, steps)
    assert main(["girdle", "check", str(sheet)]) == 1  # unfinished
    checked = capsys.readouterr().out.splitlines()
    sums = checked[checked.index(next(ln for ln in checked
                                      if ln.startswith("Sub-total words: "))):]
    # 23 + 2 + 4 + 9 + 7; B F K R V W X Y Z unused (34) and six Supply letters (6)
    assert sums[-3:] == ["Unused letters: B F K R V W X Y Z (A-Z); E A S T R N (Supply)",
                         "Final score: 45 - 40 = 5", "(unfinished: 5 of 7 words)"]
    # unfinished, as 'girdle check' says of it typed: exit status 1 from both (read said 0)
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle)]) == 1
    read = capsys.readouterr().out
    assert read.endswith("".join(f"  {line}\n" for line in sums)), read
    assert main(["girdle", "check", str(sheet), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["complete"] is False
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle),
                 "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["score"]["complete"] is False


def _crossed_photo(font_name: str, seed: int, letter: str, strokes: int) -> bytes:
    """The worked example's sheet photographed, word 1's ticked box crossing out ``letter``
    (struck through with ``strokes``: 1 a line, 2 an X, 0 none drawn)."""
    font = available((font_name,))
    if not font:
        pytest.fail(f"hand-writing font {font_name} missing: see scripts/system-packages.txt")

    def draw() -> bytes:
        rng = np.random.default_rng(seed)
        steps = [replace(EXAMPLE_STEPS[0], crossed_out=(letter,)), *EXAMPLE_STEPS[1:]]
        flat = filled_sheet(example_puzzle(), steps, font[0], rng, strokes=strokes)
        return photograph(flat, CAM, rng)[0]

    return once(f"girdle sheet photo {font[0]} {seed} crossing out {letter} in {strokes} "
                f"strokes {CAM}", draw)


def _typed(tmp_path, letter: str):
    """The worked example's sheet typed for 'girdle check', word 1 crossing out ``letter``,
    and the puzzle's file."""
    steps = [replace(EXAMPLE_STEPS[0], crossed_out=(letter,)), *EXAMPLE_STEPS[1:]]
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps({"puzzle": example_puzzle().to_dict(),
                                 "solution": [p.to_dict(k) for k, p in
                                              enumerate(steps, start=1)]}))
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(example_puzzle().to_json())
    return sheet, puzzle


def _sums(out: str) -> list[str]:
    lines = [ln.strip() for ln in out.splitlines()]
    return lines[lines.index(next(ln for ln in lines if ln.startswith("Sub-total words: "))):]


USED = sorted(set("JUMPINGSEOTACHLDFX"))


@pytest.mark.parametrize("font, seed, letter, strokes, az, supply", [
    ("ComicNeue-Bold.otf", 1, "K", 1, ["K"], []),
    ("SteveHand.ttf", 2, "K", 2, ["K"], []),
    ("ComicNeue-Bold.otf", 4, "S", 2, [], [5]),
    ("SteveHand.ttf", 5, "S", 1, [], [5]),
], ids=["K, a line", "K, an X", "Supply S, an X", "Supply S, a line"])
def test_a_cheap_letter_crossed_out_is_scored_as_the_sheet_typed(tmp_path, capsys, font, seed,
                                                                 letter, strokes, az, supply):
    """Word 1's ticked box crossed out K (4 Victory Points) or the active Supply S (1), not Q
    or Z (5): the reader took the dearest unused letter, so the photo scored 24 where the
    sheet as written scores 23 or 20. The letter struck through, by a line or an X, is read
    (its box not taken for one coloured in, no box coloured in taken for one struck) and the
    engine scores the sheet with it: the same card and lines as 'girdle check' of the sheet
    typed."""
    sheet, puzzle = _typed(tmp_path, letter)
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(_crossed_photo(font, seed, letter, strokes))
    assert main(["girdle", "check", str(sheet)]) == 0
    checked = _sums(capsys.readouterr().out)
    assert main(["girdle", "check", str(sheet), "--json"]) == 0
    typed = json.loads(capsys.readouterr().out)
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle),
                 "--json"]) == 0
    read = json.loads(capsys.readouterr().out)
    assert (read["az_crossed_out"], read["supply_crossed_out"]) == (az, supply)
    assert read["az_coloured"] == USED and read["crossed_out_inferred"] == []
    assert read["score"]["crossed_out"] == [letter]
    assert read["score"]["final"] == typed["final"] == {"K": 23, "S": 20}[letter]
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle)]) == 0
    out = capsys.readouterr().out
    assert _sums(out) == checked
    section = "A-Z" if az else "Supply"
    assert f"Crossed out: {letter} ({section})" in checked
    seen = f"{letter} (A-Z)" if az else "Supply 5"
    assert f"  letters seen crossed out: {seen}\n" in out


def test_a_crossed_out_letter_reads_in_a_photo_sent_small():
    """The sheet crossing out K with an X, sent at 1024 pixels: K is still read struck
    through, and the sheet scored 23."""
    jpg = _sent_small(_crossed_photo("SteveHand.ttf", 2, "K", 2), 1024)
    reading = read_sheet(DEFAULT, decode_photo(LOAD, jpg), hand_classifier(),
                         default_lexicon(), example_puzzle())
    assert (reading.az_crossed, reading.supply_crossed) == (["K"], [])
    assert sorted(reading.az_coloured) == USED
    assert (reading.problem, reading.score["final"]) == ("", 23)


def test_a_ticked_box_with_no_letter_seen_crossed_out_keeps_the_inference_and_says_so(
        tmp_path, capsys):
    """Row 1's box ticked, no letter struck through: the dearest unused letter (Q) is taken
    as crossed out, as before, and the reader says so."""
    _, puzzle = _typed(tmp_path, "Q")
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(_crossed_photo("ComicNeue-Bold.otf", 1, "K", 0))
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle),
                 "--json"]) == 0
    read = json.loads(capsys.readouterr().out)
    assert (read["az_crossed_out"], read["supply_crossed_out"]) == ([], [])
    assert read["crossed_out_inferred"] == ["Q"] and read["score"]["final"] == 24
    assert main(["read", str(photo), "--game", "girdle", "--puzzle", str(puzzle)]) == 0
    out = capsys.readouterr().out
    assert ("  no letter seen crossed out for 1 ticked box: the dearest unused letter, Q, "
            "taken as crossed out\n") in out
    assert "  letters seen crossed out: none\n" in out


@pytest.mark.parametrize("az, supply, problem", [
    (["J"], [], "J cannot be crossed out: it is not an unused letter of the A-Z section or an "
                "active unused Supply letter, yet the sheet shows it crossed out"),
    (["K", "Q"], [], "the sheet shows K and Q crossed out, but only 1 ticked box earns a "
                     "cross-out"),
    (["K"], [3], "the sheet shows K and A crossed out, but only 1 ticked box earns a "
                 "cross-out"),
])
def test_letters_read_crossed_out_that_cannot_be_leave_the_sheet_unscored(az, supply, problem):
    """A letter read struck through that the words used (J of JUMPING), or more letters
    struck through than the ticked boxes earn: the sheet is read but not scored, the problem
    said in one sentence (it was scored 24, the letters struck through unread)."""
    reading = _example_reading((0, 0), "J", [("J", 0.99)])
    reading.uncertain = []
    reading.az_crossed, reading.supply_crossed = az, supply
    _decode_and_score(reading, example_puzzle(), default_lexicon(),
                      DEFAULT.classify.min_confidence)
    assert [w["word"] for w in reading.words] == [p.word for p in EXAMPLE_STEPS]
    assert (reading.score, reading.problem) == (None, problem)
