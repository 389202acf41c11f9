"""A simulated phone photo of a printed sheet, and locating the sheet again by its markers."""

from __future__ import annotations

import cv2
import numpy as np

from companion.layout.sheets import SheetLayout


def photograph(render: np.ndarray, dpi: float, seed: int = 7
               ) -> tuple[np.ndarray, np.ndarray]:
    """Warp a page render as a tilted camera would; returns (photo, mm -> photo homography)."""
    rng = np.random.default_rng(seed)
    h, w = render.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    # a keystone: the far edge shrinks, the page turns a little and sits off-centre
    out_w, out_h = int(w * 1.25), int(h * 1.2)
    dst = np.float32([[0.16 * w, 0.10 * h], [1.02 * w, 0.05 * h],
                      [1.14 * w, 1.10 * h], [0.06 * w, 1.04 * h]])
    px = cv2.getPerspectiveTransform(src, dst)
    photo = cv2.warpPerspective(render, px, (out_w, out_h), flags=cv2.INTER_LINEAR,
                                borderValue=(90, 85, 80))
    photo = cv2.GaussianBlur(photo, (3, 3), 0.8)
    noise = rng.normal(0, 4, photo.shape)
    photo = np.clip(photo.astype(np.float64) + noise, 0, 255).astype(np.uint8)
    scale = np.diag([dpi / 25.4, dpi / 25.4, 1.0])
    return photo, px @ scale


def locate(photo: np.ndarray, sheet: SheetLayout) -> tuple[np.ndarray, list[int]]:
    """The photo -> sheet mm homography fitted to the detected markers, and their ids."""
    gray = cv2.cvtColor(photo, cv2.COLOR_RGB2GRAY)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, sheet.dictionary))
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    corners, ids, _ = cv2.aruco.ArucoDetector(dictionary, params).detectMarkers(gray)
    if ids is None:
        raise AssertionError("no markers found")
    known = sheet.marker_points()
    img_pts, mm_pts, found = [], [], []
    for quad, mid in zip(corners, ids.ravel(), strict=True):
        if int(mid) in known:
            found.append(int(mid))
            img_pts.extend(quad.reshape(4, 2))
            mm_pts.extend(known[int(mid)])
    if len(found) < 4:
        raise AssertionError(f"only {len(found)} of the sheet's markers found: {found}")
    h, _ = cv2.findHomography(np.float32(img_pts), np.float32(mm_pts), 0)
    return h, sorted(found)


def apply(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Points (n x 2) through a homography."""
    return cv2.perspectiveTransform(np.float32(pts).reshape(-1, 1, 2), h).reshape(-1, 2)


def rectify(photo: np.ndarray, photo_to_mm: np.ndarray, sheet: SheetLayout,
            px_per_mm: float) -> np.ndarray:
    """The photo resampled into sheet coordinates at ``px_per_mm``."""
    scale = np.diag([px_per_mm, px_per_mm, 1.0])
    size = (int(sheet.width * px_per_mm), int(sheet.height * px_per_mm))
    return cv2.warpPerspective(photo, scale @ photo_to_mm, size, flags=cv2.INTER_LINEAR)
