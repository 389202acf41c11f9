"""A word list as a compiled letter trie, the structure the move generators search.

The trie is built by ``companion/_movecore.c`` from the words in a few tens of
milliseconds (about 20 ms and 2 MB for the default list) and lives in one block of memory
outside Python's objects, so the garbage collector never walks it.
"""

from __future__ import annotations

from functools import lru_cache

from companion.lexicon.core import Lexicon

try:
    from companion import _movecore as movecore  # the compiled core: Trie, generators
except ImportError as exc:  # pragma: no cover - only without a build
    raise ImportError(
        "the compiled move generator (companion._movecore) is not built: run `make setup`, "
        "or `python setup.py build_ext --inplace` in a source checkout"
    ) from exc

Trie = movecore.Trie


@lru_cache(maxsize=4)
def _trie(lexicon: Lexicon, min_length: int) -> Trie:
    return Trie("\n".join(lexicon.words).encode("ascii", "replace"), min_length)


def word_trie(lexicon: Lexicon, min_length: int = 2) -> Trie:
    """The lexicon's words of ``min_length``+ letters as a letter trie; cached per list."""
    return _trie(lexicon, min_length)
