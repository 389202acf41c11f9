"""The photo formats read: the one list that the decoders photos are opened with, the
refusals' words and the web API's media types all come from.

It imports nothing, so the web app can describe its API (and the command line its options)
without loading the photo reader's own packages.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PhotoFormat:
    """A format phones save and send: its name in a sentence, Pillow's names of the decoders
    that open it, and its media types."""

    name: str
    decoders: tuple[str, ...]
    media_types: tuple[str, ...]


FORMATS = (
    PhotoFormat("JPEG", ("JPEG", "MPO"), ("image/jpeg",)),  # MPO: a JPEG of several pictures
    PhotoFormat("HEIC", ("HEIF",), ("image/heic", "image/heif")),  # HEIF: pillow-heif's
    PhotoFormat("PNG", ("PNG",), ("image/png",)),
    PhotoFormat("WebP", ("WEBP",), ("image/webp",)),
    PhotoFormat("AVIF", ("AVIF",), ("image/avif",)),
)
NAMES = f"{', '.join(f.name for f in FORMATS[:-1])} or {FORMATS[-1].name}"
PHOTO_FORMATS = f"a {NAMES} photo"
DECODERS = tuple(d for f in FORMATS for d in f.decoders)
MEDIA_TYPES = tuple(t for f in FORMATS for t in f.media_types)
