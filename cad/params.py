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
from typing import Any

from cad.units import DEG, MIN_WALL, MM
from companion.layout import werdup_board as wb
from companion.layout.werdup_board import BoardLayout
from companion.text import number_shown
from companion.werdup.rules import get_rules

MIN_CLEARANCE = 0.1 * MM  # the tightest fit the coupons offer; below it parts fuse or jam
# The loosest fit the set can be built with: a looser one leaves the grid ribs between the
# cells (cell pitch - tile - 2 x clearance) too thin to print (SetParams checks them).
MAX_CLEARANCE = 0.45 * MM
DEFAULT_FONT = wb.TILE_FONT


def check_clearance(c: object) -> None:
    """Raise ``ValueError`` unless ``c`` is a clearance the coupons can test."""
    if not (isinstance(c, int | float) and math.isfinite(c)
            and MIN_CLEARANCE <= c <= MAX_CLEARANCE):
        if not (isinstance(c, int | float) and math.isfinite(c)):
            why = "a clearance is a number of mm"
        elif c > MAX_CLEARANCE:
            why = (f"{MAX_CLEARANCE:g} mm is the loosest fit the set is made for: a looser one "
                   "leaves the grid ribs between the cells too thin to print")
        else:
            why = f"below {MIN_CLEARANCE:g} mm, the tightest fit coupon, parts fuse or jam"
        raise ValueError(f"clearance must be {MIN_CLEARANCE:g}-{MAX_CLEARANCE:g} mm, "
                         f"got {_given(c)} ({why})")


def clearance_text(c: float) -> str:
    """A clearance as the coupons show it, engraved and in their names: ``"0.15"``,
    ``"0.2"``, ``"1"``."""
    return f"{c:.2f}".rstrip("0").rstrip(".")


def _given(value: object) -> str:
    """A value as a refusal quotes it: a number as it was typed (``1e23``), else as it would
    be (2, not 2.0; never an exponent: :func:`companion.text.number_shown`)."""
    if isinstance(value, float) and math.isfinite(value):
        return number_shown(value)
    return repr(value)


def _positive(obj: object, *names: str) -> None:
    for name in names:
        value = getattr(obj, name)
        if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
            raise ValueError(f"{name} must be a positive number of mm, got {_given(value)}")


@dataclass(frozen=True)
class PrinterParams:
    """The printer: bed size and first-layer habits."""

    bed_width: float = 180.0 * MM
    bed_depth: float = 180.0 * MM
    elephant_foot: float = 0.4 * MM  # chamfer on bottom edges against first-layer squish
    part_gap: float = 4.0 * MM  # space between parts laid out on one plate

    @property
    def bed(self) -> tuple[float, float]:
        """The bed's width and depth."""
        return (self.bed_width, self.bed_depth)

    def __post_init__(self) -> None:
        _positive(self, "bed_width", "bed_depth", "elephant_foot", "part_gap")
        if self.elephant_foot > 1.0:
            raise ValueError("elephant_foot must be at most 1 mm, "
                             f"got {_given(self.elephant_foot)}")


