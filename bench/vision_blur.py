"""Blurred photos on the reader's paths other than the premium squares: the companion's own
boards (found by their printed markers, or by their outline when they have none in sight),
the 3D-printed WerdUp board's stacks, and the Word Girdle sheet.

Each sharp synthetic photo is blurred at its full size, as a missed focus blurs (a Gaussian of
1.5 to 8 pixels) or as a phone that moved smears (a line of 9, 13 or 17 pixels, sideways, at
45 degrees, up and down), saved as a JPEG again (quality 90) and read by the entry the
command line uses (``vision.photo.read_photo``, ``read_werdup_photo``, ``read_sheet``). One
line per path and blur: photos read right, refused, read with a cell wrong that is not listed
for the player to check (a confident wrong answer; with the cells so read over the photos),
read with every wrong cell listed; then how the photos read were found (a photo may be found
another way than its path's when its markers are lost to the blur) and why photos were
refused. On a Girdle sheet a Supply dot, ticked box or coloured-in letter read wrong counts
as a cell, unlisted when the sheet is scored anyway, and so does a score other than 24.

The printed paper boards are smeared too with their markers kept as sharp as the photo was
(``markers kept, smeared``: a smear of 5 to 11 pixels, sideways or at 45 degrees, twelve
photos a blur, the Bug Words board with two blank tiles): found by their markers, their
tiles smeared, where a thin letter (I, L, J, T) loses its contrast.

    python bench/vision_blur.py [--photos 4] [--renders 4] [--kept 12] [--only PATH-WORD]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from synthetic.camera import smear_kernel

ROOT = Path(__file__).resolve().parent.parent
RENDERS = ROOT / "tests" / "data" / "werdup_renders"
RENDERS_STRAIGHT_DOWN = {112: 0.0}  # made with: make --seeds 101-112 --straight-down 112
SCENES = ROOT / "tests" / "data" / "vision" / "scenes"


def _gaussian(sigma: float) -> Callable[[np.ndarray], np.ndarray]:
    return lambda im: cv2.GaussianBlur(im, (0, 0), sigma)


def _smeared(length: int, degrees: float) -> Callable[[np.ndarray], np.ndarray]:
    kernel = smear_kernel(length, degrees)
    return lambda im: cv2.filter2D(im, -1, kernel)


def _smeared_markers_kept(length: int, degrees: float
                          ) -> Callable[[np.ndarray], np.ndarray]:
    """A smear as :func:`_smeared`, the printed boards' ArUco markers (and a quiet zone half a
    marker wide round each) kept as sharp as the photo was: the board found by its markers,
    as a phone that moved a little may still leave them decodable, its tiles smeared."""
    kernel = smear_kernel(length, degrees)

    def smear(im: np.ndarray) -> np.ndarray:
        from vision.markers import detect, targets_for

        out = cv2.filter2D(im, -1, kernel)
        keep = np.zeros(im.shape[:2], np.uint8)
        for dictionary in {t.dictionary for g in ("bugwords", "werdup") for t in targets_for(g)}:
            for quad in detect(im, dictionary).values():
                centre = quad.mean(axis=0)
                cv2.fillConvexPoly(keep, np.round(centre + 2.0 * (quad - centre)).astype(np.int32),
                                   1)
        out[keep > 0] = im[keep > 0]
        return out

    return smear


BLURS: list[tuple[str, Callable[[np.ndarray], np.ndarray] | None]] = [
    ("sharp", None),
    ("gaussian 1.5", _gaussian(1.5)),
    ("gaussian 2.5", _gaussian(2.5)),
    ("gaussian 4", _gaussian(4.0)),
    ("gaussian 6", _gaussian(6.0)),
    ("gaussian 8", _gaussian(8.0)),
    ("smeared 9 sideways", _smeared(9, 0)),
    ("smeared 13 at 45", _smeared(13, 45)),
    ("smeared 17 up-down", _smeared(17, 90)),
]
# The printed paper boards smeared with their markers kept (:func:`_smeared_markers_kept`):
# the thin letters (I, L, J, T) a smear fades, on boards found by their markers
KEPT_BLURS: list[tuple[str, Callable[[np.ndarray], np.ndarray] | None]] = [
    ("sharp", None),
    *[(f"smeared {n} {way}", _smeared_markers_kept(n, deg))
      for n in (5, 7, 9, 11) for way, deg in (("sideways", 0), ("at 45", 45))],
]
KEPT = "markers kept, smeared"


def blurred_jpeg(photo: bytes, blur: Callable[[np.ndarray], np.ndarray] | None) -> bytes:
    """The photo (its bytes) blurred at its full size and saved as a JPEG again; the photo
    itself when ``blur`` is None."""
    if blur is None:
        return photo
    image = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR)
    ok, buf = cv2.imencode(".jpg", blur(image), [cv2.IMWRITE_JPEG_QUALITY, 90])
    if not ok:
        raise ValueError("cannot encode")
    return buf.tobytes()


@dataclass
class Tally:
    right: int = 0
    refused: int = 0
    unlisted: int = 0      # photos with a cell wrong and not listed
    listed: int = 0        # photos read with cells wrong, every one listed
    wrong_cells: int = 0   # cells wrong and not listed, over the photos
    refusals: dict[str, int] = field(default_factory=dict)
    found_by: dict[str, int] = field(default_factory=dict)  # how the photos read were found

    def add(self, wrong: int | None, unlisted: int = 0, why: str = "", found: str = "") -> None:
        if found:  # the 3D board's stacks say how many markers they saw
            key = "stacks, by markers" if "seen)" in found else found
            self.found_by[key] = self.found_by.get(key, 0) + 1
        if wrong is None:
            self.refused += 1
            key = why.split(":")[0][:60]
            self.refusals[key] = self.refusals.get(key, 0) + 1
        elif unlisted:
            self.unlisted += 1
            self.wrong_cells += unlisted
        elif wrong:
            self.listed += 1
        else:
            self.right += 1


def board_wrong(out: dict, letters: list[list[str]], heights=None) -> tuple[int, int]:
    """(cells wrong, cells wrong and not listed) of a board reading's JSON (``grid``,
    ``uncertain``; with ``heights`` and heights seen, a stack's height counts too, and a
    doubtful height or a face not seen is listed)."""
    listed = {(u["row"], u["col"]) for u in out["uncertain"]}
    listed |= {(n["row"], n["col"]) for n in out.get("not_seen", [])}
    if heights is not None:
        listed |= {(d["row"], d["col"]) for d in out.get("doubtful_heights", [])}
    wrong = unlisted = 0
    for r, row in enumerate(letters):
        for c, truth in enumerate(row):
            ok = out["grid"][r][c] == truth
            if heights is not None and out.get("heights_seen") and truth:
                ok = ok and out["heights"][r][c] == heights[r][c]
            wrong += not ok
            unlisted += not ok and (r, c) not in listed
    return wrong, unlisted


def _board_path(kind: str, game: str, hide_markers: bool = False, blanks: int = 0):
    """Photos of a synthetic ``kind`` board of ``game`` (1600x1200, as the tests take them;
    with ``blanks`` blank tiles), and the reader the command line uses for them."""
    from companion.lexicon import Lexicon, default_lexicon
    from synthetic.boards import flat_board, synthetic_photo
    from synthetic.camera import Camera, photograph
    from synthetic.scenes import crossword
    from vision.boards import board_spec

    cam = Camera(width=1600, height=1200, fill=(0.7, 0.85))
    words = Lexicon.from_path(SCENES / "scene-words.txt.gz", name="scene words")
    spec = board_spec(game)

    def photos(n: int):
        for seed in range(1, n + 1):
            rng = np.random.default_rng(seed)
            scene = crossword(spec, words, rng, words=8, blanks=blanks, judge=default_lexicon())
            if hide_markers:  # a hand over each corner, the board found by its outline
                flat, corners = flat_board(kind, spec, scene, rng)
                h, w = flat.shape[:2]
                s = round(0.08 * w)
                for y, x in ((0, 0), (0, w - s), (h - s, 0), (h - s, w - s)):
                    flat[y:y + s, x:x + s] = 255
                jpg = photograph(flat, cam, rng, corners)[0]
            else:
                jpg = synthetic_photo(kind, spec, scene, rng, cam)
            # a blank tile is read as the letter it stands for, in lower case
            truth = [[t.lower() if (r, c) in scene.blanks else t for c, t in enumerate(row)]
                     for r, row in enumerate(scene.letters)]
            yield f"seed {seed}", jpg, truth, None

    def read(jpg: bytes, lexicon) -> dict:
        from vision.photo import load, read_photo, read_werdup_photo

        image = load(jpg)
        if game == "werdup":
            return read_werdup_photo(image, lexicon)[0]
        return read_photo(image, game, lexicon).to_dict()

    return photos, read


def _render_path():
    """The cached renders of the 3D-printed WerdUp set (stacks), as 12-megapixel JPEGs."""

    def photos(n: int):
        from tools.render.rig import load_truth

        for path in sorted(RENDERS.glob("render-*.jpg"))[:n]:
            board, _ = load_truth(path)
            img = cv2.imread(str(path), cv2.IMREAD_COLOR)
            big = cv2.resize(img, (4000, 3000), interpolation=cv2.INTER_CUBIC)
            jpg = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
            letters = [[board.get(r, c) or "" for c in range(10)] for r in range(10)]
            heights = [[board.height(r, c) for c in range(10)] for r in range(10)]
            yield path.stem, jpg, letters, heights

    def read(jpg: bytes, lexicon) -> dict:
        from vision.photo import load, read_werdup_photo

        return read_werdup_photo(load(jpg), lexicon)[0]

    return photos, read


def renders_drawn_otherwise(names: list[str], lexicon) -> str:
    """A sentence on the cached renders read (``render-SEED`` names) whose kept position or
    camera today's code no longer draws for their seed ("" when there are none). They are
    read against the truth kept beside each, so they are scored right, but they are not the
    photos a render made today would be; they are not rendered again here."""
    from companion.text import count_shown, counted, listed, noun_for
    from tools.render.rig import drawn_otherwise

    seeds = [int(name.split("-")[1]) for name in names]
    old = drawn_otherwise(seeds, RENDERS, lexicon, tilts=RENDERS_STRAIGHT_DOWN)
    if not old:
        return ""
    return (f"  ({count_shown(len(old))} of these {counted(len(seeds), 'cached render')} "
            f"({listed([str(s) for s in old])}) {noun_for(len(old), 'holds', 'hold')} a "
            f"position or camera today's code no longer draws for "
            f"{noun_for(len(old), 'its seed', 'their seed')}; each is read against the truth "
            "kept beside it)")


def _sheet_photos(n: int):
    """Photos (2400x1800, as the tests take them) of the rules' worked example written on the
    printed sheet, one hand-writing font each."""
    from synthetic.camera import Camera, photograph
    from synthetic.fonts import hand_fonts
    from synthetic.girdle import EXAMPLE_STEPS, example_puzzle, filled_sheet

    cam = Camera(width=2400, height=1800, max_tilt=25)
    truth = [[""] * 7 for _ in range(7)]
    for p in EXAMPLE_STEPS:
        for (r, c), ch in zip(p.cells(), p.word, strict=True):
            truth[r - 1][c - 1] = ch
    for i, font in enumerate(hand_fonts()[:n]):
        rng = np.random.default_rng(100 + i)
        jpg = photograph(filled_sheet(example_puzzle(), list(EXAMPLE_STEPS), font, rng), cam,
                         rng)[0]
        yield font.name, jpg, truth, None


def _read_sheet(jpg: bytes, lexicon) -> dict:
    from synthetic.girdle import example_puzzle
    from vision.classifier import hand_classifier
    from vision.config import DEFAULT
    from vision.girdle_sheet import read_sheet
    from vision.imageio import decode_photo

    load = replace(DEFAULT.load, work_long_side=DEFAULT.sheet.work_long_side)
    reading = read_sheet(DEFAULT, decode_photo(load, jpg), hand_classifier(), lexicon,
                         example_puzzle())
    return reading.to_dict()


def sheet_wrong(out: dict, letters: list[list[str]]) -> tuple[int, int]:
    """A sheet reading's letters wrong, and wrong and not listed, as :func:`board_wrong`. The
    Supply dots, ticked boxes and coloured-in letters are never listed: one read wrong counts
    as a wrong cell, unlisted when the sheet is scored anyway (a sheet the engine cannot
    score says so, and asks for no trust); a score other than the worked example's 24 counts
    as one more cell wrong and unlisted."""
    from synthetic.girdle import EXAMPLE_STEPS

    wrong, unlisted = board_wrong(out, letters)
    az = sorted({ch for p in EXAMPLE_STEPS for ch in p.word})
    marks = ((out["supply_dots_filled"] != list(range(1, 9)))
             + (out["checkboxes_ticked"] != [1]) + (sorted(out["az_coloured"]) != az))
    scored = out["score"] is not None
    off = scored and out["score"]["final"] != 24
    return wrong + marks + off, unlisted + (marks if scored else 0) + off


def paths() -> list[tuple[str, Callable, Callable, Callable]]:
    """(label, photos(n), read(jpg, lexicon) -> JSON, wrong(json, letters, heights))."""
    out = []
    for label, kind, game, hide in (
            ("WerdUp, printed paper board (markers)", "paper", "werdup", False),
            ("WerdUp, 3D board, flat picture (markers)", "3d", "werdup", False),
            ("WerdUp, commercial board (outline)", "commercial", "werdup", False),
            ("Bug Words, printed paper board (markers)", "paper", "bugwords", False),
            ("Bug Words, paper board, markers hidden", "paper", "bugwords", True)):
        photos, read = _board_path(kind, game, hide)
        out.append((label, photos, read, board_wrong))
    for label, game, blanks in (("WerdUp", "werdup", 0), ("Bug Words", "bugwords", 2)):
        photos, read = _board_path("paper", game, blanks=blanks)
        out.append((f"{label}, printed paper board, {KEPT}", photos, read, board_wrong))
    photos, read = _render_path()
    out.append(("WerdUp, 3D board, renders (stacks)", photos, read, board_wrong))
    out.append(("Word Girdle sheet (markers)", _sheet_photos, _read_sheet,
                lambda o, letters, _h: sheet_wrong(o, letters)))
    return out


def run(photos: int, renders: int, only: str | None = None, kept: int = 12) -> None:
    from companion.lexicon import default_lexicon
    from vision.errors import BadPhoto, VisionError

    lexicon = default_lexicon()
    print(f"{'path':49} {'blur':19} {'right':>5} {'refused':>7} {'wrong, unlisted':>15} "
          f"{'(cells)':>7} {'wrong, listed':>13}  found by; refused as")
    for label, make, read, wrong_of in paths():
        if only and only.lower() not in label.lower():
            continue
        n = renders if "renders" in label else kept if KEPT in label else photos
        sharp = list(make(n))
        t0 = time.process_time()
        for name, blur in KEPT_BLURS if KEPT in label else BLURS:
            tally = Tally()
            for _, jpg, letters, heights in sharp:
                try:
                    out = read(blurred_jpeg(jpg, blur), lexicon)
                except VisionError as exc:
                    tally.add(None, why=str(exc))
                    continue
                except BadPhoto as exc:  # refused as a photo: "photo: <why>"
                    tally.add(None, why=str(exc).split(": ", 1)[-1])
                    continue
                tally.add(*wrong_of(out, letters, heights),
                          found=out.get("located_by", "markers"))
            why = "; ".join([f"{k} ({v})" for k, v in tally.found_by.items()]
                            + [f"refused: {k} ({v})" for k, v in tally.refusals.items()])
            print(f"{label:49} {name:19} {tally.right:>5} {tally.refused:>7} "
                  f"{tally.unlisted:>15} {tally.wrong_cells:>7} {tally.listed:>13}  {why}",
                  flush=True)
        print(f"  ({len(sharp)} photos a blur, {time.process_time() - t0:.0f} CPU s)")
        if "renders" in label and (said := renders_drawn_otherwise([p[0] for p in sharp],
                                                                   lexicon)):
            print(said)


def main() -> None:
    ap = argparse.ArgumentParser(description="blurred photos on the markers, outline, stacks "
                                 "and sheet paths")
    ap.add_argument("--photos", type=int, default=4, help="synthetic photos per path (seeds)")
    ap.add_argument("--renders", type=int, default=4, help="cached 3D-board renders (of 12)")
    ap.add_argument("--kept", type=int, default=12,
                    help=f"synthetic photos per path of the paper boards' '{KEPT}' paths "
                    "(seeds; two blank tiles on the Bug Words board)")
    ap.add_argument("--only", help="only the paths whose label holds this text")
    args = ap.parse_args()
    run(args.photos, args.renders, args.only, args.kept)


if __name__ == "__main__":
    main()
