"""WerdUp stack heights and letters from one photo, on cached renders of the printed set.

The renders (tests/data/werdup_renders, made by tools/render from the CAD meshes) carry their
positions; the benchmark's held-back renders use other seeds.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from sharedwork import once

from companion.board import Board
from companion.cli import main
from tools.render.rig import load_truth
from vision.cells import EMPTY, CellRead
from vision.classifier import shipped_classifier
from vision.config import DEFAULT
from vision.errors import VisionError
from vision.werdup_stacks import (
    BOARD_COLOURED,
    NOT_SEEN,
    PARTLY_HIDDEN,
    TOO_SMALL,
    BoardPose,
    FaceColours,
    HeightEvidence,
    StackConfig,
    StackRead,
    StacksReading,
    board_pose,
    not_seen_why,
    read_stacks,
)
from vision.werdup_turn import BoardState, ReadPlay, height_mismatches

RENDERS = Path(__file__).parent / "data" / "werdup_renders"
TILTED = (101, 103, 106, 109, 111)    # 19-39 degrees from vertical
STRAIGHT_DOWN = 112                    # rendered at 0 degrees


def _render(seed: int) -> tuple[np.ndarray, Board, dict]:
    path = RENDERS / f"render-{seed}.jpg"
    board, info = load_truth(path)
    return cv2.imread(str(path)), board, info


def _reading(seed: int) -> StacksReading:
    """The render of ``seed`` read with the shipped settings, once per run (many tests look at
    the same reading, in either pytest-xdist worker); each call gets its own copy."""

    def read() -> StacksReading:
        image, _, _ = _render(seed)
        return read_stacks(StackConfig(), DEFAULT.cells, DEFAULT.classify, image,
                           shipped_classifier())

    return once(f"werdup stacks reading of render-{seed}.jpg", read)


def _web_reading(seed: int) -> dict:
    """The render of ``seed`` as the web's photo page reads it (with the word list), once per
    run (two tests look at render 106's); each call gets its own copy."""
    from companion.lexicon import default_lexicon
    from companion.web.photos import read_photo

    def read() -> dict:
        reading, _, _ = read_photo("werdup", (RENDERS / f"render-{seed}.jpg").read_bytes(),
                                   default_lexicon(), 50_000_000)
        return reading

    return once(f"the web's werdup reading of render-{seed}.jpg", read)


def _letter_painted_out(seed: int, row: int, col: int) -> np.ndarray:
    """The render of ``seed`` with the letter of the stack on (row, col) painted over in its
    face's colour: a tile really there whose letter cannot be made out."""
    from companion.layout.werdup_board import WERDUP_BOARD as BOARD

    image, board, _ = _render(seed)
    pose = board_pose(StackConfig(), image)
    (cx, cy), z = BOARD.cell_center(row, col), BOARD.stack_top(board.height(row, col))

    def square(side: float) -> np.ndarray:
        h = side / 2
        corners = [(cx - h, cy - h, z), (cx + h, cy - h, z), (cx + h, cy + h, z),
                   (cx - h, cy + h, z)]
        return np.round(pose.project(np.array(corners))).astype(np.int32)

    plateau = np.zeros(image.shape[:2], np.uint8)
    cv2.fillConvexPoly(plateau, square(12.0), 1)
    pixels = image[plateau > 0]
    grey = pixels.astype(int).sum(axis=1)
    face = np.median(pixels[grey >= np.quantile(grey, 0.6)], axis=0)  # not the letter's ink
    cv2.fillConvexPoly(image, square(10.0), tuple(int(v) for v in face))
    return image


def _unread_tile_reading() -> StacksReading:
    """Render 104 (6 degrees from vertical) with the L on the beginning square (4, 4)
    painted out, read once per run."""

    def read() -> StacksReading:
        return read_stacks(StackConfig(), DEFAULT.cells, DEFAULT.classify,
                           _letter_painted_out(104, 4, 4), shipped_classifier())

    return once("werdup stacks reading of render-104.jpg, its L on (4, 4) painted out", read)


def _listed(reading: StacksReading) -> set[tuple[int, int]]:
    return ({(u.row, u.col) for u in reading.uncertain} | set(reading.not_seen)
            | set(reading.doubtful_heights))


@pytest.mark.parametrize("seed", TILTED[:2])
def test_the_pose_and_focal_length_come_from_the_markers(seed):
    image, _, info = _render(seed)
    pose = board_pose(StackConfig(), image)
    cam = info["camera"]
    assert pose.focal_measured and pose.markers >= 10
    assert pose.tilt == pytest.approx(info["tilt"], abs=1.5)
    focal_px = cam["focal"] / 36.0 * cam["width"]
    assert pose.camera[0, 0] == pytest.approx(focal_px, rel=0.03)


def test_a_tilted_photo_gives_every_stack_height_and_letter():
    _, board, _ = _render(101)  # 19 stacks, 1-5 high, photographed at 33 degrees
    reading = _reading(101)
    assert reading.heights_seen
    heights, grid = reading.heights(), reading.grid()
    wrong = [(r, c) for r in range(10) for c in range(10)
             if grid[r][c] != (board.get(r, c) or "") or heights[r][c] != board.height(r, c)]
    assert wrong == []
    assert {board.height(r, c) for r, c, _ in board.squares()} == {1, 2, 3, 4, 5}


@pytest.mark.slow
def test_tilted_renders_read_right_or_listed():
    occupied = heights_right = letters_right = 0
    for seed in TILTED:
        _, board, _ = _render(seed)
        reading = _reading(seed)
        listed = _listed(reading)
        heights, grid = reading.heights(), reading.grid()
        for r in range(10):
            for c in range(10):
                truth = board.get(r, c) or ""
                ok_letter = grid[r][c] == truth
                ok_height = heights[r][c] == board.height(r, c)
                assert (ok_letter and ok_height) or (r, c) in listed, (seed, r, c)
                if truth:
                    occupied += 1
                    heights_right += ok_height
                    letters_right += ok_letter
    assert occupied > 80
    assert heights_right / occupied >= 0.97
    assert letters_right / occupied >= 0.97


def test_straight_down_the_heights_are_not_guessed():
    _, board, _ = _render(STRAIGHT_DOWN)
    reading = _reading(STRAIGHT_DOWN)
    assert not reading.heights_seen and reading.pose.tilt < 5
    out = reading.to_dict()
    assert "straight down" in out["heights_note"]
    for r, c, _ in board.squares():
        assert out["heights"][r][c] is None
    letters = sum(out["grid"][r][c] == t for r, c, t in board.squares())
    assert letters >= 0.85 * sum(1 for _ in board.squares())
    # a tile whose letter is not made out is listed as such, never read as an empty cell
    unread = {(n["row"], n["col"]) for n in out["not_seen"] if n["why"] == "unreadable"}
    for r, c, t in board.squares():
        assert out["grid"][r][c] == t or (r, c) in unread
    assert all(out["grid"][r][c] == "" for r, c in unread)


def test_a_photo_without_the_board_is_a_sentence():
    blank = np.full((600, 800, 3), 200, np.uint8)
    with pytest.raises(VisionError, match="0 of 12 markers seen"):
        board_pose(StackConfig(), blank)


def test_cli_reads_letters_and_heights(tmp_path, capsys):
    overlay = tmp_path / "overlay.png"
    photo = RENDERS / "render-109.jpg"
    board, _ = load_truth(photo)
    assert main(["read", str(photo), "--game", "werdup", "--json", "--overlay",
                 str(overlay)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["heights_seen"] and out["play"] is None
    for r, c, t in board.squares():
        assert out["grid"][r][c] == t and out["heights"][r][c] == board.height(r, c)
    assert cv2.imread(str(overlay)).shape == cv2.imread(str(photo)).shape
    assert main(["read", str(photo), "--game", "werdup"]) == 0
    text = capsys.readouterr().out
    assert "found by markers (werdup-3d" in text


def test_cli_previous_state_checks_the_heights(tmp_path, capsys):
    photo = RENDERS / "render-109.jpg"
    board, _ = load_truth(photo)
    # the turn before: the tallest stack was one lower, with another letter on top
    r, c, top = max(board.squares(), key=lambda s: board.height(s[0], s[1]))
    h = board.height(r, c)
    grid = [[board.get(i, j) or "" for j in range(10)] for i in range(10)]
    heights = [[board.height(i, j) for j in range(10)] for i in range(10)]
    grid[r][c] = "E" if top != "E" else "A"
    heights[r][c] = h - 1
    before = tmp_path / "before.json"
    before.write_text(json.dumps({"grid": grid, "heights": heights}))
    assert main(["read", str(photo), "--game", "werdup", "--previous", str(before),
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(t["row"], t["col"], t["tile"]) for t in out["play"]["tiles"]] == [(r, c, top)]
    assert out["heights"][r][c] == h and out["height_mismatches"] == []
    # a previous state that says the stack was already this high: the photo disagrees
    heights[r][c] = h
    before.write_text(json.dumps({"grid": grid, "heights": heights}))
    assert main(["read", str(photo), "--game", "werdup", "--previous", str(before)]) == 0
    text = capsys.readouterr().out
    assert f"the photo shows a stack of {h}; a new tile here should make the stack " \
           f"{h + 1} high" in text


def test_height_mismatches_judge_changed_and_unchanged_cells():
    from companion.board import Placement

    grid = [[""] * 10 for _ in range(10)]
    grid[4][4], grid[4][5] = "A", "T"
    before = BoardState(grid, [[2 if t else 0 for t in row] for row in grid])
    play = ReadPlay((Placement(4, 4, "O"),), "", True, "", 0, (), before)
    seen: list[list[int | None]] = [[0] * 10 for _ in range(10)]
    seen[4][4], seen[4][5] = 3, 2
    assert height_mismatches(before, play, seen) == []
    seen[4][4], seen[4][5] = 2, 3
    found = height_mismatches(before, play, seen)
    assert [(m["row"], m["col"], m["seen"], m["expected"]) for m in found] == [
        (4, 4, 2, 3), (4, 5, 3, 2)]
    seen[4][4] = seen[4][5] = None  # not seen: not judged
    assert height_mismatches(before, play, seen) == []


def test_the_web_photo_route_reads_the_printed_boards_stacks():
    from companion.lexicon import default_lexicon
    from companion.web.photos import read_photo

    photo = RENDERS / "render-109.jpg"
    board, _ = load_truth(photo)
    reading, overlay, (width, height) = read_photo("werdup", photo.read_bytes(),
                                                   default_lexicon(), 50_000_000)
    assert reading["located_by"].startswith("markers (werdup-3d")
    assert reading["heights_seen"]
    for r, c, t in board.squares():
        assert reading["grid"][r][c] == t and reading["heights"][r][c] == board.height(r, c)
    assert overlay.startswith(b"\xff\xd8") and (width, height) == (1200, 900)


def test_the_web_lists_a_stack_not_seen_for_the_player_to_check():
    # render 106 (39 degrees) has a stack hidden behind a taller one: the web's reading
    # lists it among the squares to check
    reading = _web_reading(106)
    not_seen = {(n["row"], n["col"]) for n in reading["not_seen"]}
    assert not_seen, "render 106 has a stack the camera does not see"
    assert not_seen <= {(u["row"], u["col"]) for u in reading["uncertain"]}


def test_the_squares_to_check_are_listed_in_board_order():
    # as a flat board's are, row by row: on render 104 the twelve stacks whose letters are
    # too small came first, down to row 10, and the squares not seen after them
    from companion.lexicon import default_lexicon
    from companion.web.photos import read_photo

    reading, _, _ = read_photo("werdup", (RENDERS / "render-104.jpg").read_bytes(),
                               default_lexicon(), 50_000_000)
    listed = [(u["row"], u["col"]) for u in reading["uncertain"]]
    assert len(listed) > 2 and listed == sorted(listed)


@pytest.mark.parametrize("seed, why", [(104, {"unreadable"}), (106, {"hidden", "unreadable"})])
def test_the_overlay_shows_every_stack_not_seen(seed, why):
    """A tile whose letter is not made out (render 104, its L painted out) is listed for the
    player to check but had nothing drawn on it, where a stack's letter would be; a stack
    hidden behind a taller one (render 106's L on (4, 5), behind the 5-high U) had a word in
    small print beside it. Each square not seen is drawn over in the doubt colour on the
    board's floor, as the grid is (106 also says "a tile may stand here" on the empty square
    (0, 4))."""
    from overlaid import drawn_in_doubt

    from companion.layout.werdup_board import WERDUP_BOARD as BOARD
    from vision.werdup_read import draw_stacks

    if seed == 104:
        image, reading = _letter_painted_out(seed, 4, 4), _unread_tile_reading()
    else:
        image, reading = _render(seed)[0], _reading(seed)
    not_seen = {(n["row"], n["col"]): n["why"] for n in reading.to_dict()["not_seen"]}
    assert set(not_seen.values()) == why
    overlay = draw_stacks(image, reading)
    for r, c in not_seen:
        x0, y0, x1, y1 = BOARD.cell_rect(r, c)
        z = BOARD.floor_height
        floor = reading.pose.project(np.array([(x0, y0, z), (x1, y0, z), (x1, y1, z),
                                               (x0, y1, z)]))
        assert drawn_in_doubt(image, overlay, floor), (r, c)


def test_printed_tiles_are_told_from_a_flat_picture_of_the_board():
    from synthetic.boards import synthetic_photo
    from synthetic.camera import Camera
    from synthetic.scenes import Scene
    from vision.boards import board_spec
    from vision.imageio import decode_photo

    cfg = StackConfig()
    assert _reading(101).printed_tiles(cfg)  # M, W, N or Z with their bar (33 degrees)
    assert _reading(STRAIGHT_DOWN).printed_tiles(cfg)
    grid = [[""] * 10 for _ in range(10)]
    for i, ch in enumerate("MOWING"):
        grid[4][2 + i] = ch
    rote = [[""] * 10 for _ in range(10)]
    for i, ch in enumerate("ROTE"):
        grid[6][3 + i] = rote[6][3 + i] = ch
    # a flat picture: M, W and N without their bar (any angle); without those letters, at
    # an angle, letters away from where the printed tiles put them (straight down the two
    # cannot be told apart: the letters are read either way, heights not at all)
    for seed, faces in ((5, grid), (11, rote)):
        data = synthetic_photo("3d", board_spec("werdup"), Scene(faces, set()),
                               np.random.default_rng(seed), Camera(width=1600, height=1200,
                                                                     fill=(0.7, 0.85)))
        flat = read_stacks(cfg, DEFAULT.cells, DEFAULT.classify,
                           decode_photo(DEFAULT.load, data), shipped_classifier())
        assert faces is grid or flat.pose.tilt >= cfg.min_tilt
        assert not flat.printed_tiles(cfg) and not flat.bar_seen()


@pytest.mark.parametrize("seed, sigma", [(106, 6.0), (101, 8.0), (102, 6.0)])
def test_a_blurred_photo_of_the_printed_set_is_refused_not_read_flat(seed, sigma):
    """Renders scaled to 12 megapixels and blurred as a missed focus blurs (a Gaussian of 6
    or 8 pixels), which the stack reader gives up on, no bar seen under an M, W, N or Z: 106,
    39 degrees from vertical, 101, 33 degrees, and 102, 4 degrees, each with stacks up to 5
    high. A 5-high stack's face lies 0.69, 0.59 and 0.25 of a cell from a 1-high one's: read
    flat, taller stacks' letters land off their squares (the first renders so blurred read
    four of them as empty squares, not listed, and an E as a sure O), so the photos are
    refused with a sentence saying what to do. Read flat, most of their tiles show no letter
    (WerdUp has no blanks: letters lost), so the blur rule every board found by its markers
    meets refuses them first (:func:`vision.reading._check_located`); the printed set's own
    refusal (:data:`TILTED_BLUR`) stands behind it, for a flat reading the blur rule lets
    by."""
    from companion.lexicon import default_lexicon
    from vision.photo import load, read_werdup_photo
    from vision.reading import BLURRED
    from vision.werdup_read import TILTED_BLUR

    image, _, _ = _render(seed)
    big = cv2.GaussianBlur(cv2.resize(image, (4000, 3000), interpolation=cv2.INTER_CUBIC),
                           (0, 0), sigma)
    photo = load(cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
    cfg = StackConfig()
    stacks = read_stacks(cfg, DEFAULT.cells, DEFAULT.classify, photo, shipped_classifier())
    assert not stacks.printed_tiles(cfg) and not stacks.bar_seen()
    assert stacks.stack_shift(cfg) > cfg.max_flat_shift
    with pytest.raises(VisionError) as refused:
        read_werdup_photo(photo, default_lexicon())
    assert str(refused.value) in (BLURRED, TILTED_BLUR)
    assert "hold still" in str(refused.value)


@pytest.mark.parametrize("seed, sigma", [(106, 7.0), (106, 8.0), (102, 8.0), (110, 7.0)])
def test_a_photo_blurred_till_no_tile_shows_is_refused_not_read_as_an_empty_board(seed, sigma):
    """Renders scaled to 12 megapixels and blurred so far that neither the stack reader nor
    the flat reading makes out any tile (17-18 tiles on each) were read as an empty board,
    every tile wrong and not listed, with only the light check's "blurred" warning. The
    board's own edges tell the blur (0.069-0.097 of a cell wide here; 0.022-0.047 on the
    sharp renders), so the photo is refused, saying what to do. Since a letter's ink left at
    a square's edge is taken for a tile whose letter was lost, the flat reading makes out
    such tiles on some of them, and the refusal is then its own: the letters too blurred."""
    from companion.lexicon import default_lexicon
    from vision.photo import load, read_werdup_photo
    from vision.reading import BLURRED
    from vision.werdup_read import BLURRED_BOARD

    image, board, _ = _render(seed)
    assert sum(1 for r in range(10) for c in range(10) if board.get(r, c)) >= 11
    big = cv2.GaussianBlur(cv2.resize(image, (4000, 3000), interpolation=cv2.INTER_CUBIC),
                           (0, 0), sigma)
    photo = load(cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
    with pytest.raises(VisionError) as refused:
        read_werdup_photo(photo, default_lexicon())
    assert str(refused.value) in (BLURRED_BOARD, BLURRED)
    assert "hold still" in str(refused.value)


def test_an_empty_reading_of_a_sharp_printed_board_is_let_by():
    """The blur rule for a board on which no tile is made out measures the board's own edges,
    not its tiles: render 101's sharp photo, its reading emptied (as a sharp photo of the
    empty board reads), is let by, and the same photo blurred is refused."""
    from vision.werdup_read import BLURRED_BOARD, board_blur, check_flat_reading

    image = _render(101)[0]
    reading = _reading(101)
    for s in reading.stacks:
        s.letter = replace(s.letter, face=EMPTY)
        s.unreadable = False
        s.bar = False
    empty = [[""] * 10 for _ in range(10)]
    assert board_blur(image, reading) < StackConfig().max_empty_blur / 2
    check_flat_reading(reading, empty, image)
    big = cv2.GaussianBlur(cv2.resize(image, (4000, 3000), interpolation=cv2.INTER_CUBIC),
                           (0, 0), 10.0)
    blurred = cv2.resize(big, (image.shape[1], image.shape[0]), interpolation=cv2.INTER_AREA)
    with pytest.raises(VisionError) as refused:
        check_flat_reading(reading, empty, blurred)
    assert str(refused.value) == BLURRED_BOARD


def test_a_bar_seen_under_a_letter_refuses_the_printed_set_read_flat():
    """The stack reader seeing one bar under an M, W, N or Z is enough to tell the printed
    set (at an angle, read flat, its taller stacks' letters off their squares), even with
    every tile made out and no heights told: render 101 (33 degrees), its N's barred."""
    from vision.werdup_read import STACKS, TILTED_BLUR, check_flat_reading

    _, board, _ = _render(101)
    flat = [[board.get(r, c) or "" for c in range(10)] for r in range(10)]
    reading = _reading(101)
    reading.heights_seen = False  # no stack told standing above a 1-high face
    assert reading.bar_seen() and reading.stack_shift(STACKS) > STACKS.max_flat_shift
    image = _render(101)[0]
    with pytest.raises(VisionError) as refused:
        check_flat_reading(reading, flat, image)
    assert str(refused.value) == TILTED_BLUR
    for s in reading.stacks:
        s.bar = False
    check_flat_reading(reading, flat, image)  # no bar, every tile seen, no height: let by


def test_a_hard_shadow_across_a_face_is_not_ink():
    from vision.werdup_stacks import face_ratio, letter_ink

    cfg = StackConfig()
    crop = np.full((cfg.face_px, cfg.face_px), 210, np.uint8)
    crop[:, 32:] = 90  # the right half in a hard shadow
    crop[20:44, 14:19] = 30  # a stroke in the light ...
    crop[20:44, 44:49] = 12  # ... and one in the shadow
    ink = letter_ink(cfg, face_ratio(cfg, crop))
    assert ink[30, 16] and ink[30, 46]
    assert not ink[:, 26:40].any()  # along the shadow's edge: face, on both sides


def test_a_face_half_in_a_neighbours_shadow_has_the_tiles_colour():
    from vision.werdup_stacks import FaceColours, _face_lab, face_ratio

    cfg = StackConfig()
    tile = np.array([70.0, -3.0, 4.0])
    colours = FaceColours(tile, None)
    crop = np.zeros((cfg.face_px, cfg.face_px, 3), np.uint8)
    crop[:] = (190, 178, 172)           # the tile's face in the light
    crop[:, 24:] = (80, 75, 72)         # most of it in a taller neighbour's shadow
    crop[20:44, 30:35] = (20, 20, 20)   # the letter's stroke
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    ratio = face_ratio(cfg, grey)
    lit = _face_lab(crop, ratio, cfg.lit_share)
    assert not colours.tile_like(cfg, _face_lab(crop, ratio))  # its median is the shadow's
    assert colours.tile_like(cfg, lit)  # its lit part's is the tile's


def test_a_stacks_outline_is_its_bodies_and_the_smaller_plateau_on_top():
    from companion.layout.werdup_board import WERDUP_BOARD as board
    from vision.werdup_stacks import PLATEAU_SIZE, _stack_polygon

    pose = _reading(TILTED[0]).pose
    outline = _stack_polygon(pose, board, 4, 4, 3).astype(np.float32)
    cx, cy = board.cell_center(4, 4)
    top = board.stack_top(3)
    body = board.tile_size / 2

    def inside(x: float, y: float, z: float) -> bool:
        px = pose.project(np.array([[x, y, z]]))[0]
        return cv2.pointPolygonTest(outline, (float(px[0]), float(px[1])), False) >= 0

    turns = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    h = PLATEAU_SIZE / 2 - 0.3
    assert all(inside(cx + dx * h, cy + dy * h, top) for dx, dy in turns)
    # the body's square stops 1 mm under the face: at the face's height, the far corners of
    # a body-sized square stand out of the outline (a box-shaped one would hold them all)
    assert not all(inside(cx + dx * body, cy + dy * body, top) for dx, dy in turns)
    assert all(inside(cx + dx * (body - 0.3), cy + dy * (body - 0.3),
                      top - board.tile_plateau_height - 0.3) for dx, dy in turns)


def test_a_partly_hidden_letter_is_told_only_when_no_other_letter_fits_what_shows():
    from vision.werdup_glyphs import face_templates, match_visible

    cfg = StackConfig()
    templates = face_templates(cfg.face_px, cfg.face_mm)
    assert set(templates) == {*"ABCDEFGHIJKLMNOPRSTUVWXYZ", "Qu"}
    n = cfg.face_px
    ink = templates["E"] > 0.5
    visible = np.ones((n, n), bool)
    visible[: n // 2 - 2] = False  # the upper half behind a taller stack: E, F? no, E or L
    found = match_visible(ink, visible, templates, 2)
    assert found[0][0] == "E" and found[0][1] > 0.95
    assert found[1][0] in "LBZ" and found[1][1] < 0.9
    visible[:] = True
    visible[n // 2 + 6:] = False  # the lower part hidden: an E is an F there
    found = match_visible(ink, visible, templates, 2)
    assert {found[0][0], found[1][0]} == {"E", "F"}
    assert found[0][1] - found[1][1] < StackConfig().partial_margin


def test_a_letter_whose_face_is_partly_behind_a_taller_stack_is_read_from_what_shows():
    """The ink of a face whose lower third a nearer stack hides, with speckle."""
    from vision.werdup_glyphs import face_templates, match_visible

    cfg = StackConfig()
    templates = face_templates(cfg.face_px, cfg.face_mm)
    rng = np.random.default_rng(3)
    for letter in ("S", "R", "Qu", "M"):
        ink = templates[letter] > 0.5
        noisy = ink ^ (rng.random(ink.shape) < 0.02)
        visible = np.ones_like(ink)
        visible[40:] = False
        found = match_visible(noisy, visible, templates, 3)
        assert found[0][0] == letter


def test_a_missing_tile_font_is_a_sentence(monkeypatch, tmp_path):
    from companion.layout import werdup_board
    from vision import werdup_glyphs
    from vision.errors import VisionError

    monkeypatch.setattr(werdup_board, "TILE_FONT", tmp_path / "no-such-font.ttf")
    with pytest.raises(VisionError, match="fonts-dejavu-core"):
        werdup_glyphs._glyph("A", 5.0)


def _pose() -> BoardPose:
    return BoardPose(np.eye(3), np.zeros((3, 1)), np.zeros((3, 1)), 30.0, True, 12)


def _listed_json(out: dict, row: int, col: int) -> dict:
    return next(u for u in out["uncertain"] if (u["row"], u["col"]) == (row, col))


def test_a_letter_on_a_board_coloured_face_is_offered_without_made_up_shares(monkeypatch):
    # render 107, read without the words, its empty beginning squares' circles not told as
    # the circle: two marks on the board read as N's on faces of the board's colour, one of
    # them with its runners-up; empty was offered as 50% likely, a share nothing measured,
    # and the N was shown after its runners-up
    from vision import werdup_stacks

    monkeypatch.setattr(werdup_stacks, "circle_seen", lambda *args: False)
    out = read_stacks(StackConfig(), DEFAULT.cells, DEFAULT.classify, _render(107)[0],
                      shipped_classifier()).to_dict()
    for row, col in ((5, 4), (5, 5)):
        u = _listed_json(out, row, col)
        letters = [a["letter"] for a in u["alternatives"]]
        assert letters[0] == "N" and letters[-1] is None
        assert all(a["p"] is None for a in u["alternatives"])
        assert u["why"] == BOARD_COLOURED
    assert [a["letter"] for a in _listed_json(out, 5, 5)["alternatives"]] == ["N", "W", "O", None]


def test_a_letter_too_small_in_the_photo_says_so(capsys):
    # render 104's far stacks: letters read surely, listed for being too small to be sure of
    u = _listed_json(_reading(104).to_dict(), 3, 1)
    assert u["why"] == TOO_SMALL and [a["letter"] for a in u["alternatives"]] == ["C"]
    assert 0.9 < u["alternatives"][0]["p"] <= 1.0  # the classifier's own share
    assert main(["read", str(RENDERS / "render-104.jpg"), "--game", "werdup"]) == 0
    out = capsys.readouterr().out  # the reason once, the letters read surely under it
    assert out.count(TOO_SMALL) == 1
    assert f"  uncertain: 12 squares in rows 4-10 ({TOO_SMALL}):\n" in out
    # the classifier's share, not the words' (every choice of its words keeps each letter)
    assert ("    read surely: row 4, column B: C (99%); row 5, column B: R (99%); column C: "
            in out)


@pytest.mark.parametrize("seed", [104, 107, 111])
def test_an_empty_beginning_square_shows_its_circle_not_a_tile(seed):
    """The circle engraved on the beginning squares, 9 mm across, reads much like a letter:
    on render 104 (6 degrees from vertical) and 111 (29 degrees) the empty ones were "a tile
    may stand here; its letter cannot be made out", on 107 (2 degrees) two were read as N's
    listed as marks on the board. An empty beginning square is read empty, not listed."""
    from companion.layout.werdup_board import WERDUP_BOARD as BOARD

    _, board, _ = _render(seed)
    reading = _reading(seed)
    empty = [k for k in BOARD.beginning_cells if not board.get(*k)]
    assert len(empty) >= 2
    heights, grid, listed = reading.heights(), reading.grid(), _listed(reading)
    for r, c in empty:
        assert grid[r][c] == "" and heights[r][c] == 0 and (r, c) not in listed, (r, c)


def test_a_tile_on_a_beginning_square_hides_its_circle():
    """A tile on a beginning square whose letter cannot be made out (render 104, its L
    painted out) is still "a tile may stand here": the circle under it is not in sight, where
    the empty beginning squares beside it show theirs."""
    from companion.layout.werdup_board import WERDUP_BOARD as BOARD
    from vision.werdup_stacks import circle_seen

    reading = _unread_tile_reading()
    assert [(n["row"], n["col"], n["why"]) for n in reading.to_dict()["not_seen"]] == [
        (4, 4, "unreadable")]
    image, cfg = _letter_painted_out(104, 4, 4), StackConfig()
    assert not circle_seen(cfg, image, reading.pose, BOARD, 4, 4)
    assert all(circle_seen(cfg, image, reading.pose, BOARD, r, c)
               for r, c in ((4, 5), (5, 4), (5, 5)))
    assert not circle_seen(cfg, image, reading.pose, BOARD, 4, 6)  # no circle there


def _in_a_deep_shadow(image: np.ndarray, row: int, col: int, height: int) -> np.ndarray:
    """The photo with the stack on (row, col), ``height`` high, darkened to 40% (face, letter
    and sides alike), as a deep shadow falls across it."""
    from companion.layout.werdup_board import WERDUP_BOARD as BOARD
    from vision.werdup_stacks import _stack_polygon

    pose = board_pose(StackConfig(), image)
    inside = np.zeros(image.shape[:2], np.uint8)
    outline = _stack_polygon(pose, BOARD, row, col, height)
    cv2.fillConvexPoly(inside, np.round(outline).astype(np.int32), 1)
    out = image.copy()
    out[inside > 0] = (out[inside > 0] * 0.4).astype(np.uint8)
    return out


def test_a_plain_letter_on_a_tile_in_a_deep_shadow_is_read_and_listed():
    """A lone tile in a deep shadow (render 111, 29 degrees from vertical, its E on (3, 3)
    darkened to 40%), its letter plain, was "a tile may stand here; its letter cannot be
    made out" (on the held-back renders an O and an N in a taller stack's shadow): its face
    is not of the tiles' colour, so no height claimed it. It is read, and listed as a letter
    on a face of the board's colour."""
    shadowed = _in_a_deep_shadow(_render(111)[0], 3, 3, 1)
    out = read_stacks(StackConfig(), DEFAULT.cells, DEFAULT.classify, shadowed,
                      shipped_classifier()).to_dict()
    assert (out["grid"][3][3], out["heights"][3][3]) == ("E", 1)
    u = _listed_json(out, 3, 3)
    assert u["why"] == BOARD_COLOURED
    assert [a["letter"] for a in u["alternatives"]] == ["E", None]
    assert out["not_seen"] == []


def test_a_square_not_seen_has_no_confidence():
    # render 106: the L on (4, 5) hidden behind the 5-high U, and "a tile may stand here" on
    # the empty square (0, 4)
    out = _reading(106).to_dict()
    not_seen = [(n["row"], n["col"]) for n in out["not_seen"]]
    assert {(n["row"], n["col"]): n["why"] for n in out["not_seen"]} == {
        (4, 5): "hidden", (0, 4): "unreadable"}
    for r, c in not_seen:
        assert out["confidence"][r][c] is None  # it was 0.0: nothing was measured there
    assert all(out["confidence"][r][c] is not None
               for r in range(10) for c in range(10) if (r, c) not in not_seen)


def test_a_mark_read_as_no_letter_has_no_height_confidence(monkeypatch):
    from companion.layout.werdup_board import WERDUP_BOARD
    from vision import werdup_stacks

    # the height's evidence chose a face, but the classifier makes its mark out as no letter
    monkeypatch.setattr(werdup_stacks, "_letter_read",
                        lambda row, col, *_: CellRead(row, col, EMPTY, 0.9))
    cand = HeightEvidence([0.7, 0.2, 0.1, 0.0, 0.0], [None] * 5, [np.zeros(3)] * 5, [0.0] * 5,
                          [0.7, 0.2, 0.1, 0.0, 0.0])
    s = werdup_stacks._stack_read(StackConfig(), DEFAULT.classify, _pose(), WERDUP_BOARD,
                                  shipped_classifier(), (), FaceColours(None, None), 2, 3, cand,
                                  0)
    assert s.height == 0 and s.height_confidence is None  # it was 0.5, a share made up
    empty = [StackRead(r, c, 0, 1.0, CellRead(r, c, EMPTY, 1.0))
             for r in range(10) for c in range(10)]
    empty[23] = s
    out = StacksReading(_pose(), empty, True).to_dict()
    assert out["height_confidence"][2][3] is None and out["height_confidence"][0][0] == 1.0


def test_a_partly_hidden_letter_read_unsurely_offers_its_fits_without_shares(monkeypatch):
    from companion.layout.werdup_board import WERDUP_BOARD
    from vision import werdup_stacks

    # the part in sight fits an E a little better than an F, neither well: template
    # agreements, no chances of each letter, were shown as "E (45%), F (35%)"
    monkeypatch.setattr(werdup_stacks._InSight, "of", classmethod(lambda cls, *_: None))
    monkeypatch.setattr(werdup_stacks, "_partial_matches",
                        lambda *_: [(0.45, "E", 1, 0.8), (0.35, "F", 1, 0.8)])
    stacks = [StackRead(r, c, 0, 1.0, CellRead(r, c, EMPTY, 1.0))
              for r in range(10) for c in range(10)]
    stacks[44].seen = False
    reading = StacksReading(_pose(), stacks, True)
    werdup_stacks._read_partly_hidden(StackConfig(), np.zeros((10, 10, 3), np.uint8), reading,
                                      WERDUP_BOARD, FaceColours(None, None))
    rd = stacks[44].letter
    assert stacks[44].seen and rd.face == "E" and rd.alternatives
    reading.uncertain = [rd]
    u = reading.to_dict()["uncertain"][0]
    assert [a["letter"] for a in u["alternatives"]] == ["E", "F"]
    assert all(a["p"] is None for a in u["alternatives"]) and u["why"] == PARTLY_HIDDEN


def test_the_web_says_why_a_stack_not_seen_is_listed():
    from companion.lexicon import default_lexicon
    from companion.web.photos import read_photo

    # a tile whose letter is not made out (render 104, its L painted out) and 106's stack
    # hidden behind a taller one: listed on the photo page with no sentence beside them,
    # where the CLI prints one
    unread = cv2.imencode(".png", _letter_painted_out(104, 4, 4))[1].tobytes()
    unread_reading, _, _ = read_photo("werdup", unread, default_lexicon(), 50_000_000)
    for reading, why in ((unread_reading, "unreadable"), (_web_reading(106), "hidden")):
        listed = {(u["row"], u["col"]): u for u in reading["uncertain"]}
        cells = [n for n in reading["not_seen"] if n["why"] == why]
        assert cells
        for n in cells:
            said = listed[(n["row"], n["col"])]["why"]
            assert said.startswith(NOT_SEEN[why]) and said == not_seen_why(n)


def test_not_seen_why_names_the_words_suggestion():
    assert not_seen_why({"row": 1, "col": 2, "why": "unreadable", "words_suggest": "Qu"}) == (
        "a tile may stand here; its letter cannot be made out; the words would make it Qu")
    assert not_seen_why({"row": 1, "col": 2, "why": "hidden", "words_suggest": None}) == (
        "hidden behind a taller stack")


def test_a_square_whose_height_is_not_told_has_no_height_confidence():
    # 106's hidden squares had a height confidence of 1.0, the straight-down photo's stacks
    # about 0.5 each, for heights the reading does not give
    for seed in (106, STRAIGHT_DOWN):
        reading = _reading(seed)
        out = reading.to_dict()
        untold = [s for s in reading.stacks if out["heights"][s.row][s.col] is None]
        assert untold
        for s in reading.stacks:
            shown = out["height_confidence"][s.row][s.col]
            assert (shown is None) == (s in untold or s.height_confidence is None)


def _desaturated(image: np.ndarray) -> np.ndarray:
    """A colour photo as a black-and-white one (a phone's filter): every pixel its grey."""
    return cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def test_a_set_printed_in_silver_and_black_is_read_not_refused_as_black_and_white(capsys):
    # render 108: silver tiles with black letters on a black board, on a grey table: the
    # photo has no colour because the set has none, and was refused as a black-and-white
    # photo; the markers and the letters' ink need no colour, the tiles' faces are far
    # lighter than the board
    from vision.imageio import colourless

    photo = RENDERS / "render-108.jpg"
    board, info = load_truth(photo)
    assert info["colours"] == {"body": "silver", "inlay": "black", "board": "black"}
    assert colourless(cv2.imread(str(photo)))
    assert main(["read", str(photo), "--game", "werdup", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["located_by"].startswith("markers (werdup-3d")
    listed = ({(u["row"], u["col"]) for u in out["uncertain"]}
              | {(n["row"], n["col"]) for n in out["not_seen"]})
    assert sum(1 for _ in board.squares()) == 12
    for r in range(10):
        for c in range(10):
            truth = board.get(r, c) or ""
            height = out["heights"][r][c]  # straight down (4 degrees): not told
            right = out["grid"][r][c] == truth and height in (None, board.height(r, c))
            assert right or (r, c) in listed, (r, c)
    assert sum(out["grid"][r][c] == t for r, c, t in board.squares()) == 12


def test_a_photo_with_no_colour_is_read_when_lightness_tells_tiles_from_the_board():
    cfg = StackConfig()
    far, near = FaceColours(np.array([89.0, 0, 0]), np.array([27.0, 0, 0])), FaceColours(
        np.array([70.0, 0, 0]), np.array([64.0, 0, 0]))
    assert far.told_apart_by_lightness(cfg) and not near.told_apart_by_lightness(cfg)
    # a blue board as light as the tiles is told from them in colour, not in grey
    blue = FaceColours(np.array([70.0, -3.0, 4.0]), np.array([66.0, 10.0, -45.0]))
    assert not blue.told_apart_by_lightness(cfg)
    # no tile read surely, or no floor seen: nothing is told apart by colour either way
    assert FaceColours(None, np.array([27.0, 0, 0])).told_apart_by_lightness(cfg)
    assert FaceColours(np.array([89.0, 0, 0]), None).told_apart_by_lightness(cfg)
    reading = _reading(101)
    assert reading.colours is not None and reading.readable_without_colour(cfg)
    tile, floor = reading.colours.tile, reading.colours.board
    assert tile is not None and floor is not None
    gap = abs(float(tile[0]) - float(floor[0]))
    assert not reading.readable_without_colour(StackConfig(min_tile_contrast=gap + 1))
    # read flat, a board must show both: no tile's face or no floor seen tells nothing
    assert reading.flat_readable_without_colour(cfg)
    assert not reading.flat_readable_without_colour(StackConfig(min_tile_contrast=gap + 1))
    for seen in (FaceColours(None, floor), FaceColours(tile, None)):
        assert replace(reading, colours=seen).readable_without_colour(cfg)
        assert not replace(reading, colours=seen).flat_readable_without_colour(cfg)
    assert not replace(reading, colours=None).flat_readable_without_colour(cfg)


def test_a_set_of_one_shade_in_a_photo_with_no_colour_is_refused_in_the_players_terms():
    from dataclasses import replace

    from vision.errors import BadPhoto
    from vision.photo import SAME_SHADE, read_werdup_photo

    image, _, _ = _render(108)
    reading = read_stacks(StackConfig(), DEFAULT.cells, DEFAULT.classify, image,
                          shipped_classifier())
    assert reading.colours is not None and reading.colours.tile is not None
    gap = abs(float(reading.colours.tile[0]) - float(reading.colours.board[0]))
    # tiles and board as far apart in lightness as render 108's are here taken as one shade
    same = replace(DEFAULT, stacks=replace(DEFAULT.stacks, min_tile_contrast=gap + 1))
    with pytest.raises(BadPhoto) as refused:
        read_werdup_photo(image, None, cfg=same, name="the photo set.jpg")
    assert str(refused.value) == f"the photo set.jpg: {SAME_SHADE}"
    assert "take the photo in colour" not in SAME_SHADE
    # in a photo with colour, the reader tells the tiles by their colour too: read
    colour, _, _ = _render(109)
    assert read_werdup_photo(colour, None, cfg=same)[0]["heights_seen"]


def test_a_black_and_white_photo_of_a_coloured_set_is_read_right_or_listed():
    # render 109 (38 degrees, mint tiles, maroon letters, an orange board) through a
    # black-and-white filter: the board's orange is darker than the tiles in grey
    from vision.photo import read_werdup_photo

    image, board, _ = _render(109)
    out, _ = read_werdup_photo(_desaturated(image), None)
    assert out["heights_seen"]
    listed = ({(u["row"], u["col"]) for u in out["uncertain"]}
              | {(n["row"], n["col"]) for n in out["not_seen"]}
              | {(d["row"], d["col"]) for d in out["doubtful_heights"]})
    for r in range(10):
        for c in range(10):
            truth = board.get(r, c) or ""
            right = (out["grid"][r][c] == truth
                     and out["heights"][r][c] == (board.height(r, c) if truth else 0))
            assert right or (r, c) in listed, (r, c)


def test_a_black_and_white_photo_of_a_commercial_board_is_still_refused():
    # a commercial board is found by its coloured premium squares and its tiles told from
    # the squares by colour: in grey it cannot be read, on the web or the command line
    from companion.lexicon import default_lexicon
    from companion.web.photos import read_photo
    from vision.errors import BadPhoto

    real = Path(__file__).parent / "data" / "vision" / "real" / "IMG_20141025_164035.jpg"
    grey = cv2.imencode(".jpg", _desaturated(cv2.imread(str(real))))[1].tobytes()
    for game in ("bugwords", "werdup"):
        with pytest.raises(BadPhoto, match="That photo: a black-and-white photo; the board "
                                           "is read by its colours"):
            read_photo(game, grey, default_lexicon(), 50_000_000)


def test_more_of_a_letter_on_the_stacks_tops_than_the_set_holds_is_listed(monkeypatch):
    """Render 101 shows an I on three stacks' tops (2, 3 and 4 high): read against a set
    holding only two I (the engine's counts, its I lowered), one I must be misread, and the
    least sure of them is listed saying so, its letter kept as read; nothing else is."""
    from companion.lexicon import default_lexicon
    from vision import werdup_stacks
    from vision.boards import board_spec
    from vision.correct import beyond_the_set

    spec = board_spec("werdup")
    assert spec.holds("I") == 7
    two_i = replace(spec, counts=tuple((f, 2 if f == "I" else n) for f, n in spec.counts))
    monkeypatch.setattr(werdup_stacks, "board_spec", lambda game: two_i)
    _, board, _ = _render(101)
    reading = read_stacks(StackConfig(), DEFAULT.cells, DEFAULT.classify, _render(101)[0],
                          shipped_classifier(), default_lexicon())
    truth = [[board.get(r, c) or "" for c in range(10)] for r in range(10)]
    assert sum(row.count("I") for row in truth) == 3
    assert reading.grid() == truth  # listed, never changed
    assert [(u.face, u.why, u.why_also) for u in reading.uncertain] == [
        ("I", beyond_the_set("I", 2, 3), [])]
    assert reading.uncertain[0].why == (
        "the set holds only 2 I tiles and 3 are read: check its letter")


@pytest.mark.parametrize("seed", [*TILTED, STRAIGHT_DOWN])
def test_a_render_of_a_played_game_lists_no_letter_beyond_the_set(seed):
    """The renders' positions are games played with the WerdUp set, whose stacks' tops never
    show more of a letter than it holds: read right, none is listed for it."""
    from vision.boards import board_spec

    _, board, _ = _render(seed)
    spec = board_spec("werdup")
    tops = [t for _, _, t in board.squares()]
    assert all(tops.count(t) <= (spec.holds(t) or 0) for t in tops)
    reading = _reading(seed)
    assert not [u for u in reading.uncertain
                if "the set holds only" in " ".join([u.why, *u.why_also])]
