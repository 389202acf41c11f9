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


def board_outline(cfg: LocateConfig, image: np.ndarray) -> np.ndarray:
    """The board's outer outline in a BGR photo: (4, 2) float32 corners TL, TR, BR, BL.

    Raises :class:`VisionError` when no large four-sided outline is found.
    """
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    gray = cv2.GaussianBlur(gray, (5, 5), 0)
    area_min = cfg.min_board_fraction * gray.shape[0] * gray.shape[1]
    best = None
    for lo, hi in ((30, 90), (60, 160)):
        edges = cv2.Canny(gray, lo, hi)
        edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
        contours, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for cnt in sorted(contours, key=cv2.contourArea, reverse=True)[:5]:
            hull = cv2.convexHull(cnt)
            if cv2.contourArea(hull) < area_min:
                break
            quad = _quad(hull, cfg.approx_epsilon)
            if quad is not None and (best is None or cv2.contourArea(quad) > cv2.contourArea(best)):
                best = quad
        if best is not None:
            break
    if best is None:
        raise VisionError("no board outline found: photograph the whole board, filling most of "
                          "the picture, against a plainer background")
    return order_corners(best.reshape(4, 2))


def _quad(hull: np.ndarray, eps: float) -> np.ndarray | None:
    peri = cv2.arcLength(hull, True)
    for k in (1, 1.5, 2, 3, 4):
        approx = cv2.approxPolyDP(hull, eps * k * peri, True)
        if len(approx) == 4 and cv2.isContourConvex(approx):
            return approx.astype(np.float32)
        if len(approx) < 4:
            return None
    return None


def grid_lines(profile: np.ndarray, n: int, min_span: float) -> tuple[float, float]:
    """The offset and pitch of ``n + 1`` evenly spaced lines that best match an edge profile.

    ``profile`` (L,) is edge strength along one axis; the lines span at least ``min_span * L``.
    """
    length = len(profile)
    prof = np.maximum.reduce([np.roll(profile, k) for k in (-1, 0, 1)])
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
    return best[1], best[2]


def locate_by_outline(cfg: LocateConfig, image: np.ndarray, rows: int, cols: int) -> Located:
    """A board without markers: its outline, then its grid lines inside the outline."""
    outline = board_outline(cfg, image)
    n = cfg.outline_px
    square = np.float32([[0, 0], [n, 0], [n, n], [0, n]])
    to_square = cv2.getPerspectiveTransform(outline, square)
    flat = cv2.warpPerspective(image, to_square, (n, n))
    gray = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx = np.abs(cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3))
    x0, px = grid_lines(np.median(gx, axis=0) + gx.mean(axis=0), cols, cfg.grid_search_min)
    y0, py = grid_lines(np.median(gy, axis=1) + gy.mean(axis=1), rows, cfg.grid_search_min)
    grid_sq = np.float32([[x0, y0], [x0 + cols * px, y0], [x0 + cols * px, y0 + rows * py],
                          [x0, y0 + rows * py]])
    corners = cv2.perspectiveTransform(grid_sq.reshape(-1, 1, 2), np.linalg.inv(to_square))
    return _located(cfg, corners.reshape(4, 2), rows, cols, "outline")


def _located(cfg: LocateConfig, corners: np.ndarray, rows: int, cols: int,
             method: str) -> Located:
    w, h = cols * cfg.cell_px, rows * cfg.cell_px
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    hom = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    return Located(np.asarray(corners, np.float32), hom, (w, h), method)


def warp(image: np.ndarray, located: Located) -> np.ndarray:
    """The canonical image of the grid: (rows * cell_px, cols * cell_px, 3)."""
    return cv2.warpPerspective(image, located.homography, located.size, flags=cv2.INTER_AREA)
