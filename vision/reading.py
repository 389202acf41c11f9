"""The photo pipeline for boards: locate, warp, read cells, use the words."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion.lexicon import Lexicon
from companion.text import counted
from vision.boards import BoardSpec
from vision.cells import (
    BLANK,
    EMPTY,
    FADED,
    OPTION_MIN,
    TOO_SMALL,
    CellRead,
    confidence_shown,
    faces,
    give_reason,
    listed_entry,
    read_cells,
    shown_alternatives,
    washed_why,
)
from vision.classifier import NO_LETTER, TileClassifier
from vision.config import VisionConfig, WoodConfig
from vision.correct import (
    list_beyond_the_set,
    list_doubted,
    not_a_word,
    read_as_letters,
    resolve,
)
from vision.errors import ReaderCannotRead, VisionError, WrongDocument
from vision.locate import Located, outline_grids, warp
from vision.ocr import Tesseract
from vision.paperboard import paper_frame_shown
from vision.premium import PremiumFit, find_blobs, fit_layout, project
from vision.woodtiles import (
    WoodReading,
    cell_sizes,
    legibility,
    located_blur,
    read_wood,
    white_share,
)

BLURRED = ("the board was found but its letters are too blurred to read (the phone moved, or "
           "the focus missed): hold still and take the photo again")
LAMP = ("move the lamp, or tilt the phone so the bright reflection falls off the board, and "
        "take the photo again")
GLARE = f"the board was found but a glare washes out most of it, where letters may be lost: {LAMP}"
GLARE_NOTE = (f"a glare washes out part of the board, where letters may be lost (its squares "
              f"are listed to check); for a better photo, {LAMP}")
WASHED = washed_why("square")
LONE = "a letter on its own, in a photo with a glare: check this square"
GAP = "a gap between tiles, in a photo with a glare: a letter here may be lost"
BLANK_WASHED = "a blank tile whose words cross squares a glare washed out: check its letter"
NO_TURN = ("the board was found but its tiles do not show which way up it is: take the photo "
           "from the side its letters read the right way up")
# What a square offered as empty or a tile says, neither likelier than the other (its ``why``)
OUTSIDE = "outside the photo: empty, or a tile, not seen"
TILE_COLOURED = "a tile's colour, no letter seen: empty, or a tile"


@dataclass
class BoardReading:
    """What a photo of a board shows; ``cells`` row by row."""

    spec: BoardSpec
    located: Located
    cells: list[CellRead]
    uncertain: list[CellRead] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the player should know of the photo

    def grid(self) -> list[list[str]]:
        """Faces row by row: "" empty, "?" an unresolved blank, a blank's letter in lower case."""
        out = [[""] * self.spec.cols for _ in range(self.spec.rows)]
        for rd in self.cells:
            out[rd.row][rd.col] = rd.letter if rd.face == BLANK and rd.letter else rd.face
        return out

    def to_dict(self) -> dict:
        """The reading as JSON: each listed cell with what was read and the alternatives worth
        a player's look (:func:`vision.cells.offered`: one shown as 0% or 1% tells nothing), and
        why it is listed when the reading says. A cell whose letters offered have no share that
        measures how likely each is (``unweighed``: a blank's letter nothing tells, a square
        empty or a tile, a tile perhaps misread) gives each with ``p`` null, not a made-up
        share; the ``confidence`` grid gives a square whose confidence is no measure
        (``unmeasured``: a lost letter's commonest letters) as null."""
        return {
            "game": self.spec.game,
            "rows": self.spec.rows,
            "cols": self.spec.cols,
            "located_by": self.located.method,
            "corners": np.round(self.located.corners.astype(float), 1).tolist(),
            "grid": self.grid(),
            "confidence": [[confidence_shown(rd) for rd in self.cells[r * self.spec.cols:
                           (r + 1) * self.spec.cols]] for r in range(self.spec.rows)],
            "uncertain": [listed_entry(rd) for rd in
                          sorted(self.uncertain, key=lambda rd: (rd.row, rd.col))],
            "notes": list(self.notes),
        }


