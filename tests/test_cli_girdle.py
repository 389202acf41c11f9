"""``companion girdle show|solve|check`` end to end."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.cli import main
from tests.test_girdle_engine import EXAMPLE, example_puzzle


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path / "cache"))


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def example_file(tmp_path, steps=EXAMPLE):
    data = {
        "puzzle": example_puzzle().to_dict(),
        "solution": [p.to_dict(i + 1) for i, p in enumerate(steps)],
    }
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(data))
    return path


def test_show_json_has_the_model(capsys):
    code, out, _ = run(capsys, "girdle", "show", "--date", "2026-12-01", "--json")
    data = json.loads(out)
    assert code == 0
    assert len(data["lines"]) == 7 and data["lines"][0]["kind"] in ("row", "col")
    assert {"supply", "checkbox_rows", "vp", "length_bonus"} <= set(data)
    assert data["vp"]["Z"] == 5 and data["length_bonus"]["7"] == 7
    assert data["family"] == "star"


def test_show_text(capsys):
    code, out, _ = run(capsys, "girdle", "show", "--date", "2026-12-01")
    assert code == 0
    # the day as every other date a player reads (companion.dates.day_shown), not 2026-12-01
    assert out.splitlines()[0] == "Word Girdle #1066 - Tuesday 1 December 2026"
    assert "Shape: star (one spine word, six words hanging from it)" in out
    assert "Supply:" in out and "Word lines:" in out
    code, out, _ = run(capsys, "girdle", "show", "--date", "2026-12-03")  # the next shapes
    assert "Shape: lattice (three rows crossing four columns)" in out


@pytest.mark.parametrize("day", ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04",
                                 "2026-12-05"])
def test_show_draws_the_dead_squares_apart_from_the_open_ones(capsys, day):
    """Every square was drawn ".", so the day's shape did not show: the squares no word line
    crosses (grey on the printed sheet) are "#", the others ".", as the legend under the
    grid says."""
    import datetime as dt

    from companion.girdle import puzzle_for

    code, out, _ = run(capsys, "girdle", "show", "--date", day)
    assert code == 0
    lines = out.splitlines()
    top = lines.index("      1 2 3 4 5 6 7") + 1
    on_lines = puzzle_for(dt.date.fromisoformat(day)).squares_on_lines()
    assert 0 < len(on_lines) < 49
    for r in range(1, 8):
        assert lines[top + r - 1][6:].split() == [
            "." if (r, c) in on_lines else "#" for c in range(1, 8)]
    assert lines[top + 7] == "  Squares: . empty, on a word line; # dead, no word line crosses it"


@pytest.mark.parametrize("family", ["star", "frame", "lattice", "ladder", "comb"])
def test_show_a_layout_family(capsys, family):
    import datetime as dt

    from companion.girdle.generator import family_puzzle

    code, out, _ = run(capsys, "girdle", "show", "--date", "2026-12-05", "--family", family,
                       "--json")
    assert code == 0
    want = family_puzzle(dt.date(2026, 12, 5), family)
    assert [(ln["kind"], ln["index"]) for ln in json.loads(out)["lines"]] == \
        [tuple(ln) for ln in want.lines]
    assert json.loads(out)["family"] == family


def test_show_a_range_prints_each_day_in_turn(capsys):
    code, out, _ = run(capsys, "girdle", "show", "--date", "2026-11-29..12-02")
    assert code == 0
    titles = [line for line in out.splitlines() if line.startswith("Word Girdle #")]
    assert titles == ["Word Girdle #1064 - Sunday 29 November 2026",
                      "Word Girdle #1065 - Monday 30 November 2026",
                      "Word Girdle #1066 - Tuesday 1 December 2026",
                      "Word Girdle #1067 - Wednesday 2 December 2026"]
    code, one, _ = run(capsys, "girdle", "show", "--date", "2026-12-01")
    assert one in out  # each day as it is shown alone


def test_show_a_range_as_json_is_a_list(capsys):
    code, out, _ = run(capsys, "girdle", "show", "--date", "2026-12-01..03", "--json")
    assert code == 0
    models = json.loads(out)
    code, alone, _ = run(capsys, "girdle", "show", "--date", "2026-12-03", "--json")
    assert [m["date"] for m in models] == ["2026-12-01", "2026-12-02", "2026-12-03"]
    assert models[2] == json.loads(alone)
    code, out, _ = run(capsys, "girdle", "show", "--date", "2026-12-05..2026-12-05", "--json",
                       "--family", "comb")
    assert code == 0 and [m["family"] for m in json.loads(out)] == ["comb"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["show", "--date", "2026-12-04..01"],
         "The range of dates '2026-12-04..01' runs backwards: it ends on 2026-12-01, before it "
         "starts on 2026-12-04."),
        (["show", "--date", "2026-12-01..2027-01-01"],
         "The range of dates '2026-12-01..2027-01-01' is 32 days; a range may hold at most 31 "
         "days at once."),
        (["show", "--date", "2026-02-27..30"],
         "The date '2026-02-30' is not in the calendar: February 2026 has 28 days."),
        (["show", "--date", "2026-12-01.."], "Cannot read the range of dates '2026-12-01..'"),
        (["show", "--date", "2026-12-01..4"], "Cannot read the range of dates '2026-12-01..4'"),
        (["show", "--date", "20261201..05"],
         "Cannot read the date '20261201': write it as YYYY-MM-DD"),
        (["solve", "--date", "2026-12-01..04"],
         "A range of dates (2026-12-01..04) is for girdle show only: girdle solve takes "
         "one date."),
        (["check", "-", "--date", "2026-12-01..04"],
         "A range of dates (2026-12-01..04) is for girdle show only: girdle check takes "
         "one date."),
    ],
)
def test_bad_ranges_are_refused_before_any_output(capsys, monkeypatch, argv, message):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"[]")))
    code, out, err = run(capsys, "girdle", *argv)
    assert code == 2 and out == ""
    assert err.startswith("companion: ") and message in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("date", ["20261201", "2026-W49-3", "2026-12-01T00:00", "2026-12-1",
                                  "tomorrow", "next week"])
def test_a_date_is_written_one_way(capsys, date):
    """The refusal quotes the date exactly as typed: it begins with its own words, so the
    sentence's capital never changes what was typed ('tomorrow' was shown 'Tomorrow')."""
    code, out, err = run(capsys, "girdle", "show", "--date", date)
    assert code == 2 and out == ""
    assert err == (f"companion: Cannot read the date '{date}': write it as YYYY-MM-DD, "
                   "e.g. 2026-01-31.\n")


def test_a_family_is_named_in_any_case(capsys):
    """--family STAR was "No Word Girdle layout family 'STAR'", though star is its name."""
    code, out, _ = run(capsys, "girdle", "show", "--date", "2026-12-05", "--family", "COMB",
                       "--json")
    assert code == 0 and json.loads(out)["family"] == "comb"
    assert out == run(capsys, "girdle", "show", "--date", "2026-12-05", "--family", "comb",
                      "--json")[1]


