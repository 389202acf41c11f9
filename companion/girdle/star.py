"""The exact solver for star puzzles: a spine word first, then six words hanging from it.

In a star puzzle word 1 lies in the spine line and every later word lies in a line across it
(the branch lines). A branch can only cross the spine, so each branch word holds the spine's
letter at its square, and two branches in neighbouring lines must not touch: one may run up
from the spine and the other down, never both the same way.

When every Supply letter is active by the end (the Supply is no longer than the fewest letters
a finished star sheet places), the final score splits into independent parts:

    final = -(VP of A-Z) - (VP of the Supply) + sum over words of
            (length bonus + VP of its letters + VP of its new letters) + cross-outs

because each new letter, from A-Z or the Supply, is one fewer unused letter. The only links
between words are the letters in stock (A-Z once each plus the Supply) and which way
neighbouring branches run. Prices on the letters (a Lagrangian relaxation) make the branches
independent, and a small dynamic programme over the branch lines handles the directions; that
bound is computed for every spine word at once, and the spines it cannot rule out are searched
exhaustively, branch by branch. So the answer is the true best score: proven.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from companion.girdle.moves import Move, WordIndex, bit_mask, letter_masks, line_squares
from companion.girdle.puzzle import Puzzle
from companion.girdle.rules import ALPHABET

UP, DOWN, BOTH = 0, 1, 2
NEG = -1e9
FIRST_SPINES = 50  # spines searched briefly for a first sheet
FIRST_NODES = 30  # positions each of them may take
ROOT_STEPS = 150  # subgradient steps on the letter prices


@dataclass(frozen=True)
class Star:
    """The shape of a star puzzle: the spine's index (0-based) and the branch lines."""

    spine: int
    branches: tuple[int, ...]  # branch line indexes (0-based), left to right / top to bottom
    numbers: tuple[int, ...]  # the word number of each branch

    def adjacent(self, i: int) -> bool:
        """Branch ``i`` and branch ``i + 1`` are neighbouring lines."""
        return self.branches[i + 1] == self.branches[i] + 1


def fewest_letters(branch_indexes: list[int], min_length: int) -> int:
    """The fewest letters a finished star sheet places: a spine across every branch line, and
    one new letter per shortest later word. A Supply no longer than this ends all active."""
    return (max(branch_indexes) - min(branch_indexes) + 1) + len(branch_indexes) * (
        min_length - 1)


def star_shape(puzzle: Puzzle, longest: int | None = None) -> Star | None:
    """The puzzle's star shape, or None if it is not a star the exact solver handles.

    ``longest`` is the longest word the word list has (default: the longest the sheet
    scores). Two conditions keep the score formula above exact: every Supply letter is active
    by the end (the Supply is no longer than the fewest letters a finished sheet places), and
    the spine places at least as many letters as any later word, so a word never waits for a
    Supply letter to be activated."""
    lines = puzzle.lines
    if len(lines) < 2:
        return None
    spine = lines[0]
    rest = lines[1:]
    if any(ln.kind == spine.kind for ln in rest) or len({ln.index for ln in rest}) != len(rest):
        return None
    order = sorted(range(len(rest)), key=lambda k: rest[k].index)
    branches = tuple(rest[k].index - 1 for k in order)
    numbers = tuple(k + 2 for k in order)
    shortest_spine = branches[-1] - branches[0] + 1
    longest = min(longest or puzzle.max_length, puzzle.max_length, puzzle.size)
    if (len(puzzle.supply) > fewest_letters(list(branches), puzzle.min_length)
            or shortest_spine < longest - 1):
        return None
    return Star(spine.index - 1, branches, numbers)


def _span_kind(s: int, e: int, r: int) -> int:
    if s < r and e > r:
        return BOTH
    return UP if s < r else DOWN


