"""``companion read`` and ``companion vision``: bad paths and options are usage errors found
before the photo is read, never a traceback."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from sharedwork import command_output

from companion.cli import main

PHOTO = Path(__file__).parent / "data" / "vision" / "real" / "IMG_20141025_163920.jpg"
GLARE_PHOTO = PHOTO.with_name("IMG_20141025_164039.jpg")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", ["overlay.txt", "overlay", "missing-folder/overlay.png", "."])
def test_an_overlay_that_cannot_be_an_image_is_refused(capsys, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "werdup", "--overlay", name)
    assert code == 2 and out == ""
    assert err.startswith(f"companion: --overlay {name}")
    assert list(tmp_path.iterdir()) == []


def test_an_overlay_in_a_folder_that_is_a_file_is_named_so(capsys, tmp_path, monkeypatch):
    """'--overlay notes.txt/o.png' said "the folder notes.txt does not exist", of a file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("notes\n")
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "werdup", "--overlay",
                         "notes.txt/o.png")
    assert (code, out) == (2, "")
    assert err == "companion: --overlay notes.txt/o.png: notes.txt is a file, not a folder.\n"


def test_an_overlay_that_is_a_link_into_no_folder_names_the_link_and_why(capsys, tmp_path,
                                                                          monkeypatch):
    """An --overlay link into a folder that does not exist named the link's own folder
    ("the folder . does not exist"), not the one missing."""
    monkeypatch.chdir(tmp_path)
    Path("o.png").symlink_to("gone/o.png")
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "werdup", "--overlay", "o.png")
    assert (code, out) == (2, "")
    assert err == (f"companion: --overlay o.png: it is a symbolic link to gone/o.png, whose "
                   f"folder {tmp_path.resolve() / 'gone'} does not exist.\n")


def test_an_overlay_in_a_folder_that_takes_no_files_is_refused_before_the_photo_is_read(
        capsys, monkeypatch):
    """'--overlay /proc/x.png' read the whole photo first, then said "No such file or
    directory"; now refused as 'print -o' refuses such a folder, before the photo is read."""
    import vision.photo

    def no_reading(*_args, **_kwargs):
        raise AssertionError("the photo was read")

    monkeypatch.setattr(vision.photo, "load", no_reading)
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "werdup", "--overlay",
                         "/proc/x.png")
    assert (code, out) == (2, "")
    assert err == "companion: --overlay /proc/x.png: the folder /proc takes no files.\n"


def test_a_puzzle_file_that_is_not_text(capsys, tmp_path):
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_bytes(b"\xff\xd8\xff\xe0 a jpeg")
    code, _, err = run(capsys, "read", str(PHOTO), "--game", "girdle", "--puzzle", str(puzzle))
    assert code == 2
    assert err == (f"companion: The puzzle {puzzle} is not UTF-8 text: is it the right file, or "
                   "one to save as UTF-8?\n")


def test_an_unknown_rule_set_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["read", str(PHOTO), "--game", "werdup", "--rules", "scrabble"])
    assert exc.value.code == 2
    assert "invalid choice: 'scrabble'" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["read", "{}", "--game", "werdup"], ["vision", "light", "{}"],
                                  ["vision", "classify", "{}"]])
def test_a_folder_is_not_a_photo(capsys, tmp_path, argv):
    code, _, err = run(capsys, *[str(tmp_path) if a == "{}" else a for a in argv])
    assert code == 2 and "a folder, not" in err


@pytest.mark.parametrize("option", ["--previous", "--puzzle"])
def test_json_nested_too_deeply_is_bad_input(capsys, tmp_path, option):
    deep = tmp_path / "state.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    game = "werdup" if option == "--previous" else "girdle"
    code, _, err = run(capsys, "read", str(PHOTO), "--game", game, option, str(deep))
    assert code == 2 and "Traceback" not in err