def test_an_unknown_family_is_a_clear_error(capsys):
    code, _, err = run(capsys, "girdle", "show", "--family", "zigzag")
    assert code == 2 and "No Word Girdle layout family 'zigzag'" in err


def test_check_says_which_section_a_letter_was_crossed_out_from():
    """A letter crossed out is named with its section, as the sheet shows it: the A-Z
    section's, or an active Supply letter's (S, its A-Z box used)."""
    from companion.cli.girdle import card_sums
    from companion.girdle import play_all
    from synthetic.girdle import EXAMPLE_STEPS

    steps = [replace(EXAMPLE_STEPS[0], crossed_out=("S",)), *EXAMPLE_STEPS[1:]]
    _, card = play_all(example_puzzle(), steps)
    assert "Crossed out: S (Supply)" in card_sums(card.to_dict(), 7)
    _, card = play_all(example_puzzle(), [replace(EXAMPLE_STEPS[0], crossed_out=()),
                                          *EXAMPLE_STEPS[1:]])
    assert "Crossed out: none" in card_sums(card.to_dict(), 7)


def test_letters_crossed_out_are_listed_in_the_sheets_order_however_the_words_gave_them(
        capsys, tmp_path):
    """Q and V crossed out by words 5 and 6 of a sheet, or V and Q by the same words: the
    card listed them in word order, so 'girdle check' said "V Q (A-Z)" for a sheet whose
    photo 'read --game girdle' (which gives the letters seen crossed out to the words in the
    A-Z section's order) said "Q V (A-Z)". Both now list them as the sheet shows them."""
    from pathlib import Path

    from companion.cli.girdle import card_sums
    from companion.girdle import Puzzle, SheetStep, complete_sheet

    case = json.loads((Path(__file__).parent / "data" / "girdle" / "star-2026-12-08.json")
                      .read_text(encoding="utf-8"))
    steps = [SheetStep.from_dict(s) for s in case["solution"]]
    assert [p.crossed_out for p in steps[4:6]] == [("Q",), ("V",)]
    swapped = [*steps[:4], replace(steps[4], crossed_out=("V",)),
               replace(steps[5], crossed_out=("Q",)), *steps[6:]]
    said = []
    for n, sheet_steps in enumerate((steps, swapped)):
        sheet = tmp_path / f"sheet{n}.json"
        sheet.write_text(json.dumps({"puzzle": case["puzzle"], "solution": [
            p.to_dict(k) for k, p in enumerate(sheet_steps, 1)]}))
        code, out, _ = run(capsys, "girdle", "check", str(sheet))
        assert code == 0, out
        said += [ln for ln in out.splitlines() if ln.startswith("Crossed out: ")]
    bare = [replace(p, activated=(), crossed_out=()) for p in steps]
    puzzle = Puzzle.from_dict(case["puzzle"])
    _, _, read = complete_sheet(puzzle, bare, crossed=["V", "Q"])  # as a photo's reading
    said += [ln for ln in card_sums(read.to_dict(), puzzle.words) if ln.startswith("Crossed")]
    assert said == ["Crossed out: Q V (A-Z)"] * 3


def test_check_prints_the_worked_example(capsys, tmp_path):
    code, out, _ = run(capsys, "girdle", "check", str(example_file(tmp_path)))
    assert code == 0, out
    assert "JUMPING" in out and "[x]" in out
    assert "Sub-total words: 54" in out
    assert "Crossed out: Z (A-Z)\n" in out  # by section, as the unused letters are
    assert "1 VP: 6 x 1 = 6" in out and "4 VP: 4 x 4 = 16" in out and "total 30" in out
    assert "Final score: 54 - 30 = 24" in out
    # by section, as the sheet counts them: an R left in each was "R R" on one line
    assert "Unused letters: B K Q R V W Y (A-Z); A S T R N (Supply)" in out


def test_check_draws_an_empty_square_apart_from_a_dead_one(capsys, tmp_path):
    """The worked example's grid: row 6, column 1 is on word 7's line, left empty, and row 2,
    column 1 is on no line; both were drawn "."."""
    code, out, _ = run(capsys, "girdle", "check", str(example_file(tmp_path)))
    assert code == 0
    assert out.splitlines()[:9] == [
        "    1 2 3 4 5 6 7",
        " 1  J U M P I N G",
        " 2  # S # . # O #",
        " 3  # E # . # T #",
        " 4  . . A C H E .",
        " 5  # . # L # . #",
        " 6  . . . O X . .",
        " 7  . F E D . . .",
        "  Squares: . empty, on a word line; # dead, no word line crosses it",
    ]


def test_a_letter_outside_a_smaller_puzzles_grid_is_drawn_not_dropped():
    """A photographed sheet is 7 squares a side; read against a puzzle file of 5, a letter
    written in row 7 is drawn (on a dead square: no line of the puzzle reaches it), not left
    out of the drawing."""
    from companion.cli.girdle import grid_lines
    from companion.girdle import Puzzle
    from companion.girdle.puzzle import Line

    small = Puzzle(lines=(Line("row", 1), Line("col", 5)), supply="EAST", checkbox_rows=(),
                   size=5)
    assert grid_lines(small, {(1, 1): "C", (7, 7): "Q"}) == [
        "    1 2 3 4 5 6 7",
        " 1  C . . . . # #",
        *(f" {r}  # # # # . # #" for r in (2, 3, 4, 5)),
        " 6  # # # # # # #",
        " 7  # # # # # # Q",
        "  Squares: . empty, on a word line; # dead, no word line crosses it",
    ]
    assert grid_lines(small, {})[0] == "    1 2 3 4 5"  # the puzzle's own size otherwise


def test_check_json(capsys, tmp_path):
    code, out, _ = run(capsys, "girdle", "check", str(example_file(tmp_path)), "--json")
    data = json.loads(out)
    assert data["legal"] and data["final"] == 24 and data["unused"]["total"] == 30


