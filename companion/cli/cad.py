"""``companion cad``: build the printable WerdUp set and check the files."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.common import (
    dangling_link,
    decimal_number,
    file_name,
    folder_refusal,
    path_name,
)
from companion.decimals import decimal_from
from companion.errors import UsageError
from companion.text import counted, listed, path_shown, printable, quoted

if TYPE_CHECKING:
    from cad.build import Copies


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "cad",
        help="make the 3D-printable WerdUp set (board quarters, placards, tiles)",
        description="Build the WerdUp board quarters, tile placards, tiles and fit coupon as "
        "STL/3MF/STEP, and check built files. Print the fit coupon first to choose "
        "--clearance for your printer.",
    )
    cad_sub = p.add_subparsers(dest="cad_command", metavar="ACTION", required=True)

    b = cad_sub.add_parser("build", help="write the parts' files, previews and a build report",
                           description="Write the set into a folder. Parts whose parameters "
                           "did not change come from the cache.")
    b.add_argument("--part", default="all",
                   help="what to build: all (default) or a comma list of quarter, placard, "
                   "tiles, coupon, stickers")
    b.add_argument("--format", default="stl,3mf,step",
                   help="comma list of file formats: stl, 3mf, step (default: all three)")
    b.add_argument("--clearance", type=decimal_number, default=0.2, metavar="MM",
                   help="gap per side between parts that fit together, in mm (0.1-0.45, default "
                   "0.2; choose it with the fit coupon)")
    b.add_argument("--bed", default="180x180", metavar="WxD",
                   help="printer bed width x depth in mm (default 180x180)")
    b.add_argument("-o", "--out", type=path_name, default="werdup-set", metavar="DIR",
                   help="folder to write into (default ./werdup-set)")
    b.add_argument("--slice", action="store_true",
                   help="also slice each printable part with PrusaSlicer and report print "
                   "time and filament")
    b.add_argument("--no-cache", action="store_true",
                   help="rebuild every part instead of reusing cached results")
    b.add_argument("--cache-dir", metavar="DIR", type=path_name,
                   help="where built parts are cached (default $COMPANION_CAD_CACHE, else "
                   "$XDG_CACHE_HOME/companion/cad, else ~/.cache/companion/cad)")
    b.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    b.set_defaults(func=run_build)

    c = cad_sub.add_parser("check", help="check built files as a slicer would",
                           description="Every STL and 3MF must be watertight, manifold, of "
                           "positive volume and inside the bed; every STEP file must be read "
                           "by OpenCascade into a valid shape of closed solids. Exit status 1 "
                           "if any fails.")
    c.add_argument("dir", type=file_name,
                   help="folder written by 'companion cad build' or 'cad coupons', or one "
                   "STL, 3MF or STEP file")
    c.add_argument("--bed", metavar="WxD",
                   help="printer bed in mm for every file (default: each file on the bed "
                   "of the report that lists it, build.json or coupons.json, else 180x180)")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.set_defaults(func=run_check)

    cp = cad_sub.add_parser("coupons", help="fit coupons at several clearances, to print first",
                            description="Write one fit coupon per clearance (every piece "
                            "has its clearance engraved): board corners and a short placard "
                            "that join with the set's dovetails and snap-fit clips, and two "
                            "tiles. Print "
                            "them, keep the one whose clips click together by hand and hold, "
                            "and whose tiles sit without wobble, then build the set with that "
                            "--clearance.")
    cp.add_argument("--clearances", default="0.1,0.2,0.3", metavar="MM,MM",
                    help="comma list of clearances in mm (default 0.1,0.2,0.3)")
    cp.add_argument("--bed", default="180x180", metavar="WxD",
                    help="printer bed width x depth in mm (default 180x180)")
    cp.add_argument("-o", "--out", type=path_name, default="werdup-coupons", metavar="DIR",
                    help="folder to write into (default ./werdup-coupons)")
    cp.add_argument("--cache-dir", metavar="DIR", type=path_name,
                    help="where built parts are cached (default $COMPANION_CAD_CACHE, else "
                    "$XDG_CACHE_HOME/companion/cad, else ~/.cache/companion/cad)")
    cp.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    cp.set_defaults(func=run_coupons)

    lay = cad_sub.add_parser("layout", help="print the board layout (cells, marker ids and "
                             "positions) as JSON",
                             description="The assembled board's geometry in mm, as the photo "
                             "reader uses it.")
    lay.add_argument("--clearance", type=decimal_number, default=0.2, metavar="MM",
                     help="the clearance the board was printed with (default 0.2)")
    lay.set_defaults(func=run_layout)


def _params(clearance: float, bed: tuple[float, float] | None = None,
            parts: tuple[str, ...] | None = None):
    from cad.params import SetParams

    try:
        return SetParams.make(clearance, bed=bed, parts=parts)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc


def _cache_dir(name: str | None) -> Path:
    """``--cache-dir``, else the default cache (``$COMPANION_CAD_CACHE``, else the user's
    cache: :func:`cad.build.default_cache_dir`), made now so a folder that cannot be one
    fails before any building, in a sentence (the default's was "File exists")."""
    from cad.build import default_cache_dir

    if name is not None and not name.strip():
        raise UsageError("--cache-dir needs a folder name")
    path = Path(name) if name is not None else default_cache_dir()
    named = (" (COMPANION_CAD_CACHE)" if name is None and os.environ.get("COMPANION_CAD_CACHE")
             else "")
    way_out = "; give another with --cache-dir" if name is None else ""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = ("it is a file, not a folder" if path.exists() and not path.is_dir()
               else exc.strerror or str(exc))
        raise UsageError(f"cannot use {path_shown(path)}{named} as the cache folder: "
                         f"{why}{way_out}") from exc
    # every build writes there (its lock files, the parts it makes, even with --no-cache):
    # a folder that takes no files failed at the first part's lock, "Permission denied
    # (.../.stickers-<key>.lock)."
    if (problem := folder_refusal(path / "part")) is not None:
        raise UsageError(f"cannot use {path_shown(path)}{named} as the cache folder: "
                         f"{problem}{way_out}")
    return path


# Endings of the files a slicer or a CAD program opens: '-o part.stl' names a file, not the
# folder -o is.
FILE_ENDINGS = (".stl", ".3mf", ".step", ".stp", ".obj")


def _out_dir(name: str, example: str = "werdup-set") -> tuple[Path, list[Path]]:
    """The output folder, made now so a path that cannot be one fails before any building,
    and the folders made for it, deepest first (:func:`_unmade` removes them again). A name
    ending like a part's file (``myplacard.stl``) is refused, unless it is a folder of built
    parts already (its report in it): it made a folder that name, which no slicer opens."""
    from cad.build import REPORTS

    if not name.strip():  # Path("") is the current folder: never meant
        raise UsageError(f"-o needs a folder name, like {example}")
    out = Path(name)
    if out.suffix.lower() in FILE_ENDINGS and not (
            out.is_dir() and any((out / report).is_file() for report in REPORTS)):
        raise UsageError(f"-o {path_shown(out)} is named like a file, but -o is the folder the "
                         f"files are written into: give a folder name, like {example}")
    made = [p for p in (out, *out.parents) if not p.exists() and not p.is_symlink()]
    if out.exists() and not out.is_dir():
        raise UsageError(f"cannot make the folder {path_shown(out)}: a file of that name is "
                         "in the way")
    if (problem := dangling_link(out)) is not None:
        raise UsageError(f"cannot make the folder {path_shown(out)}: {problem}")
    # the folder nearest it that is there must take files (not /proc, not read-only)
    there = next((p for p in (out, *out.parents) if p.is_dir()), Path("."))
    if (problem := folder_refusal(there / "build.json")) is not None:
        doing = "write to" if there == out else "make"
        raise UsageError(f"cannot {doing} the folder {path_shown(out)}: {problem}")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot make the folder {path_shown(out)}: {exc.strerror or exc}"
                         ) from exc
    return out, made