@dataclass(frozen=True)
class TileParams:
    """A stackable letter tile: a body with a raised plateau on top that nests into a recess
    underneath the tile above; the letter is sunk into the plateau."""

    size: float = wb.TILE_SIZE
    body_height: float = wb.TILE_BODY_HEIGHT
    plateau_size: float = wb.TILE_PLATEAU_SIZE
    plateau_height: float = wb.TILE_PLATEAU_HEIGHT
    plateau_chamfer: float = wb.TILE_PLATEAU_CHAMFER
    corner_radius: float = 1.0 * MM
    letter_depth: float = 0.6 * MM
    font_size: float = wb.TILE_FONT_SIZE
    letter_box: float = wb.TILE_LETTER_BOX  # longest side a letter (or "Qu") may take
    letter_rim: float = wb.TILE_LETTER_RIM  # tile kept between a letter and the plateau's edge
    font: Path = DEFAULT_FONT
    # the tallest stack, from the rules data
    stack_limit: int = field(default_factory=lambda: get_rules().max_height)

    def __post_init__(self) -> None:
        _positive(self, "size", "body_height", "plateau_size", "plateau_height",
                  "plateau_chamfer", "corner_radius", "letter_depth", "font_size", "letter_box",
                  "letter_rim")
        if self.plateau_size > self.size - 2 * 2.0:
            raise ValueError(f"plateau_size {self.plateau_size} must leave a 2 mm rim on a "
                             f"{self.size} mm tile")
        if self.letter_box > self.plateau_size - 2 * self.plateau_chamfer - 0.8:
            raise ValueError(f"letter_box {self.letter_box} does not fit on the plateau "
                             f"({self.plateau_size} mm)")
        if self.letter_rim < MIN_WALL:
            raise ValueError(f"letter_rim {_given(self.letter_rim)} is under two lines of a "
                             f"0.4 mm nozzle ({MIN_WALL:g} mm)")
        if self.letter_room < wb.TILE_BAR_WIDTH:
            raise ValueError(f"letter_rim {_given(self.letter_rim)} leaves only "
                             f"{self.letter_room:.1f} mm of the plateau for a letter (at least "
                             f"{wb.TILE_BAR_WIDTH:g} mm)")
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

    @property
    def letter_room(self) -> float:
        """The longest side a letter, with any bar, may take on these tiles
        (:func:`companion.layout.werdup_board.tile_letter_room`)."""
        return wb.tile_letter_room(self.plateau_size, self.plateau_chamfer, self.letter_box,
                                   self.letter_rim)


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
class ClipParams:
    """Snap-fit clips: a cantilever arm printed flat (its length along the layer lines, bending
    sideways in the layer plane) with a catch at its free end that snaps into a window in the
    neighbouring part. The catch has a 45 degree face above and below, so it clicks in from
    either side, holds both ways, and prints without supports (window roofs included).

    The catch stands ``engagement`` + clearance proud of the arm, so it overlaps the window's
    lip by ``engagement`` at any clearance: that is how far the arm bends when pushed home."""

    engagement: float = 0.6 * MM  # overlap of catch and window lip = deflection to pass it
    catch_width: float = 3.0 * MM  # along the arm, at its free end
    catch_land: float = 0.4 * MM  # flat tip of the catch
    lead_angle: float = 45.0 * DEG  # upper catch face, from the push direction (vertical)
    return_angle: float = 45.0 * DEG  # lower catch face, from the vertical
    arm_gap: float = 1.0 * MM  # room beside the arm to bend into
    end_gap: float = 1.0 * MM  # between the free end and the part
    # board quarter: an arm along the seam in the floor, under the seam-side rib
    arm_length: float = 14.5 * MM
    arm_thickness: float = 1.6 * MM
    catch_z: float = 0.7 * MM  # lowest point of the catch above the table
    # placard: an arm reaching across the seam into a pocket in the other half
    placard_arm_length: float = 14.0 * MM
    placard_arm_thickness: float = 1.6 * MM
    placard_arm_height: float = 6.0 * MM
    placard_catch_z: float = 1.5 * MM
    # printed PLA, stressed along the extrusion lines
    modulus: float = 2300.0  # N/mm^2 (MPa), tensile modulus of printed PLA along the lines
    permissible_strain: float = 0.02  # 2 %: about 2/3 of PLA's ~3 % yield strain, repeated use
    friction: float = 0.3  # PLA on PLA

    def __post_init__(self) -> None:
        _positive(self, "engagement", "catch_width", "catch_land", "lead_angle",
                  "return_angle", "arm_gap", "end_gap", "arm_length", "arm_thickness",
                  "catch_z", "placard_arm_length", "placard_arm_thickness",
                  "placard_arm_height", "placard_catch_z", "modulus", "friction")
        if not 0 < self.permissible_strain < 0.1:
            raise ValueError(f"permissible_strain is a fraction (0.02 = 2 %), got "
                             f"{_given(self.permissible_strain)}")
        for name in ("lead_angle", "return_angle"):
            angle = getattr(self, name)
            if not 10 <= angle <= 45:
                raise ValueError(f"{name} must be 10-45 degrees (steeper faces would need "
                                 "supports under the catch or the window roof), "
                                 f"got {_given(angle)}")
            if self.friction * math.tan(math.radians(angle)) >= 1:
                raise ValueError(f"{name} {angle} locks solid at friction {self.friction}")
        for name in ("arm_thickness", "placard_arm_thickness"):
            if getattr(self, name) < 2 * MIN_WALL:
                raise ValueError(f"{name} {getattr(self, name)} is under two walls "
                                 f"({2 * MIN_WALL} mm)")
        if self.arm_gap < self.engagement + 0.2:
            raise ValueError(f"arm_gap {self.arm_gap} leaves the arm no room to bend "
                             f"{self.engagement} mm (needs at least {self.engagement + 0.2} mm)")
        if self.catch_width > min(self.arm_length, self.placard_arm_length) / 2:
            raise ValueError(f"catch_width {self.catch_width} is more than half an arm")


