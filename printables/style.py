"""Page setups, fonts and colours for every printable, as data."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.errors import UsageError
from companion.layout.sheets import PAPER_SIZES

# Liberation Sans has Helvetica's letter widths and is embedded in every PDF (ReportLab's
# built-in Helvetica is only named, and a printer or viewer without it swaps in another face).
FONT = "LiberationSans"
FONT_BOLD = "LiberationSans-Bold"
FONT_ITALIC = "LiberationSans-Italic"
FONT_DIR = Path("/usr/share/fonts/truetype/liberation2")  # Debian: fonts-liberation2
FONT_PACKAGE = "fonts-liberation2"
FONT_FILES: dict[str, str] = {
    FONT: "LiberationSans-Regular.ttf",
    FONT_BOLD: "LiberationSans-Bold.ttf",
    FONT_ITALIC: "LiberationSans-Italic.ttf",
}
CAP_HEIGHT = 1409 / 2048  # Liberation Sans capital height as a fraction of the font size

# Between two letters, a gap of a tenth of the font size or more reads as a space to the
# programs that find and copy a PDF's text (poppler's pdftotext and the viewers built on it,
# pdf.js): letter-spaced headings came out as "SCO RE T RACKER" and "D A I L Y". Letter
# spacing stays below it (:meth:`printables.canvas.Page.text` refuses more), and the small
# spaced capitals of headings and labels are spaced by TRACKING of their size.
SPACE_GAP = 0.1
TRACKING = 0.075


# The smallest type for anything a player must read to play or score (labels, headings, notes,
# letter values): smaller is hard to read on a sheet lying on the table.
SMALLEST_TYPE = 7.0


def tracking(size: float) -> float:
    """The letter spacing, in points, of small spaced capitals at ``size`` points."""
    return TRACKING * size

# Colours as hex strings (converted by the drawing layer).
INK = "#1f2328"
MUTED = "#6a737d"
RULE = "#9aa3ad"
FAINT = "#e6e9ed"
ZEBRA = "#f4f6f8"
WHITE = "#ffffff"
CUT = "#8c959f"

# One accent colour per game, used for headers and rules.
ACCENTS: dict[str, str] = {
    "girdle": "#5b3f8c",
    "werdup": "#1f6fb2",
    "bugwords": "#b23a2e",
    "pdq": "#1d7a52",
}

# Bug Words premium squares, in the rulebook's colours (light blue double letter, aqua triple
# letter, pink double word, red triple word, yellow centre), each of its own lightness: printed
# in black and white the four premiums are four greys, 205, 166, 128 and 88 of 255 (pdftoppm
# -gray; the plain squares 238). The pink printed as the light blue's grey (202 and 205), and
# a player told a double word from a double letter only by its words.
PREMIUM_COLOURS: dict[str, str] = {
    "d": "#a9d8f2",
    "t": "#31a0aa",
    "D": "#f0829e",
    "T": "#c42b23",
    "*": "#f7d33c",
    ".": "#f3eee1",
}

PAGE_MARGIN = 10.0  # mm kept clear on every edge (most printers cannot print the outer 4-6 mm)
# Nothing at all is drawn nearer the page edge than this (crop marks are cut short instead).
UNPRINTABLE = 6.0


@dataclass(frozen=True)
class PageSetup:
    """A paper size and orientation, in mm."""

    paper: str
    landscape: bool = False

    @property
    def size(self) -> tuple[float, float]:
        w, h = PAPER_SIZES[self.paper]
        return (h, w) if self.landscape else (w, h)


def page_setup(paper: str, landscape: bool = False, allowed: tuple[str, ...] = ("letter", "a4")
               ) -> PageSetup:
    """Check ``paper`` against ``allowed`` and return its setup; an unknown paper is bad input."""
    if paper not in allowed:
        raise UsageError(f"Paper must be one of {', '.join(allowed)}, not {paper!r}.")
    return PageSetup(paper, landscape)
