"""WerdUp game records: write, replay with checked scores, and the ``companion werdup`` CLI."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest
import werdup_positions as pos

from companion.cli import main
from companion.errors import CompanionError, OtherGameRecord
from companion.lexicon import default_lexicon
from companion.text import counted
from companion.werdup.game import Game
from companion.werdup.record import replay, write_record
from companion.werdup.rules import get_rules
from companion.werdup.selfplay import play_out

DATA = Path(__file__).parent / "data"
SHORT = DATA / "werdup-short-game.txt"


def final_totals(text: str) -> dict[str, int]:
    """The last total the record gives each player."""
    totals = {}
    for line in text.splitlines():
        if line.startswith(">"):
            name = line[1:].split(":")[0]
            totals[name] = int(line.split()[-1])
    return totals


def test_hand_scored_game_replays_with_its_totals():
    result = replay(SHORT.read_text(), default_lexicon())
    assert result.ok, [ln.problems for ln in result.lines]
    assert [ln.score for ln in result.lines] == [6, 6, 12, 14, 6, 7, 0, 0, -35, -35]
    assert result.totals == {"ann": -11, "bob": -8} and result.winners() == ["bob"]
    # the stacks the record describes: A3 at 5E (A on O on A), T2 at 6E (T on R)
    assert result.board.get(4, 4) == "A" and result.board.height(4, 4) == 3
    assert result.board.get(5, 4) == "T" and result.board.height(5, 4) == 2


@pytest.mark.parametrize("name", ["werdup-selfplay-werdup.txt", "werdup-selfplay-upwords.txt"])
def test_recorded_full_games_replay_with_the_right_totals(name):
    text = (DATA / name).read_text()
    result = replay(text, default_lexicon())
    assert result.ok
    assert result.totals == final_totals(text)
    assert sum(1 for _ in result.board.squares()) > 30


def test_written_record_replays_to_the_same_totals():
    game = Game.start(["ann", "bob"], get_rules("upwords"), default_lexicon(), random.Random(11))
    play_out(game)
    assert game.over
    result = replay(write_record(game), default_lexicon())
    assert result.ok and result.totals == game.scores
    assert result.board == game.board


def test_a_wrong_score_or_height_is_reported():
    text = SHORT.read_text().replace("+14 20", "+15 21").replace("[321]", "[311]")
    result = replay(text, default_lexicon())
    assert not result.ok
    bad = {ln.line: ln.problems for ln in result.lines if not ln.ok}
    assert any("score is +14, record says +15" in p for p in bad[15])
    assert any("stack heights after the play are 321" in p for p in bad[19])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("5D CAT", "1A CAT"), "beginning square"),
        (("ACDEHRT 5D", "ADEHRTX 5D"), "not on the rack"),
        (("DEHHORU 7C HO(E)", "DEHXORU 7C XO(E)"), "XOE is not in the word list"),
        ((">bob: DIOSSTY - +0 27", ">zed: DIOSSTY - +0 27"), "zed is not one of the players"),
        ((">bob: DIOSSTY - +0 27", ">bob: DIOSSTY 27"), "expected RACK MOVE"),
        ((">bob: DIOSSTY - +0 27", ">bob: DIO5STY - +0 27"), "line 21: cannot read the tiles"),
        # a score and a total are written in ASCII digits (int() read an Arabic-Indic zero)
        ((">bob: DIOSSTY - +0 27", ">bob: DIOSSTY - +\u0660 27"), "line 21: expected RACK MOVE"),
        ((">bob: DIOSSTY - +0 27", ">bob: DIOSSTY - +0 2\uff17"), "line 21: expected RACK MOVE"),
    ],
)
def test_unreadable_or_illegal_records_name_the_line(change, message):
    text = SHORT.read_text().replace(*change)
    with pytest.raises(CompanionError, match=message):
        replay(text, default_lexicon())


# -- the command line ---------------------------------------------------------------------------


def write_position(tmp_path, board) -> str:
    path = tmp_path / "position.txt"
    path.write_text("# test position\n" + board.to_text())
    return str(path)


def test_cli_replay(capsys, tmp_path):
    assert main(["werdup", "replay", str(SHORT)]) == 0
    out = capsys.readouterr().out
    assert "Totals: ann -11, bob -8" in out and "Winner: bob" in out
    assert main(["werdup", "replay", str(SHORT), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and data["totals"] == {"ann": -11, "bob": -8}
    assert data["moves"][3]["score"] == 14
    bad = tmp_path / "bad.txt"
    bad.write_text(SHORT.read_text().replace("+14 20", "+15 21"))
    assert main(["werdup", "replay", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "record says +15" in out
    assert out.endswith("\n2 lines disagree with the record.\n")  # the score and the total
    bad.write_text(SHORT.read_text().replace("+14 20", "+15 20"))  # the score alone
    assert main(["werdup", "replay", str(bad)]) == 1
    assert capsys.readouterr().out.endswith("\n1 line disagrees with the record.\n")
    assert main(["werdup", "replay", str(tmp_path / "missing.txt")]) == 2


def test_cli_score(capsys, tmp_path):
    position = write_position(tmp_path, pos.CAT_ARE)
    assert main(["werdup", "score", position, "5D (C)O(T)"]) == 0
    out = capsys.readouterr().out
    assert "14 points" in out and "COT: C 2 + O 3 (stack of 3) + T 2 = 7" in out
    assert main(["werdup", "score", position, "5D", "(C)O(T)", "--rules", "upwords",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] and data["score"] == 10
    assert main(["werdup", "score", position, "5D (CAT)S"]) == 1
    assert "Adding only an S to CAT" in capsys.readouterr().out
    assert main(["werdup", "score", "empty", "1A CAT"]) == 1
    assert main(["werdup", "score", position, "5Z CAT"]) == 1
    assert "5Z is off the board" in capsys.readouterr().out


def test_cli_moves(capsys, tmp_path):
    position = write_position(tmp_path, pos.CAT_ARE)
    assert main(["werdup", "moves", position, "SENODLQuA", "--top", "3"]) == 2  # 8 tiles
    capsys.readouterr()
    assert main(["werdup", "moves", position, "SENODLQu", "--top", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["plays"]) == 3 and data["count"] > 50
    assert data["plays"][0]["score"] >= data["plays"][2]["score"]
    assert main(["werdup", "moves", "empty", "AEIRST"]) == 0
    assert "legal plays" in capsys.readouterr().out
    assert main(["werdup", "moves", "empty", "A1"]) == 2
    assert "Cannot read the tiles" in capsys.readouterr().err


def test_cli_rejects_bad_positions(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("A B C\n")
    assert main(["werdup", "moves", str(bad), "AE"]) == 2
    assert "the board text has 1 row, expected 10" in capsys.readouterr().err
    tall = pos.CAT.copy()
    tall.set(4, 4, "A", 6)
    assert main(["werdup", "moves", write_position(tmp_path, tall), "AE"]) == 2
    assert "is 6; a stack is 1 to 5 tiles high" in capsys.readouterr().err


def test_cli_selfplay_record_replays(capsys, tmp_path):
    assert main(["werdup", "selfplay", "--seed", "2", "--players", "ann,bob"]) == 0
    record = tmp_path / "game.txt"
    record.write_text(capsys.readouterr().out)
    assert main(["werdup", "replay", str(record)]) == 0


# -- the end of the game: no move after it ------------------------------------------------------

def _seeded(seed: int, players: str, rules: str = "werdup", blocked: bool = True) -> Game:
    """A whole game by the move generator, as ``companion werdup selfplay`` plays it; with
    ``blocked`` False, no one checks whether anyone can play, so the players pass until
    every one of them still holding tiles has passed."""
    game = Game.start(players.split(","), get_rules(rules), default_lexicon(),
                      random.Random(seed))
    if blocked:
        return play_out(game)
    from companion.werdup.selfplay import take_turn

    while not game.over:
        take_turn(game)
    return game


def _open_record(game: Game) -> str:
    """The game's record without its end-of-game lines (tiles left, ``#end``)."""
    return "".join(ln + "\n" for ln in write_record(game).splitlines()
                   if not ln.startswith("#end") and ": (" not in ln)


