"""The WerdUp move generator on the compiled core: each play once, clear errors."""

from __future__ import annotations

import pytest
import werdup_positions as pos
from hypothesis import HealthCheck, given, settings
from test_werdup_movegen import WORDS, positions, small_rules

from companion.board import Placement
from companion.errors import UsageError
from companion.lexicon import default_lexicon
from companion.werdup.movegen import generate_plays
from companion.werdup.rules import get_rules
from companion.werdup.validate import judge_play


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=positions())
def test_each_play_is_found_once(data):
    board, rack = data
    plays = generate_plays(board, rack, small_rules("werdup", len(rack)), WORDS)
    assert len({p.key() for p in plays}) == len(plays)
    assert len({p.notation for p in plays}) == len(plays)


def test_plays_on_a_real_position_are_found_once_and_ranked():
    plays = generate_plays(pos.CAT_ARE, list("SENODLR"), get_rules(), default_lexicon())
    assert len(plays) > 100
    assert len({p.key() for p in plays}) == len(plays)
    assert plays == sorted(plays, key=lambda p: (-p.score, p.notation))


def test_qu_tile_reads_two_letters_and_keeps_the_racks_spelling():
    plays = generate_plays(pos.EMPTY, ["Qu", "I", "T"], get_rules(), default_lexicon())
    assert "5D QuIT" in {p.notation for p in plays}
    assert all(q.tile in ("Qu", "I", "T") for p in plays for q in p.placements)


def test_a_tile_that_is_not_werdup_says_so():
    with pytest.raises(UsageError, match="'1' is not a WerdUp tile"):
        generate_plays(pos.CAT, ["A", "1"], get_rules(), default_lexicon())


@pytest.mark.parametrize("tile", ["Q", "q", "a"])
def test_a_tile_the_set_lacks_is_refused_as_the_judge_refuses_it(tile):
    # The set has a Qu tile but no Q, and tiles are written in capitals: the judge refuses a
    # play of such a tile, so the generator must not offer one.
    board = pos.CAT
    rules, lexicon = get_rules(), default_lexicon()
    p = Placement(3, 3, tile)
    assert not judge_play(board, [p], rules, lexicon).legal
    with pytest.raises(UsageError, match="is not a WerdUp tile"):
        generate_plays(board, [tile, "I", "T"], rules, lexicon)
