"""A game of Bug Words: seeded bag, turns, exchanges, passes, challenges and the end."""

from __future__ import annotations

import random

import pytest

from companion.bugwords.autoplay import take_best_turn
from companion.bugwords.game import Game, GameError
from companion.bugwords.gcg import (
    GcgError,
    GcgMove,
    parse_gcg,
    record_from_game,
    write_gcg,
)
from companion.bugwords.replay import replay
from companion.bugwords.validation import IllegalPlay
from companion.lexicon import Lexicon, default_lexicon
from companion.tiles import ONE_OUT, out_of_tiles

LEX = Lexicon(["cat", "cats", "at", "ta", "act", "acts", "scat"], name="tiny list")


def rigged(racks: list[str], bag: str = "", **settings: object) -> Game:
    """A two-player game whose racks and bag are set by hand (the bag draws from its end)."""
    g = Game(["Ann", "Bob"], random.Random(0), lexicon=LEX)
    if settings:
        g.rules = g.rules.with_settings(**settings)
    g.racks = [list(r) for r in racks]
    g.bag = list(bag)
    return g


def test_same_seed_same_racks():
    a = Game(["Ann", "Bob"], random.Random(42))
    b = Game(["Ann", "Bob"], random.Random(42))
    c = Game(["Ann", "Bob"], random.Random(43))
    assert a.racks == b.racks and a.bag == b.bag
    assert a.racks != c.racks
    assert len(a.bag) == 100 - 14 and all(len(r) == 7 for r in a.racks)


def test_play_scores_refills_and_passes_the_turn():
    g = rigged(["CATXYZQ", "EEEEEEE"], bag="ABCDEFGHIJKLMNOP")
    turn = g.play("8G", "CAT")
    assert turn.score == 10 and turn.total == 10 and turn.rack == "CATXYZQ"
    assert g.scores == [10, 0] and g.current == 1
    assert sorted(g.racks[0]) == sorted("XYZQ" + "NOP")
    assert g.board.get(7, 6) == "C"


def test_blank_comes_from_the_rack():
    g = rigged(["?ATXYZQ", "EEEEEEE"], bag="ABCDEFGHIJKLMNOP")
    assert g.play("8G", "cAT").score == 4
    assert "?" not in g.racks[0]


def test_tiles_not_on_the_rack():
    g = rigged(["CATXYZQ", "EEEEEEE"], bag="ABCDEFGHIJKLMNOP")
    with pytest.raises(GameError, match="player Ann does not have S on the rack"):
        g.play("8G", "CATS")
    with pytest.raises(GameError, match="a blank"):
        g.play("8G", "caT")


@pytest.mark.parametrize("rule", ["none", "off"])
def test_challenges_off_refuses_invalid_words(rule):
    g = rigged(["CATXYZQ", "EEEEEEE"], bag="ABCDEFGHIJKLMNOP", challenges=rule)
    with pytest.raises(IllegalPlay, match="TAC is not in the word list"):
        g.play("8G", "TAC")


def test_exchange_needs_a_full_enough_bag():
    g = rigged(["CATXYZQ", "EEEEEEE"], bag="ABCDEFGHIJKLMNOP")
    turn = g.exchange("XYZ")
    assert turn.kind == "exchange" and turn.tiles == "XYZ" and g.current == 1
    assert sorted(g.racks[0]) == sorted("CATQ" + "NOP")
    assert len(g.bag) == 16 and sorted(g.bag).count("X") == 1
    g2 = rigged(["CATXYZQ", "EEEEEEE"], bag="ABC")
    with pytest.raises(GameError, match="bag has 3 tiles: swapping needs at least 7"):
        g2.exchange("X")
    with pytest.raises(GameError, match="does not have"):
        g.exchange("QQ")
    with pytest.raises(GameError, match="^name the tiles to swap$"):
        g.exchange("")