def _pass_line(game: Game, player: str) -> str:
    """A pass by ``player`` after the game's last turn (at their total before the end)."""
    rack = "".join(sorted(game.racks[player], key=str.upper)) or "A"
    total = next(t.total for t in reversed(game.history) if t.player == player)
    return f">{player}: {rack} - +0 {total}\n"


@pytest.mark.parametrize(("seed", "rules", "reason"), [
    (2, "werdup", "all the tiles have been played"),
    (4, "upwords", "bob has played every tile and the bag is empty"),
])
def test_no_move_after_the_tiles_ran_out(seed, rules, reason):
    """The engine ends the game when the tiles run out and refuses any move after; replay,
    counting the tiles the record's racks show, refuses a move line there too, but still
    takes a challenge of the play that ended the game."""
    game = _seeded(seed, "ann,bob", rules)
    assert game.end_reason == reason
    with pytest.raises(CompanionError, match="The game is over"):
        game.pass_turn()
    text = _open_record(game)
    assert replay(text, default_lexicon()).ok
    after = len(text.splitlines()) + 1
    with pytest.raises(CompanionError, match=f"record line {after}: the game is over "
                                             f"\\({reason}\\): no more moves"):
        replay(text + _pass_line(game, "ann"), default_lexicon())
    last = game.history[-1]
    back = (f">{last.player}: {''.join(sorted(last.rack, key=str.upper))} -- "
            f"{-last.score:+d} {last.total - last.score}\n")
    from companion.challenges import get_challenge_rule

    taken = replay(text + back, default_lexicon(), challenge_rule=get_challenge_rule("single"))
    assert taken.lines[-1].move.endswith(" challenged off")


