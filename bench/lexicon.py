"""Lexicon benchmark: load time, memory, membership and letters-in-order query rates.

    .venv/bin/python bench/lexicon.py [--lexicon FILE]
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc

from companion.lexicon import Lexicon, default_lexicon, is_subsequence, load_lexicon


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicon", help="word list to measure (default: built-in list)")
    args = parser.parse_args()

    t0 = time.perf_counter()
    lex: Lexicon = load_lexicon(args.lexicon) if args.lexicon else default_lexicon()
    load_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    lex.in_order_mask("a")  # builds the ordered-letter index
    index_s = time.perf_counter() - t0

    # memory, measured on a second copy (tracing slows everything down, so not timed)
    tracemalloc.start()
    copy = Lexicon(lex.words, lex.name)
    load_mem = tracemalloc.get_traced_memory()[0]
    copy.in_order_mask("a")
    total_mem = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del copy

    rng = random.Random(7)
    words = list(lex.words)
    probes = [rng.choice(words) for _ in range(100_000)]
    probes += ["".join(rng.choice("abcdefghij") for _ in range(6)) for _ in range(100_000)]
    t0 = time.perf_counter()
    hits = sum(1 for w in probes if w in lex)
    member_rate = len(probes) / (time.perf_counter() - t0)

    letters = "abcdefghiklmnoprstuw"
    queries = ["".join(rng.choice(letters) for _ in range(3)) for _ in range(300)]
    t0 = time.perf_counter()
    found = sum(len(lex.containing_in_order(q)) for q in queries)
    order_rate = len(queries) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    found_scan = sum(sum(1 for w in words if is_subsequence(q, w)) for q in queries[:30])
    scan_rate = 30 / (time.perf_counter() - t0)

    print(f"lexicon:                 {lex.name} ({len(lex)} words)")
    print(f"load time:               {load_s * 1000:.1f} ms")
    print(f"ordered-letter index:    {index_s * 1000:.1f} ms (built on first use)")
    print(f"memory after load:       {load_mem / 1e6:.1f} MB (with index {total_mem / 1e6:.1f} MB)")
    print(f"membership look-ups:     {member_rate:,.0f} per second ({hits} hits)")
    print(f"letters-in-order (3):    {order_rate:,.0f} queries per second ({found} words found)")
    print(f"  plain scan, for scale: {scan_rate:,.1f} queries per second ({found_scan} words)")


if __name__ == "__main__":
    main()
