"""Every legal play for a rack, ranked by score (anchors and cross-checks over a letter trie).

For each line and each anchor (an empty square beside a tile, or the centre on an empty
board) the generator grows a left part from the rack through empty squares that touch
nothing, then extends right through the anchor, following the trie and the cross-checks of
each square (the letters whose perpendicular word is in the list). Scores are added up as
tiles go down, so a play is scored the moment it is found.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from companion.board import Board, Placement, Position, is_blank, tile_letters
from companion.bugwords.rules import Rules, default_rules
from companion.lexicon import Lexicon
from companion.tiles import BLANK

_END = "$"  # key marking the end of a word in a trie node

Trie = dict


@lru_cache(maxsize=4)
def _trie(lexicon: Lexicon, min_length: int) -> Trie:
    root: Trie = {}
    for w in lexicon.words:
        if len(w) < min_length:
            continue
        node = root
        for ch in w.upper():
            nxt = node.get(ch)
            if nxt is None:
                nxt = node[ch] = {}
            node = nxt
        node[_END] = True
    return root


def word_trie(lexicon: Lexicon, min_length: int = 2) -> Trie:
    """The lexicon's words of ``min_length``+ letters as nested dicts (upper case); cached."""
    return _trie(lexicon, min_length)


def _walk(node: Trie | None, letters: Iterable[str]) -> Trie | None:
    for ch in letters:
        if node is None:
            return None
        node = node.get(ch)
    return node


@dataclass(frozen=True)
class Move:
    """A legal play: where its main word starts, the word, the new tiles and the score."""

    position: Position
    word: str  # the main word, lower case letters are blanks
    placements: tuple[Placement, ...]
    score: int

    @property
    def record_word(self) -> str:
        """The word as a game record writes it: ``.`` for tiles already on the board."""
        new = {(p.row, p.col) for p in self.placements}
        return "".join(
            ch if self.position.step(k) in new else "." for k, ch in enumerate(self.word)
        )

    @property
    def tiles(self) -> str:
        """The tiles taken from the rack, ``?`` for each blank."""
        return "".join(BLANK if is_blank(p.tile) else p.tile for p in self.placements)

    def to_dict(self) -> dict:
        return {
            "position": str(self.position),
            "word": self.word,
            "record": self.record_word,
            "tiles": self.tiles,
            "score": self.score,
        }


def _parse_rack(rack: str, rules: Rules) -> dict[str, int]:
    counts: dict[str, int] = {}
    for ch in rack.upper():
        if ch not in rules.tiles.counts and ch != BLANK:
            from companion.errors import UsageError

            raise UsageError(f"{ch!r} is not a Bug Words tile: use letters A-Z and ? for a blank")
        counts[ch] = counts.get(ch, 0) + 1
    return counts


class _Lines:
    """A board seen as lines in one direction (rows for across, columns for down)."""

    def __init__(self, board: Board, rules: Rules, across: bool) -> None:
        lay = rules.layout
        n_lines, n_len = (board.rows, board.cols) if across else (board.cols, board.rows)

        def rc(i: int, j: int) -> tuple[int, int]:
            return (i, j) if across else (j, i)

        self.rc = rc
        self.letters = []
        self.values = []
        self.lm = []
        self.wm = []
        for i in range(n_lines):
            lets, vals, lms, wms = [], [], [], []
            for j in range(n_len):
                r, c = rc(i, j)
                t = board.get(r, c)
                lets.append(None if t is None else tile_letters(t))
                vals.append(0 if t is None else rules.tile_value(t))
                lms.append(lay.letter_mult[r][c])
                wms.append(lay.word_mult[r][c])
            self.letters.append(lets)
            self.values.append(vals)
            self.lm.append(lms)
            self.wm.append(wms)
        self.n_lines, self.n_len = n_lines, n_len


