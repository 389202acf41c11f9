"""Synthetic photos of a PDQ deal: the companion's own printed cards on a table."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from printables.raster import pdf_page_image
from synthetic.camera import Camera, photograph, table_background


@cache
def card_image(letter: str, px_per_mm: float = 6.0) -> np.ndarray:
    """One PDQ card as the companion prints it (``printables.deck.draw_card``), BGR."""
    from companion.layout.sheets import Rect
    from companion.pdq.deck import alternate_points
    from printables.canvas import Page, new_canvas
    from printables.deck import CARD_H, CARD_W, draw_card

    c, buf = new_canvas((CARD_W, CARD_H), "card")
    draw_card(Page(c, (CARD_W, CARD_H)), Rect(0, 0, CARD_W, CARD_H), letter,
              alternate_points().get(letter, 1))
    c.showPage()
    c.save()
    return pdf_page_image(buf.getvalue(), px_per_mm * 25.4)


def deal_photo(letters: list[str], rng: np.random.Generator, camera: Camera | None = None,
               covered: int | None = None) -> bytes:
    """A JPEG photo of ``letters`` dealt left to right on a table (turned a little, some
    upside down or sideways), taken at an angle; the card at position ``covered`` (0-based)
    hidden under something dark and round a little bigger than it, when given. The
    same ``rng`` deals the same table and cards, covered or not."""
    cam = camera or Camera()
    cards = [card_image(t) for t in letters]
    ch, cw = cards[0].shape[:2]
    w = round(cw * (len(cards) + 1) * 1.6)
    h = round(w * 0.75)
    mat_cam = Camera(width=w, height=h)
    table = table_background(mat_cam, rng)
    table = (table.astype(np.float32) * 0.7).astype(np.uint8)
    for i, card in enumerate(cards):
        turn = int(rng.choice([0, 0, 0, 2, 1]))
        img = np.ascontiguousarray(np.rot90(card, turn))
        ih, iw = img.shape[:2]
        cx = (i + 1) * w / (len(cards) + 1) + rng.uniform(-0.05, 0.05) * cw
        cy = h / 2 + rng.uniform(-0.05, 0.05) * h
        m = cv2.getRotationMatrix2D((iw / 2, ih / 2), rng.uniform(-12, 12), 1.0)
        m[:, 2] += (cx - iw / 2, cy - ih / 2)
        cv2.warpAffine(img, m, (w, h), dst=table, borderMode=cv2.BORDER_TRANSPARENT)
        if i == covered:  # an oval a little bigger than the card, turned as it is
            centre = m @ np.array([iw / 2, ih / 2, 1])
            angle = float(np.degrees(np.arctan2(m[1, 0], m[0, 0])))
            cv2.ellipse(table, (round(centre[0]), round(centre[1])),
                        (round(0.76 * iw), round(0.76 * ih)), angle, 0, 360, (38, 34, 40), -1)
    shot = Camera(width=cam.width, height=cam.height, max_tilt=min(cam.max_tilt, 30),
                  max_rotation=8, fill=(1.2, 1.3), max_blur=cam.max_blur, noise=cam.noise,
                  jpeg_quality=cam.jpeg_quality, light_gradient=cam.light_gradient,
                  shadow=cam.shadow * 0.6)
    jpg, _, _ = photograph(table, shot, rng)
    return jpg
