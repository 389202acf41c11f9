"""The one way into the board reader, for the command line and the web app alike: photo bytes
or a file in, the reading with its light check out."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.lexicon import Lexicon
from vision.cards import CardRead
from vision.config import DEFAULT, VisionConfig
from vision.reading import BoardReading
from vision.werdup_turn import BoardState


@dataclass
class PhotoReading:
    """A board photo read: the working image (BGR), the reading and the light check's dict."""

    image: np.ndarray
    reading: BoardReading
    light: dict

    def to_dict(self) -> dict:
        out = self.reading.to_dict()
        out["light"] = self.light
        return out


NO_COLOUR = ("a black-and-white photo; the board is read by its colours (tiles against "
             "squares): take the photo in colour")
SAME_SHADE = ("no colour shows and the tiles are the same shade as the board, so tiles cannot "
              "be told from empty squares: a set whose tiles are lighter or darker than its "
              "board is read, and a black-and-white photo of a coloured set can be taken "
              "again in colour")


def load(photo: bytes | str | Path, cfg: VisionConfig = DEFAULT,
         name: str = "photo") -> np.ndarray:
    """The working image (BGR) of photo bytes or a file; bad files raise
    :class:`vision.errors.BadPhoto`. A photo with no colour is loaded: the readers that need
    colour refuse it (:func:`read_photo`, :func:`read_werdup_photo`)."""
    from vision.imageio import decode_photo, load_photo

    if isinstance(photo, bytes):
        return decode_photo(cfg.load, photo, name=name)
    return load_photo(cfg.load, photo)


def named(photo: object, name: str) -> str:
    """How a refusal names ``photo``: a file by its path, bytes or an image as ``name``."""
    from vision.imageio import photo_named

    return photo_named(photo) if isinstance(photo, (str, Path)) else name


def refuse_colourless(image: np.ndarray, name: str = "photo") -> None:
    """Refuse (:class:`vision.errors.BadPhoto`, :data:`NO_COLOUR`) a photo with no colour
    for the readers that tell tiles from the board's squares by colour: a commercial board
    (found by its coloured premium squares) and the flat boards; read in grey they missed 5
    to 6 tiles of 21 and 41 without a word."""
    from vision.errors import BadPhoto
    from vision.imageio import colourless

    if colourless(image):
        raise BadPhoto(f"{name}: {NO_COLOUR}")


def read_photo(photo: bytes | str | Path | np.ndarray, game: str,
               lexicon: Lexicon | None = None, cfg: VisionConfig = DEFAULT,
               tesseract: bool = False, name: str = "photo",
               colour_needed: bool = True) -> PhotoReading:
    """Read a photo of a ``game``'s board (``"bugwords"`` or ``"werdup"``): a commercial board
    by its premium squares, the companion's boards by their markers, others by their outline.
    ``photo`` is bytes, a file, or a working image already made by :func:`load` (so a caller
    that looked at it first does not decode it again).

    Bad files and photos with no colour raise :class:`vision.errors.BadPhoto` (``name``
    opens the sentence), unreadable boards :class:`vision.errors.VisionError`, each with a
    sentence for the player. A photo with no colour is read when ``colour_needed`` is False,
    its tiles told from the squares by their lightness: the caller has found that they
    differ so (:func:`read_werdup_photo`, the 3D-printed board read flat).
    """
    from vision.boards import board_spec
    from vision.classifier import shipped_classifier
    from vision.light import check_light
    from vision.ocr import Tesseract
    from vision.reading import read_board

    spec = board_spec(game)
    image = photo if isinstance(photo, np.ndarray) else load(photo, cfg, name)
    if colour_needed:
        refuse_colourless(image, named(photo, name))
    reading = read_board(cfg, image, spec, shipped_classifier(), lexicon,
                         tesseract=Tesseract() if tesseract else None,
                         by_lightness=not colour_needed)
    light = check_light(cfg.light, image, reading.located.corners).to_dict()
    return PhotoReading(image, reading, light)


def read_deal_photo(image: np.ndarray, cfg: VisionConfig = DEFAULT,
                    variant: str | None = None) -> list[CardRead]:
    """The PDQ cards dealt in a working image (from :func:`load`), left to right, read with
    the tile classifier; when there is no deal in it, a photo of something else the companion
    knows (a Word Girdle sheet, a board) is refused as that. With ``variant`` (a PDQ variant's
    name), a photo of another number of cards than it deals is refused; without, 3 or 4."""
    from companion.pdq.variants import get_variant
    from vision.cards import read_deal
    from vision.classifier import shipped_classifier
    from vision.errors import VisionError
    from vision.reading import shown_instead

    rules = None if variant is None else get_variant(variant)
    letters = tuple(chr(ord("A") + i) for i in range(26))
    try:
        return read_deal(cfg.cards, cfg.cells, shipped_classifier(), image, letters,
                         variant=rules)
    except VisionError:
        instead = shown_instead(cfg, image, "pdq")
        if instead is not None:
            raise instead from None
        raise


