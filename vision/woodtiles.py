"""Reading the cells of a commercial board found by its premium squares: wooden tiles with a
black letter and a small point value, sitting loose on the squares.

The board is warped flat with a margin of one cell all round. A tile's top face stands above
the board, so in a tilted photo it moves toward the camera; its letter is looked for in a
window larger than the cell, as the largest dark mark there, and the face's shift is measured
over all letters and allowed for in a second look. A cell with no letter holds a blank tile when
its face has the colour of the letter tiles' faces rather than that of its own kind of square.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.classifier import NO_LETTER, Guess, turn_classifier
from vision.config import WoodConfig
from vision.glyph import normalise, scaled_ink_depth

if TYPE_CHECKING:
    from companion.lexicon import Lexicon


@dataclass
class Mark:
    """The letter-sized dark mark of one cell: its glyph (S, S) and where it sits (cells, from
    the cell's centre)."""

    glyph: np.ndarray
    offset: tuple[float, float]
    contrast: float
    value: tuple[float, float] | None  # where the point value sits from the letter
    mask: np.ndarray  # the mark's own pixels (its bounding box), bool
    ink: float = 0.0  # how dark its ink is: log(face / the ink's median brightness)
    thin: np.ndarray | None = None  # the mark cut deeper (``WoodConfig.check_depth``), bool


def flat_board(cfg: WoodConfig, image: np.ndarray, grid_to_photo: np.ndarray,
               rows: int = 15, cols: int = 15) -> np.ndarray:
    """The board warped flat with a cell's margin all round: ((rows + 2) P, (cols + 2) P, 3),
    the grid at (P, P) .. ((cols + 1) P, (rows + 1) P)."""
    p = cfg.cell_px
    canon_to_grid = np.array([[1 / p, 0, -1], [0, 1 / p, -1], [0, 0, 1]], np.float64)
    return cv2.warpPerspective(image, grid_to_photo @ canon_to_grid,
                               ((cols + 2) * p, (rows + 2) * p),
                               flags=cv2.WARP_INVERSE_MAP | cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


def find_mark(cfg: WoodConfig, gray: np.ndarray, r: int, c: int,
              shift: tuple[float, float] = (0.0, 0.0)) -> Mark | None:
    """The letter of cell (r, c) of a flat board's gray image, looked for around the cell's
    centre moved by ``shift`` (cells); ``None`` when the cell shows no letter-sized dark mark."""
    p = cfg.cell_px
    cx, cy = (c + 1.5 + shift[0]) * p, (r + 1.5 + shift[1]) * p
    half = (0.5 + cfg.search_margin) * p
    x0, y0 = max(0, round(cx - half)), max(0, round(cy - half))
    x1, y1 = min(gray.shape[1], round(cx + half)), min(gray.shape[0], round(cy + half))
    win = gray[y0:y1, x0:x1]
    f = cfg.face_window * p
    inner = gray[max(0, round(cy - f)): round(cy + f), max(0, round(cx - f)): round(cx + f)]
    face, dark = (float(v) for v in np.percentile(inner, [cfg.face_percentile,
                                                          cfg.dark_percentile]))
    if face - dark < cfg.min_contrast * max(face, 1.0):
        return None
    mask = (win < face - cfg.ink_depth * (face - dark)).astype(np.uint8)
    n, labels, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    best, best_key = -1, 0.0
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        # the board may lie any way round: a letter's long side is its height
        if not cfg.min_height * p <= max(bw, bh) <= cfg.max_height * p:
            continue
        if x == 0 or y == 0 or x + bw >= win.shape[1] or y + bh >= win.shape[0]:
            continue
        ox = (x0 + cents[i][0]) / p - (c + 1.5)
        oy = (y0 + cents[i][1]) / p - (r + 1.5)
        if max(abs(ox - shift[0]), abs(oy - shift[1])) > cfg.max_offset:
            continue
        if area < cfg.min_ink * p * p or area < cfg.min_fill * bw * bh:
            continue  # too little ink, or thin lines round an empty box (a square's outline)
        key = bh * bw  # the letter is the largest mark: a point value is smaller
        if key > best_key:
            best, best_key = i, key
    if best < 0:
        return None
    x, y, bw, bh, _ = stats[best]
    sel = labels == best
    # broken-off parts of the letter inside its box (not the point value beside it)
    for i in range(1, n):
        xi, yi, wi, hi, _ = stats[i]
        if i != best and xi >= x and yi >= y and xi + wi <= x + bw and yi + hi <= y + bh:
            sel |= labels == i
    crop = sel[y: y + bh, x: x + bw].astype(np.float32)
    ox = (x0 + x + bw / 2) / p - (c + 1.5)
    oy = (y0 + y + bh / 2) / p - (r + 1.5)
    ink = float(np.log(max(face, 1.0) / max(float(np.median(win[sel])), 1.0)))
    thin = sel & (win < face - cfg.check_depth * (face - dark))
    return Mark(normalise(cfg.glyph_px, crop), (ox, oy), (face - dark) / max(face, 1.0),
                _value_mark(cfg, stats, cents, best, n), crop > 0, ink,
                thin[y: y + bh, x: x + bw])


def _value_mark(cfg: WoodConfig, stats: np.ndarray, cents: np.ndarray, letter: int, n: int
                ) -> tuple[float, float] | None:
    """Where the tile's point value (a smaller mark beside the letter, outside its box) sits
    from the letter's centre, in cells; ``None`` when there is no such mark."""
    p = cfg.cell_px
    x, y, bw, bh, _ = stats[letter]
    lx, ly = x + bw / 2, y + bh / 2
    best, best_area = None, 0
    for i in range(1, n):
        xi, yi, wi, hi, area = stats[i]
        if (i == letter or area < cfg.value_min_ink * p * p
                or max(wi, hi) > cfg.value_max_size * max(bw, bh)):
            continue
        inside_x = xi >= x and xi + wi <= x + bw
        inside_y = yi >= y and yi + hi <= y + bh
        if inside_x and inside_y:
            continue
        dx, dy = (cents[i][0] - lx) / p, (cents[i][1] - ly) / p
        if np.hypot(dx, dy) > cfg.value_reach or area <= best_area:
            continue
        best, best_area = (float(dx), float(dy)), area
    return best


def cell_colours(cfg: WoodConfig, flat: np.ndarray) -> np.ndarray:
    """(15, 15, 2) median Lab a, b of each cell's middle on the flat board."""
    p = cfg.cell_px
    lab = cv2.cvtColor(flat, cv2.COLOR_BGR2Lab)
    m = round(p * (1 - cfg.face_share) / 2)
    out = np.zeros((15, 15, 2))
    for r in range(15):
        for c in range(15):
            y, x = (r + 1) * p, (c + 1) * p
            cell = lab[y + m: y + p - m, x + m: x + p - m, 1:].reshape(-1, 2)
            out[r, c] = np.median(cell, axis=0)
    return out


def cell_lightness(cfg: WoodConfig, flat: np.ndarray) -> np.ndarray:
    """(15, 15) median Lab lightness of each cell's middle on the flat board (the middle
    :func:`cell_colours` measures)."""
    p = cfg.cell_px
    lightness = cv2.cvtColor(flat, cv2.COLOR_BGR2Lab)[:, :, 0]
    m = round(p * (1 - cfg.face_share) / 2)
    out = np.zeros((15, 15))
    for r in range(15):
        for c in range(15):
            y, x = (r + 1) * p, (c + 1) * p
            out[r, c] = np.median(lightness[y + m: y + p - m, x + m: x + p - m])
    return out


def _colour_kind(square: str) -> str:
    """The kind of square whose colour ``square`` has: the centre star is a double word's."""
    return "D" if square == "*" else square


def print_showing(cfg: WoodConfig, colours: np.ndarray, squares: tuple[str, ...],
                  tile: np.ndarray | None = None,
                  covered: set[tuple[int, int]] | None = None) -> np.ndarray:
    """(15, 15) bool: premium squares whose own print shows (their colour is that of most
    squares of their kind not ``covered`` by a tile whose letter was seen, far from the plain
    squares' and, when known, nearer their kind's than the letter tiles' colour ``tile``), so
    no tile covers them. A kind's colour is taken from its squares no letter was seen on:
    with tiles on half the triple letters, the median of all twelve fell between the print's
    colour and the tiles', near neither, and no triple letter was taken to show its print,
    so a blank tile on one could not be told from the bare square."""
    kinds = np.array([[_colour_kind(ch) for ch in row] for row in squares])
    plain = np.median(colours[kinds == "."], axis=0)
    bare = np.ones((15, 15), bool)
    for r, c in covered or ():
        bare[r, c] = False
    out = np.zeros((15, 15), bool)
    for kind in set(kinds.ravel()) - {"."}:
        sel = kinds == kind
        typical = np.median(colours[sel & bare] if (sel & bare).any() else colours[sel], axis=0)
        reach = cfg.print_near * float(np.linalg.norm(typical - plain))
        d_own = np.linalg.norm(colours - typical, axis=2)
        near = d_own < reach
        if tile is not None:
            near &= d_own < np.linalg.norm(colours - tile, axis=2)
        out |= sel & near
    return out


TURN = np.array([[0, -1, 15], [1, 0, 0], [0, 0, 1]], np.float64)  # a quarter turn of the grid


def turned(r: int, c: int, k: int) -> tuple[int, int]:
    """Where cell (r, c) of the fitted grid is once the board is turned ``k`` quarter turns
    (the way :func:`numpy.rot90` turns an array)."""
    for _ in range(k):
        r, c = 14 - c, r
    return r, c


@dataclass
class WoodReading:
    """Every cell of the upright board: ``faces`` "" / "?" / letter, with the classifier's
    guesses; ``grid_to_photo`` maps upright grid units to photo pixels."""

    grid_to_photo: np.ndarray
    guesses: dict[tuple[int, int], Guess]
    blanks: dict[tuple[int, int], float]
    legibility: float  # the confidence that three letters in four reach
    turn_margin: float
    maybe: dict[tuple[int, int], float]  # bare-looking cells whose colour is near the tiles'
    pale: set[tuple[int, int]] = field(default_factory=set)  # letters too faint to be sure of
    deblurred: float = 0.0  # the blur (cells) undone before the letters were read, if any
    lettered: set[tuple[int, int]] = field(default_factory=set)  # cells of the fitted grid
    # (not turned upright) read as letters
    blur: float = 0.0  # how blurred the letters' edges are (cells, :func:`edge_blur`)
    grid_blur: float = 0.0  # how blurred the board's own edges are (cells, :func:`grid_blur`),
    # measured only when few letters are read (:func:`few_letters`)
    washed: set[tuple[int, int]] = field(default_factory=set)  # cells of the upright board
    # a glare washed out (:func:`glared`, :func:`faint_marks`): their letters may be lost
    turns: int = 0  # quarter turns from the fitted grid to the upright board (:func:`turned`)
    shift: tuple[float, float] = (0.0, 0.0)  # where the tiles' faces sit from the cells'
    # centres (cells, on the fitted grid; :func:`find_mark`)
    undone: set[tuple[int, int]] = field(default_factory=set)  # cells of the upright board
    # read with a glare's wash undone (:func:`unwashed`; not those washed past ``glare_cap``)
    faint: set[tuple[int, int]] = field(default_factory=set)  # cells of the upright board
    # with a glare, whose mark was too faint for a letter (:func:`faint_marks`)
    glare: np.ndarray | None = None  # with a glare seen, the white it mixes in at each cell
    # of the fitted grid, whose wash was undone (:func:`faded`, its peak kept)


def read_wood(cfg: WoodConfig, image: np.ndarray, grid_to_photo: np.ndarray,
              squares: tuple[str, ...], clf, letters: tuple[str, ...],
              lexicon: Lexicon | None = None) -> WoodReading:
    """Find the letters and blank tiles of a commercial board whose grid is known (up to a
    quarter turn, which the letters decide: the turn that makes them read best, their point
    values sit below and right of them, and, with a ``lexicon``, their runs are words).

    When the letters read too unsurely (legibility under ``min_legible``: the focus missed),
    or their edges are blurred wider than ``deblur_from`` (:func:`edge_blur`: blurred past
    what the letter model reads reliably, its letters may read surely and wrongly), the board
    is read again with a blur undone (:func:`deblurred`), each blur of ``deblur_sigmas`` in
    turn, the least first, the ink cut at ``deblur_ink_depth``. Such a
    reading is believed only if it reads its letters surely enough, its letters' edges then
    measure no wider than ``deblur_max_blur`` (a blur undone too little leaves letters that
    read surely and wrongly, in runs a doubtful letter may still make words of), keeps a
    letter on every cell where the photo as taken shows one (sharpening hides no letter; it
    may show one the blur hid, a W grown too wide; a mark it doubted, ``pale``, it may lose,
    and that square is then asked about), and more of its letters lie in runs that
    may be words of the ``lexicon`` than in runs that may not (:func:`words_hold`): a blur
    the Gaussian does not match (a phone that moved along a line) is undone into false
    strokes, letters read surely and wrongly, which make no words. Without a word list
    none is believed; failing all, the reading of the photo as taken is returned (refused
    by the caller when its letters read too unsurely or their edges are blurred wider than
    ``max_blur``).

    On a board small in the photo (cells of fewer than ``blur_cell_px`` pixels) the board is
    read again with the ink cut of :func:`ink_depth`, that reading taken when it is the
    surer (:func:`_surer`): at the usual cut the strokes of letters of few pixels grow
    together (an S closed into an 8, a point value joined to its letter), but a soft photo's
    faint strokes need it.

    When few letters are read (:func:`few_letters`: none at all, or fewer than the cells of
    the tiles' colour that show none), the letters' edges tell nothing of the blur: a photo
    blurred till no letter's mark is found was read as an empty board. Then the board's own
    edges are measured instead (:func:`grid_blur`, on the photo as taken), for the caller to
    refuse past ``max_grid_blur``.

    When a glare is seen (:func:`faded` past ``glare_seen`` somewhere), its wash is undone
    (:func:`unwashed`) and the board read again: the glare multiplied the letters' contrast by
    (1 - g), and every test of a letter judges contrast. The glare's strength leaves out the
    squares read as tiles (a tile's face is no measure of the white mixed in); the first
    reading takes washed bare squares at the glare's peak for tiles (a tile's colour, no
    letter), and without their measures the peak was fitted too low, so the strength is
    measured once more with the tiles read through the undone wash, the wash undone again
    and the board read again. The squares it could be undone on
    (g up to ``glare_cap``) are ``undone``; ``washed`` is still the glare's whole extent
    (:func:`glared`), which the caller lists but for the squares read surely through it."""
    flat = flat_board(cfg, image, grid_to_photo)
    gray = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY)
    out = _read_wood(cfg, flat, gray, grid_to_photo, squares, clf, letters, lexicon)
    deeper = ink_depth(cfg, photo_cell(grid_to_photo))
    if deeper > cfg.ink_depth and out.guesses:
        # a board small in the photo: its strokes may have grown together at the usual cut;
        # read again cut as its cells allow, and keep the surer reading
        cut = replace(cfg, ink_depth=deeper)
        again = _read_wood(cut, flat, gray, grid_to_photo, squares, clf, letters, lexicon)
        if _surer(cfg, again, out):
            cfg, out = cut, again
    back, tiles = _tiles_read(out)
    white = faded(cfg, flat, squares, tiles)
    washed = glared(cfg, gray, white)
    if white.max() > cfg.glare_seen:  # a glare: its wash undone, the board is read again
        taken = flat
        for _ in range(2):  # measured again with the tiles read through the undone wash
            white = faded(cfg, taken, squares, tiles, peak=True)
            flat = unwashed(cfg, taken, white)
            gray = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY)
            out = _read_wood(cfg, flat, gray, grid_to_photo, squares, clf, letters, lexicon)
            back, tiles = _tiles_read(out)
        out.glare = white
        out.undone = {turned(int(r), int(c), out.turns)
                      for r, c in np.argwhere(white <= cfg.glare_cap)}
    if washed.any():  # the glare fades letters past the squares it shows on: look again
        # on the squares read empty with no print, and on the tiles read as blank
        bare = {(r, c) for r, row in enumerate(squares) for c, kind in enumerate(row)
                if kind == "." and (r, c) not in tiles}
        faint = faint_marks(cfg, gray, bare | {turned(*rc, back) for rc in out.blanks},
                            out.shift)
        out.faint = {turned(int(r), int(c), out.turns) for r, c in np.argwhere(faint)}
        washed |= faint
    out.washed = {turned(int(r), int(c), out.turns) for r, c in np.argwhere(washed)}
    if few_letters(out):
        out.grid_blur = grid_blur(cfg, gray, cell=photo_cell(grid_to_photo))
    return out


