"""Working out a WerdUp play from the top letters before and after a turn."""

from __future__ import annotations

import pytest
import werdup_positions as pos

from companion.board import Placement
from companion.cli import main
from companion.errors import CompanionError
from companion.werdup.observe import play_between, tops_of


def test_changed_letters_are_the_new_tiles():
    after = pos.CAT_ARE.copy()
    after.set(4, 4, "O", 3)  # O on the A2 stack
    after.set(7, 4, "S")  # S below ARE
    tops = tops_of(after)
    assert sorted(play_between(pos.CAT_ARE, tops), key=lambda p: p.row) == [
        Placement(4, 4, "O"), Placement(7, 4, "S")
    ]


def test_impossible_changes_are_explained():
    tops = tops_of(pos.CAT)
    with pytest.raises(CompanionError, match="nothing changed"):
        play_between(pos.CAT, tops)
    tops[4][3] = None
    with pytest.raises(CompanionError, match="tile at 5D has gone"):
        play_between(pos.CAT, tops)
    with pytest.raises(CompanionError, match="differ in size"):
        play_between(pos.CAT, tops[:5])


def test_cli_turn_scores_the_play_a_photo_shows(capsys, tmp_path):
    before = tmp_path / "before.txt"
    before.write_text(pos.CAT_ARE.to_text())
    after = tmp_path / "after.txt"
    # The photo shows only letters: no heights (every square reads as one high).
    after.write_text(pos.CAT_ARE.to_text().replace("A2", "O"))
    assert main(["werdup", "turn", str(before), str(after)]) == 0
    out = capsys.readouterr().out
    assert "5D (C)O(T): 14 points" in out and "ORE: O 3 (stack of 3) + R 2 + E 2 = 7" in out
    scattered = pos.CAT_ARE.copy()
    scattered.set(0, 0, "A")
    scattered.set(9, 9, "A")
    after.write_text(scattered.to_text())
    assert main(["werdup", "turn", str(before), str(after)]) == 1
    out = capsys.readouterr().out
    assert "new tiles 1A=A 10J=A: NOT LEGAL" in out and "one row or one column" in out
