"""A printed sheet, photographed at an angle (simulated) and found again by its markers, maps
back onto its grid cells within 1 mm."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from markerwarp import apply, locate, photograph, rectify
from pdfcheck import render

from companion.datafiles import read_grid
from companion.layout.sheets import MARKER_MODULES, board_sheet
from printables.boards import board_pdf, board_pieces
from printables.markers import marker_bits
from printables.style import PREMIUM_COLOURS

DPI = 100


def test_marker_bits_come_from_the_opencv_dictionary() -> None:
    bits = marker_bits(12)
    assert len(bits) == MARKER_MODULES and all(len(r) == MARKER_MODULES for r in bits)
    assert all(bits[0]) and all(bits[-1]) and all(r[0] and r[-1] for r in bits)  # border
    assert marker_bits(12) != marker_bits(13)


def _cell_corner_error(sheet, photo_h, est_h) -> float:
    grid = sheet.grids["board"] if "board" in sheet.grids else sheet.grids["girdle"]
    mm = np.float32([pt for _, _, cell in grid.cells() for pt in cell.corners()])
    seen = apply(photo_h, mm)  # where the printed cell corners are in the photo
    back = apply(est_h, seen)  # and where the markers say they are on the sheet
    return float(np.max(np.linalg.norm(back - mm, axis=1)))


@pytest.mark.parametrize("game", ["bugwords", "werdup"])
def test_board_photo_maps_back_to_cells(game: str, tmp_path: Path) -> None:
    sheet = board_sheet(game)
    pdf = tmp_path / "board.pdf"
    pdf.write_bytes(board_pdf(game, "full"))
    photo, page_h = photograph(render(pdf, DPI), DPI)
    # the board lies on the page inside a border: sheet mm -> page mm -> photo
    (piece,) = board_pieces(sheet, "full")[1]
    photo_h = page_h @ np.array([[1.0, 0.0, piece.origin[0]], [0.0, 1.0, piece.origin[1]],
                                 [0.0, 0.0, 1.0]])
    est_h, found = locate(photo, sheet)
    assert found == sorted(m.id for m in sheet.markers)
    assert _cell_corner_error(sheet, photo_h, est_h) < 1.0
    if game != "bugwords":
        return
    # The rectified photo shows each square's colour where the layout puts the square.
    px = 4.0
    flat = rectify(photo, est_h, sheet, px)
    layout = read_grid("bugwords-board.txt")
    for r, c, cell in sheet.grids["board"].cells():
        want = np.array([int(PREMIUM_COLOURS[layout[r][c]][i:i + 2], 16) for i in (1, 3, 5)])
        for dx, dy in ((1.6, 1.6), (cell.w - 1.6, cell.h - 1.6)):
            got = flat[int((cell.y + dy) * px), int((cell.x + dx) * px)].astype(int)
            assert np.max(np.abs(got - want)) < 40, (r, c, got, want)


@pytest.mark.parametrize(("game", "said"), [("bugwords", "the printed Bug Words board"),
                                            ("werdup", "the 3D-printed WerdUp board")])
def test_a_board_with_too_few_markers_seen_is_named_as_players_call_it(game, said) -> None:
    """The refusal names the board as printed for the player, not by its identifier
    ("bugwords-board", "werdup-3d")."""
    from vision.config import DEFAULT
    from vision.errors import VisionError
    from vision.markers import fit, targets_for

    target = targets_for(game)[0]
    one = next(iter(target.markers))
    found = {one: np.array(target.markers[one], np.float32)}
    with pytest.raises(VisionError) as info:
        fit(DEFAULT.locate, found, target)
    assert str(info.value).startswith(f"{said} was not found: only 1 of ")
    assert target.name not in str(info.value)
