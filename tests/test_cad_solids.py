"""Fit checks on the real CadQuery solids: each solid is built once per module."""

from __future__ import annotations

import cadquery as cq
import cv2
import numpy as np
import pytest
import sharedwork
from OCP.BRepExtrema import BRepExtrema_DistShapeShape
from OCP.Extrema import Extrema_ExtFlag_MIN
from PIL import Image, ImageDraw, ImageFont

from cad import coupon, joints, placard, snapfit
from cad.mesh import to_mesh
from cad.params import MIN_WALL, SetParams, TileParams
from cad.quarter import cell_centers, marker_pockets, quarter
from cad.solids import shape_of
from cad.tile import _font_size, letter_solid, letter_walls, tile, tile_body
from companion.layout import werdup_board as wb
from companion.tiles import ROTATION_AMBIGUOUS, tile_set


def distance(a: cq.Shape, b: cq.Shape) -> float:
    """The least distance between two shapes (only the least: the default search for the
    greatest too took twice as long, 2 s for two quarters)."""
    d = BRepExtrema_DistShapeShape()
    d.LoadS1(a.wrapped)
    d.LoadS2(b.wrapped)
    d.SetFlag(Extrema_ExtFlag_MIN)
    d.Perform()
    assert d.IsDone()
    return d.Value()


def turned(shape: cq.Shape, quarter_turns: int) -> cq.Shape:
    """The quarter turned clockwise (seen from above) about the board centre."""
    return shape.rotate((0, 0, 0), (0, 0, 1), -90 * quarter_turns)


def lifted(shape: cq.Shape, dz: float) -> cq.Shape:
    return shape.translate(cq.Vector(0, 0, dz))


@pytest.fixture(scope="module")
def params() -> SetParams:
    return SetParams()


def made_once(name: str, params: SetParams, make):
    """``make()``, a solid (or solids) of the model, made once per test run: the processes
    that run this module's tests share it (see tests/sharedwork.py)."""
    return sharedwork.once(f"cad solid {name} {params!r}", make)


@pytest.fixture(scope="module")
def board_quarter(params: SetParams) -> cq.Shape:
    return made_once("quarter", params, lambda: quarter(params).val())


@pytest.fixture(scope="module")
def body(params: SetParams) -> cq.Shape:
    return tile_body(params).val()


def test_quarter_is_one_valid_solid_of_the_expected_size(params, board_quarter) -> None:
    assert board_quarter.isValid()
    assert len(board_quarter.Solids()) == 1
    bb = board_quarter.BoundingBox()
    half = params.board.layout.size / 2
    assert bb.xmin == pytest.approx(-half)
    assert bb.ymax == pytest.approx(half)
    assert bb.ymin == pytest.approx(params.clearance / 2)
    assert bb.xmax == pytest.approx(-params.clearance / 2 + params.joint.frame_tab_depth)
    assert bb.zmin == pytest.approx(0, abs=1e-6) and bb.zmax == pytest.approx(4.5)
    # a slab with 25 cells cut into it: between 50 % and 90 % of the full block
    block = (half - 0.1) ** 2 * 4.5
    assert 0.5 * block < board_quarter.Volume() < 0.9 * block


def test_assembled_quarters_do_not_intersect_and_keep_the_clearance(params, board_quarter):
    q0, q1, q2 = (turned(board_quarter, k) for k in range(3))
    # neighbours across a seam (every seam is this one turned about the centre)
    assert distance(q0, q1) == pytest.approx(params.clearance, abs=1e-6)
    assert q0.intersect(q1).Volume() == pytest.approx(0, abs=1e-6)
    # diagonal neighbours meet only at the centre point, one clearance away on each axis
    assert distance(q0, q2) == pytest.approx(params.clearance * 2 ** 0.5, abs=1e-6)


@pytest.mark.slow
@pytest.mark.parametrize("c", [0.1, 0.4])
def test_quarters_keep_other_clearances(c: float) -> None:
    q = quarter(SetParams.make(c)).val()
    assert q.isValid()
    neighbour = turned(q, 1)
    assert distance(q, neighbour) == pytest.approx(c, abs=1e-6)
    # the catch grows with the clearance: it holds just past its play at every clearance
    assert q.intersect(lifted(neighbour, c * 2 ** 0.5 + 0.1)).Volume() > 1e-3


