"""Building the set: every part's files (STL, 3MF, STEP), previews, stickers and a build
report, cached by the parameters so an unchanged part is copied instead of rebuilt (a build
wholly from the cache never loads the CAD kernel: the parts are made in :mod:`cad.parts`)."""

from __future__ import annotations

import ast
import contextlib
import errno
import fcntl
import functools
import hashlib
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cad import snapfit
from cad.params import SetParams, clearance_text
from cad.plates import MAX_BED_MM, tile_file_stem, tile_letters, tile_spots, usable_bed
from cad.progress import Progress
from companion.decimals import decimal_from
from companion.errors import UsageError
from companion.outfile import lock_file, lock_folder, write_file_whole, write_files_whole
from companion.paths import user_cache_dir
from companion.stops import STOPS
from companion.text import path_shown, quoted
from companion.tiles import tile_set

FORMATS = ("stl", "3mf", "step")
PARTS = ("quarter", "placard", "tiles", "coupon", "stickers")
# Files the slicer reports on: one per thing a maker prints (per-letter tiles are on plates).
SLICED = ("quarter.stl", "placard-left.stl", "placard-right.stl", "coupon.stl")


def parse_formats(text: str) -> tuple[str, ...]:
    """``"stl,3mf"`` -> ``("stl", "3mf")``; unknown names are a usage error."""
    names = tuple(dict.fromkeys(f.strip().lower() for f in text.split(",") if f.strip()))
    bad = [f for f in names if f not in FORMATS]
    if bad or not names:
        raise UsageError(f"unknown format {quoted(', '.join(bad) or text)}: choose from "
                         f"{', '.join(FORMATS)}")
    return names


def parse_parts(text: str) -> tuple[str, ...]:
    """``"all"`` or a comma list of part names."""
    if text.strip().lower() == "all":
        return PARTS
    names = tuple(dict.fromkeys(p.strip().lower() for p in text.split(",") if p.strip()))
    bad = [p for p in names if p not in PARTS]
    if bad or not names:
        raise UsageError(f"unknown part {quoted(', '.join(bad) or text)}: choose from "
                         f"{', '.join(PARTS)} or all")
    return names


def parse_bed(text: str) -> tuple[float, float]:
    """``"180x180"`` -> ``(180.0, 180.0)``."""
    try:
        w, d = (decimal_from(v) for v in text.lower().split("x"))
    except ValueError as exc:
        why = f": {exc}" if text.lower().count("x") == 1 else ""  # not a failed unpacking
        raise UsageError("--bed must look like 180x180 (width x depth in mm), got "
                         f"{quoted(text)}{why}") from None
    if not usable_bed(w, d):
        raise UsageError(f"bed must be a width and depth above 0 mm and at most "
                         f"{MAX_BED_MM:,.0f} mm, like 180x180, got {quoted(text)}")
    return (w, d)


def part_steps(part: str, params: SetParams) -> int:
    """How many progress steps a part reports (the tiles: one a letter, one a plate of them
    on ``params``' printer bed, and the preview)."""
    if part == "tiles":
        spots = tile_spots(params, len(tile_set("werdup").bag()))
        return len(tile_letters()) + len({s.plate for s in spots}) + 1
    return {"quarter": 3, "placard": 3, "coupon": 3, "stickers": 1}[part]


# ---------------------------------------------------------------------------- cache


def default_cache_dir() -> Path:
    if os.environ.get("COMPANION_CAD_CACHE"):
        return Path(os.environ["COMPANION_CAD_CACHE"])
    return user_cache_dir() / "cad"


PROJECT_PACKAGES = ("cad", "companion", "printables")
# Data the parts are made from beyond their parameters: the tile plates hold this distribution.
SOURCE_DATA = ("tiles-werdup.tsv",)