def _read_wood(cfg: WoodConfig, flat: np.ndarray, gray: np.ndarray, grid_to_photo: np.ndarray,
               squares: tuple[str, ...], clf, letters: tuple[str, ...],
               lexicon: Lexicon | None) -> WoodReading:
    """:func:`read_wood` on the flat board and its gray image: the photo as taken, or failing
    that, its blur undone."""
    first = _read_flat(cfg, flat, gray, grid_to_photo, squares, clf, letters, lexicon)
    if (not first.guesses or lexicon is None
            or (first.legibility >= cfg.min_legible and first.blur <= cfg.deblur_from)):
        return first
    sharp = replace(cfg, ink_depth=cfg.deblur_ink_depth)
    # the letters the photo as taken shows, on the fitted grid, but for those it doubted
    # (pale: a mark too faint, or on a premium square of its colour, read as a letter the
    # player confirms; a blurred premium square's blob on a board small in the photo)
    shown = first.lettered - {turned(*rc, (4 - first.turns) % 4) for rc in first.pale}
    for sigma in cfg.deblur_sigmas:
        again = _read_flat(sharp, flat, deblurred(gray, sigma * cfg.cell_px, cfg.deblur_noise),
                           grid_to_photo, squares, clf, letters, lexicon)
        if (again.legibility >= cfg.min_legible and again.blur <= cfg.deblur_max_blur
                and again.lettered >= shown and words_hold(again.guesses, lexicon)):
            again.deblurred = sigma
            for rc in first.lettered - again.lettered:  # a doubted mark no longer seen: the
                # player says whether a tile is there
                again.maybe.setdefault(turned(*rc, again.turns), 0.5)
            return again
    return first


