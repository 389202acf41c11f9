"""A score-sheet game as a record file (GCG for Bug Words, the WerdUp record for WerdUp):
the sheet's turns and the table's settings, written by the game's facade."""

from __future__ import annotations

from companion.play import ScoreSheet, SheetTurn
from companion.web import scoresheet as sheet
from companion.web import table_rules
from companion.web.models import Game


def record_name(name: str) -> str:
    """A name as a one-line record field: control characters (line breaks above all, which
    would start a new record line) become spaces."""
    return "".join(ch if ch.isprintable() else " " for ch in name).strip()


def score_sheet(game: Game) -> ScoreSheet:
    """The game as the facade's score sheet (names made safe for a one-line record field)."""
    return ScoreSheet(
        title=f"{sheet.table(game).title} game {game.id}",
        players=[record_name(p.name) for p in game.players],
        turns=[SheetTurn(t.number, t.seat, t.action, t.score, t.words, t.detail)
               for t in game.turns],
        finished=game.finished,
        end_racks=[p.end_rack or "" for p in game.players],
        end_adjustments=[p.end_adjustment or 0 for p in game.players],
        notes=table_rules.record_notes(game) + start_notes(game),
        start_scores=sheet.start_scores(game))


def start_notes(game: Game) -> list[str]:
    """A game started part way through says so in its record's notes, which no record
    format has a line for: where it started (:func:`scoresheet.start_said`), that the
    record's totals count from the scores then, and the board it started from, a note a
    row holding tiles. A program replaying the record has no board to start from: its
    first play is on a board it does not know."""
    said = sheet.start_said(game)
    if not said:
        return []
    rows = str((game.start or {}).get("text") or "").splitlines()
    return [record_name(said[:-1]) + "; the totals below count from those scores, and the "
            "board it started from is in the notes that follow",
            *(f"Starting board row {r}: {row}" for r, row in enumerate(rows, start=1)
              if row.strip(". "))]


def record_text(game: Game) -> str:
    """The game's record in its game's format (GCG for Bug Words, the WerdUp record for
    WerdUp); plays entered without a square, passes and swaps are written as notes."""
    return sheet.table(game).write_record(score_sheet(game))


def record_file_name(game: Game) -> str:
    """The record's file name, e.g. ``bugwords-12.gcg``."""
    return f"{game.kind}-{game.id}{sheet.table(game).record_suffix}"
