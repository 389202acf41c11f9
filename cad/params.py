"""Every physical dimension of the WerdUp set, in one place (millimetres and degrees).

Each group is a frozen dataclass that checks its own values when created and raises
``ValueError`` naming the bad value, so no geometry is ever built from nonsense. Shared board
facts (cell pitch, frame, marker stickers) come from :mod:`companion.layout.werdup_board`.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from pathlib import Path

from companion.layout import werdup_board as wb
from companion.layout.werdup_board import BoardLayout

MM = 1.0
DEG = 1.0

DEFAULT_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
MIN_WALL = 0.8 * MM  # thinnest wall or stroke an FDM nozzle of 0.4 mm prints well (2 lines)


def _positive(obj: object, *names: str) -> None:
    for name in names:
        value = getattr(obj, name)
        if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
            raise ValueError(f"{name} must be a positive number of mm, got {value!r}")


@dataclass(frozen=True)
class PrinterParams:
    """The printer: bed size and first-layer habits."""

    bed_width: float = 180.0 * MM
    bed_depth: float = 180.0 * MM
    elephant_foot: float = 0.4 * MM  # chamfer on bottom edges against first-layer squish
    part_gap: float = 4.0 * MM  # space between parts laid out on one plate

    def __post_init__(self) -> None:
        _positive(self, "bed_width", "bed_depth", "elephant_foot", "part_gap")
        if self.bed_width < 60 or self.bed_depth < 60:
            raise ValueError(f"bed {self.bed_width} x {self.bed_depth} mm is too small: "
                             "the set needs at least 60 x 60 mm")
        if self.elephant_foot > 1.0:
            raise ValueError(f"elephant_foot must be at most 1 mm, got {self.elephant_foot!r}")


@dataclass(frozen=True)
class TileParams:
    """A stackable letter tile: a body with a raised plateau on top that nests into a recess
    underneath the tile above; the letter is sunk into the plateau."""

    size: float = wb.TILE_SIZE
    body_height: float = wb.TILE_BODY_HEIGHT
    plateau_size: float = 13.0 * MM
    plateau_height: float = wb.TILE_PLATEAU_HEIGHT
    plateau_chamfer: float = 0.4 * MM  # lead-in so a tile drops onto the one below
    corner_radius: float = 1.0 * MM
    letter_depth: float = 0.6 * MM
    font_size: float = 10.0 * MM
    letter_box: float = 11.0 * MM  # longest side a letter (or "Qu") may take on the plateau
    font: Path = DEFAULT_FONT
    stack_limit: int = 5

    def __post_init__(self) -> None:
        _positive(self, "size", "body_height", "plateau_size", "plateau_height",
                  "plateau_chamfer", "corner_radius", "letter_depth", "font_size", "letter_box")
        if self.plateau_size > self.size - 2 * 2.0:
            raise ValueError(f"plateau_size {self.plateau_size} must leave a 2 mm rim on a "
                             f"{self.size} mm tile")
        if self.letter_box > self.plateau_size - 2 * self.plateau_chamfer - 0.8:
            raise ValueError(f"letter_box {self.letter_box} does not fit on the plateau "
                             f"({self.plateau_size} mm)")
        if self.letter_depth >= self.plateau_height:
            raise ValueError(f"letter_depth {self.letter_depth} must be less than "
                             f"plateau_height {self.plateau_height}")
        if self.plateau_chamfer >= self.plateau_height:
            raise ValueError(f"plateau_chamfer {self.plateau_chamfer} must be less than "
                             f"plateau_height {self.plateau_height}")
        if self.body_height < self.plateau_height + 1.0 + MIN_WALL:
            raise ValueError(f"body_height {self.body_height} leaves too thin a roof over the "
                             "recess underneath")
        if not (isinstance(self.stack_limit, int) and 1 <= self.stack_limit <= 10):
            raise ValueError(f"stack_limit must be a whole number 1-10, got {self.stack_limit!r}")
        if not Path(self.font).is_file():
            raise ValueError(f"font {str(self.font)!r} is not a font file (install "
                             "fonts-dejavu-core or name another TrueType font)")

    @property
    def height(self) -> float:
        """Height of one tile, plateau included."""
        return self.body_height + self.plateau_height


@dataclass(frozen=True)
class JointParams:
    """Dovetail tabs: small ones in the floor slab along each seam, a large one in the frame."""

    tab_neck: float = 7.0 * MM
    tab_head: float = 10.0 * MM
    tab_depth: float = 3.0 * MM
    frame_tab_neck: float = 9.0 * MM
    frame_tab_head: float = 13.0 * MM
    frame_tab_depth: float = 8.0 * MM

    def __post_init__(self) -> None:
        _positive(self, "tab_neck", "tab_head", "tab_depth", "frame_tab_neck",
                  "frame_tab_head", "frame_tab_depth")
        for neck, head in (("tab_neck", "tab_head"), ("frame_tab_neck", "frame_tab_head")):
            if getattr(self, head) <= getattr(self, neck):
                raise ValueError(f"{head} {getattr(self, head)} must be wider than {neck} "
                                 f"{getattr(self, neck)} (a dovetail widens outwards)")
            if getattr(self, neck) < 3 * MIN_WALL:
                raise ValueError(f"{neck} {getattr(self, neck)} is too thin to print")


@dataclass(frozen=True)
class BoardParams:
    """A board quarter: floor slab, grid ribs, bosses that locate the bottom tile, a raised
    frame with marker sticker pockets, and the beginning circle."""

    layout: BoardLayout = field(default_factory=BoardLayout)
    rib_height: float = 1.5 * MM  # grid ribs above the cell floor
    sticker_play: float = 0.3 * MM  # pocket side beyond the sticker, per side
    circle_diameter: float = 9.0 * MM  # beginning-square circle, engraved in the boss
    circle_width: float = 1.0 * MM
    circle_depth: float = 0.5 * MM

    def __post_init__(self) -> None:
        _positive(self, "rib_height", "sticker_play", "circle_diameter", "circle_width",
                  "circle_depth")
        if self.layout.frame_height <= self.layout.floor_height:
            raise ValueError(f"frame_height {self.layout.frame_height} must be above the "
                             f"floor ({self.layout.floor_height})")

    @property
    def pocket_size(self) -> float:
        return self.layout.sticker_size + 2 * self.sticker_play


@dataclass(frozen=True)
class PlacardParams:
    """The tile placard (rack): a wedge with a slot leaning back, printed in two halves."""

    tiles: int = 7
    tile_gap: float = 1.5 * MM  # between neighbouring tiles in the slot
    end_wall: float = 3.0 * MM
    slot_play: float = 0.5 * MM  # the slot is this much wider than a tile per side
    lean: float = 15.0 * DEG  # tiles lean back from vertical so the owner reads them
    depth: float = 34.0 * MM  # front to back
    base_height: float = 3.0 * MM  # floor under the slot
    front_height: float = 7.0 * MM  # lip in front of the tiles
    back_height: float = 15.0 * MM
    slot_front: float = 4.0 * MM  # from the front edge to the slot at floor level

    def __post_init__(self) -> None:
        _positive(self, "tile_gap", "end_wall", "slot_play", "lean", "depth", "base_height",
                  "front_height", "back_height", "slot_front")
        if not (isinstance(self.tiles, int) and 1 <= self.tiles <= 12):
            raise ValueError(f"tiles must be a whole number 1-12, got {self.tiles!r}")
        if not 0 < self.lean <= 40:
            raise ValueError(f"lean must be 0-40 degrees, got {self.lean!r}")
        if not self.base_height < self.front_height < self.back_height:
            raise ValueError(f"heights must rise from base_height {self.base_height} to "
                             f"front_height {self.front_height} to back_height "
                             f"{self.back_height}")


@dataclass(frozen=True)
class SetParams:
    """Everything that shapes the printed set; ``clearance`` is the gap per side between
    parts that fit together (joints, tile in cell, tile on tile)."""

    clearance: float = wb.DEFAULT_SEAM
    printer: PrinterParams = field(default_factory=PrinterParams)
    tile: TileParams = field(default_factory=TileParams)
    joint: JointParams = field(default_factory=JointParams)
    board: BoardParams = field(default_factory=BoardParams)
    placard: PlacardParams = field(default_factory=PlacardParams)

    def __post_init__(self) -> None:
        c = self.clearance
        if not (isinstance(c, int | float) and math.isfinite(c) and 0 <= c <= 1.0):
            raise ValueError(f"clearance must be 0-1 mm, got {c!r}")
        lay, tile, j = self.board.layout, self.tile, self.joint
        if abs(lay.seam - c) > 1e-9:
            raise ValueError(f"board seam {lay.seam} must equal the clearance {c} "
                             "(use SetParams.make)")
        for name, ours, shared in (("size", tile.size, lay.tile_size),
                                   ("body_height", tile.body_height, lay.tile_body_height),
                                   ("plateau_height", tile.plateau_height,
                                    lay.tile_plateau_height)):
            if ours != shared:
                raise ValueError(f"tile {name} {ours} differs from the board layout's {shared}")
        rib = self.rib_width
        if rib < 2 * MIN_WALL + c:
            raise ValueError(f"cell_pitch {lay.cell_pitch} leaves ribs of {rib:.2f} mm for "
                             f"{tile.size} mm tiles at clearance {c}: too thin to print")
        # The seam slots must stop short of the bosses in the cells beside the seam.
        room = (lay.cell_pitch - tile.plateau_size) / 2 - 0.5
        if j.tab_depth + c / 2 > room:
            raise ValueError(f"tab_depth {j.tab_depth} reaches the cell bosses "
                             f"(at most {room - c / 2:.2f} mm here)")
        if j.frame_tab_depth + c / 2 > lay.frame_width / 2:
            raise ValueError(f"frame_tab_depth {j.frame_tab_depth} is too deep for the frame")
        if lay.frame_height < lay.floor_height + self.board.rib_height:
            raise ValueError(f"frame_height {lay.frame_height} must be at least the rib top "
                             f"({lay.floor_height + self.board.rib_height})")
        from cad.fit import bed_problems  # the fit maths needs a finished parameter set

        problems = bed_problems(self)
        if problems:
            raise ValueError(f"bed: {'; '.join(problems)}")

    @classmethod
    def make(cls, clearance: float = wb.DEFAULT_SEAM, bed: tuple[float, float] | None = None,
             **groups: object) -> SetParams:
        """The default set with another clearance and/or bed; the board seam follows the
        clearance."""
        if not (isinstance(clearance, int | float) and math.isfinite(clearance)
                and 0 <= clearance <= 1.0):
            raise ValueError(f"clearance must be 0-1 mm, got {clearance!r}")
        board = groups.pop("board", BoardParams())
        board = dataclasses.replace(board, layout=dataclasses.replace(board.layout,
                                                                      seam=clearance))
        if bed is not None:
            printer = groups.pop("printer", PrinterParams())
            groups["printer"] = dataclasses.replace(printer, bed_width=bed[0], bed_depth=bed[1])
        return cls(clearance=clearance, board=board, **groups)

    @property
    def rib_width(self) -> float:
        """Width of a grid rib between two cells (tile plus clearance on each side)."""
        return self.board.layout.cell_pitch - self.tile.size - 2 * self.clearance

    def to_dict(self) -> dict:
        """All values as JSON-ready data (the build cache is keyed on this)."""
        def plain(v: object) -> object:
            if dataclasses.is_dataclass(v):
                return {f.name: plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
            if isinstance(v, Path):
                return str(v)
            return v
        return plain(self)