def _surer(cfg: WoodConfig, again: WoodReading, first: WoodReading) -> bool:
    """Whether ``again`` (a board small in the photo read with the ink cut of
    :func:`ink_depth`) is to be taken over ``first`` (read at the usual cut): its letters read
    surely enough (``min_legible``) and its way up is clear (``turn_margin``), and either
    ``first``'s are not, or it finds every letter ``first`` does (a deeper cut can break a
    soft photo's faint strokes) and reads them more surely (the mean of their
    log-confidences)."""
    if again.legibility < cfg.min_legible or again.turn_margin < cfg.turn_margin:
        return False
    if first.legibility < cfg.min_legible or first.turn_margin < cfg.turn_margin:
        return True

    def sureness(w: WoodReading) -> float:
        return float(np.mean([np.log(max(g.confidence, 1e-6)) for g in w.guesses.values()]))

    return len(again.guesses) >= len(first.guesses) and sureness(again) > sureness(first)


def washed_out(cfg: WoodConfig, gray: np.ndarray, rows: int = 15, cols: int = 15
               ) -> np.ndarray:
    """How far a glare has washed out each cell of a flat board's gray image (rows, cols):
    the cell's darkest pixels (its ``washed_percentile``: a letter's ink, a premium square's
    print, or the plain face) lifted past those of most of the board's cells (their
    ``washed_reference`` percentile), as a share of the way from there to white. A lamp's
    glare mixing a share g of white into the photo lifts them about g of the way; a tone curve
    or a change of light moves the whole board alike, and a shadow lowers them (a shadow over
    more than half of the board lowers the median, not the reference). A letter whose
    contrast a glare took is read as an empty square, sure of it."""
    p = cfg.cell_px
    floor = np.array([[np.percentile(gray[(r + 1) * p: (r + 2) * p, (c + 1) * p: (c + 2) * p],
                                     cfg.washed_percentile) for c in range(cols)]
                      for r in range(rows)])
    ref = float(np.percentile(floor, cfg.washed_reference))
    return (floor - ref) / max(255.0 - ref, 1.0)


def _tiles_read(out: WoodReading) -> tuple[int, set[tuple[int, int]]]:
    """The quarter turns from the upright board back to the fitted grid, and the cells of the
    fitted grid a reading took for tiles: lettered, blank or perhaps a tile."""
    back = (4 - out.turns) % 4
    return back, out.lettered | {turned(*rc, back) for rc in [*out.blanks, *out.maybe]}


def faded(cfg: WoodConfig, flat: np.ndarray, squares: tuple[str, ...],
          tiles: set[tuple[int, int]], peak: bool = False) -> np.ndarray:
    """How much white a glare mixes into each cell of a flat board (rows, cols), as its
    squares' colours show it: the whole extent of a glare, not only its middle. Mixing a
    share g of white into the photo takes a colour's channels c to (1 - g) c + 255 g, so its
    saturation (the spread of its channels over the brightest, V) falls, while a change of
    light (a shadow, the exposure, a tone curve over the whole board) keeps it or moves every
    square of a kind alike. A square of saturation S whose kind's (the squares of that kind
    not under one of ``tiles``, their ``glare_reference`` percentile) is S0 has
    g = V (1 - S / S0) / 255. Each square's g counts in the Gaussian mean round a cell
    (``glare_smooth``, in cells: a glare fades smoothly over the board) by S0 squared: a pale
    kind's saturation (a near gray plain square) tells little of the white mixed in. The
    glare's share is measured from the least washed squares of each kind, so a glare over
    the whole board counts from its faintest part. The mean finds a glare and its extent; it
    falls short at a glare's peak (on the real photos under a lamp mixing in 0.78 to 0.85,
    0.59 to 0.83 at most). With ``peak``, where the mean passes ``glare_edge``, a quadratic
    surface fitted round each cell instead (:func:`glare_surface`): the strength to undo
    (:func:`unwashed`)."""
    p = cfg.cell_px
    m = round(p * (1 - cfg.face_share) / 2)
    rows, cols = len(squares), len(squares[0])
    bgr = np.array([[np.median(flat[(r + 1) * p + m: (r + 2) * p - m,
                                    (c + 1) * p + m: (c + 2) * p - m].reshape(-1, 3), axis=0)
                     for c in range(cols)] for r in range(rows)], np.float64)
    bright = bgr.max(axis=2)
    sat = (bright - bgr.min(axis=2)) / np.maximum(bright, 1.0)
    kinds = np.array([[_colour_kind(ch) for ch in row] for row in squares])
    covered = np.zeros(kinds.shape, bool)
    for rc in tiles:
        covered[rc] = True
    white, weight = np.zeros(kinds.shape), np.zeros(kinds.shape)
    for kind in set(kinds.ravel()):
        sel = (kinds == kind) & ~covered
        if sel.sum() < 2:
            continue
        own = float(np.percentile(sat[sel], cfg.glare_reference))
        if own > 0:
            white[sel] = bright[sel] * (1.0 - sat[sel] / own) / 255.0
            weight[sel] = own ** 2
    mean = _near(cfg, white * weight) / np.maximum(_near(cfg, weight), 1e-9)
    if not peak:
        return mean
    # the surface where the mean finds the glare; past its edge, where the surface rests on
    # squares to one side only, the mean
    return np.where(mean > cfg.glare_edge, glare_surface(cfg, white, weight, mean), mean)