def near_seam(shape: cq.Shape, params: SetParams) -> cq.Shape:
    """The part of a quarter within reach of the seam between quarters 0 and 1 (x = 0): the
    sweeps below intersect these strips, which gives the same answer much faster."""
    reach = params.joint.frame_tab_depth + 2.0
    half = params.board.layout.size / 2
    strip = cq.Solid.makeBox(2 * reach, half + 1, 10, cq.Vector(-reach, -1, -3))
    return shape.intersect(strip)


def test_four_quarters_clip_together_and_lift_as_one(params, board_quarter) -> None:
    qs = [turned(board_quarter, k) for k in range(4)]
    for i in range(4):
        for k in range(i + 1, 4):
            assert qs[i].intersect(qs[k]).Volume() == pytest.approx(0, abs=1e-6), (i, k)
    # lifting any one quarter (or the board by it: the others hang) is blocked by its clips
    for k in range(4):
        for dz in (1.0, -1.0):
            others = [qs[(k + 1) % 4], qs[(k + 3) % 4]]  # its two neighbours
            assert all(lifted(qs[k], dz).intersect(o).Volume() > 0.5 for o in others), (k, dz)


def test_a_quarter_cannot_be_lifted_past_its_catches(params, board_quarter) -> None:
    """Every lift from just past the catch's play until the catch would be clear above the
    window hits the neighbour: a straight pull upwards (or downwards) cannot part them."""
    q0, q1 = (near_seam(q, params) for q in (board_quarter, turned(board_quarter, 1)))
    # the 45 degree faces sit one clearance apart: the play up or down is clearance * sqrt 2
    play = params.clearance * 2 ** 0.5
    assert q0.intersect(lifted(q1, play - 0.03)).Volume() == pytest.approx(0, abs=1e-6)
    catch_top = snapfit.catch_outline(params, params.clip.catch_z)[-1][1]
    for dz in np.arange(play + 0.03, catch_top - 0.3, 0.25):
        assert q0.intersect(lifted(q1, dz)).Volume() > 1e-3, dz
        assert q0.intersect(lifted(q1, -dz)).Volume() > 1e-3, -dz
    # a sideways pull is held by the dovetails, along the seam or across it
    for move in ((0.5, 0, 0), (0, 0.5, 0), (0, -0.5, 0)):
        assert q0.intersect(q1.translate(cq.Vector(*move))).Volume() > 0.1, move


@pytest.fixture(scope="module")
def bent_quarter(params: SetParams) -> cq.Shape:
    """The quarter with its clip arms bent just past what the catch needs to pass the lip."""
    return made_once("bent quarter", params, lambda: quarter(
        params, clip_deflection=snapfit.bend_to_pass(params) + 0.05).val())


def test_bent_arms_let_the_neighbour_slide_past(params, board_quarter, bent_quarter) -> None:
    assert bent_quarter.isValid()
    bent = near_seam(bent_quarter, params)
    neighbour = near_seam(turned(board_quarter, 1), params)
    # from above, and from below (the last quarter of the ring goes in one seam each way)
    top = params.board.layout.frame_height
    for dz in np.arange(-top, top + 0.01, 0.25):
        assert bent.intersect(lifted(neighbour, dz)).Volume() == pytest.approx(0, abs=1e-6), dz
    # bent less than the equations say, the catch still catches
    short = quarter(params, cells=2, frame=False,
                    clip_deflection=snapfit.bend_to_pass(params) - 0.1).val()
    assert short.intersect(lifted(turned(short, 1), 1.0)).Volume() > 1e-3


def test_the_tightest_coupon_clip_bends_clear_too() -> None:
    p = SetParams.make(0.1)
    piece = quarter(p, cells=2, frame=False).val()
    other = turned(piece, 1)
    assert piece.intersect(lifted(other, 0.1 * 2 ** 0.5 + 0.1)).Volume() > 1e-3
    bent = quarter(p, cells=2, frame=False,
                   clip_deflection=snapfit.bend_to_pass(p) + 0.05).val()
    assert all(bent.intersect(lifted(other, dz)).Volume() == pytest.approx(0, abs=1e-6)
               for dz in (-2.0, -1.0, 0.5, 1.0, 1.5, 2.0, 2.5))


