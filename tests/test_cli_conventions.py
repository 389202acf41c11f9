"""Conventions every command keeps (docs/cli.md): with ``--json`` an error found once the
options are read is the JSON answer too, ``{"error", "status"}`` on standard output with
that exit status (it was a plain line on standard error but for the two replays); an option
given an empty value is refused, never taken as left out."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parent.parent
SHORT_GAME = ROOT / "tests" / "data" / "werdup-short-game.txt"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("argv", "status", "message"), [
    (["check", " "], 2, "Give a word to check"),
    (["check", "qi", "--lexicon", "{missing}"], 2, "missing"),
    (["werdup", "score", "empty", "5D \u00c9T\u00c9"], 2,
     "The word '\u00c9T\u00c9' has '\u00c9', which is on no WerdUp tile"),
    (["werdup", "moves", "empty", "ZZZ"], 2, "3 Z tiles, the set has 1"),
    (["werdup", "turn", "{missing}", "empty"], 2, "The position {missing} was not found"),
    (["werdup", "replay", str(SHORT_GAME), "--challenge-rule", "bogus"], 2,
     "Unknown challenge rule 'bogus'"),
    (["bugwords", "moves", "{missing}", "AB"], 2, "The position {missing} was not found"),
    (["bugwords", "replay", "{missing}"], 2, "The game record {missing} was not found"),
    (["pdq", "P", "N"], 2, "PDQ deals 3 cards per round; 2 were given"),
    (["pdq", "--variant", "nope", "P", "N", "A"], 2, "Unknown PDQ variant 'nope'"),
    (["girdle", "show", "--date", "2026-13-01"], 2, "it has no month 13"),
    (["girdle", "solve", "--time-budget", "0"], 2,
     "--time-budget must be a number of seconds above zero, not 0."),
    (["girdle", "check", "{missing}"], 2, "The sheet {missing} was not found"),
    (["read", "{missing}", "--game", "pdq"], 2, "The photo {missing} was not found"),
    (["vision", "light", "{missing}"], 2, "The photo {missing} was not found"),
    (["cad", "check", "{missing}"], 2, "{missing}"),
])
def test_an_error_with_json_is_json(capsys, tmp_path, argv, status, message):
    missing = str(tmp_path / "missing.txt")
    argv = [a.replace("{missing}", missing) for a in argv]
    message = message.replace("{missing}", missing)
    code, out, err = run(capsys, *argv, "--json")
    assert code == status and err == "", err
    answer = json.loads(out)
    assert answer == {"error": answer["error"], "status": status}
    assert message in answer["error"]
    code, out, err = run(capsys, *argv)  # without --json: a line on standard error, as before
    assert code == status and out == "" and message in err


def test_an_illegal_play_in_a_record_is_status_1_in_json(capsys, tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(SHORT_GAME.read_text(encoding="utf-8") + ">ann: DEHRTUU - +0 -11\n",
                    encoding="utf-8")
    code, out, _ = run(capsys, "werdup", "replay", str(path), "--json")
    assert code == 1 and json.loads(out)["status"] == 1


GCG = ROOT / "tests" / "data" / "gcg" / "selfplay-2p-seed7.gcg"  # a Bug Words record
PHOTO = ROOT / "tests" / "data" / "vision" / "real" / "IMG_20141025_163920.jpg"
TO_BUG_WORDS = "give --previous a WerdUp position, or --game bugwords for a photo of a Bug " \
    "Words board"
TO_WERDUP = "give --previous a Bug Words position, or --game werdup for a photo of a WerdUp " \
    "board"


@pytest.mark.parametrize(("argv", "start", "way_out"), [
    # each ended "replay it with 'companion bugwords replay'" (or werdup's), whatever was typed
    (["werdup", "moves", "{gcg}", "AEI"], "The position {gcg}, a game record: this looks like "
     "a Bug Words game record", "list its plays with 'companion bugwords moves'"),
    (["werdup", "score", "{gcg}", "8H", "CAT"], "The position {gcg}, a game record: ",
     "replay it with 'companion bugwords replay'"),
    (["werdup", "turn", "{gcg}", "empty"], "The position {gcg}, a game record: ",
     "replay it with 'companion bugwords replay'"),
    (["werdup", "replay", "{gcg}"], "This looks like a Bug Words game record",
     "replay it with 'companion bugwords replay'"),
    (["bugwords", "moves", "{werdup}", "AEI"], "The position {werdup}: game record line 3: "
     "this is a WerdUp game record", "list its plays with 'companion werdup moves'"),
    (["bugwords", "replay", "{werdup}"], "Game record line 3: this is a WerdUp game record",
     "replay it with 'companion werdup replay'"),
    # read named neither --previous nor --game, or named the other game's replay
    (["read", "{photo}", "--game", "werdup", "--previous", "{gcg}"],
     "--previous {gcg}, a game record: this looks like a Bug Words game record", TO_BUG_WORDS),
    (["read", "{photo}", "--game", "bugwords", "--previous", "{werdup}"],
     "--previous {werdup}: game record line 3: this is a WerdUp game record", TO_WERDUP),
    (["read", "{photo}", "--game", "werdup", "--previous", "{board15}"],
     "--previous {board15}: the board text has 15 rows", TO_BUG_WORDS),
    (["read", "{photo}", "--game", "bugwords", "--previous", "{board10}"],
     "--previous {board10}: the board text has 10 rows", TO_WERDUP),
])
def test_a_record_or_board_of_the_other_game_gets_the_way_out_for_what_was_typed(
        capsys, tmp_path, argv, start, way_out):
    files = {"{gcg}": str(GCG), "{werdup}": str(SHORT_GAME), "{photo}": str(PHOTO)}
    for size in (10, 15):
        board = tmp_path / f"board{size}.txt"
        board.write_text(("." * size + "\n") * size, encoding="utf-8")
        files[f"{{board{size}}}"] = str(board)
    argv = [files.get(a, a) for a in argv]
    for key, name in files.items():
        start = start.replace(key, name)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"companion: {start}"), err
    assert f": {way_out}" in err and err.count("companion ") + err.count("--game") <= 2, err
    code, out, err = run(capsys, *argv, "--json")
    assert code == 2 and err == "" and f": {way_out}" in json.loads(out)["error"]


def test_a_letter_standard_output_cannot_show_is_escaped(capsys, monkeypatch):
    # an ASCII terminal: the error is still one JSON object, its letters escaped
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    code = main(["werdup", "score", "empty", "5D \u00c9T\u00c9", "--json"])
    out.flush()
    text = out.buffer.getvalue().decode("ascii")
    assert code == 2 and "\\u00c9" in text
    assert json.loads(text)["error"].startswith("The word '\u00c9T\u00c9' has '\u00c9', "
                                                "which is on no WerdUp tile")


@pytest.mark.parametrize("command", ["werdup", "bugwords"])
def test_an_empty_challenge_rule_is_refused_not_taken_as_left_out(capsys, command):
    # --challenge-rule '' replayed the record under its own (or the default) rule
    record = SHORT_GAME if command == "werdup" else ROOT / "tests" / "data" / "gcg" / (
        "selfplay-2p-seed1.gcg")
    code, out, err = run(capsys, command, "replay", str(record), "--challenge-rule", "")
    assert code == 2 and out == "" and "Unknown challenge rule ''" in err


@pytest.mark.parametrize("argv", [
    # the default word list was used: 'check qi' said VALID (exit status 0)
    ["check", "qi", "--lexicon", ""],
    ["werdup", "score", "empty", "5E CAT", "--lexicon", " "],
    ["bugwords", "moves", str(ROOT / "tests" / "data" / "gcg" / "selfplay-2p-seed1.gcg"), "AB",
     "--lexicon", ""],
    # read as the folder '.': "word list is a folder, not a file: ."
    ["check", "qi", "--add", ""],
    ["check", "qi", "--remove", ""],
    ["pdq", "P", "N", "A", "--deck", ""],
    ["werdup", "score", "", "5E CAT"],
    ["werdup", "replay", ""],
    ["bugwords", "replay", ""],
    ["girdle", "check", ""],
    ["read", "", "--game", "pdq"],
    ["read", str(ROOT / "tests" / "data" / "werdup-short-game.txt"), "--game", "girdle",
     "--puzzle", ""],
    ["vision", "light", ""],
    ["cad", "check", ""],
])
def test_an_empty_file_name_is_refused(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert "'' names no file: give a file name" in err or "' ' names no file" in err


@pytest.mark.parametrize(("argv", "message"), [
    # judged for every player, as without --player
    (["pdq", "P", "N", "A", "--word", "pain", "--player", ""],
     "PDQ has no per-player minimum for ''"),
    # judged under the regular rules, as without --said (an empty list of words said)
    (["pdq", "P", "N", "A", "--word", "pain", "--said", ""], "--said needs the words said"),
    (["pdq", "P", "N", "A", "--word", "pain", "--said", " , "], "--said needs the words said"),
    # the sheet was scored against today's puzzle, as without --date
    (["girdle", "check", "{sheet}", "--date", ""], "Cannot read the date ''"),
])
def test_an_empty_option_value_is_refused(capsys, tmp_path, argv, message):
    sheet = tmp_path / "sheet.json"
    sheet.write_text("[]", encoding="utf-8")
    argv = [a.replace("{sheet}", str(sheet)) for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err, err


HUGE_NUMBER = "9" * 5000  # int() refuses over 4,300 digits: a ValueError traceback


@pytest.mark.parametrize(("command", "text", "message"), [
    (["werdup", "replay"], f"#player1 ann\n#player2 bob\n>ann: ACDEHRT 5D CAT [111] +6 "
     f"{HUGE_NUMBER}\n", "Record line 3: '99999"),
    (["werdup", "replay"], f"#player1 ann\n#player2 bob\n>ann: ACDEHRT 5D CAT [111] "
     f"+{HUGE_NUMBER} 6\n", "Record line 3: '+9999"),
    (["bugwords", "replay"], f"#player1 A A\n#player2 B B\n>A: CATSXYZ 8G CAT +10 "
     f"{HUGE_NUMBER}\n", "Game record line 3: '9999"),
    (["bugwords", "replay"], f"#player1 A A\n#player2 B B\n>A: CATSXYZ 8G CAT +10 10\n"
     f"#note Time left: {HUGE_NUMBER}:00\n", "Game record line 4: '9999"),
    (["bugwords", "replay"], f"#player1 A A\n#player2 B B\n#note Clock: {HUGE_NUMBER} "
     "minutes, 10 points a started minute over\n>A: CATSXYZ 8G CAT +10 10\n",
     "cannot read the clock settings '9999"),
    (["werdup", "score"], ". " * 4 + f"A{HUGE_NUMBER}\n", "the stack height of 'A9999"),
])
def test_a_number_too_large_in_a_file_is_bad_input(capsys, tmp_path, command, text, message):
    path = tmp_path / "file.txt"
    path.write_text(text, encoding="utf-8")
    argv = [*command, str(path)] + (["5E CAT"] if command[-1] == "score" else [])
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and "is too large a number" in err
    assert len(err) < 400  # repeated short, not 5,000 digits


def test_a_challenge_bonus_too_large_is_bad_usage(capsys):
    record = str(ROOT / "tests" / "data" / "gcg" / "selfplay-2p-seed1.gcg")
    code, _, err = run(capsys, "bugwords", "replay", record, "--challenge-rule",
                       f"points {HUGE_NUMBER}")
    assert code == 2 and "A challenge bonus is 1 to 100 points: '9999" in err


def test_cad_check_refuses_an_empty_bed(capsys, tmp_path):
    # --bed '' checked the files against the folder's build.json bed, as without --bed
    code, out, err = run(capsys, "cad", "check", str(tmp_path), "--bed", "")
    assert code == 2 and out == "" and "--bed must look like 180x180" in err


@pytest.mark.parametrize("argv", [
    ["cad", "build", "--part", "bogus", "-o", "{tmp}/parts"],
    ["cad", "check", "{tmp}/missing"],
    ["print", "board", "--game", "werdup", "-o", "{tmp}/no/folder/board.pdf"],
    ["werdup", "replay", "{tmp}/missing.txt"],
    ["werdup", "replay", "{tmp}/missing.txt", "--json"],
])
def test_every_command_says_an_error_as_a_sentence(capsys, tmp_path, argv):
    # 'cad' said "companion: unknown part 'bogus': choose from ..." where 'print' said
    # "companion: Cannot write ...: there is no folder ... ." (one place prints them all)
    code, out, err = run(capsys, *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2
    if "--json" in argv:
        message = json.loads(out)["error"]
    else:
        assert out == "" and err.startswith("companion: ") and err.count("\n") == 1
        message = err.removeprefix("companion: ").rstrip("\n")
    assert message.endswith("."), message
    first = message.lstrip("'")[0]
    assert not first.isalpha() or first.isupper(), message


def test_a_message_becomes_one_sentence():
    from companion.text import sentence

    assert sentence("game record line 7: it is B's turn") == "Game record line 7: it is B's turn."
    assert sentence("Cannot write x.pdf.") == "Cannot write x.pdf."
    assert sentence("is it the right file?") == "Is it the right file?"
    assert sentence("'ZZ9' is not a board position") == "'ZZ9' is not a board position."
    assert sentence("seen.png: cannot write there") == "seen.png: cannot write there."
    assert sentence("p1_ann is not one of the players") == "p1_ann is not one of the players."


def test_a_number_is_repeated_as_typed_or_in_plain_notation():
    """A number read from what was typed is repeated as typed; any other in plain notation,
    never with an exponent (``{:g}`` wrote 1e+23, and 1.23457e+17 for 123456789012345678)."""
    from companion.decimals import decimal_from
    from companion.text import number_shown

    assert [number_shown(decimal_from(t)) for t in ("1e23", " 0.20 ", "-1E30", "1e-400")] == [
        "1e23", "0.20", "-1E30", "1e-400"]
    assert [number_shown(v) for v in (1e23, 1e-5, 0.45, 2.0, 3, -0.0)] == [
        "100000000000000000000000", "0.00001", "0.45", "2", "3", "0"]
    assert number_shown(1.2345678901234568e17) == "123456789012345680"
    assert number_shown(decimal_from("9" * 99)) == "9" * 37 + "..."  # a short line at most


def test_a_number_cut_short_ends_in_one_ellipsis(capsys):
    """A long number cut at its decimal point read "111...111...." (four dots)."""
    code, _, err = run(capsys, "cad", "build", "--clearance", "1" * 36 + ".123456")
    assert code == 2
    assert f"got {'1' * 36}... (" in err
    assert "...." not in err


def test_the_help_names_every_cause_of_exit_status_2(capsys):
    """A command that cannot run as the machine is set up (SetupError: Tesseract or the tile
    model missing) exits 2, which 'companion --help' did not say."""
    from companion.errors import SetupError, exit_status

    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert exit_status(SetupError("Tesseract is not installed")) == 2
    assert "2 the input could not be read, the command was misused or cannot run as the " \
           "machine is set up" in text


@pytest.mark.parametrize(("files", "argv", "message"), [
    # a file's name without a suffix was taken for a word and capitalised: 'Sheet is empty'
    ({"sheet": ""}, ["girdle", "check", "sheet"],
     "companion: The sheet sheet is empty: a sheet is a JSON list of its words"),
    ({"sheet": '{"solution": [], "puzzle": {}}'},
     ["girdle", "check", "sheet", "--date", "2026-12-01"],
     "companion: The sheet sheet holds its puzzle; --date is for a sheet without one"),
    ({"words": '{"words": []}'}, ["girdle", "check", "words"],
     "companion: The sheet words holds no list of words"),
    # 'Build exists and is not a folder'
    ({"build": "a file"}, ["cad", "build", "-o", "build", "-q"],
     "companion: Cannot make the folder build: a file of that name is in the way."),
    # the rack was shown in capitals: 'QQQ is not a rack', a blank's lower case lost
    ({"position": ""}, ["bugwords", "moves", "position", "qqq"],
     "companion: 'qqq' is not a rack: 3 Q tiles, the set has 1."),
])
def test_a_refusal_shows_what_was_typed_as_typed(capsys, tmp_path, monkeypatch, files, argv,
                                                 message):
    """A refusal begins with its own words (or a quote), so the sentence's capital never
    changes a file's name or a rack as typed."""
    monkeypatch.chdir(tmp_path)
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith(message), err


