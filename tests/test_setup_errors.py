"""A program a command needs that is not installed: the command cannot run as set up, exit
status 2 (as for a command misused), not 1 (an answer about the input)."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError, exit_status


def test_prusaslicer_missing_exits_2(monkeypatch):
    import cad.slicer

    monkeypatch.setattr(cad.slicer.shutil, "which", lambda name: None)
    with pytest.raises(CompanionError, match="PrusaSlicer is not installed") as missing:
        cad.slicer.slicer_binary()
    assert exit_status(missing.value) == 2