@contextlib.contextmanager
def _unmade(made: list[Path]) -> Iterator[None]:
    """Remove the folders made for a build (deepest first) that are still empty if it ends
    without writing (Ctrl-C, an error), so it leaves nothing behind."""
    try:
        yield
    except BaseException:
        for folder in made:
            try:
                folder.rmdir()
            except OSError:  # a file in it, or gone already
                break
        raise


def run_build(args: argparse.Namespace) -> int:
    from cad.build import (
        LEFT_BY_BUILD,
        build,
        parse_bed,
        parse_formats,
        parse_parts,
        part_steps,
    )
    from cad.progress import Progress
    from companion.cli import stop_if_interrupted, work_done

    parts = parse_parts(args.part)
    formats = parse_formats(args.format)
    params = _params(args.clearance, parse_bed(args.bed), parts)
    cache = _cache_dir(args.cache_dir)
    out, made = _out_dir(args.out)
    progress = Progress(sum(part_steps(p, params) for p in parts), quiet=args.quiet,
                        stop=stop_if_interrupted)  # Ctrl-C the CAD kernel caught
    with _unmade(made):
        result = build(params, out, parts, formats,
                       cache_dir=cache,
                       use_cache=not args.no_cache, slice_parts=args.slice, progress=progress,
                       done=work_done)  # its files all in: Ctrl-C no longer stops it
    total = sum(len(v) for v in result.files.values()) + 1  # and build.json
    cached = f" ({', '.join(result.cached)} from the cache)" if result.cached else ""
    _say_written(total, out, cached, result.removed, LEFT_BY_BUILD)
    if result.slicer:
        _print_slicer_estimates(result.slicer, result.copies)
    plates = {n.split(".")[0] for n in result.files.get("tiles", [])
              if n.startswith("tiles-plate-")}
    reminders = {"quarter": "print quarter 4 times",
                 "placard": "one placard (left + right) per player",
                 "tiles": ("the tile plate once" if len(plates) == 1
                           else f"each of the {len(plates)} tile plates once" if plates
                           else "each letter's tile as many times as the set has it"),
                 "coupon": f"the coupon tests the {params.clearance:g} mm fit ('companion cad "
                           "coupons' makes several clearances to choose from)",
                 "stickers": "print stickers-a4.pdf or stickers-letter.pdf at 100 % and "
                             "check its 50 mm bar"}
    wanted = [text for part, text in reminders.items() if part in parts]
    print("; ".join(wanted))
    print("build.json lists how many of each file to print")
    return 0


