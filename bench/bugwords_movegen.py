"""Bug Words move generator benchmark: every play for a rack on a mid-game board.

    .venv/bin/python bench/bugwords_movegen.py [--runs N] [--lexicon FILE]

Prints, for racks without blanks and with two blanks, the plays found and the median time
of N runs (wall clock and process CPU time: on a busy machine the CPU figure is steadier).
"""

from __future__ import annotations

import argparse
import statistics
import time

from companion.board import Board
from companion.bugwords.movegen import generate_moves, word_trie
from companion.bugwords.rules import default_rules
from companion.lexicon import default_lexicon, load_lexicon

# Source: the position after the 12th move of tests/data/gcg/selfplay-2p-seed1.gcg (engine
# self-play, seed 1): 54 tiles; the lower-case e is a blank.
MID_GAME = """\
...............
...............
......C........
...C..O........
...O.SPARKER...
.FILTHY........
.ANOA..........
...GRAZED......
...N...........
...E.WANE......
...SLAW........
.....DENTURe...
..HIRED........
QUO............
IT.............
"""

RACKS_PLAIN = ["AEINRST", "EIORSTU", "DGILNOR", "ACEHLMS"]
RACKS_TWO_BLANKS = ["AEINR??", "EST??RA", "DGLNO??"]


def measure(board: Board, rack: str, lexicon, runs: int) -> tuple[int, float, float, str]:
    """(plays, median wall ms, median CPU ms, best play)."""
    wall, cpu = [], []
    moves = None
    for _ in range(runs):
        w0, c0 = time.perf_counter(), time.process_time()
        moves = generate_moves(board, rack, lexicon)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    assert moves is not None
    best = f"{moves[0].position} {moves[0].record_word} {moves[0].score}" if len(moves) else "-"
    return len(moves), statistics.median(wall) * 1000, statistics.median(cpu) * 1000, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per rack (default 7)")
    parser.add_argument("--lexicon", help="word list to use (default: built-in list)")
    args = parser.parse_args()

    lexicon = load_lexicon(args.lexicon) if args.lexicon else default_lexicon()
    rules = default_rules()
    board = Board.from_text(MID_GAME, rules.layout.rows, rules.layout.cols)
    t0 = time.perf_counter()
    word_trie(lexicon, rules.min_word_length)
    print(f"lexicon: {lexicon.name}, {len(lexicon)} words; letter trie built once in "
          f"{(time.perf_counter() - t0) * 1000:.0f} ms")
    print(f"mid-game board: {sum(1 for _ in board.squares())} tiles; median of {args.runs} runs")
    print(f"{'rack':<9} {'plays':>6} {'wall ms':>8} {'cpu ms':>7}  best play")
    for title, racks in (("no blanks", RACKS_PLAIN), ("two blanks", RACKS_TWO_BLANKS)):
        print(f"-- {title}")
        for rack in racks:
            plays, wall_ms, cpu_ms, best = measure(board, rack, lexicon, args.runs)
            print(f"{rack:<9} {plays:>6} {wall_ms:>8.1f} {cpu_ms:>7.1f}  {best}")


if __name__ == "__main__":
    main()