def test_a_sheet_s_words_are_read_as_a_typed_word_is(capsys, tmp_path):
    """A sheet's full-width JUMPING (a phone keyboard's) was "not a word of letters A-Z",
    though check and pdq --word read full-width letters, accents and invisible characters."""
    from dataclasses import replace

    def spelt(word: str) -> str:
        # the first letter full-width, a zero-width space, the rest in lower case with an
        # accent on the last: Ｏ x́ for OX
        return chr(ord(word[0]) - ord("A") + 0xFF21) + "\u200b" + word[1:].lower() + "\u0301"

    steps = [replace(p, word=spelt(p.word)) for p in EXAMPLE]
    assert steps[0].word != EXAMPLE[0].word
    code, out, _ = run(capsys, "girdle", "check", str(example_file(tmp_path, steps)), "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] and data["final"] == 24
    assert run(capsys, "girdle", "check", str(example_file(tmp_path)), "--json")[1] == out


def test_check_reports_the_first_illegal_step(capsys, tmp_path):
    from companion.girdle import SheetStep

    steps = list(EXAMPLE)
    steps[1] = SheetStep(1, 2, "down", "USED", (8,))
    path = example_file(tmp_path, steps)
    code, out, _ = run(capsys, "girdle", "check", str(path))
    assert code == 1
    # one sentence, as docs/girdle.md quotes it (the line ended without a full stop), after
    # the file's name, as every other answer about the sheet names it
    assert out == (f"The sheet {path}: illegal at word 4 (ACHE): ACHE touches other letters "
                   "in row 4, making DACHE.\n")


@pytest.mark.parametrize("typed", ["ACHÉ", "ache\u0301", "ＡＣＨＥ", "AC\u200bHE"],
                         ids=["accent", "combining accent", "full width", "zero-width space"])
def test_an_illegal_word_is_named_as_it_is_read(capsys, tmp_path, typed):
    """Word 4 typed with an accent, full-width letters or an invisible character is read
    ACHE, and named so in the brackets as in the engine's reason: "(ACHÉ): ACHE touches"
    named one word two ways."""
    from companion.girdle import SheetStep

    steps = list(EXAMPLE)
    steps[1] = SheetStep(1, 2, "down", "USED", (8,))
    steps[3] = replace(steps[3], word=typed)
    path = example_file(tmp_path, steps)
    code, out, _ = run(capsys, "girdle", "check", str(path))
    assert (code, out) == (1, f"The sheet {path}: illegal at word 4 (ACHE): ACHE touches "
                              "other letters in row 4, making DACHE.\n")


def test_check_not_contiguous(capsys, tmp_path):
    data = {
        "puzzle": example_puzzle().to_dict(),
        "solution": [{"word": "JUMPING", "cells": [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5],
                                                  [1, 6], [2, 7]]}],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "girdle", "check", str(path))
    assert code == 1 and "not contiguous" in out


