"""A day of Girdle traffic across several app servers sharing one PostgreSQL database, next to
one server (``bench/web.py --hosts 2`` runs this).

Each round makes a fresh database on the PostgreSQL server of ``--database-url`` (default
``$DATABASE_URL_TEST``: run inside ``scripts/pg-throwaway.sh``'s server, see docs/web.md),
starts the app servers (gunicorn, each with its own instance folder) and one ``companion
worker``, waits until the day's par is known, and sends a day's mix from concurrent keep-alive
clients spread evenly over the servers (as a load balancer would): page views of the day's
puzzle, submissions of complete sheets by issued players, and downloads of the day's sheet
PDF. It prints throughput and latency percentiles, overall and per kind of request.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.error import URLError
from urllib.request import Request, urlopen

from servers import CONTENT_LENGTH, free_port, percentile, wait_until_up

from companion.web.pgqueue import libpq_url

ROOT = Path(__file__).resolve().parent.parent
DAY = "2026-11-20"
MIX = (("page", 0.70), ("submit", 0.20), ("pdf", 0.10))  # a day's share of each request


@dataclass
class Site:
    """The processes of one round: app servers and a worker on one fresh database."""

    db_url: str
    hosts: int
    workers: int
    threads: int
    tmp: Path
    procs: list[subprocess.Popen] = field(default_factory=list)
    ports: list[int] = field(default_factory=list)

    def env(self, instance: str) -> dict[str, str]:
        # every client of the benchmark sends from 127.0.0.1: its players and their sheets
        # would meet the limits one address has (companion.web.quota)
        return dict(os.environ, DATABASE_URL=self.db_url, COMPANION_SECRET_KEY="b" * 64,
                    COMPANION_INSTANCE=str(self.tmp / instance), PYTHONPATH=str(ROOT),
                    COMPANION_PLAYERS_PER_HOUR="100000",
                    COMPANION_SUBMISSIONS_PER_HOUR="100000")

    def start(self) -> None:
        for n in range(self.hosts):
            port = free_port()
            self.ports.append(port)
            self.procs.append(subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", "python:companion.web.gunicorn_conf",
                 "--workers", str(self.workers), "--threads", str(self.threads),
                 "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
                 "companion.web:create_app()"], cwd=ROOT, env=self.env(f"server-{n}")))
        self.procs.append(subprocess.Popen([sys.executable, "-m", "companion", "worker"],
                                           cwd=ROOT, env=self.env("worker")))
        for port in self.ports:
            wait_until_up(f"http://127.0.0.1:{port}/readyz", self.procs, timeout=120)

    def stop(self) -> None:
        for proc in self.procs:
            proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()


def _post_json(url: str, body: dict) -> dict:
    req = Request(url, data=json.dumps(body).encode(), headers={
        "Content-Type": "application/json"})
    with urlopen(req, timeout=60) as resp:
        return json.load(resp)


def _sheets() -> list[str]:
    """Complete sheets for the day, typed as players would (found by the engine)."""
    import datetime as dt

    from companion.girdle import puzzle_for
    from companion.girdle.generator import find_solution
    from companion.lexicon import default_lexicon

    pz = puzzle_for(dt.date.fromisoformat(DAY), lexicon=default_lexicon())
    moves = find_solution(pz, default_lexicon())
    return ["\n".join(f"{m.word} {m.start + 1}" for m in moves)]


def _prepare(ports: list[int], players: int) -> list[str]:
    """Issued players, and the day's par known (asked through every server)."""
    ids = [_post_json(f"http://127.0.0.1:{ports[n % len(ports)]}/api/girdle/players",
                      {})["player"] for n in range(players)]
    end = time.monotonic() + 180
    while time.monotonic() < end:
        try:
            with urlopen(f"http://127.0.0.1:{ports[0]}/api/girdle/{DAY}/hints",
                         timeout=30) as resp:
                if resp.status == 200:
                    break
        except (URLError, OSError):
            pass
        time.sleep(0.5)
    for port in ports:  # every server has drawn the sheet once, and loaded its templates
        for path in (f"/girdle/{DAY}", f"/girdle/{DAY}.pdf?paper=letter",
                     f"/girdle/{DAY}.pdf?paper=a4"):
            for _ in range(4):
                urlopen(f"http://127.0.0.1:{port}{path}", timeout=60).read()
    return ids


def _request(kind: str, rng: random.Random, players: list[str], sheets: list[str],
             host: str) -> bytes:
    if kind == "page":
        return f"GET /girdle/{DAY} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    if kind == "pdf":
        paper = rng.choice(("letter", "a4"))
        return f"GET /girdle/{DAY}.pdf?paper={paper} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    body = json.dumps({"solution": rng.choice(sheets), "player": rng.choice(players)}).encode()
    return (f"POST /api/girdle/{DAY}/submissions HTTP/1.1\r\nHost: {host}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
            ).encode() + body


