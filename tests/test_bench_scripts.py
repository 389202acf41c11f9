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
