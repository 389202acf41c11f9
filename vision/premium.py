"""Finding a commercial board's playing grid from its own print: the premium squares.

A 15x15 board prints its premium squares in two colour families, word premiums (red, pink,
orange) and letter premiums (blues), laid out in a known pattern. The squares are found as
compact blobs whose colour differs from the plain squares around them (judged against the
local colour of the board, not against fixed colours), and the layout is fitted to them with a
robust search over homographies: every hypothesis comes from two neighbouring blobs and a
guess of which premium squares they are, is grown by matching more squares, and is scored by
how many of the layout's squares land on a blob of the right family.

The layout is symmetric under quarter turns, so the fit fixes the grid but not which way up
the board is; :mod:`vision.reading` chooses the turn from the letters.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.config import PremiumConfig

WORD, LETTER = 1, 2


@dataclass(frozen=True)
class Blobs:
    """Premium-coloured blobs in the working image: centres (N, 2), family (N,), side (N,)."""

    centres: np.ndarray
    family: np.ndarray
    side: np.ndarray
    scale: float  # working image pixels per photo pixel


@dataclass(frozen=True)
class PremiumFit:
    """A grid fitted to the premium squares: ``homography`` maps grid units (one cell = 1,
    origin at the grid's top-left corner) to photo pixels; ``matched`` of the ``expected``
    premium squares that should be visible sit on a blob of their family, ``wrong`` blobs sit
    where the layout has none of their family."""

    homography: np.ndarray
    matched: int
    wrong: int
    expected: int

    @property
    def fraction(self) -> float:
        return self.matched / max(1, self.expected)


def layout_points(squares: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Cell centres (M, 2) as (x, y) in grid units and families (M,) of a layout's premiums.

    Upper-case square types (and the centre star) are word premiums, lower-case letter ones.
    """
    pts, fam = [], []
    for r, row in enumerate(squares):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            pts.append((c + 0.5, r + 0.5))
            fam.append(LETTER if ch.islower() else WORD)
    return np.array(pts, np.float64), np.array(fam, np.int8)


def find_blobs(cfg: PremiumConfig, image: np.ndarray, enclosed: bool = False) -> Blobs:
    """Compact blobs of a premium colour in a BGR photo, found on a reduced copy; with
    ``enclosed``, also those lying inside another blob's hole (a board's border of a premium's
    colour, the Hasbro board's red, that closes round the grid leaves every square of that
    colour inside its hole: small in the frame or seen at a slant, the border and the corner
    squares touch)."""
    h, w = image.shape[:2]
    scale = min(1.0, cfg.work_px / max(h, w))
    small = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab)
    k = cfg.background_px | 1
    a = lab[:, :, 1].astype(np.int16)
    b = lab[:, :, 2].astype(np.int16)
    da = a - cv2.medianBlur(lab[:, :, 1], k).astype(np.int16)
    db = b - cv2.medianBlur(lab[:, :, 2], k).astype(np.int16)
    bright = lab[:, :, 0] > cfg.min_lightness
    masks = {WORD: (da > cfg.min_shift) & (da > -db) & bright,
             LETTER: (db < -cfg.min_shift) & (da < cfg.min_shift) & bright}
    centres, fams, sides = [], [], []
    kernel = np.ones((3, 3), np.uint8)
    for fam, mask in masks.items():
        m = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE, kernel)
        m = cv2.morphologyEx(m, cv2.MORPH_OPEN, kernel)
        mode = cv2.RETR_CCOMP if enclosed else cv2.RETR_EXTERNAL
        contours, tree = cv2.findContours(m, mode, cv2.CHAIN_APPROX_SIMPLE)
        outer = [] if tree is None else [
            c for c, t in zip(contours, tree[0], strict=True) if t[3] < 0]
        for cnt in outer:
            area = cv2.contourArea(cnt)  # holes (printed labels) filled
            if area < cfg.min_blob_px:
                continue
            (cx, cy), (rw, rh), _ = cv2.minAreaRect(cnt)
            if (max(rw, rh) > cfg.max_aspect * min(rw, rh) or area < cfg.min_fill * rw * rh
                    or max(rw, rh) > cfg.max_blob_share * max(small.shape[:2])):
                continue
            centres.append((cx, cy))
            fams.append(fam)
            sides.append(float(np.sqrt(rw * rh)))
    if not centres:
        return Blobs(np.zeros((0, 2)), np.zeros(0, np.int8), np.zeros(0), scale)
    c = np.array(centres, np.float64)
    f = np.array(fams, np.int8)
    s = np.array(sides, np.float64)
    typical = float(np.median(s))
    keep = (s > typical / cfg.size_spread) & (s < typical * cfg.size_spread)
    return Blobs(c[keep], f[keep], s[keep], scale)


