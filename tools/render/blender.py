"""Blender as a tool: find the binary, run a job script headless, and read its log."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

SCRIPT = Path(__file__).with_name("blender_scene.py")


class BlenderError(RuntimeError):
    """Blender is missing or a render failed; the message says what to do."""


@dataclass(frozen=True)
class RenderLog:
    """What Blender's log says about one render."""

    saved: str | None
    seconds: float | None
    version: str | None
    errors: tuple[str, ...]


def parse_log(text: str) -> RenderLog:
    """Blender's console output -> the saved file, the render time and any errors."""
    saved = re.findall(r"^Saved: '(.+)'$", text, re.M)
    version = re.search(r"^Blender (\d+\.\d+(?:\.\d+)?)", text, re.M)
    times = re.findall(r"Time: (?:(\d+):)?(\d+):(\d+\.\d+)", text)
    seconds = None
    if times:
        h, m, s = times[-1]
        seconds = int(h or 0) * 3600 + int(m) * 60 + float(s)
    errors = tuple(line.strip() for line in text.splitlines()
                   if line.startswith(("Error", "Traceback")) or "Error:" in line)
    return RenderLog(saved[-1] if saved else None, seconds, version.group(1) if version else None,
                     errors)


class Blender:
    """The ``blender`` binary; constructing one fails with a clear message when it is missing."""

    def __init__(self, binary: str = "blender") -> None:
        path = shutil.which(binary)
        if path is None:
            raise BlenderError(f"{binary!r} is not installed: install the Debian package "
                               "'blender' (scripts/system-packages.txt) to make renders")
        self.binary = path

    def run(self, job: Path, timeout: float = 900.0) -> RenderLog:
        """Run the scene script on a job file; raises :class:`BlenderError` when nothing was
        saved."""
        cmd = [self.binary, "-b", "--factory-startup", "--python-exit-code", "1",
               "--python", str(SCRIPT), "--", str(job)]
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            raise BlenderError(f"the render of {job} took longer than {timeout:.0f} s") from exc
        log = parse_log(done.stdout + "\n" + done.stderr)
        if done.returncode != 0 or log.saved is None:
            detail = "; ".join(log.errors[-3:]) or (done.stderr or done.stdout)[-400:]
            raise BlenderError(f"blender could not render {job}: {detail}")
        return log