def _module_file(root: Path, name: str) -> Path | None:
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _project_imports(root: Path, path: Path) -> set[str]:
    """The project modules ``path`` imports (``from a.b import c`` may name module a.b.c)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return {n for n in names
            if n.split(".")[0] in PROJECT_PACKAGES and _module_file(root, n) is not None}


def source_files() -> list[Path]:
    """Every project source file the CAD code runs: cad/ and, followed import by import, the
    modules of the companion and printables it uses (the sticker sheets are drawn by
    printables), and the data files in :data:`SOURCE_DATA`."""
    root = Path(__file__).resolve().parent.parent
    todo = [f"cad.{p.stem}" for p in sorted((root / "cad").glob("*.py"))]
    found: dict[str, Path] = {}
    while todo:
        name = todo.pop()
        path = _module_file(root, name)
        if name in found or path is None:
            continue
        found[name] = path
        todo.extend(sorted(_project_imports(root, path)))
    files = set(found.values()) | {root / "companion" / "data" / n for n in SOURCE_DATA}
    return sorted(files)


@functools.cache
def source_digest() -> str:
    """A digest of the model code, the project code it uses and its data, so a change to any
    of them misses the cache (worked out once a process: the code does not change under it)."""
    h = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent
    for path in source_files():
        h.update(str(path.relative_to(root)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


# Parts made without the printer's bed, whatever the formats asked for: the sticker sheets
# and the board's data, printed on paper or read by the photo reader. Every other part is
# set on the bed (centred, turned a quarter turn when it fits only so) or laid out on plates
# for it, so its files change with the bed.
OFF_THE_BED = ("stickers",)


def cache_key(params: SetParams, part: str, formats: tuple[str, ...]) -> str:
    """The cache entry's name for ``part``: a digest of what its files are made from (the
    parameters, but for a part off the bed neither the bed nor the formats; the model code
    and its data), so a build for another bed takes the stickers from the cache."""
    if part in OFF_THE_BED:
        data: dict[str, Any] = {"params": params.without_bed(), "part": part,
                                "source": source_digest()}
    else:
        data = {"params": params.to_dict(), "part": part, "formats": sorted(formats),
                "source": source_digest()}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:20]


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote: files per part, which parts came from the cache, slicer reports,
    the files of an earlier build with other parameters that it removed, and how many copies
    of each file in the folder's set to print (this build's and an earlier one's with the same
    parameters, as ``build.json`` lists them)."""

    out: Path
    files: dict[str, list[str]]
    cached: tuple[str, ...]
    slicer: dict[str, dict]
    removed: tuple[str, ...] = ()
    copies: dict[str, Copies] = field(default_factory=dict)
    pieces: dict[str, int] = field(default_factory=dict)


