"""The ``companion`` command line: one sub-command module per job.

Each module in :data:`COMMANDS` has ``register(subparsers)``, which adds its parser and sets
``func`` to a function taking the parsed arguments and returning the exit status.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import importlib
import json
import os
import re
import signal
import sys
from collections.abc import Iterable, Iterator, Sequence
from types import FrameType
from typing import Any, NoReturn, TextIO, cast

from companion import __version__
from companion.errors import CompanionError, exit_status
from companion.stops import STOPS, stop_status, untouched
from companion.text import bytes_escaped, path_shown, printable, sentence, short_words
from companion.typed import typed_text

# Sub-command modules, in the order ``companion --help`` lists them (``printing`` registers
# the ``print`` command).
COMMANDS = (
    "check",
    "bugwords",
    "girdle",
    "pdq",
    "werdup",
    "printing",
    "cad",
    "vision",
    "serve",
    "worker",
    "dbcmd",
)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose errors repeat what was typed as the commands' own do: a
    control character or a line break escaped, a long value cut short ("unrecognized
    arguments", "invalid choice")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A value starting with a minus and a digit is a value, not an option: argparse takes
        # only a plain number so ('--top -1'), and '--bed -5x100' or '--clearances -1,2'
        # was "expected one argument", where the option's own reading says what is wrong.
        self._negative_number_matcher = re.compile(r"^-\.?[0-9]")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {short_words(printable(message))}\n")

    def add_argument(self, *names: Any, **kwargs: Any) -> argparse.Action:
        """An option of named choices takes them in any case (``--paper A4``, ``--game
        WerdUp``), as ``--variant`` and ``--challenge-rule`` take theirs
        (:func:`companion.cli.common.any_case`); any other text typed (a word, a play, a
        name) is read in the terminal's character set (:func:`companion.typed.typed_text`:
        "café" typed at a Latin-1 terminal was "CAF\\udce9", not a word), unless the
        argument's ``type`` reads it otherwise (a file's name keeps its bytes)."""
        choices = kwargs.get("choices")
        if (choices is not None and "type" not in kwargs
                and all(isinstance(c, str) and c == c.lower() for c in choices)):
            from companion.cli.common import any_case  # (the commands load it anyway)

            kwargs["type"] = any_case(tuple(choices))
        if "type" not in kwargs and kwargs.get("action", "store") in ("store", "append"):
            kwargs["type"] = typed_text
        return super().add_argument(*names, **kwargs)

    def parse_known_args(  # type: ignore[override]
            self, args: Sequence[str] | None = None,
            namespace: argparse.Namespace | None = None,
    ) -> tuple[argparse.Namespace, list[str]]:
        """Arguments none of the command's options take are refused by the command's own
        parser, with its usage line (``companion check qi --gmae pdq`` showed the usage of
        ``companion`` alone, which lists none of ``check``'s options)."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="companion",
        description="A table companion for WerdUp, Word Girdle, PDQ and Bug Words.",
        epilog="Exit status, for every command: 0 done (valid, legal); 1 the input was read "
        "and checked and the answer is no (a word not valid, a play illegal, a record that "
        "breaks the rules or a score that differs, no play for the rack); 2 the input could "
        "not be read, the command was misused or cannot run as the machine is set up (a "
        "program or model it needs is missing).",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"companion.cli.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit status. Ctrl-C at any point, loading
    the commands included, ends with "Interrupted." on standard error and status 130, but
    once the command's work is done and stays done (:func:`work_done`: a build's files all
    in its folder), when the command ends as it would have without it.

    Without ``argv`` (the ``companion`` program and ``python -m companion``: the command line
    is the process's own) Ctrl-C is also answered after the command, until the process has
    ended: one that comes while the interpreter shuts down ends it at once with
    "Interrupted." (said once) and 130 (with the command's status and nothing said once its
    work was done), rather than a traceback or the process killed by the signal (after the
    interpreter's exit functions, in its last moments, it is ignored).

    SIGTERM and SIGHUP (:data:`companion.stops.STOPS`) take the same path: the command
    stops, or ends as it would have once its work is done, with a line naming the signal and
    the status 128 and its number (143, 129), where the process was killed without a word."""
    parsed: list[argparse.Namespace] = []
    ctrl_c = _interrupts_noted(until_exit=argv is None)
    with ctrl_c:
        try:
            status = _run(argv, parsed)
        except KeyboardInterrupt:
            status = ctrl_c.stop_status
        except Exception:
            # A library that catches the interrupt can fail in its place: an extension
            # module's import stopped by Ctrl-C raises ImportError ("initialization failed"),
            # and one whose ImportError is caught fails on the next import that needs it.
            if not ctrl_c.stopping:
                raise
            status = ctrl_c.stop_status
        finally:
            ctrl_c.settled = True  # from here a Ctrl-C is noted, not raised
        stops = bool(parsed and getattr(parsed[0], "ctrl_c_stops", False)
                     and set(ctrl_c.stopping) <= {signal.SIGINT})
        # also when a library swallowed it and the command went on, unless Ctrl-C is how
        # the command stops (serve: the server ends and the command returns; SIGTERM or
        # SIGHUP stops it as any command); one that came once the command's work was done
        # (work_done) changes nothing
        if ctrl_c.stopping and not stops:
            status = ctrl_c.stop_status
        stopped = status == ctrl_c.stop_status
        if stopped:
            say(STOPS[ctrl_c.stop_signal])
        ctrl_c.exit_with(status, said=stopped or stops or ctrl_c.done_at is not None)
    return status


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM, SIGHUP), as the command line raises it: a KeyboardInterrupt to
    every ``except`` that takes one, but not the interpreter's own. CPython marks a
    KeyboardInterrupt of exactly that class that leaves code run from text (``exec`` or
    ``eval`` of a string: dataclasses and named tuples make their methods so as modules load)
    as never caught, even when it is caught later, and ``python -m companion`` then ended by
    SIGINT after "Interrupted."."""


def stop_if_interrupted() -> None:
    """Stop now, as Ctrl-C stops a command, if Ctrl-C came while the command runs and a
    library caught it and went on (the CAD kernel does in some of its calls, so ``cad build``
    ran to its end and wrote every file before it said "Interrupted."): a long job calls
    this between its steps and ends at the next one."""
    for ctrl_c in _NOTING:
        if ctrl_c.stopping and not ctrl_c.settled:
            raise Interrupted


def work_done() -> None:
    """The command's work is done and stays done (a build's files all moved into its folder,
    its report last): from here Ctrl-C is noted only, and the command ends as it would have
    without it, with its answer and its status, never "Interrupted." and 130. Unless Ctrl-C
    came already and a library caught it: then the command stops now, as
    :func:`stop_if_interrupted` stops it, and the caller undoes the work (the build puts
    every file back). The caller holds Ctrl-C off between the last step of the work and
    this call (:func:`cad.build._move_in`), so none comes after the work and before it."""
    stop_if_interrupted()
    for ctrl_c in _NOTING:
        if ctrl_c.done_at is None:
            ctrl_c.done_at = len(ctrl_c.noted)


class _interrupts_noted:
    """While in use, Ctrl-C (SIGINT), SIGTERM and SIGHUP (:data:`companion.stops.STOPS`)
    are noted as they come, then raises :class:`Interrupted`
    as Python's own handler raises KeyboardInterrupt, until ``settled`` (the command has
    ended or is ending; a second Ctrl-C is only noted, so the first one's way out is not cut
    short), or the command's work is done (:func:`work_done`: from then on a Ctrl-C is only
    noted, and does not count as stopping the command). The context value is a list, not
    empty once noted. Where the handler cannot be set (not the main thread), or for a signal
    ignored or handled already (``nohup``: SIGHUP ignored), nothing changes.

    On leaving, Python's handler is put back; ``until_exit`` (the process ends after the
    command) keeps one instead that ends the process with the status given to
    :meth:`exit_with`, or the signal's status and line, through the exit functions; after the last
    of them (the interpreter then takes its modules apart, about 0.2 s once the photo reader
    is loaded, where a handler written in Python no longer runs and SIGINT killed the
    process) Ctrl-C is ignored and the process ends with its status."""

    def __init__(self, until_exit: bool = False) -> None:
        self.noted: list[int] = []
        self.previous: dict[int, object] = {}  # the handlers replaced, by signal
        self.settled = False
        self.until_exit = until_exit
        self.status = 130
        self.said = False
        self.done_at: int | None = None  # how many were noted when the work was done

    @property
    def stopping(self) -> list[int]:
        """The Ctrl-Cs noted before the command's work was done: those that stop it."""
        return self.noted[:self.done_at]

    @property
    def stop_signal(self) -> int:
        """The signal that stopped the command: the first noted before its work was done
        (Ctrl-C when none was: a KeyboardInterrupt of the command's own)."""
        return self.stopping[0] if self.stopping else signal.SIGINT

    @property
    def stop_status(self) -> int:
        """The exit status of the command stopped by :attr:`stop_signal`."""
        return stop_status(self.stop_signal)

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.noted.append(signum)
        if not self.settled and self.done_at is None:
            raise Interrupted

    def _exit(self, signum: int, frame: FrameType | None) -> NoReturn:
        """Ctrl-C (SIGTERM, SIGHUP) once the command has ended: the process ends now."""
        for stream in (sys.stdout, sys.stderr):  # what is written comes out, in order
            try:
                stream.flush()
            except (OSError, ValueError, RuntimeError, AttributeError):
                pass  # closed, gone, or in the middle of a write of its own
        if not self.said:
            os.write(2, _said(STOPS[signum]).encode())
        os._exit(self.status if self.said else stop_status(signum))

    def exit_with(self, status: int, said: bool) -> None:
        """The status the process ends with if Ctrl-C comes once the command has ended;
        ``said``: the interruption is said already, Ctrl-C is how the command stops, or the
        command's work was done before it came (:func:`work_done`)."""
        self.status, self.said = status, said

    def __enter__(self) -> list[int]:
        _NOTING.append(self)
        try:
            for signum in STOPS:
                if signal.getsignal(signum) is untouched(signum):
                    self.previous[signum] = signal.signal(signum, self._note)
        except ValueError:  # not the main thread
            pass
        if self.until_exit:
            # registered first, so run last: every exit function still has them answered
            for signum in self.previous:
                atexit.register(signal.signal, signum, signal.SIG_IGN)
        return self.noted

    def __exit__(self, *exc: object) -> None:
        if self in _NOTING:
            _NOTING.remove(self)
        for signum, previous in self.previous.items():
            signal.signal(signum, self._exit if self.until_exit
                          else previous)  # type: ignore[arg-type]
        if self.previous and self.until_exit and self.noted and not self.said:
            self._exit(self.noted[0], None)  # one came as the command was ending


# The Ctrl-C handlers of the commands running (one, but for a test's nested run), as
# :func:`stop_if_interrupted` looks at them.
_NOTING: list[_interrupts_noted] = []


def _run(argv: list[str] | None, parsed: list[argparse.Namespace]) -> int:
    """The command of ``argv`` run, its exit status; its arguments, once parsed, are put in
    ``parsed``."""
    if sys.stdout is None:  # started with standard output closed (>&-): no answer can be seen
        if sys.stderr is not None:
            say("standard output is closed: there is nowhere to write the answer")
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    parsed.append(args)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        with _reader_may_go():
            status = int(args.func(args) or 0)
            sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
        return status
    except CompanionError as exc:
        status = exit_status(exc)
        if getattr(args, "json", False):  # the answer asked for is JSON, an error's too
            _print_json_error(bytes_escaped(sentence(str(exc))), status)
        else:
            say(str(exc))
        return status
    except UnicodeEncodeError as exc:
        if exc.encoding != getattr(sys.stdout, "encoding", None):
            raise
        # a terminal or PYTHONIOENCODING of ASCII or Latin-1: say so rather than a traceback
        say(f"standard output takes {exc.encoding} text, which cannot show "
            f"{exc.object[exc.start:exc.end]!r}; use a UTF-8 locale or set "
            "PYTHONIOENCODING=utf-8")
        return 2
    except BrokenPipeError:  # the reader stopped (``| head``) as bytes were written: a PDF
        _drop_stdout()
        return 0
    except OSError as exc:  # most often the output cannot be written (a full disk)
        try:
            sys.stdout.flush()
        except OSError:
            _drop_stdout()
        where = f" ({path_shown(exc.filename)})" if exc.filename else ""
        say(f"{exc.strerror or exc}{where}")
        return 2


class _ReaderMayGo:
    """Standard output while a command runs: once its reader has gone (a closed pipe, ``|
    head``), what the command writes after is dropped, and the command runs on to its end
    and its own exit status. The write that failed ended the command with status 0, so a
    "no" (status 1: a word not valid, a score that differs) read as "valid" whenever the
    reader went before the last write, and ``check zzz | head -1`` ended with 0 or 1 by
    chance. Text alone: a command writing bytes (``print -o -``) has no verdict to keep."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self.stream.write(text)
            except BrokenPipeError:
                self._went()
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if not self.gone:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self._went()

    def _went(self) -> None:
        self.gone = True
        _drop_stdout(self.stream)  # what is left in its buffer goes to the null device

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextlib.contextmanager
def _reader_may_go() -> Iterator[None]:
    """Standard output kept by :class:`_ReaderMayGo` while the command runs."""
    stream = sys.stdout
    sys.stdout = cast(TextIO, _ReaderMayGo(stream))
    try:
        yield
    finally:
        sys.stdout = stream


def say(message: str) -> None:
    """An error on standard error, as every command says one: ``companion: `` and the
    message as one sentence (:func:`companion.text.sentence`: a capital first letter, a full
    stop), escaped (a value typed with ESC or a line break in it)."""
    print(_said(message), end="", file=sys.stderr)


def _said(message: str) -> str:
    """:func:`say`'s line, its line break included."""
    return f"companion: {printable(sentence(message))}\n"


def _print_json_error(message: str, status: int) -> None:
    """``{"error", "status"}`` on standard output, as every ``--json`` command answers an
    error found once its options are read; in ASCII escapes where standard output's
    character set cannot show a letter of the message."""
    # common loads the word lists and numpy, which must not load before main() notes Ctrl-C
    from companion.cli.common import json_text

    data = {"error": message, "status": status}
    try:
        text = json_text(data)
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(data, indent=2)
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except OSError:  # the reader has gone, or the disk is full: say it where it can be seen
        _drop_stdout()
        say(message)


def _drop_stdout(stream: TextIO | None = None) -> None:
    """Point standard output (``stream``, or ``sys.stdout``) at the null device so the exit's
    final flush cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, (stream or sys.stdout).fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no real file behind it (a test's capture)
        pass
