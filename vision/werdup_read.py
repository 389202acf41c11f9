"""Reading a photo of the 3D-printed WerdUp board end to end: stacks, letters, the light, the
play since a previous state (checked against the heights seen), and the overlay picture."""

from __future__ import annotations

import cv2
import numpy as np

from companion.layout.werdup_board import WERDUP_BOARD, BoardLayout
from companion.lexicon import Lexicon
from vision.classifier import shipped_classifier
from vision.config import DEFAULT, StackConfig
from vision.errors import VisionError
from vision.light import check_light
from vision.markers import detect
from vision.overlay import DOUBT, GOOD, GRID, draw_dashed, draw_label, draw_listed, stroke
from vision.werdup_stacks import StacksReading, read_stacks
from vision.werdup_turn import BoardState, height_mismatches, play_under
from vision.woodtiles import located_blur

STACKS = DEFAULT.stacks
TILTED_BLUR = ("the 3D-printed WerdUp board was found but its tiles' letters are too blurred "
               "to read (the phone moved, or the focus missed), and read as a flat board its "
               "taller stacks' letters would land off their squares: hold still and take the "
               "photo again")
BLURRED_BOARD = ("the 3D-printed WerdUp board was found but the photo is too blurred to tell "
                 "whether tiles stand on it (the phone moved, or the focus missed): hold still "
                 "and take the photo again")
MIN_SIZE = 0.35  # the smallest font scale a letter is drawn at on the overlay


def printed_board_in(image: np.ndarray, cfg: StackConfig = STACKS,
                     board: BoardLayout = WERDUP_BOARD) -> bool:
    """Whether the photo shows enough of the 3D-printed board's own markers to read it."""
    found = detect(image, board.aruco_dictionary)
    return sum(i in board.marker_ids for i in found) >= cfg.min_markers


def grid_corners(reading: StacksReading, board: BoardLayout = WERDUP_BOARD) -> np.ndarray:
    """The cell grid's corners on the board's floor, in the photo: (4, 2) TL, TR, BR, BL."""
    x0, y0, _, _ = board.cell_rect(0, 0)
    _, _, x1, y1 = board.cell_rect(board.cells - 1, board.cells - 1)
    z = board.floor_height
    return reading.pose.project(np.array([(x0, y0, z), (x1, y0, z), (x1, y1, z),
                                          (x0, y1, z)])).astype(np.float32)


def printed_stacks(image: np.ndarray, lexicon: Lexicon | None,
                   cfg: StackConfig = STACKS) -> StacksReading:
    """The stack reader's reading of a BGR photo of the 3D-printed board (its markers seen)."""
    return read_stacks(cfg, DEFAULT.cells, DEFAULT.classify, image, shipped_classifier(),
                       lexicon)


def read_printed_board(image: np.ndarray, lexicon: Lexicon | None,
                       previous: BoardState | None = None, rules_name: str = "werdup",
                       want_overlay: bool = False, cfg: StackConfig = STACKS,
                       reading: StacksReading | None = None
                       ) -> tuple[dict, np.ndarray | None] | None:
    """The JSON-ready reading of a BGR photo of the 3D-printed board, and its overlay
    (``reading``, the stack reader's, made when not given); ``None`` when the letters seen
    are not on the printed tiles (a flat picture of the board, read flat instead, then
    checked by :func:`check_flat_reading`)."""
    if reading is None:
        reading = printed_stacks(image, lexicon, cfg)
    if not reading.printed_tiles(cfg):
        return None
    out = reading.to_dict()
    out["light"] = check_light(DEFAULT.light, image, grid_corners(reading)).to_dict()
    out["play"] = None
    if previous is not None:
        play = play_under(previous, reading.grid(), rules_name, lexicon)
        seen: list[list[int | None]] = (out["heights"] if reading.heights_seen
                                         else [[None] * 10 for _ in range(10)])
        out["height_mismatches"] = height_mismatches(previous, play, seen)
        out["heights_seen_in_photo"] = out["heights"]
        out["heights"] = play.after.heights
        out["play"] = play.to_dict()
    overlay = draw_stacks(image, reading) if want_overlay else None
    return out, overlay