def build(params: SetParams, out: Path, parts: tuple[str, ...] = PARTS,
          formats: tuple[str, ...] = FORMATS, cache_dir: Path | None = None,
          use_cache: bool = True, slice_parts: bool = False, progress: Progress | None = None,
          done: Callable[[], None] | None = None) -> BuildResult:
    """Write ``parts`` into ``out`` and a ``build.json`` report beside them, all at the end:
    the parts are gathered in a folder of their own inside ``out`` (:func:`_staging`), so a
    build stopped or failing half-way (Ctrl-C, a full disk) leaves ``out`` as it was.
    ``done`` is called as the last file moves in (:func:`_move_in`): from then on the build
    is whole in ``out``."""
    if slice_parts:
        check_sliceable(formats)
    out.mkdir(parents=True, exist_ok=True)
    cache_dir = cache_dir or default_cache_dir()
    progress = progress or Progress(sum(part_steps(p, params) for p in parts), quiet=True)
    files: dict[str, list[str]] = {}
    pieces: dict[str, int] = {}
    cached = []
    with contextlib.ExitStack() as held, _staging(out) as stage:
        for part in parts:
            key = cache_key(params, part, formats)
            stored = cache_dir / f"{part}-{key}"
            with _one_maker(stored) if use_cache else contextlib.nullcontext():
                if use_cache and (stored / ".done").exists():
                    cached.append(part)
                    progress.step(f"{part}: from cache", part_steps(part, params))
                else:
                    stored = _build_into_cache(params, part, formats, cache_dir, stored,
                                               progress, use_cache, held)
            names = [str(src.relative_to(stored)) for src in sorted(
                p for p in stored.rglob("*") if p.is_file() and p.name not in CACHE_NOTES)]
            pieces |= read_pieces(stored)
            try:
                _copy_whole([(stored / name, stage / name) for name in names], stage, out)
            finally:
                if not use_cache:
                    shutil.rmtree(stored, ignore_errors=True)
            files[part] = names
        written = [name for names in files.values() for name in names]
        # one build at a time takes the folder's report, and removes and replaces its files
        with lock_folder(out):
            old = read_report(out / BUILD_REPORT)
            stale = () if old.get("params") == params.to_dict() else _stale_files(
                out, report_files(old), set(written))
            slicer = (slice_outputs(out, params.printer.bed, cache_dir, stage, stale)
                      if slice_parts else {})
            result = BuildResult(out, files, tuple(cached), slicer, stale, pieces=pieces)
            report = _build_report(params, old, result)
            write_file_whole(stage / BUILD_REPORT, (json.dumps(report, indent=2) + "\n").encode())
            _move_in(stage, out, [*written, BUILD_REPORT], stale, LEFT_BY_BUILD, done)
    result = replace(result, copies=print_copies(report["files"]))
    progress.close()
    return result


PIECES_FILE = ".pieces.json"  # in a part's cache entry: each file's pieces, as the part made it
CACHE_NOTES = (".done", PIECES_FILE)  # a cache entry's own files, not the part's


def read_pieces(stored: Path) -> dict[str, int]:
    """How many pieces (separate bodies) each file of the part in the cache entry
    ``stored`` holds, as the part's builder made it (:mod:`cad.parts`)."""
    found = read_report(stored / PIECES_FILE)
    return {name: n for name, n in found.items() if type(n) is int}


# What a build writes: only files of these kinds that an earlier report lists are removed.
BUILT_SUFFIXES = (".stl", ".3mf", ".step", ".png", ".pdf", ".json")
# What left the files a build, or a run of coupons, removes: the words its messages use.
LEFT_BY_BUILD = "an earlier build with other settings"
LEFT_BY_COUPONS = "coupons for another bed"


def _stale_files(out: Path, listed: list[str], written: set[str]) -> tuple[str, ...]:
    """The files an earlier build or run of coupons with other parameters wrote into ``out``
    (``listed``: as its report lists them) that this one does not write again (``written``):
    a third tile plate of a smaller bed, the pair plate of a bed that held both placard
    halves, a format or a part this build does not make, coupons for another bed. Left
    there, they would be printed or checked as part of this set (:func:`_move_in` removes
    them). Only files of the kinds a build writes, inside ``out``, are named (never a
    report)."""
    root = out.resolve()
    stale = []
    for name in listed:
        if name in written or name in REPORTS or not name.endswith(BUILT_SUFFIXES):
            continue
        path = out / name
        if root not in path.resolve().parents or path.is_symlink() or not path.is_file():
            continue
        stale.append(name)
    return tuple(sorted(set(stale)))


STAGE_PREFIX = ".companion-build-"  # the folder a build gathers its files in, inside ``out``
_REPLACED = ".replaced"  # in it: the files a build replaces or removes, until it has ended


@contextlib.contextmanager
def _staging(out: Path) -> Iterator[Path]:
    """A new folder inside ``out`` to gather a build's files in, removed when the build ends,
    however it ends. Inside ``out``, not beside it: the files then move in by renaming, on
    the same disk, and ``out`` is the folder already found to take files (its parent may not:
    ``-o .``, a folder of its own mount). The build holds a lock on its folder while it runs,
    so the folders of builds that are gone (killed outright) are told from those of builds
    still running, and cleared (:func:`_clear_left_stages`)."""
    with lock_folder(out):  # no other build clears this one's folder before it is locked
        _clear_left_stages(out)
        stage = Path(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=out))
        held = os.open(stage, os.O_RDONLY | os.O_DIRECTORY)
        with contextlib.suppress(OSError):  # no lock to be had: it is never cleared
            fcntl.flock(held, fcntl.LOCK_EX)
    try:
        yield stage
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        os.close(held)