def test_unfinished_sheet_is_scored_but_flagged(capsys, tmp_path):
    code, out, _ = run(capsys, "girdle", "check", str(example_file(tmp_path, EXAMPLE[:3])))
    assert code == 1
    assert "unfinished: 3 of 7 words" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["girdle", "show", "--date", "yesterday"], "Cannot read the date 'yesterday'"),
        (["girdle", "check", "/no/such/sheet.json"], "not found"),
        (["girdle", "solve", "--date", "2026-12-01", "--time-budget", "0"], "above zero, not 0."),
        (["girdle", "solve", "--date", "2026-12-01", "--time-budget=-0.5"],
         "above zero, not -0.5."),
        # as typed: "-1e+30", and 1e-400 (too small a number for a float) was "not 0"
        (["girdle", "solve", "--date", "2026-12-01", "--time-budget=-1e30"],
         "above zero, not -1e30."),
        (["girdle", "solve", "--date", "2026-12-01", "--time-budget", "1e-400"],
         "above zero, not 1e-400."),
        (["girdle", "show", "--date", ""], "Cannot read the date ''"),
        (["girdle", "check", "/"], "is a folder"),
        (["girdle", "show", "--date", "2020-01-01"],
         "There is no Word Girdle of Wednesday 1 January 2020: the first is from Monday "
         "1 January 2024."),
        (["girdle", "solve", "--lexicon", "/no/such/words.txt"],
         "The word list /no/such/words.txt was not found"),
    ],
)
def test_bad_usage(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err


def test_solve_json_passes_check(capsys, tmp_path):
    code, out, _ = run(capsys, "girdle", "solve", "--date", "2026-12-06", "--json")  # a star
    data = json.loads(out)
    assert code == 0
    assert data["date"] == "2026-12-06"
    assert data["proven"] and data["complete"] and data["upper_bound"] == data["par"] > 0
    assert [w["line"] for w in data["solution"]] == list(range(1, 8))
    path = tmp_path / "solved.json"
    path.write_text(out)
    code, out, _ = run(capsys, "girdle", "check", str(path))
    assert code == 0 and f"= {data['par']}" in out
    code, again, _ = run(capsys, "girdle", "check", str(path), "--date", "2026-12-06")
    assert code == 0 and again == out  # the sheet's own day
    # judged against another day's lines, it read "Illegal at word 1: wrong line"
    code, out, err = run(capsys, "girdle", "check", str(path), "--date", "2026-12-01")
    assert code == 2 and out == ""
    assert "is for 2026-12-06, not 2026-12-01: leave out --date to check it" in err
    # its words alone name no day: judged against another day's lines, word 1 is off word 1's
    # line, and the answer gives the likely cause and the way out, as 'read --game girdle' does
    words = tmp_path / "words.json"
    words.write_text(json.dumps(data["solution"]))
    code, out, err = run(capsys, "girdle", "check", str(words), "--date", "2026-12-01")
    first = data["solution"][0]["word"]
    assert code == 1 and err == ""
    assert out.startswith(f"The sheet {words}: illegal at word 1 ({first}): wrong line: word 1 "
                          "must be written ")
    assert out.endswith(": is the sheet of another day? give --date of the sheet's day.\n")
    code, out, _ = run(capsys, "girdle", "check", str(words), "--date", "2026-12-06")
    assert code == 0 and out == again  # the day it was solved for
    # a sheet that names its day is judged against that day's lines: word 1 off its line is
    # the sheet's own mistake, not another day's, and is told without the hint
    swapped = dict(data, solution=[data["solution"][1], data["solution"][0],
                                   *data["solution"][2:]])
    path.write_text(json.dumps(swapped))
    code, out, _ = run(capsys, "girdle", "check", str(path))
    assert code == 1 and out.startswith(f"The sheet {path}: illegal at word 1 (")
    assert "wrong line" in out and "another day" not in out


def test_solve_uses_the_cache_and_ignores_a_tampered_entry(capsys, tmp_path):
    argv = ("girdle", "solve", "--date", "2026-12-11", "--time-budget", "2", "--json")
    code, first, err = run(capsys, *argv)
    assert code == 0 and err == ""  # a star: its search is a matter of seconds
    entries = list((tmp_path / "cache" / "girdle").glob("*.json"))
    assert len(entries) == 1
    code, again, err = run(capsys, *argv)
    assert err == ""  # no search: the cache, as the answer says
    assert json.loads(again) == dict(json.loads(first), cached=True)
    # a wrong par in the cache is caught by replaying the solution, and solved again
    data = json.loads(entries[0].read_text())
    data["par"] += 50
    entries[0].write_text(json.dumps(data))
    code, third, _ = run(capsys, *argv)
    assert code == 0
    # solved again rather than trusted: the answer's sheet really scores its par (a search
    # under a time budget may find a different best sheet than the first on a busy machine)
    solved = tmp_path / "third.json"
    solved.write_text(third)
    code, out, _ = run(capsys, "girdle", "check", str(solved))
    assert code == 0 and f"= {json.loads(third)['par']}" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"solution": [], "date": 5}', "Cannot read the date 5:"),
        (b'{"solution": [], "date": "2026-02-30"}', "is not in the calendar"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a text file"),
        (b'{"solution": [], "puzzle": []}', "expected a JSON object"),
        (b'{"solution": [], "puzzle": {"supply": "AB"}}', "the field 'lines' is missing"),
        # "a field has the wrong form ('list' object has no attribute 'items')": which field,
        # in Python's words
        (b'{"solution": [], "puzzle": {"lines": [], "supply": "AB", "vp": [1]}}',
         "the field 'vp' is not an object of letters and their Victory Points."),
        (b'{"solution": [], "puzzle": {"lines": 5, "supply": "AB"}}',
         "the field 'lines' is not a list of word lines, each {\"kind\": \"row\" or \"col\""),
        (b'{"solution": [], "puzzle": {"lines": [["row", 1]], "supply": "AB", "size": "big"}}',
         "the field 'size' is not a whole number."),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"solution": [], "puzzle": {"lines": [["row", 1]], "supply": "AB", "size": 1000000}}',
         "sheet.json: a Word Girdle grid is 2 to 15 squares a side, not 1000000"),
        (b'{"solution": [], "puzzle": {"lines": [["row", 1]], "supply": "AB", '
         b'"length_bonus": {}}}', "sheet.json: the length bonus table must name the word lengths"),
        (b'[{"row": 1e400, "col": 1, "direction": "across", "word": "CAT"}]', "too large"),
        (b'[{"row": NaN, "col": 1, "direction": "across", "word": "CAT"}]', "NaN is not"),
        # a square between rows is no square (it was read as row 1)
        (b'[{"row": 1.5, "col": 1, "direction": "across", "word": "CAT"}]',
         "1.5 is not a whole number"),
        (b'[{"cells": [[1, 1], [1, 2.5]], "word": "AT"}]', "2.5 is not a whole number"),
        # Python's own words: "'int' object is not iterable", "not enough values to unpack"
        (b'[{"cells": 5, "word": "CAT"}]', "cells must be a list of [row, column] pairs, not 5"),
        (b'[{"cells": [[1]], "word": "A"}]', "cells must be a list of [row, column] pairs"),
        (b'[{"cells": [[1, 2, 3]], "word": "A"}]', "cells must be a list of [row, column] pairs"),
        # said as the file writes it: the file says true and null, not Python's True, None
        (b'[{"row": true, "col": 1, "direction": "across", "word": "CAT"}]',
         "Word 1: the field 'row': true is not a whole number."),
        (b'[{"row": null, "col": 1, "direction": "across", "word": "CAT"}]',
         "Word 1: the field 'row': null is not a whole number."),
        (b'[{"row": 1, "col": 1, "direction": "across", "word": "CAT", "activated": [false]}]',
         "Word 1: the field 'activated': false is not a whole number."),
        (b'[{"row": 1, "col": 1, "direction": "across", "word": null}]',
         "Word 1: word must be text, not null."),
        (b'[{"row": 1, "col": 1, "direction": "across", "word": "CAT", "activated": true}]',
         "Word 1: activated must be a list of Supply positions, not true."),
        (b'[{"row": 1, "col": 1, "direction": "across", "word": "CAT", "crossed_out": false}]',
         "Word 1: crossed_out must be a list of letters, not false."),
        (b'[{"cells": null, "word": "CAT"}]',
         "Word 1: cells must be a list of [row, column] pairs, not null."),
        # a puzzle's numbers are read as a sheet's are: a line between two columns is no
        # line, and true is no number (they were read as column 1 and 1 VP, a grid of 1)
        (b'{"solution": [], "puzzle": {"lines": [{"kind": "col", "index": 1.5}], '
         b'"supply": "AB"}}', "the field 'lines' is not a list of word lines"),
        (b'{"solution": [], "puzzle": {"lines": [["col", 1.5]], "supply": "AB"}}',
         "the field 'lines' is not a list of word lines"),
        (b'{"solution": [], "puzzle": {"lines": [["row", 1]], "supply": "AB", "size": true}}',
         "the field 'size' is not a whole number."),
        (b'{"solution": [], "puzzle": {"lines": [["row", 1]], "supply": "AB", '
         b'"vp": {"A": true}}}', "the field 'vp' is not an object of letters and their"),
        (b'{"solution": [], "puzzle": {"lines": [["row", 1]], "supply": "AB", '
         b'"crossout_min_length": 5.5}}', "the field 'crossout_min_length' is not a whole"),
        (b'{"solution": [], "puzzle": {"lines": [["row", 1]], "supply": "AB", '
         b'"length_bonus": {"2": 1.5}}}', "the field 'length_bonus' is not an object of word"),
        # "word 1: missing or bad field ('direction')": missing, or bad?
        (b'[{"row": 1, "col": 1, "word": "CAT"}]',
         "Word 1: the field 'direction' is missing (a word gives row, col, direction and word, "
         "or cells and word)."),
        # "word 1: missing or bad field ('x' is not a whole number)": which field?
        (b'[{"row": 1, "col": "x", "direction": "across", "word": "CAT"}]',
         "Word 1: the field 'col': 'x' is not a whole number written in the digits 0-9."),
    ],
)
def test_check_of_a_bad_sheet_file(capsys, tmp_path, content, message):
    path = tmp_path / "sheet.json"
    path.write_bytes(content)
    code, out, err = run(capsys, "girdle", "check", str(path))
    assert code == 2 and out == ""
    assert message in err
    if b'"puzzle": {' in content:  # which file's puzzle it is, named
        assert err.startswith(f"companion: The puzzle of the sheet {path}: ")


def test_a_word_list_too_small_for_any_sheet_is_named(capsys, tmp_path):
    words = tmp_path / "two.txt"
    words.write_text("cat\ndog\n")
    code, _, err = run(capsys, "girdle", "show", "--date", "2026-12-06", "--lexicon", str(words))
    assert code == 2 and "with the word list two.txt (2 words)" in err


def test_check_reads_a_sheet_on_standard_input(capsys, tmp_path, monkeypatch):
    import io
    import sys

    text = example_file(tmp_path).read_text()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, _ = run(capsys, "girdle", "check", "-")
    assert code == 0 and "Final score:" in out


@pytest.mark.parametrize("text, message", [
    ("[garbage", "The sheet on standard input is not JSON"),
    # text that is not JSON is read as typed lines, and refused as the web page refuses them
    ("garbage", "The sheet on standard input: line 1 ('garbage'): write the word and the "
     "square it starts on, e.g. JUMPING 1"),
    # it was "is not JSON: Expecting value: line 2 column 1 (char 1)"
    ("\n", "The sheet on standard input is empty: a sheet is a JSON list of its words in "
     "order"),
    ('{"words": []}', "The sheet on standard input holds no list of words: a sheet is"),
])
def test_a_bad_sheet_on_standard_input_is_named_so(capsys, monkeypatch, text, message):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run(capsys, "girdle", "check", "-")
    assert code == 2 and out == "" and message in err and "- is not" not in err


