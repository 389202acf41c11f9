"""Word Girdle benchmark: puzzles of each layout family over consecutive dates, solved the
standard way; prints per date the time, par, bound and proof, then per family proven/total,
median and max solve time and the gap of the old (Lagrangian) bound above par.

Usage: python bench/girdle.py [--start 2026-12-01] [--days 30] [--families star,frame,...]
                              [--daily] [--time-budget S]

``--daily`` solves the daily puzzles (``puzzle_for``, whose family changes from day to day)
instead of one puzzle per family and date; the summary is then per family of the days.
Note the machine's load (``uptime``) beside the figures: the machine is shared.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

# run the checkout this script belongs to, not an installed copy
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.girdle import complete_sheet, puzzle_for  # noqa: E402
from companion.girdle.generator import daily_family, family_puzzle  # noqa: E402
from companion.girdle.layouts import layouts  # noqa: E402
from companion.girdle.moves import word_index  # noqa: E402
from companion.girdle.solver import _root_bound, solve  # noqa: E402
from companion.lexicon import default_lexicon  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--start", default="2026-12-01", help="first date (YYYY-MM-DD)")
    ap.add_argument("--days", type=int, default=30, help="how many consecutive dates")
    ap.add_argument("--families", default=",".join(layouts()),
                    help="comma-separated layout families (default: all)")
    ap.add_argument("--daily", action="store_true", help="the daily puzzles instead")
    ap.add_argument("--time-budget", type=float, default=None,
                    help="safety stop per puzzle, seconds (default: none)")
    args = ap.parse_args()
    lex = default_lexicon()
    start = dt.date.fromisoformat(args.start)
    families = ["daily"] if args.daily else args.families.split(",")
    print(f"load average at start: {os.getloadavg()[0]:.1f} (2 cores, shared)")
    print(f"{'family':<13} {'date':<11} {'solve s':>8} {'par':>4} {'bound':>5} {'old':>5} "
          f"{'proven':>6}")
    rows: dict[str, list[tuple[float, int, bool]]] = {}
    for fam in families:
        for d in range(args.days):
            day = start + dt.timedelta(days=d)
            pz = puzzle_for(day) if fam == "daily" else family_puzzle(day, fam)
            name = f"daily {daily_family(day)}" if fam == "daily" else fam
            t0 = time.perf_counter()
            sol = solve(pz, time_budget=args.time_budget, lexicon=lex)
            t1 = time.perf_counter()
            if sol.placements:
                card = complete_sheet(pz, sol.placements, lexicon=lex)[2]
                assert card.final == sol.par, (fam, day, card.final, sol.par)
            index = word_index(lex, pz.min_length, pz.max_length)  # the solver's (cached)
            old = _root_bound(pz, index, sol.par, None)
            rows.setdefault(name, []).append((t1 - t0, old - sol.par, sol.proven))
            print(f"{name:<13} {day.isoformat():<11} {t1 - t0:>8.1f} {sol.par:>4} "
                  f"{sol.upper_bound:>5} {old:>5} {'yes' if sol.proven else 'no':>6}"
                  f"{'' if sol.complete else ' cut'}", flush=True)
    print(f"load average at end: {os.getloadavg()[0]:.1f}")
    for name, got in rows.items():
        times = [t for t, _, _ in got]
        print(f"{name}: proven {sum(p for _, _, p in got)}/{len(got)}; solve time median "
              f"{statistics.median(times):.1f} s, max {max(times):.1f} s; old bound above par "
              f"by {statistics.median(g for _, g, _ in got):.0f} (median)")


if __name__ == "__main__":
    main()
