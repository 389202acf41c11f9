"""Photo reading benchmark: synthetic 12-megapixel photos with ground truth.

Prints cell accuracy and seconds per photo (decode + locate + read + lexicon), for the
Tesseract-only letter reader and the pipeline's tile classifier, side by side.

    python bench/vision_reading.py [--photos N] [--seed S] [--small]
    python bench/vision_reading.py --real [FOLDER]  # labelled real photos (labels.json in it)

With ``--real`` the labelled real photos are read instead (the project's reduced copies by
default, or any folder of photos, full size or not, with a ``labels.json`` beside them): one
line per photo, then the totals; seconds are CPU seconds (decode included).
    python bench/vision_reading.py --werdup-renders  # stacks on renders of the printed set
    python bench/vision_reading.py --real [FOLDER] --variants  # the real photos re-made as
                                                      # other phones and rooms would take them
    python bench/vision_reading.py --real [FOLDER] --variants --only glare  # one line
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from companion.lexicon import default_lexicon
from synthetic.boards import synthetic_photo
from synthetic.camera import Camera
from synthetic.scenes import crossword
from vision.boards import board_spec
from vision.classifier import shipped_classifier
from vision.config import DEFAULT
from vision.errors import VisionError
from vision.imageio import decode_photo
from vision.ocr import Tesseract
from vision.reading import read_board

REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "vision" / "real"
LETTERS = tuple(chr(ord("A") + i) for i in range(26))

CASES = (  # (label, board kind, game, blank tiles per position)
    ("Bug Words, commercial board", "commercial", "bugwords", 1),
    ("Bug Words, wooden tiles at home", "wooden", "bugwords", 1),
    ("Bug Words, printed paper board", "paper", "bugwords", 0),
    ("WerdUp, printed paper board", "paper", "werdup", 0),
    ("WerdUp, 3D-printed board", "3d", "werdup", 0),
)


def score(reading, scene) -> tuple[int, int, int, int, int]:
    """(cells right, cells, tiles right, tiles, cells wrong and not listed as uncertain); a
    blank counts right when its letter is inferred, or when it is listed for the player with
    the true letter among the choices."""
    grid = reading.grid()
    asked = {(u.row, u.col): [a for a, _ in u.alternatives] for u in reading.uncertain}
    right = tiles = tiles_right = unlisted = 0
    for r, row in enumerate(scene.letters):
        for c, truth in enumerate(row):
            got = grid[r][c]
            if (r, c) in scene.blanks:
                ok = got == truth.lower() or (got == "?" and truth.lower() in asked.get((r, c), []))
            else:
                ok = got == truth
            right += ok
            unlisted += not ok and (r, c) not in asked
            if truth:
                tiles += 1
                tiles_right += ok
    return right, sum(len(r) for r in scene.letters), tiles_right, tiles, unlisted


def _other_benchmark(args: argparse.Namespace) -> bool:
    """Run the real-photo or render benchmark if asked for; whether one ran."""
    if args.werdup_renders:
        werdup_renders(args.renders, args.render_seeds)
        return True
    try:
        if args.real and args.variants:
            import vision_variants  # beside this file

            vision_variants.run(Path(args.real), Path(args.labels) if args.labels else None,
                                args.only)
            return True
        if args.real:
            real(Path(args.real), Path(args.labels) if args.labels else None, args.no_values)
            return True
    except (FileNotFoundError, KeyError, ValueError) as exc:  # a wrong folder or labels file
        sys.exit(f"vision benchmark: {exc}")
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description="photo reading benchmark")
    ap.add_argument("--photos", type=int, default=5, help="photos per board kind")
    ap.add_argument("--seed", type=int, default=2026, help="random seed")
    ap.add_argument("--small", action="store_true", help="1600x1200 photos instead of 12 MP")
    ap.add_argument("--boards-only", action="store_true",
                    help="skip the Word Girdle sheets and PDQ deals")
    ap.add_argument("--sheets-only", action="store_true",
                    help="only the Word Girdle sheets and PDQ deals")
    ap.add_argument("--classifier-only", action="store_true",
                    help="skip the Tesseract reader (faster)")
    ap.add_argument("--real", nargs="?", const=str(REAL), metavar="FOLDER",
                    help="read the labelled real photos (default: the test data's)")
    ap.add_argument("--labels", metavar="LABELS.json",
                    help="with --real: the labels file (default: labels.json in FOLDER)")
    ap.add_argument("--variants", action="store_true",
                    help="with --real: read each photo again as other phones and rooms would "
                    "have taken it (bench/vision_variants.py), one line per variation")
    ap.add_argument("--only", metavar="WORDS",
                    help="with --variants: only the variations whose name contains WORDS, "
                    "e.g. --only glare")
    ap.add_argument("--no-values", action="store_true",
                    help="with --real: read as if no tile's point value were seen (a set "
                    "printed otherwise, glare): the letters and words alone decide the turn")
    ap.add_argument("--werdup-renders", action="store_true",
                    help="only the held-back renders of the 3D-printed WerdUp set: stack "
                    "heights and letters (bench/werdup_renders.py)")
    ap.add_argument("--renders", type=Path, help="folder of the held-back renders")
    ap.add_argument("--render-seeds", default=None, help="held-back seeds (default 9001-9058)")
    args = ap.parse_args()
    if _other_benchmark(args):
        return
    cam = Camera(width=1600, height=1200) if args.small else Camera()
    lexicon = default_lexicon()
    clf = shipped_classifier()
    tess = Tesseract()
    print(f"{args.photos} photos per board, {cam.width}x{cam.height}, tilt up to "
          f"{cam.max_tilt:.0f} deg, turned up to {cam.max_rotation:.0f} deg, uneven light, "
          "shadow, blur, noise, JPEG")
    if not args.sheets_only:
        print(f"{'board':34} {'reader':11} {'cells right':>13} {'tiles right':>13} "
              f"{'s/photo':>8} {'wrong, unlisted':>16}")
    readers = (("classifier", None),) if args.classifier_only else (("tesseract", tess),
                                                                     ("classifier", None))
    totals: dict[str, list[float]] = {name: [0, 0, 0, 0, 0.0, 0, 0] for name, _ in readers}
    for label, kind, game, blanks in () if args.sheets_only else CASES:
        spec = board_spec(game)
        rng = np.random.default_rng(args.seed)
        photos = []
        for _ in range(args.photos):
            scene = crossword(spec, lexicon, rng, words=14, blanks=blanks)
            photos.append((scene, synthetic_photo(kind, spec, scene, rng, cam)))
        for name, reader in readers:
            acc = [0, 0, 0, 0, 0]
            seconds = 0.0
            failed = 0
            for scene, jpg in photos:
                t0 = time.perf_counter()
                try:
                    image = decode_photo(DEFAULT.load, jpg)
                    reading = read_board(DEFAULT, image, spec, clf, lexicon, tesseract=reader)
                except VisionError:
                    failed += 1
                    n = spec.rows * spec.cols
                    acc[1] += n
                    acc[3] += sum(1 for row in scene.letters for t in row if t)
                    continue
                finally:
                    seconds += time.perf_counter() - t0
                for i, v in enumerate(score(reading, scene)):
                    acc[i] += v
            t = totals[name]
            for i in range(4):
                t[i] += acc[i]
            t[4] += seconds
            t[5] += len(photos)
            t[6] += acc[4]
            note = f"  ({failed} not located)" if failed else ""
            print(f"{label:34} {name:11} {acc[0] / acc[1]:13.2%} {acc[2] / acc[3]:13.2%} "
                  f"{seconds / len(photos):8.2f} {acc[4]:16d}{note}")
    for name, t in totals.items() if not args.sheets_only else ():
        print(f"{'all boards':34} {name:11} {t[0] / t[1]:13.2%} {t[2] / t[3]:13.2%} "
              f"{t[4] / t[5]:8.2f} {t[6]:16d}")
    if args.boards_only:
        return
    girdle(cam, lexicon)
    pdq(cam, args.seed, 4 * args.photos)


def real(folder: Path, labels_file: Path | None = None, no_values: bool = False) -> None:
    """One line per labelled real photo of a commercial board, then the totals; with
    ``no_values``, as if no tile showed its point value."""
    from dataclasses import replace

    from vision.evaluate import Totals, load_labels, read_and_score
    from vision.imageio import load_photo

    labels = load_labels(labels_file or folder / "labels.json", folder)
    spec = board_spec("bugwords")
    lexicon = default_lexicon()
    clf = shipped_classifier()
    cfg = replace(DEFAULT, wood=replace(DEFAULT.wood, value_vote=0.0)) if no_values else DEFAULT
    print(f"{len(labels)} real photos of commercial boards ({folder})"
          + (", point values ignored" if no_values else ""))
    print(f"{'photo':26} {'cells right':>11} {'tiles right':>11} {'wrong, unlisted':>15} "
          f"{'listed':>6} {'CPU s':>6}  result")
    tot = Totals()
    for lab in labels:
        s, listed, dt, result = read_and_score(
            lab, lambda lab=lab: load_photo(DEFAULT.load, lab.photo), spec, clf, lexicon, tot,
            cfg)
        print(f"{lab.photo.name:26} {s.cells_right:>4}/{s.cells:<6} {s.tiles_right:>4}/"
              f"{s.tiles:<6} {s.wrong_unlisted:>15} {listed:>6} {dt:6.2f}  {result[:70]}")
    cells, tiles, read_cells, read_tiles = tot.shares
    print(f"{'all photos':26} {cells:>11.2%} {tiles:>11.2%} {tot.wrong_unlisted:>15} "
          f"{tot.listed:>6} {tot.cpu / len(labels):6.2f}  {tot.refused} refused")
    print(f"{'photos read (not refused)':26} {read_cells:>11.2%} {read_tiles:>11.2%}")


def werdup_renders(folder: Path | None, seeds: str | None) -> None:
    """The held-back renders of the printed WerdUp set (see bench/werdup_renders.py)."""
    import werdup_renders  # beside this file

    werdup_renders.run(folder, seeds or werdup_renders.HELD_BACK, lexicon=default_lexicon())


def girdle(cam: Camera, lexicon) -> None:
    """One photo of the rules' worked example per hand-writing font."""
    from dataclasses import replace

    from synthetic.camera import photograph
    from synthetic.fonts import hand_fonts
    from synthetic.girdle import EXAMPLE_STEPS, example_puzzle, filled_sheet
    from vision.classifier import hand_classifier
    from vision.girdle_sheet import read_sheet

    puzzle = example_puzzle()
    load = replace(DEFAULT.load, work_long_side=DEFAULT.sheet.work_long_side)
    raw_ok = fixed_ok = letters = scored = 0
    seconds = 0.0
    fonts = hand_fonts()
    for i, font in enumerate(fonts):
        rng = np.random.default_rng(100 + i)
        jpg, _, _ = photograph(filled_sheet(puzzle, list(EXAMPLE_STEPS), font, rng), cam, rng)
        t0 = time.perf_counter()
        reading = read_sheet(DEFAULT, decode_photo(load, jpg), hand_classifier(), lexicon, puzzle)
        seconds += time.perf_counter() - t0
        truth = [[""] * 7 for _ in range(7)]
        for p in EXAMPLE_STEPS:
            for (r, c), ch in zip(p.cells(), p.word, strict=True):
                truth[r - 1][c - 1] = ch
        for r in range(7):
            for c in range(7):
                if truth[r][c]:
                    letters += 1
                    raw_ok += reading.raw[r][c] == truth[r][c]
                    fixed_ok += reading.grid()[r][c] == truth[r][c]
        scored += bool(reading.score) and reading.score["final"] == 24
    print(f"Word Girdle sheets ({len(fonts)} hand-writing fonts, one photo each): hand-written "
          f"letters right {raw_ok / letters:.2%} before and {fixed_ok / letters:.2%} after "
          f"the lexicon; scored exactly (24) {scored}/{len(fonts)}; "
          f"{seconds / len(fonts):.2f} s/photo")


def pdq(cam: Camera, seed: int, deals: int) -> None:
    from companion.pdq.deck import default_deck
    from synthetic.cards import deal_photo
    from vision.cards import read_deal, uncertain_cards

    rng = np.random.default_rng(seed)
    deck = default_deck().cards()
    right = total = listed = 0
    seconds = 0.0
    for k in range(deals):  # dealt from the printed deck, as at the table
        deal = [str(c) for c in rng.permutation(deck)[:3 + k % 2]]
        jpg = deal_photo(deal, rng, cam)
        t0 = time.perf_counter()
        try:
            cards = read_deal(DEFAULT.cards, DEFAULT.cells, shipped_classifier(),
                              decode_photo(DEFAULT.load, jpg), LETTERS)
            right += sum(c.letter == t for c, t in zip(cards, deal, strict=False))
            listed += len(uncertain_cards(cards, DEFAULT.classify.min_confidence))
        except VisionError:
            pass
        seconds += time.perf_counter() - t0
        total += len(deal)
    print(f"PDQ deals ({deals} photos of 3 or 4 printed cards): cards right "
          f"{right / total:.2%}, listed to check {listed}; {seconds / deals:.2f} s/photo")


if __name__ == "__main__":
    main()
