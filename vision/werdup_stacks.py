"""WerdUp stacks from one photo of the 3D-printed board: each stack's height and top letter.

The board's markers give the camera's pose (the focal length too, when the photo is taken
at an angle). Knowing the board exactly (:mod:`companion.layout.werdup_board`), every cell's
top face is predicted for each height 1-5: seen at an angle, a taller stack's face sits
further from the cell's flat place. The height whose predicted face holds a letter of the
tile font's size centred where the letter should be (the orientation bar under it and the
tile's top edge along the predicted outline help) is chosen, and the letter is read there.
A photo taken straight down shows no height (the faces barely move): it says so and reports
no heights. A face hidden by a taller stack in front of it is reported as not seen; a tile's
face with no letter made out is listed, never read as an empty cell."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.layout import werdup_board as wb
from companion.layout.werdup_board import WERDUP_BOARD, BoardLayout
from companion.lexicon import Lexicon
from companion.text import counted
from companion.tiles import ROTATION_AMBIGUOUS
from vision.boards import board_spec
from vision.cells import (
    BLANK,
    EMPTY,
    OPTION_MIN,
    OPTIONS,
    TOO_SMALL,
    CellRead,
    confidence_shown,
    listed_entry,
    shown_alternatives,
    told_apart_by_lightness,
)
from vision.classifier import NO_LETTER, TileClassifier
from vision.config import CellConfig, ClassifyConfig, StackConfig
from vision.errors import VisionError
from vision.glyph import features, glyph_from_mask
from vision.markers import detect
from vision.werdup_glyphs import circle_template, face_templates, match_visible

PLATEAU_SIZE = wb.TILE_PLATEAU_SIZE  # the raised square on a tile's top carrying the letter
# Why a listed stack's letter is to be checked (its ``why``), when its alternatives do not say it
BOARD_COLOURED = ("its face has the board's colour, not a tile's: a mark on the board read as "
                  "this letter, or a tile in a deep shadow")
PARTLY_HIDDEN = ("partly hidden behind a taller stack: read from the part in sight, which these "
                 "letters fit best first")
# Why a square not seen is listed, by its JSON ``not_seen`` entry's ``why``
NOT_SEEN = {"hidden": "hidden behind a taller stack",
            "unreadable": "a tile may stand here; its letter cannot be made out"}


def not_seen_why(cell: dict) -> str:
    """What a reading's ``not_seen`` entry says of its square, as a sentence: hidden, or a
    tile whose letter cannot be made out, and the letter the words would make it, if any.
    The one sentence the CLI prints and the web app's photo page shows beside the square."""
    why = NOT_SEEN[cell["why"]]
    if cell.get("words_suggest"):
        why += f"; the words would make it {cell['words_suggest']}"
    return why


@dataclass(frozen=True)
class BoardPose:
    """The camera seen from the board: intrinsics and pose (board mm, z up is -Z)."""

    camera: np.ndarray      # (3, 3)
    rvec: np.ndarray        # (3, 1)
    tvec: np.ndarray        # (3, 1)
    tilt: float             # degrees between the camera's axis and the board's normal
    focal_measured: bool
    markers: int

    def project(self, points: np.ndarray) -> np.ndarray:
        """Board points (N, 3) as x right, y down, z up in mm -> photo pixels (N, 2)."""
        obj = np.asarray(points, np.float64).reshape(-1, 3) * np.array([1.0, 1.0, -1.0])
        px, _ = cv2.projectPoints(obj, self.rvec, self.tvec, self.camera, None)
        return px.reshape(-1, 2)

    def depth(self, points: np.ndarray) -> np.ndarray:
        """Distance along the camera's axis (mm) of board points (N, 3)."""
        obj = np.asarray(points, np.float64).reshape(-1, 3) * np.array([1.0, 1.0, -1.0])
        rot, _ = cv2.Rodrigues(self.rvec)
        return (obj @ rot.T + self.tvec.reshape(1, 3))[:, 2]

    def plane_homography(self, z: float) -> np.ndarray:
        """3x3 map from board (x, y) on the plane at height ``z`` mm to photo pixels."""
        rot, _ = cv2.Rodrigues(self.rvec)
        m = np.column_stack([rot[:, 0], rot[:, 1], rot[:, 2] * -z + self.tvec.ravel()])
        return self.camera @ m


def board_pose(cfg: StackConfig, image: np.ndarray, board: BoardLayout = WERDUP_BOARD
               ) -> BoardPose:
    """The pose of the 3D-printed board from its markers in a BGR photo (H, W, 3).

    Raises :class:`VisionError` when too few of the board's markers are seen.
    """
    found = {i: c for i, c in detect(image, board.aruco_dictionary).items()
             if i in board.marker_ids}
    if len(found) < cfg.min_markers:
        raise VisionError(f"the 3D-printed WerdUp board was not found: {len(found)} of "
                          f"{counted(len(board.markers), 'marker')} seen (at least "
                          f"{cfg.min_markers} needed); keep the board's frame in the picture and "
                          "out of glare")
    obj = np.array([(x, y, -board.marker_height) for i in found
                    for x, y in board.marker(i).corners], np.float32)
    img = np.concatenate([found[i] for i in found]).astype(np.float32)
    h, w = image.shape[:2]
    long_side = max(h, w)
    guess = np.array([[cfg.default_focal * long_side, 0, w / 2],
                      [0, cfg.default_focal * long_side, h / 2], [0, 0, 1]], np.float64)
    flags = (cv2.CALIB_USE_INTRINSIC_GUESS | cv2.CALIB_FIX_PRINCIPAL_POINT
             | cv2.CALIB_FIX_ASPECT_RATIO | cv2.CALIB_ZERO_TANGENT_DIST | cv2.CALIB_FIX_K1
             | cv2.CALIB_FIX_K2 | cv2.CALIB_FIX_K3)
    measured = False
    camera = guess
    try:
        _, cam, _, _, _ = cv2.calibrateCamera([obj], [img], (w, h), guess.copy(), None,
                                              flags=flags)
        f = cam[0, 0] / long_side
        if cfg.focal_range[0] <= f <= cfg.focal_range[1]:
            camera, measured = np.asarray(cam), True
    except cv2.error:
        pass
    ok, rvec, tvec = cv2.solvePnP(obj, img, camera, None, flags=cv2.SOLVEPNP_ITERATIVE)
    if not ok:
        raise VisionError("the board's markers do not fit its shape: photograph it again")
    rot, _ = cv2.Rodrigues(rvec)
    tilt = float(np.degrees(np.arccos(min(1.0, abs(rot[2, 2])))))
    if measured and tilt < cfg.min_tilt:  # straight down, the focal length is a guess
        camera, measured = guess, False
        ok, rvec, tvec = cv2.solvePnP(obj, img, camera, None)
        rot, _ = cv2.Rodrigues(rvec)
        tilt = float(np.degrees(np.arccos(min(1.0, abs(rot[2, 2])))))
    return BoardPose(camera, rvec, tvec, tilt, measured, len(found))