def test_no_move_after_the_racks_are_counted():
    game = _seeded(3, "ann,bob,cy")
    text = write_record(game)
    with pytest.raises(CompanionError, match="the game is over \\(the tiles left on the racks "
                                             "have been counted\\): no more moves"):
        replay(text + _pass_line(game, "ann"), default_lexicon())


def test_passes_end_the_game_once_every_player_still_holding_tiles_has_passed():
    """Bob goes out (bag empty, the ``werdup`` rules go on until every rack is empty); Ann and
    Cy then pass in turn, which ends the game in the engine: Bob, holding nothing, has no
    turns. Replay, reading the racks, counts the two passes the same way and refuses a move
    after them; a record whose racks are not whole (a score sheet writes the tiles placed)
    still counts every player."""
    game = _seeded(3, "ann,bob,cy", blocked=False)
    assert game.end_reason == "every player passed in a row"
    assert not game.racks["bob"] and game.racks["ann"] and game.racks["cy"]
    assert [type(t.move).__name__ for t in game.history[-2:]] == ["Pass", "Pass"]
    with pytest.raises(CompanionError, match="The game is over"):
        game.pass_turn()
    text = _open_record(game)
    assert replay(text, default_lexicon()).ok
    after = len(text.splitlines()) + 1
    with pytest.raises(CompanionError, match=f"record line {after}: the game is over \\(every "
                                             "player passed in a row\\): no more moves"):
        replay(text + _pass_line(game, "ann"), default_lexicon())
    # the same lines with a rack cut short: the racks are not whole, so every player counts
    first = next(ln for ln in text.splitlines() if ln.startswith(">"))
    cut = first.split()[1][:-1] if first.split()[2] != "-" else first.split()[1]
    assert replay(text.replace(first, first.replace(first.split()[1], cut, 1), 1)
                  + _pass_line(game, "ann"), default_lexicon()).ok


def test_replay_keeps_the_turn_order_when_the_racks_are_whole():
    """The players move in the order of the #player lines, a player who has gone out being
    passed over: a record the engine wrote with a line missing is refused where the wrong
    player moves."""
    text = write_record(_seeded(3, "ann,bob,cy"))
    lines = text.splitlines()
    cy = next(i for i, ln in enumerate(lines) if ln.startswith(">cy:"))
    assert lines[cy + 1].startswith(">ann:")
    with pytest.raises(CompanionError, match=f"record line {cy + 1}: it is cy's turn, not "
                                             "ann's: the players move in the order of the "
                                             "#player lines"):
        replay("\n".join(lines[:cy] + lines[cy + 1:]) + "\n", default_lexicon())


