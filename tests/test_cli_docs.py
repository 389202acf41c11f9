"""docs/cli.md names each command the way the parser takes it."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from companion.cli import build_parser, main

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


# What docs/cli.md quotes a command as saying, and a command that says it.
QUOTED = [
    ("The date '2026-02-30' is not in the calendar: February 2026 has 28 days.",
     ["girdle", "show", "--date", "2026-02-30"]),
    ("'\u0665' is not a whole number written in the digits 0-9",
     ["werdup", "moves", "empty", "AEIRST", "--top", "\u0665"]),
    ("'\u0660.\u0662' is not a decimal number written in the digits 0-9 (such as 0.2)",
     ["cad", "layout", "--clearance", "\u0660.\u0662"]),
    ("'nan' is not a number: give a finite decimal such as 0.2",
     ["girdle", "solve", "--time-budget", "nan"]),
    ("'1e400' is too large a number", ["girdle", "solve", "--time-budget", "1e400"]),
    ("argument --lexicon: '' names no file: give a file name", ["check", "qi", "--lexicon", ""]),
    ("--lexicon needs a word list file; standard input (-) cannot be one",
     ["check", "qi", "--lexicon", "-"]),
]


@pytest.mark.parametrize(("quote", "argv"), QUOTED, ids=[q[:24] for q, _ in QUOTED])
def test_the_messages_the_page_quotes_are_the_commands_own(
        quote: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli.md quoted a bad date as "2026-02-30 is not a date: ...", a sentence the
    command line no longer said."""
    assert quote in " ".join(CLI_PAGE.read_text().split())
    try:
        status = main(argv)
    except SystemExit as exc:  # the parser's own errors
        status = int(exc.code or 0)
    assert status == 2
    assert quote in capsys.readouterr().err


def test_the_read_help_says_how_a_commercial_board_is_found() -> None:
    """'companion read --help' said a commercial board is found by its outline and grid
    lines; a commercial Bug Words board is found by its premium squares (docs/vision.md,
    vision/premium.py), as the reading itself says ("bugwords board, found by premium
    squares"); only a board with neither markers nor premium squares falls back to them."""
    read = " ".join((_subcommands(build_parser())["read"].description or "").split())
    assert "a commercial Bug Words board by its premium squares, any other board by its " \
        "outline and grid lines" in read
    assert "A **commercial 15x15 board** is found by its own print" in (
        CLI_PAGE.with_name("vision.md").read_text())


def test_the_girdle_solve_help_says_par_is_proven_on_star_days_only() -> None:
    """'companion girdle --help' called par "the best final score", which it is proven to be
    on the star days only; on the crossed shapes it is the best sheet found (docs/girdle.md,
    "Par is proven on the star days only")."""
    girdle = _subcommands(build_parser())["girdle"]
    solve = _subcommands(girdle)["solve"]
    summary = next(a for a in girdle._actions
                   if isinstance(a, argparse._SubParsersAction))._choices_actions
    said = " ".join(" ".join((c.help or "") for c in summary if c.dest == "solve").split())
    assert "proven on star days, the best found on the others" in said
    description = " ".join((solve.description or "").split())
    assert "On a star day par is proven the best final score" in description
    assert "**Par is proven on the star days only.**" in (
        CLI_PAGE.with_name("girdle.md").read_text())


def _example_commands() -> list[tuple[str, str]]:
    """Every `companion ...` line of the README's and docs' shell examples, and every
    `companion ...` quoted in their prose: (page, command after 'companion')."""
    root = CLI_PAGE.parent.parent
    found = []
    for page in [root / "README.md", *sorted(CLI_PAGE.parent.glob("*.md"))]:
        text = page.read_text()
        for block in re.findall(r"```sh\n(.*?)```", text, re.S):
            for line in block.splitlines():
                m = re.search(r"(?:^|\s)(?:\.venv/bin/)?companion\s+(.*)", line.split("  #")[0])
                if m and not line.lstrip().startswith("#"):
                    found.append((page.name, m.group(1)))
        found += [(page.name, cmd) for cmd in re.findall(r"`companion ([^`]+)`",
                                                           " ".join(text.split()))]
    return found


def test_every_option_the_docs_examples_use_is_the_commands_own() -> None:
    """A new user copies the pages' examples: each option they give a command must be one its
    parser (and so its --help) has."""
    examples = _example_commands()
    assert len(examples) > 80
    unknown = []
    for page, command in examples:
        parser, path = build_parser(), []
        for word in re.sub(r"[][|]", " ", command).split():
            subs = _subcommands(parser)
            if word in subs:
                parser = subs[word]
                path.append(word)
            elif word.startswith("--") and not any(
                    word.split("=")[0] in a.option_strings for a in parser._actions):
                unknown.append(f"{page}: companion {' '.join(path)} has no {word}")
    assert unknown == []


def test_the_cad_cache_help_names_the_folders_the_build_uses(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """'--cache-dir' said the default is ~/.cache/companion/cad, but the build first takes
    $COMPANION_CAD_CACHE, then $XDG_CACHE_HOME/companion/cad."""
    from cad.build import default_cache_dir

    monkeypatch.setenv("COMPANION_CAD_CACHE", str(tmp_path / "a"))
    assert default_cache_dir() == tmp_path / "a"
    monkeypatch.delenv("COMPANION_CAD_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "b"))
    assert default_cache_dir() == tmp_path / "b" / "companion" / "cad"
    cad = _subcommands(build_parser())["cad"]
    for action in ("build", "coupons"):
        option = next(a for a in _subcommands(cad)[action]._actions
                      if "--cache-dir" in a.option_strings)
        said = " ".join((option.help or "").split())
        assert ("$COMPANION_CAD_CACHE, else $XDG_CACHE_HOME/companion/cad, else "
                "~/.cache/companion/cad") in said, action


def test_the_light_check_says_its_exit_statuses_and_keeps_them(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """'vision light' exits 1 when the light needs attention, which its help did not say."""
    light = _subcommands(_subcommands(build_parser())["vision"])["light"]
    said = " ".join((light.description or "").split())
    assert "Exit status: 0 the light is good, 1 it needs attention" in said
    photo = CLI_PAGE.parent.parent / "tests" / "data" / "werdup_renders"
    # render 106 is lit evenly enough; on 102 the hard sun leaves the darkest part of the
    # board 51% as bright as the brightest
    assert main(["vision", "light", str(photo / "render-106.jpg")]) == 0
    assert capsys.readouterr().out.startswith("light: good")
    assert main(["vision", "light", str(photo / "render-102.jpg")]) == 1
    assert capsys.readouterr().out.startswith("light: needs attention")
    not_a_photo = tmp_path / "light.jpg"
    not_a_photo.write_text("not a photo")
    assert main(["vision", "light", str(not_a_photo)]) == 2
