"""A WerdUp game: first-player draw, seeded bag and racks, plays, swaps, passes, the end."""

from __future__ import annotations

import random

import pytest

from companion.board import Board
from companion.errors import CompanionError
from companion.lexicon import Lexicon, default_lexicon
from companion.werdup.game import Game, Pass, Swap, first_player_draw
from companion.werdup.notation import parse_play
from companion.werdup.rules import get_rules
from companion.werdup.selfplay import take_turn
from companion.werdup.validate import IllegalPlay


def test_rule_sets_from_data():
    werdup, upwords = get_rules("werdup"), get_rules("upwords")
    assert werdup.board_size == 10 and werdup.rack_size == 7 and werdup.max_height == 5
    assert werdup.beginning == {(4, 4), (4, 5), (5, 4), (5, 5)}
    assert werdup.tile_set.total == 100 and werdup.tile_set.counts["Qu"] == 1
    assert werdup.tile_penalty == 5 and upwords.tile_penalty == 5
    assert not werdup.flat_only_if_whole_word and upwords.flat_only_if_whole_word
    assert upwords.full_rack_bonus == 20 and upwords.no_cover_whole_word
    with pytest.raises(CompanionError, match="unknown rule set"):
        get_rules("scrabble")


def test_first_player_is_nearest_to_a_and_ties_draw_again():
    players = ["ann", "bob", "cy"]
    bag = ["A", "A", "A", "B", "C", "Qu", "Z"]
    saw_tie = False
    for seed in range(60):
        first, rounds = first_player_draw(players, bag, random.Random(seed))
        final = rounds[-1]
        assert final[players[first]] == min(final.values(), key=lambda t: t.upper())
        assert list(final.values()).count(final[players[first]]) == 1
        for earlier in rounds[:-1]:
            lowest = min(earlier.values())
            assert list(earlier.values()).count(lowest) > 1
            saw_tie = True
        assert set(final) <= set(rounds[0])
    assert saw_tie


def test_seeded_start_deals_full_racks_and_is_repeatable():
    lex = default_lexicon()
    a = Game.start(["ann", "bob"], get_rules(), lex, random.Random(5))
    b = Game.start(["ann", "bob"], get_rules(), lex, random.Random(5))
    c = Game.start(["ann", "bob"], get_rules(), lex, random.Random(6))
    assert a.racks == b.racks and a.bag == b.bag and a.current == b.current
    assert (a.racks, a.bag) != (c.racks, c.bag)
    assert all(len(r) == 7 for r in a.racks.values()) and len(a.bag) == 86
    assert a.board.is_empty()
    with pytest.raises(CompanionError, match="1 to 4 players"):
        Game.start(["a", "b", "c", "d", "e"], get_rules(), lex, random.Random(1))
    with pytest.raises(CompanionError, match="one word"):
        Game.start(["ann lee", "bob"], get_rules(), lex, random.Random(1))


def fixed_game(racks: dict[str, list[str]], bag: list[str], rules: str = "werdup",
               lexicon: Lexicon | None = None, board: Board | None = None) -> Game:
    players = list(racks)
    return Game(
        get_rules(rules), lexicon or default_lexicon(), players, random.Random(1),
        board or Board(10, 10), list(bag), {p: list(r) for p, r in racks.items()},
        {p: 0 for p in players},
    )


def test_play_scores_refills_and_passes_the_turn():
    g = fixed_game({"ann": list("CATXYZE"), "bob": list("ORESTAB")}, ["N", "M", "L"])
    assert g.play(parse_play(g.board, "5D CAT")) == 6
    assert g.scores["ann"] == 6 and g.player == "bob"
    assert sorted(g.racks["ann"]) == sorted(["X", "Y", "Z", "E", "L", "M", "N"])
    assert g.bag == []
    with pytest.raises(IllegalPlay, match="beginning|join"):
        g.play(parse_play(g.board, "1A ORE"))
    with pytest.raises(CompanionError, match="does not have"):
        g.play(parse_play(g.board, "5D (CA)Z"))
    assert g.player == "bob" and g.history[-1].notation == "5D CAT"