@pytest.mark.parametrize("text, said", [
    # a WerdUp record handed in for a sheet: "is not JSON: Expecting value: line 1 column 1
    # (char 0)", the JSON reader's own words, and nothing said of what a sheet is
    ("#werdup-record 1\n#player1 ann Ann\n", "(line 1, column 1: no JSON value starts there)"),
    ('[{"row": 1, "col": 2,}]', "(line 1, column 22: a name in double quotes was expected)"),
    ('{"solution": [1 2]}', "(line 1, column 17: a comma is missing)"),
    ('[] []', "(line 1, column 4: more follows the end of the JSON)"),
    ('["abc', "(line 1, column 2: text in quotes is never closed)"),
])
def test_a_sheet_that_is_not_json_says_where_and_what_a_sheet_is(capsys, tmp_path, text, said):
    sheet = tmp_path / "sheet.json"
    sheet.write_text(text)
    code, out, err = run(capsys, "girdle", "check", str(sheet))
    assert (code, out) == (2, "")
    assert err == (f"companion: The sheet {sheet} is not JSON {said}: {SHEET_IS}.\n")


SHEET_IS = ("a sheet is a JSON list of its words in order, each an object such as "
            '{"row": 1, "col": 1, "direction": "across", "word": "JUMPING", "activated": '
            '[1, 2, 3, 4, 5, 6, 7], "crossed_out": ["Z"]}, or an object with that list as its '
            "\"solution\", as 'girdle solve --json' prints ('girdle check --help' says more)")


@pytest.mark.parametrize("item, shown", [
    ('"pageboy"', "'pageboy'"), ("5", "5"), ('["JUMPING", 1]', '["JUMPING", 1]')])
def test_a_word_that_is_no_object_names_the_file_and_shows_one(capsys, tmp_path, item, shown):
    """'["pageboy"]', the list of words in order the help spoke of, got "Word 1: expected an
    object with row, col, direction, word.", naming neither the file nor an example."""
    sheet = tmp_path / "words.json"
    sheet.write_text(f"[{item}]")
    code, out, err = run(capsys, "girdle", "check", str(sheet), "--date", "2026-12-12")
    assert (code, out) == (2, "")
    assert err == (f"companion: Word 1 of the sheet {sheet} is {shown}, not an object: "
                   f"{SHEET_IS}.\n")


