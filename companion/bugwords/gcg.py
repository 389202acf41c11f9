"""GCG game records: the plain-text format Scrabble-style games are saved and shared in.

A record has pragma lines (``#player1 nick Full Name``, ``#title``, ``#lexicon``, ``#note``,
...) and one line per move, ``>nick: RACK MOVE SCORE TOTAL``:

=====================================  ==========================================
``>Ann: AEINRST 8D RETAINS +72 72``    tiles placed (``.`` through, lower case = blank)
``>Ann: AEINRST - +0 72``              pass (``>Ann: - +0 72`` when the rack is unknown)
``>Ann: AEINRST -AE +0 72``            exchange (``-2`` when only the count is known)
``>Ann: AEINRST -- -72 0``             the previous play taken back after a challenge
``>Ann: AEINRST - +0 72``              a turn lost to a challenge (``double``), when
``#note Lost turn to a challenge``     the note after the pass marks it so
``>Ann: AEINRST (challenge) +5 77``    challenge bonus (tournament rule)
``>Ann: AEINRST (time) -10 67``        time penalty
``>Ann: (EGR) +8 400``                 letters on the other racks, added when going out
``>Ann: EGR (EGR) -4 396``             unplayed letters subtracted at the end
=====================================  ==========================================

The table's settings travel as header notes (``#note ChallengeRule: double``, ``#note Clock:
25 minutes, 10 points a started minute over``), and with a game clock each move is followed
by ``#note Time left: 21:05`` (the mover's bank after it, ``-1:05`` when over): plain notes,
so other GCG readers keep them as comments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from companion.challenges import lost_turn_mark, read_lost_turn_mark
from companion.clock import CLOCK_NOTE, format_time, parse_time, whole_seconds
from companion.decimals import whole_from
from companion.errors import CompanionError, OtherGameRecord, UsageError
from companion.text import quoted

KINDS = (
    "place",
    "pass",
    "lost_turn",
    "exchange",
    "challenged",
    "challenge_bonus",
    "time_penalty",
    "out_bonus",
    "rack_penalty",
)


# ``#note ChallengeRule: points 5``: the table's challenge rule, written in the record's header.
CHALLENGE_RULE_NOTE = "ChallengeRule"
# ``#note Time left: 21:05`` after a move: the mover's time bank after it (game clock).
TIME_NOTE_PREFIX = "time left:"


class GcgError(CompanionError):
    """A game record that is wrong; the message names the line. A :class:`GcgReadError`
    cannot be read at all; any other was read and breaks the rules (an illegal play, a turn
    out of order), which replay finds."""


class GcgReadError(GcgError, UsageError):
    """A game record that cannot be read: a line not in the GCG form, no players and no
    moves, a setting no rule has (bad input, as a file that is not a record)."""


@dataclass(frozen=True)
class GcgMove:
    """One move line of a record (``line`` is its 1-based line number, 0 when written)."""

    player: str
    kind: str
    rack: str
    score: int
    total: int
    position: str = ""
    word: str = ""
    tiles: str = ""
    line: int = 0
    time_left: int | None = None  # seconds in the mover's bank after it (``#note Time left:``)
    challenged: str = ""  # a lost turn's: the play challenged (``8D WORD``), when known


@dataclass
class GcgRecord:
    """A whole record: players (nick, full name), other pragmas, notes and moves."""

    players: list[tuple[str, str]] = field(default_factory=list)
    pragmas: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    moves: list[GcgMove] = field(default_factory=list)
    # where a note among the moves stands: its index in ``notes`` -> how many moves come
    # before it (a note not here is a header note)
    note_places: dict[int, int] = field(default_factory=dict)

    def player_names(self) -> list[str]:
        return [nick for nick, _ in self.players]

    def add_note(self, text: str) -> None:
        """A note written where the moves have got to (after the moves so far)."""
        self.notes.append(text)
        self.note_places[len(self.notes) - 1] = len(self.moves)

    def notes_before(self, index: int) -> list[str]:
        """The notes standing just before move ``index`` (``len(moves)``: after the last)."""
        return [self.notes[i] for i, at in sorted(self.note_places.items()) if at == index]

    def setting(self, key: str) -> str | None:
        """The value of a ``#note Key: value`` line (how records carry the table's settings,
        such as ``#note ChallengeRule: double``), or None."""
        prefix = key.lower() + ":"
        for note in self.notes:
            if note.lower().startswith(prefix):
                return note[len(prefix):].strip()
        return None


