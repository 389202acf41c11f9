"""Reading a board photo for a game: the vision pipeline reads it, the player corrects the
uncertain squares, and the new tiles are scored by the game's engine."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import cv2
import numpy as np

from companion.board import COLUMN_LETTERS, column_name, square_name
from companion.errors import PageWordedError, SquareError, UsageError
from companion.lexicon import Lexicon
from companion.text import capital_first, counted, sentence
from companion.textfile import FileProblem, file_problem
from companion.web.imagesize import check_image_size

OVERLAY_WIDTH = 900


@contextmanager
def said_as_sentences() -> Iterator[None]:
    """The vision package's refusals ("found no card, expected 3 or 4: lay the cards
    apart...", written to follow ``companion:`` on the command line) as a page says them: a
    sentence, with a capital and a full stop."""
    from vision.errors import VisionError

    try:
        yield
    except VisionError as exc:
        exc.args = (sentence(str(exc)),)
        raise


def no_photo(what: str) -> PageWordedError:
    """The refusal of a request that holds no photo of ``what`` ("the board", "your sheet",
    "the cards"): a client is told what to send, a page's player to choose one."""
    return PageWordedError(f"Send a photo of {what}: the image as the request's body, with "
                           "its type (Content-Type: image/jpeg, image/png...).",
                           f"Choose a photo of {what} first.")


def chosen_photo(upload: Any, what: str) -> bytes:
    """The bytes of a photo sent with a form (``what``: "the board", "your sheet"...); a
    file chosen but empty (a camera that gave up) is named as such."""
    if upload is None or not upload.filename:
        raise no_photo(what)
    data: bytes = upload.read()
    if not data:
        raise UsageError(sentence(file_problem(FileProblem.EMPTY, "photo", None,
                                               "take the photo again, or choose another")))
    return data


def read_photo(kind: str, data: bytes, lexicon: Lexicon, max_pixels: int) -> tuple[
        dict[str, Any], bytes, tuple[int, int]]:
    """Read a photo of ``kind``'s board with the vision pipeline: the reading (grid,
    confidences, uncertain squares with alternatives, light warnings), a JPEG overlay of
    what was read, and the working image's (width, height). Bad photos raise a
    player-readable error."""
    from vision.config import DEFAULT
    from vision.photo import read_for_table

    if not data:
        raise no_photo("the board")
    check_image_size(data, max_pixels)
    cfg = replace(DEFAULT, load=replace(DEFAULT.load,
                                        max_pixels=min(max_pixels, DEFAULT.load.max_pixels)))
    with said_as_sentences():
        reading, overlay, size = read_for_table(data, kind, lexicon, cfg, name="That photo")
    if "heights" not in reading:  # (a board of stacks: they stand up out of its outline)
        overlay = board_only(overlay, reading.get("corners"))
    return reading, _jpeg(overlay), size


BOARD_MARGIN = 0.04  # of the board's width or height, kept round it in the overlay


def board_only(image: np.ndarray, corners: list[list[float]] | None,
               margin: float = BOARD_MARGIN) -> np.ndarray:
    """The overlay cut to the flat board read (its ``corners``, in the image's pixels) and a
    ``margin`` (a share of its width and height) round it, within the image: on a phone the photo's
    table and floor took as much of the screen as the board, its letters drawn too small to
    read. The whole image when there are no corners."""
    if not corners:
        return image
    h, w = image.shape[:2]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    mx, my = margin * (max(xs) - min(xs)), margin * (max(ys) - min(ys))
    left, right = max(0, int(min(xs) - mx)), min(w, int(np.ceil(max(xs) + mx)))
    top, bottom = max(0, int(min(ys) - my)), min(h, int(np.ceil(max(ys) + my)))
    if right - left < 2 or bottom - top < 2:
        return image
    return image[top:bottom, left:right]


def _jpeg(image: np.ndarray, max_height: int | None = None) -> bytes:
    """``image`` as a JPEG at most :data:`OVERLAY_WIDTH` pixels wide (a phone's screen) and
    ``max_height`` high (None: any height), scaled down whole."""
    h, w = image.shape[:2]
    scale = min(1.0, OVERLAY_WIDTH / w, 1.0 if max_height is None else max_height / h)
    if scale < 1:
        image = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))),
                           interpolation=cv2.INTER_AREA)
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
    if not ok:  # pragma: no cover - OpenCV encodes any 8-bit image
        raise UsageError("Could not draw the overlay.")
    return buf.tobytes()