@pytest.mark.parametrize(("argv", "what"), [(["read", "notes", "--game", "pdq"], "photo"),
                                            (["vision", "light", "notes"], "photo"),
                                            (["vision", "classify", "notes"], "tile image")])
def test_a_photo_file_is_named_after_the_sentences_own_words(capsys, tmp_path, monkeypatch,
                                                               argv, what):
    """A photo file that is not an image was named first ("notes: not an image ..."), so
    the sentence's capital changed its name: "companion: Notes: not an image"."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes").write_text("just some notes\n")
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"companion: The {what} notes is not an image (a JPEG"), err


@pytest.mark.parametrize(("argv", "said"), [
    (["cad", "check", "notes"], "companion: Cannot check notes: give a folder of built parts"),
    (["cad", "check", "parts"], "companion: The folder parts holds no STL, 3MF or STEP files"),
    (["read", str(ROOT / "tests" / "data" / "werdup_renders" / "render-101.jpg"), "--game",
      "werdup", "--previous", "notes"], "companion: --previous notes: the board text has"),
])
def test_a_file_or_folder_named_is_never_the_first_word(capsys, tmp_path, monkeypatch, argv,
                                                          said):
    """'cad check notes' said "Notes is not a folder of built parts", 'cad check parts'
    "Parts holds no STL ..." and 'read --previous notes' "Notes: not a board state": the
    name typed, first, took the sentence's capital."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes").write_text("just some notes\n")
    (tmp_path / "parts").mkdir()
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(said), err


