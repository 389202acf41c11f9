"""Where things are on every printed sheet and paper board the photo reader reads.

Defined once and used by the PDF writer (``printables``) and the photo reader (``vision``).
Plain data: no ReportLab, no OpenCV.

Units are millimetres. The origin is the top-left corner of the sheet, x grows to the right and
y grows downwards (the image convention). For a paper board printed over several pages, the
"sheet" is the assembled board.

Markers are ArUco markers from OpenCV's ``DICT_4X4_50``: 4x4 data bits inside a one-bit black
border, so a marker is 6 modules wide; each needs a white quiet zone of at least one module.
Marker corners are listed in OpenCV's order: top-left, top-right, bottom-right, bottom-left
(as printed, the marker upright).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

MARKER_DICTIONARY = "DICT_4X4_50"
MARKER_MODULES = 6  # 4 data bits + a 1-bit border on each side
MARKER_SIZE = 15.0  # mm, black border included (2.5 mm modules)
MARKER_INSET = 8.0  # mm from the page edges to a sheet's corner markers

# Paper sizes (width, height) in mm, portrait.
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "letter": (215.9, 279.4),
    "a4": (210.0, 297.0),
    "tabloid": (279.4, 431.8),
    "a3": (297.0, 420.0),
}

# Marker ids reserved for each readable sheet (the printables range is 0-29), in the order
# top-left, top-right, bottom-right, bottom-left of the sheet.
MARKER_IDS: dict[str, tuple[int, int, int, int]] = {
    "girdle-letter": (0, 1, 2, 3),
    "girdle-a4": (4, 5, 6, 7),
    "werdup-board": (8, 9, 10, 11),
    "bugwords-board": (12, 13, 14, 15),
}

Point = tuple[float, float]


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: top-left corner ``(x, y)``, width ``w``, height ``h``."""

    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Top-left, top-right, bottom-right, bottom-left."""
        return (
            (self.x, self.y),
            (self.right, self.y),
            (self.right, self.bottom),
            (self.x, self.bottom),
        )

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)


@dataclass(frozen=True)
class Marker:
    """One printed ArUco marker: its id and the square it occupies (black border included)."""

    id: int
    box: Rect

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Corners in OpenCV's detection order: top-left, top-right, bottom-right, bottom-left."""
        return self.box.corners()

    @property
    def center(self) -> Point:
        return self.box.center


