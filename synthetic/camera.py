"""Realistic synthetic photos with ground truth: a flat image (board, sheet) placed on a table
and photographed at an angle, with uneven light, a shadow, blur, sensor noise and JPEG.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Camera:
    """How the synthetic photo is taken (angles in degrees)."""

    width: int = 4000                 # 12 megapixels at 4000 x 3000
    height: int = 3000
    max_tilt: float = 35.0            # camera axis away from the board's normal
    max_rotation: float = 20.0        # board turned in the image plane
    fill: tuple[float, float] = (0.55, 0.8)   # board's larger side / image's smaller side
    max_blur: float = 1.6             # Gaussian sigma at 12 MP
    noise: tuple[float, float] = (2.0, 6.0)   # sensor noise sigma (grey levels)
    jpeg_quality: tuple[int, int] = (72, 92)
    light_gradient: float = 0.35      # brightness falls by up to this share across the frame
    shadow: float = 0.35              # a soft shadow darkens by up to this share
    home: bool = False                # carpet or a patterned cloth with glare, warm dim light
                                      # with vignetting


def project_corners(size: tuple[int, int], cam: Camera, rng: np.random.Generator) -> np.ndarray:
    """Where a flat (w, h) image's corners land in the photo: (4, 2) float32 TL, TR, BR, BL."""
    w, h = size
    tilt = np.radians(rng.uniform(0, cam.max_tilt))
    direction = rng.uniform(0, 2 * np.pi)
    pts = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0],
                    [-w / 2, h / 2, 0]], np.float64)
    ax = np.array([np.cos(direction), np.sin(direction), 0.0])
    rot, _ = cv2.Rodrigues(ax * tilt)
    spin = np.radians(rng.uniform(-cam.max_rotation, cam.max_rotation))
    rz, _ = cv2.Rodrigues(np.array([0, 0, spin]))
    p3 = pts @ (rz @ rot).T
    dist = 1.6 * max(w, h)
    f = dist
    z = p3[:, 2] + dist
    proj = np.stack([f * p3[:, 0] / z, f * p3[:, 1] / z], axis=1)
    span = proj.max(0) - proj.min(0)
    target = rng.uniform(*cam.fill) * min(cam.width, cam.height)
    s = target / max(span)
    proj = (proj - proj.min(0)) * s
    span = proj.max(0)
    room = np.array([cam.width, cam.height]) - span
    off = np.array([rng.uniform(0.1, 0.9) * room[0], rng.uniform(0.1, 0.9) * room[1]])
    return (proj + off).astype(np.float32)


