"""A WerdUp game at the table: first-player draw, bag, racks, turns, the end and penalties."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.board import Board, Placement
from companion.errors import CompanionError
from companion.lexicon import Lexicon
from companion.werdup.movegen import generate_plays
from companion.werdup.notation import main_heights, play_notation
from companion.werdup.rules import Rules
from companion.werdup.scoring import end_penalty
from companion.werdup.validate import score_play


@dataclass(frozen=True)
class Play:
    """Put tiles on the board."""

    placements: tuple[Placement, ...]


@dataclass(frozen=True)
class Swap:
    """Swap one tile with the bag (ends the turn)."""

    tile: str


@dataclass(frozen=True)
class Pass:
    """Do nothing this turn."""


Move = Play | Swap | Pass


@dataclass(frozen=True)
class Turn:
    """One entry of the game's history, enough to write the record."""

    player: str
    rack: tuple[str, ...]
    move: Move
    score: int
    total: int
    notation: str = ""
    heights: str = ""


@dataclass(frozen=True)
class Penalty:
    """Tiles left on a rack at the end, and the points they cost."""

    player: str
    tiles: tuple[str, ...]
    points: int
    total: int


def draw_rank(tile: str) -> int:
    """How near a drawn tile is to A (0 for A); the Qu tile ranks as Q."""
    return ord(tile[0].upper()) - ord("A")


def first_player_draw(
    players: Sequence[str], bag: Sequence[str], rng: random.Random
) -> tuple[int, list[dict[str, str]]]:
    """Each player draws a tile; nearest to A starts, tied players draw again.

    Returns the starting player's index and the rounds of draws (player -> tile).
    """
    contenders = list(range(len(players)))
    rounds: list[dict[str, str]] = []
    while True:
        tiles = rng.sample(list(bag), len(contenders))
        rounds.append({players[i]: t for i, t in zip(contenders, tiles, strict=True)})
        best = min(draw_rank(t) for t in tiles)
        contenders = [i for i, t in zip(contenders, tiles, strict=True) if draw_rank(t) == best]
        if len(contenders) == 1:
            return contenders[0], rounds


@dataclass
class Game:
    """A game in progress. Build one with :meth:`start`; the random generator is passed in."""

    rules: Rules
    lexicon: Lexicon
    players: list[str]
    rng: random.Random
    board: Board
    bag: list[str]
    racks: dict[str, list[str]]
    scores: dict[str, int]
    current: int = 0
    passes_in_a_row: int = 0
    over: bool = False
    end_reason: str = ""
    draws: list[dict[str, str]] = field(default_factory=list)
    history: list[Turn] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)

    @classmethod
    def start(
        cls, players: Sequence[str], rules: Rules, lexicon: Lexicon, rng: random.Random
    ) -> Game:
        """Draw for first player, shuffle the bag and deal full racks."""
        names = list(players)
        if not 1 <= len(names) <= 4 or len(set(names)) != len(names):
            raise CompanionError("WerdUp is for 1 to 4 players with different names.")
        for name in names:
            if not name or any(ch.isspace() or ch in ":#>()" for ch in name):
                raise CompanionError(
                    f"player name {name!r} must be one word without spaces or : # > ( )"
                )
        bag = rules.tile_set.bag()
        first, draws = first_player_draw(names, bag, rng)
        rng.shuffle(bag)
        game = cls(
            rules, lexicon, names, rng, Board(rules.board_size, rules.board_size), bag,
            {p: [] for p in names}, {p: 0 for p in names}, first, draws=draws,
        )
        for k in range(len(names)):
            game._refill(names[(first + k) % len(names)])
        return game

    @property
    def player(self) -> str:
        """Whose turn it is."""
        return self.players[self.current]

    def rack(self, player: str | None = None) -> list[str]:
        return list(self.racks[player or self.player])

    def _refill(self, player: str) -> None:
        rack = self.racks[player]
        while len(rack) < self.rules.rack_size and self.bag:
            rack.append(self.bag.pop())

    def _check_open(self) -> None:
        if self.over:
            raise CompanionError(f"The game is over ({self.end_reason}).")

    # -- moves --------------------------------------------------------------------------------
    def play(self, placements: Sequence[Placement]) -> int:
        """Make a play for the player to move; returns its score. Illegal plays raise."""
        self._check_open()
        placements = tuple(placements)
        player, rack = self.player, self.racks[self.player]
        missing = Counter(p.tile for p in placements) - Counter(rack)
        if missing:
            shown = " ".join(sorted(missing.elements()))
            raise CompanionError(f"{player} does not have {shown} on the rack.")
        judgement = score_play(self.board, placements, self.rules, self.lexicon)
        notation = play_notation(self.board, placements)
        heights = main_heights(self.board, placements)
        before = tuple(rack)
        for p in placements:
            rack.remove(p.tile)
        self.board.place(placements)
        self.scores[player] += judgement.score
        self._refill(player)
        self.passes_in_a_row = 0
        self.history.append(
            Turn(player, before, Play(placements), judgement.score, self.scores[player],
                 notation, heights)
        )
        self._after_turn()
        return judgement.score

    def swap(self, tile: str) -> str:
        """Swap one tile with the bag: draw a new one, then put the old one back."""
        self._check_open()
        player, rack = self.player, self.racks[self.player]
        if tile not in rack:
            raise CompanionError(f"{player} has no {tile} to swap.")
        if not self.bag:
            raise CompanionError("The bag is empty, so there is nothing to swap with.")
        before = tuple(rack)
        drawn = self.bag.pop()
        rack.remove(tile)
        rack.append(drawn)
        self.bag.append(tile)
        self.rng.shuffle(self.bag)
        self.passes_in_a_row = 0
        self.history.append(Turn(player, before, Swap(tile), 0, self.scores[player]))
        self._after_turn()
        return drawn

    def pass_turn(self) -> None:
        """The player to move passes."""
        self._check_open()
        player = self.player
        self.passes_in_a_row += 1
        self.history.append(
            Turn(player, tuple(self.racks[player]), Pass(), 0, self.scores[player])
        )
        self._after_turn()

    # -- the end ------------------------------------------------------------------------------
    def _active(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if self.racks[p]]

    def _after_turn(self) -> None:
        mover = self.player
        if not self.bag:
            if not any(self.racks.values()):
                return self._finish("all the tiles have been played")
            if self.rules.game_ends_when == "one_out" and not self.racks[mover]:
                return self._finish(f"{mover} has played every tile and the bag is empty")
        active = self._active()
        if self.passes_in_a_row >= len(active):
            return self._finish("every player passed in a row")
        n = len(self.players)
        for step in range(1, n + 1):
            nxt = (self.current + step) % n
            if nxt in active:
                self.current = nxt
                return None
        return None

    def can_play(self, player: str) -> bool:
        """True if ``player`` has at least one legal play with the tiles on the rack."""
        rack = self.racks[player]
        return bool(rack) and bool(generate_plays(self.board, rack, self.rules, self.lexicon))

    def end_if_blocked(self) -> bool:
        """End the game if no one can make a word (the move generator checks every rack)."""
        self._check_open()
        if any(self.can_play(p) for p in self.players):
            return False
        self._finish("no one can play")
        return True

    def _finish(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason
        for p in self.players:
            left = tuple(self.racks[p])
            if left:
                points = end_penalty(len(left), self.rules)
                self.scores[p] -= points
                self.penalties.append(Penalty(p, left, points, self.scores[p]))

    def winners(self) -> list[str]:
        """The player(s) with the most points."""
        best = max(self.scores.values())
        return [p for p in self.players if self.scores[p] == best]
