"""Print shop, 3D: the WerdUp set's printable files (STL, 3MF, STEP) for a clearance and a
printer bed, with previews and PrusaSlicer's print-time estimate. The ``cad`` package builds
them (with its own parameter-keyed cache) in a separate process; each build is kept in the
instance folder."""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from flask import current_app

from cad.params import MAX_CLEARANCE, MIN_CLEARANCE
from companion.errors import CompanionError, UsageError
from companion.web import jobs

PARTS = {"quarter": "Board quarter (print 4)", "placard": "Tile placard, two halves",
         "tiles": "Tiles (plates for the whole set)", "coupon": "Fit test coupon"}
FORMATS = ("stl", "3mf", "step")
CLEARANCE_MM = (MIN_CLEARANCE, MAX_CLEARANCE)  # the set's own limits (cad/params.py)
CLEARANCE_STEP_MM = 0.05  # the form offers clearances in these steps
BED_MM = (50.0, 1000.0)
# The printer beds the form offers (width x depth, mm); a build is only made for these.
BEDS = ((180, 180), (190, 190), (200, 200), (220, 220), (235, 235), (250, 210), (256, 256),
        (300, 300), (350, 350))


@dataclass(frozen=True)
class Request3D:
    """What to build: one part, one format, a clearance (mm per side), a bed (w, d mm)."""

    part: str
    fmt: str
    clearance: float
    bed: tuple[float, float]
    estimate: bool

    @property
    def key(self) -> str:
        text = json.dumps([self.part, self.fmt, self.clearance, self.bed, self.estimate])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def query(self) -> dict[str, str]:
        return {"part": self.part, "format": self.fmt, "clearance": f"{self.clearance:g}",
                "bed": f"{self.bed[0]:g}x{self.bed[1]:g}", "estimate": "1" if self.estimate
                else "0"}


def parse_request(args: dict[str, str]) -> Request3D:
    """Checked options (defaults: the board quarter, STL, 0.2 mm, a 180 x 180 mm bed)."""
    part = args.get("part") or "quarter"
    if part not in PARTS:
        raise UsageError(f"Part must be one of {', '.join(PARTS)}, not {part!r}.")
    fmt = (args.get("format") or "stl").lower()
    if fmt not in FORMATS:
        raise UsageError(f"Format must be one of {', '.join(FORMATS)}, not {fmt!r}.")
    try:
        clearance = float(args.get("clearance") or 0.2)
    except ValueError:
        raise UsageError("Clearance is a number of millimetres, e.g. 0.2.") from None
    if not (math.isfinite(clearance) and CLEARANCE_MM[0] <= clearance <= CLEARANCE_MM[1]):
        raise UsageError(f"Clearance must be between {CLEARANCE_MM[0]:g} and "
                         f"{CLEARANCE_MM[1]:g} mm (below {CLEARANCE_MM[0]:g} mm, the tightest "
                         "fit coupon, parts fuse or jam).")
    bed_text = (args.get("bed") or "180x180").lower().replace(" ", "")
    try:
        w, d = (float(v) for v in bed_text.split("x"))
    except ValueError:
        raise UsageError("Bed size is width x depth in mm, e.g. 180x180.") from None
    if not all(math.isfinite(v) and BED_MM[0] <= v <= BED_MM[1] for v in (w, d)):
        raise UsageError(f"Bed sides must be {BED_MM[0]:g} to {BED_MM[1]:g} mm.")
    steps = clearance / CLEARANCE_STEP_MM
    if abs(steps - round(steps)) > 1e-6:
        raise UsageError(f"Clearance goes in steps of {CLEARANCE_STEP_MM:g} mm, e.g. 0.2.")
    if (w, d) not in BEDS:
        raise UsageError("Choose one of the printer beds offered: "
                         + ", ".join(f"{a}x{b}" for a, b in BEDS) + ".")
    return Request3D(part, fmt, round(clearance, 3), (w, d), args.get("estimate", "1") != "0")


def _root() -> Path:
    path = Path(current_app.instance_path) / "cad"
    path.mkdir(exist_ok=True)
    return path


# A build lock older than this belongs to a worker that stopped half way: build again.
STALE_BUILD_SECONDS = 15 * 60
BUILD_TIMEOUT = 10 * 60  # seconds a build process may take


class TooManyBuilds(UsageError):
    """A client asked for more new builds than the hourly limit (HTTP 429)."""

    status = 429


