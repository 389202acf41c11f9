"""Reading a PDQ deal: the cards on the table, left to right, each card's big letter."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import cv2
import numpy as np

from companion.pdq.deck import Deck, dealt_deck, default_deck
from companion.text import counted
from vision.cells import glyph_of, read_first, shown_alternatives, washed_why
from vision.classifier import NO_LETTER, TileClassifier
from vision.config import CardConfig, CellConfig
from vision.errors import VisionError, WrongDocument
from vision.glyph import features, ink_mask
from vision.locate import order_corners
from vision.markers import WANTED

if TYPE_CHECKING:
    from companion.pdq.variants import Variant

PX_PER_MM = 2.0
ROTATION_AMBIGUOUS = ("M", "W", "N", "Z")  # printed with a bar under the letter


@dataclass(frozen=True)
class CardRead:
    """One card: its letter (None when not read), confidence, the classifier's runners-up,
    corners in the photo (4, 2) and why it is listed whatever its confidence (``why``: a
    glare washed out part of its letter, the deck holds fewer cards of its letter than are
    read, :func:`card_why`), or None."""

    letter: str | None
    confidence: float
    alternatives: tuple[tuple[str, float], ...]
    corners: np.ndarray
    why: str | None = None

    def to_dict(self, listed: bool) -> dict:
        """The card as a reading's JSON gives it: its ``alternatives`` are what it offers when
        it is ``listed`` for the player to check (:func:`card_offers`), none otherwise."""
        offers = card_offers(self) if listed else []
        return {"letter": self.letter, "confidence": round(self.confidence, 3),
                "alternatives": [{"letter": a, "p": round(p, 3)} for a, p in offers],
                "why": self.why,
                "corners": np.round(self.corners.astype(float), 1).tolist()}


WASHED_CARD = washed_why("card")  # the boards' words for a square a glare washed out


def deal_deck(variant: Variant | None) -> Deck:
    """The cards a deal photographed for ``variant`` comes from, as the PDQ rules deal them
    (:func:`companion.pdq.deck.dealt_deck`: Four Score's without the Z and the X); the
    printed deck when the variant is not named."""
    return default_deck() if variant is None else dealt_deck(variant)


def beyond_the_deck(letters: str, deck: Deck) -> list[str | None]:
    """For each card of a deal read (``letters``, left to right, "?" a card not read), why
    the deal could not come from ``deck`` when it holds fewer cards of that card's letter
    than are read, in the deck's words (:meth:`companion.pdq.deck.Deck.shortfalls`: "this
    deck has only 1 Q card, but 3 were dealt", "this deck has no Z card"); None for the
    others. Every card of such a letter is named: any of them may be the one misread."""
    short = deck.shortfalls(letters)
    return [short.get(letter) for letter in letters]


def card_why(washed: bool, deck_said: str | None) -> str | None:
    """Why a card is listed whatever its confidence: a glare washed out part of its letter
    (``washed``, :data:`WASHED_CARD`), the deck holds fewer of its letter than are read
    (``deck_said``, :func:`beyond_the_deck`), both, one after the other; None for neither."""
    said = [why for why in (WASHED_CARD if washed else None, deck_said) if why]
    return "; ".join(said) or None


def washed_said(why: str | None) -> bool:
    """Does a card's ``why`` (:func:`card_why`) say that a glare washed out part of its
    letter?"""
    return why is not None and why.split("; ")[0] == WASHED_CARD


def uncertain_cards(cards: list[CardRead], sure: float) -> list[int]:
    """The positions (0-based, left to right) of the cards the player is asked to check: a
    card whose letter was not read, or was read less surely than ``sure``, or listed for a
    reason (``why``, :func:`card_why`): its letter a glare washed out in part
    (:func:`washed_cards`: the classifier can be sure of a wrong letter, a glared O read as U
    at 0.99), or more cards read as its letter than the deck holds."""
    return [i for i, c in enumerate(cards)
            if c.letter is None or c.confidence < sure or c.why is not None]


def card_offers(card: CardRead) -> list[tuple[str, float]]:
    """What a card listed to check offers the player, by the rule a board's listed square
    follows (:func:`vision.cells.read_first`): the letter read first, with how likely the
    classifier found it, then the runners-up more than ``SHOWN_MIN`` likely. A card always
    bears a letter, so "no letter" is never offered; a card whose letter was not made out
    offers its likely runners-up alone (none when no mark was seen on it)."""
    letters = [(a, p) for a, p in card.alternatives if a != NO_LETTER]
    if card.letter is None:
        return shown_alternatives(letters)
    return read_first(card.letter, card.confidence, letters)


def deal_reading(cards: list[CardRead], sure: float) -> dict:
    """A deal read, as the command line's JSON and the web app give it: the letters left to
    right ("?" for a card not read), each card (:meth:`CardRead.to_dict`) and the positions
    (0-based) of those listed to check (:func:`uncertain_cards`)."""
    listed = uncertain_cards(cards, sure)
    return {"letters": "".join(c.letter or "?" for c in cards),
            "cards": [c.to_dict(i in listed) for i, c in enumerate(cards)],
            "uncertain": listed}


def find_cards(cfg: CardConfig, image: np.ndarray) -> list[np.ndarray]:
    """Card outlines in a BGR photo: (4, 2) corners TL, TR, BR, BL each, left to right.

    A card is a four-sided outline in a card's proportion, paler and less coloured than
    what is around it; outlines nested inside a card (its printed border) are dropped. The
    outlines their four corners fit (``min_fit``) are taken first: on a grained table the
    faint edges join the grain to a blurred card edge, and the corners fitted round both take
    in a wedge of the table, while the card's own outline nests inside; one fitted poorly is
    taken only where no other card is (a card smeared by a moving phone fits none well)."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    gray = cv2.GaussianBlur(hsv[:, :, 2], (5, 5), 0)
    contours: list[np.ndarray] = []
    for lo, hi in ((40, 120), (15, 45)):  # strong edges first, then faint ones (pale tables)
        edges = cv2.dilate(cv2.Canny(gray, lo, hi), np.ones((3, 3), np.uint8))
        contours += cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)[0]
    area = gray.shape[0] * gray.shape[1]
    quads = []
    for cnt in contours:
        a = cv2.contourArea(cnt)
        if not cfg.min_area * area <= a <= cfg.max_area * area:
            continue
        hull = cv2.convexHull(cnt)
        approx = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True)
        if len(approx) != 4:
            continue
        (_, _), (w, h), _ = cv2.minAreaRect(approx)
        if not cfg.min_aspect <= max(w, h) / max(1.0, min(w, h)) <= cfg.max_aspect:
            continue
        mask = np.zeros(gray.shape, np.uint8)
        cv2.fillConvexPoly(mask, approx.astype(np.int32), 255)
        if float(np.median(hsv[:, :, 1][mask > 0])) > cfg.max_saturation:
            continue
        bulged = _overlap(cnt, approx) < cfg.min_fit  # four corners do not fit it
        quads.append((bulged, -cv2.contourArea(approx), order_corners(approx.reshape(4, 2))))
    cards: list[np.ndarray] = []
    for _, _, quad in sorted(quads, key=lambda q: q[:2]):  # the fitting ones, largest first
        if any(_inside(quad, k) or _inside(k, quad) for k in cards):
            continue
        cards.append(quad)
    return sorted(cards, key=lambda c: float(c[:, 0].mean()))