def test_the_command_list_says_read_takes_sheets_and_deals_too(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    listing = capsys.readouterr().out
    line = listing[listing.index("    read"):].split("    vision")[0]
    assert "Word Girdle sheet" in line and "PDQ deal" in line


def _state(tile, height):
    grid = [[""] * 10 for _ in range(10)]
    heights = [[0] * 10 for _ in range(10)]
    grid[4][4], heights[4][4] = tile, height
    return {"grid": grid, "heights": heights}


# squares named by column letter, as a reading names them, not "row 5, column 5"
@pytest.mark.parametrize(("tile", "height", "message"), [
    ("ZZ", 1, "row 5, column E: 'ZZ' is not a WerdUp tile"),
    (5, 1, "row 5, column E: 5 is not a tile"),
    ("A", -4, "a stack height of -4"),
    ("A", 6, "a stack height of 6"),
    ("", 2, "a stack height of 2"),
    ("A", None, "row 5, column E: the height of the A stack is not known (null)"),
    # a height is a whole number, as every number in a JSON file: 2.5 was a stack of 2,
    # true a stack of 1
    ("A", 2.5, "not a board state"),
    ("A", True, "not a board state"),
    # a whole JSON number past the digits a number may have: it was a stack of 301 digits,
    # repeated in full in "a stack height of 1000...0160"
    ("A", 1e300, "not a board state"),
    # said as the file writes it, not as Python does ("True is not a tile")
    (True, 1, "row 5, column E: true is not a tile"),
])
def test_a_previous_state_with_impossible_squares_is_bad_input(capsys, tmp_path, tile, height,
                                                               message):
    import json

    state = tmp_path / "state.json"
    state.write_text(json.dumps(_state(tile, height)))
    code, _, err = run(capsys, "read", str(PHOTO), "--game", "werdup", "--previous", str(state))
    assert code == 2 and message in err


def test_tesseract_missing_is_a_setup_problem_not_a_photo_without_a_board(capsys, monkeypatch):
    # exit status 1 said the photo was read and showed no board; the command cannot run as set up
    import vision.ocr

    monkeypatch.setattr(vision.ocr.shutil, "which", lambda name: None)
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "bugwords", "--engine",
                         "tesseract")
    assert code == 2 and "Tesseract is not installed" in err
    code, out, _ = run(capsys, "read", str(PHOTO), "--game", "bugwords", "--engine",
                       "tesseract", "--json")
    assert code == 2 and '"status": 2' in out


def test_a_werdup_play_read_from_a_photo_is_judged_by_the_house_list(capsys, tmp_path):
    """'read' took --lexicon only: a table's house list could not judge the play it read."""
    import json

    from companion.board import Board

    render = Path(__file__).parent / "data" / "werdup_renders" / "render-101"
    board = Board.from_text(json.loads(render.with_suffix(".json").read_text())["position"],
                            10, 10)
    grid = [[""] * 10 for _ in range(10)]
    heights = [[0] * 10 for _ in range(10)]
    for r, c, tile in board.squares():
        grid[r][c], heights[r][c] = tile, board.height(r, c)
    # render 101, 33 degrees from vertical: TINGE along row 5, its T a lone tile on (4, 0)
    assert grid[4][:5] == ["T", "I", "N", "G", "E"] and heights[4][0] == 1
    grid[4][0], heights[4][0] = "", 0  # the turn adds the T of TINGE
    previous = tmp_path / "before.json"
    previous.write_text(json.dumps({"grid": grid, "heights": heights}))
    (tmp_path / "club.txt").write_text("cat\n")
    (tmp_path / "family.txt").write_text("tinge\n")
    (tmp_path / "no.txt").write_text("tinge\n")

    def play(*options):
        code, out, err = run(capsys, "read", str(render.with_suffix(".jpg")), "--game",
                             "werdup", "--previous", str(previous), "--json", *options)
        assert code == 0, err
        return json.loads(out)["play"]

    assert play()["legal"] is True
    refused = play("--remove", str(tmp_path / "no.txt"))
    assert refused["legal"] is False and "no.txt removed" in refused["reason"]
    club = str(tmp_path / "club.txt")
    assert play("--lexicon", club)["legal"] is False
    assert play("--lexicon", club, "--add", str(tmp_path / "family.txt"))["legal"] is True


