"""Several hosts: two gunicorn app servers with their own instance folders and one
``companion worker``, real processes on loopback, sharing nothing but a PostgreSQL database
(a fresh one on the test server) and the signing key."""

from __future__ import annotations

import concurrent.futures
import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import warnings
from pathlib import Path

import psycopg
import pytest

ROOT = Path(__file__).resolve().parents[2]
STALLED = 3  # seconds of silence after which a worker is taken for dead (the test's setting)

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def database():
    """A fresh database on the test server, dropped afterwards."""
    from conftest import fresh_database

    with fresh_database("companion_hosts") as url:
        yield url


class Hosts:
    """The processes of the test: app servers A and B, and the workers started so far."""

    def __init__(self, tmp: Path, db_url: str) -> None:
        self.tmp, self.db_url = tmp, db_url
        self.env = dict(os.environ, DATABASE_URL=db_url, COMPANION_SECRET_KEY="k" * 64,
                        COMPANION_GIRDLE_SOLVE_SECONDS="4", PYTHONPATH=str(ROOT))
        self.env.pop("COMPANION_JOB_QUEUE", None)
        self.procs: list[subprocess.Popen] = []
        self.urls: list[str] = []
        self.workers: list[subprocess.Popen] = []

    def server(self, name: str) -> str:
        port = _free_port()
        env = dict(self.env, COMPANION_INSTANCE=str(self.tmp / name))
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:companion.web.gunicorn_conf",
             "--workers", "2", "--threads", "4", "--bind", f"127.0.0.1:{port}",
             "--log-level", "warning", "companion.web:create_app()"], cwd=ROOT, env=env)
        self.procs.append(proc)
        url = f"http://127.0.0.1:{port}"
        self.urls.append(url)
        return url

    def worker(self) -> subprocess.Popen:
        env = dict(self.env, COMPANION_INSTANCE=str(self.tmp / "worker"))
        log = open(self.tmp / f"worker-{len(self.workers)}.log", "w")  # noqa: SIM115
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "worker", "--stalled-seconds", str(STALLED)],
            cwd=ROOT, env=env, stderr=log)
        log.close()  # the worker holds its own copy
        self.workers.append(proc)
        return proc

    def wait_ready(self) -> None:
        for url, proc in zip(self.urls, self.procs, strict=True):
            for _ in range(300):
                try:
                    with urllib.request.urlopen(url + "/readyz", timeout=2) as resp:
                        assert json.load(resp)["jobs"] == "postgres"
                    break
                except OSError:
                    if proc.poll() is not None:
                        pytest.fail(f"gunicorn exited with {proc.returncode}")
                    time.sleep(0.2)
            else:
                pytest.fail("an app server did not get ready")

    def stop(self) -> None:
        for proc in self.procs + self.workers:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs + self.workers:
            try:
                proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def worker_log(self) -> str:
        """The end of the workers' logs (for a failing test's message)."""
        logs = sorted(self.tmp.glob("worker-*.log"))
        return "\n".join(p.read_text(errors="replace")[-3000:] for p in logs)

    def sql(self, query: str, *args):
        with psycopg.connect(self.db_url) as conn:
            return conn.execute(query, args).fetchall()


@pytest.fixture(scope="module")
def hosts(database, tmp_path_factory):
    h = Hosts(tmp_path_factory.mktemp("hosts"), database)
    try:
        h.server("a")
        h.server("b")
        h.wait_ready()
        h.worker()
        yield h
    finally:
        h.stop()


def _get(url: str, opener=None):
    try:
        resp = (opener or urllib.request.build_opener()).open(url, timeout=30)
        return resp.status, resp.read(), resp.headers
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), exc.headers


def _until(check, seconds: float, what: str):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"{what} did not happen in {seconds} s")


def test_a_job_asked_of_both_servers_at_once_runs_once(hosts):
    a, b = hosts.urls
    day = "2026-11-21"  # a star: its par is proven in seconds
    urls = [f"{(a, b)[i % 2]}/api/girdle/{day}/hints" for i in range(16)]
    other: list[tuple[int, bytes]] = []  # answers other than 200 and 202

    def ask(url: str) -> int:
        code, body, _ = _get(url)
        if code not in (200, 202):
            other.append((code, body))
        return code

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        first = list(pool.map(ask, urls))
    assert 202 in first
    _until(lambda: ask(urls[0]) == 200 and ask(urls[1]) == 200, 90, "par")
    grid_a, grid_b = (json.loads(_get(u)[1]) for u in urls[:2])
    assert grid_a == grid_b
    assert json.loads(_get(b + "/readyz")[1])["workers"] == 1
    rows = hosts.sql("SELECT key, state, attempts FROM jobs WHERE kind = 'girdle-par'")
    assert len(rows) == 1 and rows[0][1:] == ("done", 1)  # searched once
    queued = hosts.sql("SELECT status FROM procrastinate_jobs WHERE args->>'key' = %s",
                       rows[0][0])
    # queued once, whichever server was asked; a search that failed is reported to one
    # request (503 with its reason) and queued again by the next, and only then
    failed = [body.decode(errors="replace") for code, body in other if code == 503]
    assert all(code == 503 for code, _ in other), other
    assert queued == [("succeeded",)] * (1 + len(failed)), (failed, hosts.worker_log())
    if failed:
        warnings.warn(f"a par search failed and was searched again: {failed}", stacklevel=1)
    assert hosts.sql("SELECT count(*) FROM girdle_pars") == [(1,)]