def read_werdup_photo(image: np.ndarray, lexicon: Lexicon | None,
                      previous: BoardState | None = None, rules_name: str = "werdup",
                      tesseract: bool = False, want_overlay: bool = False,
                      cfg: VisionConfig = DEFAULT, name: str = "photo"
                      ) -> tuple[dict, np.ndarray | None]:
    """A WerdUp photo (a working image from :func:`load`), whichever board it shows: the
    3D-printed board's stacks, heights and letters from the photo, when its markers and
    tiles are seen (not with Tesseract); otherwise the board read flat, heights from
    ``previous`` (unknown without it). The JSON-ready reading with the play since
    ``previous`` under the rule set ``rules_name``, and the overlay when wanted.

    A photo with no colour (a set printed in greys, or a black-and-white photo) is read on
    the 3D-printed board when its tiles are lighter or darker than the board
    (:meth:`vision.werdup_stacks.StacksReading.readable_without_colour`), and refused
    otherwise (:data:`SAME_SHADE`); read flat, the same when the stack reader saw both the
    tiles and the floor (:meth:`~vision.werdup_stacks.StacksReading.flat_readable_without_colour`)
    and the flat reader finds the board by its markers too. Any other board with no colour
    is refused (:func:`refuse_colourless`). ``name`` opens the refusal's sentence."""
    from vision.errors import BadPhoto
    from vision.imageio import colourless
    from vision.markers import located_by, werdup_target
    from vision.overlay import draw_overlay
    from vision.werdup_read import (
        check_flat_reading,
        printed_board_in,
        printed_stacks,
        read_printed_board,
    )
    from vision.werdup_turn import play_under, unknown_heights

    stacks = None
    grey = colourless(image)
    if not tesseract and printed_board_in(image):
        stacks = printed_stacks(image, lexicon)
        if grey and not stacks.readable_without_colour(cfg.stacks):
            raise BadPhoto(f"{name}: {SAME_SHADE}")
        found = read_printed_board(image, lexicon, previous, rules_name, want_overlay,
                                   reading=stacks)
        if found is not None:
            return found
    flat_grey = grey and stacks is not None and stacks.flat_readable_without_colour(cfg.stacks)
    photo = read_photo(image, "werdup", lexicon, cfg, tesseract, name,
                       colour_needed=not flat_grey)
    if flat_grey and photo.reading.located.method != located_by(werdup_target()):
        raise BadPhoto(f"{name}: {NO_COLOUR}")  # found otherwise: its tiles told by colour
    if stacks is not None:  # the printed board read flat: refused when that misplaces stacks
        check_flat_reading(stacks, photo.reading.grid(), image)
    out = photo.to_dict()
    grid = photo.reading.grid()
    if previous is None:
        out.update({"heights": unknown_heights(grid).heights, "play": None})
    else:
        play = play_under(previous, grid, rules_name, lexicon)
        out.update({"heights": play.after.heights, "play": play.to_dict()})
    return out, draw_overlay(photo.image, photo.reading) if want_overlay else None


def read_for_table(photo: bytes | str | Path, game: str, lexicon: Lexicon | None,
                   cfg: VisionConfig = DEFAULT, name: str = "photo"
                   ) -> tuple[dict, np.ndarray, tuple[int, int]]:
    """A photo of a ``game``'s board read for the player to check at the table: the JSON-ready
    reading, the overlay of what was read and the working image's (width, height). On
    WerdUp's printed board the stacks and heights come too (:func:`read_werdup_photo`), and a
    stack not seen is one more uncertain square for the player to fill in."""
    from vision.overlay import draw_overlay
    from vision.werdup_stacks import not_seen_why

    image = load(photo, cfg, name)
    name = named(photo, name)
    size = (image.shape[1], image.shape[0])
    if game == "werdup":
        reading, overlay = read_werdup_photo(image, lexicon, want_overlay=True, cfg=cfg,
                                             name=name)
        reading["uncertain"] = sorted(reading["uncertain"] + [
            {"row": n["row"], "col": n["col"], "read": "", "alternatives": [],
             "why": not_seen_why(n)} for n in reading.get("not_seen", [])],
            key=lambda u: (u["row"], u["col"]))  # in board order, as a flat board's
        return reading, image if overlay is None else overlay, size
    found = read_photo(image, game, lexicon, cfg, name=name)
    return found.to_dict(), draw_overlay(found.image, found.reading), size