def test_sticker_pockets_and_beginning_circle_sit_where_the_layout_says(params, board_quarter):
    lay = params.board.layout
    top = lay.frame_height
    for x, y in marker_pockets(params):
        assert not board_quarter.isInside(cq.Vector(x, y, top - lay.sticker_pocket_depth / 2))
        beside = x + params.board.pocket_size / 2 + 0.8
        inside_frame = board_quarter.isInside(cq.Vector(beside, y, top - 0.1))
        beside_y = y - params.board.pocket_size / 2 - 0.8
        assert inside_frame or board_quarter.isInside(cq.Vector(x, beside_y, top - 0.1))
    assert len(marker_pockets(params)) == 3
    # the circle groove is in the cell next to the board centre only
    cx, cy = max(cell_centers(params), key=lambda p: (p[0], -p[1]))
    r = params.board.circle_diameter / 2 - params.board.circle_width / 2
    z = lay.floor_height + params.tile.plateau_height - params.board.circle_depth / 2
    assert not board_quarter.isInside(cq.Vector(cx + r, cy, z))
    fx, fy = min(cell_centers(params), key=lambda p: (p[0], -p[1]))
    assert board_quarter.isInside(cq.Vector(fx + r, fy, z))


def test_a_tile_fits_a_cell_with_the_clearance(params, board_quarter, body) -> None:
    lay = params.board.layout
    # a middle cell, and two cells beside the seam whose seam-side rib rides on a clip arm
    for index in (12, 0, 2):
        x, y = cell_centers(params)[index]
        resting = body.translate(cq.Vector(x, y, lay.floor_height))
        assert board_quarter.intersect(resting).Volume() == pytest.approx(0, abs=1e-6)
        up = body.translate(cq.Vector(x, y, lay.floor_height + params.clearance))
        assert distance(up, board_quarter) == pytest.approx(params.clearance, abs=1e-6)


def test_five_stacked_tiles_align(params, body) -> None:
    t, c = params.tile, params.clearance
    stack = [body.translate(cq.Vector(0, 0, k * t.body_height)) for k in range(t.stack_limit)]
    for lower, upper in zip(stack, stack[1:], strict=False):
        assert lower.intersect(upper).Volume() == pytest.approx(0, abs=1e-6)
    # lifted by the clearance, a tile clears the one below by exactly the clearance
    assert distance(stack[0], body.translate(cq.Vector(0, 0, t.body_height + c))) == \
        pytest.approx(c, abs=1e-6)
    # resting on it, it can slide no further than the clearance: the recess catches it
    slid_ok = body.translate(cq.Vector(c - 0.05, 0, t.body_height))
    assert stack[0].intersect(slid_ok).Volume() == pytest.approx(0, abs=1e-6)
    slid_too_far = body.translate(cq.Vector(c + 0.1, 0, t.body_height))
    assert stack[0].intersect(slid_too_far).Volume() > 0.01


@pytest.mark.parametrize("c", [0.1, 0.2, 0.4])
def test_placard_halves_mate(c: float) -> None:
    p = SetParams.make(c)
    left, right = made_placard_halves(p)  # at 0.2 mm, the default set's
    assert left.isValid() and right.isValid()
    assert distance(left, right) == pytest.approx(c, abs=1e-6)
    assert left.intersect(right).Volume() == pytest.approx(0, abs=1e-6)
    total = left.BoundingBox().xlen + right.BoundingBox().xlen
    assert total > placard.length(p)  # the tab reaches into the right half


def made_placard_halves(params: SetParams) -> tuple[cq.Shape, cq.Shape]:
    return made_once("placard halves", params, lambda: (
        placard.placard_half(params, "left").val(), placard.placard_half(params, "right").val()))


@pytest.fixture(scope="module")
def placard_halves(params: SetParams) -> tuple[cq.Shape, cq.Shape]:
    return made_placard_halves(params)


def test_placard_halves_clip_together(params, placard_halves) -> None:
    left, right = placard_halves
    play = params.clearance * 2 ** 0.5
    assert left.intersect(lifted(right, play - 0.03)).Volume() == pytest.approx(0, abs=1e-6)
    arm = snapfit.placard_clip_arm(params)
    catch_top = snapfit.catch_outline(params, arm.catch_z)[-1][1]
    # lifted by one end, the other half hangs on the catch; pushed down, on the arm
    for dz in np.arange(play + 0.03, catch_top - arm.catch_z - 0.3, 0.25):
        assert left.intersect(lifted(right, dz)).Volume() > 1e-3, dz
        assert left.intersect(lifted(right, -dz)).Volume() > 1e-3, -dz
    for move in ((0.5, 0, 0), (0, 0.5, 0), (0, -0.5, 0)):
        assert left.intersect(right.translate(cq.Vector(*move))).Volume() > 0.1, move
    # with the arm bent as the equations say, the right half slides down over it
    bent = placard.placard_half(params, "left",
                                clip_deflection=snapfit.bend_to_pass(params) + 0.05).val()
    assert bent.isValid()
    for dz in np.arange(0.0, arm.height + 0.5, 0.25):
        assert bent.intersect(lifted(right, dz)).Volume() == pytest.approx(0, abs=1e-6), dz


