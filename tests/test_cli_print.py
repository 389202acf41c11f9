"""``companion print ...``: files written with sensible names, clear errors for bad input."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pdfcheck import page_sizes_mm

from companion.cli import main


@pytest.mark.parametrize("argv,name,pages", [
    (["girdle", "--date", "2026-11-29"], "girdle-2026-11-29-letter.pdf", 1),
    (["girdle", "--date", "2026-11-29", "--paper", "a4"], "girdle-2026-11-29-a4.pdf", 1),
    (["score-sheet", "--game", "werdup"], "score-sheet-werdup-4p-letter.pdf", 1),
    (["score-sheet", "--game", "bugwords", "--players", "3", "--paper", "a4"],
     "score-sheet-bugwords-3p-a4.pdf", 2),
    (["score-sheet", "--game", "pdq", "--variant", "younger"],
     "score-sheet-pdq-younger-4p-letter.pdf", 2),
    (["score-sheet", "--game", "pdq", "--variant", "four-score", "--players", "3"],
     "score-sheet-pdq-four-score-3p-letter.pdf", 1),
    # the regular game's sheet, the same PDF as without --variant, under the same name
    (["score-sheet", "--game", "pdq", "--variant", "regular"], "score-sheet-pdq-4p-letter.pdf",
     1),
    (["pdq-deck", "--four-score"], "pdq-deck-four-score-letter.pdf", 9),
    (["board", "--game", "werdup", "--paper", "a3"], "board-werdup-a3.pdf", 1),
    (["tiles", "--game", "bugwords"], "tiles-bugwords-letter.pdf", 1),
])
def test_default_file_names(argv: list[str], name: str, pages: int, tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["print", *argv]) == 0
    out = tmp_path / name
    assert out.read_bytes().startswith(b"%PDF-")
    assert len(page_sizes_mm(out.read_bytes())) == pages
    assert f"wrote {name}" in capsys.readouterr().out


def test_output_option(tmp_path: Path) -> None:
    target = tmp_path / "mine.pdf"
    assert main(["print", "score-sheet", "--game", "pdq", "-o", str(target)]) == 0
    assert target.exists()
    assert main(["print", "tiles", "--game", "werdup", "-o", str(tmp_path)]) == 0
    assert (tmp_path / "tiles-werdup-letter.pdf").exists()


@pytest.mark.parametrize("name", ["out.txt", "sheet", "sheet.pdf.png"])
def test_an_output_name_that_is_not_a_pdf_is_refused(name: str, tmp_path: Path,
                                                     capsys) -> None:
    """-o out.txt was written a PDF under a name that opens it as text; refused before any
    PDF is made, as --overlay refuses a name that is no image's (check_file_ending)."""
    target = tmp_path / name
    assert main(["print", "score-sheet", "--game", "pdq", "-o", str(target)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"companion: -o {target}: the file is written as a PDF; give "
                                 "its name an ending of .pdf.\n")
    assert list(tmp_path.iterdir()) == []


def test_an_output_name_ending_in_pdf_in_capitals_is_a_pdf(tmp_path: Path) -> None:
    target = tmp_path / "SHEET.PDF"
    assert main(["print", "score-sheet", "--game", "pdq", "-o", str(target)]) == 0
    assert target.read_bytes().startswith(b"%PDF-")


def test_an_overlay_name_that_is_not_an_image_is_refused_in_the_same_words(capsys) -> None:
    assert main(["read", "board.jpg", "--game", "werdup", "--overlay", "seen.gif"]) == 2
    assert capsys.readouterr().err == ("companion: --overlay seen.gif: the file is written as "
                                       "an image; give its name an ending of .png, .jpg or "
                                       ".jpeg.\n")


def test_output_ending_in_a_slash_is_a_folder(tmp_path: Path, capsys) -> None:
    # "-o prints/" once wrote a PDF file called "prints"
    folder = tmp_path / "prints" / "werdup"
    assert main(["print", "tiles", "--game", "werdup", "-o", f"{folder}/"]) == 0
    assert folder.is_dir()
    out = folder / "tiles-werdup-letter.pdf"
    assert out.read_bytes().startswith(b"%PDF-")
    assert f"wrote {out}" in capsys.readouterr().out
    blocker = tmp_path / "taken"
    blocker.write_text("keep me", encoding="utf-8")
    assert main(["print", "tiles", "--game", "werdup", "-o", f"{blocker}/"]) == 2
    # it said "Cannot make the folder ...: File exists.", which reads as nothing wrong
    assert (f"Cannot make the folder {blocker}: a file of that name is in the way."
            in capsys.readouterr().err)
    assert blocker.read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize("argv,message", [
    (["girdle", "--date", "29/11/2026"],
     "Cannot read the date '29/11/2026': write it as YYYY-MM-DD"),
    (["girdle", "--date", "2026-02-30"],
     "The date '2026-02-30' is not in the calendar: February 2026 has 28 days."),
    (["girdle", "--date", "20261129"], "Cannot read the date '20261129': write it as YYYY-MM-DD"),
    (["girdle", "--date", "2026-11-29..12-05"],
     "A range of dates (2026-11-29..12-05) is for girdle show only: print girdle takes one date."),
    (["girdle", "--answers", "--solve-seconds", "0"],
     "--solve-seconds must be a number of seconds above zero, not 0."),
    (["girdle", "--answers", "--solve-seconds", "-1"],
     "--solve-seconds must be a number of seconds above zero, not -1."),
    (["score-sheet", "--game", "pdq", "--players", "9"], "2 to 6 players, not 9"),
    (["score-sheet", "--game", "werdup", "--players", "0"], "1 to 4 players, not 0"),
    # it named Solitaire among the variants to choose, which it then refused
    (["score-sheet", "--game", "pdq", "--variant", "nope"], "Unknown PDQ variant 'nope'; "
     "choose one of: regular, experts, younger, younger-ends, intergenerational, pdl, "
     "any-which-way, four-score, stuck-in-the-middle, word-count."),
    (["score-sheet", "--game", "pdq", "--variant", "solitaire"],
     "PDQ Solitaire is played alone, and a score sheet is for two or more players"),
    (["score-sheet", "--game", "werdup", "--variant", "younger"],
     "Only the PDQ score sheet has variants; the WerdUp one has none."),
    # it said "Cannot write /nonexistent-folder/x.pdf: No such file or directory."
    (["tiles", "--game", "werdup", "-o", "/nonexistent-folder/x.pdf"],
     "Cannot write /nonexistent-folder/x.pdf: there is no folder /nonexistent-folder (a name "
     "ending in / makes a folder)."),
    # a folder that is there but takes no files: "No such file or directory", said of /proc
    (["tiles", "--game", "werdup", "-o", "/proc/x.pdf"],
     "Cannot write /proc/x.pdf: the folder /proc takes no files."),
])
def test_bad_input_is_a_sentence_not_a_traceback(argv: list[str], message: str, capsys) -> None:
    assert main(["print", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_unknown_game_is_rejected_by_the_parser(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["print", "board", "--game", "chess"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_an_answer_key_of_a_crossed_shape_says_its_search_and_best_found(
        tmp_path: Path, capsys) -> None:
    """A lattice day's key: the long search is announced, and the key calls its score the best
    found (only a star's par is proven); a safety stop keeps the test short."""
    from pdfcheck import text_items

    assert main(["print", "girdle", "--answers", "--date", "2026-12-03", "--solve-seconds",
                 "1", "-o", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "Searching for the par of this lattice layout" in err
    pdf = (tmp_path / "girdle-2026-12-03-answers-letter.pdf").read_bytes()
    texts = " ".join(t for page in text_items(pdf) for t, _, _ in page)
    assert "BEST FOUND" in texts and "no sheet scores more than" in texts


def test_dash_writes_the_pdf_to_standard_output(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    checkout = str(Path(__file__).resolve().parent.parent)
    proc = subprocess.run([sys.executable, "-m", "companion", "print", "score-sheet", "--game",
                           "pdq", "-o", "-"], capture_output=True, timeout=120, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": checkout})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b"%PDF-") and len(page_sizes_mm(proc.stdout)) == 1
    assert list(tmp_path.iterdir()) == []  # no file called '-'


def test_missing_font_files_are_named_not_a_traceback(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys) -> None:
    # The printables embed their font: without its files nothing half-made is written, and the
    # message names the package that brings them.
    import printables.canvas

    monkeypatch.setattr(printables.canvas, "FONT_DIR", tmp_path / "no-fonts")
    monkeypatch.setattr(printables.canvas, "FONT_FILES",
                        {"CompanionAbsentFace": "LiberationSans-Regular.ttf"})
    target = tmp_path / "sheet.pdf"
    assert main(["print", "score-sheet", "--game", "pdq", "-o", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and err.count("\n") == 1, err
    assert "fonts-liberation2" in err and "Traceback" not in err
    assert not target.exists()


def test_an_answer_key_with_a_short_safety_stop_says_how_long_it_searches(
        tmp_path: Path, monkeypatch, capsys) -> None:
    # "this takes about ten seconds" was once said of a search stopped after one second
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path / "cache"))
    assert main(["print", "girdle", "--answers", "--date", "2026-12-07", "--solve-seconds",
                 "0.5", "-o", str(tmp_path / "key.pdf")]) == 0
    err = capsys.readouterr().err
    assert "Searching for the par of this frame layout: it stops after 0.5 s ..." in err
    assert "ten seconds" not in err
    assert (tmp_path / "key.pdf").read_bytes().startswith(b"%PDF-")


def test_an_answer_key_from_a_search_cut_short_says_so_on_stderr_and_on_the_key(
        tmp_path: Path, monkeypatch, capsys) -> None:
    """'--solve-seconds 0.5' on a frame day printed only "wrote key.pdf", and the key read
    "BEST FOUND 121" as a full search's would (par 123); 'girdle solve --time-budget' said
    "stopped early"."""
    import datetime as dt

    from pdfcheck import text_items

    from companion.girdle import puzzle_for
    from companion.girdle.cache import solve_cached

    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path / "cache"))
    assert main(["print", "girdle", "--answers", "--date", "2026-12-07", "--solve-seconds",
                 "0.5", "-o", str(tmp_path / "key.pdf")]) == 0
    out, err = capsys.readouterr()
    sol = solve_cached(puzzle_for(dt.date(2026, 12, 7)), time_budget=0.5)  # the cached answer
    assert not sol.complete
    assert out == f"wrote {tmp_path / 'key.pdf'}\n"
    assert err.splitlines()[-1] == (
        f"The search for par was stopped early by --solve-seconds 0.5: the key shows the best "
        f"sheet found, {sol.par} (no sheet scores more than {sol.upper_bound}); a longer "
        "search may find a better one.")
    said = " ".join(t for page in text_items((tmp_path / "key.pdf").read_bytes())
                    for t, _, _ in page)
    assert f"BEST FOUND {sol.par}" in said and "The search was stopped early" in said


def test_a_file_named_as_the_folder_to_write_in_is_named_a_file(capsys, tmp_path) -> None:
    """'-o notes.txt/x.pdf' said "there is no folder notes.txt", of a file of that name."""
    notes = tmp_path / "notes.txt"
    notes.write_text("notes\n")
    assert main(["print", "tiles", "--game", "werdup", "-o", str(notes / "x.pdf")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"companion: Cannot write {notes / 'x.pdf'}: {notes} is a file, not "
                            "a folder.\n")
    assert notes.read_text() == "notes\n"


@pytest.mark.parametrize(("target", "why"), [
    ("missing/x.pdf", "it is a symbolic link to {target}, whose folder {folder} does not exist"),
    ("notes.txt/x.pdf", "it is a symbolic link to {target}, and {folder} is a file, not a folder"),
    ("out.pdf", "it is a symbolic link to {target}, which leads round in a loop of links"),
])
def test_an_output_that_is_a_symbolic_link_names_the_link_and_why(capsys, tmp_path, target,
                                                                   why) -> None:
    """'-o out.pdf', a symbolic link into a folder that does not exist, said only "No such
    file or directory"."""
    (tmp_path / "notes.txt").write_text("notes\n")
    link = tmp_path / "out.pdf"
    link.symlink_to(tmp_path / target)
    assert main(["print", "tiles", "--game", "werdup", "-o", str(link)]) == 2
    captured = capsys.readouterr()
    reason = why.format(target=tmp_path / target, folder=(tmp_path / target).parent)
    assert (captured.out, captured.err) == ("", f"companion: Cannot write {link}: {reason}.\n")
    assert link.is_symlink() and os.readlink(link) == str(tmp_path / target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "out.pdf"]


@pytest.mark.parametrize(("output", "why"), [
    ("missing/x.pdf", "there is no folder {tmp}/missing (a name ending in / makes a folder)"),
    ("notes.txt/x.pdf", "{tmp}/notes.txt is a file, not a folder"),
    ("notes.txt/", None),
])
@pytest.mark.parametrize(("argv", "builder"), [
    (["tiles", "--game", "werdup"], "printables.tiles.tiles_pdf"),
    (["pdq-deck"], "printables.deck.deck_pdf"),
    (["girdle", "--answers", "--date", "2026-12-06"], "printables.girdle_key.answer_key_pdf"),
])
def test_an_output_that_cannot_be_written_is_refused_before_the_pdf_is_made(
        capsys, monkeypatch, tmp_path, output, why, argv, builder) -> None:
    """'-o missing/x.pdf' made the whole PDF (for an answer key, searched for par first)
    and only then said the folder is not there."""
    def made(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("the PDF was made for an output that cannot be written")

    monkeypatch.setattr(builder, made)
    (tmp_path / "notes.txt").write_text("notes\n")
    target = tmp_path / output
    assert main(["print", *argv, "-o", f"{target}/" if output.endswith("/") else str(target)]
                ) == 2
    captured = capsys.readouterr()
    if why is None:
        message = f"Cannot make the folder {target}: a file of that name is in the way."
    else:
        message = f"Cannot write {target}: {why.format(tmp=tmp_path)}."
    assert (captured.out, captured.err) == ("", f"companion: {message}\n")
    assert (tmp_path / "notes.txt").read_text() == "notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_standard_output_on_a_terminal_is_refused_before_the_pdf_is_made(capsys, monkeypatch
                                                                         ) -> None:
    def made(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("the PDF was made for the terminal")

    monkeypatch.setattr("printables.deck.deck_pdf", made)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert main(["print", "pdq-deck", "-o", "-"]) == 2
    assert "-o - writes the PDF to standard output" in capsys.readouterr().err


def test_score_sheet_help_names_every_variant_the_sheet_takes(capsys) -> None:
    """--variant's help said only "named as for 'companion pdq --variant'": the names are
    listed, from the engine's list of the variants a table plays."""
    from companion.pdq.variants import table_variants

    with pytest.raises(SystemExit):
        main(["print", "score-sheet", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for name in table_variants():
        assert f" {name}" in shown, name
    assert "solitaire" not in shown.lower()


def test_the_four_score_help_says_the_cards_the_printed_deck_loses(capsys) -> None:
    """--four-score's help said it took out "the Z and one X", though the printed deck holds
    one X, which the Four Score deck lacks: the help names the cards it takes out as the
    printed deck holds them, and how many are left, from the engine's deck; so does the
    variant's summary (``companion pdq --variants``, the web's PDQ page)."""
    from collections import Counter

    from companion.pdq.deck import deck_cards, removal_said
    from companion.pdq.variants import get_variant

    with pytest.raises(SystemExit):
        main(["print", "pdq-deck", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    printed, dealt = Counter(deck_cards()), Counter(deck_cards("four-score"))
    four = get_variant("four-score")
    assert four.remove
    for letter in four.remove:
        assert printed[letter] == 1 and dealt[letter] == 0  # the printed deck's only one
        assert f"the {letter}" in shown and f"the {letter}" in four.summary
        assert f"one {letter}" not in shown and f"one {letter}" not in four.summary
    said = removal_said(four)
    assert f"without {said}, {sum(dealt.values())} cards" in shown
    assert f"without {said}." in four.summary
