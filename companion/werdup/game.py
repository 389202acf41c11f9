"""A WerdUp game at the table: first-player draw, bag, racks, turns, the end and penalties."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from companion.board import Board, Placement
from companion.challenges import (
    CHALLENGES_OFF,
    EVERY_PLAYER_PASSED,
    NEXT_WORD,
    ChallengeOutcome,
    ChallengeRule,
    PassRun,
    default_challenger,
    game_over_refusal,
    tries_left,
)
from companion.clock import ClockSettings, ClockState
from companion.errors import CompanionError, UsageError
from companion.lexicon import Lexicon
from companion.play import check_player_name
from companion.text import count_shown, counted, quoted, sentence
from companion.tiles import next_holding, out_of_tiles
from companion.werdup.movegen import generate_plays
from companion.werdup.notation import main_heights, play_notation
from companion.werdup.rules import WerdUpRules
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


@dataclass(frozen=True)
class TakenBack:
    """The play before, taken back after a successful challenge (GCG ``--``)."""


@dataclass(frozen=True)
class ChallengeBonus:
    """Points for a valid play that was challenged (the ``points`` rule; GCG ``(challenge)``)."""


@dataclass(frozen=True)
class LostTurn:
    """A turn lost to an unsuccessful challenge (the ``double`` rule; written as a pass
    marked as lost): ``challenged`` is the notation of the play challenged. It is no pass
    for the end of the game (:class:`companion.challenges.PassRun`)."""

    challenged: str = ""


WerdUpMove = Play | Swap | Pass | TakenBack | ChallengeBonus | LostTurn


@dataclass(frozen=True)
class Turn:
    """One entry of the game's history, enough to write the record."""

    player: str
    rack: tuple[str, ...]
    move: WerdUpMove
    score: int
    total: int
    notation: str = ""
    heights: str = ""
    time_left: float | None = None  # the mover's bank after the turn, with a game clock


@dataclass(frozen=True)
class Penalty:
    """Tiles left on a rack at the end (or time over the clock's bank: no tiles), and the
    points they cost."""

    player: str
    tiles: tuple[str, ...]
    points: int
    total: int


_K = TypeVar("_K")  # who drew a tile: a player's name or seat


def draw_rank(tile: str) -> int:
    """How near a drawn tile is to A (0 for A); the Qu tile ranks as Q."""
    return ord(tile[0].upper()) - ord("A")


def nearest_to_a(drawn: Mapping[_K, str]) -> list[_K]:
    """Who drew the tiles nearest to A in one round of the draw for the first turn
    (``drawn``: each player's tile): one player starts; more draw again."""
    best = min(draw_rank(t) for t in drawn.values())
    return [p for p, t in drawn.items() if draw_rank(t) == best]


def first_player_draw(
    players: Sequence[str], bag: Sequence[str], rng: random.Random
) -> tuple[int, list[dict[str, str]]]:
    """Each player draws a tile; nearest to A starts, tied players draw again.

    Returns the starting player's index and the rounds of draws (player -> tile).
    """
    contenders = list(range(len(players)))
    rounds: list[dict[str, str]] = []
    while True:
        drawn = dict(zip(contenders, rng.sample(list(bag), len(contenders)), strict=True))
        rounds.append({players[i]: t for i, t in drawn.items()})
        contenders = nearest_to_a(drawn)
        if len(contenders) == 1:
            return contenders[0], rounds


@dataclass
class _Snapshot:
    """The game just before a play, to take it back after a successful challenge."""

    board: Board
    bag: list[str]
    racks: dict[str, list[str]]
    scores: dict[str, int]
    current: int
    passes: int
    over: bool
    end_reason: str
    history_len: int
    penalties_len: int
    time_penalties_len: int
    taken_back: int


