"""What phones save and send: the same real board photo as HEIC (iPhones), WebP (Android,
messaging apps), AVIF, PNG (screenshots: alpha, 16 bits), greyscale, progressive and CMYK JPEG,
and JPEG/HEIC turned by the EXIF tag, is read with the same grid as the JPEG; files that are
not photos are refused with a sentence naming what they are."""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image
from sharedwork import command_output, heic_bytes

from companion.cli import main
from vision.config import LoadConfig
from vision.errors import BadPhoto
from vision.imageio import decode_photo

REAL = Path(__file__).parent / "data" / "vision" / "real"
PHOTO = REAL / "IMG_20141025_164035.jpg"  # 21 tiles on a Milton Bradley board, 1600 px long
# EXIF orientation -> how the camera stored the pixels of an upright photo
TURNS = {3: Image.Transpose.ROTATE_180, 6: Image.Transpose.ROTATE_90,
         8: Image.Transpose.ROTATE_270}


def _save(img: Image.Image, fmt: str, **kw) -> bytes:
    buf = io.BytesIO()
    if fmt == "HEIF":  # written without teaching Pillow to open HEIC: the reader must
        import pillow_heif

        img = img.copy()
        if "exif" in kw:
            img.info["exif"] = kw.pop("exif")
        pillow_heif.from_pillow(img).save(buf, **kw)
    else:
        img.save(buf, fmt, **kw)
    return buf.getvalue()


def _turned(rgb: Image.Image, tag: int) -> tuple[Image.Image, bytes]:
    exif = Image.Exif()
    exif[0x0112] = tag
    return rgb.transpose(TURNS[tag]), exif.tobytes()


def _png_16bit(rgb: Image.Image) -> bytes:
    bgr = np.asarray(rgb)[:, :, ::-1]
    return cv2.imencode(".png", bgr.astype(np.uint16) * 257)[1].tobytes()


def _png_alpha(rgb: Image.Image) -> bytes:
    rgba = rgb.copy()
    rgba.putalpha(255)
    return _save(rgba, "PNG")


def _turned_save(fmt: str, tag: int, **kw) -> Callable[[Image.Image], bytes]:
    def save(rgb: Image.Image) -> bytes:
        stored, exif = _turned(rgb, tag)
        return _save(stored, fmt, exif=exif, **kw)
    return save


# each way a phone saves or sends the photo: its name -> the photo's bytes so saved
FORMATS: dict[str, Callable[[Image.Image], bytes]] = {
    "heic": lambda rgb: heic_bytes(rgb, 90),  # as _save(rgb, "HEIF", quality=90) saves it
    "webp": lambda rgb: _save(rgb, "WEBP", quality=90),
    "avif": lambda rgb: _save(rgb, "AVIF", quality=90),
    "png-alpha": _png_alpha,
    "png-16bit": _png_16bit,
    "jpeg-progressive": lambda rgb: _save(rgb, "JPEG", quality=95, progressive=True),
    "jpeg-cmyk": lambda rgb: _save(rgb.convert("CMYK"), "JPEG", quality=95),
    **{f"jpeg-exif-{tag}": _turned_save("JPEG", tag, quality=95) for tag in TURNS},
    **{f"heic-exif-{tag}": _turned_save("HEIF", tag, quality=90) for tag in TURNS},
}


def _grid(path: Path, capsys) -> list[list[str]] | str:
    status = main(["read", str(path), "--game", "bugwords", "--json"])
    out, err = capsys.readouterr()
    return _grid_of(status, out, err)


def _photo_grid() -> list[list[str]] | str:
    """PHOTO's grid as _grid reads it, read once per run (the tests here compare with it
    three times)."""
    return _grid_of(*command_output("read", str(PHOTO), "--game", "bugwords", "--json"))


def _grid_of(status: int, out: str, err: str) -> list[list[str]] | str:
    if status != 0:
        return f"exit {status}: {(err or out).strip()}"
    return json.loads(out)["grid"]