def table_background(cam: Camera, rng: np.random.Generator) -> np.ndarray:
    """A wood-ish or cloth-ish table top: (H, W, 3) uint8 BGR (with ``cam.home``, a carpet or
    a patterned cloth)."""
    h, w = cam.height, cam.width
    if cam.home:
        return _home_floor(cam, rng)
    base = np.array(rng.choice([[70, 110, 150], [50, 80, 120], [120, 120, 115],
                                [60, 95, 60], [170, 175, 180]]), np.float32)
    small = rng.normal(0, 1, (h // 16 + 1, w // 64 + 1)).astype(np.float32)
    grain = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)[:, :, None]
    img = base[None, None, :] * (1 + 0.08 * grain)
    return np.clip(img, 0, 255).astype(np.uint8)


def _home_floor(cam: Camera, rng: np.random.Generator) -> np.ndarray:
    """A beige carpet (fine, busy texture) or a pale cloth with a dark flower pattern and a
    streak of glare: (H, W, 3) uint8 BGR."""
    h, w = cam.height, cam.width
    if rng.random() < 0.5:
        base = np.array([120, 140, 160], np.float32) * rng.uniform(0.8, 1.1)
        fine = rng.normal(0, 1, (h // 4 + 1, w // 4 + 1)).astype(np.float32)
        fine = cv2.resize(fine, (w, h), interpolation=cv2.INTER_LINEAR)[:, :, None]
        return np.clip(base * (1 + 0.18 * fine), 0, 255).astype(np.uint8)
    img = np.full((h, w, 3), rng.uniform(200, 235), np.float32)
    img *= np.array([0.9, 0.97, 1.0], np.float32)
    for _ in range(int(rng.integers(20, 60))):
        cx, cy = int(rng.integers(0, w)), int(rng.integers(0, h))
        r = int(rng.uniform(0.005, 0.02) * w)
        colour = tuple(float(v) for v in rng.uniform(30, 120, 3))
        cv2.ellipse(img, (cx, cy), (r, r // 2), float(rng.uniform(0, 180)), 0, 360, colour, -1)
    glare = np.zeros((h, w), np.float32)
    cv2.ellipse(glare, (int(rng.integers(0, w)), int(rng.integers(0, h))),
                (w // 4, h // 12), float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    glare = blur_spot(glare, w * 0.02)
    img = img + 60 * glare[:, :, None]
    return np.clip(img, 0, 255).astype(np.uint8)


def blur_spot(spot: np.ndarray, sigma: float) -> np.ndarray:
    """``cv2.GaussianBlur(spot, (0, 0), sigma)`` of a float32 image that is zero but for a
    patch, to the last bit, the blur run only round the patch (a wide glare, 80 pixels,
    blurred over a whole 12-megapixel frame took seconds). The patch keeps more than the
    kernel's reach of zeros on each side, so each sum takes the same values as in the whole
    image (the zeros, and the border reflected off them, add nothing), and everything further
    off stays zero; its left edge keeps the whole image's alignment to 64 pixels, so each
    column is worked in the same lane of the vector code as in the whole image."""
    ys, xs = np.nonzero(spot)
    if not len(ys):
        return np.zeros_like(spot)
    margin = int(np.ceil(4 * sigma)) + 64  # past OpenCV's reach for a float image, 4 sigma
    h, w = spot.shape[:2]
    y0, y1 = max(0, int(ys.min()) - margin), min(h, int(ys.max()) + 1 + margin)
    x0, x1 = max(0, int(xs.min()) - margin) // 64 * 64, min(w, int(xs.max()) + 1 + margin)
    out = np.zeros_like(spot)
    out[y0:y1, x0:x1] = cv2.GaussianBlur(np.ascontiguousarray(spot[y0:y1, x0:x1]), (0, 0),
                                         sigma)
    return out


def photograph(flat: np.ndarray, cam: Camera, rng: np.random.Generator,
               points: np.ndarray | None = None) -> tuple[bytes, np.ndarray, np.ndarray]:
    """Photograph a flat BGR image. Returns JPEG bytes, the 3x3 homography flat->photo and
    ``points`` (N, 2) mapped into the photo (empty if none given).
    """
    h, w = flat.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = project_corners((w, h), cam, rng)
    hom = cv2.getPerspectiveTransform(src, dst)
    photo = table_background(cam, rng)
    cv2.warpPerspective(flat, hom, (cam.width, cam.height), dst=photo,
                        borderMode=cv2.BORDER_TRANSPARENT, flags=cv2.INTER_LINEAR)
    photo = _light(photo, cam, rng)
    sigma = rng.uniform(0.3, cam.max_blur)
    photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    noise = rng.normal(0, rng.uniform(*cam.noise), photo.shape[:2]).astype(np.float32)
    photo = np.clip(photo.astype(np.float32) + noise[:, :, None], 0, 255).astype(np.uint8)
    q = int(rng.integers(cam.jpeg_quality[0], cam.jpeg_quality[1] + 1))
    ok, buf = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, q])
    assert ok
    mapped = np.empty((0, 2), np.float32)
    if points is not None and len(points):
        mapped = cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float32), hom)
        mapped = mapped.reshape(-1, 2)
    return buf.tobytes(), hom, mapped


def _light(photo: np.ndarray, cam: Camera, rng: np.random.Generator) -> np.ndarray:
    """Uneven light: a linear fall-off, a warm/cool tint and one soft-edged shadow."""
    h, w = photo.shape[:2]
    sh, sw = h // 8, w // 8
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    ramp = (np.cos(a) * xx / sw + np.sin(a) * yy / sh)
    ramp = (ramp - ramp.min()) / max(1e-6, np.ptp(ramp))
    gain = 1.0 - cam.light_gradient * rng.uniform(0.3, 1.0) * ramp
    if cam.shadow > 0:
        mask = np.zeros((sh, sw), np.float32)
        cx, cy = rng.uniform(0, sw), rng.uniform(0, sh)
        r = rng.uniform(0.15, 0.4) * sw
        pts = np.array([[cx + r * np.cos(t) * rng.uniform(0.6, 1.4),
                         cy + r * np.sin(t) * rng.uniform(0.6, 1.4)]
                        for t in np.linspace(0, 2 * np.pi, 7, endpoint=False)], np.int32)
        cv2.fillPoly(mask, [pts], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), sw * 0.02)
        gain *= 1.0 - cam.shadow * rng.uniform(0.4, 1.0) * mask
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    tint = rng.uniform(0.92, 1.05, 3).astype(np.float32)
    if cam.home:  # warm, dim evening light, darker toward the corners
        xx = np.arange(w, dtype=np.float32)[None, :]  # a row and a column, not a full grid
        yy = np.arange(h, dtype=np.float32)[:, None]
        r2 = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2
        gain = gain * (1 - 0.25 * rng.uniform(0.5, 1.0) * np.clip(r2 / 2, 0, 1))
        tint = np.array([0.72, 0.88, 1.0], np.float32) * rng.uniform(0.6, 0.9)
    out = photo.astype(np.float32) * gain[:, :, None] * tint[None, None, :]
    return np.clip(out, 0, 255).astype(np.uint8)


def smear_kernel(length: int, degrees: float) -> np.ndarray:
    """The kernel of a phone moving ``length`` pixels along a line ``degrees`` from level while
    the photo is taken (for ``cv2.filter2D``): a motion blur."""
    line = np.zeros((length, length), np.float32)
    line[length // 2, :] = 1.0
    turn = cv2.getRotationMatrix2D((length // 2, length // 2), degrees, 1.0)
    line = cv2.warpAffine(line, turn, (length, length))
    return line / line.sum()


def lamp_glare(image: np.ndarray, strength: float, width: float = 0.2,
               at: tuple[float, float] = (0.6, 0.42)) -> np.ndarray:
    """A lamp's glare on a BGR photo: a soft spot (a Gaussian ``width`` of the short side
    wide) washed toward white, ``strength`` of the way at its middle, ``at`` (shares of the
    photo's width and height: by default a little above right of the photo's middle)."""
    h, w = image.shape[:2]
    y, x = np.ogrid[:h, :w]
    r2 = ((x - at[0] * w) ** 2 + (y - at[1] * h) ** 2) / (width * min(h, w)) ** 2
    g = (strength * np.exp(-r2 / 2))[..., None]
    return np.clip(image * (1 - g) + 255.0 * g, 0, 255).astype(np.uint8)
