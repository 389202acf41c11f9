"""Locating the companion's own boards and sheets by their printed ArUco markers."""

from __future__ import annotations

import numpy as np

from vision.boards import BoardSpec
from vision.config import LocateConfig
from vision.locate import Located


def try_locate(cfg: LocateConfig, image: np.ndarray, spec: BoardSpec) -> Located | None:
    """The grid located by markers, or ``None`` when the board carries no markers."""
    return None