def board_candidates(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec) -> list[Located]:
    """Where the grid may be, likeliest first: the markers' fit, else each outline's grid."""
    from vision import markers

    found = markers.try_locate(cfg.locate, image, spec)
    if found is not None:
        return [found]
    return _outline_grids(cfg, image, spec)


def _outline_grids(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec) -> list[Located]:
    """The outlines' grids (:func:`vision.locate.outline_grids`), once the photo is known not
    to show another game's marked printable (a Word Girdle sheet, the other game's paper
    board: its boxes and tables are no board to look for); when no grid is found, a photo of
    a PDQ deal or of a commercial Bug Words board is refused as such
    (:func:`shown_instead`)."""
    from vision import markers

    wrong = markers.other_document(cfg.locate, image, spec.game)
    if wrong is not None:
        raise wrong
    try:
        return outline_grids(cfg.locate, image, spec.rows, spec.cols)
    except VisionError:
        instead = shown_instead(cfg, image, spec.game)
        if instead is not None:
            raise instead from None
        raise


def shown_instead(cfg: VisionConfig, image: np.ndarray, game: str) -> WrongDocument | None:
    """What a photo shows instead of ``game``'s board, sheet or deal, once that was not found
    in it: another of the companion's marked printables (by its markers), a PDQ deal (as many
    card outlines as a deal has) or a commercial Bug Words board (its premium squares); the
    refusal that says so, or ``None``."""
    from vision import markers
    from vision.boards import board_spec
    from vision.cards import deal_shown

    wrong = markers.other_document(cfg.locate, image, game)
    if wrong is None and game != "pdq":
        wrong = deal_shown(cfg.cards, image, game)
    if (wrong is None and game != "bugwords"
            and premium_fit(cfg, image, board_spec("bugwords")) is not None):
        wrong = WrongDocument("a Bug Words board", markers.WANTED.get(game, f"a {game} photo"),
                              "bugwords")
    return wrong


def read_board(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec, clf: TileClassifier,
               lexicon: Lexicon | None = None, located: Located | None = None,
               tesseract: Tesseract | None = None, by_lightness: bool = False
               ) -> BoardReading:
    """Read a BGR photo (H, W, 3) of a board into letters, with the lexicon's help if given;
    with ``by_lightness``, a photo with no colour, its tiles told from the squares by their
    lightness (:func:`vision.cells.read_cells`).

    Letters come from the tile classifier, or from Tesseract when ``tesseract`` is given.
    The companion's boards are found by their markers (the Bug Words paper board, its markers
    hidden or too few decoded, by its premium squares, and read as the paper board:
    :func:`_read_paper_board`); a commercial board by its premium
    squares (:func:`read_commercial`, classifier only: with Tesseract it is refused,
    :class:`vision.errors.ReaderCannotRead`); a photo of another game's marked
    printable, or of a PDQ deal, is refused (:class:`vision.errors.WrongDocument`); failing
    all, of the outlines' grids (grids whose lines show one by one) the first whose reading
    is plausible (no more blank tiles than the set has, give or take ``locate.extra_blanks``)
    is taken.
    """
    if located is not None:
        return _read_cells_at(cfg, image, spec, clf, lexicon, [located], tesseract,
                              by_lightness)
    found, fit, marked = _markers_or_premium(cfg, image, spec)
    if found is None and fit is not None:
        if marked or paper_frame_shown(cfg.premium, image, fit.homography, spec.rows,
                                       spec.cols, spec.game):
            return _read_paper_board(cfg, image, spec, clf, lexicon, fit, tesseract)
        if tesseract is None:  # a commercial board: its premium squares
            return read_commercial(cfg, image, spec, clf, lexicon, fit)
        # its grid's outline would be some other rectangle, read as an empty board
        raise ReaderCannotRead("this photo shows a commercial Bug Words board, whose tiles "
                               "are read with the tile classifier only, not Tesseract")
    candidates = [found] if found is not None else _outline_grids(cfg, image, spec)
    return _read_cells_at(cfg, image, spec, clf, lexicon, candidates, tesseract, by_lightness)