async def _load(ports: list[int], clients: int, seconds: float, players: list[str],
                sheets: list[str]) -> tuple[dict[str, list[float]], int, float]:
    latencies: dict[str, list[float]] = {kind: [] for kind, _ in MIX}
    errors = 0
    failed: Counter[str] = Counter()
    deadline = time.monotonic() + seconds
    kinds, weights = zip(*MIX, strict=True)

    async def client(n: int) -> None:
        nonlocal errors
        rng = random.Random(n)
        port = ports[n % len(ports)]
        mine = players[n::clients] or players  # one phone, its own players
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        while time.monotonic() < deadline:
            kind = rng.choices(kinds, weights)[0]
            t0 = time.perf_counter()
            try:
                writer.write(_request(kind, rng, mine, sheets, "127.0.0.1"))
                head = await reader.readuntil(b"\r\n\r\n")
                length = CONTENT_LENGTH.search(head)
                await reader.readexactly(int(length.group(1)) if length else 0)
                ok = head.startswith((b"HTTP/1.1 200", b"HTTP/1.1 201"))
                if not ok:
                    failed[f"{kind} {head[9:12].decode()}"] += 1
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as exc:
                ok = False
                failed[f"{kind} {type(exc).__name__}"] += 1
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
            latencies[kind].append(time.perf_counter() - t0)
            errors += not ok
        writer.close()

    t0 = time.perf_counter()
    await asyncio.gather(*(client(n) for n in range(clients)))
    if failed:
        print("failed requests:", dict(failed), file=sys.stderr)
    return latencies, errors, time.perf_counter() - t0


def one_round(base_url: str, hosts: int, workers: int, threads: int, clients: int,
              seconds: float, players: int, sheets: list[str]) -> dict:
    """Start ``hosts`` servers and a worker on a fresh database, send the day's mix, stop."""
    import psycopg

    name = f"companion_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(libpq_url(base_url), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    db_url = re.sub(r"/[^/]+$", f"/{name}", libpq_url(base_url))
    try:
        with tempfile.TemporaryDirectory() as tmp:
            site = Site(db_url, hosts, workers, threads, Path(tmp))
            try:
                site.start()
                ids = _prepare(site.ports, players)
                lat, errors, wall = asyncio.run(_load(site.ports, clients, seconds, ids,
                                                      sheets))
            finally:
                site.stop()
    finally:
        with psycopg.connect(libpq_url(base_url), autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    every = [x for values in lat.values() for x in values]
    return {"hosts": hosts, "requests": len(every), "errors": errors, "wall": wall,
            "rps": len(every) / wall, "p50": 1000 * percentile(every, 50),
            "p99": 1000 * percentile(every, 99),
            "kinds": {k: (len(v), 1000 * percentile(v, 50), 1000 * percentile(v, 99))
                      for k, v in lat.items() if v}}


def run(hosts: int, workers: int, threads: int, clients: int, seconds: float,
        players: int = 200, database_url: str | None = None) -> None:
    """One server, then ``hosts`` servers, each round on its own fresh database."""
    url = database_url or os.environ.get("DATABASE_URL_TEST") or os.environ.get(
        "DATABASE_URL")
    if not url or not url.startswith(("postgres://", "postgresql")):
        raise SystemExit("bench: --hosts needs a PostgreSQL server: give --database-url or "
                         "DATABASE_URL_TEST (see docs/web.md, 'Benchmark: several hosts').")
    sheets = _sheets()
    rounds = [one_round(url, n, workers, threads, clients, seconds, players, sheets)
              for n in sorted({1, hosts})]
    print(f"a day of Girdle traffic ({', '.join(f'{k} {w:.0%}' for k, w in MIX)}), "
          f"{clients} keep-alive clients spread over the servers, {seconds:g} s a round; each "
          f"server gunicorn {workers} workers x {threads} threads, one companion worker, "
          f"PostgreSQL on loopback, {os.cpu_count()} CPUs shared by everything")
    print("servers  requests  errors  requests/s  p50 ms  p99 ms  | p99 page / submit / pdf")
    for r in rounds:
        kinds = " / ".join(f"{r['kinds'][k][2]:.0f}" if k in r["kinds"] else "-"
                           for k, _ in MIX)
        print(f"{r['hosts']:>7}  {r['requests']:>8}  {r['errors']:>6}  {r['rps']:>10.0f}  "
              f"{r['p50']:>6.1f}  {r['p99']:>6.1f}  | {kinds}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine load average at the end: {load:.1f}")


if __name__ == "__main__":  # a part of another benchmark
    raise SystemExit("bench/web_hosts.py is run by bench/web.py: "
                     "PYTHONPATH=. .venv/bin/python bench/web.py --hosts 2")