@dataclass
class StackRead:
    """One cell: its height (0 empty, None not seen) and top letter ("" empty)."""

    row: int
    col: int
    height: int | None
    height_confidence: float | None  # None: no measure (a mark read as no letter)
    letter: CellRead
    seen: bool = True
    scores: list[float] = field(default_factory=list)  # per height 0..max
    margin: float = float("inf")  # the height's score over the runner-up's
    bar: bool = False  # the bar under the letter (M, W, N and Z have one) was seen
    letter_score: float = 0.0  # how well the letter sits where a printed tile puts it (0-1)
    tile_face: bool = False  # an empty read whose lone tile's face looks like a tile's
    unreadable: bool = False  # ... in the open: a tile may stand here, its letter not read
    suggestion: str | None = None  # the letter the words would want there (never taken)


@dataclass
class StacksReading:
    """What a photo of the 3D-printed board shows: stacks row by row."""

    pose: BoardPose
    stacks: list[StackRead]
    heights_seen: bool
    uncertain: list[CellRead] = field(default_factory=list)
    doubtful_heights: list[tuple[int, int]] = field(default_factory=list)
    not_seen: list[tuple[int, int]] = field(default_factory=list)
    size: int = 10
    colours: FaceColours | None = None  # the tiles' faces and the board's floor, as seen

    def printed_tiles(self, cfg: StackConfig) -> bool:
        """Whether the letters read are on the printed set's tiles (a flat picture of the
        board is read flat instead): most M, W, N and Z read show the bar under them, or,
        with none of those, the letters sit where the printed tiles put them (telling at
        an angle; straight down a flat picture may pass, its letters read all the same)."""
        letters = [s for s in self.stacks if s.letter.face]
        barred = [s for s in letters if s.letter.face in ROTATION_AMBIGUOUS]
        if barred:
            return sum(s.bar for s in barred) >= 0.5 * len(barred)
        return bool(letters) and float(np.median([s.letter_score for s in letters])
                                       ) >= cfg.printed_score

    def readable_without_colour(self, cfg: StackConfig) -> bool:
        """Whether this reading holds in a photo with no colour: the tiles' faces are told
        from the board's floor by their lightness (:meth:`FaceColours.told_apart_by_lightness`).
        The board is found by its markers and the letters by their ink, neither needing
        colour; only telling a tile from the board around it does."""
        return self.colours is None or self.colours.told_apart_by_lightness(cfg)

    def flat_readable_without_colour(self, cfg: StackConfig) -> bool:
        """Whether the board, read flat instead of by its stacks (a photo straight down, a
        flat picture of it), may be read in a photo with no colour: the tiles' faces and the
        board's floor were both seen and are told apart by their lightness, the rule of
        :meth:`readable_without_colour`. With no tile's face or no floor seen nothing tells
        them apart, so, unlike the stacks (each found by its letter), it may not."""
        return (self.colours is not None and self.colours.tile is not None
                and self.colours.board is not None and self.readable_without_colour(cfg))

    def bar_seen(self) -> bool:
        """Whether any M, W, N or Z read shows the bar under it: only the printed tiles carry
        one (a flat picture of the board never shows it), so the photo is of the printed set
        even when too few bars show for :meth:`printed_tiles` (its letters blurred)."""
        return any(s.bar for s in self.stacks if s.letter.face in ROTATION_AMBIGUOUS)

    def stack_shift(self, cfg: StackConfig, board: BoardLayout = WERDUP_BOARD) -> float:
        """How far apart, in the photo, the faces of a 1-high and a ``max_stack``-high stack
        on the same square lie, at most over the board, in cells (measured on the photo at
        the 1-high face): what reading the board flat, every face on one plane, would get
        wrong by."""
        worst = 0.0
        low, high = board.stack_top(1), board.stack_top(cfg.max_stack)
        for r in range(self.size):
            for c in range(self.size):
                x, y = board.cell_center(r, c)
                p = self.pose.project(np.array([(x, y, low), (x, y, high),
                                                (x + board.cell_pitch, y, low),
                                                (x, y + board.cell_pitch, low)]))
                cell = min(float(np.linalg.norm(p[2] - p[0])), float(np.linalg.norm(p[3] - p[0])))
                worst = max(worst, float(np.linalg.norm(p[1] - p[0])) / max(cell, 1e-9))
        return worst

    def grid(self) -> list[list[str]]:
        out = [[""] * self.size for _ in range(self.size)]
        for s in self.stacks:
            out[s.row][s.col] = s.letter.face
        return out

    def heights(self) -> list[list[int | None]]:
        out: list[list[int | None]] = [[0] * self.size for _ in range(self.size)]
        for s in self.stacks:
            if not s.seen or s.unreadable:
                out[s.row][s.col] = None
            elif s.letter.face:
                out[s.row][s.col] = s.height if self.heights_seen else None
        return out

    def height_confidence(self) -> list[list[float | None]]:
        """How sure each square's height is, as the JSON gives it: ``None`` where no height
        is given (not seen, a tile whose letter cannot be made out, a photo straight down:
        a figure there would measure a height not told) or none measures it (a mark read as
        no letter), else rounded."""
        heights = self.heights()
        return [[None if heights[s.row][s.col] is None or s.height_confidence is None
                 else round(s.height_confidence, 3)
                 for s in self.stacks[r * self.size: (r + 1) * self.size]]
                for r in range(self.size)]

    def _not_seen(self, r: int, c: int) -> dict:
        s = self.stacks[r * self.size + c]
        return {"row": r, "col": c, "why": "unreadable" if s.unreadable else "hidden",
                "words_suggest": s.suggestion}

    def to_dict(self) -> dict:
        return {
            "game": "werdup",
            "rows": self.size,
            "cols": self.size,
            "located_by": f"markers (werdup-3d, {self.pose.markers} seen)",
            "camera_tilt": round(self.pose.tilt, 1),
            "heights_seen": self.heights_seen,
            "heights_note": "" if self.heights_seen else (
                f"the photo is taken nearly straight down ({self.pose.tilt:.0f} degrees): "
                "stack heights cannot be seen; photograph the board at an angle (20-50 "
                "degrees) or give --previous"),
            "grid": self.grid(),
            "heights": self.heights(),
            "confidence": [[confidence_shown(s.letter) for s in self.stacks[r * self.size:
                           (r + 1) * self.size]] for r in range(self.size)],
            "height_confidence": self.height_confidence(),
            "uncertain": [listed_entry(rd) for rd in self.uncertain],
            "doubtful_heights": [{"row": r, "col": c} for r, c in self.doubtful_heights],
            "not_seen": [self._not_seen(r, c) for r, c in self.not_seen],
        }


