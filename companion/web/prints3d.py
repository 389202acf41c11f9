"""Print shop, 3D: the WerdUp set's printable files (STL, 3MF, STEP) for a clearance and a
printer bed, with previews and PrusaSlicer's print-time estimate. The ``cad`` package builds
them (with its own parameter-keyed cache) as a job (see :mod:`companion.web.jobs`); each
build's files are kept in the database for every app server."""

from __future__ import annotations

import json
import math
import tempfile
from dataclasses import dataclass
from pathlib import Path

from flask import current_app

from cad.params import MAX_CLEARANCE, MIN_CLEARANCE
from companion.decimals import decimal_from
from companion.errors import CompanionError, UsageError
from companion.text import quoted
from companion.web import artifacts, jobs, quota
from companion.web.inputs import FieldError

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
        return build_key(self)

    def query(self) -> dict[str, str]:
        return {"part": self.part, "format": self.fmt, "clearance": f"{self.clearance:g}",
                "bed": f"{self.bed[0]:g}x{self.bed[1]:g}", "estimate": "1" if self.estimate
                else "0"}


def parse_request(args: dict[str, str]) -> Request3D:
    """Checked options (defaults: the board quarter, STL, 0.2 mm, a 180 x 180 mm bed)."""
    part = args.get("part") or "quarter"
    if part not in PARTS:
        raise FieldError(f"Part must be one of {', '.join(PARTS)}, not {quoted(part)}.",
                         "part")
    fmt = (args.get("format") or "stl").lower()
    if fmt not in FORMATS:
        raise FieldError(f"Format must be one of {', '.join(FORMATS)}, not {quoted(fmt)}.",
                         "format")
    try:
        clearance = decimal_from(args.get("clearance") or "0.2")
    except ValueError:
        raise FieldError("Clearance is a number of millimetres, e.g. 0.2.", "clearance") from None
    if not (math.isfinite(clearance) and CLEARANCE_MM[0] <= clearance <= CLEARANCE_MM[1]):
        raise FieldError(f"Clearance must be between {CLEARANCE_MM[0]:g} and "
                         f"{CLEARANCE_MM[1]:g} mm (below {CLEARANCE_MM[0]:g} mm, the tightest "
                         "fit coupon, parts fuse or jam).", "clearance")
    bed_text = (args.get("bed") or "180x180").lower().replace(" ", "")
    try:
        w, d = (decimal_from(v) for v in bed_text.split("x"))
    except ValueError:
        raise FieldError("Bed size is width x depth in mm, e.g. 180x180.", "bed") from None
    if not all(math.isfinite(v) and BED_MM[0] <= v <= BED_MM[1] for v in (w, d)):
        raise FieldError(f"Bed sides must be {BED_MM[0]:g} to {BED_MM[1]:g} mm.", "bed")
    steps = clearance / CLEARANCE_STEP_MM
    if abs(steps - round(steps)) > 1e-6:
        raise FieldError(f"Clearance goes in steps of {CLEARANCE_STEP_MM:g} mm, e.g. 0.2.",
                         "clearance")
    if (w, d) not in BEDS:
        raise FieldError("Choose one of the printer beds offered: "
                         + ", ".join(f"{a}x{b}" for a, b in BEDS) + ".", "bed")
    return Request3D(part, fmt, round(clearance, 3), (w, d), args.get("estimate", "1") != "0")


def _cache_root() -> str:
    """The CAD models' own cache of solids (a speed-up of this host only: any host can
    build without it)."""
    configured = current_app.config.get("CAD_CACHE_DIR")
    if configured:
        return str(configured)
    path = Path(current_app.instance_path) / "cad-cache"
    path.mkdir(exist_ok=True)
    return str(path)


KIND = "cad-build"
# The code that makes the files: a change to it makes new builds.
PACKAGES = ("cad", "companion/layout", "companion/tiles.py", "companion/werdup",
            "companion/data")
BUILD_TIMEOUT = 10 * 60  # seconds a build process may take


