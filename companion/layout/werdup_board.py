"""The assembled WerdUp board as plain data (millimetres), shared by the CAD models and the
photo reader. Importing this module needs no CAD kernel.

Board coordinates: seen from above with row 0 at the top, the origin is the top-left outer
corner of the assembled board, x grows to the right (columns) and y grows down (rows).

The board is four identical quarters. Quarter 0 is the top-left one; quarter ``q`` is the same
part turned ``q`` quarter-turns clockwise about the board centre (1 top-right, 2 bottom-right,
3 bottom-left). The quarters meet along the two centre lines with a seam as wide as the joint
clearance, so cells on the right or bottom half sit ``seam`` further out.

Markers are ArUco stickers (``DICT_4X4_50``, ids 30-41) placed in square pockets in the frame,
each upright: the top of the marker towards the board's top edge (row 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.werdup.rules import WerdUpRules

MM = 1.0  # all lengths are in millimetres

ARUCO_DICTIONARY = "DICT_4X4_50"
FIRST_MARKER_ID = 30
LAST_MARKER_ID = 49  # ids 30-49 are reserved for the WerdUp board

QUARTER_CELLS = 5  # the printed quarter is 5 x 5 cells; the board's size is the rules' board_size
CELL_PITCH = 21.0 * MM
TILE_SIZE = 18.0 * MM
TILE_BODY_HEIGHT = 3.5 * MM  # a stacked tile rises by this much
TILE_PLATEAU_HEIGHT = 1.0 * MM  # the raised top that nests into the tile above
TILE_PLATEAU_SIZE = 13.0 * MM  # the raised top's side: it carries the letter
TILE_PLATEAU_CHAMFER = 0.4 * MM  # round the plateau's top: a lead-in so a tile drops onto it
TILE_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")  # fonts-dejavu-core
TILE_FONT_SIZE = 10.0 * MM  # the letters' em
TILE_LETTER_BOX = 11.0 * MM  # the longest side a letter (or "Qu", with any bar) may take
# The least tile material between a sunk letter (or its bar) and the plateau's top edge:
# three 0.4 mm lines, so the slicer lays a perimeter along the edge, one along the letter
# and one binding them. Two lines or fewer (0.6-0.9 mm, as Qu and W had) print as a sliver
# that the tile above, sliding over the plateau's chamfer when stacked, breaks off.
TILE_LETTER_RIM = 1.2 * MM
# M, W, N and Z carry a bar under the letter showing which way is up (as the paper tiles do);
# the letter and its bar are centred together, so those letters sit (gap + height) / 2 higher
TILE_BAR_WIDTH = 6.0 * MM
TILE_BAR_HEIGHT = 1.0 * MM
TILE_BAR_GAP = 0.9 * MM  # between the letter and its bar
FLOOR_HEIGHT = 3.0 * MM  # cell floor above the table
# the beginning squares' circle, engraved in the top of the cell's boss (the raised square,
# the shape of a tile's plateau, that the bottom tile nests over): a tile there hides it
BEGINNING_CIRCLE_DIAMETER = 9.0 * MM
BEGINNING_CIRCLE_WIDTH = 1.0 * MM
FRAME_WIDTH = 24.0 * MM
FRAME_HEIGHT = 4.5 * MM  # frame top above the table
MARKER_SIZE = 14.0 * MM  # black square of the ArUco marker, border included
STICKER_SIZE = 18.0 * MM  # white sticker carrying one marker (quiet zone included)
STICKER_POCKET_DEPTH = 0.4 * MM
DEFAULT_SEAM = 0.2 * MM  # the default joint clearance

# Marker spots of quarter 0 (top-left) as x and y, each in frame widths plus cell pitches:
# the frame corner, the middle of the top arm (over column 2) and the middle of the left arm
# (beside row 2). The other quarters' spots are these turned about the board centre.
_QUARTER0_SPOTS = (
    ((0.5, 0.0), (0.5, 0.0)),
    ((1.0, 2.5), (0.5, 0.0)),
    ((0.5, 0.0), (1.0, 2.5)),
)


def tile_letter_room(plateau_size: float = TILE_PLATEAU_SIZE,
                     plateau_chamfer: float = TILE_PLATEAU_CHAMFER,
                     letter_box: float = TILE_LETTER_BOX,
                     letter_rim: float = TILE_LETTER_RIM) -> float:
    """The longest side a tile's letter, with any bar, may take (mm): ``letter_box``, or less
    where the plateau's top (its side less the chamfers) would keep no ``letter_rim`` of tile
    around it (the letter is centred on the plateau)."""
    top = plateau_size - 2 * plateau_chamfer
    return min(letter_box, top - 2 * letter_rim)


def tile_letter_font_size(width: float, height: float, barred: bool, *,
                          font_size: float = TILE_FONT_SIZE, room: float | None = None) -> float:
    """The em (mm) a tile's letter is made at, the one rule the CAD tiles and the photo
    reader's drawings of them share: ``font_size``, shrunk only where the letter's outline
    (``width`` x ``height`` mm, measured at ``font_size``) would be longer than ``room``
    (default :func:`tile_letter_room`), its height with the bar under it if it is ``barred``
    (M, W, N and Z; the bar keeps its size)."""
    if not (width > 0 and height > 0):
        raise ValueError(f"a letter's outline must have a size, got {width!r} x {height!r} mm")
    room = tile_letter_room() if room is None else room
    bar = TILE_BAR_GAP + TILE_BAR_HEIGHT if barred else 0.0
    return font_size * min(1.0, room / width, (room - bar) / height)


def _rules() -> WerdUpRules:
    """The default WerdUp rules: the board's size and beginning squares are theirs."""
    from companion.werdup.rules import get_rules

    return get_rules()


