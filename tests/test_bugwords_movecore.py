"""The compiled core under the Bug Words move generator: its letter trie and its edges."""

from __future__ import annotations

import gc
from dataclasses import replace

import pytest
from test_bugwords_movegen import SMALL_LEX, SMALL_RULES, brute_force, generated

from companion.board import Board, Layout, parse_position
from companion.bugwords import default_rules
from companion.bugwords.movegen import Trie, generate_moves, word_trie
from companion.errors import UsageError
from companion.lexicon import Lexicon


def test_trie_holds_words_of_the_minimum_length_in_any_order_and_case():
    trie = Trie(b"zebra\nA\nab\nCat\ncat\nca-t\nbad\r\n\n", 2)
    assert trie.words == 4  # zebra, ab, cat, bad: "A" is too short, "ca-t" is not letters
    for word in ("ZEBRA", "ab", "cat", "CAT", "bad"):
        assert trie.contains(word), word
    for word in ("a", "ca", "ca-t", "zebras", "", "ba"):
        assert not trie.contains(word), word
    # the root, then one node per distinct prefix: z e b r a / a b / c a t / b a d
    assert trie.nodes == 1 + 5 + 2 + 3 + 3


def test_lexicon_trie_is_cached_and_never_walked_by_the_garbage_collector():
    lex = Lexicon(["cat", "cats", "at", "a"], name="tiny")
    trie = word_trie(lex, 2)
    assert word_trie(lex, 2) is trie
    assert trie.words == 3 and not trie.contains("a")
    assert not gc.is_tracked(trie)
    assert not gc.get_referents(trie)


def test_plays_through_a_tile_that_is_not_one_letter_agree_with_brute_force():
    # A two-letter tile cannot be part of any word of the list; plays go around it.
    board = Board(6, 6)
    board.place(board.tiles_for_play(parse_position("3B", 6, 6), "BEAT"))
    board.set(1, 2, "Qu")
    gen = generated(board, "SE?", SMALL_LEX, SMALL_RULES)
    assert gen == brute_force(board, "SE?", SMALL_LEX, SMALL_RULES)
    assert gen
    assert all((1, 2) not in {(p.row, p.col) for p in key} for key in gen)


def test_moves_is_a_sequence_best_first_and_the_same_on_every_run():
    board = Board.from_text("\n".join(["." * 15] * 7 + ["......CAT......"] + ["." * 15] * 7))
    lex = Lexicon(["cat", "cats", "scat", "at", "as", "ta", "tas", "sat", "act", "acts"], "k")
    moves = generate_moves(board, "AST?", lex)
    again = generate_moves(board, "AST?", lex)
    assert len(moves) > 20
    assert [repr(m) for m in moves] == [repr(m) for m in again]
    scores = [m.score for m in moves]
    assert scores == sorted(scores, reverse=True)
    assert repr(moves[-1]) == repr(moves[len(moves) - 1])
    assert [repr(m) for m in moves[2:5]] == [repr(moves[k]) for k in range(2, 5)]
    with pytest.raises(IndexError):
        moves[len(moves)]
    top = moves[0]
    assert top.to_dict()["score"] == top.score
    assert len(top.tiles) == len(top.placements)


def test_bad_rack_and_too_large_board_say_what_is_wrong():
    with pytest.raises(UsageError, match="'1' is not a Bug Words tile"):
        generate_moves(Board(), "A1", SMALL_LEX)
    rules = replace(default_rules(), layout=Layout.plain(40, 10, [(20, 5)]))
    with pytest.raises(ValueError, match="boards up to 32 squares a side"):
        generate_moves(Board(40, 10), "CAT", SMALL_LEX, rules)
