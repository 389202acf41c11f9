"""Bad input: every bad file is one clear sentence, never a traceback."""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from companion.cli import main
from vision.config import LoadConfig
from vision.errors import BadPhoto, VisionError
from vision.imageio import decode_photo, load_photo


def _jpeg(w: int = 400, h: int = 300) -> bytes:
    buf = io.BytesIO()
    rng = np.random.default_rng(0)
    Image.fromarray(rng.integers(0, 255, (h, w, 3), dtype=np.uint8)).save(buf, "JPEG")
    return buf.getvalue()


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", r"is empty \(0 bytes\): is it the right file\?"),
        (b"hello, this is text", "not an image"),
        (_jpeg()[:20000], "is a JPEG photo that is damaged or truncated$"),
        (_jpeg(120, 90), "too small"),
    ],
)
def test_bad_files(tmp_path, content, message):
    p = tmp_path / "photo.jpg"
    p.write_bytes(content)
    with pytest.raises(BadPhoto, match=message):
        load_photo(LoadConfig(), p)


def test_missing_file(tmp_path):
    with pytest.raises(BadPhoto, match="nope.jpg was not found: check the file.s name"):
        load_photo(LoadConfig(), tmp_path / "nope.jpg")


def test_standard_input_is_not_a_photo(tmp_path, monkeypatch):
    """'-' reads standard input where a text file is read; a photo it does not, and said only
    "The photo -: no such file"; nor does it name the standard input it does not read as
    "the photo on standard input"."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BadPhoto, match=r"^standard input \(-\) is not read as a photo: save "
                       "the photo to a file and name it$"):
        load_photo(LoadConfig(), "-")
    (tmp_path / "-").write_bytes(_jpeg())  # a file of that name is one
    assert load_photo(LoadConfig(), "-").shape == (300, 400, 3)


def test_huge_file_and_huge_image_are_refused_before_decoding(tmp_path):
    p = tmp_path / "big.jpg"
    p.write_bytes(_jpeg())
    with pytest.raises(BadPhoto, match=r"big.jpg is too large \(over 100 bytes\) to be a "
                       "photo"):
        load_photo(LoadConfig(max_bytes=100), p)
    with pytest.raises(BadPhoto, match="megapixels"):
        decode_photo(LoadConfig(max_pixels=1000), _jpeg())


def test_large_photo_is_scaled_to_working_size():
    img = decode_photo(LoadConfig(work_long_side=500), _jpeg(2000, 1500))
    assert img.shape == (375, 500, 3)


@pytest.mark.parametrize(
    "content, status, message",
    [
        (b"not an image at all", 2, "not an image"),
        (None, 1, "No board outline"),
    ],
)
def test_cli_read_bad_input(tmp_path, capsys, content, status, message):
    p = tmp_path / "photo.png"
    if content is None:  # a real image of an empty, evenly coloured table: no board in it
        rng = np.random.default_rng(1)
        noise = ((90, 120, 150) + rng.normal(0, 3, (600, 800, 3))).clip(0, 255).astype(np.uint8)
        Image.fromarray(noise).save(p)
    else:
        p.write_bytes(content)
    assert main(["read", str(p), "--game", "bugwords"]) == status
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_previous_state_must_be_a_state(tmp_path, capsys):
    photo = tmp_path / "p.jpg"
    photo.write_bytes(_jpeg(800, 600))
    state = tmp_path / "state.json"
    state.write_text("{not json")
    assert main(["read", str(photo), "--game", "werdup", "--previous", str(state)]) == 2
    assert "not a board state" in capsys.readouterr().err


def test_synthetic_photos_need_every_font(monkeypatch):
    """Fonts are drawn by index, so a missing one would change every picture of a seed: the
    font lists refuse instead, naming what is missing."""
    from synthetic import fonts

    assert [p.name for p in fonts.tile_fonts()] == list(fonts.TILE_FONTS)
    assert [p.name for p in fonts.hand_fonts()] == list(fonts.HAND_FONTS)
    index = dict(fonts._index())
    del index["liberationsansnarrow-bold.ttf"]
    monkeypatch.setattr(fonts, "_index", lambda: index)
    with pytest.raises(VisionError, match="LiberationSansNarrow-Bold.ttf"):
        fonts.tile_fonts()


def test_vision_imports_neither_printables_nor_the_synthetic_factories():
    import ast
    from pathlib import Path

    import vision

    for path in Path(vision.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith(("printables", "synthetic")), (path.name, name)


def test_a_decompression_bomb_is_a_sentence_not_a_crash():
    """Pillow refuses a header claiming 400 megapixels as it opens the file; that is a bad
    photo with a sentence (only the header is read: nothing is decoded)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", 20_000, 20_000, 1, 0, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")
    with pytest.raises(BadPhoto, match="too many pixels"):
        decode_photo(LoadConfig(), png)


