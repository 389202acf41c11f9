"""The table of verb forms (``companion/data/verb-forms.tsv``) and the script that builds it
from three inflection tables, a form kept when two of them give it."""

from __future__ import annotations

import gzip
import io
import json
import tarfile
import zipfile
from pathlib import Path

from companion.datafiles import read_table
from companion.lexicon.spelling import typed_forms


def _builder():
    import importlib.util

    path = Path(__file__).parent.parent / "scripts" / "build_verb_forms.py"
    spec = importlib.util.spec_from_file_location("build_verb_forms", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sources(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Made-up packages in the layouts of pyinflect (AGID), lemminflect (SPECIALIST) and
    english-verbs-irregular (RosaeNLG), each with a slip the others do not share."""
    agid = tmp_path / "pyinflect-9-py3-none-any.whl"
    with zipfile.ZipFile(agid, "w") as z:
        z.writestr("pyinflect/infl.csv", "\n".join([
            "cut,V,cut,<>,cutting,cuts", "run,V,ran,run,running,runs",
            "profit,V,profited/profit,<>,profiting,profits",  # AGID's slip
            "walk,V,walked,<>,walking,walks", "cut,N,cuts",
            "lip-read,V,lip-read,<>,lip-reading,lip-reads"]) + "\n")
    specialist = tmp_path / "lemminflect-9-py3-none-any.whl"
    rows = ["cut,verb,cut,cut,cutting,cuts", "run,verb,ran,ran,running,runs",  # the slip
            "profit,verb,profited,,profiting,profits", "walk,verb,walked,,walking,walks",
            "lip-read,verb,lip-read,lip-read,lip-reading,lip-reads"]
    with zipfile.ZipFile(specialist, "w") as z:
        z.writestr("lemminflect/resources/infl_lu.csv.gz",
                   gzip.compress(("\n".join(rows) + "\n").encode()))
    rosaenlg = tmp_path / "english-verbs-irregular-9.tgz"
    data = json.dumps({"cut": [["cut", "cut"]], "run": [["ran", "run"]]}).encode()
    with tarfile.open(rosaenlg, "w:gz") as tar:
        info = tarfile.TarInfo("package/dist/verbs.json")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return agid, specialist, rosaenlg


def test_a_form_is_kept_when_two_tables_give_it(tmp_path):
    out = tmp_path / "verb-forms.tsv"
    assert _builder().build(*_sources(tmp_path), out=out) == 2
    rows = [ln.split("\t") for ln in out.read_text().splitlines() if not ln.startswith("#")]
    # PROFIT's past PROFIT (AGID alone) and RUN's participle RAN (SPECIALIST alone) are
    # left out; WALK is regular; LIP-READ is not letters A-Z
    assert rows == [["verb", "past", "participle"], ["cut", "cut", "cut"], ["run", "ran", "run"]]
    first = out.read_bytes()
    _builder().build(*_sources(tmp_path), out=out)
    assert out.read_bytes() == first  # byte-identical on every run


def test_the_shipped_table_holds_irregular_forms_of_letters_only():
    rows = read_table("verb-forms.tsv")
    assert len(rows) == 390
    for row in rows:
        forms = row["past"].split(",") + row["participle"].split(",")
        assert all(f.isascii() and f.isalpha() and f.islower() for f in [row["verb"], *forms])
        assert set(forms) - typed_forms(row["verb"], "ed")  # some form is not a regular -ED
    verbs = {row["verb"] for row in rows}
    assert {"cut", "hit", "put", "set", "let", "shut", "hurt", "cost", "burst", "cast",
            "spread", "split", "quit", "bet", "bid", "rid", "shed", "slit", "thrust", "upset",
            "broadcast", "forecast", "beat", "come", "run"} <= verbs
    assert "profit" not in verbs and "acquit" not in verbs

