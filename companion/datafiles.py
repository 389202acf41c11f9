"""Reading the rules data files shipped in ``companion/data`` (TSV tables and ASCII boards)."""

from __future__ import annotations

from importlib import resources


def read_data_text(name: str) -> str:
    """The text of ``companion/data/NAME``."""
    return (resources.files("companion") / "data" / name).read_text(encoding="utf-8")


def read_table(name: str) -> list[dict[str, str]]:
    """Rows of a tab-separated table with a header line; ``#`` lines are comments."""
    lines = [ln for ln in read_data_text(name).splitlines() if ln and not ln.startswith("#")]
    header = lines[0].split("\t")
    return [dict(zip(header, ln.split("\t"), strict=True)) for ln in lines[1:]]


def read_grid(name: str) -> list[str]:
    """The rows of an ASCII-art board (``#`` lines are comments)."""
    return [ln for ln in read_data_text(name).splitlines() if ln and not ln.startswith("#")]
