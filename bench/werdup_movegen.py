"""Benchmark: all WerdUp plays for a 7-tile rack on mid-game boards with stacks.

Positions come from seeded self-play games stopped after 14 turns. Prints, per position, the
number of stacked squares, the number of legal plays for the dealt rack and for AEILRST, and
the median time over repeated runs.
Run: ``python bench/werdup_movegen.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from companion.lexicon import default_lexicon
from companion.werdup.game import Game
from companion.werdup.movegen import generate_plays
from companion.werdup.rules import get_rules
from companion.werdup.selfplay import take_turn

TURNS = 14
REPEATS = 9
RICH_RACK = "AEILRST"  # a rack with many plays, beside the rack the game dealt


def mid_game(seed: int, rules_name: str) -> Game:
    game = Game.start(["ann", "bob"], get_rules(rules_name), default_lexicon(), random.Random(seed))
    for _ in range(TURNS):
        if game.over:
            break
        take_turn(game)
    return game


def main() -> None:
    lexicon = default_lexicon()
    lexicon.has_prefix("a")
    medians: list[float] = []
    cpu_medians: list[float] = []
    for rules_name in ("werdup", "upwords"):
        for seed in range(1, 6):
            game = mid_game(seed, rules_name)
            stacked = sum(1 for r, c, _ in game.board.squares() if game.board.height(r, c) > 1)
            tiles = sum(1 for _ in game.board.squares())
            for rack in (game.rack(), list(RICH_RACK)):
                times, cpu = [], []
                for _ in range(REPEATS):
                    t0, c0 = time.perf_counter(), time.process_time()
                    plays = generate_plays(game.board, rack, game.rules, lexicon)
                    times.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.process_time() - c0) * 1000)
                med = statistics.median(times)
                medians.append(med)
                cpu_medians.append(statistics.median(cpu))
                print(
                    f"{rules_name:8s} seed {seed}: {tiles:2d} squares covered, {stacked:2d} "
                    f"stacks, rack {''.join(rack):9s} {len(plays):4d} plays, median "
                    f"{med:6.1f} ms (min {min(times):5.1f}, max {max(times):5.1f}; "
                    f"CPU {cpu_medians[-1]:5.1f} ms)"
                )
    print(f"median over all positions: {statistics.median(medians):.1f} ms "
          f"(CPU {statistics.median(cpu_medians):.1f} ms); worst position median: "
          f"{max(medians):.1f} ms (CPU {max(cpu_medians):.1f} ms)")


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help
    main()