def test_tesseract_refuses_a_commercial_board_rather_than_read_it_empty(capsys):
    """With --engine tesseract a commercial board (no markers, found by its premium squares
    only with the tile classifier) fell back to an outline grid and was read as an empty
    board, exit status 0; Tesseract does not read its wooden tiles, so it is refused (2)."""
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "bugwords", "--engine",
                         "tesseract")
    assert code == 2 and out == ""
    assert "commercial Bug Words board" in err and "tile classifier only" in err
    code, out, _ = run(capsys, "read", str(PHOTO), "--game", "bugwords", "--engine",
                       "tesseract", "--json")
    assert code == 2 and '"status": 2' in out and "tile classifier only" in out
    code, out, _ = run(capsys, "read", str(PHOTO), "--game", "bugwords")
    assert code == 0 and "found by premium squares" in out


@pytest.mark.parametrize("game", ["bugwords", "pdq", "girdle"])
def test_a_rule_set_for_another_game_than_werdup_is_refused_not_ignored(capsys, game):
    """'read --game bugwords --rules upwords' read the board and said nothing of the WerdUp
    rule set it ignored, while --previous, --date and --puzzle are refused for the games they
    are not for."""
    code, out, err = run(capsys, "read", str(PHOTO), "--game", game, "--rules", "upwords")
    assert code == 2 and out == ""
    assert "--rules is for WerdUp photos (--game werdup)" in err


def test_the_squares_a_glare_washed_out_are_listed_with_why_and_the_lamp_named(capsys,
                                                                              tmp_path):
    """A lamp's glare on part of the board: the photo was refused whole; it is read, the
    washed-out squares listed with why, and the reading says what to do about the lamp.
    Its 122 squares read empty, each offering empty or a tile, were a line each (177 lines
    printed): they are named together by the rows they lie in, their choices said once (38
    lines), the blank tiles of the glare a line each; --json lists every square. With the
    glare's wash undone, the bare squares far from any tile read surely: 64 read empty."""
    from glare import jpeg, lamp, squares_said

    from companion.board import COLUMN_LETTERS
    from vision.cells import ALIKE_LISTED
    from vision.config import DEFAULT
    from vision.imageio import load_photo

    photo = tmp_path / "glare.jpg"
    photo.write_bytes(jpeg(lamp(load_photo(DEFAULT.load, GLARE_PHOTO), 0.85)))
    code, out, err = run(capsys, "read", str(photo), "--game", "bugwords")
    assert code == 0, err
    assert "  note: a glare washes out part of the board" in out and "move the lamp" in out
    lines = out.splitlines()
    said = [i for i, line in enumerate(lines)
            if "washed out by a glare: check this square" in line]
    assert len(said) == 1 and lines[said[0]].startswith("  uncertain: ")  # said once
    under = list(itertools.takewhile(lambda line: line.startswith("    "), lines[said[0] + 1:]))
    alike = [line for line in under if "squares, each read empty): empty, ?" in line]
    assert len(alike) == 1 and len(under) <= ALIKE_LISTED + 1, under
    where, count = re.fullmatch(r"    (.+) \((\d+) squares, each read empty\): empty, \?",
                                alike[0]).groups()
    code, out, err = run(capsys, "read", str(photo), "--game", "bugwords", "--json")
    reading = json.loads(out)
    assert code == 0 and len(reading["notes"]) == 1
    washed = [u for u in reading["uncertain"]
              if u.get("why") == "washed out by a glare: check this square"]
    empty = {(u["row"], u["col"]) for u in washed if u["read"] == ""}
    assert squares_said(where, COLUMN_LETTERS) == empty and int(count) == len(empty) > 50
    sure = next((line for line in under if line.startswith("    read surely: ")), "")
    for u in washed:  # each of the others a line of its own, or read surely on one line
        if u["read"]:
            col = COLUMN_LETTERS[u["col"]]
            assert any(line.startswith(f"    row {u['row'] + 1}, column {col} (")
                       for line in under) or f"column {col}: {u['read']} (" in sure, u
    assert len(lines) < 60  # 177 before