@dataclass
class BranchWords:
    """Every word one branch line could take under a given spine, as parallel arrays: which
    way it runs (``kind``), its value in the final score, whether it earns a cross-out
    (``crossout``), its new letters (counts per letter), start square, length and word id.
    The words run up, then down, then both ways (``kind`` ascending, so each way's words
    are one slice: ``by_kind``); ``order`` is each word's place in the list by span, then
    word, which decides between words of equal value."""

    kind: np.ndarray
    value: np.ndarray
    crossout: np.ndarray
    new: np.ndarray
    start: np.ndarray
    length: np.ndarray
    id: np.ndarray
    order: np.ndarray

    def __post_init__(self) -> None:
        at = np.searchsorted(self.kind, [UP, DOWN, BOTH, BOTH + 1]).tolist()
        self.by_kind = [slice(at[t], at[t + 1]) for t in (UP, DOWN, BOTH)]
        self.earns = bool(self.crossout.any())

    def upper(self, credit: float) -> np.ndarray:
        """Each word's value plus ``credit`` if it earns a cross-out (not to be changed:
        it may be ``value`` itself)."""
        if not self.earns:  # a branch without a checkbox, or no long word
            return self.value
        return self.value + np.where(self.crossout, credit, 0.0)

    def priced(self, lam: np.ndarray, credit: float) -> np.ndarray:
        """Each word's upper value less the prices of its new letters."""
        return self.upper(credit) - self.new @ lam


class _Enough(Exception):
    """A search with a node limit has reached it."""


