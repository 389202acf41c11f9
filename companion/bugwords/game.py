"""A game of Bug Words: players, racks, a bag drawn with a seeded generator, turns, the end."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from companion.board import Board, Position, parse_position, rack_tile
from companion.bugwords.rules import BugWordsRules, default_rules
from companion.bugwords.scoring import end_adjustments, score_words
from companion.bugwords.validation import (
    check_new_tiles,
    check_play,
    words_not_in_list,
)
from companion.challenges import (
    CHALLENGES_OFF,
    ChallengeOutcome,
    ChallengeRule,
    PassRun,
    default_challenger,
)
from companion.clock import ClockSettings, ClockState
from companion.errors import CompanionError
from companion.lexicon import Lexicon
from companion.text import number_word
from companion.tiles import BLANK, ONE_OUT, out_of_tiles


class GameError(CompanionError):
    """A turn that cannot be taken now (the game is over, tiles not on the rack...)."""


@dataclass(frozen=True)
class Turn:
    """One line of the game's history, as a game record writes it.

    ``kind`` is ``place``, ``exchange``, ``pass``, ``challenged`` (a play taken back after a
    challenge), ``challenge_bonus`` (a valid play challenged, under the ``points`` rule),
    ``lost_turn`` (the challenger's turn lost under the ``double`` rule), ``time_penalty``
    (overtime on the game clock), ``out_bonus`` (the player who went out adds the others'
    letters) or ``rack_penalty`` (unplayed letters subtracted at the end).
    """

    player: int
    kind: str
    rack: str
    score: int
    total: int
    position: str = ""
    word: str = ""
    tiles: str = ""
    words: tuple[str, ...] = ()
    time_left: float | None = None  # the mover's bank after the turn, with a game clock


@dataclass
class _Snapshot:
    board: Board
    bag: list[str]
    racks: list[list[str]]
    scores: list[int]
    passes: int
    current: int
    over: bool
    history_len: int


@dataclass
class Game:
    """A game in progress. ``rng`` draws the tiles (pass a seeded ``random.Random``)."""

    players: Sequence[str]
    rng: random.Random
    rules: BugWordsRules = field(default_factory=default_rules)
    lexicon: Lexicon | None = None
    clock_settings: ClockSettings | None = None  # a game clock (None: no clock)
    now: Callable[[], float] = time.monotonic  # the clock's time source (a fake one in tests)

    def __post_init__(self) -> None:
        most = self.rules.max_players
        if not 1 <= len(self.players) <= most:  # one player may practise alone
            raise GameError(f"Bug Words is for one to {number_word(most)} players")
        self.board = Board(self.rules.layout.rows, self.rules.layout.cols)
        self.bag: list[str] = self.rules.tiles.bag()
        self.rng.shuffle(self.bag)
        self.racks: list[list[str]] = [[] for _ in self.players]
        self.scores: list[int] = [0 for _ in self.players]
        self.history: list[Turn] = []
        self.current = 0
        self.passes = 0  # passes in a row
        self._pass_run = PassRun()  # who passed, in a row
        self.over = False
        self._undo: _Snapshot | None = None
        # the turns players owe for unsuccessful challenges (``double``), one per challenge
        self._lost_turns: Counter[int] = Counter()
        for rack in self.racks:
            self._refill(rack)
        self.clock: ClockState | None = None
        if self.clock_settings is not None:
            self.clock = ClockState.new(len(self.players), self.clock_settings).start(
                self.current, self.now())

    @property
    def challenge_rule(self) -> ChallengeRule:
        """The table's challenge rule (``rules.challenges``); a player practising alone has no
        one to challenge them, so each play is judged as it is made."""
        return self.rules.challenge_rule.at_table(len(self.players))

    # -- internals ----------------------------------------------------------------------------
    def _refill(self, rack: list[str]) -> None:
        while len(rack) < self.rules.rack_size and self.bag:
            rack.append(self.bag.pop())

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(
            self.board.copy(), self.bag[:], [r[:] for r in self.racks], self.scores[:],
            self.passes, self.current, self.over, len(self.history),
        )

    def _restore(self, s: _Snapshot) -> None:
        self.board, self.bag = s.board, s.bag
        self.racks, self.scores = s.racks, s.scores
        self.passes, self.current, self.over = s.passes, s.current, s.over
        self._pass_run = PassRun()
        del self.history[s.history_len :]

    def _check_open(self) -> None:
        if self.over:
            raise GameError("the game is over")

    def _next(self) -> None:
        self.current = (self.current + 1) % len(self.players)
        self._skip_lost_turns()

    def _skip_lost_turns(self) -> None:
        """A player who lost a turn to a challenge (double rule) is passed over, once for
        each such challenge."""
        while self._lost_turns[self.current] > 0:
            self._lost_turns[self.current] -= 1
            self._record(Turn(self.current, "lost_turn", self.rack_text(),
                              0, self.scores[self.current]))
            self.current = (self.current + 1) % len(self.players)

    def _record(self, turn: Turn) -> Turn:
        """Add a turn to the history, with the mover's time left when there is a clock."""
        if self.clock is not None and turn.kind in ("place", "exchange", "pass", "lost_turn"):
            turn = replace(turn, time_left=self.clock.remaining(turn.player, self.now()))
        self.history.append(turn)
        return turn

    def _sync_clock(self) -> None:
        """The clock runs for the player to move; it stops when the game is over."""
        if self.clock is not None:
            self.clock = self.clock.follow(self.current, self.over, self.now())

    def pause_clock(self) -> None:
        if self.clock is not None:
            self.clock = self.clock.pause(self.now())

    def resume_clock(self) -> None:
        if self.clock is not None:
            self.clock = self.clock.resume(self.now())

    def rack_text(self, player: int | None = None) -> str:
        """A rack as letters, ``?`` for a blank."""
        return "".join(self.racks[self.current if player is None else player])

    # -- turns --------------------------------------------------------------------------------
    def play(self, position: str | Position, word: str) -> Turn:
        """Place a word: ``play("8D", "WORD")``; ``.`` for tiles already down, lower case for
        blanks. With the ``none`` challenge rule (and a word list) an invalid word is refused."""
        self._check_open()
        pos = position if isinstance(position, Position) else parse_position(
            position, self.board.rows, self.board.cols
        )
        placements = self.board.tiles_for_play(pos, word)
        check_new_tiles(placements, f"the play {pos} {word}")
        needed = Counter(rack_tile(p.tile) for p in placements)
        have = Counter(self.racks[self.current])
        missing = needed - have
        if missing:
            shown = "".join(sorted(missing.elements())).replace(BLANK, "a blank")
            raise GameError(f"player {self.players[self.current]} does not have {shown} on the "
                            "rack")
        strict = self.lexicon if self.challenge_rule.judged_at_play else None
        words = check_play(self.board, placements, self.rules, strict)
        score = score_words(words, len(placements), self.rules)
        self._undo = self._snapshot()
        rack_before = self.rack_text()
        self.board.place(placements)
        rack = self.racks[self.current]
        for tile in needed.elements():
            rack.remove(tile)
        self._refill(rack)
        self.scores[self.current] += score.total
        main = words[0].position
        turn = Turn(
            self.current, "place", rack_before, score.total, self.scores[self.current],
            str(main), words[0].record_word, "".join(p.tile for p in placements),
            tuple(w.word for w in score.words),
        )
        turn = self._record(turn)
        self.passes = 0
        self._pass_run = PassRun()
        sizes = {str(i): len(r) for i, r in enumerate(self.racks)}
        if out_of_tiles(str(self.current), sizes, len(self.bag), ONE_OUT):
            self._finish(self.current)
        else:
            self._next()
        self._sync_clock()
        return turn

    def exchange(self, tiles: str) -> Turn:
        """Throw back some tiles (``?`` for a blank) and draw as many; ends the turn."""
        self._check_open()
        refusal = self.rules.swap_refusal(len(self.bag))
        if refusal:
            raise GameError(refusal)
        wanted = Counter(tiles.upper().replace("?", BLANK))
        if not wanted:
            raise GameError("name the tiles to swap")
        if wanted - Counter(self.racks[self.current]):
            raise GameError(f"player {self.players[self.current]} does not have {tiles} on the "
                            "rack")
        rack_before = self.rack_text()
        rack = self.racks[self.current]
        for t in wanted.elements():
            rack.remove(t)
        self._refill(rack)
        self.bag.extend(wanted.elements())
        self.rng.shuffle(self.bag)
        turn = Turn(self.current, "exchange", rack_before, 0, self.scores[self.current],
                    tiles="".join(wanted.elements()))
        turn = self._record(turn)
        self._undo = None
        self.passes = 0
        self._pass_run = PassRun()
        self._next()
        self._sync_clock()
        return turn

    def pass_turn(self) -> Turn:
        """Pass; when every player has passed ``rules.passes_to_end`` times in a row (each
        of them: a turn lost to a challenge is no pass), it ends."""
        self._check_open()
        turn = Turn(self.current, "pass", self.rack_text(), 0, self.scores[self.current])
        turn = self._record(turn)
        self._undo = None
        self.passes += 1
        self._pass_run.add("pass", str(self.current))
        rounds = self.rules.passes_to_end
        if self._pass_run.ends_game([str(i) for i in range(len(self.players))], rounds):
            self._finish(None)
        else:
            self._next()
        self._sync_clock()
        return turn

    def challenge(
        self, lexicon: Lexicon | None = None, challenger: int | None = None
    ) -> ChallengeOutcome:
        """Challenge the last play under the table's challenge rule (``rules.challenges``).

        ``challenger`` is a player index (default: the player to move, or the one after the
        play's player when that is them: :func:`companion.challenges.default_challenger`, as
        WerdUp and the web score sheet choose). If any word is not in
        the list, the play comes off the board, its score is deducted, its tiles go back to
        the player's rack (the tiles drawn go back to the bag), and the player's turn is
        lost. A valid play stands; under ``double`` the challenger loses their next turn,
        under ``points`` the player earns the bonus.
        """
        rule = self.challenge_rule
        if not rule.allows_challenges:
            raise GameError(CHALLENGES_OFF)  # as the web app and WerdUp say it
        lex = lexicon if lexicon is not None else self.lexicon
        if lex is None:
            raise GameError("a challenge needs a word list")
        if self._undo is None or not self.history or self.history[-1].kind == "challenged":
            raise GameError("there is no play to challenge: only the last play can be")
        place = self.history[self._undo.history_len]
        player = place.player
        if challenger is None:
            challenger = default_challenger(len(self.players), player, self.current)
        if not 0 <= challenger < len(self.players) or challenger == player:
            raise GameError("the challenger must be another player at the table")
        placements = self._undo.board.tiles_for_play(
            parse_position(place.position, self.board.rows, self.board.cols), place.word
        )
        outcome = rule.resolve(words_not_in_list(self._undo.board.words_formed(placements), lex),
                               lex)
        if not outcome.play_stands:
            # a player passed over since (a turn lost to an earlier challenge) stays passed
            # over: the turn lost is not given back by taking this play off
            skipped = [t.player for t in self.history[self._undo.history_len + 1:]
                       if t.kind == "lost_turn"]
            self._restore(self._undo)
            self._undo = None
            self.history.append(place)
            self.history.append(
                Turn(player, "challenged", place.rack, -place.score, self.scores[player])
            )
            self.current = player
            self.passes = 0
            self._pass_run = PassRun()
            self._lost_turns.update(skipped)
            self._next()
            self._sync_clock()
            return outcome
        self._undo = None
        if outcome.bonus:
            self.scores[player] += outcome.bonus
            self.history.append(Turn(player, "challenge_bonus", self.rack_text(player),
                                     outcome.bonus, self.scores[player]))
        if outcome.challenger_loses_turn and not self.over:
            self._lost_turns[challenger] += 1
            self._skip_lost_turns()
        self._sync_clock()
        return outcome

    # -- the end ------------------------------------------------------------------------------
    def _finish(self, out_player: int | None) -> None:
        """Subtract unplayed letters; the player who went out adds the others' total; with a
        clock, each player over their bank loses the overtime penalty."""
        self.over = True
        adjustments = end_adjustments(self.racks, self.rules, out_player)
        for i, rack in enumerate(self.racks):
            if i == out_player or not rack:
                continue
            self.scores[i] += adjustments[i]
            rack_text = "".join(rack)
            self.history.append(
                Turn(i, "rack_penalty", rack_text, adjustments[i], self.scores[i],
                     tiles=rack_text)
            )
        if out_player is not None:
            bonus = adjustments[out_player]
            self.scores[out_player] += bonus
            others = "".join(t for i, r in enumerate(self.racks) if i != out_player for t in r)
            self.history.append(
                Turn(out_player, "out_bonus", "", bonus, self.scores[out_player], tiles=others)
            )
        if self.clock is not None:
            self.clock = self.clock.stop(self.now())
            for i in range(len(self.players)):
                penalty = self.clock.penalty(i, self.now())
                if penalty:
                    self.scores[i] -= penalty
                    self._record(Turn(i, "time_penalty", self.rack_text(i), -penalty,
                                      self.scores[i]))

    def winners(self) -> list[str]:
        """The player(s) with the highest score."""
        best = max(self.scores)
        return [p for p, s in zip(self.players, self.scores, strict=True) if s == best]
