"""WerdUp stacks from one photo, on held-back renders of the printed set (tools/render).

The renders are made with seeds no test and no tuning uses (9001-9058 by default, 9041 and
9042 straight down) and kept in a cache folder; missing ones, those made from older CAD
meshes (the tiles changed since), and those kept with a position or camera today's code no
longer draws for their seed (the position is a game the engine plays from the seed, so an
engine or word-list change draws other photos) are rendered first (Blender, about half a
minute each), and the benchmark says how many and why.
Each is scaled up to a 12-megapixel JPEG, as a phone would save it, and timed from the
JPEG's bytes to the reading (CPU seconds of this process).

    python bench/vision_reading.py --werdup-renders [--renders DIR] [--render-seeds 9001-9058]
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import cv2
import numpy as np

from companion.paths import user_cache_dir

HELD_BACK = "9001-9058"
STRAIGHT_DOWN = "9041,9042"


def default_folder() -> Path:
    if os.environ.get("COMPANION_RENDER_CACHE"):
        return Path(os.environ["COMPANION_RENDER_CACHE"]) / "held-back"
    return user_cache_dir() / "render" / "held-back"


def twelve_megapixels(path: Path) -> bytes:
    """The render scaled up to 4000 x 3000 and saved as a JPEG (quality 90)."""
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    big = cv2.resize(img, (4000, 3000), interpolation=cv2.INTER_CUBIC)
    ok, buf = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    if not ok:
        raise ValueError(f"{path}: cannot encode")
    return buf.tobytes()


FALSE_DOUBTS = ("may stand, empty", "letter, empty", "not seen, in view")


def letter_in_view(reading, board, row: int, col: int) -> bool:
    """Whether the letter on the top of the stack on (row, col) of ``board`` (the truth) is in
    full view of the camera the reading found: no nearer, taller stack of ``board`` covers any
    of the letter's box (the photo outlines the reader uses for its own stacks)."""
    from companion.layout.werdup_board import WERDUP_BOARD as LAYOUT
    from vision.werdup_read import STACKS
    from vision.werdup_stacks import _covered_share, _face_polygon, _stack_polygon

    pose, height = reading.pose, board.height(row, col)
    z = LAYOUT.stack_top(height)
    cx, cy = LAYOUT.cell_center(row, col)
    depth = float(pose.depth(np.array([[cx, cy, z]]))[0])
    blockers = []
    for r in range(max(0, row - 2), min(10, row + 3)):
        for c in range(max(0, col - 2), min(10, col + 3)):
            h = board.height(r, c) if board.get(r, c) else 0
            if (r, c) == (row, col) or h <= height:
                continue
            x, y = LAYOUT.cell_center(r, c)
            if float(pose.depth(np.array([[x, y, LAYOUT.stack_top(h)]]))[0]) < depth:
                blockers.append(_stack_polygon(pose, LAYOUT, r, c, h))
    box = _face_polygon(pose, LAYOUT, row, col, z, STACKS.letter_box)
    return _covered_share(box, blockers) == 0.0


