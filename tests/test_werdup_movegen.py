"""The WerdUp move generator agrees with brute force (every placement judged by the rules)."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

import pytest
import werdup_positions as pos
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.board import Board, Placement
from companion.lexicon import Lexicon, default_lexicon
from companion.werdup.movegen import generate_plays
from companion.werdup.notation import parse_play
from companion.werdup.rules import centre_squares, get_rules
from companion.werdup.validate import judge_play

SIZE = 5
TILES = ("A", "E", "S", "T", "R", "O", "Qu")
# A dense little list over those tiles, so random boards and racks make many words.
WORDS = Lexicon(
    [w for w in default_lexicon() if len(w) <= 5 and set(w.replace("qu", "")) <= set("aestro")],
    name="small",
)


def small_rules(name: str, rack_size: int):
    """A 5x5 edition with the middle square to begin on and small racks (for brute force)."""
    return dataclasses.replace(
        get_rules(name), board_size=SIZE, beginning=centre_squares(SIZE), rack_size=rack_size
    )


def brute_force(board: Board, rack: list[str], rules, lexicon) -> dict[frozenset, int]:
    """Judge every way to put 1..len(rack) rack tiles on distinct squares of one line."""
    legal: dict[frozenset, int] = {}
    lines = [[(r, c) for c in range(SIZE)] for r in range(SIZE)]
    lines += [[(r, c) for r in range(SIZE)] for c in range(SIZE)]
    for line in lines:
        for n in range(1, len(rack) + 1):
            for squares in itertools.combinations(line, n):
                for tiles in set(itertools.permutations(rack, n)):
                    placements = [
                        Placement(r, c, t) for (r, c), t in zip(squares, tiles, strict=True)
                    ]
                    key = frozenset(placements)
                    if key in legal:
                        continue
                    j = judge_play(board, placements, rules, lexicon)
                    if j.legal:
                        legal[key] = j.score
    return legal


@st.composite
def positions(draw):
    """A random 5x5 board (stacks 1-5 high, possibly empty) and a rack of 1-3 tiles."""
    board = Board(SIZE, SIZE)
    for _ in range(draw(st.integers(0, 10))):
        r, c = draw(st.integers(0, SIZE - 1)), draw(st.integers(0, SIZE - 1))
        board.set(r, c, draw(st.sampled_from(TILES)), draw(st.integers(1, 5)))
    rack = draw(st.lists(st.sampled_from(TILES), min_size=1, max_size=3))
    return board, rack


@pytest.mark.parametrize("rules_name", ["werdup", "upwords"])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=positions())
def test_generator_matches_brute_force(rules_name, data):
    board, rack = data
    rules = small_rules(rules_name, rack_size=len(rack))
    expected = brute_force(board, rack, rules, WORDS)
    got = {p.key(): p.score for p in generate_plays(board, rack, rules, WORDS)}
    assert got == expected


def test_generated_plays_are_legal_and_written_so_they_read_back():
    """On a real mid-game position, every play is legal, scores the same, and round-trips."""
    lex, rules = default_lexicon(), get_rules()
    plays = generate_plays(pos.CAT_ARE, ["S", "E", "N", "O", "D", "L", "Qu"], rules, lex)
    assert len(plays) > 50
    assert [p.score for p in plays] == sorted((p.score for p in plays), reverse=True)
    for p in plays:
        j = judge_play(pos.CAT_ARE, p.placements, rules, lex)
        assert j.legal and j.score == p.score, p.notation
        assert set(parse_play(pos.CAT_ARE, p.notation)) == set(p.placements), p.notation
    # stacking plays are among them (a tile put on an occupied square)
    assert any(pos.CAT_ARE.occupied(q.row, q.col) for p in plays for q in p.placements)


def test_no_play_and_rack_tiles_are_respected():
    lex = Lexicon(["cat", "at"], name="tiny")
    assert generate_plays(pos.CAT, ["Z", "Z"], get_rules(), lex) == []
    plays = generate_plays(pos.EMPTY, ["A", "T", "C"], get_rules(), lex)
    for p in plays:
        assert not Counter(q.tile for q in p.placements) - Counter(["A", "T", "C"])
    assert {p.notation for p in plays if p.notation.endswith("CAT")} >= {"5D CAT", "E4 CAT"}


def test_plural_s_only_when_it_makes_another_word():
    lex, rules = default_lexicon(), get_rules()
    on_cat = {p.notation for p in generate_plays(pos.CAT, ["S"], rules, lex)}
    assert "5D (CAT)S" not in on_cat
    on_cat_hi = {p.notation for p in generate_plays(pos.CAT_HI, ["S"], rules, lex)}
    assert "5D (CAT)S" in on_cat_hi


def test_upwords_never_covers_a_whole_word():
    lex = default_lexicon()
    werdup = {p.notation for p in generate_plays(pos.CAT, list("BOG"), get_rules("werdup"), lex)}
    upwords = {p.notation for p in generate_plays(pos.CAT, list("BOG"), get_rules("upwords"), lex)}
    assert "5D BOG" in werdup and "5D BOG" not in upwords
