"""Tesseract wrapper: the parser on recorded output, and the real binary on rendered tiles."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthetic.fonts import tile_fonts
from synthetic.render import tile_face
from vision.cells import glyph_of
from vision.config import DEFAULT
from vision.errors import VisionError
from vision.ocr import Tesseract, mosaic, parse_boxes, read_glyphs, slot_of

RECORDED = Path(__file__).parent / "data" / "vision" / "tesseract-makebox.txt"


def test_parser_reads_recorded_makebox_output_top_left_origin():
    # Recorded from tesseract 5.3 on a 432x240 mosaic of the rows QUIZ / JAB.
    boxes = parse_boxes(RECORDED.read_text(), image_height=240)
    assert [b.char for b in boxes] == ["Q", "Q", "U", "I", "Z", "J", "I", "A", "B"]
    first = boxes[0]
    assert (first.x0, first.y0, first.x1, first.y1) == (60, 240 - 183, 84, 240 - 153)
    assert slot_of(first) == (0, 0)
    assert slot_of(boxes[-1]) == (1, 2)


def test_parser_skips_malformed_lines():
    assert parse_boxes("garbage\nA 1 2 3\nB x 1 2 3 0\nC 1 2 3 4 0\n", 10)[0].char == "C"
    assert len(parse_boxes("garbage\nA 1 2 3\nB x 1 2 3 0\nC 1 2 3 4 0\n", 10)) == 1


def test_missing_binary_is_a_clear_error():
    with pytest.raises(VisionError, match="Tesseract is not installed"):
        Tesseract("no-such-tesseract-binary")


def test_real_tesseract_reads_rendered_tiles():
    font = tile_fonts()[1]
    glyphs = [[glyph_of(DEFAULT.cells, tile_face(ch, 60, font)[6:54, 6:54]) for ch in "HAT"]
              + [None]]
    assert mosaic(glyphs).shape == (48 + 1 * 96, 48 + 4 * 96)
    assert read_glyphs(Tesseract(), glyphs) == [["H", "A", "T", ""]]


def test_a_missing_binary_exits_2_as_a_command_that_cannot_run():
    # Tesseract or the tile model missing is no answer about the photo (exit status 1)
    from companion.errors import exit_status

    with pytest.raises(VisionError) as missing_binary:
        Tesseract("no-such-tesseract-binary")
    assert exit_status(missing_binary.value) == 2


def test_a_missing_tile_model_exits_2(tmp_path):
    from companion.errors import exit_status
    from vision.classifier import TileClassifier

    with pytest.raises(VisionError, match="the tile model is missing") as missing:
        TileClassifier.load(tmp_path)
    assert exit_status(missing.value) == 2
