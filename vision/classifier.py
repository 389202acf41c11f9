"""The tile-letter classifier: a small OpenCV MLP on glyph features, shipped in ``data/``.

Rebuild it with ``python scripts/train_tile_model.py`` (see :mod:`synthetic.training`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import cv2
import numpy as np

from vision.errors import NotSetUp

NO_LETTER = "*"  # the centre star or any mark that is not a letter
HAND_PREFIX = "hand"  # the hand-writing model: hand-model.yml.gz / hand-model.json
TURN_PREFIX = "turn"  # the turned-letter model: turn-model.yml.gz / turn-model.json
UPRIGHT, TURNED = "^", "~"  # its classes: a mark as it stands, a letter turned over


@dataclass(frozen=True)
class Guess:
    """A classifier answer: the best label, its confidence and the runners-up."""

    letter: str | None
    confidence: float
    alternatives: tuple[tuple[str, float], ...]


class TileClassifier:
    """Letters from normalised glyph features (see :func:`vision.glyph.features`)."""

    def __init__(self, mlp: cv2.ml.ANN_MLP, classes: list[str], temperature: float) -> None:
        self.mlp = mlp
        self.classes = classes
        self.temperature = temperature

    @classmethod
    def load(cls, folder: str | Path | None = None, prefix: str = "tile") -> TileClassifier:
        """The shipped model (or the one saved in ``folder``); ``prefix`` "hand" for the
        hand-writing one."""
        base = Path(folder) if folder else Path(str(resources.files("vision") / "data"))
        model, meta = base / f"{prefix}-model.yml.gz", base / f"{prefix}-model.json"
        if not model.is_file() or not meta.is_file():
            raise NotSetUp(f"the tile model is missing from {base}: rebuild it with "
                           "'python scripts/train_tile_model.py'")
        info = json.loads(meta.read_text())
        mlp = cv2.ml.ANN_MLP_load(str(model))  # type: ignore[attr-defined]  # not in cv2's stubs
        return cls(mlp, info["classes"], float(info.get("temperature", 3.0)))

    def save(self, folder: str | Path, meta: dict, prefix: str = "tile") -> None:
        base = Path(folder)
        base.mkdir(parents=True, exist_ok=True)
        self.mlp.save(str(base / f"{prefix}-model.yml.gz"))
        info = {"classes": self.classes, "temperature": self.temperature, **meta}
        (base / f"{prefix}-model.json").write_text(json.dumps(info, indent=1, sort_keys=True)
                                                   + "\n")

    def probabilities(self, feats: np.ndarray, allowed: tuple[str, ...] | None = None
                      ) -> np.ndarray:
        """(N, D) features -> (N, K) probabilities over :attr:`classes` (others zeroed)."""
        if len(feats) == 0:
            return np.zeros((0, len(self.classes)), np.float32)
        _, out = self.mlp.predict(np.asarray(feats, np.float32))
        z = out * self.temperature
        if allowed is not None:
            keep = np.array([c in allowed or c == NO_LETTER for c in self.classes])
            z[:, ~keep] = -1e9
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=1, keepdims=True)

    def turned_over(self, feats: np.ndarray) -> np.ndarray:
        """(N, D) features -> (N,) how likely each glyph is a letter turned over (the turned
        model's answer; zeros from a model without that class)."""
        if len(feats) == 0 or TURNED not in self.classes:
            return np.zeros(len(feats), np.float32)
        return self.probabilities(feats)[:, self.classes.index(TURNED)]

    def guesses(self, feats: np.ndarray, allowed: tuple[str, ...] | None = None,
                keep: int = 3) -> list[Guess]:
        """The best label per row, with up to ``keep`` alternatives."""
        out = []
        for row in self.probabilities(feats, allowed):
            order = np.argsort(-row)
            best = self.classes[order[0]]
            alts = tuple((self.classes[i], float(row[i])) for i in order[1: keep + 1])
            out.append(Guess(None if best == NO_LETTER else best, float(row[order[0]]), alts))
        return out


@cache
def shipped_classifier() -> TileClassifier:
    return TileClassifier.load()


@cache
def hand_classifier() -> TileClassifier:
    """The hand-writing model for Girdle sheets."""
    return TileClassifier.load(prefix=HAND_PREFIX)


@cache
def turn_classifier() -> TileClassifier:
    """The model that tells a tile letter as it stands from one turned a quarter, half or
    three quarters over: it decides which way up a board is when the point values do not."""
    return TileClassifier.load(prefix=TURN_PREFIX)
