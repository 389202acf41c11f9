"""``python -m tools.render make --seeds A-B --out DIR``: render WerdUp photos with truth."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.render.blender import BlenderError
from tools.render.scene import RigLimits, colour_names


def seed_list(text: str) -> list[int]:
    """``"100-103,200"`` -> ``[100, 101, 102, 103, 200]``."""
    out: list[int] = []
    try:
        for part in text.split(","):
            a, _, b = part.strip().partition("-")
            out.extend(range(int(a), int(b or a) + 1))
    except ValueError:
        raise SystemExit(f"seeds must look like 100-111 or 5,7,9; got {text!r}") from None
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.render",
                                 description="Render photos of the 3D-printed WerdUp set.")
    sub = ap.add_subparsers(dest="command", required=True)
    mk = sub.add_parser("make", help="render a set of seeds (skips those already made)")
    mk.add_argument("--seeds", required=True, help="e.g. 100-111 or 5,7,9")
    mk.add_argument("--out", required=True, type=Path, help="folder for the JPEGs and truth")
    mk.add_argument("--size", default="1200x900", help="picture size (default 1200x900)")
    mk.add_argument("--samples", type=int, default=8, help="Cycles samples (default 8)")
    mk.add_argument("--straight-down", metavar="SEEDS", default="",
                    help="seeds photographed straight down (tilt 0)")
    mk.add_argument("--threads", type=int, default=1, help="render threads (default 1)")
    mk.add_argument("--colours", metavar="BODY,LETTERS,BOARD", default=None,
                    help="the set's PLA colours instead of the seed's, e.g. "
                         "silver,black,charcoal")
    args = ap.parse_args(argv)
    from tools.render.rig import make_set

    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
        limits = RigLimits(width=w, height=h, samples=args.samples)
    except ValueError as exc:
        print(f"bad --size or --samples: {exc}", file=sys.stderr)
        return 2
    try:
        colours = None if args.colours is None else colour_names(args.colours)
    except ValueError as exc:
        print(f"bad --colours: {exc}", file=sys.stderr)
        return 2
    tilts = {s: 0.0 for s in seed_list(args.straight_down)} if args.straight_down else {}
    try:
        make_set(seed_list(args.seeds), args.out, limits, tilts, args.threads,
                 colours=colours)
    except BlenderError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