@dataclass(frozen=True)
class BoardParams:
    """A board quarter: floor slab, grid ribs, bosses that locate the bottom tile, a raised
    frame with marker sticker pockets, and the beginning circle."""

    layout: BoardLayout = field(default_factory=BoardLayout)
    rib_height: float = 1.5 * MM  # grid ribs above the cell floor
    sticker_play: float = 0.3 * MM  # pocket side beyond the sticker, per side
    circle_diameter: float = wb.BEGINNING_CIRCLE_DIAMETER  # engraved in the boss
    circle_width: float = wb.BEGINNING_CIRCLE_WIDTH
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
            raise ValueError(f"lean must be 0-40 degrees, got {_given(self.lean)}")
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
    clip: ClipParams = field(default_factory=ClipParams)
    board: BoardParams = field(default_factory=BoardParams)
    placard: PlacardParams = field(default_factory=PlacardParams)

    def __post_init__(self) -> None:
        c = self.clearance
        check_clearance(c)
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
        from cad.snapfit import clip_problems  # the clip maths needs a finished parameter set

        problems = clip_problems(self)
        if problems:
            raise ValueError(f"clips: {'; '.join(problems)}")

    @classmethod
    def make(cls, clearance: float = wb.DEFAULT_SEAM, bed: tuple[float, float] | None = None,
             parts: tuple[str, ...] | None = None, **groups: Any) -> SetParams:
        """The default set with another clearance and/or bed; the board seam follows the
        clearance. With a ``bed``, the ``parts`` to be printed (default: all) must fit it."""
        check_clearance(clearance)
        board = groups.pop("board", BoardParams())
        board = dataclasses.replace(board, layout=dataclasses.replace(board.layout,
                                                                      seam=clearance))
        if bed is not None:
            printer = groups.pop("printer", PrinterParams())
            groups["printer"] = dataclasses.replace(printer, bed_width=bed[0], bed_depth=bed[1])
        made = cls(clearance=clearance, board=board, **groups)
        if bed is not None:
            from cad.fit import bed_problems

            problems = bed_problems(made, parts)
            if problems:
                raise ValueError(f"bed: {'; '.join(problems)}")
        return made

    @property
    def rib_width(self) -> float:
        """Width of a grid rib between two cells (tile plus clearance on each side)."""
        return self.board.layout.cell_pitch - self.tile.size - 2 * self.clearance

    def without_bed(self) -> dict:
        """:meth:`to_dict` without the printer's bed, which only places parts on it (centred,
        turned to fit, laid out on plates): what a part is made from."""
        values = self.to_dict()
        values["printer"] = {k: v for k, v in values["printer"].items()
                             if k not in ("bed_width", "bed_depth")}
        return values

    def to_dict(self) -> dict:
        """All values as JSON-ready data (the build cache is keyed on this)."""
        def plain(v: Any) -> Any:
            if dataclasses.is_dataclass(v):
                return {f.name: plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
            if isinstance(v, Path):
                return str(v)
            return v
        return plain(self)
