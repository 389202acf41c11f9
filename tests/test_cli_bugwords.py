"""``companion bugwords replay`` and ``companion bugwords moves``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sharedwork import command_output

from companion.bugwords import default_rules
from companion.cli import main

GCG_DIR = Path(__file__).parent / "data" / "gcg"
HANDMADE = str(GCG_DIR / "handmade-features.gcg")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def word_list(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(["wreath", "hole", "end", "pan", "la", "work", "ax", "op", "zax",
                               "cat", "cats", "act", "scat", "at", "ta", "tact"]))
    return str(path)


def test_replay_table(capsys, word_list):
    code, out, _ = run(capsys, "bugwords", "replay", HANDMADE, "--lexicon", word_list)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["line", "player", "position", "word", "recorded", "computed"]
    assert any(ln.split()[:6] == ["10", "Kim", "8D", "WREATH", "+32", "+32"] for ln in lines)
    assert any("not in the word list: PAXE" in ln for ln in lines)
    assert any("tournament end-of-game doubling" in ln for ln in lines)
    assert "All 8 placement scores match the record." in out
    # what a challenge did, in the web score sheet's words ("(taken back)" before)
    rows = {ln.split()[0]: ln for ln in lines[1:]}
    assert rows["14"].split()[1:5] == ["Lee", "(challenged", "off)", "-13"]
    assert rows["18"].split()[1:7] == ["Kim", "(challenge", "bonus)", "+5", "+5", "by"]
    assert rows["18"].endswith("by the points 5 challenge rule")


def test_replay_json(capsys):
    code, out, _ = run(capsys, "bugwords", "replay", HANDMADE, "--json")
    data = json.loads(out)
    assert code == 0 and data["mismatches"] == 0
    first = data["moves"][0]
    assert {k: first[k] for k in ("player", "position", "word", "recorded", "computed")} == {
        "player": "Kim", "position": "8D", "word": "WREATH", "recorded": 32, "computed": 32}


def test_replay_mismatch_exits_1(capsys, tmp_path):
    path = tmp_path / "wrong.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: CATSXYZ 8G CAT +12 12\n")
    code, out, _ = run(capsys, "bugwords", "replay", str(path), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["mismatches"] == 1 and data["moves"][0]["computed"] == 10
    code, out, _ = run(capsys, "bugwords", "replay", str(path))
    assert code == 1 and "DIFFERS" in out
    assert "1 of 1 placement score differs from the record." in out


def test_replay_malformed_names_the_line(capsys, tmp_path):
    path = tmp_path / "bad.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: CAT 8G CAT +10 10\n>B: DOG 8Z DOG +5\n")
    code, _, err = run(capsys, "bugwords", "replay", str(path))
    assert code == 2  # bad input, not "a score differs"
    assert "Game record line 4" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#player1 A A\n#player2 B B\n>A: CAT 8G CAT +10 10\n>B: DOG 8Z DOG +5\n",
         "Game record line 4"),
        ("hello\n", "Game record line 1"),
        ("", "The game record is empty: a GCG record names its players"),
        ("#player1 A A\n#player2 B B\n#note ChallengeRule: sometimes\n"
         ">A: CAT 8G CAT +10 10\n",
         "Game record: unknown challenge rule 'sometimes'"),
    ],
)
def test_replay_json_unreadable_record_is_a_json_error(capsys, tmp_path, text, message):
    path = tmp_path / "bad.gcg"
    path.write_text(text)
    code, out, err = run(capsys, "bugwords", "replay", str(path), "--json")
    assert code == 2 and err == ""
    data = json.loads(out)
    assert data["status"] == 2 and message in data["error"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#player1 A A\n#player2 B B\n>A: CAT 8G CAT +10 10\n>A: CAT -- -10 0\n"
         ">A: CAT -- -10 0\n", "Game record line 5: '--' takes back a play"),
        ("#player1 A A\n#player2 B B\n>A: CAT 8G CAT +10 10\n>B: DOG 8Z DOG +5 5\n",
         "Game record line 4"),  # off the board
        ("#player1 A A\n#player2 B B\n>A: CAT 8G CAT +10 10\n>A: DOG 9G DOG +5 15\n",
         "Game record line 4: it is B's turn, not A's"),
    ],
)
def test_a_record_that_breaks_the_rules_exits_1_as_werdup_replay_does(capsys, tmp_path, text,
                                                                      message):
    # the record was read and checked, and it is wrong: status 1, as a score that differs
    # (it was 2, the status of a record that cannot be read, where werdup replay said 1)
    path = tmp_path / "bad.gcg"
    path.write_text(text)
    code, out, err = run(capsys, "bugwords", "replay", str(path), "--json")
    assert code == 1 and err == ""
    data = json.loads(out)
    assert data == {"error": data["error"], "status": 1} and message in data["error"]
    code, out, err = run(capsys, "bugwords", "replay", str(path))
    assert code == 1 and out == "" and message in err and "Traceback" not in err


def test_replay_json_missing_file_is_a_json_error(capsys, tmp_path):
    code, out, _ = run(capsys, "bugwords", "replay", str(tmp_path / "nope.gcg"), "--json")
    assert code == 2 and "was not found: check the file's name" in json.loads(out)["error"]


def test_replay_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "bugwords", "replay", str(tmp_path / "nope.gcg"))
    assert code == 2 and "was not found: check the file's name" in err


@pytest.mark.parametrize(("rack", "message"), [
    ("QQQ", "3 Q tiles, the set has 1"),
    ("AB???", "3 blanks (?), the set has 2"),
])
def test_a_rack_the_set_cannot_make_is_bad_usage(capsys, rack, message):
    code, out, err = run(capsys, "bugwords", "moves", str(GCG_DIR / "selfplay-2p-seed1.gcg"), rack)
    assert code == 2 and out == "" and message in err


def test_a_folder_is_not_a_record(capsys, tmp_path):
    code, _, err = run(capsys, "bugwords", "replay", str(tmp_path))
    assert code == 2 and "is a folder, not a file" in err


def board_file(tmp_path, rows):
    path = tmp_path / "board.txt"
    grid = ["." * 15] * 15
    for r, text in rows.items():
        grid[r] = text
    path.write_text("# a test position\n" + "\n".join(grid) + "\n")
    return str(path)


def test_moves_on_board_text(capsys, tmp_path, word_list):
    path = board_file(tmp_path, {7: "......CAT......"})
    code, out, _ = run(capsys, "bugwords", "moves", path, "S", "--lexicon", word_list)
    assert code == 0
    assert out.splitlines()[0] == "2 plays for S; best first:"
    assert "8G   ...S" in out and "8F   S..." in out and "CATS" in out and "SCAT" in out


def test_moves_on_the_empty_board_as_werdup_takes_it(capsys, tmp_path, word_list):
    """'empty' names an empty board, as for the WerdUp commands (it was read as a file's
    name: 'position file not found: empty'), and a file beside it is not read instead."""
    path = board_file(tmp_path, {})
    code, from_file, _ = run(capsys, "bugwords", "moves", path, "CATS", "--json", "--top", "0",
                             "--lexicon", word_list)
    assert code == 0 and json.loads(from_file)["plays"] > 0
    (tmp_path / "empty").write_text("......CAT......\n" * 15)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp_path)
        code, out, err = run(capsys, "bugwords", "moves", "empty", "CATS", "--json", "--top",
                             "0", "--lexicon", word_list)
    assert code == 0 and err == "" and json.loads(out) == json.loads(from_file)


@pytest.mark.parametrize("name", ["EMPTY", "Empty", "eMpTy"])
def test_the_empty_board_is_named_in_any_case(capsys, tmp_path, word_list, name):
    """'EMPTY' and 'Empty' were read as a file's name ("file not found")."""
    code, want, _ = run(capsys, "bugwords", "moves", "empty", "CATS", "--json", "--top", "3",
                        "--lexicon", word_list)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp_path)  # no file of that name here either
        code, out, err = run(capsys, "bugwords", "moves", name, "CATS", "--json", "--top", "3",
                             "--lexicon", word_list)
    assert (code, err) == (0, "") and json.loads(out) == json.loads(want)