@pytest.mark.parametrize("name", FORMATS)
def test_every_phone_format_reads_the_same_grid_as_the_jpeg(tmp_path, capsys, name):
    """One format a test (each a whole reading of the photo), so they spread over the
    workers."""
    rgb = Image.open(PHOTO).convert("RGB")
    expected = _photo_grid()
    assert isinstance(expected, list) and sum(bool(x) for row in expected for x in row) > 20
    path = tmp_path / f"board-{name}"
    path.write_bytes(FORMATS[name](rgb))
    got = _grid(path, capsys)
    assert got == expected, got if isinstance(got, str) else "a different grid"


def test_a_black_and_white_photo_is_refused_not_read_with_tiles_missing(tmp_path, capsys):
    """In grey the reader missed 6 of this photo's 21 tiles without a word."""
    rgb = Image.open(PHOTO).convert("RGB")
    grey = cv2.cvtColor(np.ascontiguousarray(np.asarray(rgb)[:, :, ::-1]), cv2.COLOR_BGR2GRAY)
    for name, data in (("grey.jpg", _save(rgb.convert("L"), "JPEG", quality=95)),
                       ("grey16.png", cv2.imencode(".png", grey.astype(np.uint16) * 257)[1])):
        path = tmp_path / name
        path.write_bytes(bytes(data))
        got = _grid(path, capsys)
        assert isinstance(got, str) and got.startswith("exit 2") and "black-and-white" in got


def test_sixteen_bit_grey_is_scaled_not_clipped():
    grey = np.tile(np.linspace(0, 65535, 400).astype(np.uint16), (300, 1))
    img = decode_photo(LoadConfig(), cv2.imencode(".png", grey)[1].tobytes())
    assert img[0, 0].tolist() == [0, 0, 0]
    assert 120 <= int(img[0, 200, 0]) <= 135  # mid grey, not white
    assert img[0, -1].tolist() == [255, 255, 255]


def test_see_through_parts_of_a_png_are_white():
    rgba = np.zeros((300, 400, 4), np.uint8)  # black, and transparent
    rgba[:, :200] = (200, 10, 10, 255)  # left half: opaque red
    img = decode_photo(LoadConfig(), _save(Image.fromarray(rgba, "RGBA"), "PNG"))
    assert img[150, 50].tolist() == [10, 10, 200]  # BGR
    assert img[150, 350].tolist() == [255, 255, 255]


@pytest.mark.parametrize("data, says", [
    (b"\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00qt  " + b"\x00" * 64, "a video, not a photo"),
    (b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + b"\x00" * 64, "a video, not a photo"),
    (b"%PDF-1.7\n" + b"\x00" * 64, "a PDF document, not a photo"),
    (b"\x00\x00\x00\x1cftypheic\x00\x00\x00\x00mif1heicmiaf" + b"\x00" * 64,
     "a HEIC photo that is damaged or truncated"),
    # a HEIF container's brand first: the brands after it tell an AVIF from a HEIC
    (b"\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1avifmiaf" + b"\x00" * 64,
     "an AVIF photo that is damaged or truncated"),
    (b"\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1heicmiaf" + b"\x00" * 64,
     "a HEIC photo that is damaged or truncated"),
])
def test_refusals_name_what_the_file_is(tmp_path, capsys, data, says):
    path = tmp_path / "upload"
    path.write_bytes(data)
    assert main(["read", str(path), "--game", "bugwords"]) == 2
    err = capsys.readouterr().err
    assert says in err
    assert "JPEG, HEIC, PNG, WebP or AVIF" in err or "damaged" in says
    assert "Traceback" not in err


def test_media_types():
    from vision.imageio import photo_mime

    rgb = Image.open(PHOTO).convert("RGB").resize((400, 300))
    assert photo_mime(_save(rgb, "HEIF")) == "image/heif"
    assert photo_mime(_save(rgb, "WEBP")) == "image/webp"
    assert photo_mime(_save(rgb, "AVIF")) == "image/avif"
    assert photo_mime(b"not an image") == "image/*"