def _read_cells_at(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec, clf: TileClassifier,
                   lexicon: Lexicon | None, candidates: list[Located],
                   tesseract: Tesseract | None, by_lightness: bool) -> BoardReading:
    """:func:`read_board`'s reading of the cells of a grid found (``candidates``, likeliest
    first) by the cell reader (:func:`vision.cells.read_cells`)."""
    tried: list[tuple[Located, list[CellRead]]] = []
    for where in candidates:
        canonical = warp(image, where)
        reads = read_cells(cfg.cells, canonical, spec, clf, cfg.classify.min_confidence,
                           cfg.classify.alternatives, tesseract,
                           cfg.stacks.min_tile_contrast if by_lightness else None)
        tried.append((where, reads))
        blanks = sum(map(_blank_faced, reads))
        if (blanks <= spec.blanks + cfg.locate.extra_blanks or where.method != "outline"
                or tesseract is not None):  # Tesseract leaves many letters unread: no test
            break
    else:  # a blur that loses letters leaves their tiles' faces, read as blank tiles: the
        # likeliest grid (the clearest lines, tried first) is refused as blurred when it is so
        _check_located(cfg, image, tried[0][0], spec, tried[0][1])
        blanks = sum(map(_blank_faced, tried[0][1]))
        raise VisionError(f"the board's grid could not be lined up ({counted(blanks, 'square')} "
                          f"{'looks' if blanks == 1 else 'look'} like blank tiles): photograph "
                          "the whole board, straight on, against a plainer background")
    _check_located(cfg, image, where, spec, reads)
    if lexicon is not None:
        uncertain = resolve(reads, spec.rows, spec.cols, lexicon, spec.letters,
                            blanks=spec.blanks > 0, holds=dict(spec.counts))
    else:
        uncertain = [rd for rd in reads if rd.alternatives or rd.face == BLANK]
        if not spec.blanks:  # no blank tiles in the set: a blank-looking tile lost its letter
            read_as_letters(reads, spec.letters, uncertain)
    for rd in reads:  # a letter read from faint ink: the player looks, whatever the words say
        if rd.why == FADED and rd.face not in (EMPTY, BLANK):
            list_doubted(rd, uncertain)
    list_beyond_the_set(reads, dict(spec.counts), uncertain)
    return BoardReading(spec, where, reads, uncertain)


def _blank_faced(rd: CellRead) -> bool:
    """Whether the cell reader saw ``rd`` as a tile with no letter: a blank tile's face, or
    a letter it then read from faint ink (:data:`vision.cells.FADED`), lost to a blur as
    first seen. What tells a grid lined up wrong and a photo blurred past reading counts
    both alike."""
    return rd.face == BLANK or rd.why == FADED


def premium_fit(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec) -> PremiumFit | None:
    """The board's grid from its premium squares, when enough of them fit the layout: of the
    blobs found, or when those do not fit, of them and the blobs inside another blob's hole
    (a border of a premium's colour closed round the grid, see :func:`find_blobs`)."""
    pc = cfg.premium
    if not any(ch != "." for row in spec.squares for ch in row) or spec.rows != 15:
        return None
    for enclosed in (False, True):
        fit = fit_layout(pc, find_blobs(pc, image, enclosed), spec.squares,
                         (image.shape[1], image.shape[0]))
        if (fit is not None and fit.matched >= pc.min_matched
                and fit.fraction >= pc.min_fraction
                and fit.wrong <= pc.max_wrong_share * fit.matched):
            return fit
    return None


def _markers_or_premium(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec
                        ) -> tuple[Located | None, PremiumFit | None, bool]:
    """The grid found by the markers of ``spec``'s printed boards, or else by its premium
    squares (:func:`premium_fit`), and whether markers of its printed board were seen. Markers
    seen but too few to fit (blurred past decoding, or under a hand) fall back to the premium
    squares, as a photo with none does; when those do not show either, the markers' refusal
    stands (it says how many were seen)."""
    from vision import markers

    try:
        found = markers.try_locate(cfg.locate, image, spec)
    except VisionError:
        fit = premium_fit(cfg, image, spec)
        if fit is None:
            raise
        return None, fit, True
    if found is not None:
        return found, None, False
    return None, premium_fit(cfg, image, spec), False


