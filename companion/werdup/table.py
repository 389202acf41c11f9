"""WerdUp at the table: the engine's facade for a score sheet (see :mod:`companion.play`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from companion.board import Board, FormedWord, Placement, PlayError, square_name
from companion.clock import format_time
from companion.errors import CompanionError, SquareError, UsageError
from companion.lexicon import Lexicon, default_lexicon
from companion.play import (
    ScoredPlay,
    ScoreSheet,
    SheetTurn,
    TableBasics,
    check_grid,
    record_nicks,
)
from companion.text import counted, sentence
from companion.werdup.notation import parse_play, play_notation
from companion.werdup.observe import play_between
from companion.werdup.position import board_from_state, is_state
from companion.werdup.record import (
    FORMAT_LINE,
    lost_turn_note,
    parse_tiles,
    play_note,
    tiles_text,
    turn_note,
)
from companion.werdup.rules import WerdUpRules, get_rules
from companion.werdup.scoring import end_penalty
from companion.werdup.validate import breakdown, judge_play, worded


class WerdUpTable(TableBasics):
    """WerdUp played on a real board, kept on a score sheet."""

    game = "werdup"
    title = "WerdUp"
    record_format = "WerdUp record"
    record_suffix = ".txt"
    rack_help = "Qu for the Qu tile; WerdUp has no blanks"

    def __init__(self, rules: WerdUpRules | None = None) -> None:
        self.rules = rules or get_rules("werdup")
        self.min_players = self.rules.min_players
        self.max_players = self.rules.max_players
        self.layout = self.rules.layout()
        self.rack_size = self.rules.rack_size
        self.tile_set = self.rules.tile_set
        self.challenge_retries = self.rules.challenge_retries
        self.challenge_until = self.rules.challenge_until
        self.challenge_rule = self.rules.challenge_rule
        self.game_ends_when = self.rules.game_ends_when
        self.max_height = self.rules.max_height

    def read_start(self, text: str) -> Board:
        """Board text (``E3``: E on a stack of 3), or a reading of a photo as the command
        line takes one (:mod:`companion.werdup.position`, ``{"grid", "heights"}``)."""
        if is_state(text):
            try:
                return board_from_state(text, self.rules)
            except UsageError as exc:
                raise UsageError(f"The starting position: {exc}.") from exc
        return super().read_start(text)

    def position_text(self, grid: Sequence[Sequence[str | None]],
                      heights: Sequence[Sequence[int | None]] | None = None) -> str:
        """The stacks a photo shows, each letter on the height read under it (a square
        typed in where none was read counts one tile; a height not known is refused when the
        position is read, :func:`companion.werdup.position.board_from_state`)."""
        faces = check_grid(self.load_board(None), grid)
        if heights is None:
            return super().position_text(faces)
        stacks = [[(1 if h == 0 else h) if faces[r][c] else 0 for c, h in enumerate(row)]
                  for r, row in enumerate(heights)]
        unknown = [(r, c) for r, row in enumerate(stacks) for c, h in enumerate(row)
                   if h is None]
        if unknown:
            names = ", ".join(square_name(r, c) for r, c in unknown[:8])
            raise SquareError(f"The photo does not show how high the stacks at {names} are: "
                              "take it again from the side, at 20-50 degrees.", unknown)
        return self.read_start(json.dumps({"grid": faces, "heights": stacks})).to_text()

    def parse_play(self, board: Board, notation: str) -> list[Placement]:
        return parse_play(board, notation)

    def judge(self, board: Board, placements: Sequence[Placement], lexicon: Lexicon | None,
              written: str = "") -> ScoredPlay:
        rules = self.rules
        j = judge_play(board, placements, rules, lexicon or default_lexicon(),
                       check_words=lexicon is not None)
        try:
            written = play_notation(board, placements)
        except PlayError:  # no word to write (no new tile): the play as typed, if it was
            written = " ".join(written.split()).upper()
        if not j.legal:
            return ScoredPlay(written, False, j.reason, squares=list(j.squares))
        words = breakdown(j, rules)
        after = board.copy()
        after.place(placements)
        return ScoredPlay(written, True, f"Legal: {counted(j.score, 'point')}.", j.score, words,
                          j.bonus, after.to_text(), [(p.row, p.col) for p in placements])

    def worded(self, formed: Sequence[FormedWord]) -> list[dict[str, Any]]:
        return worded(formed, self.rules)

    def observed_play(self, board: Board, grid: Sequence[Sequence[str | None]]) -> list[Placement]:
        """A square whose top letter changed got one new tile, on top of its stack
        (:func:`companion.werdup.observe.play_between`)."""
        faces = check_grid(board, grid)
        try:
            return play_between(board, [[f or None for f in row] for row in faces])
        except CompanionError as exc:
            raise SquareError(sentence(str(exc)), getattr(exc, "squares", ())) from exc

    def _rack(self, letters: str) -> list[str]:
        text = "".join(letters.split())
        try:
            tiles = parse_tiles(text) if text else []
        except CompanionError as exc:
            raise UsageError(sentence(str(exc))) from exc
        for t in tiles:
            if t not in self.rules.tile_set.counts:
                raise UsageError(f"{t!r} is not a WerdUp tile.")
        return tiles

    def rack_tiles(self, letters: str) -> tuple[str, list[str]]:
        text = self.rack_text(letters)
        return text, self._rack(text)

    def rack_cost(self, letters: str) -> tuple[int, int]:
        text, tiles = self.rack_tiles(letters)
        self.check_rack(text, tiles)
        return len(tiles), end_penalty(len(tiles), self.rules)

    def swap_refusal(self, bag: int) -> str:
        return self.rules.swap_refusal(bag)

    def finish(self, racks: Sequence[str]) -> list[int]:
        """Every tile left on a rack costs the rules' ``tile_penalty``; going out earns
        nothing more."""
        return [-end_penalty(len(self._rack(r)), self.rules) for r in racks]

    def write_record(self, sheet: ScoreSheet) -> str:
        """The sheet as a WerdUp record. The sheet does not know whole racks, so a play's rack
        is written as the tiles it placed; passes, swaps and plays entered without a square
        are written as notes (their points still count in the running totals), a turn lost
        to a challenge as a note naming the play challenged. The table's
        settings are header notes; a challenge of a play adds its ``--`` or ``(challenge)``
        line, a clock its ``#note Time left`` lines and ``(time)`` penalties."""
        nicks = record_nicks(sheet.players)
        lines = [FORMAT_LINE, f"#rules {self.rules.name}", f"#note Title: {sheet.title}"]
        lines += [f"#note {note}" for note in sheet.notes]
        lines += [f"#player{i + 1} {nick} {name}"
                  for i, (nick, name) in enumerate(zip(nicks, sheet.players, strict=True))]
        so_far = sheet.totals_before()
        waiting: list[str] = []  # a challenge's lines, written after the turns it came after
        wait = 0
        for t in sheet.turns:
            so_far[t.seat] += t.score
            d = t.detail or {}
            name = sheet.players[t.seat]
            if t.action == "play" and d.get("board") and d.get("new_cells"):
                played, challenged = self._play_lines(t, nicks[t.seat], so_far[t.seat])
                lines += played
                wait = int((d.get("challenge") or {}).get("turns_after") or 0)
                if wait:
                    waiting = challenged
                else:
                    lines += challenged
                continue
            if t.action == "time":
                lines.append(f">{nicks[t.seat]}: (time) {t.score:+d} {so_far[t.seat]}")
            elif t.action == "play":
                lines.append(f"#note {play_note(t.number, name, t.score, t.words)}")
            elif d.get("lost_turn"):
                lines.append(f"#note {lost_turn_note(t.number, name, d.get('challenged', ''))}")
            else:
                lines.append(f"#note {turn_note(t.number, name, t.action)}")
            wait -= 1
            if waiting and wait <= 0:
                lines += waiting
                waiting = []
        lines += waiting
        if sheet.finished:
            for seat, points in enumerate(sheet.end_adjustments):
                if points:
                    so_far[seat] += points
                    left = tiles_text(self._rack(sheet.end_racks[seat]))
                    lines.append(f">{nicks[seat]}: ({left}) {points:+d} {so_far[seat]}")
            lines.append("#end the game is over")
        return "\n".join(lines) + "\n"

    def _play_lines(self, t: SheetTurn, nick: str, total: int) -> tuple[list[str], list[str]]:
        """A placed play's record lines: the play at its own score (with the time left, when
        a clock ran), and what a challenge of it decided. ``total`` is after the turn."""
        d = t.detail or {}
        after = Board.from_text(d["board"], self.rules.board_size, self.rules.board_size)
        placed = tiles_text([after.get(r, c) or "" for r, c in d["new_cells"]])
        challenge = d.get("challenge")
        played = challenge["play_score"] if challenge else t.score
        out = [f">{nick}: {placed} {d['notation']} {played:+d} {total - (t.score - played)}"]
        if d.get("time_left") is not None:
            out.append(f"#note Time left: {format_time(d['time_left'])}")
        if challenge and not challenge["play_stands"]:
            return out, [f">{nick}: {placed} -- {-played:+d} {total}"]
        if challenge and challenge["bonus"]:
            return out, [f">{nick}: {placed} (challenge) {challenge['bonus']:+d} {total}"]
        return out, []