def test_a_blank_tile_whose_letter_nothing_tells_is_listed_without_made_up_shares():
    """The real photo's blank tile of ?AN across, P?OZA down (no letter makes both words):
    it was offered as "t (12%), n (12%), r (12%) ...", a measurement it is not. It says
    which letter it stands for is not known and what the letters offered are, with no
    percentages; in --json each letter's ``p`` is null, and ``why`` says the same."""
    from vision.correct import BLANK_UNKNOWN, MOST_WORDS

    photo = PHOTO.with_name("IMG_20141025_164035.jpg")
    code, out, err = command_output("read", str(photo), "--game", "bugwords")
    assert code == 0, err
    why = f"{BLANK_UNKNOWN}; {MOST_WORDS}"
    assert f"  uncertain: row 8, column L ({why}): t, n, r, c, m, f, p, g\n" in out
    assert "(12%)" not in out
    code, out, err = command_output("read", str(photo), "--game", "bugwords", "--json")
    blank = next(u for u in json.loads(out)["uncertain"] if (u["row"], u["col"]) == (7, 11))
    assert blank["read"] == "?" and blank["why"] == why
    assert blank["alternatives"] == [{"letter": a, "p": None} for a in "tnrcmfpg"]


def test_a_square_offered_as_empty_or_a_tile_is_listed_without_made_up_shares():
    """The real photo's bare-looking square of a tile's colour (row 2, column 14) was offered
    as "empty (50%), ? (50%)": its colour's nearness to a tile's is no chance of one. It says
    what is known, with no percentages; in --json both ``p`` are null, ``why`` says it."""
    from vision.reading import TILE_COLOURED

    photo = PHOTO.with_name("IMG_20141025_163929.jpg")
    code, out, err = command_output("read", str(photo), "--game", "bugwords")
    assert code == 0, err
    assert (f"  uncertain: row 2, column N (read empty; {TILE_COLOURED}): empty, ?\n" in out)
    assert "(50%)" not in out
    code, out, err = command_output("read", str(photo), "--game", "bugwords", "--json")
    square = next(u for u in json.loads(out)["uncertain"] if (u["row"], u["col"]) == (1, 13))
    assert square["read"] == "" and square["why"] == TILE_COLOURED
    assert square["alternatives"] == [{"letter": None, "p": None}, {"letter": "?", "p": None}]


def test_a_tile_listed_as_perhaps_misread_shows_no_mix_of_figures():
    """The real photo's H of a word whose blank fits no letter unless a tile was misread was
    offered as "H (99%), T (60%), D (40%)": the classifier's confidence beside shares counted
    from the words, adding to far more than 100%. Its letters are shown bare, what was read
    first, and it says why; in --json each ``p`` is null."""
    from vision.correct import MISREAD

    photo = PHOTO.with_name("IMG_20141025_164035.jpg")
    code, out, err = command_output("read", str(photo), "--game", "bugwords")
    assert code == 0, err
    assert f"  uncertain: row 12, column N (read H; {MISREAD}): H, T, D\n" in out
    assert "(60%)" not in out
    code, out, err = command_output("read", str(photo), "--game", "bugwords", "--json")
    tile = next(u for u in json.loads(out)["uncertain"] if (u["row"], u["col"]) == (11, 13))
    assert tile["read"] == "H" and tile["why"] == MISREAD
    assert tile["alternatives"] == [{"letter": a, "p": None} for a in "HTD"]


