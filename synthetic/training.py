"""Building the tile classifier's training set and fitting the model.

Glyphs come from renders of the tile fonts (every letter, many distortions) and from the real
camera samples in ``vision/data/tile-samples`` (MIT licence beside them); both go through the
same glyph extraction as a photo's cells.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import cv2
import numpy as np

from synthetic.fonts import tile_fonts
from synthetic.render import COMMERCIAL, BoardStyle, tile_face
from vision.classifier import NO_LETTER, TURNED, UPRIGHT, TileClassifier
from vision.config import CellConfig
from vision.glyph import features, glyph_from_mask, ink_mask

CLASSES = [chr(ord("A") + i) for i in range(26)] + ["Qu", NO_LETTER]
SAMPLES = "tile-samples"
TURN_CLASSES = [UPRIGHT, TURNED]
# Letters that, turned this many quarter turns, look like themselves or another letter, so are
# not taught as turned: a half turn leaves H I N O S X Z as they are and makes M a W; a quarter
# turn leaves O X, makes N a Z, C a U, E M W one another, and H a serifed I.
LOOK_ALIKE_TURNED = {1: set("CEHMNOUWXZ"), 2: set("HIMNOSWXZ"), 3: set("CEHMNOUWXZ")}


def samples_dir() -> Path:
    return Path(str(resources.files("vision") / "data" / SAMPLES))


def real_samples() -> list[tuple[np.ndarray, str]]:
    """The real binarised crops: (mask (36, 36) bool, label); folder ``0`` is the star."""
    out = []
    for folder in sorted(samples_dir().iterdir()):
        if not folder.is_dir():
            continue
        label = NO_LETTER if folder.name == "0" else folder.name.upper()
        for f in sorted(folder.glob("*.png")):
            img = cv2.imread(str(f), cv2.IMREAD_GRAYSCALE)
            if img is not None:
                out.append((img > 127, label))
    return out


def distort(cell: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A BGR cell as a camera might see it: turned, skewed, blurred, noisy, unevenly lit."""
    h, w = cell.shape[:2]
    j = 0.06 * w
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + rng.uniform(-j, j, (4, 2)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    rot = cv2.getRotationMatrix2D((w / 2, h / 2), rng.uniform(-7, 7), rng.uniform(0.92, 1.08))
    m = np.vstack([rot, [0, 0, 1]]) @ m
    out = cv2.warpPerspective(cell, m, (w, h), borderMode=cv2.BORDER_REPLICATE)
    out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.2, 1.3))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    gain = 1 - rng.uniform(0, 0.35) * (np.cos(a) * xx / w + np.sin(a) * yy / h + 1) / 2
    out = out.astype(np.float32) * gain[:, :, None] * rng.uniform(0.45, 1.05)
    out += rng.normal(0, rng.uniform(1, 7), out.shape[:2])[:, :, None]
    return np.clip(out, 0, 255).astype(np.uint8)


def cell_glyph(cfg: CellConfig, cell: np.ndarray) -> np.ndarray | None:
    """The normalised glyph of a BGR cell crop (inset already applied), or ``None``."""
    gray = cv2.cvtColor(cell, cv2.COLOR_BGR2GRAY) if cell.ndim == 3 else cell
    return glyph_from_mask(cfg, ink_mask(cfg, gray))


def rendered_set(cfg: CellConfig, rng: np.random.Generator, per_font: int = 12,
                 style: BoardStyle = COMMERCIAL) -> tuple[list[np.ndarray], list[str]]:
    """Features and labels from distorted tile renders of every class in every tile font."""
    glyphs = rendered_glyphs(cfg, rng, per_font, style)
    return [features(g) for g, _ in glyphs], [label for _, label in glyphs]


def rendered_glyphs(cfg: CellConfig, rng: np.random.Generator, per_font: int = 12,
                    style: BoardStyle = COMMERCIAL) -> list[tuple[np.ndarray, str]]:
    """Glyphs and labels of distorted tile renders of every class in every tile font."""
    out = []
    for font in tile_fonts():
        for label in CLASSES:
            for _ in range(per_font):
                px = int(rng.integers(36, 80))
                if label == NO_LETTER:
                    cell = star_cell(px)
                else:
                    value = int(rng.integers(0, 11)) if rng.random() < 0.6 else None
                    shift = tuple(rng.uniform(-0.04, 0.04, 2))
                    cell = tile_face(label, px, font, style, value, shift)
                cell = distort(cell, rng)
                k = round(px * cfg.inset)
                g = cell_glyph(cfg, cell[k: px - k, k: px - k])
                if g is not None:
                    out.append((g, label))
    return out