@dataclass(frozen=True)
class Grid:
    """A table of equal cells: cell ``(0, 0)`` has its top-left corner at ``(x, y)``."""

    x: float
    y: float
    rows: int
    cols: int
    pitch_x: float
    pitch_y: float

    @property
    def width(self) -> float:
        return self.cols * self.pitch_x

    @property
    def height(self) -> float:
        return self.rows * self.pitch_y

    @property
    def bounds(self) -> Rect:
        return Rect(self.x, self.y, self.width, self.height)

    def cell(self, row: int, col: int) -> Rect:
        """The rectangle of cell ``(row, col)``, both counted from 0."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IndexError(f"cell ({row}, {col}) is outside a {self.rows}x{self.cols} grid")
        return Rect(self.x + col * self.pitch_x, self.y + row * self.pitch_y,
                    self.pitch_x, self.pitch_y)

    def cells(self) -> list[tuple[int, int, Rect]]:
        """Every cell as ``(row, col, rect)``, row by row."""
        return [(r, c, self.cell(r, c)) for r in range(self.rows) for c in range(self.cols)]


@dataclass(frozen=True)
class SheetLayout:
    """A readable sheet: its size, its markers and its named grids and boxes."""

    name: str
    width: float
    height: float
    markers: tuple[Marker, ...]
    grids: dict[str, Grid] = field(default_factory=dict)
    boxes: dict[str, Rect] = field(default_factory=dict)
    dictionary: str = MARKER_DICTIONARY

    def marker(self, marker_id: int) -> Marker:
        for m in self.markers:
            if m.id == marker_id:
                return m
        raise KeyError(f"sheet {self.name} has no marker {marker_id}")

    def marker_points(self) -> dict[int, tuple[Point, Point, Point, Point]]:
        """Each marker id with its four corners (OpenCV order), for fitting a homography."""
        return {m.id: m.corners() for m in self.markers}


def corner_markers(ids: tuple[int, int, int, int], width: float, height: float,
                   inset: float = MARKER_INSET, size: float = MARKER_SIZE) -> tuple[Marker, ...]:
    """Four markers in the corners of a ``width`` x ``height`` sheet, ``inset`` from its edges."""
    far_x, far_y = width - inset - size, height - inset - size
    spots = ((inset, inset), (far_x, inset), (far_x, far_y), (inset, far_y))
    return tuple(Marker(i, Rect(x, y, size, size)) for i, (x, y) in zip(ids, spots, strict=True))


# --------------------------------------------------------------------------------------------
# The daily Word Girdle sheet
# --------------------------------------------------------------------------------------------

GIRDLE_SIZE = 7
GIRDLE_SUPPLY_SLOTS = 16  # the longest Supply a sheet has room for
GIRDLE_CONTENT_WIDTH = 190.0
GIRDLE_PITCH = 11.0  # Girdle cell, mm
GIRDLE_TOP = 30.0  # first line below the header band
GIRDLE_BADGE_BAND = 9.0  # room left of / above the Girdle for the word icons
# Score tracker columns: (name, width mm); their sum is the tracker width.
GIRDLE_TRACKER_COLUMNS: tuple[tuple[str, float], ...] = (
    ("number", 8.0), ("word", 40.0), ("vp", 16.0), ("bonus", 16.0), ("total", 16.0),
)
GIRDLE_CHECKBOX = 3.6  # side of the bonus checkbox, mm


@cache
def girdle_sheet(paper: str = "letter") -> SheetLayout:
    """The geometry of the daily Word Girdle sheet on ``paper`` ("letter" or "a4").

    Grids: ``girdle`` (7x7), ``az`` (2x13, A..Z row by row), ``supply`` (1x16 letter slots),
    ``supply_dots`` (1x16, the dot under each slot), ``tracker_<column>`` (7x1, one per tracker
    column: number, word, vp, bonus, total), ``difficulty`` (1x5, ratings 1..5),
    ``unused_count`` / ``unused_points`` (1x5, one per Victory Point value 1..5).
    Boxes: ``badge_row_<n>`` / ``badge_col_<n>`` (the word icon spot for each of the 14 lines,
    n = 1..7), ``checkbox_<n>`` (tracker row n, drawn only on the day's checkbox rows),
    ``header``, ``subtotal``, ``unused_total``, ``final``, ``vp_legend``, ``length_legend``,
    ``sentence``.
    """
    if paper not in ("letter", "a4"):
        raise ValueError(f"the Girdle sheet comes in letter and a4, not {paper!r}")
    pw, ph = PAPER_SIZES[paper]
    name = f"girdle-{paper}"
    markers = corner_markers(MARKER_IDS[name], pw, ph)
    x0 = (pw - GIRDLE_CONTENT_WIDTH) / 2
    x1 = x0 + GIRDLE_CONTENT_WIDTH
    grids: dict[str, Grid] = {}
    boxes: dict[str, Rect] = {}
    boxes["header"] = Rect(MARKER_INSET + MARKER_SIZE + 4, MARKER_INSET,
                           pw - 2 * (MARKER_INSET + MARKER_SIZE + 4), MARKER_SIZE)

    # The Girdle, with the word icons' band to its left (rows) and above it (columns).
    gx, gy = x0 + GIRDLE_BADGE_BAND, GIRDLE_TOP + GIRDLE_BADGE_BAND
    girdle = Grid(gx, gy, GIRDLE_SIZE, GIRDLE_SIZE, GIRDLE_PITCH, GIRDLE_PITCH)
    grids["girdle"] = girdle
    badge = 7.0
    for n in range(1, GIRDLE_SIZE + 1):
        cy = gy + (n - 0.5) * GIRDLE_PITCH
        cx = gx + (n - 0.5) * GIRDLE_PITCH
        boxes[f"badge_row_{n}"] = Rect(x0 + (GIRDLE_BADGE_BAND - badge) / 2 - 0.5,
                                       cy - badge / 2, badge, badge)
        boxes[f"badge_col_{n}"] = Rect(cx - badge / 2,
                                       GIRDLE_TOP + (GIRDLE_BADGE_BAND - badge) / 2 - 0.5,
                                       badge, badge)

    # The score tracker, its rows level with the Girdle's rows.
    tx = x1 - sum(w for _, w in GIRDLE_TRACKER_COLUMNS)
    col_x = tx
    for col, w in GIRDLE_TRACKER_COLUMNS:
        grids[f"tracker_{col}"] = Grid(col_x, gy, GIRDLE_SIZE, 1, w, GIRDLE_PITCH)
        col_x += w
    bonus = grids["tracker_bonus"]
    for n in range(1, GIRDLE_SIZE + 1):
        cell = bonus.cell(n - 1, 0)
        boxes[f"checkbox_{n}"] = Rect(cell.x + 1.2, cell.bottom - 1.2 - GIRDLE_CHECKBOX,
                                      GIRDLE_CHECKBOX, GIRDLE_CHECKBOX)
    total = grids["tracker_total"]
    boxes["subtotal"] = Rect(total.x, girdle.bounds.bottom + 2.5, total.width, 10.0)
    boxes["vp_legend"] = Rect(x0, girdle.bounds.bottom + 2.5, girdle.bounds.right - x0, 10.0)

    # A-Z: two rows of thirteen; then the Supply, each slot with its dot underneath.
    az_pitch = GIRDLE_CONTENT_WIDTH / 13
    grids["az"] = Grid(x0, 139.0, 2, 13, az_pitch, 12.5)
    sup_pitch = GIRDLE_CONTENT_WIDTH / GIRDLE_SUPPLY_SLOTS
    grids["supply"] = Grid(x0, 175.0, 1, GIRDLE_SUPPLY_SLOTS, sup_pitch, 10.5)
    grids["supply_dots"] = Grid(x0, 185.5, 1, GIRDLE_SUPPLY_SLOTS, sup_pitch, 5.5)

    # The Unused row (one count box and one points box per VP value), its total, final score.
    grids["unused_count"] = Grid(x0 + 22.0, 202.0, 1, 5, 26.0, 10.0)
    grids["unused_points"] = Grid(x0 + 22.0, 202.0, 1, 5, 26.0, 10.0)
    boxes["unused_total"] = Rect(x0 + 22.0 + 5 * 26.0 + 2.0, 202.0, 14.0, 10.0)
    boxes["final"] = Rect(x1 - 18.0, 200.0, 18.0, 14.0)

    # Bottom band: difficulty rating and the length legend on the left, the sentence box right.
    grids["difficulty"] = Grid(x0, 226.0, 1, 5, 11.0, 9.0)
    boxes["length_legend"] = Rect(x0, 239.0, 58.0, 12.0)
    sentence_bottom = ph - MARKER_INSET - MARKER_SIZE - 4.0
    boxes["sentence"] = Rect(x0 + 66.0, 222.0, GIRDLE_CONTENT_WIDTH - 66.0,
                             sentence_bottom - 222.0)
    return SheetLayout(name, pw, ph, markers, grids, boxes)


# --------------------------------------------------------------------------------------------
# Paper boards
# --------------------------------------------------------------------------------------------

BOARD_MARGIN = 24.0  # from the board sheet's edge to its grid; the markers sit in the corners
BOARD_MARKER_INSET = 4.0


@dataclass(frozen=True)
class PaperBoardSpec:
    """A paper board's grid: cells per side and the cell pitch (a paper tile is a bit smaller)."""

    game: str
    pitch: float
    tile: float

    @property
    def size(self) -> int:
        """Cells per side, from the game's rules data."""
        if self.game == "werdup":
            from companion.werdup.rules import get_rules

            return get_rules().board_size
        from companion.bugwords.rules import default_rules

        return default_rules().layout.rows


BOARD_SPECS: dict[str, PaperBoardSpec] = {
    # WerdUp's 3D-printed tiles are about 19 mm; the paper board takes them as well as paper ones.
    "werdup": PaperBoardSpec("werdup", 20.0, 18.0),
    "bugwords": PaperBoardSpec("bugwords", 19.0, 17.0),
}


@cache
def board_sheet(game: str) -> SheetLayout:
    """The assembled paper board of ``game`` ("werdup" or "bugwords"): grid ``board``."""
    if game not in BOARD_SPECS:
        raise ValueError(f"no paper board for {game!r}; choose werdup or bugwords")
    spec = BOARD_SPECS[game]
    side = spec.size * spec.pitch + 2 * BOARD_MARGIN
    name = f"{game}-board"
    markers = corner_markers(MARKER_IDS[name], side, side, inset=BOARD_MARKER_INSET)
    grid = Grid(BOARD_MARGIN, BOARD_MARGIN, spec.size, spec.size, spec.pitch, spec.pitch)
    return SheetLayout(name, side, side, markers, {"board": grid},
                       {"frame": grid.bounds.inset(-2.0)})


def readable_sheets() -> dict[str, SheetLayout]:
    """Every sheet the photo reader knows, by name."""
    sheets = {f"girdle-{p}": girdle_sheet(p) for p in ("letter", "a4")}
    sheets.update({f"{g}-board": board_sheet(g) for g in BOARD_SPECS})
    return sheets


def sheet_for_marker(marker_id: int) -> SheetLayout:
    """The sheet that carries ``marker_id`` (each id is printed on one kind of sheet only)."""
    for name, ids in MARKER_IDS.items():
        if marker_id in ids:
            return readable_sheets()[name]
    raise KeyError(f"marker {marker_id} is not on any printed sheet")
