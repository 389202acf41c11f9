"""Print shop, 3D: the WerdUp set's printable files (STL, 3MF, STEP) for a clearance and a
printer bed, with previews and PrusaSlicer's print-time estimate. The ``cad`` package builds
them (with its own parameter-keyed cache); each build is kept in the instance folder."""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from flask import current_app

from companion.errors import UsageError

PARTS = {"quarter": "Board quarter (print 4)", "placard": "Tile placard, two halves",
         "tiles": "Tiles (plates for the whole set)", "coupon": "Fit test coupon"}
FORMATS = ("stl", "3mf", "step")
CLEARANCE_MM = (0.0, 1.0)
BED_MM = (50.0, 1000.0)


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
        raise UsageError("Clearance must be between 0 and 1 mm.")
    bed_text = (args.get("bed") or "180x180").lower().replace(" ", "")
    try:
        w, d = (float(v) for v in bed_text.split("x"))
    except ValueError:
        raise UsageError("Bed size is width x depth in mm, e.g. 180x180.") from None
    if not all(math.isfinite(v) and BED_MM[0] <= v <= BED_MM[1] for v in (w, d)):
        raise UsageError(f"Bed sides must be {BED_MM[0]:g} to {BED_MM[1]:g} mm.")
    return Request3D(part, fmt, round(clearance, 3), (w, d), args.get("estimate", "1") != "0")


def _root() -> Path:
    path = Path(current_app.instance_path) / "cad"
    path.mkdir(exist_ok=True)
    return path


def build(req: Request3D) -> dict:
    """Build (or find) the files; returns the build report (files, slicer estimates)."""
    done = _root() / req.key
    if not (done / "build.json").exists():
        from cad.build import build as cad_build
        from cad.params import SetParams

        try:
            params = SetParams.make(req.clearance, bed=req.bed)
        except ValueError as exc:
            raise UsageError(f"The set cannot be made that way: {exc}.") from exc
        cache = Path(current_app.config.get("CAD_CACHE_DIR") or _root() / "cache")
        work = Path(tempfile.mkdtemp(prefix=".build-", dir=_root()))
        try:
            formats = (req.fmt,) if req.fmt == "stl" or not req.estimate else (req.fmt, "stl")
            try:
                cad_build(params, work, (req.part,), formats, cache_dir=cache,
                          slice_parts=req.estimate)  # the slicer reads STL
            except ValueError as exc:
                raise UsageError(f"The set cannot be made that way: {exc}.") from exc
            try:
                work.rename(done)  # another worker may have finished first: keep theirs
            except OSError:
                pass
        finally:
            shutil.rmtree(work, ignore_errors=True)
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
