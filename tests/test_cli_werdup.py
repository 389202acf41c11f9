"""``companion werdup ...``: bad input is a sentence and exit status 2."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from companion.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_folder_is_not_a_position(capsys, tmp_path):
    code, _, err = run(capsys, "werdup", "score", str(tmp_path), "5D CAT")
    assert code == 2
    assert f"The position {tmp_path} is a folder, not a file: name the file itself." in err


def test_a_binary_position_file_is_named_as_not_text(capsys, tmp_path):
    photo = tmp_path / "board.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    code, _, err = run(capsys, "werdup", "moves", str(photo), "AEIRST")
    assert code == 2 and "is not a text file (it looks binary): is it the right file?" in err
    assert "codec" not in err


def test_a_record_on_standard_input_that_is_not_text(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe#player1\n"),
                                                       encoding="utf-8"))
    code, out, err = run(capsys, "werdup", "replay", "-")
    assert code == 2 and out == ""
    assert ("The game record on standard input is not a text file (it is broken UTF-16 text): "
            "is it the right file?") in err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"#player1 \xe9\n"),
                                                       encoding="utf-8"))
    code, out, err = run(capsys, "werdup", "replay", "-")
    assert code == 2
    assert "The game record on standard input is not UTF-8 text: is it the right file" in err


def test_a_position_on_standard_input(capsys, monkeypatch):
    rows = ["." * 10] * 4 + ["...CAT...."] + ["." * 10] * 5
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("\n".join(rows).encode()),
                                                       encoding="utf-8"))
    code, out, _ = run(capsys, "werdup", "score", "-", "5D (C)O(T)")
    assert code == 0 and "COT: C 2 + O 2 (stack of 2) + T 2 = 6" in out


@pytest.mark.parametrize(("text", "message"), [
    ("", "the board text is empty"),
    (". . Z6 . . . . . . .\n" + ". . . . . . . . . .\n" * 9,
     "board text line 1: the stack height of 'Z6' is 6; a stack is 1 to 5 tiles high"),
    # it said "stack height of 'A0' is 0", not what a height can be
    (". . A0 . . . . . . .\n" + ". . . . . . . . . .\n" * 9,
     "board text line 1: the stack height of 'A0' is 0; a stack is 1 to 5 tiles high"),
])
def test_a_bad_position_on_standard_input_is_named_so(capsys, monkeypatch, text, message):
    # it was "position -: ...", naming a file called '-'
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run(capsys, "werdup", "moves", "-", "AEIRST")
    assert code == 2 and out == "" and f"The position on standard input: {message}" in err


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("ann,ann", "Two players are called 'ann': give each player a name of their own."),
        ("a,b,c,d,e", "WerdUp is for 1 to 4 players: 5 were named."),
        ("", "No player is named: give each player a name, comma-separated (such as ann,bob)."),
        (",", "No player is named: give each player a name, comma-separated (such as ann,bob)."),
        ("ann,,bob", "The name of player 2 is empty: give each player a name (is there a comma "
                     "too many?)."),
        ("ann lee,bob", "must be one word"),
        ("ann," + "b" * 41, "Player names can have 40 characters at most"),  # as on the web
        # a count, as print score-sheet takes: it was one player called "3"
        ("3", "--players names the players, comma-separated (such as ann,bob), not how "
              "many: '3' is a number."),
    ],
)
def test_selfplay_with_bad_players_is_bad_usage(capsys, players, message):
    code, out, err = run(capsys, "werdup", "selfplay", "--players", players)
    assert code == 2 and out == ""
    assert message in err


def test_a_position_saved_with_a_byte_order_mark(capsys, tmp_path):
    rows = ["." * 10] * 4 + ["...CAT...."] + ["." * 10] * 5
    path = tmp_path / "position.txt"
    path.write_bytes("\r\n".join(rows).encode("utf-8-sig"))
    code, out, _ = run(capsys, "werdup", "score", str(path), "5D (C)O(T)")
    assert code == 0 and "COT: C 2 + O 2 (stack of 2) + T 2 = 6" in out


def test_a_record_and_a_position_saved_as_utf16_are_read(capsys, tmp_path):
    """Notepad's "Unicode" (UTF-16 with its byte-order mark): a WerdUp record or position saved
    so was "not a text file (UTF-8 expected)", where a GCG record and a word list are read."""
    data = Path(__file__).parent / "data"
    text = (data / "werdup-short-game.txt").read_text(encoding="utf-8")
    record = tmp_path / "game.txt"
    record.write_bytes(text.encode("utf-16"))
    code, out, _ = run(capsys, "werdup", "replay", str(record))
    assert code == 0 and out.endswith("Totals: ann -11, bob -8\nWinner: bob\n")
    rows = ["." * 10] * 4 + ["...CAT...."] + ["." * 10] * 5
    position = tmp_path / "position.txt"
    position.write_bytes("\r\n".join(rows).encode("utf-16-be").join([b"\xfe\xff", b""]))
    code, out, _ = run(capsys, "werdup", "score", str(position), "5D (C)O(T)")
    assert code == 0 and "COT: C 2 + O 2 (stack of 2) + T 2 = 6" in out
    record.write_bytes(b"\xff\xfe" + "ok".encode("utf-16-le") + b"\x00\xd8")
    code, out, err = run(capsys, "werdup", "replay", str(record))
    assert code == 2
    assert err == (f"companion: The game record {record} is not a text file (it is broken UTF-16 "
                   "text): is it the right file?\n")


def test_a_rack_the_set_cannot_make_is_bad_usage(capsys):
    code, out, err = run(capsys, "werdup", "moves", "empty", "QuQuQuE")
    assert code == 2 and out == ""
    assert "3 Qu tiles, the set has 1" in err


@pytest.mark.parametrize(("top", "heading"), [
    ([], "1 legal play; best first:"),
    (["--top", "0"], "1 legal play; best first:"),
])
def test_moves_counts_one_play_as_one(capsys, tmp_path, top, heading):
    # "1 legal plays; best 1:": the count was spelt by hand, and --top 0 (all) or a --top
    # above the count said "best N" for every play found
    (tmp_path / "at.txt").write_text("at\n")
    rows = [["."] * 10 for _ in range(10)]
    rows[8][9] = "A"  # the A at 9J takes a T below it, and nowhere else
    (tmp_path / "lone.txt").write_text("\n".join(" ".join(r) for r in rows) + "\n")
    code, out, _ = run(capsys, "werdup", "moves", str(tmp_path / "lone.txt"), "T",
                       "--lexicon", str(tmp_path / "at.txt"), *top)
    assert code == 0
    assert out.splitlines() == [heading, "     4  J9 (A)T"]


def test_moves_says_how_many_of_the_plays_it_shows(capsys):
    code, out, _ = run(capsys, "werdup", "moves", "empty", "AEIRST", "--top", "3")
    assert code == 0
    count, shown = out.splitlines()[0].split("; ")
    assert count.endswith(" legal plays") and int(count.split()[0].replace(",", "")) > 3
    assert shown == "best 3:" and len(out.splitlines()) == 4


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_moves_without_a_play_exit_1(capsys, json_flag):
    code, out, _ = run(capsys, "werdup", "moves", "empty", "XQZ", *json_flag)
    assert code == 1
    assert ("No legal play with this rack." in out) if not json_flag else (
        '"count": 0' in out)


@pytest.mark.parametrize(("row", "message"), [
    ("...C3AT...", "a WerdUp stack height, as in E3, needs the squares of its line "
                   "separated by spaces"),
    ("...QuIT...", "the Qu tile is written Qu, with the squares of its row separated by spaces"),
])
def test_a_compact_row_with_a_stack_or_the_qu_tile_says_how_to_write_it(
        capsys, tmp_path, row, message):
    path = tmp_path / "position.txt"
    path.write_text("\n".join(["." * 10] * 4 + [row] + ["." * 10] * 5))
    code, _, err = run(capsys, "werdup", "score", str(path), "4E AT")
    assert code == 2 and message in err


def test_a_file_far_too_large_to_be_a_record_is_not_read(capsys, tmp_path):
    huge = tmp_path / "video.txt"
    with huge.open("wb") as f:
        f.truncate(50_000_000)  # sparse: no disk used
    code, _, err = run(capsys, "werdup", "replay", str(huge))
    assert code == 2
    assert "is too large (over 10,000,000 bytes) to be a game record: is it the right file?" in err


def test_a_letter_no_tile_carries_is_bad_usage(capsys):
    code, out, err = run(capsys, "werdup", "score", "empty", "5D ÉTÉ", "--json")
    assert code == 2 and err == ""
    assert json.loads(out)["error"].startswith("The word 'ÉTÉ' has 'É', which is on no WerdUp "
                                               "tile: write letters A-Z")


@pytest.mark.parametrize("word", ["ÇAT", "(Ç)AT", "CAŦ"])
def test_score_and_replay_both_find_a_letter_no_tile_has_unreadable(capsys, tmp_path, word):
    """The notation decides: a letter on no tile leaves the play unreadable as tiles (exit
    2) in score and replay alike; replay came to the rack check first ('plays Ç, not on the
    rack', exit 1)."""
    code, out, err = run(capsys, "werdup", "score", "empty", f"5D {word}")
    assert code == 2 and out == ""
    shown = err.removeprefix("companion: ").rstrip("\n")
    assert shown.startswith(f"The word '{word}' has ") and "which is on no WerdUp tile" in shown
    record = tmp_path / "game.txt"
    record.write_text("#werdup-record 1\n#rules werdup\n#player1 ann Ann\n#player2 bob Bob\n"
                      f"#draw ann:C bob:H\n>ann: ACDEHRT 5D {word} [111] +6 6\n",
                      encoding="utf-8")
    code, out, err = run(capsys, "werdup", "replay", str(record))
    assert code == 2 and out == "" and err == f"companion: Record line 6: t{shown[1:]}\n"


def test_a_challenge_bonus_in_superscript_digits_is_bad_usage(capsys):
    record = str(Path(__file__).parent / "data" / "werdup-short-game.txt")
    code, _, err = run(capsys, "werdup", "replay", record, "--challenge-rule", "points \u00b2")
    assert code == 2 and "The challenge bonus '\u00b2' should be a whole number" in err


def test_selfplay_that_never_ends_says_so(capsys, tmp_path):
    words = tmp_path / "two.txt"
    words.write_text("cat\ndog\n")
    code, out, err = run(capsys, "werdup", "selfplay", "--seed", "3", "--lexicon", str(words))
    assert code == 1 and out.startswith("#werdup-record")
    assert "the game had not ended after 500 turns" in err


SHORT_GAME = Path(__file__).parent / "data" / "werdup-short-game.txt"


@pytest.mark.parametrize("record,options,status,error", [
    (None, [], 2, "The game record "),
    ("#player1 ann\n#player2 bob\nfoo\n", [], 2,
     "Record line 3: cannot read 'foo' (moves start with '>')"),
    ("", ["--challenge-rule", "bogus"], 2, "Unknown challenge rule 'bogus'"),
    # an empty file (or one of blank lines) was "The record names no players"
    ("", [], 2, "The record is empty: a WerdUp record names its players (#player1 NAME"),
    ("\n \r\n", [], 2, "The record is empty: "),
    # a move line not in the record's form is bad input, as a file that is no record: it
    # was exit status 1, the status of an illegal play
    ("#player1 ann\n#player2 bob\n>ann: ACDEHRT 5D CAT [111] extra +6 6\n", [], 2,
     "Record line 3: cannot read the move '5D CAT [111] extra'"),
    ("#player1 ann\n#player2 bob\n>ann: ACDEHRT -CD +0 0\n", [], 2,
     "Record line 3: a swap is one tile, written -X"),
    ("#player1 ann\n#player2 bob\n>ann: ACDEHRT 5D CAT [111] +6 6\n"
     ">bob: ADEIORS E5 (A)RE [111] +6 6\n#note Lost turn to a challenge\n", [], 2,
     "Record line 4: a turn lost to a challenge is written as a pass ('-')"),
    # a move after the end: an illegal play, exit status 1 as without --json
    (SHORT_GAME.read_text(encoding="utf-8") + ">ann: DEHRTUU - +0 -11\n", [], 1,
     "Record line 26: the game is over"),
])
def test_replay_json_reports_an_error_as_json(capsys, tmp_path, record, options, status,
                                              error):
    # it was a plain line on standard error, where bugwords replay --json answers in JSON
    path = tmp_path / "game.txt"
    if record is not None:
        path.write_text(record, encoding="utf-8")
    code, out, err = run(capsys, "werdup", "replay", str(path), *options, "--json")
    assert code == status and err == ""
    answer = json.loads(out)
    assert answer["status"] == status and answer["error"].startswith(error), answer
    assert set(answer) == {"error", "status"}
    code, out, err = run(capsys, "werdup", "replay", str(path), *options)  # plain text as before
    assert code == status and out == "" and error in err


def test_turn_reads_one_position_from_standard_input_not_both(capsys, monkeypatch):
    # both were '-': the second read found nothing ("position -: the board text is empty")
    board = ". . . . . . . . . .\n" * 4 + ". . . . C A T . . .\n" + ". . . . . . . . . .\n" * 5
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(board.encode())))
    code, out, err = run(capsys, "werdup", "turn", "-", "-")
    assert code == 2 and out == ""
    assert "Standard input (-) can give one of the two positions, not both" in err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(board.encode())))
    code, out, _ = run(capsys, "werdup", "turn", "empty", "-")
    assert code == 0 and out.startswith("5E CAT: 6 points")