def test_a_run_that_is_no_word_is_named_once_with_its_squares_under_it():
    """The real photo IMG_20151016_170003 reads six runs that are no word: each of their 24
    squares was listed with the run's sentence, MOQE's four times ("uncertain: row 14,
    column 5 (read M; MOQE is not in the word list ...): M (99%)" and so on). Each run is
    named once, its squares under it: the letters in doubt a line each with their
    alternatives, the others, read 92-99% sure, together on one line. --json keeps its
    list of every square, each with its ``why``."""
    from companion.lexicon import DEFAULT_DISPLAY

    photo = PHOTO.with_name("IMG_20151016_170003.jpg")
    code, out, err = command_output("read", str(photo), "--game", "bugwords")
    assert code == 0, err
    missing = f"is not in the word list {DEFAULT_DISPLAY}: check its letters"
    listed = out[out.index("  uncertain:"):].splitlines()
    assert listed[-3:] == [
        f"  uncertain: row 14, columns E-H (MOQE {missing}):",
        "    row 14, column G (read Q): Q (18%), D (14%), E (4%), H (3%)",
        "    read surely: row 14, column E: M (99%); column F: O (92%); column H: E (99%)"]
    assert listed[:3] == [
        f"  uncertain: row 6, columns G-J (WIPF {missing}):",
        "    row 6, column J (read F): F (59%), E (25%)",
        "    read surely: row 6, column G: W (99%); column H: I (99%); column I: P (99%)"]
    for word in ("WIPF", "WIQEH", "BFNQB", "HUHT", "MALEB", "MOQE"):
        assert out.count(f"{word} {missing}") == 1, word
    # 25 lines, one a square, before; 6 more name the B, Q and H tiles read beyond the set
    assert len(listed) == 26
    assert "  uncertain: 3 squares in rows 8-13 (the set holds only 2 B tiles and 3 are read: " \
        "check its letter):" in listed
    code, out, err = command_output("read", str(photo), "--game", "bugwords", "--json")
    uncertain = json.loads(out)["uncertain"]
    assert len(uncertain) == 25
    assert sum(u.get("why") == f"MOQE {missing}" for u in uncertain) == 4


def test_a_letter_of_two_runs_that_are_no_words_is_named_under_both():
    """IMG_20151016_170003's WIQEH (column 7, rows 6-10) crosses WIPF, BFNQB and HUHT, runs
    that are no words either: its W, Q and H carried the first run's sentence only, so
    WIQEH was named with two of its five squares ("column 7, rows 7 and 9"). It is named
    with all five, those shown under another run named on one line, with where they are
    listed; --json gives each such square's other run in ``why_also``."""
    from companion.lexicon import DEFAULT_DISPLAY

    photo = PHOTO.with_name("IMG_20151016_170003.jpg")
    code, out, err = command_output("read", str(photo), "--game", "bugwords")
    assert code == 0, err
    missing = f"is not in the word list {DEFAULT_DISPLAY}: check its letters"
    listed = out[out.index("  uncertain:"):].splitlines()
    at = listed.index(f"  uncertain: column G, rows 6-10 (WIQEH {missing}):")
    assert listed[at - 3].startswith("  uncertain: row 6, columns G-J (WIPF ")
    assert listed[at + 1:at + 3] == [
        "    read surely: row 7, column G: I (98%); row 9, column G: E (99%)",
        "    also: row 6, column G: W (listed above); row 8, column G: Q (listed below); "
        "row 10, column G: H (listed below)"]
    assert listed[at + 3].startswith("  uncertain: row 8, columns D-H (BFNQB ")
    code, out, err = command_output("read", str(photo), "--game", "bugwords", "--json")
    uncertain = {(u["row"], u["col"]): u for u in json.loads(out)["uncertain"]}
    assert len(uncertain) == 25
    runs_also = {cell: [w for w in u.get("why_also", []) if missing in w]
                 for cell, u in uncertain.items()}  # not the set's counts (the B, Q, H read)
    assert [(cell, u["why"].split()[0]) for cell, u in uncertain.items()
            if runs_also[cell] == [f"WIQEH {missing}"]] == [
        ((5, 6), "WIPF"), ((7, 6), "BFNQB"), ((9, 6), "HUHT")]
    assert sum(bool(also) for also in runs_also.values()) == 3