@pytest.mark.parametrize(("draw", "message"), [
    ("#draw ann:H bob:C", "record line 9: it is bob's turn, not ann's"),
    ("#draw ann:C bob:Qu", None),
    ("#draw ann:C bob:C\n#draw ann:A bob:B", None),
    ("#draw ann:C bob:C\n#draw ann:B bob:A", "record line 10: it is bob's turn, not ann's"),
    ("#draw ann:C bob:C", "record line 7: ann and bob drew tiles equally near to A, so they "
                          "draw again"),
    ("#draw ann:C", "record line 7: the draw is for ann, bob, not ann"),
    ("#draw ann:C bob:H\n#draw ann:A bob:B", "record line 8: the draw is for ann, not ann, "
                                             "bob"),
    ("#draw ann:C bob:HH", "record line 7: 'bob:HH' should name one tile"),
    ("#draw ann:C cy:H", "record line 7: a draw reads '#draw ann:C bob:H'"),
])
def test_the_first_player_is_the_one_who_drew_nearest_to_a(draw, message):
    text = SHORT.read_text().replace("#draw ann:C bob:H", draw)
    if message is None:
        assert replay(text, default_lexicon()).ok
    else:
        with pytest.raises(CompanionError, match=message):
            replay(text, default_lexicon())


@pytest.mark.parametrize(("rack", "message"), [
    ("ACDEHRTS", "record line 9: the rack ACDEHRTS has 8 tiles; a rack holds 7"),
    ("ACQuQuT", "record line 9: the rack ACQuQuT has 2 Qu tiles, the set has 1"),
])
def test_replay_refuses_a_rack_no_game_can_deal(rack, message):
    text = SHORT.read_text().replace(">ann: ACDEHRT 5D CAT", f">ann: {rack} 5D CAT")
    with pytest.raises(CompanionError, match=message):
        replay(text, default_lexicon())


def test_replay_refuses_a_swap_once_the_bag_is_empty():
    """The engine refuses a swap with nothing in the bag; replay, counting the tiles from the
    record's whole racks, refuses the line."""
    game = _seeded(3, "ann,bob,cy", blocked=False)
    assert not game.bag
    lines = _open_record(game).splitlines()
    last = max(i for i, ln in enumerate(lines) if ln.startswith(">"))
    nick, rack = lines[last].split()[:2]
    lines[last] = lines[last].replace(f"{rack} - ", f"{rack} -{rack[0]} ")
    with pytest.raises(CompanionError, match=f"record line {last + 1}: the bag is empty, so "
                                             "there is nothing to swap with"):
        replay("\n".join(lines) + "\n", default_lexicon())


def _end_lines(text: str) -> dict[str, tuple[str, str]]:
    """The record's lines of tiles left at the end: each nick's line, and its tiles."""
    return {m[1]: (m[0], m[2]) for m in re.finditer(r">(\w+): \((\w+)\) -\d+ \d+\n", text)}


def test_replay_checks_the_tiles_left_against_the_racks():
    """Each tile left on a rack at the end costs 5 points: where the record's racks are
    whole, replay knows how many each player holds, and reports a count that differs, a
    player counted twice, or one whose tiles left the record leaves out."""
    game = _seeded(3, "ann,bob,cy")
    text = write_record(game)
    ends = _end_lines(text)
    assert sorted(ends) == ["ann", "cy"] and ends["ann"][1] == "W"  # bob went out
    assert replay(text, default_lexicon()).ok
    ann_line, _ = ends["ann"]
    total = int(ann_line.split()[-1])
    wrong = replay(text.replace(ann_line, f">ann: (WX) -10 {total - 5}\n"), default_lexicon())
    assert [ln.problems for ln in wrong.lines if ln.problems] == [
        ["ann holds 1 tile at the end, the record counts 2"]]
    cy_line, cy_tiles = ends["cy"]
    cy_total, penalty = int(cy_line.split()[-1]), 5 * len(cy_tiles)
    again = f">cy: ({cy_tiles}) -{penalty} {cy_total - penalty}\n"
    twice = replay(text.replace(cy_line, cy_line + again), default_lexicon())
    assert [ln.problems for ln in twice.lines if ln.problems] == [
        ["cy's tiles left are counted twice"]]
    missing = replay(text.replace(cy_line, ""), default_lexicon())
    assert not missing.ok and missing.totals["cy"] == cy_total  # the penalty counted all the same
    assert missing.lines[-1].problems == [
        f"cy holds {counted(len(cy_tiles), 'tile')} at the end but the record has no line for "
        "them"]


