"""Golden text files under ``tests/golden/`` (HTML fragments, say): the text must match
exactly. Set COMPANION_UPDATE_GOLDEN=1 to rewrite a golden file after an intended change."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def assert_matches_text_golden(name: str, text: str) -> None:
    """Compare ``text`` with ``golden/NAME`` line by line, showing the difference."""
    path = GOLDEN / name
    if os.environ.get("COMPANION_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        raise AssertionError(f"missing golden file {path}; run with COMPANION_UPDATE_GOLDEN=1")
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "\n".join(difflib.unified_diff(want.splitlines(), text.splitlines(),
                                              "golden", "now", lineterm="", n=1))
        raise AssertionError(f"{name} differs from its golden file:\n{diff}")
