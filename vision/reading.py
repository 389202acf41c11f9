"""The photo pipeline for boards: locate, warp, read cells, use the words."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion.lexicon import Lexicon
from vision.boards import BoardSpec
from vision.cells import BLANK, CellRead, read_cells
from vision.classifier import TileClassifier
from vision.config import VisionConfig
from vision.correct import resolve
from vision.errors import VisionError
from vision.locate import Located, outline_grids, warp
from vision.ocr import Tesseract


@dataclass
class BoardReading:
    """What a photo of a board shows; ``cells`` row by row."""

    spec: BoardSpec
    located: Located
    cells: list[CellRead]
    uncertain: list[CellRead] = field(default_factory=list)

    def grid(self) -> list[list[str]]:
        """Faces row by row: "" empty, "?" an unresolved blank, a blank's letter in lower case."""
        out = [[""] * self.spec.cols for _ in range(self.spec.rows)]
        for rd in self.cells:
            out[rd.row][rd.col] = rd.letter if rd.face == BLANK and rd.letter else rd.face
        return out

    def to_dict(self) -> dict:
        return {
            "game": self.spec.game,
            "rows": self.spec.rows,
            "cols": self.spec.cols,
            "located_by": self.located.method,
            "corners": np.round(self.located.corners.astype(float), 1).tolist(),
            "grid": self.grid(),
            "confidence": [[round(rd.confidence, 3) for rd in self.cells[r * self.spec.cols:
                           (r + 1) * self.spec.cols]] for r in range(self.spec.rows)],
            "uncertain": [
                {"row": rd.row, "col": rd.col, "read": rd.face,
                 "alternatives": [{"letter": a or None, "p": round(p, 3)}
                                  for a, p in rd.alternatives]}
                for rd in self.uncertain
            ],
        }


def locate_board(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec) -> Located:
    """Markers when the board has them, else the outline and grid lines."""
    return board_candidates(cfg, image, spec)[0]


def board_candidates(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec) -> list[Located]:
    """Where the grid may be, likeliest first: the markers' fit, else each outline's grid."""
    from vision import markers

    found = markers.try_locate(cfg.locate, image, spec)
    if found is not None:
        return [found]
    return outline_grids(cfg.locate, image, spec.rows, spec.cols)


def read_board(cfg: VisionConfig, image: np.ndarray, spec: BoardSpec, clf: TileClassifier,
               lexicon: Lexicon | None = None, located: Located | None = None,
               tesseract: Tesseract | None = None) -> BoardReading:
    """Read a BGR photo (H, W, 3) of a board into letters, with the lexicon's help if given.

    Letters come from the tile classifier, or from Tesseract when ``tesseract`` is given.
    Of several places the grid may be, the first whose reading is plausible (no more blank
    tiles than the set has, give or take ``locate.extra_blanks``) is taken.
    """
    candidates = [located] if located is not None else board_candidates(cfg, image, spec)
    for where in candidates:
        canonical = warp(image, where)
        reads = read_cells(cfg.cells, canonical, spec, clf, cfg.classify.min_confidence,
                           cfg.classify.alternatives, tesseract)
        blanks = sum(rd.face == BLANK for rd in reads)
        if (blanks <= spec.blanks + cfg.locate.extra_blanks or where.method != "outline"
                or tesseract is not None):  # Tesseract leaves many letters unread: no test
            break
    else:
        raise VisionError(f"the board's grid could not be lined up ({blanks} squares look like "
                          "blank tiles): photograph the whole board, straight on, against a "
                          "plainer background")
    if lexicon is not None:
        uncertain = resolve(reads, spec.rows, spec.cols, lexicon, spec.letters)
    else:
        uncertain = [rd for rd in reads if rd.alternatives or rd.face == BLANK]
    return BoardReading(spec, where, reads, uncertain)
