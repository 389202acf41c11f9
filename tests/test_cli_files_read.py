"""Every command that reads a user's file says each problem with it in one wording, naming the
file by what it is to the user, with exit status 2 (docs/cli.md, "Exit statuses"): the same
problem was said in different words by different commands ("Record X is not a text file
(UTF-8 expected)", "The record X looks binary"; "Word list is a folder, not a file: dir",
"Record dir is a folder, not a file"; a tile image "a folder, not a photo")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main

PHOTO = Path(__file__).parent / "data" / "vision" / "real" / "IMG_20141025_163920.jpg"

# Each command, with FILE where the file goes, and what the file is to the user.
READERS = [
    (["werdup", "replay", "FILE"], "game record"),
    (["werdup", "moves", "FILE", "AEI"], "position"),
    (["bugwords", "replay", "FILE"], "game record"),
    (["bugwords", "moves", "FILE", "AEI"], "position"),
    (["girdle", "check", "FILE"], "sheet"),
    (["read", str(PHOTO), "--game", "girdle", "--puzzle", "FILE"], "puzzle"),
    (["pdq", "P", "N", "A", "--deck", "FILE"], "deck"),
    (["check", "qi", "--lexicon", "FILE"], "word list"),
    (["check", "qi", "--add", "FILE"], "house list of additions"),
    (["check", "qi", "--remove", "FILE"], "house list of removals"),
    (["read", "FILE", "--game", "pdq"], "photo"),
    (["vision", "light", "FILE"], "photo"),
    (["vision", "classify", "FILE"], "tile image"),
]
PICTURES = ("photo", "tile image")


def _problem_file(tmp_path: Path, problem: str) -> Path:
    """A file (or what stands for one) that has ``problem``."""
    path = tmp_path / "given.txt"
    if problem == "missing":
        return path
    if problem == "folder":
        path.mkdir()
        return path
    if problem == "unreadable":  # a file taken for a folder: the system cannot open it
        path.write_text("x\n")
        return path / "inside.txt"
    if problem == "binary":
        path.write_bytes(b"\x00\x01\x02\x03 not text\n")
        return path
    with path.open("wb") as f:  # "too large": sparse, no disk used
        f.truncate(100_000_000)
    return path


def _wanted(problem: str, what: str, path: Path) -> str:
    named = f"The {what} {path}"
    if problem == "missing":
        return f"{named} was not found: check the file's name and its folder."
    if problem == "folder":
        return f"{named} is a folder, not a file: name the file itself."
    if problem == "unreadable":
        return f"{named} cannot be read (Not a directory)."
    if problem == "binary":
        if what in PICTURES:
            return f"{named} is not an image (a JPEG, HEIC, PNG, WebP or AVIF photo expected)."
        return f"{named} is not a text file (it looks binary): is it the right file?"
    return rf"{re.escape(named)} is too large \(over [0-9,]+ bytes\) to be a {what}: is it " \
        r"the right file\?"


def _run(capsys, argv: list[str], path: Path, *extra: str) -> tuple[int, str, str]:
    code = main([str(path) if a == "FILE" else a for a in argv] + list(extra))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("problem", ["missing", "folder", "unreadable", "binary", "too large"])
@pytest.mark.parametrize(("argv", "what"), READERS, ids=[" ".join(a) for a, _ in READERS])
def test_each_problem_with_a_file_is_said_one_way(capsys, tmp_path, argv, what, problem):
    path = _problem_file(tmp_path, problem)
    wanted = _wanted(problem, what, path)
    code, out, err = _run(capsys, argv, path)
    assert code == 2
    if argv[:2] == ["vision", "classify"]:  # each tile's line, the refusal on standard error
        assert out == ""
    line = err.removeprefix("companion: ").rstrip("\n")
    if problem == "too large":
        assert re.fullmatch(wanted, line), line
    else:
        assert line == wanted
    if argv[0] in ("werdup", "bugwords", "girdle", "read"):  # --json: the same sentence
        code, out, err = _run(capsys, argv, path, "--json")
        answer = json.loads(out)
        assert (code, err, answer["status"]) == (2, "", 2)
        assert answer["error"] == line


@pytest.mark.parametrize(("argv", "what"), [
    (["girdle", "check", "FILE"], "sheet"),
    (["read", str(PHOTO), "--game", "girdle", "--puzzle", "FILE"], "puzzle"),
    (["pdq", "P", "N", "A", "--deck", "FILE"], "deck"),
    (["read", "FILE", "--game", "pdq"], "photo"),
    (["vision", "classify", "FILE"], "tile image"),
])
def test_an_empty_file_is_said_one_way(capsys, tmp_path, argv, what):
    """An empty file, named as its other problems name it; a text file's sentence says what
    the file should hold, a picture's asks whether it is the right file (a photo's said "the
    file is empty", a deck's "Deck file ... is empty")."""
    path = tmp_path / "given.txt"
    path.write_bytes(b"")
    code, _, err = _run(capsys, argv, path)
    assert code == 2
    start = f"companion: The {what} {path} is empty"
    if what in PICTURES:
        assert err == f"{start} (0 bytes): is it the right file?\n"
    else:
        assert err.startswith(f"{start}: a {what} ")