def _face_crop(cfg: StackConfig, image: np.ndarray, pose: BoardPose, centre: tuple[float, float],
               z: float) -> np.ndarray:
    """The upright square of the plane at height ``z`` centred on ``centre`` (board mm):
    (face_px, face_px, 3), letter's top towards the board's top edge."""
    n, half = cfg.face_px, cfg.face_mm / 2
    s = cfg.face_mm / n
    to_board = np.array([[s, 0, centre[0] - half], [0, s, centre[1] - half], [0, 0, 1]])
    hom = pose.plane_homography(z) @ to_board
    return cv2.warpPerspective(image, hom, (n, n), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def face_ratio(cfg: StackConfig, crop: np.ndarray) -> np.ndarray:
    """Each pixel of a grey face crop (H, W) uint8 over the face around it: (H, W) float32,
    about 1 on the face and low on the inlay, even in a shadow, and on both sides of a hard
    shadow's edge across the face (the face is the crop with its thin dark strokes closed,
    which keeps a step in the light a step)."""
    k = max(3, round(cfg.face_kernel * cfg.face_px / cfg.face_mm) | 1)
    face = cv2.morphologyEx(crop, cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    face = cv2.GaussianBlur(face.astype(np.float32), (0, 0), k / 4)
    return crop.astype(np.float32) / np.maximum(face, 1.0)


def letter_ink(cfg: StackConfig, ratio: np.ndarray) -> np.ndarray:
    """The inlay's ink (H, W) bool in a face-ratio image: darker than half way between the
    darkest marks and the face around them (a blurred, small letter is paler); none when
    nothing is dark."""
    darkest = float(np.percentile(ratio, 1))
    if darkest > cfg.faintest_ink:
        return np.zeros(ratio.shape, bool)
    return ratio < max(cfg.ink_ratio, (1.0 + darkest) / 2)


def _letter_box(mask: np.ndarray) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """The letter's box (x0, y0, x1, y1) in pixels in an ink mask: the tall marks not
    touching the crop's edge; and the mask without them (where the orientation bar under the
    letter, a mark of its own, is looked for)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8),
                                                           connectivity=8)
    h, w = mask.shape
    inside = [i for i in range(1, n) if stats[i][4] >= 4 and stats[i][0] > 0
              and stats[i][1] > 0 and stats[i][0] + stats[i][2] < w
              and stats[i][1] + stats[i][3] < h]
    if not inside:
        return None
    tallest = max(stats[i][3] for i in inside)
    tall = [i for i in inside if stats[i][3] >= 0.5 * tallest]
    box = (min(stats[i][0] for i in tall), min(stats[i][1] for i in tall),
           max(stats[i][0] + stats[i][2] for i in tall),
           max(stats[i][1] + stats[i][3] for i in tall))
    return box, mask & ~np.isin(labels, tall)


def _bar_darkness(cfg: StackConfig, ratio: np.ndarray, letter: np.ndarray,
                  box: tuple[int, int, int, int]) -> float:
    """How dark (0-1) the orientation bar's place under the letter is, the letter itself
    left out; a groove or an edge of the board that looks like a letter has no bar."""
    px = cfg.face_px / cfg.face_mm
    x0, _, x1, y1 = box
    cx = (x0 + x1) / 2
    top = y1 + cfg.bar_gap * px
    half = cfg.bar_width * px * 0.35
    ya, yb = round(top + 0.1 * cfg.bar_height * px), round(top + 0.9 * cfg.bar_height * px)
    xa, xb = round(cx - half), round(cx + half)
    ya, xa = max(0, ya), max(0, xa)
    region = np.where(letter[ya: yb + 1, xa: xb + 1], 1.0, ratio[ya: yb + 1, xa: xb + 1])
    return float(1.0 - region.mean()) if region.size else 0.0


def _face_lab(colour: np.ndarray, ratio: np.ndarray, lit: float = 0.0) -> np.ndarray:
    """The face's colour in CIE Lab (L 0-100) from its bright pixels (not the letter); with
    ``lit`` (0-1) from the brightest share ``1 - lit`` of them only: the part of a face half
    in a taller neighbour's shadow that the light reaches."""
    bright = colour[ratio > 0.9]
    if lit > 0 and len(bright) >= 8:
        grey = bright.astype(np.float32).sum(axis=1)
        bright = bright[grey >= np.quantile(grey, lit)]
    bgr = np.median(bright, axis=0) if len(bright) else np.median(colour.reshape(-1, 3), axis=0)
    lab = cv2.cvtColor(np.uint8(np.round(bgr)).reshape(1, 1, 3), cv2.COLOR_BGR2LAB)[0, 0]
    return np.array([float(lab[0]) * 100 / 255, float(lab[1]) - 128, float(lab[2]) - 128])


def _edge_strength(grad: np.ndarray, pose: BoardPose, centre: tuple[float, float], z: float,
                   side: float) -> float:
    """Mean gradient along the middle of a square's four sides on the plane at ``z``."""
    cx, cy = centre
    h = side / 2
    t = np.linspace(-0.6 * h, 0.6 * h, 9)
    pts = np.concatenate([np.stack([cx + t, np.full_like(t, cy - h)], 1),
                          np.stack([cx + t, np.full_like(t, cy + h)], 1),
                          np.stack([np.full_like(t, cx - h), cy + t], 1),
                          np.stack([np.full_like(t, cx + h), cy + t], 1)])
    px = pose.project(np.column_stack([pts, np.full(len(pts), z)]))
    gh, gw = grad.shape
    xi = np.clip(np.round(px[:, 0]).astype(int), 0, gw - 1)
    yi = np.clip(np.round(px[:, 1]).astype(int), 0, gh - 1)
    return float(grad[yi, xi].mean())


@dataclass
class HeightEvidence:
    """One cell's evidence for each height 1..max (index 0 is height 1)."""

    scores: list[float]                 # 0-1: the letter's score and the tile's edge
    glyphs: list[np.ndarray | None]     # the normalised glyph found there
    faces: list[np.ndarray]             # the face's colour (CIE Lab)
    bars: list[float]                   # how dark the bar's place under the letter is
    letter_scores: list[float]          # 0-1: a letter centred on the predicted face
    lit: list[np.ndarray] = field(default_factory=list)  # the face's lit part's colour


def _letter_on_plane(cfg: StackConfig, cells: CellConfig, image: np.ndarray, pose: BoardPose,
                     clf: TileClassifier, letters: tuple[str, ...], centre: tuple[float, float],
                     z: float, sigma: float
                     ) -> tuple[float, np.ndarray | None, np.ndarray, float, np.ndarray]:
    """How well a letter sits on the square of the plane at height ``z`` centred on
    ``centre`` (0-1: centred where the letter's centre should be, the font's size, looking
    like a letter; M, W, N and Z a little higher with their bar under them); the glyph found
    there, the face's colour (CIE Lab), how dark the bar's place is and the colour of the
    face's lit part. A letter ``sigma`` mm off its place keeps a third of its score."""
    mm = cfg.face_mm / cfg.face_px
    middle = cfg.face_px / 2
    colour = _face_crop(cfg, image, pose, centre, z)
    crop = cv2.GaussianBlur(cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY), (0, 0), 0.8)
    ratio = face_ratio(cfg, crop)  # grey only: the inlays come in dark colours
    mask = letter_ink(cfg, ratio)
    glyph = glyph_from_mask(cells, mask)
    found = _letter_box(mask) if glyph is not None else None
    face = _face_lab(colour, ratio)
    lit = _face_lab(colour, ratio, cfg.lit_share)
    if found is None or glyph is None:  # a box is looked for only with a glyph
        return 0.0, None, face, 0.0, lit
    box, rest = found
    tall_mm, wide_mm = (box[3] - box[1]) * mm, (box[2] - box[0]) * mm
    if not (cfg.letter_height[0] <= tall_mm <= cfg.letter_height[1]
            and wide_mm >= cfg.min_letter_width):  # not the size of a tile's letter
        return 0.0, None, face, 0.0, lit
    x, y = (box[0] + box[2]) / 2 - middle, (box[1] + box[3]) / 2 - middle
    bar = _bar_darkness(cfg, ratio, mask & ~rest, box)
    p = clf.probabilities(np.array([features(glyph)], np.float32), letters)[0]
    p_letter = (1.0 - float(p[clf.classes.index(NO_LETTER)])
                if NO_LETTER in clf.classes else 1.0)
    # M, W, N and Z sit higher, a bar under them; the other letters are centred
    barred = np.array([c in ROTATION_AMBIGUOUS for c in clf.classes])
    q = float(p[barred].sum()) / max(p_letter, 1e-6)
    plain = np.exp(-(np.hypot(x, y) * mm / sigma) ** 2)
    risen = (np.exp(-(np.hypot(x, y + cfg.letter_rise / mm) * mm / sigma) ** 2)
             * (cfg.no_bar + (1 - cfg.no_bar) * min(1.0, bar / cfg.bar_dark)))
    score = float((1 - q) * plain + q * risen) * p_letter
    return score, (glyph if score > 0 else None), face, bar, lit


def _candidates(cfg: StackConfig, cells: CellConfig, image: np.ndarray, grad: np.ndarray,
                pose: BoardPose, board: BoardLayout, clf: TileClassifier,
                letters: tuple[str, ...], row: int, col: int, sigma: float) -> HeightEvidence:
    """For heights 1..max: how well a letter sits on the predicted face
    (:func:`_letter_on_plane`), mixed with the tile's top edge strength there."""
    centre = board.cell_center(row, col)
    out = HeightEvidence([], [], [], [], [])
    edges = []
    for h in range(1, cfg.max_stack + 1):
        z = board.stack_top(h)
        score, glyph, face, bar, lit = _letter_on_plane(cfg, cells, image, pose, clf, letters,
                                                   centre, z, sigma)
        out.letter_scores.append(score)
        out.glyphs.append(glyph)
        out.faces.append(face)
        out.lit.append(lit)
        out.bars.append(bar)
        edges.append(_edge_strength(grad, pose, centre, z - board.tile_plateau_height,
                                    board.tile_size) if score > 0 else 0.0)
    e = np.array(edges) / max(float(max(edges)), 1e-6)
    out.scores = [ls * (1 - cfg.edge_weight + cfg.edge_weight * ev)
                  for ls, ev in zip(out.letter_scores, e, strict=True)]
    return out


def _body_lab(image: np.ndarray, pose: BoardPose, board: BoardLayout, row: int, col: int,
              height: int) -> np.ndarray:
    """The colour (CIE Lab) the photo shows along a stack's axis, from just above the board
    to under its top face: the stack's own sides when it stands there."""
    cx, cy = board.cell_center(row, col)
    zs = np.linspace(board.floor_height + 1.0, board.stack_top(height) - 3.0, 7)
    px = np.round(pose.project(np.array([(cx, cy, z) for z in zs]))).astype(int)
    h, w = image.shape[:2]
    bgr = image[np.clip(px[:, 1], 0, h - 1), np.clip(px[:, 0], 0, w - 1)]
    lab = cv2.cvtColor(np.uint8(np.median(bgr, axis=0)).reshape(1, 1, 3),
                       cv2.COLOR_BGR2LAB)[0, 0]
    return np.array([float(lab[0]) * 100 / 255, float(lab[1]) - 128, float(lab[2]) - 128])


def _stack_polygon(pose: BoardPose, board: BoardLayout, row: int, col: int, height: int
                   ) -> np.ndarray:
    """The photo outline (convex hull) of a stack: its tiles' bodies from the floor up, and
    the top tile's plateau (smaller, the letter's face) on them."""
    cx, cy = board.cell_center(row, col)
    h, p = board.tile_size / 2, PLATEAU_SIZE / 2
    top = board.stack_top(height)
    body = top - board.tile_plateau_height
    pts = [(cx + dx, cy + dy, z) for dx in (-h, h) for dy in (-h, h)
           for z in (board.floor_height, body)]
    pts += [(cx + dx, cy + dy, top) for dx in (-p, p) for dy in (-p, p)]
    return cv2.convexHull(pose.project(np.array(pts)).astype(np.float32)).reshape(-1, 2)


def _face_polygon(pose: BoardPose, board: BoardLayout, row: int, col: int, z: float,
                  side: float) -> np.ndarray:
    cx, cy = board.cell_center(row, col)
    h = side / 2
    pts = [(cx - h, cy - h, z), (cx + h, cy - h, z), (cx + h, cy + h, z), (cx - h, cy + h, z)]
    return pose.project(np.array(pts)).astype(np.float32)


def _covered_share(face: np.ndarray, blockers: list[np.ndarray]) -> float:
    """How much of a convex face polygon the blocker polygons cover (0-1)."""
    if not blockers:
        return 0.0
    x0, y0 = np.floor(face.min(0)).astype(int) - 1
    x1, y1 = np.ceil(face.max(0)).astype(int) + 2
    w, h = max(2, x1 - x0), max(2, y1 - y0)
    off = np.array([x0, y0], np.float32)
    a = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(a, np.round(face - off).astype(np.int32), 1)
    b = np.zeros_like(a)
    for poly in blockers:
        cv2.fillConvexPoly(b, np.round(poly - off).astype(np.int32), 1)
    area = int(a.sum())
    return float((a & b).sum()) / area if area else 0.0


def _letter_px(cfg: StackConfig, pose: BoardPose, board: BoardLayout, row: int, col: int,
               height: int) -> float:
    """How tall (pixels) a capital on the stack's top face appears in the photo."""
    cx, cy = board.cell_center(row, col)
    z = board.stack_top(height)
    half = cfg.cap_height / 2
    ends = pose.project(np.array([(cx, cy - half, z), (cx, cy + half, z)]))
    return float(np.linalg.norm(ends[1] - ends[0]))


def normalise_face(letter: str) -> str:
    """A letter as the WerdUp tile shows it ("q" -> "Qu", "e" -> "E")."""
    return "Qu" if letter.lower() in ("q", "qu") else letter.upper()


def _letter_read(row: int, col: int, glyph: np.ndarray | None, clf: TileClassifier,
                 letters: tuple[str, ...], classify: ClassifyConfig) -> CellRead:
    if glyph is None:
        return CellRead(row, col, EMPTY, 1.0)
    g = clf.guesses(np.array([features(glyph)], np.float32), letters, OPTIONS)[0]
    if g.letter is None:
        return CellRead(row, col, EMPTY, g.confidence)
    options = [(a if a != NO_LETTER else EMPTY, p) for a, p in g.alternatives if p > OPTION_MIN]
    shown = shown_alternatives(options, classify.alternatives)
    return CellRead(row, col, g.letter, g.confidence,
                    shown if g.confidence < classify.min_confidence else [], g.letter, options)


@dataclass(frozen=True)
class FaceColours:
    """The tiles' face colour and the board's (CIE Lab), as this photo shows them."""

    tile: np.ndarray | None
    board: np.ndarray | None

    def tile_like(self, cfg: StackConfig, face: np.ndarray) -> bool:
        """Bright enough and of the tiles' hue to be a tile's face."""
        if self.tile is None:
            return True
        chroma = float(np.hypot(face[1] - self.tile[1], face[2] - self.tile[2]))
        return face[0] >= cfg.min_face_share * self.tile[0] and chroma <= cfg.max_face_chroma

    def told_apart_by_lightness(self, cfg: StackConfig) -> bool:
        """Whether the tiles' faces and the board's floor differ in lightness (Lab L) by
        ``min_tile_contrast`` at least, the contrast the colour checks need (an unread tile
        told from an empty cell, a letter on a face of the board's colour): in a photo with
        no colour they then work on lightness alone. True when no tile's face or no floor
        was seen: nothing is told apart by colour then, in colour or not."""
        if self.tile is None or self.board is None:
            return True
        return told_apart_by_lightness(float(self.tile[0]), float(self.board[0]),
                                       cfg.min_tile_contrast)

    def board_like(self, cfg: StackConfig, face: np.ndarray) -> bool:
        """Much nearer the board's colour than the tiles' (and the two differ): a mark on
        a light board (a beginning cell's ring) or a tile in a deep shadow."""
        return self._much_nearer(cfg, face, to_board=True)

    def tile_not_board(self, cfg: StackConfig, face: np.ndarray) -> bool:
        """Much nearer the tiles' colour than the board's (and the two differ)."""
        return self._much_nearer(cfg, face, to_board=False)

    def _much_nearer(self, cfg: StackConfig, face: np.ndarray, to_board: bool) -> bool:
        if self.tile is None or self.board is None:
            return False
        near, far = (self.board, self.tile) if to_board else (self.tile, self.board)
        return (float(np.linalg.norm(self.tile - self.board)) >= cfg.min_tile_contrast
                and float(np.linalg.norm(face - near))
                < cfg.tile_nearer * float(np.linalg.norm(face - far)))


def _assign(cfg: StackConfig, found: dict[tuple[int, int], HeightEvidence], pose: BoardPose,
            board: BoardLayout, colours: FaceColours) -> dict[tuple[int, int], int]:
    """Each cell's height index, for cells showing a letter: the likeliest claims first,
    and a letter in the photo belongs to one stack only (a tall stack's face may sit where
    a neighbour's would at another height). Faces of the tiles' colour are claimed first;
    then a sure letter fitting a lone tile best, on a face of another colour (a tile in a
    deep shadow, or a mark on the board), where no letter claimed already is."""
    claims = sorted(((sc, r, c, k) for (r, c), cand in found.items()
                     for k, sc in enumerate(cand.scores)
                     if sc >= cfg.min_letter_score and _tile_coloured(cfg, colours, cand, k)),
                    reverse=True)
    shadowed = sorted(((cand.scores[0], r, c, 0) for (r, c), cand in found.items()
                       if cand.letter_scores[0] >= max(cfg.sure_score, *cand.letter_scores)
                       and not _tile_coloured(cfg, colours, cand, 0)), reverse=True)
    taken: dict[tuple[int, int], int] = {}
    accepted: list[_Claim] = []
    for _, r, c, k in claims + shadowed:
        if (r, c) in taken:
            continue
        claim = _Claim.of(pose, board, r, c, k + 1)
        if any(claim.clashes(other) for other in accepted):
            continue
        taken[(r, c)] = k
        accepted.append(claim)
    return taken


def _tile_coloured(cfg: StackConfig, colours: FaceColours, cand: HeightEvidence, k: int
                  ) -> bool:
    """Whether the face at height index ``k`` has the tiles' colour (a lone tile's, or the
    part of it the light reaches: half in a taller neighbour's shadow, it is a tile's)."""
    return (colours.tile_like(cfg, cand.faces[k])
            or k == 0 and colours.tile_like(cfg, cand.lit[k]))


@dataclass(frozen=True)
class _Claim:
    """A stack as claimed in the photo: where its letter is (and its size, pixels), its
    outline floor to top and how far its cell is from the camera."""

    spot: np.ndarray
    radius: float
    outline: np.ndarray
    depth: float

    @classmethod
    def of(cls, pose: BoardPose, board: BoardLayout, row: int, col: int, height: int
           ) -> _Claim:
        cx, cy = board.cell_center(row, col)
        z = board.stack_top(height)
        ends = pose.project(np.array([(cx - 4.0, cy, z), (cx + 4.0, cy, z)]))
        depth = float(pose.depth(np.array([[cx, cy, board.floor_height]]))[0])
        return cls(ends.mean(axis=0), float(np.linalg.norm(ends[1] - ends[0])),
                   _stack_polygon(pose, board, row, col, height), depth)

    def covers(self, spot: np.ndarray, margin: float) -> bool:
        inside = cv2.pointPolygonTest(self.outline.astype(np.float32),
                                      (float(spot[0]), float(spot[1])), True)
        return inside > margin

    def clashes(self, other: _Claim) -> bool:
        """Both cannot be: one letter seen for two stacks, or one stack standing in front of
        the other's letter (which would then be hidden)."""
        if np.linalg.norm(self.spot - other.spot) < max(self.radius, other.radius):
            return True
        front, back = (self, other) if self.depth < other.depth else (other, self)
        return front.covers(back.spot, 0.25 * back.radius)


def _stack_read(cfg: StackConfig, classify: ClassifyConfig, pose: BoardPose, board: BoardLayout,
                clf: TileClassifier, letters: tuple[str, ...], colours: FaceColours, r: int,
                c: int, cand: HeightEvidence, best: int | None, circle: bool = False
                ) -> StackRead:
    """The stack of cell (r, c) from its candidate heights: ``best`` is the one assigned to it
    (its index; None: the cell is empty); ``circle``: the cell shows the beginning squares'
    circle, which a tile there would hide (:func:`circle_seen`)."""
    scores = cand.scores
    if best is None:  # a tile's colour or a sure letter there: a tile whose letter is not read
        return StackRead(r, c, 0, 1.0 - max(scores), CellRead(r, c, EMPTY, 1.0),
                         scores=[0.0, *scores],
                         tile_face=not circle and (colours.tile_not_board(cfg, cand.faces[0])
                                                   or max(cand.letter_scores) >= cfg.sure_score))
    runner = max([x for i, x in enumerate(scores) if i != best] or [0.0])
    read = _letter_read(r, c, cand.glyphs[best], clf, letters, classify)
    if read.face and _letter_px(cfg, pose, board, r, c, best + 1) < cfg.min_letter_px:
        read.alternatives = (read.alternatives or shown_alternatives(read.options, 3)
                             or [(read.face, read.confidence)])  # too small to be sure
        read.why = TOO_SMALL
    if not read.face:  # a mark, not a letter: an empty cell, how sure of its height unknown
        return StackRead(r, c, 0, None, read, scores=[0.0, *scores])
    if colours.board_like(cfg, cand.faces[best]) or not _tile_coloured(cfg, colours, cand,
                                                                        best):
        # a mark on the board, or a tile in a deep shadow
        # offered as its letter or an empty square, neither likelier: no share is shown
        read.alternatives = [*(read.alternatives or [(read.face, read.confidence)]),
                             (EMPTY, 0.5)]
        read.unweighed = True
        read.why = BOARD_COLOURED
    return StackRead(r, c, best + 1, scores[best] / (scores[best] + runner), read,
                     scores=[0.0, *scores], margin=scores[best] / max(runner, 1e-3),
                     bar=cand.bars[best] >= cfg.bar_dark,
                     letter_score=cand.letter_scores[best])


def read_stacks(cfg: StackConfig, cells: CellConfig, classify: ClassifyConfig,
                image: np.ndarray, clf: TileClassifier, lexicon: Lexicon | None = None,
                board: BoardLayout = WERDUP_BOARD) -> StacksReading:
    """Heights and top letters of every cell of the 3D-printed board in a BGR photo
    (H, W, 3); the lexicon, when given, settles uncertain letters as for flat boards. A
    letter seen on more stacks' tops than the WerdUp set holds (its engine's counts,
    :func:`vision.boards.board_spec`) is listed as on flat boards
    (:func:`vision.correct.list_beyond_the_set`): only the top letters are seen, so only
    they are counted."""
    from vision.correct import list_beyond_the_set, resolve

    pose = board_pose(cfg, image, board)
    heights_seen = pose.tilt >= cfg.min_tilt
    spec = board_spec("werdup")
    gray = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    grad = cv2.magnitude(cv2.Sobel(gray, cv2.CV_32F, 1, 0), cv2.Sobel(gray, cv2.CV_32F, 0, 1))
    # straight down the faces barely move with the height, but the focal length is a guess:
    # a tall stack's face may sit further from where it is predicted
    sigma = cfg.centre_sigma if heights_seen else cfg.flat_centre_sigma
    found = {(r, c): _candidates(cfg, cells, image, grad, pose, board, clf, spec.letters, r, c,
                                 sigma)
             for r in range(board.cells) for c in range(board.cells)}
    sure = [cand.faces[int(np.argmax(cand.scores))] for cand in found.values()
            if max(cand.scores) >= cfg.sure_score]
    colours = FaceColours(np.median(sure, axis=0) if sure else None, None)
    # a beginning square showing its engraved circle holds no tile: no letter is claimed there
    circles = {k for k in board.beginning_cells if circle_seen(cfg, image, pose, board, *k)}
    taken = _assign(cfg, {k: v for k, v in found.items() if k not in circles}, pose, board,
                    colours)
    floor = [found[k].faces[0] for k in found if k not in taken]
    colours = FaceColours(colours.tile, np.median(floor, axis=0) if floor else None)
    stacks = [_stack_read(cfg, classify, pose, board, clf, spec.letters, colours, r, c, cand,
                          taken.get((r, c)), (r, c) in circles)
              for (r, c), cand in found.items()]
    if heights_seen:
        for s in stacks:  # a tall stack's body must show between its face and the board
            if s.letter.face and s.height and s.height > 1 and colours.board_like(
                    cfg, _body_lab(image, pose, board, s.row, s.col, s.height)):
                s.margin = 0.0
    reading = StacksReading(pose, stacks, heights_seen, size=board.cells, colours=colours)
    _mark_hidden(cfg, reading, board)
    _read_partly_hidden(cfg, image, reading, board, colours)
    for s in stacks:  # to the words, an unread tile is a tile of unknown letter
        if s.unreadable:
            s.letter = CellRead(s.row, s.col, BLANK, 0.0)
    reads = [s.letter for s in stacks if s.seen]
    holds = dict(spec.counts)
    if lexicon is not None:
        uncertain = resolve(reads, board.cells, board.cells, lexicon, spec.letters,
                            holds=holds)
    else:
        uncertain = [rd for rd in reads if rd.alternatives]
    for s in stacks:
        if s.unreadable:  # never guessed: the words' choice is only offered
            guess = s.letter.letter
            s.suggestion = normalise_face(guess) if guess else None
            s.letter = CellRead(s.row, s.col, EMPTY, 0.0, unmeasured=True)
    # each stack shows its top letter alone: the letters seen are counted, the buried unknown
    list_beyond_the_set([s.letter for s in stacks if s.seen], holds, uncertain)
    reading.uncertain = sorted((rd for rd in uncertain if rd.face != BLANK),
                               key=lambda rd: (rd.row, rd.col))  # in board order
    for s in stacks:
        if not s.seen or s.unreadable:
            reading.not_seen.append((s.row, s.col))
        elif s.letter.face and heights_seen and s.margin < cfg.min_height_margin:
            reading.doubtful_heights.append((s.row, s.col))
    return reading


def circle_seen(cfg: StackConfig, image: np.ndarray, pose: BoardPose, board: BoardLayout,
                row: int, col: int) -> bool:
    """Whether a beginning square shows the circle engraved in its boss, which a tile there
    would hide: the marks on the boss's top fit the circle well, and better than any tile's
    letter (the circle reads much like an O or an N on a face of the board's colour)."""
    if (row, col) not in board.beginning_cells:
        return False
    colour = _face_crop(cfg, image, pose, board.cell_center(row, col), board.boss_top)
    crop = cv2.GaussianBlur(cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY), (0, 0), 0.8)
    ink = _inner_marks(letter_ink(cfg, face_ratio(cfg, crop)))
    whole = np.ones(ink.shape, bool)
    circle = {"circle": circle_template(cfg.face_px, cfg.face_mm)}
    fit = match_visible(ink, whole, circle, cfg.partial_shift)[0][1]
    if fit < cfg.circle_agree:  # no ink, or marks of another shape: the letters not tried
        return False
    letters = match_visible(ink, whole, face_templates(cfg.face_px, cfg.face_mm),
                            cfg.partial_shift)
    return fit >= letters[0][1] + cfg.circle_margin


