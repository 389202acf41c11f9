"""The PDQ deck as cut sheets: poker-size cards, nine to a page, with crop marks, and the
deck's name and the page's number up the margin beside them."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics

from companion.layout.sheets import Rect
from companion.pdq.deck import alternate_points, deck_cards
from companion.pdq.variants import get_variant
from companion.text import counted
from printables.canvas import Page, new_canvas, text_width, use_fonts
from printables.chrome import gang_marks, page_of
from printables.style import (
    ACCENTS,
    CAP_HEIGHT,
    FONT,
    FONT_BOLD,
    INK,
    MUTED,
    SMALLEST_TYPE,
    UNPRINTABLE,
    WHITE,
    page_setup,
    tracking,
)

CARD_W, CARD_H = 63.0, 88.0  # mm, poker size
BIG_LETTER = 124.0  # pt
INDEX_LETTER = 19.0  # pt
# Letters that read as another letter when turned round get a bar under them.
ROTATION_AMBIGUOUS = frozenset({"M", "W", "N", "Z"})
PT = 0.3528  # mm per point
LABEL_CLEAR = 1.0  # mm the page's label keeps from the cards, their crop marks and the edge


def deck_pdf(variant: str | None = None, paper: str = "letter", backs: bool = False) -> bytes:
    """The PDQ deck (or a variant's deck, e.g. ``"four-score"``) as PDF bytes.

    With ``backs``, every page of fronts is followed by a page of card backs placed for
    double-sided printing (flip on the long edge).
    """
    setup = page_setup(paper)
    cards = deck_cards(variant)
    title = "PDQ deck" if variant is None else f"PDQ deck - {get_variant(variant).title}"
    tag = "" if variant is None else get_variant(variant).title.upper()
    points = alternate_points()
    pw, ph = setup.size
    cols, rows = int(pw // CARD_W), int(ph // CARD_H)
    per_page = cols * rows
    x0, y0 = (pw - cols * CARD_W) / 2, (ph - rows * CARD_H) / 2
    c, buf = new_canvas(setup.size, title, counted(len(cards), "card"))
    sheets = -(-len(cards) // per_page)
    total = sheets * (2 if backs else 1)
    # the label runs up the left margin beside a card's middle (nearest the page's), where
    # no crop mark is: those stand out from the cuts between the rows
    label_y = y0 + (rows // 2 + 0.5) * CARD_H
    for sheet, start in enumerate(range(0, len(cards), per_page)):
        page = Page(c, setup.size)
        chunk = cards[start:start + per_page]
        for i, letter in enumerate(chunk):
            r, col = divmod(i, cols)
            box = Rect(x0 + col * CARD_W, y0 + r * CARD_H, CARD_W, CARD_H)
            draw_card(page, box, letter, points.get(letter, 1), tag)
        used_rows = -(-len(chunk) // cols)
        used_cols = cols if used_rows > 1 else len(chunk)
        xs = [x0 + k * CARD_W for k in range(used_cols + 1)]
        ys = [y0 + k * CARD_H for k in range(used_rows + 1)]
        gang_marks(page, xs, ys)
        number = sheet * (2 if backs else 1) + 1
        page_label(page, f"{title} - {page_of(number, total)}", x0, label_y)
        c.showPage()
        if backs:
            page = Page(c, setup.size)
            for i in range(len(chunk)):
                r, col = divmod(i, cols)
                mirrored = cols - 1 - col  # the back of a card is behind it when flipped
                draw_back(page, Rect(x0 + mirrored * CARD_W, y0 + r * CARD_H, CARD_W, CARD_H),
                          tag)
            page_label(page, f"{title}, backs - {page_of(number + 1, total)}", x0, label_y)
            c.showPage()
    c.save()
    return buf.getvalue()


def label_span(margin: float) -> tuple[float, float] | None:
    """Where (left and right x, mm) the page's label's letters lie across the left margin,
    ``margin`` mm wide, read upwards at :data:`SMALLEST_TYPE`: the font's ascent to the left
    of the baseline, its descent to the right, midway between the printable edge and the
    cards; None when the margin cannot hold them :data:`LABEL_CLEAR` clear of both."""
    use_fonts()
    ascent, descent = pdfmetrics.getAscentDescent(FONT, SMALLEST_TYPE * PT)
    across = ascent - descent
    room = margin - UNPRINTABLE
    if room < across + 2 * LABEL_CLEAR:
        return None
    left = UNPRINTABLE + (room - across) / 2
    return left, left + across


def page_label(page: Page, text: str, margin: float, y: float) -> None:
    """``text`` (the deck's name and the page's number) at :data:`SMALLEST_TYPE` up the left
    margin, ``margin`` mm wide, centred on ``y``: clear of the cards, their crop marks (the
    caller's ``y`` is no cut's) and the unprintable edge; left out where it cannot be."""
    span = label_span(margin)
    if span is None:
        return
    ascent = pdfmetrics.getAscentDescent(FONT, SMALLEST_TYPE * PT)[0]
    x = span[0] + ascent  # the baseline, with the letters' tops towards the edge
    with page.rotated(x, y, -90):
        page.text(x, y, text, size=SMALLEST_TYPE, font=FONT, color=MUTED, align="center")


def draw_card(page: Page, box: Rect, letter: str, points: int, tag: str = "") -> None:
    """One card: a big letter in the middle, indices in two corners, the scoring badge."""
    accent = ACCENTS["pdq"]
    page.rect(box, stroke="#c9ced4", width=0.15)
    inner = box.inset(3.2)
    page.rect(inner, stroke=accent, width=0.5, radius=3.0)
    cx, cy = box.center
    cap = BIG_LETTER * CAP_HEIGHT * PT
    page.text(cx, cy + cap / 2, letter, size=BIG_LETTER, font=FONT_BOLD, color=INK,
              align="center")
    if letter in ROTATION_AMBIGUOUS:
        w = text_width(letter, BIG_LETTER, FONT_BOLD) * 0.55
        page.rect(Rect(cx - w / 2, cy + cap / 2 + 2.6, w, 1.6), stroke=None, fill=INK)
    _index(page, inner, letter, points)
    with page.rotated(cx, cy, 180):
        _index(page, inner, letter, points)
    label = "PDQ" + (f"  -  {tag}" if tag else "")
    page.text(cx, inner.bottom - 3.2, label, size=SMALLEST_TYPE, font=FONT_BOLD, color=MUTED,
              align="center", spacing=tracking(SMALLEST_TYPE))


# The backs' field: the game's colour at an eighth of its strength. Solid in the colour, nine
# backs put ink on two thirds of the sheet, nine sheets of them for a deck.
BACK_FIELD = "#e4efea"


def draw_back(page: Page, box: Rect, tag: str = "") -> None:
    """A card back: the game's name in its colour on a pale field, framed in the colour."""
    accent = ACCENTS["pdq"]
    inner = box.inset(3.2)
    page.rect(inner, stroke=accent, fill=BACK_FIELD, width=0.8, radius=3.0)
    page.rect(inner.inset(2.2), stroke=accent, width=0.4, radius=2.0)
    cx, cy = box.center
    page.text(cx, cy + 6.0, "PDQ", size=40, font=FONT_BOLD, color=accent, align="center",
              spacing=2.0)
    page.text(cx, cy + 13.5, "PRETTY DARN QUICK", size=SMALLEST_TYPE, font=FONT_BOLD,
              color=accent, align="center", spacing=tracking(SMALLEST_TYPE))
    if tag:
        page.text(cx, inner.bottom - 5.0, tag, size=SMALLEST_TYPE, font=FONT_BOLD, color=accent,
                  align="center", spacing=tracking(SMALLEST_TYPE))


def _index(page: Page, inner: Rect, letter: str, points: int) -> None:
    """The corner index (top-left as drawn) and, for cards worth more, their points."""
    x = inner.x + 5.2
    base = inner.y + 3.0 + INDEX_LETTER * CAP_HEIGHT * PT
    page.text(x, base, letter, size=INDEX_LETTER, font=FONT_BOLD, color=INK, align="center")
    if letter in ROTATION_AMBIGUOUS:
        w = text_width(letter, INDEX_LETTER, FONT_BOLD) * 0.6
        page.rect(Rect(x - w / 2, base + 1.0, w, 0.6), stroke=None, fill=INK)
    if points > 1:
        cy = base + 5.6
        page.circle(x, cy, 2.6, stroke=None, fill=ACCENTS["pdq"])
        page.text(x, cy + 1.2, f"x{points}", size=SMALLEST_TYPE, font=FONT_BOLD, color=WHITE,
                  align="center")
