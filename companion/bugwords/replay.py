"""Replaying a game record through the rules: recompute every score and compare."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from companion.board import Board, NotationError, Placement, PlayError, parse_position, rack_tile
from companion.bugwords.gcg import (
    CHALLENGE_RULE_NOTE,
    GcgError,
    GcgMove,
    GcgReadError,
    GcgRecord,
)
from companion.bugwords.rules import BugWordsRules, default_rules
from companion.bugwords.scoring import out_bonus, rack_penalty, score_words
from companion.bugwords.validation import check_new_tiles, check_placement, words_not_in_list
from companion.challenges import (
    RACKS_COUNTED,
    ChallengedOff,
    ChallengeError,
    ChallengeRule,
    PassRun,
    no_more_moves,
    passes_reason,
    record_rule,
)
from companion.clock import CLOCK_NOTE, ClockSettings, format_time, settings_from_label
from companion.errors import UsageError
from companion.lexicon import Lexicon
from companion.play import check_record_seats
from companion.tiles import BLANK, ONE_OUT, TileCount
from companion.totals import RunningTotals

# Move kinds whose score the comparison counts: tile placements, plays taken back, challenge
# bonuses (and time penalties, when the record has the clock's times).
COUNTED = ("place", "challenged", "challenge_bonus", "time_penalty")
# Move kinds that are a player's turn (after a play challenged off, whose turn it is matters);
# a turn lost to a challenge is the challenger's turn, passed over.
TURNS = ("place", "pass", "exchange", "lost_turn")


@dataclass
class ReplayedMove:
    """One record line with its recorded and recomputed score.

    ``computed`` is ``None`` where the rulebook has no such score (a time penalty).
    ``note`` explains a bonus whose convention differs from the rulebook.
    """

    line: int
    player: str
    kind: str
    position: str
    word: str
    recorded: int
    computed: int | None
    words: tuple[str, ...] = ()
    not_in_list: tuple[str, ...] = ()
    note: str = ""
    best: str | None = None  # the top play for the recorded rack ("8D WORD 72"), if asked
    time_left: str = ""  # the mover's clock after the move ("21:05"), when recorded
    total: int | None = None  # the running total the line records
    # what the player's running total before it and the line's recorded score add up to, when
    # that is not the total the line records (an adding slip on the sheet)
    total_from_lines: int | None = None

    @property
    def total_slip(self) -> bool:
        """The recorded running total is not the total before it plus the recorded score."""
        return self.total_from_lines is not None

    @property
    def mismatch(self) -> bool:
        return self.kind in COUNTED and self.computed is not None and (
            self.computed != self.recorded
        )

    def to_dict(self) -> dict:
        return {
            "line": self.line,
            "player": self.player,
            "kind": self.kind,
            "position": self.position,
            "word": self.word,
            "recorded": self.recorded,
            "computed": self.computed,
            "words": list(self.words),
            "not_in_list": list(self.not_in_list),
            "note": self.note,
            "best": self.best,
            "time_left": self.time_left,
            "total": self.total,
            "total_from_lines": self.total_from_lines,
        }


@dataclass
class Replay:
    """The whole replay: every line, the final board, and each player's sum of computed lines."""

    moves: list[ReplayedMove]
    board: Board
    totals: dict[str, int] = field(default_factory=dict)
    challenge_rule: str = ""
    clock: str = ""  # the clock settings the times were checked against, if any

    @property
    def mismatches(self) -> int:
        """Lines whose score differs from the rules' or whose running total does not add up."""
        return sum(1 for m in self.moves if m.mismatch or m.total_slip)

    def to_dict(self) -> dict:
        return {
            "moves": [m.to_dict() for m in self.moves],
            "mismatches": self.mismatches,
            "totals": self.totals,
            "challenge_rule": self.challenge_rule,
            "clock": self.clock,
        }


