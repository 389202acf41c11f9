"""Reading the cells of a canonical board image: empty, blank tile, or a letter."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.text import counted, listed, noun_for
from vision.boards import BoardSpec
from vision.classifier import NO_LETTER, Guess, TileClassifier
from vision.config import CellConfig
from vision.glyph import face_and_darkest, features, glyph_from_mask, ink_mask
from vision.ocr import Tesseract, read_glyphs

EMPTY, BLANK = "", "?"
OPTIONS = 6          # runners-up kept per cell for the lexicon to try
OPTION_MIN = 1e-4    # ... when at least this likely
SHOWN_MIN = 0.02     # alternatives shown to the player are at least this likely
# Why a letter is listed, however surely it reads, when it is seen too small (a far stack of
# the 3D WerdUp board, a commercial board's cell of few pixels)
TOO_SMALL = "its letter is too small in the photo to be sure of"
# Why a letter is listed, however surely it reads, when its ink was too faint to be taken for
# a letter at first and its tile's face was read as a blank tile's (a thin letter, an I or
# an L, smeared by a phone that moved)
FADED = "its letter is faint in the photo (a blur or a shake faded it): check it"
# Squares of one reason that were read and offer alike (a glare's washed-out squares, each
# "read empty: empty, ?") are listed a line each up to this many; more are named together by
# the rows they lie in, their choices said once (:func:`listed_by_reason`). Eight lines of a
# phone's photo page (45 px each at 390 x 844) take 360 px, under half its 844 px screen,
# and eight lines fit a 24-line terminal with the reason and its neighbours.
ALIKE_LISTED = 8


def shown_alternatives(options: Iterable[tuple[str, float]], k: int | None = None
                       ) -> list[tuple[str, float]]:
    """The alternatives a player is shown out of ``options`` (faces with their
    probabilities, best first): those more than ``SHOWN_MIN`` likely (one shown as 0% or 1%
    tells nothing), the first ``k`` of them (all when ``k`` is None). The one rule for what a
    listed cell offers from its runners-up."""
    shown = [(a, p) for a, p in options if p > SHOWN_MIN]
    return shown if k is None else shown[:k]


def offered(rd: CellRead) -> list[tuple[str, float | None]]:
    """What a listed cell offers the player, each with how likely it is (``None`` when its
    share would be made up, ``unweighed``): what was read first (a blank tile's face aside:
    its letters are offered), then its alternatives past :func:`shown_alternatives`. A tile
    listed with its runners-up only, or whose letter the words chose though the tile hardly
    looks like it, still shows its letter, with how likely the classifier found it
    (``looks`` once the words set its confidence); one with no alternative left to show
    offers nothing but what was read. The one rule every board reading's JSON offers a
    listed cell by."""
    if rd.face == BLANK:
        shown = shown_alternatives(rd.alternatives)
    else:
        shown = read_first(rd.face, rd.classifier_confidence, rd.alternatives)
    return [(a, None if rd.unweighed else p) for a, p in shown]


def washed_why(what: str) -> str:
    """Why a board's square (``what``: "square") or a PDQ card ("card") is listed when a
    glare may have washed out its letter: "washed out by a glare: check this square"."""
    return f"washed out by a glare: check this {what}"


def read_first(read: str, likely: float, alternatives: Iterable[tuple[str, float]]
               ) -> list[tuple[str, float]]:
    """What a reading listed for the player offers, out of what was ``read`` (``likely``
    that, unless ``alternatives`` give its own share) and its ``alternatives`` (best first):
    the runners-up past :func:`shown_alternatives`, what was read put first when it is not
    first already; nothing when no runner-up is left to show (what was read says it all).
    The one rule a listed square (:func:`offered`) and a listed PDQ card
    (:func:`vision.cards.card_offers`) follow."""
    options = list(alternatives)
    shown = shown_alternatives(options)
    if shown and shown[0][0] != read:
        own = [p for a, p in options if a == read]
        shown = [(read, own[0] if own else likely)] + [(a, p) for a, p in shown if a != read]
    return shown


def faces(reads: list[CellRead], rows: int, cols: int) -> list[list[str]]:
    """The faces read, row by row ("" an empty square, "?" a blank tile)."""
    grid = [[""] * cols for _ in range(rows)]
    for rd in reads:
        grid[rd.row][rd.col] = rd.face
    return grid


def listed_entry(rd: CellRead) -> dict:
    """A listed cell as every reading's JSON gives it: where it is, what was read, what it
    offers (:func:`offered`; ``p`` null where no share measures it) and, when the reading
    says it, why it is listed."""
    return ({"row": rd.row, "col": rd.col, "read": rd.face,
             "alternatives": [{"letter": a or None, "p": None if p is None else round(p, 3)}
                              for a, p in offered(rd)]}
            | ({"why": rd.why} if rd.why else {})
            | ({"why_also": list(rd.why_also)} if rd.why_also else {}))


def give_reason(rd: CellRead, why: str) -> None:
    """Say that ``rd`` is listed for ``why`` too: its ``why`` when it has none, else one of
    its ``why_also`` (a letter of two runs that are no words is listed for both, each run's
    sentence naming all its squares)."""
    if not rd.why:
        rd.why = why
    elif why != rd.why and why not in rd.why_also:
        rd.why_also.append(why)


@dataclass
class ListedReason:
    """Listed squares (their :func:`listed_entry` JSON) that share one reason: ``why`` (""
    for a square listed for its own doubt alone, a group of one), said once. ``doubtful``
    are the squares whose letter is most in doubt (they offer more than what was read, or
    it is read under the reader's ``min_confidence``); ``sure``, those read surely and
    listed for the reason alone (a run's other letters): both in board order. ``alike`` are
    the sets of more than :data:`ALIKE_LISTED` squares in doubt that were read alike and
    offer the same choices (a glare's washed-out squares, each "read empty: empty, ?"), kept
    out of ``doubtful``: each is named by where it lies (:func:`squares_by_row`), its
    choices said once, the squares to be checked on the board. ``named`` are the squares
    listed for it too (their ``why_also``) but shown under their first reason (a letter of
    two runs that are no words), in board order."""

    why: str
    doubtful: list[dict] = field(default_factory=list)
    sure: list[dict] = field(default_factory=list)
    named: list[dict] = field(default_factory=list)
    alike: list[list[dict]] = field(default_factory=list)

    @property
    def alone(self) -> bool:
        """Whether it is one square listed first for this reason (its ``why``), said on a
        line of its own with its letters; a square shown under another reason and named here
        (:attr:`named`: a tile that shares a reason with others not listed) is named, not
        shown twice."""
        return len(self.doubtful) + len(self.sure) == 1 and not self.named and not self.alike

    @property
    def entries(self) -> list[dict]:
        """Every square of it, those named here included, in board order."""
        return sorted(self.doubtful + self.sure + self.named + [u for s in self.alike for u in s],
                      key=lambda u: (u["row"], u["col"]))

    def gather_alike(self) -> None:
        """Take out of ``doubtful`` each set of more than :data:`ALIKE_LISTED` squares read
        alike and offering the same choices, into ``alike``."""
        sets: dict[tuple, list[dict]] = {}
        for u in self.doubtful:
            choices = tuple((a["letter"], a["p"]) for a in u["alternatives"])
            sets.setdefault((u["read"], choices), []).append(u)
        self.alike = [alike for alike in sets.values() if len(alike) > ALIKE_LISTED]
        gathered = {id(u) for alike in self.alike for u in alike}
        self.doubtful = [u for u in self.doubtful if id(u) not in gathered]


def read_surely(entry: dict, sure: float) -> bool:
    """Whether a listed square offers only what was read, measured at least ``sure``
    likely: it is listed for its reason alone, not for a doubt of its own."""
    alts = entry["alternatives"]
    return (len(alts) == 1 and (alts[0]["letter"] or "") == entry["read"]
            and alts[0]["p"] is not None and alts[0]["p"] >= sure)


def listed_by_reason(entries: Iterable[dict], sure: float | None = None
                     ) -> list[ListedReason]:
    """A reading's listed squares (its JSON ``uncertain``) grouped by their ``why``, each
    reason once, in board order of each group's first square (a square with no ``why`` is
    a group of its own; one listed for more reasons, its ``why_also``, is shown under its
    ``why`` and named under each of the others, :attr:`ListedReason.named`); ``sure``: the
    confidence at or above which a square's letter is not itself in doubt (the reader's
    ``min_confidence``). The one rule by which the command line and the web app say why
    squares are listed: a run that is no word named once, not once per letter, with all its
    squares; many squares read and offering alike named together by where they lie
    (:attr:`ListedReason.alike`), not a line each."""
    if sure is None:
        from vision.config import DEFAULT

        sure = DEFAULT.classify.min_confidence
    groups: dict[str, ListedReason] = {}
    out: list[ListedReason] = []

    def group_for(why: str) -> ListedReason:
        group = groups.get(why) if why else None
        if group is None:
            group = ListedReason(why)
            out.append(group)
            if why:
                groups[why] = group
        return group

    for u in sorted(entries, key=lambda u: (u["row"], u["col"])):
        group = group_for(u.get("why", ""))
        (group.sure if read_surely(u, sure) else group.doubtful).append(u)
        for why in u.get("why_also", []):
            group_for(why).named.append(u)
    for group in out:
        group.gather_alike()
    return out


def named_elsewhere(group: ListedReason, groups: list[ListedReason],
                    column: Callable[[int], str]) -> str:
    """Where ``group``'s :attr:`~ListedReason.named` squares are, each with whether it is
    shown above or below (under its first reason, among ``groups``, as
    :func:`listed_by_reason` orders them), with what was read: "row 6, column 7: W (listed
    above); row 8, column 12: blank tile (listed below)"; "" for none."""
    at = groups.index(group)
    shown = {(u["row"], u["col"]): k for k, g in enumerate(groups)
             for u in g.doubtful + g.sure + [u for s in g.alike for u in s]}
    return "; ".join(f"{squares_named([u], column)}: {face_named(u['read'])} (listed "
                     f"{'above' if shown[(u['row'], u['col'])] < at else 'below'})"
                     for u in group.named)


