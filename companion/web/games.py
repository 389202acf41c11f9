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
from companion.web import openapi, photos, plays
from companion.web import scoresheet as sheet
from companion.web.db import session
from companion.web.inputs import int_from
from companion.web.models import Game, Photo

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


# -- photos ---------------------------------------------------------------------------------

def _lexicon():
    return load_lexicon(current_app.config.get("LEXICON_PATH"))


def _store_photo(game: Game, data: bytes) -> Photo:
    if game.finished:
        raise UsageError("This game is over; start a new one.")
    reading, overlay_jpeg, (width, height) = photos.read_photo(
        game.kind, data, _lexicon(), current_app.config["MAX_IMAGE_PIXELS"])
    mime = "image/png" if data.startswith(b"\x89PNG") else (
        "image/jpeg" if data.startswith(b"\xff\xd8") else "image/*")
    photo = Photo(game_kind=game.kind, game_id=game.id, mime=mime, width=width,
                  height=height, data=data, overlay=overlay_jpeg, reading=reading)
    session().add(photo)
    session().flush()
    return photo


def _photo_or_404(game: Game, photo_id: int) -> Photo:
    photo = session().get(Photo, photo_id)
    if photo is None or photo.game_id != game.id:
        abort(404, description=f"Game {game.id} has no photo number {photo_id}.")
    return photo


def _uploaded() -> bytes:
    upload = request.files.get("photo")
    if upload is None or not upload.filename:
        raise UsageError("Choose a photo of the board first.")
    return upload.read()


def _photo_page(game: Game, photo: Photo, grid=None, error=None, status=200):
    reading = photo.reading or {}
    board = plays.stored_board(game.kind, (game.board or {}).get("text"))
    before = [[board.get(r, c) or "" for c in range(board.cols)] for r in range(board.rows)]
    unsure = {(u["row"], u["col"]): u["alternatives"] for u in reading.get("uncertain", [])}
    return render_template("photo.html", game=game, photo=photo, grid=grid or reading["grid"],
                           before=before, unsure=unsure, error=error,
                           next_seat=sheet.next_seat(game)), status


@bp.post("/games/<int:game_id>/photos")
def upload_photo(game_id: int):
    game = _game_or_404(game_id)
    try:
        photo = _store_photo(game, _uploaded())
    except CompanionError as exc:
        session().rollback()
        return _sheet_page(_game_or_404(game_id), str(exc), 400)
    session().commit()
    return redirect(url_for("games.photo", game_id=game_id, photo_id=photo.id))


@bp.get("/games/<int:game_id>/photos/<int:photo_id>")
def photo(game_id: int, photo_id: int):
    game = _game_or_404(game_id)
    return _photo_page(game, _photo_or_404(game, photo_id))


@bp.get("/games/<int:game_id>/photos/<int:photo_id>/overlay.jpg")
def overlay(game_id: int, photo_id: int):
    game = _game_or_404(game_id)
    return Response(_photo_or_404(game, photo_id).overlay, mimetype="image/jpeg",
                    headers={"Cache-Control": "private, max-age=3600"})


def _score_photo(game: Game, photo: Photo, grid: list[list[str]], seat: int | None):
    board = plays.stored_board(game.kind, (game.board or {}).get("text"))
    placements = plays.placements_from_grid(game.kind, board, grid)
    scored = plays.score_placements(game.kind, board, placements, _lexicon())
    if not scored.legal:
        raise UsageError(f"{scored.notation}: {scored.reason}" if scored.notation
                         else scored.reason)
    return sheet.add_turn(session(), game, seat=seat, action="play", score=scored.score,
                          words=" ".join(w["word"] for w in scored.words),
                          detail=scored.to_dict(),
                          board={"text": scored.board, "new": scored.new_cells},
                          photo_id=photo.id)


@bp.post("/games/<int:game_id>/photos/<int:photo_id>/score")
def score_photo(game_id: int, photo_id: int):
    game = _game_or_404(game_id)
    photo = _photo_or_404(game, photo_id)
    reading = photo.reading or {}
    grid = None
    try:
        grid = photos.grid_from_form(request.form, reading["rows"], reading["cols"])
        seat = request.form.get("seat")
        _score_photo(game, photo, grid,
                     None if not seat else int_from(seat, "Player", 0, 9, 0))
    except CompanionError as exc:
        session().rollback()
        game = _game_or_404(game_id)
        return _photo_page(game, _photo_or_404(game, photo_id), grid, str(exc), 400)
    session().commit()
    return redirect(url_for("games.show", game_id=game_id))


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


@bp.post("/api/games/<int:game_id>/photos")
def api_photo(game_id: int):
    game = _game_or_404(game_id)
    data = _uploaded() if request.files else request.get_data()
    photo = _store_photo(game, data)
    session().commit()
    return jsonify({"photo_id": photo.id, "reading": photo.reading,
                    "overlay": url_for("games.overlay", game_id=game_id, photo_id=photo.id)}), 201


@bp.post("/api/games/<int:game_id>/photos/<int:photo_id>/score")
def api_score_photo(game_id: int, photo_id: int):
    body = request.get_json(silent=True)
    body = body if isinstance(body, dict) else {}
    game = _game_or_404(game_id)
    photo = _photo_or_404(game, photo_id)
    reading = photo.reading or {}
    grid = photos.grid_from_json(body["grid"], reading["rows"], reading["cols"]) \
        if "grid" in body else reading["grid"]
    seat = body.get("seat")
    _score_photo(game, photo, grid, None if seat is None else int_from(seat, "Seat", 0, 9, 0))
    session().commit()
    return jsonify(sheet.game_dict(game)), 201


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
_PID = {"name": "photo_id", "in": "path", "required": True, "schema": {"type": "integer"}}
openapi.add("/api/games/{game_id}/photos", "post", {
    "summary": "Read a photo of the game's board: letters, confidences, uncertain squares",
    "description": "Send the image as the request body (Content-Type image/jpeg or image/png), "
    "or as multipart field `photo` with an X-CSRF-Token header.",
    "parameters": [_ID],
    "requestBody": {"required": True, "content": {
        "image/jpeg": {"schema": {"type": "string", "format": "binary"}},
        "image/png": {"schema": {"type": "string", "format": "binary"}}}},
    "responses": {"201": {"description": "the reading and the overlay's address",
                          "content": {"application/json": {"schema": {"type": "object"}}}},
                  "404": openapi.ERROR, "413": openapi.ERROR},
})
openapi.add("/api/games/{game_id}/photos/{photo_id}/score", "post", {
    "summary": "Score the new tiles a photo shows (optionally with a corrected grid)",
    "parameters": [_ID, _PID],
    "requestBody": openapi.json_body({"type": "object", "properties": {
        "grid": {"type": "array", "items": {"type": "array", "items": {"type": "string"}},
                 "description": "row by row; \"\" for an empty square"},
        "seat": {"type": "integer"}}}),
    "responses": {"201": {"description": "the game after the turn",
                          "content": {"application/json": {"schema": _GAME}}},
                  "404": openapi.ERROR},
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