@pytest.mark.parametrize("name", ["selfplay-2p-seed1.gcg", "handmade-features.gcg"])
def test_a_bug_words_record_is_named_as_one(capsys, name):
    # it was "Record line 8: GRAZED at 8G runs off the board", exit status 1 (an illegal play);
    # then that line came first and what the file is after it: what it is now comes first
    record = str(Path(__file__).parent / "data" / "gcg" / name)
    code, out, err = run(capsys, "werdup", "replay", record)
    assert code == 2 and out == ""
    assert err.startswith("companion: This looks like a Bug Words game record, GCG, not a "
                          "WerdUp one: replay it with 'companion bugwords replay' (read as a "
                          "WerdUp record: record line ")


def test_replay_shows_a_nick_with_a_control_character_escaped(capsys, tmp_path):
    """ESC [2J in a record's nick cleared the terminal: replay printed it raw."""
    path = tmp_path / "game.txt"
    path.write_text("#werdup-record 1\n#player1 a\x1b[2Jb Ann\n#player2 bob Bob\n"
                    ">a\x1b[2Jb: ACDEHRT 5D CAT +6 6\n")
    code, out, _ = run(capsys, "werdup", "replay", str(path))
    assert code == 0 and "\x1b" not in out
    assert "a\\x1b[2Jb: 5D CAT" in out and "Leading: a\\x1b[2Jb" in out


