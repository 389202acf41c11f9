"""Ctrl-C at any moment of a command: "companion: Interrupted." on standard error and exit
status 130, never a traceback.

Each command runs in a process of its own, whose driver sends SIGINT to itself at a chosen
moment, as a terminal's Ctrl-C would come: while the commands are loaded, while a library's
extension module is loaded (which turns the interrupt into an ImportError), and while a
library that catches the interrupt loads (and then fails on something else).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sharedwork

ROOT = Path(__file__).resolve().parent.parent

# Patches ``TARGET`` (module, attribute) with a function that is interrupted as ``HOW`` says,
# then runs the command line with ``ARGV``.
DRIVER = r"""
import importlib, os, pathlib, signal, sys, time

TARGET, HOW, ARGV = sys.argv[1], sys.argv[2], sys.argv[3:]
SIGNUM = getattr(signal, os.environ.get("STOP_SIGNAL", "SIGINT"))  # Ctrl-C unless told
module_name, name = TARGET.rsplit(".", 1)
calls = []
SET = pathlib.Path("set").resolve()  # the folder the CAD tests' builds write into


def ctrl_c():
    os.kill(os.getpid(), SIGNUM)
    time.sleep(5)  # the handler runs at once; never reached unless the signal is lost
    sys.exit("the interrupt never came")


def interrupted(*args, **kwargs):
    if HOW == "plain":  # Python's own KeyboardInterrupt
        ctrl_c()
    elif HOW == "chained":  # pybind11's import of OCP: ImportError from KeyboardInterrupt
        try:
            ctrl_c()
        except KeyboardInterrupt as exc:
            raise ImportError("initialization failed") from exc
    elif HOW == "swallowed":  # cadquery: "VTK not installed", then the next import fails
        try:
            ctrl_c()
        except (ImportError, KeyboardInterrupt):
            print("VTK not installed")
        raise ImportError("cannot import name 'IVtkOCC_Shape' from 'OCP.IVtkOCC'")
    elif HOW == "finished":  # caught and ignored: the command ends as if nothing happened
        try:
            ctrl_c()
        except KeyboardInterrupt:
            pass
        return original(*args, **kwargs)
    elif HOW == "text":  # in code made from text (a dataclass's methods, made by exec)
        exec("ctrl_c()", {"ctrl_c": ctrl_c})
    elif HOW == "again":  # Ctrl-C pressed again and again, until the process has ended
        import subprocess
        subprocess.Popen([sys.executable, "-c", PRESSING, str(os.getpid()), str(SIGNUM)])
        ctrl_c()
    elif HOW == "midway":  # once the first call naming a file of the folder "set" returned
        result = original(*args, **kwargs)
        if not calls and any(isinstance(a, pathlib.Path) and a.parent.resolve() == SET
                             for a in args):
            calls.append(args)
            ctrl_c()
        return result
    elif HOW in ("after", "after-again"):  # once the function has returned (and "again")
        result = original(*args, **kwargs)
        handler = signal.getsignal(SIGNUM)
        if HOW == "after-again":
            import subprocess
            subprocess.Popen([sys.executable, "-c", PRESSING, str(os.getpid()), str(SIGNUM)])
        else:
            os.kill(os.getpid(), SIGNUM)
        while not handler.__self__.noted:  # until the command line's handler has answered
            pass
        return result


# another process's Ctrl-C every millisecond, as long as the command's process lives
PRESSING = '''
import os, signal, sys, time
pid, signum = int(sys.argv[1]), int(sys.argv[2])
while os.getppid() == pid:
    os.kill(pid, signum)
    time.sleep(0.001)
'''
module = importlib.import_module(module_name)
original = getattr(module, name)
setattr(module, name, interrupted)
from companion.cli import main
sys.argv[:] = ["companion", *ARGV]  # as the companion program runs it
raise SystemExit(main())
"""


def interrupted_run(target: str, how: str, argv: list[str], cwd: Path,
                    module: bool = False, sent: str = "SIGINT") -> subprocess.CompletedProcess:
    """The driver run as ``python -c`` (as the ``companion`` program runs: a script), or with
    ``module`` as ``python -m`` (as ``python -m companion`` does); ``sent``: the signal that
    stops it, Ctrl-C's unless named."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_INSTANCE=str(cwd / "instance"),
               STOP_SIGNAL=sent)
    run = ["-c", DRIVER]
    if module:
        (cwd / "interrupting.py").write_text(DRIVER, encoding="utf-8")
        run = ["-m", "interrupting"]
    return subprocess.run([sys.executable, *run, target, how, *argv], cwd=cwd,
                          env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=120, preexec_fn=_ctrl_c_as_in_a_terminal)


def _ctrl_c_as_in_a_terminal() -> None:
    # A command started in the background of a shell without job control inherits Ctrl-C
    # ignored, and keeps ignoring it, as it should; the tests are about a terminal's Ctrl-C,
    # so the command starts with the signal's default whatever way the tests were started
    # (and SIGHUP's, which nohup ignores, and SIGTERM's).
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