@dataclass
class Game:
    """A game in progress. Build one with :meth:`start`; the random generator is passed in."""

    rules: WerdUpRules
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
    time_penalties: list[Penalty] = field(default_factory=list)
    clock: ClockState | None = None
    now: Callable[[], float] = time.monotonic
    _undo: _Snapshot | None = None
    # challenger: the plays whose challenge costs them a turn still to come, oldest first
    _lost_turns: dict[str, list[str]] = field(default_factory=dict)
    _taken_back: int = 0  # plays of the player to move challenged off in this turn
    _drawn: list[str] = field(default_factory=list)  # tiles the open play's player drew for it
    _pass_run: PassRun = field(default_factory=PassRun)  # who passed, in a row

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        rules: WerdUpRules,
        lexicon: Lexicon,
        rng: random.Random,
        clock_settings: ClockSettings | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> Game:
        """Draw for first player, shuffle the bag and deal full racks; with
        ``clock_settings``, the first player's clock starts (``now`` is the time source)."""
        names = list(players)
        fewest, most = rules.min_players, rules.max_players
        if not any(names):  # "--players ," or "--players ''"
            raise UsageError("no player is named: give each player a name, comma-separated "
                             "(such as ann,bob)")
        if "" in names:
            raise UsageError(f"the name of player {names.index('') + 1} is empty: give each "
                             "player a name (is there a comma too many?)")
        if not fewest <= len(names) <= most:
            raise UsageError(f"WerdUp is for {fewest} to {counted(most, 'player')}: "
                             f"{count_shown(len(names))} were named")
        for name in names:
            if names.count(name) > 1:
                raise UsageError(f"two players are called {quoted(name)}: give each player "
                                 "a name of their own")
        for name in names:
            if not name or any(ch.isspace() or not ch.isprintable() or ch in ":#>()"
                               for ch in name):
                raise UsageError(f"player name {quoted(name)} must be one word without spaces, "
                                 "control characters or : # > ( )")
            check_player_name(name)  # and as short as every table's names
        bag = rules.tile_set.bag()
        first, draws = first_player_draw(names, bag, rng)
        rng.shuffle(bag)
        game = cls(
            rules, lexicon, names, rng, Board(rules.board_size, rules.board_size), bag,
            {p: [] for p in names}, {p: 0 for p in names}, first, draws=draws,
        )
        for k in range(len(names)):
            game._refill(names[(first + k) % len(names)])
        game.now = now
        if clock_settings is not None:
            game.clock = ClockState.new(len(names), clock_settings).start(first, now())
        return game

    @property
    def challenge_rule(self) -> ChallengeRule:
        """The table's challenge rule (``rules.challenges``); a player alone has no one to
        challenge them, so each play is judged as it is made."""
        return self.rules.challenge_rule.at_table(len(self.players))

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
            raise CompanionError(f"Player {player} does not have {shown} on the rack.")
        judgement = score_play(self.board, placements, self.rules, self.lexicon,
                               check_words=self.challenge_rule.judged_at_play)
        notation = play_notation(self.board, placements)
        heights = main_heights(self.board, placements)
        self._undo = self._snapshot()
        before = tuple(rack)
        for p in placements:
            rack.remove(p.tile)
        self.board.place(placements)
        self.scores[player] += judgement.score
        kept = len(rack)
        self._refill(player)
        self._drawn = rack[kept:]
        self.passes_in_a_row = 0
        self._pass_run.add("play")
        self._record(
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
            raise CompanionError(f"Player {player} has no {tile} to swap.")
        refusal = self.rules.swap_refusal(len(self.bag))
        if refusal:
            raise CompanionError(sentence(refusal))
        before = tuple(rack)
        drawn = self.bag.pop()
        rack.remove(tile)
        rack.append(drawn)
        self.bag.append(tile)
        self.rng.shuffle(self.bag)
        self.passes_in_a_row = 0
        self._pass_run.add("swap")
        self._keep_open_past(player, tile, drawn)
        self._record(Turn(player, before, Swap(tile), 0, self.scores[player]))
        self._after_turn()
        return drawn

    def pass_turn(self) -> None:
        """The player to move passes."""
        self._check_open()
        player = self.player
        self.passes_in_a_row += 1
        self._pass_run.add("pass", player)
        self._keep_open_past(player)
        self._record(Turn(player, tuple(self.racks[player]), Pass(), 0, self.scores[player]))
        self._after_turn()

    # -- the end ------------------------------------------------------------------------------
    def _active(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if self.racks[p]]

    def _after_turn(self) -> None:
        mover = self.player
        out = out_of_tiles(mover, {p: len(r) for p, r in self.racks.items()}, len(self.bag),
                           self.rules.game_ends_when)
        if out:
            return self._finish(out)
        active = self._active()
        if self._pass_run.ends_game([self.players[i] for i in active]):
            return self._finish(EVERY_PLAYER_PASSED)
        self._advance()
        return None

    def _advance(self) -> None:
        """The turn goes to the next player with tiles; one who lost a turn to a challenge
        (``double`` rule) is passed over, once for each such challenge."""
        self._taken_back = 0
        holding = [self.players[i] for i in self._active()]
        nxt = next_holding(self.players, self.player, holding)
        if nxt is not None:
            self.current = self.players.index(nxt)
        name = self.player
        if name in self._lost_turns:
            owed = self._lost_turns[name]
            challenged = owed.pop(0)
            if not owed:
                del self._lost_turns[name]
            self._record(Turn(name, tuple(self.racks[name]), LostTurn(challenged), 0,
                              self.scores[name]))
            self._advance()
            return
        self._sync_clock()

    # -- challenges and the clock -------------------------------------------------------------
    def _keep_open_past(self, player: str, swapped: str | None = None,
                        drawn: str | None = None) -> None:
        """A pass or a swap by ``player``: under the rulebook's window (``challenge_until``
        ``next_word``) the last play stays open to a challenge, and a tile its player drew
        for it and now swaps is followed to the tile drawn instead; otherwise (``next_turn``)
        the window closes."""
        if self._undo is None:
            return
        if self.rules.challenge_until != NEXT_WORD:
            self._undo = None
        elif (swapped is not None and drawn is not None and swapped in self._drawn
                and player == self.history[self._undo.history_len].player):
            self._drawn[self._drawn.index(swapped)] = drawn

    def _take_back_late(self, snap: _Snapshot, made: Turn) -> None:
        """Take a play off after passes or swaps (the window stays open until another word
        is played): the board goes back, the player gets the tiles back and returns to the bag
        the tiles drawn for the play, and the score is taken back. Whose turn it is does not
        change: the player's turn is long over."""
        assert isinstance(made.move, Play)
        player, rack = made.player, self.racks[made.player]
        self.board = snap.board
        rack.extend(p.tile for p in made.move.placements)
        for tile in self._drawn:
            rack.remove(tile)
            self.bag.append(tile)
        if self._drawn:
            self.rng.shuffle(self.bag)
        self.scores[player] -= made.score
        self._record(Turn(player, made.rack, TakenBack(), -made.score, self.scores[player]))
        self._sync_clock()

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(self.board.copy(), self.bag[:], {p: r[:] for p, r in self.racks.items()},
                         dict(self.scores), self.current, self.passes_in_a_row, self.over,
                         self.end_reason, len(self.history), len(self.penalties),
                         len(self.time_penalties), self._taken_back)

    def _restore(self, s: _Snapshot) -> None:
        self.board, self.bag, self.racks, self.scores = s.board, s.bag, s.racks, s.scores
        self.current, self.passes_in_a_row = s.current, s.passes
        self._pass_run = PassRun()  # a play taken back starts the run again
        self.over, self.end_reason = s.over, s.end_reason
        del self.history[s.history_len:]
        del self.penalties[s.penalties_len:]
        del self.time_penalties[s.time_penalties_len:]

    def _record(self, turn: Turn) -> None:
        if self.clock is not None:
            turn = replace(turn, time_left=self.clock.remaining(
                self.players.index(turn.player), self.now()))
        self.history.append(turn)

    def _sync_clock(self) -> None:
        """The clock runs for the player to move; it stops when the game is over."""
        if self.clock is not None:
            self.clock = self.clock.follow(self.current, self.over, self.now())

    def challenge(self, challenger: str | None = None) -> ChallengeOutcome:
        """Challenge the last play under the table's challenge rule (``rules.challenges``).

        A play with a word not in the list comes off (the board, racks and bag go back to how
        they were before it, its score is taken back). The rule set's ``challenge_retries``
        says what comes next: in the default edition (the rulebook) the same player then plays
        another word or passes, and only a second play challenged off in the same turn ends
        the turn; with none (the Hasbro rules), the turn is over. A valid play stands: under
        ``double`` the challenger loses their own next turn (at once when they are to move,
        else when their turn comes), under ``points`` the player earns the bonus. The
        challenger defaults to the player to move, or when that is the play's own player
        (after passes that kept it open), the next player
        (:func:`companion.challenges.default_challenger`).

        How long the last play stays open is the rule set's ``challenge_until``: in the default
        edition, until another word is played (the rulebook: "it must be challenged before
        another word is played on the board"), so passes and swaps after it keep it open; a
        play challenged off after them comes off with its score, the tiles drawn for it go
        back to the bag, and the turn stays where it is (the player's own turn is over, so
        there is no second try). With ``next_turn`` (the Hasbro rules) any turn closes it.
        """
        rule = self.challenge_rule
        if not rule.allows_challenges:
            raise CompanionError(sentence(CHALLENGES_OFF))  # as the web app and Bug Words say it
        if self._undo is None:
            raise CompanionError("There is no play to challenge: only the last play can be, "
                                 + ("before another word is played."
                                    if self.rules.challenge_until == NEXT_WORD
                                    else "before the next turn."))
        snap = self._undo
        made = self.history[snap.history_len]
        player = made.player
        late = len(self.history) > snap.history_len + 1  # passes or swaps came after it
        if late and self.over:
            raise CompanionError(game_over_refusal(self.end_reason))
        if challenger is None:
            challenger = self.players[default_challenger(
                len(self.players), self.players.index(player), self.current)]
        if challenger not in self.players or challenger == player:
            raise CompanionError("The challenger must be another player at the table.")
        assert isinstance(made.move, Play)
        words = snap.board.words_formed(list(made.move.placements))
        taken_back = snap.taken_back + 1
        retries = 0 if late else tries_left(self.rules.challenge_retries, taken_back)
        outcome = rule.resolve([w.text for w in words if w.text not in self.lexicon],
                               self.lexicon, retries)
        self._undo = None
        if not outcome.play_stands and late:
            self._take_back_late(snap, made)
            return outcome
        if not outcome.play_stands:
            self._restore(snap)
            self.history.append(made)
            self._record(Turn(player, made.rack, TakenBack(), -made.score,
                              self.scores[player]))
            self.passes_in_a_row = 0
            if outcome.plays_again:
                self._taken_back = taken_back
                self._sync_clock()
            else:
                self._advance()
            return outcome
        if outcome.bonus:
            bonus = outcome.bonus
            self.scores[player] += bonus
            # The record writes the end-of-game lines after the history: when the play ended
            # the game, the bonus comes before them and their totals move up by it.
            self._record(Turn(player, tuple(self.racks[player]), ChallengeBonus(), bonus,
                              made.total + bonus if self.over else self.scores[player]))
            self.penalties = [replace(p, total=p.total + bonus) if p.player == player else p
                              for p in self.penalties]
            self.time_penalties = [replace(p, total=p.total + bonus) if p.player == player
                                   else p for p in self.time_penalties]
        if outcome.challenger_loses_turn and not self.over:
            if self.player == challenger:
                self._record(Turn(challenger, tuple(self.racks[challenger]),
                                  LostTurn(made.notation), 0, self.scores[challenger]))
                self._advance()
            else:
                self._lost_turns.setdefault(challenger, []).append(made.notation)
        return outcome

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
        if self.clock is not None:
            self.clock = self.clock.stop(self.now())
            for i, p in enumerate(self.players):
                points = self.clock.penalty(i, self.now())
                if points:
                    self.scores[p] -= points
                    self.time_penalties.append(Penalty(p, (), points, self.scores[p]))

    def winners(self) -> list[str]:
        """The player(s) with the most points."""
        best = max(self.scores.values())
        return [p for p in self.players if self.scores[p] == best]