@pytest.mark.parametrize(("game", "size", "other"), [
    ("bugwords", 10, "werdup"),
    ("werdup", 15, "bugwords"),
])
def test_a_board_of_the_other_game_is_said_to_look_like_it(capsys, tmp_path, game, size, other):
    """A WerdUp board given to bugwords moves said only "has 10 rows, expected 15", where a
    record of the other game is said to be one."""
    path = tmp_path / "board.txt"
    path.write_text(("." * size + "\n") * size)
    code, out, err = run(capsys, game, "moves", str(path), "AEIRST")
    wanted = 25 - size
    titles = {"werdup": "a WerdUp board", "bugwords": "a Bug Words board"}
    assert (code, out) == (2, "")
    assert err == (f"companion: The position {path}: the board text has {size} rows of {size} "
                   f"squares, expected {wanted} of {wanted}; it looks like {titles[other]}, not "
                   f"{titles[game]}: list its plays with 'companion {other} moves'.\n")


def test_moves_json_and_top(capsys, tmp_path, word_list):
    path = board_file(tmp_path, {7: "......CAT......"})
    code, out, _ = run(capsys, "bugwords", "moves", path, "ST?", "--top", "3", "--json",
                       "--lexicon", word_list)
    data = json.loads(out)
    assert code == 0 and data["rack"] == "ST?" and data["plays"] > 3
    assert len(data["moves"]) == 3
    scores = [m["score"] for m in data["moves"]]
    assert scores == sorted(scores, reverse=True)
    assert set(data["moves"][0]) >= {"position", "word", "record", "tiles", "score", "words"}