# ">name: the rest", taken apart at the first colon (the name is stripped after the match: a
# pattern trimming it as it matched took minutes on a line of a few thousand spaces)
_MOVE = re.compile(r">([^:]*):(.*)")
_RACK = re.compile(r"^[A-Za-z?]*$")
_POSITION = re.compile(r"^([0-9]{1,2}[A-Za-z]|[A-Za-z][0-9]{1,2})$")
_WORD = re.compile(r"^[A-Za-z.()]+$")
_SCORE = re.compile(r"^[+-][0-9]+$")
_TOTAL = re.compile(r"^-?[0-9]+$")


def _fail(lineno: int, text: str, why: str) -> GcgReadError:
    return GcgReadError(f"game record line {lineno}: {why}: {quoted(text, 60)}")


def _parse_move(lineno: int, text: str, nicks: list[str]) -> GcgMove:
    m = _MOVE.fullmatch(text.strip())
    nick = m.group(1).strip() if m else ""
    if not m or not nick:
        raise _fail(lineno, text, "a move line reads '>name: RACK MOVE +SCORE TOTAL'")
    rest = m.group(2).split()
    if nicks and nick not in nicks:
        raise _fail(lineno, text, f"{quoted(nick)} is not one of the players ({', '.join(nicks)})")
    score, total = _score_and_total(lineno, text, rest)
    body = rest[:-2]
    if len(body) == 1 and body[0].lower() in ("(challenge)", "(time)"):
        body = ["", *body]  # a bonus or penalty line written without the rack
    if body and body[0].startswith("(") and body[0].endswith(")") and len(body) == 1:
        # >nick: (RACK) +score total  - the other racks, added when going out
        tiles = body[0][1:-1]
        if not _RACK.match(tiles):
            raise _fail(lineno, text, "the letters in brackets should be a rack")
        return GcgMove(nick, "out_bonus", "", score, total, tiles=tiles, line=lineno)
    if (len(body) == 2 and _POSITION.match(body[0])) or body in (["-"], ["--"]):
        body = ["", *body]  # a placement, a pass or a take-back written without the rack
    if not body or not _RACK.match(body[0]):
        raise _fail(lineno, text, "the rack should be letters, with ? for a blank")
    rack, body = body[0], body[1:]
    if len(body) == 2 and _POSITION.match(body[0]):
        if not _WORD.match(body[1]):
            raise _fail(lineno, text, f"the word {quoted(body[1])} should be letters and '.'")
        return GcgMove(nick, "place", rack, score, total, body[0].upper(), body[1], line=lineno)
    if len(body) != 1:
        raise _fail(lineno, text, "cannot tell what move this is")
    return _one_word_move(lineno, text, GcgMove(nick, "pass", rack, score, total, line=lineno),
                          body[0])


def _score_and_total(lineno: int, text: str, rest: list[str]) -> tuple[int, int]:
    """A move line's last two tokens: its score and the running total."""
    if len(rest) < 2:
        raise _fail(lineno, text, "the move has no score and total")
    score_s, total_s = rest[-2], rest[-1]
    if not _TOTAL.match(total_s) and not _SCORE.match(score_s):
        raise _fail(lineno, text, "the move should end with its score and the running total, "
                    "like '+24 150'")
    if not _SCORE.match(score_s):
        raise _fail(lineno, text, f"the score {quoted(score_s)} should be like +24 or -8")
    if not _TOTAL.match(total_s):
        raise _fail(lineno, text, f"the running total {quoted(total_s)} should be a whole number")
    try:
        return whole_from(score_s), whole_from(total_s)
    except ValueError as exc:
        raise _fail(lineno, text, str(exc)) from exc


