"""Print-and-play paper boards (WerdUp 10x10, Bug Words 15x15), tiled over pages if needed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm

from companion.datafiles import read_grid
from companion.errors import UsageError
from companion.layout.sheets import (
    BOARD_MARGIN,
    BOARD_SPECS,
    PAPER_SIZES,
    Rect,
    SheetLayout,
    board_sheet,
)
from companion.text import counted, number_word
from companion.werdup.rules import get_rules
from printables.canvas import Page, new_canvas, text_width
from printables.markers import draw_marker
from printables.style import (
    ACCENTS,
    CAP_HEIGHT,
    FONT_BOLD,
    INK,
    MUTED,
    PAGE_MARGIN,
    PREMIUM_COLOURS,
    SMALLEST_TYPE,
    WHITE,
    tracking,
)
from printables.tiling import Piece, seams, tile_sheet

BOARD_PAPERS = ("letter", "a4", "tabloid", "a3", "full")
CAPTION = 16.0  # mm kept at the foot of a page for the piece caption


@dataclass(frozen=True)
class Square:
    """One board square: its kind (premium code or "begin"/"plain") and printed label lines."""

    kind: str
    label: tuple[str, ...]


PREMIUM_LABELS: dict[str, tuple[str, ...]] = {
    "T": ("TRIPLE", "WORD", "SCORE"),
    "D": ("DOUBLE", "WORD", "SCORE"),
    "t": ("TRIPLE", "LETTER", "SCORE"),
    "d": ("DOUBLE", "LETTER", "SCORE"),
    "*": (),
    ".": (),
}
PREMIUM_NAMES = {"d": "double letter", "t": "triple letter", "D": "double word",
                 "T": "triple word", "*": "centre: double word, first word covers it"}
WERDUP_SQUARE = "#e9e4d8"
WERDUP_BEGIN = "#d4e4f4"


# The width (mm) of a light line round the Bug Words grid, between the frame and the squares,
# the frame's colour on either side of it. Printed in black and white the triple word squares'
# red (88 of 255, ``pdftoppm -gray``) is the frame's (93): a corner or edge triple word square
# ran into the frame, and where it ended could not be seen. The line, the plain squares'
# colour (238), keeps the colours as they are; a frame 35 levels darker than the triple word
# squares (53 or less) would be a near-black maroon.
FRAME_KEYLINE = 0.6
KEYLINE_COLOUR = PREMIUM_COLOURS["."]


def frame_keyline(bounds: Rect) -> Rect:
    """The rectangle the frame's light line is stroked along, for a grid of ``bounds`` (sheet
    mm): the line's inner edge on the grid's edge, the squares' outer half-gap of frame
    colour inside it, as between two squares."""
    return bounds.inset(-FRAME_KEYLINE / 2)


def bugwords_squares() -> list[list[Square]]:
    """The Bug Words premium layout from the rules data, square by square."""
    rows = read_grid("bugwords-board.txt")
    return [[Square(ch, PREMIUM_LABELS[ch]) for ch in row] for row in rows]


def werdup_squares(size: int) -> list[list[Square]]:
    """The WerdUp board: plain squares, with the rules' beginning squares marked."""
    begin = get_rules().beginning
    return [[Square("begin" if (r, c) in begin else "plain", ()) for c in range(size)]
            for r in range(size)]


def board_pdf(game: str, paper: str = "letter", full_border: float = PAGE_MARGIN) -> bytes:
    """The paper board of ``game`` as PDF bytes, over as many pages as ``paper`` needs.

    ``full_border`` is the blank border around a ``"full"`` page's board; 0 draws the board as
    it is once trimmed (for pictures of it: the outline and markers fall where no printer
    prints).
    """
    if game not in BOARD_SPECS:
        raise UsageError(f"No paper board for {game!r}; choose werdup or bugwords.")
    if paper not in BOARD_PAPERS:
        raise UsageError(f"Paper must be one of {', '.join(BOARD_PAPERS)}, not {paper!r}.")
    sheet = board_sheet(game)
    page_size, pieces = board_pieces(sheet, paper, full_border)
    title = {"werdup": "WerdUp", "bugwords": "Bug Words"}[game]
    c, buf = new_canvas(page_size, f"{title} paper board", counted(len(pieces), "page"))
    xs, ys = seams(pieces)
    for piece in pieces:
        page = Page(c, page_size)
        _draw_piece(page, piece, sheet, game, title, xs, ys)
        if piece.count > 1:
            _draw_piece_furniture(page, piece, title)
        c.showPage()
    c.save()
    return buf.getvalue()