def test_a_rack_of_one_tile_left_reads_one_tile():
    """A player left holding one tile: the record's end line reads as "1 tile left", and a
    record that counts only that one still ends the game (the others' racks are owed)."""
    text = write_record(_seeded(3, "ann,bob,cy"))
    ends = _end_lines(text)
    assert ends["ann"][1] == "W"
    ended = replay(text, default_lexicon())
    assert [ln.move for ln in ended.lines if ln.player == "ann"][-1] == "1 tile left (W)"
    missing = replay(text.replace(ends["cy"][0], ""), default_lexicon())
    assert [(ln.player, ln.move) for ln in missing.lines[-2:]] == [
        ("ann", "1 tile left (W)"), ("cy", f"{counted(len(ends['cy'][1]), 'tile')} left")]


def _problems(text: str) -> dict[int, list[str]]:
    return {ln.line: ln.problems for ln in replay(text, default_lexicon()).lines if not ln.ok}


def test_one_wrong_score_is_reported_once_on_its_line():
    # bob's +14 written +15, his totals added up from it: the score line differs, and no later
    # total does (the totals were compared with the recomputed ones, so every later total of
    # bob's differed too)
    text = (SHORT.read_text().replace("+14 20", "+15 21").replace("+7 27", "+7 28")
            .replace("+0 27", "+0 28").replace("-35 -8", "-35 -7"))
    assert _problems(text) == {15: ["score is +14, record says +15"]}


def test_a_wrong_score_of_nothing_is_said_as_points_are():
    # ann's pass (0) written +2: the problem says "0" as every score is said, never "+0"
    text = (SHORT.read_text().replace("- +0 24", "- +2 26")
            .replace("-35 -11", "-35 -9"))
    assert _problems(text) == {20: ["score is 0, record says +2"]}


def test_a_total_that_does_not_add_up_is_reported_once_on_its_line():
    # 20 + 7 written 30 and carried on from there: one slip, on its line, as Bug Words says it
    text = (SHORT.read_text().replace("+7 27", "+7 30").replace("+0 27", "+0 30")
            .replace("-35 -8", "-35 -5"))
    assert _problems(text) == {19: ["running total 30, but 27 by the record's own scores"]}


def test_a_total_miswritten_once_is_reported_once():
    # 20 + 7 written 30, the later totals right (27 on): one slip, on its line; the next line
    # was reported too ("running total 27, but 30 by the record's own scores")
    text = SHORT.read_text().replace("+7 27", "+7 30")
    assert _problems(text) == {19: ["running total 30, but 27 by the record's own scores"]}


def test_a_play_noted_without_its_square_may_stand_for_points_in_the_totals():
    # a score sheet's play entered without its square: its 9 points are in bob's next total
    text = ("#werdup-record 1\n#rules werdup\n#player1 ann Ann\n#player2 bob Bob\n"
            ">ann: ACDEHRT 5D CAT [111] +6 6\n"
            "#note turn 2: Bob scored 9 for DOG (square not recorded)\n"
            ">ann: ADEHRXY - +0 6\n>bob: EEIIOOU - +0 9\n")
    assert _problems(text) == {}
    assert _problems(text.replace("+0 9", "+0 10")) == {}  # not known: taken as it is
    assert _problems(text.replace("+6 6", "+6 7")) == {
        5: ["running total 7, but 6 by the record's own scores"]}