def test_the_example_of_a_word_is_one_that_check_reads(capsys, tmp_path):
    """The word the help and the refusals show is read as they say: the worked example's
    word 1, written so, scores as its own solution's does."""
    import re

    from companion.cli.girdle import WORD_EXAMPLE

    data = json.loads(example_file(tmp_path).read_text())
    data["solution"][0] = json.loads(WORD_EXAMPLE)
    path = tmp_path / "example.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "girdle", "check", str(path))
    assert code == 0 and "Final score: 54 - 30 = 24" in out
    with pytest.raises(SystemExit):
        main(["girdle", "check", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert re.sub(r"\s+", " ", WORD_EXAMPLE) in said and "a list of its words in order" in said
    assert "a JSON list of words in order" not in said  # what the refusal took it to mean


@pytest.mark.parametrize("sheet, said", [
    # it said "The sheet - is for 2026-12-04, ..." and "The sheet - holds its puzzle"
    ({"date": "2026-12-04", "solution": []}, "The sheet on standard input is for 2026-12-04, "
     "not 2026-12-05: leave out --date to check it, or give a sheet of that day."),
    ({"puzzle": {}, "solution": []}, "The sheet on standard input holds its puzzle; --date is "
     "for a sheet without one"),
])
def test_a_sheet_on_standard_input_refused_for_its_date_is_named_so(capsys, monkeypatch, sheet,
                                                                     said):
    import io
    import sys

    text = json.dumps(sheet)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run(capsys, "girdle", "check", "-", "--date", "2026-12-05")
    assert (code, out) == (2, "")
    assert err.startswith(f"companion: {said}"), err


def _check_one_changed(capsys, tmp_path, number, item):
    data = json.loads(example_file(tmp_path).read_text())
    data["solution"][number - 1] = item
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    return run(capsys, "girdle", "check", str(path))


def test_check_activated_must_be_a_list(capsys, tmp_path):
    """"activated": "12" was read digit by digit as Supply positions 1 and 2."""
    item = EXAMPLE[0].to_dict(1) | {"activated": "1234567"}
    code, out, err = _check_one_changed(capsys, tmp_path, 1, item)
    assert code == 2 and "activated must be a list of Supply positions" in err
    assert "Traceback" not in out + err


def test_check_word_must_be_text(capsys, tmp_path):
    """A null word was read as the word NONE."""
    code, out, err = _check_one_changed(capsys, tmp_path, 2, EXAMPLE[1].to_dict(2) | {"word": None})
    assert code == 2 and "word must be text" in err and "NONE" not in out


def test_check_squares_given_backwards(capsys, tmp_path):
    """Squares in the right line but bottom to top are a word read backwards, not a broken run."""
    item = {"word": "ESU", "cells": [[3, 2], [2, 2], [1, 2]], "activated": [8]}
    code, out, _ = _check_one_changed(capsys, tmp_path, 2, item)
    assert code == 1 and "ESU reads backwards" in out and "not contiguous" not in out


@pytest.mark.parametrize("change, message", [
    (lambda pz: pz["length_bonus"].pop("4"), "no bonus for 4-letter words"),
    (lambda pz: pz["lines"].__setitem__(1, {"kind": "row", "index": 1}),
     "row 1 carries two word icons"),
])
def test_check_refuses_a_puzzle_the_sheet_cannot_have(capsys, tmp_path, change, message):
    """A length table with a gap ended in a KeyError traceback at the first 4-letter word; two
    icons on one line were taken as a puzzle."""
    data = json.loads(example_file(tmp_path).read_text())
    change(data["puzzle"])
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "girdle", "check", str(path))
    assert code == 2 and message in err and "Traceback" not in out + err


def test_a_file_that_never_ends_is_refused_not_read_forever(capsys):
    # /dev/zero (or a pipe left open) passed every check of a file's size and was read until
    # memory ran out; every text file the command line takes is read through one bounded
    # reader (companion.textfile.read_at_most)
    code, out, err = run(capsys, "girdle", "check", "/dev/zero")
    assert code == 2 and out == "" and "is too large" in err


def test_check_judges_a_sheet_by_the_house_list(capsys, tmp_path):
    """'girdle' took --lexicon only: a house list could not judge a filled sheet."""
    sheet = str(example_file(tmp_path))
    club = tmp_path / "club.txt"
    club.write_text("jumping\nuse\nnote\nclod\nfed\nox\n")  # no ACHE
    family = tmp_path / "family.txt"
    family.write_text("ache\n")
    code, out, _ = run(capsys, "girdle", "check", sheet, "--lexicon", str(club))
    assert code == 1 and "illegal at word 4 (ACHE)" in out
    code, out, _ = run(capsys, "girdle", "check", sheet, "--lexicon", str(club), "--add",
                       str(family))
    assert code == 0 and "Final score: 54 - 30 = 24" in out
    code, out, _ = run(capsys, "girdle", "check", sheet, "--remove", str(family))
    assert code == 1 and "illegal at word 4 (ACHE)" in out


def test_the_daily_puzzle_is_made_with_the_house_list(capsys, tmp_path):
    words = tmp_path / "two.txt"
    words.write_text("cat\ndog\n")
    more = tmp_path / "more.txt"
    more.write_text("emu\n")
    code, _, err = run(capsys, "girdle", "show", "--date", "2026-12-06", "--lexicon", str(words),
                       "--add", str(more))
    assert code == 2 and "with the word list two.txt, with more.txt added (3 words)" in err


def test_check_writes_a_length_bonus_of_nothing_as_show_does(capsys, tmp_path):
    """The score card wrote a 4-letter word's bonus "+0" where ``show``'s table of length
    bonuses writes "0": one rule (``companion.text.signed``) writes both."""
    code, out, _ = run(capsys, "girdle", "check", str(example_file(tmp_path)))
    assert code == 0, out
    rows = {line.split()[1]: line.split() for line in out.splitlines()
            if line[:3].strip().isdigit() and len(line.split()) > 3}
    assert rows["NOTE"][3] == "0" and rows["USE"][3] == "-1" and rows["JUMPING"][3] == "+7"
    _code, shown, _ = run(capsys, "girdle", "show", "--date", "2026-12-01")
    assert "4 letters 0," in shown and "5 letters +2" in shown


def test_a_house_lists_skipped_lines_are_said_once(capsys, tmp_path):
    """``show``, ``solve`` and ``check`` loaded the house list twice (for the puzzle, then
    for the sheet) and said each file's skipped lines twice on standard error."""
    family = tmp_path / "family.txt"
    family.write_text("zyzzyx\nx-ray\n")
    note = "word list family.txt: 1 line skipped as not a word (line 2: x-ray)"
    sheet = tmp_path / "sheet.json"
    for argv in (["show"], ["solve", "--json"]):
        code, out, err = run(capsys, "girdle", *argv, "--date", "2026-11-01", "--add",
                             str(family))
        assert code == 0 and err.count(note) == 1, (argv, err)
        if argv[0] == "solve":
            sheet.write_text(out)
    code, _out, err = run(capsys, "girdle", "check", str(sheet), "--add", str(family))
    assert code == 0 and err.count(note) == 1, err


def test_solve_prints_a_sheet_with_a_word_only_the_house_list_has(capsys, tmp_path,
                                                                   monkeypatch):
    """``solve`` found par with the house list but replayed its sheet for the text answer on
    the default list, so a sheet with a word only the house list has was refused there."""
    import dataclasses
    import datetime as dt
    import itertools

    from companion.girdle import puzzle_for
    from companion.girdle.cache import solve_cached
    from companion.lexicon import default_lexicon

    pz = puzzle_for(dt.date(2026, 11, 1))
    best = solve_cached(pz)
    *before, last = best.placements
    filled = {cell for step in before for cell in step.cells()}
    new = [i for i, cell in enumerate(last.cells()) if cell not in filled]
    # the last word with its new letters in another order: the same letters from the same
    # places, so a legal sheet of the same score, with a word the default list lacks
    for order in itertools.permutations(new):
        letters = list(last.word)
        for i, j in zip(new, order, strict=True):
            letters[i] = last.word[j]
        word = "".join(letters)
        if word.lower() not in default_lexicon():
            break
    assert word.lower() not in default_lexicon()
    family = tmp_path / "family.txt"
    family.write_text(word.lower() + "\n")
    found = dataclasses.replace(best, placements=[*before, dataclasses.replace(last, word=word)])
    # the command loads the solver when it runs: the search it would make is replaced there
    monkeypatch.setattr("companion.girdle.cache.solve_cached", lambda *args, **kwargs: found)
    code, out, err = run(capsys, "girdle", "solve", "--date", "2026-11-01", "--add",
                         str(family))
    assert code == 0, err
    assert f" 7  {word} " in out and out.splitlines()[-1].endswith(f" = {best.par}")
    assert out.splitlines()[0].startswith(f"Word Girdle #{pz.number}: par {best.par} ")


def test_a_sheet_solved_for_a_family_is_checked_against_that_family(capsys, tmp_path):
    # 2026-12-02 is a frame day: solve --family star printed only the date, so check
    # judged the star's sheet against the frame's lines ("Illegal at word 1 ...: wrong line")
    code, out, _ = run(capsys, "girdle", "solve", "--date", "2026-12-02", "--family", "star",
                       "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["puzzle"]["family"] == "star" and answer["date"] == "2026-12-02"
    sheet = tmp_path / "star.json"
    sheet.write_text(out)
    code, out, _ = run(capsys, "girdle", "check", str(sheet), "--json")
    card = json.loads(out)
    assert code == 0 and card["legal"] and card["final"] == answer["par"]


def test_a_par_from_the_cache_says_so_with_the_time_its_search_took(capsys, tmp_path):
    # the cached answer printed "(proven optimal, 0.0 s)": the look-up's time, as if the
    # search had taken none
    import re

    argv = ("girdle", "solve", "--date", "2026-12-11", "--time-budget", "2")
    code, first, _ = run(capsys, *argv)
    searched = re.search(r", (\d+\.\d) s\)$", first.splitlines()[0])
    assert code == 0 and searched and "cache" not in first.splitlines()[0]
    code, again, err = run(capsys, *argv)
    head = first.splitlines()[0].removesuffix(searched.group(0))
    assert code == 0 and err == ""
    assert again.splitlines()[0] == f"{head}; from the cache, searched in {searched.group(1)} s)"
    assert again.splitlines()[1:] == first.splitlines()[1:]
    # an entry made before the cache kept the search's time: only that it is the cache's
    entry, = (tmp_path / "cache" / "girdle").glob("*.json")
    data = json.loads(entry.read_text())
    del data["seconds"]
    entry.write_text(json.dumps(data))
    code, third, _ = run(capsys, *argv)
    assert code == 0 and third.splitlines()[0] == f"{head}; from the cache)"


def test_solve_json_says_whether_its_par_came_from_the_cache(capsys, tmp_path):
    """The text answer said "from the cache, searched in 7.9 s"; the JSON one said nothing of
    it. It gives ``cached`` and the search's ``seconds`` (null when the cache did not keep
    them), and ``girdle check`` still reads it as a sheet."""
    import re

    argv = ("girdle", "solve", "--date", "2026-12-11", "--time-budget", "2")
    code, first, _ = run(capsys, *argv, "--json")
    fresh = json.loads(first)
    assert code == 0 and fresh["cached"] is False and fresh["seconds"] >= 0
    code, text, _ = run(capsys, *argv)
    code, again, _ = run(capsys, *argv, "--json")
    cached = json.loads(again)
    assert code == 0 and cached == dict(fresh, cached=True)
    searched = re.search(r"searched in (\d+\.\d) s\)$", text.splitlines()[0])
    assert searched and f"{cached['seconds']:.1f}" == searched.group(1)  # as the text says
    # an entry made before the cache kept the search's time: cached, seconds not known
    entry, = (tmp_path / "cache" / "girdle").glob("*.json")
    data = json.loads(entry.read_text())
    del data["seconds"]
    entry.write_text(json.dumps(data))
    code, third, _ = run(capsys, *argv, "--json")
    assert code == 0 and json.loads(third) == dict(fresh, cached=True, seconds=None)
    # the file is still a sheet 'girdle check' reads
    for answer in (first, third):
        path = tmp_path / "solved.json"
        path.write_text(answer)
        code, out, _ = run(capsys, "girdle", "check", str(path), "--json")
        card = json.loads(out)
        assert code == 0 and card["legal"] and card["final"] == fresh["par"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["girdle", "show", "--date", "2023-06-01"],
         "There is no Word Girdle of Thursday 1 June 2023"),
        (["girdle", "show", "--date", "2023-06-01", "--family", "star"],
         "There is no Word Girdle of Thursday 1 June 2023"),
        (["girdle", "solve", "--date", "2023-06-01"],
         "There is no Word Girdle of Thursday 1 June 2023"),
        (["print", "girdle", "--date", "2023-06-01"],
         "There is no Word Girdle of Thursday 1 June 2023"),
        (["girdle", "show", "--date", "2023-12-30..2024-01-02"],
         "The range of dates '2023-12-30..2024-01-02' starts on Saturday 30 December 2023, "
         "before the first Word Girdle, which is from Monday 1 January 2024."),
        (["girdle", "show", "--date", "2023-06-01..07"],
         "The range of dates '2023-06-01..07' starts on Thursday 1 June 2023"),
    ],
)
def test_a_date_before_the_first_puzzle_is_named_in_its_refusal(capsys, tmp_path, monkeypatch,
                                                                  argv, message):
    """"The first Word Girdle is from 2024-01-01." did not say which date was asked: every
    command taking --date (and a range of them) names it, as the web app's page does (a day
    as a player reads it; a range as it was typed)."""
    monkeypatch.chdir(tmp_path)  # print writes nothing, but would write here
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and "Monday 1 January 2024" in err
    assert not list(tmp_path.glob("*.pdf"))