def test_moves_from_a_game_record(capsys):
    code, out, _ = run(capsys, "bugwords", "moves", HANDMADE, "EIRST", "--top", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["plays"] > 10 and data["moves"][0]["score"] > 0


@pytest.mark.parametrize(("moves", "message"), [
    (">A: AET 8G CAT +10 10\n", "game record line 3: A plays C, not on the rack AET"),
    (">A: CAT 8G CAT +10 10\n>A: DOG 9G DOG +5 15\n", "it is B's turn, not A's"),
])
def test_moves_on_a_record_that_breaks_the_rules_is_bad_input(capsys, tmp_path, moves,
                                                              message):
    # it was exit status 1, which for moves means "no play exists"; the record is named as
    # WerdUp's moves names one ("Cannot use the record as a position: ..." named no file)
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n" + moves)
    code, out, err = run(capsys, "bugwords", "moves", str(path), "AEINRST")
    assert code == 2 and out == ""
    assert err.startswith("companion: The position ") and "game.gcg: game record line " in err
    assert message in err


def test_no_play_exists(capsys, tmp_path, word_list):
    path = board_file(tmp_path, {7: "......CAT......"})
    code, out, _ = run(capsys, "bugwords", "moves", path, "QJ", "--lexicon", word_list)
    assert code == 1 and "No play exists for QJ" in out


@pytest.mark.parametrize(
    "rack, board_rows, message",
    [
        ("ABCDEFGH", {7: "......CAT......"}, "A rack holds 1 to 7 tiles"),
        ("A1", {7: "......CAT......"}, "'1' is not a Bug Words tile"),
        # the file named, as WerdUp's positions are ("Cannot read the position: ..." before)
        ("AB", {7: "......CAT..."}, "The position {path}: board text row 8 has 12 squares"),
        # a digit in a row: it spoke only of a stack height, which Bug Words has not
        ("AB", {7: "......CA1......"}, "board text line 9 has the digit '1': squares hold "
                                        "letters, '.' when empty"),
    ],
)
def test_moves_bad_input(capsys, tmp_path, rack, board_rows, message):
    path = board_file(tmp_path, board_rows)
    code, _, err = run(capsys, "bugwords", "moves", path, rack)
    assert code == 2 and message.format(path=path) in err


def test_moves_refuses_a_stack_height_naming_the_square(capsys, tmp_path, word_list):
    """Bug Words never stacks: 'A2', as WerdUp writes a stack, was read as A on a stack of 2
    and the plays listed; it is refused with the square named, by the rules' limit."""
    path = board_file(tmp_path, {7: ". . . . . . C A2 T . . . . . ."})
    code, out, err = run(capsys, "bugwords", "moves", path, "S", "--lexicon", word_list)
    assert code == 2 and out == ""
    assert err == (f"companion: The position {path}: board text line 9: square 8H is "
                   "written 'A2', a stack height of 2, but a square holds one tile, never a "
                   "stack: write 'A'.\n")
    # the limit is the rules' (bugwords-rules.tsv), not a number in the command
    roomy = default_rules().with_settings(max_height=2)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("companion.cli.bugwords.default_rules", lambda: roomy)
        code, out, _ = run(capsys, "bugwords", "moves", path, "S", "--lexicon", word_list)
    assert code == 0 and "CATS" in out


def test_replay_best_play_for_each_rack(capsys, word_list):
    code, out, _ = run(capsys, "bugwords", "replay", HANDMADE, "--best", "--json",
                       "--lexicon", word_list)
    data = json.loads(out)
    assert code == 0
    first = data["moves"][0]
    # Kim's opening rack AEHRTW? with this word list: WREATH is the top play, 32 at 8D or
    # elsewhere (8G puts the H on the 8L double letter instead of the W on 8D).
    assert first["best"].endswith(" WREATH 32")
    assert data["moves"][1]["kind"] == "exchange" and data["moves"][1]["best"]
    assert data["moves"][-1]["best"] is None  # the going-out line shows no rack


def test_replay_says_a_swap_in_the_word_the_sheet_uses(capsys):
    """The record's exchange line (``-AE``) is said as the score sheet says the turn: a swap."""
    code, out, _ = run(capsys, "bugwords", "replay", HANDMADE)
    swap = next(ln for ln in out.splitlines() if ln.lstrip().startswith("11 "))
    assert code == 0 and "(swap)" in swap and "exchang" not in out


def test_replay_challenge_rule_option(capsys, tmp_path):
    path = tmp_path / "bonus.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: CATSXYZ 8G CAT +10 10\n"
                    ">A: SXYZ (challenge) +10 20\n")
    code, out, _ = run(capsys, "bugwords", "replay", str(path))
    assert code == 1 and "1 of 1 challenge or clock line differs" in out  # read as points 5
    code, out, _ = run(capsys, "bugwords", "replay", str(path), "--challenge-rule", "points 10",
                       "--json")
    assert code == 0 and json.loads(out)["challenge_rule"] == "points 10"
    code, out, _ = run(capsys, "bugwords", "replay", str(path), "--challenge-rule", "maybe",
                       "--json")
    assert code == 2 and "Unknown challenge rule" in json.loads(out)["error"]