def _one_word_move(lineno: int, text: str, mv: GcgMove, move: str) -> GcgMove:
    """A move written as one token (``-``, ``--``, ``(challenge)``, ``-TILES``...): ``mv``
    (a pass) with its kind and tiles set."""
    nick, rack, score, total = mv.player, mv.rack, mv.score, mv.total
    low = move.lower()
    if move == "-":
        return mv
    if move == "--":
        return GcgMove(nick, "challenged", rack, score, total, line=lineno)
    if low == "(challenge)":
        return GcgMove(nick, "challenge_bonus", rack, score, total, line=lineno)
    if low == "(time)":
        return GcgMove(nick, "time_penalty", rack, score, total, line=lineno)
    if move.startswith("(") and move.endswith(")") and _RACK.match(move[1:-1]):
        return GcgMove(nick, "rack_penalty", rack, score, total, tiles=move[1:-1], line=lineno)
    if move.startswith("-") and (
        _RACK.match(move[1:]) or (move[1:].isascii() and move[1:].isdigit())
    ):
        return GcgMove(nick, "exchange", rack, score, total, tiles=move[1:], line=lineno)
    raise _fail(lineno, text, f"cannot tell what move {quoted(move)} is")


def _read_player(rec: GcgRecord, lineno: int, line: str, key: str, value: str) -> None:
    """A ``#player1 nick Full Name`` line."""
    if key not in ("player1", "player2", "player3", "player4"):  # was kept as a pragma
        raise _fail(lineno, line, "the player lines are #player1 to #player4: Bug Words "
                    "seats four players at most")
    nick, _, name = value.partition(" ")
    if not nick:
        raise _fail(lineno, line, "a player line reads '#player1 nick Full Name'")
    if nick in rec.player_names():
        raise _fail(lineno, line, f"player {quoted(nick)} is named twice")
    if int(key[-1]) != len(rec.players) + 1:  # a second #player1 was read as a third player
        raise _fail(lineno, line, "the player lines go #player1, #player2, ... in order, "
                    "each once")
    rec.players.append((nick, name.strip() or nick))


def _read_pragma(rec: GcgRecord, lineno: int, line: str) -> bool:
    """Add a ``#`` line to ``rec``; True if it opens a note (later lines may continue it)."""
    key, _, value = line[1:].partition(" ")
    value = value.strip()
    if key == "werdup-record":  # the first line of a WerdUp record: its moves carry heights
        raise OtherGameRecord(f"game record line {lineno}: this is a WerdUp game record, not a "
                              "Bug Words one", "werdup")
    if re.fullmatch(r"player[0-9]+", key):
        _read_player(rec, lineno, line, key, value)
    elif key == "note" and rec.moves and (challenged := read_lost_turn_mark(value)) is not None:
        if rec.moves[-1].kind != "pass" or rec.note_places.get(len(rec.notes) - 1) == len(
                rec.moves):
            raise _fail(lineno, line, "a lost turn's note follows its pass line ('-')")
        rec.moves[-1] = replace(rec.moves[-1], kind="lost_turn", challenged=challenged)
    elif key == "note" and rec.moves and value.lower().startswith(TIME_NOTE_PREFIX):
        try:
            seconds = parse_time(value[len(TIME_NOTE_PREFIX):].strip())
        except UsageError as exc:
            raise _fail(lineno, line, str(exc)) from exc
        rec.moves[-1] = replace(rec.moves[-1], time_left=seconds)
    elif key == "note" and rec.moves:
        rec.add_note(value)  # among the moves: kept where it stands
        return True
    elif key == "note":
        rec.notes.append(value)
        return True
    else:
        rec.pragmas[key] = value
    return False


