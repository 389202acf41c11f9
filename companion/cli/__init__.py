"""The ``companion`` command line: one sub-command module per job.

Each module in :data:`COMMANDS` has ``register(subparsers)``, which adds its parser and sets
``func`` to a function taking the parsed arguments and returning the exit status.
"""

from __future__ import annotations

import argparse
import builtins
import importlib
import sys

from companion.errors import CompanionError, UsageError

# Sub-command modules, in the order ``companion --help`` lists them. Importing them binds
# their names here, and ``print`` is one of them: this module calls ``builtins.print``.
COMMANDS = ("bugwords", "cad", "check", "girdle", "pdq", "print", "serve", "vision", "werdup")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A table companion for WerdUp, Word Girdle, PDQ and Bug Words.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"companion.cli.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:
        builtins.print(f"companion: {exc}", file=sys.stderr)
        return 2
    except CompanionError as exc:
        builtins.print(f"companion: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        builtins.print("companion: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
