"""Score-sheet games (WerdUp, Bug Words): players, turns, running totals, end of game.

Plain functions on a SQLAlchemy session; the views and the API are thin wrappers. Callers
commit: every function only adds to the session, so one request is one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from companion.errors import UsageError
from companion.lexicon import Lexicon, default_lexicon
from companion.web import plays
from companion.web.models import Game, Player, Turn


@dataclass(frozen=True)
class TableRules:
    """Who sits at a game's table (scoring and end-of-game rules come from the engines)."""

    title: str
    min_players: int
    max_players: int


TABLES: dict[str, TableRules] = {
    "werdup": TableRules("WerdUp", 2, 4),
    "bugwords": TableRules("Bug Words", 2, 4),
}
ACTIONS = ("play", "pass", "swap")
MAX_TURN_SCORE = 2000
MAX_TURNS = 400


def rules_for(kind: str) -> TableRules:
    if kind not in TABLES:
        raise UsageError(f"Unknown game {kind!r}; choose one of {', '.join(TABLES)}.")
    return TABLES[kind]


def create_game(db: Session, kind: str, names: list[str]) -> Game:
    """A new game with players seated in the order given."""
    rules = rules_for(kind)
    names = [n.strip() for n in names if n and n.strip()]
    if not rules.min_players <= len(names) <= rules.max_players:
        raise UsageError(f"{rules.title} needs {rules.min_players} to {rules.max_players} "
                         "players: type one name per box.")
    if any(len(n) > 40 for n in names):
        raise UsageError("Player names can have 40 characters at most.")
    game = Game(kind=kind, players=[Player(seat=i, name=n) for i, n in enumerate(names)])
    db.add(game)
    db.flush()
    return game


def get_game(db: Session, game_id: int) -> Game:
    game = db.scalars(select(Game).where(Game.id == game_id).options(
        selectinload(Game.players), selectinload(Game.turns))).first()
    if game is None:
        raise LookupError(f"There is no game number {game_id}.")
    return game


def next_seat(game: Game) -> int:
    return (game.turns[-1].seat + 1) % len(game.players) if game.turns else 0


def add_turn(db: Session, game: Game, *, seat: int | None, action: str, score: int = 0,
             words: str = "", detail: dict[str, Any] | None = None,
             board: dict[str, Any] | None = None, photo_id: int | None = None,
             play: str = "", lexicon: Lexicon | None = None) -> Turn:
    """Record one turn and the new position: a play (typed as ``8D WORD`` and scored by the
    engine, or just words and a score), a pass or a swap."""
    if play.strip() and action == "play" and not game.finished:
        scored = plays.score_play(game.kind, (game.board or {}).get("text"), play.strip(),
                                  lexicon or default_lexicon())
        if not scored.legal:
            raise UsageError(f"{scored.notation}: {scored.reason}")
        score, words = scored.score, " ".join(w["word"] for w in scored.words)
        detail = scored.to_dict()
        board = {"text": scored.board, "new": scored.new_cells}
    if game.finished:
        raise UsageError("This game is over; start a new one.")
    if action not in ACTIONS:
        raise UsageError(f"A turn is one of: {', '.join(ACTIONS)}.")
    if len(game.turns) >= MAX_TURNS:
        raise UsageError("This game has reached the turn limit.")
    seat = next_seat(game) if seat is None else seat
    if not 0 <= seat < len(game.players):
        raise UsageError("Choose one of this game's players.")
    if action != "play":
        score, words = 0, ""
    if not 0 <= score <= MAX_TURN_SCORE:
        raise UsageError(f"A turn's score must be between 0 and {MAX_TURN_SCORE}.")
    if len(words) > 200:
        raise UsageError("Too many words for one turn.")
    number = game.turns[-1].number + 1 if game.turns else 1
    turn = Turn(number=number, seat=seat, action=action, score=score, words=words.upper(),
                detail=detail, photo_id=photo_id)
    game.turns.append(turn)
    if board is not None:
        game.board = board
    db.flush()
    return turn


def undo_turn(db: Session, game: Game) -> None:
    """Take back the last turn."""
    if game.finished:
        raise UsageError("This game is over; its turns can no longer change.")
    if not game.turns:
        raise UsageError("There is no turn to take back.")
    game.turns.pop()
    db.flush()


