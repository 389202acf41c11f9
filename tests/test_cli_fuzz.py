"""The command line given what a stranger might type: empty names, absurd numbers, a bad
database address, an output that fills the disk part-way, an output onto its own input.

Each command must answer with its exit status and one sentence on standard error, never a
traceback; no file is left half-written and no input file is overwritten. Where only a
process of its own shows what is tested (a disk that fills part-way, a closed standard
stream, a named pipe, a terminal, standard output's character set) the command runs as a
user runs it, ``python -m companion``; the rest run ``main()`` in the test's process as
``python -m companion`` calls it (:func:`answer`), with the process's standard streams,
folder and environment of their own and an uncaught exception written as the interpreter
writes it, and a sample of them is held to the same answer from a process of its own
(``test_a_command_run_here_answers_as_in_a_process_of_its_own``).
"""

from __future__ import annotations

import io
import json
import os
import resource
import select
import subprocess
import sys
import traceback
from pathlib import Path

import pytest
import sharedwork

ROOT = Path(__file__).resolve().parent.parent
PHOTO = ROOT / "tests" / "data" / "vision" / "real" / "IMG_20141025_163920.jpg"
FILE_LIMIT = 4096  # bytes a process may write to any one file: a disk that fills part-way


def companion(argv: list[str], cwd: Path, env: dict[str, str] | None = None,
              file_limit: int | None = None, stdout=subprocess.PIPE, closed: int | None = None
              ) -> subprocess.CompletedProcess:
    """Run ``companion ARGV`` in ``cwd``; with ``file_limit``, no file it writes may grow
    beyond that many bytes (the kernel refuses the rest, as a full disk does); ``closed``
    names a descriptor it starts without (0 as with <&-, 1 as with >&-)."""
    def limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))
        if closed is not None:
            os.close(closed)

    run_env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_INSTANCE=str(cwd / "instance"))
    run_env.pop("DATABASE_URL", None)
    run_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "companion", *argv], cwd=cwd, env=run_env,
                          stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=300, preexec_fn=limit)


def _here(argv: list[str], cwd: Path, env: dict[str, str] | None = None
          ) -> subprocess.CompletedProcess:
    """``companion ARGV`` run by ``main()`` in this process, as ``python -m companion`` runs it
    in ``cwd`` with standard input empty (as /dev/null is) and standard output and error
    pipes of UTF-8 text: its exit status (an uncaught exception's is 1, written to standard
    error with its traceback, as the interpreter does), standard output and error. A serve
    command that would start its server fails at once instead of waiting for requests."""
    from companion.cli import main

    stdin = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace",
                           write_through=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(cwd)
        mp.delenv("DATABASE_URL", raising=False)
        mp.setenv("COMPANION_INSTANCE", str(cwd / "instance"))
        for name, value in (env or {}).items():
            mp.setenv(name, value)
        if argv[:1] == ["serve"]:
            import flask

            def serving(*args: object, **kwargs: object) -> None:
                raise AssertionError("the server was started")

            mp.setattr(flask.Flask, "run", serving)
        mp.setattr(sys, "stdin", stdin)
        mp.setattr(sys, "stdout", out)
        mp.setattr(sys, "stderr", err)
        mp.setattr(sys, "__stdout__", out)  # a pipe: no terminal's width for the usage lines
        try:
            status = main(list(argv))
        except SystemExit as exc:  # as the interpreter ends on one
            if exc.code is None or isinstance(exc.code, int):
                status = exc.code or 0
            else:
                print(exc.code, file=err)
                status = 1
        except Exception:
            traceback.print_exc(file=err)
            status = 1
    return subprocess.CompletedProcess(argv, status, out.buffer.getvalue().decode("utf-8"),
                                       err.buffer.getvalue().decode("utf-8"))