def _read_paper_board(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec,
                      clf: TileClassifier, lexicon: Lexicon | None, fit: PremiumFit,
                      tesseract: Tesseract | None) -> BoardReading:
    """The companion's paper board found by its premium squares (``fit``), its markers hidden
    or blurred. The wooden-tile reader (:func:`vision.woodtiles.read_wood`) turns it the way
    up its tiles show (the premium layout is the same under quarter turns) and measures its
    letters' blur; its paper tiles are then read by the cell reader, as when its markers are
    seen. The wooden-tile reader tells a tile from a bare square by colour, and the paper
    tiles are the plain squares' cream, so it reads them worse; but the cell reader undoes no
    blur: a board whose letters it found blurred (it undid a blur, or their edges are wider
    than ``deblur_from``), or that the cell reader refuses, is read as a commercial board is
    (:func:`read_commercial`, which refuses it in turn when it must). With Tesseract the cell
    reader's reading stands, or its refusal."""
    wc = cfg.wood
    wood = read_wood(wc, image, fit.homography, spec.squares, clf, spec.letters, lexicon)
    if tesseract is None and (wood.deblurred or wood.blur > wc.deblur_from
                              or wood.turn_margin < wc.turn_margin):
        return read_commercial(cfg, image, spec, clf, lexicon, fit, wood)
    if wood.turn_margin < wc.turn_margin:
        raise VisionError(NO_TURN)
    where = _premium_located(cfg, wood.grid_to_photo, spec)
    try:
        return _read_cells_at(cfg, image, spec, clf, lexicon, [where], tesseract, False)
    except VisionError:
        if tesseract is not None:
            raise
        return read_commercial(cfg, image, spec, clf, lexicon, fit, wood)


def _premium_located(cfg: VisionConfig, grid_to_photo: np.ndarray, spec: BoardSpec
                     ) -> Located:
    """The grid found by its premium squares, upright (``grid_to_photo``: grid cells to photo
    pixels), as a :class:`vision.locate.Located`."""
    p = cfg.locate.cell_px
    corners = project(grid_to_photo, np.array([[0, 0], [spec.cols, 0], [spec.cols, spec.rows],
                                               [0, spec.rows]], float))
    to_canon = np.linalg.inv(grid_to_photo @ np.diag([1 / p, 1 / p, 1.0]))
    return Located(corners.astype(np.float32), to_canon, (spec.cols * p, spec.rows * p),
                   "premium squares")


def read_commercial(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec, clf: TileClassifier,
                    lexicon: Lexicon | None, fit: PremiumFit, wood: WoodReading | None = None
                    ) -> BoardReading:
    """A commercial board found by its premium squares (``fit``, :func:`premium_fit`), its
    wooden tiles read (``wood``, when :func:`vision.woodtiles.read_wood` has read them)."""
    wc = cfg.wood
    if len(_out_of_frame(fit.homography, image.shape, spec)) > wc.max_unseen * spec.rows ** 2:
        raise VisionError("most of the board's grid is outside the photo: step back so the "
                          "whole board is in the frame")
    if wood is None:
        wood = read_wood(wc, image, fit.homography, spec.squares, clf, spec.letters, lexicon)
    _check_wood(wc, wood, spec)
    unseen = _out_of_frame(wood.grid_to_photo, image.shape, spec)
    reads = _wood_cells(cfg, wood, spec, unseen)
    misspelt = _misspelt(reads, spec, lexicon) if wood.deblurred and lexicon else {}
    if lexicon is not None:
        uncertain = _resolve_with_words(reads, spec, lexicon)
    else:
        uncertain = [rd for rd in reads if rd.alternatives or rd.face == BLANK]
    _ask_the_player(reads, unseen, wood.maybe, uncertain)
    _list_too_small(wc, reads, cell_sizes(wood.grid_to_photo), uncertain)
    if wood.deblurred:  # its blur undone, the photo's letters are less sure than they read:
        for rd in reads:  # a thin letter blurred into its face reads as a blank tile, and a
            # letter read surely may be wrong beside one the words mend (MALES read MAIES,
            # mended to MAIMS): the player looks at blanks and at every run read misspelt
            if rd.face == BLANK or (rd.row, rd.col) in misspelt:
                list_doubted(rd, uncertain)
            if lexicon is not None:  # misspelt only with a word list
                for word in misspelt.get((rd.row, rd.col), []):
                    give_reason(rd, not_a_word(word, lexicon))
    if wood.washed:
        grid = _faces(reads, spec)
        # the squares read surely through the glare, its wash undone, are not listed
        through = (_read_through(wc, wood, reads, grid, uncertain, lexicon)
                   if lexicon is not None else set())
        _check_washed(wc, wood, reads, through, spec)
        washed = wood.washed - through
        # squares that may hold a tile whose letter was lost: washed out, or listed as
        # perhaps a blank tile (a tile's colour, no letter seen)
        may_hold = washed | {(u.row, u.col) for u in uncertain if u.face == EMPTY
                             and any(a == BLANK for a, _ in u.alternatives)}
        _check_glared(wc, grid, may_hold)
        _list_washed(reads, grid, washed, may_hold, uncertain)
    list_beyond_the_set(reads, dict(spec.counts), uncertain)
    return BoardReading(spec, _premium_located(cfg, wood.grid_to_photo, spec), reads, uncertain,
                        [GLARE_NOTE] if wood.washed else [])


