"""An upper bound on what the remaining lines of a sheet can still score (Lagrangian relaxation).

Each remaining line chooses its word on its own, but pays a price for every letter it takes
(so letters are not used twice over) and for every square it shares with another remaining line
(so the two words agree on the shared letter and only one of them places it). For any
non-negative prices the sum of the lines' best values plus the prices of the stock is an upper
bound on the final score; subgradient steps lower the prices' bound towards the best sheet.

Per candidate word, a line's value is: the VP of its letters + its length bonus + a cross-out it
may earn + the VP of each A-Z letter it places (no longer unused). Activation costs are left out
(they never add points), which keeps the bound valid.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.girdle.moves import EMPTY, SearchState, WordIndex, line_cells, line_neighbours
from companion.girdle.rules import ALPHABET

NONE = 26  # "square not covered" in a candidate's letter row
NEG = -1e6


@dataclass
class Candidates:
    """All words a line could still take: letters per line square (26 = not covered)."""

    number: int
    codes: np.ndarray  # (n, size) int64
    base: np.ndarray  # (n,) float64
    start: np.ndarray  # (n,) int64
    length: np.ndarray  # (n,) int64
    word_id: np.ndarray  # (n,) int64 index into WordIndex.words[length]

    def __len__(self) -> int:
        return len(self.base)

    def take(self, keep: np.ndarray) -> Candidates:
        return Candidates(self.number, self.codes[keep], self.base[keep], self.start[keep],
                          self.length[keep], self.word_id[keep])


def _blocked(pos: SearchState, number: int) -> list[bool]:
    """Per square of line ``number``: empty, with a letter beside it across the line."""
    grid = pos.grid
    return [grid[c] == EMPTY and any(grid[n] != EMPTY for n in near)
            for c, near in line_neighbours(pos.pz.lines[number - 1], pos.size)]


def line_candidates(pos: SearchState, index: WordIndex, number: int) -> Candidates:
    """Every word line ``number`` could take on the current grid (a superset of legal ones)."""
    pz, size = pos.pz, pos.size
    cells = line_cells(pz, number)
    letters = [pos.grid[c] for c in cells]
    blocked = _blocked(pos, number)
    earlier: set[int] = set()
    for j in range(pos.number, number):
        earlier.update(line_cells(pz, j))
    have = np.array(pos.az, dtype=np.int16)
    if number > 1:
        have = have + np.array(pos.supply_left, dtype=np.int16)
    vp = np.array([pz.vp[ch] for ch in ALPHABET], dtype=np.float64)
    parts: list[tuple] = []
    for n in range(pz.min_length, min(pz.max_length, size) + 1):
        codes_all = index.codes[n]
        if len(codes_all) == 0:
            continue
        for s in range(size - n + 1):
            e = s + n
            fixed = _open_span(letters, blocked, cells, earlier, number > 1, s, n)
            if fixed is None:
                continue
            idx, need = index.fitting(n, tuple((i, letters[s + i]) for i in fixed))
            if len(idx) == 0:
                continue
            idx = idx[(need <= have).all(axis=1)]
            if len(idx) == 0:
                continue
            codes = np.full((len(idx), size), NONE, dtype=np.int64)
            codes[:, s:e] = codes_all[idx]
            base = vp[codes_all[idx].astype(np.int64)].sum(axis=1) + pz.bonus(n)
            parts.append((codes, base, np.full(len(idx), s), np.full(len(idx), n), idx))
    if not parts:
        z = np.zeros(0, dtype=np.int64)
        return Candidates(number, np.zeros((0, size), np.int64), np.zeros(0), z, z, z)
    return Candidates(
        number,
        np.concatenate([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]).astype(np.float64),
        np.concatenate([p[2] for p in parts]),
        np.concatenate([p[3] for p in parts]),
        np.concatenate([p[4] for p in parts]),
    )


def _open_span(letters: list[int], blocked: list[bool], cells: tuple[int, ...],
               earlier: set[int], crossing: bool, s: int, n: int) -> list[int] | None:
    """The positions of the letters already in the span of ``n`` squares from ``s`` when a
    word could go there (None when it cannot): nothing touching its ends, a new letter on a
    square not blocked, no two old letters side by side, and (``crossing``: not the first
    word) an old letter or a square an earlier word could fill."""
    e = s + n
    size = len(letters)
    if (s > 0 and letters[s - 1] != EMPTY) or (e < size and letters[e] != EMPTY):
        return None
    fixed = [i for i in range(n) if letters[s + i] != EMPTY]
    free = [i for i in range(n) if letters[s + i] == EMPTY]
    if not free or any(blocked[s + i] for i in free):
        return None
    if any(letters[s + i] != EMPTY and letters[s + i + 1] != EMPTY for i in range(n - 1)):
        return None
    if crossing and not fixed and not any(cells[s + i] in earlier for i in free):
        return None
    return fixed


@dataclass
class _Use:
    """What the best words take at the current prices: letters from A-Z and from the Supply,
    and per shared square the letter the first word covers it with, the second word crosses
    there, or the second word places there."""

    az: np.ndarray
    sup: np.ndarray
    cover_first: dict[int, int]
    cross_second: dict[int, int]
    new_second: dict[int, int]


class Relaxation:
    """The Lagrangian bound of a position's remaining lines, with its prices (multipliers)."""

    def __init__(self, pos: SearchState, cands: dict[int, Candidates], prices: dict | None = None):
        pz = pos.pz
        self.pos = pos
        self.cands = cands
        self.lines = sorted(cands)
        self.vp = np.array([pz.vp[ch] for ch in ALPHABET], dtype=np.float64)
        self.az = np.array(pos.az, dtype=np.float64)
        self.sup = np.array(pos.supply_left, dtype=np.float64)
        # constant part: words so far, minus every A-Z letter still unused
        self.const = sum(m.total for m in pos.moves) - float(self.vp[self.az > 0].sum())
        unused_vp = [self.vp[c] for c in range(26) if pos.az[c] or pos.supply_left[c]]
        cross_value = max(unused_vp, default=0.0)
        done_crossouts = sum(1 for m in pos.moves if len(m.word) >= pz.crossout_min_length
                             and pz.has_checkbox(m.number))
        self.const += done_crossouts * cross_value
        # each line square's letters, all candidates' in a row (quicker to look up than a column)
        self.columns = {j: np.ascontiguousarray(cands[j].codes.T) for j in self.lines}
        for j in self.lines:
            c = cands[j]
            if pz.has_checkbox(j):
                c.base = c.base + np.where(c.length >= pz.crossout_min_length, cross_value, 0.0)
        # square roles: per line and line square: ("fixed"|"private"|("first"|"second", x))
        size = pos.size
        owner: dict[int, list[int]] = {}
        for j in self.lines:
            for cell in line_cells(pz, j):
                owner.setdefault(cell, []).append(j)
        self.shared = sorted(c for c, js in owner.items() if len(js) > 1
                             and pos.grid[c] == EMPTY)
        self.roles: dict[int, list[tuple[str, int]]] = {}
        for j in self.lines:
            roles = []
            for cell in line_cells(pz, j):
                if pos.grid[cell] != EMPTY:
                    roles.append(("fixed", cell))
                elif cell in self.shared:
                    roles.append(("first" if owner[cell][0] == j else "second", cell))
                else:
                    roles.append(("private", cell))
            self.roles[j] = roles
        del size
        if prices is None:
            prices = {}
        self.lam_a = prices.get("lam_a", np.zeros(26)).copy()
        self.lam_s = prices.get("lam_s", np.zeros(26)).copy()
        self.mu = {x: prices.get("mu", {}).get(x, np.zeros(26)).copy() for x in self.shared}
        self.rho = {x: float(prices.get("rho", {}).get(x, 0.0)) for x in self.shared}
        self.value = float("inf")
        self.theta = 1.0
        self.best_vals: dict[int, np.ndarray] = {}
        self.line_max: dict[int, float] = {}

    def prices(self) -> dict:
        return {"lam_a": self.lam_a, "lam_s": self.lam_s, "mu": self.mu, "rho": self.rho}

    def _net(self) -> tuple[np.ndarray, np.ndarray]:
        """Net value of taking one more of each letter, and whether it comes from A-Z."""
        from_az = np.where(self.az > 0, self.vp - self.lam_a, NEG)
        from_sup = np.where(self.sup > 0, -self.lam_s, NEG)
        return np.maximum(from_az, from_sup), from_az >= from_sup

    def evaluate(self) -> tuple[float, dict]:
        """The bound at the current prices and the subgradient."""
        net, az_first = self._net()
        total = self.const + float(self.lam_a @ self.az + self.lam_s @ self.sup)
        total += sum(self.rho.values())
        use = _Use(np.zeros(26), np.zeros(26), {}, {}, {})
        for j in self.lines:
            c = self.cands[j]
            if len(c) == 0:
                self.value = NEG
                return NEG, {}
            vals = self._line_values(j, c, net)
            i = int(np.argmax(vals))
            self.best_vals[j] = vals
            self.line_max[j] = float(vals[i])
            total += float(vals[i])
            self._count_use(j, c.codes[i], net, az_first, use)
        self.value = total
        return total, self._gradient(use)

    def _line_values(self, j: int, c: Candidates, net: np.ndarray) -> np.ndarray:
        """The priced value of each candidate of line ``j``."""
        vals = c.base.copy()
        columns = self.columns[j]
        for p, (role, x) in enumerate(self.roles[j]):
            t = np.zeros(27)
            if role == "private":
                t[:26] = net
            elif role == "first":
                t[:26] = net + self.mu[x] - self.rho[x]
            elif role == "second":
                t[:26] = np.maximum(-self.mu[x], net - self.rho[x])
            else:
                continue
            vals += t[columns[p]]
        return vals

    def _count_use(self, j: int, codes: np.ndarray, net: np.ndarray, az_first: np.ndarray,
                   use: _Use) -> None:
        """Add the letters the best word of line ``j`` (its ``codes``) takes to ``use``."""
        for p, (role, x) in enumerate(self.roles[j]):
            ch = int(codes[p])
            if role == "fixed" or ch == NONE:
                continue
            consume = True
            if role == "first":
                use.cover_first[x] = ch
            elif role == "second":
                if -self.mu[x][ch] >= net[ch] - self.rho[x]:
                    use.cross_second[x] = ch
                    consume = False
                else:
                    use.new_second[x] = ch
            if consume:
                if az_first[ch]:
                    use.az[ch] += 1
                else:
                    use.sup[ch] += 1

    def _gradient(self, use: _Use) -> dict:
        """The subgradient of the bound at the current prices, given the letters used."""
        mu: dict[int, np.ndarray] = {}
        rho: dict[int, float] = {}
        for x in self.shared:
            g = np.zeros(26)
            if x in use.cover_first:
                g[use.cover_first[x]] += 1
            if x in use.cross_second:
                g[use.cross_second[x]] -= 1
            mu[x] = g
            rho[x] = 1.0 - (x in use.cover_first) - (x in use.new_second)
        return {"lam_a": self.az - use.az, "lam_s": self.sup - use.sup, "mu": mu, "rho": rho}

    def improve(self, target: float, iterations: int) -> float:
        """Subgradient steps towards ``target`` (a score known to be reachable); returns the
        lowest bound seen (the prices are left at that point). The step size carries over from
        one call to the next."""
        theta = self.theta
        best, grad = self.evaluate()
        if best <= NEG / 2:
            return best
        best_prices = _copy(self.prices())
        stall = 0
        for _ in range(iterations):
            if best <= target:
                break
            norm = float(grad["lam_a"] @ grad["lam_a"] + grad["lam_s"] @ grad["lam_s"])
            norm += sum(float(g @ g) for g in grad["mu"].values())
            norm += sum(g * g for g in grad["rho"].values())
            if norm == 0:
                break
            step = theta * (self.value - target) / norm
            self.lam_a = np.maximum(0.0, self.lam_a - step * grad["lam_a"])
            self.lam_s = np.maximum(0.0, self.lam_s - step * grad["lam_s"])
            for x in self.shared:
                self.mu[x] = np.maximum(0.0, self.mu[x] - step * grad["mu"][x])
                self.rho[x] = max(0.0, self.rho[x] - step * grad["rho"][x])
            value, grad = self.evaluate()
            if value < best - 1e-9:
                best, best_prices, stall = value, _copy(self.prices()), 0
            else:
                stall += 1
                if stall >= 5:
                    theta /= 2
                    stall = 0
        self.theta = theta
        self.lam_a, self.lam_s = best_prices["lam_a"], best_prices["lam_s"]
        self.mu, self.rho = best_prices["mu"], best_prices["rho"]
        self.evaluate()
        return self.value


def _copy(prices: dict) -> dict:
    return {
        "lam_a": prices["lam_a"].copy(),
        "lam_s": prices["lam_s"].copy(),
        "mu": {x: v.copy() for x, v in prices["mu"].items()},
        "rho": dict(prices["rho"]),
    }
