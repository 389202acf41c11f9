"""The table of nouns whose plural is the noun itself (``companion/data/same-plurals.tsv``)
and the script that builds it from two inflection tables and ``inflect``'s list of nouns that
stay the same, a noun kept when two of the three give it."""

from __future__ import annotations

import gzip
import zipfile
from pathlib import Path

from companion.datafiles import read_table


def _builder():
    import importlib.util

    path = Path(__file__).parent.parent / "scripts" / "build_same_plurals.py"
    spec = importlib.util.spec_from_file_location("build_same_plurals", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sources(tmp_path: Path) -> tuple[Path, Path]:
    """Made-up packages in the layouts of pyinflect (AGID) and lemminflect (SPECIALIST), each
    with a slip the other does not share."""
    agid = tmp_path / "pyinflect-9-py3-none-any.whl"
    with zipfile.ZipFile(agid, "w") as z:
        z.writestr("pyinflect/infl.csv", "\n".join([
            "sheep,N,sheep", "fish,N,fish/fishes", "series,N,serieses",
            "cat,N,cats/cat",  # AGID's slip
            "sheep,V,sheeped,<>,sheeping,sheeps", "Sioux,N,Sioux"]) + "\n")
    specialist = tmp_path / "lemminflect-9-py3-none-any.whl"
    rows = ["sheep,noun,sheep", "fish,noun,fishes/fish", "series,noun,series",
            "cat,noun,cats", "Sioux,noun,Sioux"]
    with zipfile.ZipFile(specialist, "w") as z:
        z.writestr("lemminflect/resources/infl_lu.csv.gz",
                   gzip.compress(("\n".join(rows) + "\n").encode()))
    return agid, specialist


# a made-up list in the place of inflect's nouns that stay the same in the plural
UNINFLECTED = {"series", "moose"}


def test_a_noun_is_kept_when_two_of_three_sources_give_it_as_its_own_plural(tmp_path):
    out = tmp_path / "same-plurals.tsv"
    assert _builder().build(*_sources(tmp_path), out=out, uninflected=UNINFLECTED) == 3
    rows = [ln for ln in out.read_text().splitlines() if not ln.startswith("#")]
    # CAT (AGID alone) and MOOSE (inflect alone) are left out; SERIES, which AGID gives
    # SERIESES, is kept by the SPECIALIST Lexicon and inflect; SIOUX is a name
    assert rows == ["noun", "fish", "series", "sheep"]
    first = out.read_bytes()
    _builder().build(*_sources(tmp_path), out=out, uninflected=UNINFLECTED)
    assert out.read_bytes() == first  # byte-identical on every run


def test_the_shipped_table_holds_the_nouns_whose_plural_is_themselves():
    nouns = {row["noun"] for row in read_table("same-plurals.tsv")}
    assert len(nouns) == 274
    assert {"sheep", "moose", "deer", "fish", "aircraft", "salmon", "trout", "swine", "series",
            "species", "scissors", "news"} <= nouns
    assert "cat" not in nouns and all(n.isascii() and n.isalpha() and n.islower() for n in nouns)