def count_new_build(client: str) -> None:
    """Count a new build for ``client`` (its address), refusing one past
    ``BUILDS_PER_HOUR`` in the last hour (kept in the database: every worker sees it)."""
    import datetime as dt

    from sqlalchemy import delete, func, select

    from companion.web.db import session
    from companion.web.models import BuildRequest

    limit = int(current_app.config["BUILDS_PER_HOUR"])
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    hour_ago = now - dt.timedelta(hours=1)
    db = session()
    db.execute(delete(BuildRequest).where(BuildRequest.created < hour_ago))
    recent = db.scalar(select(func.count()).select_from(BuildRequest).where(
        BuildRequest.client == client[:64])) or 0
    if recent >= limit:
        db.commit()
        raise TooManyBuilds(f"That is {limit} new builds in an hour from here: the files "
                            "already built are still there; try a new one later.")
    db.add(BuildRequest(client=client[:64], created=now))
    db.commit()


def build(req: Request3D, client: str = "local") -> dict | None:
    """The build report (files, slicer estimates), or None while the files are being built:
    the first request for them starts ``companion cad build`` as a separate process (see
    :mod:`companion.web.jobs`), and later requests find it under way."""
    from cad.params import SetParams

    root = _root()
    done = root / req.key
    if (done / "build.json").exists():
        return _report(req, done)
    try:
        SetParams.make(req.clearance, bed=req.bed)  # a set that cannot be made: say so now
    except ValueError as exc:
        raise UsageError(f"The set cannot be made that way: {exc}.") from exc
    job = jobs.get(("cad", req.key))
    if job is not None and job.done():
        jobs.forget(("cad", req.key))
        if job.exception() is not None:
            raise BuildFailed(str(job.exception()))
        if not (done / "build.json").exists():
            raise BuildFailed("The 3D build ended without its files.")
        return _report(req, done)
    if job is None and (root / f".{req.key}.lock").exists() and not _stale(
            root / f".{req.key}.lock"):
        return None  # another worker is building it
    if job is None:
        count_new_build(client)
    if job is None and _claim(root / f".{req.key}.lock"):
        cache = str(current_app.config.get("CAD_CACHE_DIR") or root / "cache")
        try:
            jobs.start(("cad", req.key), lambda: _build_files(req, root, cache))
        except jobs.Busy:
            (root / f".{req.key}.lock").unlink(missing_ok=True)
            raise
    return None


class BuildFailed(CompanionError):
    """The build process ended without its files."""


def _stale(lock: Path) -> bool:
    try:
        return time.time() - lock.stat().st_mtime >= STALE_BUILD_SECONDS
    except FileNotFoundError:
        return True


def _claim(lock: Path) -> bool:
    """Take the build lock (False: another worker holds it and is building)."""
    for _attempt in range(2):
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            return True
        except FileExistsError:
            try:
                if time.time() - lock.stat().st_mtime < STALE_BUILD_SECONDS:
                    return False
                lock.unlink()
            except FileNotFoundError:
                pass
    return False


def _build_files(req: Request3D, root: Path, cache: str) -> None:
    """Run the build into a fresh folder and move it into place (the runner's thread)."""
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
    formats = (req.fmt,) if req.fmt == "stl" or not req.estimate else (req.fmt, "stl")
    args = ["cad", "build", "--part", req.part, "--format", ",".join(formats),
            "--clearance", f"{req.clearance:g}", "--bed", f"{req.bed[0]:g}x{req.bed[1]:g}",
            "--out", str(work), "--cache-dir", cache, "--quiet"]
    if req.estimate:
        args.append("--slice")  # the slicer reads STL
    try:
        jobs.run_companion(args, "The 3D build", timeout=BUILD_TIMEOUT)
        try:
            work.rename(root / req.key)  # another worker may have finished first: keep theirs
        except OSError:
            pass
    finally:
        shutil.rmtree(work, ignore_errors=True)
        (root / f".{req.key}.lock").unlink(missing_ok=True)


def _report(req: Request3D, done: Path) -> dict:
    report = json.loads((done / "build.json").read_text())
    files = sorted(p.name for p in done.iterdir() if p.is_file() and p.name != "build.json")
    return {"key": req.key, "files": files, "report": report,
            "previews": [f for f in files if f.endswith(".png")],
            "downloads": [f for f in files if f.rsplit(".", 1)[-1] == req.fmt],
            "slicer": report.get("slicer", {})}


def file_path(key: str, name: str) -> Path | None:
    """A built file by build key and name (None if there is no such file)."""
    if not (len(key) == 16 and key.isalnum()) or len(name) > 100 or "/" in name \
            or name.startswith("."):
        return None
    path = _root() / key / name
    return path if path.is_file() else None