def _near(cfg: WoodConfig, a: np.ndarray) -> np.ndarray:
    """The Gaussian sum of ``a`` round each cell (``glare_smooth``, cells), edges replicated."""
    return cv2.GaussianBlur(a, (0, 0), cfg.glare_smooth, borderType=cv2.BORDER_REPLICATE)


def glare_surface(cfg: WoodConfig, white: np.ndarray, weight: np.ndarray,
                  mean: np.ndarray) -> np.ndarray:
    """The white a glare mixes in at each cell (rows, cols) from the squares' own measures
    ``white`` counted by ``weight`` (0: not measured), by a quadratic surface fitted round
    each cell by weighted least squares (the weights a Gaussian of ``glare_smooth`` cells
    times ``weight``), its value at the cell. A glare is smooth, so near any point it is a
    quadratic to the second order; a Gaussian mean of a peak of curvature k is k s^2 / 2 too
    low at it (s the mean's spread), and a lamp's glare peaks where the letters matter
    most. The fit keeps the peak, and reaches over the squares tiles cover (no measure) from
    those round them. Where too few squares are measured round a cell for a surface (the
    fit's equations near singular), their Gaussian mean, ``mean`` (:func:`faded`'s)."""
    rows, cols = white.shape
    ys, xs = np.mgrid[0:rows, 0:cols]
    x, y = xs.ravel() / cols - 0.5, ys.ravel() / rows - 0.5
    basis = np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=1)  # (cells, 6)
    d2 = ((xs.ravel()[:, None] - xs.ravel()[None, :]) ** 2
          + (ys.ravel()[:, None] - ys.ravel()[None, :]) ** 2)
    w = np.exp(-d2 / (2 * cfg.glare_smooth ** 2)) * weight.ravel()[None, :]  # (cell, square)
    normal = np.einsum("cs,sj,sk->cjk", w, basis, basis)
    rhs = np.einsum("cs,sj,s->cj", w, basis, white.ravel())
    out = mean.ravel().copy()
    ok = np.linalg.cond(normal) < 1e8
    if ok.any():
        coef = np.linalg.solve(normal[ok], rhs[ok][..., None])[..., 0]
        out[ok] = np.einsum("cj,cj->c", coef, basis[ok])
    return out.reshape(rows, cols)


def unwashed(cfg: WoodConfig, flat: np.ndarray, white: np.ndarray) -> np.ndarray:
    """A flat board (:func:`flat_board`) with a glare's wash undone: where a share g of white
    was mixed into the photo, a channel c was (1 - g) c0 + 255 g, so c0 = (c - 255 g) / (1 - g).
    g is ``white`` (:func:`faded`, a cell's measure), interpolated smoothly between the cells'
    middles, 0 at least and ``glare_cap`` at most: where the photo is washed nearly to white
    nothing is left to recover (those squares stay listed). The glare multiplied every
    contrast by (1 - g), and each later test (a tile's colour against a bare square's, ink
    against its face, the letter model's marks) judges contrast as it is in a photo taken
    without one."""
    g = np.clip(np.pad(white, 1, mode="edge"), 0.0, cfg.glare_cap).astype(np.float32)
    # the flat board's cells and its margin of a cell, each cell's measure at its middle
    field = cv2.resize(g, (flat.shape[1], flat.shape[0]), interpolation=cv2.INTER_LINEAR)
    field = field[..., None]
    out = (flat.astype(np.float32) - 255.0 * field) / (1.0 - field)
    return np.clip(out, 0, 255).round().astype(np.uint8)