def squares_named(entries: list[dict], column: Callable[[int], str]) -> str:
    """Where listed squares (in board order) are, as a player reads it: "row 14, columns
    5-8" (``column`` names a 0-based column: "5", or the web app's "E"), "column 7, rows
    7 and 9", or, scattered over the board, how many in which rows, "125 squares in rows
    1-12"."""
    rows = sorted({u["row"] for u in entries})
    cols = sorted({u["col"] for u in entries})
    if len(entries) == 1:
        return f"row {rows[0] + 1}, column {column(cols[0])}"
    if len(rows) == 1:
        return f"row {rows[0] + 1}, columns {_span([column(c) for c in cols], cols)}"
    if len(cols) == 1:
        return f"column {column(cols[0])}, rows {_span([str(r + 1) for r in rows], rows)}"
    return f"{counted(len(entries), 'square')} in rows {rows[0] + 1}-{rows[-1] + 1}"


def squares_by_row(entries: list[dict], column: Callable[[int], str]) -> str:
    """Where many listed squares are, row by row, rows holding the same columns said
    together: "rows 1-2, columns 5-14; rows 3-9, columns 4-15; row 11, columns 6-11 and 13"
    (``column`` names a 0-based column, as for :func:`squares_named`)."""
    by_row: dict[int, list[int]] = {}
    for u in entries:
        by_row.setdefault(u["row"], []).append(u["col"])
    said: list[tuple[list[int], list[int]]] = []  # (rows, their columns)
    for row in sorted(by_row):
        cols = sorted(set(by_row[row]))
        if said and said[-1][1] == cols and said[-1][0][-1] == row - 1:
            said[-1][0].append(row)
        else:
            said.append(([row], cols))
    return "; ".join(
        f"{noun_for(len(rows), 'row')} {_span([str(r + 1) for r in rows], rows)}, "
        f"{noun_for(len(cols), 'column')} {_span([column(c) for c in cols], cols)}"
        for rows, cols in said)