@pytest.fixture(scope="module")
def coupon_03() -> dict[str, cq.Workplane]:
    """The pieces of the 0.3 mm fit coupon, as built."""
    p = SetParams.make(0.3)
    return made_once("coupon parts", p, lambda: dict(coupon.coupon_parts(p)))


def test_coupon_holds_one_of_each_joint_and_they_mate(coupon_03) -> None:
    p = SetParams.make(0.3)
    assert list(coupon_03) == ["corner-1", "corner-2", "placard-left", "placard-right",
                               "tile-E", "tile-S"]
    piece = coupon_03["corner-1"].val()
    other = turned(piece, 1)
    assert distance(piece, other) == pytest.approx(0.3, abs=1e-6)
    assert len(snapfit.quarter_clips(p, coupon.CORNER_CELLS)) == 1
    assert len(joints.dovetails(p, coupon.CORNER_CELLS, frame=False)) == 1
    # the corners' clip holds like the quarters': lifting one past the catch's play is blocked
    assert piece.intersect(other.translate(cq.Vector(0, 0, 0.8))).Volume() > 0.1
    left = coupon_03["placard-left"].val()
    right = coupon_03["placard-right"].val()
    assert left.isValid() and right.isValid()
    assert distance(left, right) == pytest.approx(0.3, abs=1e-6)
    assert left.intersect(right.translate(cq.Vector(0, 0, 0.8))).Volume() > 0.1
    # full height: the coupon's joints stand as tall as the set's
    assert left.BoundingBox().zmax == pytest.approx(p.placard.back_height)
    assert piece.BoundingBox().zmax == pytest.approx(p.board.layout.frame_height)
    # the clearance is engraved on the left half's back: its top is lower there
    label_at = cq.Vector(placard.length(coupon.short_placard(p)) / 4,
                         (placard.slot_back_at(p, p.placard.back_height) + p.placard.depth) / 2,
                         p.placard.back_height - 0.3)
    assert any(not left.isInside(label_at + cq.Vector(dx, dy, 0))
               for dx in (-1.5, -0.5, 0.5, 1.5) for dy in (-2, 0, 2))


def test_every_coupon_piece_carries_its_clearance(coupon_03) -> None:
    """Separated after the test fit, each piece still says which coupon it came from: the
    clearance is cut LABEL_DEPTH deep into one face of every piece (the piece without it is
    the plain part), and it stays one watertight solid."""
    p = SetParams.make(0.3)
    short = coupon.short_placard(p)
    corner = quarter(p, cells=coupon.CORNER_CELLS, frame=False)
    plain = {"corner-1": corner, "corner-2": corner,
             "placard-left": placard.placard_half(short, "left"),
             "placard-right": placard.placard_half(short, "right"),
             "tile-E": tile(p, "E"), "tile-S": tile(p, "S")}
    assert set(plain) == set(coupon_03)
    labels = {name: coupon.short_label(p) if name.startswith("tile") else
              coupon.clearance_label(p) for name in plain}
    assert set(labels.values()) == {"0.3", ".3"}
    for name, piece in coupon_03.items():
        solid, blank = piece.val(), plain[name].val()
        assert solid.isValid() and len(solid.Solids()) == 1, name
        cut = blank.cut(solid)
        text = coupon.label_solid(p, labels[name]).val()
        # what is missing is the label: its volume, as deep as the engraving
        assert cut.Volume() == pytest.approx(text.Volume(), rel=0.02), name
        assert blank.Volume() - solid.Volume() == pytest.approx(text.Volume(), rel=0.02), name
        bb, want = cut.BoundingBox(), text.BoundingBox()
        assert bb.zlen == pytest.approx(coupon.LABEL_DEPTH, abs=0.05), name
        assert sorted((bb.xlen, bb.ylen)) == pytest.approx(sorted((want.xlen, want.ylen)),
                                                           abs=0.05), name
        assert len(solid.Faces()) > len(blank.Faces()) + 20, name
        mesh = to_mesh(piece)
        assert mesh.is_watertight and mesh.body_count == 1 and mesh.volume > 0, name
    # the corners are marked underneath, the tiles in the roof of their recess
    assert blank_cut_z(plain["corner-1"], coupon_03["corner-1"]) == pytest.approx(0, abs=0.05)
    assert blank_cut_z(plain["tile-E"], coupon_03["tile-E"]) == pytest.approx(
        p.tile.plateau_height + p.clearance, abs=0.05)


