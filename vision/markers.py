"""Locating the companion's own boards and sheets by their printed ArUco markers.

The marker geometry is not defined here: it comes from ``companion.layout`` (paper boards and
sheets in :mod:`companion.layout.sheets`, the 3D-printed WerdUp board in
:mod:`companion.layout.werdup_board`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games import GAME_PHOTOS
from companion.layout import sheets
from companion.layout.werdup_board import WERDUP_BOARD, BoardLayout
from companion.text import counted
from vision.boards import BoardSpec
from vision.config import LocateConfig
from vision.errors import VisionError, WrongDocument
from vision.locate import Located, _located

Point = tuple[float, float]


@dataclass(frozen=True)
class MarkerTarget:
    """A printed thing with markers: marker corners and the grid's corners, in mm; ``name``
    is its identifier, ``title`` what a sentence calls it ("the printed Bug Words board")."""

    name: str
    dictionary: str
    markers: dict[int, tuple[Point, Point, Point, Point]]
    grid_corners: tuple[Point, Point, Point, Point]  # TL, TR, BR, BL
    rows: int
    cols: int
    title: str = ""

    @property
    def said(self) -> str:
        return self.title or self.name


def paper_target(layout: sheets.SheetLayout, grid: str, title: str = "") -> MarkerTarget:
    g = layout.grids[grid]
    return MarkerTarget(layout.name, layout.dictionary, layout.marker_points(),
                        g.bounds.corners(), g.rows, g.cols, title)


def werdup_target(board: BoardLayout = WERDUP_BOARD) -> MarkerTarget:
    x0, y0, _, _ = board.cell_rect(0, 0)
    _, _, x1, y1 = board.cell_rect(board.cells - 1, board.cells - 1)
    return MarkerTarget("werdup-3d", board.aruco_dictionary,
                        {s.id: s.corners for s in board.markers},
                        ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), board.cells, board.cells,
                        "the 3D-printed WerdUp board")


def located_by(target: MarkerTarget) -> str:
    """How a board found by ``target``'s markers says it was found (``Located.method``)."""
    return f"markers ({target.name})"


def targets_for(game: str) -> list[MarkerTarget]:
    """The marked boards a game can be photographed on."""
    if game == "werdup":
        return [werdup_target(), paper_target(sheets.board_sheet("werdup"), "board",
                                              "the printed WerdUp board")]
    if game == "bugwords":
        return [paper_target(sheets.board_sheet("bugwords"), "board",
                             "the printed Bug Words board")]
    return []


def detect(image: np.ndarray, dictionary: str) -> dict[int, np.ndarray]:
    """ArUco markers in a BGR or gray image: id -> (4, 2) corners in OpenCV order."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    aruco = cv2.aruco
    params = aruco.DetectorParameters()
    params.cornerRefinementMethod = aruco.CORNER_REFINE_SUBPIX
    det = aruco.ArucoDetector(aruco.getPredefinedDictionary(getattr(aruco, dictionary)), params)
    corners, ids, _ = det.detectMarkers(gray)
    if ids is None:
        return {}
    return {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), corners, strict=True)}


def fit(cfg: LocateConfig, found: dict[int, np.ndarray], target: MarkerTarget) -> Located:
    """The grid located from the markers of ``target`` seen in the photo."""
    ids = [i for i in found if i in target.markers]
    need = min(cfg.min_markers, len(target.markers))
    if len(ids) < need:
        raise VisionError(f"{target.said} was not found: only {len(ids)} of "
                          f"{counted(len(target.markers), 'marker')} seen (at least {need} "
                          "needed); keep every corner of the board in the picture and out of "
                          "glare")
    src = np.array([p for i in ids for p in target.markers[i]], np.float32)
    dst = np.concatenate([found[i] for i in ids]).astype(np.float32)
    hom, _ = cv2.findHomography(src, dst, cv2.RANSAC, 4.0)
    if hom is None:
        raise VisionError(f"{target.said}: the markers seen do not fit the board's shape")
    grid = np.array(target.grid_corners, np.float32).reshape(-1, 1, 2)
    corners = cv2.perspectiveTransform(grid, hom).reshape(4, 2)
    return _located(cfg, corners, target.rows, target.cols, located_by(target))


def try_locate(cfg: LocateConfig, image: np.ndarray, spec: BoardSpec) -> Located | None:
    """The grid located by markers; ``None`` when no marker of this game's boards is seen
    (the photo may show a commercial board). Too few markers is an error with the count.
    """
    found_by_dict: dict[str, dict[int, np.ndarray]] = {}
    best_error: VisionError | None = None
    for target in targets_for(spec.game):
        found = found_by_dict.get(target.dictionary)
        if found is None:
            found = found_by_dict[target.dictionary] = detect(image, target.dictionary)
        if not any(i in target.markers for i in found):
            continue
        try:
            return fit(cfg, found, target)
        except VisionError as exc:
            best_error = best_error or exc
    if best_error is not None:
        raise best_error
    return None


# What each game's photo should show, for a refusal's sentence.
WANTED = GAME_PHOTOS  # what a photo for --game shows


@dataclass(frozen=True)
class Document:
    """One of the companion's marked printables: what it is, for a sentence, and the game
    that reads it."""

    shows: str
    game: str
    dictionary: str
    ids: frozenset[int]


def marked_documents() -> list[Document]:
    """Every printed thing that carries markers (each marker id is on one kind only)."""
    girdle = [sheets.girdle_sheet(p) for p in ("letter", "a4")]
    werdup = sheets.board_sheet("werdup")
    bugwords = sheets.board_sheet("bugwords")
    return [
        Document("a Word Girdle sheet", "girdle", girdle[0].dictionary,
                 frozenset(i for lay in girdle for i in lay.marker_points())),
        Document("the printed WerdUp paper board", "werdup", werdup.dictionary,
                 frozenset(werdup.marker_points())),
        Document("the printed Bug Words paper board", "bugwords", bugwords.dictionary,
                 frozenset(bugwords.marker_points())),
        Document("the 3D-printed WerdUp board", "werdup", WERDUP_BOARD.aruco_dictionary,
                 frozenset(s.id for s in WERDUP_BOARD.markers)),
    ]


def other_document(cfg: LocateConfig, image: np.ndarray, game: str) -> WrongDocument | None:
    """The refusal for a photo that shows another game's marked printable (a Word Girdle
    sheet read as a Bug Words board, say): at least ``cfg.min_other_markers`` of its markers
    seen, more than of any other printable's; ``None`` when there is no such thing."""
    seen: dict[str, dict[int, np.ndarray]] = {}
    best: tuple[int, Document] | None = None
    for doc in marked_documents():
        if doc.dictionary not in seen:
            seen[doc.dictionary] = detect(image, doc.dictionary)
        count = sum(i in doc.ids for i in seen[doc.dictionary])
        if count >= cfg.min_other_markers and (best is None or count > best[0]):
            best = (count, doc)
    if best is None or best[1].game == game:
        return None
    return WrongDocument(best[1].shows, WANTED.get(game, f"a {game} photo"), best[1].game)
