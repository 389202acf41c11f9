"""The tests' shared results (tests/sharedwork.py): worked out once per key, a copy for each
caller, and shared with another process through the folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import sharedwork


def test_a_result_is_computed_once_and_each_caller_gets_its_own_copy(tmp_path, monkeypatch):
    monkeypatch.setattr(sharedwork, "_memo", {})  # the run's own results come back after
    monkeypatch.setattr(sharedwork, "_folder", None)
    sharedwork.use_folder(tmp_path / "shared")
    calls = []

    def compute():
        calls.append(1)
        return {"words": ["CAT"]}

    first = sharedwork.once("test key", compute)
    first["words"].append("DOG")  # a test changing its copy changes no one else's
    assert sharedwork.once("test key", compute) == {"words": ["CAT"]}
    assert len(calls) == 1
    assert sharedwork.once("another key", compute) == {"words": ["CAT"]} and len(calls) == 2


def test_another_process_gets_the_result_from_the_folder(tmp_path, monkeypatch):
    """A second worker (here a second Python) finds the answer the first left, without
    computing it."""
    folder = tmp_path / "shared"
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); import sharedwork; "
        "from pathlib import Path; sharedwork.use_folder(Path(sys.argv[2])); "
        "print(sharedwork.once('k', lambda: sys.argv[3]))")
    tests = str(Path(__file__).parent)

    def run(value: str) -> str:
        return subprocess.run([sys.executable, "-c", script, tests, str(folder), value],
                              check=True, capture_output=True, text=True).stdout.strip()

    assert run("computed by the first") == "computed by the first"
    assert run("computed by the second") == "computed by the first"