def board_pieces(sheet: SheetLayout, paper: str, full_border: float = PAGE_MARGIN
                 ) -> tuple[tuple[float, float], list[Piece]]:
    """The page size (mm, portrait or landscape) and the pieces of ``sheet`` on ``paper``.

    The paper is turned to landscape when that takes fewer pages (the 248 mm WerdUp board is
    two Letter pages on its side instead of four upright). ``"full"`` is one page the size of
    the board with a ``full_border`` all round (by default :data:`PAGE_MARGIN`: the board's
    corner markers and its outline stay out of the edge band that printers cannot print).
    """
    if paper == "full":
        if not full_border >= 0:
            raise ValueError(f"full_border must be 0 mm or more, got {full_border!r}")
        page_size = (sheet.width + 2 * full_border, sheet.height + 2 * full_border)
        return page_size, tile_sheet(sheet.width, sheet.height, *page_size, margin=full_border)
    grid = sheet.grids["board"]
    lines_x = [grid.x + i * grid.pitch_x for i in range(grid.cols + 1)]
    lines_y = [grid.y + i * grid.pitch_y for i in range(grid.rows + 1)]
    w, h = PAPER_SIZES[paper]
    best: tuple[tuple[float, float], list[Piece]] | None = None
    for size in ((w, h), (h, w)):
        pieces = tile_sheet(sheet.width, sheet.height, *size, margin=PAGE_MARGIN,
                            reserve_bottom=CAPTION, snap_x=lines_x, snap_y=lines_y)
        if best is None or len(pieces) < len(best[1]):
            best = (size, pieces)
    assert best is not None
    return best


def _draw_piece(page: Page, piece: Piece, sheet: SheetLayout, game: str, title: str,
                xs: list[float], ys: list[float]) -> None:
    c = page.c
    c.saveState()
    ox, oy = piece.origin
    r = piece.region
    clip = c.beginPath()
    clip.rect(ox * mm, (page.height - oy - r.h) * mm, r.w * mm, r.h * mm)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate((ox - r.x) * mm, -(oy - r.y) * mm)
    # the clip trims what crosses the piece's edges; the window leaves out what lies beyond
    draw_board(Page(c, (page.width, page.height), window=r), sheet, game, title, xs, ys)
    c.restoreState()


def draw_board(page: Page, sheet: SheetLayout, game: str, title: str,
               seam_xs: Sequence[float] = (), seam_ys: Sequence[float] = ()) -> None:
    """The board in sheet coordinates (the caller clips and shifts it onto a page); a ``page``
    with a window draws only what falls in it."""
    accent = ACCENTS[game]
    grid = sheet.grids["board"]
    frame = sheet.boxes["frame"]
    page.rect(Rect(0, 0, sheet.width, sheet.height), stroke="#c9ced4", width=0.3)
    page.rect(frame, stroke=None, fill=accent, radius=1.5)
    if game == "bugwords":  # its triple word squares print as dark as the frame (FRAME_KEYLINE)
        page.rect(frame_keyline(grid.bounds), stroke=KEYLINE_COLOUR, width=FRAME_KEYLINE)
    squares = bugwords_squares() if game == "bugwords" else werdup_squares(grid.rows)
    gap = 0.45
    for row, col, cell in grid.cells():
        sq = squares[row][col]
        _draw_square(page, cell.inset(gap), sq, game)
    for m in sheet.markers:
        draw_marker(page, m)
    # Title in the top margin, coordinates on the grid's edges.
    page.text(sheet.width / 2, BOARD_MARGIN / 2 + 2.2, title.upper(), size=15, font=FONT_BOLD,
              color=accent, align="center", spacing=tracking(15))
    for i in range(grid.cols):
        cx = grid.x + (i + 0.5) * grid.pitch_x
        page.text(cx, grid.y - 3.4, chr(ord("A") + i), size=7, font=FONT_BOLD, color=MUTED,
                  align="center")
        page.text(cx, grid.bounds.bottom + 6.0, chr(ord("A") + i), size=7, font=FONT_BOLD,
                  color=MUTED, align="center")
    for i in range(grid.rows):
        cy = grid.y + (i + 0.5) * grid.pitch_y + 1.2
        page.text(grid.x - 3.6, cy, str(i + 1), size=7, font=FONT_BOLD, color=MUTED,
                  align="right")
        page.text(grid.bounds.right + 3.6, cy, str(i + 1), size=7, font=FONT_BOLD, color=MUTED)
    if game == "bugwords":
        _premium_key(page, sheet)
    else:
        page.text(sheet.width / 2, sheet.height - BOARD_MARGIN / 2 + 4.2,
                  "The first word covers at least one of the "
                  f"{number_word(len(get_rules().beginning))} beginning squares.", size=7,
                  color=MUTED, align="center")
    for x, y, arm in registration_targets(sheet, seam_xs, seam_ys):
        _registration(page, x, y, arm)