@pytest.mark.parametrize(("argv", "prog", "extras"), [
    (["check", "qi", "--gmae", "pdq"], "companion check", "--gmae pdq"),
    (["werdup", "score", "empty", "5D CAT", "--rulez", "upwords"], "companion werdup score",
     "--rulez upwords"),
    (["bugwords", "replay", "game.gcg", "--bets"], "companion bugwords replay", "--bets"),
    (["pdq", "P", "N", "A", "--wrod", "pine"], "companion pdq", "--wrod pine"),
    (["girdle", "show", "--day", "2026-12-01"], "companion girdle show", "--day 2026-12-01"),
    (["print", "girdle", "--papr", "a4"], "companion print girdle", "--papr a4"),
    (["db", "current", "now"], "companion db current", "now"),
])
def test_an_option_mistyped_is_refused_with_the_commands_own_usage(capsys, argv, prog,
                                                                     extras):
    # the usage shown was companion's own ("usage: companion [-h] [--version] COMMAND ..."),
    # which lists none of the options of the command the option was typed for
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    usage, *_, error = err.strip().splitlines()
    assert usage.startswith(f"usage: {prog} [-h]")
    assert error == f"{prog}: error: unrecognized arguments: {extras}"


def _commands_taking_an_action() -> dict[str, str]:
    """Each command whose first argument is an action (a sub-command or a choice), and how
    its usage names it."""
    import argparse

    from companion.cli import build_parser

    commands = next(a for a in build_parser()._actions
                    if isinstance(a, argparse._SubParsersAction)).choices
    found = {}
    for name, parser in commands.items():
        for action in parser._actions:
            if not action.option_strings and (
                    isinstance(action, argparse._SubParsersAction) or action.choices):
                found[name] = action.metavar or action.dest
    return found


