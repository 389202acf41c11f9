"""Tile sets (letter distributions and values) as data."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from companion.datafiles import read_table
from companion.text import counted

BLANK = "?"
# Letters that read as another letter when turned round: every printed tile (paper or 3D)
# marks them with a bar under the letter.
ROTATION_AMBIGUOUS = frozenset({"M", "W", "N", "Z"})


@dataclass(frozen=True)
class TileSet:
    """A bag's contents: how many of each tile and what each is worth.

    Tiles are upper-case strings: ``"A"``, ``"Qu"`` (WerdUp's one tile), ``"?"`` (a blank).
    """

    name: str
    counts: dict[str, int]
    values: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def bag(self) -> list[str]:
        """Every tile once per copy, in a fixed order (shuffle with a seeded generator)."""
        return [t for t, n in self.counts.items() for _ in range(n)]

    def value(self, tile: str) -> int:
        return self.values.get(tile, 0)

    def over_count(self, tiles: Iterable[str]) -> str:
        """A sentence naming the tiles of ``tiles`` (a rack) that the set does not hold that
        many of, or ``""`` when the set could hold them all; tiles not in the set are left to
        the caller."""
        have = Counter(tiles)
        over = [f"{n} {'blanks (?)' if t == BLANK else t + ' tiles'}, the set has "
                f"{self.counts[t]}" for t, n in have.items()
                if t in self.counts and n > self.counts[t]]
        return "; ".join(over)

    def placed_problem(self, played: Iterable[str], placing: Iterable[str]) -> str:
        """Why a play putting down the tiles ``placing`` cannot be made once the tiles
        ``played`` are on the board: the board would hold more of a tile than the set has
        (say a third blank); ``""`` when it can."""
        placing = list(placing)
        on_board = Counter(t for t in played if t in placing)
        over = self.over_count(list(on_board.elements()) + placing)
        return f"the board would then hold {over}" if over else ""

    def longest_rack(self, rack_size: int) -> int:
        """The most letters a rack of ``rack_size`` tiles from this set is written with: its
        longest tiles, as many as the set has (WerdUp's one Qu is two letters)."""
        lengths = sorted((len(t) for t in self.bag()), reverse=True)
        return sum(lengths[:rack_size])

    def rack_problem(self, written: str, tiles: list[str], rack_size: int) -> str:
        """Why the recorded rack ``written`` (its ``tiles``) is one no game with racks of
        ``rack_size`` can deal (more tiles than a rack holds, more of a tile than the set
        has), or ``""`` when a game could."""
        if len(tiles) > rack_size:
            return f"the rack {written} has {counted(len(tiles), 'tile')}; a rack holds {rack_size}"
        over = self.over_count(tiles)
        return f"the rack {written} has {over}" if over else ""

    def left_problem(self, played: Iterable[str],
                     racks: Sequence[tuple[str, Sequence[str]]]) -> tuple[int, str] | None:
        """The first of the racks left at the end of a game (each as written and its tiles,
        in seat order) that the set cannot hold once the tiles ``played`` are on the board and
        the racks before it have theirs, with why: more tiles than are not on the board, or
        more of one tile than the set has left; ``None`` when every rack fits."""
        set_aside = Counter(t for t in played if t in self.counts)
        left = {t: max(0, n - set_aside[t]) for t, n in self.counts.items()}
        off_board = sum(left.values())
        before: Counter[str] = Counter()
        for i, (written, tiles) in enumerate(racks):
            held = sum(before.values()) + len(tiles)
            if held > off_board:
                have = (f"the racks up to this one hold {counted(held, 'tile')}" if before
                        else f"the rack {written} has {counted(held, 'tile')}")
                rest = ("every tile of the set is on the board" if not off_board else
                        f"only {off_board} {'is' if off_board == 1 else 'are'} not on the board")
                return i, f"{have}, but {rest}"
            for t, n in Counter(tiles).items():
                if t in left and n > left[t] - before[t]:
                    elsewhere = ((min(set_aside[t], self.counts[t]), "on the board"),
                                 (before[t], "on the racks before it"))
                    where = " and ".join(f"{k} {'is' if k == 1 else 'are'} {place}"
                                         for k, place in elsewhere if k)
                    return i, (f"the rack {written} has {_tiles_named(t, n)}, but the set has "
                               f"{self.counts[t]}" + (f", and {where}" if where else ""))
            before.update(tiles)
        return None


def _tiles_named(tile: str, n: int) -> str:
    """``n`` copies of ``tile`` in words: "2 E tiles", "1 blank (?)"."""
    if tile == BLANK:
        return f"{counted(n, 'blank')} (?)"
    return counted(n, f"{tile} tile")




@cache
def tile_set(game: str) -> TileSet:
    """The default tile set of ``"bugwords"`` or ``"werdup"``."""
    rows = read_table(f"tiles-{game}.tsv")
    return TileSet(
        game,
        {r["letter"]: int(r["count"]) for r in rows},
        {r["letter"]: int(r["value"]) for r in rows},
    )


# When running out of tiles ends a game (WerdUp's rules data, ``game_ends_when``): once the
# bag is empty and one player's rack is (``one_out``: Bug Words, and WerdUp as Upwords plays
# it), or once the bag and every rack are (``all_out``: WerdUp, whose players who have gone
# out are passed over).
ONE_OUT, ALL_OUT = "one_out", "all_out"
ALL_PLAYED = "all the tiles have been played"


def out_of_tiles(mover: str, sizes: dict[str, int], bag: int, ends_when: str) -> str:
    """Why the game is over after ``mover``'s turn because its tiles ran out, as the engines
    end it (``sizes``: the tiles each player holds; ``bag``: the tiles left in it), or
    ``""`` while it goes on."""
    if bag:
        return ""
    if not any(sizes.values()):
        return ALL_PLAYED
    if ends_when == ONE_OUT and not sizes.get(mover):
        return f"{mover} has played every tile and the bag is empty"
    return ""


def start_problem(on_board: int, total: int, players: int, ends_when: str) -> str:
    """Why no game of ``players`` players still going leaves ``on_board`` of the set's
    ``total`` tiles on the board, or ``""`` when one can: while a game goes on, each player
    holds a tile (``ONE_OUT``: the first to play every tile with the bag empty ends it), or
    one player does (``ALL_OUT``: it ends once every tile is played)."""
    left = total - on_board
    need = players if ends_when == ONE_OUT else 1
    if left >= need:
        return ""
    while_on = (f"each of the {counted(players, 'player')} holds a tile while the game goes on"
                if ends_when == ONE_OUT else "a player holds a tile while the game goes on")
    return (f"the starting position holds {counted(on_board, 'tile')}, leaving "
            f"{left} of the set's {total} for the racks, but {while_on}: check the board, "
            "or the squares read")


def next_holding(order: Sequence[str], after: str, holding: Collection[str]) -> str | None:
    """Who moves after ``after``: the next player in ``order`` still holding tiles (one of
    ``holding``), so that a player who has gone out is passed over while the others play on;
    ``after`` again when only they hold tiles, ``None`` when no one does."""
    at = order.index(after)
    for step in range(1, len(order) + 1):
        nxt = order[(at + step) % len(order)]
        if nxt in holding:
            return nxt
    return None


@dataclass
class TileCount:
    """The tiles each player holds and the tiles in the bag, counted while a game record is
    replayed as the engines deal and draw (full racks in turn, a play refilled from the bag,
    a swap or an exchange one for one, a play taken back returning what was drawn for it).
    While every move line's rack has as many tiles as the count says (``known``: a record an
    engine wrote), the count tells who has gone out and what is left in the bag; a record
    whose racks are not whole (a score sheet's, which writes the tiles placed) leaves it
    unknown, and every player counts as still holding tiles."""

    sizes: dict[str, int]
    bag: int
    rack_size: int
    known: bool = True
    # a game started late with fewer tiles off the board than full racks take
    # (:meth:`started`): the tiles the racks hold between them, split in a way no sheet
    # knows, ``sizes`` then being the most each player can hold; ``None``: each rack is known
    shared: int | None = None

    @classmethod
    def deal(cls, players: list[str], total: int, rack_size: int) -> TileCount:
        sizes = {}
        for p in players:
            sizes[p] = min(rack_size, total)
            total -= sizes[p]
        return cls(sizes, total, rack_size)

    @classmethod
    def started(cls, players: list[str], left: int, rack_size: int) -> TileCount:
        """The count of a game started part way through, ``left`` of the set's tiles off
        the board: with enough for every rack, full racks and the rest in the bag
        (:meth:`deal`: a bag with tiles in it means every rack was refilled); with fewer,
        the bag is empty and the racks hold the ``left`` tiles between them, how they are
        split not known (:attr:`shared`)."""
        if left >= rack_size * len(players):
            return cls.deal(players, left, rack_size)
        return cls({p: min(rack_size, left) for p in players}, 0, rack_size, shared=left)

    def least(self, player: str) -> int:
        """The fewest tiles ``player`` can hold: their count, or with the split not known,
        what the others cannot hold of the racks' tiles."""
        if self.shared is None:
            return self.sizes.get(player, 0)
        others = sum(n for p, n in self.sizes.items() if p != player)
        return max(0, self.shared - others)

    def held(self, player: str) -> int | None:
        """How many tiles ``player`` holds, or ``None`` when the count does not say (not
        known, or a split of the racks' tiles that leaves it open)."""
        if not self.known:
            return None
        most = self.sizes.get(player, 0)
        return most if self.least(player) == most else None

    def check(self, player: str, held: int) -> None:
        """A move line shows ``player`` holding ``held`` tiles."""
        if held != self.sizes.get(player):
            self.known = False

    def play(self, player: str, placed: int) -> int:
        """``player`` placed tiles and refilled; returns how many were drawn. With the
        racks' split not known (the bag empty: nothing is drawn), the racks hold ``placed``
        fewer between them, and the most ``player`` can hold is ``placed`` fewer."""
        if self.shared is not None:
            self.shared = max(0, self.shared - placed)
            self.sizes[player] = max(0, self.sizes.get(player, 0) - placed)
            for p, most in self.sizes.items():
                self.sizes[p] = min(most, self.shared)
            return 0
        left = max(0, self.sizes.get(player, 0) - placed)
        drawn = min(self.rack_size - left, self.bag)
        self.sizes[player], self.bag = left + drawn, self.bag - drawn
        return drawn

    def take_back(self, player: str, placed: int, drawn: int) -> None:
        self.sizes[player] = self.sizes.get(player, 0) + placed - drawn
        self.bag += drawn

    def rack_left_problem(self, player: str, typed: int) -> str:
        """Why a rack of ``typed`` tiles cannot be what ``player`` has left at the end: while
        the count is known, their rack holds the tiles dealt and drawn to it and not played,
        no fewer and no more (an empty rack says they went out, which a player does only
        once the bag is empty); ``""`` when it holds that many, or while the count is not
        known."""
        held = self.sizes.get(player, 0)
        if not self.known or typed == held:
            return ""
        bag = "the bag is empty" if not self.bag else f"the bag has {self.bag} more"
        by_sheet = f"by the plays on the sheet ({bag})"
        if self.shared is not None and held:  # any split of the racks' tiles, up to the most
            if typed <= held:
                return ""
            return (f"it has {counted(typed, 'tile')}, but {player} holds "
                    f"{counted(held, 'tile')} at most {by_sheet}: type every tile left on "
                    "the rack, and only those")
        if not typed:
            return (f"it is empty, but {player} still holds {counted(held, 'tile')} {by_sheet}, "
                    "so has not gone out: type the tiles left on the rack")
        if not held:
            return (f"it has {counted(typed, 'tile')}, but {player} has played every tile "
                    f"{by_sheet}, so has gone out: leave the rack empty")
        return (f"it has {counted(typed, 'tile')}, but {player} holds {counted(held, 'tile')} "
                f"{by_sheet}: type every tile left on the rack")

    def racks_total_problem(self, typed: int) -> str:
        """Why racks left at the end holding ``typed`` tiles between them cannot be the
        racks, when the count knows only their total (:attr:`shared`): they hold the tiles
        off the board, split between them any way; ``""`` when they hold that many, or when
        each rack's count is known (:meth:`rack_left_problem` checks each one) or not known
        at all."""
        if self.shared is None or not self.known or typed == self.shared:
            return ""
        return (f"the racks hold {counted(typed, 'tile')} between them as typed, but "
                f"{counted(self.shared, 'tile')} {'is' if self.shared == 1 else 'are'} off "
                "the board by the plays on the sheet (the bag is empty; the sheet cannot "
                "know how they are split between the racks, and takes any split of them): "
                "type every tile left on each rack")

    def holding(self) -> list[str]:
        """The players still holding tiles (every player when the racks are unknown)."""
        return [p for p, held in self.sizes.items() if held or not self.known]

    def out(self, mover: str, ends_when: str) -> str:
        """Why the game is over after ``mover``'s turn, the tiles having run out
        (:func:`out_of_tiles`); ``""`` while it goes on, or while the count is not known."""
        return out_of_tiles(mover, self.sizes, self.bag, ends_when) if self.known else ""