@pytest.mark.parametrize(("moves", "message"), [
    (">A: AET 8G CAT +10 10\n", "Game record line 3: A plays C, not on the rack AET"),
    (">A: AET 8G ATe +3 3\n", "A plays ?, not on the rack AET"),  # a blank needs a ?
    (">A: AZT 8G ZA +22 22\n>B: OZ 9G ZO +11 11\n",
     "Game record line 4: more tiles on the board than the set has: 2 Z tiles, the set has 1"),
    (">A: AZT -ZQ +0 0\n", "A swaps Q, not on the rack AZT"),
])
def test_tiles_played_must_come_from_the_recorded_rack(capsys, tmp_path, moves, message):
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n" + moves)
    code, _, err = run(capsys, "bugwords", "replay", str(path))
    assert code == 1 and message in err  # read, checked and wrong


def test_an_exchange_count_in_superscript_digits_is_not_a_move(capsys, tmp_path):
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: AZT -\u00b2 +0 0\n")
    code, _, err = run(capsys, "bugwords", "replay", str(path))
    assert code == 2 and "cannot tell what move" in err


def test_a_record_without_racks_is_not_checked_against_them(capsys, tmp_path):
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: 8G CAT +10 10\n")
    code, out, _ = run(capsys, "bugwords", "replay", str(path))
    assert code == 0 and "The 1 placement score matches the record." in out


def test_replay_reads_a_record_on_standard_input(capsys, monkeypatch):
    import io
    import sys

    text = (GCG_DIR / "handmade-features.gcg").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    code, out, _ = run(capsys, "bugwords", "replay", "-")
    assert code == 0 and "WREATH" in out


def test_a_record_saved_as_utf16_by_a_windows_editor_is_replayed(capsys, tmp_path):
    text = (GCG_DIR / "selfplay-2p-seed7.gcg").read_text(encoding="utf-8")
    path = tmp_path / "notepad.gcg"
    path.write_bytes(text.encode("utf-16"))  # with its byte-order mark; it was 'looks binary'
    code, out, _ = run(capsys, "bugwords", "replay", str(path), "--json")
    assert code == 0 and json.loads(out)["mismatches"] == 0


def test_replay_names_a_turn_lost_to_a_challenge(capsys, tmp_path):
    # it was "(pass)": the record could not say otherwise
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n#note ChallengeRule: double\n"
                    ">A: CATSXYZ 8G CAT +10 10\n>B: EEEEEEE - +0 0\n"
                    "#note Lost turn to a challenge of 8G CAT\n>A: SXYZ - +0 10\n")
    code, out, _ = run(capsys, "bugwords", "replay", str(path))
    rows = [ln.split() for ln in out.splitlines()]
    assert code == 0 and ["5", "B", "(turn", "lost", "to", "a", "challenge)", "+0", "+0"] in rows
    assert ["7", "A", "(pass)", "+0", "+0"] in rows
    code, out, _ = run(capsys, "bugwords", "replay", str(path), "--json")
    assert [m["kind"] for m in json.loads(out)["moves"]] == ["place", "lost_turn", "pass"]


