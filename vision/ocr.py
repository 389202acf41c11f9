"""Tesseract as a letter classifier: "run it" (the real binary) and "parse its output".

Cells are laid out as a mosaic (one text line per board row, letters spaced apart) and read in
one call with ``makebox`` output, whose character boxes map back to cells.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass

import cv2
import numpy as np

from vision.errors import NotSetUp, VisionError

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Box:
    """One recognised character and its box in top-left-origin pixels."""

    char: str
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def center(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)


def parse_boxes(text: str, image_height: int) -> list[Box]:
    """Parse Tesseract ``makebox`` output ("c x0 y0 x1 y1 page", bottom-left origin)."""
    boxes = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 6:
            continue
        ch, x0, y0, x1, y1, _ = parts
        try:
            a, b, c, d = int(x0), int(y0), int(x1), int(y1)
        except ValueError:
            continue
        boxes.append(Box(ch, a, image_height - d, c, image_height - b))
    return boxes


class Tesseract:
    """The ``tesseract`` binary; construction fails clearly when it is not installed."""

    def __init__(self, binary: str = "tesseract") -> None:
        path = shutil.which(binary)
        if path is None:
            raise NotSetUp("Tesseract is not installed: install the tesseract-ocr package")
        self.binary = path

    def boxes(self, gray: np.ndarray, psm: int = 6, whitelist: str = LETTERS) -> str:
        """Run Tesseract on a (H, W) uint8 image; returns its raw ``makebox`` text."""
        ok, png = cv2.imencode(".png", gray)
        if not ok:
            raise VisionError("could not encode the image for Tesseract")
        cmd = [self.binary, "stdin", "stdout", "--psm", str(psm), "-l", "eng",
               "-c", f"tessedit_char_whitelist={whitelist}", "makebox"]
        try:
            res = subprocess.run(cmd, input=png.tobytes(), capture_output=True, timeout=60)
        except subprocess.TimeoutExpired as exc:
            raise VisionError("Tesseract took too long") from exc
        if res.returncode != 0:
            msg = res.stderr.decode(errors="replace").strip().splitlines()
            raise VisionError(f"Tesseract failed: {msg[-1] if msg else res.returncode}")
        return res.stdout.decode(errors="replace")


SLOT = 48  # mosaic slot per glyph (pixels)
GAP = 48


def mosaic(glyphs: list[list[np.ndarray | None]]) -> np.ndarray:
    """Glyphs (float, ink = 1) as black-on-white text lines: one line per row, one slot each."""
    rows = len(glyphs)
    cols = max(len(r) for r in glyphs)
    h = GAP + rows * (SLOT + GAP)
    w = GAP + cols * (SLOT + GAP)
    out = np.full((h, w), 255, np.uint8)
    for r, row in enumerate(glyphs):
        for c, g in enumerate(row):
            if g is None:
                continue
            small = cv2.resize(g, (SLOT - 12, SLOT - 12), interpolation=cv2.INTER_LINEAR)
            y, x = GAP + r * (SLOT + GAP) + 6, GAP + c * (SLOT + GAP) + 6
            out[y: y + SLOT - 12, x: x + SLOT - 12] = (255 - small * 255).astype(np.uint8)
    return out


def slot_of(box: Box) -> tuple[int, int]:
    cx, cy = box.center
    return int((cy - GAP / 2) // (SLOT + GAP)), int((cx - GAP / 2) // (SLOT + GAP))


def read_glyphs(tess: Tesseract, glyphs: list[list[np.ndarray | None]]) -> list[list[str]]:
    """Tesseract's letter for every glyph slot ("" where it saw nothing)."""
    rows, cols = len(glyphs), max(len(r) for r in glyphs)
    text = [[""] * cols for _ in range(rows)]
    if not any(g is not None for row in glyphs for g in row):
        return text
    img = mosaic(glyphs)
    for box in parse_boxes(tess.boxes(img), img.shape[0]):
        r, c = slot_of(box)
        if 0 <= r < rows and 0 <= c < cols and box.char.isalpha() and not text[r][c]:
            text[r][c] = box.char.upper()  # the leftmost box; later ones are broken-off parts
    return text