def _best_play(board: Board, rack: str, lexicon: Lexicon, rules: BugWordsRules) -> str | None:
    """``"8D WORD 72"`` for the rack's top play, ``"no play"``, or None if the rack is unknown."""
    from companion.bugwords.movegen import generate_moves

    if not rack or len(rack) > rules.rack_size:
        return None
    moves = generate_moves(board, rack, lexicon, rules)
    if not len(moves):
        return "no play"
    top = moves[0]
    return f"{top.position} {top.record_word} {top.score}"


def _error(mv: GcgMove, why: str) -> GcgError:
    return GcgError(f"game record line {mv.line}: {why}")


def record_challenge_rule(record: GcgRecord, rules: BugWordsRules) -> ChallengeRule:
    """The challenge rule a record was played under: its ``#note ChallengeRule:`` line, else
    ``points`` (5) when it has challenge-bonus lines, else the rules' own."""
    try:
        return record_rule(record.setting(CHALLENGE_RULE_NOTE),
                           any(mv.kind == "challenge_bonus" for mv in record.moves),
                           rules.challenge_rule)
    except UsageError as exc:  # a note naming no rule
        raise GcgReadError(f"game record: {exc}") from exc


def record_clock(record: GcgRecord) -> ClockSettings | None:
    """The game clock's settings from a record's ``#note Clock:`` line, if it has one."""
    label = record.setting(CLOCK_NOTE)
    if not label:
        return None
    try:
        return settings_from_label(label)
    except UsageError as exc:
        raise GcgReadError(f"game record: {exc}") from exc


def replay(
    record: GcgRecord,
    rules: BugWordsRules | None = None,
    lexicon: Lexicon | None = None,
    best_from: Lexicon | None = None,
    challenge_rule: ChallengeRule | None = None,
    clock: ClockSettings | None = None,
) -> Replay:
    """Replay ``record`` on an empty board. Word validity is reported, never required.

    Challenge lines are checked against ``challenge_rule`` (default: the record's, see
    :func:`record_challenge_rule`): a play taken back (``--``) loses exactly its score, and a
    challenge bonus is the rule's bonus for the play just made. With a game clock (``clock``,
    default: the record's ``#note Clock:`` line) and the times left after each move, a time
    penalty is worked out from the player's last time; a player over time at the end of a
    finished game with no penalty line is a mismatch too.

    With ``best_from`` (a word list), each play, pass or exchange whose rack the record shows
    also gets the top-scoring play that rack had on the board before it.

    A play challenged off (``--``) ends its player's turn, as the rulebook says, so their
    next turn line (a play, pass or exchange) must not come next: another player's must,
    unless a note among the moves stands for turns the record has no line for.

    Raises :class:`GcgError` naming the line when a play cannot be made at all (off the board,
    over a different tile, not in one line...), and :class:`UsageError` for a record that
    seats fewer or more players than the rules do (2 to 4: a player practising alone keeps
    no record).
    """
    rules = rules or default_rules()
    check_record_seats(len(record.players), "Bug Words", rules.min_players, rules.max_players)
    rule = challenge_rule or record_challenge_rule(record, rules)
    clock = clock or record_clock(record)
    state = _State(Board(rules.layout.rows, rules.layout.cols), rules, rule, clock, lexicon)
    out: list[ReplayedMove] = []
    totals = {nick: 0 for nick in record.player_names()}
    noted = set(record.note_places.values())
    nicks = record.player_names()
    state.tiles = TileCount.deal(nicks, rules.tiles.total, rules.rack_size)
    state.marks_lost_turns = any(mv.kind == "lost_turn" for mv in record.moves)
    running = RunningTotals(nicks)  # the record's own arithmetic (companion.totals)
    for i, mv in enumerate(record.moves):
        if i in noted:  # a note stands for turns the record has no line for (a score sheet's)
            running.forget()  # which may stand for points scored without a line
            state.taken_back = None
            state.passes = PassRun()  # a swap or a play, maybe: no run of passes through it
            state.to_move = None  # and whose turn came cannot be told
        _check_not_over(state, mv)
        if mv.kind in TURNS:
            _check_turn_order(state, mv)
            _check_seat(state, mv, nicks)
            _check_rack(state, mv)
            if mv.rack:
                state.tiles.check(mv.player, len(mv.rack))
            else:  # a line without the rack: what each player holds is no longer known
                state.tiles.known = False
        totals.setdefault(mv.player, 0)
        row = ReplayedMove(mv.line, mv.player, mv.kind, mv.position, mv.word, mv.score, None,
                           total=mv.total)
        row.total_from_lines = running.check(mv.player, mv.score, mv.total)
        if mv.time_left is not None:
            state.last_time[mv.player] = mv.time_left
            row.time_left = format_time(mv.time_left)
        if best_from is not None and mv.kind in ("place", "pass", "exchange"):
            row.best = _best_play(state.board, mv.rack, best_from, rules)
        _SCORERS.get(mv.kind, _unscored)(state, mv, row)
        totals[mv.player] += row.computed if row.computed is not None else 0
        if mv.kind != "challenged":
            state.last_kind, state.last_player = mv.kind, mv.player
        else:
            state.last_kind, state.last_player = "", ""
        _count_end(state, mv, nicks)
        out.append(row)
    if clock is not None and any(m.kind in ("rack_penalty", "out_bonus") for m in out):
        out += _missing_time_penalties(out, state.last_time, clock, totals)
    board = state.board
    return Replay(out, board, totals, rule.label(), clock.label() if clock else "")


