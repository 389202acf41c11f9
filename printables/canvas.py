"""A thin drawing layer over a ReportLab canvas, in millimetres from the page's top-left corner.

Documents are written in invariant mode, so the same inputs always give byte-identical PDFs.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence
from functools import cache

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import Canvas

from companion.errors import CompanionError
from companion.layout.sheets import Rect
from printables.style import (
    CAP_HEIGHT,
    FONT,
    FONT_DIR,
    FONT_FILES,
    FONT_PACKAGE,
    INK,
    SPACE_GAP,
)

_fonts_lock = threading.Lock()


def use_fonts() -> None:
    """Register the printables' fonts with ReportLab (once), so every PDF embeds them."""
    with _fonts_lock:
        registered = set(pdfmetrics.getRegisteredFontNames())
        for name, file in FONT_FILES.items():
            if name in registered:
                continue
            path = FONT_DIR / file
            try:
                pdfmetrics.registerFont(TTFont(name, str(path)))
            except (OSError, TTFError) as exc:
                raise CompanionError(
                    f"The printables' font {path} is missing or unreadable: install the "
                    f"{FONT_PACKAGE} package (scripts/system-packages.txt lists it)."
                ) from exc


def new_canvas(size_mm: tuple[float, float], title: str,
               subject: str = "") -> tuple[Canvas, io.BytesIO]:
    """A canvas writing to memory in invariant mode, with document metadata."""
    use_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(size_mm[0] * mm, size_mm[1] * mm), invariant=1,
               pageCompression=1, initialFontName=FONT)
    c.setTitle(title)
    c.setAuthor("companion")
    c.setCreator("companion printables")
    c.setSubject(subject or title)
    return c, buf


def text_width(text: str, size: float, font: str = FONT, spacing: float = 0.0) -> float:
    """Width of ``text`` in mm at ``size`` points, its letters ``spacing`` points apart."""
    use_fonts()
    return (stringWidth(text, font, size) + spacing * max(len(text) - 1, 0)) / mm


# A renderer clips to whole pixels: drawing this close outside the window (mm) can still tint
# the pixels on its edge (at 60 dpi a pixel is 0.42 mm), so it is kept.
WINDOW_REACH = 0.5


@cache
def letter_box(font: str, ch: str) -> tuple[float, float, float, float] | None:
    """The box ``ch`` takes in ``font``: (left, right, bottom, top) in fractions of the font
    size from its origin on the baseline (y up): its advance width, the font's descent and
    ascent, which hold its ink; None for white space, which leaves none."""
    if ch.isspace():
        return None
    use_fonts()
    ascent, descent = pdfmetrics.getAscentDescent(font, 1.0)
    return 0.0, stringWidth(ch, font, 1.0), descent, ascent


