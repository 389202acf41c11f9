"""Fonts used to render tiles and hand-writing for training data and synthetic photos.

These are Debian font packages (see ``scripts/system-packages.txt``); they are needed only to
rebuild the model and to generate synthetic photos, not to read a photo.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from vision.errors import VisionError

FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))

# Tile faces: the sans and serif bolds the printables and common tile sets use.
TILE_FONTS = (
    "DejaVuSans-Bold.ttf",
    "LiberationSans-Bold.ttf",
    "LiberationSerif-Bold.ttf",
    "DejaVuSerif-Bold.ttf",
    "LiberationSansNarrow-Bold.ttf",
    "LiberationMono-Bold.ttf",
)

# Hand-writing-like fonts (Debian: fonts-dkg-handwriting, fonts-breip, fonts-femkeklaver,
# fonts-sjfonts, fonts-comic-neue, fonts-bwht).
HAND_FONTS = (
    "dkg.ttf",
    "dkgBd.ttf",
    "Breip.ttf",
    "femkeklaver.ttf",
    "ComicNeue-Regular.otf",
    "ComicNeue-Bold.otf",
    "SteveHand.ttf",
    "BecauseWeLearn-Regular.otf",
    "BecauseWeBuild-Regular.otf",
    "BecauseWeCreate-Regular.otf",
)


@cache
def _index() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for root in FONT_DIRS:
        if root.is_dir():
            for p in root.rglob("*"):
                if p.suffix.lower() in (".ttf", ".otf"):
                    found.setdefault(p.name.lower(), p)
    return found


def available(names: tuple[str, ...]) -> list[Path]:
    """The installed fonts among ``names`` (file names), in the given order."""
    idx = _index()
    return [idx[n.lower()] for n in names if n.lower() in idx]


def _every(names: tuple[str, ...], what: str) -> list[Path]:
    """All of ``names``, in order. Synthetic photos and training data draw fonts by index, so
    a machine missing one would make different pictures from the same seed: refuse instead."""
    fonts = available(names)
    if len(fonts) < len(names):
        found = {p.name.lower() for p in fonts}
        missing = ", ".join(n for n in names if n.lower() not in found)
        raise VisionError(f"{what} fonts missing: {missing} (install the font packages listed "
                          "in scripts/system-packages.txt)")
    return fonts


def tile_fonts() -> list[Path]:
    """The tile fonts (Debian: fonts-dejavu-core, fonts-liberation, fonts-liberation2)."""
    return _every(TILE_FONTS, "tile")


def hand_fonts() -> list[Path]:
    """The hand-writing fonts."""
    return _every(HAND_FONTS, "hand-writing")