def generate_moves(
    board: Board,
    rack: str,
    lexicon: Lexicon,
    rules: Rules | None = None,
) -> list[Move]:
    """All legal plays of tiles from ``rack`` (``?`` = blank), best score first.

    Ties are ordered by position and word so the list is the same on every run.
    """
    rules = rules or default_rules()
    if (board.rows, board.cols) != (rules.layout.rows, rules.layout.cols):
        raise ValueError("the board and the rules' layout differ in size")
    counts = _parse_rack(rack, rules)
    trie = word_trie(lexicon, rules.min_word_length)
    values = {t: rules.tile_value(t) for t in rules.tiles.counts if t != BLANK}
    found: list[Move] = []
    empty = board.is_empty()
    for across in (True, False):
        lines = _Lines(board, rules, across)
        cross = _Lines(board, rules, not across)
        _generate_direction(board, lines, cross, across, empty, counts, trie, values, rules,
                            found)
    found.sort(key=lambda m: (-m.score, str(m.position), m.word))
    return found


def _generate_direction(
    board: Board,
    lines: _Lines,
    cross: _Lines,
    across: bool,
    empty: bool,
    rack: dict[str, int],
    trie: Trie,
    values: dict[str, int],
    rules: Rules,
    found: list[Move],
) -> None:
    n = lines.n_len
    starts = rules.layout.starts
    for i in range(lines.n_lines):
        L = lines.letters[i]
        # Cross-checks: for each empty square, None (no perpendicular neighbours) or the set
        # of allowed letters, and the face value of the perpendicular tiles.
        CC: list[frozenset[str] | set[str] | None] = [None] * n
        CS = [0] * n
        anchors: list[int] = []
        for j in range(n):
            if L[j] is not None:
                continue
            cl, cv = cross.letters[j], cross.values[j]  # the perpendicular line through (i, j)
            a = i
            while a > 0 and cl[a - 1] is not None:
                a -= 1
            b = i
            while b + 1 < cross.n_len and cl[b + 1] is not None:
                b += 1
            has_cross = a < i or b > i
            if has_cross:
                before, after = cl[a:i], cl[i + 1 : b + 1]
                CS[j] = sum(cv[a:i]) + sum(cv[i + 1 : b + 1])
                node = _walk(trie, before)
                allowed = set()
                if node is not None:
                    for ch, child in node.items():
                        if ch != _END:
                            end = _walk(child, after)
                            if end is not None and _END in end:
                                allowed.add(ch)
                CC[j] = allowed
            if empty:
                if lines.rc(i, j) in starts:
                    anchors.append(j)
            elif has_cross or (j > 0 and L[j - 1] is not None) or (
                j + 1 < n and L[j + 1] is not None
            ):
                anchors.append(j)
        if anchors:
            _generate_line(i, lines, across, anchors, CC, CS, rack, trie, values, rules, found)


