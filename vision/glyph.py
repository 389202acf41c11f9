"""From a cell crop to a normalised glyph, and from a glyph to a feature vector."""

from __future__ import annotations

from statistics import NormalDist

import cv2
import numpy as np

from vision.config import CellConfig


def face_and_darkest(gray: np.ndarray) -> tuple[float, float]:
    """A gray crop's face brightness (its 80th percentile) and its darkest pixels' (its 0.5th
    percentile): what its ink is judged by (:func:`ink_mask`,
    :func:`vision.cells.faint_ink`)."""
    return float(np.percentile(gray, 80)), float(np.percentile(gray, 0.5))


def ink_mask(cfg: CellConfig, gray: np.ndarray) -> np.ndarray:
    """Dark ink on a light face: (H, W) uint8 gray -> (H, W) bool.

    Ink is judged against the crop's own face brightness (:func:`face_and_darkest`), so
    uneven light does not matter: when the darkest pixels are clearly darker than the face
    (below ``ink_ratio`` of it), the cut is ``ink_depth`` of the way down to them (thin,
    blurred strokes survive); else no ink.
    """
    face, dark = face_and_darkest(gray)
    if dark >= face * cfg.ink_ratio:
        return np.zeros(gray.shape, bool)
    return gray < face - cfg.ink_depth * (face - dark)


def scaled_ink_depth(depth: float, scale: float) -> float:
    """The ink cut ``depth`` (a share of the way from the face to the darkest ink, set on
    letters seen at full resolution) for letters whose edges the photo's pixels blur
    ``1 / scale`` times as widely, in the pixels the letters are read in (a letter warped
    up from fewer pixels of the photo: ``scale`` < 1). A cut short of a blurred edge's
    middle lies outside it by a share of the blur, so where the blur is wider each stroke
    grows by more pixels, closing an S, an E or an outlined letter's inside; the cut moves
    toward the edge's middle (0.5) just enough that it lies no farther outside it, in those
    pixels, than at full resolution (with the cut ``z`` Gaussian widths outside the middle,
    ``z`` shrinks as ``scale``). ``scale`` of 1 or more, or a cut at the middle or past it,
    keep ``depth``."""
    if scale >= 1.0 or depth >= 0.5:
        return depth
    normal = NormalDist()
    return 1.0 - normal.cdf(normal.inv_cdf(1.0 - depth) * max(scale, 0.0))


def glyph_from_mask(cfg: CellConfig, mask: np.ndarray, exclude_border: bool = True,
                    edge_lines: float = 0.0) -> np.ndarray | None:
    """The letter in an ink mask, centred and scaled to (glyph_px, glyph_px) float32 in [0, 1].

    Small marks (a tile's value digit, specks) and, with ``exclude_border``, anything touching
    the crop's edge (tile edges, shadows) are ignored; with ``edge_lines`` (a share of the
    crop's side), a mark touching one edge and lying within that share of it (a box's printed
    line blurred into the crop), while letters touching the edge are kept. ``None`` when no
    letter-sized ink is left.
    """
    h, w = mask.shape
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    if n <= 1:
        return None
    keep = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if exclude_border and (x == 0 or y == 0 or x + bw >= w or y + bh >= h):
            continue
        if edge_lines and along_an_edge(x, y, bw, bh, w, h, edge_lines):
            continue
        if area < 4:
            continue
        keep.append(i)
    if not keep:
        return None
    tallest = max(stats[i][3] for i in keep)
    if tallest < cfg.min_glyph_height * h:
        return None
    tall = [i for i in keep if stats[i][3] >= 0.5 * tallest]
    x0 = min(stats[i][0] for i in tall)
    x1 = max(stats[i][0] + stats[i][2] for i in tall)
    y0 = min(stats[i][1] for i in tall)
    y1 = max(stats[i][1] + stats[i][3] for i in tall)
    keep = [i for i in keep if i in tall or (  # broken-off parts inside the letter's box
        stats[i][0] >= x0 and stats[i][0] + stats[i][2] <= x1
        and stats[i][1] >= y0 and stats[i][1] + stats[i][3] <= y1)]
    sel = np.isin(labels, keep)
    if sel.sum() < cfg.min_ink_fraction * h * w:
        return None
    ys, xs = np.nonzero(sel)
    crop = sel[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1].astype(np.float32)
    return normalise(cfg.glyph_px, crop)


def along_an_edge(x: int, y: int, bw: int, bh: int, w: int, h: int, share: float) -> bool:
    """Whether a mark (its bounding box ``x, y, bw, bh`` in a ``w`` by ``h`` crop) touches
    one of the crop's edges and lies within ``share`` of the crop's side from it: a strip
    along the edge, as a printed line blurred past the crop's margin leaves."""
    return ((x == 0 and bw <= share * w) or (x + bw >= w and x >= (1 - share) * w)
            or (y == 0 and bh <= share * h) or (y + bh >= h and y >= (1 - share) * h))


def normalise(size: int, crop: np.ndarray) -> np.ndarray:
    """Scale a glyph's bounding-box crop to fit (size-4) keeping its aspect, centred."""
    ch, cw = crop.shape
    inner = size - 4
    s = inner / max(ch, cw)
    nh, nw = max(1, round(ch * s)), max(1, round(cw * s))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA)
    out = np.zeros((size, size), np.float32)
    y0, x0 = (size - nh) // 2, (size - nw) // 2
    out[y0: y0 + nh, x0: x0 + nw] = small
    return out


_HOG = None


def _hog(size: int) -> cv2.HOGDescriptor:
    global _HOG
    if _HOG is None or _HOG.winSize != (size, size):
        c = size // 4
        _HOG = cv2.HOGDescriptor((size, size), (2 * c, 2 * c), (c, c), (c, c), 9)
    return _HOG


def features(glyph: np.ndarray) -> np.ndarray:
    """(S, S) float glyph -> 1-D float32 features: HOG, an 8x8 thumbnail and the ink share."""
    size = glyph.shape[0]
    u8 = (glyph * 255).astype(np.uint8)
    hog = np.asarray(_hog(size).compute(u8)).ravel()
    thumb = cv2.resize(glyph, (8, 8), interpolation=cv2.INTER_AREA).ravel()
    return np.concatenate([hog, thumb, [glyph.mean()]]).astype(np.float32)