def score(reading, board) -> dict:
    """Per photo: occupied cells, heights right, letters right, and wrong cells not listed
    (a cell is listed when its letter is uncertain, its height doubtful, its face not seen,
    or its height not given); and the doubts the photo does not call for (``FALSE_DOUBTS``):
    "a tile may stand here" on an empty square, an empty square listed with a letter (read
    as one, or read empty and offering one), and a tile whose letter no taller stack hides
    (:func:`letter_in_view`) listed as not seen (hidden, or its letter not made out; a
    letter half in a deep shadow is counted here)."""
    grid, heights = reading.grid(), reading.heights()
    listed = ({(u.row, u.col) for u in reading.uncertain} | set(reading.not_seen)
              | set(reading.doubtful_heights)
              | {(r, c) for r in range(10) for c in range(10) if heights[r][c] is None})
    out = {"stacks": 0, "heights": 0, "letters": 0, "unlisted": 0, "not seen": 0,
           "doubtful height": 0, "uncertain letter": 0, **dict.fromkeys(FALSE_DOUBTS, 0)}
    doubtful = set(reading.doubtful_heights)
    unsure = {(u.row, u.col) for u in reading.uncertain}
    unreadable = {(s.row, s.col) for s in reading.stacks if s.unreadable}
    for r in range(10):
        for c in range(10):
            truth = board.get(r, c) or ""
            ok_letter = grid[r][c] == truth
            ok_height = heights[r][c] == board.height(r, c)
            if truth:
                out["stacks"] += 1
                out["heights"] += ok_height
                out["letters"] += ok_letter
                if (r, c) in reading.not_seen:
                    out["not seen"] += 1
                    out["not seen, in view"] += letter_in_view(reading, board, r, c)
                elif not ok_height and (r, c) in doubtful and reading.heights_seen:
                    out["doubtful height"] += 1
                elif not ok_letter and (r, c) in unsure:
                    out["uncertain letter"] += 1
            else:
                out["may stand, empty"] += (r, c) in unreadable
                # read as a letter and listed, or read empty and listed offering a letter
                out["letter, empty"] += (r, c) in unsure or bool(grid[r][c]) and (r, c) in listed
            if not (ok_letter and ok_height) and (r, c) not in listed:
                out["unlisted"] += 1
    return out


def doubts_line(s: dict) -> str:
    """The doubts the photos did not call for, as the benchmark prints them."""
    return (f"  doubts the photo does not call for: {s['may stand, empty']} \"a tile may "
            f"stand here\" on an empty square, {s['letter, empty']} empty squares listed with "
            f"a letter, {s['not seen, in view']} tiles whose letter no taller stack hides listed "
            f"as not seen or not made out")


def stale_said(missing: list[int], older_meshes: list[int], redrawn: list[int]) -> str:
    """How many renders are made again, and why, as the benchmark says it ("" for none)."""
    from companion.text import count_shown, noun_for

    redrawn_why = (f"kept with a position or camera today's code no longer draws for "
                   f"{noun_for(len(redrawn), 'its seed', 'their seed')} (the engine or the "
                   "word list changed the game since)")
    why = [f"{count_shown(len(seeds))} {reason}" for seeds, reason in (
        (missing, "missing"), (older_meshes, "made from older CAD meshes"),
        (redrawn, redrawn_why)) if seeds]
    return "; ".join(why)


def bring_up_to_date(wanted: list[int], folder: Path, tilts: dict[int, float]) -> list[int]:
    """Render again the renders of ``wanted`` in ``folder`` that are missing, made from older
    CAD meshes, or kept with a truth today's code no longer draws for their seed, saying how
    many and why; returns those seeds."""
    from companion.lexicon import default_lexicon
    from companion.text import counted
    from tools.render.rig import drawn_otherwise, make_set, stale

    lexicon = default_lexicon()  # the word list make_set plays the positions with
    by_meshes = set(stale(wanted, folder))
    redrawn = set(drawn_otherwise([s for s in wanted if s not in by_meshes], folder, lexicon,
                                  tilts=tilts))
    missing = [s for s in wanted if not (folder / f"render-{s}.jpg").is_file()]
    again = [s for s in wanted if s in by_meshes or s in redrawn]
    if again:
        older = [s for s in wanted if s in by_meshes and s not in missing]
        print(f"rendering {counted(len(again), 'held-back photo')} into {folder} (Blender): "
              f"{stale_said(missing, older, sorted(redrawn))}...", flush=True)
        make_set(again, folder, tilts=tilts, lexicon=lexicon)
    return again


