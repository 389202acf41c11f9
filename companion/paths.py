"""Where the companion keeps files of its own on the user's machine."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache_dir() -> Path:
    """The companion's folder in the user's cache: ``$XDG_CACHE_HOME/companion`` when that is
    set, else ``~/.cache/companion``. Each cache keeps a folder of its own in it (``girdle``,
    ``cad``, ``render``) and its own variable to put it elsewhere."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "companion"