def face_named(read: str) -> str:
    """What a listed square was read as, as a player reads it: its letter, "empty" or
    "blank tile"."""
    return {EMPTY: "empty", BLANK: "blank tile"}.get(read, read)


def read_as(entry: dict) -> str:
    """What a listed square was read as, said before why it is listed: "read A", "read
    empty" or "blank tile"."""
    return "blank tile" if entry["read"] == BLANK else f"read {face_named(entry['read'])}"


def read_and_why(entry: dict, why: str = "", reads: bool = True) -> str:
    """What a listed square was read as (a board's, ``reads``: a Girdle sheet's boxes say
    their alternatives alone), then ``why`` it is listed unless ``why`` says it: "read S",
    "read empty; a tile's colour, no letter seen: empty, or a tile", "a blank tile: which
    letter it stands for is not known"; "" for neither. How the command line and the photo
    page say a listed square before its alternatives."""
    what = read_as(entry) if reads else ""
    if what and why.startswith(f"a {what}"):
        return why
    return "; ".join(filter(None, (what, why)))


def _span(names: list[str], at: list[int]) -> str:
    """Names of places in a line (``at``, in order): "5" alone, "5-8" when they follow on,
    else each stretch that follows on said so, "5-6 and 8", "6-11, 13 and 15"."""
    pieces, start = [], 0
    for k in range(1, len(at) + 1):
        if k == len(at) or at[k] != at[k - 1] + 1:
            pieces.append(names[start] if k - 1 == start else f"{names[start]}-{names[k - 1]}")
            start = k
    return listed(pieces)


