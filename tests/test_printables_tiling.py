"""Splitting a board over pages: pieces cover it, fit the page, and meet on grid lines."""

from __future__ import annotations

import pytest

from companion.layout.sheets import PAPER_SIZES, board_sheet
from printables.tiling import OVERLAP, seams, tile_sheet


@pytest.mark.parametrize("game", ["werdup", "bugwords"])
@pytest.mark.parametrize("paper", ["letter", "a4", "a3", "tabloid"])
def test_pieces_cover_the_board_and_fit_the_page(game: str, paper: str) -> None:
    sheet = board_sheet(game)
    grid = sheet.grids["board"]
    pw, ph = PAPER_SIZES[paper]
    pieces = tile_sheet(sheet.width, sheet.height, pw, ph, margin=10.0, reserve_bottom=16.0,
                        snap_x=[grid.x + i * grid.pitch_x for i in range(grid.cols + 1)],
                        snap_y=[grid.y + i * grid.pitch_y for i in range(grid.rows + 1)])
    # the pieces' own areas tile the board exactly
    assert abs(sum(p.own.w * p.own.h for p in pieces) - sheet.width * sheet.height) < 1e-6
    for p in pieces:
        ox, oy = p.origin
        assert ox >= 10.0 - 1e-9 and ox + p.region.w <= pw - 10.0 + 1e-9
        assert oy >= 10.0 - 1e-9 and oy + p.region.h <= ph - 10.0 - 16.0 + 1e-9
        # a glue strip on every side that has a neighbour to the right or below
        assert p.region.w - p.own.w == (OVERLAP if p.col < p.cols - 1 else 0.0)
        assert p.region.h - p.own.h == (OVERLAP if p.row < p.rows - 1 else 0.0)
    xs, ys = seams(pieces)
    lines_x = {round(grid.x + i * grid.pitch_x, 6) for i in range(grid.cols + 1)}
    assert all(round(x, 6) in lines_x for x in xs)
    assert len(pieces) == (len(xs) + 1) * (len(ys) + 1)


def test_a_board_that_fits_is_one_centred_piece() -> None:
    (piece,) = tile_sheet(200.0, 200.0, 297.0, 420.0, margin=10.0)
    assert piece.count == 1 and piece.origin[0] == pytest.approx(48.5)
    assert piece.to_page(0.0, 0.0) == piece.origin


def test_expected_page_counts() -> None:
    bw = board_sheet("bugwords")
    assert len(tile_sheet(bw.width, bw.height, *PAPER_SIZES["letter"], margin=10.0)) == 4
    assert len(tile_sheet(bw.width, bw.height, *PAPER_SIZES["a3"], margin=10.0)) == 2
    with pytest.raises(ValueError):
        tile_sheet(bw.width, bw.height, 20.0, 20.0, margin=10.0)
