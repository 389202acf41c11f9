"""The web app only routes: the rules of a table game are its facade's (``table_for``).

A comparison with a table game's name (``== "werdup"``, ``in ("bugwords", ...)``) or a dict
keyed by one in ``companion/web`` would be a rule written outside its engine; the names may
only be routed and validated through ``TABLE_GAMES``.
"""

import re
from pathlib import Path

import pytest

from companion.tables import TABLE_GAMES

WEB = Path(__file__).resolve().parents[2] / "companion" / "web"
SOURCES = sorted(WEB.glob("*.py")) + sorted((WEB / "templates").glob("*.html"))
NAME = "|".join(TABLE_GAMES)
# a game name compared, tested for membership, or used as a key of a literal dict
BRANCH = re.compile(
    rf"""(==|!=|\bin|\bis)\s*[(\[{{]?\s*["']({NAME})["']"""  # x == "werdup", x in ("werdup"
    rf"""|["']({NAME})["']\s*(==|!=|\bin\b)"""  # "werdup" == x
    rf"""|[{{,]\s*["']({NAME})["']\s*:"""  # {"werdup": ...}
)


def branches(text: str) -> list[str]:
    return [m.group(0) for m in BRANCH.finditer(text)]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_web_module_branches_on_a_table_game(path: Path) -> None:
    assert branches(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("line", [
    'if game.kind == "werdup":',
    "if kind != 'bugwords':",
    'if game in ("werdup", "pdq"):',
    'RULES = {"werdup": 2, "bugwords": 3}',
    "{{ '8H' if game.kind == 'bugwords' else '5E' }}",
    "{{ {'werdup': 'WerdUp'}[game.kind] }}",
    'if "bugwords" == kind:',
])
def test_the_check_sees_a_branch(line: str) -> None:
    assert branches(line)


def test_the_check_reads_the_web_app() -> None:
    names = {p.name for p in SOURCES}
    assert {"games.py", "scoresheet.py", "plays.py", "game.html"} <= names