def test_previous_takes_every_form_of_a_werdup_position(capsys, tmp_path):
    """--previous took only a reading ('read --json'): the board text, game record and
    'empty' that 'werdup score/moves/turn' take were "not a board state". Each is read by the
    one reader of positions, and gives the same answer as the reading of that board."""
    from companion.board import Board
    from companion.lexicon import default_lexicon
    from companion.werdup.record import replay

    render = Path(__file__).parent / "data" / "werdup_renders" / "render-101"
    board = Board.from_text(json.loads(render.with_suffix(".json").read_text())["position"],
                            10, 10)
    board.set(4, 0, None)  # the turn adds the T of TINGE (render 101)
    record = Path(__file__).parent / "data" / "werdup-short-game.txt"
    played = replay(record.read_text(encoding="utf-8"), default_lexicon()).board

    def reading(b):
        return {"grid": [[b.get(r, c) or "" for c in range(10)] for r in range(10)],
                "heights": [[b.height(r, c) for c in range(10)] for r in range(10)]}

    def read(previous):
        code, out, err = run(capsys, "read", str(render.with_suffix(".jpg")), "--game",
                             "werdup", "--previous", str(previous), "--json")
        return code, json.loads(out) if out else err

    (tmp_path / "before.json").write_text(json.dumps(reading(board)))
    (tmp_path / "before.txt").write_text(board.to_text())
    by_reading = read(tmp_path / "before.json")
    assert by_reading[0] == 0 and by_reading[1]["play"]["legal"] is True
    assert read(tmp_path / "before.txt") == by_reading
    (tmp_path / "played.json").write_text(json.dumps(reading(played)))
    assert read(record) == read(tmp_path / "played.json")
    (tmp_path / "empty.json").write_text(json.dumps(reading(Board(10, 10))))
    assert read("empty") == read(tmp_path / "empty.json")


def test_previous_that_is_no_position_is_named_as_the_position_reader_says(capsys, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("just some notes\n")
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "werdup", "--previous",
                         str(notes))
    assert (code, out) == (2, "")
    assert err == f"companion: --previous {notes}: the board text has 1 row, expected 10.\n"
    for name, said in ((tmp_path / "nope.json", "The --previous position {} was not found: "
                        "check the file's name and its folder."),
                       (tmp_path, "The --previous position {} is a folder, not a file: name the "
                        "file itself.")):
        code, out, err = run(capsys, "read", str(PHOTO), "--game", "werdup", "--previous",
                             str(name))
        assert (code, out, err) == (2, "", f"companion: {said.format(name)}\n")


@pytest.mark.parametrize(("content", "said"), [
    (b"", " is empty: a puzzle file is the JSON 'companion girdle show --json' writes."),
    (b"{}", ": not a Word Girdle puzzle: the field 'lines' is missing."),
    # "bad JSON (Expecting value: line 1 column 1 (char 0))": the JSON reader's words
    (b"#werdup-record 1\n", ": not a Word Girdle puzzle: it is not JSON (line 1, column 1: no "
     "JSON value starts there)."),
    (b'{"lines": [["row", 1]], "supply": "AB", "vp": [1]}',
     ": not a Word Girdle puzzle: the field 'vp' is not an object of letters and their "
     "Victory Points."),
])
def test_a_puzzle_file_that_is_no_puzzle_is_named(capsys, tmp_path, content, said):
    """--puzzle FILE that was no puzzle said "Not a Word Girdle puzzle: bad JSON (Expecting
    value: line 1 column 1 (char 0))." naming no file, however empty it was."""
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_bytes(content)
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "girdle", "--puzzle",
                         str(puzzle))
    assert (code, out) == (2, "")
    assert err == f"companion: The puzzle {puzzle}{said}\n"