class Page:
    """Drawing on one page in mm with a top-left origin (y downwards).

    ``window`` (drawing coordinates, mm) is the part of the drawing that shows when the caller
    clips the page to it: a shape wholly outside it is left out, and a line of text keeps only
    the letters that reach into it, so the PDF carries no hidden drawing or words.
    """

    def __init__(self, canvas: Canvas, size_mm: tuple[float, float],
                 window: Rect | None = None) -> None:
        self.c = canvas
        self.width, self.height = size_mm
        self.window = window

    def shows(self, left: float, top: float, right: float, bottom: float) -> bool:
        """Whether any of the box (drawing mm) falls inside the window, or within
        :data:`WINDOW_REACH` of it (always, without a window)."""
        w, d = self.window, WINDOW_REACH
        return w is None or (left < w.right + d and right > w.x - d and top < w.bottom + d
                             and bottom > w.y - d)

    # -- coordinates --------------------------------------------------------------------------
    def _pt(self, x: float, y: float) -> tuple[float, float]:
        return x * mm, (self.height - y) * mm

    # -- primitives ---------------------------------------------------------------------------
    def rect(self, r: Rect, *, stroke: str | None = INK, fill: str | None = None,
             width: float = 0.3, radius: float = 0.0, dash: Sequence[float] | None = None,
             alpha: float = 1.0) -> None:
        """A rectangle; ``width`` is the line width in mm, ``alpha`` the fill's opacity."""
        half = width / 2 if stroke is not None else 0.0
        if not self.shows(r.x - half, r.y - half, r.right + half, r.bottom + half):
            return
        c = self.c
        c.saveState()
        self._paint(stroke, fill, width, dash)
        if alpha < 1.0:
            c.setFillAlpha(alpha)
        x, y = self._pt(r.x, r.bottom)
        if radius:
            c.roundRect(x, y, r.w * mm, r.h * mm, radius * mm,
                        stroke=int(stroke is not None), fill=int(fill is not None))
        else:
            c.rect(x, y, r.w * mm, r.h * mm, stroke=int(stroke is not None),
                   fill=int(fill is not None))
        c.restoreState()

    def line(self, x1: float, y1: float, x2: float, y2: float, *, color: str = INK,
             width: float = 0.3, dash: Sequence[float] | None = None) -> None:
        half = width / 2
        if not self.shows(min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half,
                          max(y1, y2) + half):
            return
        c = self.c
        c.saveState()
        self._paint(color, None, width, dash)
        c.line(*self._pt(x1, y1), *self._pt(x2, y2))
        c.restoreState()

    def circle(self, cx: float, cy: float, r: float, *, stroke: str | None = INK,
               fill: str | None = None, width: float = 0.3) -> None:
        reach = r + (width / 2 if stroke is not None else 0.0)
        if not self.shows(cx - reach, cy - reach, cx + reach, cy + reach):
            return
        c = self.c
        c.saveState()
        self._paint(stroke, fill, width, None)
        c.circle(*self._pt(cx, cy), r * mm, stroke=int(stroke is not None),
                 fill=int(fill is not None))
        c.restoreState()

    def polygon(self, points: Sequence[tuple[float, float]], *, stroke: str | None = None,
                fill: str | None = INK, width: float = 0.3) -> None:
        half = width / 2 if stroke is not None else 0.0
        xs, ys = [x for x, _ in points], [y for _, y in points]
        if not self.shows(min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half):
            return
        c = self.c
        c.saveState()
        self._paint(stroke, fill, width, None)
        p = c.beginPath()
        p.moveTo(*self._pt(*points[0]))
        for pt in points[1:]:
            p.lineTo(*self._pt(*pt))
        p.close()
        c.drawPath(p, stroke=int(stroke is not None), fill=int(fill is not None))
        c.restoreState()

    def text(self, x: float, y: float, text: str, *, size: float, font: str = FONT,
             color: str = INK, align: str = "left", spacing: float = 0.0) -> None:
        """Text with its baseline at ``y``; ``align`` is left, center or right of ``x``; its
        letters ``spacing`` points apart (less than :data:`~printables.style.SPACE_GAP` of the
        size, or a program copying the text would find a space between each two).

        With a window, only the letters that reach into it are written, each where it stands
        in the whole line.
        """
        if spacing >= SPACE_GAP * size:
            raise ValueError(f"letter spacing {spacing} pt at {size} pt reads as spaces between "
                             f"the letters of {text!r} (keep it below {SPACE_GAP} of the size)")
        w = text_width(text, size, font, spacing)
        dx = {"left": 0.0, "center": -w / 2, "right": -w}[align]
        left = x + dx
        if self.window is not None:
            text, left = self._letters_shown(text, left, y, size, font, spacing)
            if not text:
                return
        c = self.c
        c.saveState()
        c.setFillColor(HexColor(color))
        t = c.beginText()
        t.setFont(font, size)
        if spacing:
            t.setCharSpace(spacing)
        t.setTextOrigin(*self._pt(left, y))
        t.textOut(text)
        c.drawText(t)
        c.restoreState()

    def _letters_shown(self, text: str, left: float, y: float, size: float, font: str,
                       spacing: float) -> tuple[str, float]:
        """The run of ``text``'s letters whose boxes fall in the window, and its left x."""
        em = size / mm  # the font size in mm
        shown: list[int] = []
        starts: list[float] = []
        at = left
        for i, ch in enumerate(text):
            box = letter_box(font, ch)
            if box is not None and self.shows(at + box[0] * em, y - box[3] * em,
                                              at + box[1] * em, y - box[2] * em):
                shown.append(i)
            starts.append(at)
            at += text_width(ch, size, font) + spacing / mm
        if not shown:
            return "", left
        return text[shown[0]:shown[-1] + 1], starts[shown[0]]

    def text_in(self, r: Rect, text: str, *, size: float, font: str = FONT, color: str = INK,
                align: str = "center", pad: float = 1.5) -> None:
        """Text vertically centred (by cap height) in ``r``."""
        baseline = r.y + r.h / 2 + size * CAP_HEIGHT * 0.3528 / 2
        x = {"left": r.x + pad, "center": r.x + r.w / 2, "right": r.right - pad}[align]
        self.text(x, baseline, text, size=size, font=font, color=color, align=align)

    def rotated(self, cx: float, cy: float, degrees: float) -> _Rotation:
        """A context in which drawing is rotated by ``degrees`` (clockwise) about ``(cx, cy)``."""
        return _Rotation(self, cx, cy, degrees)

    def _paint(self, stroke: str | None, fill: str | None, width: float,
               dash: Sequence[float] | None) -> None:
        c = self.c
        if stroke is not None:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width * mm)
        if fill is not None:
            c.setFillColor(HexColor(fill))
        if dash:
            c.setDash([d * mm for d in dash])


class _Rotation:
    def __init__(self, page: Page, cx: float, cy: float, degrees: float) -> None:
        self.page, self.cx, self.cy, self.deg = page, cx, cy, degrees
        self.window: Rect | None = None

    def __enter__(self) -> Page:
        # the window is not turned with the drawing: draw everything while turned
        self.window, self.page.window = self.page.window, None
        c = self.page.c
        c.saveState()
        px, py = self.page._pt(self.cx, self.cy)
        c.translate(px, py)
        c.rotate(-self.deg)
        c.translate(-px, -py)
        return self.page

    def __exit__(self, *exc: object) -> None:
        self.page.c.restoreState()
        self.page.window = self.window