def _mark_hidden(cfg: StackConfig, reading: StacksReading, board: BoardLayout) -> None:
    """Cells whose face (at their read height, or a lone tile's for empty ones) is mostly
    behind a nearer, taller stack: not seen, whatever was read there; and cells read empty
    whose lone tile's letter would be partly behind one (a letter cut off is not made out,
    so none seen there proves nothing)."""
    eye_depth = {}
    read_height = {(s.row, s.col): s.height or 0 for s in reading.stacks}
    tall: dict[tuple[int, int], int] = {}  # the stacks with a letter read on top: heights
    for s in reading.stacks:
        if s.letter.face and s.height:
            tall[(s.row, s.col)] = s.height
    polys = {(r, c): _stack_polygon(reading.pose, board, r, c, height)
             for (r, c), height in tall.items()}
    for (r, c), height in tall.items():
        cx, cy = board.cell_center(r, c)
        eye_depth[(r, c)] = float(reading.pose.depth(
            np.array([[cx, cy, board.stack_top(height)]]))[0])
    for s in reading.stacks:
        h = s.height if s.letter.face and s.height else 1
        z = board.stack_top(h)
        cx, cy = board.cell_center(s.row, s.col)
        depth = float(reading.pose.depth(np.array([[cx, cy, z]]))[0])
        face = _face_polygon(reading.pose, board, s.row, s.col, z, board.tile_size * 0.7)
        blockers = [polys[k] for k in polys if k != (s.row, s.col) and eye_depth[k] < depth
                    and max(abs(k[0] - s.row), abs(k[1] - s.col)) <= 2
                    and read_height[k] > h]
        if _covered_share(face, blockers) >= cfg.hidden_share or not s.letter.face and (
                _covered_share(_face_polygon(reading.pose, board, s.row, s.col, z,
                                             cfg.letter_box), blockers)
                >= cfg.letter_hidden_share):
            s.seen = False
            s.height = None
            s.letter = CellRead(s.row, s.col, EMPTY, 0.0, unmeasured=True)  # nothing seen
        elif s.tile_face and not s.letter.face:
            near = [polys[k] for k in polys if max(abs(k[0] - s.row), abs(k[1] - s.col)) <= 2]
            if _covered_share(face, near) < cfg.hidden_share / 2:
                s.unreadable = True  # a tile's face with no letter made out on it
                s.height = None