def answer(argv: list[str], cwd: Path, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess:
    """``companion ARGV`` answered in ``cwd``: run here (:func:`_here`), or in a process of
    its own when standard output's character set is set (``PYTHONIOENCODING``), which only a
    new interpreter takes."""
    if env and "PYTHONIOENCODING" in env:
        return companion(argv, cwd, env)
    return _here(argv, cwd, env)


def one_sentence(stderr: str) -> str:
    """The error, which must be one line naming the program, without a traceback."""
    assert "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("companion: "), stderr
    return lines[0]


NOT_A_DATABASE = b"just some notes\n"

# argv, extra environment, exit status, words the one line of standard error holds
CASES = [
    # an absurd bed: the parts' placing lost them and the preview crashed (a traceback)
    (["cad", "build", "--bed", "1e308x1e308", "--part", "coupon", "--format", "stl", "-q",
      "-o", "set"], {}, 2, "at most 10,000 mm"),
    (["cad", "check", ".", "--bed", "20000x180"], {}, 2, "at most 10,000 mm"),
    # a DATABASE_URL that names no database: tracebacks from the database library
    (["db", "current"], {"DATABASE_URL": "bogus://x"}, 2, "DATABASE_URL names no database"),
    (["db", "upgrade"], {"DATABASE_URL": "not a url"}, 2, "DATABASE_URL names no database"),
    # a kind of database the app is not written for: its driver's ModuleNotFoundError traceback
    (["db", "current"], {"DATABASE_URL": "mysql://u@db-host/companion"}, 2,
     "DATABASE_URL names no database this app can use: it takes PostgreSQL"),
    (["serve", "--port", "5999"], {"DATABASE_URL": "oracle://u@db-host/companion"}, 2,
     "not oracle"),
    (["worker", "--once"], {"DATABASE_URL": "bogus://x"}, 2, "DATABASE_URL names no database"),
    (["serve", "--port", "5999"], {"DATABASE_URL": "not a url"}, 2,
     "DATABASE_URL names no database"),
    (["db", "current"], {"DATABASE_URL": "sqlite:///notes.txt"}, 1,
     "The database cannot be used: file is not a database"),
    (["serve", "--port", "5999"], {"DATABASE_URL": "sqlite:///notes.txt"}, 1,
     "The database cannot be used"),
    # a server that refuses: the driver's message ran over two lines
    (["db", "upgrade"], {"DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none",
                         "COMPANION_SECRET_KEY": "k" * 64}, 1,
     "The database does not answer: connection failed"),
    # an empty name was taken for no option at all
    (["pdq", "P", "N", "A", "--tie", ""], {}, 2, "--tie needs the words shouted"),
    (["pdq", "P", "N", "A", "--tie", ",,"], {}, 2, "--tie needs the words shouted"),
    (["pdq", "P", "N", "A", "--variant", ""], {}, 2, "Unknown PDQ variant ''"),
    (["girdle", "show", "--family", ""], {}, 2, "No Word Girdle layout family ''"),
    (["print", "score-sheet", "--game", "pdq", "-o", ""], {}, 2, "-o needs a file or folder"),
    (["print", "tiles", "--game", "werdup", "-o", " "], {}, 2, "-o needs a file or folder"),
    (["cad", "coupons", "-o", ""], {}, 2, "-o needs a folder name"),
    (["cad", "build", "--part", "coupon", "--cache-dir", "", "-o", "set"], {}, 2,
     "--cache-dir needs a folder name"),
    (["read", str(PHOTO), "--game", "bugwords", "--overlay", ""], {}, 2,
     "--overlay needs an image file name"),
    # an answer the terminal's character set cannot show: UnicodeEncodeError traceback
    # (an accent is taken off a word, CAFÉ is CAFE, and Ø and Æ are spelt O and AE: a letter
    # no English word list spells, the eng Ŋ, stays)
    (["check", "si\u014b"], {"PYTHONIOENCODING": "ascii"}, 2,
     "Standard output takes ascii text, which cannot show"),
    (["pdq", "P", "N", "A", "--word", "pa\u014b", "--json"], {"PYTHONIOENCODING": "ascii"}, 2,
     "use a UTF-8 locale or set PYTHONIOENCODING=utf-8"),
    # options the command has no use for were dropped without a word
    (["print", "girdle", "--solve-seconds", "5", "-o", "sheet.pdf"], {}, 2,
     "--solve-seconds goes with --answers"),
    (["read", str(PHOTO), "--game", "bugwords", "--date", "2026-12-01"], {}, 2,
     "--date and --puzzle are for Word Girdle sheets"),
    (["read", str(PHOTO), "--game", "werdup", "--puzzle", "notes.txt"], {}, 2,
     "--date and --puzzle are for Word Girdle sheets"),
    (["read", str(PHOTO), "--game", "girdle", "--puzzle", "notes.txt", "--date", "2026-12-01"],
     {}, 2, "not both"),
    (["girdle", "check", str(ROOT / "tests" / "data" / "girdle" / "star-2026-12-08.json"),
      "--date", "2026-12-01"], {}, 2, "holds its puzzle; --date is for a sheet without one"),
    # -5 is a whole number: the bonus is out of range, as "points 0" says
    (["werdup", "replay", str(ROOT / "tests" / "data" / "werdup-short-game.txt"),
      "--challenge-rule", "points -5"], {}, 2, "A challenge bonus is 1 to 100 points, not -5"),
    (["bugwords", "replay", str(ROOT / "tests" / "data" / "gcg" / "selfplay-2p-seed1.gcg"),
      "--challenge-rule", "points -5"], {}, 2, "A challenge bonus is 1 to 100 points, not -5"),
    (["pdq", "--variants", "P", "N", "A"], {}, 2, "--variants lists the variants; give no CARDS"),
    # a control character went to the terminal as it was (ESC [2J clears the screen)
    (["pdq", "P\x1b[2J", "N", "A"], {}, 2, "'\\x1b', 2 and [ are not cards"),
    # a device given as a photo was "no such file"
    (["vision", "light", "/dev/zero"], {}, 2,
     "The photo /dev/zero is a device or a pipe, not a file: save the photo to a file"),
    (["read", "/dev/zero", "--game", "pdq"], {}, 2, "is a device or a pipe, not a file"),
    # a file name with ESC or a line break in it: written raw, over two lines
    (["werdup", "moves", "no\x1b[2Jfile", "AEI"], {}, 2,
     "The position no\\x1b[2Jfile was not found"),
    (["pdq", "P", "N", "A", "--deck", "two\nlines"], {}, 2, "The deck two\\nlines was not found"),
    # standard input was taken for a file named '-' ("word list not found: -")
    (["check", "qi", "--lexicon", "-"], {}, 2,
     "--lexicon needs a word list file; standard input (-) cannot be one"),
    (["check", "qi", "--remove", "-"], {}, 2, "--remove needs a word list file"),
    # a position is written in ASCII digits: int() took an Arabic-Indic or a full-width five
    (["werdup", "score", "empty", "\u0665E", "RED"], {}, 2,
     "'\u0665E' is not a board position"),
    (["werdup", "score", "empty", "E\uff15", "RED"], {}, 2,
     "'E\uff15' is not a board position"),
    # a player name with ESC in it went raw into the record printed
    (["werdup", "selfplay", "--players", "ann,b\x1b[2Jb"], {}, 2,
     "Player name 'b\\x1b[2Jb' must be one word without spaces, control characters"),
    # float() read a clearance or a bed in Arabic-Indic digits, and 'nan' or 1e400 (infinity)
    (["cad", "coupons", "--clearances", "0.1,\u0660.\u0662", "-o", "c"], {}, 2,
     "'\u0660.\u0662' is not a decimal number written in the digits 0-9"),
    (["cad", "coupons", "--clearances", "0.2,nan", "-o", "c"], {}, 2, "'nan' is not a number"),
    (["cad", "build", "--bed", "\u0661\u0668\u0660x180", "-o", "set"], {}, 2,
     "'\u0661\u0668\u0660' is not a decimal number written in the digits 0-9"),
    (["cad", "check", ".", "--bed", "180x1e400"], {}, 2, "'1e400' is too large a number"),
]


@pytest.mark.parametrize("argv,env,status,words", CASES,
                         ids=[" ".join(a.replace(str(ROOT), "ROOT") if a != str(PHOTO)
                                       else "PHOTO" for a in c[0])[:70] for c in CASES])
def test_hostile_input_gets_one_sentence(argv: list[str], env: dict[str, str], status: int,
                                         words: str, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_bytes(NOT_A_DATABASE)
    done = answer(argv, tmp_path, env)
    assert words in one_sentence(done.stderr)
    assert done.returncode == status
    assert notes.read_bytes() == NOT_A_DATABASE  # a file that is not a database stays as it was
    # nothing was written in the current folder in place of the name left empty (the web
    # app's instance folder and the lock it takes beside an SQLite file are its own)
    left = {p.name for p in tmp_path.iterdir()} - {"instance", "notes.txt.startup-lock"}
    assert left == {"notes.txt"}


@pytest.mark.parametrize("argv,env", [
    (["pdq", "P", "N", "A", "--tie", ""], {}),  # a command's own error
    (["serve", "--port", "9" * 5000], {}),  # argparse's, with the usage lines
    (["check", "ab\x1b[2Jcd"], {}),  # a verdict on standard output, status 1
    (["werdup", "score", "empty", "\u0665E", "RED"], {}),
    (["db", "current"], {"DATABASE_URL": "bogus://x"}),
    (["serve", "--port", "5999"], {"DATABASE_URL": "sqlite:///notes.txt"}),
])
def test_a_command_run_here_answers_as_in_a_process_of_its_own(
        argv: list[str], env: dict[str, str], tmp_path: Path) -> None:
    """The tests above run most commands by ``main()`` in the test's process (:func:`answer`):
    a sample of them, each kind of answer, gets the same status, standard output and
    standard error from ``python -m companion``, the program a user runs."""
    answers = []
    for run in (_here, companion):
        folder = tmp_path / run.__name__
        folder.mkdir()
        (folder / "notes.txt").write_bytes(NOT_A_DATABASE)
        done = run(argv, folder, env)
        answers.append((done.returncode, done.stdout, done.stderr))
    assert answers[0] == answers[1]


def test_a_traceback_run_here_is_written_as_the_interpreter_writes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception no command catches, run here, ends as ``python -m companion`` ends on it:
    status 1 and the traceback on standard error, which the tests above look for."""
    from companion.cli import check

    def broken(args: object) -> int:
        raise RuntimeError("a bug")

    real_register = check.register

    def register(sub: object) -> None:
        real_register(sub)
        sub.choices["check"].set_defaults(func=broken)  # type: ignore[attr-defined]

    monkeypatch.setattr(check, "register", register)
    done = _here(["check", "qi"], tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("Traceback (most recent call last):\n")
    assert done.stderr.endswith("RuntimeError: a bug\n")


def test_a_pdf_to_standard_output_that_fills_the_disk_is_an_error(tmp_path: Path) -> None:
    # the write took the first 4 KB and was counted done: exit status 0, a PDF cut short
    with open(tmp_path / "sheet.pdf", "w") as out:
        done = companion(["print", "board", "--game", "bugwords", "-o", "-"], tmp_path,
                         file_limit=FILE_LIMIT, stdout=out)
    assert done.returncode == 2
    assert "File too large" in one_sentence(done.stderr)


def test_a_pdf_that_fills_the_disk_leaves_the_earlier_one_whole(tmp_path: Path) -> None:
    earlier = tmp_path / "board.pdf"
    (tmp_path / "link.pdf").symlink_to("board.pdf")
    assert answer(["print", "board", "--game", "werdup", "--paper", "a4", "-o", "link.pdf"],
                  tmp_path).returncode == 0
    earlier.chmod(0o640)
    kept = earlier.read_bytes()
    assert len(kept) > FILE_LIMIT
    done = companion(["print", "board", "--game", "bugwords", "--paper", "full",
                      "-o", "board.pdf"], tmp_path, file_limit=FILE_LIMIT)
    assert done.returncode == 2
    assert "Cannot write board.pdf: File too large." in one_sentence(done.stderr)
    assert earlier.read_bytes() == kept  # not half a new PDF over the whole old one
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.pdf", "link.pdf"]  # no part
    # written whole, the new PDF takes the place of the old: through the link, same mode
    done = answer(["print", "score-sheet", "--game", "pdq", "-o", "link.pdf"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "link.pdf").is_symlink()
    assert earlier.read_bytes().startswith(b"%PDF-") and earlier.read_bytes() != kept
    assert earlier.stat().st_mode & 0o777 == 0o640
    assert answer(["print", "score-sheet", "--game", "pdq", "-o", "/dev/null"],
                  tmp_path).returncode == 0  # a device is written, never replaced


def test_the_overlay_is_never_drawn_over_the_photo(tmp_path: Path) -> None:
    photo = tmp_path / "board.jpg"
    photo.write_bytes(PHOTO.read_bytes())
    (tmp_path / "same.jpg").symlink_to("board.jpg")
    for overlay in ("board.jpg", "same.jpg", str(photo)):
        done = answer(["read", "board.jpg", "--game", "bugwords", "--overlay", overlay],
                      tmp_path)
        assert done.returncode == 2
        assert "is the input file board.jpg" in one_sentence(done.stderr)
        assert photo.read_bytes() == PHOTO.read_bytes()


def test_an_overlay_that_fills_the_disk_leaves_no_half_image(tmp_path: Path) -> None:
    photo = tmp_path / "board.jpg"
    photo.write_bytes(PHOTO.read_bytes())
    done = companion(["read", "board.jpg", "--game", "bugwords", "--overlay", "seen.png"],
                     tmp_path, file_limit=FILE_LIMIT)
    assert done.returncode == 2
    assert "seen.png: cannot write the overlay image there" in one_sentence(done.stderr)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.jpg"]


def _check_a_sheet_with(field: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """``girdle check`` of a one-word sheet whose word has ``field`` (raw JSON) added."""
    word = {"row": 1, "col": 1, "direction": "across", "word": "AB"}
    text = json.dumps([word])[:-2] + ", " + field + "}]"
    (tmp_path / "sheet.json").write_text(text, encoding="utf-8")
    return answer(["girdle", "check", "sheet.json", "--date", "2026-12-08"], tmp_path)


@pytest.mark.parametrize("field,words", [
    # Python's own words came through: "'int' object is not iterable", "invalid literal"
    ('"crossed_out": 5', "crossed_out must be a list of letters, not 5"),
    ('"crossed_out": {"a": 1}', "crossed_out must be a list of letters"),
    ('"row": "\u00b2"', "'\u00b2' is not a whole number"),  # a superscript two
    # Python's words again: "Exceeds the limit (4300 digits) ... sys.set_int_max_str_digits()"
    ('"row": "' + "9" * 5000 + '"', "the field 'row': '" + "9" * 36 + "...' is too large a number"),
    ('"row": ' + "9" * 5000, "is not JSON (the number " + "9" * 37 + "... is too large)"),
    # the whole of a 100 KB value was repeated
    ('"crossed_out": {"' + "a" * 100_000 + '": 1}', 'not {"' + "a" * 35 + "..."),
])
def test_a_bad_field_of_a_sheet_is_named_in_a_sentence(field: str, words: str,
                                                       tmp_path: Path) -> None:
    done = _check_a_sheet_with(field, tmp_path)
    assert done.returncode == 2
    assert words in one_sentence(done.stderr)


@pytest.mark.parametrize("field,seen", [
    # the word went raw to the terminal (ESC [2J cleared it) and whole, however long
    ('"word": "AB\\u001b[2JCD"', 'illegal at word 1 ("AB\\u001b[2JCD"): \'AB\\x1b[2JCD\' is not '
     "a word of letters A-Z"),
    ('"word": "' + "Q" * 100_000 + '"', "Q" * 37 + "... has 100,000 letters; a word must have"),
    ('"direction": "' + "x" * 100_000 + '"', "must be across or down, not '" + "x" * 36 + "...'"),
])
def test_an_illegal_word_of_a_sheet_is_repeated_escaped_and_short(field: str, seen: str,
                                                                  tmp_path: Path) -> None:
    done = _check_a_sheet_with(field, tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert seen in done.stdout
    assert all(line.isprintable() and len(line) < 400 for line in done.stdout.splitlines())


@pytest.fixture(scope="module")
def cad_cache() -> Path:
    """The run's CAD build cache (``sharedwork.run_folder``), shared with the other test
    processes, tests/test_cad_build.py's whole set among them: the coupon is built once a
    run, whichever asks first."""
    return sharedwork.run_folder("cad-cache")


@pytest.mark.parametrize("junk", ["garbage\n", "[1, 2]\n", "[" * 100_000])
def test_a_build_into_a_folder_with_a_spoilt_report_writes_it_afresh(
        junk: str, tmp_path: Path, cad_cache: Path) -> None:
    # a build.json cut short (it was written in place) or another program's ended the
    # next build in a traceback, once every part was built
    out = tmp_path / "set"
    out.mkdir()
    (out / "build.json").write_text(junk, encoding="utf-8")
    done = answer(["cad", "build", "--part", "coupon", "--format", "stl", "-q", "-o", "set",
                   "--cache-dir", str(cad_cache)], tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "build.json").read_text(encoding="utf-8"))
    assert report["bed"] == [180.0, 180.0] and report["files"]["coupon"]


@pytest.mark.parametrize("junk", ["[" * 100_000, '{"puzzle": ' + "[" * 100_000])
def test_a_spoilt_cached_par_is_searched_again(junk: str, tmp_path: Path) -> None:
    # JSON nested too deeply for Python in the cache ended girdle solve in a traceback
    import datetime as dt

    from companion.girdle import puzzle_for
    from companion.girdle.cache import _path
    from companion.lexicon import default_lexicon

    env = {"COMPANION_CACHE_DIR": str(tmp_path / "cache")}
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COMPANION_CACHE_DIR", env["COMPANION_CACHE_DIR"])
        cached = _path(puzzle_for(dt.date(2026, 12, 1)), default_lexicon())
    assert cached is not None
    cached.parent.mkdir(parents=True)
    cached.write_text(junk, encoding="utf-8")
    done = answer(["girdle", "solve", "--date", "2026-12-01", "--json"], tmp_path, env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["proven"] is True
    assert json.loads(cached.read_text(encoding="utf-8"))["proven"] is True  # written afresh


def test_a_build_that_fills_the_disk_spoils_no_file_of_the_earlier_one(
        tmp_path: Path, cad_cache: Path) -> None:
    # the parts were copied in place from the cache: half a coupon.stl was left, and the
    # message named the cache's file, not the one that could not be written
    argv = ["cad", "build", "--part", "coupon", "--format", "stl", "-q", "-o", "set",
            "--cache-dir", str(cad_cache)]
    assert answer(argv, tmp_path).returncode == 0
    out = tmp_path / "set"
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert len(before["coupon.stl"]) > 200_000 > len(before["coupon.png"])
    done = companion(argv, tmp_path, file_limit=200_000)
    assert done.returncode == 2
    assert "Cannot write set/coupon.stl: File too large" in one_sentence(done.stderr)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


@pytest.mark.parametrize("argv,closed,status,words", [
    # sys.stdout or sys.stdin is None then: AttributeError and RuntimeError tracebacks
    (["check", "qi"], 1, 2, "Standard output is closed"),
    (["print", "score-sheet", "--game", "pdq", "-o", "-"], 1, 2, "Standard output is closed"),
    (["werdup", "moves", "-", "AEI"], 0, 2, "The position on standard input cannot be read "
     "(standard input is closed)"),
    (["girdle", "check", "-"], 0, 2, "standard input is closed"),
    (["pdq", "--solitaire", "--play", "--seed", "1"], 0, 0, None),  # no words: stuck at once
])
def test_a_closed_standard_stream_is_said_so(argv: list[str], closed: int, status: int,
                                              words: str | None, tmp_path: Path) -> None:
    done = companion(argv, tmp_path, closed=closed)
    assert done.returncode == status
    if words is None:
        assert "Traceback" not in done.stderr and done.stderr == ""
        assert "Game over" in done.stdout
    else:
        assert words in one_sentence(done.stderr)


WRONG_SCORE = "#player1 A A\n#player2 B B\n>A: CATSXYZ 8G CAT +12 12\n"  # CAT scores 10


@pytest.mark.parametrize("argv,status", [
    (["check", "zzz", "--json"], 1),
    (["check", "zzz"], 1),
    (["check", "qi", "--json"], 0),
    (["bugwords", "replay", "RECORD"], 1),
    (["bugwords", "replay", "RECORD", "--json"], 1),
    (["werdup", "moves", "empty", "QZ"], 1),  # no play for the rack
])
def test_a_reader_gone_before_the_answer_keeps_the_command_s_status(
        argv: list[str], status: int, tmp_path: Path) -> None:
    # `| head -1` ended with 0 or 1 by chance: a write to the closed pipe was "not an error",
    # status 0, in place of the verdict's 1. Here the reader has gone before the command
    # writes a byte, so every write it makes fails.
    record = tmp_path / "wrong.gcg"
    record.write_text(WRONG_SCORE, encoding="utf-8")
    argv = [str(record) if a == "RECORD" else a for a in argv]
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = companion(argv, tmp_path, stdout=write_end)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (status, "")


def test_a_reader_gone_part_way_keeps_the_command_s_status(tmp_path: Path) -> None:
    # the reader takes the first line and goes (`| head -1`) while the command has far more
    # to write than the pipe holds (500 verdicts, 600 KB), so a write fails after it has gone
    argv = ["check", *["cat"] * 500, "zzz"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", *argv], cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(ROOT)), stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=300) == 1  # ZZZ is not valid
    assert (first, err) == (b"CAT: VALID\n", b"")


HUGE = "Z" * 100_000  # one argument of 100 KB (the kernel takes up to 128 KB)


@pytest.mark.parametrize("argv,words", [
    # each error repeated the value whole: one line of 100 KB
    (["pdq", "P", "N", "A", "--variant", HUGE], "Unknown PDQ variant 'ZZZZ"),
    (["pdq", HUGE], "PDQ deals 3 cards per round; 100000 were given (ZZZZ"),
    (["pdq", "P", "N", "A", "--player", HUGE], "no per-player minimum for 'ZZZZ"),
    (["pdq", "P", "N", "A", "--score", HUGE], "--score wants NAME=WORD1,WORD2,...; got 'ZZZZ"),
    # a file name is kept longer, but not whole either
    (["pdq", "P", "N", "A", "--deck", HUGE], "File name too long)"),
    (["check", "qi", "--lexicon", HUGE], "File name too long)"),
    (["girdle", "show", "--family", HUGE], "No Word Girdle layout family 'ZZZZ"),
    (["werdup", "moves", "empty", HUGE], "is not a rack"),
    (["werdup", "score", "empty", HUGE], "is not a play"),
    (["werdup", "score", "empty", "5E", HUGE + "("], "has an unmatched '('"),
    (["serve", "--host", HUGE], "--host 'ZZZZ"),
    (["cad", "coupons", "--clearances", HUGE], "clearances must be numbers in mm"),
    (["cad", "build", "--bed", HUGE, "-o", "set"], "bed must look like 180x180"),
    (["cad", "build", "--part", HUGE, "-o", "set"], "Unknown part 'zzzz"),
    (["cad", "build", "--format", HUGE, "-o", "set"], "Unknown format 'zzzz"),
    (["werdup", "replay", str(ROOT / "tests" / "data" / "werdup-short-game.txt"),
      "--challenge-rule", HUGE], "Unknown challenge rule 'ZZZZ"),
    (["read", str(PHOTO), "--game", "werdup", "--previous", HUGE], "File name too long)"),
])
def test_a_huge_value_is_repeated_by_its_first_characters(argv: list[str], words: str,
                                                           tmp_path: Path) -> None:
    done = answer(argv, tmp_path)
    assert done.returncode == 2
    line = one_sentence(done.stderr)
    assert words in line
    # the Zs of a value, of a file's name
    most = 197 if "File name" in words or "board state" in words else 37
    assert len(line) < 400 and "Z" * (most + 1) not in line.upper(), line


@pytest.mark.parametrize("argv", [
    ["check", HUGE],
    ["check", HUGE, "--game", "werdup"],
    ["pdq", "P", "N", "A", "--word", "P" + HUGE],
    ["pdq", "P", "N", "A", "--tie", "PAIN," + HUGE],
    ["pdq", "P", "N", "A", "--score", HUGE + "=PAIN", "--score", "B=PANT"],
    ["werdup", "score", "empty", "5E", HUGE],  # runs off the board: an illegal play
])
def test_a_verdict_repeats_a_huge_word_or_name_on_a_short_line(argv: list[str],
                                                               tmp_path: Path) -> None:
    # the verdict wrote the word whole twice over: 200 KB for one answer
    done = answer(argv, tmp_path)
    assert "Traceback" not in done.stderr and done.returncode in (0, 1), done.stderr
    assert done.stdout and max(len(line) for line in done.stdout.splitlines()) < 400
    assert "Z" * 36 + "..." in done.stdout


@pytest.mark.parametrize("argv,seen", [
    # the name of the file written went raw to the terminal
    (["print", "score-sheet", "--game", "pdq", "-o", "a\x1b[2J.pdf"], "wrote a\\x1b[2J.pdf"),
    # ESC [2J in the word cleared the screen: the verdict wrote it raw to the terminal
    (["check", "ab\x1b[2Jcd"], '"AB\\u001b[2JCD": NOT VALID'),
    (["check", "ab\x9b2Jcd"], '"AB\\u009b2JCD": NOT VALID'),  # the one-byte CSI
    (["pdq", "P", "N", "A", "--word", "pa\x1b[2Jin"], '"PA\\u001b[2JIN": NOT VALID'),
    (["pdq", "P", "N", "A", "--tie", "PAIN,pa\x1b[2Jin"], '"PA\\u001b[2JIN": NOT VALID'),
    (["pdq", "P", "N", "A", "--score", "a\x1b[2J=PAIN", "--score", "B=PANT"],
     '"a\\u001b[2J": 0 unique words'),
])
def test_a_control_character_typed_is_shown_escaped(argv: list[str], seen: str,
                                                    tmp_path: Path) -> None:
    done = answer(argv, tmp_path)
    assert "Traceback" not in done.stderr and done.returncode in (0, 1), done.stderr
    assert seen in done.stdout
    assert all(line.isprintable() for line in done.stdout.splitlines())


@pytest.mark.parametrize("argv,words", [
    # argparse's own errors wrote the value raw (ESC, a line break) or whole
    # (check takes several words, the words of a play: db current takes none)
    (["db", "current", "a\x1b[2Jb"], "unrecognized arguments: a\\x1b[2Jb"),
    (["db", "current", "two\nlines"], "unrecognized arguments: two\\nlines"),
    (["check", "qi", "--game", HUGE], "invalid choice: '" + "Z" * 36 + "...' (choose from"),
    (["serve", "--port", HUGE], "--port: '" + "Z" * 36 + "...' is not a whole number"),
    (["serve", "--port", "9" * 5000], "--port: '" + "9" * 36 + "...' is too large a number"),
    # int() read an Arabic-Indic or a full-width digit, or 1_0, as a number
    (["pdq", "--min", "\u0665", "P", "N", "A"],
     "--min: '\u0665' is not a whole number written in the digits 0-9"),
    (["werdup", "moves", "empty", "AEI", "--top", "1_0"], "--top: '1_0' is not a whole number"),
    (["serve", "--port", "\uff19" * 6], "--port: '" + "\uff19" * 6 + "' is not a whole number"),
    # float() read an Arabic-Indic or a full-width digit, 1_0, nan, inf and 1e400 (infinity)
    (["girdle", "solve", "--time-budget", "\u0660.\u0662"],
     "--time-budget: '\u0660.\u0662' is not a decimal number written in the digits 0-9"),
    (["girdle", "solve", "--time-budget", "inf"], "--time-budget: 'inf' is not a number"),
    (["girdle", "solve", "--time-budget", "1e400"], "--time-budget: '1e400' is too large a number"),
    (["cad", "build", "--clearance", "\uff10.\uff12", "-o", "set"],
     "--clearance: '\uff10.\uff12' is not a decimal number written in the digits 0-9"),
    (["cad", "build", "--clearance", "NaN", "-o", "set"], "--clearance: 'NaN' is not a number"),
    (["cad", "layout", "--clearance", "0_.2"], "--clearance: '0_.2' is not a decimal number"),
    (["print", "girdle", "--answers", "--solve-seconds", "1e999"],
     "--solve-seconds: '1e999' is too large a number"),
    (["worker", "--once", "--stalled-seconds", "Infinity"],
     "--stalled-seconds: 'Infinity' is not a number"),
])
def test_an_option_the_parser_refuses_is_repeated_escaped_and_short(
        argv: list[str], words: str, tmp_path: Path) -> None:
    done = answer(argv, tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    *usage, error = done.stderr.strip().splitlines()
    assert usage[0].startswith("usage: companion")
    assert words in error and len(error) < 400
    assert done.stderr.replace("\n", "").isprintable()


@pytest.mark.parametrize("argv,text,status,words", [
    # a sheet, a position, a deck and a house list: each reader blocked in open() for ever,
    # without a word, while nothing wrote to the pipe
    (["girdle", "check", "PIPE", "--date", "2026-12-08"], "[]\n", 1, "Final score: 0 - 70"),
    (["werdup", "moves", "PIPE", "AEI", "--top", "1"], "", 2, "the board text is empty"),
    (["pdq", "--deck", "PIPE", "P", "N", "A"], "letter\tcount\nP\t1\nN\t1\n", 2,
     "This deck has no A card"),
    (["check", "--add", "PIPE", "qzqz"], "qzqz\n", 0, "QZQZ"),
])
def test_a_named_pipe_nothing_writes_to_is_waited_for_out_loud(
        argv: list[str], text: str, status: int, words: str, tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_INSTANCE=str(tmp_path / "instance"))
    argv = [str(pipe) if a == "PIPE" else a for a in argv]
    with subprocess.Popen([sys.executable, "-m", "companion", *argv], cwd=tmp_path, env=env,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as proc:
        try:
            assert proc.stderr is not None
            said, _, _ = select.select([proc.stderr], [], [], 60)
            assert said, "nothing said in a minute of waiting for the pipe"
            line = proc.stderr.readline()
            assert line == f"companion: Waiting for something to write to the pipe {pipe} " \
                           "(Ctrl-C stops).\n"
            with open(pipe, "w", encoding="utf-8") as writer:  # then it is written to
                writer.write(text)
            out, err = proc.communicate(timeout=120)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert "Traceback" not in err
    assert proc.returncode == status, (out, err)
    assert words in out + err


@pytest.mark.parametrize("option,words", [("--add", "QZQZ: VALID"),
                                          ("--lexicon", "QZQZ is valid")])
def test_a_word_list_from_a_shell_pipe_is_read(option: str, words: str,
                                               tmp_path: Path) -> None:
    # as `companion check --add <(echo qzqz) qzqz` gives it: /dev/fd/63, a link to
    # "pipe:[...]", which was followed to a name no file has ("word list not found")
    read_end, write_end = os.pipe()
    os.write(write_end, b"qzqz\n")
    os.close(write_end)
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_INSTANCE=str(tmp_path / "instance"))
    try:
        done = subprocess.run([sys.executable, "-m", "companion", "check", option,
                               f"/dev/fd/{read_end}", "qzqz"], cwd=tmp_path, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=120, pass_fds=(read_end,))
    finally:
        os.close(read_end)
    assert done.returncode == 0, done.stderr
    assert words in done.stdout


def test_standard_input_typed_at_a_terminal_says_how_to_end_it(tmp_path: Path) -> None:
    """'werdup moves - AEI' at a terminal waited for the board without a word; standard
    input on a terminal (a pseudo-terminal here) now says how the text ends, then reads it."""
    import pty

    main_fd, terminal = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_INSTANCE=str(tmp_path / "instance"))
    with subprocess.Popen([sys.executable, "-m", "companion", "werdup", "moves", "-", "AEI",
                           "--top", "1"], cwd=tmp_path, env=env, stdin=terminal,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        os.close(terminal)
        try:
            assert proc.stderr is not None
            said, _, _ = select.select([proc.stderr], [], [], 60)
            assert said, "nothing said in a minute of reading the terminal"
            assert proc.stderr.readline() == (
                "companion: Reading standard input: type or paste the text, then press Ctrl-D "
                "at the start of a line (Ctrl-C stops).\n")
            rows = ["." * 10] * 4 + ["...CAT...."] + ["." * 10] * 5
            os.write(main_fd, ("\n".join(rows) + "\n").encode() + b"\x04")  # Ctrl-D
            out, err = proc.communicate(timeout=120)
        finally:
            if proc.poll() is None:
                proc.kill()
            os.close(main_fd)
    assert proc.returncode == 0 and err == "", err
    first = out.splitlines()[0]  # "25 legal plays; best 1:", read from the terminal's board
    assert first.split()[0].isdigit() and first.endswith("legal plays; best 1:"), out