def test_two_passes_each_end_the_game_and_subtract_racks():
    g = rigged(["CATXYZQ", "EEEEEEE"])
    for _ in range(3):
        g.pass_turn()
    assert not g.over
    g.pass_turn()
    assert g.over
    # C3 A1 T1 X8 Y4 Z10 Q10 = 37; seven E = 7.
    assert g.scores == [-37, -7]
    assert [t.kind for t in g.history[-2:]] == ["rack_penalty", "rack_penalty"]
    with pytest.raises(GameError, match="the game is over"):
        g.pass_turn()


def test_going_out_adds_the_others_letters_once():
    g = rigged(["CAT", "QZE"])
    g.play("8G", "CAT")
    assert g.over and g.winners() == ["Ann"]
    # Ann: 10 for CAT + Bob's Q Z E (21); Bob: -21.
    assert g.scores == [31, -21]
    kinds = [(t.kind, t.score) for t in g.history]
    assert kinds == [("place", 10), ("rack_penalty", -21), ("out_bonus", 21)]


def test_challenge_removes_the_play_and_its_score():
    g = rigged(["CATXYZQ", "TACEEEE"], bag="ABCDEFGHIJKLMNOP")
    g.play("8G", "CAT")
    g.play("H7", "T.C")  # TAC down: not in the tiny list
    assert g.scores == [10, 5] and g.current == 0  # T1 A1 C3, no premiums
    outcome = g.challenge()
    assert outcome.invalid_words == ("TAC",) and not outcome.play_stands
    assert g.scores == [10, 0] and g.current == 0
    assert g.board.get(6, 7) is None and g.board.get(7, 7) == "A"
    assert sorted(g.racks[1]) == sorted("TACEEEE")
    assert [t.kind for t in g.history] == ["place", "place", "challenged"]
    assert g.history[-1].score == -5
    with pytest.raises(GameError, match="no play to challenge"):
        g.challenge()


def test_challenge_of_a_good_play_stands():
    g = rigged(["CATXYZQ", "EEEEEEE"], bag="ABCDEFGHIJKLMNOP")
    g.play("8G", "CAT")
    assert g.challenge().play_stands
    assert g.scores == [10, 0] and g.current == 1


def test_challenge_undoes_a_phony_that_went_out():
    g = rigged(["TAC", "QZE"])
    g.play("8G", "TAC")
    assert g.over
    assert g.challenge().invalid_words == ("TAC",)
    assert not g.over and g.scores == [0, 0] and g.current == 1
    assert sorted(g.racks[0]) == ["A", "C", "T"]


def test_no_challenges_under_the_none_rule():
    g = rigged(["CATXYZQ", "EEEEEEE"], bag="ABCDEFGHIJKLMNOP", challenges="none")
    g.play("8G", "CAT")
    # the sentence the web app and WerdUp say ("each play is judged as it is made" was its own)
    with pytest.raises(GameError) as refused:
        g.challenge()
    assert str(refused.value) == ("challenges are off at this table: the companion judges each "
                                  "play as it is made")


# Each rule's outcome, for a phony (TAC) and a valid play (CAT) challenged by Bob:
# (rule, word, Ann's score, Bob's score, whose turn next, history kinds after the play).
CHALLENGE_TABLE = [
    ("single", "TAC", 0, 0, 1, ["place", "challenged"]),
    ("single", "CAT", 10, 0, 1, ["place"]),
    ("double", "TAC", 0, 0, 1, ["place", "challenged"]),
    ("double", "CAT", 10, 0, 0, ["place", "lost_turn"]),
    ("points", "TAC", 0, 0, 1, ["place", "challenged"]),
    ("points", "CAT", 15, 0, 1, ["place", "challenge_bonus"]),
    ("points 10", "CAT", 20, 0, 1, ["place", "challenge_bonus"]),
    ("expert", "TAC", 0, 0, 1, ["place", "challenged"]),
]


