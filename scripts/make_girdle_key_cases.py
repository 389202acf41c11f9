"""Write ``tests/data/girdle/key-cases.json``: each layout family's puzzle of 2026-11-29 with
the sheet the standard search finds for it, the fixed cases from which the answer-key golden
files are drawn (so the tests render a key of every family without running the search).

Usage: python scripts/make_girdle_key_cases.py   (about a minute per crossed family)
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.girdle.generator import family_puzzle  # noqa: E402
from companion.girdle.layouts import layouts  # noqa: E402
from companion.girdle.solver import solve  # noqa: E402

DAY = dt.date(2026, 11, 29)
OUT = ROOT / "tests" / "data" / "girdle" / "key-cases.json"


def main() -> None:
    cases = {}
    for family in layouts():
        puzzle = family_puzzle(DAY, family)
        print(f"{family}: searching ...", file=sys.stderr, flush=True)
        solution = solve(puzzle)
        cases[family] = {"puzzle": puzzle.to_dict(), **solution.to_dict(puzzle)}
        print(f"{family}: par {solution.par}, proven {solution.proven}", file=sys.stderr)
    note = (f"Each layout family's puzzle of {DAY} and the sheet the standard search found "
            "for it (scripts/make_girdle_key_cases.py), fixed cases for the answer-key tests.")
    OUT.write_text(json.dumps({"note": note, "cases": cases}, indent=1) + "\n",
                   encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