def surely_read(entries: list[dict], column: Callable[[int], str]) -> str:
    """Squares read surely (:attr:`ListedReason.sure`), each with its letter and how likely
    it is, its row said only when it changes: "row 14, column 5: M (99%); column 6: O (92%)"."""
    said, row = [], None
    for u in entries:
        where = f"column {column(u['col'])}"
        if u["row"] != row:
            where, row = f"row {u['row'] + 1}, {where}", u["row"]
        said.append(f"{where}: {face_named(u['read'])} ({u['alternatives'][0]['p']:.0%})")
    return "; ".join(said)


def confidence_shown(rd: CellRead) -> float | None:
    """A cell's confidence as a reading's JSON gives it: ``None`` when it is no measure
    (``unmeasured``), else rounded. The one rule every reading's ``confidence`` grid uses."""
    return None if rd.unmeasured else round(rd.confidence, 3)


@dataclass
class CellRead:
    """One cell: ``face`` is "" (empty), "?" (blank tile) or a letter ("Qu" for WerdUp).

    ``letter`` is what the tile stands for (a blank's letter once inferred, else None for
    empty); ``alternatives`` lists other likely faces with their probabilities.
    """

    row: int
    col: int
    face: str
    confidence: float
    alternatives: list[tuple[str, float]] = field(default_factory=list)
    letter: str | None = None
    options: list[tuple[str, float]] = field(default_factory=list)  # runners-up, always kept
    why: str = ""  # why a listed cell is to be checked, when its alternatives do not say it
    # further reasons it is listed for (a letter of two runs that are no words: the second
    # run's sentence), :func:`give_reason`
    why_also: list[str] = field(default_factory=list)
    # its alternatives are letters none likelier than another (a blank's letter that nothing
    # tells): their probabilities are made up, and are not shown
    unweighed: bool = False
    # how likely the classifier found the face read, once the words set ``confidence`` (the
    # chosen reading's share of those that make words)
    looks: float | None = None
    # its ``confidence`` is no measure (a lost letter's commonest letter, a Girdle gap box):
    # the JSON gives it as null, its ``why`` saying what it is
    unmeasured: bool = False

    @property
    def uncertain(self) -> bool:
        return bool(self.alternatives)

    @property
    def classifier_confidence(self) -> float:
        """How likely the classifier found the face read: ``looks`` once the words set
        ``confidence`` (their share, not the classifier's figure), else ``confidence``."""
        return self.confidence if self.looks is None else self.looks


def cell_crops(cfg: CellConfig, canonical: np.ndarray, rows: int, cols: int
               ) -> list[tuple[int, int, np.ndarray]]:
    """(row, col, inset BGR crop) for every cell of a canonical image."""
    h, w = canonical.shape[:2]
    ph, pw = h / rows, w / cols
    out = []
    for r in range(rows):
        for c in range(cols):
            y0, y1 = round(r * ph + cfg.inset * ph), round((r + 1) * ph - cfg.inset * ph)
            x0, x1 = round(c * pw + cfg.inset * pw), round((c + 1) * pw - cfg.inset * pw)
            out.append((r, c, canonical[y0:y1, x0:x1]))
    return out