def star_cell(px: int) -> np.ndarray:
    from PIL import Image, ImageDraw

    from synthetic.render import _star

    img = Image.new("RGB", (px, px), COMMERCIAL.square_colour("*"))
    _star(ImageDraw.Draw(img), px / 2, px / 2, px * 0.3, (30, 20, 20))
    return np.asarray(img)[:, :, ::-1].copy()


def sample_set(cfg: CellConfig, samples: list[tuple[np.ndarray, str]], rng: np.random.Generator,
               copies: int = 1) -> tuple[list[np.ndarray], list[str]]:
    """Features of real samples (and ``copies - 1`` slightly turned copies of each)."""
    feats, labels = [], []
    for mask, label in samples:
        for i in range(copies):
            m = mask.astype(np.uint8) * 255
            if i:
                rot = cv2.getRotationMatrix2D((18, 18), rng.uniform(-6, 6), rng.uniform(0.9, 1.1))
                m = cv2.warpAffine(m, rot, (36, 36))
            g = glyph_from_mask(cfg, m > 127, exclude_border=False)
            if g is not None:
                feats.append(features(g))
                labels.append(label)
    return feats, labels


def turn_set(cfg: CellConfig, glyphs: list[tuple[np.ndarray, str]]
             ) -> tuple[list[np.ndarray], list[str]]:
    """Features of marks as they stand (:data:`UPRIGHT`) and of their letters turned a
    quarter, half and three quarters over, as a board read the wrong way up shows them
    (:data:`TURNED`; turns that look like a letter, :data:`LOOK_ALIKE_TURNED`, left out)."""
    feats, labels = [], []
    for g, label in glyphs:
        feats.append(features(g))
        labels.append(UPRIGHT)
        if len(label) != 1 or label == NO_LETTER:
            continue
        for k in (1, 2, 3):
            if label not in LOOK_ALIKE_TURNED[k]:
                feats.append(features(np.rot90(g, k).copy()))
                labels.append(TURNED)
    return feats, labels


def real_glyphs(cfg: CellConfig, samples: list[tuple[np.ndarray, str]]
                ) -> list[tuple[np.ndarray, str]]:
    """The glyphs of real binarised crops, with their labels."""
    out = []
    for mask, label in samples:
        g = glyph_from_mask(cfg, mask, exclude_border=False)
        if g is not None:
            out.append((g, label))
    return out


def fit(feats: list[np.ndarray], labels: list[str], hidden: int = 64,
        iterations: int = 1500, seed: int = 1, classes: list[str] = CLASSES) -> TileClassifier:
    """Train an MLP (one hidden layer) on features and labels."""
    x = np.asarray(feats, np.float32)
    y = np.full((len(labels), len(classes)), -1.0, np.float32)
    for i, lab in enumerate(labels):
        y[i, classes.index(lab)] = 1.0
    cv2.setRNGSeed(seed)
    mlp = cv2.ml.ANN_MLP_create()
    mlp.setLayerSizes(np.array([x.shape[1], hidden, len(classes)]))
    mlp.setActivationFunction(cv2.ml.ANN_MLP_SIGMOID_SYM, 1, 1)
    mlp.setTrainMethod(cv2.ml.ANN_MLP_BACKPROP, 0.001, 0.1)
    mlp.setTermCriteria((cv2.TERM_CRITERIA_MAX_ITER + cv2.TERM_CRITERIA_EPS, iterations, 1e-6))
    mlp.train(cv2.ml.TrainData_create(x, cv2.ml.ROW_SAMPLE, y))
    return TileClassifier(mlp, list(classes), temperature=4.0)


def accuracy(clf: TileClassifier, feats: list[np.ndarray], labels: list[str]) -> float:
    if not feats:
        return float("nan")
    p = clf.probabilities(np.asarray(feats, np.float32))
    pred = [clf.classes[i] for i in p.argmax(axis=1)]
    return float(np.mean([a == b for a, b in zip(pred, labels, strict=True)]))


def split_samples(samples: list[tuple[np.ndarray, str]], every: int = 4
                  ) -> tuple[list[tuple[np.ndarray, str]], list[tuple[np.ndarray, str]]]:
    """Every ``every``-th real sample is held out for testing; the rest train."""
    return ([s for i, s in enumerate(samples) if i % every],
            [s for i, s in enumerate(samples) if i % every == 0])


def build(cfg: CellConfig, seed: int = 7, per_font: int = 16) -> tuple[TileClassifier, dict]:
    """Train the shipped model; returns it and its measured figures."""
    rng = np.random.default_rng(seed)
    train_real, test_real = split_samples(real_samples())
    rf, rl = rendered_set(cfg, rng, per_font)
    sf, sl = sample_set(cfg, train_real, rng, copies=3)
    clf = fit(rf + sf, rl + sl)
    tf, tl = sample_set(cfg, test_real, rng)
    vf, vl = rendered_set(cfg, np.random.default_rng(seed + 1), 2)
    meta = {
        "trained_on": {"renders": len(rl), "real_samples": len(sl)},
        "held_out_real_accuracy": round(accuracy(clf, tf, tl), 4),
        "held_out_real_count": len(tl),
        "fresh_render_accuracy": round(accuracy(clf, vf, vl), 4),
        "fresh_render_count": len(vl),
        "seed": seed,
    }
    return clf, meta


