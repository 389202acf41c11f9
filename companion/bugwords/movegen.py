"""Every legal play for a rack, ranked by score (anchors and cross-checks over a letter trie).

For each line and each anchor (an empty square beside a tile, or the centre on an empty
board) the generator grows a left part from the rack through empty squares that touch
nothing, then extends right through the anchor, following the trie and the cross-checks of
each square (the letters whose perpendicular word is in the list). Scores are added up as
tiles go down, so a play is scored the moment it is found.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from operator import itemgetter

from companion.board import Board, Placement, Position, tile_letters
from companion.bugwords.rules import Rules, default_rules
from companion.errors import UsageError
from companion.lexicon import Lexicon
from companion.tiles import BLANK

_END = None  # key marking the end of a word in a trie node
_NAMES = "abcdefghijklmnopqrstuvwxyz"  # stand-in names of the letters blanks stand for

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


class Move:
    """A legal play: where its main word starts, the word, the new tiles and the score.

    Built cheaply while searching; the word and the tiles are worked out when first asked for.
    """

    __slots__ = ("score", "across", "_line", "_start", "_end", "_tiles", "_blanks", "_letters")

    def __init__(
        self,
        score: int,
        across: bool,
        line: int,
        start: int,
        end: int,
        tiles: tuple[tuple[int, str], ...],
        blanks: tuple[int, ...],
        letters: list[str | None],
    ) -> None:
        self.score = score
        self.across = across
        self._line, self._start, self._end = line, start, end
        self._tiles = tiles  # (index along the line, letter) of each new tile, left to right
        self._blanks = blanks  # which of the new tiles are blanks
        self._letters = letters  # the line's tiles before the play

    @property
    def _placed(self) -> list[tuple[int, str, bool]]:
        return [(j, ch, k in self._blanks) for k, (j, ch) in enumerate(self._tiles)]

    def _rc(self, j: int) -> tuple[int, int]:
        return (self._line, j) if self.across else (j, self._line)

    @property
    def position(self) -> Position:
        r, c = self._rc(self._start)
        return Position(r, c, self.across)

    @property
    def placements(self) -> tuple[Placement, ...]:
        return tuple(
            Placement(*self._rc(j), ch.lower() if blank else ch) for j, ch, blank in self._placed
        )

    @property
    def word(self) -> str:
        """The main word, lower case letters for blanks."""
        new = {j: (ch.lower() if blank else ch) for j, ch, blank in self._placed}
        return "".join(
            new[j] if j in new else self._letters[j] or "" for j in range(self._start, self._end)
        )

    @property
    def record_word(self) -> str:
        """The word as a game record writes it: ``.`` for tiles already on the board."""
        new = {j: (ch.lower() if blank else ch) for j, ch, blank in self._placed}
        return "".join(new.get(j, ".") for j in range(self._start, self._end))

    @property
    def tiles(self) -> str:
        """The tiles taken from the rack, ``?`` for each blank."""
        return "".join(BLANK if blank else ch for _, ch, blank in self._placed)

    def __repr__(self) -> str:
        return f"Move({self.position} {self.record_word} {self.score})"

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
) -> Moves:
    """All legal plays of tiles from ``rack`` (``?`` = blank), best score first.

    Plays with equal scores come in the same order on every run.
    """
    rules = rules or default_rules()
    if (board.rows, board.cols) != (rules.layout.rows, rules.layout.cols):
        raise ValueError("the board and the rules' layout differ in size")
    counts = _parse_rack(rack, rules)
    trie = word_trie(lexicon, rules.min_word_length)
    values = {t: rules.tile_value(t) for t in rules.tiles.counts if t != BLANK}
    for letter in values:
        counts.setdefault(letter, 0)
    counts.setdefault(BLANK, 0)
    found: list[tuple] = []
    empty = board.is_empty()
    lines = {}
    for across in (True, False):
        lines[across] = _Lines(board, rules, across)
    for across in (True, False):
        _generate_direction(lines[across], lines[not across], across, empty, counts, trie,
                            values, rules, found)
    found.sort(key=itemgetter(0))  # best first; ties stay in the (fixed) order found
    return Moves(found, {ac: ln.letters for ac, ln in lines.items()})


class Moves(Sequence):
    """The plays found, best first; each :class:`Move` is made when it is looked at."""

    def __init__(self, found: list[tuple], letters: dict[bool, list[list[str | None]]]) -> None:
        self._found = found
        self._letters = letters

    def _move(self, f: tuple) -> Move:
        neg, down, i, st, tiles, chosen, en = f
        return Move(-neg, not down, i, st, en, tiles, chosen, self._letters[not down][i])

    def __len__(self) -> int:
        return len(self._found)

    def __getitem__(self, k: int | slice) -> Move | list[Move]:  # type: ignore[override]
        if isinstance(k, slice):
            return [self._move(f) for f in self._found[k]]
        return self._move(self._found[k])

    def __eq__(self, other: object) -> bool:
        return list(self) == other if isinstance(other, list) else NotImplemented

    def __repr__(self) -> str:
        return f"Moves({len(self)} plays)"


def _generate_direction(
    lines: _Lines,
    cross: _Lines,
    across: bool,
    empty: bool,
    rack: dict[str, int],
    trie: Trie,
    values: dict[str, int],
    rules: Rules,
    found: list[tuple],
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
                        if ch is not _END:
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


@lru_cache(maxsize=256)
def _subsets(n: int, lo: int, hi: int) -> tuple[tuple[int, ...], ...]:
    """Every set of ``lo`` to ``hi`` indexes out of ``range(n)``."""
    return tuple(c for size in range(lo, min(hi, n) + 1) for c in combinations(range(n), size))


@lru_cache(maxsize=65536)
def _blank_pattern_choices(
    pattern: tuple[str, ...], short: tuple[tuple[str, int], ...], blanks: int
) -> tuple[tuple[int, ...], ...]:
    """Blank choices for new tiles whose letters the rack lacks (``pattern``: "" for others).

    ``short`` says how many more of each letter are needed than the rack holds.
    """
    total = sum(k for _, k in short)
    out = []
    for chosen in _subsets(len(pattern), total, blanks):
        got: dict[str, int] = {}
        for idx in chosen:
            got[pattern[idx]] = got.get(pattern[idx], 0) + 1
        if all(got.get(ch, 0) >= k for ch, k in short):
            out.append(chosen)
    return tuple(out)


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
    found: list[tuple],
) -> None:
    """Every play along line ``i`` through one of its ``anchors``.

    The search spends rack letters first and blanks only for letters the rack lacks, so each
    arrangement of letters is searched once; when one is found, every way of using blanks for
    some of its letters is listed, each blank taking its letter's points off the score.
    """
    L, V, LM, WM = lines.letters[i], lines.values[i], lines.lm[i], lines.wm[i]
    n = lines.n_len
    rack = dict(rack)
    blanks = rack.pop(BLANK, 0)
    left = [blanks]  # blanks still unused
    rack_size = sum(rack.values()) + blanks
    bingo_tiles, bingo_bonus = rules.bingo_tiles, rules.bingo_bonus
    anchor_set = set(anchors)
    placed: list[tuple[int, str]] = []  # tiles put down from the anchor rightwards
    prefix: list[str] = []  # the left part's letters
    short: list[str] = []  # letters the rack lacked, so a blank stands for them
    distinct = [ch for ch in values if rack.get(ch)]  # letters on the rack
    for ch in values:
        rack.setdefault(ch, 0)

    def record(start: int, end: int, msum: int, wmul: int, xsum: int) -> None:
        n_tiles = len(prefix) + len(placed)
        # A lone tile with tiles beside it across (a cross word here) is found by the
        # across pass.
        if n_tiles == 1 and not across and CC[placed[0][0]] is not None:
            return
        tiles = tuple([(start + k, ch) for k, ch in enumerate(prefix)] + placed)
        base = msum * wmul + xsum + (bingo_bonus if n_tiles >= bingo_tiles else 0)
        if not blanks:
            found.append((-base, not across, i, start, tiles, (), end))
            return
        if not short:  # the rack's own letters sufficed: any tiles may be blanks
            choices = _subsets(n_tiles, 0, blanks)
        elif len(short) == 1:
            s0 = short[0]
            choices = _blank_pattern_choices(
                tuple(["a" if ch == s0 else "" for _, ch in tiles]), (("a", 1),), blanks
            )
        else:
            names: dict[str, str] = {}
            need: dict[str, int] = {}
            for ch in short:
                name = names.setdefault(ch, _NAMES[len(names)])
                need[name] = need.get(name, 0) + 1
            choices = _blank_pattern_choices(
                tuple([names.get(ch, "") for _, ch in tiles]), tuple(sorted(need.items())), blanks
            )
        neg_across = not across
        if not choices[0]:
            found.append((-base, neg_across, i, start, tiles, (), end))
            choices = choices[1:]
            if not choices:
                return
        penalty = []
        for j, ch in tiles:
            lv = values[ch] * LM[j]
            penalty.append(lv * wmul + (lv * WM[j] if CC[j] is not None else 0))
        for chosen in choices:
            score = base
            for idx in chosen:
                score -= penalty[idx]
            found.append((-score, neg_across, i, start, tiles, chosen, end))

    def extend(node: Trie, j: int, anchor: int, start: int, msum: int, wmul: int,
               xsum: int) -> None:
        while j < n:  # through the tiles already on the board
            letter = L[j]
            if letter is None:
                break
            node = node.get(letter)
            if node is None:
                return
            msum += V[j]
            j += 1
        if j >= n:
            if j > anchor and _END in node:
                record(start, j, msum, wmul, xsum)
            return
        if j > anchor and _END in node:
            record(start, j, msum, wmul, xsum)
        cc = CC[j]
        lm, wmj, cs = LM[j], WM[j], CS[j]
        nxt = L[j + 1] if j + 1 < n else None
        if left[0]:
            candidates = node.items()
        else:
            candidates = [(ch, node[ch]) for ch in distinct if rack[ch] and ch in node]
        for ch, child in candidates:
            if ch is _END or (cc is not None and ch not in cc):
                continue
            if nxt is not None and nxt not in child:
                continue
            lv = values[ch] * lm
            if rack[ch]:
                rack[ch] -= 1
                placed.append((j, ch))
                extend(child, j + 1, anchor, start, msum + lv, wmul * wmj,
                       xsum + ((cs + lv) * wmj if cc is not None else 0))
                placed.pop()
                rack[ch] += 1
            else:
                left[0] -= 1
                short.append(ch)
                placed.append((j, ch))
                extend(child, j + 1, anchor, start, msum + lv, wmul * wmj,
                       xsum + ((cs + lv) * wmj if cc is not None else 0))
                placed.pop()
                short.pop()
                left[0] += 1

    def left_part(node: Trie, anchor: int, limit: int) -> None:
        cc = CC[anchor]
        if cc is None or not cc.isdisjoint(node):
            start = anchor - len(prefix)
            msum, wmul = 0, 1
            for k, ch in enumerate(prefix):
                msum += values[ch] * LM[start + k]
                wmul *= WM[start + k]
            extend(node, anchor, anchor, start, msum, wmul, 0)
        if limit <= 0:
            return
        if left[0]:
            candidates = node.items()
        else:
            candidates = [(ch, node[ch]) for ch in distinct if rack[ch] and ch in node]
        for ch, child in candidates:
            if ch is _END:
                continue
            prefix.append(ch)
            if rack[ch]:
                rack[ch] -= 1
                left_part(child, anchor, limit - 1)
                rack[ch] += 1
            else:
                left[0] -= 1
                short.append(ch)
                left_part(child, anchor, limit - 1)
                short.pop()
                left[0] += 1
            prefix.pop()

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
        left_part(trie, a, limit)


def best_moves(board: Board, rack: str, lexicon: Lexicon, rules: Rules | None = None,
               top: int = 10) -> list[Move]:
    """The ``top`` best plays (all of them when ``top`` is 0)."""
    moves = generate_moves(board, rack, lexicon, rules)
    return list(moves) if top <= 0 else moves[:top]