def test_turn_with_a_tile_gone_is_not_one_play(capsys, tmp_path):
    """'turn' exits 1 when the two positions are not one play, as its help says: a tile gone
    from the board exited 2, as if a position could not be read, where nothing changed
    exits 1."""
    before = tmp_path / "before.txt"
    before.write_text("\n".join("....CAT..." if r == 4 else "." * 10 for r in range(10)))
    after = tmp_path / "after.txt"
    after.write_text("\n".join("....CA...." if r == 4 else "." * 10 for r in range(10)))
    code, _, err = run(capsys, "werdup", "turn", str(before), str(after))
    assert code == 1 and "The tile at 5G has gone" in err
    code, _, err = run(capsys, "werdup", "turn", str(before), str(before))
    assert code == 1 and "Nothing changed on the board." in err


def test_replay_lines_up_its_columns_when_a_line_has_a_long_note(capsys, tmp_path):
    """A move with a note (a word not in the list, a play taken back after the turns since)
    pushed that row's score and total out of line with the others: the notes come last."""
    path = tmp_path / "game.txt"
    path.write_text("#werdup-record 1\n#player1 ann\n#player2 bob\n"
                    "#note ChallengeRule: single\n"
                    ">ann: ACETXYZ 5D TAC +6 6\n>bob: ABEORST - +0 0\n"
                    ">ann: ACETXYZ -- -6 0\n>ann: ACETXYZ 5D CAT +6 6\n")
    code, out, _ = run(capsys, "werdup", "replay", str(path))
    rows = out.splitlines()[:4]
    assert code == 0 and len(rows) == 4
    ends = [re.match(r".*?[+-]\d+ +-?\d+", row).end() for row in rows]  # the total's end
    assert len(set(ends)) == 1, rows
    assert rows[0][ends[0]:].strip() == "not in the word list: TAC"
    assert rows[2][ends[2]:].strip() == "after the turns since"
    assert rows[1][ends[1]:] == rows[3][ends[3]:] == ""


