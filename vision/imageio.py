"""Loading photos safely: every bad file becomes a sentence, never a traceback."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from vision.config import LoadConfig
from vision.errors import BadPhoto


def load_photo(cfg: LoadConfig, path: str | Path) -> np.ndarray:
    """Read an image file as a BGR ``uint8`` array (H, W, 3), scaled to the working size.

    JPEGs are decoded at a reduced scale directly (fast for 12-megapixel photos).
    """
    p = Path(path)
    if p.is_dir():
        raise BadPhoto(f"{p}: a folder, not a photo")
    if not p.is_file():
        raise BadPhoto(f"{p}: no such file")
    size = p.stat().st_size
    if size == 0:
        raise BadPhoto(f"{p}: the file is empty")
    if size > cfg.max_bytes:
        raise BadPhoto(f"{p}: the file is {size / 1e6:.0f} MB; photos up to "
                       f"{cfg.max_bytes / 1e6:.0f} MB are read")
    return decode_photo(cfg, p.read_bytes(), name=str(p))


def decode_photo(cfg: LoadConfig, data: bytes, name: str = "photo") -> np.ndarray:
    """Decode image bytes (JPEG, PNG, ...) to a BGR array; see :func:`load_photo`."""
    try:
        img = Image.open(io.BytesIO(data))
    except Image.DecompressionBombError as exc:
        raise BadPhoto(f"{name}: far too many pixels to be a photo of a board") from exc
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise BadPhoto(f"{name}: not an image (JPEG or PNG photo expected)") from exc
    w, h = img.size
    if w * h > cfg.max_pixels:
        raise BadPhoto(f"{name}: {w}x{h} is {w * h / 1e6:.0f} megapixels; at most "
                       f"{cfg.max_pixels / 1e6:.0f} are read")
    if min(w, h) < cfg.min_side:
        raise BadPhoto(f"{name}: {w}x{h} is too small to show a board (at least "
                       f"{cfg.min_side} pixels a side)")
    scale = cfg.work_long_side / max(w, h)
    if img.format == "JPEG" and scale < 0.5:
        img.draft("RGB", (int(w * scale) + 1, int(h * scale) + 1))
    try:
        img.load()
        rgb = upright(img).convert("RGB")
    except (OSError, ValueError, SyntaxError) as exc:
        raise BadPhoto(f"{name}: the image file is damaged or truncated") from exc
    arr = np.asarray(rgb)[:, :, ::-1]
    return fit_working_size(cfg, np.ascontiguousarray(arr))


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