def _past_reading(wc: WoodConfig, legible: float, blur: float, grid_blur: float) -> bool:
    """Whether a board is blurred past reading, whichever way it was found: its letters read
    too unsurely (``legible``, :func:`vision.woodtiles.legibility`, under ``min_legible``),
    or their edges are wider than ``max_blur`` (:func:`vision.woodtiles.edge_blur`), or,
    measured when few letters are read, its own edges are wider than ``max_grid_blur``
    (:func:`vision.woodtiles.grid_blur`), in cells."""
    return legible < wc.min_legible or blur > wc.max_blur or grid_blur > wc.max_grid_blur


def _check_located(cfg: VisionConfig, image: np.ndarray, where: Located, spec: BoardSpec,
                   reads: list[CellRead]) -> None:
    """Refuse a board found by its markers or outline that a glare washes out (more than
    ``max_white_share`` of its grid in a smooth near-white blob,
    :func:`vision.woodtiles.white_share`: a lamp's glare over a commercial board can hide its
    premium squares, the board then found by its outline and its letters lost, read as an
    empty board, sure of it), or that is blurred past reading
    (:func:`_past_reading`: its letters' legibility, and their edges' and the board's blur
    measured by :func:`vision.woodtiles.located_blur`): its letters were read wrong, or lost
    and read as empty squares, sure of it. The tiles read as blank tiles beyond the set's
    blanks are letters lost, each counted in the legibility as a letter read with no
    confidence (a blur that loses most letters but leaves their tiles' faces is too blurred
    to read, however surely the few letters left read), and so are the letters read from
    faint ink (:func:`vision.cells.faint_ink`), which the blur left too pale to be cut as
    ink at first."""
    wc, p = cfg.wood, cfg.locate.cell_px
    grid_to_photo = np.linalg.inv(where.homography) @ np.diag([p, p, 1.0])
    if white_share(wc, image, grid_to_photo, spec.rows, spec.cols) > wc.max_white_share:
        raise VisionError(GLARE)
    letters = [rd for rd in reads if rd.face != EMPTY and not _blank_faced(rd)]
    blanks = sum(map(_blank_faced, reads))
    blur, grid_blur = located_blur(cfg.wood, image, grid_to_photo, spec.rows, spec.cols,
                                   [(rd.row, rd.col) for rd in letters], blanks)
    lost = blanks - spec.blanks  # more blank-looking tiles than the set has: letters lost
    if _past_reading(cfg.wood, legibility([rd.confidence for rd in letters], lost), blur,
                     grid_blur):
        raise VisionError(BLURRED)


