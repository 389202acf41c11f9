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
and a turn lost to a challenge is a pass. With a game clock, ``#note Time left: 21:05`` follows
each move and ``>ann: (time) -10 TOTAL`` is an overtime penalty. The table's settings are
header notes (``#note ChallengeRule: double``, ``#note Clock: 25 minutes, ...``), as in Bug
Words' GCG records. See the README for the details.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass, field

from companion.board import Board, PlayError, split_word
from companion.challenges import ChallengeRule, get_challenge_rule
from companion.clock import CLOCK_NOTE, ClockSettings, format_time, parse_time, settings_from_label
from companion.errors import CompanionError, UsageError
from companion.lexicon import Lexicon
from companion.werdup.game import ChallengeBonus, Game, Play, Swap, TakenBack
from companion.werdup.notation import DIGRAPHS, main_heights, normalise_tile, parse_play
from companion.werdup.rules import Rules, get_rules
from companion.werdup.scoring import end_penalty
from companion.werdup.validate import judge_play

FORMAT_LINE = "#werdup-record 1"
CHALLENGE_RULE_NOTE = "ChallengeRule"
_TIME_NOTE = "time left:"


def tiles_text(tiles: list[str] | tuple[str, ...]) -> str:
    """Tiles written together, sorted: ``AEQuRST``."""
    return "".join(sorted(tiles, key=lambda t: t.upper()))


def parse_tiles(text: str) -> list[str]:
    """``AEQuRST`` -> ``["A", "E", "Qu", "R", "S", "T"]``."""
    if not text.isalpha() or not text.isascii():
        raise CompanionError(
            f"cannot read the tiles {text!r}: write letters only (Qu for the Qu tile)"
        )
    return [normalise_tile(t) for t in split_word(text, DIGRAPHS) if t is not None]


def write_record(game: Game) -> str:
    """The record of a game so far (finished or not)."""
    lines = [FORMAT_LINE, f"#rules {game.rules.name}"]
    for i, p in enumerate(game.players, 1):
        lines.append(f"#player{i} {p} {p}")
    if game.rules.challenges != "none":
        lines.append(f"#note {CHALLENGE_RULE_NOTE}: {game.rules.challenge_rule.label()}")
    if game.clock is not None:
        lines.append(f"#note {CLOCK_NOTE}: {game.clock.settings.label()}")
    for rnd in game.draws:
        lines.append("#draw " + " ".join(f"{p}:{t}" for p, t in rnd.items()))
    for t in game.history:
        rack = tiles_text(t.rack)
        if isinstance(t.move, Play):
            move = f"{t.notation} [{t.heights}]"
        elif isinstance(t.move, Swap):
            move = f"-{t.move.tile}"
        elif isinstance(t.move, TakenBack):
            move = "--"
        elif isinstance(t.move, ChallengeBonus):
            move = "(challenge)"
        else:  # a pass, or a turn lost to a challenge
            move = "-"
        lines.append(f">{t.player}: {rack} {move} {t.score:+d} {t.total}")
        if t.time_left is not None:
            lines.append(f"#note Time left: {format_time(t.time_left)}")
    for pen in game.penalties:
        lines.append(f">{pen.player}: ({tiles_text(pen.tiles)}) -{pen.points} {pen.total}")
    for pen in game.time_penalties:
        lines.append(f">{pen.player}: (time) -{pen.points} {pen.total}")
    if game.over:
        lines.append(f"#end {game.end_reason}")
    return "\n".join(lines) + "\n"


@dataclass
class ReplayLine:
    """One replayed line: what the record says and what the rules give."""

    line: int
    player: str
    move: str
    recorded_score: int
    score: int
    recorded_total: int
    total: int
    problems: list[str] = field(default_factory=list)

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
            "board": self.board.to_text(),
        }


_MOVE_LINE = re.compile(r"^>([^:\s]+):\s+(.*)$")
_SCORE = re.compile(r"^[+-]\d+$")
_TOTAL = re.compile(r"^-?\d+$")


