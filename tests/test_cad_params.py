"""Parameters of the printed set: defaults, validation before any geometry, pure fit maths."""

from __future__ import annotations

import math

import pytest

from cad import fit, joints, snapfit
from cad.params import (
    MAX_CLEARANCE,
    MIN_CLEARANCE,
    BoardParams,
    ClipParams,
    JointParams,
    PlacardParams,
    PrinterParams,
    SetParams,
    TileParams,
)
from cad.plates import fits_bed, grid_capacity, shelf_pack, tile_plates
from companion.layout.werdup_board import BoardLayout

CLEARANCES = (0.1, 0.2, 0.4)


def test_defaults_follow_the_shared_board_layout() -> None:
    p = SetParams()
    assert p.clearance == 0.2
    assert p.board.layout.seam == p.clearance
    assert p.board.layout.cell_pitch == 21.0
    assert p.tile.size == p.board.layout.tile_size
    assert (p.printer.bed_width, p.printer.bed_depth) == (180.0, 180.0)
    assert p.tile.stack_limit == 5
    assert p.tile.font.name == "DejaVuSans-Bold.ttf"



def test_every_clearance_in_the_range_makes_a_set() -> None:
    # The range said 0.1-1 mm (CLI help, docs, the web form), but every clearance from
    # 0.47 mm on was refused: the grid ribs between the cells grew too thin to print.
    steps = round((MAX_CLEARANCE - MIN_CLEARANCE) / 0.01)
    for k in range(steps + 1):
        clearance = round(MIN_CLEARANCE + k * 0.01, 2)
        assert SetParams.make(clearance, bed=(180.0, 180.0)).clearance == clearance


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: SetParams.make(-0.1), "clearance must be 0.1-0.45 mm, got -0.1"),
        (lambda: SetParams.make(float("nan")), "clearance"),
        (lambda: SetParams.make(1.5), "clearance must be 0.1-0.45 mm, got 1.5"),
        (lambda: SetParams.make(0), r"got 0 \(below 0.1 mm, the tightest fit coupon"),
        (lambda: SetParams.make(0.05), "clearance must be 0.1-0.45 mm, got 0.05"),
        (lambda: SetParams.make(0.5), "clearance must be 0.1-0.45 mm, got 0.5"),
        (lambda: SetParams.make(0.2, bed=(120.0, 120.0)), "board quarter .* 120 x 120 mm bed"),
        (lambda: SetParams.make(0.2, bed=(120.0, 120.0), parts=("placard", "quarter")),
         "board quarter"),
        (lambda: SetParams.make(0.2, bed=(20.0, 200.0), parts=("tiles",)),
         r"the tile plate \(24 x 24 mm\) does not fit the 20 x 200 mm bed: it needs at least 24"),
        (lambda: ClipParams(lead_angle=60.0), "lead_angle must be 10-45 degrees"),
        (lambda: ClipParams(arm_thickness=1.0), "arm_thickness 1.0 is under two walls"),
        (lambda: ClipParams(arm_gap=0.5), "arm_gap 0.5 leaves the arm no room"),
        (lambda: ClipParams(permissible_strain=2.0), "permissible_strain is a fraction"),
        (lambda: SetParams.make(0.2, clip=ClipParams(arm_length=17.0)),
         "the quarter's arm .* is longer than a cell's straight side"),
        (lambda: SetParams.make(0.2, clip=ClipParams(arm_length=8.0, arm_thickness=3.0,
                                                     arm_gap=2.0)),
         "the quarter clip would strain .* more than the permissible 2.0%"),
        (lambda: SetParams.make(0.2, clip=ClipParams(engagement=1.5, arm_gap=2.5)),
         "catch"),
        (lambda: PrinterParams(bed_width=0), "bed_width must be a positive number"),
        (lambda: PrinterParams(elephant_foot=2.0), "elephant_foot"),
        (lambda: TileParams(size=-18), "size must be a positive number of mm, got -18"),
        (lambda: TileParams(plateau_size=16.0), "plateau_size 16.0"),
        (lambda: TileParams(letter_depth=1.0), "letter_depth 1.0"),
        (lambda: TileParams(stack_limit=0), "stack_limit"),
        (lambda: TileParams(letter_rim=0.5), "letter_rim 0.5 is under two lines"),
        (lambda: TileParams(letter_rim=3.5), "letter_rim 3.5 leaves only 5.2 mm of the plateau"),
        (lambda: TileParams(font="/no/such/font.ttf"), "font '/no/such/font.ttf'"),
        (lambda: JointParams(tab_head=6.0), "tab_head 6.0 must be wider than tab_neck"),
        (lambda: PlacardParams(lean=60.0), "lean must be 0-40 degrees, got 60"),
        (lambda: PlacardParams(tiles=0), "tiles must be a whole number"),
        (lambda: PlacardParams(front_height=20.0), "heights must rise"),
        (lambda: SetParams.make(0.2, joint=JointParams(tab_depth=6.0)), "tab_depth 6.0"),
        (lambda: SetParams.make(0.2, board=BoardParams(layout=BoardLayout(cell_pitch=19.0))),
         "cell_pitch 19.0 leaves ribs"),
        (lambda: BoardLayout(cell_pitch=-1), "cell_pitch must be positive"),
        (lambda: SetParams.make(0.2, tile=TileParams(body_height=4.0)),
         "tile body_height 4.0 differs from the board layout's 3.5"),
    ],
)
def test_bad_values_raise_value_error_naming_them(make, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_to_dict_is_plain_data_and_changes_with_clearance() -> None:
    a, b = SetParams.make(0.2).to_dict(), SetParams.make(0.3).to_dict()
    assert a != b
    assert a["board"]["layout"]["seam"] == 0.2
    assert isinstance(a["tile"]["font"], str)


@pytest.mark.parametrize("c", CLEARANCES)
def test_joint_clearance_equals_the_parameter(c: float) -> None:
    p = SetParams.make(c)
    tabs = joints.dovetails(p)
    assert len(tabs) == 3  # two under the cells, one in the frame
    for tab in tabs:
        assert joints.min_gap_tab_to_slot(tab, c, c) == pytest.approx(c, abs=1e-9)


def test_every_tab_meets_a_slot_when_the_quarter_is_turned() -> None:
    """The slot on the bottom edge, turned clockwise onto the next quarter, lies exactly
    where that quarter's tab reaches in."""
    p = SetParams.make(0.2)
    for tab in joints.dovetails(p):
        slot_on_self = joints.slot_outline(tab, p.clearance, p.clearance)
        expected = joints.slot_outline_at_neighbour(tab, p.clearance, p.clearance)
        turned = joints.rotate_cw(slot_on_self)
        assert [v for pt in turned for v in pt] == pytest.approx(
            [v for pt in expected for v in pt])
        # the slot is cut into the bottom edge's own side (y above the seam line)
        assert min(y for _, y in slot_on_self) < p.clearance / 2
        assert max(y for _, y in slot_on_self) > p.clearance / 2


@pytest.mark.parametrize("c", CLEARANCES)
def test_tiles_fit_cells_and_stack_with_the_clearance(c: float) -> None:
    p = SetParams.make(c)
    assert fit.tile_cell_gap(p) == pytest.approx(c)
    assert fit.recess_gap(p) == pytest.approx(c)
    assert fit.stack_drift(p) == pytest.approx(5 * c)
    # a stack of five keeps its top tile within one rib width of its cell
    assert fit.stack_drift(p) < p.rib_width + c
    assert p.rib_width >= 1.6


def test_stack_height_and_placard_figures() -> None:
    p = SetParams()
    assert fit.stack_height(p, 1) == pytest.approx(p.tile.height)
    assert fit.stack_height(p) == pytest.approx(4 * 3.5 + 4.5)
    assert fit.placard_slot_gap(p) == pytest.approx(p.placard.slot_play)
    # the letter box shows above the lip in front of the slot
    letter_bottom = p.placard.base_height + (p.tile.size - p.tile.letter_box) / 2 * math.cos(
        math.radians(p.placard.lean))
    assert letter_bottom + 1.0 > p.placard.front_height
    assert fit.placard_tile_top(p) > p.placard.back_height


def test_parts_fit_the_default_bed() -> None:
    p = SetParams()
    w, d = fit.quarter_footprint(p)
    assert (w, d) == pytest.approx((137.0, 129.0))
    assert fits_bed((w, d), (180, 180))
    assert fits_bed(fit.placard_half_footprint(p), (180, 180))
    assert fit.bed_problems(p) == []
    # a bed that only takes the quarter turned is fine
    assert SetParams.make(0.2, bed=(130.0, 140.0)).printer.bed_width == 130.0
    # a small bed is fine for the parts that fit it; the bed check looks only at those
    assert SetParams.make(0.2, bed=(120.0, 120.0), parts=("tiles", "placard", "coupon"))
    assert fit.bed_problems(SetParams.make(0.2, bed=(120.0, 120.0), parts=("tiles",))) != []
    assert SetParams.make(0.2, bed=(24.0, 24.0), parts=("tiles", "stickers"))
    # the smallest bed the message names is one the check accepts
    problem = fit.bed_problems(SetParams.make(0.2, bed=(100.0, 100.0), parts=()),
                               ("quarter",))[0]
    assert problem.endswith("it needs at least 129 x 137 mm, either way round")
    assert SetParams.make(0.2, bed=(129.0, 137.0), parts=("quarter",))
    assert SetParams.make(0.2, bed=(137.0, 129.0), parts=("quarter",))


def test_tile_plates_hold_all_hundred_tiles_on_the_bed_without_overlap() -> None:
    spots = tile_plates(100, 18.0, 4.0, (180.0, 180.0))
    assert len(spots) == 100
    plates = {s.plate for s in spots}
    assert plates == {0, 1}
    assert sum(s.plate == 0 for s in spots) == 50
    for plate in plates:
        mine = [s for s in spots if s.plate == plate]
        for s in mine:
            assert 0 <= s.x and s.x + 18 <= 180 and 0 <= s.y and s.y + 18 <= 180
        corners = {(round(s.x, 6), round(s.y, 6)) for s in mine}
        assert len(corners) == len(mine)
        xs = sorted({s.x for s in mine})
        assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 22 - 1e-9
    assert grid_capacity(18, 4, 180) == 8
    assert len({s.plate for s in tile_plates(100, 18.0, 4.0, (100.0, 100.0))}) == 7


def test_shelf_pack_fits_or_says_why() -> None:
    corners = shelf_pack([(30, 20), (30, 20), (100, 40)], 4, (180, 180))
    assert corners[1][0] - corners[0][0] == pytest.approx(34)
    with pytest.raises(ValueError, match="200.0 mm wide"):
        shelf_pack([(200, 10)], 4, (180, 180))
    with pytest.raises(ValueError, match="deep bed"):
        shelf_pack([(170, 100), (170, 100)], 4, (180, 180))


# ---------------------------------------------------------------------------- snap-fit clips


def test_section_of_a_plain_rectangle() -> None:
    inertia, far = snapfit.section_properties([(0.0, 2.0, 0.0, 3.0)])
    assert inertia == pytest.approx(3 * 2 ** 3 / 12)
    assert far == pytest.approx(1.0)
    # a stepped section: the neutral axis moves towards the wider strip
    inertia2, far2 = snapfit.section_properties([(0.0, 2.0, 0.0, 3.0), (1.0, 2.0, 3.0, 4.0)])
    assert inertia2 > inertia and far2 > far
    with pytest.raises(ValueError, match="positive width"):
        snapfit.section_properties([(1.0, 1.0, 0.0, 3.0)])


def test_cantilever_follows_the_snap_fit_equations() -> None:
    """A plain rectangular arm: strain 1.5 y t / L^2, force 3 E I y / L^3, push force by
    the ramp formula; worked by hand for t = 2, h = 3, L = 10, y = 0.5, E = 2300."""
    p = SetParams()
    fig = snapfit.cantilever([(0.0, 2.0, 0.0, 3.0)], 10.0, 0.5, 0.5, p)
    assert fig.strain == pytest.approx(1.5 * 0.5 * 2.0 / 100)  # 1.5 %
    assert fig.tip_force == pytest.approx(3 * 2300 * 2.0 * 0.5 / 1000)  # 6.9 N
    ramp = (0.3 + 1.0) / (1 - 0.3)  # 45 degree face, friction 0.3
    assert fig.push_force == pytest.approx(6.9 * ramp)
    assert snapfit.ramp_factor(0.0, 0.3) == pytest.approx(0.3)  # a face along the push: friction
    assert snapfit.ramp_factor(80.0, 0.3) == math.inf  # locks solid


@pytest.mark.parametrize("c", [0.1, 0.2, 0.3, 0.45])
def test_clip_strain_is_under_the_pla_limit_at_the_clearance(c: float) -> None:
    p = SetParams.make(c)
    for fig in (snapfit.quarter_clip(p), snapfit.placard_clip(p)):
        # the arm bends by the catch's overlap with the lip, which the clearance does not eat
        assert fig.deflection == pytest.approx(p.clip.engagement)
        assert snapfit.catch_depth(p) - c == pytest.approx(fig.deflection)
        assert 0.005 < fig.strain < fig.permissible_strain == 0.02
        assert fig.ok
        # clicks by hand, and holds far more than a quarter with its tiles weighs (~1 N)
        assert 3.0 < fig.push_force < 20.0
        assert fig.pull_force > 3.0
    assert snapfit.clip_problems(p) == []


def test_default_clip_figures() -> None:
    p = SetParams()
    q, pl = snapfit.quarter_clip(p), snapfit.placard_clip(p)
    assert q.length == pytest.approx(p.clip.arm_length - p.clip.catch_width)
    assert q.strain == pytest.approx(0.0115, abs=0.0005)
    assert pl.strain == pytest.approx(1.5 * 0.6 * 1.6 / 11.0 ** 2)
    assert len(snapfit.quarter_clips(p)) == 3  # under cells 1, 3 and 5 of each seam


def test_clips_print_flat_without_supports() -> None:
    p = SetParams()
    assert snapfit.prints_without_support(p)
    # the arms lie flat on the bed, their length along x or y (the layer lines), so they
    # bend within the layers, never across them
    assert min(z0 for _, _, z0, _ in snapfit.quarter_arm_section(p)) == 0
    for clip in snapfit.quarter_clips(p):
        assert clip.tip - clip.root == pytest.approx(p.clip.arm_length)
    assert snapfit.placard_clip_arm(p).height <= p.placard.back_height
    outline = snapfit.catch_outline(p, p.clip.catch_z)
    # every downward face of the catch leans at most 45 degrees from the vertical
    for (u0, z0), (u1, z1) in zip(outline, outline[1:], strict=False):
        if u1 > u0 and z1 > z0:  # the lower face, rising outwards: an overhang
            assert (u1 - u0) <= (z1 - z0) + 1e-9
    # and so does the window's roof, which hangs over the catch's upper face
    window = snapfit.window_outline(p, p.clip.catch_z)
    (ru0, rz0), (ru1, rz1) = window[2], window[3]
    assert abs(ru1 - ru0) <= abs(rz1 - rz0) + 1e-9


def test_window_keeps_the_clearance_around_the_catch() -> None:
    for c in (0.1, 0.3):
        p = SetParams.make(c)
        catch = snapfit.catch_outline(p, 1.0)[1:5]
        window = snapfit.window_outline(p, 1.0)
        walls = [(window[i], window[i + 1]) for i in range(3)]
        gaps = [min(joints._point_segment(pt, a, b) for a, b in walls) for pt in catch]
        assert min(gaps) == pytest.approx(c, abs=1e-9)
        assert window[0][0] == pytest.approx(c - snapfit.WINDOW_OVERSHOOT)


def test_clip_figures_for_the_report_carry_no_float_noise() -> None:
    # build.json said "deflection_mm": 0.6000000000000001 and "tip_force_n": 3.6199395085066173
    p = SetParams()
    for fig in (snapfit.quarter_clip(p), snapfit.placard_clip(p)):
        report = fig.to_dict()
        assert report["deflection_mm"] == 0.6 and report["engagement_mm"] == 0.6
        for key, value in report.items():
            places = 2 if key.endswith("_n") else 5 if "strain" in key else 3
            assert value == round(value, places), key
            assert len(repr(value).split(".")[-1]) <= places, (key, value)
        assert report["strain"] == pytest.approx(fig.strain, abs=5e-6)
        assert report["push_force_n"] == pytest.approx(fig.push_force, abs=0.005)