def test_score_and_turn_judge_by_the_house_list(capsys, tmp_path, house_files):
    """--add, --remove and --remove-offensive reached only 'check' and 'pdq': a club's house
    list could challenge a word but not score a play with it."""
    add, remove = house_files
    code, out, _ = run(capsys, "werdup", "score", "empty", "5D ZOTA")
    assert code == 1 and "ZOTA is not in the word list" in out
    code, out, _ = run(capsys, "werdup", "score", "empty", "5D ZOTA", "--add", add)
    assert code == 0 and "ZOTA: Z 2 + O 2 + T 2 + A 2 = 8" in out
    code, out, _ = run(capsys, "werdup", "score", "empty", "5D CAT", "--remove", remove)
    assert code == 1 and "no.txt removed" in out
    code, _, _ = run(capsys, "werdup", "score", "empty", "5D ANUS")
    assert code == 0
    code, out, _ = run(capsys, "werdup", "score", "empty", "5D ANUS", "--remove-offensive")
    assert code == 1 and "offensive words (LDNOOBW) removed" in out
    after = tmp_path / "after.txt"
    after.write_text("\n".join(["." * 10] * 4 + ["...ZOTA..."] + ["." * 10] * 5))
    code, _, _ = run(capsys, "werdup", "turn", "empty", str(after))
    assert code == 1
    code, out, _ = run(capsys, "werdup", "turn", "empty", str(after), "--add", add, "--json")
    assert code == 0 and json.loads(out)["words"][0]["word"] == "ZOTA"