def glyph_of(cfg: CellConfig, crop: np.ndarray, exclude_border: bool = True,
             edge_lines: float = 0.0) -> np.ndarray | None:
    """The normalised glyph of a BGR or gray crop: dark, colourless ink only (the printed
    beginning-square rings and premium labels are coloured, tile letters are not); marks
    along the crop's edges left out as :func:`vision.glyph.glyph_from_mask` says."""
    if crop.ndim == 2:
        return glyph_from_mask(cfg, ink_mask(cfg, crop), exclude_border, edge_lines)
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    mask = ink_mask(cfg, gray)
    n, labels = cv2.connectedComponents(mask.astype(np.uint8), connectivity=8)
    if n > 1:  # each mark is judged as a whole: its blurred rim takes the face's colour
        resid = colour_residual(crop, gray)
        mean = (np.bincount(labels.ravel(), resid.ravel(), n)
                / np.maximum(np.bincount(labels.ravel(), minlength=n), 1))
        mask &= mean[labels] < cfg.ink_chroma_ratio
    return glyph_from_mask(cfg, mask, exclude_border, edge_lines)


def colour_residual(crop: np.ndarray, gray: np.ndarray) -> np.ndarray:
    """How far each pixel's colour is from a shade of the crop's face (its brightest fifth),
    as a share of the face's brightness: (H, W) float32.

    Black ink, however blurred into the face and under whatever tint of light, is a darker
    shade of the face (near 0); coloured print (a blue ring on cream paper) is not.
    """
    px = crop.reshape(-1, 3).astype(np.float32)
    face = np.median(px[gray.ravel() >= np.percentile(gray, 80)], axis=0)
    norm = float(face @ face) or 1.0
    shade = (px @ face / norm)[:, None] * face[None, :]
    resid = np.linalg.norm(px - shade, axis=1) / max(float(face.mean()), 1.0)
    return resid.reshape(gray.shape)


def read_cells(cfg: CellConfig, canonical: np.ndarray, spec: BoardSpec, clf: TileClassifier,
               min_confidence: float, keep: int = 3, tesseract: Tesseract | None = None,
               by_lightness: float | None = None) -> list[CellRead]:
    """Classify every cell of a canonical (rows*P, cols*P, 3) image, row by row.

    Letters come from the classifier; a cell with no letter is a blank tile when its face
    colour is nearer the letter tiles' face colour than the empty squares' of its kind. In a
    photo with no colour (``by_lightness``, the least difference in lightness that tells
    tiles from squares, :func:`told_apart_by_lightness`) its face's lightness is compared
    instead.
    """
    crops = cell_crops(cfg, canonical, spec.rows, spec.cols)
    glyphs = [glyph_of(cfg, crop) for _, _, crop in crops]
    idx = [i for i, g in enumerate(glyphs) if g is not None]
    if tesseract is not None:
        guesses = _tesseract_guesses(tesseract, glyphs, spec)
    else:
        feats = np.array([features(g) for g in glyphs if g is not None], np.float32)
        guesses = dict(zip(idx, clf.guesses(feats, spec.letters, OPTIONS), strict=True))
    reads: list[CellRead] = []
    for i, (r, c, _) in enumerate(crops):
        g = guesses.get(i)
        if g is None or g.letter is None:
            conf = 1.0 if g is None else g.confidence
            reads.append(CellRead(r, c, EMPTY, conf))
            continue
        options = [(a if a != NO_LETTER else EMPTY, p) for a, p in g.alternatives
                   if p > OPTION_MIN]
        shown = shown_alternatives(options, keep)
        reads.append(CellRead(r, c, g.letter, g.confidence,
                              shown if g.confidence < min_confidence else [], g.letter, options))
    _find_blanks(cfg, crops, reads, spec, by_lightness)
    _letters_at_the_edge(cfg, crops, reads, spec, clf,
                         {i for i in range(len(crops)) if glyphs[i] is None}, min_confidence)
    if tesseract is None:
        _faded_letters(cfg, crops, reads, spec, clf)
    return reads


def faint_ink(cfg: CellConfig, gray: np.ndarray) -> bool:
    """Whether a gray crop holds ink too faint to be cut as a letter's
    (:func:`vision.glyph.ink_mask`: its darkest pixels not below ``ink_ratio`` of its face)
    but darker than a bare tile's face ever is (below ``faded_ink_ratio`` of it): a letter a
    blur or a smear faded, a thin stroke (an I, an L) spread over more pixels than it had."""
    face, dark = face_and_darkest(gray)
    return face * cfg.ink_ratio <= dark < face * cfg.faded_ink_ratio