def _generate_line(
    i: int,
    lines: _Lines,
    across: bool,
    anchors: list[int],
    CC: list[frozenset[str] | set[str] | None],  # cross-check letters per square
    CS: list[int],  # face value of the perpendicular tiles per square
    rack: dict[str, int],
    trie: Trie,
    values: dict[str, int],
    rules: Rules,
    found: list[Move],
) -> None:
    """Every play along line ``i`` through one of its ``anchors``."""
    L, V, LM, WM = lines.letters[i], lines.values[i], lines.lm[i], lines.wm[i]
    n = lines.n_len
    rack_size = sum(rack.values())
    bingo_tiles, bingo_bonus = rules.bingo_tiles, rules.bingo_bonus
    anchor_set = set(anchors)
    placed: list[tuple[int, str, bool]] = []

    def record(start: int, end: int, msum: int, wmul: int, xsum: int) -> None:
        n_tiles = len(placed)
        if not across and n_tiles == 1:
            j0 = placed[0][0]
            # A lone tile with neighbours across the line is found by the across pass.
            if (j0 > 0 and L[j0 - 1] is not None) or (j0 + 1 < n and L[j0 + 1] is not None):
                return
        score = msum * wmul + xsum + (bingo_bonus if n_tiles >= bingo_tiles else 0)
        new = {j: (ch.lower() if blank else ch) for j, ch, blank in placed}
        word = "".join(new[j] if j in new else L[j] for j in range(start, end))
        pls = []
        for j, ch, blank in placed:
            r, c = lines.rc(i, j)
            pls.append(Placement(r, c, ch.lower() if blank else ch))
        pls.sort(key=lambda p: (p.row, p.col))
        r0, c0 = lines.rc(i, start)
        found.append(Move(Position(r0, c0, across), word, tuple(pls), score))

    def extend(node: Trie, j: int, anchor: int, start: int, msum: int, wmul: int,
               xsum: int) -> None:
        if j < n:
            letter = L[j]
            if letter is not None:
                child = node.get(letter)
                if child is not None:
                    extend(child, j + 1, anchor, start, msum + V[j], wmul, xsum)
                return
            if j > anchor and _END in node:
                record(start, j, msum, wmul, xsum)
            cc = CC[j]
            lm, wmj = LM[j], WM[j]
            blanks = rack.get(BLANK, 0)
            for ch, child in node.items():
                if ch == _END or (cc is not None and ch not in cc):
                    continue
                if rack.get(ch, 0) > 0:
                    lv = values[ch] * lm
                    x = (CS[j] + lv) * wmj if cc is not None else 0
                    rack[ch] -= 1
                    placed.append((j, ch, False))
                    extend(child, j + 1, anchor, start, msum + lv, wmul * wmj, xsum + x)
                    placed.pop()
                    rack[ch] += 1
                if blanks > 0:
                    x = CS[j] * wmj if cc is not None else 0
                    rack[BLANK] -= 1
                    placed.append((j, ch, True))
                    extend(child, j + 1, anchor, start, msum, wmul * wmj, xsum + x)
                    placed.pop()
                    rack[BLANK] += 1
        elif _END in node and j > anchor:
            record(start, j, msum, wmul, xsum)

    def left_part(node: Trie, anchor: int, limit: int, prefix: list[tuple[str, bool]]
                  ) -> None:
        start = anchor - len(prefix)
        msum, wmul = 0, 1
        for k, (ch, blank) in enumerate(prefix):
            j = start + k
            if not blank:
                msum += values[ch] * LM[j]
            wmul *= WM[j]
            placed.append((j, ch, blank))
        extend(node, anchor, anchor, start, msum, wmul, 0)
        del placed[len(placed) - len(prefix) :]
        if limit <= 0:
            return
        for ch, child in node.items():
            if ch == _END:
                continue
            if rack.get(ch, 0) > 0:
                rack[ch] -= 1
                prefix.append((ch, False))
                left_part(child, anchor, limit - 1, prefix)
                prefix.pop()
                rack[ch] += 1
            if rack.get(BLANK, 0) > 0:
                rack[BLANK] -= 1
                prefix.append((ch, True))
                left_part(child, anchor, limit - 1, prefix)
                prefix.pop()
                rack[BLANK] += 1

    for a in anchors:
        if a > 0 and L[a - 1] is not None:
            k = a - 1
            while k > 0 and L[k - 1] is not None:
                k -= 1
            node = _walk(trie, L[k:a])
            if node is not None:
                extend(node, a, a, k, sum(V[k:a]), 1, 0)
            continue
        limit = 0
        j = a - 1
        while j >= 0 and L[j] is None and j not in anchor_set and limit < rack_size - 1:
            limit += 1
            j -= 1
        left_part(trie, a, limit, [])




def best_moves(board: Board, rack: str, lexicon: Lexicon, rules: Rules | None = None,
               top: int = 10) -> list[Move]:
    """The ``top`` best plays (all of them when ``top`` is 0)."""
    moves = generate_moves(board, rack, lexicon, rules)
    return moves if top <= 0 else moves[:top]