def test_swap_one_tile_ends_the_turn():
    g = fixed_game({"ann": list("QAAAAAA"), "bob": list("EEEEEEE")}, ["T", "R"])
    g.racks["ann"][0] = "Qu"
    drawn = g.swap("Qu")
    assert drawn == "R" and "Qu" in g.bag and len(g.bag) == 2
    assert "Qu" not in g.racks["ann"] and len(g.racks["ann"]) == 7
    assert g.player == "bob" and isinstance(g.history[-1].move, Swap)
    with pytest.raises(CompanionError, match="no Z to swap"):
        g.swap("Z")


def test_swap_needs_tiles_in_the_bag():
    g = fixed_game({"ann": ["A"], "bob": ["E"]}, [])
    with pytest.raises(CompanionError, match="bag is empty"):
        g.swap("A")


def test_everyone_passing_ends_the_game_with_penalties():
    g = fixed_game({"ann": list("ABC"), "bob": list("DE")}, ["F"])
    g.pass_turn()
    assert not g.over and g.player == "bob"
    g.pass_turn()
    assert g.over and g.end_reason == "every player passed in a row"
    assert g.scores == {"ann": -15, "bob": -10}
    assert isinstance(g.history[-1].move, Pass)
    with pytest.raises(CompanionError, match="game is over"):
        g.pass_turn()


def test_game_end_conditions_out_of_tiles():
    board = Board(10, 10)
    board.place(parse_play(board, "5D CAT"))
    # werdup: one player out is not the end; the other still plays (or passes).
    g = fixed_game({"ann": ["O"], "bob": ["U", "Z"]}, [], board=board.copy())
    g.play(parse_play(g.board, "5D (C)O(T)"))
    assert not g.over and g.player == "bob"
    g.play(parse_play(g.board, "5D (C)U(T)"))
    assert not g.over and g.player == "bob"  # ann has no tiles: her turns are skipped
    g.pass_turn()
    # COT = 2 + O 2 (stack of 2) + 2 = 6; CUT = 2 + U 3 (stack of 3) + 2 = 7, less 5 for the Z left.
    assert g.over and g.scores == {"ann": 6, "bob": 7 - 5}
    # all tiles played: the game ends with no penalty.
    g = fixed_game({"ann": ["O"], "bob": ["U"]}, [], board=board.copy())
    g.play(parse_play(g.board, "5D (C)O(T)"))
    g.play(parse_play(g.board, "5D (C)U(T)"))
    assert g.over and g.end_reason == "all the tiles have been played" and not g.penalties
    # upwords: the first player out with the bag empty ends the game.
    g = fixed_game({"ann": ["O"], "bob": ["U", "Z"]}, [], rules="upwords", board=board.copy())
    g.play(parse_play(g.board, "5D (C)O(T)"))
    assert g.over and "ann has played every tile" in g.end_reason
    assert g.scores == {"ann": 4, "bob": -10}


def test_no_one_can_play_ends_the_game():
    board = Board(10, 10)
    board.place(parse_play(board, "5D CAT"))
    tiny = Lexicon(["cat", "cot"], name="tiny")
    g = fixed_game({"ann": ["Z"], "bob": ["O", "X"]}, [], lexicon=tiny, board=board)
    assert g.can_play("bob") and not g.can_play("ann")
    assert not g.end_if_blocked()
    g.pass_turn()
    g.play(parse_play(g.board, "5D (C)O(T)"))
    assert g.end_if_blocked()
    assert g.over and g.end_reason == "no one can play"
    assert g.scores == {"ann": -5, "bob": 6 - 5}


def test_tiles_are_conserved_through_a_whole_game():
    game = Game.start(["ann", "bob", "cy"], get_rules(), default_lexicon(), random.Random(21))
    total = game.rules.tile_set.total
    while not game.over:
        take_turn(game)
        on_board = sum(game.board.height(r, c) for r, c, _ in game.board.squares())
        in_racks = sum(len(r) for r in game.racks.values())
        assert on_board + in_racks + len(game.bag) == total
        assert all(len(r) <= 7 for r in game.racks.values())
        assert max(game.board.height(r, c) for r, c, _ in game.board.squares()) <= 5
        if not game.bag and game.passes_in_a_row and not game.over:
            game.end_if_blocked()
    for p in game.players:
        earned = sum(t.score for t in game.history if t.player == p)
        lost = sum(x.points for x in game.penalties if x.player == p)
        assert game.scores[p] == earned - lost
