"""``companion db current`` only looks: it reports the database as it finds it and leaves the
disk as it was (no instance folder, secret key or empty database made in place of one that
is not there, say under a mistyped DATABASE_URL or COMPANION_INSTANCE)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.web import db as dbmod


def _on_disk(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder under ``folder``, with a file's bytes (None for a folder)."""
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
            for p in sorted(folder.rglob("*"))}


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A new user's settings: no instance folder yet, no DATABASE_URL, no secret key, and
    the current folder an empty one."""
    for name in ("DATABASE_URL", "COMPANION_SECRET_KEY", "COMPANION_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_current_on_a_fresh_install_says_there_is_no_database_and_makes_none(fresh, capsys):
    # it made instance/, a secret key and an empty SQLite database, then said "none"
    assert main(["db", "current"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out == (f"no database yet at {fresh / 'instance' / 'companion.sqlite3'}: "
                   "`companion db upgrade` or the first `serve` makes it\n")
    assert _on_disk(fresh) == {}


def test_current_under_a_mistyped_database_url_makes_no_database_in_its_place(fresh, capsys,
                                                                             monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "sqlite:///companion.sqlite")  # the file is .sqlite3
    assert main(["db", "current"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("no database yet at companion.sqlite: ")
    assert _on_disk(fresh) == {}


def test_current_reads_a_database_without_changing_anything_beside_it(fresh, capsys):
    assert main(["db", "upgrade"]) == 0  # makes the instance folder, its key and database
    assert capsys.readouterr().out.strip() == dbmod._head()
    before = _on_disk(fresh)
    assert "instance/companion.sqlite3" in before
    assert main(["db", "current"]) == 0
    assert capsys.readouterr() == (f"{dbmod._head()}\n", "")
    assert _on_disk(fresh) == before  # no lock file, no journal left, the file as it was


def test_current_on_a_database_file_left_empty_says_none_and_leaves_it_empty(fresh, capsys):
    (fresh / "instance").mkdir()
    (fresh / "instance" / "companion.sqlite3").touch()
    assert main(["db", "current"]) == 0
    assert capsys.readouterr().out.startswith("none (`companion db upgrade`")
    assert _on_disk(fresh) == {"instance": None, "instance/companion.sqlite3": b""}


def test_current_with_postgresql_and_no_secret_key_is_refused_with_nothing_made(fresh,
                                                                               capsys,
                                                                               monkeypatch):
    # refused as before, as the app servers refuse it; the instance folder was made first
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    assert main(["db", "current"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("companion: With PostgreSQL every app server must sign "
                                        "with the same key: ")
    assert _on_disk(fresh) == {}


def test_upgrade_still_makes_what_the_app_needs(fresh, capsys):
    assert main(["db", "upgrade"]) == 0
    capsys.readouterr()
    made = _on_disk(fresh)
    assert {"instance", "instance/secret_key", "instance/companion.sqlite3"} <= set(made)


def test_current_reads_a_database_in_a_folder_whose_name_a_uri_would_misread(
        tmp_path, capsys, monkeypatch):
    # the file is opened by a file: URI, where '?', '#' and '%' mean something
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "a b?c#d%20e"))
    monkeypatch.chdir(tmp_path)
    assert main(["db", "upgrade"]) == 0
    capsys.readouterr()
    assert main(["db", "current"]) == 0
    assert capsys.readouterr() == (f"{dbmod._head()}\n", "")



@pytest.mark.parametrize("yes", [[], ["--yes"]])
def test_prune_with_no_database_yet_says_so_and_makes_none(fresh, capsys, yes):
    # it made the instance folder, a secret key and a database to find no game in it
    assert main(["db", "prune", "--older-than", "90", *yes]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out == (f"no database yet at {fresh / 'instance' / 'companion.sqlite3'}: no games "
                   "to prune\n")
    assert _on_disk(fresh) == {}


def test_prune_counts_the_games_of_a_database_that_is_there(fresh, capsys):
    assert main(["db", "upgrade"]) == 0
    capsys.readouterr()
    assert main(["db", "prune", "--older-than", "90"]) == 0
    assert capsys.readouterr().out.startswith("Games with no change for 90 days: 0 games, ")


def test_current_under_an_sqlite_uri_makes_no_database_in_its_place(fresh, capsys,
                                                                    monkeypatch):
    # a DATABASE_URL naming its file by an SQLite URI was opened as `serve` opens it, which
    # made an empty database where none was (and switched an existing one to WAL)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///file:{fresh / 'typo.sqlite3'}?uri=true")
    assert main(["db", "current"]) == 1
    assert "The database does not answer" in capsys.readouterr().err
    assert _on_disk(fresh) == {}


@pytest.mark.parametrize("action", [["current"], ["upgrade"], ["prune", "--older-than", "90"]])
def test_a_database_url_naming_a_folder_is_said_so_before_anything_is_made(
        fresh, capsys, monkeypatch, action):
    # "The database does not answer: unable to open database file.", exit status 1, and prune
    # made the instance folder, a key and a lock file beside the folder first
    (fresh / "games").mkdir()
    monkeypatch.setenv("DATABASE_URL", "sqlite:///games")
    assert main(["db", *action]) == 2
    assert capsys.readouterr() == ("", "companion: The setting DATABASE_URL names games, a "
                                   "folder: name the SQLite database file "
                                   "(sqlite:///FOLDER/companion.sqlite3).\n")
    assert _on_disk(fresh) == {"games": None}
