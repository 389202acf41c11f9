"""Names a package offers, each loaded with the module that holds it when first used: the
command line's parser reads a game's small tables (its rule sets, variants, layouts) without
loading the word lists, NumPy or a solver that the rest of the game needs."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def names_on_first_use(package: str, homes: Mapping[str, str],
                       namespace: dict[str, Any]) -> Callable[[str], Any]:
    """The ``__getattr__`` of the package ``package``: a name of ``homes`` (name -> the
    module of the package that holds it) is loaded from its module and kept in the package's
    ``namespace`` (its ``globals()``); any other name is missing, as usual."""

    def first_use(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    return first_use
