"""Web benchmark: requests per second and latency of the challenge API under concurrent
clients, served by gunicorn on loopback (target: p99 under 50 ms with 50 clients).

    .venv/bin/python bench/web.py [--clients 50] [--requests 20000] [--seconds 30]
                                  [--workers 2] [--threads 2] [--worker-connections N]
    .venv/bin/python bench/web.py --hosts 2 [--database-url postgresql://...]
        (a day of Girdle traffic across two app servers sharing PostgreSQL, next to one:
        see bench/web_hosts.py)

Starts gunicorn (with ``companion/web/gunicorn_conf.py``) and a throwaway instance folder,
waits until it answers, sends at most ``--requests`` requests (and for at most ``--seconds``)
from ``--clients`` concurrent keep-alive connections, prints the figures, and stops the server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.request import urlopen

from servers import CONTENT_LENGTH, free_port, percentile, wait_until_up

ROOT = Path(__file__).resolve().parent.parent
NON_WORDS = ["zyzzyva", "pdqx", "Paris", "qwerty", "xqz", "aaaaaa", "cat5", "nonwordish"]


def word_pool(size: int, seed: int = 7) -> list[str]:
    """``size`` words drawn from the default list, plus a few that are not valid."""
    from companion.lexicon import default_lexicon

    words = list(default_lexicon().words)
    return random.Random(seed).sample(words, size) + NON_WORDS


def start_gunicorn(port: int, workers: int, threads: int, instance: str,
                   worker_class: str = "gthread", connections: int = 1000) -> subprocess.Popen:
    env = dict(os.environ, COMPANION_INSTANCE=instance)
    env.pop("DATABASE_URL", None)
    cmd = [sys.executable, "-m", "gunicorn", "-c", "python:companion.web.gunicorn_conf",
           "--workers", str(workers), "--threads",
           str(threads), "--worker-class", worker_class,
           "--worker-connections", str(connections), "--bind", f"127.0.0.1:{port}",
           "--log-level", "warning", "companion.web:create_app()"]
    return subprocess.Popen(cmd, cwd=ROOT, env=env)


async def run_clients(host: str, port: int, clients: int, total: int, seconds: float,
                      pool: list[str]) -> tuple[list[float], int, float]:
    """``clients`` keep-alive HTTP/1.1 connections, each sending its next request as soon as
    the last answer is in (a lean client, so the two cores go to the server)."""
    latencies: list[float] = []
    errors = 0
    sent = 0
    deadline = time.monotonic() + seconds
    rng = random.Random(7)
    games = ["", "&game=pdq", "&game=bugwords", "&game=werdup"]

    async def client() -> None:
        nonlocal errors, sent
        reader, writer = await asyncio.open_connection(host, port)
        while sent < total and time.monotonic() < deadline:
            sent += 1
            path = f"/api/check?word={rng.choice(pool)}{rng.choice(games)}"
            t0 = time.perf_counter()
            try:
                writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
                head = await reader.readuntil(b"\r\n\r\n")
                length = CONTENT_LENGTH.search(head)
                await reader.readexactly(int(length.group(1)) if length else 0)
                ok = head.startswith(b"HTTP/1.1 200")
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                ok = False
                writer.close()
                reader, writer = await asyncio.open_connection(host, port)
            latencies.append(time.perf_counter() - t0)
            errors += not ok
        writer.close()

    t0 = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return latencies, errors, time.perf_counter() - t0


def warm_up(base: str, workers: int, pool: list[str]) -> None:
    """Let every worker answer some requests first (loading the word list and definitions)."""
    for word in pool[: workers * 100]:
        with urlopen(f"{base}/api/check?word={word}", timeout=30) as resp:
            resp.read()


def in_process_cost(pool: list[str], n: int = 2000) -> tuple[float, float]:
    """Server work per request without HTTP or scheduling: ms through the WSGI app for
    first-time words (definitions looked up) and for repeated ones (answer remembered)."""
    from werkzeug.test import EnvironBuilder

    from companion.web import create_app

    def start_response(_status, _headers, _exc=None):
        return lambda _data: None

    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"SECRET_KEY": "bench"}, instance_path=instance)
        environs = [EnvironBuilder(path="/api/check", query_string={"word": w}).get_environ()
                    for w in pool[:n]]

        def run() -> float:
            t0 = time.perf_counter()
            for env in environs:
                b"".join(app(dict(env), start_response))
            return (time.perf_counter() - t0) / len(environs) * 1000

        return run(), run()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients")
    parser.add_argument("--requests", type=int, default=20000, help="requests to send at most")
    parser.add_argument("--seconds", type=float, default=30, help="time limit for the run")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=2, help="threads per worker")
    parser.add_argument("--worker-class", default="gthread",
                        help="gunicorn worker class (gthread, gevent, sync)")
    parser.add_argument("--worker-connections", type=int, default=None,
                        help="most connections one worker holds at once (default: an even "
                             "share of the clients plus 2)")
    parser.add_argument("--pool", type=int, default=2000,
                        help="distinct words to ask about (drawn from the default list)")
    parser.add_argument("--hosts", type=int, default=None,
                        help="a day of Girdle traffic across this many app servers sharing "
                             "PostgreSQL, next to one server (bench/web_hosts.py)")
    parser.add_argument("--database-url", default=None,
                        help="with --hosts: the PostgreSQL server to make the rounds' "
                             "databases on (default $DATABASE_URL_TEST)")
    args = parser.parse_args()
    if args.hosts:
        import web_hosts

        web_hosts.run(args.hosts, args.workers, args.threads, args.clients, args.seconds,
                      database_url=args.database_url)
        return
    if args.worker_connections is None:
        args.worker_connections = -(-args.clients // args.workers) + 2

    cold, warm = in_process_cost(word_pool(args.pool))
    port = free_port()
    with tempfile.TemporaryDirectory() as instance:
        proc = start_gunicorn(port, args.workers, args.threads, instance, args.worker_class,
                              args.worker_connections)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(f"{base}/api/check?word=cat", proc)
            warm_up(base, args.workers, word_pool(args.pool, seed=8))
            cpu0 = time.process_time()
            lat, errors, wall = asyncio.run(
                run_clients("127.0.0.1", port, args.clients, args.requests, args.seconds,
                            word_pool(args.pool)))
            client_cpu = (time.process_time() - cpu0) / wall
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    ms = [x * 1000 for x in lat]
    print(f"challenge API /api/check, gunicorn {args.worker_class} {args.workers} workers x "
          f"{args.threads} threads, at most {args.worker_connections} connections per worker, "
          f"{args.clients} concurrent clients, {args.pool} distinct words, "
          f"{os.cpu_count()} CPUs")
    print(f"requests: {len(ms)} in {wall:.2f} s, errors: {errors}")
    print(f"throughput: {len(ms) / wall:.0f} requests/s")
    print(f"latency ms: p50 {percentile(ms, 50):.1f}  p90 {percentile(ms, 90):.1f}  "
          f"p99 {percentile(ms, 99):.1f}  max {max(ms):.1f}")
    print(f"target p99 < 50 ms: {'met' if percentile(ms, 99) < 50 else 'NOT met'}")
    print(f"server work per request (in process): {cold:.2f} ms new word, {warm:.2f} ms repeated")
    print(f"load generator's own CPU: {client_cpu:.2f} cores (of {os.cpu_count()})")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine load average during the run: {load:.1f}")


if __name__ == "__main__":
    main()
