# Type hints for the compiled move-generator core (companion/_movecore.c).
from typing import Any

RECORD_SIZE: int
STACK_RECORD_SIZE: int
QU_TILE: int
MAX_LINE: int
EMPTY: int
NO_LETTER: int

class Trie:
    """A letter trie of a word list's words (built from newline-separated ASCII words)."""

    def __init__(self, words: bytes, min_length: int = ...) -> None: ...
    def contains(self, word: str, /) -> bool: ...
    @property
    def nodes(self) -> int: ...
    @property
    def words(self) -> int: ...
    @property
    def nbytes(self) -> int: ...

def generate(trie: Trie, rows: int, cols: int, *arrays: Any) -> tuple[int, bytes]:
    """Every Bug Words play for a rack on a board, best first: (count, records)."""

def stack_plays(trie: Trie, rows: int, cols: int, *arrays: Any) -> tuple[int, bytes]:
    """Every WerdUp play (stacking allowed) for a rack: (count, records)."""