@dataclass
class _State:
    """The position while a record is replayed, and what the next line may refer to."""

    board: Board
    rules: BugWordsRules
    rule: ChallengeRule
    clock: ClockSettings | None
    lexicon: Lexicon | None
    last_play: dict[str, tuple[list[Placement], int]] = field(default_factory=dict)
    last_time: dict[str, int] = field(default_factory=dict)
    last_kind: str = ""
    last_player: str = ""
    used: Counter = field(default_factory=Counter)  # tiles on the board (a blank as ?)
    # the play just taken back by a challenge, which decides who moves next
    taken_back: ChallengedOff | None = None
    passes: PassRun = field(default_factory=PassRun)  # passes in a row, as the engine counts
    over: str = ""  # why the game is over (every player passed, the tiles left counted)
    to_move: str | None = None  # whose turn it is (None: not known, as at the start)
    # the tiles each player holds and the bag, while the record's racks are whole
    tiles: TileCount = field(default_factory=lambda: TileCount({}, 0, 7, known=False))
    drawn: dict[str, int] = field(default_factory=dict)  # tiles drawn after each last play
    went_out: str = ""  # the player whose play went out with the bag empty
    counted: bool = False  # the end-of-game lines have come
    marks_lost_turns: bool = False  # the record marks its turns lost to challenges


# how the engine's count of passes in a row takes each kind of line: a play, an exchange or a
# play taken back starts it again
_RUN_KINDS = {"place": "play", "exchange": "swap", "challenged": "play", "pass": "pass",
              "lost_turn": "lost_turn"}


def _check_not_over(state: _State, mv: GcgMove) -> None:
    """Refuse a line the engine would not allow once the game is over: no turn and no play
    taken back after it; no challenge bonus once every player has passed (the engine
    refuses the challenge), though the play that went out can still earn one."""
    if not state.over:
        return
    if (mv.kind == "challenged" and not state.counted and state.went_out == mv.player
            and state.last_kind == "place" and state.last_player == mv.player):
        return  # the play that went out can still be challenged off
    if mv.kind in TURNS or mv.kind == "challenged" or (
            mv.kind == "challenge_bonus" and not state.counted):
        raise _error(mv, no_more_moves(state.over))


