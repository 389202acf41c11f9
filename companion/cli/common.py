"""Helpers shared by the sub-commands: lexicon option, JSON output."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from typing import Any

from companion.errors import UsageError
from companion.lexicon import Lexicon, LexiconError, load_lexicon


def add_lexicon_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lexicon",
        metavar="FILE",
        help="word list to judge by, one word per line (default: the built-in English list)",
    )


def lexicon_from_args(args: argparse.Namespace) -> Lexicon:
    """The lexicon named by ``--lexicon``, or the default; a bad file is a usage error."""
    try:
        return load_lexicon(getattr(args, "lexicon", None))
    except LexiconError as exc:
        raise UsageError(str(exc)) from exc


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def parse_date(text: str | None) -> dt.date:
    """``YYYY-MM-DD`` as a date (today when empty); anything else is a usage error."""
    if not text:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(text)
    except ValueError as exc:
        raise UsageError(f"{text!r} is not a date. Dates look like 2026-11-29.") from exc
