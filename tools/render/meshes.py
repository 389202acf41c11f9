"""The meshes the rig renders: the board quarter, and each letter's tile body and inlay,
made by the project's CAD models and cached as binary STL files (millimetres)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from companion.paths import user_cache_dir
from companion.tiles import tile_set

QUARTER = "quarter.stl"


def body_file(letter: str) -> str:
    return f"tile-{letter}-body.stl"


def inlay_file(letter: str) -> str:
    return f"tile-{letter}-inlay.stl"


def letters() -> list[str]:
    """Every WerdUp tile face ("Qu" is one tile)."""
    return list(tile_set("werdup").counts)


def default_mesh_dir() -> Path:
    """Where meshes are cached: ``$COMPANION_RENDER_CACHE`` or the user's cache folder."""
    if os.environ.get("COMPANION_RENDER_CACHE"):
        return Path(os.environ["COMPANION_RENDER_CACHE"]) / "meshes"
    return user_cache_dir() / "render" / "meshes"


def _key() -> str:
    from cad.build import source_digest
    from cad.params import SetParams

    data = {"params": SetParams().to_dict(), "source": source_digest()}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def mesh_digest(folder: Path) -> str | None:
    """A digest of a finished mesh set's files (None if it is missing or unfinished)."""
    if not (folder / "complete").is_file():
        return None
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.stl")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def ensure_meshes(folder: Path | None = None) -> Path:
    """The folder holding every mesh for the default set, built by the CAD models when
    missing or made from other model code (a few minutes, once)."""
    from cad.mesh import to_mesh, write_stl
    from cad.params import SetParams
    from cad.quarter import quarter
    from cad.tile import letter_solid, tile

    key = _key()
    dest = (folder or default_mesh_dir()) / key
    stamp = dest / "complete"
    if stamp.is_file():
        return dest
    dest.mkdir(parents=True, exist_ok=True)
    params = SetParams()
    if not (dest / QUARTER).is_file():
        write_stl(to_mesh(quarter(params)), dest / QUARTER)
    for letter in letters():
        if not (dest / body_file(letter)).is_file():
            write_stl(to_mesh(tile(params, letter)), dest / body_file(letter))
        if not (dest / inlay_file(letter)).is_file():
            write_stl(to_mesh(letter_solid(params, letter)), dest / inlay_file(letter))
    stamp.write_text(key + "\n")
    return dest