def glared(cfg: WoodConfig, gray: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
    """The cells (rows, cols, bool) of a flat board's gray image where a glare may have taken
    a letter's contrast: those washed out past ``max_washed`` (:func:`washed_out`) and those
    within ``glare_reach`` cells of them. A glare fades toward its edge, but letters fail the
    contrast test well out from where the squares show it: a lamp's soft spot washes the
    squares past 0.4 where it mixes about two thirds white into the photo, and takes letters
    where it mixes a third. That measure finds a glare's middle; with ``white``
    (:func:`faded`, the white mixed into each cell), a glare mixing in more than
    ``glare_seen`` somewhere is seen though no square passes 0.4, and every cell it mixes
    more than ``glare_edge`` into is listed too."""
    core = (washed_out(cfg, gray) > cfg.max_washed).astype(np.uint8)
    size = 2 * cfg.glare_reach + 1
    out = cv2.dilate(core, np.ones((size, size), np.uint8)) > 0
    if white is not None and white.max() > cfg.glare_seen:
        out |= white > cfg.glare_edge
    return out


def faint_marks(cfg: WoodConfig, gray: np.ndarray, cells: set[tuple[int, int]],
                shift: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
    """Which of ``cells`` (on a 15 by 15 flat board's gray image; rows, cols, bool) show a
    letter-sized dark mark too faint to be read as a letter: its contrast under
    ``min_contrast`` but at least ``glare_faint`` (:func:`find_mark`, looked for where the
    tiles' faces sit, ``shift``). A glare mixing a share g of white into the photo takes a
    letter's contrast (face - ink) / face to (1 - g) (face - ink) / ((1 - g) face + 255 g),
    so a letter past the glare's measured edge can fail the bar and be read as an empty
    square or a blank tile, sure of it, though it still shows: the glare's measures are
    taken from the board's least washed squares, which a glare over the whole board washes
    too. The bar's other tests (a letter's size, ink, fill and place) keep out a bare
    square's grain, which the glare fades alike; ``cells`` are those with no print (plain
    squares, and tiles read as blank)."""
    faint = replace(cfg, min_contrast=cfg.glare_faint)
    out = np.zeros((15, 15), bool)
    for r, c in cells:
        out[r, c] = find_mark(faint, gray, r, c, shift) is not None
    return out


def few_letters(wood: WoodReading) -> bool:
    """Whether a reading has too few letters for their edges to tell how blurred the photo is:
    none at all, or fewer than the cells of the tiles' colour that show no letter (blank
    tiles and cells listed as perhaps tiles: a blur that hides the letters leaves their
    tiles' colour)."""
    return not wood.guesses or len(wood.guesses) < len(wood.blanks) + len(wood.maybe)


def grid_blur(cfg: WoodConfig, gray: np.ndarray, rows: int = 15, cols: int = 15,
              cell: float | None = None) -> float:
    """How blurred the board's own edges are, in cells, on the gray flat board of a ``rows`` by
    ``cols`` grid (:func:`flat_board`): the edges a blur leaves when it has hidden every
    letter, and that a sharp photo of an empty board shows sharp. Across each grid line,
    segment by segment (the middle of each cell's side, ``grid_blur_inset`` clear of the
    crossings), the board is averaged along the line into a profile ``grid_blur_pad`` each
    side of it, whose edge width is taken as :func:`edge_blur` takes a letter's: the Gaussian
    blur a sharp step of the profile's contrast would need to slope no more steeply than the
    profile does. The median is taken over the most contrasted ``grid_blur_share`` of the
    segments (a square's print against a plain square, a tile's edge), for the lines of each
    direction; a phone that moved smears the lines across its path and leaves those along it
    sharp, so the two directions' widths add as the sides of a right angle do (a smear of one
    length gives about the same figure whichever way it goes). With ``cell``, the pixels of
    the photo a cell spans, each direction's width has the part a board small in the photo
    owes to its pixels taken out (:func:`camera_blur`). 0 when nothing on the board has
    contrast."""
    p = cfg.cell_px
    g = gray.astype(np.float32)
    pad, inset = cfg.grid_blur_pad * p, cfg.grid_blur_inset * p
    per_direction = []
    for across, lines, segments in ((0, rows, cols), (1, cols, rows)):  # the horizontal lines
        found = []  # (profiles down the board), the vertical ones
        for k in range(1, lines + 2):
            for j in range(1, segments + 1):
                a0, a1 = round(j * p + inset), round((j + 1) * p - inset)
                b0, b1 = round(k * p - pad), round(k * p + pad)
                win = g[b0:b1, a0:a1] if across == 0 else g[a0:a1, b0:b1].T
                profile = win.mean(axis=1)
                step = float(profile.max() - profile.min())
                slope = float(np.abs(np.diff(profile)).max())
                if slope > 0:
                    found.append((step, step / (slope * np.sqrt(2 * np.pi)) / p))
        if not found:
            return 0.0
        found.sort(key=lambda f: -f[0])
        kept = found[: max(1, round(cfg.grid_blur_share * len(found)))]
        per_direction.append(camera_blur(cfg, float(np.median([w for _, w in kept])), cell))
    return float(np.hypot(per_direction[0], per_direction[1]))


def located_blur(cfg: WoodConfig, image: np.ndarray, grid_to_photo: np.ndarray, rows: int,
                 cols: int, letters: list[tuple[int, int]], blanks: int) -> tuple[float, float]:
    """How blurred a photo of a board is whose grid is known and whose cells another reader
    read (the companion's own boards, found by their markers or outline): the letters'
    edges (:func:`edge_blur`, on the letter-sized marks :func:`find_mark` finds on the cells
    read as ``letters``), and, when few letters are (none found, or fewer than the ``blanks``,
    the cells read as blank tiles: a blur that hides the letters leaves their tiles), the
    board's own edges (:func:`grid_blur`; else 0), in cells, as :func:`read_wood` measures a
    commercial board's. ``grid_to_photo`` maps grid units to photo pixels."""
    gray = cv2.cvtColor(flat_board(cfg, image, grid_to_photo, rows, cols), cv2.COLOR_BGR2GRAY)
    marks = {rc: m for rc in letters if (m := find_mark(cfg, gray, *rc)) is not None}
    few = not marks or len(marks) < blanks
    cell = photo_cell(grid_to_photo, rows, cols)
    return (edge_blur(cfg, gray, marks, cell),
            grid_blur(cfg, gray, rows, cols, cell) if few else 0.0)


def white_share(cfg: WoodConfig, image: np.ndarray, grid_to_photo: np.ndarray, rows: int,
                cols: int) -> float:
    """The share of a board's grid a glare washes out, measured without its premium squares
    (a board found by its markers or outline): the grid's pixels all of whose square
    ``white_window`` cells wide round them is near white, each channel past ``white_level``
    (a lamp's glare lifts every channel toward the sensor's white, so its middle is a smooth
    blob, bright and gray). A board's own white (paper, a tile's face) is crossed by its grid
    lines, letters and print every cell, and coloured or darker squares are not near white.
    ``grid_to_photo`` maps grid units to photo pixels."""
    p = cfg.cell_px
    flat = flat_board(cfg, image, grid_to_photo, rows, cols)
    size = max(1, round(cfg.white_window * p))
    near = cv2.erode(flat.min(axis=2), np.ones((size, size), np.uint8))
    return float(np.mean(near[p: (rows + 1) * p, p: (cols + 1) * p] >= cfg.white_level))


def words_hold(guesses: dict[tuple[int, int], Guess], lexicon: Lexicon) -> bool:
    """Whether more of the letters read lie in runs that may be words than in runs that may
    not (each letter counted once per run it is in). A run may be a word when its letters,
    each the one read or an alternative the player would be offered (more likely than
    :data:`vision.cells.SHOWN_MIN`), spell a word: a doubtful letter is the player's to
    mend, a letter read surely and wrongly is not."""
    from vision.cells import SHOWN_MIN
    from vision.words import runs

    grid = [[""] * 15 for _ in range(15)]
    for (r, c), g in guesses.items():
        grid[r][c] = g.letter or ""
    held = 0
    for _, cells in runs(grid):
        options = [[guesses[rc].letter or ""] + [a for a, p in guesses[rc].alternatives
                                                  if p > SHOWN_MIN and a != NO_LETTER]
                   for rc in cells]
        held += len(cells) if _may_spell(options, lexicon) else -len(cells)
    return held > 0


def _may_spell(options: list[list[str]], lexicon: Lexicon, prefix: str = "") -> bool:
    """Whether a word of the lexicon begins with ``prefix`` and goes on with one letter of
    each of ``options`` in turn, and ends there."""
    if not options:
        return prefix in lexicon
    return any(lexicon.has_prefix(word := prefix + a.lower())
               and _may_spell(options[1:], lexicon, word) for a in options[0] if a)


def deblurred(gray: np.ndarray, sigma: float, noise: float) -> np.ndarray:
    """A gray image with a Gaussian blur of ``sigma`` pixels undone by Wiener deconvolution
    (``noise``: the noise's power over the picture's, which keeps the fine detail that the
    blur left under the noise from being raised with it)."""
    pad = round(4 * sigma) + 8  # mirrored edges: no false edge where the image wraps round
    g = cv2.copyMakeBorder(gray.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_REFLECT)
    h, w = g.shape
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.rfftfreq(w)[None, :]
    blur = np.exp(-2 * np.pi ** 2 * sigma ** 2 * (fx ** 2 + fy ** 2))  # the Gaussian's spectrum
    out = np.fft.irfft2(np.fft.rfft2(g) * blur / (blur ** 2 + noise), s=(h, w))
    return np.clip(out[pad: h - pad, pad: w - pad], 0, 255).astype(np.uint8)


def _read_flat(cfg: WoodConfig, flat: np.ndarray, gray: np.ndarray, grid_to_photo: np.ndarray,
               squares: tuple[str, ...], clf, letters: tuple[str, ...],
               lexicon: Lexicon | None) -> WoodReading:
    """:func:`read_wood` on the flat board and the gray image its letters are looked for in."""
    from functools import partial

    from vision.glyph import features

    look = partial(find_mark, cfg, gray)
    colours = cell_colours(cfg, flat)
    showing = print_showing(cfg, colours, squares)
    cells = [(r, c) for r in range(15) for c in range(15) if not showing[r, c]]
    marks = {rc: m for rc in cells if (m := look(*rc)) is not None}
    if marks:  # a tile on a premium square may share its colour: the letter tiles' decides
        tile = np.median([colours[rc] for rc in marks], axis=0)
        showing = print_showing(cfg, colours, squares, tile, set(marks))
        more = [(r, c) for r in range(15) for c in range(15)
                if not showing[r, c] and (r, c) not in cells]
        marks.update({rc: m for rc in more if (m := look(*rc)) is not None})
        cells += more
    shift = (0.0, 0.0)
    lost: set[tuple[int, int]] = set()
    if len(marks) >= 3:  # the faces stand above the board: look again where they sit
        mid = np.median([m.offset for m in marks.values()], axis=0)
        if max(abs(mid[0]), abs(mid[1])) > cfg.shift_min:
            shift = (float(mid[0]), float(mid[1]))
            again = {rc: look(*rc, shift=shift) for rc in cells}
            # a letter as dark as the others' seen at first but not where the faces sit (an
            # M in a shadow, its value joined to it, grew too wide): the player is asked
            lost = {rc for rc in _inked(cfg, marks) if again[rc] is None}
            marks = {rc: m for rc, m in again.items() if m is not None}
    faint: dict[tuple[int, int], Mark] = {}
    hidden: dict[tuple[int, int], Mark] = {}
    if len(marks) >= 3:
        inked = _inked(cfg, marks)
        faint = {rc: m for rc, m in marks.items() if rc not in inked}
        # a premium square taken to show its print may hold a tile of nearly its colour (a
        # dark tile on an orange double word): a mark there as dark as the letters' is
        # looked at below, and the player asked
        typical = float(np.median([m.ink for m in marks.values()]))
        hidden = {rc: m for r in range(15) for c in range(15)
                  if showing[r, c] and (rc := (r, c)) not in marks
                  and (m := look(r, c, shift=shift)) is not None
                  and m.ink >= cfg.faint_ink * typical}
        marks = inked
    doubtful: set[tuple[int, int]] = set(lost)
    if len(marks) >= 2:
        measured: dict = {}  # the colours round the cells, measured once for both looks
        kept = _on_tiles(cfg, flat, marks, squares, showing, measured=measured)
        doubtful |= set(marks) - set(kept)  # dropped, but the player is asked
        if hidden:  # ... and so must a mark on a premium square be: on a tile's colour
            hidden = _on_tiles(cfg, flat, marks, squares, showing, hidden, measured)
        marks = kept
    keys = list(marks)
    values = [m.value for m in marks.values() if m.value is not None]
    options = []
    for k in range(4):
        feats = np.array([features(np.rot90(marks[rc].glyph, k).copy()) for rc in keys],
                         np.float32)
        guesses = clf.guesses(feats, letters, 6) if keys else []
        logp = [float(np.log(max(g.confidence, 1e-6))) for g in guesses]
        # the letter model reads most letters turned over as some letter, sure of it: the
        # turned-letter model tells them apart
        upright = float(np.log(np.maximum(1.0 - turn_classifier().turned_over(feats),
                                          1e-3)).sum())
        # a tile's point value sits below and right of its letter, the right way up
        votes = sum(1 for v in values if _value_apart(v, k))
        score = sum(logp) + cfg.value_vote * votes + cfg.turned_vote * upright
        guesses, logp = _split_values(cfg, clf, letters, marks, keys, k, guesses, logp)
        # the letter model reads most letters turned over as some letter, sure of it, so
        # without the values the words are what tell the board's way up
        if lexicon is not None:
            score += cfg.word_vote * _word_votes(keys, guesses, k, lexicon)
        options.append((score, k, guesses, logp))
    options.sort(key=lambda o: -o[0])
    score, k, guesses, logp = options[0]
    margin = score - options[1][0] if keys else np.inf
    legible = legibility([float(np.exp(lp)) for lp in logp])
    guesses = _steady(cfg, clf, letters, marks, keys, k, guesses)
    hom = grid_to_photo.copy()
    for _ in range(k):
        hom = hom @ TURN  # upright grid units -> the fitted grid's
    near = _tile_coloured(cfg, colours, showing, squares, set(keys),
                          cell_lightness(cfg, flat))
    # a mark too faint for a letter on a cell clearly of the tiles' colour (one that would
    # be read as a blank tile), read surely as a letter: a thin letter blurred pale (an I),
    # not a blank tile (whose grain or shadow, when taken for a mark, reads as no letter
    # sure) nor a bare square's outline; its letter is read, but the player confirms it
    pale = [rc for rc in faint if near.get(rc, 1.0) < cfg.blank_nearer] + list(hidden)
    faint |= hidden
    if pale:
        read = _split_values(cfg, clf, letters, faint, pale, k, clf.guesses(
            np.array([features(np.rot90(faint[rc].glyph, k).copy()) for rc in pale],
                     np.float32), letters, 6), [0.0] * len(pale))[0]
        sure = [(rc, g) for rc, g in zip(pale, read, strict=True)
                if g.letter and g.confidence >= cfg.min_confidence]
        pale = [rc for rc, _ in sure]
        keys += pale
        guesses += [g for _, g in sure]
        near = {rc: v for rc, v in near.items() if rc not in pale}
    return WoodReading(
        hom,
        {turned(*rc, k): g for rc, g in zip(keys, guesses, strict=True)},
        {turned(*rc, k): 1.0 - v for rc, v in near.items() if v < cfg.blank_nearer},
        legible, margin,
        {turned(*rc, k): 1.0 - v for rc, v in near.items() if v >= cfg.blank_nearer}
        | {turned(*rc, k): 0.5 for rc in doubtful if rc not in near},
        {turned(*rc, k) for rc in pale}, lettered=set(keys), turns=k, shift=shift,
        blur=edge_blur(cfg, gray, {rc: marks[rc] for rc in keys if rc in marks},
                       photo_cell(grid_to_photo)))


def legibility(confidences: list[float], lost: int = 0) -> float:
    """How surely a board's letters read: the confidence that three letters in four reach
    (too blurred to read is a state of most letters, not of the hardest one, which is listed
    for the player); 1 with no letter. ``lost`` tiles whose letter was not made out at all (a
    tile's face with no letter, where the set has no blank tile for it) count as letters
    read with no confidence: a blur that loses most letters leaves their tiles."""
    read = list(confidences) + [0.0] * max(0, lost)
    return float(np.percentile(read, 25, method="higher")) if read else 1.0


def cell_sizes(grid_to_photo: np.ndarray, rows: int = 15, cols: int = 15) -> np.ndarray:
    """How many pixels of the photo each cell of the grid spans (rows, cols): the square root
    of its area in the photo (a board seen at a slant has its far cells smaller)."""
    xs, ys = np.meshgrid(np.arange(cols + 1, dtype=np.float64),
                         np.arange(rows + 1, dtype=np.float64))
    pts = cv2.perspectiveTransform(np.dstack([xs, ys]).reshape(1, -1, 2), grid_to_photo)
    x, y = (pts.reshape(rows + 1, cols + 1, 2)[..., i] for i in (0, 1))

    def cross(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        return a[0] * b[1] - a[1] * b[0]

    # a cell's quadrilateral's area: half the cross product of its diagonals
    d1 = (x[1:, 1:] - x[:-1, :-1], y[1:, 1:] - y[:-1, :-1])
    d2 = (x[1:, :-1] - x[:-1, 1:], y[1:, :-1] - y[:-1, 1:])
    return np.sqrt(np.abs(cross(d1, d2)) / 2)


def photo_cell(grid_to_photo: np.ndarray, rows: int = 15, cols: int = 15) -> float:
    """How many pixels of the photo a cell of the grid spans, on average over the grid (the
    square root of the grid's area in the photo over its cells, :func:`cell_sizes`);
    ``grid_to_photo`` maps grid units to photo pixels."""
    return float(np.sqrt(np.mean(cell_sizes(grid_to_photo, rows, cols) ** 2)))


def camera_blur(cfg: WoodConfig, width: float, cell: float | None) -> float:
    """An edge width measured on the flat board (cells) with the part a board small in the
    photo owes to its pixels taken out: a sharp edge spans about ``pixel_blur`` pixels of the
    working image whatever the camera did, which on a board whose cells span ``cell`` pixels
    is ``pixel_blur / cell`` of a cell, added to the camera's blur as the sides of a right
    angle. Only the part past what it is on cells of ``blur_cell_px`` pixels is taken out,
    the size the blur limits were set at: a board half as wide in the photo is not blurrier
    (measured on three real photos shrunk to 0.4, the widths rose from 0.033 to 0.051,
    0.052 to 0.066 and 0.058 to 0.067 of a cell as their cells went from 33 to 13 pixels,
    the pixels' part 0.55 to 0.57 pixels on each). ``cell`` None: the width as measured."""
    if cell is None or cell >= cfg.blur_cell_px or width <= 0:
        return width
    excess = cfg.pixel_blur ** 2 * (1 / cell ** 2 - 1 / cfg.blur_cell_px ** 2)
    return float(np.sqrt(max(width ** 2 - excess, 0.0)))


def ink_depth(cfg: WoodConfig, cell: float) -> float:
    """The ink cut (:attr:`WoodConfig.ink_depth`, set on cells of ``blur_cell_px`` pixels or
    more) for a board whose cells span ``cell`` pixels of the working image: on smaller
    cells the photo's own pixel blur is spread over more of the flat board's pixels, and the
    cut moves toward the edge's middle as :func:`vision.glyph.scaled_ink_depth` says."""
    return scaled_ink_depth(cfg.ink_depth, cell / cfg.blur_cell_px)


def edge_blur(cfg: WoodConfig, gray: np.ndarray, marks: dict[tuple[int, int], Mark],
              cell: float | None = None) -> float:
    """How blurred the letters' edges are, in cells, apart from how surely the letters read
    (a photo blurred past what the letter model reads reliably may still read its letters
    surely, and wrongly): the median over the marks of the Gaussian blur that a sharp edge of
    the letter's contrast would need to slope no more steeply than the letter's steepest
    edges do (a step of height h blurred by a Gaussian of width s slopes h / (s sqrt(2 pi))
    at most). The slopes are taken along four directions and the most blurred one counts: a
    phone that moved smears the edges across its path and leaves those along it sharp.
    With ``cell``, the pixels of the photo a cell spans, the part a board small in the photo
    owes to its pixels is taken out (:func:`camera_blur`). 0 without marks."""
    if not marks:
        return 0.0
    p = cfg.cell_px
    g = gray.astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3) / 8  # grey levels per pixel
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3) / 8
    slopes = [np.abs(gx), np.abs(gy), np.abs(gx + gy) / np.sqrt(2), np.abs(gx - gy) / np.sqrt(2)]
    widths = []
    for (r, c), m in marks.items():
        h, w = m.mask.shape
        cx, cy = (c + 1.5 + m.offset[0]) * p, (r + 1.5 + m.offset[1]) * p
        pad = cfg.blur_pad * p
        y0, y1 = max(0, round(cy - h / 2 - pad)), round(cy + h / 2 + pad)
        x0, x1 = max(0, round(cx - w / 2 - pad)), round(cx + w / 2 + pad)
        win = g[y0:y1, x0:x1]
        if win.size == 0:
            continue
        light, deep = np.percentile(win, [90, 2])
        step = float(light - deep)
        steepest = min(float(np.percentile(d[y0:y1, x0:x1], 99)) for d in slopes)
        if steepest > 0:
            widths.append(step / (steepest * np.sqrt(2 * np.pi)) / p)
    return camera_blur(cfg, float(np.median(widths)), cell) if widths else 0.0


def _split_values(cfg: WoodConfig, clf, letters: tuple[str, ...], marks: dict,
                  keys: list[tuple[int, int]], k: int, guesses: list[Guess], logp: list[float]
                  ) -> tuple[list[Guess], list[float]]:
    """The guesses and their log-probabilities with each point value that touches its letter
    (Q10, D2) cut off, the board turned ``k`` quarter turns (unless the tile's value was
    seen apart, below and right of it: a mark elsewhere, a neighbour's edge, is not its
    value)."""
    from vision.glyph import features

    split = {i: g for i, rc in enumerate(keys) if not _value_apart(marks[rc].value, k)
             and (g := split_value(cfg, np.rot90(marks[rc].mask, k))) is not None}
    if not split:
        return guesses, logp
    again = clf.guesses(np.array([features(g) for g in split.values()], np.float32),
                        letters, 6)
    guesses, logp = list(guesses), list(logp)
    for i, g in zip(split, again, strict=True):
        guesses[i] = g
        logp[i] = float(np.log(max(g.confidence, 1e-6)))
    return guesses, logp


def _steady(cfg: WoodConfig, clf, letters: tuple[str, ...], marks: dict,
            keys: list[tuple[int, int]], k: int, guesses: list[Guess]) -> list[Guess]:
    """The guesses, each letter checked against its mark cut deeper (``check_depth``, the
    board turned ``k`` quarter turns). A blurred letter's counters and the notches between
    its strokes are paler than its face, so the ink cut (generous, for faint thin strokes)
    fills them: a B become a solid blob was read as an O for sure, an M whose middle filled
    in as an N (0.80). Where the deeper cut shows more holes, or reads another letter for sure
    while the first reading is not far past sure (under ``check_sure``), the two readings'
    chances are averaged: they disagree, so neither letter is sure (the player is asked).
    A letter read surer than that stands: on a dim photo the deeper cut loses faint strokes
    (an E's arms, a T's bar) and reads an L or an I for sure. Only letters read for sure are
    checked: one read unsure is listed anyway, and its broken deeper reading (a dim D read as
    an I) would only push aside the letter its words would choose."""
    from vision.glyph import features

    thin = {}
    for i, rc in enumerate(keys):
        mask = marks[rc].thin
        if mask is None or not mask.any():
            continue
        mask = np.rot90(mask, k)
        glyph = (split_value(cfg, mask) if not _value_apart(marks[rc].value, k) else None)
        thin[i] = glyph if glyph is not None else normalise(cfg.glyph_px,
                                                            mask.astype(np.float32))
    if not thin:
        return guesses
    again = clf.probabilities(np.array([features(g) for g in thin.values()], np.float32),
                              letters)
    out = list(guesses)
    for i, p_thin in zip(thin, again, strict=True):
        g = guesses[i]
        if g.confidence < cfg.min_confidence:
            continue  # not sure already: the player is asked, the words may choose
        top = clf.classes[int(np.argmax(p_thin))]
        opened = holes(marks[keys[i]].thin) > holes(marks[keys[i]].mask)
        other = (top != (g.letter or NO_LETTER) and g.confidence < cfg.check_sure
                 and float(p_thin.max()) >= cfg.min_confidence)
        if not (opened or other):
            continue
        p = {a: q for a, q in g.alternatives}
        p[g.letter or NO_LETTER] = g.confidence
        mixed = {c: (p.get(c, 0.0) + float(q)) / 2 for c, q in zip(clf.classes, p_thin,
                                                                    strict=True)}
        order = sorted(mixed, key=lambda c: -mixed[c])
        best = order[0]
        out[i] = Guess(None if best == NO_LETTER else best, mixed[best],
                       tuple((c, mixed[c]) for c in order[1: len(g.alternatives) + 1]))
    return out


def holes(mask: np.ndarray) -> int:
    """How many holes a mark has (counters: B two, O and D one, S none)."""
    bg = np.pad(~mask.astype(bool), 1, constant_values=True).astype(np.uint8)
    n, _ = cv2.connectedComponents(bg, connectivity=4)
    return n - 2


def _word_votes(keys: list[tuple[int, int]], guesses: list, k: int, lexicon: Lexicon) -> int:
    """Letters in runs that are words less letters in runs that are not, once the board is
    turned ``k`` quarter turns: read the wrong way up, runs come out backwards and their
    letters turned over, which seldom makes words."""
    from vision.words import runs

    grid = [[""] * 15 for _ in range(15)]
    for rc, g in zip(keys, guesses, strict=True):
        if g.letter:
            r, c = turned(*rc, k)
            grid[r][c] = g.letter
    return sum(len(cells) if word in lexicon else -len(cells) for word, cells in runs(grid))


def _inked(cfg: WoodConfig, marks: dict) -> dict:
    """The marks whose ink is about as dark as the photo's letters': a bare square's printed
    outline is far fainter, but a darker tone curve lifts its contrast past the fixed test
    (and a bare square's top edge, in the window looked at again where the tiles' faces sit,
    is then read as an I). Ink is judged as log(face / ink), which a tone curve (a power)
    scales alike for every mark of the photo and a shadow leaves alone."""
    typical = float(np.median([m.ink for m in marks.values()]))
    return {rc: m for rc, m in marks.items() if m.ink >= cfg.faint_ink * typical}


def _on_tiles(cfg: WoodConfig, flat: np.ndarray, marks: dict, squares: tuple[str, ...],
              showing: np.ndarray, others: dict | None = None,
              measured: dict | None = None) -> dict:
    """The marks that sit on a tile's face: a mark whose surroundings are clearly nearer the
    colour of the cell's own kind of square than the letter tiles' is on a bare square (a
    hinge line, a printed label, a shadow), not a letter.

    Colours are log-chromaticities (:func:`log_chroma`): Lab's a and b shrink with a
    surface's lightness, the more so the darker the tone curve, so a darker tile's colour
    slid toward the plain squares' and its letter was dropped; log-chromaticity does not
    change with the light's level, and a tone curve (a power) scales all its distances
    alike, so the ratios judged here do not move. With ``others``, those marks are judged
    instead, against the colours ``marks`` and the squares give. ``measured`` keeps the
    colours measured round the cells of this ``flat`` board, for a second look at it."""
    p = cfg.cell_px
    lightness = cv2.cvtColor(flat, cv2.COLOR_BGR2Lab)[:, :, 0]
    h = round(cfg.face_share * p / 2)
    known: dict = {} if measured is None else measured

    def colour_at(rc: tuple[int, int], off: tuple[float, float]) -> np.ndarray:
        if (rc, off) in known:
            return known[(rc, off)]
        cx = round((rc[1] + 1.5 + off[0]) * p)
        cy = round((rc[0] + 1.5 + off[1]) * p)
        px = flat[cy - h: cy + h, cx - h: cx + h].reshape(-1, 3).astype(np.float32)
        lit = lightness[cy - h: cy + h, cx - h: cx + h].ravel()
        colour = log_chroma(np.median(px[lit >= np.percentile(lit, 50)], axis=0))
        known[(rc, off)] = colour
        return colour

    at = {rc: colour_at(rc, m.offset) for rc, m in marks.items()}
    tile = np.median(list(at.values()), axis=0)
    kinds: dict[str, np.ndarray] = {}
    for kind in {ch for row in squares for ch in row}:
        cells = [(r, c) for r in range(15) for c in range(15) if squares[r][c] == kind
                 and (r, c) not in marks and (kind == "." or showing[r, c])]
        if cells:
            kinds[kind] = np.median([colour_at(rc, (0.0, 0.0)) for rc in cells], axis=0)
    d_tile = {rc: float(np.linalg.norm(at[rc] - tile)) for rc in marks}
    # the tiles' own spread of colour in this photo, over the marks whose colour is the
    # tiles' rather than their square's (marks on bare squares, more of them in a shadow,
    # widened it till a hinge line's piece passed as on a tile): a mark this near them is on
    # a tile (two marks are each as far from their middle, which tells nothing)
    tiled = [d for rc, d in d_tile.items() if (own := kinds.get(squares[rc[0]][rc[1]])) is None
             or d <= cfg.off_tile * float(np.linalg.norm(at[rc] - own))]
    near = (cfg.tile_spread * float(np.median(tiled if len(tiled) >= 3 else
                                              list(d_tile.values())))
            if len(marks) >= 3 else 0.0)
    if others is not None:
        marks = others
        at = {rc: colour_at(rc, m.offset) for rc, m in marks.items()}
        d_tile = {rc: float(np.linalg.norm(at[rc] - tile)) for rc in marks}
    out = {}
    for rc, m in marks.items():
        own = kinds.get(squares[rc[0]][rc[1]])
        if own is None or d_tile[rc] <= max(
                cfg.off_tile * float(np.linalg.norm(at[rc] - own)), near):
            out[rc] = m
    return out


def log_chroma(bgr: np.ndarray) -> np.ndarray:
    """A colour's log-chromaticity: 100 log(blue / green), 100 log(red / green)."""
    b, g, r = np.maximum(np.asarray(bgr, np.float64), 0.5)
    return 100 * np.log(np.array([b / g, r / g]))


def split_value(cfg: WoodConfig, mask: np.ndarray) -> np.ndarray | None:
    """The letter of an upright mark whose point value touches it at the bottom right, as a
    normalised glyph; ``None`` when no such value is attached.

    The letter spans the columns inked in the mark's upper part (a value is printed low); what
    lies right of them and stands at least ``value_split`` of the mark's height is the value
    (a letter's own foot, as in L, is flatter)."""
    h, w = mask.shape
    if w < cfg.split_min_width * h:
        return None
    upper = mask[: round(h * cfg.value_top)].any(axis=0)
    cols = np.flatnonzero(upper)
    if len(cols) == 0:
        return None
    right = cols.max() + 1
    rest = mask[:, right:]
    if rest.size == 0 or not rest.any():
        return None
    rows = np.flatnonzero(rest.any(axis=1))
    if rows.max() - rows.min() + 1 < cfg.value_split * h:
        return None
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask[:, :right].astype(np.uint8),
                                                           connectivity=8)
    if n < 2:
        return None
    big = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))  # the value's cut-off remnant goes
    x, y, bw, bh, _ = stats[big]
    letter = labels[y: y + bh, x: x + bw] == big
    return normalise(cfg.glyph_px, letter.astype(np.float32))


