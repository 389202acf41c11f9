"""Jobs and built files: one interface for both runners, keyed by inputs and code version;
the configuration several hosts need; health and readiness."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import threading
import time

import pytest
from appfactory import at_once, make_app

from companion.web import ConfigError, artifacts, create_app, jobs
from companion.web.db import session
from companion.web.models import Artifact, Job


@pytest.fixture
def counted(monkeypatch):
    """A job kind that counts its runs and is held until the test lets it go."""
    runs, gate = [], threading.Event()

    def run(inputs):
        runs.append(inputs)
        assert gate.wait(30)
        if inputs.get("fail"):
            raise jobs.CompanionError("the test's job failed")
        return jobs.Output(result={"twice": inputs["n"] * 2},
                           files=[("n.txt", str(inputs["n"]).encode(), "text/plain")])

    monkeypatch.setitem(jobs.KINDS, "test-kind", jobs.Kind("test-kind", ("cad",), run))
    return runs, gate


def _wait(app, key, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with app.app_context():
            row = session().get(Job, key)
            if row.state in (jobs.DONE, jobs.FAILED):
                return row.state, row.attempts, row.result, row.error
        time.sleep(0.05)
    raise AssertionError("the job did not end")


def test_a_job_asked_for_many_times_runs_once_and_keeps_its_files(tmp_path, counted):
    runs, gate = counted
    app = make_app(tmp_path)
    with app.app_context():
        first = jobs.submit(session(), "test-kind", {"n": 21})
        assert first.state in (jobs.QUEUED, jobs.RUNNING)
        for _ in range(5):
            assert jobs.submit(session(), "test-kind", {"n": 21}).key == first.key
        key = first.key
    gate.set()
    assert _wait(app, key) == (jobs.DONE, 1, {"twice": 42}, None)
    with app.app_context():
        again = jobs.submit(session(), "test-kind", {"n": 21})
        assert again.state == jobs.DONE
        assert artifacts.get(session(), key, "n.txt").data == b"21"
        assert artifacts.names(session(), key) == ["n.txt"]
    assert len(runs) == 1


def test_a_failed_job_is_reported_until_forgotten_then_runs_again(tmp_path, counted):
    runs, gate = counted
    gate.set()
    app = make_app(tmp_path)
    with app.app_context():
        key = jobs.submit(session(), "test-kind", {"n": 1, "fail": True}).key
    assert _wait(app, key)[::3] == (jobs.FAILED, "the test's job failed")
    with app.app_context():
        assert jobs.submit(session(), "test-kind", {"n": 1, "fail": True}).state == jobs.FAILED
        jobs.forget(session(), key)
        assert jobs.submit(session(), "test-kind", {"n": 1, "fail": True}).state != jobs.DONE
    _wait(app, key)
    assert len(runs) == 2


def test_a_job_left_half_way_is_queued_again(tmp_path, counted):
    """A job whose runner stopped (its process killed) stays 'running' with no progress;
    past STALE_SECONDS the next request queues it again."""
    runs, gate = counted
    gate.set()
    app = make_app(tmp_path)
    with app.app_context():
        key = jobs.key_of("test-kind", {"n": 5})
        old = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(
            seconds=jobs.STALE_SECONDS + 1)
        session().add(Job(key=key, kind="test-kind", inputs={"n": 5}, state=jobs.RUNNING,
                          attempts=1, created=old, updated=old))
        session().commit()
        assert jobs.submit(session(), "test-kind", {"n": 5}).state in (jobs.QUEUED,
                                                                     jobs.RUNNING, jobs.DONE)
    assert _wait(app, key)[:2] == (jobs.DONE, 2)
    assert runs == [{"n": 5}]


def test_too_many_jobs_at_once_are_refused(tmp_path, counted, monkeypatch):
    runs, gate = counted
    monkeypatch.setattr(jobs, "MAX_PENDING", 2)
    app = make_app(tmp_path)
    with app.app_context():
        jobs.submit(session(), "test-kind", {"n": 1})
        jobs.submit(session(), "test-kind", {"n": 2})
        with pytest.raises(jobs.Busy, match="busy"):
            jobs.submit(session(), "test-kind", {"n": 3})
        jobs.submit(session(), "test-kind", {"n": 1})  # under way: not a new job
    gate.set()


def test_a_burst_of_new_jobs_passes_no_limit(tmp_path, any_db_url, counted, monkeypatch):
    """Eight new jobs asked for at the same moment against room for three: exactly three are
    queued, the others refused as busy, on SQLite and on PostgreSQL (counting the jobs under
    way and adding one are one step)."""
    runs, gate = counted
    monkeypatch.setattr(jobs, "MAX_PENDING", 3)
    app = make_app(tmp_path, any_db_url)

    def ask(_client, i):
        with app.app_context():
            try:
                jobs.submit(session(), "test-kind", {"n": i})
                return "queued"
            except jobs.Busy:
                session().rollback()
                return "busy"

    try:
        said = at_once(app, ask, 8)
        assert sorted(said) == ["busy"] * 5 + ["queued"] * 3
        with app.app_context():
            assert session().query(Job).count() == 3
    finally:
        gate.set()
        for n in range(8):
            with app.app_context():
                if session().get(Job, jobs.key_of("test-kind", {"n": n})) is not None:
                    _wait(app, jobs.key_of("test-kind", {"n": n}))


def test_keys_change_with_the_inputs_and_the_code(tmp_path, monkeypatch):
    base = artifacts.make_key("print", {"name": "x.pdf"}, ("printables",))
    assert base == artifacts.make_key("print", {"name": "x.pdf"}, ("printables",))
    assert base != artifacts.make_key("print", {"name": "y.pdf"}, ("printables",))
    assert base != artifacts.make_key("other", {"name": "x.pdf"}, ("printables",))
    # a change to the producing code: a new version, so new files
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "draw.py").write_text("A = 1\n")
    monkeypatch.setattr(artifacts, "ROOT", tmp_path)
    before = artifacts.code_version.__wrapped__("pkg")
    (tmp_path / "pkg" / "draw.py").write_text("A = 2\n")
    assert artifacts.code_version.__wrapped__("pkg") != before


def test_a_file_built_by_two_servers_at_once_is_stored_once(tmp_path):
    app = make_app(tmp_path)
    with app.app_context():
        db = session()
        artifacts.put(db, "k" * 64, "a.pdf", b"one", "application/pdf")
        artifacts.put(db, "k" * 64, "a.pdf", b"one", "application/pdf")
        db.commit()
        assert db.query(Artifact).count() == 1


def test_postgres_without_a_secret_key_refuses_to_start(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_SECRET_KEY", raising=False)
    with pytest.raises(ConfigError, match="COMPANION_SECRET_KEY"):
        create_app({"DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none"},
                   instance_path=str(tmp_path / "instance"))
    assert not (tmp_path / "instance" / "secret_key").exists()
    # gunicorn says so in a sentence and stops, before any worker starts
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none",
           "COMPANION_INSTANCE": str(tmp_path / "g")}
    done = subprocess.run(
        [sys.executable, "-m", "gunicorn", "-c", "python:companion.web.gunicorn_conf",
         "--bind", "127.0.0.1:0", "companion.web:create_app()"],
        capture_output=True, text=True, timeout=60, env=env, cwd=str(jobs.artifacts.ROOT))
    assert done.returncode != 0
    assert "companion: With PostgreSQL every app server must sign" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_worker_command_says_it_serves_postgresql_only(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "COMPANION_INSTANCE": str(tmp_path / "w")}
    done = subprocess.run([sys.executable, "-m", "companion", "worker", "--once"],
                          capture_output=True, text=True, timeout=60, env=env,
                          cwd=str(jobs.artifacts.ROOT))
    assert done.returncode == 2 and "runs the jobs queued in PostgreSQL" in done.stderr
    assert "Traceback" not in done.stderr
    env.update(DATABASE_URL="postgresql://nobody@127.0.0.1:1/none", COMPANION_SECRET_KEY="k")
    done = subprocess.run([sys.executable, "-m", "companion", "worker", "--once"],
                          capture_output=True, text=True, timeout=60, env=env,
                          cwd=str(jobs.artifacts.ROOT))
    assert done.returncode == 1 and "The database does not answer" in done.stderr
    assert "Traceback" not in done.stderr


def test_health_and_readiness(sqlite_app):
    from companion.web import health

    client = sqlite_app.test_client()
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json() == {"status": "ready", "jobs": "embedded"}
    health.stopping()
    try:
        resp = client.get("/readyz")
        assert resp.status_code == 503 and resp.get_json()["status"] == "stopping"
        assert client.get("/healthz").status_code == 200
    finally:
        health._stopping.clear()


def test_readiness_says_when_the_database_does_not_answer(tmp_path):
    """The app's database moved to an address where nothing listens: not ready, in words."""
    from sqlalchemy import create_engine

    app = make_app(tmp_path)
    factory = app.extensions["companion_db"]
    factory.kw["bind"] = create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none",
                                       connect_args={"connect_timeout": 2})
    resp = app.test_client().get("/readyz")
    assert resp.status_code == 503
    assert resp.get_json() == {"status": "unready", "reason": "the database does not answer"}