def test_a_file_built_through_one_server_downloads_from_the_other(hosts):
    a, b = hosts.urls
    query = "/api/prints/3d?part=coupon&clearance=0.3&bed=200x200&estimate=0"
    assert _get(a + query)[0] == 202
    status, body, _ = _until(lambda: (lambda r: r if r[0] == 200 else None)(_get(a + query)),
                             120, "the build")
    built = json.loads(body)
    (stl,) = built["downloads"]
    from_a, from_b = _get(a + stl), _get(b + stl)
    assert from_a[0] == from_b[0] == 200 and from_a[1] == from_b[1]
    assert from_b[1].startswith(b"solid") or len(from_b[1]) > 84  # an STL, text or binary
    preview = _get(b + built["previews"][0])
    assert preview[0] == 200 and preview[1].startswith(b"\x89PNG")
    # a printable PDF built by A is sent by B from the database
    pdf = "/prints/score-sheet.pdf?game=bugwords&paper=a4"
    assert _get(a + pdf)[1] == _get(b + pdf)[1]
    assert hosts.sql("SELECT count(*) FROM artifacts WHERE name LIKE 'score-sheet-%%'") == [
        (1,)]


def test_a_game_played_through_both_servers_stays_one_game(hosts):
    a, b = hosts.urls
    game = json.loads(urllib.request.urlopen(urllib.request.Request(
        a + "/api/games", data=json.dumps({"game": "werdup", "players": ["A", "B"]}).encode(),
        headers={"Content-Type": "application/json"})).read())
    for n, score in enumerate(range(1, 9)):
        req = urllib.request.Request(
            f"{(a, b)[n % 2]}/api/games/{game['table_key']}/turns",
            data=json.dumps({"score": score, "version": n}).encode(),
            headers={"Content-Type": "application/json"})
        assert urllib.request.urlopen(req).status in (200, 201)
    stale = urllib.request.Request(  # a change from a page that missed the last turn
        f"{a}/api/games/{game['table_key']}/turns",
        data=json.dumps({"score": 50, "version": 3}).encode(),
        headers={"Content-Type": "application/json"})
    assert _get(stale)[0] == 409
    seen = [json.loads(_get(f"{url}/api/games/{game['table_key']}")[1]) for url in (a, b)]
    assert seen[0] == seen[1]
    assert [p["total"] for p in seen[0]["players"]] == [1 + 3 + 5 + 7, 2 + 4 + 6 + 8]
    # a browser session signed by A is good on B: its form token and its Girdle player
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = browser.open(a + "/judge").read().decode()
    tok = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"words": "cat dog", "csrf_token": tok}).encode()
    with browser.open(b + "/judge", data=body) as resp:
        assert resp.status == 200 and ">VALID<" in resp.read().decode()


def _start_build(hosts, server: str, clearance: str) -> tuple[str, str]:
    """Ask ``server`` for a coupon build; its query and job key once a worker runs it."""
    query = f"/api/prints/3d?part=coupon&clearance={clearance}&bed=190x190&estimate=0"
    assert _get(server + query)[0] == 202
    key = _until(lambda: hosts.sql(
        "SELECT key FROM jobs WHERE kind = 'cad-build' AND state = 'running' "
        "AND inputs->>'clearance' = %s", clearance), 60, "the build starting")[0][0]
    return query, key


def test_a_worker_killed_mid_job_leaves_the_job_to_the_next_worker(hosts):
    a, b = hosts.urls
    query, key = _start_build(hosts, b, "0.25")
    time.sleep(1.0)  # half way through the build
    (first,) = hosts.workers
    first.send_signal(signal.SIGKILL)
    first.wait()
    assert hosts.sql("SELECT state FROM jobs WHERE key = %s", key) == [("running",)]
    hosts.worker()
    status, body, _ = _until(lambda: (lambda r: r if r[0] == 200 else None)(_get(a + query)),
                             120, "the retried build")
    assert json.loads(body)["status"] == "built"
    assert hosts.sql("SELECT state, attempts FROM jobs WHERE key = %s", key) == [("done", 2)]
    assert hosts.sql("SELECT status FROM procrastinate_jobs WHERE args->>'key' = %s",
                     key) == [("succeeded",)]


def test_the_instance_folders_hold_nothing_another_host_needs(hosts):
    for name in ("a", "b"):
        left = [p for p in (hosts.tmp / name).rglob("*") if p.is_file()]
        assert left == [], f"server {name} keeps {left}"


def test_a_graceful_stop_lets_the_worker_finish_its_job(hosts):
    a, _b = hosts.urls
    _query, key = _start_build(hosts, a, "0.35")
    worker = hosts.workers[-1]
    worker.send_signal(signal.SIGTERM)
    assert worker.wait(timeout=120) == 0
    assert hosts.sql("SELECT state FROM jobs WHERE key = %s", key) == [("done",)]