def _bomb_png(side: int = 20_000) -> bytes:
    """A PNG of side x side black pixels (1 bit each) in a few tens of KB."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    squeeze = zlib.compressobj(9)
    row = b"\x00" * (1 + side // 8)
    body = b"".join(squeeze.compress(row) for _ in range(side)) + squeeze.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body)
            + chunk(b"IEND", b""))


def test_a_photo_too_small_or_too_large_is_refused_for_any_game():
    # the loader reads boards, Girdle sheets and PDQ cards alike: its refusals said "board"
    # for a photo of cards
    with pytest.raises(BadPhoto) as small:
        decode_photo(LoadConfig(), _jpeg(120, 90))
    assert str(small.value) == "photo: 120x90 is too small to read (at least 200 pixels a side)"
    with pytest.raises(BadPhoto) as large:
        decode_photo(LoadConfig(), _bomb_png())
    assert str(large.value) == "photo: far too many pixels to be a phone photo"


def _declaring(data: bytes, fmt: str, w: int, h: int) -> bytes:
    """A small image file whose header claims ``w`` x ``h`` pixels (its picture is smaller:
    only the header is read before the refusal)."""
    if fmt == "JPEG":
        i = data.index(b"\xff\xc0")  # the frame header: length, precision, height, width
        return data[:i + 5] + struct.pack(">HH", h, w) + data[i + 9:]
    if fmt == "WEBP":  # a lossy WebP's frame header: 14 bits of width, then of height
        assert data[12:16] == b"VP8 "
        return data[:26] + struct.pack("<HH", w, h) + data[30:]
    out = bytearray(data)  # HEIC and AVIF: every image's spatial extent ("ispe") box
    i = out.find(b"ispe")
    while i >= 0:
        out[i + 8:i + 16] = struct.pack(">II", w, h)
        i = out.find(b"ispe", i + 4)
    return bytes(out)


@pytest.mark.parametrize("fmt", ["JPEG", "WEBP", "AVIF", "HEIF"])
@pytest.mark.parametrize("side, says", [
    (9_500, "9500x9500 is 90 megapixels; at most 80 are read"),
    (16_000, "far too many pixels to be a phone photo")])
def test_a_small_file_declaring_a_huge_picture_is_refused_in_one_sentence(fmt, side, says,
                                                                           recwarn):
    """A file of 50 KB that declares 90 or 256 megapixels is refused from its header, in
    one sentence of the companion's own: over Pillow's own limit (89 megapixels) Pillow
    warned as it opened the file, and the command printed its warning, two lines naming
    Pillow's source, before the sentence."""
    from vision.imageio import heic_supported

    if fmt == "HEIF" and not heic_supported():
        pytest.fail("HEIC photos cannot be decoded here")
    buf = io.BytesIO()
    Image.fromarray(np.random.default_rng(0).integers(0, 255, (256, 320, 3), np.uint8)).save(
        buf, fmt)
    with pytest.raises(BadPhoto) as refused:
        decode_photo(LoadConfig(), _declaring(buf.getvalue(), fmt, side, side))
    assert str(refused.value) == f"photo: {says}"
    assert not [w for w in recwarn if issubclass(w.category, Image.DecompressionBombWarning)]


