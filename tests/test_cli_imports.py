"""The command line loads what a command uses, and no more: building the parser (every
``--help``) loads none of the heavy libraries, which cost each command about 0.4 s of CPU
before it read its arguments."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "cv2", "reportlab", "cadquery", "ortools", "flask")


def loaded_by(argv: list[str]) -> tuple[int, str]:
    """The exit status of ``companion ARGV`` run in a process of its own, and which of
    :data:`HEAVY` it loaded (its help is thrown away)."""
    code = ("import contextlib, io, sys\n"
            "from companion.cli import main\n"
            "try:\n"
            "    with contextlib.redirect_stdout(io.StringIO()):\n"
            f"        status = main({argv!r})\n"
            "except SystemExit as exc:  # --help ends in the parser\n"
            "    status = exc.code\n"
            f"print(status, sorted(m for m in {HEAVY!r} if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    status, loaded = done.stdout.splitlines()[-1].split(" ", 1)
    return int(status), loaded


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"]])
def test_help_loads_no_engine_library(argv: list[str]) -> None:
    assert loaded_by(argv) == (0, "[]")