@pytest.mark.parametrize(("rule", "word", "ann", "bob", "current", "kinds"), CHALLENGE_TABLE)
def test_challenge_outcome_per_rule(rule, word, ann, bob, current, kinds):
    g = rigged(["CATXYZQ", "EEEEEEE"], bag="ABCDEFGHIJKLMNOP", challenges=rule)
    g.play("8G", word)
    outcome = g.challenge()
    assert outcome.play_stands is (word == "CAT")
    assert g.scores == [ann, bob] and g.current == current
    assert [t.kind for t in g.history] == kinds
    assert [t.total for t in g.history][-1] == (ann if kinds[-1] != "lost_turn" else bob)
    with pytest.raises(GameError, match="no play to challenge"):
        g.challenge()


def test_double_challenge_lost_turn_in_a_three_player_game():
    g = Game(["Ann", "Bob", "Cy"], random.Random(0), lexicon=LEX)
    g.rules = g.rules.with_settings(challenges="double")
    g.racks = [list("CATXYZQ"), list("EEEEEEE"), list("EEEEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOP")
    g.play("8G", "CAT")
    g.challenge(challenger=2)  # Cy challenges a valid play: Cy's next turn is lost
    assert g.current == 1
    g.pass_turn()  # Bob
    assert g.current == 0 and [t.kind for t in g.history][-2:] == ["pass", "lost_turn"]
    assert g.history[-1].player == 2


def test_a_player_cannot_challenge_their_own_play():
    g = rigged(["CATXYZQ", "EEEEEEE"], bag="ABCDEFGHIJKLMNOP")
    g.play("8G", "CAT")
    with pytest.raises(GameError, match="another player"):
        g.challenge(challenger=0)


def test_player_count():
    with pytest.raises(GameError, match="one to four players"):
        Game(["a", "b", "c", "d", "e"], random.Random(1))


def test_a_lost_turn_stays_lost_when_the_play_before_it_comes_off():
    """Cy loses her next turn to a challenge of Ann's CAT; it comes at once after Bob's
    phony, which Ann then challenges off. Taking the phony off does not give Cy the turn
    back: Ann moves next, and the record (the play, its ``--``, Cy's lost turn) replays."""
    g = Game(["Ann", "Bob", "Cy"], random.Random(0), lexicon=LEX)
    g.rules = g.rules.with_settings(challenges="double")
    g.racks = [list("CATXYZQ"), list("EEEEEET"), list("EEEEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOP")
    g.play("8G", "CAT")
    g.challenge(challenger=2)
    g.play("H7", "E.E")  # Bob's phony; Cy's turn is the one lost
    assert g.current == 0 and [t.kind for t in g.history][-1] == "lost_turn"
    assert not g.challenge().play_stands  # Ann, to move
    assert g.current == 0
    assert [(t.player, t.kind) for t in g.history] == [
        (0, "place"), (1, "place"), (1, "challenged"), (2, "lost_turn")]
    result = replay(parse_gcg(write_gcg(record_from_game(g))))
    assert result.totals == {"Ann": 10, "Bob": 0, "Cy": 0}


def test_two_wrong_challenges_cost_two_turns():
    """Under ``double`` each valid play challenged costs the challenger a turn: Dee, named as
    the challenger of Ann's CAT and then of Bob's AT before her turn comes, loses her next
    two turns, one each time it comes round; the record replays."""
    g = Game(["Ann", "Bob", "Cy", "Dee"], random.Random(0), lexicon=LEX)
    g.rules = g.rules.with_settings(challenges="double")
    g.racks = [list("CATXYZQ"), list("TEEEEEE"), list("EEEEEEE"), list("EEEEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOPQRSTUVW")
    g.play("8G", "CAT")
    assert g.challenge(challenger=3).play_stands and g.current == 1
    g.play("H8", ".T")
    assert g.challenge(challenger=3).play_stands and g.current == 2
    for _ in range(4):  # Cy, then Ann, Bob and Cy again
        g.pass_turn()
    assert [(t.player, t.kind) for t in g.history][2:] == [
        (2, "pass"), (3, "lost_turn"), (0, "pass"), (1, "pass"), (2, "pass"),
        (3, "lost_turn")]
    assert g.current == 0 and not g.over
    replay(parse_gcg(write_gcg(record_from_game(g))))


def test_every_player_must_pass_twice_not_as_many_passes():
    """Cy, named as the challenger of Ann's valid CAT, loses her next turn: Bob, Ann, Bob
    and Ann pass, then Cy passes twice among them; six passes in a row are not enough
    while Cy has passed only once."""
    g = Game(["Ann", "Bob", "Cy"], random.Random(0), lexicon=LEX)
    g.rules = g.rules.with_settings(challenges="double")
    g.racks = [list("CATXYZQ"), list("EEEEEEE"), list("EEEEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOP")
    g.play("8G", "CAT")
    g.challenge(challenger=2)
    for _ in range(6):  # Bob, (Cy's lost turn), Ann, Bob, Cy, Ann, Bob
        g.pass_turn()
    assert [t.kind for t in g.history].count("pass") == 6 and not g.over
    g.pass_turn()  # Cy's second pass: every player has passed twice in a row
    assert g.over


def test_the_engine_ends_a_game_where_the_shared_out_of_tiles_rule_does():
    """Over whole games the move generator plays, the engine ends a game after a play exactly
    when :func:`companion.tiles.out_of_tiles` (Bug Words: one player out, the bag empty)
    says so from the racks and the bag, and the replay of the game's record, which counts
    the tiles the same way, agrees: every line replays, and a turn after the last play is
    refused because the game is over."""
    lex = default_lexicon()
    went_out = played_on_empty_bag = 0
    for seed, players in [(0, 2), (1, 3), (2, 4), (3, 2), (4, 3), (5, 2)]:
        g = Game(["Ann", "Bob", "Cy", "Dee"][:players], random.Random(seed), lexicon=lex)
        while not g.over:
            mover, turns = g.current, len(g.history)
            take_best_turn(g, lex)
            sizes = {str(i): len(r) for i, r in enumerate(g.racks)}
            rule = out_of_tiles(str(mover), sizes, len(g.bag), ONE_OUT)
            if g.history[turns].kind == "place":
                assert g.over is bool(rule), (seed, turns, rule)
                went_out += bool(rule)
                played_on_empty_bag += not g.bag and not rule
        rec = record_from_game(g)
        assert replay(rec).totals == dict(zip(g.players, g.scores, strict=True))
        ending = ("rack_penalty", "out_bonus")
        rec.moves = [m for m in rec.moves if m.kind not in ending]
        seat = (g.players.index(rec.moves[-1].player) + 1) % players
        total = next((m.total for m in reversed(rec.moves) if m.player == g.players[seat]), 0)
        rec.moves.append(GcgMove(g.players[seat], "pass", g.rack_text(seat), 0, total))
        with pytest.raises(GcgError, match="the game is over .*: no more moves"):
            replay(parse_gcg(write_gcg(rec)))
    # both sides of the rule come up: games ended by going out, plays on an empty bag that
    # leave the mover holding tiles
    assert went_out >= 4 and played_on_empty_bag >= 4


def test_the_default_challenger_is_the_player_to_move_after_a_lost_turn():
    """Cy owes a turn for a wrong challenge of Ann's CAT (``double``); Bob plays AT and Cy's
    turn is passed over, so Ann is to move. Challenged with no challenger named, Bob's valid
    play costs the player to move, Ann, her turn at once (as WerdUp and the web score sheet
    choose the challenger), not Cy a second turn; the record replays."""
    g = Game(["Ann", "Bob", "Cy"], random.Random(0), lexicon=LEX)
    g.rules = g.rules.with_settings(challenges="double")
    g.racks = [list("CATXYZQ"), list("TEEEEEE"), list("EEEEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOP")
    g.play("8G", "CAT")
    assert g.challenge(challenger=2).play_stands
    g.play("H8", ".T")
    assert g.current == 0 and g.history[-1].kind == "lost_turn"
    assert g.challenge().play_stands
    assert [(t.player, t.kind) for t in g.history] == [
        (0, "place"), (1, "place"), (2, "lost_turn"), (0, "lost_turn")]
    assert g.current == 1
    g.pass_turn()  # Bob; Cy owes no more turns
    assert g.current == 2
    replay(parse_gcg(write_gcg(record_from_game(g))))