def _coded_larger(fmt: str, coded: int = 640, declared: int = 256) -> bytes:
    """A HEIC or AVIF file whose header ("ispe") declares ``declared`` pixels a side while
    its coded picture has ``coded``."""
    buf = io.BytesIO()
    Image.fromarray(np.random.default_rng(1).integers(0, 255, (coded, coded, 3), np.uint8)).save(
        buf, fmt, quality=10)
    return _declaring(buf.getvalue(), fmt, declared, declared)


def test_an_avif_coding_more_pixels_than_its_header_declares_is_refused_before_decoding():
    """The AV1 decoder decodes the picture the data codes, whatever the header declares, and
    only then cuts it: a 2 KB file declaring 400x400 and coding 12000x12000 spent 350 MB
    and was read as a 400x400 photo. The coded size is read from the AV1 data first."""
    data = _coded_larger("AVIF")
    cfg = LoadConfig(max_pixels=300_000)  # 640x640 coded: 0.4 megapixels
    with pytest.raises(BadPhoto) as refused:
        decode_photo(cfg, data)
    assert str(refused.value).startswith(
        "photo: its header says 256x256, but it codes a 640x640 picture, ")
    assert str(refused.value).endswith(" are read")
    assert decode_photo(LoadConfig(), data).shape[:2] == (256, 256)  # within the limit: read


def test_a_heic_coding_more_pixels_than_its_header_declares_is_refused_by_its_decoder():
    """libheif refuses a coded picture larger than the header's size before decoding it (its
    own security limit, left on): a sentence, and nothing large is allocated."""
    from vision.imageio import heic_supported

    if not heic_supported():
        pytest.fail("HEIC photos cannot be decoded here")
    with pytest.raises(BadPhoto) as refused:
        decode_photo(LoadConfig(), _coded_larger("HEIF"))
    assert str(refused.value) == "photo is a HEIC photo that is damaged or truncated"
    assert "Security limit exceeded" in str(refused.value.__cause__)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_the_coded_size_of_an_avif_is_read_from_each_picture_it_codes(mode):
    from vision.avifcoded import coded_sizes

    buf = io.BytesIO()
    Image.new(mode, (320, 256), 90).save(buf, "AVIF")
    sizes = coded_sizes(buf.getvalue())
    assert sizes and set(sizes) == {(320, 256)}
    assert len(sizes) >= (2 if mode == "RGBA" else 1)  # the alpha is a picture of its own


def test_the_coded_size_of_an_avif_cut_short_is_an_error_not_a_guess():
    """A file whose boxes run past its end has no size to read: an error the loader turns into
    "damaged or truncated" (were it let through, a decoder that copes could decode anything)."""
    from vision.avifcoded import coded_sizes

    data = _coded_larger("AVIF", 320, 320)
    with pytest.raises((ValueError, IndexError)):
        coded_sizes(data[:data.index(b"iloc") + 12])


def test_a_heic_grid_of_tiles_larger_than_its_header_declares_is_read_at_the_declared_size(
        monkeypatch):
    """A HEIC grid (many coded tiles) whose header and grid both declare 256x256 while its
    4x4 tiles of 256 cover 1024x1024: libheif decodes only the tiles the declared picture
    needs, so it is read at its declared size, within the limit."""
    import pillow_heif

    from vision.imageio import heic_supported

    if not heic_supported():
        pytest.fail("HEIC photos cannot be decoded here")
    monkeypatch.setattr(pillow_heif.options, "GRID_TILE_SIZE", 256)
    picture = np.random.default_rng(2).integers(0, 255, (1024, 1024, 3), np.uint8)
    buf = io.BytesIO()
    pillow_heif.from_pillow(Image.fromarray(picture)).save(buf, quality=10)
    data = bytearray(buf.getvalue())
    grid = data.index(b"\x00\x00\x03\x03\x04\x00\x04\x00")  # 4 rows, 4 columns, 1024x1024
    data[grid + 4:grid + 8] = struct.pack(">HH", 256, 256)
    i = data.index(b"ispe")  # the grid's own size comes first
    assert struct.unpack(">II", data[i + 8:i + 16]) == (1024, 1024)
    data[i + 8:i + 16] = struct.pack(">II", 256, 256)
    assert decode_photo(LoadConfig(), bytes(data)).shape[:2] == (256, 256)