HAND_MODEL = "hand"


def hand_cell(letter: str, px: int, font, rng: np.random.Generator,
              paper: tuple[int, int, int] = (236, 232, 240)) -> np.ndarray:
    """A hand-written capital in a square sheet cell (BGR), in a hand-writing font, with a
    pen line about 4% of the cell wide (0.5 mm in an 11 mm cell)."""
    from PIL import Image, ImageDraw

    from synthetic.render import _font

    img = Image.new("RGB", (px, px), paper[::-1])
    d = ImageDraw.Draw(img)
    size = round(px * rng.uniform(0.55, 0.8))
    pen = tuple(int(v) for v in rng.integers(10, 60, 3))
    d.text((px * (0.5 + rng.uniform(-0.06, 0.06)), px * (0.5 + rng.uniform(-0.06, 0.06))),
           letter, fill=pen, font=_font(str(font), size), anchor="mm",
           stroke_width=max(1, round(px * rng.uniform(0.015, 0.03))), stroke_fill=pen)
    return np.asarray(img)[:, :, ::-1].copy()


def pen_config(cfg: CellConfig) -> CellConfig:
    """The cell settings for hand-writing (see :class:`vision.config.SheetConfig`)."""
    from dataclasses import replace

    from vision.config import DEFAULT

    return replace(cfg, ink_chroma_ratio=DEFAULT.sheet.pen_chroma_ratio,
                   ink_ratio=DEFAULT.sheet.pen_ink_ratio)


def hand_set(cfg: CellConfig, rng: np.random.Generator, per_font: int = 16
             ) -> tuple[list[np.ndarray], list[str]]:
    """Features and labels of distorted hand-written capitals in every hand-writing font,
    cut out as a Girdle sheet's cells are."""
    from synthetic.fonts import hand_fonts
    from vision.cells import glyph_of

    pen = pen_config(cfg)
    feats, labels = [], []
    for font in hand_fonts():
        for label in CLASSES[:26]:
            for _ in range(per_font):
                px = int(rng.integers(32, 64))
                cell = distort(hand_cell(label, px, font, rng), rng)
                k = round(px * pen.inset)
                g = glyph_of(pen, cell[k: px - k, k: px - k], exclude_border=False)
                if g is not None:
                    feats.append(features(g))
                    labels.append(label)
    return feats, labels


def build_hand(cfg: CellConfig, seed: int = 7, per_font: int = 16) -> tuple[TileClassifier, dict]:
    """Train the hand-writing model (Girdle sheets) and measure it on fresh renders."""
    rng = np.random.default_rng(seed)
    f, lab = hand_set(cfg, rng, per_font)
    clf = fit(f, lab)
    vf, vl = hand_set(cfg, np.random.default_rng(seed + 1), 2)
    meta = {"trained_on": {"hand_renders": len(lab)},
            "fresh_render_accuracy": round(accuracy(clf, vf, vl), 4),
            "fresh_render_count": len(vl), "seed": seed}
    return clf, meta


def build_turn(cfg: CellConfig, seed: int = 7, per_font: int = 16
               ) -> tuple[TileClassifier, dict]:
    """Train the turned-letter model on the real crops and tile renders in six fonts (as they
    stand, and turned over), and measure it on the held-out real quarter and fresh renders."""
    train_real, test_real = split_samples(real_samples())
    rng = np.random.default_rng(seed)
    f, lab = turn_set(cfg, real_glyphs(cfg, train_real)
                      + rendered_glyphs(cfg, rng, max(1, per_font // 4)))
    clf = fit(f, lab, hidden=32, classes=TURN_CLASSES, seed=seed)
    meta: dict = {"trained_on": {"upright": lab.count(UPRIGHT), "turned": lab.count(TURNED)},
                  "seed": seed}
    for name, glyphs in (("held_out_real", real_glyphs(cfg, test_real)),
                         ("fresh_render", rendered_glyphs(cfg, np.random.default_rng(seed + 1),
                                                          2))):
        tf, tl = turn_set(cfg, glyphs)
        p = clf.turned_over(np.asarray(tf, np.float32))
        turned = np.array([t == TURNED for t in tl])
        meta[f"{name}_turned_seen_turned"] = round(float(np.mean(p[turned] > 0.5)), 4)
        meta[f"{name}_upright_seen_turned"] = round(float(np.mean(p[~turned] > 0.5)), 4)
        meta[f"{name}_count"] = len(tl)
    return clf, meta