def _say_written(count: int, out: Path, detail: str, removed: tuple[str, ...],
                 left_by: str) -> None:
    """What ``cad build`` and ``cad coupons`` wrote, as both say it: "wrote 4 files to
    DIR" and ``detail``, then the files of an earlier run (``left_by``) they removed."""
    print(f"wrote {counted(count, 'file')} to {path_shown(out)}{detail}")
    if removed:
        print(f"removed {counted(len(removed), 'file')} that {left_by} left there: "
              f"{', '.join(path_shown(n) for n in removed)}")


# what each kind of file a coupon is written as holds
_FILE_KINDS = {".stl": "STL", ".3mf": "3MF", ".step": "STEP", ".png": "a PNG preview"}


def _coupon_files(files: list[str]) -> str:
    """``cad coupons``' files in words: "coupon-0.2 as STL, 3MF and a PNG preview, and
    coupons.json" (it named only the STL of four files)."""
    forms: dict[str, list[str]] = {}
    others: list[str] = []
    for name in files:
        path = Path(name)
        if path.suffix in _FILE_KINDS and path.stem.startswith("coupon-"):
            forms.setdefault(path.stem, []).append(_FILE_KINDS[path.suffix])
        else:
            others.append(printable(name))
    order = list(_FILE_KINDS.values())
    kinds = {tuple(sorted(f, key=order.index)) for f in forms.values()}
    if len(kinds) == 1:
        each = ", each" if len(forms) > 1 else ""
        coupons = [f"{listed(list(forms))}{each} as {listed(list(kinds.pop()))}"]
    else:
        coupons = [f"{stem} as {listed(sorted(f, key=order.index))}"
                   for stem, f in forms.items()]
    return ", and ".join(["; ".join(coupons), *others]) if others else "; ".join(coupons)