def blank_cut_z(blank: cq.Workplane, piece: cq.Workplane) -> float:
    """The lowest z of what ``piece`` lacks against ``blank``."""
    return blank.val().cut(piece.val()).BoundingBox().zmin


def test_coupon_labels_are_thick_enough_to_print() -> None:
    """The engraved clearances, measured like the tile letters: no stroke under MIN_WALL."""
    font = SetParams().tile.font
    for text in ("0.15", "0.88", "0.1", "1", ".15", ".88", ".4"):
        share = thin_share(text, coupon.LABEL_SIZE, str(font))
        assert share < 0.05, f"{text}: {share:.0%} of it is thinner than {MIN_WALL} mm"


@pytest.mark.parametrize("letter", ["Qu", "W", "I"])
def test_tile_and_inlay_make_up_the_plain_tile(params, body, letter: str) -> None:
    one_colour = tile(params, letter)
    inlay = letter_solid(params, letter)
    a, b = to_mesh(one_colour), to_mesh(inlay)
    assert a.is_watertight and b.is_watertight and a.body_count == 1
    assert a.volume + b.volume == pytest.approx(body.Volume(), rel=1e-3)
    assert b.volume > 5.0
    (x0, y0, z0), (x1, y1, z1) = b.bounds
    assert z1 == pytest.approx(params.tile.height, abs=1e-3)
    assert z0 == pytest.approx(params.tile.height - params.tile.letter_depth, abs=1e-3)
    assert max(x1 - x0, y1 - y0) <= params.tile.letter_box + 0.05


def test_3d_and_paper_tiles_mark_which_way_is_up_alike(params) -> None:
    """Only letters that read as another letter turned round (M/W, N/Z) get the bar under
    them, on the 3D tiles as on the paper ones."""
    import printables.tiles

    assert printables.tiles.ROTATION_AMBIGUOUS is ROTATION_AMBIGUOUS
    for letter in ("M", "W", "N", "Z", "A", "E", "Qu"):
        solids = letter_solid(params, letter).val().Solids()
        bars = [b for b in (s.BoundingBox() for s in solids)
                if b.ylen == pytest.approx(1.0) and b.xlen == pytest.approx(wb.TILE_BAR_WIDTH)]
        assert len(bars) == (letter in ROTATION_AMBIGUOUS), letter


def thin_share(text: str, size: float, font_path: str) -> float:
    """The share of ``text`` (``size`` mm font) thinner than MIN_WALL: an opening with a disc
    that wide keeps what a nozzle can print (1.0 if a whole stroke vanishes)."""
    px_per_mm = 20
    radius = int(MIN_WALL / 2 * px_per_mm) - 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    font = ImageFont.truetype(font_path, round(size * px_per_mm))
    img = Image.new("L", (800, 400), 0)
    ImageDraw.Draw(img).text((50, 50), text, fill=255, font=font)
    glyph = (np.asarray(img) > 127).astype(np.uint8)
    n_before, labels = cv2.connectedComponents(glyph)
    eroded = cv2.erode(glyph, kernel)
    if not all(eroded[labels == part].any() for part in range(1, n_before)):
        return 1.0
    opened = cv2.dilate(eroded, kernel)
    return np.count_nonzero(glyph & (1 - opened)) / np.count_nonzero(glyph)


def test_letter_strokes_are_thick_enough_to_print(params) -> None:
    """An opening with a disc as wide as the thinnest printable stroke keeps every part of
    each letter and nearly all of its area (a thinner stroke would vanish)."""
    for letter in tile_set("werdup").counts:
        share = thin_share(letter, _font_size(params.tile, letter), str(params.tile.font))
        assert share < 0.05, f"{letter}: {share:.0%} of it is thinner than {MIN_WALL} mm"