def _visible_face(cfg: StackConfig, pose: BoardPose, board: BoardLayout, row: int, col: int,
                  z: float, blockers: list[np.ndarray]) -> np.ndarray:
    """Which pixels of the face crop (:func:`_face_crop`) at height ``z`` are in sight: on
    the letter's part of the face and not behind the blockers' outlines (photo pixels);
    (face_px, face_px) bool, kept clear of the blockers' edges by a pixel or two."""
    n, half = cfg.face_px, cfg.face_mm / 2
    step = cfg.face_mm / n
    centre = board.cell_center(row, col)
    to_board = np.array([[step, 0, centre[0] - half], [0, step, centre[1] - half], [0, 0, 1]])
    to_crop = np.linalg.inv(pose.plane_homography(z) @ to_board)
    hidden = np.zeros((n, n), np.uint8)
    for poly in blockers:
        pts = cv2.perspectiveTransform(poly.reshape(-1, 1, 2).astype(np.float64), to_crop)
        cv2.fillPoly(hidden, [np.round(pts.reshape(-1, 2)).astype(np.int32)], 1)
    k = 2 * cfg.partial_edge_px + 1
    visible = cv2.dilate(hidden, np.ones((k, k), np.uint8)) == 0
    m = round((cfg.face_mm - cfg.partial_region) / 2 / step)
    region = np.zeros((n, n), bool)
    region[m: n - m, m: n - m] = True
    return visible & region


