"""The furniture shared by the sheets: title band, write-in fields, footer, crop marks."""

from __future__ import annotations

from collections.abc import Sequence

from companion.layout.sheets import Rect
from printables.canvas import Page, text_width
from printables.style import (
    CUT,
    FONT,
    FONT_BOLD,
    INK,
    MUTED,
    PAGE_MARGIN,
    RULE,
    SMALLEST_TYPE,
    UNPRINTABLE,
    tracking,
)


def title_band(page: Page, title: str, kicker: str, accent: str,
               fields: Sequence[tuple[str, float]] = (), top: float = PAGE_MARGIN,
               left: float = PAGE_MARGIN, right: float | None = None) -> float:
    """Big title with a small letter-spaced kicker above it, write-in fields on the right.

    ``fields`` are ``(label, width_mm)``; returns the y just below the band's rule.
    """
    right = page.width - PAGE_MARGIN if right is None else right
    page.text(left, top + 3.2, kicker.upper(), size=7.5, font=FONT_BOLD, color=MUTED,
              spacing=tracking(7.5))
    page.text(left, top + 12.5, title, size=24, font=FONT_BOLD, color=accent)
    x = right
    for label, w in reversed(fields):
        x -= w
        write_in(page, x, top + 12.5, w, label)
        x -= 5.0
    page.line(left, top + 16.0, right, top + 16.0, color=accent, width=0.8)
    return top + 16.0


def write_in(page: Page, x: float, baseline: float, width: float, label: str) -> None:
    """A small label with a rule to write on: ``Date ______``."""
    page.text(x, baseline - 6.5, label.upper(), size=SMALLEST_TYPE, font=FONT_BOLD, color=MUTED,
              spacing=tracking(SMALLEST_TYPE))
    page.line(x, baseline, x + width, baseline, color=RULE, width=0.3)


def footer(page: Page, text: str, y: float | None = None) -> None:
    """One muted line centred at the bottom margin."""
    y = page.height - PAGE_MARGIN + 2.0 if y is None else y
    page.text(page.width / 2, y, text, size=7, color=MUTED, align="center")


def page_of(number: int, total: int) -> str:
    """Which page of a document this is, as every multi-page printable says it in its foot
    or margin: "page 2 of 4"."""
    return f"page {number} of {total}"


def section_label(page: Page, x: float, y: float, label: str, accent: str,
                  note: str = "") -> None:
    """A small capitals heading with an optional muted note after it (baseline at ``y``)."""
    page.text(x, y, label.upper(), size=8, font=FONT_BOLD, color=accent, spacing=tracking(8))
    if note:
        w = text_width(label.upper(), 8, FONT_BOLD, tracking(8))
        page.text(x + w + 3.0, y, note, size=7.5, font=FONT, color=MUTED)


def crop_marks(page: Page, r: Rect, length: float = 4.0, offset: float = 1.5) -> None:
    """Printer's crop marks just outside the corners of ``r`` (kept off the unprintable edge)."""
    for x in (r.x, r.right):
        for y in (r.y, r.bottom):
            sx = -1 if x == r.x else 1
            sy = -1 if y == r.y else 1
            _tick(page, x, y, sx, 0, length, offset)
            _tick(page, x, y, 0, sy, length, offset)


def _tick(page: Page, x: float, y: float, dx: int, dy: int, length: float,
          offset: float) -> None:
    """A crop mark from (``x``, ``y``) outwards along (``dx``, ``dy``), ``offset`` clear of it.

    Where the page edge is too near for the full mark, the gap and the mark shrink so that it
    still ends :data:`UNPRINTABLE` mm inside the edge (a printer would lose the rest); a mark
    with no room left is not drawn.
    """
    if dx:
        room = (x if dx < 0 else page.width - x) - UNPRINTABLE
    else:
        room = (y if dy < 0 else page.height - y) - UNPRINTABLE
    if room < offset + length:
        offset = min(offset, room / 3)
        length = room - offset
    if length < 0.8:
        return
    page.line(x + dx * offset, y + dy * offset, x + dx * (offset + length),
              y + dy * (offset + length), color=INK, width=0.2)


def cut_lines(page: Page, xs: Sequence[float], ys: Sequence[float], top: float, bottom: float,
              left: float, right: float) -> None:
    """Thin grey guides along every cut of a sheet of cards or tiles."""
    for x in xs:
        page.line(x, top, x, bottom, color=CUT, width=0.15)
    for y in ys:
        page.line(left, y, right, y, color=CUT, width=0.15)


def gang_marks(page: Page, xs: Sequence[float], ys: Sequence[float], length: float = 4.0,
               offset: float = 1.5) -> None:
    """Crop marks for a block of cards butted together: a tick outside the block on every cut."""
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    for x in xs:
        _tick(page, x, top, 0, -1, length, offset)
        _tick(page, x, bottom, 0, 1, length, offset)
    for y in ys:
        _tick(page, left, y, -1, 0, length, offset)
        _tick(page, right, y, 1, 0, length, offset)
