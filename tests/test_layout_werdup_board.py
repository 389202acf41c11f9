"""The shared WerdUp board layout: plain data, no CAD kernel."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.layout.werdup_board import WERDUP_BOARD, BoardLayout


def test_layout_imports_without_cadquery() -> None:
    code = ("import sys, companion.layout.werdup_board as b; "
            "assert 'cadquery' not in sys.modules and 'OCP' not in sys.modules; "
            "print(b.WERDUP_BOARD.size)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert float(out.stdout) == pytest.approx(WERDUP_BOARD.size)


def test_board_is_ten_by_ten_with_seam() -> None:
    b = BoardLayout(cell_pitch=20.0, frame_width=25.0, seam=0.3)
    assert b.size == pytest.approx(2 * 25 + 10 * 20 + 0.3)
    assert b.cell_center(0, 0) == pytest.approx((35.0, 35.0))
    # the right half sits one seam further out
    assert b.cell_center(0, 5)[0] - b.cell_center(0, 4)[0] == pytest.approx(20.3)
    assert b.cell_center(9, 9) == pytest.approx((b.size - 35.0, b.size - 35.0))
    assert b.beginning_cells == ((4, 4), (4, 5), (5, 4), (5, 5))


def test_markers_have_unique_ids_in_the_reserved_range_and_sit_on_the_frame() -> None:
    b = WERDUP_BOARD
    ids = b.marker_ids
    assert len(set(ids)) == len(ids) == 12
    assert min(ids) >= 30 and max(ids) <= 49
    for spot in b.markers:
        x, y = spot.center
        on_frame = (min(x, y) < b.frame_width) or (max(x, y) > b.size - b.frame_width)
        assert on_frame, spot
        xs = [p[0] for p in spot.corners]
        assert max(xs) - min(xs) == pytest.approx(b.marker_size)
        # the white sticker stays inside the board outline
        h = b.sticker_size / 2
        assert h <= x <= b.size - h and h <= y <= b.size - h


def test_markers_turn_with_their_quarter() -> None:
    b = WERDUP_BOARD
    for q in range(1, 4):
        for i in range(3):
            base = b.marker(30 + i).center
            assert b.marker(30 + 3 * q + i).center == pytest.approx(b.rotate_cw(base, q))
    assert b.marker(30).name == "top-left" and b.marker(36).name == "bottom-right"


def test_to_dict_is_json_ready() -> None:
    import json

    data = json.loads(json.dumps(WERDUP_BOARD.to_dict()))
    assert data["aruco_dictionary"] == "DICT_4X4_50"
    assert len(data["markers"]) == 12


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cell_pitch": 0}, "cell_pitch"),
        ({"seam": -0.1}, "seam"),
        ({"tile_size": 30.0}, "tile_size"),
        ({"marker_size": 20.0}, "marker_size"),
        ({"sticker_size": 23.5}, "sticker_size"),
    ],
)
def test_bad_layout_names_the_value(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BoardLayout(**kwargs)


def test_unknown_cell_or_marker() -> None:
    with pytest.raises(ValueError, match="cell index"):
        WERDUP_BOARD.cell_center(10, 0)
    with pytest.raises(ValueError, match="marker id 29"):
        WERDUP_BOARD.marker(29)


def test_heights_for_parallax() -> None:
    b = WERDUP_BOARD
    assert b.stack_top(0) == pytest.approx(3.0)
    assert b.stack_top(1) == pytest.approx(3.0 + 4.5)
    assert b.stack_top(5) == pytest.approx(3.0 + 4 * 3.5 + 4.5)
    assert b.marker_height == pytest.approx(4.1)
    with pytest.raises(ValueError, match="tiles"):
        b.stack_top(-1)


def test_each_marker_names_its_quarter_and_pocket_for_the_maker() -> None:
    places = [(s.id, s.quarter_place, s.pocket) for s in BoardLayout().markers]
    assert places[:6] == [(30, "top-left", "corner"), (31, "top-left", "top edge"),
                          (32, "top-left", "left edge"), (33, "top-right", "corner"),
                          (34, "top-right", "right edge"), (35, "top-right", "top edge")]
    assert places[-1] == (41, "bottom-left", "bottom edge")
    assert len({(q, p) for _, q, p in places}) == 12  # no two stickers share a description


def test_a_tile_letter_is_shrunk_only_to_keep_its_rim() -> None:
    from companion.layout import werdup_board as wb

    # the plateau's 13 mm top less its 0.4 mm chamfers and a 1.2 mm rim each side
    assert wb.tile_letter_room() == pytest.approx(13.0 - 0.8 - 2.4)
    assert wb.tile_letter_room(letter_box=9.0) == 9.0
    room = wb.tile_letter_room()
    # a letter that fits keeps the tiles' em; a bar only counts under a letter that has one
    assert wb.tile_letter_font_size(7.6, 7.3, False) == wb.TILE_FONT_SIZE
    assert wb.tile_letter_font_size(3.4, 9.3, False) == wb.TILE_FONT_SIZE  # J: no bar
    barred = wb.tile_letter_font_size(3.4, 9.3, True)
    assert barred == pytest.approx(10 * (room - 1.9) / 9.3)
    # too wide: shrunk until its longer side is the room
    assert wb.tile_letter_font_size(14.0, 8.9, False) == pytest.approx(10 * room / 14.0)
    assert wb.tile_letter_font_size(14.0, 8.9, False, room=7.0, font_size=5.0) == \
        pytest.approx(5 * 7.0 / 14.0)
    with pytest.raises(ValueError, match="outline must have a size"):
        wb.tile_letter_font_size(0.0, 7.0, False)
