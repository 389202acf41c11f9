"""Bug Words move generation side by side with the npm package scrabble-solver (2.18.4).

    .venv/bin/python bench/movegen_peers.py [--runs N] [--lexicon FILE]

Needs Node.js and npm. The first run fetches the peer with ``npm pack`` into
``.cache/movegen-peers/`` (not part of the project: it is under its own licence) and wires its
packages up as local node modules. Both engines get the same word list (the words of two or
more letters), the script checks they play the same game (premium squares, start square,
letter values, bingo) square by square, then times both in their own process: CPU time,
median of N runs after a warm-up, word-list loading timed apart. The cases are the empty board
and seven positions replayed from ``tests/data/gcg/``, each with six racks (two with two
blanks). Every play and score is compared case by case; the table ends with the geometric mean
of the CPU-time ratio (this project / peer), for all cases and for racks with and without
blanks, and for our plays with every ``Move`` object made. Exit status 1 if any case differs.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from pathlib import Path

from companion.board import Board, is_blank, tile_letters
from companion.bugwords.gcg import parse_gcg
from companion.bugwords.movegen import generate_moves, word_trie
from companion.bugwords.replay import replay
from companion.bugwords.rules import BugWordsRules, default_rules
from companion.lexicon import Lexicon, default_lexicon, load_lexicon

ROOT = Path(__file__).resolve().parent.parent
PEER = "scrabble-solver"
PEER_VERSION = "2.18.4"
CACHE = ROOT / ".cache" / "movegen-peers"
RUNNER = Path(__file__).resolve().parent / "movegen_peers.js"
GCG = ROOT / "tests" / "data" / "gcg"

# (record, moves replayed; None = the whole record)
POSITIONS = [
    ("selfplay-2p-seed1.gcg", 6),
    ("selfplay-2p-seed1.gcg", 12),
    ("selfplay-2p-seed7.gcg", 8),
    ("selfplay-2p-seed7.gcg", None),
    ("selfplay-3p-seed3.gcg", 10),
    ("selfplay-3p-seed3.gcg", None),
    ("handmade-features.gcg", None),
]
RACKS = ["AEINRST", "EIORSTU", "DGILNOR", "ACEHLMS", "AEINR??", "EST??RA"]

# The peer's packages inside its tarball, and the module names its code requires them by.
PEER_MODULES = {
    "@kamilmielnik/gaddag": "gaddag",
    "@scrabble-solver/constants": "constants",
    "@scrabble-solver/types": "types",
    "@scrabble-solver/configs": "configs",
    "@scrabble-solver/solver": "solver",
}


def prepare_peer() -> Path:
    """The unpacked peer with its packages reachable as node modules (fetched once)."""
    root = CACHE / f"{PEER}-{PEER_VERSION}"
    if (root / "ready").exists():
        return root
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            sys.exit(f"movegen_peers: {tool} is not installed; this benchmark needs Node.js")
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    print(f"fetching {PEER}@{PEER_VERSION} with npm pack into {root}", file=sys.stderr)
    done = subprocess.run(
        ["npm", "pack", f"{PEER}@{PEER_VERSION}", "--silent"],
        cwd=root, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        sys.exit(f"movegen_peers: npm pack failed: {done.stderr.strip()}")
    tarball = root / done.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4+: refuse odd paths in the archive
            tar.extractall(root, filter="data")
        else:
            tar.extractall(root)
    tarball.unlink()
    for module, folder in PEER_MODULES.items():
        target = root / "package" / "packages" / folder / "build" / "index.js"
        if not target.exists():
            sys.exit(f"movegen_peers: the tarball has no {target.relative_to(root)}")
        shim = root / "node_modules" / module
        shim.mkdir(parents=True)
        rel = Path("..", "..", "..", target.relative_to(root)).as_posix()  # from @scope/name
        (shim / "index.js").write_text(f"module.exports = require('{rel}');\n")
    (root / "ready").write_text(f"{PEER}@{PEER_VERSION}\n")
    return root


def positions() -> list[tuple[str, Board]]:
    """The empty board and the replayed positions, with a name for each."""
    out = [("empty board", Board())]
    for name, moves in POSITIONS:
        record = parse_gcg((GCG / name).read_text())
        if moves is not None:
            record.moves = record.moves[:moves]
        label = name.removesuffix(".gcg") + (f" after {moves}" if moves else " (end)")
        out.append((label, replay(record).board))
    return out


def board_rows(board: Board) -> list[list[dict | None]]:
    return [
        [
            None
            if (t := board.get(r, c)) is None
            else {"letter": tile_letters(t), "blank": is_blank(t)}
            for c in range(board.cols)
        ]
        for r in range(board.rows)
    ]


def same_game(peer: dict, rules: BugWordsRules) -> list[str]:
    """Where the peer's board, letter values or bingo differ from ours (empty: none)."""
    lay = rules.layout
    diffs = []
    if (peer["rows"], peer["cols"]) != (lay.rows, lay.cols):
        return [f"board size {peer['rows']}x{peer['cols']}, ours {lay.rows}x{lay.cols}"]
    for r in range(lay.rows):
        for c in range(lay.cols):
            ours = (lay.letter_mult[r][c], lay.word_mult[r][c])
            theirs = (peer["letter_mult"][r][c], peer["word_mult"][r][c])
            if ours != theirs:
                diffs.append(f"square {r + 1}{chr(65 + c)}: premium {theirs}, ours {ours}")
    if set(lay.starts) != {tuple(peer["start"])}:
        diffs.append(f"start square {peer['start']}, ours {sorted(lay.starts)}")
    for letter in sorted(set(peer["points"]) | set(rules.tiles.values) - {"?"}):
        if peer["points"].get(letter) != rules.tile_value(letter):
            diffs.append(f"letter {letter}: {peer['points'].get(letter)} points, ours "
                         f"{rules.tile_value(letter)}")
    if peer["blank_score"] != rules.tile_value("?"):
        diffs.append(f"blank {peer['blank_score']} points, ours {rules.tile_value('?')}")
    bingo = (peer["rack_size"], peer["bingo"].get("score"))
    if bingo != (rules.bingo_tiles, rules.bingo_bonus):
        diffs.append(f"bingo {bingo}, ours {(rules.bingo_tiles, rules.bingo_bonus)}")
    return diffs


