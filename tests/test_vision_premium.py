"""Fitting a commercial board's premium layout (:mod:`vision.premium`): bounded work."""

from __future__ import annotations

import numpy as np

import vision.premium as premium
from vision.boards import board_spec
from vision.config import VisionConfig

PREMIUM = VisionConfig().premium


def _dots(side: int) -> premium.Blobs:
    """``side`` x ``side`` blobs 10 pixels apart, the families alternating: a polka-dot
    cloth, each dot the size a premium square 10 pixels apart would show."""
    ys, xs = np.mgrid[0:side, 0:side]
    centres = np.stack([xs.ravel(), ys.ravel()], axis=1) * 10.0 + 20.0
    family = np.where((xs + ys).ravel() % 2 == 0, premium.WORD, premium.LETTER)
    return premium.Blobs(centres, family.astype(np.int8),
                         np.full(len(centres), 10.0 * PREMIUM.side_share), 1.0)


def test_far_more_blobs_than_a_board_has_premium_squares_are_not_fitted(monkeypatch):
    """Every hypothesis is judged against every blob, and every blob's distance to every
    other is measured: a photo of a polka-dot cloth showed 5,874 blobs, which made 332,272
    hypotheses, 2 billion judgements in arrays of 16 GB each. Far more blobs than the
    layout's 61 premium squares are no board's print: no grid is fitted to them, and
    nothing is judged."""
    judged: list[tuple[int, int]] = []

    def counted(cfg, hyps, squares, pts, fam):
        judged.append((len(hyps.a), len(pts)))
        return np.zeros(len(hyps.a))

    monkeypatch.setattr(premium, "_local_scores", counted)
    spec = board_spec("bugwords")
    assert premium.fit_layout(PREMIUM, _dots(40), spec.squares, (1000, 1000)) is None
    assert all(blobs <= PREMIUM.max_blobs for _, blobs in judged), judged
    # as many blobs as the layout's squares are still judged
    premium.fit_layout(PREMIUM, _dots(8), spec.squares, (1000, 1000))
    assert judged and judged[-1][1] == 64
