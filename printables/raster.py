"""The one wrapper around poppler's ``pdftoppm`` and ``pdfinfo``: a page of a PDF as a PNG or a
pixel array, and how many pages a PDF has."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

from companion.errors import CompanionError


def _poppler(command: list[str], needed_to: str, could_not: str
             ) -> subprocess.CompletedProcess[str]:
    """Run one of poppler's tools; a sentence (:class:`CompanionError`) when poppler-utils is
    missing ("pdfinfo (poppler-utils) is needed to ``needed_to``") or the tool fails ("pdfinfo
    could not ``could_not``")."""
    tool = command[0]
    try:
        return subprocess.run(command, check=True, capture_output=True, text=True)
    except OSError as exc:
        raise CompanionError(f"{tool} (poppler-utils) is needed to {needed_to}") from exc
    except subprocess.CalledProcessError as exc:
        raise CompanionError(f"{tool} could not {could_not}") from exc


def pdf_page_png(pdf: bytes, dpi: float, page: int = 1, strict: bool = False) -> bytes:
    """Page ``page`` (from 1) of a PDF rendered at ``dpi`` as PNG bytes.

    Raises :class:`CompanionError` in a sentence when poppler-utils is missing or the PDF
    cannot be drawn, and with ``strict`` also when pdftoppm warns about the PDF.
    """
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        done = _poppler(["pdftoppm", "-r", str(round(dpi)), "-f", str(page), "-l", str(page),
                         "-png", "-singlefile", str(src), str(Path(tmp) / "out")],
                        "draw PDF pages", f"draw page {page} of the PDF")
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
        done = _poppler(["pdfinfo", str(src)], "count PDF pages", "read the PDF")
    found = re.search(r"^Pages:\s+(\d+)\s*$", done.stdout, re.MULTILINE)
    if found is None:
        raise CompanionError("pdfinfo did not say how many pages the PDF has")
    return int(found.group(1))