def check_flat_reading(reading: StacksReading, flat: list[list[str]], image: np.ndarray,
                       cfg: StackConfig = STACKS) -> None:
    """Refuse a photo of the 3D-printed board read flat (``flat``, its grid; ``image``, the
    BGR photo) that the stack reader gave up on:

    - :data:`BLURRED_BOARD` when neither reader made out any tile and the board's own edges
      (its grooves, on the floor the stack reader's pose gives) are blurred past
      ``max_empty_blur`` (:func:`board_blur`): a blur that hides every tile's
      letter leaves no empty board;
    - :data:`TILTED_BLUR` when the stack reader gave up on the printed set's own tiles, not
      on a flat picture of them, and the photo's angle puts the faces of stacks of different
      heights apart (:meth:`StacksReading.stack_shift` over ``max_flat_shift``): read flat,
      its taller stacks' letters land off their squares. The printed set shows itself by a
      bar under an M, W, N or Z (:meth:`StacksReading.bar_seen`); its letters blurred past
      reading, by the stack reader making out a tile (a letter or a tile's face) on fewer
      squares than ``min_seen_share`` of the tiles read flat (on a flat picture it finds
      them, their letters off the printed faces); its stacks, at an angle (heights told), by
      the letters it read standing, by their median, above a 1-high face (a flat picture's
      lie on the board: at an angle they fit a 1-high face best)."""
    tiles = sum(bool(face) for row in flat for face in row)
    seen = sum(bool(s.letter.face) or s.unreadable for s in reading.stacks)
    if not tiles and not seen and board_blur(image, reading) > cfg.max_empty_blur:
        raise VisionError(BLURRED_BOARD)
    if reading.stack_shift(cfg) <= cfg.max_flat_shift:
        return
    heights = [s.height for s in reading.stacks if s.letter.face and s.height]
    raised = reading.heights_seen and bool(heights) and float(np.median(heights)) > 1
    if reading.bar_seen() or seen < cfg.min_seen_share * tiles or raised:
        raise VisionError(TILTED_BLUR)


def board_blur(image: np.ndarray, reading: StacksReading,
               board: BoardLayout = WERDUP_BOARD) -> float:
    """How blurred the 3D-printed board's own edges are in a BGR photo, in cells (measured
    on its floor, warped flat by the stack reader's pose, as a board no letter was read on
    is: :func:`vision.woodtiles.located_blur`)."""
    n = board.cells
    grid = np.array([(0, 0), (n, 0), (n, n), (0, n)], np.float32)
    grid_to_photo = cv2.getPerspectiveTransform(grid, grid_corners(reading, board))
    return located_blur(DEFAULT.wood, image, grid_to_photo.astype(np.float64), n, n, [], 0)[1]


def draw_stacks(image: np.ndarray, reading: StacksReading,
                board: BoardLayout = WERDUP_BOARD) -> np.ndarray:
    """A copy of the BGR photo with the grid on the floor and, on each stack's top face as
    read, its letter and height (orange, and the face's outline dashed, where in doubt);
    every square listed to check with no letter drawn (a stack not seen: hidden, or a tile
    whose letter cannot be made out) outlined on the floor with a "?"
    (:func:`vision.overlay.draw_listed`)."""
    out = image.copy()
    pose = reading.pose
    thick = stroke(image, 900)
    z = board.floor_height
    for i in range(board.cells + 1):
        a = board.cell_origin(min(i, board.cells - 1)) + (board.cell_pitch if i == board.cells
                                                           else 0.0)
        lo = board.cell_origin(0)
        hi = board.cell_origin(board.cells - 1) + board.cell_pitch
        for p, q in (((a, lo, z), (a, hi, z)), ((lo, a, z), (hi, a, z))):
            pts = pose.project(np.array([p, q]))
            cv2.line(out, tuple(np.round(pts[0]).astype(int)),
                     tuple(np.round(pts[1]).astype(int)), GRID, thick, cv2.LINE_AA)
    doubt = ({(u.row, u.col) for u in reading.uncertain} | set(reading.doubtful_heights))
    listed = doubt | set(reading.not_seen)
    for s in reading.stacks:  # first, so that a taller stack's letter in front is drawn over
        if not s.letter.face and (s.row, s.col) in listed:
            x0, y0, x1, y1 = board.cell_rect(s.row, s.col)
            floor = pose.project(np.array([(x0, y0, z), (x1, y0, z), (x1, y1, z), (x0, y1, z)]))
            side = float(np.linalg.norm(floor[1] - floor[0]))
            draw_listed(out, floor, max(MIN_SIZE, side / 45), thick + 1)
    for s in reading.stacks:
        if not s.letter.face:
            continue
        h = s.height or 1
        cx, cy = board.cell_center(s.row, s.col)
        top = board.stack_top(h)
        half = board.tile_size / 2
        face = pose.project(np.array([(cx - half, cy - half, top), (cx + half, cy - half, top),
                                      (cx + half, cy + half, top), (cx - half, cy + half, top)]))
        colour = DOUBT if (s.row, s.col) in doubt else GOOD
        if (s.row, s.col) in doubt:  # told by its shape too: a dashed outline
            draw_dashed(out, face, colour, thick, inset=0.0)
        else:
            cv2.polylines(out, [np.round(face).astype(np.int32)], True, colour, thick,
                          cv2.LINE_AA)
        text = f"{s.letter.face}{s.height if reading.heights_seen else '?'}"
        side = float(np.linalg.norm(face[1] - face[0]))
        draw_label(out, face.mean(axis=0), text, colour, max(MIN_SIZE, side / 45), thick + 1)
    return out
