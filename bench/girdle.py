"""Word Girdle benchmark: generate and solve consecutive daily puzzles; print time, par, proof.

Usage: python bench/girdle.py [--start 2026-12-01] [--days 30] [--time-budget S]

Each date gets the standard search (the same work on every machine); ``--time-budget`` is only
a safety stop, and a date it cuts short is marked "cut".
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import time
from pathlib import Path

# run the checkout this script belongs to, not an installed copy
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.girdle import play_all, puzzle_for  # noqa: E402
from companion.girdle.solver import solve  # noqa: E402
from companion.lexicon import default_lexicon  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--start", default="2026-12-01", help="first date (YYYY-MM-DD)")
    ap.add_argument("--days", type=int, default=30, help="how many consecutive dates")
    ap.add_argument("--time-budget", type=float, default=None,
                    help="safety stop per date, seconds (default: none)")
    args = ap.parse_args()
    default_lexicon()
    start = dt.date.fromisoformat(args.start)
    gen_times, solve_times, proven = [], [], 0
    print(f"{'date':<11} {'#':>5} {'gen s':>6} {'solve s':>8} {'par':>4} {'bound':>5} "
          f"{'proven':>6} {'nodes':>8}")
    cut = 0
    for d in range(args.days):
        day = start + dt.timedelta(days=d)
        t0 = time.perf_counter()
        pz = puzzle_for(day)
        t1 = time.perf_counter()
        sol = solve(pz, time_budget=args.time_budget)
        t2 = time.perf_counter()
        _, card = play_all(pz, sol.placements)
        assert card.final == sol.par, (day, card.final, sol.par)
        gen_times.append(t1 - t0)
        solve_times.append(t2 - t1)
        proven += sol.proven
        cut += not sol.complete
        print(f"{day.isoformat():<11} {pz.number:>5} {t1 - t0:>6.1f} {t2 - t1:>8.1f} "
              f"{sol.par:>4} {sol.upper_bound:>5} {'yes' if sol.proven else 'no':>6} "
              f"{sol.nodes:>8}{'' if sol.complete else ' cut'}", flush=True)
    print(f"proven {proven}/{args.days}; cut short {cut}; solve time median "
          f"{statistics.median(solve_times):.1f} s, max {max(solve_times):.1f} s; "
          "generation median "
          f"{statistics.median(gen_times):.1f} s")


if __name__ == "__main__":
    main()