def _clear_left_stages(out: Path, prefix: str = STAGE_PREFIX) -> list[str]:
    """Remove the folders in ``out`` that builds gathered their files in and left, killed
    before they could remove them: those no running build holds locked. Their names. (With
    ``prefix`` ``.quarter-``: the folders of a cache that builds made a part in.)"""
    cleared = []
    for stage in sorted(out.glob(f"{prefix}*")):
        if stage.is_symlink() or not stage.is_dir():
            continue
        try:
            fd = os.open(stage, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # a build running (or no lock to be had): left alone
            continue
        finally:
            os.close(fd)
        shutil.rmtree(stage, ignore_errors=True)
        cleared.append(stage.name)
    return cleared


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP (:data:`companion.stops.STOPS`) held off while the block
    runs and answered after it, by the handler each had, as they came (in the main thread,
    where Python answers them; elsewhere the block runs as it is): putting back a stopped
    build's files is not itself stopped half-way by a second one, nor the last file's move
    and the build noted done cut apart (a SIGTERM killed the build there, its set half in)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous = {signum: signal.signal(signum, lambda signum, _frame: came.append(signum))
                for signum in STOPS
                if signal.getsignal(signum) is not None}  # None: a handler set outside Python
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(came):  # each answered as it would have been
            signal.raise_signal(signum)


class _Moves:
    """Files moved by renaming, each move undone by :meth:`undo` (the last first), with the
    folders made for them."""

    def __init__(self) -> None:
        self.moved: list[tuple[Path, Path]] = []  # (from, to)
        self.made: list[Path] = []

    def move(self, source: Path, target: Path) -> None:
        for folder in reversed([p for p in target.parents if not p.exists()]):
            folder.mkdir()
            self.made.append(folder)
        source.rename(target)
        self.moved.append((source, target))

    def undo(self) -> None:
        for source, target in reversed(self.moved):
            with contextlib.suppress(OSError):
                target.rename(source)
        for folder in reversed(self.made):
            with contextlib.suppress(OSError):  # a file of the user's in it now
                folder.rmdir()


def _move_in(stage: Path, out: Path, names: list[str], stale: tuple[str, ...],
             left_by: str, done: Callable[[], None] | None = None) -> None:
    """Move the files ``names`` (the report last) from ``stage`` into ``out`` and remove the
    files ``stale`` from it, all or none: whatever stops it half-way (a file that cannot be
    removed or replaced, a folder of a file's name in the way, Ctrl-C) puts back every file
    it moved, and the error says which file (``left_by``: what left a stale file there,
    :data:`LEFT_BY_BUILD`, :data:`LEFT_BY_COUPONS`). The files replaced or removed are kept
    in ``stage`` until then; the user's own files in ``out`` are left alone.

    ``done`` is called once every file is in (the command line's
    :func:`companion.cli.work_done`): Ctrl-C is held off from the last file's move until it
    has returned, so one that comes then is answered after the work is done, never between
    (the build was whole, yet said "Interrupted."); if ``done`` raises, the files go back."""
    kept = stage / _REPLACED
    moves = _Moves()

    def put(name: str) -> None:
        try:
            _put(moves, stage / name, out / name, kept / name)
        except OSError as exc:
            raise UsageError(f"cannot write {path_shown(out / name)}: "
                             f"{exc.strerror or exc}") from exc

    try:
        for name in stale:
            try:
                moves.move(out / name, kept / name)
            except OSError as exc:
                raise UsageError(f"cannot remove {path_shown(out / name)}, left by "
                                 f"{left_by}: {exc.strerror or exc}") from exc
        for name in names[:-1]:
            put(name)
        with _ctrl_c_held():
            put(names[-1])
            if done is not None:
                done()
    except BaseException:  # Ctrl-C among them too
        with _ctrl_c_held():
            moves.undo()
        raise


def _put(moves: _Moves, source: Path, target: Path, kept: Path) -> None:
    """Move ``source`` to ``target``, the file there first moved to ``kept`` (its mode kept
    for the new one); a folder there is the user's, and is not moved."""
    if target.is_dir() and not target.is_symlink():
        raise IsADirectoryError(errno.EISDIR, "a folder of that name is in the way")
    if target.exists() or target.is_symlink():
        if target.is_file() and not target.is_symlink():
            os.chmod(source, target.stat().st_mode & 0o7777)
        moves.move(target, kept)
    moves.move(source, target)


def report_files(report: dict) -> list[str]:
    """The files a report (``build.json``: names per part; ``coupons.json``: a list of names)
    says were written beside it, in the folder's terms (``tiles/tile-A.stl``); nothing for a
    report that lists none or is not one."""
    listed = report.get("files")
    groups = listed.values() if isinstance(listed, dict) else [listed]
    return list(dict.fromkeys(name for names in groups if isinstance(names, list)
                              for name in names if isinstance(name, str)))


@contextlib.contextmanager
def _one_maker(stored: Path) -> Iterator[None]:
    """Hold the cache's lock on one part's entry: a build that asks for a part another build
    (another command, another app server thread) is making waits for it and copies it,
    instead of making it again beside it."""
    stored.parent.mkdir(parents=True, exist_ok=True)
    with lock_file(stored.parent / f".{stored.name}.lock"):
        yield


_KERNEL_LOADING = threading.Lock()  # one thread swaps standard output while it loads


def _builders() -> dict[str, Callable[..., Any]]:
    """The part builders of :mod:`cad.parts`, the CAD kernel loaded only when a part is made.
    What its libraries print as they load is kept off standard output, the command's own: a
    Ctrl-C while CadQuery loads had OCP print "VTK not installed" (its optional VTK import
    stopped) above "Interrupted."."""
    with _KERNEL_LOADING:
        if "cad.parts" not in sys.modules:
            with open(os.devnull, "w", encoding="utf-8") as quiet, \
                    contextlib.redirect_stdout(quiet):
                import cad.parts  # noqa: F401
    from cad.parts import BUILDERS

    return BUILDERS


def _build_into_cache(params: SetParams, part: str, formats: tuple[str, ...], cache_dir: Path,
                      stored: Path, progress: Progress, use_cache: bool,
                      held: contextlib.ExitStack) -> Path:
    """Make ``part`` in a new hidden folder of the cache (``.quarter-`` and a random tail),
    renamed to ``stored`` once made (with ``use_cache``; else the folder made is returned).
    The build holds a lock on that folder until ``held`` closes, as on the folder it gathers
    its files in (:func:`_staging`): the next build of the part clears the folders of builds
    killed outright (kill -9) half-way, which stayed in the cache for good."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    with lock_folder(cache_dir):  # no other build clears this one's folder before it is locked
        _clear_left_stages(cache_dir, f".{part}-")
        work = Path(tempfile.mkdtemp(prefix=f".{part}-", dir=cache_dir))
        fd = os.open(work, os.O_RDONLY | os.O_DIRECTORY)
        held.callback(os.close, fd)
        with contextlib.suppress(OSError):  # no lock to be had: it is never cleared
            fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        pieces = _builders()[part](params, formats, work, progress.step)
        write_file_whole(work / PIECES_FILE, json.dumps(pieces, sort_keys=True).encode())
        (work / ".done").write_text("ok\n")
        if not use_cache:
            return work
        try:
            work.rename(stored)
        except OSError:
            # another build of the same part finished first: keep its copy
            if not (stored / ".done").exists():
                raise
            shutil.rmtree(work, ignore_errors=True)
        return stored
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise


@dataclass(frozen=True)
class CouponsResult:
    """What a run of coupons wrote (its report last), and the coupons for another bed that an
    earlier run left in the folder and it removed."""

    files: list[str]
    removed: tuple[str, ...] = ()


def build_coupons(clearances: list[float], out: Path, formats: tuple[str, ...] = ("stl", "3mf"),
                  bed: tuple[float, float] | None = None, cache_dir: Path | None = None,
                  progress: Progress | None = None,
                  done: Callable[[], None] | None = None) -> CouponsResult:
    """One fit coupon per clearance, named by it (``coupon-0.2.stl`` ...), in ``out``, all
    at the end as :func:`build` writes a set (stopped half-way, ``out`` is as it was; and
    ``done`` called as the last file moves in).

    Coupons of an earlier run for the same bed stay (``coupons.json`` lists them all); those
    of a run for another bed are removed, as its ``coupons.json`` lists them."""
    if not clearances:
        raise UsageError("name at least one clearance to print a coupon for")
    written: list[str] = []
    pieces: dict[str, int] = {}
    out.mkdir(parents=True, exist_ok=True)
    with _staging(out) as stage:
        for c in clearances:
            params = SetParams.make(c, bed=bed, parts=("coupon",))
            with tempfile.TemporaryDirectory() as tmp:
                result = build(params, Path(tmp), ("coupon",), formats, cache_dir=cache_dir,
                               progress=progress)
                targets = [f"coupon-{clearance_text(c)}{Path(name).suffix}"
                           for name in result.files["coupon"]]
                _copy_whole([(Path(tmp) / name, stage / target) for name, target
                             in zip(result.files["coupon"], targets, strict=True)], stage, out)
                written += targets
                pieces |= {target: result.pieces[name] for name, target
                           in zip(result.files["coupon"], targets, strict=True)
                           if name in result.pieces}
        with lock_folder(out):
            old = read_report(out / COUPONS_REPORT)
            stale = () if old.get("bed") == list(params.printer.bed) else _stale_files(
                out, report_files(old), set(written))
            report = _coupons_report(old, params.printer.bed, clearances, written, pieces)
            write_file_whole(stage / COUPONS_REPORT,
                             (json.dumps(report, indent=2) + "\n").encode())
            _move_in(stage, out, [*written, COUPONS_REPORT], stale, LEFT_BY_COUPONS, done)
    return CouponsResult([*written, COUPONS_REPORT], stale)


BUILD_REPORT = "build.json"
COUPONS_REPORT = "coupons.json"  # the coupons' bed, so 'cad check' checks them on it
REPORTS = (BUILD_REPORT, COUPONS_REPORT)  # written by 'cad build' and by 'cad coupons'


def _coupons_report(old: dict, bed: tuple[float, float], clearances: list[float],
                    files: list[str], pieces: dict[str, int]) -> dict:
    """``coupons.json``: the bed the coupons are laid out for, their clearances and files,
    and each file's pieces (with those of earlier coupons for the same bed in the folder, as
    its ``old`` report lists them)."""
    old_files, old_clearances = old.get("files"), old.get("clearances")
    if old.get("bed") == list(bed) and isinstance(old_files, list) \
            and isinstance(old_clearances, list):
        files = list(dict.fromkeys([*old_files, *files]))
        clearances = list(dict.fromkeys([*old_clearances, *clearances]))
        old_pieces = old.get("pieces")
        pieces = {**(old_pieces if isinstance(old_pieces, dict) else {}), **pieces}
    return {"bed": list(bed), "clearances": clearances, "files": files, "pieces": pieces}


def _copy_whole(pairs: list[tuple[Path, Path]], stage: Path | None = None,
                out: Path | None = None) -> None:
    """Copy each (source, target) whole or not at all: a full disk spoils no file of an
    earlier build. The files go to disk together (one wait for the disk, not one per file).
    A file that cannot be written into ``stage`` is named as the file it is for in ``out``."""
    try:
        for _, target in pairs:
            target.parent.mkdir(parents=True, exist_ok=True)
        write_files_whole([(target, source.read_bytes()) for source, target in pairs])
    except OSError as exc:
        failed = Path(exc.filename or pairs[0][1])
        if stage is not None and out is not None and failed.is_relative_to(stage):
            failed = out / failed.relative_to(stage)
        raise UsageError(f"cannot write {path_shown(failed)}: {exc.strerror or exc}") from exc


def check_sliceable(formats: tuple[str, ...]) -> None:
    """Refuse slicing a build of ``formats`` that writes no STL: PrusaSlicer is given the
    parts' STL files (:data:`SLICED`, the tile plates), so a build of 3MF or STEP files alone
    sliced nothing and said nothing."""
    if "stl" not in formats:
        raise UsageError("--slice slices the parts' STL files: add stl to --format, like "
                         f"--format {','.join((*formats, 'stl'))}")


def slice_memo(path: Path, bed: tuple[float, float], cache_dir: Path) -> Path:
    """Where the slicer's report on the file ``path`` for ``bed`` is kept: keyed on the
    file, the bed and the slicer's settings, so a report made with other settings is not
    taken for this one's."""
    from cad.slicer import PRINT_SETTINGS

    key = path.read_bytes() + repr((bed, PRINT_SETTINGS)).encode()
    return cache_dir / "slices" / f"{hashlib.sha256(key).hexdigest()[:20]}.json"