def test_damaged_heic_is_a_sentence():
    data = heic_bytes(Image.open(PHOTO).convert("RGB"), 90)  # the "heic" format's, cut short
    with pytest.raises(BadPhoto, match="^photo is a HEIC photo that is damaged or truncated$"):
        decode_photo(LoadConfig(), data[: len(data) // 3])


@functools.cache
def _saved_photo(fmt: str) -> bytes:
    """PHOTO saved as ``fmt``, once per test process (a HEIC once per run: "heic" of
    FORMATS)."""
    rgb = Image.open(PHOTO).convert("RGB")
    return heic_bytes(rgb, 90) if fmt == "HEIF" else _save(rgb, fmt)


# where an upload is cut: within its header (its decoder opens no picture), or after it
# (the picture opens, and decoding it fails)
CUTS: dict[str, Callable[[bytes], bytes]] = {
    "30 bytes": lambda data: data[:30],
    "200 bytes": lambda data: data[:200],
    "half": lambda data: data[: len(data) // 2],
    "all but the last 100 bytes": lambda data: data[:-100],
}


@pytest.mark.parametrize(("fmt", "kind"), [("JPEG", "a JPEG photo"), ("PNG", "a PNG photo"),
                                           ("WEBP", "a WebP photo"), ("HEIF", "a HEIC photo"),
                                           ("AVIF", "an AVIF photo")])
@pytest.mark.parametrize("cut", CUTS)
def test_a_photo_of_a_format_read_cut_short_is_said_to_be_damaged(fmt, kind, cut):
    """An upload cut short is a damaged photo of its own format, wherever it was cut: a WebP,
    whose file begins "RIFF", was called "a RIFF file (a video or sound?), not a photo", a
    JPEG or PNG cut within its header "not an image", and a PNG, JPEG or HEIC cut after it,
    which its decoder opened and could not decode, "an image file that is damaged or
    truncated"."""
    with pytest.raises(BadPhoto) as refused:
        decode_photo(LoadConfig(), CUTS[cut](_saved_photo(fmt)), name="the photo board")
    assert str(refused.value) == f"the photo board is {kind} that is damaged or truncated"


# Display P3 (an iPhone's colour space): its primaries adapted to D50, as a profile's
# colorant tags hold them; its white point and tone curve are sRGB's.
P3_COLORANTS = {b"rXYZ": (0.5151, 0.2412, -0.0011), b"gXYZ": (0.2919, 0.6922, 0.0419),
                b"bXYZ": (0.1571, 0.0666, 0.7841)}


def _display_p3_profile() -> bytes:
    """An ICC profile of Display P3, made from the built-in sRGB one by giving it P3's
    colorants (only those differ)."""
    import struct

    from PIL import ImageCms

    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    for i in range(struct.unpack(">I", data[128:132])[0]):
        sig, offset, _ = struct.unpack(">4sII", data[132 + 12 * i: 144 + 12 * i])
        if sig in P3_COLORANTS:
            fixed = [round(v * 65536) for v in P3_COLORANTS[sig]]
            data[offset + 8: offset + 20] = struct.pack(">3i", *fixed)
    return bytes(data)


def test_a_display_p3_photo_is_read_in_its_own_colours(tmp_path, capsys):
    """An iPhone stores Display P3 numbers and tags the file with that profile; read as sRGB,
    the red and blue premium squares come out duller than they are."""
    from PIL import ImageCms

    p3 = _display_p3_profile()
    srgb = Image.open(PHOTO).convert("RGB")
    as_p3 = ImageCms.profileToProfile(srgb, ImageCms.createProfile("sRGB"),
                                      ImageCms.ImageCmsProfile(io.BytesIO(p3)))
    assert as_p3 is not None
    data = _save(as_p3, "JPEG", quality=95, icc_profile=p3)
    cfg = LoadConfig(work_long_side=max(srgb.size))
    want = decode_photo(cfg, _save(srgb, "JPEG", quality=95)).astype(int)
    untagged = decode_photo(cfg, _save(as_p3, "JPEG", quality=95)).astype(int)
    got = decode_photo(cfg, data).astype(int)
    saturated = (want.max(axis=2) - want.min(axis=2)) > 120  # the premium squares
    assert saturated.sum() > 10_000
    assert np.abs(untagged - want)[saturated].mean() > 8  # the numbers differ...
    assert np.abs(got - want)[saturated].mean() < 4  # ...and the profile puts them back
    path = tmp_path / "board-p3.jpg"
    path.write_bytes(data)
    assert _grid(path, capsys) == _photo_grid()
    heic = tmp_path / "board-p3.heic"
    heic.write_bytes(_save(as_p3, "HEIF", quality=90, icc_profile=p3))
    got_heic = decode_photo(cfg, heic.read_bytes()).astype(int)
    assert np.abs(got_heic - want)[saturated].mean() < 5


def test_a_damaged_or_grey_profile_leaves_the_colours_as_they_are():
    rgb = Image.open(PHOTO).convert("RGB")
    cfg = LoadConfig(work_long_side=max(rgb.size))
    plain = decode_photo(cfg, _save(rgb, "JPEG", quality=95))
    for profile in (b"not a profile at all", _display_p3_profile()[:200]):
        tagged = decode_photo(cfg, _save(rgb, "JPEG", quality=95, icc_profile=profile))
        assert np.array_equal(tagged, plain)


def _grey16_png(width: int, height: int) -> bytes:
    """A 16-bit grey PNG (a ramp left to right), written row by row: a few hundred KB for
    tens of megapixels."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    row = b"\x00" + np.linspace(0, 65535, width).astype(">u2").tobytes()
    squeeze = zlib.compressobj(9)
    body = b"".join(squeeze.compress(row) for _ in range(height)) + squeeze.flush()
    header = struct.pack(">IIBBBBB", width, height, 16, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body)
            + chunk(b"IEND", b""))


def test_a_large_sixteen_bit_grey_png_is_reduced_before_its_greys_are_scaled():
    """A 49 MP 16-bit grey PNG of 95 KB took 2 GB to read: its greys were scaled as 64-bit
    floats at full size. Reduced first, the arrays made are the working size's."""
    import tracemalloc

    data = _grey16_png(6400, 4800)  # 31 MP: 245 MB as 64-bit floats
    tracemalloc.start()
    try:
        img = decode_photo(LoadConfig(), data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 30_000_000, peak  # 0.7 GB before
    assert img.shape == (1200, 1600, 3)
    assert img[0, 0].tolist() == [0, 0, 0]
    assert 120 <= int(img[0, 800, 0]) <= 135  # mid grey, not white
    assert int(img[0, -1, 0]) >= 250


@pytest.mark.parametrize(("mode", "value", "grey"), [
    ("I", 65535, 255), ("I", 32768, 128), ("I", 0, 0), ("I;16", 65535, 255), ("I;16", 32768, 128),
])
def test_sixteen_bit_greys_are_scaled_to_eight_bits(mode, value, grey):
    # a 16-bit grey PNG's values (which Pillow may widen to "I") are scaled, not clipped:
    # clipped, every grey over 255 came out white
    from vision.imageio import to_rgb

    img = np.asarray(to_rgb(Image.new(mode, (400, 300), value)))
    assert img.shape == (300, 400, 3)
    assert abs(int(img[150, 200, 0]) - grey) <= 1


def _saved_as(fmt: str) -> bytes:
    rgb = Image.open(PHOTO).convert("RGB")
    if fmt == "EPS":  # written by Ghostscript's kin; its header is what Pillow looks for
        return (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 400 300\n"
                b"%%EndComments\n" + b"0 0 moveto\n" * 20)
    return _save(rgb, fmt)


@pytest.mark.parametrize(("fmt", "kind"), [
    ("BMP", "a BMP image"), ("TGA", "a TGA image"), ("PCX", "a PCX image"),
    ("TIFF", "a TIFF image"), ("GIF", "a GIF image"), ("PPM", "a PBM / PGM / PPM image"),
    ("SGI", "an SGI image"), ("EPS", "a PostScript (EPS) file"),
])
def test_a_photo_in_a_format_phones_do_not_send_is_refused_naming_the_formats_read(
        tmp_path, capsys, fmt, kind):
    """Pillow opens dozens of formats (EPS starts Ghostscript), each a decoder a stranger's
    upload could reach: only the formats phones save and send are decoded; any other is
    refused in one sentence naming the formats read."""
    path = tmp_path / f"board.{fmt.lower()}"
    path.write_bytes(_saved_as(fmt))
    if fmt != "EPS":  # the file itself is good: Pillow alone would open it
        assert Image.open(path).format == fmt
    assert main(["read", str(path), "--game", "bugwords"]) == 2
    out, err = capsys.readouterr()
    assert not out
    assert err == (f"companion: The photo {path} is {kind}, a format not read here (a JPEG, "
                   "HEIC, PNG, WebP or AVIF photo expected).\n")


@pytest.mark.parametrize("fmt", ["JPEG", "HEIF", "PNG", "WEBP", "AVIF"])
def test_each_format_read_is_opened_by_its_decoders_and_named_as_the_api_describes_it(fmt):
    """The formats read are one list (vision.formats): a photo saved in each is opened by a
    decoder that list gives its format, its media type is one the list gives it, and the web
    API's photo bodies and the refusals name exactly the list's formats."""
    from companion.web import openapi
    from vision.formats import FORMATS, MEDIA_TYPES, PHOTO_FORMATS
    from vision.imageio import open_image, photo_mime

    data = _save(Image.open(PHOTO).convert("RGB").resize((400, 300)), fmt)
    with open_image(data) as img:
        (entry,) = [f for f in FORMATS if img.format in f.decoders]
    assert photo_mime(data) in entry.media_types
    assert entry.name in PHOTO_FORMATS
    assert tuple(openapi.photo_body()["content"]) == MEDIA_TYPES


def test_without_pillow_heif_a_heic_is_refused_naming_the_package_and_a_jpeg_is_read(tmp_path):
    """Without pillow-heif (its import fails) a HEIC is refused in a sentence saying what is
    missing, and the other formats' decoders still open photos (run in a process of its own:
    the decoders are found once a process)."""
    import subprocess
    import sys

    small = Image.open(PHOTO).convert("RGB").resize((400, 300))
    (tmp_path / "board.heic").write_bytes(_save(small, "HEIF", quality=60))
    (tmp_path / "board.jpg").write_bytes(_save(small, "JPEG"))
    script = (
        "import sys\n"
        "sys.modules['pillow_heif'] = None  # as if not installed: its import fails\n"
        "from vision.config import LoadConfig\n"
        "from vision.errors import BadPhoto\n"
        "from vision.imageio import heic_supported, load_photo\n"
        "print(heic_supported())\n"
        "print(load_photo(LoadConfig(), sys.argv[2]).shape[2])\n"
        "try:\n"
        "    load_photo(LoadConfig(), sys.argv[1])\n"
        "except BadPhoto as exc:\n"
        "    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "board.heic"),
                           str(tmp_path / "board.jpg")], capture_output=True, text=True,
                          cwd=Path(__file__).parent.parent, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "False", "3",
        f"the photo {tmp_path / 'board.heic'} is a HEIC photo, and HEIC decoding (the "
        "pillow-heif package) is not installed here: send the photo as JPEG"]