def _value_apart(value: tuple[float, float] | None, k: int) -> bool:
    """A mark's separate value mark (its offset from the letter) sits below and right of the
    letter once the board is turned ``k`` quarter turns, where a tile's value is printed."""
    return value is not None and min(_turn_vector(value, k)) > 0


def _turn_vector(v: tuple[float, float], k: int) -> tuple[float, float]:
    """A direction on the flat board as it points once the board is turned ``k`` quarter
    turns the way :func:`numpy.rot90` turns an image (counter-clockwise on screen)."""
    x, y = v
    for _ in range(k):
        x, y = y, -x
    return x, y


def _tile_coloured(cfg: WoodConfig, colours: np.ndarray, showing: np.ndarray,
                   squares: tuple[str, ...], lettered: set,
                   lightness: np.ndarray) -> dict[tuple[int, int], float]:
    """Cells with no letter whose middle is nearer the letter tiles' face colour than that of
    the squares of its kind, each with that ratio (distance to the tiles' over distance to
    its kind's): well below 1, a blank tile; near 1, perhaps a tile whose letter was missed.

    A cell whose colour cannot tell (its kind's squares' colour within ``maybe_hue_alike``
    of the tiles': a light wooden tile on dark brown squares of the same hue, apart only in
    lightness) is perhaps a tile too when its ``lightness`` (:func:`cell_lightness`) says so
    (:func:`_tile_light`): listed for the player, never read as a blank tile by its
    lightness alone (a shadow or a lamp moves it), its ratio no less than ``blank_nearer``."""
    if not lettered:
        return {}
    tile = np.median([colours[rc] for rc in lettered], axis=0)
    light = float(np.median([lightness[rc] for rc in lettered]))
    out = {}
    kinds: dict[str, list[tuple[int, int]]] = {}
    for r in range(15):
        for c in range(15):
            if (r, c) not in lettered:  # the centre star is a double word's colour
                kinds.setdefault(_colour_kind(squares[r][c]), []).append((r, c))
    for kind, members in kinds.items():
        # premium squares that show their print give their colour
        own_cells = members if kind == "." else [rc for rc in members if showing[rc]]
        if not own_cells:
            continue
        own = np.median([colours[rc] for rc in own_cells], axis=0)
        hue_alike = float(np.linalg.norm(own - tile)) < cfg.maybe_hue_alike
        own_light = float(np.median([lightness[rc] for rc in own_cells]))
        for rc in members:
            if showing[rc]:
                continue
            d_tile = float(np.linalg.norm(colours[rc] - tile))
            d_own = float(np.linalg.norm(colours[rc] - own))
            if d_tile < cfg.maybe_nearer * d_own:
                out[rc] = d_tile / max(d_own, 1e-6)
            elif hue_alike and (ratio := _tile_light(cfg, float(lightness[rc]), light,
                                                     own_light)) is not None:
                out[rc] = max(cfg.blank_nearer, ratio)
    return out


def _tile_light(cfg: WoodConfig, cell: float, tile: float, own: float) -> float | None:
    """How near a cell's lightness ``cell`` is to the letter tiles' (``tile``), as a share
    of its distance to its kind of square's (``own``), when the tiles and its kind are
    ``maybe_light_apart`` (share of the tiles' lightness) apart and it is under
    ``maybe_light_nearer``: perhaps a tile; else ``None``."""
    if abs(tile - own) < cfg.maybe_light_apart * tile:
        return None
    ratio = abs(cell - tile) / max(abs(cell - own), 1e-6)
    return ratio if ratio < cfg.maybe_light_nearer else None