def _inputs(req: Request3D) -> dict:
    return {"part": req.part, "format": req.fmt, "clearance": req.clearance,
            "bed": list(req.bed), "estimate": req.estimate}


def build_key(req: Request3D) -> str:
    """The build's key (its files are kept under it in the database)."""
    return jobs.key_of(KIND, _inputs(req))


def build(req: Request3D) -> dict | None:
    """The build report (files, slicer estimates), or None while the files are being built:
    the first request for them queues ``companion cad build`` as a job (see
    :mod:`companion.web.jobs`), and later requests, on any app server, find it under way.
    A new build counts against the requesting client's limit (:mod:`companion.web.quota`)."""
    from cad.params import SetParams
    from companion.web.db import session

    db = session()
    job = jobs.status(db, KIND, _inputs(req))
    if job is None:
        try:
            SetParams.make(req.clearance, bed=req.bed)  # a set that cannot be made: say so now
        except ValueError as exc:
            raise UsageError(f"The set cannot be made that way: {exc}.") from exc
        quota.take(quota.BUILD)  # kept with the job, which submit commits
        job = jobs.submit(db, KIND, _inputs(req))
    if job.state == jobs.FAILED:
        error = job.error
        jobs.forget(db, job.key)
        raise BuildFailed(str(error))
    if job.state != jobs.DONE:
        return None
    return _report(job.key, req, job.result or {})


def build_state(req: Request3D) -> str:
    """Where the build of ``req`` stands, read without starting or forgetting anything:
    ``building`` (queued or running), ``built``, ``failed`` or ``none`` (never asked for)."""
    from companion.web.db import session

    job = jobs.status(session(), KIND, _inputs(req))
    if job is None:
        return "none"
    return {jobs.DONE: "built", jobs.FAILED: "failed"}.get(job.state, "building")


class BuildFailed(CompanionError):
    """The build process ended without its files."""


def _build_files(inputs: dict) -> jobs.Output:
    """Run the build into a fresh folder and read its files (the job's runner)."""
    req = Request3D(inputs["part"], inputs["format"], inputs["clearance"],
                    (inputs["bed"][0], inputs["bed"][1]), inputs["estimate"])
    formats = (req.fmt,) if req.fmt == "stl" or not req.estimate else (req.fmt, "stl")
    with tempfile.TemporaryDirectory(prefix="companion-build-") as work:
        args = ["cad", "build", "--part", req.part, "--format", ",".join(formats),
                "--clearance", f"{req.clearance:g}", "--bed", f"{req.bed[0]:g}x{req.bed[1]:g}",
                "--out", work, "--cache-dir", _cache_root(), "--quiet"]
        if req.estimate:
            args.append("--slice")  # the slicer reads STL
        jobs.run_companion(args, "The 3D build", timeout=BUILD_TIMEOUT)
        folder = Path(work)
        if not (folder / "build.json").exists():
            raise BuildFailed("The 3D build ended without its files.")
        report = json.loads((folder / "build.json").read_text())
        files = [(p.name, p.read_bytes(), artifacts.mime_of(p.name))
                 for p in sorted(folder.iterdir()) if p.is_file() and p.name != "build.json"]
    return jobs.Output(result={"report": report, "files": [name for name, _, _ in files]},
                       files=files)


jobs.register(KIND, PACKAGES, lambda inputs: _build_files(inputs))


def _report(key: str, req: Request3D, result: dict) -> dict:
    report, files = result.get("report", {}), list(result.get("files", []))
    return {"key": key, "files": files, "report": report,
            "previews": [f for f in files if f.endswith(".png")],
            "downloads": [f for f in files if f.rsplit(".", 1)[-1] == req.fmt],
            "slicer": report.get("slicer", {})}


def stored_file(key: str, name: str) -> tuple[bytes, str] | None:
    """A built file by build key and name: its bytes and media type (None if there is no
    such file)."""
    from companion.web.db import session

    if not (len(key) == 64 and all(c in "0123456789abcdef" for c in key)) or len(name) > 100:
        return None
    row = artifacts.get(session(), key, name)
    return None if row is None else (row.data, row.mime)
