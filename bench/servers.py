"""What the web benchmarks share: a free loopback port, the wait for a server to answer, a
response's length from its head, and percentiles."""

from __future__ import annotations

import re
import socket
import subprocess
import time
from urllib.error import URLError
from urllib.request import urlopen

CONTENT_LENGTH = re.compile(rb"(?i)\r\ncontent-length:\s*(\d+)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, procs: subprocess.Popen | list[subprocess.Popen],
                  timeout: float = 60) -> None:
    """Wait until ``url`` answers 200; stop if one of ``procs`` (the servers) exits first."""
    procs = procs if isinstance(procs, list) else [procs]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for proc in procs:
            if proc.poll() is not None:
                raise SystemExit(f"a server exited with status {proc.returncode}")
        try:
            with urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (URLError, OSError):
            time.sleep(0.2)
    raise SystemExit(f"{url} did not answer in time")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


if __name__ == "__main__":  # a part of another benchmark
    raise SystemExit("bench/servers.py holds what the web benchmarks share and measures "
                     "nothing: run PYTHONPATH=. .venv/bin/python bench/web.py")
