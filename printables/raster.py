"""The one wrapper around poppler's ``pdftoppm`` and ``pdfinfo``: a page of a PDF as a PNG or a
pixel array, and how many pages a PDF has."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

from companion.errors import CompanionError


def pdf_page_png(pdf: bytes, dpi: float, page: int = 1, strict: bool = False) -> bytes:
    """Page ``page`` (from 1) of a PDF rendered at ``dpi`` as PNG bytes.

    Raises :class:`CompanionError` in a sentence when poppler-utils is missing or the PDF
    cannot be drawn, and with ``strict`` also when pdftoppm warns about the PDF.
    """
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        try:
            done = subprocess.run(["pdftoppm", "-r", str(round(dpi)), "-f", str(page), "-l",
                                   str(page), "-png", "-singlefile", str(src),
                                   str(Path(tmp) / "out")],
                                  check=True, capture_output=True, text=True)
        except OSError as exc:
            raise CompanionError("pdftoppm (poppler-utils) is needed to draw PDF pages") from exc
        except subprocess.CalledProcessError as exc:
            raise CompanionError(f"pdftoppm could not draw page {page} of the PDF") from exc
        if strict and done.stderr.strip():
            raise CompanionError(f"pdftoppm warned about the PDF: {done.stderr.strip()}")
        return (Path(tmp) / "out.png").read_bytes()


def pdf_page_image(pdf: bytes, dpi: float, page: int = 1, strict: bool = False):
    """The same page as a BGR ``uint8`` array (height, width, 3)."""
    import cv2
    import numpy as np

    png = pdf_page_png(pdf, dpi, page, strict)
    return cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)


def pdf_page_count(pdf: bytes) -> int:
    """How many pages a PDF has (poppler's ``pdfinfo``).

    Raises :class:`CompanionError` in a sentence when poppler-utils is missing or the PDF
    cannot be read.
    """
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        try:
            done = subprocess.run(["pdfinfo", str(src)], check=True, capture_output=True,
                                  text=True)
        except OSError as exc:
            raise CompanionError("pdfinfo (poppler-utils) is needed to count PDF pages") from exc
        except subprocess.CalledProcessError as exc:
            raise CompanionError("pdfinfo could not read the PDF") from exc
    found = re.search(r"^Pages:\s+(\d+)\s*$", done.stdout, re.MULTILINE)
    if found is None:
        raise CompanionError("pdfinfo did not say how many pages the PDF has")
    return int(found.group(1))