@pytest.mark.parametrize(
    ("move", "status", "message"),
    [
        # not in the record's form: it cannot be read (2), as in Bug Words' replay
        ("ZZ9 CAT", 2, "'ZZ9' is not a board position"),
        ("5D C@T", 2, "'C@T' has '@'"),
        ("5D C(AT", 2, "unmatched '('"),
        ("5D CAT [1x1]", 2, "'[1x1]' is not stack heights"),
        # read, and refused by the rules (1)
        ("5Z CAT", 1, "5Z is off the board"),
        ("1A CAT", 1, "beginning square"),
        ("5D CAT [11]", 1, "stack heights after the play are 111"),
    ],
)
def test_replay_exit_status_tells_an_unreadable_move_from_an_illegal_one(capsys, tmp_path,
                                                                         move, status, message):
    path = tmp_path / "game.txt"
    path.write_text(f"#werdup-record 1\n#player1 ann Ann\n#player2 bob Bob\n"
                    f">ann: ACDEHRT {move} +6 6\n")
    assert main(["werdup", "replay", str(path)]) == status
    out, err = capsys.readouterr()
    assert message in out + err


@pytest.mark.parametrize(
    ("move", "status", "message"),
    [
        ("ZZ9 CAT", 2, "'ZZ9' is not a board position"),  # names no square: unreadable
        ("5D C(AT", 2, "unmatched '('"),
        ("5D ()", 2, "play has no letters"),
        ("5Z CAT", 1, "5Z is off the board"),  # a square off the board: an illegal play
        ("11A CAT", 1, "11A is off the board"),
        ("5H CATS", 1, "play 5H CATS runs off the board"),
    ],
)
def test_score_and_replay_give_a_play_the_same_exit_status(capsys, tmp_path, move, status,
                                                           message):
    """``werdup score`` exited 2 for a play off the board where ``werdup replay`` exited 1
    for the same play in a record: both now follow the notation's own verdict (a
    :class:`companion.board.NotationError` cannot be read, any other refusal is illegal)."""
    assert main(["werdup", "score", "empty", move]) == status
    out, err = capsys.readouterr()
    assert message in (out if status == 1 else err)
    path = tmp_path / "game.txt"
    path.write_text(f"#werdup-record 1\n#player1 ann Ann\n#player2 bob Bob\n"
                    f">ann: ACEHRST {move} +6 6\n")
    assert main(["werdup", "replay", str(path)]) == status
    out, err = capsys.readouterr()
    assert message in err