def _check_wood(wc: WoodConfig, wood: WoodReading, spec: BoardSpec) -> None:
    """Refuse a board with a glare and no letter read (a glare on the tiles may take every
    letter; one washing out too much of the board is refused by :func:`_check_washed`), one
    whose letters are too blurred to read (with few letters read, whose own edges are: a blur
    that hides every letter leaves no empty board) or whose way up is unclear; with a glare,
    each refusal says so."""
    if wood.washed and not wood.guesses:  # no letter left: the glare may have taken all
        raise VisionError(GLARE)
    if _past_reading(wc, wood.legibility if wood.guesses else 1.0,
                     0.0 if wood.deblurred else wood.blur, wood.grid_blur):
        # a glare fades letters as a blur does: they read too unsurely for their way up
        raise VisionError(GLARE if wood.washed else BLURRED)
    if wood.turn_margin < wc.turn_margin:  # a wrong turn would misplace every tile
        if wood.washed:  # the glare took the letters that would show it
            raise VisionError(GLARE)
        raise VisionError(NO_TURN)


def _wood_cells(cfg: VisionConfig, wood: WoodReading, spec: BoardSpec,
                unseen: set[tuple[int, int]]) -> list[CellRead]:
    """Every cell of the board as read, row by row (a cell outside the photo reads empty with
    no confidence)."""
    wc = cfg.wood
    reads = []
    for r in range(spec.rows):
        for c in range(spec.cols):
            g = wood.guesses.get((r, c))
            if (r, c) in unseen:
                reads.append(CellRead(r, c, EMPTY, 0.0))
            elif g is not None:
                options = [(a if a != NO_LETTER else EMPTY, p) for a, p in g.alternatives
                           if p > OPTION_MIN]
                face = g.letter or EMPTY
                shown = shown_alternatives(options, cfg.classify.alternatives)
                sure = g.confidence >= wc.min_confidence and (r, c) not in wood.pale
                reads.append(CellRead(r, c, face, g.confidence,
                                      [] if sure else (shown or [(face, g.confidence)]),
                                      face or None, options))
            elif (r, c) in wood.blanks:
                reads.append(CellRead(r, c, BLANK, wood.blanks[(r, c)]))
            else:
                reads.append(CellRead(r, c, EMPTY, 1.0))
    return reads


def _misspelt(reads: list[CellRead], spec: BoardSpec,
              lexicon: Lexicon) -> dict[tuple[int, int], list[str]]:
    """The cells of the runs of letters, as read, that are not words, each with its runs
    (one or two; runs with a blank tile left out: its letter is the words' to choose)."""
    from vision.words import runs

    out: dict[tuple[int, int], list[str]] = {}
    for word, cells in runs(_faces(reads, spec)):
        if BLANK not in word and word not in lexicon:
            for cell in cells:
                out.setdefault(cell, []).append(word)
    return out


def _resolve_with_words(reads: list[CellRead], spec: BoardSpec,
                        lexicon: Lexicon) -> list[CellRead]:
    """The cells still uncertain once the words have settled what they can (a doubtful tile
    the words chose a letter for is still confirmed by the player)."""
    doubted = {(rd.row, rd.col) for rd in reads if rd.alternatives}
    uncertain = resolve(reads, spec.rows, spec.cols, lexicon, spec.letters,
                        blanks=spec.blanks > 0, holds=dict(spec.counts))
    listed = {(rd.row, rd.col) for rd in uncertain}
    for rd in reads:  # the words suggest a letter for a doubtful tile; the player confirms
        if (rd.row, rd.col) in doubted - listed:
            list_doubted(rd, uncertain)
    return uncertain


def _ask_the_player(reads: list[CellRead], unseen: set[tuple[int, int]],
                    maybe: dict[tuple[int, int], float], uncertain: list[CellRead]) -> None:
    """Add to ``uncertain`` the squares outside the photo and the bare-looking cells with a
    tile's colour: the player says what is there."""
    for rd in reads:  # squares outside the photo: the player says what is there
        if (rd.row, rd.col) in unseen:
            _not_seen(rd, uncertain)
    for rd in reads:  # bare-looking cells with a tile's colour: the player looks
        share = maybe.get((rd.row, rd.col))
        if share is not None and rd.face == EMPTY and not rd.alternatives:
            _empty_or_tile(rd, TILE_COLOURED)
            uncertain.append(rd)