def test_every_command_given_no_action_says_so_in_one_line():
    # bugwords and cad printed their whole help, the others one line; db said "action"
    found = _commands_taking_an_action()
    assert {"bugwords", "cad", "db", "girdle", "print", "vision", "werdup"} <= set(found)
    for name, metavar in found.items():
        assert metavar.isupper(), (name, metavar)


@pytest.mark.parametrize("command", sorted(_commands_taking_an_action()))
def test_a_command_without_its_action_is_the_parsers_usage_error(capsys, command):
    with pytest.raises(SystemExit) as exit_:
        main([command])
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    usage, error = err.strip().split("\n")
    metavar = _commands_taking_an_action()[command]
    assert usage.startswith(f"usage: companion {command} [-h] {metavar}")
    assert error == f"companion {command}: error: the following arguments are required: {metavar}"


def test_an_unknown_option_before_the_command_keeps_companions_usage(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--bogus", "check", "qi"])
    _, err = capsys.readouterr()
    assert exit_.value.code == 2
    assert err.startswith("usage: companion [-h] [--version] COMMAND")
    assert err.strip().endswith("companion: error: unrecognized arguments: --bogus")


def test_a_database_that_refuses_is_said_as_one_sentence(capsys, tmp_path, monkeypatch):
    # the driver's two lines were run together as "Connection refused Is the server
    # running on that host ...", two sentences with no stop between them
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    monkeypatch.setenv("COMPANION_SECRET_KEY", "k" * 64)
    code, out, err = run(capsys, "db", "current")
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith("companion: The database does not answer: ")
    assert "Connection refused; is the server running" in err


def test_a_driver_message_over_several_lines_reads_on_as_one():
    from companion.cli.common import one_line

    assert one_line("failed: Connection refused\n\tIs the server running?\n") == \
        "failed: Connection refused; is the server running?"
    assert one_line("no such host\nTCP/IP is off") == "no such host; TCP/IP is off"
    assert one_line("FATAL:  no role\nDETAIL: none.") == "FATAL:  no role; DETAIL: none."
    assert one_line("it stopped.\nTry again") == "it stopped. Try again"


@pytest.mark.parametrize(("argv", "said"), [
    (["check", "cat", "--game", "WerdUp", "--json"], '"game": "werdup"'),
    (["check", "qi", "--game", "PDQ"], "QI is too short for PDQ"),
    (["werdup", "score", "empty", "5E CAT", "--rules", "UPWORDS"], "(upwords rules)"),
    (["pdq", "PNA", "--variant", "intergenerational", "--player", "Adult"], "5+ letters"),
])
def test_a_named_choice_is_taken_in_any_case(capsys, argv, said):
    """`--variant REGULAR` and `--challenge-rule SINGLE` were taken, `--game WerdUp`,
    `--rules UPWORDS`, `--paper A4` and `--player Adult` refused ("invalid choice")."""
    code, out, err = run(capsys, *argv)
    assert code in (0, 1) and said in out and err == "", (out, err)


def test_paper_a4_is_a4_and_an_unknown_choice_is_repeated_as_typed(capsys, tmp_path):
    out_file = tmp_path / "sheet.pdf"
    code, out, _ = run(capsys, "print", "score-sheet", "--game", "PDQ", "--paper", "A4",
                       "-o", str(out_file))
    assert code == 0 and out_file.read_bytes().startswith(b"%PDF")
    from pypdf import PdfReader

    width, height = PdfReader(out_file).pages[0].mediabox.upper_right
    assert (round(float(width)), round(float(height))) == (595, 842)  # A4 in points
    with pytest.raises(SystemExit) as stop:
        main(["print", "score-sheet", "--game", "pdq", "--paper", "A5"])
    assert stop.value.code == 2
    assert "invalid choice: 'A5' (choose from 'letter', 'a4')" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "said"), [
    (["cad", "build", "--bed", "-5x100", "-o", "set"],
     "Bed must be a width and depth above 0 mm and at most 10,000 mm, like 180x180, got "
     "'-5x100'."),
    (["cad", "coupons", "--clearances", "-1,2", "-o", "set"],
     "Clearance must be 0.1-0.45 mm, got -1"),
    (["werdup", "score", "empty", "-5E", "CAT"], "'-5E' is not a board position"),
])
def test_a_value_starting_with_a_minus_is_the_options_own(capsys, tmp_path, monkeypatch, argv,
                                                          said):
    """argparse takes a value starting with '-' for an option unless it is a plain number:
    '--bed -5x100' was "argument --bed: expected one argument", where the option's own
    reading says what is wrong with the value."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"companion: {said}"), err
    assert not list(tmp_path.iterdir())


def test_the_version_is_said_as_installed(capsys):
    """``companion --version`` says the version, written once: the installed package's
    metadata reads it from ``companion.__version__``."""
    from importlib.metadata import version

    import companion

    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr().out == f"companion {companion.__version__}\n"
    assert version("companion") == companion.__version__


_LATIN1 = os.fsdecode(b"caf\xe9")  # a name saved at a Latin-1 terminal: not UTF-8


@pytest.mark.parametrize(("argv", "said"), [
    (["girdle", "check", "{dir}/{name}.json"], "The sheet {dir}/caf\\xe9.json was not found"),
    (["girdle", "check", "{dir}/{name}"], "The sheet {dir}/caf\\xe9 is a folder, not a file"),
    (["check", "qi", "--lexicon", "{dir}/{name}.txt"],
     "The word list {dir}/caf\\xe9.txt was not found"),
    (["check", "qi", "--add", "{dir}/{name}"], "{dir}/caf\\xe9 is a folder, not a file"),
    (["pdq", "P", "N", "A", "--deck", "{dir}/{name}.tsv"],
     "The deck {dir}/caf\\xe9.tsv was not found"),
    (["werdup", "moves", "{dir}/{name}.txt", "ABC"],
     "The position {dir}/caf\\xe9.txt was not found"),
    (["print", "girdle", "-o", "{dir}/{name}.txt"], "-o {dir}/caf\\xe9.txt: the file is written"),
    (["print", "girdle", "-o", "{dir}/{name}/{name}/x.pdf"],
     "Cannot write {dir}/caf\\xe9/caf\\xe9/x.pdf: there is no folder {dir}/caf\\xe9/caf\\xe9 ("),
    (["read", "{dir}/{name}.jpg", "--game", "pdq"], "The photo {dir}/caf\\xe9.jpg was not found"),
    (["cad", "check", "{dir}/{name}.stl"], "The STL file {dir}/caf\\xe9.stl was not found"),
])
def test_a_file_name_that_is_not_utf8_is_named_readably(capsys, tmp_path, argv, said):
    """A byte of a file's name that is not UTF-8 is written as the byte, \\xe9, in every
    message that names the file, and in a --json error alike: it was "caf\\udce9"."""
    (tmp_path / _LATIN1).mkdir()
    argv = [a.format(dir=tmp_path, name=_LATIN1) for a in argv]
    said = said.format(dir=tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and said in err and "\\udc" not in err, err
    if argv[0] in ("girdle", "check", "pdq", "read"):
        code, out, err = run(capsys, *argv, "--json")
        assert code == 2 and said in json.loads(out)["error"] and "\\udc" not in out, out


def test_a_file_name_is_shown_by_one_helper():
    from companion.text import path_shown

    assert path_shown(Path(_LATIN1 + ".json")) == "caf\\xe9.json"
    assert path_shown("a\x1b[2J.pdf") == "a\\x1b[2J.pdf"
    assert path_shown("d/" + "z" * 300) == "d/" + "z" * 195 + "..."


@pytest.mark.parametrize("argv", [["werdup", "selfplay"], ["pdq", "--solitaire"]])
def test_a_seed_below_zero_is_refused_not_played_as_its_positive(capsys, argv):
    """``--seed -3`` played the very game of ``--seed 3`` (Python's shuffles take a negative
    seed as its positive): it is refused, as the web app's PDQ deals refuse one."""
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--seed", "-3"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.endswith(
        "error: argument --seed: '-3' is not a seed: give a whole number of 0 or more (a seed "
        "below 0 shuffles as the same number above 0 does)\n")
    code, out, _ = run(capsys, *argv, "--seed", "0")  # 0 is a seed, as on the web
    assert code in (0, 1) and out