def test_score_json_judges_a_play_off_the_board_illegal(capsys):
    assert main(["werdup", "score", "empty", "5H CATS", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is False and data["reason"] == "The play 5H CATS runs off the board."


def test_the_engine_and_replay_refuse_a_swap_on_an_empty_bag_alike():
    """While the game goes on with the bag empty, the engine refuses a swap and the replay
    of its record refuses the same swap line, in the same words
    (``WerdUpRules.swap_refusal``)."""
    from companion.werdup.selfplay import take_turn

    game = Game.start(["ann", "bob", "cy"], get_rules("werdup"), default_lexicon(),
                      random.Random(3))
    while game.bag:
        take_turn(game)
    assert not game.over
    player = game.player
    rack = "".join(sorted(game.racks[player], key=str.upper))
    with pytest.raises(CompanionError) as refused:
        game.swap(game.racks[player][0])
    said = str(refused.value)
    assert said.endswith(".") and said[:1].isupper()
    text = _open_record(game)
    total = next((t.total for t in reversed(game.history) if t.player == player), 0)
    line = len(text.splitlines()) + 1
    with pytest.raises(CompanionError) as replayed:
        replay(text + f">{player}: {rack} -{game.racks[player][0]} +0 {total}\n",
               default_lexicon())
    assert str(replayed.value).endswith(f"record line {line}: {said[:1].lower()}{said[1:-1]}")


def test_replay_and_the_engine_choose_the_same_first_player_from_the_draw():
    """Over seeded starts (ties among them, drawn again), the record's ``#draw`` lines make
    the replay expect the player the engine chose to move first: the record of the first
    turn replays, and with that turn given to anyone else it is refused."""
    from companion.werdup.selfplay import take_turn

    ties = 0
    for seed in range(12):
        game = Game.start(["ann", "bob", "cy", "dee"], get_rules("werdup"), default_lexicon(),
                          random.Random(seed))
        ties += len(game.draws) > 1
        first = game.player
        take_turn(game)
        text = _open_record(game)
        assert replay(text, default_lexicon()).lines[0].player == first
        other = next(p for p in game.players if p != first)
        with pytest.raises(CompanionError, match=f"it is {first}'s turn, not {other}'s"):
            replay(text.replace(f">{first}:", f">{other}:", 1), default_lexicon())
    assert ties


@pytest.mark.parametrize(("header", "message"), [
    # two players with one nick were replayed as one player, their totals mixed
    ("#player1 ann Ann\n#player2 ann Bob\n", "record line 3: player 'ann' is named twice"),
    # a second #player1 was read as a second player
    ("#player1 ann Ann\n#player1 bob Bob\n", "record line 3: the player lines go #player1"),
    ("#player1 ann Ann\n#player3 bob Bob\n", "record line 3: the player lines go #player1"),
    # six players were replayed, dealt 42 tiles, though WerdUp seats four at most
    ("".join(f"#player{i} p{i} P\n" for i in range(1, 7)),
     "the record names 6 players; WerdUp is for 1 to 4"),
])
def test_a_record_whose_players_no_game_has_cannot_be_read(capsys, tmp_path, header, message):
    path = tmp_path / "game.txt"
    path.write_text("#werdup-record 1\n" + header)
    with pytest.raises(CompanionError, match=message):
        replay(path.read_text(), default_lexicon())
    assert main(["werdup", "replay", str(path)]) == 2
    assert message[1:] in capsys.readouterr().err


@pytest.mark.parametrize("after", [">bob: EEEEEEE - +0 0\n", "#note turn 2: bob chose to pass\n"])
def test_a_move_after_the_end_line_is_refused(capsys, tmp_path, after):
    """A pass after '#end' was replayed, and then every rack counted as if it were the end;
    a move after the end breaks the rules (exit status 1), as one after the racks are
    counted does."""
    path = tmp_path / "game.txt"
    path.write_text("#werdup-record 1\n#player1 ann Ann\n#player2 bob Bob\n"
                    ">ann: ACDEHRT 5D CAT [111] +6 6\n#end every player passed in a row\n"
                    + after)
    assert main(["werdup", "replay", str(path)]) == 1
    assert "Record line 6: a move after the end of the game (#end, record line 5)" in (
        capsys.readouterr().err)


@pytest.mark.parametrize("blank", ["\n", " \n", "\r\n"])
def test_a_record_of_blank_lines_is_refused_at_once(blank):
    # looking for a GCG record's "#character-encoding" line let "^\s*" run from every line
    # over all the blank lines after it: a 2 MB file of them took hours
    text = blank * 300_000
    started = time.monotonic()
    with pytest.raises(CompanionError, match="the record is empty"):
        replay(text, default_lexicon())
    assert time.monotonic() - started < 10


def test_a_gcg_record_indented_is_still_told_apart():
    text = "  \t#character-encoding UTF-8\n#player1 A Ann\n#player2 B Bob\n>A: ZZZZ 8H ZQX +99 99\n"
    with pytest.raises(CompanionError, match="looks like a Bug Words game record"):
        replay(text, default_lexicon())


@pytest.mark.parametrize("notes", ["", "#note a quiet game\n", "#lexicon TWL\n"])
def test_a_gcg_record_without_plays_is_not_a_werdup_tie(notes):
    # it replayed as a WerdUp game of no turns: "Totals: A 0, B 0", both winners, status 0
    text = "#character-encoding UTF-8\n#player1 A Ann\n#player2 B Bob\n" + notes
    with pytest.raises(OtherGameRecord, match="looks like a Bug Words game record, GCG, not "
                                              "a WerdUp one$") as caught:
        replay(text, default_lexicon())
    assert caught.value.game == "bugwords"  # the way out is the command's to say