def _count_end(state: _State, mv: GcgMove, players: list[str]) -> None:
    """After ``mv``: the game is over once every player has passed the rules'
    ``passes_to_end`` times in a row, or once the tiles left on the racks are counted. A
    turn lost to a challenge (a pass marked so by the note after it) is no pass, as the
    engine counts. Under a rule where a valid play challenged costs the challenger a turn,
    a record that marks none of its lost turns may have written one as a plain pass (the
    GCG format has no line for it), so there the passes cannot be told apart and do not end
    the game in replay."""
    if mv.kind in ("rack_penalty", "out_bonus"):
        state.counted = True
        state.over = state.over or RACKS_COUNTED
        return
    state.passes.add(_RUN_KINDS.get(mv.kind, ""), mv.player)
    rounds = state.rules.passes_to_end
    told_apart = not state.rule.valid_loses_turn or state.marks_lost_turns
    if mv.kind == "pass" and told_apart and state.passes.ends_game(players, rounds):
        state.over = passes_reason(rounds)


def _check_turn_order(state: _State, mv: GcgMove) -> None:
    """Refuse a turn the rules do not allow next after a play challenged off: in Bug Words
    the turn is over, so the next turn is another player's
    (:meth:`~companion.challenges.ChallengedOff.check_next`)."""
    taken, state.taken_back = state.taken_back, None
    if taken is None:
        return
    try:
        taken.check_next(mv.player)
    except ChallengeError as exc:
        raise _error(mv, str(exc)) from exc


def _check_seat(state: _State, mv: GcgMove, nicks: list[str]) -> None:
    """Refuse a turn line (a play, pass, exchange or lost turn) by a player whose turn it is
    not: the players move in the order of the #player lines (a turn lost to a challenge is
    the challenger's, a pass line marked so or not), and after a play taken back the next
    player moves. A note among the moves (a score sheet's turn without a line) leaves it
    unknown."""
    if state.to_move is not None and mv.player != state.to_move:
        raise _error(mv, f"it is {state.to_move}'s turn, not {mv.player}'s: the players move "
                     "in the order of the #player lines")
    state.to_move = (nicks[(nicks.index(mv.player) + 1) % len(nicks)]
                     if mv.player in nicks else None)


def _check_rack(state: _State, mv: GcgMove) -> None:
    """Refuse a recorded rack no game can deal: more tiles than a rack holds, or more of a
    tile than the set has."""
    problem = state.rules.tiles.rack_problem(mv.rack, list(mv.rack.upper()),
                                             state.rules.rack_size)
    if problem:
        raise _error(mv, problem)


def _from_rack(mv: GcgMove, tiles: list[str], verb: str = "plays") -> None:
    """Refuse a play or exchange of tiles the recorded rack does not hold (a record without
    the rack is not checked)."""
    if not mv.rack:
        return
    missing = Counter(tiles) - Counter(mv.rack.upper())
    if missing:
        raise _error(mv, f"{mv.player} {verb} {' '.join(sorted(missing.elements()))}, not on "
                     f"the rack {mv.rack}")


def _place(state: _State, mv: GcgMove, row: ReplayedMove) -> None:
    board, rules = state.board, state.rules
    try:
        pos = parse_position(mv.position, board.rows, board.cols)
        placements = board.tiles_for_play(pos, mv.word)
        check_new_tiles(placements, f"the play {pos} {mv.word}")
        words = check_placement(board, placements, rules)
    except NotationError as exc:  # a word not in the record's form: it cannot be read
        raise GcgReadError(f"game record line {mv.line}: {exc}") from exc
    except PlayError as exc:
        raise _error(mv, str(exc)) from exc
    tiles = [rack_tile(p.tile) for p in placements]
    _from_rack(mv, tiles)
    state.used.update(tiles)
    over = rules.tiles.over_count(state.used.elements())
    if over:
        raise _error(mv, f"more tiles on the board than the set has: {over}")
    score = score_words(words, len(placements), rules)
    row.computed = score.total
    row.words = tuple(w.word for w in score.words)
    if state.lexicon is not None:
        row.not_in_list = tuple(words_not_in_list(words, state.lexicon))
    board.place(placements)
    state.last_play[mv.player] = (placements, score.total)
    state.drawn[mv.player] = state.tiles.play(mv.player, len(placements))
    out = state.tiles.out(mv.player, ONE_OUT)
    if out:
        state.went_out, state.over = mv.player, out