def test_the_overlay_written_is_said_as_print_says_a_file_written(capsys, tmp_path,
                                                                  monkeypatch) -> None:
    # the overlay was written without a word, unlike every file `print` writes
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "bugwords", "--overlay",
                         "seen.png")
    assert code == 0 and err == ""
    assert out.endswith("\nwrote seen.png\n")
    assert (tmp_path / "seen.png").stat().st_size > 0


REAL = PHOTO.parent


def _labelled(photo: str) -> list[str]:
    """The board a real photo shows, as labelled by eye (labels.json): 15 rows of 15."""
    return json.loads((REAL / "labels.json").read_text())["photos"][photo]["rows"]


def test_previous_scores_a_bug_words_photo_from_every_form_of_a_position(capsys, tmp_path):
    """--previous was for WerdUp only ("--previous is for WerdUp photos"): a Bug Words photo's
    play could be scored on the web's photo page, not here. The board before the play is
    any position 'bugwords moves' takes (board text, a game record, a reading, 'empty');
    each gives the play the 2015 game's photos show, scored as the record's replay scores
    it."""
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.replay import replay
    from companion.bugwords.rules import default_rules

    before = _labelled("IMG_20151016_165412.jpg")  # BENDS across 8D; the photo adds WIDER
    (tmp_path / "before.txt").write_text("\n".join(before) + "\n")
    (tmp_path / "before.json").write_text(json.dumps(
        {"game": "bugwords", "grid": [[t.strip(".") for t in row] for row in before]}))
    record = ("#player1 ann Ann\n#player2 bob Bob\n"
              ">ann: BDENS 8D BENDS +22 22\n")
    (tmp_path / "before.gcg").write_text(record)
    photo = str(REAL / "IMG_20151016_165517.jpg")
    plays = []
    for name in ("before.txt", "before.json", "before.gcg"):
        code, out, err = run(capsys, "read", photo, "--game", "bugwords", "--previous",
                             str(tmp_path / name), "--json")
        assert code == 0, err
        plays.append(json.loads(out)["play"])
    assert plays[0] == plays[1] == plays[2]
    play = plays[0]
    assert (play["notation"], play["legal"], play["words"]) == (
        "G6 WI.ER", True, [{"word": "WIDER", "score": play["score"]}])
    assert [(t["row"], t["col"], t["tile"]) for t in play["tiles"]] == [
        (5, 6, "W"), (6, 6, "I"), (8, 6, "E"), (9, 6, "R")]
    replayed = replay(parse_gcg(record + f">bob: EIRW G6 WI.ER +{play['score']} "
                                         f"{play['score']}\n"), default_rules())
    assert [m.computed for m in replayed.moves] == [22, play["score"]] and play["score"] > 0
    code, out, err = run(capsys, "read", photo, "--game", "bugwords", "--previous",
                         str(tmp_path / "before.gcg"))
    assert code == 0 and f"\n  play: G6 WI.ER +{play['score']}\n" in out
    code, out, err = run(capsys, "read", str(REAL / "IMG_20151016_165401.jpg"), "--game",
                         "bugwords", "--previous", "empty")
    assert code == 0 and out.endswith("\n  play: 8D BENDS +22\n"), out