def test_every_letter_leaves_a_printable_rim_and_is_as_large_as_that_allows(params) -> None:
    """Measured on the real tiles: every letter (A-Z, Qu, the barred M W N Z) leaves at least
    letter_rim of tile to the plateau's edge and MIN_WALL between its pieces, and is full size
    unless the rim needs it smaller (then its rim is at the least). Qu's rim was 0.6 mm, W's
    0.9 mm, and J was shrunk for a bar it does not carry."""
    t = params.tile
    for letter in tile_set("werdup").counts:
        walls = letter_walls(params, letter)
        assert walls.rim >= t.letter_rim, f"{letter}: rim {walls.rim:.2f} mm"
        assert walls.between is None or walls.between >= MIN_WALL, (
            f"{letter}: {walls.between:.2f} mm between its pieces")
        if _font_size(t, letter) < t.font_size:
            assert walls.rim == pytest.approx(t.letter_rim, abs=0.01), letter


def test_a_wider_rim_shrinks_only_the_letters_that_need_it() -> None:
    wide = SetParams(tile=TileParams(letter_rim=1.6))
    for letter, shrunk in (("Qu", True), ("M", True), ("A", False)):
        walls = letter_walls(wide, letter)
        assert walls.rim >= 1.6, letter
        assert (_font_size(wide.tile, letter) < wide.tile.font_size) == shrunk, letter


def test_a_letter_is_sized_as_the_capital_the_tile_carries(params) -> None:
    """A letter named in lower case is measured as the capital the tile is made with (the
    lower-case w, narrower, was measured and the W drawn too large for its rim)."""
    t = params.tile
    assert _font_size(t, "w") == _font_size(t, "W") < t.font_size
    assert _font_size(t, "j") == _font_size(t, "J") == t.font_size


def test_the_photo_readers_letters_are_drawn_at_the_size_the_tiles_carry(params) -> None:
    """For every tile face, the em the photo reader's template draws the letter at (judged
    from its ink against the real letter solid's outline) is the CAD's, within 0.1 mm: its
    old copy of the rule drew Qu, W and J too large (an 11 mm box, a bar for every letter)."""
    from vision.werdup_glyphs import SUPER, _glyph

    t, px = params.tile, 20.0  # 80 pixels a mm where the template is drawn
    for letter in [chr(c) for c in range(ord("A"), ord("Z") + 1) if chr(c) != "Q"] + ["Qu"]:
        em = _font_size(t, letter)
        bb = shape_of(letter_solid(params, letter)).BoundingBox()
        ink = _glyph(letter, px)
        drawn_h, drawn_w = (n / (px * SUPER) for n in ink.shape)
        if letter in ROTATION_AMBIGUOUS:  # the solid holds the bar too, under the letter
            sides = [(drawn_h, bb.ylen - wb.TILE_BAR_GAP - wb.TILE_BAR_HEIGHT)]
        else:
            sides = [(drawn_h, bb.ylen), (drawn_w, bb.xlen)]
        for drawn, solid in sides:
            assert em * drawn / solid == pytest.approx(em, abs=0.1), letter


def test_bottom_edges_are_chamfered_against_elephants_foot(params, board_quarter, body):
    ef = params.printer.elephant_foot
    half = params.board.layout.size / 2
    y = half / 2
    assert not board_quarter.isInside(cq.Vector(-half + ef / 4, y, ef / 4))
    assert board_quarter.isInside(cq.Vector(-half + ef / 4, y, ef * 1.5))
    assert board_quarter.isInside(cq.Vector(-half + ef * 1.5, y, ef / 4))
    s = params.tile.size / 2
    assert not body.isInside(cq.Vector(s - ef / 4, 0, ef / 4))
    assert body.isInside(cq.Vector(s - ef / 4, 0, ef * 1.5))
    # the tabs are chamfered too, and their slots flare at the mouth
    tab_tip = -params.clearance / 2 + params.joint.frame_tab_depth
    t_frame = params.board.layout.size / 2 - params.board.layout.frame_width / 2
    assert not board_quarter.isInside(cq.Vector(tab_tip - ef / 4, t_frame, ef / 4))
    assert board_quarter.isInside(cq.Vector(tab_tip - ef / 4, t_frame, ef * 1.5))
    slot_end = tab_tip + params.clearance  # the slot's far wall, on the bottom edge
    assert not board_quarter.isInside(cq.Vector(-t_frame, slot_end + ef / 4, ef / 4))
    assert board_quarter.isInside(cq.Vector(-t_frame, slot_end + ef / 4, ef * 1.5))


