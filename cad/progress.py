"""A plain text progress bar for long builds (no extra packages)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


class Progress:
    """Counts finished steps out of ``total`` and redraws one line on a terminal (one line
    per step when the output is not a terminal; nothing when ``quiet``). ``stop``, if given,
    is called at each step and may raise to end the job there (the command line's Ctrl-C)."""

    def __init__(self, total: int, stream: TextIO | None = None, quiet: bool = False,
                 width: int = 28, stop: Callable[[], None] | None = None) -> None:
        self.total = max(1, total)
        self.done = 0
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.width = width
        self.started = time.monotonic()
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.stop = stop

    def step(self, label: str, count: int = 1) -> None:
        if self.stop is not None:
            self.stop()
        self.done = min(self.total, self.done + count)
        if self.quiet:
            return
        filled = round(self.width * self.done / self.total)
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = time.monotonic() - self.started
        line = f"[{bar}] {self.done:>3}/{self.total} {elapsed:5.1f}s {label}"
        if self.tty:
            self.stream.write("\r" + line[:110].ljust(110))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and not self.quiet:
            self.stream.write("\n")
            self.stream.flush()