def registration_targets(sheet: SheetLayout, seam_xs: Sequence[float] = (),
                         seam_ys: Sequence[float] = ()) -> list[tuple[float, float, float]]:
    """Where the seam targets go (sheet mm): ``(x, y, arm)``, ``arm`` the cross's half-length.

    A vertical seam runs through the middle of the board, where the title stands in the top
    margin and the colour key or the note in the bottom one: its targets sit above the title and
    below the note, clear of the text. A horizontal seam's targets sit in the side margins.
    """
    out = []
    for x in seam_xs:
        out += [(x, 5.0, 4.2), (x, sheet.height - 3.6, 3.0)]
    for y in seam_ys:
        out += [(BOARD_MARGIN / 2, y, 4.2), (sheet.width - BOARD_MARGIN / 2, y, 4.2)]
    return out


PT_MM = 25.4 / 72  # mm per point
# mm between the baselines of a premium square's words, set at SMALLEST_TYPE (a player who
# cannot tell the premiums' colours reads them; they were 6 pt). The photo reader looks for a
# tile's letter in the middle of the square, and a blurred photo runs lines of 7 pt words 3.0
# or 3.2 mm apart into one mark of a letter's height: tilted photos of the bare board read a
# Z or an N on a double letter or double word square. 4.0 mm apart they stay three marks, too
# short for a letter: 137 synthetic photos read with no word list found no letter on a bare
# premium square (6 pt words 3.0 mm apart: a J on one). 3.4-3.8 mm apart, the last line of a
# square just past a Letter or A4 piece's edge came within WINDOW_REACH of it, its ink not:
# a word drawn out of sight on the page.
SQUARE_WORD_PITCH = 4.0


def _draw_square(page: Page, r: Rect, sq: Square, game: str) -> None:
    if game == "werdup":
        page.rect(r, stroke=None, fill=WERDUP_BEGIN if sq.kind == "begin" else WERDUP_SQUARE,
                  radius=0.8)
        if sq.kind == "begin":
            cx, cy = r.center
            page.circle(cx, cy, r.w * 0.34, stroke=ACCENTS["werdup"], width=0.6)
        return
    fill = PREMIUM_COLOURS[sq.kind]
    page.rect(r, stroke=None, fill=fill, radius=0.6)
    cx, cy = r.center
    if sq.kind == "*":
        _star(page, cx, cy, r.w * 0.36, INK)
        return
    ink = WHITE if sq.kind in ("T", "t") else INK
    n = len(sq.label)
    # the words name the premium where its colour is not enough (SQUARE_WORD_PITCH)
    cap = SMALLEST_TYPE * CAP_HEIGHT * PT_MM
    for i, line in enumerate(sq.label):
        page.text(cx, cy + (i - (n - 1) / 2) * SQUARE_WORD_PITCH + cap / 2, line,
                  size=SMALLEST_TYPE, font=FONT_BOLD, color=ink, align="center")


def _star(page: Page, cx: float, cy: float, radius: float, color: str) -> None:
    import math

    pts = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rr = radius if k % 2 == 0 else radius * 0.42
        pts.append((cx + rr * math.cos(a), cy - rr * math.sin(a)))
    page.polygon(pts, fill=color)


def premium_key(sheet: SheetLayout) -> list[tuple[str, str, Rect]]:
    """The colour key centred in the bottom margin: each kind of square, its name and its
    swatch (sheet mm), its name 7 pt at the swatch's right."""
    items = [(k, PREMIUM_NAMES[k].split(":")[0]) for k in ("d", "t", "D", "T", "*")]
    widths = [5.0 + text_width(label, 7) + 6.0 for _, label in items]
    x = (sheet.width - sum(widths)) / 2
    y = sheet.height - BOARD_MARGIN / 2 + 3.0
    out = []
    for (k, label), w in zip(items, widths, strict=True):
        out.append((k, label, Rect(x, y - 3.0, 3.6, 3.6)))
        x += w
    return out


def _premium_key(page: Page, sheet: SheetLayout) -> None:
    """The colour key; the centre's swatch carries the centre square's star, as its yellow
    prints the double letter's grey in black and white."""
    for k, label, swatch in premium_key(sheet):
        page.rect(swatch, stroke=None, fill=PREMIUM_COLOURS[k], radius=0.4)
        if k == "*":
            _star(page, *swatch.center, swatch.w * 0.42, INK)
        page.text(swatch.x + 5.0, swatch.bottom - 0.6, label, size=7, color=INK)


