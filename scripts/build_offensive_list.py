"""Build the optional offensive-word removal list shipped in ``companion/lexicon/data``.

Source: the "List of Dirty, Naughty, Obscene, and Otherwise Bad Words" (LDNOOBW, licensed
CC BY 4.0), as published in the npm registry as the package ``naughty-words``. Fetch the
package with npm's own client and point this script at it:

    npm pack naughty-words@1.2.0          # writes naughty-words-1.2.0.tgz
    python scripts/build_offensive_list.py naughty-words-1.2.0.tgz

The English list (``en.json``) is reduced to the entries a word list can hold (a single word
of letters a-z; phrases and entries with digits, spaces or punctuation are dropped, since no
game word can match them), sorted, and written with a header naming the source, its version,
its licence and the change made; the licence text is copied beside it. The output is
byte-identical on every run.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import tarfile
from pathlib import Path

OUT_DIR = Path(__file__).resolve().parent.parent / "companion" / "lexicon" / "data"
OUT_NAME = "offensive-en.txt"
LICENSE_NAME = "LDNOOBW-LICENSE.txt"
_WORD = re.compile(r"^[a-z]+$")


def read_package(tgz: Path) -> tuple[dict, list[str], str]:
    """(package.json, the English entries, the licence text) from an npm package tarball."""
    with tarfile.open(tgz, "r:gz") as tar:
        def member(name: str) -> bytes:
            f = tar.extractfile(f"package/{name}")
            if f is None:
                raise SystemExit(f"{tgz} has no package/{name}")
            return f.read()

        meta = json.loads(member("package.json"))
        entries = json.load(io.BytesIO(member("en.json")))
        licence = member("LICENSE").decode("utf-8")
    return meta, entries, licence


def build(tgz: Path, out_dir: Path = OUT_DIR) -> int:
    meta, entries, licence = read_package(tgz)
    if meta.get("license") != "CC-BY-4.0":
        raise SystemExit(f"unexpected licence {meta.get('license')!r}: check before shipping")
    words = sorted({e.strip().lower() for e in entries if _WORD.match(e.strip().lower())})
    header = [
        "# Offensive words to remove from a word list (optional house list).",
        "# Source: List of Dirty, Naughty, Obscene, and Otherwise Bad Words (LDNOOBW),",
        f"# English list, npm package {meta['name']} {meta['version']}",
        "# (repository github.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words).",
        "# Licence: Creative Commons Attribution 4.0 International (CC BY 4.0); full text in",
        f"# {LICENSE_NAME} beside this file.",
        f"# Changed: only the {len(words)} entries that are a single word of letters a-z are",
        f"# kept (of {len(entries)}); phrases and entries with other characters are dropped.",
        "# Built by scripts/build_offensive_list.py.",
    ]
    (out_dir / OUT_NAME).write_text("\n".join(header + words) + "\n", encoding="utf-8")
    (out_dir / LICENSE_NAME).write_text(licence, encoding="utf-8")
    return len(words)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tgz", type=Path, help="the naughty-words npm package (.tgz)")
    args = parser.parse_args(argv)
    n = build(args.tgz)
    print(f"wrote {n} words to {OUT_DIR / OUT_NAME}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
