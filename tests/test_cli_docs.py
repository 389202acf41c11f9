"""docs/cli.md names each command the way the parser takes it."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from companion.cli import build_parser

CLI_PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _positionals(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions
            if not a.option_strings and not isinstance(a, argparse._SubParsersAction)]


def test_the_command_table_matches_the_parser() -> None:
    rows = re.findall(r"^\| `companion ([^`]+)` \|", CLI_PAGE.read_text(), re.M)
    commands = _subcommands(build_parser())
    assert len(rows) == len(commands)
    for row in rows:
        name, *words = row.split()
        assert name in commands, row
        parser = commands[name]
        actions = _subcommands(parser)
        positionals = _positionals(parser)
        after_option = False
        for word in words:
            if word.startswith("--"):
                assert any(word in a.option_strings for a in parser._actions), row
                after_option = True
            elif after_option:  # the option's value
                after_option = False
            elif "/" in word or word.islower():  # sub-commands, or a positional's choices
                choices = actions or positionals.pop(0).choices or ()
                assert set(word.split("/")) <= set(choices), row
            elif actions:  # DOCUMENT, ACTION: one of the sub-commands
                continue
            else:
                spec = positionals.pop(0)
                repeats = spec.nargs in ("+", "*")
                assert word.endswith("...") == repeats or spec.nargs == "*", (row, spec.dest)


def _every_command(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    for name, sub in _subcommands(parser).items():
        yield (*path, name), sub
        yield from _every_command(sub, (*path, name))


def test_every_command_says_what_it_does_in_its_help() -> None:
    """'companion serve --help', 'worker --help' and 'db --help' (and three 'print'
    documents) listed their options with no word on what the command does."""
    missing = [" ".join(path) for path, sub in _every_command(build_parser())
               if not (sub.description or "").strip()]
    assert missing == []