def _inner_marks(mask: np.ndarray) -> np.ndarray:
    """An ink mask without the marks touching the crop's edge (a tile's edge or a groove
    running across the face, not its letter)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8),
                                                           connectivity=8)
    h, w = mask.shape
    edge = [i for i in range(1, n) if stats[i][0] == 0 or stats[i][1] == 0
            or stats[i][0] + stats[i][2] >= w or stats[i][1] + stats[i][3] >= h]
    return mask & ~np.isin(labels, edge)


@dataclass(frozen=True)
class _InSight:
    """The stacks read in a photo, as they hide the faces behind them."""

    tall: dict[tuple[int, int], int]            # cell -> height
    polys: dict[tuple[int, int], np.ndarray]    # cell -> outline (photo pixels)
    eye: dict[tuple[int, int], float]           # cell -> its face's distance from the camera
    claims: list[_Claim]

    @classmethod
    def of(cls, reading: StacksReading, board: BoardLayout) -> _InSight:
        pose = reading.pose
        tall = {(s.row, s.col): s.height for s in reading.stacks
                if s.seen and s.letter.face and s.height}
        return cls(tall, {k: _stack_polygon(pose, board, k[0], k[1], h) for k, h in tall.items()},
                   {k: float(pose.depth(np.array([[*board.cell_center(*k),
                                                   board.stack_top(h)]]))[0])
                    for k, h in tall.items()},
                   [_Claim.of(pose, board, k[0], k[1], h) for k, h in tall.items()])


def _partial_matches(cfg: StackConfig, image: np.ndarray, pose: BoardPose, board: BoardLayout,
                     colours: FaceColours, sight: _InSight, row: int, col: int
                     ) -> list[tuple[float, str, int, float]]:
    """For each height at which the cell's face would be partly in sight, of the tiles'
    colour and hiding no letter seen: the two letters best fitting the ink that shows, as
    (agreement, letter, height, share of the letter in sight), best first."""
    templates = face_templates(cfg.face_px, cfg.face_mm)
    centre = board.cell_center(row, col)
    best = []
    for h in range(1, cfg.max_stack + 1):
        z = board.stack_top(h)
        depth = float(pose.depth(np.array([[*centre, z]]))[0])
        blockers = [sight.polys[k] for k in sight.polys if sight.tall[k] > h
                    and sight.eye[k] < depth and max(abs(k[0] - row), abs(k[1] - col)) <= 2]
        visible = _visible_face(cfg, pose, board, row, col, z, blockers)
        region = _visible_face(cfg, pose, board, row, col, z, [])
        if not 0.05 * region.sum() < visible.sum() < cfg.partial_most * region.sum():
            continue  # nothing in sight, or nothing hidden (then read as any face is)
        if any(_Claim.of(pose, board, row, col, h).clashes(c) for c in sight.claims):
            continue
        colour = _face_crop(cfg, image, pose, centre, z)
        crop = cv2.GaussianBlur(cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY), (0, 0), 0.8)
        ratio = face_ratio(cfg, crop)
        if not colours.tile_like(cfg, _face_lab(colour[visible], ratio[visible],
                                                cfg.lit_share)):
            continue
        ink = _inner_marks(letter_ink(cfg, ratio))
        for letter, agree, share in match_visible(ink, visible, templates,
                                                  cfg.partial_shift)[:2]:
            best.append((agree, letter, h, share))
    return sorted(best, reverse=True)


def _read_partly_hidden(cfg: StackConfig, image: np.ndarray, reading: StacksReading,
                        board: BoardLayout, colours: FaceColours) -> None:
    """A stack not seen whose face is partly in sight: its letter is read from the part
    that shows, against the tile font's letters drawn as the tiles carry them, when only one
    letter (at one height or more) fits what shows, on a face of the tiles' colour, and a
    stack that high there would hide no letter seen; its height, when one height fits much
    better than the others and the stack's body shows, else it is doubtful. A less sure fit
    is read but listed (its letter's alternatives, a doubtful height); none stays not seen."""
    if not reading.heights_seen:
        return
    sight = _InSight.of(reading, board)
    for s in reading.stacks:
        if s.seen or s.unreadable:
            continue
        best = _partial_matches(cfg, image, reading.pose, board, colours, sight, s.row, s.col)
        if not best:
            continue
        agree, letter, h, share = best[0]
        rival = max([a for a, x, _, _ in best if x != letter] or [0.0])
        other_h = max([a for a, x, k, _ in best if x == letter and k != h] or [0.0])
        if share < cfg.partial_share or agree < cfg.partial_listed[0] or (
                agree - rival < cfg.partial_listed[1]):
            continue
        sure = agree >= cfg.partial_agree and agree - rival >= cfg.partial_margin
        s.seen = True
        s.height = h
        s.height_confidence = agree / (agree + other_h)
        s.margin = float("inf") if sure and agree - other_h >= cfg.partial_margin else 0.0
        if h > 1 and colours.board_like(cfg, _body_lab(image, reading.pose, board, s.row,
                                                       s.col, h)):
            s.margin = 0.0
        face = normalise_face(letter)
        options: list[tuple[str, float]] = []
        for a, x, _, _ in best:
            if normalise_face(x) not in [o for o, _ in options]:
                options.append((normalise_face(x), a))
        # the letters' agreements with what shows are no chances of each: none is shown
        s.letter = CellRead(s.row, s.col, face, agree, [] if sure else options[:3], face,
                            options, why="" if sure else PARTLY_HIDDEN, unweighed=not sure)
        s.letter_score = agree
