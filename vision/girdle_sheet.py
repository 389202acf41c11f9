"""Reading a filled-in Word Girdle sheet: hand-written capitals in the Girdle, coloured-in A-Z
letters, letters crossed out (A-Z or Supply), filled Supply dots and ticked checkboxes; the
seven words; the engine's score.

The sheet's geometry comes from :func:`companion.layout.sheets.girdle_sheet`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.dates import day_shown
from companion.errors import CompanionError
from companion.girdle import (
    GridDiffers,
    IllegalStep,
    Puzzle,
    SheetStep,
    SplitLine,
    complete_sheet,
    seen_crossouts,
)
from companion.layout import sheets
from companion.lexicon import Lexicon
from companion.text import counted, noun_for
from vision.cells import (
    EMPTY,
    OPTION_MIN,
    OPTIONS,
    CellRead,
    confidence_shown,
    faces,
    glyph_of,
    listed_entry,
    shown_alternatives,
)
from vision.classifier import TileClassifier
from vision.config import VisionConfig
from vision.correct import resolve
from vision.errors import VisionError
from vision.glyph import features, scaled_ink_depth
from vision.markers import detect
from vision.woodtiles import cell_sizes
from vision.words import runs

LETTERS = tuple(chr(ord("A") + i) for i in range(26))


class WordsOffLines(CompanionError):
    """The words read do not fill the puzzle's lines in order (a sheet of another puzzle,
    most often, or a word not read)."""

    def __init__(self, puzzle: Puzzle) -> None:
        which = f"the puzzle of {day_shown(puzzle.date)}" if puzzle.date else "the puzzle"
        super().__init__(f"the words read do not fit the lines of {which}")


@dataclass
class GirdleReading:
    """What a photo of a Girdle sheet shows (rows and columns 1-based in ``words``)."""

    paper: str
    cells: list[CellRead]
    uncertain: list[CellRead]
    az_coloured: list[str]
    dots_filled: list[int]           # Supply positions, 1-based
    boxes_ticked: list[int]          # score-tracker rows, 1-based
    homography: np.ndarray           # sheet mm -> photo pixels
    raw: list[list[str]] = field(default_factory=list)  # the letters before the lexicon's help
    words: list[dict] = field(default_factory=list)
    score: dict | None = None
    problem: str = ""
    off_lines: bool = False          # the problem: the words do not fit the puzzle's lines
    az_crossed: list[str] = field(default_factory=list)     # A-Z letters struck through
    supply_crossed: list[int] = field(default_factory=list)  # Supply positions struck through
    inferred: list[str] = field(default_factory=list)  # crossed out for ticked boxes, not seen

    def crossed_letters(self, puzzle: Puzzle) -> list[str]:
        """The letters seen crossed out: the A-Z section's, then the Supply's."""
        return self.az_crossed + [puzzle.supply[i - 1] for i in self.supply_crossed
                                  if i <= len(puzzle.supply)]

    def grid(self) -> list[list[str]]:
        out = [[""] * 7 for _ in range(7)]
        for rd in self.cells:
            out[rd.row][rd.col] = rd.face
        return out

    def to_dict(self) -> dict:
        return {
            "game": "girdle", "paper": self.paper, "grid": self.grid(),
            "confidence": [[confidence_shown(rd) for rd in self.cells[r * 7:(r + 1) * 7]]
                           for r in range(7)],
            "uncertain": [listed_entry(rd) for rd in self.uncertain],
            "words": self.words, "az_coloured": self.az_coloured,
            "supply_dots_filled": self.dots_filled, "checkboxes_ticked": self.boxes_ticked,
            "az_crossed_out": self.az_crossed, "supply_crossed_out": self.supply_crossed,
            "crossed_out_inferred": self.inferred,
            "score": self.score, "problem": self.problem, "off_lines": self.off_lines,
        }


def crossed_out_seen(reading: dict) -> str:
    """The letters a Girdle sheet's photo shows crossed out, by section, from its reading
    (:meth:`GirdleReading.to_dict`): "letters seen crossed out: K (A-Z); Supply 3", or
    "... none"; the command line and the web page say it alike."""
    parts = [f"{' '.join(reading['az_crossed_out'])} (A-Z)"] if reading["az_crossed_out"] else []
    if reading["supply_crossed_out"]:
        parts.append("Supply " + " ".join(map(str, reading["supply_crossed_out"])))
    return "letters seen crossed out: " + ("; ".join(parts) or "none")


def crossed_out_inferred(letters: list[str]) -> str:
    """Why a cross-out scored was not read from the sheet: the reader took ``letters`` (the
    reading's ``crossed_out_inferred``) as crossed out for ticked boxes it saw none for."""
    n = len(letters)
    return (f"no letter seen crossed out for {counted(n, 'ticked box', 'ticked boxes')}: the "
            f"dearest unused {noun_for(n, 'letter')}, {' '.join(letters)}, taken "
            f"as crossed out")


def locate_sheet(cfg: VisionConfig, image: np.ndarray) -> tuple[sheets.SheetLayout, np.ndarray]:
    """The Girdle sheet (Letter or A4) and its homography from sheet mm to photo pixels; a
    photo of another marked printable (a paper board), a PDQ deal or a commercial board is
    refused as such."""
    layouts = [sheets.girdle_sheet(p) for p in ("letter", "a4")]
    found = detect(image, layouts[0].dictionary)
    best = max(layouts, key=lambda lay: sum(i in found for i in lay.marker_points()))
    ids = [i for i in best.marker_points() if i in found]
    if len(ids) < cfg.locate.min_markers:
        from vision.reading import shown_instead

        wrong = shown_instead(cfg, image, "girdle")
        if wrong is not None:
            raise wrong
        raise VisionError(f"Word Girdle sheet not found: only {len(ids)} of 4 markers seen; "
                          "keep the whole sheet in the picture")
    src = np.array([p for i in ids for p in best.marker_points()[i]], np.float32)
    dst = np.concatenate([found[i] for i in ids]).astype(np.float32)
    hom, _ = cv2.findHomography(src, dst, cv2.RANSAC, 4.0)
    if hom is None:
        raise VisionError("the Word Girdle sheet's markers do not fit its shape")
    return best, hom


def flatten(cfg: VisionConfig, image: np.ndarray, layout: sheets.SheetLayout,
            hom: np.ndarray) -> np.ndarray:
    """The sheet seen flat: (height_mm * s, width_mm * s, 3), s = ``sheet.px_per_mm``."""
    s = cfg.sheet.px_per_mm
    scale = np.diag([s, s, 1.0])
    size = (round(layout.width * s), round(layout.height * s))
    return cv2.warpPerspective(image, scale @ np.linalg.inv(hom), size, flags=cv2.INTER_AREA)


def _crop(flat: np.ndarray, rect: sheets.Rect, s: float) -> np.ndarray:
    return flat[round(rect.y * s): round(rect.bottom * s), round(rect.x * s): round(rect.right * s)]


def _dark_share(cfg: VisionConfig, crop: np.ndarray, paper: float) -> float:
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    return float(np.mean(gray < cfg.sheet.dark * paper))


# where along a box's diagonal a stroke is looked for: its two ends, clear of the printed
# letter in the middle and of the box's outline at the corners
_ENDS = np.concatenate([np.linspace(0.1, 0.3, 12), np.linspace(0.7, 0.9, 12)])
_SLIPS = np.linspace(-0.3, 0.3, 13)  # how far a hand-drawn stroke's ends miss the corners


def _struck(cfg: VisionConfig, crop: np.ndarray) -> bool:
    """Whether a pen stroke crosses the box ``crop`` (inside its outline) corner to corner, one
    diagonal or both (an X): some line near a diagonal is ink over ``struck_line`` of its two
    ends, where an untouched box shows paper (its printed letter is in the middle). Ink is
    judged against the box's own paper, as a thin line blurs paler than a coloured box."""
    gray = cv2.erode(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), np.ones((3, 3), np.uint8))
    h, w = gray.shape
    if h < 4 or w < 4:
        return False
    ink = gray < cfg.sheet.struck_dark * float(np.percentile(gray, 90))
    xs = np.round(_ENDS * (w - 1)).astype(int)
    a, b = (m.ravel() for m in np.meshgrid(_SLIPS, _SLIPS, indexing="ij"))
    # every line tried, "/" then "\", its ends ``a`` and ``b`` of the height off the corners
    y0 = (h - 1) * np.concatenate([1 + a, a])
    y1 = (h - 1) * np.concatenate([b, 1 + b])
    ys = np.round(y0[:, None] + _ENDS[None, :] * (y1 - y0)[:, None]).astype(int)
    hit = ink[np.clip(ys, 0, h - 1), xs[None, :]] & (ys >= 0) & (ys < h)
    return float(hit.mean(axis=1).max()) >= cfg.sheet.struck_line