@pytest.mark.parametrize(("date", "shown"), [(None, "Wednesday 31 May 2023"),
                                             ("2023-06-01", "Thursday 1 June 2023")])
def test_check_names_the_date_of_a_sheet_before_the_first_puzzle(capsys, tmp_path, date, shown):
    """A sheet's own date, or the --date given for it, is named when it comes before the
    first puzzle."""
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps({"date": "2023-05-31", "solution": []} if date is None
                                else []))
    argv = ["girdle", "check", str(sheet)] + (["--date", date] if date else [])
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err == (f"companion: There is no Word Girdle of {shown}: the first is from Monday "
                   "1 January 2024.\n")


# -- a typed sheet: the web page's form, read by the one reader of the typed form ------------
DEC_1 = "2026-12-01"


def typed_card(text: str, day: str = DEC_1) -> dict:
    """The score card of the typed sheet ``text`` as the web page's reader scores it."""
    import datetime as dt

    from companion.girdle import puzzle_for
    from companion.girdle.typed_sheet import parse_solution, play_solution
    from companion.lexicon import default_lexicon

    pz = puzzle_for(dt.date.fromisoformat(day))
    return play_solution(pz, parse_solution(text, pz), default_lexicon())[2].to_dict()


def stdin_holds(monkeypatch, text: str) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))


def test_check_reads_a_typed_sheet_from_a_file_and_standard_input(capsys, tmp_path,
                                                                  monkeypatch):
    """'girdle check' read JSON alone ("The sheet sheet.txt is not JSON"), where the web
    page's form and its printed sheet take typed lines: a .txt file, or standard input, of
    typed lines is scored as the web page scores it, the Supply letters and the cross-outs it
    leaves out chosen the same way."""
    text = "BIKEWAY 1\nPUNCHY 1 +3,5,7,8,10\nJIGSAW 1\n"
    sheet = tmp_path / "sheet.txt"
    sheet.write_text(text)
    code, out, err = run(capsys, "girdle", "check", str(sheet), "--date", DEC_1, "--json")
    assert (code, err) == (1, "")  # legal, and unfinished: 3 of 7 words
    assert json.loads(out) == {"legal": True, **typed_card(text)}
    stdin_holds(monkeypatch, text)
    assert run(capsys, "girdle", "check", "-", "--date", DEC_1, "--json") == (1, out, "")
    code, shown, _ = run(capsys, "girdle", "check", str(sheet), "--date", DEC_1)
    assert code == 1 and "(unfinished: 3 of 7 words)" in shown
    assert f"Final score: {json.loads(out)['subtotal']} - " in shown


def test_a_typed_sheet_scores_as_the_same_sheet_in_json(capsys, tmp_path):
    """The day's best sheet, written by the web page's writer of the typed form and as
    'solve --json' writes it, gets one score card both ways: par."""
    import datetime as dt

    from sharedwork import girdle_solution

    from companion.girdle import puzzle_for
    from companion.girdle.typed_sheet import solution_text

    pz = puzzle_for(dt.date.fromisoformat(DEC_1))
    sol = girdle_solution(pz)
    typed = tmp_path / "best.txt"
    typed.write_text(solution_text(pz, sol.placements))
    written = tmp_path / "best.json"
    written.write_text(json.dumps(sol.to_dict(pz)))
    code, out, _ = run(capsys, "girdle", "check", str(typed), "--date", DEC_1, "--json")
    assert code == 0 and json.loads(out)["final"] == sol.par
    assert run(capsys, "girdle", "check", str(written), "--json") == (0, out, "")


def test_the_help_s_typed_example_is_the_day_s_best_sheet(capsys, tmp_path):
    """The typed sheet 'girdle check --help' shows is read as it says: 2026-12-01's, at
    par."""
    import datetime as dt

    from sharedwork import girdle_solution

    from companion.cli.girdle import TYPED_SHEET
    from companion.girdle import puzzle_for

    with pytest.raises(SystemExit):
        main(["girdle", "check", "--help"])
    shown = capsys.readouterr().out
    assert "\n".join(f"  {line}" for line in TYPED_SHEET) in shown
    sheet = tmp_path / "sheet.txt"
    sheet.write_text("\n".join(TYPED_SHEET))
    assert f"girdle check sheet.txt --date {DEC_1}" in shown
    code, out, _ = run(capsys, "girdle", "check", str(sheet), "--date", DEC_1, "--json")
    assert code == 0
    assert json.loads(out)["final"] == girdle_solution(puzzle_for(dt.date(2026, 12, 1))).par


