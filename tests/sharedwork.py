"""Slow, deterministic results worked out once per test run and shared by the tests that need
them: a day's Word Girdle puzzle and its solution, a photo's reading, a photo saved as HEIC.
The first test to ask computes the result with the real components; the others (in the same
process or another pytest-xdist worker of the same run) get a fresh copy of it. A worker
that asks while another is computing waits for it rather than computing it again. Nothing
outlives the run: the results live in the run's temporary folder (see
``_shared_work_folder`` in conftest.py)."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import os
import pickle
import tempfile
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from companion.outfile import lock_file, write_file_whole

if TYPE_CHECKING:
    from PIL import Image

    from companion.girdle.puzzle import Puzzle
    from companion.girdle.solver import Solution
    from companion.lexicon import Lexicon

T = TypeVar("T")

_folder: Path | None = None
_memo: dict[str, bytes] = {}


def use_folder(folder: Path) -> None:
    """Keep shared results in ``folder`` (the run's, common to its workers)."""
    global _folder
    folder.mkdir(parents=True, exist_ok=True)
    _folder = folder


def process_folder(name: str) -> Path:
    """A new folder of this test process's own (each pytest-xdist worker its own) in the
    run's temporary folder, which goes with the run's."""
    return Path(tempfile.mkdtemp(prefix=f"{name}-{os.getpid()}-", dir=_folder))


def run_folder(name: str) -> Path:
    """The folder ``name`` in the run's temporary folder, the same for every test process of
    the run (each pytest-xdist worker), for a cache whose own locks and atomic writes let
    several processes share it (the CAD build cache, say)."""
    assert _folder is not None, "the shared work folder is set by conftest.py"
    path = _folder / name
    path.mkdir(parents=True, exist_ok=True)
    return path


def once(key: str, compute: Callable[[], T]) -> T:
    """``compute()``, worked out once per run for ``key`` (which must name everything the
    result depends on); each caller gets its own copy, so a test may change what it gets."""
    if key not in _memo:
        _memo[key] = _shared(key, compute) if _folder is not None else pickle.dumps(compute())
    return pickle.loads(_memo[key])


def _shared(key: str, compute: Callable[[], object]) -> bytes:
    assert _folder is not None
    name = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    path = _folder / f"{name}.pickle"
    # the CAD build cache's lock and whole writes: another worker computing it, wait for its
    # answer; a result is read whole or not at all
    with lock_file(_folder / f"{name}.lock"):
        if path.exists():
            return path.read_bytes()
        data = pickle.dumps(compute())
        write_file_whole(path, data)
        return data


def girdle_solution(puzzle: Puzzle, lexicon: Lexicon | None = None) -> Solution:
    """``solve(puzzle, lexicon=lexicon)`` (the default list when ``lexicon`` is None), searched
    once per run: the same answer on every run (par does not depend on the machine's speed).
    The key holds the puzzle, the list's words and the search's settings, so a test that
    narrows the search gets its own."""
    from companion.girdle import beam, solver
    from companion.lexicon import default_lexicon

    lex = lexicon if lexicon is not None else default_lexicon()
    key = (f"girdle {solver.SEARCH_VERSION} {solver.BEAM_WIDTHS} {beam.NEIGHBOURHOODS} "
           f"{solver.EXACT_WORK} "
           f"{lex.fingerprint} {puzzle.to_json()}")
    return once(key, lambda: solver.solve(puzzle, lexicon=lex))


def girdle_puzzle(date: dt.date, family: str | None = None) -> Puzzle:
    """``family_puzzle(date, family)`` in the default edition and word list, drawn once per
    run; ``family`` defaults to the day's own, which makes it the day's puzzle
    (``puzzle_for(date)``)."""
    from companion.girdle.generator import daily_family, family_puzzle
    from companion.girdle.rules import default_edition
    from companion.lexicon import default_lexicon

    ed, lex = default_edition(), default_lexicon()
    name = family or daily_family(date, ed)
    key = f"girdle puzzle {ed!r} {lex.fingerprint} {name} {date.isoformat()}"
    return once(key, lambda: family_puzzle(date, name, ed, lex))


def heic_bytes(image: Image.Image, quality: int) -> bytes:
    """``image`` saved as HEIC (an iPhone's format) at ``quality`` by pillow-heif, encoded once
    per run for the same pixels and quality (the encoder is deterministic, and slow: about
    3 s of CPU for a 1600-pixel photo)."""

    def encode() -> bytes:
        import pillow_heif

        out = io.BytesIO()
        pillow_heif.from_pillow(image.copy()).save(out, quality=quality)
        return out.getvalue()

    digest = hashlib.sha256(image.tobytes()).hexdigest()
    return once(f"heic {quality} {image.mode} {image.size} {digest}", encode)


def command_output(*argv: str) -> tuple[int, str, str]:
    """``companion *argv`` run in this process: its exit status, standard output and standard
    error, run once per run for the same arguments. Only for commands whose files (a photo
    of tests/data, say) stay as they are for the whole run, never a test's own temporary
    files."""

    def run() -> tuple[int, str, str]:
        from companion.cli import main

        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(argv))
        return code, out.getvalue(), err.getvalue()

    return once("companion " + json.dumps(argv), run)