def _faded_letters(cfg: CellConfig, crops: list, reads: list[CellRead], spec: BoardSpec,
                   clf: TileClassifier) -> None:
    """Read the letter of each cell read as a blank tile whose face holds faint ink
    (:func:`faint_ink`), its ink cut at ``faded_ink_ratio``: a blank tile's face is bare,
    so a smeared thin letter (its stroke's contrast lost to the smear) was taken for one and
    a game with blank tiles would have settled it silently, as a blank standing for what its
    words want. A letter so read is the cell's face, and the cell's ``why`` is
    :data:`FADED`, for the reading to list it; ink that reads as no letter leaves the cell
    as it was. A cell read empty is left alone: read so, faint marks on bare squares made a
    sharp photo of the 3D board's flat picture (the tests' seed 1) look too blurred to read."""
    faded = replace(cfg, ink_ratio=cfg.faded_ink_ratio)
    for i, rd in enumerate(reads):
        crop = crops[i][2]
        if rd.face != BLANK or not faint_ink(cfg, cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)):
            continue
        glyph = glyph_of(faded, crop)
        if glyph is None:
            continue
        g = clf.guesses(np.array([features(glyph)], np.float32), spec.letters, OPTIONS)[0]
        if g.letter is None:
            continue
        options = [(a if a != NO_LETTER else EMPTY, p) for a, p in g.alternatives
                   if p > OPTION_MIN]
        rd.face, rd.letter, rd.confidence, rd.options = g.letter, g.letter, g.confidence, options
        # always doubted, so that the words weigh its runs as they weighed the blank's
        rd.alternatives = [(g.letter, g.confidence)] + shown_alternatives(options)
        rd.why = FADED


def _tesseract_guesses(tess: Tesseract, glyphs: list[np.ndarray | None], spec: BoardSpec
                       ) -> dict[int, Guess]:
    """Tesseract's reading of every glyph, as guesses with no confidence figures."""
    table = [glyphs[r * spec.cols: (r + 1) * spec.cols] for r in range(spec.rows)]
    text = read_glyphs(tess, table)
    out = {}
    for i, g in enumerate(glyphs):
        if g is None:
            continue
        t = text[i // spec.cols][i % spec.cols]
        if t.startswith("Q") and "Qu" in spec.letters:
            t = "Qu"
        out[i] = Guess(t if t in spec.letters else None, 1.0, ())
    return out


def _face_colour(crop: np.ndarray) -> np.ndarray:
    """The chromaticity (b, g shares of b + g + r, in per cent) of the brighter half of a
    crop (the face, not the ink): a shadow or dimmer light leaves it alone."""
    px = crop.reshape(-1, 3).astype(np.float32)
    total = px.sum(axis=1)
    face = np.median(px[total >= np.median(total)], axis=0)
    return 100 * face[:2] / max(float(face.sum()), 1.0)


def _face_lightness(crop: np.ndarray) -> np.ndarray:
    """The lightness (CIE L, 0-100) of the brighter half of a crop (the face, not the ink),
    as a vector of one."""
    light = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)[..., 0].reshape(-1).astype(np.float32)
    return np.array([float(np.median(light[light >= np.median(light)])) * 100 / 255])


def told_apart_by_lightness(tile: float, square: float, least: float) -> bool:
    """Whether a tile's face and the board around it, of lightness (CIE L) ``tile`` and
    ``square``, are ``least`` apart at least: in a photo with no colour, what tells a tile
    whose letter is not read from an empty square (the 3D-printed board's stacks and the
    board read flat alike, ``StackConfig.min_tile_contrast``)."""
    return abs(tile - square) >= least


def blank_margin(cfg: CellConfig, apart: float) -> float:
    """How much nearer the tiles' colour than its own kind of square's a cell with no letter
    must be to be read as a tile (a blank, or a tile whose letter was lost), when the squares'
    and the tiles' colours are ``apart`` (chromaticity, per cent): ``blank_chroma_margin``,
    or ``blank_margin_share`` of ``apart`` when that is less (the paper board's plain squares
    are 0.5 to 0.8 from its cream tiles: a fixed margin of 1.0 would read every tile face
    there as the bare square), never under ``blank_min_margin`` (a colour's noise)."""
    return max(cfg.blank_min_margin, min(cfg.blank_chroma_margin, cfg.blank_margin_share * apart))