def test_replay_checks_that_the_running_totals_add_up(capsys, tmp_path):
    # a total that does not add up to the record's own scores passed unseen (exit status 0,
    # "All 1 placement scores match"), where werdup replay checks every total
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: CATSXYZ 8G CAT +10 10\n"
                    ">B: EEEEEEE - +0 0\n>A: SXYZABD - +0 15\n>B: EEEEEEE - +0 0\n"
                    ">A: SXYZABD - +0 15\n")
    code, out, _ = run(capsys, "bugwords", "replay", str(path))
    assert code == 1
    assert "running total 15, but 10 by the record's own scores" in out
    assert out.count("by the record's own scores") == 1  # the next line adds to what it says
    assert "1 running total does not add up to the record's own scores." in out
    code, out, _ = run(capsys, "bugwords", "replay", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["mismatches"] == 1
    assert [(m["total"], m["total_from_lines"]) for m in data["moves"]] == [
        (10, None), (0, None), (15, 10), (0, None), (15, None)]


def test_a_running_total_miswritten_once_is_named_once(capsys, tmp_path):
    """A's 10 written 15, A's next total right again (10 + 0): the slip was named on its own
    line and again on A's next ("running total 10, but 15 by the record's own scores"),
    beside the docs' "a slip is named once"."""
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: CATSXYZ 8G CAT +10 15\n"
                    ">B: EEEEEEE - +0 0\n>A: SXYZABD - +0 10\n>B: EEEEEEE - +0 0\n"
                    ">A: SXYZABD - +0 10\n")
    code, out, _ = run(capsys, "bugwords", "replay", str(path))
    assert code == 1
    assert "running total 15, but 10 by the record's own scores" in out
    assert out.count("by the record's own scores") == 1
    assert "1 running total does not add up to the record's own scores." in out
    code, out, _ = run(capsys, "bugwords", "replay", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["mismatches"] == 1
    assert [(m["total"], m["total_from_lines"]) for m in data["moves"]] == [
        (10 + 5, 10), (0, None), (10, None), (0, None), (10, None)]


def test_a_note_among_the_moves_may_stand_for_points_in_the_totals(capsys, tmp_path):
    # a score sheet's play entered without its square is a note; its points are in the totals
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: 8G CAT +10 10\n"
                    "#note turn 2: B scored 12 for DOG (square not recorded)\n"
                    ">A: - +0 10\n>B: - +0 12\n")
    code, out, _ = run(capsys, "bugwords", "replay", str(path))
    assert code == 0 and "own scores" not in out


def test_a_werdup_record_is_named_as_one(capsys):
    # it was "Game record line 9: cannot tell what move this is: '>ann: ACDEHRT 5D CAT [111]"
    record = str(Path(__file__).parent / "data" / "werdup-short-game.txt")
    for action, way_out in ((["replay", record], "replay it with 'companion werdup replay'"),
                            (["moves", record, "AEST"],
                             "list its plays with 'companion werdup moves'")):
        code, out, err = run(capsys, "bugwords", *action)
        assert code == 2 and out == ""
        assert ("ame record line 3: this is a WerdUp game record, not a Bug Words one: "
                f"{way_out}.") in err


