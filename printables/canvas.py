"""A thin drawing layer over a ReportLab canvas, in millimetres from the page's top-left corner.

Documents are written in invariant mode, so the same inputs always give byte-identical PDFs.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import Canvas

from companion.errors import CompanionError
from companion.layout.sheets import Rect
from printables.style import CAP_HEIGHT, FONT, FONT_DIR, FONT_FILES, FONT_PACKAGE, INK

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


def text_width(text: str, size: float, font: str = FONT) -> float:
    """Width of ``text`` in mm at ``size`` points."""
    use_fonts()
    return stringWidth(text, font, size) / mm


class Page:
    """Drawing on one page in mm with a top-left origin (y downwards)."""

    def __init__(self, canvas: Canvas, size_mm: tuple[float, float]) -> None:
        self.c = canvas
        self.width, self.height = size_mm

    # -- coordinates --------------------------------------------------------------------------
    def _pt(self, x: float, y: float) -> tuple[float, float]:
        return x * mm, (self.height - y) * mm

    # -- primitives ---------------------------------------------------------------------------
    def rect(self, r: Rect, *, stroke: str | None = INK, fill: str | None = None,
             width: float = 0.3, radius: float = 0.0, dash: Sequence[float] | None = None,
             alpha: float = 1.0) -> None:
        """A rectangle; ``width`` is the line width in mm, ``alpha`` the fill's opacity."""
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
        c = self.c
        c.saveState()
        self._paint(color, None, width, dash)
        c.line(*self._pt(x1, y1), *self._pt(x2, y2))
        c.restoreState()

    def circle(self, cx: float, cy: float, r: float, *, stroke: str | None = INK,
               fill: str | None = None, width: float = 0.3) -> None:
        c = self.c
        c.saveState()
        self._paint(stroke, fill, width, None)
        c.circle(*self._pt(cx, cy), r * mm, stroke=int(stroke is not None),
                 fill=int(fill is not None))
        c.restoreState()

    def polygon(self, points: Sequence[tuple[float, float]], *, stroke: str | None = None,
                fill: str | None = INK, width: float = 0.3) -> None:
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
        """Text with its baseline at ``y``; ``align`` is left, center or right of ``x``."""
        c = self.c
        c.saveState()
        c.setFillColor(HexColor(color))
        t = c.beginText()
        t.setFont(font, size)
        if spacing:
            t.setCharSpace(spacing)
        w = text_width(text, size, font) + spacing * max(len(text) - 1, 0) / mm
        dx = {"left": 0.0, "center": -w / 2, "right": -w}[align]
        t.setTextOrigin(*self._pt(x + dx, y))
        t.textOut(text)
        c.drawText(t)
        c.restoreState()

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

    def __enter__(self) -> Page:
        c = self.page.c
        c.saveState()
        px, py = self.page._pt(self.cx, self.cy)
        c.translate(px, py)
        c.rotate(-self.deg)
        c.translate(-px, -py)
        return self.page

    def __exit__(self, *exc: object) -> None:
        self.page.c.restoreState()