QUARTER_PLACES = ("top-left", "top-right", "bottom-right", "bottom-left")  # quarter 0, 1, 2, 3


@dataclass(frozen=True)
class MarkerSpot:
    """Where one ArUco sticker goes: its id, quarter, and the marker's centre and corners."""

    id: int
    quarter: int
    name: str  # where on the frame: "top-left" (a corner) ... or "top", "right", ...
    center: tuple[float, float]
    size: float

    @property
    def corners(self) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float],
                               tuple[float, float]]:
        """The marker's corners in ArUco order (top-left, top-right, bottom-right,
        bottom-left) for an upright sticker, in board coordinates."""
        cx, cy = self.center
        h = self.size / 2
        return ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))

    @property
    def quarter_place(self) -> str:
        """Which quarter of the assembled board the sticker is on: "top-left" ..."""
        return QUARTER_PLACES[self.quarter]

    @property
    def pocket(self) -> str:
        """Which of its quarter's three pockets the sticker goes in, in words for the maker:
        "corner", or the edge whose middle it is on ("top edge")."""
        return "corner" if self.name == self.quarter_place else f"{self.name} edge"


@dataclass(frozen=True)
class BoardLayout:
    """The physical layout of an assembled board (all lengths in mm)."""

    cell_pitch: float = CELL_PITCH
    frame_width: float = FRAME_WIDTH
    seam: float = DEFAULT_SEAM
    tile_size: float = TILE_SIZE
    tile_body_height: float = TILE_BODY_HEIGHT
    tile_plateau_height: float = TILE_PLATEAU_HEIGHT
    floor_height: float = FLOOR_HEIGHT
    frame_height: float = FRAME_HEIGHT
    marker_size: float = MARKER_SIZE
    sticker_size: float = STICKER_SIZE
    sticker_pocket_depth: float = STICKER_POCKET_DEPTH
    cells: int = field(default_factory=lambda: _rules().board_size)
    aruco_dictionary: str = ARUCO_DICTIONARY
    first_marker_id: int = FIRST_MARKER_ID

    def __post_init__(self) -> None:
        for name in ("cell_pitch", "frame_width", "tile_size", "tile_body_height",
                     "tile_plateau_height", "floor_height", "frame_height", "marker_size",
                     "sticker_size", "sticker_pocket_depth"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be positive, got {getattr(self, name)!r}")
        if not self.seam >= 0 or self.seam == float("inf"):  # NaN and infinity too
            raise ValueError(f"seam must be a finite width of 0 mm or more, got {self.seam!r}")
        if self.cells != 2 * QUARTER_CELLS:
            raise ValueError(f"cells must be {2 * QUARTER_CELLS} (four 5 x 5 quarters), "
                             f"got {self.cells!r}")
        if self.tile_size >= self.cell_pitch:
            raise ValueError(f"tile_size {self.tile_size} must be smaller than cell_pitch "
                             f"{self.cell_pitch}")
        if self.marker_size >= self.sticker_size:
            raise ValueError(f"marker_size {self.marker_size} must be smaller than "
                             f"sticker_size {self.sticker_size}")
        if self.sticker_size >= self.frame_width - 2.0:
            raise ValueError(f"sticker_size {self.sticker_size} must leave 1 mm of frame on "
                             f"each side (frame_width {self.frame_width})")

    @property
    def size(self) -> float:
        """Outer side of the assembled square board."""
        return 2 * self.frame_width + self.cells * self.cell_pitch + self.seam

    @property
    def center(self) -> tuple[float, float]:
        return (self.size / 2, self.size / 2)

    @property
    def quarter_cells(self) -> int:
        return self.cells // 2

    def cell_origin(self, index: int) -> float:
        """Board coordinate of the near edge (left or top) of column or row ``index``'s pitch
        square; the grid line between cells runs along these."""
        if not 0 <= index < self.cells:
            raise ValueError(f"cell index must be 0-{self.cells - 1}, got {index!r}")
        shift = self.seam if index >= self.quarter_cells else 0.0
        return self.frame_width + index * self.cell_pitch + shift

    def cell_center(self, row: int, col: int) -> tuple[float, float]:
        """Centre (x, y) of the cell at ``row``, ``col`` (0-based, row 0 at the top)."""
        half = self.cell_pitch / 2
        return (self.cell_origin(col) + half, self.cell_origin(row) + half)

    def cell_rect(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the cell's pitch square."""
        x0, y0 = self.cell_origin(col), self.cell_origin(row)
        return (x0, y0, x0 + self.cell_pitch, y0 + self.cell_pitch)

    def stack_top(self, tiles: int) -> float:
        """Height above the table of the letter face of a stack ``tiles`` high (0: the cell
        floor). Each tile nests over the one below, so a stack rises by the body height."""
        if tiles < 0:
            raise ValueError(f"tiles must not be negative, got {tiles!r}")
        if tiles == 0:
            return self.floor_height
        return (self.floor_height + (tiles - 1) * self.tile_body_height + self.tile_body_height
                + self.tile_plateau_height)

    @property
    def boss_top(self) -> float:
        """Height above the table of the top of a cell's boss (the raised square the bottom
        tile nests over), where the beginning squares' circle is engraved."""
        return self.floor_height + self.tile_plateau_height

    @property
    def marker_height(self) -> float:
        """Height of a sticker's face above the table (it sits in a pocket in the frame)."""
        return self.frame_height - self.sticker_pocket_depth

    @property
    def beginning_cells(self) -> tuple[tuple[int, int], ...]:
        """The four centre cells marked with circles, as (row, col)."""
        return tuple(sorted(_rules().beginning))

    def rotate_cw(self, point: tuple[float, float], turns: int) -> tuple[float, float]:
        """``point`` turned ``turns`` quarter-turns clockwise (seen from above) about the
        board centre."""
        c = self.size / 2
        x, y = point[0] - c, point[1] - c
        for _ in range(turns % 4):
            x, y = -y, x  # clockwise on screen, where y grows downwards
        return (x + c, y + c)

    @cached_property
    def markers(self) -> tuple[MarkerSpot, ...]:
        """Every marker spot: three per quarter, ids counting from ``first_marker_id``."""
        spots = []
        for q in range(4):
            for i, ((fx, px), (fy, py)) in enumerate(_QUARTER0_SPOTS):
                x0 = fx * self.frame_width + px * self.cell_pitch
                y0 = fy * self.frame_width + py * self.cell_pitch
                # The quarter-0 spot sits left of and above the seam; turning it about the
                # board centre puts it on quarter q.
                center = self.rotate_cw((x0, y0), q)
                spots.append(MarkerSpot(
                    id=self.first_marker_id + 3 * q + i,
                    quarter=q,
                    name=self._frame_place(center),
                    center=center,
                    size=self.marker_size,
                ))
        return tuple(spots)

    def _frame_place(self, point: tuple[float, float]) -> str:
        x, y = point
        far = self.size - self.frame_width
        vertical = "top" if y < self.frame_width else "bottom" if y > far else ""
        horizontal = "left" if x < self.frame_width else "right" if x > far else ""
        return "-".join(p for p in (vertical, horizontal) if p)

    def marker(self, marker_id: int) -> MarkerSpot:
        for spot in self.markers:
            if spot.id == marker_id:
                return spot
        raise ValueError(f"marker id {marker_id!r} is not on the WerdUp board")

    @property
    def marker_ids(self) -> tuple[int, ...]:
        return tuple(s.id for s in self.markers)

    def to_dict(self) -> dict:
        """The layout as JSON-ready data (for the photo reader and the web app)."""
        return {
            "units": "mm",
            "origin": "top-left outer corner, x right, y down, seen from above",
            "size": self.size,
            "cells": self.cells,
            "cell_pitch": self.cell_pitch,
            "seam": self.seam,
            "frame_width": self.frame_width,
            "tile_size": self.tile_size,
            "tile_body_height": self.tile_body_height,
            "floor_height": self.floor_height,
            "marker_height": self.marker_height,
            "stack_tops": [self.stack_top(n) for n in range(6)],
            "beginning_cells": [list(c) for c in self.beginning_cells],
            "aruco_dictionary": self.aruco_dictionary,
            "markers": [
                {"id": s.id, "quarter": s.quarter, "name": s.name, "center": list(s.center),
                 "size": s.size, "corners": [list(p) for p in s.corners]}
                for s in self.markers
            ],
        }


WERDUP_BOARD = BoardLayout()
"""The default board, as printed by ``companion cad build`` at the default clearance."""
