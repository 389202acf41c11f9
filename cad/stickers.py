"""The ArUco marker stickers for the board's frame pockets: a true-size PDF (vector markers,
a 50 mm scale bar to check the print) for A4 and Letter paper, and a 762 dpi picture."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.layout.sheets import PAPER_SIZES
from companion.layout.werdup_board import BoardLayout
from printables.canvas import use_fonts
from printables.markers import marker_bits
from printables.style import FONT, FONT_BOLD

PX_PER_MM = 30  # 762 dpi: every marker module is a whole number of pixels
MM_PER_INCH = 25.4
PAPERS = {paper: PAPER_SIZES[paper] for paper in ("a4", "letter")}  # mm, portrait
SCALE_BAR = 50.0  # mm: the printed check bar


def marker_image(layout: BoardLayout, marker_id: int, px_per_mm: int = PX_PER_MM) -> np.ndarray:
    """One marker (black border included) as a grey image ``marker_size`` mm across."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.aruco_dictionary))
    side = round(layout.marker_size * px_per_mm)
    return cv2.aruco.generateImageMarker(dictionary, marker_id, side)


def sticker_sheet(layout: BoardLayout, font: Path, px_per_mm: int = PX_PER_MM) -> Image.Image:
    """All the board's stickers, each a white square ``sticker_size`` mm across with a thin
    grey cutting line, its marker centred, and a caption saying where it goes."""
    cell_w, cell = layout.sticker_size + 20.0, layout.sticker_size + 13.0  # mm, with caption
    cols = 3
    rows = -(-len(layout.markers) // cols)
    w, h = round((cols * cell_w + 10) * px_per_mm), round((rows * cell + 24) * px_per_mm)
    img = Image.new("L", (w, h), 255)
    draw = ImageDraw.Draw(img)
    caption = ImageFont.truetype(str(font), round(2.6 * px_per_mm))
    title = ImageFont.truetype(str(font), round(3.5 * px_per_mm))
    draw.text((5 * px_per_mm, 4 * px_per_mm),
              "WerdUp board stickers, print at 100 %\nthe arrow points to the board top",
              fill=0, font=title)
    for i, spot in enumerate(layout.markers):
        r, c = divmod(i, cols)
        x0 = round((5 + c * cell_w + 5) * px_per_mm)
        y0 = round((17 + r * cell) * px_per_mm)
        s = round(layout.sticker_size * px_per_mm)
        draw.rectangle([x0, y0, x0 + s, y0 + s], outline=170, width=2)
        marker = Image.fromarray(marker_image(layout, spot.id, px_per_mm))
        off = (s - marker.width) // 2
        img.paste(marker, (x0 + off, y0 + off))
        # a small arrow above the marker: this edge faces the board's top edge
        ax = x0 + s // 2
        draw.polygon([(ax, y0 + 4), (ax - 12, y0 + off - 6), (ax + 12, y0 + off - 6)], fill=120)
        draw.text((x0, y0 + s + round(1.0 * px_per_mm)),
                  f"id {spot.id}: {spot.pocket}\n{spot.quarter_place} quarter", fill=0,
                  font=caption)
    return img


def save_sticker_sheet(layout: BoardLayout, font: Path, path: Path) -> None:
    dpi = PX_PER_MM * MM_PER_INCH
    sticker_sheet(layout, font).save(path, dpi=(dpi, dpi), optimize=True)


def marker_modules(layout: BoardLayout, marker_id: int) -> np.ndarray:
    """The marker's modules (border included) as a boolean array, True for black."""
    return np.array(marker_bits(marker_id, layout.aruco_dictionary), dtype=bool)


def sticker_pdf(layout: BoardLayout, path: Path, paper: str = "a4") -> None:
    """All the board's stickers at true size on one page of ``paper``: each a square
    ``sticker_size`` mm across with a thin cutting line, its marker drawn as vector squares,
    an arrow to the board's top and a caption; above them a 50 mm bar to measure."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r}")
    pw, ph = PAPERS[paper]
    use_fonts()
    c = Canvas(str(path), pagesize=(pw * mm, ph * mm), invariant=1, pageCompression=1,
               initialFontName=FONT)
    c.setTitle("WerdUp board stickers")
    c.setAuthor("companion")
    c.setCreator("companion cad")
    c.setSubject(f"{len(layout.markers)} marker stickers at true size, {paper}")

    def at(x: float, y: float) -> tuple[float, float]:  # mm from the top-left corner
        return x * mm, (ph - y) * mm

    left, top = 20.0, 20.0
    c.setFont(FONT_BOLD, 14)
    c.drawString(*at(left, top), "WerdUp board stickers")
    c.setFont(FONT, 9.5)
    lines = ["Print at 100 % (actual size; turn off 'fit to page'), then measure the bar below:",
             "it must be 50 mm long. If it is not, the stickers are the wrong size for the",
             "pockets and the photo reader: fix the print scale and print again.",
             "Cut along the grey lines; stick each one in its pocket with the arrow towards",
             "the board's top edge (row 1)."]
    for i, line in enumerate(lines):
        c.drawString(*at(left, top + 7 + 4.6 * i), line)
    # the scale bar: black, with millimetre ticks and a label under it
    bar_y = top + 36
    c.setFillColorRGB(0, 0, 0)
    c.rect(*at(left, bar_y + 2.0), SCALE_BAR * mm, 2.0 * mm, stroke=0, fill=1)
    c.setLineWidth(0.15 * mm)
    for k in range(int(SCALE_BAR) + 1):
        tick = 3.0 if k % 10 == 0 else (2.0 if k % 5 == 0 else 1.0)
        c.line(*at(left + k, bar_y - tick), *at(left + k, bar_y))
    c.setFont(FONT_BOLD, 10)
    c.drawString(*at(left + SCALE_BAR + 4, bar_y + 1.5), "measure this: 50 mm")
    # the stickers
    side = layout.sticker_size
    cols = 4
    pitch_x, pitch_y = side + 24.0, side + 14.0
    first_y = bar_y + 12
    for i, spot in enumerate(layout.markers):
        r, k = divmod(i, cols)
        x0, y0 = left + k * pitch_x, first_y + r * pitch_y
        c.setStrokeColorRGB(0.62, 0.62, 0.62)
        c.setLineWidth(0.2 * mm)
        c.rect(*at(x0, y0 + side), side * mm, side * mm, stroke=1, fill=0)
        modules = marker_modules(layout, spot.id)
        n = modules.shape[0]
        module = layout.marker_size / n
        mx, my = x0 + (side - layout.marker_size) / 2, y0 + (side - layout.marker_size) / 2
        c.setFillColorRGB(0, 0, 0)
        for row in range(n):
            for col in range(n):
                if modules[row, col]:
                    # a hair wider than the module, so neighbours leave no white seam
                    c.rect(*at(mx + col * module, my + (row + 1) * module),
                           module * mm + 0.02, module * mm + 0.02, stroke=0, fill=1)
        # the arrow in the quiet zone above the marker: this edge faces the board's top
        ax, ay = x0 + side / 2, y0 + 0.35
        c.setFillColorRGB(0.45, 0.45, 0.45)
        arrow = c.beginPath()
        arrow.moveTo(*at(ax, ay))
        arrow.lineTo(*at(ax - 1.2, my - 0.35))
        arrow.lineTo(*at(ax + 1.2, my - 0.35))
        arrow.close()
        c.drawPath(arrow, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(FONT, 7)
        c.drawString(*at(x0, y0 + side + 3.5), f"id {spot.id}: {spot.pocket}")
        c.drawString(*at(x0, y0 + side + 6.5), f"{spot.quarter_place} quarter")
    c.showPage()
    c.save()
