"""The pdftoppm wrapper: a page of a real PDF as pixels; a broken PDF as a sentence."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from printables.boards import board_pdf
from printables.raster import pdf_page_count, pdf_page_image, pdf_page_png


def test_a_page_is_drawn_at_the_asked_resolution():
    image = pdf_page_image(board_pdf("werdup", "full"), 20)
    h, w, channels = image.shape
    assert channels == 3 and 150 < w < 260 and 150 < h < 260  # a Letter/A4 page at 20 dpi
    assert pdf_page_png(board_pdf("werdup", "full"), 10).startswith(b"\x89PNG")


def test_a_broken_pdf_is_a_sentence():
    with pytest.raises(CompanionError, match="could not draw page 1"):
        pdf_page_png(b"%PDF-1.4 not really", 20)


def test_the_pages_of_a_pdf_are_counted():
    """A board split over four Letter pages, and the same board on one big sheet; a broken
    PDF is a sentence."""
    import io

    from pypdf import PdfReader

    split = board_pdf("bugwords", "letter")
    assert pdf_page_count(split) == len(PdfReader(io.BytesIO(split)).pages) == 4
    assert pdf_page_count(board_pdf("bugwords", "full")) == 1
    with pytest.raises(CompanionError, match="could not read the PDF"):
        pdf_page_count(b"%PDF-1.4 not really")
