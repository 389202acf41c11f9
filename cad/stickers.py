"""The ArUco marker stickers for the board's frame pockets, as a true-scale picture."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.layout.werdup_board import BoardLayout

PX_PER_MM = 30  # 762 dpi: every marker module is a whole number of pixels
MM_PER_INCH = 25.4


def marker_image(layout: BoardLayout, marker_id: int, px_per_mm: int = PX_PER_MM) -> np.ndarray:
    """One marker (black border included) as a grey image ``marker_size`` mm across."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.aruco_dictionary))
    side = round(layout.marker_size * px_per_mm)
    return cv2.aruco.generateImageMarker(dictionary, marker_id, side)


def sticker_sheet(layout: BoardLayout, font: Path, px_per_mm: int = PX_PER_MM) -> Image.Image:
    """All the board's stickers, each a white square ``sticker_size`` mm across with a thin
    grey cutting line, its marker centred, and a caption saying where it goes."""
    cell_w, cell = layout.sticker_size + 14.0, layout.sticker_size + 13.0  # mm, with caption
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
                  f"id {spot.id}, quarter {spot.quarter}\n{spot.name}", fill=0,
                  font=caption)
    return img


def save_sticker_sheet(layout: BoardLayout, font: Path, path: Path) -> None:
    dpi = PX_PER_MM * MM_PER_INCH
    sticker_sheet(layout, font).save(path, dpi=(dpi, dpi), optimize=True)
