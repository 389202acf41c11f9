"""Score: games with players and turns (WerdUp, Bug Words), pages and JSON API."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)

from companion.errors import CompanionError, UsageError
from companion.lexicon import load_lexicon
from companion.web import openapi, plays
from companion.web import scoresheet as sheet
from companion.web.db import session
from companion.web.inputs import int_from
from companion.web.models import Game

bp = Blueprint("games", __name__)


def _game_or_404(game_id: int) -> Game:
    try:
        return sheet.get_game(session(), game_id)
    except LookupError as exc:
        abort(404, description=str(exc))


def _turn_fields(values) -> dict:
    action = values.get("action") or "play"
    seat = values.get("seat")
    return {
        "seat": None if seat in (None, "") else int_from(seat, "Player", 0, 9, 0),
        "action": str(action),
        "score": int_from(values.get("score"), "Score", -99999, 99999, 0),
        "words": str(values.get("words") or ""),
        "play": str(values.get("play") or ""),
        "lexicon": load_lexicon(current_app.config.get("LEXICON_PATH")),
    }


@bp.get("/games")
def page():
    games = session().query(Game).order_by(Game.id.desc()).limit(20).all()
    return render_template("games.html", games=games, tables=sheet.TABLES)


@bp.post("/games")
def create():
    try:
        game = sheet.create_game(session(), request.form.get("game", ""),
                                 request.form.getlist("player"))
    except CompanionError as exc:
        return render_template("games.html", games=[], tables=sheet.TABLES,
                               error=str(exc)), 400
    session().commit()
    return redirect(url_for("games.show", game_id=game.id))


@bp.get("/games/<int:game_id>")
def show(game_id: int):
    return _sheet_page(_game_or_404(game_id))


def _sheet_page(game: Game, error: str | None = None, status: int = 200):
    board = game.board or {}
    cells = plays.board_cells(game.kind, board.get("text"), board.get("new"))
    last = game.turns[-1] if game.turns else None
    return render_template("game.html", game=game, rows=sheet.running(game),
                           totals=sheet.totals(game), next_seat=sheet.next_seat(game),
                           cells=cells, last=last, error=error), status


def _act(game_id: int, action) -> object:
    db = session()
    game = _game_or_404(game_id)
    try:
        action(db, game)
    except CompanionError as exc:
        db.rollback()
        return _sheet_page(_game_or_404(game_id), str(exc), 400)
    db.commit()
    return redirect(url_for("games.show", game_id=game_id))


@bp.post("/games/<int:game_id>/turns")
def add_turn(game_id: int):
    return _act(game_id, lambda db, g: sheet.add_turn(db, g, **_turn_fields(request.form)))


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int):
    return _act(game_id, sheet.undo_turn)


@bp.post("/games/<int:game_id>/finish")
def finish(game_id: int):
    racks = {p: request.form.get(f"rack{p}", "") for p in range(10)}
    return _act(game_id, lambda db, g: sheet.finish_game(db, g, racks))


@bp.get("/games/<int:game_id>/print")
def printable(game_id: int):
    game = _game_or_404(game_id)
    return render_template("game_print.html", game=game, rows=sheet.running(game),
                           totals=sheet.totals(game), title=sheet.TABLES[game.kind].title)


@bp.get("/games/<int:game_id>.gcg")
def gcg(game_id: int):
    text = sheet.gcg_text(_game_or_404(game_id))
    return Response(text, mimetype="text/plain", headers={
        "Content-Disposition": f'attachment; filename="bugwords-{game_id}.gcg"'})


# -- JSON API --------------------------------------------------------------------------------

def _json_body() -> dict:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise UsageError("Send a JSON object in the request body.")
    return body


@bp.get("/api/games/<int:game_id>")
def api_show(game_id: int):
    return jsonify(sheet.game_dict(_game_or_404(game_id)))


@bp.get("/api/games/<int:game_id>/gcg")
def api_gcg(game_id: int):
    return Response(sheet.gcg_text(_game_or_404(game_id)), mimetype="text/plain")


@bp.post("/api/games")
def api_create():
    body = _json_body()
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise UsageError('"players" must be a list of names.')
    game = sheet.create_game(session(), str(body.get("game", "")), players)
    session().commit()
    return jsonify(sheet.game_dict(game)), 201


@bp.post("/api/games/<int:game_id>/turns")
def api_turn(game_id: int):
    body = _json_body()
    game = _game_or_404(game_id)
    sheet.add_turn(session(), game, **_turn_fields(body))
    session().commit()
    return jsonify(sheet.game_dict(game)), 201


@bp.post("/api/games/<int:game_id>/finish")
def api_finish(game_id: int):
    body = _json_body()
    racks = body.get("racks", {})
    if not isinstance(racks, dict):
        raise UsageError('"racks" maps each seat number to the letters left on that rack.')
    game = _game_or_404(game_id)
    sheet.finish_game(session(), game, {int_from(k, "Seat", 0, 9, 0): str(v)
                                        for k, v in racks.items()})
    session().commit()
    return jsonify(sheet.game_dict(game))


_GAME = {"type": "object", "description": "a game with players, turns and running totals"}
_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "integer"}}
_NOT_FOUND = {"404": openapi.ERROR}
openapi.add("/api/games", "post", {
    "summary": "Start a WerdUp or Bug Words game",
    "requestBody": openapi.json_body({"type": "object", "required": ["game", "players"],
                                      "properties": {
        "game": {"type": "string", "enum": list(sheet.TABLES)},
        "players": {"type": "array", "items": {"type": "string"}, "minItems": 2,
                    "maxItems": 4}}}),
    "responses": {"201": {"description": "the new game",
                          "content": {"application/json": {"schema": _GAME}}}},
})
openapi.add("/api/games/{game_id}", "get", {
    "summary": "A game's score sheet", "parameters": [_ID],
    "responses": {**openapi.ok("the game", _GAME), **_NOT_FOUND},
})
openapi.add("/api/games/{game_id}/gcg", "get", {
    "summary": "A Bug Words game as a GCG record", "parameters": [_ID],
    "responses": {**openapi.ok("the record", {"type": "string"}, "text/plain"), **_NOT_FOUND},
})
openapi.add("/api/games/{game_id}/turns", "post", {
    "summary": "Record a turn: a play with its score, a pass or a swap", "parameters": [_ID],
    "requestBody": openapi.json_body({"type": "object", "properties": {
        "seat": {"type": "integer", "description": "default: the next player"},
        "action": {"type": "string", "enum": list(sheet.ACTIONS)},
        "play": {"type": "string", "description": "square and word, e.g. 8H QUIZ (8H reads "
                 "across, H8 down; '.' or (A) for tiles already down; WerdUp: letters on top "
                 "of stacks): judged and scored by the game's rules"},
        "score": {"type": "integer", "minimum": 0, "maximum": sheet.MAX_TURN_SCORE,
                  "description": "the score, when no play is given"},
        "words": {"type": "string"}}}),
    "responses": {"201": {"description": "the game after the turn",
                          "content": {"application/json": {"schema": _GAME}}}, **_NOT_FOUND},
})
openapi.add("/api/games/{game_id}/finish", "post", {
    "summary": "End the game: letters left on each rack are subtracted", "parameters": [_ID],
    "requestBody": openapi.json_body({"type": "object", "properties": {
        "racks": {"type": "object", "additionalProperties": {"type": "string"},
                  "description": "seat number -> letters left on that rack"}}}),
    "responses": {**openapi.ok("the finished game", _GAME), **_NOT_FOUND},
})