def standing_tile(params: SetParams, body: cq.Shape, index: int, lift: float) -> cq.Shape:
    """A tile standing in the placard slot at seat ``index``, letter to the front, leaning
    back with the slot, ``lift`` mm off the slot floor and off its front wall."""
    x, y0, z0, lean = placard.tile_seat(params, index)
    half = params.tile.size / 2
    upright = body.rotate((0, 0, 0), (1, 0, 0), 90)  # letter face towards -y
    upright = upright.translate(cq.Vector(x, params.tile.height + lift, half + lift))
    return upright.rotate((0, 0, 0), (1, 0, 0), -lean).translate(cq.Vector(0, y0, z0))


def test_tiles_stand_in_the_placard_slot(params, body, placard_halves) -> None:
    left, right = placard_halves
    play = params.placard.slot_play
    for index in (0, 3, params.placard.tiles - 1):  # seat 3 stands over the joint
        t = standing_tile(params, body, index, lift=play)
        gap = min(distance(t, left), distance(t, right))
        assert gap == pytest.approx(play, abs=1e-6), index
    # the letter face shows above the lip in front of the slot
    bb = standing_tile(params, body, 0, lift=0.0).BoundingBox()
    assert bb.zmax > params.placard.back_height


def overhangs(shape: cq.Shape) -> tuple[float, set[float]]:
    """Area (mm^2) and heights of the faces that look down more steeply than 45 degrees
    from the vertical, above the bed: what a slicer would need supports or a bridge for."""
    mesh = to_mesh(shape)
    down = (mesh.face_normals[:, 2] < -0.72) & (mesh.triangles_center[:, 2] > 0.01)
    return float(mesh.area_faces[down].sum()), set(np.round(mesh.triangles_center[down, 2], 3))


def test_clipped_parts_print_without_supports(params, board_quarter, placard_halves) -> None:
    """The quarter and the placard's left half (arms, catches, windows, dovetails) have no
    face looking down more steeply than 45 degrees; the right half's only one is the roof of
    the arm's pocket, a short bridge between the pocket's side walls."""
    left, right = placard_halves
    assert overhangs(board_quarter)[0] == 0
    assert overhangs(left)[0] == 0
    area, heights = overhangs(right)
    arm = snapfit.placard_clip_arm(params)
    c = params.clearance
    span = arm.y1 + c - (arm.y0 - params.clip.arm_gap)
    assert heights == {round(arm.height + c, 3)}
    assert area == pytest.approx(span * arm.length, rel=0.01)  # from the seam face to its end
    assert span < 5.0  # bridged by any printer


def test_meshes_hold_the_triangles_cadquery_makes(params) -> None:
    """The mesh of a solid is read from the kernel's triangulation as CadQuery's own
    tessellate gives it (the same points and triangles, turned the same way), then welded."""
    import trimesh

    from cad.mesh import ANGULAR_TOLERANCE, MERGE_DIGITS, MESH_TOLERANCE

    for piece in (tile(params, "Qu"), tile(params, "W").translate((3, -4, 5)).rotate(
            (0, 0, 0), (0, 0, 1), 30)):
        shape = piece.val()
        verts, faces = shape.tessellate(MESH_TOLERANCE, ANGULAR_TOLERANCE)
        theirs = trimesh.Trimesh(np.array([v.toTuple() for v in verts]), np.array(faces),
                                 process=False)
        theirs.merge_vertices(digits_vertex=MERGE_DIGITS)
        ours = to_mesh(piece)
        assert ours.is_watertight and ours.volume == pytest.approx(theirs.volume, rel=1e-12)
        assert np.array_equal(np.unique(ours.vertices, axis=0),
                              np.unique(theirs.vertices, axis=0))
        assert oriented_faces(ours) <= oriented_faces(theirs)


def oriented_faces(mesh) -> set[tuple]:
    """Each triangle as its corners' points, in its own turning order, from the least."""
    found = set()
    for corners in mesh.vertices[mesh.faces]:
        points = [tuple(p) for p in corners]
        first = points.index(min(points))
        found.add(tuple(points[first:] + points[:first]))
    return found
