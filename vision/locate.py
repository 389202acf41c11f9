"""Finding the board in a photo and warping it to a canonical, square-celled image.

A located board is a 3x3 homography from photo pixels to canonical pixels, where the grid
occupies ``(cols * cell_px, rows * cell_px)`` exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.config import LocateConfig
from vision.errors import VisionError


@dataclass(frozen=True)
class Located:
    """Where the grid is: its corners in the photo (4, 2) TL, TR, BR, BL, and the warp."""

    corners: np.ndarray
    homography: np.ndarray  # photo -> canonical
    size: tuple[int, int]   # canonical (width, height)
    method: str


def order_corners(pts: np.ndarray) -> np.ndarray:
    """Four points (4, 2) in the order top-left, top-right, bottom-right, bottom-left."""
    pts = np.asarray(pts, np.float32).reshape(4, 2)
    c = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(ang)]  # clockwise in image coordinates, starting near -180 degrees
    start = int(np.argmin(pts.sum(axis=1)))
    return np.roll(pts, -start, axis=0)


def outline_candidates(cfg: LocateConfig, image: np.ndarray) -> list[np.ndarray]:
    """Large four-sided outlines in a BGR photo, each (4, 2) float32 TL, TR, BR, BL: from edges
    found at several strengths (a shadow can weaken one side) and from a brightness split.
    The photo's own frame is not a board's outline.

    Raises :class:`VisionError` when there is none.
    """
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    gray = cv2.GaussianBlur(gray, (5, 5), 0)
    area_min = cfg.min_board_fraction * gray.shape[0] * gray.shape[1]
    masks = []
    for lo, hi in ((30, 90), (60, 160), (12, 36)):
        masks.append(cv2.dilate(cv2.Canny(gray, lo, hi), np.ones((3, 3), np.uint8)))
    masks.append(cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[1])
    if image.ndim == 3:  # a board whose edge differs from the table in colour, not brightness
        chans = cv2.split(cv2.GaussianBlur(image, (5, 5), 0))
        colour = np.maximum.reduce([cv2.Canny(ch, 30, 90) for ch in chans])
        masks.append(cv2.dilate(colour, np.ones((3, 3), np.uint8)))
    found: list[np.ndarray] = []
    for mask in masks:
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for cnt in sorted(contours, key=cv2.contourArea, reverse=True)[:3]:
            hull = cv2.convexHull(cnt)
            if cv2.contourArea(hull) < area_min:
                break
            quad = _quad(hull, cfg.approx_epsilon)
            if quad is None:
                continue
            quad = order_corners(_refine(quad.reshape(4, 2),
                                         cnt.reshape(-1, 2).astype(np.float32)))
            h, w = gray.shape
            inside = (quad[:, 0].min() > 2 and quad[:, 1].min() > 2
                      and quad[:, 0].max() < w - 3 and quad[:, 1].max() < h - 3)
            if inside and all(np.max(np.abs(quad - q)) > 4 for q in found):
                found.append(quad)
    if not found:
        raise VisionError("no board outline found: photograph the whole board, filling most of "
                          "the picture, against a plainer background")
    return found


def _quad(hull: np.ndarray, eps: float) -> np.ndarray | None:
    peri = cv2.arcLength(hull, True)
    for k in (1, 1.5, 2, 3, 4):
        approx = cv2.approxPolyDP(hull, eps * k * peri, True)
        if len(approx) == 4 and cv2.isContourConvex(approx):
            return approx.astype(np.float32)
        if len(approx) < 4:
            return None
    return None


def _refine(quad: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Corners as the crossings of lines fitted to the outline points along each side."""
    quad = order_corners(quad)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = b - a
        n = np.linalg.norm(d)
        if n < 1:
            return quad
        t = ((points - a) @ d) / n**2
        rel = points - a
        dist = np.abs(d[0] * rel[:, 1] - d[1] * rel[:, 0]) / n
        near = points[(dist < 0.02 * n) & (t > 0.1) & (t < 0.9)]
        if len(near) < 5:
            return quad
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    out = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        m = np.array([d1, -d2]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return quad
        t = np.linalg.solve(m, p2 - p1)
        out.append(p1 + t[0] * d1)
    refined = np.array(out, np.float32)
    if np.max(np.linalg.norm(refined - quad, axis=1)) > 0.05 * cv2.arcLength(quad, True):
        return quad  # the fit went astray; keep the polygon's corners
    return refined


def grid_lines(profile: np.ndarray, n: int, min_span: float) -> tuple[float, float, float]:
    """The offset and pitch of ``n + 1`` evenly spaced lines that best match an edge profile,
    and how well they match (edge strength on the lines over the profile's mean).

    ``profile`` (L,) is edge strength along one axis; the lines span at least ``min_span * L``.
    """
    length = len(profile)
    prof = np.maximum.reduce([np.roll(profile, k) for k in (-1, 0, 1)])
    edge = max(2, round(0.015 * length))  # the outline itself is no grid line
    prof[:edge] = 0
    prof[-edge:] = 0
    best = (-1.0, 0.0, length / n)
    for pitch in np.arange(min_span * length / n, length / n + 1e-6, 0.25):
        offsets = np.arange(0, length - n * pitch, 0.5)
        if len(offsets) == 0:
            offsets = np.array([0.0])
        pos = offsets[:, None] + pitch * np.arange(n + 1)[None, :]
        idx = np.clip(np.round(pos).astype(int), 0, length - 1)
        score = prof[idx].sum(axis=1) / (n + 1)
        i = int(np.argmax(score))
        if score[i] > best[0]:
            best = (float(score[i]), float(offsets[i]), float(pitch))
    return best[1], best[2], best[0] / max(1e-6, float(profile.mean()))


def centred_lines(profile: np.ndarray, offset: float, pitch: float, n: int, reach: float,
                  rounds: int = 2) -> tuple[float, float]:
    """The offset and pitch of a grid's ``n + 1`` lines (as :func:`grid_lines` found them in
    the edge ``profile``) moved onto each line's middle. A thin line's two edges lie close
    either side of it, but a blur spreads them apart, and a smear more (a phone that moved 17
    pixels puts them 17 pixels apart): the lines found on one of them lie half that off.

    The profile is taken ``reach`` of a pitch either side of each inner line (the outer ones
    have the frame beside them) and the takes averaged into one line's edges (a letter or a
    tile's point value beside one line is not beside the others); each line is put where its
    own take best matches the average and the lines' places fitted by a straight line, over
    ``rounds`` (a pitch a little off smears the average). Then all are moved onto the middle
    of the average's strong part (over half its peak: the line's own edges), where it best
    matches its mirror image."""
    length = len(profile)
    prof = np.clip(profile.astype(np.float64) - float(np.median(profile)), 0.0, None)
    half = max(2, round(reach * pitch))
    steps = np.arange(-half, half + 1, dtype=np.float64)
    grid = np.arange(length, dtype=np.float64)

    def average(offset: float, pitch: float) -> tuple[list[int], np.ndarray]:
        ks = [k for k in range(1, n) if half <= offset + k * pitch < length - half]
        takes = [np.interp(offset + k * pitch + steps, grid, prof) for k in ks]
        return ks, np.mean(takes, axis=0) if takes else steps * 0

    for _ in range(rounds):
        ks, mean = average(offset, pitch)
        if len(ks) < 2:
            return offset, pitch
        near = np.arange(-round(0.15 * pitch), round(0.15 * pitch) + 1, dtype=np.float64)
        places = []
        for k in ks:
            at = offset + k * pitch
            fit = [float(np.interp(at + d + steps, grid, prof) @ mean) for d in near]
            places.append(at + float(near[int(np.argmax(fit))]))
        fitted_pitch, fitted_offset = np.polyfit(ks, places, 1)
        offset, pitch = float(fitted_offset), float(fitted_pitch)
    _, mean = average(offset, pitch)
    strong = np.clip(mean - mean.max() / 2, 0.0, None)
    shifts = np.arange(-half / 2, half / 2 + 0.25, 0.5)
    mirror = [float(np.interp(c + steps, steps, strong, 0, 0)
                    @ np.interp(c - steps, steps, strong, 0, 0)) for c in shifts]
    return offset + float(shifts[int(np.argmax(mirror))]), pitch


def outline_grids(cfg: LocateConfig, image: np.ndarray, rows: int, cols: int
                  ) -> list[Located]:
    """Every candidate outline whose grid shows, the clearest grid lines first. A grid shows
    when its lines stand out as a whole (``min_grid_contrast``) and one by one: at least
    ``min_lines_seen`` of its inner lines each way (a sheet's few strong rules and boxes can
    line up with a few of a grid's lines, never with most of them).

    Raises :class:`VisionError` when no grid shows.
    """
    scored = [_grid_in(cfg, image, outline, rows, cols)
              for outline in outline_candidates(cfg, image)]
    shown = [(contrast, corners) for contrast, seen, corners in scored
             if contrast >= cfg.min_grid_contrast and seen >= cfg.min_lines_seen]
    if not shown:
        raise VisionError(f"a board outline was found but not its {rows}x{cols} grid lines: "
                          "photograph the whole board, in focus and evenly lit (and check the "
                          "photo shows this game's board)")
    shown.sort(key=lambda s: -s[0])
    return [_located(cfg, corners, rows, cols, "outline") for _, corners in shown]


def lines_seen(profile: np.ndarray, offset: float, pitch: float, n: int, edge: float
               ) -> float:
    """The share of the ``n - 1`` inner lines of a grid (``offset``, ``pitch``, as
    :func:`grid_lines` finds it) whose edge strength in ``profile`` is at least ``edge`` times
    the profile's mean."""
    if n < 2:
        return 1.0
    prof = np.maximum.reduce([np.roll(profile, k) for k in (-1, 0, 1)])
    pos = np.clip(np.round(offset + pitch * np.arange(1, n)).astype(int), 0, len(prof) - 1)
    return float(np.mean(prof[pos] >= edge * max(1e-6, float(profile.mean()))))


def _grid_in(cfg: LocateConfig, image: np.ndarray, outline: np.ndarray, rows: int, cols: int
             ) -> tuple[float, float, np.ndarray]:
    """How clearly a grid shows inside ``outline`` (its lines' contrast, and the share of its
    inner lines seen, the smaller of the two ways), and the grid's corners in the photo."""
    n = cfg.outline_px
    square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    to_square = cv2.getPerspectiveTransform(outline, square)
    flat = cv2.warpPerspective(image, to_square, (n, n))
    gray = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx = np.abs(cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3))
    across = np.median(gx, axis=0) + gx.mean(axis=0)
    down = np.median(gy, axis=1) + gy.mean(axis=1)
    x0, px, sx = grid_lines(across, cols, cfg.grid_search_min)
    y0, py, sy = grid_lines(down, rows, cfg.grid_search_min)
    seen = min(lines_seen(across, x0, px, cols, cfg.line_edge),
               lines_seen(down, y0, py, rows, cfg.line_edge))
    x0, px = centred_lines(across, x0, px, cols, cfg.line_reach)
    y0, py = centred_lines(down, y0, py, rows, cfg.line_reach)
    grid_sq = np.array([[x0, y0], [x0 + cols * px, y0], [x0 + cols * px, y0 + rows * py],
                          [x0, y0 + rows * py]], np.float32)
    corners = cv2.perspectiveTransform(grid_sq.reshape(-1, 1, 2), np.linalg.inv(to_square))
    return min(sx, sy), seen, corners.reshape(4, 2)


def _located(cfg: LocateConfig, corners: np.ndarray, rows: int, cols: int,
             method: str) -> Located:
    w, h = cols * cfg.cell_px, rows * cfg.cell_px
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    hom = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    return Located(np.asarray(corners, np.float32), hom, (w, h), method)


def warp(image: np.ndarray, located: Located) -> np.ndarray:
    """The canonical image of the grid: (rows * cell_px, cols * cell_px, 3)."""
    return cv2.warpPerspective(image, located.homography, located.size, flags=cv2.INTER_AREA)
