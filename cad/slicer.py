"""PrusaSlicer's command line: slice a part, and read the print time and filament from the
G-code it writes."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion.errors import CompanionError, SetupError

PLA_DENSITY = 1.24  # g/cm3
LAYER_HEIGHT = 0.2  # mm
INFILL = "15%"
# What the slicer is told; PrusaSlicer's defaults for the rest (its first layer would be
# 0.35 mm). The build's memo of sliced files is keyed on these too.
PRINT_SETTINGS: tuple[str, ...] = (
    f"--layer-height={LAYER_HEIGHT}", f"--first-layer-height={LAYER_HEIGHT}",
    f"--fill-density={INFILL}", f"--filament-density={PLA_DENSITY}")


@dataclass(frozen=True)
class SliceReport:
    """What the slicer estimates for one part."""

    seconds: int
    filament_mm: float
    filament_g: float

    @property
    def time_text(self) -> str:
        return duration_text(self.seconds)

    def to_dict(self) -> dict:
        return {"seconds": self.seconds, "time": self.time_text,
                "filament_mm": self.filament_mm, "filament_g": self.filament_g}


def duration_text(seconds: int) -> str:
    """A print time as the slicer's reports give it: ``"4h 16m"``, ``"9m"``."""
    h, rest = divmod(seconds, 3600)
    m = rest // 60
    return f"{h}h {m:02d}m" if h else f"{m}m"


_TIME = re.compile(r"^; estimated printing time \(normal mode\) = (.+)$", re.M)
_MM = re.compile(r"^; filament used \[mm\] = ([\d.]+)", re.M)
_G = re.compile(r"^; (?:total )?filament used \[g\] = ([\d.]+)", re.M)


def parse_duration(text: str) -> int:
    """Seconds in a PrusaSlicer duration such as ``"1d 2h 3m 4s"``."""
    units = {"d": 86400, "h": 3600, "m": 60, "s": 1}
    parts = re.findall(r"(\d+)([dhms])", text)
    if not parts:
        raise ValueError(f"not a print time: {text!r}")
    return sum(int(n) * units[u] for n, u in parts)


def parse_gcode_summary(text: str) -> SliceReport:
    """The estimates from the comment block PrusaSlicer writes at the end of its G-code."""
    t, mm, g = _TIME.search(text), _MM.search(text), _G.search(text)
    if not (t and mm and g):
        raise ValueError("the G-code has no PrusaSlicer summary (print time and filament)")
    return SliceReport(parse_duration(t.group(1)), float(mm.group(1)), float(g.group(1)))


def slicer_binary() -> str:
    """The PrusaSlicer executable, or a clear error saying how to get it."""
    path = shutil.which("prusa-slicer") or shutil.which("prusa-slicer-console")
    if not path:
        raise SetupError("PrusaSlicer is not installed: install the Debian package "
                         "prusa-slicer to slice the parts")
    return path


def slicer_command(models: list[Path], bed: tuple[float, float], gcode: Path,
                   arrange: bool = True) -> list[str]:
    """The PrusaSlicer command that slices ``models`` for this bed into ``gcode`` with
    ``PRINT_SETTINGS``."""
    w, d = bed
    return [slicer_binary(), "--export-gcode", f"--bed-shape=0x0,{w:g}x0,{w:g}x{d:g},0x{d:g}",
            *PRINT_SETTINGS, *(["--merge"] if arrange else ["--dont-arrange"]),
            "-o", str(gcode), *(str(m) for m in models)]


def slice_file(model: Path, bed: tuple[float, float], timeout: float = 600) -> SliceReport:
    """Slice ``model`` (STL or 3MF) where it lies, for a printer with this bed, and report
    the estimates."""
    return slice_files([model], bed, timeout, arrange=False)


def slice_files(models: list[Path], bed: tuple[float, float], timeout: float = 600,
                arrange: bool = True) -> SliceReport:
    """Slice several models as one plate (arranged by the slicer unless ``arrange`` is
    false) and report the estimates for the whole plate."""
    with tempfile.TemporaryDirectory(prefix="companion-slice-") as tmp:
        gcode = Path(tmp) / "part.gcode"
        cmd = slicer_command(models, bed, gcode, arrange)
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
        if proc.returncode != 0 or not gcode.exists():
            tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-3:])
            names = ", ".join(m.name for m in models[:3]) + (" ..." if len(models) > 3 else "")
            raise CompanionError(f"PrusaSlicer could not slice {names}: {tail}")
        size = gcode.stat().st_size
        with gcode.open("rb") as fh:
            fh.seek(max(0, size - 400_000))
            return parse_gcode_summary(fh.read().decode("utf-8", "replace"))