class StarSolver:
    """Exact search of one star puzzle (see the module docstring)."""

    def __init__(self, puzzle: Puzzle, index: WordIndex, star: Star) -> None:
        self.pz = puzzle
        self.index = index
        self.star = star
        self.size = puzzle.size
        self.vp = np.array([puzzle.vp[ch] for ch in ALPHABET], dtype=np.float64)
        self.supply = np.zeros(26, dtype=np.int64)
        for ch in puzzle.supply:
            self.supply[ALPHABET.index(ch)] += 1
        self.cap = 1 + self.supply  # copies of each letter in stock
        self.const = -float(self.vp.sum()) - float(self.vp @ self.supply)
        n_lo, n_hi = puzzle.min_length, min(puzzle.max_length, self.size)
        self.lengths = range(n_lo, n_hi + 1)
        # per length: twice the VP of each word plus the bonus, and letter counts
        self.wvalue = {n: 2 * self.vp[index.codes[n].astype(np.int64)].sum(axis=1)
                       + puzzle.bonus(n) for n in self.lengths}
        self.counts = {n: index.counts[n].astype(np.int64) for n in self.lengths}
        # stock filter: no word needs more of a letter than there is
        self.fits = {n: np.all(self.counts[n] <= self.cap, axis=1) for n in self.lengths}
        r = star.spine
        self.spans = [(s, e) for s in range(0, r + 1) for e in range(r, self.size)
                      if e - s + 1 in self.lengths]
        self._through: dict[int, tuple[np.ndarray, ...]] = {}
        self._spines()

    # -- the spine words -------------------------------------------------------------------
    def _spines(self) -> None:
        """Every spine word: its span, letters on the branch lines and letter counts."""
        lo, hi = self.star.branches[0], self.star.branches[-1]
        rows = []
        for s in range(0, lo + 1):
            for e in range(hi, self.size):
                n = e - s + 1
                if n not in self.lengths:
                    continue
                ok = np.flatnonzero((self.counts[n] <= 1).all(axis=1))
                if len(ok):
                    rows.append((s, n, ok))
        if not rows:
            rows.append((0, self.lengths[0], np.zeros(0, dtype=np.int64)))
        self.sp_start = np.concatenate([np.full(len(ok), s) for s, _, ok in rows])
        self.sp_len = np.concatenate([np.full(len(ok), n) for _, n, ok in rows])
        self.sp_id = np.concatenate([ok for _, _, ok in rows])
        self.sp_value = np.concatenate([self.wvalue[n][ok] for _, n, ok in rows])
        self.sp_crossout = self.pz.has_checkbox(1) & (self.sp_len >= self.pz.crossout_min_length)
        self.sp_counts = np.concatenate([self.counts[n][ok] for _, n, ok in rows])
        cross = np.zeros((len(self.sp_id), len(self.star.branches)), dtype=np.int64)
        for i, c in enumerate(self.star.branches):
            at = c - self.sp_start
            for n in self.lengths:
                m = self.sp_len == n
                if m.any():
                    cross[m, i] = self.index.codes[n][self.sp_id[m], at[m]]
        self.sp_cross = cross

    # -- branch tables under letter prices ------------------------------------------------
    def branch_tables(self, lam: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``T[i, x, kind]``: the best priced value of branch ``i`` holding letter ``x`` on
        the spine, for a word running up, down or both ways (NEG if none); and ``W[i, x,
        kind]``, that word's letter counts less the spine letter (its new letters)."""
        r = self.star.spine
        best: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
        # the squares a branch word can have on the spine: (its length, the square)
        spine_at = {(e - s + 1, r - s) for s, e in self.spans}
        for n in self.lengths:
            if not any(length == n for length, _t in spine_at):
                continue
            priced = self.wvalue[n] - self.counts[n] @ lam
            priced = np.where(self.fits[n], priced, NEG)
            for t in range(n):
                if (n, t) not in spine_at:
                    continue
                m = np.full(26, NEG)
                arg = np.zeros(26, dtype=np.int64)
                for x, idx in enumerate(self.index.by_letter[n][t]):
                    if len(idx):
                        j = int(np.argmax(priced[idx]))
                        m[x], arg[x] = priced[idx[j]], idx[j]
                best[(n, t)] = (m, arg)
        nb = len(self.star.branches)
        out = np.full((nb, 26, 3), NEG)
        words = np.zeros((nb, 26, 3, 26))
        eye = np.eye(26)
        for i, number in enumerate(self.star.numbers):
            credit = self.pz.has_checkbox(number)
            for s, e in self.spans:
                n = e - s + 1
                kind = _span_kind(s, e, r)
                if not len(self.counts[n]):
                    continue
                m, arg = best[(n, r - s)]
                # the spine letter is not new: VP once, not twice, and it is not bought
                v = m - self.vp + lam
                if credit and n >= self.pz.crossout_min_length:
                    v = v + self.credit(lam)
                better = v > out[i, :, kind]
                out[i, better, kind] = v[better]
                words[i, better, kind] = self.counts[n][arg[better]] - eye[better]
        return out, words

    def chain(self, tables: np.ndarray, first: int = 0) -> np.ndarray:
        """``D[..., kind]``: best total of branches ``first``.. when branch ``first`` runs
        ``kind``; ``tables`` is (..., branches, 3) of the branches' own values."""
        return self.suffixes(tables, first)[first]

    def suffixes(self, tables: np.ndarray, first: int = 0) -> dict[int, np.ndarray]:
        """:meth:`chain` for every start from ``first`` on (BOTH at a start left open)."""
        if tables.ndim == 2:
            return self._suffixes_of_one(tables, first)
        nb = tables.shape[-2]
        out: dict[int, np.ndarray] = {}
        after = np.zeros(tables.shape[:-2] + (3,))
        for i in range(nb - 1, first - 1, -1):
            own = tables[..., i, :]
            if i == nb - 1:
                cur = own.copy()
            elif self.star.adjacent(i):
                cur = np.stack([own[..., UP] + after[..., DOWN],
                                own[..., DOWN] + after[..., UP],
                                np.full(own.shape[:-1], NEG)], axis=-1)
            else:
                cur = own + after.max(axis=-1, keepdims=True)
            out[i] = cur.copy()
            if i > first and self.star.adjacent(i - 1):
                cur[..., BOTH] = NEG
            after = cur
        return out

    def _suffixes_of_one(self, tables: np.ndarray, first: int) -> dict[int, np.ndarray]:
        """:meth:`suffixes` of one spine's ``tables`` (branches, 3), the same sums taken on
        plain floats (a few NumPy calls on arrays of three cost more than the sums)."""
        nb = len(tables)
        rows = tables.tolist()
        out: dict[int, np.ndarray] = {}
        after = [0.0, 0.0, 0.0]
        for i in range(nb - 1, first - 1, -1):
            up, down, both = rows[i]
            if i == nb - 1:
                cur = [up, down, both]
            elif self.star.adjacent(i):
                cur = [up + after[DOWN], down + after[UP], NEG]
            else:
                most = max(after)
                cur = [up + most, down + most, both + most]
            out[i] = np.array(cur)
            if i > first and self.star.adjacent(i - 1):
                cur[BOTH] = NEG
            after = cur
        return out

    def spine_bounds(self, lam: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """An upper bound on the final score of every spine word at letter prices ``lam``,
        and the subgradient (stock less use) of the best one."""
        tables, words = self.branch_tables(lam)
        nb = len(self.star.branches)
        per = tables[np.arange(nb)[None, :], self.sp_cross, :]  # (spines, branches, 3)
        d = self.suffixes(per)
        rest = d[0].max(axis=-1)
        credit = self.credit(lam)
        bounds = (self.const + float(lam @ self.cap) + self.sp_value
                  + np.where(self.sp_crossout, credit, 0.0) - self.sp_counts @ lam + rest)
        k = int(np.argmax(bounds))
        use = self.sp_counts[k].astype(np.float64)
        for i, kind in enumerate(self._kinds([d[i][k] for i in range(nb)])):
            use += words[i, self.sp_cross[k, i], kind]
        return bounds, self.cap - use

    def credit(self, lam: np.ndarray) -> float:
        """What a cross-out may add at prices ``lam``: the crossed-out letter is one more copy
        of the stock left unused, so it is bought like a placed letter (the best VP less
        price, or nothing)."""
        return max(0.0, float((self.vp - lam).max()))

    def _kinds(self, rows: list[np.ndarray]) -> list[int]:
        """Which way each branch runs in the best choice, left to right, from the
        :meth:`suffixes` rows of one spine."""
        kinds: list[int] = []
        for i, row in enumerate(rows):
            if i > 0 and self.star.adjacent(i - 1):
                row = row.copy()
                row[BOTH] = NEG
                row[kinds[-1]] = NEG
            kinds.append(int(np.argmax(row)))
        return kinds

    # -- one spine: its branches' words ---------------------------------------------------
    def _words_through(self, x: int) -> tuple[np.ndarray, ...]:
        """Every word a branch could take through spine letter ``x`` (the same for every
        branch line): kind, value, new letters, start, length and word id, as arrays, and
        the new letters as bit masks (:func:`~companion.girdle.moves.letter_masks`, one row
        per count: ``masks[j]`` has the letters placed ``j + 1`` or more times)."""
        hit = self._through.get(x)
        if hit is None:
            r = self.star.spine
            parts = []
            for s, e in self.spans:
                n = e - s + 1
                idx = self.index.by_letter[n][r - s][x]
                idx = idx[self.fits[n][idx]]
                new = self.counts[n][idx].astype(np.float64)
                new[:, x] -= 1
                value = self.wvalue[n][idx] - self.vp[x]
                free = [p for p in range(n) if p != r - s]
                masks = np.zeros((self.size, len(idx)), dtype=np.uint32)
                planes = letter_masks(self.index.codes[n][idx][:, free])
                masks[:len(planes)] = planes
                parts.append((np.full(len(idx), _span_kind(s, e, r)), value, new,
                              np.full(len(idx), s), np.full(len(idx), n), idx, masks))
            joined = [np.concatenate(z) for z in zip(*(p[:-1] for p in parts), strict=True)]
            masks = np.concatenate([p[-1] for p in parts], axis=1)
            most = max((j + 1 for j in range(len(masks)) if masks[j].any()), default=1)
            # by direction (up, down, both), each in the order of the spans
            order = np.argsort(joined[0], kind="stable")
            hit = self._through[x] = (*(z[order] for z in joined), masks[:most, order], order)
        return hit

    def branch_options(self, k: int) -> list[BranchWords]:
        """For spine ``k``: per branch, every word it could take ([] if a branch has none)."""
        left = self.cap - self.sp_counts[k]
        # the letters in stock j + 1 or more times, as bit masks: a word fits the stock when
        # each of its masks lies within the stock's
        short = [~np.uint32(bit_mask(left.tolist(), j + 1)) for j in range(self.size)]
        long = self.pz.crossout_min_length
        out = []
        for i, number in enumerate(self.star.numbers):
            kind, value, new, start, length, wid, masks, order = self._words_through(
                int(self.sp_cross[k, i]))
            fit = (masks[0] & short[0]) == 0
            for j in range(1, len(masks)):
                fit &= (masks[j] & short[j]) == 0
            ok = np.flatnonzero(fit)
            if not len(ok):
                return []
            crossout = self.pz.has_checkbox(number) & (length[ok] >= long)
            out.append(BranchWords(kind[ok], value[ok], crossout, new[ok], start[ok],
                                   length[ok], wid[ok], order[ok]))
        return out

    def _tables(self, opts: list[BranchWords], lam: np.ndarray,
                first: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """Per branch from ``first`` on and per kind: the best priced word's value and row."""
        credit = self.credit(lam)
        return self._best([None] * first + [o.priced(lam, credit) for o in opts[first:]],
                          opts, first)

    @staticmethod
    def _best(priced: list, opts: list[BranchWords],
              first: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`_tables` given each branch's :meth:`BranchWords.priced` values."""
        nb = len(opts)
        tables = np.full((nb, 3), NEG)
        arg = np.zeros((nb, 3), dtype=np.int64)
        for i in range(first, nb):
            pv = priced[i]
            for kind, m in enumerate(opts[i].by_kind):
                if m.stop > m.start:
                    j = m.start + int(pv[m].argmax())
                    tables[i, kind], arg[i, kind] = pv[j], j
        return tables, arg

    def _spine_relaxation(self, k: int, opts: list[BranchWords],
                          lam: np.ndarray) -> tuple[float, np.ndarray]:
        """Bound of spine ``k`` at prices ``lam`` and its subgradient (stock less use)."""
        left = self.cap - self.sp_counts[k]
        tables, arg = self._tables(opts, lam)
        d = self.suffixes(tables)
        kinds = self._kinds([d[i] for i in range(len(opts))])
        value = (self.const + float(self.sp_value[k]) + self.sp_crossout[k] * self.credit(lam)
                 + float(lam @ left) + float(d[0][kinds[0]]))
        use = sum(opts[i].new[arg[i, kind]] for i, kind in enumerate(kinds))
        return value, left - use

    def refine(self, k: int, opts: list[BranchWords], lam: np.ndarray, target: float,
               steps: int = 10) -> tuple[float, np.ndarray]:
        """Subgradient steps on spine ``k``'s own prices towards ``target``; the lowest bound
        seen and its prices."""
        value, g = self._spine_relaxation(k, opts, lam)
        best, best_lam = value, lam
        theta = 1.0
        for _ in range(steps if np.isfinite(target) else 0):
            norm = float(g @ g)
            if best <= target or norm == 0:
                break
            lam = np.maximum(0.0, lam - theta * (value - target) / norm * g)
            value, g = self._spine_relaxation(k, opts, lam)
            if value < best:
                best, best_lam = value, lam
            else:
                theta /= 2
        return best, best_lam

    def search_spine(self, k: int, lam: np.ndarray, target: float,
                     limit: int | None = None) -> tuple[float, list] | None:
        """The best sheet with spine ``k`` if it scores more than ``target`` (else None):
        ``(score, [(branch, option row)...])``."""
        opts = self.branch_options(k)
        if not opts:
            return None
        bound, lam = self.refine(k, opts, lam, target)
        if bound <= target:
            return None
        nb = len(opts)
        credit = self.credit(lam)
        pv_all = [o.priced(lam, credit) for o in opts]
        # the best the branches from i on can add (chain reads only the rows from i on)
        tables = self._best(pv_all, opts)[0]
        after = self.suffixes(tables, 1) if nb > 1 else {}  # each i's as chain(tables, i)
        rests = [after[i] for i in range(1, nb)]
        rests.append(np.zeros(3))
        used = self.sp_counts[k].astype(np.float64)
        found: list = []
        best = [target]
        base = self.const + float(self.sp_value[k]) + self.sp_crossout[k] * credit
        upper = [o.upper(credit) for o in opts]

        nodes = [0]

        def dfs(i: int, prev: int, sofar: float, chosen: list) -> None:
            nodes[0] += 1
            if limit is not None and nodes[0] > limit:
                raise _Enough
            o = opts[i]
            after = self._after(rests[i], i, nb, prev)
            slack = float(lam @ (self.cap - used))
            bound = sofar + pv_all[i] + after[o.kind] + slack
            # NEG marks a direction the neighbours rule out (or no word at all after it)
            rows = np.flatnonzero((bound > best[0]) & (after[o.kind] > NEG / 2))
            if not len(rows):
                return
            rows = rows[(o.new[rows] <= self.cap - used).all(axis=1)]
            rows = rows[np.argsort(o.order[rows], kind="stable")]  # equal bounds: list order
            bound = bound[rows]
            for j in rows[np.argsort(-bound, kind="stable")].tolist():
                if sofar + pv_all[i][j] + after[o.kind[j]] + slack <= best[0]:
                    break
                np.add(used, o.new[j], out=used)
                if i + 1 == nb:
                    score = self._final(k, [*chosen, (i, j)], opts, used)
                    if score > best[0]:
                        best[0] = score
                        found[:] = [*chosen, (i, j)]
                else:
                    dfs(i + 1, int(o.kind[j]), sofar + float(upper[i][j]),
                        [*chosen, (i, j)])
                np.subtract(used, o.new[j], out=used)

        try:
            dfs(0, -1, base, [])
        except _Enough:
            pass
        if not found:
            return None
        return best[0], found

    def _after(self, nxt: np.ndarray, i: int, nb: int, prev: int) -> np.ndarray:
        """Per direction of branch ``i``'s word (down, up, both): the best the branches after
        it can add (``nxt``: theirs per direction of the next one), NEG where the neighbours
        rule it out (``prev``: the direction of branch ``i - 1``'s word)."""
        if i + 1 < nb and self.star.adjacent(i):
            after = np.array([nxt[DOWN], nxt[UP], NEG])
        else:
            after = np.full(3, nxt.max() if i + 1 < nb else 0.0)
        if i > 0 and self.star.adjacent(i - 1):
            after = after.copy()
            after[BOTH] = NEG
            after[prev] = NEG
        return after

    def _final(self, k: int, chosen: list, opts: list[BranchWords], used: np.ndarray) -> float:
        """The exact final score of spine ``k`` with these branch words."""
        total = self.const + float(self.sp_value[k])
        crossouts = int(self.sp_crossout[k])
        for i, j in chosen:
            total += float(opts[i].value[j])
            crossouts += int(opts[i].crossout[j])
        if crossouts:
            unused = np.repeat(self.vp, np.maximum(self.cap - used, 0).astype(np.int64))
            total += float(np.sort(unused)[::-1][:crossouts].sum())
        return total


@dataclass
class StarResult:
    """What the star search found: the best score, its moves, and an upper bound (equal to the
    score when the search ran to its end)."""

    score: int
    moves: list[Move]
    upper_bound: int
    complete: bool
    spines_searched: int


def solve_star(puzzle: Puzzle, index: WordIndex, star: Star,
               out_of_time: Callable[[], bool] = lambda: False) -> StarResult:
    """The best sheet of a star puzzle, proven unless ``out_of_time`` stops the search (no
    moves if the puzzle has no complete sheet)."""
    solver = StarSolver(puzzle, index, star)
    if not len(solver.sp_id):  # no spine word fits
        return StarResult(0, [], 0, True, 0)
    lam = np.zeros(26)
    bounds, _ = solver.spine_bounds(lam)
    best = -np.inf
    answer = None
    # a first sheet from the most promising spines, searched briefly (once the time is up,
    # no more of them than it takes to find one)
    for k in np.argsort(-bounds, kind="stable")[:FIRST_SPINES].tolist():
        if answer is not None and out_of_time():
            break
        res = solver.search_spine(k, lam, best, limit=FIRST_NODES)
        if res:
            best, answer = res[0], (k, res[1])
    # letter prices that bring the spines' bounds down towards that sheet (subgradient steps)
    lam = _root_prices(solver, lam, best, ROOT_STEPS if answer else 0, out_of_time)
    bounds, _ = solver.spine_bounds(lam)
    # every spine the bound cannot rule out, searched to the end, most promising first
    searched = 0
    complete = True
    left_over = -np.inf  # the highest bound of a spine left unsearched
    for k in np.argsort(-bounds, kind="stable").tolist():
        if bounds[k] <= best or bounds[k] < NEG / 2:
            break
        if out_of_time():
            complete, left_over = False, float(bounds[k])
            break
        searched += 1
        res = solver.search_spine(k, lam, best)
        if res:
            best, answer = res[0], (k, res[1])
    top = max(best, left_over)
    upper = int(math.floor(top + 1e-6)) if np.isfinite(top) else 0
    if answer is None:
        return StarResult(0, [], upper, complete, searched)
    moves = star_moves(solver, *answer)
    return StarResult(int(round(best)), moves, upper, complete, searched)


def _root_prices(solver: StarSolver, lam: np.ndarray, best: float, steps: int,
                 out_of_time: Callable[[], bool] = lambda: False) -> np.ndarray:
    """The best letter prices of up to ``steps`` subgradient steps from ``lam`` bringing the
    spines' bounds down towards a sheet scoring ``best``; fewer once ``out_of_time`` (any
    prices of zero or more give a valid bound, only a looser one)."""
    best_lam, best_val = lam, np.inf
    theta, stall = 1.0, 0
    for _ in range(steps):
        if out_of_time():
            break
        bounds, g = solver.spine_bounds(lam)
        val = float(bounds.max())
        if val < best_val - 1e-9:
            best_val, best_lam, stall = val, lam, 0
        else:
            stall += 1
            if stall >= 5:
                theta, stall = theta / 2, 0
        norm = float(g @ g)
        if val <= best or norm == 0:
            break
        lam = np.maximum(0.0, lam - theta * (val - best) / norm * g)
    return best_lam


def star_moves(solver: StarSolver, k: int, chosen: list) -> list[Move]:
    """The sheet of spine ``k`` and its branch words as solver moves, in word order."""
    pz, index, star, size = solver.pz, solver.index, solver.star, solver.size
    vp = pz.vp
    spine_line = pz.lines[0]
    n = int(solver.sp_len[k])
    word = index.words[n][int(solver.sp_id[k])]
    s = int(solver.sp_start[k])
    cells = line_squares(spine_line, size)[s:s + n]
    moves = {1: Move(1, s, word, cells, tuple(range(n)), (),
                     sum(vp[ch] for ch in word) + pz.bonus(n))}
    az = set(ALPHABET) - set(word)
    opts = solver.branch_options(k)
    for i, j in sorted(chosen, key=lambda t: star.numbers[t[0]]):
        o = opts[i]
        number = star.numbers[i]
        n, s = int(o.length[j]), int(o.start[j])
        w = index.words[n][int(o.id[j])]
        cells = line_squares(pz.lines[number - 1], size)[s:s + n]
        new = tuple(p for p in range(n) if s + p != star.spine)
        supply_used = []
        for p in new:
            if w[p] in az:
                az.discard(w[p])
            else:
                supply_used.append(ALPHABET.index(w[p]))
        moves[number] = Move(number, s, w, cells, new, tuple(supply_used),
                             sum(vp[ch] for ch in w) + pz.bonus(n))
    return [moves[m] for m in sorted(moves)]