def parse_gcg(text: str) -> GcgRecord:
    """Read a GCG record; raises :class:`GcgReadError` naming the first bad line (an
    :class:`OtherGameRecord` at a WerdUp record's first line)."""
    if not text.strip("\ufeff \t\r\n\v\f"):  # "no players and no moves", as if it were a record
        raise GcgReadError("the game record is empty: a GCG record names its players "
                           "(#player1 NICK NAME), then gives their moves, one a line "
                           "(>NICK: RACK MOVE +SCORE TOTAL)")
    rec = GcgRecord()
    in_note = False
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            in_note = False
            continue
        if line.startswith("#"):
            in_note = _read_pragma(rec, lineno, line)
            continue
        if line.startswith(">"):
            in_note = False
            rec.moves.append(_parse_move(lineno, line, rec.player_names()))
            continue
        if in_note:
            rec.notes[-1] += " " + line
            continue
        raise _fail(lineno, line, "lines start with '#' (about the game) or '>' (a move)")
    if not rec.players:
        nicks = []
        for mv in rec.moves:
            if mv.player not in nicks:
                nicks.append(mv.player)
        rec.players = [(n, n) for n in nicks]
    if not rec.moves and not rec.players:
        raise GcgReadError("the game record has no players and no moves")
    return rec


def format_move(mv: GcgMove) -> str:
    """One move line in GCG form."""
    if mv.kind == "place":
        body = f"{mv.rack} {mv.position} {mv.word}"
    elif mv.kind in ("pass", "lost_turn"):  # a lost turn: a pass, marked by the note after it
        body = f"{mv.rack} -"
    elif mv.kind == "exchange":
        body = f"{mv.rack} -{mv.tiles}"
    elif mv.kind == "challenged":
        body = f"{mv.rack} --"
    elif mv.kind == "challenge_bonus":
        body = f"{mv.rack} (challenge)"
    elif mv.kind == "time_penalty":
        body = f"{mv.rack} (time)"
    elif mv.kind == "out_bonus":
        body = f"({mv.tiles})"
    elif mv.kind == "rack_penalty":
        body = f"{mv.rack} ({mv.tiles})"
    else:
        raise ValueError(f"unknown move kind {mv.kind!r}")
    return f">{mv.player}: {body.strip()} {mv.score:+d} {mv.total}"


def write_gcg(rec: GcgRecord) -> str:
    """The record as GCG text (players, pragmas, notes, moves), ending with a newline."""
    lines = ["#character-encoding UTF-8"]
    for i, (nick, name) in enumerate(rec.players, 1):
        lines.append(f"#player{i} {nick} {name}")
    for key, value in rec.pragmas.items():
        if key != "character-encoding":
            lines.append(f"#{key} {value}".rstrip())
    lines += [f"#note {note}" for i, note in enumerate(rec.notes) if i not in rec.note_places]
    for i, mv in enumerate(rec.moves):
        lines += [f"#note {note}" for note in rec.notes_before(i)]
        lines.append(format_move(mv))
        if mv.time_left is not None:
            lines.append(f"#note Time left: {format_time(mv.time_left)}")
        if mv.kind == "lost_turn":
            lines.append(f"#note {lost_turn_mark(mv.challenged)}")
    lines += [f"#note {note}" for note in rec.notes_before(len(rec.moves))]
    return "\n".join(lines) + "\n"


def record_from_game(game: object, title: str = "") -> GcgRecord:
    """A record of a :class:`~companion.bugwords.game.Game`'s history."""
    from companion.bugwords.game import Game

    if not isinstance(game, Game):
        raise TypeError("record_from_game needs a Game")
    nicks = [re.sub(r"\s+", "_", p) for p in game.players]
    rec = GcgRecord(players=[(n, p) for n, p in zip(nicks, game.players, strict=True)])
    if title:
        rec.pragmas["title"] = title
    rec.notes.append(f"{CHALLENGE_RULE_NOTE}: {game.challenge_rule.label()}")
    if game.clock is not None:
        rec.notes.append(f"{CLOCK_NOTE}: {game.clock.settings.label()}")
    for t in game.history:
        # a turn lost to a challenge is written as a pass marked by a note (write_gcg)
        time_left = None if t.time_left is None else whole_seconds(t.time_left)
        rec.moves.append(
            GcgMove(nicks[t.player], t.kind, t.rack, t.score, t.total, t.position, t.word,
                    t.tiles, time_left=time_left)
        )
    return rec