def replay(
    text: str,
    lexicon: Lexicon,
    rules: Rules | None = None,
    challenge_rule: ChallengeRule | None = None,
) -> Replay:
    """Replay a record: check every play, recompute scores, totals and stack heights.

    The challenge rule is ``challenge_rule``, else the record's ``#note ChallengeRule:``
    line, else the rule set's. Under ``none`` a word not in the list makes a play illegal;
    under the others such a play stands unless a ``--`` line takes it back. A ``(challenge)``
    bonus is the rule's; with a ``#note Clock:`` line and the times left, a ``(time)``
    penalty is worked out from the player's last time. Disagreements are listed per line
    (see :attr:`Replay.ok`); a record that cannot be read or holds an illegal play raises
    :class:`CompanionError` naming the line.
    """
    players: list[str] = []
    rule_name = None
    notes: dict[str, str] = {}
    moves: list[list] = []  # [line number, text, time left or None]
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, _, rest = line[1:].partition(" ")
            if key == "rules":
                rule_name = rest.strip()
            elif re.fullmatch(r"player\d+", key):
                nick = rest.split()[0] if rest.split() else ""
                if not nick:
                    raise UsageError(f"record line {n}: #{key} needs a player name")
                players.append(nick)
            elif key == "note" and moves and rest.strip().lower().startswith(_TIME_NOTE):
                try:
                    moves[-1][2] = parse_time(rest.strip()[len(_TIME_NOTE):])
                except UsageError as exc:
                    raise UsageError(f"record line {n}: {exc}") from exc
            elif key == "note" and ":" in rest:
                name, _, value = rest.partition(":")
                notes.setdefault(name.strip().lower(), value.strip())
            continue
        if not line.startswith(">"):
            raise UsageError(f"record line {n}: cannot read {line!r} (moves start with '>')")
        moves.append([n, line, None])
    if rules is None:
        rules = get_rules(rule_name or "werdup")
    if not players:
        raise UsageError("the record names no players (#player1 NAME ...)")
    try:
        if challenge_rule is None:
            named = notes.get(CHALLENGE_RULE_NOTE.lower())
            challenge_rule = get_challenge_rule(named) if named else rules.challenge_rule
        clock_label = notes.get(CLOCK_NOTE.lower())
        clock: ClockSettings | None = settings_from_label(clock_label) if clock_label else None
    except UsageError as exc:
        raise UsageError(f"the record's settings: {exc}") from exc

    board = Board(rules.board_size, rules.board_size)
    totals = {p: 0 for p in players}
    used: Counter[str] = Counter()
    out: list[ReplayLine] = []
    last_play: tuple[str, Board, list, int] | None = None  # player, board before, tiles, score
    last_time: dict[str, int] = {}
    for n, line, time_left in moves:
        m = _MOVE_LINE.match(line)
        if not m:
            raise UsageError(f"record line {n}: cannot read {line!r}")
        player, tokens = m.group(1), m.group(2).split()
        if player not in totals:
            raise UsageError(f"record line {n}: {player} is not one of the players")
        if len(tokens) < 3 or not _SCORE.match(tokens[-2]) or not _TOTAL.match(tokens[-1]):
            raise UsageError(
                f"record line {n}: expected RACK MOVE +SCORE TOTAL, got {m.group(2)!r}"
            )
        if time_left is not None:
            last_time[player] = time_left
        recorded, recorded_total = int(tokens[-2]), int(tokens[-1])
        rack_tok, body = tokens[0], tokens[1:-2]
        if rack_tok.lower() in ("(time)", "(challenge)", "--"):
            rack_tok, body = "", [rack_tok, *body]  # a line written without the rack
        problems: list[str] = []
        just_played = last_play
        last_play = None

        def fail(reason: str, n: int = n) -> CompanionError:
            return CompanionError(f"record line {n}: {reason}")

        def tiles(text: str, n: int = n) -> list[str]:
            try:
                return parse_tiles(text)
            except CompanionError as exc:
                raise UsageError(f"record line {n}: {exc}") from exc

        if len(body) == 1 and body[0].lower() == "(time)":
            if clock is None or player not in last_time:
                score, desc = recorded, "time penalty (no clock times in the record: as recorded)"
            else:
                over = max(0, -last_time[player])
                score = -clock.overtime_penalty(over)
                desc = f"time penalty ({format_time(over)} over)"
        elif len(body) == 1 and body[0] == "--":
            if just_played is None or just_played[0] != player:
                raise fail(f"'--' takes back a play, but the line before is not a play by "
                           f"{player}")
            _, before, placements, taken = just_played
            board = before
            used.subtract(p.tile for p in placements)
            score, desc = -taken, "play taken back after a challenge"
        elif len(body) == 1 and body[0].lower() == "(challenge)":
            if just_played is None or just_played[0] != player:
                raise fail("a challenge bonus goes to the player whose play was just "
                           f"challenged, but the line before is not a play by {player}")
            score = challenge_rule.valid_bonus
            desc = f"challenge bonus ({challenge_rule.label()} rule)"
            if not score:
                problems.append(f"the {challenge_rule.name} challenge rule has no bonus")
        elif rack_tok.startswith("("):
            left = tiles(rack_tok.strip("()"))
            score = -end_penalty(len(left), rules)
            desc = f"{len(left)} tiles left ({tiles_text(left)})"
        else:
            rack = tiles(rack_tok)
            if body == ["-"]:
                score, desc = 0, "pass"
            elif len(body) == 1 and body[0].startswith("-"):
                tile = tiles(body[0][1:])
                if len(tile) != 1:
                    raise fail("a swap is one tile, written -X")
                if tile[0] not in rack:
                    raise fail(f"{player} swaps {tile[0]}, which is not on the rack {rack_tok}")
                score, desc = 0, f"swap {tile[0]}"
            elif len(body) in (2, 3):
                try:
                    placements = parse_play(board, " ".join(body[:2]))
                except PlayError as exc:
                    raise fail(str(exc)) from exc
                missing = Counter(p.tile for p in placements) - Counter(rack)
                if missing:
                    shown = " ".join(sorted(missing.elements()))
                    raise fail(f"{player} plays {shown}, not on the rack {rack_tok}")
                judgement = judge_play(board, placements, rules, lexicon,
                                       check_words=challenge_rule.judged_at_play)
                if not judgement.legal:
                    raise fail(f"{' '.join(body[:2])} is not a legal play: {judgement.reason}")
                heights = main_heights(board, placements)
                if len(body) == 3 and body[2].strip("[]") != heights:
                    problems.append(
                        f"stack heights after the play are {heights}, record says {body[2]}"
                    )
                before = board.copy()
                board.place(placements)
                used.update(p.tile for p in placements)
                over = [t for t, k in used.items() if k > rules.tile_set.counts.get(t, 0)]
                if over:
                    raise fail(f"more {' '.join(over)} tiles played than the set has")
                score = judgement.score
                desc = " ".join(body[:2])
                if judgement.not_in_list:
                    desc += f" (not in word list: {', '.join(judgement.not_in_list)})"
                last_play = (player, before, placements, score)
            else:
                raise fail(f"cannot read the move {' '.join(body)!r}")
        totals[player] += score
        if score != recorded:
            problems.append(f"score is {score:+d}, record says {recorded:+d}")
        if totals[player] != recorded_total:
            problems.append(f"total is {totals[player]}, record says {recorded_total}")
        out.append(
            ReplayLine(n, player, desc, recorded, score, recorded_total, totals[player], problems)
        )
    ended = "#end" in text or any(ln.move.endswith(")") and "tiles left" in ln.move
                                  for ln in out)
    if clock is not None and ended:
        penalised = {ln.player for ln in out if ln.move.startswith("time penalty")}
        for nick, seconds in last_time.items():
            points = clock.overtime_penalty(max(0, -seconds))
            if points and nick not in penalised:
                totals[nick] -= points
                out.append(ReplayLine(
                    0, nick, "time penalty", 0, -points, totals[nick] + points, totals[nick],
                    [f"over time ({format_time(seconds)}) but the record has no time penalty "
                     "line"]))
    return Replay(rules.name, out, totals, board)