def read_sheet(cfg: VisionConfig, image: np.ndarray, clf: TileClassifier, lexicon: Lexicon,
               puzzle: Puzzle | None = None) -> GirdleReading:
    """Read a BGR photo of a filled-in Girdle sheet; with ``puzzle``, decode and score it."""
    layout, hom = locate_sheet(cfg, image)
    flat = flatten(cfg, image, layout, hom)
    s = cfg.sheet.px_per_mm
    paper = float(np.percentile(cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY), 90))
    grid = layout.grids["girdle"]
    # the Girdle warped up from a photo sent small: its strokes' edges as soft as the photo's
    # pixels make them, the ink cut moved so that they grow no more than at full resolution
    mid = grid.cell(grid.rows // 2, grid.cols // 2)
    seen = cell_sizes(hom @ np.array([[mid.w, 0, mid.x], [0, mid.h, mid.y], [0, 0, 1]]),
                      1, 1)[0, 0] / np.sqrt(mid.w * mid.h)  # photo pixels a millimetre there
    pen = replace(cfg.cells, ink_chroma_ratio=cfg.sheet.pen_chroma_ratio,
                  ink_ratio=cfg.sheet.pen_ink_ratio,
                  ink_depth=scaled_ink_depth(cfg.cells.ink_depth, seen / s))
    glyphs = []
    for r, c, rect in grid.cells():
        crop = _crop(flat, rect.inset(rect.w * pen.inset), s)
        # hand-writing may touch the crop's edge; the grid lines are outside it, but for
        # a blurred line's edge, a strip along the crop's side
        glyphs.append((r, c, glyph_of(pen, crop, exclude_border=False,
                                      edge_lines=cfg.sheet.edge_line)))
    feats = np.array([features(g) for _, _, g in glyphs if g is not None], np.float32)
    guesses = iter(clf.guesses(feats, LETTERS, OPTIONS))
    reads = []
    for r, c, g in glyphs:
        if g is None:
            reads.append(CellRead(r, c, "", 1.0))
            continue
        gs = next(guesses)
        face = gs.letter or ""
        options = [(a if a != "*" else "", p) for a, p in gs.alternatives if p > OPTION_MIN]
        shown = shown_alternatives(options, cfg.classify.alternatives)
        doubt = shown if gs.confidence < cfg.classify.min_confidence else []
        reads.append(CellRead(r, c, face, gs.confidence, doubt, face or None, options))
    raw = faces(reads, 7, 7)
    uncertain = resolve(reads, 7, 7, lexicon, LETTERS)
    _list_gaps(reads, uncertain, lexicon)
    az, az_crossed = _az_marks(cfg, flat, layout, paper)
    slots = len(puzzle.supply) if puzzle else layout.grids["supply_dots"].cols
    supply_crossed = [i + 1 for i in range(slots) if _struck(
        cfg, _crop(flat, layout.grids["supply"].cell(0, i).inset(1.6), s))]
    dots = []
    for i in range(slots):
        cx, cy = layout.grids["supply_dots"].cell(0, i).center
        disc = sheets.Rect(cx - 1.1, cy - 1.1, 2.2, 2.2)
        if _dark_share(cfg, _crop(flat, disc, s), paper) > cfg.sheet.dot_filled:
            dots.append(i + 1)
    ticked = []
    for n in range(1, 8):
        if puzzle is not None and not puzzle.has_checkbox(n):
            continue
        box = layout.boxes[f"checkbox_{n}"].inset(0.6)
        if _dark_share(cfg, _crop(flat, box, s), paper) > cfg.sheet.box_ticked:
            ticked.append(n)
    reading = GirdleReading(layout.name.split("-")[1], reads, uncertain, az, dots, ticked, hom,
                            raw, az_crossed=az_crossed, supply_crossed=supply_crossed)
    if puzzle is not None:
        _decode_and_score(reading, puzzle, lexicon, cfg.classify.min_confidence)
    return reading


def _az_marks(cfg: VisionConfig, flat: np.ndarray, layout: sheets.SheetLayout, paper: float
              ) -> tuple[list[str], list[str]]:
    """The A-Z letters coloured in and those crossed out: a box coloured in is mostly ink
    (over ``coloured_in`` of it); one crossed out shows a stroke or two corner to corner
    (:func:`_struck`) and is less than ``struck_most`` ink."""
    s = cfg.sheet.px_per_mm
    coloured, crossed = [], []
    for (_, _, rect), ch in zip(layout.grids["az"].cells(), LETTERS, strict=True):
        box = _crop(flat, rect.inset(1.6), s)
        share = _dark_share(cfg, box, paper)
        if share <= cfg.sheet.struck_most and _struck(cfg, box):
            crossed.append(ch)
        elif share > cfg.sheet.coloured_in:
            coloured.append(ch)
    return coloured, crossed


def _gaps(grid: list[list[str]]) -> list[tuple[tuple[int, int], list[tuple[int, int]]]]:
    """The empty boxes between two runs of letters in one row or column, each with the cells
    of both runs when it is the only box between them (else none). A line holds one word
    and the grid no other run (docs/girdle.md, placing words), so two runs in a line mean a
    letter lost between them, or a run misread."""
    size = len(grid)

    def inside(r: int, c: int) -> bool:
        return r < size and c < size

    found: list[tuple[tuple[int, int], list[tuple[int, int]]]] = []
    for _, cells in runs(grid):
        dr, dc = (1, 0) if cells[-1][0] != cells[0][0] else (0, 1)
        r, c = cells[-1][0] + dr, cells[-1][1] + dc
        between = []
        while inside(r, c) and not grid[r][c]:
            between.append((r, c))
            r, c = r + dr, c + dc
        after = []
        while inside(r, c) and grid[r][c]:
            after.append((r, c))
            r, c = r + dr, c + dc
        if between and len(after) >= 2:  # a second run of the same line
            joined = cells + after if len(between) == 1 else []
            found.extend((cell, joined) for cell in between)
    return found


GAP = "a box read empty between two runs of one line: a letter here may be lost"
GAP_FITS = f"{GAP}; empty, or one of these letters that make the line one word"


def _list_gaps(reads: list[CellRead], uncertain: list[CellRead], lexicon: Lexicon) -> None:
    """List the boxes read empty between two runs of one line (:func:`_gaps`): a thin letter
    a blur lost (a smeared I) leaves its box as empty as one never written in. Each is
    offered as empty or, a single box between, as each letter that makes the line one word,
    none likelier than another (``unweighed``), saying why (:data:`GAP`, :data:`GAP_FITS`)."""
    grid = faces(reads, 7, 7)
    by_cell = {(rd.row, rd.col): rd for rd in reads}
    for cell, joined in _gaps(grid):
        rd = by_cell[cell]
        if any(u is rd for u in uncertain):
            continue
        fits = []
        for letter in LETTERS if joined else ():
            grid[cell[0]][cell[1]] = letter
            if "".join(grid[r][c] for r, c in sorted([*joined, cell])).lower() in lexicon:
                fits.append(letter)
        grid[cell[0]][cell[1]] = ""
        rd.confidence = 0.5
        rd.alternatives = [("", 0.5)] + [(a, 0.5 / len(fits)) for a in fits]
        rd.unweighed = rd.unmeasured = True  # nothing measures how likely each is
        rd.why = GAP_FITS if fits else GAP
        uncertain.append(rd)


def _decode_and_score(reading: GirdleReading, puzzle: Puzzle, lexicon: Lexicon,
                      sure: float) -> None:
    """The words in the puzzle's line order, replayed and scored by the Girdle engine, which
    then checks the whole grid read against the letters the words placed
    (:meth:`companion.girdle.Sheet.check_grid`). When the engine refuses a word (a letter
    already used, say), the word's cells' runners-up are tried one at a time and the
    likeliest change that the engine accepts is kept, and listed; marks on squares no word
    placed, all read less surely than ``sure``, are taken for no letter and listed
    (:func:`_unsure_marks`)."""
    result = _score_grid(reading, reading.grid(), puzzle, lexicon)
    if isinstance(result, IllegalStep):
        fix = _engine_fix(reading, puzzle, lexicon, result.step)
        if fix is not None:
            rd, face, p = fix
            rd.alternatives = [(face, p), (rd.face, rd.confidence)]
            rd.face, rd.letter, rd.confidence = face, face, p
            if rd not in reading.uncertain:
                reading.uncertain.append(rd)
            result = _score_grid(reading, reading.grid(), puzzle, lexicon)
    if isinstance(result, GridDiffers) and _unsure_marks(reading, result.unplaced, sure):
        result = _score_grid(reading, reading.grid(), puzzle, lexicon)
    if isinstance(result, dict):
        doubt = _doubt(reading, puzzle, lexicon) or _coloured_not_placed(reading)
        if doubt:
            result = CompanionError(doubt)
    if isinstance(result, CompanionError):
        reading.problem = str(result)
        reading.off_lines = isinstance(result, WordsOffLines)
    elif result is not None:
        reading.score = result


def _doubt(reading: GirdleReading, puzzle: Puzzle, lexicon: Lexicon) -> str:
    """Why the sheet, read and accepted by the engine, cannot be scored surely: a listed
    letter of a word whose other reading offered to the player makes words the engine
    accepts too (ACNE or ACHE: the score would be one sheet's or the other's); "" when no
    listed letter leaves the words in doubt."""
    words = reading.words
    grid = reading.grid()
    placed = {(r - 1, c - 1) for p in _words_by_line(grid, puzzle).values()
              for r, c in p.cells()}
    found = []
    for rd in reading.uncertain:
        if (rd.row, rd.col) not in placed or not rd.face:
            continue
        for face, _ in rd.alternatives:
            if not face or face == rd.face:
                continue
            other = [row[:] for row in grid]
            other[rd.row][rd.col] = face
            if all(w in lexicon for w, _ in runs(other)) and isinstance(
                    _score_grid(reading, other, puzzle, lexicon), dict):
                found.append(f"row {rd.row + 1}, column {rd.col + 1} is {rd.face} or "
                             f"{face} ({_word_at(grid, puzzle, rd)} or "
                             f"{_word_at(other, puzzle, rd)})")
                break
    reading.words = words
    if not found:
        return ""
    return (f"a listed letter may be read either way, and the words fit both: "
            f"{'; '.join(found)}; check the listed squares")


def _coloured_not_placed(reading: GirdleReading) -> str:
    """Why the sheet cannot be scored surely when its A-Z section disagrees with its Girdle:
    a letter is coloured in only when a word places it, so a letter coloured in that no
    square read holds means a letter of the words was misread as another (a D read as an N
    makes CLAN and FEN of CLOD and FED, words all the same), or coloured by mistake; "" when
    every letter coloured in is on the Girdle. (A letter placed but not coloured in is no
    doubt: the player may have taken it from the Supply.)"""
    placed = {rd.face for rd in reading.cells if rd.face}
    missing = sorted(set(reading.az_coloured) - placed)
    if not missing:
        return ""
    letters = " ".join(missing)
    held = "holds it" if len(missing) == 1 else "holds them"
    return (f"the A-Z section shows {letters} coloured in, but no square of the Girdle read "
            f"{held}: a letter of the words may be misread (or coloured by mistake); check "
            "the words against the sheet")


def _word_at(grid: list[list[str]], puzzle: Puzzle, rd: CellRead) -> str:
    """The word of ``grid`` read on a puzzle line through ``rd``'s square."""
    return next(p.word for p in _words_by_line(grid, puzzle).values()
                if (rd.row + 1, rd.col + 1) in p.cells())


UNSURE_MARK = ("a mark on a square no word placed, read unsurely as {face}: taken for no "
               "letter, since no word placed one here; check this square")


def _unsure_marks(reading: GirdleReading, unplaced: list[tuple[int, int]], sure: float
                  ) -> bool:
    """When every square of ``unplaced`` (1-based: a letter no word placed) holds a mark the
    classifier read less surely than ``sure`` (a cell the reader doubts, as it doubts a
    letter of a word it lists), each is taken for no letter (a smudge, a stray stroke:
    read so, the engine accepts the sheet) and listed saying why (:data:`UNSURE_MARK`),
    offered as empty or the letters it was read as, none with a share (nothing measures
    how likely "no letter" is: the classifier read a letter). Whether they were."""
    by_cell = {(rd.row + 1, rd.col + 1): rd for rd in reading.cells}
    marks = [by_cell[cell] for cell in unplaced]
    if not marks or any(rd.classifier_confidence >= sure for rd in marks):
        return False
    for rd in marks:
        letters = [rd.face] + [a for a, _ in shown_alternatives(rd.options)
                               if a not in (EMPTY, rd.face)]
        rd.why = UNSURE_MARK.format(face=rd.face)
        rd.alternatives = [(a, 1.0 / (len(letters) + 1)) for a in [EMPTY, *letters]]
        rd.face, rd.letter, rd.looks = EMPTY, None, None
        rd.confidence = 1.0 / (len(letters) + 1)
        rd.unweighed = rd.unmeasured = True  # the choice is the rules', not a measure
        if all(u is not rd for u in reading.uncertain):
            reading.uncertain.append(rd)
    return True


def _runs_by_line(grid: list[list[str]], puzzle: Puzzle) -> dict[int, list[SheetStep]]:
    """The runs of letters read in each word line of ``puzzle`` (by word number), left to
    right or top to bottom: one each on a sheet read right (a line holds one word)."""
    by_line: dict[int, list[SheetStep]] = {}
    for word, cells in runs(grid):
        (r0, c0), (r1, _) = cells[0], cells[-1]
        direction = "down" if r1 != r0 else "across"
        for k, line in enumerate(puzzle.lines, start=1):
            kind_ok = (line.kind == "row") == (direction == "across")
            index = r0 + 1 if line.kind == "row" else c0 + 1
            if kind_ok and index == line.index:
                by_line.setdefault(k, []).append(SheetStep(r0 + 1, c0 + 1, direction,
                                                           word.upper()))
    return by_line


def _words_by_line(grid: list[list[str]], puzzle: Puzzle) -> dict[int, SheetStep]:
    """The word read in each word line: its first run when it shows more (:func:`_split`)."""
    return {k: steps[0] for k, steps in _runs_by_line(grid, puzzle).items()}


def _split(grid: list[list[str]], puzzle: Puzzle) -> CompanionError | None:
    """The first word line read as two runs of letters, said as the engine says it, with what
    the photo likely did (a letter lost between them), or None."""
    for k, steps in sorted(_runs_by_line(grid, puzzle).items()):
        if len(steps) > 1:
            rule = SplitLine(puzzle.lines[k - 1], [p.word for p in steps])
            return CompanionError(f"{rule}; a letter between them may be lost: check the "
                                  "sheet")
    return None


def _score_grid(reading: GirdleReading, grid: list[list[str]], puzzle: Puzzle,
                lexicon: Lexicon) -> dict | CompanionError | None:
    """The engine's score card for the words in ``grid`` (or its refusal, the words' or, the
    words played, the whole grid's: a letter no word placed); sets the words."""
    by_line = _words_by_line(grid, puzzle)
    reading.inferred = []
    reading.words = [{"number": k, "row": p.row, "col": p.col, "direction": p.direction,
                      "word": p.word} for k, p in sorted(by_line.items())]
    split = _split(grid, puzzle)
    if split is not None:
        return split
    if sorted(by_line) != list(range(1, len(by_line) + 1)):
        return WordsOffLines(puzzle)
    seen = reading.crossed_letters(puzzle)
    try:
        steps, sheet, card = complete_sheet(puzzle, [by_line[k] for k in sorted(by_line)],
                                            dots=reading.dots_filled,
                                            ticks=reading.boxes_ticked, lexicon=lexicon,
                                            crossed=seen)
        sheet.check_grid(grid)
        given = seen_crossouts(puzzle, [by_line[k] for k in sorted(by_line)],
                               set(reading.boxes_ticked), seen)
        for w, p, g in zip(reading.words, steps, given, strict=True):
            w["crossed_out"] = list(g.crossed_out)  # seen on the sheet
            reading.inferred += [ch for ch in p.crossed_out if not g.crossed_out]
        return card.to_dict()
    except CompanionError as exc:
        return exc


def _engine_fix(reading: GirdleReading, puzzle: Puzzle, lexicon: Lexicon, step: int
                ) -> tuple[CellRead, str, float] | None:
    """The likeliest single-letter change in word ``step`` that the engine accepts."""
    by_line = _words_by_line(reading.grid(), puzzle)
    if step not in by_line:
        return None
    cells = {(r - 1, c - 1) for r, c in by_line[step].cells()}
    best = None
    for rd in reading.cells:
        if (rd.row, rd.col) not in cells:
            continue
        for face, p in rd.options:
            if not face or face == rd.face or (best is not None and p <= best[2]):
                continue
            grid = reading.grid()
            grid[rd.row][rd.col] = face
            if all(w in lexicon for w, _ in runs(grid)) and isinstance(
                    _score_grid(reading, grid, puzzle, lexicon), dict | GridDiffers):
                best = (rd, face, p)
    return best