def slice_outputs(out: Path, bed: tuple[float, float], cache_dir: Path,
                  staged: Path | None = None, gone: Collection[str] = ()) -> dict[str, dict]:
    """Slice every printable file in ``out`` (two at a time) and report the estimates: as
    the folder will be once a build's files in ``staged`` have moved in and the files
    ``gone`` are removed."""
    from cad.slicer import slice_file, slicer_binary

    slicer_binary()
    folders = [f for f in (staged, out) if f is not None]
    found: dict[str, Path] = {}
    for folder in reversed(folders):  # a staged file stands for the one it replaces
        found.update({p.name: p for p in folder.glob("tiles-plate-*.stl")})
        found.update({n: folder / n for n in SLICED if (folder / n).exists()})
    targets = [found[n] for n in SLICED if n in found and n not in gone]
    targets += [found[n] for n in sorted(found) if n.startswith("tiles-plate-")
                and n not in gone]

    def one(path: Path) -> tuple[str, dict]:
        memo = slice_memo(path, bed, cache_dir)
        memo.parent.mkdir(parents=True, exist_ok=True)
        # as a part's cache entry: a build that slices a file another build (another
        # command, another web build) is slicing waits for its report rather than slicing
        # it again beside it, and a report is on disk whole or not at all
        with lock_file(memo.parent / f".{memo.name}.lock"):
            if memo.exists():
                return path.name, json.loads(memo.read_text())
            report = slice_file(path, bed).to_dict()
            write_file_whole(memo, json.dumps(report).encode())
            return path.name, report

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(one, targets))


