"""CAD benchmark: cold and warm (cached) build of the whole WerdUp set, per part.

    .venv/bin/python bench/cad_build.py [--slice]

Cold builds into an empty cache; warm repeats with the cache filled. ``--slice`` also times
PrusaSlicer on the printable parts and prints its print-time and filament estimates.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runs without PYTHONPATH=.

from cad.build import PARTS, build  # noqa: E402
from cad.params import SetParams  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slice", action="store_true", help="also slice with PrusaSlicer")
    args = parser.parse_args()
    params = SetParams()
    with tempfile.TemporaryDirectory() as tmp:
        cache, out = Path(tmp) / "cache", Path(tmp) / "out"
        cold = {}
        for part in PARTS:
            t0 = time.perf_counter()
            build(params, out, (part,), cache_dir=cache)
            cold[part] = time.perf_counter() - t0
        t0 = time.perf_counter()
        build(params, Path(tmp) / "warm", cache_dir=cache)
        warm = time.perf_counter() - t0
        files = sum(1 for p in out.rglob("*") if p.is_file())
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        print(f"cold build, whole set: {sum(cold.values()):6.1f} s  ({files} files, "
              f"{size / 1e6:.1f} MB)")
        for part, s in cold.items():
            print(f"  {part:<10} {s:6.1f} s")
        print(f"warm build (cached):   {warm:6.2f} s")
        if args.slice:
            t0 = time.perf_counter()
            result = build(params, out, cache_dir=cache, slice_parts=True)
            print(f"slicing (2 at a time): {time.perf_counter() - t0:6.1f} s")
            for name, rep in result.slicer.items():
                print(f"  {name:<20} {rep['time']:>8}  {rep['filament_g']:6.1f} g")


if __name__ == "__main__":
    main()
