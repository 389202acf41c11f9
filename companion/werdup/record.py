"""WerdUp game records: a plain-text format in the spirit of GCG, with stack heights.

::

    #werdup-record 1
    #rules werdup
    #player1 ann Ann Lee
    #player2 bob Bob
    >bob: ADEINRT 5C TRAINED [1111111] +14 14
    >ann: EHLOSUV E4 H(A)LO [1211] +8 8
    >bob: CEGIOUX -X +0 14
    >ann: EHLSUVW - +0 8
    >ann: (EHV) -15 -7
    #end every player passed in a row

A move line is ``>PLAYER: RACK MOVE +SCORE TOTAL``. MOVE is a play ``POSITION WORD
[HEIGHTS]``, a swap ``-TILE``, or a pass ``-``; with a challenge rule, ``--`` takes the play
before back and ``(challenge)`` is a bonus for a valid play challenged (the lines GCG uses),
and a turn lost to a challenge is a pass followed by ``#note Lost turn to a challenge of 5C
TRAINED`` (the play challenged). With a game clock, ``#note Time left: 21:05`` follows
each move and ``>ann: (time) -10 TOTAL`` is an overtime penalty. The table's settings are
header notes (``#note ChallengeRule: double``, ``#note Clock: 25 minutes, ...``), as in Bug
Words' GCG records. See the README for the details.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass, field, replace

from companion.board import Board, NotationError, PlayError, split_word
from companion.challenges import (
    BONUS_WORDS,
    CHALLENGED_OFF,
    EVERY_PLAYER_PASSED,
    LOST_TURN,
    NEXT_WORD,
    RACKS_COUNTED,
    ChallengedOff,
    ChallengeError,
    ChallengeRule,
    PassRun,
    game_over_refusal,
    lost_turn_mark,
    no_more_moves,
    read_lost_turn_mark,
    record_rule,
    tries_left,
)
from companion.clock import CLOCK_NOTE, ClockSettings, format_time, parse_time, settings_from_label
from companion.decimals import whole_from
from companion.errors import CompanionError, OtherGameRecord, UsageError
from companion.lexicon import Lexicon, missing_note
from companion.play import check_record_seats
from companion.text import counted, quoted, signed
from companion.tiles import ALL_PLAYED, TileCount, next_holding
from companion.totals import RunningTotals, total_slip_text
from companion.werdup.game import (
    ChallengeBonus,
    Game,
    LostTurn,
    Play,
    Swap,
    TakenBack,
    Turn,
    nearest_to_a,
)
from companion.werdup.notation import DIGRAPHS, main_heights, normalise_tile, parse_play
from companion.werdup.rules import WerdUpRules, get_rules
from companion.werdup.scoring import end_penalty
from companion.werdup.validate import judge_play

FORMAT_LINE = "#werdup-record 1"
# the pragma GCG records (Bug Words') open with, which a WerdUp record never writes
_GCG_PRAGMA = re.compile(r"^[^\S\n]*#character-encoding\b", re.M)  # not across lines
CHALLENGE_RULE_NOTE = "ChallengeRule"
_TIME_NOTE = "time left:"


def tiles_text(tiles: list[str] | tuple[str, ...]) -> str:
    """Tiles written together, sorted: ``AEQuRST``."""
    return "".join(sorted(tiles, key=lambda t: t.upper()))


def parse_tiles(text: str) -> list[str]:
    """``AEQuRST`` -> ``["A", "E", "Qu", "R", "S", "T"]``."""
    if not text.isalpha() or not text.isascii():
        raise CompanionError(
            f"cannot read the tiles {quoted(text)}: write letters only (Qu for the Qu tile)"
        )
    return [normalise_tile(t) for t in split_word(text, DIGRAPHS) if t is not None]


def turn_note(number: int, name: str, action: str) -> str:
    """The note a score sheet writes for a pass or a swap (it does not know the rack):
    replay counts it as a turn (a play stays open to a challenge past it, or not, by the
    rules' ``challenge_until``)."""
    return f"turn {number}: {name} chose to {action}"


def lost_turn_text(challenged: str) -> str:
    """How a record marks a turn lost to a challenge (``challenged``: the play's notation, as
    its line writes it; empty when not known)."""
    return "lost the turn to a challenge" + (f" of {challenged}" if challenged else "")


def lost_turn_note(number: int, name: str, challenged: str) -> str:
    """The note a score sheet writes for a turn lost to a challenge: replay counts it as a
    turn but not as a pass (the game does not end on it), and the play challenged is no
    longer open to a challenge."""
    return f"turn {number}: {name} {lost_turn_text(challenged)}"


def play_note(number: int, name: str, score: int, words: str) -> str:
    """The note a score sheet writes for a play entered without its square: replay counts
    it as a word played (no earlier play is open to a challenge after it)."""
    return f"turn {number}: {name} scored {score} for {words or 'a play'} (square not recorded)"


_TURN_NOTE = re.compile(r"turn \d+: (.+) chose to (pass|swap)")
_LOST_NOTE = re.compile(r"turn \d+: .+ lost the turn to a challenge(?: of (.+))?")
_PLAY_NOTE = re.compile(r"turn \d+: .+ scored -?\d+ for .+ \(square not recorded\)")


def _move_text(t: Turn) -> str:
    """A turn's move as a record line writes it."""
    if isinstance(t.move, Play):
        return f"{t.notation} [{t.heights}]"
    if isinstance(t.move, Swap):
        return f"-{t.move.tile}"
    if isinstance(t.move, TakenBack):
        return "--"
    if isinstance(t.move, ChallengeBonus):
        return "(challenge)"
    return "-"  # a pass, or a turn lost to a challenge


def write_record(game: Game) -> str:
    """The record of a game so far (finished or not)."""
    lines = [FORMAT_LINE, f"#rules {game.rules.name}"]
    for i, p in enumerate(game.players, 1):
        lines.append(f"#player{i} {p} {p}")
    if game.challenge_rule.allows_challenges:
        lines.append(f"#note {CHALLENGE_RULE_NOTE}: {game.challenge_rule.label()}")
    if game.clock is not None:
        lines.append(f"#note {CLOCK_NOTE}: {game.clock.settings.label()}")
    for rnd in game.draws:
        lines.append("#draw " + " ".join(f"{p}:{t}" for p, t in rnd.items()))
    for t in game.history:
        rack = tiles_text(t.rack)
        lines.append(f">{t.player}: {rack} {_move_text(t)} {t.score:+d} {t.total}")
        if t.time_left is not None:
            lines.append(f"#note Time left: {format_time(t.time_left)}")
        if isinstance(t.move, LostTurn):
            lines.append(f"#note {lost_turn_mark(t.move.challenged)}")
    for pen in game.penalties:
        lines.append(f">{pen.player}: ({tiles_text(pen.tiles)}) -{pen.points} {pen.total}")
    for pen in game.time_penalties:
        lines.append(f">{pen.player}: (time) -{pen.points} {pen.total}")
    if game.over:
        lines.append(f"#end {game.end_reason}")
    return "\n".join(lines) + "\n"


@dataclass
class ReplayLine:
    """One replayed line: what the record says and what the rules give; ``note`` says more
    about the move (words not in the list, the rule a bonus is by, how far over time)."""

    line: int
    player: str
    move: str
    recorded_score: int
    score: int
    recorded_total: int
    total: int
    problems: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class Replay:
    """A replayed game: every line, final totals, the final board."""

    rules: str
    lines: list[ReplayLine]
    totals: dict[str, int]
    board: Board
    over: bool = True  # the record ends the game (its #end, the tiles left counted, its turns)

    @property
    def ok(self) -> bool:
        return all(ln.ok for ln in self.lines)

    def winners(self) -> list[str]:
        best = max(self.totals.values(), default=0)
        return [p for p, s in self.totals.items() if s == best]

    def to_dict(self) -> dict:
        return {
            "rules": self.rules,
            "ok": self.ok,
            "moves": [asdict(ln) | {"ok": ln.ok} for ln in self.lines],
            "totals": self.totals,
            "winners": self.winners(),
            "over": self.over,
            "board": self.board.to_text(),
        }


_MOVE_LINE = re.compile(r"^>([^:\s]+):\s+(.*)$")
_SCORE = re.compile(r"^[+-][0-9]+$")
_TOTAL = re.compile(r"^-?[0-9]+$")
_HEIGHTS = re.compile(r"\[[0-9]+\]")


def replay(
    text: str,
    lexicon: Lexicon,
    rules: WerdUpRules | None = None,
    challenge_rule: ChallengeRule | None = None,
) -> Replay:
    """Replay a record: check every play, recompute scores, totals and stack heights.

    The challenge rule is ``challenge_rule``, else the record's ``#note ChallengeRule:``
    line, else the rule set's. Under ``none`` a word not in the list makes a play illegal;
    under the others such a play stands unless a ``--`` line takes it back. A ``(challenge)``
    bonus is the rule's; with a ``#note Clock:`` line and the times left, a ``(time)``
    penalty is worked out from the player's last time. Disagreements are listed per line
    (see :attr:`Replay.ok`); a record that cannot be read or holds an illegal play raises
    :class:`CompanionError` naming the line (a :class:`UsageError` for a record that cannot
    be read; a GCG record of Bug Words is an :class:`OtherGameRecord`).
    """
    gcg = FORMAT_LINE not in text and _GCG_PRAGMA.search(text) is not None
    try:
        result = _replay(text, lexicon, rules, challenge_rule)
    except CompanionError as exc:
        if not gcg:
            raise
        # a Bug Words record fails on a note or its first play ("runs off the board"): not a
        # WerdUp record at all, so bad input, whatever the line's error; what it is comes
        # first, the line read as WerdUp after it (it came first, the explanation last)
        raise OtherGameRecord(_BUG_WORDS_RECORD, "bugwords",
                              f"read as a WerdUp record: {exc}") from exc
    if gcg:  # one with no plays reads as a WerdUp game of no turns, a tie at 0
        raise OtherGameRecord(_BUG_WORDS_RECORD, "bugwords")
    return result


_ANY_MOVE_LINE = re.compile(r"^[^\S\n]*>", re.M)


def is_record(text: str) -> bool:
    """True when ``text`` is a WerdUp game record (its format line, or a move line ``>ann:
    ...``), which no board text is: a command that takes a position takes the board after
    the record's last move (:func:`final_board`)."""
    return FORMAT_LINE in text or _ANY_MOVE_LINE.search(text) is not None


def final_board(text: str, lexicon: Lexicon) -> Board:
    """The board after the last move of the record ``text`` (stack heights included), as
    :func:`replay` leaves it; a record that cannot be read, or holds a play the rules refuse,
    is a :class:`UsageError` (it gives no position), one whose scores differ is not."""
    try:
        return replay(text, lexicon).board
    except UsageError:
        raise
    except CompanionError as exc:
        raise UsageError(str(exc)) from exc


_BUG_WORDS_RECORD = "this looks like a Bug Words game record, GCG, not a WerdUp one"


def _replay(text: str, lexicon: Lexicon, rules: WerdUpRules | None,
            challenge_rule: ChallengeRule | None) -> Replay:
    record = _read_record(text)
    if rules is None:
        rules = get_rules(record.rule_name or "werdup")
    if not record.players:
        raise UsageError("the record names no players (#player1 NAME ...)")
    check_record_seats(len(record.players), "WerdUp", rules.min_players, rules.max_players)
    try:
        if challenge_rule is None:
            bonus_lines = any(line and "(challenge)" in line.lower().split()
                              for _, line, *_ in record.moves)
            challenge_rule = record_rule(record.notes.get(CHALLENGE_RULE_NOTE.lower()),
                                         bonus_lines, rules.challenge_rule)
        clock_label = record.notes.get(CLOCK_NOTE.lower())
        clock: ClockSettings | None = settings_from_label(clock_label) if clock_label else None
    except UsageError as exc:
        raise UsageError(f"the record's settings: {exc}") from exc
    state = _Replayer(rules, lexicon, challenge_rule, clock, record.players)
    state.to_move = _first_player(record)
    out = []
    for n, line, time_left, kind, challenged, who in record.moves:
        if record.end and n > record.end:
            state.check_after_end(n, record.end)
        if line is None:  # a turn noted without its rack (a score sheet's pass, swap, play)
            state.noted_turn(kind, challenged, n, record.nicks.get(who, ""))
        else:
            out.append(state.line(n, line, time_left, kind == "lost", challenged))
    ended = "#end" in text or bool(state.penalised)  # or a line counted the tiles left
    if ended:
        out += state.missing_rack_penalties()
    if clock is not None and ended:
        out += state.missing_time_penalties(out, clock)
    return Replay(rules.name, out, state.totals, state.board,
                  over=ended or bool(state.over))


@dataclass
class _Record:
    """A record's header and its move lines: line number, text, time left or None, the kind
    (``lost`` for a turn lost to a challenge; for a turn noted without its rack, no text and
    ``pass``, ``swap``, ``play`` or ``lost``) and the play a lost turn's challenge was of."""

    players: list[str] = field(default_factory=list)
    rule_name: str | None = None
    notes: dict[str, str] = field(default_factory=dict)
    moves: list[list] = field(default_factory=list)
    draws: list[tuple[int, dict[str, str]]] = field(default_factory=list)  # line, round
    nicks: dict[str, str] = field(default_factory=dict)  # a player's full name -> nick
    end: int = 0  # the #end line: the game is over there, so no move comes after it


def _first_player(rec: _Record) -> str | None:
    """Who moves first by the record's ``#draw`` lines (None without them): each player
    draws a tile, the one nearest to A starts, and tied players draw again (the next
    line); a draw that does not follow those rules is refused, naming its line."""
    contenders = list(rec.players)
    for n, rnd in rec.draws:
        if sorted(rnd) != sorted(contenders):
            raise UsageError(f"record line {n}: the draw is for {', '.join(contenders)}, not "
                             f"{', '.join(rnd) or 'no one'} (the first round is every "
                             "player's, a further round the tied players')")
        contenders = nearest_to_a(rnd)
    if not rec.draws:
        return None
    if len(contenders) > 1:
        raise UsageError(f"record line {rec.draws[-1][0]}: {' and '.join(contenders)} drew "
                         "tiles equally near to A, so they draw again (another #draw line)")
    return contenders[0]


def _read_record(text: str) -> _Record:
    if not text.strip():  # said as "the record names no players", as if the file were one
        raise UsageError("the record is empty: a WerdUp record names its players (#player1 "
                         "NAME ...), then gives their moves, one a line (>NAME: ...)")
    rec = _Record()
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.split()[0] == "#end":
                rec.end = rec.end or n
            _read_header(rec, n, line)
            continue
        if not line.startswith(">"):
            raise UsageError(f"record line {n}: cannot read {quoted(line)} (moves start with '>')")
        rec.moves.append([n, line, None, "", "", ""])
    return rec


def _read_draw(rec: _Record, n: int, rest: str) -> dict[str, str]:
    """A ``#draw ann:C bob:H`` line: the tile each player drew for first player."""
    rnd: dict[str, str] = {}
    for token in rest.split():
        nick, _, tile = token.partition(":")
        if nick not in rec.players or nick in rnd or not tile:
            raise UsageError(f"record line {n}: a draw reads '#draw ann:C bob:H', each player "
                             f"once; {quoted(token)} is not one of those")
        drawn = parse_tiles(tile) if tile.isalpha() and tile.isascii() else []
        if len(drawn) != 1:
            raise UsageError(f"record line {n}: {quoted(token)} should name one tile")
        rnd[nick] = drawn[0]
    return rnd


def _read_header(rec: _Record, n: int, line: str) -> None:
    key, _, rest = line[1:].partition(" ")
    if key == "rules":
        rec.rule_name = rest.strip()
    elif re.fullmatch(r"player\d+", key):
        nick = rest.split()[0] if rest.split() else ""
        if not nick:
            raise UsageError(f"record line {n}: #{key} needs a player name")
        if nick in rec.players:  # two players the record could not tell apart
            raise UsageError(f"record line {n}: player {quoted(nick)} is named twice")
        if int(key[len("player"):]) != len(rec.players) + 1:
            raise UsageError(f"record line {n}: the player lines go #player1, #player2, ... "
                             "in order, each once")
        rec.players.append(nick)
        rec.nicks.setdefault(rest.split(None, 1)[1].strip() if len(rest.split()) > 1 else nick,
                             nick)
    elif key == "draw":
        rec.draws.append((n, _read_draw(rec, n, rest)))
    elif key == "note":
        _read_note(rec, n, rest.strip())


def _read_note(rec: _Record, n: int, note: str) -> None:
    """A ``#note`` line: a turn a score sheet noted, a lost turn's mark, the time left after
    a move, or a setting (``ChallengeRule: double``)."""
    if m := _TURN_NOTE.fullmatch(note):
        rec.moves.append([n, None, None, m.group(2), "", m.group(1)])
    elif _PLAY_NOTE.fullmatch(note):
        rec.moves.append([n, None, None, "play", "", ""])
    elif m := _LOST_NOTE.fullmatch(note):
        rec.moves.append([n, None, None, "lost", m.group(1) or "", ""])
    elif (challenged := read_lost_turn_mark(note)) is not None:
        if not rec.moves or rec.moves[-1][1] is None:
            raise UsageError(f"record line {n}: a lost turn's note follows its '-' line")
        rec.moves[-1][3:5] = ["lost", challenged]
    elif rec.moves and note.lower().startswith(_TIME_NOTE):
        try:
            rec.moves[-1][2] = parse_time(note[len(_TIME_NOTE):])
        except UsageError as exc:
            raise UsageError(f"record line {n}: {exc}") from exc
    elif ":" in note:
        name, _, value = note.partition(":")
        rec.notes.setdefault(name.strip().lower(), value.strip())


class _Replayer:
    """The position while a record is replayed, one move line at a time."""

    def __init__(self, rules: WerdUpRules, lexicon: Lexicon, challenge_rule: ChallengeRule,
                 clock: ClockSettings | None, players: list[str]) -> None:
        self.rules, self.lexicon = rules, lexicon
        self.challenge_rule, self.clock = challenge_rule, clock
        self.board = Board(rules.board_size, rules.board_size)
        self.totals = {p: 0 for p in players}
        self.running = RunningTotals(players)  # the record's own arithmetic (companion.totals)
        self.used: Counter[str] = Counter()
        # the last play, while it is open to a challenge
        self.open_play: _OpenPlay | None = None
        self.last_time: dict[str, int] = {}
        # the play just taken back by a challenge, which decides who moves next
        self.taken_back: ChallengedOff | None = None
        # a player trying again in the same turn, and how many of their plays came off in it
        self.retrying: tuple[str, int] | None = None
        # passes in a row, counted over the players still holding tiles while the record's
        # racks are whole (:class:`TileCount`), else over every player
        self.passes = PassRun()
        self.tiles = TileCount.deal(players, rules.tile_set.total, rules.rack_size)
        self.over = ""  # why the game is over (every player passed, the tiles ran out)
        self.counted = False  # the tiles left have been counted: the record's end lines
        # each player's last turn line, each play's line by its notation, the line at which
        # a play stopped being open to a challenge, and the plays a lost turn was for
        self.turn_lines: dict[str, int] = {}
        self.play_lines: dict[str, int] = {}
        self.closed_at: dict[int, int] = {}
        self.lost_for: dict[int, int] = {}
        # whose turn it is, as the engine passes it on (None: not known here)
        self.players = players
        self.to_move: str | None = None
        self.penalised: set[str] = set()  # players whose tiles left have been counted

    def line(self, n: int, line: str, time_left: int | None, lost: bool = False,
             challenged: str = "") -> ReplayLine:
        """Replay one move line; ``lost`` marks a pass as a turn lost to a challenge of the
        play ``challenged``."""
        m = _MOVE_LINE.match(line)
        if not m:
            raise UsageError(f"record line {n}: cannot read {quoted(line)}")
        player, tokens = m.group(1), m.group(2).split()
        if player not in self.totals:
            raise UsageError(f"record line {n}: {player} is not one of the players")
        if len(tokens) < 3 or not _SCORE.match(tokens[-2]) or not _TOTAL.match(tokens[-1]):
            raise UsageError(
                f"record line {n}: expected RACK MOVE +SCORE TOTAL, got {quoted(m.group(2))}"
            )
        if time_left is not None:
            self.last_time[player] = time_left
        try:
            recorded, recorded_total = whole_from(tokens[-2]), whole_from(tokens[-1])
        except ValueError as exc:
            raise UsageError(f"record line {n}: {exc}") from exc
        rack_tok, body = tokens[0], tokens[1:-2]
        if rack_tok.lower() in ("(time)", "(challenge)", "--"):
            rack_tok, body = "", [rack_tok, *body]  # a line written without the rack
        problems: list[str] = []
        ln = _Line(n, player, rack_tok, body, recorded, problems)
        self._check_over(ln)
        opened, self.open_play = self.open_play, None
        if lost and body != ["-"]:
            raise ln.unreadable("a turn lost to a challenge is written as a pass ('-')")
        score, desc = (self._lost_turn(ln, opened, challenged) if lost
                       else self._move(ln, opened))
        if opened is not None and (self.open_play is None
                                   or self.open_play.line != opened.line):
            self.closed_at.setdefault(opened.line, n)
        if lost or (body and body[0] not in ("--", "(challenge)", "(time)")
                    and not rack_tok.startswith("(")):
            self.to_move = self._next_after(player)  # a pass, a swap, a play, a lost turn
        self.totals[player] += score
        if score != recorded:
            problems.append(f"score is {signed(score)}, record says {signed(recorded)}")
        slip = self.running.check(player, recorded, recorded_total)
        if slip is not None:
            problems.append(total_slip_text(recorded_total, slip))
        return ReplayLine(n, player, desc, recorded, score, recorded_total,
                          self.totals[player], problems, ln.note)

    def _not_open(self, ln: _Line, what: str) -> CompanionError:
        until = ("another word is played" if self.rules.challenge_until == NEXT_WORD
                 else "the next turn")
        return ln.fail(f"{what}, but no play by {ln.player} is open to a challenge here "
                       f"(a play is open until {until})")

    def _check_over(self, ln: _Line) -> None:
        """Refuse a line the game no longer allows: once it is over, no move; once every
        player has passed in a row, no challenge either (as the engine refuses it); once
        the tiles ran out, only a challenge of the play that ended the game, and the lines
        counting the tiles left and the time."""
        body = ln.body
        if ln.rack.startswith("(") or (len(body) == 1 and body[0].lower() == "(time)"):
            self.counted = self.counted or ln.rack.startswith("(")
            return
        challenge = len(body) == 1 and body[0].lower() in ("--", "(challenge)")
        if self.counted:
            raise ln.fail(no_more_moves(RACKS_COUNTED))
        if not self.over:
            return
        if challenge and self.over == EVERY_PLAYER_PASSED:
            refusal = game_over_refusal(self.over)
            raise ln.fail(refusal[0].lower() + refusal[1:].rstrip("."))
        if not (challenge and self.open_play is not None and not self.open_play.late):
            raise ln.fail(no_more_moves(self.over))

    def _count(self, kind: str, player: str = "") -> None:
        """One more turn by ``player`` for the passes in a row (:class:`PassRun`); the game
        is over once every player still holding tiles has passed."""
        self.passes.add(kind, player)
        if kind == "pass" and self.passes.ends_game(self.tiles.holding()):
            self.over = EVERY_PLAYER_PASSED

    def _lost_turn(self, ln: _Line, opened: _OpenPlay | None,
                   challenged: str) -> tuple[int, str]:
        """A pass marked as a turn lost to a challenge: no pass for the end of the game; the
        play challenged (when it is the one still open) is closed, since a challenge found
        it valid, and any other play open stays open (whatever the window: a turn lost is
        no turn taken, so the engine still takes a challenge of the play before it)."""
        self._check_turn_order(ln)
        self._check_seat(ln)
        self.tiles.check(ln.player, len(self._rack(ln)))
        self._check_lost_turn(ln.n, ln.player, challenged)
        if opened is not None and not (challenged and _same_play(opened.notation, challenged)):
            self._keep_open(opened, lost=True)
        self.passes.add("lost_turn")
        return 0, LOST_TURN + (f" of {challenged}" if challenged else "")

    def _next_after(self, player: str) -> str | None:
        """Who moves after ``player``: the next player in the record's order who still
        holds tiles, as the engine passes the turn on (None when the racks are unknown)."""
        if not self.tiles.known or player not in self.players:
            return None
        return next_holding(self.players, player, self.tiles.holding())

    def _check_seat(self, ln: _Line) -> None:
        """Refuse a turn by a player whose turn it is not (while the record's racks are
        whole, so who has gone out is known); then the turn passes on."""
        expected = self.to_move
        if expected is not None and self.tiles.known and ln.player != expected:
            raise ln.fail(f"it is {expected}'s turn, not {ln.player}'s: the players move in "
                          "the order of the #player lines (a player who has gone out is "
                          "passed over)")

    def _check_lost_turn(self, n: int, player: str, challenged: str) -> None:
        """Refuse a turn lost to a challenge of ``challenged`` that cannot be one: the play
        was challenged once already, or ``player`` has moved (played, swapped or passed)
        since the play stopped being open (the challenge came before, so that turn was the
        one lost; a turn lost to another challenge comes first, one per challenge)."""
        played = self.play_lines.get(_play_key(challenged)) if challenged else None
        if played is None:
            return
        if played in self.lost_for:
            raise CompanionError(
                f"record line {n}: {challenged} was challenged already (a turn was lost to "
                f"it at record line {self.lost_for[played]}): a play is challenged once")
        closed, moved = self.closed_at.get(played), self.turn_lines.get(player, 0)
        if closed is not None and moved > closed:
            raise CompanionError(
                f"record line {n}: {player} cannot lose this turn to the challenge of "
                f"{challenged}: that play could be challenged only until record line {closed}, "
                f"so {player}'s next turn after the challenge, at record line {moved}, was "
                "the turn lost")
        self.lost_for[played] = n

    def _move(self, ln: _Line, opened: _OpenPlay | None) -> tuple[int, str]:
        """The move's score by the rules and how it reads; ``opened`` is the play open to a
        challenge before this line."""
        body = ln.body
        if len(body) == 1 and body[0].lower() == "(time)":
            return self._time_penalty(ln)
        if len(body) == 1 and body[0] == "--":
            if opened is None or opened.player != ln.player:
                raise self._not_open(ln, "'--' takes back a play")
            self.board = opened.before
            self.used.subtract(p.tile for p in opened.placements)
            self.tiles.take_back(ln.player, len(opened.placements), opened.drawn)
            self.over = ""  # only the play that ended the game can still be taken back
            if opened.late:  # after passes or swaps: the player's turn is over
                self.taken_back = self.retrying = None
                ln.note = "after the turns since"
                return -opened.score, _challenged_off(opened)
            earlier = self.retrying
            count = 1 + (earlier[1] if earlier is not None and earlier[0] == ln.player else 0)
            self.taken_back = ChallengedOff(
                ln.player, count, tries_left(self.rules.challenge_retries, count) > 0)
            self.to_move = (ln.player if self.taken_back.plays_again
                            else self._next_after(ln.player))
            return -opened.score, _challenged_off(opened)
        if len(body) == 1 and body[0].lower() == "(challenge)":
            if opened is None or opened.player != ln.player:
                raise self._not_open(ln, "a challenge bonus goes to the player whose play was "
                                         "challenged")
            rule = self.challenge_rule
            if not rule.valid_bonus:
                ln.problems.append(f"{rule.called} has no bonus")
            ln.note = rule.bonus_note()
            return rule.valid_bonus, BONUS_WORDS
        if ln.rack.startswith("("):
            left = ln.tiles(ln.rack.strip("()"))
            held = self.tiles.sizes.get(ln.player, 0)
            if ln.player in self.penalised:
                ln.problems.append(f"{ln.player}'s tiles left are counted twice")
            elif self.tiles.known and len(left) != held:
                ln.problems.append(f"{ln.player} holds {counted(held, 'tile')} at the end, the "
                                   f"record counts {len(left)}")
            self.penalised.add(ln.player)
            return (-end_penalty(len(left), self.rules),
                    f"{counted(len(left), 'tile')} left ({tiles_text(left)})")
        return self._turn(ln, opened)

    def _time_penalty(self, ln: _Line) -> tuple[int, str]:
        if self.clock is None or ln.player not in self.last_time:
            ln.note = "no clock times in the record: as recorded"
            return ln.recorded, "time penalty"
        over = max(0, -self.last_time[ln.player])
        ln.note = f"{format_time(over)} over"
        return -self.clock.overtime_penalty(over), "time penalty"

    def _check_turn_order(self, ln: _Line) -> None:
        """Refuse a turn by a player whose turn it is not after a play taken back. When the
        turn is over and every other player has gone out (the record's racks say so), the
        next turn is the same player's again, as in the engine."""
        taken, self.taken_back, self.retrying = self.taken_back, None, None
        if taken is not None:
            alone = (not taken.plays_again and self.tiles.known
                     and self._next_after(taken.player) == taken.player)
            try:
                taken.check_next(ln.player, ln.player == taken.player, alone)
            except ChallengeError as exc:
                raise ln.fail(str(exc)) from exc
            if taken.plays_again:
                self.retrying = (taken.player, taken.taken_back)

    def _rack(self, ln: _Line) -> list[str]:
        """The line's rack; one no game can deal (more tiles than a rack holds, more of a
        tile than the set has) is refused."""
        rack = ln.tiles(ln.rack)
        problem = self.rules.tile_set.rack_problem(ln.rack, rack, self.rules.rack_size)
        if problem:
            raise ln.fail(problem)
        return rack

    def _turn(self, ln: _Line, opened: _OpenPlay | None) -> tuple[int, str]:
        """A pass, a swap or a play, from a rack, by the player whose turn it may be after
        a play taken back (:meth:`ChallengedOff.check_next`)."""
        self._check_turn_order(ln)
        self._check_seat(ln)
        rack, body = self._rack(ln), ln.body
        self.tiles.check(ln.player, len(rack))
        self.turn_lines[ln.player] = ln.n
        if body == ["-"] or (len(body) == 1 and body[0].startswith("-")):
            self._keep_open(opened)
        if body == ["-"]:
            self._count("pass", ln.player)
            return 0, "pass"
        if len(body) == 1 and body[0].startswith("-"):
            self._count("swap", ln.player)
            tile = ln.tiles(body[0][1:])
            if len(tile) != 1:
                raise ln.unreadable("a swap is one tile, written -X")
            if tile[0] not in rack:
                raise ln.fail(f"{ln.player} swaps {tile[0]}, which is not on the rack {ln.rack}")
            refusal = self.rules.swap_refusal(self.tiles.bag) if self.tiles.known else ""
            if refusal:
                raise ln.fail(refusal)
            return 0, f"swap {tile[0]}"
        if len(body) in (2, 3):
            self._count("play", ln.player)
            return self._play(ln, rack)
        raise ln.unreadable(f"cannot read the move {quoted(' '.join(body))}")

    def _play(self, ln: _Line, rack: list[str]) -> tuple[int, str]:
        body, board, rules = ln.body, self.board, self.rules
        if len(body) == 3 and not _HEIGHTS.fullmatch(body[2]):
            raise ln.unreadable(f"{quoted(body[2])} is not stack heights: write one digit a "
                                "square of the word, in brackets, as [121]")
        try:
            placements = parse_play(board, " ".join(body[:2]))
        except NotationError as exc:  # not a position or a word in the record's form
            raise ln.unreadable(str(exc)) from exc
        except PlayError as exc:  # read, and refused by the board
            raise ln.fail(str(exc)) from exc
        missing = Counter(p.tile for p in placements) - Counter(rack)
        if missing:
            shown = " ".join(sorted(missing.elements()))
            raise ln.fail(f"{ln.player} plays {shown}, not on the rack {ln.rack}")
        judgement = judge_play(board, placements, rules, self.lexicon,
                               check_words=self.challenge_rule.judged_at_play)
        if not judgement.legal:
            raise ln.fail(f"{' '.join(body[:2])} is not a legal play: {judgement.reason}")
        heights = main_heights(board, placements)
        if len(body) == 3 and body[2].strip("[]") != heights:
            ln.problems.append(
                f"stack heights after the play are {heights}, record says {body[2]}"
            )
        before = board.copy()
        board.place(placements)
        self.used.update(p.tile for p in placements)
        too_many = [t for t, k in self.used.items() if k > rules.tile_set.counts.get(t, 0)]
        if too_many:
            raise ln.fail(f"more {' '.join(too_many)} tiles played than the set has")
        notation = " ".join(body[:2])
        if judgement.not_in_list:
            ln.note = missing_note(judgement.not_in_list)
        drawn = self.tiles.play(ln.player, len(placements))
        self.open_play = _OpenPlay(ln.player, before, placements, judgement.score,
                                   notation, line=ln.n, drawn=drawn)
        self.play_lines[_play_key(notation)] = ln.n
        self.over = self._tiles_out(ln.player)
        return judgement.score, notation

    def _tiles_out(self, mover: str) -> str:
        """Why the game is over after ``mover``'s play, as the engine ends it when the tiles
        run out (``""``: it goes on). With the record's racks whole, by the tiles each player
        holds; without, only once every tile of the set is on the board."""
        if not self.tiles.known:
            all_down = sum(self.used.values()) >= self.rules.tile_set.total
            return ALL_PLAYED if all_down else ""
        return self.tiles.out(mover, self.rules.game_ends_when)

    def check_after_end(self, n: int, end: int) -> None:
        """Refuse a move at record line ``n``, after the ``#end`` line ``end``: once the game
        is over by the rules, as any move after it is; else as a move after the end the
        record gives."""
        if self.over or self.counted:
            raise CompanionError(f"record line {n}: {no_more_moves(self.over or RACKS_COUNTED)}")
        raise CompanionError(f"record line {n}: a move after the end of the game (#end, record "
                             f"line {end})")

    def noted_turn(self, kind: str, challenged: str = "", n: int = 0,
                   player: str = "") -> None:
        """A turn a note (at record line ``n``) stands for: a pass or a swap leaves the last
        play open as a pass does; a play closes it; a turn lost to a challenge of the play
        ``challenged`` closes that play and leaves any other open (it is no pass for the end
        of the game). A play noted without its square leaves the tiles unknown."""
        if self.over or self.counted:
            raise CompanionError(f"record line {n}: {no_more_moves(self.over or RACKS_COUNTED)}")
        if kind == "play":
            self.tiles.known = False
            self.running.forget()  # its points are in the totals, without a line
        opened, self.open_play = self.open_play, None
        self.taken_back = self.retrying = None
        self.to_move = None  # a note names the player, not the record's nick
        if kind in ("pass", "swap") or (kind == "lost" and opened is not None and not (
                challenged and _same_play(opened.notation, challenged))):
            self._keep_open(opened, lost=kind == "lost")
        if opened is not None and self.open_play is None:
            self.closed_at.setdefault(opened.line, n)
        self._count("lost_turn" if kind == "lost" else kind, player)

    def _keep_open(self, opened: _OpenPlay | None, lost: bool = False) -> None:
        """A pass or a swap: under the rulebook's window the last play stays open to a
        challenge (now after other turns); otherwise it closes. A turn lost to a challenge
        (``lost``) leaves it open under either window: the engine passes over the player
        at once, before anyone else moves."""
        if opened is not None and (lost or self.rules.challenge_until == NEXT_WORD):
            self.open_play = replace(opened, late=True)

    def missing_rack_penalties(self) -> list[ReplayLine]:
        """A line for each player still holding tiles at the end (the record's racks say
        so) whose tiles left the record does not count."""
        if not self.tiles.known:
            return []
        extra = []
        for nick, held in self.tiles.sizes.items():
            if held and nick not in self.penalised:
                points = end_penalty(held, self.rules)
                self.totals[nick] -= points
                extra.append(ReplayLine(
                    0, nick, f"{counted(held, 'tile')} left", 0, -points,
                    self.totals[nick] + points, self.totals[nick],
                    [f"{nick} holds {counted(held, 'tile')} at the end but the record has no line "
                     "for them"]))
        return extra

    def missing_time_penalties(self, out: list[ReplayLine], clock: ClockSettings
                               ) -> list[ReplayLine]:
        """A line for each player over time at the end whose penalty the record lacks."""
        penalised = {ln.player for ln in out if ln.move.startswith("time penalty")}
        extra = []
        for nick, seconds, points in clock.unpaid_penalties(self.last_time, penalised):
            self.totals[nick] -= points
            extra.append(ReplayLine(
                0, nick, "time penalty", 0, -points, self.totals[nick] + points,
                self.totals[nick],
                [f"over time ({format_time(seconds)}) but the record has no time penalty "
                 "line"]))
        return extra


@dataclass(frozen=True)
class _OpenPlay:
    """A play open to a challenge: who made it, the board before it, its tiles and score, and
    whether other turns (passes, swaps) have come since."""

    player: str
    before: Board
    placements: list
    score: int
    notation: str = ""
    late: bool = False
    line: int = 0  # the record line of the play
    drawn: int = 0  # how many tiles its player drew after it




def _play_key(notation: str) -> str:
    return " ".join(notation.split()).upper()


def _challenged_off(opened: _OpenPlay) -> str:
    """How a ``--`` line reads: the play it takes back, challenged off ("5D TAC challenged
    off", in the words the web score sheet gives it)."""
    return f"{opened.notation} {CHALLENGED_OFF}" if opened.notation else f"play {CHALLENGED_OFF}"


def _same_play(a: str, b: str) -> bool:
    """Whether two notations (``5C TRAINED``) name the same play."""
    return _play_key(a) == _play_key(b)




@dataclass
class _Line:
    """One move line being replayed: who, the rack token, the move's tokens, the score it
    records, and the disagreements found so far."""

    n: int
    player: str
    rack: str
    body: list[str]
    recorded: int
    problems: list[str]
    note: str = ""  # more about the move, shown after the figures

    def fail(self, reason: str) -> CompanionError:
        """The line breaks the rules (the record was read and checked: exit status 1)."""
        return CompanionError(f"record line {self.n}: {reason}")

    def unreadable(self, reason: str) -> UsageError:
        """The line is not in the record's form (bad input, as a file that is not a record:
        exit status 2)."""
        return UsageError(f"record line {self.n}: {reason}")

    def tiles(self, text: str) -> list[str]:
        try:
            return parse_tiles(text)
        except CompanionError as exc:
            raise UsageError(f"record line {self.n}: {exc}") from exc