def our_plays(board: Board, rack: str, lexicon: Lexicon, rules: BugWordsRules) -> Counter:
    return Counter(
        (m.across, m.position.row, m.position.col, "".join(p.tile for p in m.placements), m.score)
        for m in generate_moves(board, rack, lexicon, rules)
    )


def time_ours(board: Board, rack: str, lexicon: Lexicon, rules: BugWordsRules, runs: int
              ) -> tuple[float, float]:
    """Median CPU milliseconds of ``generate_moves`` after a warm-up run: the ranked plays as
    returned (a ``Move`` is made when looked at), and with every ``Move`` made."""
    generate_moves(board, rack, lexicon, rules)
    ranked, made = [], []
    for _ in range(runs):
        c0 = time.process_time()
        generate_moves(board, rack, lexicon, rules)
        ranked.append(time.process_time() - c0)
        c0 = time.process_time()
        list(generate_moves(board, rack, lexicon, rules))
        made.append(time.process_time() - c0)
    return statistics.median(ranked) * 1000, statistics.median(made) * 1000


def geometric_mean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per case (default 5)")
    parser.add_argument("--lexicon", help="word list to use (default: built-in list)")
    args = parser.parse_args()
    peer_root = prepare_peer()
    rules = default_rules()

    c0 = time.process_time()
    lexicon = load_lexicon(args.lexicon) if args.lexicon else default_lexicon()
    list_ms = (time.process_time() - c0) * 1000
    c0 = time.process_time()
    word_trie(lexicon, rules.min_word_length)
    trie_ms = (time.process_time() - c0) * 1000

    cases = [(name, board, rack) for name, board in positions() for rack in RACKS]
    with tempfile.TemporaryDirectory() as tmp:
        words_file = Path(tmp) / "words.txt"
        words_file.write_text(
            "".join(w + "\n" for w in lexicon.words if len(w) >= rules.min_word_length)
        )
        request = {
            "words_file": str(words_file),
            "runs": args.runs,
            "cases": [{"board": board_rows(b), "rack": rack} for _, b, rack in cases],
        }
        (Path(tmp) / "in.json").write_text(json.dumps(request))
        done = subprocess.run(
            ["node", str(RUNNER), str(peer_root), f"{tmp}/in.json", f"{tmp}/out.json"],
            check=False,
        )
        if done.returncode != 0:
            sys.exit(f"movegen_peers: the {PEER} run failed (exit {done.returncode})")
        peer = json.loads((Path(tmp) / "out.json").read_text())

    diffs = same_game(peer, rules)
    if diffs:
        print("the two engines do not play the same game:\n  " + "\n  ".join(diffs))
        sys.exit(1)
    load = peer["load"]
    print(f"{PEER} {PEER_VERSION} on Node {peer['node']} vs companion; board, letter values "
          "and bingo agree square by square")
    print(f"word list: {lexicon.name}, {load['words']} words of 2+ letters")
    print(f"loading (CPU ms): companion list {list_ms:.0f} + letter trie {trie_ms:.0f}; "
          f"{PEER} GADDAG from the list {load['cpu_ms']:.0f}")
    print(f"CPU ms, median of {args.runs} runs after a warm-up")
    print("ours: the ranked plays as generate_moves returns them; +Move: with every Move "
          "object made; ratio: ours / peer")
    print(f"{'position':<30} {'rack':<8} {'plays':>6} {'same':>5} {'ours':>7} {'+Move':>7} "
          f"{'peer':>7} {'ratio':>6}")
    ratios: dict[bool, list[float]] = {False: [], True: []}
    made_ratios: list[float] = []
    different = 0
    for (name, board, rack), theirs in zip(cases, peer["cases"], strict=True):
        ours = our_plays(board, rack, lexicon, rules)
        peer_plays = Counter(tuple(p) for p in theirs["plays"])
        same = ours == peer_plays
        different += not same
        ours_ms, made_ms = time_ours(board, rack, lexicon, rules, args.runs)
        peer_ms = max(theirs["cpu_ms"], 1e-3)
        ratio = ours_ms / peer_ms
        ratios["?" in rack].append(ratio)
        made_ratios.append(made_ms / peer_ms)
        print(f"{name:<30} {rack:<8} {sum(ours.values()):>6} {'yes' if same else 'NO':>5} "
              f"{ours_ms:>7.2f} {made_ms:>7.2f} {peer_ms:>7.2f} {ratio:>6.2f}")
        if not same:
            only = {"only ours": ours - peer_plays, "only peer": peer_plays - ours}
            for label, extra in only.items():
                if extra:
                    print(f"    {label}: {len(extra)} e.g. {list(extra)[:3]}")
    everything = ratios[False] + ratios[True]
    print(f"plays identical in {len(cases) - different} of {len(cases)} cases")
    print(f"CPU time ours / {PEER}, geometric mean: {geometric_mean(everything):.2f} "
          f"(no blanks {geometric_mean(ratios[False]):.2f}, two blanks "
          f"{geometric_mean(ratios[True]):.2f}; per case {min(everything):.2f}-"
          f"{max(everything):.2f}); with every Move made {geometric_mean(made_ratios):.2f}")
    sys.exit(1 if different else 0)


if __name__ == "__main__":
    main()
