"""Helpers for checking PDFs: text with positions (for golden files), qpdf, rendering."""

from __future__ import annotations

import io
import json
import os
import subprocess
from pathlib import Path

import numpy as np
from pypdf import PdfReader

GOLDEN = Path(__file__).parent / "golden" / "printables"
UPDATE = os.environ.get("COMPANION_UPDATE_GOLDEN") == "1"
TOLERANCE_PT = 0.5


def text_items(pdf: bytes) -> list[list[list]]:
    """Per page, every text run as ``[text, x, y]`` in points (PDF coordinates)."""
    pages = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        items: list[list] = []

        def visit(text, cm, tm, font, size, items=items):
            if text.strip():
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                items.append([text, round(x, 1), round(y, 1)])

        page.extract_text(visitor_text=visit)
        pages.append(items)
    return pages


def text_sizes(pdf: bytes) -> list[list[tuple[str, float]]]:
    """Per page, every text run and the size it is printed at, in points (its font size scaled
    by the text and graphics matrices, so a run drawn scaled or turned counts as it prints)."""
    pages = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        items: list[tuple[str, float]] = []

        def visit(text, cm, tm, font, size, items=items):
            if text.strip():
                scale = float(np.hypot(tm[2], tm[3]) * np.hypot(cm[2], cm[3]))
                items.append((text, round(size * scale, 2)))

        page.extract_text(visitor_text=visit)
        pages.append(items)
    return pages


def page_sizes_mm(pdf: bytes) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width) / 72 * 25.4, 1),
             round(float(p.mediabox.height) / 72 * 25.4, 1))
            for p in PdfReader(io.BytesIO(pdf)).pages]


def assert_matches_golden(name: str, pdf: bytes) -> None:
    """Compare the text and positions with ``golden/printables/NAME.json`` (0.5 pt tolerance).

    Set COMPANION_UPDATE_GOLDEN=1 to rewrite the golden file after an intended change.
    """
    got = text_items(pdf)
    path = GOLDEN / f"{name}.json"
    if UPDATE or not path.exists():
        if not UPDATE:
            raise AssertionError(f"missing golden file {path}; run with COMPANION_UPDATE_GOLDEN=1")
        path.write_text(json.dumps(got, indent=0) + "\n", encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert len(got) == len(want), f"{name}: {len(got)} pages, golden has {len(want)}"
    for n, (g, w) in enumerate(zip(got, want, strict=True), start=1):
        assert [t for t, _, _ in g] == [t for t, _, _ in w], f"{name} page {n}: text differs"
        for (t, gx, gy), (_, wx, wy) in zip(g, w, strict=True):
            assert abs(gx - wx) <= TOLERANCE_PT and abs(gy - wy) <= TOLERANCE_PT, (
                f"{name} page {n}: {t!r} at ({gx}, {gy}), golden ({wx}, {wy})")


def words_not_found_whole(pdf: bytes, tmp_path: Path) -> list[tuple[str, str]]:
    """Each word of two or more letters the document draws that pdftotext, in its reading
    order and in the order drawn (``-raw``), does not find whole as often as it is drawn, with
    the mode; empty when all are found (a word next to a number may be found joined to it)."""
    from collections import Counter

    drawn = Counter(w for page in text_items(pdf) for t, _, _ in page for w in t.split()
                    if len(w) > 1 and w.isalpha())
    path = tmp_path / "words.pdf"
    path.write_bytes(pdf)
    missing = []
    for mode in ("", "-raw"):
        found = subprocess.run(["pdftotext", *([mode] if mode else []), str(path), "-"],
                               capture_output=True, text=True, check=True).stdout.split()
        missing += [(word, mode or "reading order") for word, n in sorted(drawn.items())
                    if sum(word in f for f in found) < n]
    return missing


def qpdf_check(path: Path) -> str:
    """Run ``qpdf --check``; returns its output, raises if qpdf finds a problem."""
    out = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def render(pdf_path: Path, dpi: int, page: int = 1) -> np.ndarray:
    """One page rendered by pdftoppm as an RGB array (height x width x 3, uint8).

    Any warning from the renderer fails the test.
    """
    import cv2

    from printables.raster import pdf_page_image

    img = pdf_page_image(pdf_path.read_bytes(), dpi, page, strict=True)
    return cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