def test_replay_a_word_not_in_the_records_form_cannot_be_read(capsys, tmp_path):
    # an unmatched bracket was taken for a play the rules refuse (exit status 1)
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: CATSXYZ 8G C(AT +10 10\n")
    code, _, err = run(capsys, "bugwords", "replay", str(path))
    assert code == 2 and "Game record line 3: 'C(AT' has an unmatched '('" in err


def test_replay_shows_a_nick_with_a_control_character_escaped(capsys, tmp_path):
    """ESC [2J in a record's nick cleared the terminal: replay printed it raw."""
    path = tmp_path / "game.gcg"
    path.write_text("#player1 a\x1b[2Jb Ann\n#player2 bob Bob\n>a\x1b[2Jb: CAT 8G CAT +10 10\n"
                    ">bob: - +0 0\n")
    assert main(["bugwords", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "3  a\\x1b[2Jb  8G" in out


@pytest.mark.parametrize(("text", "message"), [
    ("#player1 A A\n>A: CAT 8G CAT +10 10\n",
     "companion: The record names 1 player; Bug Words is for 2 to 4.\n"),
    # players taken from the moves, with no #player lines
    (">A: CAT 8G CAT +10 10\n", "companion: The record names 1 player; Bug Words is for 2 to 4.\n"),
    ("".join(f">{n}: - +0 0\n" for n in "ABCDE"),
     "companion: The record names 5 players; Bug Words is for 2 to 4.\n"),
])
def test_a_record_outside_the_player_count_cannot_be_read(capsys, tmp_path, text, message):
    """A one-player record was replayed: the rules seat 2 to 4 (bugwords-rules.tsv), and a
    record outside them cannot be read (exit 2), as werdup replay refuses six players, by
    the one rule both replays follow (companion.play.check_record_seats)."""
    path = tmp_path / "game.gcg"
    path.write_text(text)
    code, out, err = run(capsys, "bugwords", "replay", str(path))
    assert (code, out, err) == (2, "", message)
    code, out, err = run(capsys, "bugwords", "moves", str(path), "AEINRST")
    assert (code, out, err) == (2, "", message)


def test_replay_lines_up_its_columns_beside_an_escaped_nick(capsys, tmp_path):
    """An escaped nick (ESC shown as four characters) was measured before it was escaped,
    pushing its row's columns three characters out of line with the others."""
    path = tmp_path / "game.gcg"
    path.write_text("#player1 a\x1bb Ann\n#player2 bob Bob\n>a\x1bb: AEINQUZ 8H QUIZ +44 44\n"
                    ">bob: AEIORST - +0 0\n")
    assert main(["bugwords", "replay", str(path)]) == 0
    head, quiz, passed = capsys.readouterr().out.splitlines()[:3]
    assert "a\\x1bb" in quiz and "\x1b" not in quiz
    # the word column starts, and the recorded column ends, at the same place on every row
    assert head.index("word") == quiz.index("QUIZ") == passed.index("(pass)")
    assert (head.index("recorded") + len("recorded") == quiz.index("+44") + 3
            == passed.index("+0") + 2)


def test_moves_finds_plays_by_the_house_list(capsys, house_files):
    """--add, --remove and --remove-offensive reached only 'check' and 'pdq': the move finder
    ignored a club's house list."""
    add, remove = house_files

    def words(rack, *options):
        code, out, _ = run(capsys, "bugwords", "moves", "empty", rack, "--top", "0", "--json",
                           *options)
        return {m["word"] for m in json.loads(out)["moves"]}

    plain = words("ZOTAC")
    assert "CAT" in plain and "ZOTA" not in plain
    assert "ZOTA" in words("ZOTAC", "--add", add)
    assert "CAT" not in words("ZOTAC", "--remove", remove)
    assert "ANUS" in words("ANUSE")
    assert "ANUS" not in words("ANUSE", "--remove-offensive")


def test_replay_judges_the_record_s_words_by_the_house_list(capsys, tmp_path, house_files):
    add, remove = house_files
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: ZOTACDE 8G ZOTA +26 26\n"
                    ">B: CATSXYZ H8 .AT +3 3\n")

    def refused(*options):
        code, out, _ = run(capsys, "bugwords", "replay", str(path), "--json", *options)
        return [w for m in json.loads(out)["moves"] for w in m["not_in_list"]]

    assert refused() == ["ZOTA"]
    assert refused("--add", add) == []
    assert refused("--add", add, "--remove", remove) == ["OAT"]


def test_replay_names_the_words_not_in_the_list_as_the_judge_does(capsys, tmp_path):
    """A play's words the list lacks are joined "A and B" (were "A, B") after "not in the word
    list", as every verdict on them says it (companion.lexicon.missing_note)."""
    path = tmp_path / "words.txt"
    path.write_text("\n".join(["wreath", "hole", "end", "pan", "work", "ax", "zax"]))
    code, out, _ = run(capsys, "bugwords", "replay", HANDMADE, "--lexicon", str(path))
    assert code == 0
    pan = next(ln for ln in out.splitlines() if " J9 " in ln)
    assert pan.endswith("+15  not in the word list: OP and LA")


def test_replay_says_a_time_penalty_it_did_not_check(capsys, tmp_path):
    # "All 2 challenge and clock lines agree with the rules" counted the lines it checked
    # and said nothing of the time penalty it could not (no clock times in the record)
    code, out, _ = run(capsys, "bugwords", "replay", HANDMADE)
    assert code == 0
    assert ("All 2 challenge and clock lines agree with the rules (points 5 challenge rule); "
            "1 time-penalty line is not checked: the record has no clock times.\n") in out
    # with no challenge line, the unchecked penalties are their own sentence
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: CATSXYZ 8G CAT +10 10\n"
                    ">B: ABCDEFG (time) -10 -10\n>A: SXYZ (time) -20 -10\n")
    code, out, _ = run(capsys, "bugwords", "replay", str(path))
    assert code == 0
    assert out.splitlines()[-2:] == [
        "2 time-penalty lines are not checked: the record has no clock times.",
        "Totals of the recomputed lines: A 10, B 0"]


def test_replay_counts_several_lines_in_the_plural(capsys, tmp_path):
    path = tmp_path / "game.gcg"
    path.write_text("#player1 A A\n#player2 B B\n>A: 8G CAT +11 11\n"
                    ">A: SXYZ (challenge) +5 16\n>B: I7 AT +3 3\n>B: SXYZ (challenge) +1 4\n")
    code, out, _ = run(capsys, "bugwords", "replay", str(path))
    assert code == 1
    assert "1 of 2 placement scores differs from the record." in out
    assert "1 of 2 challenge and clock lines differs from the rules" in out


def test_a_reading_of_a_photo_of_an_empty_board_is_the_empty_board(capsys, tmp_path,
                                                                   word_list):
    # read --json's answer named as the position was refused ("this is JSON, such as a
    # reading of a photo ..., not a Bug Words position"): it is a position now
    reading = tmp_path / "reading.json"
    reading.write_text(json.dumps({"game": "bugwords", "rows": 15, "cols": 15,
                                   "grid": [[""] * 15 for _ in range(15)]}))
    code, out, err = run(capsys, "bugwords", "moves", str(reading), "CATS", "--json",
                         "--lexicon", word_list)
    assert (code, err) == (0, "")
    code, empty, _ = run(capsys, "bugwords", "moves", "empty", "CATS", "--json",
                         "--lexicon", word_list)
    assert json.loads(out) == json.loads(empty)
    code, out, err = run(capsys, "bugwords", "moves", str(reading), "CATS", "--lexicon",
                         word_list)
    assert out.splitlines()[0].endswith("best first:")  # no blank or listed square to say


# -- moves from a photo's reading (read --json) -------------------------------------------------

REAL = Path(__file__).parent / "data" / "vision" / "real"


def photo_reading(tmp_path: Path, photo: str) -> tuple[Path, dict]:
    """What 'companion read PHOTO --game bugwords --json' prints for one of the real photos,
    saved to a file as a player would, and as read."""
    code, out, err = command_output("read", str(REAL / photo), "--game", "bugwords", "--json")
    assert code == 0, err
    path = tmp_path / "reading.json"
    path.write_text(out)
    return path, json.loads(out)


def board_text(grid: list[list[str]], tmp_path: Path) -> str:
    """The board text of a grid (a blank's letter in lower case), for the same plays."""
    path = tmp_path / "board.txt"
    path.write_text("\n".join("".join(t or "." for t in row) for row in grid) + "\n")
    return str(path)


def without_doubts(data: dict) -> dict:
    return {"rack": data["rack"], "plays": data["plays"],
            "moves": [{k: v for k, v in m.items() if k != "doubtful"} for m in data["moves"]]}


def test_moves_from_a_real_photos_reading_end_to_end(capsys, tmp_path):
    """IMG_20151016_170003: the reader settled the blank on 10O as S (its words tell), and
    listed 25 squares (six runs read as no words, a square of a tile's colour with no letter
    seen). The plays are those of the board as read; each says which listed squares it rests
    on, and the listed squares come first, each with the reading's reason."""
    from vision.reading import TILE_COLOURED

    path, reading = photo_reading(tmp_path, "IMG_20151016_170003.jpg")
    code, out, err = run(capsys, "bugwords", "moves", str(path), "AEINRST", "--top", "0",
                         "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["blanks"] == [{"square": "10O", "letter": "s", "from": "read"}]
    listed = {(u["row"], u["col"]): u for u in reading["uncertain"]}
    assert len(data["doubtful"]) == len(listed) == 25
    names = [f"{u['row'] + 1}{'ABCDEFGHIJKLMNO'[u['col']]}" for u in listed.values()]
    assert sorted(d["square"] for d in data["doubtful"]) == sorted(names)
    assert {"square": "9H", "read": "", "why": TILE_COLOURED} in data["doubtful"]
    # the same plays as the board as read, written as text
    code, as_text, _ = run(capsys, "bugwords", "moves", board_text(reading["grid"], tmp_path),
                           "AEINRST", "--top", "0", "--json")
    assert without_doubts(data) == without_doubts(json.loads(as_text)) and data["plays"] > 100
    crossing = [m for m in data["moves"] if m["doubtful"]]
    assert crossing and len(crossing) < len(data["moves"])
    assert all(set(m["doubtful"]) <= set(names) for m in crossing)
    code, out, err = run(capsys, "bugwords", "moves", str(path), "AEINRST", "--top", "3")
    lines = out.splitlines()
    assert lines[0] == "Blank tile at 10O: S (as the reading gives it)."
    assert lines[1] == ("Check these 25 squares first: the reading of the photo was not sure "
                        "of them, and the plays take them as read.")
    assert f"  9H (empty): {TILE_COLOURED}" in lines
    assert any(ln.startswith("  14E M, 14F O, 14G Q, 14H E: MOQE is not in the word list")
               for ln in lines)
    assert lines[-4].endswith("best first:")


def test_blanks_of_a_real_photos_reading_the_words_do_not_settle(capsys, tmp_path):
    """IMG_20141025_164035: no letter makes ?AN and P?OZAE words for the blank on 8L (a tile
    of them misread), and A, E, I and O each make H? a word for the one on 13N: refused, in
    one sentence; the player names them with --blank, and the plays are those of the board
    with those blanks."""
    path, reading = photo_reading(tmp_path, "IMG_20141025_164035.jpg")
    assert reading["grid"][7][11] == reading["grid"][12][13] == "?"
    code, out, err = run(capsys, "bugwords", "moves", str(path), "AEINRST")
    assert (code, out) == (2, "")
    assert err == (f"companion: The position {path}: no letter for the blank tile at 8L makes ?AN "
                   "and P?OZAE words; the blank tile at 13N may stand for A, E, I or O, each "
                   "making its words words: say the letter with --blank 8L=LETTER "
                   "(repeatable).\n")
    code, out, err = run(capsys, "bugwords", "moves", str(path), "AEINRST", "--json",
                         "--blank", "8L=E", "--blank", "N13=o")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["blanks"] == [{"square": "8L", "letter": "e", "from": "given"},
                              {"square": "13N", "letter": "o", "from": "given"}]
    grid = reading["grid"]
    grid[7][11], grid[12][13] = "e", "o"
    code, as_text, _ = run(capsys, "bugwords", "moves", board_text(grid, tmp_path), "AEINRST",
                           "--json")
    assert without_doubts(data) == without_doubts(json.loads(as_text))
    # the blank on 13N alone given: the other is still named
    code, out, err = run(capsys, "bugwords", "moves", str(path), "AEINRST", "--blank", "13N=O")
    assert code == 2 and "8L" in err and "13N" not in err


@pytest.mark.parametrize(("blank", "said"), [
    ("8E=S", "--blank 8E=S: the reading shows the letter R at 8E, not a blank tile."),
    ("8A=S", "--blank 8A=S: the reading shows nothing (it was read empty) at 8A, not a blank "
             "tile."),
    ("8L=ES", "--blank 8L=ES: a blank tile stands for one letter, not 'ES', such as 8L=S."),
])
def test_a_blank_given_that_cannot_be_taken_is_refused_in_a_sentence(capsys, tmp_path, blank,
                                                                     said):
    path, _ = photo_reading(tmp_path, "IMG_20141025_164035.jpg")
    code, out, err = run(capsys, "bugwords", "moves", str(path), "AEI", "--blank", blank)
    assert (code, out, err) == (2, "", f"companion: {said}\n")


def test_a_blank_given_in_no_square_letter_form_is_a_usage_error(capsys, tmp_path):
    path, _ = photo_reading(tmp_path, "IMG_20141025_164035.jpg")
    with pytest.raises(SystemExit) as exc:
        main(["bugwords", "moves", str(path), "AEI", "--blank", "8L"])
    out, err = capsys.readouterr()
    assert (exc.value.code, out) == (2, "")
    assert "argument --blank: '8L' is not SQUARE=LETTER, such as 8H=S" in err


def test_a_blank_given_for_board_text_is_refused(capsys, tmp_path, word_list):
    path = board_file(tmp_path, {7: "......CAt......"})
    code, out, err = run(capsys, "bugwords", "moves", path, "S", "--blank", "8I=T",
                         "--lexicon", word_list)
    assert (code, out) == (2, "")
    assert err == ("companion: --blank is for a reading of a photo (read --json) as the "
                   "position: in board text or a game record a blank is written as its "
                   "letter in lower case.\n")


@pytest.mark.parametrize(("content", "said"), [
    (json.dumps({"game": "werdup", "rows": 10, "cols": 10, "grid": [[""] * 10] * 10}),
     "this is the reading of a photo of a WerdUp board, not of a Bug Words board."),
    (json.dumps({"game": "girdle", "grid": [[""] * 7] * 7, "words": []}),
     "this is the reading of a photo of a Word Girdle sheet, not of a Bug Words board."),
    ('{"game": "bugwords", "grid": [["A", ',
     "not a reading of a photo of a Bug Words board (JSON with a \"grid\" of 15 rows of 15 "
     "squares expected, as companion read --json prints)."),
])
def test_what_is_no_bug_words_reading_is_refused_naming_the_position(capsys, tmp_path,
                                                                     content, said):
    path = tmp_path / "reading.json"
    path.write_text(content)
    code, out, err = run(capsys, "bugwords", "moves", str(path), "AEI")
    assert (code, out, err) == (2, "", f"companion: The position {path}: {said}\n")
