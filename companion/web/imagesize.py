"""Refusing an uploaded image by its size before anything decodes it.

A small compressed file can stand for a huge picture (a 48 KB PNG of 20000 x 20000 pixels
unpacks to over a gigabyte), so the pixel count is read from the file's header first.
"""

from __future__ import annotations

import io
import warnings

from companion.errors import UsageError


def check_image_size(data: bytes, max_pixels: int, what: str = "That photo") -> None:
    """Refuse ``data`` unless it is an image (JPEG, PNG, WebP, ...) of at most ``max_pixels``
    pixels; only the header is read. Empty data is left for the caller to report."""
    from PIL import Image

    if not data:
        return
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow's own bomb warning: we refuse below
            with Image.open(io.BytesIO(data)) as img:
                width, height = img.size
    except Image.DecompressionBombError:
        raise UsageError(f"{what} is far too large to read: take it again at a normal "
                         "size.") from None
    except (OSError, ValueError, SyntaxError):
        raise UsageError(f"{what} is not an image we can read (send a JPEG or PNG).") from None
    if width * height > max_pixels:
        raise UsageError(f"{what} is {width} x {height} pixels; the limit is "
                         f"{max_pixels // 1_000_000} megapixels.")
