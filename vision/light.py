""""Check the light": glare, shadow, darkness and blur on a test photo, before a game."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.config import LightConfig


@dataclass
class LightReport:
    """Measured figures and the warnings they raise (empty: the light is fine)."""

    glare: float        # share of clipped-white pixels
    shadow: float       # darkest / brightest region brightness (1 = even)
    sharpness: float    # variance of the Laplacian at 1000 px
    brightness: float   # mean grey level
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.warnings

    def to_dict(self) -> dict:
        return {"ok": self.ok, "glare": round(self.glare, 4), "shadow": round(self.shadow, 3),
                "sharpness": round(self.sharpness, 1), "brightness": round(self.brightness, 1),
                "warnings": self.warnings}


def check_light(cfg: LightConfig, image: np.ndarray, region: np.ndarray | None = None
                ) -> LightReport:
    """Judge a BGR photo (H, W, 3); ``region`` (4, 2) limits it to the board's corners."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if region is not None:
        mask = np.zeros_like(gray)
        cv2.fillConvexPoly(mask, np.asarray(region, np.int32), 255)
        x, y, w, h = cv2.boundingRect(np.asarray(region, np.int32))
        gray, mask = gray[y: y + h, x: x + w], mask[y: y + h, x: x + w]
    else:
        mask = np.full_like(gray, 255)
    scale = 1000 / max(gray.shape)
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    smask = cv2.resize(mask, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_NEAREST)
    inside = smask > 0
    vals = small[inside]
    glare = float(np.mean(vals >= 250))
    brightness = float(vals.mean())
    lap = cv2.Laplacian(small, cv2.CV_64F)
    sharpness = float(lap[inside].var())
    blocks = cv2.resize(small, (8, 8), interpolation=cv2.INTER_AREA).astype(np.float32)
    bmask = cv2.resize(smask, (8, 8), interpolation=cv2.INTER_AREA) > 250
    b = blocks[bmask] if bmask.any() else blocks.ravel()
    shadow = float(b.min() / max(1.0, b.max()))
    warnings = []
    if glare > cfg.glare_fraction:
        warnings.append(f"glare: {glare:.1%} of the board is washed out; move the light or "
                        "tilt the board away from reflections")
    if shadow < cfg.shadow_ratio:
        warnings.append(f"shadow: the darkest part is {shadow:.0%} as bright as the brightest; "
                        "light the board evenly and keep your own shadow off it")
    if brightness < cfg.min_brightness:
        warnings.append("too dark: add light or move nearer a window")
    if sharpness < cfg.min_sharpness:
        warnings.append("blurred: hold the phone steady and let it focus on the board")
    return LightReport(glare, shadow, sharpness, brightness, warnings)