COLUMNS = COLUMN_LETTERS  # the grid's column heads, as the board and the plays name them: 8H


def listed_on_page(uncertain: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A reading's listed squares as the photo page shows them, each reason once
    (``vision.cells.listed_by_reason``): ``where`` the squares are ("Row 14, columns E-H"),
    ``why``, the squares most in doubt (``doubtful``, each with its letters to tap and, as
    ``companion read`` says it, ``why``: the letter or blank it was read as (one read empty
    offers "empty" first, its reason saying why it may hold a tile), and a square alone's
    (``one``) reason, ``vision.cells.read_and_why``) and, for a reason of several squares, those
    read surely in one line (``sure``; "" for none), those listed under another reason too
    (``also``, a letter of two runs that are no words; "" for none), and each set of many
    squares read and offering alike (``alike``, a glare's washed-out squares: ``where``
    they lie row by row, ``count``, what each was ``read`` as and the ``choices`` each
    offers), to be checked in the grid rather than a line each."""
    from vision.cells import (
        listed_by_reason,
        named_elsewhere,
        read_and_why,
        read_as,
        squares_by_row,
        squares_named,
        surely_read,
    )

    out = []
    groups = listed_by_reason(uncertain)
    for group in groups:
        squares = group.entries
        one = group.alone
        out.append({"where": capital_first(squares_named(squares, column_name)), "why": group.why,
                    "one": one,
                    "doubtful": [{"row": u["row"], "col": u["col"],
                                  "where": capital_first(squares_named([u], column_name)),
                                  "why": read_and_why(u, group.why if one else "",
                                                      reads=bool(u["read"])),
                                  "alternatives": u["alternatives"]}
                                 for u in (squares if one else group.doubtful)],
                    "sure": "" if one else surely_read(group.sure, column_name),
                    "also": named_elsewhere(group, groups, column_name),
                    "alike": [{"where": squares_by_row(alike, column_name),
                               "count": len(alike), "read": read_as(alike[0]),
                               "choices": " or ".join(_choice(a["letter"])
                                                      for a in alike[0]["alternatives"])}
                              for alike in group.alike]})
    return out


def _choice(letter: str | None) -> str:
    """A listed square's alternative as the photo page names it: its letter, "empty" (none), or
    "a tile" for a tile whose letter was not seen (``?``: its letter is the player's to
    type, not a face the square can hold)."""
    from vision.cells import BLANK

    return {"": "empty", BLANK: "a tile"}.get(letter or "", letter or "")


def grid_from_form(form: Any, rows: int, cols: int) -> list[list[str]]:
    """The corrected grid from the photo page's squares (``sq-R-C`` fields)."""
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            value = str(form.get(f"sq-{r}-{c}", "")).strip()
            if len(value) > 2:
                raise SquareError(f"{value[:8]!r} at {square_name(r, c)}: each square holds one "
                                  "letter (or Qu).", [(r, c)])
            row.append(value)
        grid.append(row)
    return grid


STACK_SQUARE = re.compile(r"([^0-9]*)([0-9]*)")  # a WerdUp square as shown: E3, Qu5, ?2, E


def stacks_shown(grid: list[list[str]], heights: list[list[int | None]] | None
                 ) -> list[list[str]]:
    """The photo page's squares of a board of stacks: each letter with its stack's height
    (``E3``, an E on a stack of 3), as ``companion read --game werdup`` and the overlay show
    them; a square whose height is not known (or with no ``heights``), its letter alone."""
    if heights is None:
        return grid
    return [[face + ("" if not face or h is None else str(h))
             for face, h in zip(row, hs, strict=True)]
            for row, hs in zip(grid, heights, strict=True)]


def stacks_from_form(form: Any, rows: int, cols: int, read: list[list[int | None]]
                     ) -> tuple[list[list[str]], list[list[int | None]]]:
    """The corrected letters and stacks' heights of the photo page's squares of a board of
    stacks (``sq-R-C`` fields, each as :func:`stacks_shown` shows it: ``E3``): a letter
    typed without a height keeps the height ``read`` there (one tile where none was read,
    as :meth:`~companion.play.Table.position_text` counts it), and an empty square has
    none. Whether a height is one the rules allow is the engine's to say."""
    grid, heights = [], []
    for r in range(rows):
        row, hs = [], []
        for c in range(cols):
            value = str(form.get(f"sq-{r}-{c}", "")).strip()
            m = STACK_SQUARE.fullmatch(value)
            face, digits = m.groups() if m else ("", "")
            if not m or len(face) > 2 or len(digits) > 2 or (
                    digits and not (face and int(digits))):
                raise SquareError(f"{value[:8]!r} at {square_name(r, c)}: each square holds "
                                  "one letter (or Qu) and its stack's height, as E3 for an E "
                                  "on a stack of 3; leave it empty for no tile.", [(r, c)])
            row.append(face)
            hs.append(0 if not face else int(digits) if digits
                      else 1 if read[r][c] == 0 else read[r][c])
        grid.append(row)
        heights.append(hs)
    return grid, heights


def grid_from_json(value: Any, rows: int, cols: int) -> list[list[str]]:
    """A grid sent to the API: ``rows`` lists of ``cols`` strings ("" for empty)."""
    if not (isinstance(value, list) and len(value) == rows and all(
            isinstance(row, list) and len(row) == cols and all(isinstance(x, str) for x in row)
            for row in value)):
        raise UsageError(f'"grid" must be {counted(rows, "list")} of '
                         f'{counted(cols, "letter")} ("" for empty).')
    return [[x.strip() for x in row] for row in value]


def read_girdle_sheet(data: bytes, puzzle: Any, lexicon: Lexicon, max_pixels: int
                      ) -> dict[str, Any]:
    """Read a photo of a filled-in Word Girdle sheet (hand-written letters, coloured-in A-Z,
    Supply dots, ticked boxes) with the vision package; decoded against ``puzzle``."""
    from vision.classifier import hand_classifier
    from vision.config import DEFAULT
    from vision.girdle_sheet import read_sheet
    from vision.imageio import decode_photo

    if not data:
        raise no_photo("your sheet")
    check_image_size(data, max_pixels)
    load = replace(DEFAULT.load, work_long_side=DEFAULT.sheet.work_long_side,
                   max_pixels=min(max_pixels, DEFAULT.load.max_pixels))
    image = decode_photo(load, data, name="That photo")
    with said_as_sentences():
        return read_sheet(DEFAULT, image, hand_classifier(), lexicon, puzzle).to_dict()


def read_pdq_cards(data: bytes, max_pixels: int, variant: str | None = None
                   ) -> dict[str, Any]:
    """The cards read from a photo of a deal (:func:`read_pdq_deal`), without its picture."""
    return read_pdq_deal(data, max_pixels, variant, drawn=False)[0]


DEAL_MARGIN = 0.3  # of the cards' height and width, kept round them in a deal's picture


def read_pdq_deal(data: bytes, max_pixels: int, variant: str | None = None,
                  drawn: bool = True) -> tuple[dict[str, Any], bytes | None]:
    """The PDQ cards dealt in a photo, left to right (``?`` for a card not read), as many as
    ``variant`` deals when it is named (:func:`vision.photo.read_deal_photo`), the
    positions (0-based) of the ones to check, and what each card offers (``alternatives``,
    one list per card: a listed card's letter read first, then its likely runners-up,
    :func:`vision.cards.card_offers`; empty for the others) and why each is listed beyond
    the classifier's doubt (``why``: a glare washed out part of its letter; null)."""
    from vision.cards import deal_reading
    from vision.config import DEFAULT
    from vision.imageio import decode_photo
    from vision.photo import read_deal_photo

    if not data:
        raise no_photo("the cards")
    check_image_size(data, max_pixels)
    load = replace(DEFAULT.load, max_pixels=min(max_pixels, DEFAULT.load.max_pixels))
    image = decode_photo(load, data, name="That photo")
    with said_as_sentences():
        cards = read_deal_photo(image, variant=variant)
    reading = deal_reading(cards, DEFAULT.classify.min_confidence)
    picture = None
    if drawn:  # as `companion read --game pdq --overlay` draws it, cut to the cards
        from vision.overlay import draw_cards

        corners = [[float(x), float(y)] for card in cards for x, y in card.corners]
        picture = _jpeg(board_only(draw_cards(image, cards, reading["uncertain"]), corners,
                                   DEAL_MARGIN), max_height=OVERLAY_WIDTH)
    return {"cards": reading["letters"], "uncertain": reading["uncertain"],
            "alternatives": [c["alternatives"] for c in reading["cards"]],
            "why": [c["why"] for c in reading["cards"]]}, picture