@pytest.mark.parametrize("target,how,argv", [
    # while the commands load (ortools and pandas take most of a second): a traceback
    ("importlib.import_module", "plain", ["girdle", "solve"]),
    # while cad build loads CadQuery: pybind11 made it an ImportError, shown as a traceback
    ("cad.build.build", "chained", ["cad", "build", "-o", "set", "--part", "coupon"]),
    # cadquery caught it as "VTK not installed" and failed on its next import: a traceback
    ("cad.build.build", "swallowed", ["cad", "build", "-o", "set", "--part", "coupon"]),
    # the photo's reading swallowed it and the command went on as if never stopped
    ("companion.cli.vision.run_read", "finished",
     ["read", str(ROOT / "tests" / "data" / "vision" / "real" / "IMG_20141025_163920.jpg"),
      "--game", "bugwords"]),
    ("companion.cli.girdle.run_solve", "plain", ["girdle", "solve", "--date", "2026-12-08"]),
])
def test_ctrl_c_ends_with_one_line_and_status_130(target: str, how: str, argv: list[str],
                                                   tmp_path: Path) -> None:
    done = interrupted_run(target, how, argv, tmp_path)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.splitlines()[-1:] == ["companion: Interrupted."], done.stderr
    assert done.returncode == 130


@pytest.mark.parametrize("argv", [
    ["cad", "build", "-o", "set/new", "--part", "coupon", "--no-cache"],
    ["cad", "coupons", "-o", "set/new", "--clearances", "0.2"],
])
def test_ctrl_c_the_cad_kernel_catches_stops_the_build_at_its_next_step(
        argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Ctrl-C while the CAD kernel made a coupon's solids, caught by the kernel (one run in
    # ten, pressed in the first seconds): the build went on, wrote every file and said
    # "wrote 5 files to set" before "Interrupted.", a whole set minutes later
    monkeypatch.setenv("COMPANION_CAD_CACHE", str(tmp_path / "cache"))
    done = interrupted_run("cad.coupon.coupon_parts", "finished", argv, tmp_path)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.splitlines()[-1:] == ["companion: Interrupted."], done.stderr
    assert done.returncode == 130
    assert "wrote" not in done.stdout
    assert not (tmp_path / "set").exists()  # nor the folders made for it


@pytest.mark.parametrize("sent", ["SIGINT", "SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("how", ["after", "after-again"])
@pytest.mark.parametrize("target,argv", [
    ("cad.build._move_in", ["cad", "build", "-o", "set", "--part", "stickers", "-q"]),
    # made once the coupons have moved in (each coupon's own build moves its files earlier)
    ("cad.build.CouponsResult", ["cad", "coupons", "-o", "set", "--clearances", "0.2", "-q"]),
])
def test_ctrl_c_once_the_files_have_moved_in_ends_as_the_build_did(
        target: str, argv: list[str], how: str, sent: str, tmp_path: Path) -> None:
    # Ctrl-C just after the build's last file, its report, moved into the folder (and, with
    # "after-again", pressed again and again from then until the process has ended): the set
    # was whole in the folder, yet the command said "Interrupted." and ended with 130
    # (SIGTERM and SIGHUP killed it without a word, status 143 and 129, the set whole)
    cache = sharedwork.run_folder("cad-cache")  # the run's: the parts come from it
    done = interrupted_run(target, how, [*argv, "--cache-dir", str(cache)], tmp_path,
                           sent=sent)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.startswith("wrote "), done.stdout
    report = "build.json" if argv[1] == "build" else "coupons.json"
    assert json.loads((tmp_path / "set" / report).read_text(encoding="utf-8"))["files"]
    assert not list((tmp_path / "set").glob(".companion-build-*"))  # its own folder gone


# The other signals that stop a command as Ctrl-C does, their status and their line.
OTHER_STOPS = [
    ("SIGTERM", 143, "companion: Terminated (SIGTERM)."),
    ("SIGHUP", 129, "companion: Hung up (SIGHUP: its terminal closed)."),
]


@pytest.mark.parametrize("sent,status,said", OTHER_STOPS)
def test_sigterm_and_sighup_end_a_command_with_a_line_and_their_status(
        sent: str, status: int, said: str, tmp_path: Path) -> None:
    # `kill` (SIGTERM) or a closed terminal (SIGHUP) killed the command without a word
    done = interrupted_run("companion.cli.girdle.run_solve", "plain",
                           ["girdle", "solve", "--date", "2026-12-08"], tmp_path, sent=sent)
    assert done.stderr.splitlines() == [said], done.stderr
    assert done.returncode == status


def _folder(root: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``root``, by its path in it."""
    return {str(p.relative_to(root)): p.read_bytes() if p.is_file() else None
            for p in sorted(root.rglob("*"))}


@pytest.mark.parametrize("sent,status,said", [
    ("SIGINT", 130, "companion: Interrupted."), *OTHER_STOPS])
@pytest.mark.parametrize("how,argv", [
    ("midway", ["cad", "build", "-o", "set", "--part", "stickers", "-q"]),
    # (each coupon's own build moves its files into a folder of its own first)
    ("midway", ["cad", "coupons", "-o", "set", "--clearances", "0.2", "-q"]),
])
def test_a_stop_while_the_files_move_in_leaves_the_folder_as_it_was(
        how: str, argv: list[str], sent: str, status: int, said: str,
        tmp_path: Path) -> None:
    # SIGTERM or SIGHUP once the first of the new files had moved into the folder: the
    # process was killed there, the folder left with part of the new set over the earlier
    # one's and the build's hidden folder in it
    cache = sharedwork.run_folder("cad-cache")  # the run's: the parts come from it
    out = tmp_path / "set"
    out.mkdir()
    for name in ("stickers-a4.pdf", "coupon-0.2.stl", "notes.txt"):
        (out / name).write_bytes(b"an earlier build's, or the maker's own\n")
    before = _folder(out)
    done = interrupted_run("cad.build._put", how, [*argv, "--cache-dir", str(cache)],
                           tmp_path, sent=sent)
    assert (done.returncode, done.stderr.splitlines()) == (status, [said]), done.stderr
    assert "wrote" not in done.stdout
    assert _folder(out) == before


def test_ctrl_c_in_code_made_from_text_under_python_m_is_130(tmp_path: Path) -> None:
    # `python -m companion read`, Ctrl-C while the commands load (one run in seven when it
    # came 0.3-0.9 s in): as it came, a module was making a dataclass, whose methods are code
    # made from text; CPython took the interruption leaving that code for one never caught,
    # and after "Interrupted." ended the process by SIGINT (status -2), every run of this test
    done = interrupted_run("importlib.import_module", "text",
                           ["read", str(ROOT / "tests" / "data" / "vision" / "real"
                                        / "IMG_20141025_163920.jpg"), "--game", "bugwords"],
                           tmp_path, module=True)
    assert done.stderr.splitlines() == ["companion: Interrupted."], done.stderr
    assert done.returncode == 130


def test_ctrl_c_again_while_the_command_stops_and_exits_is_still_130(tmp_path: Path) -> None:
    # Ctrl-C during a photo's reading, then again every millisecond (another process's, as a
    # terminal's would come) until the process has ended: it said "Interrupted." and then
    # was killed by a Ctrl-C that came while the interpreter shut down (status -2, every
    # run of this test), or showed a traceback from one that came as it said so
    photo = ROOT / "tests" / "data" / "vision" / "real" / "IMG_20141025_163920.jpg"
    for _ in range(3):
        done = interrupted_run("companion.cli.vision.run_read", "again",
                               ["read", str(photo), "--game", "bugwords"], tmp_path)
        assert done.stderr.splitlines() == ["companion: Interrupted."], done.stderr
        assert done.returncode == 130


def test_the_command_line_loads_little_before_it_notes_ctrl_c(tmp_path: Path) -> None:
    # `python -m companion` and the `companion` script import companion.cli, then call main(),
    # which notes Ctrl-C from then on; the import loaded the word lists and numpy (half a
    # second), and Ctrl-C in that time was a traceback
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, companion.cli; print(sorted(sys.modules))"],
        cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
        text=True, timeout=60, check=True).stdout
    for heavy in ("numpy", "companion.lexicon", "companion.cli.common"):
        assert f"'{heavy}'" not in loaded


def test_ctrl_c_stops_serve_as_it_says(tmp_path: Path) -> None:
    # "serving on ... (Ctrl+C to stop)": Ctrl-C is the server's stop, which ends it with
    # status 0, not an interruption of the command
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_INSTANCE=str(tmp_path / "instance"))
    with subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(port)],
                          cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=_ctrl_c_as_in_a_terminal) as proc:
        try:
            assert proc.stdout is not None
            assert "(Ctrl+C to stop)" in proc.stdout.readline()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:  # until it answers
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=1):
                        break
                except OSError:
                    time.sleep(0.2)
            proc.send_signal(signal.SIGINT)
            _out, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert proc.returncode == 0, err
    assert "Interrupted" not in err and "Traceback" not in err


# A CadQuery that loads as the real one does when Ctrl-C comes during its optional VTK
# import: OCP catches the interrupt, prints "VTK not installed" and fails on its next import.
INTERRUPTED_CADQUERY = """
import os, signal, time
try:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)
except BaseException:
    print("VTK not installed")
raise ImportError("cannot import name 'IVtkOCC_Shape' from 'OCP.IVtkOCC'")
"""


def test_ctrl_c_while_cadquery_loads_keeps_its_noise_off_standard_output(
        tmp_path: Path) -> None:
    # CadQuery's "VTK not installed" came on standard output before "Interrupted."
    (tmp_path / "cadquery.py").write_text(INTERRUPTED_CADQUERY, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}",
               COMPANION_INSTANCE=str(tmp_path / "instance"),
               COMPANION_CAD_CACHE=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-m", "companion", "cad", "build", "-o", "set",
                           "--part", "coupon", "--no-cache", "-q"], cwd=tmp_path, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=120, preexec_fn=_ctrl_c_as_in_a_terminal)
    assert (done.returncode, done.stdout) == (130, ""), done.stderr
    assert done.stderr.splitlines() == ["companion: Interrupted."]