def test_an_illegal_typed_sheet_is_told_as_a_json_one_is(capsys, monkeypatch):
    """An illegal typed word: exit status 1, the sentence of an illegal JSON sheet naming the
    word, the reason the web page's reader gives. The web page said it as "Word 2: ...", the
    command line as "Illegal at word 2 (PUNCHY): ...": the engine's one sentence is both."""
    from companion.girdle.typed_sheet import IllegalWord

    text = "BIKEWAY 1\nPUNCHY 3\n"
    with pytest.raises(IllegalWord) as caught:
        typed_card(text)
    reason = caught.value.illegal.reason
    assert caught.value.illegal.step == 2 and "PUNCHY" in reason
    said = f"Illegal at word 2 (PUNCHY): {reason}."
    assert str(caught.value) == said  # the web page's sentence
    stdin_holds(monkeypatch, text)
    assert run(capsys, "girdle", "check", "-", "--date", DEC_1) == (
        1, f"The sheet on standard input: i{said[1:]}\n", "")  # after the file, as it names it
    stdin_holds(monkeypatch, text)
    code, out, _ = run(capsys, "girdle", "check", "-", "--date", DEC_1, "--json")
    assert (code, json.loads(out)) == (1, {"legal": False, "step": 2, "reason": reason})


def test_an_illegal_sheet_is_told_after_its_files_name(capsys, tmp_path):
    """'girdle check' of several files: the sheet found illegal is named, as every other
    answer about a sheet names its file ("The sheet b.txt: word 1: the start square must be
    1 to 7."); "Illegal at word 2 (PUNCHY): ..." did not say which file it was about."""
    from companion.cli.girdle import TYPED_SHEET
    from companion.girdle import SheetStep

    good, typed = tmp_path / "a.txt", tmp_path / "b.txt"
    good.write_text("\n".join(TYPED_SHEET))
    typed.write_text("BIKEWAY 1\nPUNCHY 3\n")
    steps = list(EXAMPLE)
    steps[1] = SheetStep(1, 2, "down", "USED", (8,))
    bad_json = example_file(tmp_path, steps)
    code, out, err = run(capsys, "girdle", "check", str(good), "--date", DEC_1)
    assert code == 0 and err == "" and str(good) not in out  # a score card, as before
    code, out, err = run(capsys, "girdle", "check", str(typed), "--date", DEC_1)
    assert (code, err) == (1, "")
    assert out.startswith(f"The sheet {typed}: illegal at word 2 (PUNCHY): ")
    code, out, err = run(capsys, "girdle", "check", str(bad_json))
    assert (code, err) == (1, "") and out == (
        f"The sheet {bad_json}: illegal at word 4 (ACHE): ACHE touches other letters in row 4, "
        "making DACHE.\n")


def test_two_letters_typed_crossed_out_for_a_word_are_refused_as_in_a_json_sheet(
        capsys, monkeypatch, tmp_path):
    """A word typed with two letters crossed out, "BIKEWAY 1 -Q -Z", was refused as a line
    that cannot be read ("write the word and the square it starts on..."), where its form
    is right and the rule is what it breaks: the engine refuses it, as it refuses the same
    sheet in JSON (exit status 1). A box left unticked that crosses out a letter too
    ("-none -Q") says so."""
    import datetime as dt

    from companion.girdle import puzzle_for
    from companion.girdle.typed_sheet import IllegalWord, parse_solution

    with pytest.raises(IllegalWord) as caught:
        typed_card("BIKEWAY 1 -Q -Z\n")
    reason = caught.value.illegal.reason
    assert caught.value.illegal.step == 1 and "only one letter" in reason
    pz = puzzle_for(dt.date(2026, 12, 1))
    (step,) = parse_solution("BIKEWAY 1 -Q -Z", pz)
    line = pz.lines[0]
    row, col = (line.index, 1) if line.kind == "row" else (1, line.index)
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps([{"row": row, "col": col, "direction": line.direction,
                                  "word": "BIKEWAY", "activated": [1, 2, 3, 4, 5, 6, 7],
                                  "crossed_out": ["Q", "Z"]}]))
    as_json = run(capsys, "girdle", "check", str(sheet), "--date", DEC_1)
    said = f"illegal at word 1 (BIKEWAY): {reason}.\n"
    assert as_json == (1, f"The sheet {sheet}: {said}", "")
    stdin_holds(monkeypatch, "BIKEWAY 1 -Q -Z\n")
    assert run(capsys, "girdle", "check", "-", "--date", DEC_1) == (
        1, f"The sheet on standard input: {said}", "")
    stdin_holds(monkeypatch, "BIKEWAY 1 -none -Q\n")
    assert run(capsys, "girdle", "check", "-", "--date", DEC_1) == (
        2, "", "companion: The sheet on standard input: line 1 ('BIKEWAY 1 -none -Q'): a box "
        "left unticked, -none, crosses out no letter.\n")
    assert step.crossed_out == "Q" and step.more_crossed_out == ("Z",)


@pytest.mark.parametrize("text, said", [
    ("BIKEWAY\n", "line 1 ('BIKEWAY'): write the word and the square it starts on, e.g. "
     "JUMPING 1 (then optionally +1,2 for Supply letters and -Z for a crossed-out letter, or "
     "-none for a box left unticked)."),
    ("BIKEWAY 1\nPUNCHY one\n", "line 2 ('PUNCHY one'): write the word and the square it "
     "starts on, e.g. JUMPING 1 (then optionally +1,2 for Supply letters and -Z for a "
     "crossed-out letter, or -none for a box left unticked)."),
    ("BIKEWAY 0\n", "word 1: the start square must be 1 to 7."),
    ("IF 6\n" * 8, "a Girdle holds 7 words; you typed 8 lines."),
])
def test_a_typed_sheet_that_cannot_be_read_is_refused_in_one_line(capsys, tmp_path, text,
                                                                   said):
    """The web page's refusals, naming the file: exit status 2, no traceback."""
    from companion.errors import UsageError

    with pytest.raises(UsageError) as caught:  # the web page's own sentence
        typed_card(text)
    assert str(caught.value).lower() == said.lower()
    sheet = tmp_path / "sheet.txt"
    sheet.write_text(text)
    code, out, err = run(capsys, "girdle", "check", str(sheet), "--date", DEC_1)
    assert (code, out, err) == (2, "", f"companion: The sheet {sheet}: {said}\n")


def test_a_json_file_of_typed_lines_is_refused_as_json(capsys, tmp_path):
    """A file named .json is read as JSON, whatever it holds; a typed sheet is named .txt."""
    sheet = tmp_path / "sheet.json"
    sheet.write_text("BIKEWAY 1\n")
    code, out, err = run(capsys, "girdle", "check", str(sheet), "--date", DEC_1)
    assert (code, out) == (2, "") and f"The sheet {sheet} is not JSON" in err