def finish_game(db: Session, game: Game, racks: dict[int, str]) -> None:
    """End the game: what is left on each rack is subtracted by the game's rules; in Bug Words
    the one player who went out (empty rack) adds the others' total."""
    if game.finished:
        raise UsageError("This game is already over.")
    costs = {p.seat: plays.rack_cost(game.kind, racks.get(p.seat, ""))[1] for p in game.players}
    out = [p.seat for p in game.players if not racks.get(p.seat, "").strip()]
    for p in game.players:
        p.end_rack = "".join(racks.get(p.seat, "").split()).upper()
        p.end_adjustment = -costs[p.seat]
        if len(out) == 1 and p.seat == out[0]:
            p.end_adjustment = plays.out_bonus(game.kind, sum(costs.values()))
    game.finished = True
    db.flush()


def totals(game: Game) -> dict[int, int]:
    """Each seat's total so far (with end-of-game adjustments once finished)."""
    result = {p.seat: p.end_adjustment if game.finished else 0 for p in game.players}
    for t in game.turns:
        result[t.seat] += t.score
    return result


def running(game: Game) -> list[dict[str, Any]]:
    """The sheet's rows: each turn with the player's running total after it."""
    so_far = {p.seat: 0 for p in game.players}
    rows = []
    for t in game.turns:
        so_far[t.seat] += t.score
        rows.append({"number": t.number, "seat": t.seat, "player": game.players[t.seat].name,
                     "action": t.action, "words": t.words, "score": t.score,
                     "total": so_far[t.seat], "detail": t.detail})
    return rows


def game_dict(game: Game) -> dict[str, Any]:
    """A game as JSON."""
    tot = totals(game)
    return {
        "id": game.id,
        "game": game.kind,
        "finished": game.finished,
        "players": [{"seat": p.seat, "name": p.name, "end_adjustment": p.end_adjustment,
                     "total": tot[p.seat]} for p in game.players],
        "turns": running(game),
        "next_seat": None if game.finished else next_seat(game),
        "board": game.board,
    }


def gcg_text(game: Game) -> str:
    """A Bug Words game as a GCG record. The sheet does not know whole racks, so a play's rack
    is written as the tiles it placed; passes, swaps and plays entered without a square are
    written as notes (their points still count in the running totals)."""
    from companion.bugwords.gcg import GcgMove, GcgRecord, write_gcg

    if game.kind != "bugwords":
        raise UsageError("GCG records are for Bug Words games.")
    nicks = [f"p{p.seat + 1}_{''.join(ch for ch in p.name if ch.isalnum())[:16]}"
             for p in game.players]
    rec = GcgRecord(players=[(n, p.name) for n, p in zip(nicks, game.players, strict=True)])
    rec.pragmas["title"] = f"Bug Words game {game.id}"
    so_far = {p.seat: 0 for p in game.players}
    for t in game.turns:
        so_far[t.seat] += t.score
        d = t.detail or {}
        name = game.players[t.seat].name
        if t.action == "play" and d.get("position"):
            placed = "".join("?" if ch.islower() else ch for ch in d["record_word"]
                             if ch != ".")
            rec.moves.append(GcgMove(nicks[t.seat], "place", placed, t.score, so_far[t.seat],
                                     d["position"], d["record_word"]))
        elif t.action == "play":
            rec.notes.append(f"turn {t.number}: {name} scored {t.score} for "
                             f"{t.words or 'a play'} (square not recorded)")
        else:
            rec.notes.append(f"turn {t.number}: {name} chose to {t.action}")
    if game.finished:
        out = "".join(p.end_rack for p in game.players)
        for p in sorted(game.players, key=lambda p: p.end_adjustment > 0):  # penalties first
            if not p.end_adjustment:
                continue
            so_far[p.seat] += p.end_adjustment
            if p.end_adjustment > 0:
                rec.moves.append(GcgMove(nicks[p.seat], "out_bonus", "", p.end_adjustment,
                                         so_far[p.seat], tiles=out))
            else:
                rec.moves.append(GcgMove(nicks[p.seat], "rack_penalty", p.end_rack,
                                         p.end_adjustment, so_far[p.seat], tiles=p.end_rack))
    return write_gcg(rec)
