"""Finding a plural written by hand in source text: the scan behind the tests that every
count in a message is written by ``companion.text.counted`` (``1 tile``, ``2 tiles``)."""

from __future__ import annotations

import re

# nouns that the messages, pages and printables count
NOUNS = ("point", "word", "tile", "letter", "card", "day", "round", "page", "line", "second",
         "minute", "player", "turn", "list", "photo", "sheet", "move", "file", "play", "marker",
         "square", "row", "column", "blank", "byte", "character", "pixel", "time", "body",
         "running total")
_IRREGULAR = {"body": "bodies"}


def plural_of(noun: str) -> str:
    """The plural the scan looks for: "tiles", "bodies"."""
    return _IRREGULAR.get(noun, noun + "s")


_PLURAL = "|".join(re.escape(plural_of(n)) for n in NOUNS)
# a plural made by hand: an "s" chosen by a test of the count ...
_CHOSEN_S = re.compile(r"""['"]s['"]\s+if\b|\bif\b[^\n]*\belse\s+['"]s['"]""")
# ... or a noun and its plural chosen by one ("card" if n == 1 else "cards") ...
_CHOICE = re.compile(r"""(['"])\s*([\w ]+?)\s*\1\s+if\b[^\n]*?\belse\s+(['"])\s*([\w ]+?)\s*\3""")
# ... or a count written before a noun always in the plural ("{{ n }} points", f"{n} days")
_TEMPLATE_COUNT = re.compile(rf"\}}\}}\s*(?:{_PLURAL})\b(?!=)")  # not an attribute (rows="2")
_VIEW_COUNT = re.compile(rf"\{{[^{{}}\n]+\}}\s+(?:{_PLURAL})\b")
# ... or an "s" in brackets after a noun, for any count ("2 letter(s)")
_BRACKETED_S = re.compile(r"""\b[a-z]+\(s\)(?=[\s"'])""")
# ... or so in Python, the count ending one line's string and the noun beginning the next's
_SPLIT_COUNT = re.compile(rf"""\{{[^{{}}\n]+\}}\s*["']\s*\n\s*f?["']\s*(?:{_PLURAL})\b""")
# ... or by a page's script, joining a count to a plural noun (n + " points")
_SCRIPT_COUNT = re.compile(rf"""\+\s*["']\s*(?:{_PLURAL})\b""")


def _is_plural_pair(one: str, other: str) -> bool:
    """Whether one of two words is a counted noun and the other its plural (card/cards,
    body/bodies; not a verb's does/do)."""
    return any(a in NOUNS and b == plural_of(a) for a, b in ((one, other), (other, one)))


def _chooses_a_plural(line: str) -> bool:
    return any(_is_plural_pair(m.group(2), m.group(4)) for m in _CHOICE.finditer(line))


# what the scan would take for a count before a plural, and why it is none
NOT_COUNTS = {
    "{mover} moves": "a verb: the player moves",
    "{ln.player} plays": "a verb: the player plays",
    "{var.title} words": "a game's name: PDQ words",
    '{title} tiles"': "a game's name: WerdUp tiles",
    "{' '.join(too_many)} tiles": "the tiles' letters: more E tiles",
    "{height} pixels": "a size, width x height",
    "{number_word(": "a number in words, never one: all seven tiles",
    '"Word(s)"': "a column's heading: no count",
    "{game} moves'": "a command's name: companion werdup moves",
}


def hand_made_plurals(text: str, template: bool) -> list[str]:
    """The lines of ``text`` (a template's source, or Python's) that write a plural by hand."""
    count = _TEMPLATE_COUNT if template else _VIEW_COUNT
    lines = text.splitlines()
    split = set() if template else {text.count("\n", 0, m.start())
                                     for m in _SPLIT_COUNT.finditer(text)}
    return [line.strip() for i, line in enumerate(lines)
            if (_CHOSEN_S.search(line) or count.search(line) or _chooses_a_plural(line)
                or i in split or (template and _SCRIPT_COUNT.search(line))
                or (_BRACKETED_S.search(line) and not line.strip().startswith(('"""', "#"))))
            and not any(fragment in line for fragment in NOT_COUNTS)]
