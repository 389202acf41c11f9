"""A board photo on the score sheet: its upload, the page checking the squares read, scoring
the new tiles it shows and keeping score from the board it shows; pages and JSON API, routed
on the Score area's blueprint (``games.bp``)."""

from __future__ import annotations

from flask import (
    Response,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from companion.board import Board, column_name
from companion.errors import CompanionError, UsageError
from companion.play import Table
from companion.text import capital_first, counted
from companion.web import openapi, photos, quota, table_rules
from companion.web import scoresheet as sheet
from companion.web.db import session
from companion.web.errors import field_at_fault, said_on_page, status_of
from companion.web.games import (
    GAME_KEY,
    GAME_SCHEMA,
    MAX_ID,
    REFUSED,
    SEAT_FIELD,
    VERSION_FIELD,
    api_game,
    boxes_typed,
    bp,
    game_or_404,
    locked,
    sheet_page,
    writable,
)
from companion.web.inputs import int_from, json_object, whole_from
from companion.web.models import Game, Photo
from companion.web.retention import forget_old_photos
from companion.web.wordlist import lexicon
from vision.formats import MEDIA_TYPES


def _store_photo(game: Game, data: bytes) -> Photo:
    if game.finished:
        raise UsageError("This game is finished: reopen it to add a board photo.")
    quota.spend(quota.PHOTO)
    reading, overlay_jpeg, (width, height) = photos.read_photo(
        game.kind, data, lexicon(), current_app.config["MAX_IMAGE_PIXELS"])
    from vision.imageio import photo_mime

    photo = Photo(game_kind=game.kind, game_id=game.id, mime=photo_mime(data), width=width,
                  height=height, overlay=overlay_jpeg, reading=reading)
    session().add(photo)
    forget_old_photos(session(), current_app.config["PHOTO_RETENTION_DAYS"])
    session().flush()
    return photo


def _photo_or_404(game: Game, photo_id: int) -> Photo:
    photo = session().get(Photo, photo_id)
    if photo is None or photo.game_id != game.id:
        days = counted(current_app.config["PHOTO_RETENTION_DAYS"], "day")
        abort(404, description=f"This game has no such photo (photos are kept {days}).")
    return photo


def _uploaded() -> bytes:
    return photos.chosen_photo(request.files.get("photo"), "the board")


def _photo_page(game: Game, key: str, photo: Photo, grid=None, error=None, status=200,
                seat: int | None = None, squares: tuple[tuple[int, int], ...] = (),
                start: dict | None = None, field: str = "", play_refused: bool = False,
                heights=None):
    """The photo check page: the squares as read (or as sent, after a refusal; a board of
    stacks' with their ``heights``, :func:`photos.stacks_shown`) and the player
    who played (the one whose turn it is unless ``seat`` was chosen); ``squares``: those the
    error is about, marked invalid and described by it. A game with no turn yet is offered
    to keep score from the board read (:func:`start_from_photo`), its boxes as ``start``
    sent them after a refusal, else the game's names and scores so far (a game already
    started from a board keeps its scores, where the boxes said 0; ``field``: the box
    refused); ``play_refused``: the error is the play's, Score the new tiles having been
    pressed."""
    reading = photo.reading or {}
    rules = sheet.table(game)
    board = rules.load_board((game.board or {}).get("text"))
    unsure = {(u["row"], u["col"]): u["alternatives"] for u in reading.get("uncertain", [])}
    shown = grid or reading["grid"]
    shown_heights = heights if grid else reading.get("heights")
    start_board = None
    can_start = sheet.can_change(game, key) and not game.turns and not game.finished
    if can_start:
        start_board = _board_shown(rules, shown, shown_heights)
        can_start = start_board is None or rules.too_few_to_start(start_board) is None
    # the squares shown in blue as the play, and counted in the next step's sentence
    new = {(r, c) for r, row in enumerate(shown) for c, face in enumerate(row)
           if face and face.upper() != (board.get(r, c) or "").upper()}
    return render_template("photo.html", game=game, key=key, photo=photo,
                           title=sheet.table(game).title,
                           table=sheet.can_change(game, key),
                           grid=photos.stacks_shown(shown, shown_heights),
                           stacks=shown_heights is not None,
                           unsure=unsure, new=new, new_tiles=len(new),
                           stack_checks=_stack_checks(board, reading, shown_heights, new),
                           listed=photos.listed_on_page(reading.get("uncertain", [])),
                           columns=photos.COLUMNS, error=error,
                           error_squares=[list(sq) for sq in squares],
                           can_start=can_start,
                           start_tiles=None if start_board is None
                           else rules.tiles_on(start_board),
                           max_start=sheet.MAX_START_SCORE,
                           start=start or {}, scores_so_far=sheet.start_scores(game),
                           error_field=field,
                           play_refused=play_refused,
                           chosen_seat=sheet.next_seat(game) if seat is None else seat), status


def _stack_checks(board: Board, reading: dict, seen: list | None,
                  new: set[tuple[int, int]]) -> list[str]:
    """A WerdUp photo's stacks whose height, as seen, is not the sheet's board plus the new
    tiles (one more where a letter changed, the same elsewhere): each said as `companion read
    --previous` says it (:func:`vision.werdup_turn.stack_mismatches`), for the table to look
    at the board again; the play is scored on the sheet's heights all the same. Not said of
    a photo of a board the sheet has no tile of (keeping score from it is the way on) nor of
    one whose heights the photo does not show (only a reading of stacks has heights to show,
    so a game without stacks has none). ``seen``: the heights shown on the page (as read, or
    as corrected and sent)."""
    if not reading.get("heights_seen") or board.is_empty():
        return []
    from vision.cells import squares_named
    from vision.werdup_turn import stack_mismatches, state_of

    seen = seen or []
    if len(seen) != board.rows or any(len(row) != board.cols for row in seen):
        return []
    return [capital_first(f"{squares_named([m], column_name)}: {m['reason']}.")
            for m in stack_mismatches(state_of(board), new, seen)]


def _board_shown(rules: Table, grid: list[list[str]], heights: list | None) -> Board | None:
    """The board the photo page's ``grid`` (and stacks' ``heights``) shows, read as a start is
    (:func:`start_from_photo`), to offer keeping score from it only when the engine would
    (:meth:`Table.too_few_to_start`: not from an empty board, or one tile); ``None`` while a
    square holds what is no tile (a letter not seen, "?"), which keeping score names."""
    try:
        return rules.read_start(rules.position_text(grid, heights))
    except CompanionError:
        return None


@bp.post("/games/<key>/photos")
def upload_photo(key: str) -> ResponseReturnValue:
    try:
        photo = _store_photo(writable(key), _uploaded())
    except CompanionError as exc:
        session().rollback()
        return sheet_page(game_or_404(key), key, said_on_page(exc), status_of(exc),
                          boxes_typed(request.form), field_at_fault(exc, "photo"))
    session().commit()
    return redirect(url_for("games.photo", key=key, photo_id=photo.id))


@bp.get("/games/<key>/photos/<id:photo_id>")
def photo(key: str, photo_id: int) -> ResponseReturnValue:
    game = game_or_404(key)
    return _photo_page(game, key, _photo_or_404(game, photo_id))


@bp.get("/games/<key>/photos/<id:photo_id>/score")
def back_to_photo(key: str, photo_id: int) -> ResponseReturnValue:
    """The photo's scoring form opened again (reload, back button): the photo's page."""
    return redirect(url_for("games.photo", key=key, photo_id=photo_id))


@bp.get("/games/<key>/photos/<id:photo_id>/overlay.jpg")
def overlay(key: str, photo_id: int) -> ResponseReturnValue:
    game = game_or_404(key)
    return Response(_photo_or_404(game, photo_id).overlay, mimetype="image/jpeg",
                    headers={"Cache-Control": "private, max-age=3600"})


def _sent(reading: dict) -> tuple[list[list[str]], list[list[int | None]] | None]:
    """The photo page's squares as sent: the letters, and a board of stacks' heights
    (``None`` for a flat board), each square as the page shows it
    (:func:`photos.stacks_from_form`)."""
    if reading.get("heights") is None:
        return photos.grid_from_form(request.form, reading["rows"], reading["cols"]), None
    return photos.stacks_from_form(request.form, reading["rows"], reading["cols"],
                                   reading["heights"])


def _score_photo(game: Game, photo: Photo, grid: list[list[str]], seat: int | None):
    quota.take(quota.TURN)  # a turn as a typed one is, kept with it
    return table_rules.record_photo_turn(session(), game, grid, seat, photo.id, lexicon(),
                                         table_rules.now())


@bp.post("/games/<key>/photos/<id:photo_id>/score")
def score_photo(key: str, photo_id: int) -> ResponseReturnValue:
    grid = heights = None
    try:
        game = locked(key, request.form)
        photo = _photo_or_404(game, photo_id)
        grid, heights = _sent(photo.reading or {})
        seat = request.form.get("seat")
        _score_photo(game, photo, grid,
                     None if not seat else whole_from(seat, "Player", 0))
    except CompanionError as exc:
        session().rollback()
        game = game_or_404(key)
        # the game as it stands after a change elsewhere: its player on turn
        chosen = "" if isinstance(exc, sheet.GameMoved) else str(request.form.get("seat", ""))
        # Keep score's boxes, sent with the play (Enter in them, without scripts, presses
        # the form's first button), are offered again as typed
        typed = _start_typed(request.form, game) if any(
            f"start{p.seat}" in request.form for p in game.players) else None
        return _photo_page(game, key, _photo_or_404(game, photo_id), grid, said_on_page(exc),
                           status_of(exc),
                           int(chosen) if chosen.isascii() and chosen.isdigit() and len(chosen) < 3
                           else None,
                           getattr(exc, "squares", ()), typed, play_refused=True,
                           heights=heights)
    session().commit()
    flash("play", "focus")  # the next turn is typed in the play's box, as after a turn typed
    return redirect(url_for("games.show", key=key))


CHECKED = "checked"  # the photo page's box saying its squares in doubt were checked


def _start_typed(form, game: Game) -> dict:
    """The boxes of Keep score from this board as ``form`` sent them (names, scores, the
    squares-checked box), to fill them in again after a refusal."""
    return {"names": {p.seat: str(form.get(f"name{p.seat}", "")) for p in game.players},
            "scores": {p.seat: str(form.get(f"start{p.seat}", "")) for p in game.players},
            CHECKED: bool(form.get(CHECKED))}


@bp.post("/games/<key>/photos/<id:photo_id>/start")
def start_from_photo(key: str, photo_id: int) -> ResponseReturnValue:
    """Keep score from the board a photo shows: the game, with no turn yet, starts from it
    (its squares as corrected on the page), its players named and their scores so far as
    typed (:func:`scoresheet.start_from`)."""
    grid = heights = None
    field = ""
    try:
        game = locked(key, request.form)
        photo = _photo_or_404(game, photo_id)
        reading = photo.reading or {}
        grid, heights = _sent(reading)
        listed = reading.get("uncertain") or []
        if listed and not request.form.get(CHECKED):
            field = CHECKED
            raise UsageError(f"Check the {counted(len(listed), 'square')} in orange first (tap "
                             "a suggestion, or type the letter on the tile), then tick "
                             "\"The squares in orange are checked\".")
        field = "name0"
        names = sheet.players_named(game, [str(request.form.get(f"name{p.seat}", p.name))
                                           for p in game.players])
        scores = []
        for p, name in zip(game.players, names, strict=True):
            field = f"start{p.seat}"
            scores.append(int_from(request.form.get(field), f"{name}'s score so far", 0,
                                   sheet.MAX_START_SCORE, 0))
        field = ""  # the board's refusals mark its squares
        text = sheet.table(game).position_text(grid, heights)
        sheet.start_from(game, text, scores, names)
    except CompanionError as exc:
        session().rollback()
        game = game_or_404(key)
        return _photo_page(game, key, _photo_or_404(game, photo_id), grid, said_on_page(exc),
                           status_of(exc), None, getattr(exc, "squares", ()),
                           _start_typed(request.form, game), field, heights=heights)
    session().commit()
    flash("play", "focus")  # the first turn is typed in the play's box
    return redirect(url_for("games.show", key=key))


@bp.get("/games/<key>/photos/<id:photo_id>/start")
def back_to_photo_start(key: str, photo_id: int) -> ResponseReturnValue:
    """Keep score from this board opened again (reload, back button): the photo's page."""
    return redirect(url_for("games.photo", key=key, photo_id=photo_id))


@bp.post("/api/games/<key>/photos")
def api_photo(key: str) -> ResponseReturnValue:
    game = writable(key)
    data = _uploaded() if request.files else request.get_data()
    photo = _store_photo(game, data)
    session().commit()
    return jsonify({"photo_id": photo.id, "reading": photo.reading,
                    "overlay": url_for("games.overlay", key=key, photo_id=photo.id)}), 201


@bp.post("/api/games/<key>/photos/<id:photo_id>/score")
def api_score_photo(key: str, photo_id: int) -> ResponseReturnValue:
    body = json_object()
    game = locked(key, body)
    photo = _photo_or_404(game, photo_id)
    reading = photo.reading or {}
    grid = photos.grid_from_json(body["grid"], reading["rows"], reading["cols"]) \
        if "grid" in body else reading["grid"]
    seat = body.get("seat")
    _score_photo(game, photo, grid, None if seat is None else whole_from(seat, "Seat", 0))
    session().commit()
    return jsonify(api_game(game, key)), 201


_PID = {"name": "photo_id", "in": "path", "required": True,
        "schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID}}
openapi.add("/api/games/{key}/photos", "post", {
    "summary": "Read a photo of the game's board: letters, confidences, uncertain squares",
    "description": "Send the photo as the request body (Content-Type "
    f"{', '.join(MEDIA_TYPES[:-1])} or {MEDIA_TYPES[-1]}), or as multipart field `photo` "
    "with an X-CSRF-Token header. The reading's `confidence` grid is null where no figure "
    "measures a square; each listed square's `alternatives` are `{letter, p}`, `p` null "
    "where no share measures it, and `why` says why it is listed when the reading says.",
    "parameters": [GAME_KEY],
    "requestBody": openapi.photo_body(),
    "responses": {"201": {"description": "the reading and the overlay's address",
                          "content": {"application/json": {"schema": {"type": "object"}}}},
                  **REFUSED, "413": openapi.ERROR, "429": openapi.ERROR,
                  "503": openapi.NOT_SET_UP},
})
openapi.add("/api/games/{key}/photos/{photo_id}/score", "post", {
    "summary": "Score the new tiles a photo shows (optionally with a corrected grid)",
    "parameters": [GAME_KEY, _PID],
    "requestBody": openapi.json_body({"type": "object", "properties": {
        "grid": {"type": "array", "items": {"type": "array", "items": {"type": "string"}},
                 "description": "row by row; \"\" for an empty square"},
        "seat": SEAT_FIELD, "version": VERSION_FIELD}}),
    "responses": {"201": {"description": "the game after the turn",
                          "content": {"application/json": {"schema": GAME_SCHEMA}}}, **REFUSED,
                  "429": openapi.ERROR},
})
