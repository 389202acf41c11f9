"""Lexicon benchmark: load time, memory, membership and letters-in-order query rates, and the
time to find the words close to a misspelt word (and a whole reason for a word the list lacks).

    .venv/bin/python bench/lexicon.py [--lexicon FILE]
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc

from companion.lexicon import (
    ALPHABET,
    Lexicon,
    absence,
    default_lexicon,
    is_subsequence,
    load_lexicon,
)
from companion.lexicon.spelling import near_words


def misspelt(word: str, edits: int, rng: random.Random) -> str:
    """``word`` with ``edits`` random slips: two neighbours swapped, a letter dropped, added
    or changed."""
    for _ in range(edits):
        i = rng.randrange(len(word))
        kind = rng.randrange(4)
        if kind == 0 and i + 1 < len(word):
            word = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        elif kind == 1 and len(word) > 2:
            word = word[:i] + word[i + 1:]
        elif kind == 2:
            word = word[:i] + rng.choice(ALPHABET) + word[i:]
        else:
            word = word[:i] + rng.choice(ALPHABET) + word[i + 1:]
    return word


def timed(calls: list, run) -> list[float]:
    """Milliseconds of CPU each call of ``run`` on the items of ``calls`` took, sorted (CPU
    time: the development machine is shared, and other work's load stretches wall time)."""
    out = []
    for item in calls:
        t0 = time.thread_time()
        run(item)
        out.append((time.thread_time() - t0) * 1000)
    return sorted(out)


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
    _ = copy.letter_counts
    counts_mem = tracemalloc.get_traced_memory()[0] - total_mem
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

    t0 = time.perf_counter()
    _ = lex.letter_counts  # the table the search two edits away sums over
    counts_s = time.perf_counter() - t0
    long = [w for w in words if len(w) >= 4]
    typos = [t for t in (misspelt(rng.choice(long), 1 + (i % 2), rng) for i in range(600))
             if t not in lex]
    absence(typos[0], lex)  # the dictionary's exception lists, read once
    near_ms = timed(typos, lambda t: near_words(t, lex))
    found_near = sum(1 for t in typos if near_words(t, lex))
    two = [t for t in typos if len(t) >= 7 and not near_words(t, lex, limit=1)]
    two_ms = timed(two, lambda t: near_words(t, lex))
    for t in typos[:200]:  # the dictionary's index tables, built after 32 look-ups each
        absence(t, lex)
    reason_ms = timed(typos[200:], lambda t: absence(t, lex))

    def spread(ms: list[float]) -> str:
        return (f"median {ms[len(ms) // 2]:.2f} ms, 99th percentile "
                f"{ms[int(len(ms) * 0.99)]:.2f} ms, slowest {ms[-1]:.2f} ms of CPU")

    print(f"lexicon:                 {lex.name} ({len(lex)} words)")
    print(f"load time:               {load_s * 1000:.1f} ms")
    print(f"ordered-letter index:    {index_s * 1000:.1f} ms (built on first use)")
    print(f"memory after load:       {load_mem / 1e6:.1f} MB (with index {total_mem / 1e6:.1f} MB)")
    print(f"membership look-ups:     {member_rate:,.0f} per second ({hits} hits)")
    print(f"letters-in-order (3):    {order_rate:,.0f} queries per second ({found} words found)")
    print(f"  plain scan, for scale: {scan_rate:,.1f} queries per second ({found_scan} words)")
    print(f"letter-count table:      {counts_s * 1000:.1f} ms (built on first use), "
          f"{counts_mem / 1e6:.1f} MB")
    print(f"near words:              {spread(near_ms)} ({len(typos)} misspelt words, "
          f"{found_near} with near words)")
    print(f"  searched two edits:    {spread(two_ms)} ({len(two)} words of 7+ letters)")
    print(f"  whole reason:          {spread(reason_ms)} (absence, with the dictionary, "
          f"{len(reason_ms)} words)")


if __name__ == "__main__":
    main()