def _list_too_small(wc: WoodConfig, reads: list[CellRead], sizes: np.ndarray,
                    uncertain: list[CellRead]) -> None:
    """List in ``uncertain`` the letters read on cells that span fewer than
    ``min_sure_cell_px`` pixels of the photo (``sizes``, row by row), however surely they
    read: a letter of so few pixels reads surely and wrongly more often (an S as a B), and
    where its words do not tell (a letter beside one lost) it would go unsaid."""
    for rd in reads:
        if rd.face not in (EMPTY, BLANK) and sizes[rd.row, rd.col] < wc.min_sure_cell_px:
            rd.why = rd.why or TOO_SMALL
            list_doubted(rd, uncertain)


def _empty_or_tile(rd: CellRead, why: str) -> None:
    """``rd`` is offered as an empty square or a tile (a blank tile's face, its letter the
    player's to say), neither likelier than the other: no share is shown for either (its
    ``unweighed``; the colour's nearness to a tile's is no chance of one), and its ``why``
    says what is known, unless it already says why it is listed."""
    rd.alternatives = [(EMPTY, 0.5), (BLANK, 0.5)]
    rd.unweighed = True
    rd.why = rd.why or why


def _not_seen(rd: CellRead, uncertain: list[CellRead]) -> None:
    """A square whose face the photo does not show: read as nothing, an empty square or a
    blank tile offered alike (:func:`_empty_or_tile`), listed in ``uncertain`` for the
    player to say what is there."""
    rd.face, rd.letter, rd.confidence = EMPTY, None, 0.0
    _empty_or_tile(rd, OUTSIDE)
    if all(u is not rd for u in uncertain):
        uncertain.append(rd)


def _faces(reads: list[CellRead], spec: BoardSpec) -> list[list[str]]:
    """The faces read on ``spec``'s board, row by row (:func:`vision.cells.faces`)."""
    return faces(reads, spec.rows, spec.cols)


def _check_washed(wc: WoodConfig, wood: WoodReading, reads: list[CellRead],
                  through: set[tuple[int, int]], spec: BoardSpec) -> None:
    """Refuse a board a glare washes out over more than ``max_washed_share`` of its cells
    (:func:`vision.woodtiles.glared`; a glare over less costs only its squares, listed),
    unless it lies where there are no letters to lose: once the bare squares read surely
    through it (``through``, :func:`_read_through`: empty, with no tile near) are left out,
    no more than that share is left, and fewer tiles show no letter (squares of a tile's
    colour with none seen, ``maybe``, and blank tiles beyond the set's) than letters are
    read. A lamp over the margin, the table or the empty part of the board then costs only
    its squares, listed; a glare over most of the letters is refused still (too few letters
    are left to judge a square by)."""
    bar = wc.max_washed_share * spec.rows * spec.cols
    if len(wood.washed) <= bar:
        return
    bare = through & {(rd.row, rd.col) for rd in reads if rd.face == EMPTY}
    lost = len(wood.maybe) + max(0, len(wood.blanks) - spec.blanks)
    if len(wood.washed - bare) > bar or lost >= len(wood.guesses):
        raise VisionError(GLARE)


def _check_glared(wc: WoodConfig, grid: list[list[str]], may_hold: set[tuple[int, int]]
                  ) -> None:
    """Refuse a glared board whose tiles mostly stand alone (more than ``max_lone_share`` of
    them with no tile, nor a square that ``may_hold`` one, beside them), as no game lays
    them: read where the glare took the letters' contrast (hinge lines, square edges read
    as I) and, it may be, the wrong way up."""
    lone = sum(why == LONE for why in _misfits(grid, may_hold).values())
    if lone > wc.max_lone_share * sum(bool(face) for row in grid for face in row):
        raise VisionError(GLARE)


