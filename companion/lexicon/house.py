"""House word lists: a base list, plus words a table adds, minus words it removes.

A house list is built in layers, each later layer winning over the ones before it:

1. the base list (the default list, or a club list by path);
2. the shipped offensive-word removal list, when the table turns it on;
3. the table's additions (e.g. family words);
4. the table's removals (a house removal always wins, even over its own additions).

So a family may add back a word the offensive list removed (COCK, the bird), but nothing can
add back what the house itself removes. :meth:`HouseLexicon.decided_by` names the layer that
decided a word, so a verdict can say which list ruled.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from companion.lexicon.core import (
    Lexicon,
    LexiconError,
    SkippedLines,
    read_word_file,
    read_word_lines,
)
from companion.text import listed, path_shown
from companion.textfile import file_named

OFFENSIVE_LIST_NAME = "offensive words (LDNOOBW)"


@dataclass(frozen=True)
class Layer:
    """Words one list adds to or removes from the layers under it."""

    name: str
    action: str  # "add" or "remove"
    words: frozenset[str]
    skipped: SkippedLines = field(default_factory=SkippedLines)  # lines of its file

    def __post_init__(self) -> None:
        if self.action not in ("add", "remove"):
            raise ValueError(f"a layer adds or removes words, not {self.action!r}")


class HouseLexicon(Lexicon):
    """A base list changed by layers of additions and removals (see the module's docs)."""

    def __init__(self, base: Lexicon, layers: Iterable[Layer]) -> None:
        self.base = base
        self.layers = tuple(layers)
        words = set(base.words)
        for layer in self.layers:
            if layer.action == "add":
                words |= layer.words
            else:
                words -= layer.words
        parts = [base.name] + [
            f"{'+' if layer.action == 'add' else '-'} {layer.name}" for layer in self.layers
        ]
        # (as a page or a line names the file: a byte not UTF-8 written \xe9, path_shown)
        changes = [f"{path_shown(layer.name)} {'added' if layer.action == 'add' else 'removed'}"
                   for layer in self.layers]
        shown = listed(changes)
        super().__init__(words, name=" ".join(parts),
                         display=f"{base.display}, with {shown}" if shown else base.display)

    def skipped_lines(self) -> list[str]:
        """What the base list's file and each house file skipped as not words."""
        return self.base.skipped_lines() + [f"{layer.name}: {layer.skipped}"
                                            for layer in self.layers if layer.skipped.count]

    def _deciding_layer(self, word: str) -> Layer | None:
        """The last layer that names ``word`` (None: the base list decides)."""
        w = word.lower()
        return next((layer for layer in reversed(self.layers) if w in layer.words), None)

    def decided_by(self, word: str) -> str:
        """The last layer that names ``word``, else the base list's name."""
        layer = self._deciding_layer(word)
        return layer.name if layer else self.base.name

    def base_list(self) -> Lexicon:
        """The list under the layers, which decides a word no layer names."""
        return self.base

    def change(self, word: str) -> str:
        """``added``, ``removed`` or ``""`` (the base list decided) for ``word``."""
        layer = self._deciding_layer(word)
        if layer is None:
            return ""
        return "added" if layer.action == "add" else "removed"


@cache
def offensive_words() -> frozenset[str]:
    """The shipped offensive-word list (LDNOOBW, CC BY 4.0; see the file's header)."""
    ref = resources.files("companion.lexicon") / "data" / "offensive-en.txt"
    with resources.as_file(ref) as path:
        return frozenset(read_word_file(path))


@dataclass(frozen=True)
class WordListSpec:
    """Which list to judge by: a base (path, or None for the default list), files of words to
    add and to remove, and whether the shipped offensive-word list is removed. Hashable, so
    a loaded list is cached per spec."""

    base: str | None = None
    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    remove_offensive: bool = False

    @property
    def is_plain(self) -> bool:
        return not (self.add or self.remove or self.remove_offensive)


def _layer_from_file(path: str, action: str) -> Layer:
    """A house list's words, from a file of one word a line; a file that cannot be read, or
    holds no word (empty, or only comments and lines that are not words), is refused: a list
    that changes nothing is a wrong file, not a house rule."""
    p = Path(path).expanduser()
    verb = "additions" if action == "add" else "removals"
    what = f"house list of {verb}"
    words, skipped = read_word_lines(p, what)
    if not words:
        why = f": {skipped}" if skipped.count else ""
        raise LexiconError(f"{file_named(what, p)} has no words (one word of letters A-Z per "
                           f"line){why}")
    return Layer(p.name, action, frozenset(words), skipped)


def house_lexicon(base: Lexicon, spec: WordListSpec) -> Lexicon:
    """``base`` changed by the spec's layers (``base`` itself when the spec changes nothing)."""
    if spec.is_plain:
        return base
    layers = []
    if spec.remove_offensive:
        layers.append(Layer(OFFENSIVE_LIST_NAME, "remove", offensive_words()))
    layers += [_layer_from_file(p, "add") for p in spec.add]
    layers += [_layer_from_file(p, "remove") for p in spec.remove]
    return HouseLexicon(base, layers)
