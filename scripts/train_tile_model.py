"""Rebuild the letter models shipped in vision/data (deterministic for a given seed).

    python scripts/train_tile_model.py [--model tile|hand|turn|all] [--out FOLDER] [--seed N]
"""

from __future__ import annotations

import argparse
import json
import time
from importlib import resources
from pathlib import Path

from synthetic.training import build, build_hand, build_turn
from vision.config import DEFAULT


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", help="folder for the model (default: vision/data)")
    ap.add_argument("--seed", type=int, default=7, help="random seed for renders and training")
    ap.add_argument("--per-font", type=int, default=16,
                    help="distorted renders per letter and font")
    ap.add_argument("--model", choices=("tile", "hand", "turn", "all"), default="all",
                    help="which model to rebuild: tile letters, hand-writing, turned tile "
                    "letters, or all three")
    args = ap.parse_args()
    t0 = time.perf_counter()
    out = Path(args.out) if args.out else Path(str(resources.files("vision") / "data"))
    for name, builder in (("tile", build), ("hand", build_hand), ("turn", build_turn)):
        if args.model in (name, "all"):
            clf, meta = builder(DEFAULT.cells, seed=args.seed, per_font=args.per_font)
            clf.save(out, meta, prefix=name)
            print(name, json.dumps(meta, indent=1))
    print(f"saved to {out} in {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
