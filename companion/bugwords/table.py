"""Bug Words at the table: the engine's facade for a score sheet (see :mod:`companion.play`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.board import (
    Board,
    FormedWord,
    Placement,
    PlayError,
    parse_position,
    rack_tile,
    square_name,
)
from companion.bugwords.gcg import GcgMove, GcgRecord, write_gcg
from companion.bugwords.rules import BugWordsRules, default_rules
from companion.bugwords.scoring import end_adjustments, explain_word, score_word, score_words
from companion.bugwords.validation import IllegalPlay, check_new_tiles, check_play
from companion.clock import whole_seconds
from companion.errors import SquareError, UsageError
from companion.lexicon import Lexicon
from companion.play import (
    ScoredPlay,
    ScoreSheet,
    SheetTurn,
    TableBasics,
    check_grid,
    record_nicks,
    sentence,
    split_notation,
)
from companion.text import counted
from companion.tiles import BLANK


class BugWordsTable(TableBasics):
    """Bug Words played on a real board, kept on a score sheet."""

    game = "bugwords"
    title = "Bug Words"
    record_format = "GCG"
    record_suffix = ".gcg"
    rack_help = "? is a blank"

    def __init__(self, rules: BugWordsRules | None = None) -> None:
        self.rules = rules or default_rules()
        self.min_players = self.rules.min_players
        self.max_players = self.rules.max_players
        self.layout = self.rules.layout
        self.rack_size = self.rules.rack_size
        self.tile_set = self.rules.tiles
        self.passes_to_end = self.rules.passes_to_end
        self.challenge_rule = self.rules.challenge_rule

    def parse_play(self, board: Board, notation: str) -> list[Placement]:
        square, word = split_notation(notation)
        return board.tiles_for_play(parse_position(square, board.rows, board.cols), word)

    def worded(self, formed: Sequence[FormedWord]) -> list[dict[str, Any]]:
        return [{"word": w.text, "shown": w.shown, "score": score_word(w, self.rules),
                 "arithmetic": explain_word(w, self.rules)} for w in formed]

    def judge(self, board: Board, placements: Sequence[Placement], lexicon: Lexicon | None,
              written: str = "") -> ScoredPlay:
        rules = self.rules
        if written:  # a typed play: the square in capitals, the word as typed (lower = blank)
            square, word = split_notation(written)
            written = f"{square.upper()} {word}"
        try:
            check_new_tiles(placements)
            formed = check_play(board, placements, rules, lexicon)
        except (PlayError, IllegalPlay) as exc:
            return ScoredPlay(written, False, sentence(exc), squares=list(exc.squares))
        total = score_words(formed, len(placements), rules)
        words = self.worded(formed)
        after = board.copy()
        after.place(placements)
        main = formed[0]
        record = main.record_word
        return ScoredPlay(written or f"{main.position} {record}", True,
                          f"Legal: {counted(total.total, 'point')}.", total.total, words,
                          total.bingo,
                          after.to_text(), [(p.row, p.col) for p in placements],
                          str(main.position), record)

    def observed_play(self, board: Board, grid: Sequence[Sequence[str | None]]) -> list[Placement]:
        """A square that shows a letter it did not have got a new tile; in Bug Words a tile
        never changes or leaves the board, so either is reported. A square holding ``?`` (a
        rack's blank, or a photo's tile whose letter was not seen) is asked for its letter."""
        for r, row in enumerate(grid[:board.rows]):
            for c, face in enumerate(row[:board.cols]):
                if (face or "").strip() == "?":
                    raise SquareError(f"{square_name(r, c)} holds '?': type the letter on its "
                                      "tile (a blank's in lower case, the letter it stands "
                                      "for), or leave it empty if there is no tile.", [(r, c)])
        out = []
        for r, row in enumerate(check_grid(board, grid)):
            for c, face in enumerate(row):
                before = board.get(r, c)
                if not face:
                    if before is not None:
                        raise SquareError(f"The tile {before} at {square_name(r, c)} has gone "
                                          "from the board: tiles never leave it.", [(r, c)])
                    continue
                if len(face) != 1:
                    raise SquareError(f"{face!r} at {square_name(r, c)}: a Bug Words tile "
                                      "carries one letter.", [(r, c)])
                tile = face.lower() if face.islower() else face.upper()
                if before is not None and before.upper() == tile.upper():
                    continue
                if before is not None:
                    raise SquareError(f"{square_name(r, c)} held {before} and now shows {tile}: "
                                      "in Bug Words tiles never change. Correct that square.",
                                      [(r, c)])
                out.append(Placement(r, c, tile))
        return out

    def _rack(self, letters: str) -> str:
        text = "".join(letters.split()).upper()
        for t in text:
            if t != "?" and t not in self.rules.tiles.counts:
                raise UsageError(f"{t!r} is not a Bug Words tile (use ? for a blank).")
        return text

    def rack_tiles(self, letters: str) -> tuple[str, list[str]]:
        text = self._rack(self.rack_text(letters))
        return text, list(text)

    def tile_of(self, face: str) -> str:
        """A blank shows the letter it stands for in lower case."""
        return BLANK if face.islower() else face

    def rack_cost(self, letters: str) -> tuple[int, int]:
        text, tiles = self.rack_tiles(letters)
        self.check_rack(text, tiles)
        return len(tiles), self.rules.rack_value(text)

    def swap_refusal(self, bag: int) -> str:
        return self.rules.swap_refusal(bag)

    def finish(self, racks: Sequence[str]) -> list[int]:
        """Unplayed letters are subtracted; when exactly one rack is empty, that player went
        out and adds the others' letters."""
        texts = [self._rack(r) for r in racks]
        out = [i for i, r in enumerate(texts) if not r]
        return end_adjustments(texts, self.rules, out[0] if len(out) == 1 else None)

    def write_record(self, sheet: ScoreSheet) -> str:
        """The sheet as a GCG record. The sheet does not know whole racks, so a play's rack is
        written as the tiles it placed and a pass as a pass line without one (``>nick: - +0
        TOTAL``; a turn lost to a challenge too, marked by the note after it); swaps (which
        tiles, or how many, is not known) and plays entered without a square are notes where
        they came (their points still count in the running totals)."""
        nicks = record_nicks(sheet.players)
        rec = GcgRecord(players=list(zip(nicks, sheet.players, strict=True)))
        rec.pragmas["title"] = sheet.title
        rec.notes.extend(sheet.notes)
        so_far = sheet.totals_before()
        for t in sheet.turns:
            so_far[t.seat] += t.score
            d = t.detail or {}
            name = sheet.players[t.seat]
            if t.action == "time" or (t.action == "play" and d.get("position")):
                rec.moves.extend(_sheet_moves(t, nicks[t.seat], so_far[t.seat]))
            elif t.action == "play":
                rec.add_note(f"turn {t.number}: {name} scored {t.score} for "
                             f"{t.words or 'a play'} (square not recorded)")
            elif t.action == "pass":
                lost = bool(d.get("lost_turn"))
                rec.moves.append(GcgMove(nicks[t.seat], "lost_turn" if lost else "pass", "",
                                         t.score, so_far[t.seat],
                                         challenged=str(d.get("challenged") or "") if lost
                                         else ""))
            else:
                rec.add_note(f"turn {t.number}: {name} chose to {t.action}")
        if sheet.finished:
            self._write_end(sheet, nicks, so_far, rec)
        return write_gcg(rec)

    @staticmethod
    def _write_end(sheet: ScoreSheet, nicks: list[str], so_far: list[int], rec: GcgRecord) -> None:
        out = "".join(sheet.end_racks)
        seats = sorted(range(len(sheet.players)),
                       key=lambda s: sheet.end_adjustments[s] > 0)  # penalties first
        for seat in seats:
            points = sheet.end_adjustments[seat]
            if not points:
                continue
            so_far[seat] += points
            if points > 0:
                rec.moves.append(GcgMove(nicks[seat], "out_bonus", "", points, so_far[seat],
                                         tiles=out))
            else:
                rack = sheet.end_racks[seat]
                rec.moves.append(GcgMove(nicks[seat], "rack_penalty", rack, points,
                                         so_far[seat], tiles=rack))