def _registration(page: Page, x: float, y: float, arm: float = 4.2) -> None:
    """A registration target on a seam: the halves line up when the pieces are aligned."""
    page.circle(x, y, 2.6, stroke=INK, width=0.25)
    page.line(x - arm, y, x + arm, y, color=INK, width=0.25)
    page.line(x, y - arm, x, y + arm, color=INK, width=0.25)


def _draw_piece_furniture(page: Page, piece: Piece, title: str) -> None:
    """Cut lines, glue strips and the caption with a map of the pieces."""
    ox, oy = piece.origin
    r = piece.region
    for strip, vertical in glue_strips(piece):
        _glue_strip(page, strip, vertical)
    dash = (2.0, 1.2)
    if piece.trim_left:
        page.line(ox, oy - 4, ox, oy + r.h + 4, color=INK, width=0.3, dash=dash)
    if piece.trim_top:
        page.line(ox - 4, oy, ox + r.w + 4, oy, color=INK, width=0.3, dash=dash)
    # Caption and map.
    y = oy + r.h + 9.0
    cap_x = ox
    page.text(cap_x, y, f"{title} board - piece {piece.number} of {piece.count}", size=9,
              font=FONT_BOLD, color=INK)
    how = []
    if piece.trim_left or piece.trim_top:
        sides = [s for s, on in (("left", piece.trim_left), ("top", piece.trim_top)) if on]
        how.append(f"Cut along the dashed {' and '.join(sides)} "
                   f"{'edges' if len(sides) > 1 else 'edge'}")
    strips = len(glue_strips(piece))  # one under each neighbour to the right and below
    if strips > 1:
        how.append("the grey strips go under the next pieces; line up the targets and glue")
    elif strips:
        how.append("the grey strip goes under the next piece; line up the targets and glue")
    sentence = "; ".join(how)
    page.text(cap_x, y + 4.5, sentence[:1].upper() + sentence[1:] + ".", size=7, color=MUTED)
    cell = 4.0
    mx = ox + r.w - piece.cols * cell
    for rr in range(piece.rows):
        for cc in range(piece.cols):
            on = (rr, cc) == (piece.row, piece.col)
            page.rect(Rect(mx + cc * cell, y - 5.0 + rr * cell, cell - 0.6, cell - 0.6),
                      stroke=INK, fill=INK if on else None, width=0.2)


def glue_strips(piece: Piece) -> list[tuple[Rect, bool]]:
    """The piece's glue strips on its page (mm) under its right and bottom neighbours, each
    with whether it runs up the page (the right-hand one)."""
    ox, oy = piece.origin
    r, own = piece.region, piece.own
    strips = []
    if piece.col < piece.cols - 1:
        strips.append((Rect(ox + own.w, oy, r.w - own.w, r.h), True))
    if piece.row < piece.rows - 1:
        strips.append((Rect(ox, oy + own.h, r.w, r.h - own.h), False))
    return strips


GLUE_LABEL = "GLUE - THE NEXT PIECE GOES OVER THIS STRIP"
GLUE_LABEL_SIZE = SMALLEST_TYPE  # pt
GLUE_LABEL_SPACING = tracking(GLUE_LABEL_SIZE)
GLUE_LABEL_FILL = "#dfe2e6"


def glue_label_box(strip: Rect, vertical: bool) -> Rect:
    """The plain band the glue strip's label sits on, centred in the strip (page mm): the
    squares' own words under it would run through the label's."""
    length = text_width(GLUE_LABEL, GLUE_LABEL_SIZE, FONT_BOLD, GLUE_LABEL_SPACING) + 4.0
    across = 4.0
    w, h = (across, length) if vertical else (length, across)
    cx, cy = strip.center
    return Rect(cx - w / 2, cy - h / 2, w, h)


def _glue_strip(page: Page, strip: Rect, vertical: bool) -> None:
    """A see-through grey strip (the board shows through, for lining up) with a label on a
    plain band."""
    page.rect(strip, stroke=None, fill="#8c959f", alpha=0.35)
    page.rect(glue_label_box(strip, vertical), stroke=None, fill=GLUE_LABEL_FILL, radius=1.0)
    cx, cy = strip.center
    if vertical:
        with page.rotated(cx, cy, -90):
            _glue_label(page, cx, cy)
    else:
        _glue_label(page, cx, cy)


def _glue_label(page: Page, cx: float, cy: float) -> None:
    page.text(cx, cy + 1.0, GLUE_LABEL, size=GLUE_LABEL_SIZE, font=FONT_BOLD, color=INK,
              align="center", spacing=GLUE_LABEL_SPACING)
