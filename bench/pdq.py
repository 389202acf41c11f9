"""PDQ benchmark: all words for a 3-card deal, median microseconds per deal.

Measured over many random deals from the shuffled deck, for the default lexicon and for big
lists built at run time from Debian's SCOWL lists (english-words.* and american-words.* up to
a size, lowercase a-z: size 80 gives about 243k words, size 95 about 425k), against a plain
regular-expression scan of the same list in the same run. Both must find the same words.

    .venv/bin/python bench/pdq.py [--deals N] [--scan-deals N] [--seed N] [--sizes 80,95]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import time
from pathlib import Path

from companion.lexicon import Lexicon, default_lexicon
from companion.pdq import deck_cards, find_words, get_variant

SCOWL_DIR = Path("/usr/share/dict/scowl")
_WORD = re.compile(r"^[a-z]+$")


def scowl_list(max_size: int = 95) -> Lexicon:
    """Every lowercase a-z word of SCOWL's english-words and american-words up to max_size."""
    words: set[str] = set()
    for path in sorted(SCOWL_DIR.glob("*-words.*")):
        kind, _, size = path.name.partition("-words.")
        if kind in ("english", "american") and size.isdigit() and int(size) <= max_size:
            text = path.read_bytes().decode("latin-1")
            words.update(w for w in text.split() if _WORD.match(w))
    return Lexicon(words, name=f"SCOWL english+american up to {max_size}")


def random_deals(count: int, seed: int) -> list[str]:
    """``count`` 3-card deals, each from a freshly shuffled deck."""
    rng = random.Random(seed)
    deck = deck_cards()
    return ["".join(rng.sample(deck, 3)) for _ in range(count)]


def regex_scan(words: tuple[str, ...], cards: str, minimum: int) -> list[str]:
    """The straightforward way: one regular expression per deal, tried on every word."""
    c = cards.lower()

    def first(letter: str) -> str:
        return "(?:x|ex)" if letter == "x" else letter

    rx = re.compile(f"^(?:{first(c[0])}.*{c[1]}.*{c[2]}|{first(c[2])}.*{c[1]}.*{c[0]})")
    found = [w for w in words if len(w) >= minimum and rx.match(w)]
    return sorted(found, key=lambda w: (-len(w), w))


def median_us(func, deals: list[str]) -> float:
    times = []
    for cards in deals:
        t0 = time.perf_counter()
        func(cards)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def measure(lex: Lexicon, deals: int, scan_deals: int, seed: int) -> None:
    regular = get_variant("regular")
    sample = random_deals(deals, seed)
    find_words("PNA", regular, lex)  # builds the ordered-letter index once
    fast = median_us(lambda c: find_words(c, regular, lex, near_miss_limit=0), sample)
    scan_sample = sample[:scan_deals]
    slow = median_us(lambda c: regex_scan(lex.words, c, 4), scan_sample)
    mismatches = sum(
        find_words(c, regular, lex).words != regex_scan(lex.words, c, 4) for c in scan_sample
    )
    no_word = sum(find_words(c, regular, lex, near_miss_limit=0).no_word for c in sample)
    print(f"{lex.name} ({len(lex):,} words)")
    print(f"  all words per deal:   median {fast:,.0f} us over {deals} deals "
          f"({no_word} of them No Word)")
    print(f"  regex scan per deal:  median {slow:,.0f} us over {scan_deals} deals")
    print(f"  speed-up:             {slow / fast:,.1f}x   (results differ on {mismatches} deals)")
    print(f"  target < 5 ms:        {'met' if fast < 5000 else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals timed per list")
    parser.add_argument("--scan-deals", type=int, default=100, help="deals for the regex scan")
    parser.add_argument("--seed", type=int, default=1, help="seed for the random deals")
    parser.add_argument("--sizes", default="80,95", help="SCOWL sizes of the big lists to build")
    args = parser.parse_args()
    measure(default_lexicon(), args.deals, args.scan_deals, args.seed)
    for size in (int(s) for s in args.sizes.split(",") if s.strip()):
        t0 = time.perf_counter()
        big = scowl_list(size)
        print(f"(built the SCOWL-{size} list in {time.perf_counter() - t0:.1f} s)")
        measure(big, args.deals, args.scan_deals, args.seed)


if __name__ == "__main__":
    main()