def _read_through(wc: WoodConfig, wood: WoodReading, reads: list[CellRead],
                  grid: list[list[str]], uncertain: list[CellRead], lexicon: Lexicon
                  ) -> set[tuple[int, int]]:
    """The squares a glare washed out that read surely with the glare's wash undone
    (:func:`vision.woodtiles.unwashed`, on the squares it could be undone on), not listed for
    another reason: a letter read with ``min_confidence`` at least, every run of two or more
    tiles through it (one at least) a word of the ``lexicon``; an empty square with no tile,
    nor a square of a tile's colour or with a faint mark, on it or the eight round it (a lost
    letter lies in a word, beside another tile, read or perhaps lost too). The player need
    not check them; a blank tile, a doubtful letter and an empty square beside a tile under
    the glare stay listed."""
    from vision.correct import words_through

    listed = {(u.row, u.col) for u in uncertain}
    tiles = ({(rd.row, rd.col) for rd in reads if rd.face != EMPTY} | set(wood.maybe)
             | set(wood.blanks) | wood.faint)
    out = set()
    for rd in reads:
        cell = (rd.row, rd.col)
        if (cell not in wood.washed or cell not in wood.undone or cell in listed
                or cell in wood.pale or rd.face == BLANK or rd.alternatives
                or rd.confidence < wc.min_confidence):
            continue
        if rd.face == EMPTY:
            near = {(cell[0] + dr, cell[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
            if not near & tiles:
                out.add(cell)
            continue
        words = words_through(grid, cell)
        if words and all(word in lexicon for word, _ in words):
            out.add(cell)
    return out


def _list_washed(reads: list[CellRead], grid: list[list[str]], washed: set[tuple[int, int]],
                 may_hold: set[tuple[int, int]], uncertain: list[CellRead]) -> None:
    """List in ``uncertain`` the squares a glare washed out (a letter there may have lost its
    contrast), saying so: a tile with what was read first (its letter, or a blank tile's) and
    its runners-up, an empty square as a square the photo does not show (a tile's letter
    and its face's colour may both be lost). A glare's edge fades letters past the squares
    it shows on, so with a glare the squares whose neighbours do not fit a game are listed
    too (:func:`_misfits`), and the blank tiles whose letters words through the glare chose
    (``grid``: the faces read; ``may_hold``: the squares that may hold a tile whose letter
    was lost, for :func:`_misfits`)."""
    from vision.correct import words_through

    misfit = _misfits(grid, may_hold)
    for rd in reads:
        cell = (rd.row, rd.col)
        if cell in washed:
            rd.why = WASHED
        elif cell in misfit:
            rd.why = misfit[cell]
        elif rd.face == BLANK and any(set(cells) & washed
                                      for _, cells in words_through(grid, cell)):
            rd.why = BLANK_WASHED
        else:
            continue
        if rd.face == EMPTY:
            _not_seen(rd, uncertain)
        else:
            list_doubted(rd, uncertain)


def _misfits(grid: list[list[str]], may_hold: set[tuple[int, int]] | frozenset = frozenset()
             ) -> dict[tuple[int, int], str]:
    """The squares of a grid as read whose neighbours do not fit a game, each with why: a
    tile with no tile beside it (every word has two letters or more), and an empty square
    between two tiles in a row or a column (a letter there may be lost). A square that
    ``may_hold`` a tile whose letter was lost counts as one beside a tile or a gap."""
    rows, cols = len(grid), len(grid[0])

    def tile(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and (bool(grid[r][c]) or (r, c) in may_hold)

    out = {}
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] and not any(tile(r + dr, c + dc)
                                      for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))):
                out[(r, c)] = LONE
            elif not grid[r][c] and (r, c) not in may_hold and (
                    (tile(r, c - 1) and tile(r, c + 1)) or (tile(r - 1, c) and tile(r + 1, c))):
                out[(r, c)] = GAP
    return out


def _out_of_frame(grid_to_photo: np.ndarray, shape: tuple[int, ...], spec: BoardSpec
                  ) -> set[tuple[int, int]]:
    """The grid's cells whose middle lies outside the photo (a board cut off by the frame)."""
    h, w = shape[:2]
    centres = np.array([[c + 0.5, r + 0.5] for r in range(spec.rows) for c in range(spec.cols)])
    at = project(grid_to_photo, centres)
    inside = (at[:, 0] >= 0) & (at[:, 1] >= 0) & (at[:, 0] < w) & (at[:, 1] < h)
    return {(int(i) // spec.cols, int(i) % spec.cols) for i in np.flatnonzero(~inside)}
