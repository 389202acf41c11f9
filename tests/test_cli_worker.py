"""``companion worker``: its numbers are checked before it looks for the queue."""

from __future__ import annotations

import pytest

from companion.cli import main


@pytest.mark.parametrize("seconds", ["0", "-3", "-0.5"])
def test_stalled_seconds_must_be_a_positive_number(capsys, seconds):
    assert main(["worker", "--stalled-seconds", seconds, "--once"]) == 2
    err = capsys.readouterr().err
    assert f"--stalled-seconds must be a number of seconds above zero, not {seconds}." in err


@pytest.mark.parametrize("seconds", ["1e20", "1e-300", "0.00001", "1", "86401"])
def test_stalled_seconds_outside_three_heartbeats_to_a_day_are_refused(capsys, tmp_path,
                                                                       monkeypatch, seconds):
    """PostgreSQL reads the seconds as Python writes the number: one written with an
    exponent (1e+20, 1e-05) was a traceback, "invalid input syntax for type interval", as
    the worker first looked for stalled jobs; and below three heartbeats (sent at most every
    half second) a live worker would be taken for dead. Refused before the queue is looked
    for, on any database."""
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    assert main(["worker", "--stalled-seconds", seconds, "--once"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"companion: --stalled-seconds must be from 1.5 to 86,400 (a day), not {seconds}: a "
        "worker sends a heartbeat every third of it, and no more often than every half "
        "second.\n")
    assert not (tmp_path / "instance").exists()


@pytest.mark.parametrize("seconds", ["1.5", "86400"])
def test_stalled_seconds_from_three_heartbeats_to_a_day_are_taken(capsys, tmp_path,
                                                                  monkeypatch, seconds):
    # taken, the worker goes on to find its database: here, SQLite, which it refuses
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["worker", "--stalled-seconds", seconds, "--once"]) == 2
    assert "runs the jobs queued in PostgreSQL" in capsys.readouterr().err


@pytest.mark.parametrize("count", ["0", "-3"])
def test_concurrency_below_one_is_refused_repeating_it(capsys, count):
    # it said "--concurrency is at least 1." without the number, unlike --port and --top
    assert main(["worker", "--concurrency", count, "--once"]) == 2
    assert capsys.readouterr().err == f"companion: --concurrency must be 1 or more, not {count}.\n"


def test_the_help_names_what_each_number_is(capsys):
    with pytest.raises(SystemExit):
        main(["worker", "--help"])
    out = capsys.readouterr().out
    assert "[--concurrency N] [--stalled-seconds SECONDS]" in " ".join(out.split())


def test_a_worker_without_postgresql_says_so_in_its_own_words(capsys, tmp_path, monkeypatch):
    # it read "companion: Companion worker runs the jobs ...": the command's name, typed in
    # lower case, capitalised as the sentence's first word
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["worker", "--once"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("companion: The worker runs the jobs queued in PostgreSQL: set "
                          "DATABASE_URL=postgresql://... (with SQLite")


def test_a_worker_refused_for_want_of_postgresql_leaves_no_files(capsys, tmp_path, monkeypatch):
    # it made the instance folder, a secret key and a whole SQLite database, migrated, and
    # only then said that it needs PostgreSQL
    instance = tmp_path / "instance"
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("COMPANION_JOB_QUEUE", raising=False)
    assert main(["worker", "--once"]) == 2
    assert "runs the jobs queued in PostgreSQL" in capsys.readouterr().err
    assert not instance.exists()


def test_a_worker_given_a_database_url_of_no_known_kind_says_so(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", "nosuchdb://x/y")
    assert main(["worker", "--once"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: DATABASE_URL names no database this app can use") \
        and err.count("\n") == 1


def test_a_postgresql_queue_without_postgresql_is_refused_before_anything_is_made(
        capsys, tmp_path, monkeypatch):
    # JOB_QUEUE=postgres on SQLite started a worker that retried the SQLite URL as a
    # PostgreSQL one for ever (and app servers that queued jobs no worker could take)
    from companion.web import ConfigError, configured

    instance = tmp_path / "instance"
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("COMPANION_JOB_QUEUE", "postgres")
    said = ("The setting JOB_QUEUE (COMPANION_JOB_QUEUE) is postgres, which needs PostgreSQL "
            "(DATABASE_URL=postgresql://...): with SQLite each app process runs the jobs itself "
            "(embedded, or left out).")
    with pytest.raises(ConfigError) as refused:
        configured(settle=False)
    assert str(refused.value) == said
    assert main(["worker", "--once"]) == 2
    assert capsys.readouterr().err == f"companion: {said}\n"
    assert not instance.exists()
