"""Nothing on any page of any printable is drawn in the edge band home printers cannot print,
and every font a printable uses is embedded in it.

The documents are every ``companion print`` command in every combination of its choices and
switches, read from the command line's own parser (a new document or paper is checked without
touching this file), and the WerdUp sticker sheets that ``companion cad build`` writes. Each page
is rendered by pdftoppm and must be blank paper within :data:`UNPRINTABLE` mm of every edge.
"""

from __future__ import annotations

import argparse
import itertools
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from cad.stickers import PAPERS, sticker_pdf
from companion.cli import build_parser, main
from companion.layout.werdup_board import BoardLayout
from printables.score_sheets import SPECS
from printables.style import UNPRINTABLE

DPI = 100
TOLERANCE = 0.3  # mm: a mark ending exactly on the band's edge greys the pixel it touches
# Besides its choices and switches: a fixed day, and a short search for the answer key (the
# search's limit goes with the switch that asks for the key).
EXTRA = {"girdle": ["--date", "2026-11-29"]}
WITH_SWITCH = {"--answers": ["--solve-seconds", "1"]}


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError(f"{parser.prog} has no subcommands")


def print_runs() -> list[list[str]]:
    """``companion print`` argument lists: every document, every value of each option that
    has choices, every set of its switches (and every player count of a score sheet)."""
    runs = []
    for doc, parser in _subcommands(_subcommands(build_parser())["print"]).items():
        options = [[(a.option_strings[-1], str(v)) for v in a.choices]
                   for a in parser._actions if a.option_strings and a.choices]
        switches = [a.option_strings[-1] for a in parser._actions
                    if isinstance(a, argparse._StoreTrueAction)]
        for chosen in itertools.product(*options):
            args = [text for pair in chosen for text in pair]
            game = dict(chosen).get("--game", "")
            players: list[list[str]] = [[]]
            if doc == "score-sheet":
                lo, hi, _ = SPECS[game].players
                players = [["--players", str(n)] for n in range(lo, hi + 1)]
                if game == "pdq":  # a variant of more rounds goes on over a second page
                    players += [[*n, "--variant", "younger"] for n in players]
            for k in range(len(switches) + 1):
                for flags in itertools.combinations(switches, k):
                    more = [t for flag in flags for t in WITH_SWITCH.get(flag, [])]
                    for extra in players:
                        runs.append(["print", doc, *args, *flags, *extra, *more,
                                     *EXTRA.get(doc, [])])
    return runs


RUNS = print_runs()


def _run_id(argv: list[str]) -> str:
    shown = argv[1:len(argv) - len(EXTRA.get(argv[1], []))]
    for more in WITH_SWITCH.values():
        if shown[-len(more):] == more:
            shown = shown[:-len(more)]
    return "-".join(a.lstrip("-") for a in shown)


def edge_distances(pdf: Path, tmp_path: Path) -> list[tuple[float, float, float, float]]:
    """For each page: how near its left, top, right and bottom edges anything is drawn (mm;
    a blank page reports half its width and height)."""
    prefix = tmp_path / "page"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", str(pdf), str(prefix)], check=True,
                   capture_output=True)
    out = []
    mm = 25.4 / DPI
    for page in sorted(tmp_path.glob("page-*.pgm"), key=lambda p: int(p.stem.split("-")[-1])):
        ink = np.asarray(Image.open(page)) < 252
        h, w = ink.shape
        rows, cols = ink.any(axis=1).nonzero()[0], ink.any(axis=0).nonzero()[0]
        if not len(rows):
            out.append((w / 2 * mm, h / 2 * mm) * 2)
            continue
        out.append((cols[0] * mm, rows[0] * mm, (w - 1 - cols[-1]) * mm,
                    (h - 1 - rows[-1]) * mm))
    return out


def assert_clear_of_the_edge(pdf: Path, tmp_path: Path) -> None:
    pages = edge_distances(pdf, tmp_path)
    assert pages
    for n, (left, top, right, bottom) in enumerate(pages, start=1):
        near = min(left, top, right, bottom)
        assert near >= UNPRINTABLE - TOLERANCE, (
            f"page {n}: drawn {near:.1f} mm from the edge (left {left:.1f}, top {top:.1f}, "
            f"right {right:.1f}, bottom {bottom:.1f}); printers lose the outer "
            f"{UNPRINTABLE:g} mm")


def fonts_not_embedded(pdf: Path) -> list[str]:
    """The fonts ``pdffonts`` lists for ``pdf`` that are not embedded (a printer or viewer
    without them draws another face, with other widths)."""
    out = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True)
    lines = out.stdout.splitlines()
    assert lines[0].split()[:2] == ["name", "type"], out.stdout
    # columns: name, type (one or two words), encoding, emb, sub, uni, object id (2 words)
    return [line.split()[0] for line in lines[2:] if line.split()[-5] != "yes"]


def test_every_document_and_paper_is_checked() -> None:
    ids = {_run_id(r) for r in RUNS}
    for must in ("board-game-werdup-paper-full", "board-game-bugwords-paper-a3",
                 "girdle-paper-a4-answers", "pdq-deck-paper-letter-four-score-backs",
                 "tiles-game-bugwords-paper-letter",
                 "score-sheet-game-bugwords-paper-a4-players-4"):
        assert must in ids, sorted(ids)
    assert len(ids) == len(RUNS)


@pytest.mark.parametrize("argv", RUNS, ids=[_run_id(r) for r in RUNS])
def test_nothing_is_drawn_in_the_edge_band_and_fonts_are_embedded(argv: list[str], tmp_path: Path,
                                                                  capsys) -> None:
    pdf = tmp_path / "doc.pdf"
    assert main([*argv, "-o", str(pdf)]) == 0
    capsys.readouterr()
    assert_clear_of_the_edge(pdf, tmp_path)
    assert fonts_not_embedded(pdf) == []


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_sticker_sheet_is_clear_of_the_edge_and_embeds_its_fonts(paper: str,
                                                                 tmp_path: Path) -> None:
    pdf = tmp_path / "stickers.pdf"
    sticker_pdf(BoardLayout(), pdf, paper)
    assert_clear_of_the_edge(pdf, tmp_path)
    assert fonts_not_embedded(pdf) == []