def test_a_house_list_whose_name_is_not_utf8_is_named_readably(capsys, tmp_path):
    """The "Word list:" line named a house file by the byte Python kept ("caf\\udce9.txt"),
    which went to the terminal raw; it names it as every message does."""
    house = tmp_path / f"{_LATIN1}.txt"
    house.write_text("zzxq\n")
    code, out, _ = run(capsys, "check", "zzxq", "--add", str(house))
    assert code == 0 and "\udce9" not in out
    assert ("Word list: SCOWL-70 US/UK/CA/AU, the companion default, with caf\\xe9.txt "
            "added\n") in out


@pytest.mark.parametrize(("argv", "said"), [
    # a whole number of 100 digits was repeated whole, where every other value is cut short
    (["print", "score-sheet", "--game", "pdq", "-o", "s.pdf", "--players", "9" * 100],
     "A PDQ score sheet is for 2 to 6 players, not " + "9" * 37 + "..."),
    (["serve", "--port", "9" * 100], "--port must be 1 to 65535, not " + "9" * 37 + "..."),
    (["werdup", "replay", str(Path(__file__).parent / "data" / "werdup-short-game.txt"),
      "--challenge-rule", "points -" + "9" * 99],
     "A challenge bonus is 1 to 100 points, not -" + "9" * 36 + "..."),
])
def test_a_huge_whole_number_is_repeated_on_a_short_line(capsys, tmp_path, monkeypatch, argv,
                                                          said):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and said in err and "9" * 40 not in err, err