def test_moves_finds_plays_by_the_house_list(capsys, house_files):
    add, remove = house_files

    def words(*options):
        code, out, _ = run(capsys, "werdup", "moves", "empty", "ZOTAC", "--top", "0",
                           "--json", *options)
        return {p["play"].split()[1] for p in json.loads(out)["plays"]}

    plain = words()
    assert "CAT" in plain and "ZOTA" not in plain
    assert "ZOTA" in words("--add", add)
    assert "CAT" not in words("--remove", remove)


def test_replay_and_selfplay_use_the_house_list(capsys, tmp_path, house_files):
    add, remove = house_files
    record = tmp_path / "game.txt"
    record.write_text("#werdup-record 1\n#rules werdup\n#player1 ann Ann\n#player2 bob Bob\n"
                      ">ann: ZOTACDE 5D ZOTA [1111] +8 8\n")
    code, _, err = run(capsys, "werdup", "replay", str(record))
    assert code == 1 and "ZOTA is not in the word list" in err
    code, out, _ = run(capsys, "werdup", "replay", str(record), "--add", add)
    assert code == 0 and "Totals: ann 8, bob 0" in out
    record.write_text(SHORT_GAME.read_text())  # its first play is CAT
    code, _, _ = run(capsys, "werdup", "replay", str(record))
    assert code == 0
    code, _, err = run(capsys, "werdup", "replay", str(record), "--remove", remove)
    assert code == 1 and "CAT is not in the word list" in err
    code, out, _ = run(capsys, "werdup", "selfplay")
    first = next(ln for ln in out.splitlines() if ln.startswith(">"))
    assert " BONNY " in first  # seed 1's first play, which no.txt removes
    code, out, _ = run(capsys, "werdup", "selfplay", "--remove", remove)
    assert code == 0 and "BONNY" not in out


def test_a_game_record_is_a_position_the_board_after_its_last_move(capsys, tmp_path):
    """'werdup moves game.txt AEI' said "board text line 9: cannot read square '>ann:'",
    where 'bugwords moves' takes a GCG record; the board is the one replay leaves."""
    from companion.lexicon import default_lexicon
    from companion.werdup.record import replay

    record = Path(__file__).parent / "data" / "werdup-short-game.txt"
    board = replay(record.read_text(encoding="utf-8"), default_lexicon()).board
    position = tmp_path / "position.txt"
    position.write_text(board.to_text())
    by_board = run(capsys, "werdup", "moves", str(position), "AEI", "--json")
    by_record = run(capsys, "werdup", "moves", str(record), "AEI", "--json")
    assert by_record == by_board and by_record[0] == 0 and json.loads(by_record[1])["plays"]
    code, out, _ = run(capsys, "werdup", "score", str(record), "5D (C)O(T)", "--json")
    assert code == 1 and json.loads(out)["reason"].startswith("OTE is not in the word list")
    broken = tmp_path / "game.txt"
    broken.write_text(record.read_text(encoding="utf-8").replace(">ann: ACDEHRT 5D CAT",
                                                                 ">ann: ACDEHRT 5D CXT"))
    code, out, err = run(capsys, "werdup", "moves", str(broken), "AEI")
    assert code == 2 and out == "" and err == (
        f"companion: The position {broken}, a game record: record line 9: ann plays X, not on the "
        "rack ACDEHRT.\n")