def read_report(path: Path) -> dict:
    """A report (``build.json``, ``coupons.json``), or nothing when there is none or it is not
    one (a file of another program's, cut short, not JSON): a build then writes it afresh."""
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return old if isinstance(old, dict) else {}


@dataclass(frozen=True)
class Copies:
    """How many copies of a file a maker prints: ``count``, or ``count`` for each player;
    ``instead`` (", instead of the two halves") when the file is printed only in place of
    others, and so is no part of the set's total."""

    count: int
    per_player: bool = False
    instead: str = ""

    @property
    def report_value(self) -> int | str:
        """As ``build.json``'s ``print_counts`` gives it: 4, "1 per player", ..."""
        if self.per_player:
            return f"{self.count} per player{self.instead}"
        return f"{self.count}{self.instead}" if self.instead else self.count


def print_copies(files: dict[str, list[str]]) -> dict[str, Copies]:
    """How many copies of each printable file a maker prints, for the files a build wrote
    (``files``: names per part): one entry per printed thing, named by its STL, else its
    3MF, else its STEP file. The tile plates hold the whole tile set; the per-letter tile
    files are for printing tiles one letter at a time instead (the set's count of each)."""
    names = {name for part in files.values() for name in part}

    def written(stem: str) -> str | None:
        return next((f"{stem}.{fmt}" for fmt in FORMATS if f"{stem}.{fmt}" in names), None)

    wanted: list[tuple[str, Copies]] = [
        ("quarter", Copies(4)), ("placard-left", Copies(1, per_player=True)),
        ("placard-right", Copies(1, per_player=True)),
        ("placard-pair", Copies(1, per_player=True, instead=", instead of the two halves"))]
    plates = sorted({name.split(".")[0] for name in names if name.startswith("tiles-plate-")},
                    key=lambda stem: int(stem.rsplit("-", 1)[1]))
    wanted += [(stem, Copies(1)) for stem in plates]
    for letter, count in tile_set("werdup").counts.items():
        wanted.append((f"tiles/{tile_file_stem(letter)}",
                       Copies(count, instead=", only instead of the tile plates" if plates
                              else "")))
    wanted.append(("coupon", Copies(1)))
    copies: dict[str, Copies] = {}
    for stem, how_many in wanted:
        name = written(stem)
        if name is not None:
            copies[name] = how_many
    return copies