def _letters_at_the_edge(cfg: CellConfig, crops: list, reads: list[CellRead], spec: BoardSpec,
                         clf: TileClassifier, inkless: set[int], min_confidence: float) -> None:
    """Give each cell read as a blank tile, as its ``options``, what the classifier makes of
    its ink with the marks touching its crop's edge kept (they are left out of a letter, as a
    tile's edge or a shadow would be, but a grid lined up a little off cuts a letter at the
    crop's edge and loses it): the letters a tile whose letter was lost most likely shows.

    A cell read empty whose crop held no ink away from its edge (``inkless``, by index) is
    looked at the same way: when its ink with the edge kept reads surely as a letter (at
    least ``min_confidence``), a letter cut at the crop's edge was lost, and the cell is read
    as a tile whose letter was lost (a blank tile's face, those letters its options), listed
    as such, not as a bare square: a blur smeared sideways left a row of letters low in
    their squares, two of them read as empty squares for sure where their tiles' cream was
    no nearer the tiles' colour than the bare squares'."""
    for i, rd in enumerate(reads):
        if rd.face != BLANK and not (rd.face == EMPTY and i in inkless):
            continue
        glyph = glyph_of(cfg, crops[i][2], exclude_border=False)
        if glyph is None:
            continue
        g = clf.guesses(np.array([features(glyph)], np.float32), spec.letters, OPTIONS)[0]
        options = [(a, p) for a, p in ((g.letter or EMPTY, g.confidence), *g.alternatives)
                   if a not in (EMPTY, NO_LETTER) and p > OPTION_MIN]
        if rd.face == EMPTY:
            if not g.letter or g.confidence < min_confidence:
                continue
            rd.face, rd.letter, rd.confidence = BLANK, None, g.confidence
        rd.options = options


def _find_blanks(cfg: CellConfig, crops: list, reads: list[CellRead], spec: BoardSpec,
                 by_lightness: float | None = None) -> None:
    """Read as a blank tile (or a tile whose letter was lost) each cell with no letter whose
    face's colour is much nearer the letter tiles' than the empty squares' of its kind; with
    ``by_lightness`` (a photo with no colour), its face's lightness, on a kind of square
    whose lightness is told from the tiles' (:func:`told_apart_by_lightness`), nearer the
    tiles' by ``blank_margin_share`` of the least difference that tells them apart."""
    letters = [i for i, rd in enumerate(reads) if rd.face not in (EMPTY, BLANK)]
    if not letters:
        return
    face = _face_colour if by_lightness is None else _face_lightness
    colours = [face(crop) for _, _, crop in crops]
    tile = np.median([colours[i] for i in letters], axis=0)
    kinds: dict[str, list[int]] = {}
    for i, rd in enumerate(reads):
        if rd.face == EMPTY:
            kinds.setdefault(spec.square(rd.row, rd.col), []).append(i)
    for kind, members in kinds.items():
        square = np.median([colours[i] for i in members], axis=0)
        lone = sum(row.count(kind) for row in spec.squares) < 3
        apart = float(np.linalg.norm(square - tile))
        if by_lightness is not None:
            if lone or not told_apart_by_lightness(float(tile[0]), float(square[0]),
                                                   by_lightness):
                continue  # nothing to tell its tiles by
            margin = cfg.blank_margin_share * by_lightness
        else:
            margin = cfg.blank_chroma_margin if lone else blank_margin(cfg, apart)
        for i in members:
            d_tile = float(np.linalg.norm(colours[i] - tile))
            if lone:  # a square of its own kind (the centre): is it the tiles' colour?
                d_square = 2 * cfg.blank_lone_distance
            else:
                d_square = float(np.linalg.norm(colours[i] - square))
            if (d_tile + margin < d_square
                    and d_tile < cfg.blank_nearer * d_square):
                rd = reads[i]
                rd.face, rd.letter = BLANK, None
                rd.confidence = 1.0 - d_tile / d_square