def _challenged(state: _State, mv: GcgMove, row: ReplayedMove) -> None:
    if (state.last_kind != "place" or state.last_player != mv.player
            or mv.player not in state.last_play):
        raise _error(mv, "'--' takes back a play, but the line before is not a play "
                     f"by {mv.player}")
    placements, score_taken = state.last_play.pop(mv.player)
    state.tiles.take_back(mv.player, len(placements), state.drawn.pop(mv.player, 0))
    if state.went_out == mv.player:  # the play that went out came off: the game goes on
        state.went_out = state.over = ""
    state.taken_back = ChallengedOff(mv.player, 1, plays_again=False)  # the turn is over
    state.board.remove(placements)
    state.used.subtract(rack_tile(p.tile) for p in placements)
    row.computed = -score_taken
    row.note = "play taken back after a challenge"


def _no_score(state: _State, mv: GcgMove, row: ReplayedMove) -> None:
    row.computed = 0


def _exchange(state: _State, mv: GcgMove, row: ReplayedMove) -> None:
    refusal = state.rules.swap_refusal(state.tiles.bag) if state.tiles.known else ""
    if refusal:
        raise _error(mv, refusal)
    if mv.tiles.isalpha() or BLANK in mv.tiles:  # ``-7`` records only how many
        _from_rack(mv, list(mv.tiles.upper()), "swaps")
    row.computed = 0


def _challenge_bonus(state: _State, mv: GcgMove, row: ReplayedMove) -> None:
    if state.last_kind != "place" or state.last_player != mv.player:
        raise _error(mv, "a challenge bonus goes to the player whose play was just "
                     f"challenged, but the line before is not a play by {mv.player}")
    rule = state.rule
    row.computed = rule.valid_bonus
    row.note = rule.bonus_note()


def _time_penalty(state: _State, mv: GcgMove, row: ReplayedMove) -> None:
    clock = state.clock
    if clock is None or mv.player not in state.last_time:
        row.note = "time penalty: the record has no clock times, not checked"
        return
    over = max(0, -state.last_time[mv.player])
    row.computed = -clock.overtime_penalty(over)
    row.note = f"time penalty: {format_time(over)} over, {clock.penalty} a started minute"


def _rack_penalty(state: _State, mv: GcgMove, row: ReplayedMove) -> None:
    row.computed = rack_penalty(mv.tiles, state.rules)
    if row.computed != mv.score:
        row.note = "unplayed letters: recorded differently from this rulebook"


def _out_bonus(state: _State, mv: GcgMove, row: ReplayedMove) -> None:
    face = state.rules.rack_value(mv.tiles)
    row.computed = out_bonus(mv.tiles, state.rules)
    if mv.score == 2 * face and row.computed != mv.score:
        row.note = "tournament end-of-game doubling: this rulebook adds the letters once"
    elif mv.score != row.computed:
        row.note = "going-out bonus recorded differently from this rulebook"


def _unscored(state: _State, mv: GcgMove, row: ReplayedMove) -> None:
    """A line the rulebook gives no score (``computed`` stays ``None``)."""


_SCORERS = {
    "place": _place,
    "challenged": _challenged,
    "pass": _no_score,
    "lost_turn": _no_score,
    "exchange": _exchange,
    "challenge_bonus": _challenge_bonus,
    "time_penalty": _time_penalty,
    "rack_penalty": _rack_penalty,
    "out_bonus": _out_bonus,
}


def _missing_time_penalties(out: list[ReplayedMove], last_time: dict[str, int],
                            clock: ClockSettings, totals: dict[str, int]) -> list[ReplayedMove]:
    """A line for each player over time at the end whose penalty the record lacks."""
    penalised = {m.player for m in out if m.kind == "time_penalty"}
    extra = []
    for nick, seconds, points in clock.unpaid_penalties(last_time, penalised):
        extra.append(ReplayedMove(0, nick, "time_penalty", "", "", 0, -points,
                                  note=f"over time ({format_time(seconds)}) but the "
                                  "record has no time penalty line"))
        totals[nick] -= points
    return extra