def print_counts(files: dict[str, list[str]]) -> dict[str, int | str]:
    """:func:`print_copies` as ``build.json`` gives it (4, "1 per player", ...)."""
    return {name: c.report_value for name, c in print_copies(files).items()}


@dataclass(frozen=True)
class PrintTotal:
    """The slicer's time and filament for every copy of the sliced files a maker prints
    (``seconds``, ``filament_g``), and for the copies printed once per player."""

    seconds: int
    filament_g: float
    per_player_seconds: int
    per_player_g: float


def print_total(slicer: dict[str, dict], copies: dict[str, Copies]) -> PrintTotal:
    """Add up the slicer's estimates (``slicer``: per file, as :func:`slice_outputs` gives
    them) over the copies printed (``copies``); a file printed only instead of others, or
    without a count, adds nothing."""
    seconds = per_player_seconds = 0
    grams = per_player_g = 0.0
    for name, rep in slicer.items():
        how_many = copies.get(name)
        if how_many is None or how_many.instead:
            continue
        if how_many.per_player:
            per_player_seconds += how_many.count * int(rep["seconds"])
            per_player_g += how_many.count * float(rep["filament_g"])
        else:
            seconds += how_many.count * int(rep["seconds"])
            grams += how_many.count * float(rep["filament_g"])
    return PrintTotal(seconds, grams, per_player_seconds, per_player_g)


def _build_report(params: SetParams, old: dict, result: BuildResult) -> dict:
    """``build.json`` for ``result``: its files, with an earlier build's of the same
    parameters (``old``, the folder's report) that it did not write again."""
    same = old.get("params") == params.to_dict()
    files = {**(old.get("files", {}) if same else {}), **result.files}
    slicer = {**(old.get("slicer", {}) if same else {}), **result.slicer}
    old_pieces = old.get("pieces") if same else None
    pieces = {**(old_pieces if isinstance(old_pieces, dict) else {}), **result.pieces}
    return {
        "clearance": params.clearance,
        "bed": list(params.printer.bed),
        "print_counts": print_counts(files),
        "files": files,
        # each file's pieces as its part is made: 'cad check' counts them in the file
        "pieces": pieces,
        "slicer": slicer,
        "clips": {"quarter": snapfit.quarter_clip(params).to_dict(),
                  "placard": snapfit.placard_clip(params).to_dict()},
        "params": params.to_dict(),
    }