def _inside(quad: np.ndarray, card: np.ndarray) -> bool:
    """Is the middle of ``quad`` inside ``card`` (both (4, 2) corners)?"""
    centre = tuple(float(v) for v in quad.mean(axis=0))
    return cv2.pointPolygonTest(card.astype(np.float32), centre, False) >= 0


def _overlap(cnt: np.ndarray, quad: np.ndarray) -> float:
    """How well four corners fit an outline: the area the filled outline and the quad share,
    as a share of the area either covers (1.0 a perfect fit)."""
    x, y, w, h = cv2.boundingRect(np.concatenate([cnt.reshape(-1, 2), quad.reshape(-1, 2)]))
    shape, shift = (h, w), (-x, -y)
    inside = np.zeros(shape, np.uint8)
    cv2.drawContours(inside, [cnt], -1, 1, cv2.FILLED, offset=shift)
    fitted = np.zeros(shape, np.uint8)
    cv2.fillConvexPoly(fitted, quad.reshape(-1, 2).astype(np.int32) + np.array(shift), 1)
    return float((inside & fitted).sum()) / max(float((inside | fitted).sum()), 1.0)


def card_face(cfg: CardConfig, image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The card warped upright-ish to (H, W) = card size at ``PX_PER_MM`` (portrait)."""
    w, h = round(cfg.width_mm * PX_PER_MM), round(cfg.height_mm * PX_PER_MM)
    c = np.asarray(corners, np.float32)
    if np.linalg.norm(c[1] - c[0]) > np.linalg.norm(c[3] - c[0]):  # lying sideways
        c = np.roll(c, -1, axis=0)
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    return cv2.warpPerspective(image, cv2.getPerspectiveTransform(c, dst), (w, h))


def letter_area(cfg: CardConfig, face: np.ndarray) -> np.ndarray:
    """The middle of a card face where its big letter is (the corner indices trimmed off)."""
    h, w = face.shape[:2]
    mx, my = round(w * cfg.letter_margin_x), round(h * cfg.letter_margin_y)
    return face[my: h - my, mx: w - mx]


def washed_cards(cfg: CardConfig, faces: list[np.ndarray]) -> list[float]:
    """How much of each card's letter a glare washed out (0 to 1), from the gray letter
    areas of a deal's faces (:func:`letter_area`): the share of its strokes whose ink is
    lifted past ``glare_lifted`` of the way to the paper round it. A stroke pixel is one
    darker than the middle of its neighbourhood's (``glare_reach`` square) darkest and
    lightest, which differ by at least ``glare_mark`` of the way from the deal's ink to that
    paper, where such pixels are ``glare_stroke`` wide at least: a card's thin printed
    border, caught in the letter's area when a card's outline is a little off, is no
    letter's stroke. A card's letter is printed in one ink: a glare mixing a share g of
    white into the photo lifts the ink g of the way to white where it falls, while the
    deal's ink (the median of its cards' darkest) stays where no glare is; a shadow or a
    card in less light darkens the paper but leaves the black ink about as dark."""
    grays = [cv2.cvtColor(f, cv2.COLOR_BGR2GRAY) for f in faces]
    ink = float(np.median([np.percentile(g, 2) for g in grays]))
    near = np.ones((cfg.glare_reach, cfg.glare_reach), np.uint8)
    thick = np.ones((cfg.glare_stroke, cfg.glare_stroke), np.uint8)
    shares = []
    for g in grays:
        floor = cv2.erode(g, near).astype(np.float64)
        paper = cv2.dilate(g, near).astype(np.float64)
        span = np.maximum(paper - ink, 1.0)
        stroke = ((paper - floor) > cfg.glare_mark * span) & (g < (paper + floor) / 2)
        stroke = cv2.morphologyEx(stroke.astype(np.uint8), cv2.MORPH_OPEN, thick) > 0
        lifted = (floor[stroke] - ink) / span[stroke]
        shares.append(float((lifted > cfg.glare_lifted).mean()) if stroke.any() else 0.0)
    return shares


def read_card(cards: CardConfig, cells: CellConfig, clf: TileClassifier, face: np.ndarray,
              corners: np.ndarray, letters: tuple[str, ...]) -> CardRead:
    """The big letter of a card face, trying it both ways up."""
    best = None
    for turn in (0, 2):
        crop = letter_area(cards, np.rot90(face, turn).copy())
        glyph = glyph_of(cells, crop)
        if glyph is None:
            continue
        g = clf.guesses(np.array([features(glyph)]), letters)[0]
        score = g.confidence + (0.5 if _bar_below(cells, crop) else 0.0)
        if best is None or score > best[0]:
            best = (score, g)
    if best is None:
        return CardRead(None, 0.0, (), corners)
    g = best[1]
    return CardRead(g.letter, g.confidence, g.alternatives, corners)


def _bar_below(cfg: CellConfig, crop: np.ndarray) -> bool:
    """Is there a bar under the letter (the mark of an upright M, W, N or Z)?"""
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    mask = ink_mask(cfg, gray).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    if n < 3:
        return False
    order = sorted(range(1, n), key=lambda i: -stats[i][4])
    letter = stats[order[0]]
    for i in order[1:]:
        x, y, bw, bh, _ = stats[i]
        if bw > 3 * bh and bw > 0.3 * letter[2]:
            return y > letter[1] + letter[3] / 2
    return False


def read_deal(cards_cfg: CardConfig, cells_cfg: CellConfig, clf: TileClassifier,
              image: np.ndarray, letters: tuple[str, ...], expected: tuple[int, ...] = (3, 4),
              variant: Variant | None = None) -> list[CardRead]:
    """The dealt cards in a BGR photo, left to right (:func:`vision.photo.read_deal_photo`
    also says what else the photo shows when there is no deal in it). With ``variant``, as
    many cards as it deals (``Variant.cards``, the PDQ rules') and no other number: a deal
    with a card hidden is refused (:func:`not_the_deal`), never read as a smaller one. A
    deal its deck (:func:`deal_deck`, the variant's) cannot make is never read as sure: the
    cards of each letter read more often than the deck holds are listed, in the deck's words
    (:func:`beyond_the_deck`)."""
    found = find_cards(cards_cfg, image)
    if variant is not None:
        if found and len(found) != variant.cards:
            raise VisionError(not_the_deal(len(found), variant))
        expected = (variant.cards,)
    if len(found) not in expected:
        want = " or ".join(str(n) for n in expected)
        seen = counted(len(found), "card") if found else "no card"
        raise VisionError(f"found {seen}, expected {want}: lay the cards apart, "
                          "face up, on a darker table, all in the picture")
    faces = [card_face(cards_cfg, image, c) for c in found]
    reads = [read_card(cards_cfg, cells_cfg, clf, f, c, letters)
             for f, c in zip(faces, found, strict=True)]
    washed = washed_cards(cards_cfg, [letter_area(cards_cfg, f) for f in faces])
    beyond = beyond_the_deck("".join(r.letter or "?" for r in reads), deal_deck(variant))
    return [replace(r, why=card_why(w > cards_cfg.max_washed and r.letter is not None, b))
            for r, w, b in zip(reads, washed, beyond, strict=True)]


def not_the_deal(found: int, variant: Variant) -> str:
    """The refusal of ``found`` cards (one or more) in a photo of a ``variant`` deal that
    deals another number: "3 cards found, but Four Score deals 4: is a card hidden or out of
    the photo?"."""
    said = f"{counted(found, 'card')} found, but {variant.title} deals {variant.cards}"
    short = variant.cards - found
    if short == 1:
        return f"{said}: is a card hidden or out of the photo?"
    if short > 1:
        return f"{said}: are {counted(short, 'card')} hidden or out of the photo?"
    return f"{said}: is another card in the photo, or were these dealt for another variant?"


def deal_shown(cfg: CardConfig, image: np.ndarray, game: str,
               expected: tuple[int, ...] = (3, 4)) -> WrongDocument | None:
    """The refusal for a photo of a PDQ deal (as many card outlines as a deal has) that was
    to show ``game``'s board or sheet, once that was not found in it; ``None`` otherwise."""
    found = find_cards(cfg, image)
    if len(found) not in expected:
        return None
    return WrongDocument(f"a PDQ deal ({counted(len(found), 'card')})",
                         WANTED.get(game, f"a {game} photo"), "pdq")