def test_a_reading_of_a_photo_is_a_position(capsys, tmp_path):
    """A board read from a photo ('read --json': {"grid", "heights"}) is a position as its
    board text is ("board text line 1: cannot read square '{"grid":'" before), and a state
    that is not a board is named so."""
    from companion.lexicon import default_lexicon
    from companion.werdup.record import replay

    record = Path(__file__).parent / "data" / "werdup-short-game.txt"
    board = replay(record.read_text(encoding="utf-8"), default_lexicon()).board
    text = tmp_path / "position.txt"
    text.write_text(board.to_text())
    grid = [[board.get(r, c) or "" for c in range(10)] for r in range(10)]
    heights = [[board.height(r, c) for c in range(10)] for r in range(10)]
    reading = tmp_path / "reading.json"
    reading.write_text(json.dumps({"grid": grid, "heights": heights, "play": None}))
    by_text = run(capsys, "werdup", "moves", str(text), "AEI", "--json")
    by_reading = run(capsys, "werdup", "moves", str(reading), "AEI", "--json")
    assert by_reading == by_text and by_text[0] == 0 and json.loads(by_text[1])["plays"]
    heights[4][3] = None  # a photo taken straight down: the stack's height not seen
    reading.write_text(json.dumps({"grid": grid, "heights": heights}))
    code, out, err = run(capsys, "werdup", "score", str(reading), "5D (C)O(T)")
    assert code == 2 and out == ""
    assert err.startswith(f"companion: The position {reading}: row 5, column D: the height of the "
                          f"{grid[4][3]} stack is not known (null)")
    reading.write_text('{"grid": []}')
    code, _, err = run(capsys, "werdup", "score", str(reading), "5D CAT")
    assert (code, err) == (2, f"companion: The position {reading}: the state is not a 10x10 "
                              "board.\n")


def test_a_reading_of_another_game_s_board_is_named_so(capsys, tmp_path):
    # a Bug Words board read from a photo was "the state is not a 10x10 board"
    import json

    reading = tmp_path / "reading.json"
    reading.write_text(json.dumps({"game": "bugwords", "rows": 15, "cols": 15,
                                   "grid": [[""] * 15 for _ in range(15)]}))
    code, out, err = run(capsys, "werdup", "moves", str(reading), "AEI")
    assert (code, out) == (2, "")
    assert err == (f"companion: The position {reading}: this is the reading of a photo of a Bug "
                   "Words board, not of a WerdUp board.\n")


def test_replay_of_a_game_not_over_names_no_winner(capsys, tmp_path):
    """A record of a game still going (a score sheet's record downloaded mid-game) printed
    "Winner: ann", as if the game were over; it says who leads, and that the game goes on.
    A finished record still names its winner."""
    record = tmp_path / "game.txt"
    record.write_text("#werdup-record 1\n#player1 ann Ann\n#player2 bob Bob\n"
                      ">ann: ACDEHRT 5D CAT [111] +6 6\n", encoding="utf-8")
    code, out, _ = run(capsys, "werdup", "replay", str(record))
    assert code == 0
    assert out.endswith("Totals: ann 6, bob 0\nLeading: ann (the game is not over)\n")
    code, out, _ = run(capsys, "werdup", "replay", str(record), "--json")
    assert code == 0 and json.loads(out)["over"] is False
    finished = Path(__file__).parent / "data" / "werdup-short-game.txt"
    code, out, _ = run(capsys, "werdup", "replay", str(finished), "--json")
    assert code == 0 and json.loads(out)["over"] is True
