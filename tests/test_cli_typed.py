"""Words typed at a terminal whose character set is not UTF-8 (a Latin-1 terminal), on the
command line or on standard input: read in that character set, as the player typed them
(``companion/typed.py``), while a file's name keeps its bytes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.typed import locale_encoding, typed_bytes, typed_text

ROOT = Path(__file__).resolve().parent.parent


def companion(argv: list, tmp_path: Path, stdin: bytes = b"", **env: str):
    """The command line in a process of its own, in an environment of no locale but ``env``
    (``LANG``, ``LC_ALL``, ``PYTHONIOENCODING``); ``argv`` may hold bytes, as a terminal
    hands them over."""
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("LC_", "LANG", "PYTHONIOENCODING", "PYTHONUTF8"))}
    base.update(PYTHONPATH=str(ROOT), COMPANION_INSTANCE=str(tmp_path / "instance"), **env)
    return subprocess.run([sys.executable, "-m", "companion", *argv], env=base,
                          input=stdin, capture_output=True, timeout=120, cwd=tmp_path)


@pytest.mark.parametrize("env", [{"LANG": "en_US.ISO-8859-1"}, {"LC_ALL": "C.UTF-8"}, {}])
def test_a_word_typed_in_latin1_is_read_as_typed(tmp_path, env):
    """'companion check café' at a Latin-1 terminal: "CAF\\udce9" is not a word: it contains
    '\\udce9'. The locale names the character set (even one not installed here), and without
    one a word that is not UTF-8 is read as Windows-1252 / Latin-1."""
    done = companion(["check", b"caf\xe9"], tmp_path, **env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("utf-8").startswith("CAFE: VALID\n")
    done = companion(["check", b"na\xefve", "--json"], tmp_path, **env)
    assert done.returncode == 0 and json.loads(done.stdout)["word"] == "NAIVE"


def test_the_locale_names_the_character_set(tmp_path):
    """Byte 0xA4 is the euro sign in ISO-8859-15 and the currency sign in Latin-1 and
    Windows-1252: the locale decides, as the terminal shows it."""
    euro = companion(["check", b"\xa4", "--json"], tmp_path, LANG="de_DE.ISO-8859-15")
    currency = companion(["check", b"\xa4", "--json"], tmp_path, LANG="de_DE.ISO-8859-1")
    assert json.loads(euro.stdout)["word"] == "\u20ac"
    assert json.loads(currency.stdout)["word"] == "\u00a4"


def test_every_command_reads_its_words_so(tmp_path):
    """The parser reads every argument that is text (a play's word, a PDQ word, a name),
    not 'check' alone."""
    pdq = companion(["pdq", "P", "N", "A", "--word", b"pin\xe9apple", "--json"], tmp_path,
                    LANG="en_US.ISO-8859-1")
    assert pdq.returncode == 0 and json.loads(pdq.stdout)["word"] == "PINEAPPLE"
    game = companion(["werdup", "selfplay", "--players", b"Jos\xe9,Zo\xeb"], tmp_path,
                     LANG="en_US.ISO-8859-1")
    assert game.returncode == 0
    assert "#player1 José José" in game.stdout.decode("utf-8")


@pytest.mark.parametrize("env", [{"LANG": "en_US.ISO-8859-1"}, {"PYTHONIOENCODING": "utf-8"},
                                 {"PYTHONIOENCODING": "ascii"}])
def test_a_word_typed_on_standard_input_is_read_as_typed(tmp_path, env):
    """'pdq --solitaire --play' reads the player's words on standard input: "café" from a
    Latin-1 terminal was "CAF\\udce9", and with PYTHONIOENCODING=utf-8 a traceback."""
    done = companion(["pdq", "--solitaire", "--play", "--seed", "1"], tmp_path,
                     stdin=b"caf\xe9\n", **env)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert "in order in CAFE (from left to right)" in done.stdout.decode("utf-8")


def test_a_file_name_keeps_its_bytes(tmp_path):
    """A file named in Latin-1 is the file of those bytes, read or written: 'café' read as
    a word is not the name the terminal's 'ls' shows."""
    (tmp_path / os.fsdecode(b"caf\xe9.txt")).write_text("cat\n")
    done = companion(["check", "cat", "--lexicon", b"caf\xe9.txt"], tmp_path,
                     LANG="en_US.ISO-8859-1")
    assert done.returncode == 0, done.stderr
    done = companion(["print", "score-sheet", "--game", "pdq", "-o", b"r\xe9sum\xe9.pdf"],
                     tmp_path, LANG="en_US.ISO-8859-1")
    assert done.returncode == 0, done.stderr
    assert b"r\xe9sum\xe9.pdf" in os.listdir(bytes(tmp_path))


def test_the_reading_of_typed_text():
    assert typed_text("caf\udce9") == typed_bytes(b"caf\xe9") == "café"
    assert typed_text("caf\u00e9") == "café"  # read well already: left as it is
    assert typed_bytes("café".encode()) == "café"  # UTF-8 first
    assert typed_bytes(b"\x93qi\x94") == "\u201cqi\u201d"  # Windows-1252's quotes
    assert typed_bytes(b"\x81") == "\x81"  # a byte Windows-1252 lacks: Latin-1
    assert locale_encoding({"LANG": "de_DE@euro"}) == "iso8859-15"
    assert locale_encoding({"LC_CTYPE": "C.UTF-8", "LANG": "en_US.ISO-8859-1"}) == "iso8859-1"
    assert locale_encoding({"LANG": "C"}) is None
