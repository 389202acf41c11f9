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
from companion.tiles import tile_set
from companion.web.models import Game, Player, Turn


@dataclass(frozen=True)
class TableRules:
    """What a score sheet needs to know about a game (the rulebooks' end-of-game rules)."""

    title: str
    min_players: int
    max_players: int
    rack_penalty_per_tile: int | None  # WerdUp: a flat cost per tile left on a rack
    uses_tile_values: bool  # Bug Words: letters left cost their face value
    going_out_bonus: bool  # Bug Words: the player who went out adds the others' letters


TABLES: dict[str, TableRules] = {
    "werdup": TableRules("WerdUp", 2, 4, 5, False, False),
    "bugwords": TableRules("Bug Words", 2, 4, None, True, True),
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
             board: dict[str, Any] | None = None, photo_id: int | None = None) -> Turn:
    """Record one turn (a play with its score, a pass or a swap) and the new position."""
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


def rack_cost(kind: str, letters: str) -> int:
    """What the letters left on one rack cost at the end (a positive number)."""
    rules = rules_for(kind)
    tiles_set = tile_set(kind)
    text = letters.upper()
    if "Qu" in tiles_set.values:  # one tile reading QU
        text = text.replace("QU", "Q")
    tiles = [c for c in text if not c.isspace()]
    for t in tiles:
        if t != "?" and t not in tiles_set.values and not (t == "Q" and "Qu" in tiles_set.values):
            raise UsageError(f"{t!r} is not a {rules.title} tile (use ? for a blank).")
    if rules.rack_penalty_per_tile is not None:
        return rules.rack_penalty_per_tile * len(tiles)
    return sum(0 if t == "?" else tiles_set.value(t) for t in tiles)


def finish_game(db: Session, game: Game, racks: dict[int, str]) -> None:
    """End the game: subtract what is left on each rack; in Bug Words the player who went
    out (empty rack) adds the others' total."""
    if game.finished:
        raise UsageError("This game is already over.")
    rules = rules_for(game.kind)
    costs = {p.seat: rack_cost(game.kind, racks.get(p.seat, "")) for p in game.players}
    out = [p.seat for p in game.players if not racks.get(p.seat, "").strip()]
    for p in game.players:
        p.end_adjustment = -costs[p.seat]
        if rules.going_out_bonus and len(out) == 1 and p.seat == out[0]:
            p.end_adjustment = sum(costs.values())
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
