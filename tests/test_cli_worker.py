"""``companion worker``: its numbers are checked before it looks for the queue."""

from __future__ import annotations

import pytest

from companion.cli import main


@pytest.mark.parametrize("seconds", ["0", "-3", "-0.5"])
def test_stalled_seconds_must_be_a_positive_number(capsys, seconds):
    assert main(["worker", "--stalled-seconds", seconds, "--once"]) == 2
    assert "--stalled-seconds must be a number of seconds above zero" in capsys.readouterr().err
