"""Every script in bench/, run as bench/README.md says, answers ``--help``: with its usage, or,
for a part of another benchmark, with one sentence naming the benchmark to run. None dies
with a traceback or starts measuring."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "bench").glob("*.py"))


def test_no_script_is_named_like_a_package_of_the_project():
    """A script's folder comes first on the import path: bench/vision.py stood in for the
    vision package, and bench/vision_variants.py died importing it."""
    packages = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()}
    assert {"companion", "vision", "cad"} <= packages
    assert {s.stem for s in SCRIPTS} & packages == set()


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.name)
def test_help_gives_the_usage_or_says_how_to_run_it(script: Path):
    env = {**os.environ, "PYTHONPATH": "."}
    proc = subprocess.run([sys.executable, str(script.relative_to(ROOT)), "--help"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert "Traceback" not in proc.stderr, proc.stderr
    if proc.returncode == 0:
        assert proc.stdout.startswith("usage: ") and proc.stderr == "", proc.stdout[:300]
    else:
        assert proc.stdout == "" and proc.stderr.count("\n") == 1, proc.stderr
        assert " is run by bench/" in proc.stderr or "measures nothing" in proc.stderr
        command = proc.stderr.split("PYTHONPATH=. .venv/bin/python ", 1)[1].split()
        assert (ROOT / command[0]).is_file() and command[0] != str(script.relative_to(ROOT))


def test_the_blur_benchmark_counts_a_photo_refused_as_colourless_as_refused(monkeypatch, capsys):
    """A blurred flat picture of the 3D board (grey plastic, white tiles) may be refused as a
    black-and-white photo (:class:`vision.errors.BadPhoto`), not a :class:`VisionError`: the
    benchmark died on it with a traceback; it is a refusal like any other."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import vision_blur
    finally:
        sys.path.remove(str(ROOT / "bench"))
    from vision.errors import BadPhoto
    from vision.photo import NO_COLOUR

    def read(jpg: bytes, lexicon) -> dict:
        raise BadPhoto(f"photo: {NO_COLOUR}")

    def photos(n: int):
        yield "seed 1", b"", [], None

    monkeypatch.setattr(vision_blur, "paths", lambda: [("a grey board", photos, read, None)])
    monkeypatch.setattr(vision_blur, "BLURS", [("sharp", None)])
    monkeypatch.setattr(vision_blur, "blurred_jpeg", lambda jpg, blur: jpg)
    vision_blur.run(1, 0)
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("a grey"))
    assert line.split()[4:7] == ["0", "1", "0"]  # right, refused, wrong and unlisted
    assert f"refused: {NO_COLOUR[:20]}" in line


def _exhaustive_relaxed(bb, puzzle, pl) -> tuple[int | None, int]:
    """The best score of the bench's relaxed model by trying every placement on every line
    (no bound), and how many sheets reach it."""
    from companion.girdle.moves import line_cells

    k = len(puzzle.lines)
    m = int(pl.offsets[1] - pl.offsets[0])
    options = [(int(pl.starts[p]), "".join(chr(65 + c) for c in pl.letters[p, :pl.lengths[p]]))
               for p in range(m)]
    cells = [line_cells(puzzle, j + 1) for j in range(k)]
    budget = [int(n) for n in bb.letter_counts(puzzle)]
    best: list = [None, 0]
    # each line's options as (start, word, its squares and letters, the squares just before
    # and after it, which must stay empty)
    placed = [[(s, w, list(zip(line[s:s + len(w)], w, strict=True)),
                line[max(s - 1, 0):s] + line[s + len(w):s + len(w) + 1])
               for s, w in options] for line in cells]

    def rec(grid: dict, ends: frozenset, left: list, sheet: list) -> None:
        # grid, ends and left are those of sheet: its squares' letters, the squares before
        # and after its words and the letters unused; the sheet's words fit as fits said
        if len(sheet) == k:
            v = bb.relaxed_score(puzzle, sheet)
            if best[0] is None or v > best[0]:
                best[:] = [v, 0]
            best[1] += v == best[0]
            return
        for s, w, here, mine in placed[len(sheet)]:
            if any(grid.get(c, ch) != ch for c, ch in here):
                continue
            new = [(c, ch) for c, ch in here if c not in grid]
            if any(c in ends for c, _ in new) or any(c in grid for c in mine):
                continue
            rest = left[:]
            for _, ch in new:
                rest[ord(ch) - 65] -= 1
            if min(rest) >= 0:
                rec({**grid, **dict(here)}, ends.union(mine), rest, [*sheet, (s, w)])

    rec({}, frozenset(), budget, [])
    return best[0], best[1]


@pytest.mark.parametrize(("family", "seed", "lines"),
                         [("lattice", 1, 3), ("comb", 3, 3)])
def test_the_branch_and_bound_agrees_with_trying_every_sheet(family, seed, lines):
    """bench/girdle_exact_bb.py on a small puzzle: the sheets it finds above a score are
    exactly those of its relaxed model that every placement tried in turn finds, and against
    the engine-only brute force it proves the real par (no legal sheet above it) and finds a
    sheet at par."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import girdle_exact_bb as bb
    finally:
        sys.path.remove(str(ROOT / "bench"))
    from companion.girdle.moves import word_index
    from tests.test_girdle_exact import LEXICON, _small, small_par

    pz = _small(family, seed, lines)
    index = word_index(LEXICON, pz.min_length, pz.max_length)
    pl = bb.placements(pz, index)
    best, ties = _exhaustive_relaxed(bb, pz, pl)
    assert best is not None
    at_best = bb.search(pz, index, best - 1)
    assert not at_best.stopped and at_best.finished == 1.0
    assert at_best.found == ties == len(at_best.sheets)
    assert {bb.relaxed_score(pz, s) for s in at_best.sheets} == {best}
    assert bb.search(pz, index, best).found == 0
    par = small_par(pz)
    assert par is not None and par <= best
    few = bb.few_letters_bound(pz)
    assert few is None or few <= par
    beaten = bb.search(pz, index, par, max_sheets=10**6)
    assert not beaten.stopped and beaten.found == len(beaten.sheets)
    assert all((bb.engine_score(pz, s, LEXICON) or par) <= par for s in beaten.sheets)
    reached = bb.search(pz, index, par - 1, max_sheets=10**6)
    assert par in {bb.engine_score(pz, s, LEXICON) for s in reached.sheets}


def test_the_branch_and_bounds_random_dives_estimate_its_tree():
    """The dives of bench/girdle_exact_bb.py (Knuth's estimate: each node a dive meets
    counts the product of the branching factors above it) come within a fifth of the nodes
    the whole search visits on a small puzzle, in each quarter of 4,000 dives."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import girdle_exact_bb as bb
    finally:
        sys.path.remove(str(ROOT / "bench"))
    from companion.girdle.moves import word_index
    from tests.test_girdle_exact import LEXICON, _small

    pz = _small("lattice", 1, 3)
    index = word_index(LEXICON, pz.min_length, pz.max_length)
    full = bb.search(pz, index, -40)
    assert not full.stopped and full.nodes > 10_000
    dives = bb.search(pz, index, -40, probes=4000)
    assert len(dives.estimates) == 4
    assert all(0.8 * full.nodes < e < 1.2 * full.nodes for e in dives.estimates)