def run(folder: Path | None = None, seeds: str = HELD_BACK, straight_down: str = STRAIGHT_DOWN,
        lexicon=None) -> None:
    from tools.render.__main__ import seed_list
    from tools.render.rig import load_truth
    from vision.classifier import shipped_classifier
    from vision.config import DEFAULT
    from vision.imageio import decode_photo
    from vision.werdup_read import STACKS
    from vision.werdup_stacks import read_stacks

    folder = folder or default_folder()
    wanted = seed_list(seeds)
    bring_up_to_date(wanted, folder, {s: 0.0 for s in seed_list(straight_down)})
    clf = shipped_classifier()
    print(f"{len(wanted)} held-back renders of the 3D-printed set ({folder}), each scaled to "
          "a 12-megapixel JPEG")
    print(f"{'photo':16} {'tilt':>5} {'light':10} {'stacks':>6} {'heights':>8} {'letters':>8} "
          f"{'wrong,unlisted':>14} {'false doubts':>12} {'CPU s':>6} {'wall s':>6}")
    seen = {"stacks": 0, "heights": 0, "letters": 0, "unlisted": 0, "not seen": 0,
            "doubtful height": 0, "uncertain letter": 0, **dict.fromkeys(FALSE_DOUBTS, 0)}
    flat = dict(seen)
    seconds, walls = [], []
    down_said = down = 0
    for seed in wanted:
        path = folder / f"render-{seed}.jpg"
        board, info = load_truth(path)
        data = twelve_megapixels(path)
        t0, w0 = time.process_time(), time.perf_counter()
        image = decode_photo(DEFAULT.load, data)
        reading = read_stacks(STACKS, DEFAULT.cells, DEFAULT.classify, image, clf, lexicon)
        seconds.append(time.process_time() - t0)
        walls.append(time.perf_counter() - w0)
        s = score(reading, board)
        into = seen if reading.heights_seen else flat
        for k in s:
            into[k] += s[k]
        if info["tilt"] < STACKS.min_tilt:
            down += 1
            down_said += not reading.heights_seen
        heights = f"{s['heights']}" if reading.heights_seen else "not seen"
        print(f"{path.name:16} {info['tilt']:5.0f} {info['light']:10} {s['stacks']:6d} "
              f"{heights:>8} {s['letters']:8d} {s['unlisted']:14d} "
              f"{sum(s[k] for k in FALSE_DOUBTS):12d} {seconds[-1]:6.2f} {walls[-1]:6.2f}")
    print(f"photos at an angle (heights seen): {seen['stacks']} stacks, heights right "
          f"{seen['heights'] / max(seen['stacks'], 1):.2%}, letters right "
          f"{seen['letters'] / max(seen['stacks'], 1):.2%}, wrong and unlisted {seen['unlisted']}")
    print(f"  stacks read wrong there: {seen['not seen']} listed as not seen (hidden or "
          f"letter not made out), {seen['doubtful height']} with a doubtful height, "
          f"{seen['uncertain letter']} with an uncertain letter")
    print(doubts_line(seen))
    print(f"photos nearly straight down (tilt under {STACKS.min_tilt:.0f} degrees): {down}, "
          f"of which {down_said} say the heights cannot be seen; letters right "
          f"{flat['letters'] / max(flat['stacks'], 1):.2%} of {flat['stacks']} stacks, "
          f"wrong and unlisted {flat['unlisted']}")
    print(doubts_line(flat))
    total = {k: seen[k] + flat[k] for k in seen}
    print(f"all photos: heights right {total['heights'] / max(total['stacks'], 1):.2%} (not "
          f"seen counts as wrong), letters right {total['letters'] / max(total['stacks'], 1):.2%}"
          f"; CPU per 12-MP photo: median {np.median(seconds):.2f} s, max {max(seconds):.2f} s "
          f"(wall: median {np.median(walls):.2f} s on a shared machine)")


if __name__ == "__main__":  # a part of another benchmark
    raise SystemExit("bench/werdup_renders.py is run by bench/vision_reading.py: "
                     "PYTHONPATH=. .venv/bin/python bench/vision_reading.py --werdup-renders")
