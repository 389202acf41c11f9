"""A player's name and a word are shown exactly as typed, even in a message made a sentence
(companion.text.sentence gives a message a capital first letter): no message begins with
them, so "bob" never becomes "Bob", nor a Bug Words blank ``c`` a C tile."""

from __future__ import annotations

import random

import pytest

from companion.board import Board, PlayError, parse_position
from companion.bugwords.game import Game as BugWordsGame
from companion.challenges import ChallengedOff, ChallengeError
from companion.errors import CompanionError
from companion.lexicon import default_lexicon
from companion.tables import table_for
from companion.text import sentence
from companion.werdup.game import Game as WerdUpGame
from companion.werdup.notation import parse_play
from companion.werdup.rules import get_rules


def _shown(error: BaseException) -> str:
    """The error as the command line and the web pages show it."""
    return sentence(str(error))


def _werdup_game() -> WerdUpGame:
    return WerdUpGame(get_rules("werdup"), default_lexicon(), ["bob", "ann"], random.Random(1),
                      Board(10, 10), [], {"bob": list("CATXYZE"), "ann": list("ORESTAB")},
                      {"bob": 0, "ann": 0})


def _bugwords_game() -> BugWordsGame:
    g = BugWordsGame(["bob", "ann"], random.Random(0))
    g.racks = [list("CATXYZQ"), list("EEEEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOP")
    return g


def test_a_turn_refused_after_a_challenge_keeps_the_name_as_typed():
    with pytest.raises(ChallengeError) as caught:
        ChallengedOff("bob", 2, False).check_next("bob")
    assert _shown(caught.value).startswith("Player bob cannot move again in this turn")


def test_werdup_game_refusals_keep_the_name_as_typed():
    g = _werdup_game()
    with pytest.raises(CompanionError) as caught:
        g.play(parse_play(g.board, "5D COD"))
    assert _shown(caught.value) == "Player bob does not have D O on the rack."
    with pytest.raises(CompanionError) as caught:
        g.swap("Q")
    assert _shown(caught.value) == "Player bob has no Q to swap."


def test_bugwords_game_refusals_keep_the_name_as_typed():
    g = _bugwords_game()
    with pytest.raises(CompanionError) as caught:
        g.play("8G", "CATS")
    assert _shown(caught.value) == "Player bob does not have S on the rack."
    with pytest.raises(CompanionError) as caught:
        g.exchange("EE")
    assert _shown(caught.value) == "Player bob does not have EE on the rack."


@pytest.mark.parametrize(("square", "word", "said"), [
    ("8M", "caTS", "The play 8M caTS runs off the board"),
    ("8H", "c.T", "The play 8H c.T: square 8I is empty, so it needs a new letter"),
])
def test_a_word_typed_with_blanks_keeps_its_case(square, word, said):
    """In Bug Words a lower-case letter is a blank: 'caTS' made 'CaTS' read as a C tile."""
    board = Board(15, 15)
    with pytest.raises(PlayError) as caught:
        board.tiles_for_play(parse_position(square), word)
    assert _shown(caught.value).startswith(said)
    scored = table_for("bugwords").score_play(None, f"{square} {word}", None)
    assert not scored.legal and scored.reason.startswith(said)


def test_a_record_line_about_a_player_keeps_the_name_from_the_command_line(capsys, tmp_path):
    """The command line shows a record's refusal as a sentence: the nick stays as typed."""
    from companion.cli import main

    record = tmp_path / "game.txt"
    record.write_text("#werdup-record 1\n#note ChallengeRule: single\n#player1 bob Bob\n"
                      "#player2 ann Ann\n>bob: ACEHRST 5D CAT [111] +6 6\n>bob: -- -6 0\n"
                      ">bob: ACEHRST 5D CAT [111] +6 6\n>bob: -- -6 0\n"
                      ">bob: ACEHRST 5D CAT [111] +6 6\n")
    assert main(["werdup", "replay", str(record), "--json"]) == 1
    error = capsys.readouterr().out
    assert "Record line 9: player bob cannot move again in this turn" in error