def _sheet_moves(turn: SheetTurn, nick: str, total: int) -> list[GcgMove]:
    """The record lines of a placed play or a time penalty on a score sheet: the play (with
    the mover's time left, when a clock ran), then what a challenge of it decided (``--`` for
    a play taken off, ``(challenge)`` for a bonus: ``detail["challenge"]`` is the
    :class:`~companion.challenges.ChallengeOutcome` with the play's own score); a ``time``
    turn is a ``(time)`` line. ``total`` is the player's total after the turn."""
    d = turn.detail or {}
    seconds = d.get("time_left")
    left = None if seconds is None else whole_seconds(seconds)
    if turn.action == "time":
        return [GcgMove(nick, "time_penalty", "", turn.score, total, time_left=left)]
    placed = "".join(rack_tile(ch) for ch in d["record_word"] if ch != ".")
    challenge = d.get("challenge")
    played = challenge["play_score"] if challenge else turn.score
    place = GcgMove(nick, "place", placed, played, total - (turn.score - played),
                    d["position"], d["record_word"], time_left=left)
    if challenge and not challenge["play_stands"]:
        return [place, GcgMove(nick, "challenged", placed, -played, total)]
    if challenge and challenge["bonus"]:
        return [place, GcgMove(nick, "challenge_bonus", placed, challenge["bonus"], total)]
    return [place]
