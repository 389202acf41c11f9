"""The signals that stop a command as Ctrl-C does: Ctrl-C itself (SIGINT), SIGTERM (``kill``,
a service manager stopping it) and SIGHUP (its terminal closed). Each ends the command with
the conventional status, 128 and the signal's number, and a line naming what happened; one
list for the command line (:mod:`companion.cli`) and for the build's moves that hold them off
(:func:`cad.build._ctrl_c_held`)."""

from __future__ import annotations

import signal

# each signal, and what the command line says when it stops a command
STOPS: dict[int, str] = {
    signal.SIGINT: "interrupted",
    signal.SIGTERM: "terminated (SIGTERM)",
    signal.SIGHUP: "hung up (SIGHUP: its terminal closed)",
}


def stop_status(signum: int) -> int:
    """The exit status of a command stopped by ``signum``: 130 for Ctrl-C, 143 for SIGTERM,
    129 for SIGHUP."""
    return 128 + signum


def untouched(signum: int) -> object:
    """The handler Python starts with for ``signum``: one that is still there was set by no
    one else (SIGINT's raises KeyboardInterrupt; the others' end the process)."""
    return signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL
