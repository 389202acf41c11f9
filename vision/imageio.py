"""Loading photos safely: every bad file becomes a sentence, never a traceback.

This is the one place photos are opened, for the command line and the web app alike. It reads
what phones save and send: JPEG (progressive, greyscale, CMYK, turned by the EXIF tag), HEIC /
HEIF (iPhones), WebP, AVIF, and PNG (screenshots, with alpha, 16 bits a channel), and nothing
else: Pillow knows dozens of other formats (BMP, TIFF, GIF, TGA, PCX, PSD, EPS, which starts
Ghostscript...), each a decoder any stranger could reach by uploading a file to the web app.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from companion.text import counted
from companion.textfile import FileProblem, file_named, file_problem, problem_before_reading
from vision.config import LoadConfig
from vision.errors import BadPhoto
from vision.formats import DECODERS, PHOTO_FORMATS

# What a file that is not a readable image most likely is, by its first bytes.
_NOT_PHOTOS = (
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive"),
    (b"<svg", "an SVG drawing"),
    (b"<?xml", "an XML file"),
    (b"RIFF", "a RIFF file (a video or sound?)"),
)
# Images of a format not read here, by their first bytes: named in the refusal, never decoded.
_OTHER_IMAGES = (
    (b"BM", "a BMP image"),
    (b"GIF8", "a GIF image"),
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
    (b"8BPS", "a Photoshop (PSD) file"),
    (b"%!PS", "a PostScript (EPS) file"),
    (b"\xc5\xd0\xd3\xc6", "a PostScript (EPS) file"),
    (b"icns", "an icon (ICNS) file"),
    (b"\x00\x00\x01\x00", "an icon (ICO) file"),
    (b"\xff\x4f\xff\x51", "a JPEG 2000 image"),
    (b"\x00\x00\x00\x0cjP  ", "a JPEG 2000 image"),
    (b"\xff\x0a", "a JPEG XL image"),
    (b"\x00\x00\x00\x0cJXL ", "a JPEG XL image"),
    (b"\x01\xda", "an SGI image"),
    (b"SIMPLE  =", "a FITS file"),
)
_VIDEO_BRANDS = (b"qt  ", b"isom", b"iso2", b"mp41", b"mp42", b"M4V ", b"3gp4", b"3gp5",
                 b"3g2a", b"avc1", b"MSNV")
_HEIF_BRANDS = (b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1",
                b"mif2", b"avif", b"avis")
_AVIF_BRANDS = (b"avif", b"avis")
_HEIF_CONTAINERS = (b"mif1", b"msf1", b"mif2")  # HEIC or AVIF: the other brands tell which
# Photos of a format read, by their first bytes: one its decoder could not open or decode is
# damaged (a WebP's file is a RIFF file; a JPEG or PNG cut within its header opens no picture).
_PHOTO_STARTS = ((b"\xff\xd8\xff", "a JPEG photo"), (b"\x89PNG\r\n\x1a\n", "a PNG photo"))
_decoders: tuple[str, ...] = ()


def _register_decoders() -> tuple[str, ...]:
    """Teach Pillow HEIC / HEIF (pillow-heif); AVIF, WebP, JPEG and PNG are Pillow's own.
    The names of :data:`DECODERS` this Pillow has (HEIF only with pillow-heif)."""
    global _decoders
    if _decoders:
        return _decoders
    try:
        from pillow_heif import register_heif_opener
    except ImportError:  # pragma: no cover - a dependency; the sentence below says what is missing
        pass
    else:
        # Only the main picture: no thumbnails, depth maps or other auxiliary images.
        register_heif_opener(thumbnails=False, depth_images=False, aux_images=False)
    Image.preinit()
    if not set(DECODERS) <= set(Image.OPEN):
        Image.init()  # WebP and AVIF are not among the few formats preinit loads
    _decoders = tuple(f for f in DECODERS if f in Image.OPEN)
    return _decoders


def _other_image(data: bytes) -> str | None:
    """What kind of image of a format not read here ``data`` is ("a BMP image"), from its
    first bytes (and a TGA's last), or None."""
    for magic, kind in _OTHER_IMAGES:
        if data.startswith(magic):
            return kind
    if len(data) > 128 and data[0] == 0x0A and data[1] in (0, 2, 3, 4, 5) and data[2] == 1:
        return "a PCX image"
    if data.endswith(b"TRUEVISION-XFILE.\x00"):
        return "a TGA image"
    if data[:1] == b"P" and data[1:2] in (b"1", b"2", b"3", b"4", b"5", b"6", b"7") \
            and data[2:3].isspace():
        return "a PBM / PGM / PPM image"
    return None


def _photo_kind(data: bytes) -> str | None:
    """Which format read here ``data`` is by its first bytes ("a PNG photo", "a HEIC
    photo"), whether or not the rest of it can be decoded; None for any other file."""
    head = data[:64]
    if head[4:8] == b"ftyp" and head[8:12] in _HEIF_BRANDS:
        brand = head[8:12]
        if brand in _HEIF_CONTAINERS:  # the brands the file also meets follow, 4 bytes each
            size = int.from_bytes(head[:4], "big")
            others = head[16:min(max(size, 16), len(head))]
            brand = next((b for i in range(0, len(others) - 3, 4)
                          if (b := others[i:i + 4]) in _AVIF_BRANDS), brand)
        return "an AVIF photo" if brand in _AVIF_BRANDS else "a HEIC photo"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "a WebP photo"
    return next((kind for magic, kind in _PHOTO_STARTS if head.startswith(magic)), None)


def damaged(data: bytes) -> str:
    """``data``, which a decoder could not open or decode, said as damaged: as its format is
    known from its first bytes (:func:`_photo_kind`: "a PNG photo that is damaged or
    truncated"), whichever step failed, a file cut in its header or half way alike."""
    return f"{_photo_kind(data) or 'an image file'} that is damaged or truncated"


def what_it_is(data: bytes) -> str:
    """What ``data``, which no decoder could open, is, as words that follow "is" or a file's
    name and a colon ("a video, not a photo", "not an image (... expected)")."""
    head = data[:64]
    expected = f"({PHOTO_FORMATS} expected)"
    photo = _photo_kind(head)
    if photo == "a HEIC photo" and not heic_supported():
        return ("a HEIC photo, and HEIC decoding (the pillow-heif package) is not installed "
                "here: send the photo as JPEG")
    if photo is not None:
        return damaged(head)
    if head[4:8] == b"ftyp":
        brand = head[8:12]
        if brand in _VIDEO_BRANDS or brand.startswith((b"mp4", b"3g")):
            return f"a video, not a photo {expected}"
    for magic, kind in _NOT_PHOTOS:
        if head.lstrip().startswith(magic):
            return f"{kind}, not a photo {expected}"
    other = _other_image(data)
    if other is not None:
        return f"{other}, a format not read here {expected}"
    return f"not an image {expected}"


def heic_supported() -> bool:
    """Whether HEIC / HEIF photos can be decoded here."""
    return "HEIF" in _register_decoders()


def open_image(data: bytes) -> Image.Image:
    """Pillow's lazy image of ``data``, opened only by the decoders of the formats phones
    save and send (:data:`DECODERS`); raises what :func:`PIL.Image.open` raises
    (:class:`PIL.UnidentifiedImageError` for a file of any other format). Pillow's warning
    of a picture over its own limit (89 megapixels) is not passed on: the callers refuse
    any picture over theirs in a sentence, before it is decoded."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        return Image.open(io.BytesIO(data), formats=_register_decoders())


def photo_named(path: str | Path, what: str = "photo") -> str:
    """How a refusal names a photo file: after its own words ("the photo notes: not an
    image ..."), so a file's name never opens the sentence, where it would take a capital;
    ``what`` the file is to the command ("tile image" for a tile's crop)."""
    return file_named(what, path)


def load_photo(cfg: LoadConfig, path: str | Path, what: str = "photo") -> np.ndarray:
    """Read an image file as a BGR ``uint8`` array (H, W, 3), scaled to the working size;
    a refusal names it as ``what`` (:func:`photo_named`).

    JPEGs are decoded at a reduced scale directly (fast for 12-megapixel photos).
    """
    p = Path(path)
    name = photo_named(p, what)
    if str(path) == "-" and not p.exists():  # "-" reads standard input for text files only
        raise BadPhoto(f"standard input (-) is not read as a {what}: save the {what} to a "
                       "file and name it")
    problem = problem_before_reading(p, what, cfg.max_bytes, files_only=True)
    if problem is not None:  # a device or a pipe: no photo, and maybe no end
        raise BadPhoto(problem)
    if p.stat().st_size == 0:
        raise BadPhoto(file_problem(FileProblem.EMPTY, what, p))
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise BadPhoto(file_problem(FileProblem.UNREADABLE, what, p,
                                    exc.strerror or str(exc))) from exc
    return decode_photo(cfg, data, name=name)


def decode_photo(cfg: LoadConfig, data: bytes, name: str = "photo") -> np.ndarray:
    """Decode image bytes (any format of the module's list) to a BGR array; see
    :func:`load_photo`."""
    try:
        img = open_image(data)
    except Image.DecompressionBombError as exc:
        raise BadPhoto(f"{name}: far too many pixels to be a phone photo") from exc
    except (UnidentifiedImageError, OSError, ValueError, RuntimeError) as exc:
        # said as file_problem says a file of another kind: "the photo x.mp4 is a video ..."
        raise BadPhoto(f"{name} is {what_it_is(data)}") from exc
    w, h = img.size
    if w * h > cfg.max_pixels:
        raise BadPhoto(f"{name}: {w}x{h} is {w * h / 1e6:.0f} megapixels; at most "
                       f"{cfg.max_pixels / 1e6:.0f} are read")
    if img.format == "AVIF":
        _check_coded_size(cfg, data, name, w, h)
    if min(w, h) < cfg.min_side:
        raise BadPhoto(f"{name}: {w}x{h} is too small to read (at least "
                       f"{counted(cfg.min_side, 'pixel')} a side)")
    scale = cfg.work_long_side / max(w, h)
    if img.format in ("JPEG", "MPO") and scale < 0.5:
        img.draft("RGB", (int(w * scale) + 1, int(h * scale) + 1))
    try:
        img.load()
        profile = img.info.get("icc_profile")
        img = _shrink(img, cfg.work_long_side)
        rgb = in_srgb(to_rgb(upright(img)), profile)
    except (OSError, ValueError, SyntaxError, RuntimeError) as exc:
        raise BadPhoto(f"{name} is {damaged(data)}") from exc
    arr = np.asarray(rgb)[:, :, ::-1]
    return fit_working_size(cfg, np.ascontiguousarray(arr))


def _check_coded_size(cfg: LoadConfig, data: bytes, name: str, w: int, h: int) -> None:
    """Refuse an AVIF whose AV1 data codes a picture of more pixels than are read, whatever
    size its header declares (``w`` x ``h``): the decoder decodes the coded picture in full
    before it is cut to the declared size (see :mod:`vision.avifcoded`)."""
    from vision.avifcoded import coded_sizes

    try:
        sizes = coded_sizes(data)
    except (ValueError, IndexError) as exc:
        raise BadPhoto(f"{name} is {damaged(data)}") from exc
    for cw, ch in sizes:
        if cw * ch > cfg.max_pixels:
            raise BadPhoto(f"{name}: its header says {w}x{h}, but it codes a {cw}x{ch} "
                           f"picture, {cw * ch / 1e6:.0f} megapixels; at most "
                           f"{cfg.max_pixels / 1e6:.0f} are read")


def _shrink(img: Image.Image, long_side: int) -> Image.Image:
    """A large decoded picture (a 48 MP HEIC, PNG, WebP...) box-reduced by a whole factor at
    once, staying at least the working size, so the turns and conversions after it handle
    megabytes, not hundreds (a JPEG, already decoded at a reduced scale, is left as it is).
    16-bit greys are widened to 32 bits first, which Pillow reduces (and 32-bit greys as they
    are): :func:`to_rgb` turned a 49 MP 16-bit grey PNG of 95 KB into arrays of 64-bit floats,
    2 GB at the peak."""
    factor = max(img.size) // max(long_side, 1)
    if factor < 2:
        return img
    if img.mode.startswith("I;16"):
        img = img.convert("I")
    if img.mode not in ("RGB", "RGBA", "L", "LA", "CMYK", "I"):
        return img
    return img.reduce(factor)


def to_rgb(img: Image.Image) -> Image.Image:
    """8-bit RGB of the modes the read formats decode to: 16-bit greys (a PNG's, which Pillow
    may widen to 32 bits) scaled, not clipped, to 8 bits, transparent parts laid on white,
    CMYK and palettes converted."""
    if img.mode in ("I", "I;16", "I;16L", "I;16B", "I;16N"):
        values = np.array(img, dtype=np.float32)  # a copy of its own, scaled in place
        values *= np.float32(255.0 / 65535.0)
        values += np.float32(0.5)
        grey = np.clip(values, 0, 255, out=values).astype(np.uint8)
        return Image.fromarray(grey).convert("RGB")
    if img.mode in ("RGBA", "LA", "PA", "RGBa", "La") or (
            img.mode == "P" and "transparency" in img.info):
        rgba = img.convert("RGBA")
        if int(np.asarray(rgba)[:, :, 3].min()) < 255:  # some of it is see-through
            white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
            return Image.alpha_composite(white, rgba).convert("RGB")
        return rgba.convert("RGB")
    return img.convert("RGB")


def in_srgb(rgb: Image.Image, profile: bytes | None) -> Image.Image:
    """An RGB picture's colours as sRGB, the space the reader's colours are measured in.

    Phones tag their photos with the colour space the numbers are in: an iPhone's Display P3
    numbers read as sRGB make the premium squares' reds and blues duller than they are. A
    photo without a profile, with an sRGB one, or with one that cannot be used (damaged, or
    not for RGB) is taken as sRGB.
    """
    if not profile or rgb.mode != "RGB":
        return rgb
    from PIL import ImageCms

    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        if source.profile.xcolor_space.strip() != "RGB" or _is_srgb(source):
            return rgb
        out = ImageCms.profileToProfile(rgb, source, _srgb(), outputMode="RGB")
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
        return rgb
    return out if out is not None else rgb


def _srgb():
    from PIL import ImageCms

    return ImageCms.createProfile("sRGB")


def _is_srgb(profile) -> bool:
    """Whether a profile's primaries are sRGB's (its name may say anything), so the common case
    skips the conversion."""
    from PIL import ImageCms

    ours = ImageCms.ImageCmsProfile(_srgb()).profile
    theirs = profile.profile
    try:
        return all(
            abs(a - b) < 2e-3
            for tag in ("red_colorant", "green_colorant", "blue_colorant")
            for a, b in zip(getattr(theirs, tag)[0], getattr(ours, tag)[0], strict=True))
    except (TypeError, IndexError, AttributeError):
        return False


def upright(img: Image.Image) -> Image.Image:
    """The photo turned the way the phone was held (phones store the turn as an EXIF tag)."""
    from PIL import ImageOps

    try:
        return ImageOps.exif_transpose(img)
    except (OSError, ValueError, SyntaxError, KeyError):
        return img  # a damaged tag: the pixels as stored


def fit_working_size(cfg: LoadConfig, image: np.ndarray) -> np.ndarray:
    """Scale a BGR image down so its long side is at most ``work_long_side``."""
    import cv2

    h, w = image.shape[:2]
    scale = cfg.work_long_side / max(h, w)
    if scale >= 1:
        return image
    return cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)


def photo_mime(data: bytes) -> str:
    """The media type of image bytes ("image/heic", "image/webp", ...), from the decoder that
    opens them; ``image/*`` when none does."""
    try:
        with open_image(data) as img:
            fmt = img.format or ""
    except (OSError, ValueError, SyntaxError, RuntimeError):
        return "image/*"
    return Image.MIME.get(fmt, "image/heic" if fmt == "HEIF" else "image/*")


def colourless(image: np.ndarray) -> bool:
    """Whether a BGR image has no colour at all (a black-and-white photo): fewer than 1 pixel
    in 200 has channels more than 16 apart (a colour photo of a board: most of them)."""
    sample = image[::4, ::4].astype(np.int16)
    spread = sample.max(axis=2) - sample.min(axis=2)
    return bool((spread > 16).mean() < 0.005)