def test_old_files_and_finished_jobs_are_forgotten_together(tmp_path):
    """Past ARTIFACT_RETENTION_DAYS a finished job goes with its files (asked again, it is
    built again), and so do old files no job made; newer ones and jobs under way stay."""
    from companion.web.retention import forget_old_artifacts

    app = make_app(tmp_path)
    now = dt.datetime(2026, 12, 1)
    old, new = now - dt.timedelta(days=100), now - dt.timedelta(days=10)
    with app.app_context():
        db = session()
        for key, state, when in (("a" * 64, jobs.DONE, old), ("b" * 64, jobs.DONE, new),
                                 ("c" * 64, jobs.RUNNING, old)):
            db.add(Job(key=key, kind="cad-build", inputs={}, state=state, attempts=1,
                       created=when, updated=when))
        db.flush()
        # the old job's file was stored a moment before it ended (just inside the window)
        for key, name, when in (("a" * 64, "a.stl", new), ("b" * 64, "b.stl", old),
                                ("d" * 64, "old.pdf", old), ("e" * 64, "new.pdf", new)):
            db.add(Artifact(key=key, name=name, mime="x/y", data=b"1", created=when))
        db.commit()
        assert forget_old_artifacts(db, 90, now) == 2
        db.commit()
        assert sorted(a.name for a in db.query(Artifact)) == ["b.stl", "new.pdf"]
        assert sorted(j.key[0] for j in db.query(Job)) == ["b", "c"]


def test_files_kept_more_days_than_the_calendar_holds_are_printed_and_kept(tmp_path):
    """An ARTIFACT_RETENTION_DAYS past the calendar's first day (files kept for ever): every
    new PDF was a 500, Python's "date value out of range" as the old files were dropped."""
    app = make_app(tmp_path, ARTIFACT_RETENTION_DAYS=10**9)
    client = app.test_client()
    for game in ("werdup", "bugwords"):
        resp = client.get(f"/api/prints/tiles?game={game}")
        assert resp.status_code == 200 and resp.data.startswith(b"%PDF")
    with app.app_context():
        assert session().query(Artifact).count() == 2
