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