def project(hom: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = pts @ hom[:, :2].T + hom[:, 2]
    return p[:, :2] / p[:, 2:3]


def fit_layout(cfg: PremiumConfig, blobs: Blobs, squares: tuple[str, ...],
               image_size: tuple[int, int]) -> PremiumFit | None:
    """The best grid for the blobs (``None`` when nothing fits); see :class:`PremiumFit`.

    ``image_size`` is the photo's (width, height): squares that would fall outside it are not
    expected. More blobs than ``max_blobs`` (a board shows at most its layout's 61 premium
    squares) fit nothing: a patterned cloth or a mosaic of dots, not a board's print. The
    work grows with the square of the blobs (every blob's distance to every other, and every
    hypothesis judged against every blob): a photo of a polka-dot cloth showed 5,874 blobs,
    which made 332,272 hypotheses, 2 billion judgements, arrays of 16 GB each.
    """
    model, mfam = layout_points(squares)
    pts, fam = blobs.centres, blobs.family
    n = len(pts)
    if n < cfg.min_matched or n > cfg.max_blobs:
        return None
    d = np.linalg.norm(pts[:, None] - pts[None], axis=2)
    np.fill_diagonal(d, np.inf)
    hyps = _hypotheses(cfg, blobs, squares, d)
    if hyps is None:
        return None
    best: PremiumFit | None = None
    local = _local_scores(cfg, hyps, squares, pts, fam)
    order = np.argsort(-local, kind="stable")
    seen: list[np.ndarray] = []
    w, h = image_size
    for k in order[: cfg.refine_top]:
        hom = _grow(cfg, hyps.homography(int(k)), model, mfam, pts, fam)
        if hom is None:
            continue
        if any(np.abs(project(hom, model[:4]) - project(s, model[:4])).max() < 2 for s in seen):
            continue
        seen.append(hom)
        matched, wrong, expected = _matches(cfg, hom, model, mfam, pts, fam,
                                            frame=(w * blobs.scale, h * blobs.scale))
        fit = PremiumFit(_to_photo(hom, blobs.scale), matched, wrong, expected)
        if best is None or (matched - cfg.wrong_weight * wrong
                            > best.matched - cfg.wrong_weight * best.wrong):
            best = fit
    return best


@dataclass(frozen=True)
class _Hypotheses:
    """Grids from pairs of blobs, one per row: the similarity taking grid units to the blobs'
    pixels, ``[[a, -b, tx], [b, a, ty], [0, 0, 1]]``, and the ``seed`` (H, 2), the middle of
    the pair of layout squares it came from, in grid units."""

    a: np.ndarray
    b: np.ndarray
    tx: np.ndarray
    ty: np.ndarray
    seed: np.ndarray

    def homography(self, k: int) -> np.ndarray:
        a, b = float(self.a[k]), float(self.b[k])
        return np.array([[a, -b, float(self.tx[k])], [b, a, float(self.ty[k])], [0, 0, 1]])


@lru_cache(maxsize=8)
def _square_pairs(squares: tuple[str, ...], max_step: int
                  ) -> dict[tuple[tuple[int, int], int, int], tuple[np.ndarray, np.ndarray]]:
    """For each step between premium squares ``(a, b)`` (``a`` cells along one axis, ``b``
    along the other, either way round and either sign) and each pair of families: the
    layout's pairs of squares (first, second) that far apart, of those families, in the order
    :func:`_hypotheses` tries them (first square in layout order, then the signs, then the
    step as given and turned)."""
    model, mfam = layout_points(squares)
    mpos = {tuple(np.round(p - 0.5).astype(int)): i for i, p in enumerate(model)}
    steps = [(a, b) for a in range(max_step + 1) for b in range(a + 1) if a]
    out: dict[tuple[tuple[int, int], int, int], tuple[np.ndarray, np.ndarray]] = {}
    for step in steps:
        for fi in (WORD, LETTER):
            for fj in (WORD, LETTER):
                first, second = [], []
                for m in np.flatnonzero(mfam == fi):
                    c0, r0 = model[m] - 0.5
                    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                        for dx, dy in ((step[0] * sx, step[1] * sy),
                                       (step[1] * sx, step[0] * sy)):
                            q = mpos.get((int(c0 + dx), int(r0 + dy)))
                            if q is None or mfam[q] != fj:
                                continue
                            first.append(int(m))
                            second.append(q)
                out[(step, fi, fj)] = (np.array(first, np.intp), np.array(second, np.intp))
    return out


def _hypotheses(cfg: PremiumConfig, blobs: Blobs, squares: tuple[str, ...], d: np.ndarray
                ) -> _Hypotheses | None:
    """Grids from pairs of neighbouring blobs: the pair's distance in cells (from the blob's
    size) says which steps between premium squares they may be; each such pair of layout
    squares of the right families gives a similarity (``None`` when no pair gives one)."""
    pts, fam = blobs.centres, blobs.family
    model, _ = layout_points(squares)
    pairs = _square_pairs(squares, cfg.max_step)
    steps = [(a, b) for a in range(cfg.max_step + 1) for b in range(a + 1) if a]
    lengths = [float(np.hypot(*step)) for step in steps]
    ms, qs, bi, bj = [], [], [], []
    for i in range(len(pts)):
        pitch = blobs.side[i] / cfg.side_share
        for j in np.argsort(d[i])[: cfg.neighbours]:
            vec = pts[j] - pts[i]
            dist = float(np.linalg.norm(vec)) / pitch
            for step, length in zip(steps, lengths, strict=True):
                if abs(length - dist) > cfg.step_tolerance * max(1.0, dist / 2):
                    continue
                m, q = pairs[(step, int(fam[i]), int(fam[j]))]
                if len(m):
                    ms.append(m)
                    qs.append(q)
                    bi.append(np.full(len(m), i, np.intp))
                    bj.append(np.full(len(m), j, np.intp))
    if not ms:
        return None
    sq1, sq2, bl1, bl2 = (np.concatenate(v) for v in (ms, qs, bi, bj))
    # the similarity taking the squares sq1, sq2 onto the blobs bl1, bl2, as complex numbers:
    # z = (bl2 - bl1) / (sq2 - sq1), t = bl1 - z * sq1 (the division as Python's own complex
    # division works it, so every hypothesis is the same to the last bit as with complex)
    sr, si = model[sq2, 0] - model[sq1, 0], model[sq2, 1] - model[sq1, 1]
    dr, di = pts[bl2, 0] - pts[bl1, 0], pts[bl2, 1] - pts[bl1, 1]
    by_real = np.abs(sr) >= np.abs(si)
    za, zb = np.empty(len(sq1)), np.empty(len(sq1))
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = si / sr
        denom = sr + si * ratio
        za[by_real] = ((dr + di * ratio) / denom)[by_real]
        zb[by_real] = ((di - dr * ratio) / denom)[by_real]
        ratio = sr / si
        denom = sr * ratio + si
        za[~by_real] = ((dr * ratio + di) / denom)[~by_real]
        zb[~by_real] = ((di * ratio - dr) / denom)[~by_real]
    mx, my = model[sq1, 0], model[sq1, 1]
    tx = pts[bl1, 0] - (za * mx - zb * my)
    ty = pts[bl1, 1] - (za * my + zb * mx)
    return _Hypotheses(za, zb, tx, ty, (model[sq1] + model[sq2]) / 2)


def _local_scores(cfg: PremiumConfig, hyps: _Hypotheses, squares: tuple[str, ...],
                  pts: np.ndarray, fam: np.ndarray) -> np.ndarray:
    """Every hypothesis judged near the pair it came from, at once: blobs on a square of
    their family, less ``wrong_weight`` times blobs on the grid where none of theirs is."""
    table = np.zeros((15, 15), np.int8)  # the layout's family per cell
    for r, row in enumerate(squares):
        for c, ch in enumerate(row):
            if ch != ".":
                table[r, c] = LETTER if ch.islower() else WORD
    a, b = hyps.a[:, None], hyps.b[:, None]
    scale2 = a * a + b * b
    relx = pts[None, :, 0] - hyps.tx[:, None]        # (H, N)
    rely = pts[None, :, 1] - hyps.ty[:, None]
    gx = (a * relx + b * rely) / scale2              # blobs in grid units
    gy = (-b * relx + a * rely) / scale2
    radius = cfg.seed_radius
    inside = (gx >= 0) & (gy >= 0) & (gx < 15) & (gy < 15)
    inside &= np.abs(gx - hyps.seed[:, 0:1]) < radius
    inside &= np.abs(gy - hyps.seed[:, 1:2]) < radius
    h, n = np.nonzero(inside)                        # only blobs on the grid near the seed count
    x, y = gx[h, n], gy[h, n]
    cx, cy = np.floor(x), np.floor(y)
    kind = table[cy.astype(np.intp), cx.astype(np.intp)]
    near = np.hypot(x - cx - 0.5, y - cy - 0.5) < cfg.match_radius
    good = (kind == fam[n]) & near
    wrong = kind != fam[n]
    count = len(hyps.a)
    return (np.bincount(h[good], minlength=count)
            - cfg.wrong_weight * np.bincount(h[wrong], minlength=count))


def _matches(cfg: PremiumConfig, hom: np.ndarray, model: np.ndarray, mfam: np.ndarray,
             pts: np.ndarray, fam: np.ndarray, seed: np.ndarray | None = None,
             frame: tuple[float, float] | None = None) -> tuple[int, int, int]:
    """(layout squares on a blob of their family, blobs on the grid where no premium of their
    family is, layout squares expected to be seen)."""
    try:
        inv = np.linalg.inv(hom)
    except np.linalg.LinAlgError:
        return 0, 0, 0
    g = project(inv, pts)  # blobs in grid units
    if not np.isfinite(g).all():
        return 0, 0, 0
    cell = np.floor(g).astype(int)
    inside = (cell >= 0).all(axis=1) & (cell < 15).all(axis=1)
    if seed is not None:  # a similarity only holds near the pair it came from
        inside &= np.abs(g - seed).max(axis=1) < cfg.seed_radius
    near = np.linalg.norm(g - (cell + 0.5), axis=1) < cfg.match_radius
    good = np.zeros(len(model), bool)
    wrong = 0
    index = {(int(p[0]), int(p[1])): k for k, p in enumerate(model)}
    for b in np.flatnonzero(inside):
        key = (int(cell[b][0]), int(cell[b][1]))
        k = index.get(key)
        if k is not None and mfam[k] == fam[b] and near[b]:
            good[k] = True
        elif k is None or mfam[k] != fam[b]:
            wrong += 1
    if seed is not None:
        return int(good.sum()), wrong, len(model)
    expected = len(model)
    if frame is not None:
        proj = project(hom, model)
        seen = ((proj[:, 0] > 0) & (proj[:, 1] > 0) & (proj[:, 0] < frame[0])
                & (proj[:, 1] < frame[1]))
        expected = int(seen.sum())
    return int(good.sum()), wrong, expected


def _grow(cfg: PremiumConfig, hom: np.ndarray, model: np.ndarray, mfam: np.ndarray,
          pts: np.ndarray, fam: np.ndarray) -> np.ndarray | None:
    """Refit the grid to the blobs its squares land on, several times (a similarity, then a
    homography once enough squares match)."""
    for radius in cfg.grow_radii:
        proj = project(hom, model)
        pitch = np.linalg.norm(project(hom, model + [[1, 0]]) - proj, axis=1)
        dist = np.linalg.norm(proj[:, None] - pts[None], axis=2)
        dist[mfam[:, None] != fam[None]] = np.inf
        j = np.argmin(dist, axis=1)
        ok = dist[np.arange(len(model)), j] < radius * pitch
        if ok.sum() < 4:
            return None
        src, dst = model[ok], pts[j[ok]]
        if ok.sum() >= cfg.min_for_homography:
            new, _ = cv2.findHomography(src, dst, cv2.RANSAC,
                                        float(np.median(pitch)) * cfg.ransac_share)
        else:
            new = cv2.estimateAffinePartial2D(src, dst)[0]
            new = None if new is None else np.vstack([new, [0, 0, 1]])
        if new is None:
            return None
        hom = new
    return hom


def _to_photo(hom: np.ndarray, scale: float) -> np.ndarray:
    s = np.diag([1 / scale, 1 / scale, 1.0])
    return s @ hom
