"""Refusing an uploaded image by its size before anything decodes it.

A small compressed file can stand for a huge picture (a 48 KB PNG of 20000 x 20000 pixels
unpacks to over a gigabyte), so the pixel count is read from the file's header first.
"""

from __future__ import annotations

import warnings

from companion.errors import UsageError


def check_image_size(data: bytes, max_pixels: int, what: str = "That photo") -> None:
    """Refuse ``data`` unless it is a photo of a format read (:mod:`vision.formats`) of at most
    ``max_pixels`` pixels; only the header is read, by the same decoders that read photos.
    Empty data is left for the caller to report."""
    from PIL import Image

    from vision.imageio import open_image, what_it_is

    if not data:
        return
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow's own bomb warning: we refuse below
            with open_image(data) as img:
                width, height = img.size
    except Image.DecompressionBombError:
        raise UsageError(f"{what} is far too large to read: take it again at a normal "
                         "size.") from None
    except (OSError, ValueError, SyntaxError, RuntimeError):
        raise UsageError(f"{what} is {what_it_is(data)}.") from None
    if width * height > max_pixels:
        raise UsageError(f"{what} is {width} x {height} pixels; the limit is "
                         f"{max_pixels // 1_000_000} megapixels.")