def _print_slicer_estimates(slicer: dict[str, dict], copies: dict[str, Copies]) -> None:
    """Each sliced file's time and filament a copy, how many copies to print, and the total."""
    from cad.build import print_total
    from cad.slicer import duration_text

    print("PrusaSlicer estimates (0.2 mm layers, 15% infill, PLA), each copy:")
    for name, rep in slicer.items():
        how_many = copies.get(name)
        times = f"  x {how_many.report_value}" if how_many is not None else ""
        print(f"  {name:<22} {rep['time']:>8}  {rep['filament_g']:7.1f} g{times}")
    total = print_total(slicer, copies)
    sums = []
    if total.seconds or not total.per_player_seconds:
        sums.append(f"{duration_text(total.seconds)}, {total.filament_g:.1f} g")
    if total.per_player_seconds:
        sums.append(f"{duration_text(total.per_player_seconds)}, {total.per_player_g:.1f} g "
                    "for each player")
    print(f"all copies: {' and '.join(sums)}")


def run_coupons(args: argparse.Namespace) -> int:
    from cad.build import LEFT_BY_COUPONS, build_coupons, parse_bed, part_steps
    from cad.progress import Progress
    from companion.cli import stop_if_interrupted, work_done

    try:
        clearances = [decimal_from(v) for v in args.clearances.split(",") if v.strip()]
    except ValueError as exc:
        raise UsageError(f"--clearances must be numbers in mm like 0.1,0.2,0.3, got "
                         f"{quoted(args.clearances)}: {exc}") from None
    clearances = list(dict.fromkeys(clearances))  # 0.1,0.10 is one coupon, built once
    if not clearances:
        raise UsageError("give at least one clearance in mm, like 0.1,0.2,0.3")
    bed = parse_bed(args.bed)
    params = [_params(c, bed, ("coupon",)) for c in clearances]  # all checked before building
    cache = _cache_dir(args.cache_dir)
    out, made = _out_dir(args.out, "werdup-coupons")
    progress = Progress(sum(part_steps("coupon", p) for p in params), quiet=args.quiet,
                        stop=stop_if_interrupted)  # Ctrl-C the CAD kernel caught
    with _unmade(made):
        result = build_coupons(clearances, out, bed=bed,
                               cache_dir=cache,
                               progress=progress, done=work_done)
    progress.close()
    _say_written(len(result.files), out, f": {_coupon_files(result.files)}", result.removed,
                 LEFT_BY_COUPONS)
    print("print them, keep the one that fits best, then: companion cad build --clearance MM")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from cad.build import parse_bed
    from cad.check import check_directory

    bed = parse_bed(args.bed) if args.bed is not None else None  # --bed '' is no bed
    reports = check_directory(Path(args.dir), bed)
    failed = [r for r in reports if not r.ok]
    if args.json:
        json.dump({"ok": not failed, "files": [
            {"file": r.path, "ok": r.ok, "problems": r.problems, "volume_mm3": r.volume,
             "bodies": r.bodies, **({} if r.objects is None else {"objects": r.objects}),
             "extents_mm": list(r.extents)} for r in reports]},
            sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        for r in reports:
            status = "ok  " if r.ok else "FAIL"
            size = " x ".join(f"{v:.1f}" for v in r.extents)
            # a 3MF's objects are what a slicer places (a tile's letter is a part of one)
            bodies = (counted(r.bodies, "body", "bodies", spec=">3") if r.objects is None
                      else counted(r.objects, "object", spec=">3"))
            print(f"{status} {r.path:<28} {bodies:<11} {r.volume / 1000:8.1f} cm3 "
                  f"{size} mm")
            for problem in r.problems:
                print(f"       {problem}")
        print(f"{len(reports) - len(failed)} of {counted(len(reports), 'file')} "
              f"{'passes' if len(reports) == 1 else 'pass'}")
    return 1 if failed else 0


def run_layout(args: argparse.Namespace) -> int:
    from cad.params import check_clearance
    from companion.layout.werdup_board import BoardLayout

    try:
        check_clearance(args.clearance)  # the clearances a set can be built with
        layout = BoardLayout(seam=args.clearance)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    json.dump(layout.to_dict(), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0