def test_previous_refuses_a_bug_words_photo_several_plays_on_in_words(capsys, tmp_path):
    """A photo taken two plays after the --previous board (HURT across, then TEAMED down)
    was refused as "All the tiles of a play must be in one row or one column", which says
    nothing of what to do. It says how many tiles are new, that they are more than one play,
    and what to do; the reading is still printed, and --json names the new tiles."""
    (tmp_path / "before.txt").write_text(
        "\n".join(_labelled("IMG_20151016_165525.jpg")) + "\n")
    photo = str(REAL / "IMG_20151016_165601.jpg")
    code, out, err = run(capsys, "read", photo, "--game", "bugwords", "--previous",
                         str(tmp_path / "before.txt"))
    assert code == 0, err
    assert out.splitlines()[-1] == (
        "  play: The photo shows 8 tiles more than the --previous position, not all in one "
        "row or one column, so more than one play: score the plays in between first, or "
        "correct the squares read wrongly")
    assert "  .   .   .   .   H   U   R   T" in out  # the reading, as ever
    code, out, err = run(capsys, "read", photo, "--game", "bugwords", "--previous",
                         str(tmp_path / "before.txt"), "--json")
    play = json.loads(out)["play"]
    assert play["legal"] is False and play["reason"].startswith("The photo shows 8 tiles")
    new = [(9, 4), (9, 5), (9, 7), (10, 7), (11, 7), (12, 7), (13, 7), (14, 7)]
    assert [(t["row"], t["col"]) for t in play["tiles"]] == new
    assert sorted(map(tuple, play["squares"])) == new


@pytest.mark.parametrize("game", ["pdq", "girdle"])
def test_previous_is_refused_for_a_game_without_a_board_before(capsys, tmp_path, game):
    code, out, err = run(capsys, "read", str(PHOTO), "--game", game, "--previous", "empty")
    assert (code, out) == (2, "")
    assert err == ("companion: --previous is for WerdUp and Bug Words photos (the board "
                   "before the turn).\n")


def test_a_previous_bug_words_position_that_cannot_be_read_is_named(capsys, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("just some notes\n")
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "bugwords", "--previous",
                         str(notes))
    assert (code, out) == (2, "")
    assert err.startswith(f"companion: --previous {notes}: ") and "Traceback" not in err
    code, out, err = run(capsys, "read", str(PHOTO), "--game", "bugwords", "--previous",
                         str(tmp_path / "gone.txt"))
    assert (code, out, err) == (2, "", f"companion: The --previous position "
                                       f"{tmp_path / 'gone.txt'} was not found: check the "
                                       "file's name and its folder.\n")


def test_a_bug_words_photo_s_play_of_several_words_says_each_word_s_score(capsys, tmp_path):
    """The play's line gave its notation and total alone: a play forming two words (ZEROS
    down, its blank S making TOPS across) says each word's score after the total, as the
    score sheet does, the blank's letter in lower case."""
    (tmp_path / "before.txt").write_text(
        "\n".join(_labelled("IMG_20151016_165902.jpg")) + "\n")
    code, out, err = run(capsys, "read", str(REAL / "IMG_20151016_165946.jpg"), "--game",
                         "bugwords", "--previous", str(tmp_path / "before.txt"))
    assert code == 0, err
    assert out.splitlines()[-1] == "  play: O6 ZEROs +44 (ZEROs 39; TOPs 5)"


def test_a_werdup_reading_s_squares_are_named_by_column_letter(capsys):
    """The stacks not seen, the heights in doubt and the heights that disagree with the
    previous board were said "row 4, column 8", where the board, its plays (4H) and the
    photo page say column H."""
    from companion.cli.vision import _print_reading
    from vision.werdup_stacks import NOT_SEEN, not_seen_why

    why = next(iter(NOT_SEEN))
    grid = [[""] * 10 for _ in range(10)]
    grid[3][7] = grid[5][0] = grid[9][9] = "A"
    _print_reading({
        "game": "werdup", "located_by": "markers", "grid": grid, "uncertain": [],
        "light": {"warnings": []},
        "not_seen": [{"row": 3, "col": 7, "why": why}],
        "doubtful_heights": [{"row": 5, "col": 0}],
        "height_mismatches": [{"row": 9, "col": 9, "reason": "the photo shows a stack of 3"}]})
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3:] == [
        f"  not seen: row 4, column H ({not_seen_why({'why': why})})",
        "  height uncertain: row 6, column A",
        "  check: row 10, column J: the photo shows a stack of 3"]
