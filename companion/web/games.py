"""Score: games with players and turns (WerdUp, Bug Words), pages and JSON API.

A game's board photos are routed on this blueprint by :mod:`companion.web.game_photos`, with
the helpers below that it shares (a game by key, locked for a change, the sheet's page, the
game as the API sends it); the printed sheet's layout is :mod:`companion.web.sheet_paper`'s.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask import session as flask_session
from flask.typing import ResponseReturnValue
from sqlalchemy import or_

from companion.challenges import CHALLENGE_RULE_NAMES, challenge_rules
from companion.errors import CompanionError, PageWordedError, RackError, UsageError
from companion.tables import TABLE_GAMES, table_for
from companion.text import quoted
from companion.web import openapi, plays, quota, records, table_rules
from companion.web import scoresheet as sheet
from companion.web.db import session
from companion.web.errors import said_on_page, status_of
from companion.web.inputs import int_from, json_object, plain_text, whole_from
from companion.web.models import Game
from companion.web.qr import qr_svg
from companion.web.sheet_paper import SCREEN_FIT, laid_out, printed
from companion.web.wordlist import lexicon

bp = Blueprint("games", __name__)

# Games this browser created or opened (their keys, newest first), kept in its cookie.
REMEMBERED = 20
MAX_ID = 2**31 - 1


def _remember(key: str) -> None:
    known = [k for k in flask_session.get("games", []) if k != key]
    flask_session["games"] = [key, *known][:REMEMBERED]


def game_or_404(key: str, turns: bool = True) -> Game:
    """The game of table or spectators' key ``key`` (404 when there is none); ``turns``: its
    turns read with it (:func:`scoresheet.get_game`)."""
    try:
        return sheet.get_game(session(), key, turns)
    except LookupError as exc:
        abort(404, description=str(exc))


def _seen(values) -> int | None:
    """The game version the sending page showed (None: not sent)."""
    value = values.get("version")
    return None if value in (None, "") else int_from(value, "Version", 0, MAX_ID, 0)


def _request_key(values) -> str | None:
    value = values.get("request_key")
    if value in (None, ""):
        return None
    if not isinstance(value, str) or len(value) > 32:
        raise UsageError('"request_key" is a string of at most 32 characters.')
    return value


def writable(key: str, doing: str = "change the game", turns: bool = True) -> Game:
    """The game of table key ``key``, read (not locked): for slow work before a change, or
    a change that moves no version on (the clock's). The spectators' key is refused, saying
    only the table link can do ``doing`` (:func:`scoresheet.check_table_key`)."""
    game = game_or_404(key, turns)
    sheet.check_table_key(game, key, doing)
    return game


def locked(key: str, values: Mapping[str, Any]) -> Game:
    try:
        return sheet.lock_game(session(), key, _seen(values), _request_key(values))
    except LookupError as exc:
        abort(404, description=str(exc))


def _text(values, name: str) -> str:
    """A text field of a turn ("" when left out; a JSON field of another type is refused
    before the view, :func:`companion.web.inputs.refuse_wrong_json_types`)."""
    value = values.get(name)
    return "" if value is None else str(value)


def _score_left_out(values) -> bool:
    """Whether a turn's words are typed without a score, and no play: the score box left
    empty is no score of 0 (the words were recorded as scoring 0)."""
    return (bool(_text(values, "words").strip()) and not _text(values, "play").strip()
            and (_text(values, "action") or "play") == "play"
            and not _text(values, "score").strip())


def _turn_fields(values) -> dict:
    seat = values.get("seat")
    words = plain_text(_text(values, "words"))
    if _score_left_out(values):
        named = " ".join(words.upper().split())
        raise UsageError(f"Type the score of {named if len(named) <= 40 else 'the words'} too "
                         "(0 if it scored nothing), or the play itself to have it scored.")
    return {
        # whole numbers, their ranges the sheet's to refuse (scoresheet.add_turn)
        "seat": None if seat in (None, "") else whole_from(seat, "Player", 0),
        "action": _text(values, "action") or "play",
        "score": whole_from(values.get("score"), "Score", 0),
        "words": words,
        "play": plain_text(_text(values, "play")),
        "lexicon": lexicon(),
        "request_key": _request_key(values),
    }


def _turn_field(values) -> str:
    """The field of the turn form a refusal is about: the play if one was typed (or nothing
    was), else the score if it is not one (a whole number, 0 to the most a turn scores), else
    the words."""
    if str(values.get("play", "")).strip() or not (
            str(values.get("words", "")).strip() or str(values.get("score", "")).strip()):
        return "play"
    if _score_left_out(values):
        return "score"
    try:
        int_from(values.get("score"), "Score", 0, sheet.MAX_TURN_SCORE, 0)
    except UsageError:
        return "score"
    return "words"


def boxes_typed(form: Mapping[str, Any]) -> dict:
    """The turn's and the racks' boxes as ``form`` sent them, to fill the sheet in again after
    a refusal (a board photo is sent by the turn's form, its boxes with it)."""
    typed: dict = {k: form.get(k, "") for k in ("play", "words", "score", "action", "seat")}
    typed["racks"] = {int(k[4:]): v for k, v in form.items()
                      if k.startswith("rack") and k[4:].isascii() and k[4:].isdigit() and v}
    return typed


def _tables() -> dict:
    """Each table game's facade by name, for the pages (titles, the choice of game)."""
    return {name: table_for(name) for name in TABLE_GAMES}


def _games_page(error: str | None = None, typed: dict | None = None, status: int = 200,
                field: str = ""):
    """The Score page: the new-game form (filled in again with ``typed`` after an error, which
    is tied to ``field``) and the games this browser started or opened."""
    keys = [k for k in flask_session.get("games", []) if sheet.key_shape_ok(str(k))]
    games = session().query(Game).filter(
        or_(Game.table_key.in_(keys), Game.view_key.in_(keys))).all() if keys else []
    games.sort(key=lambda g: -g.id)
    rules = challenge_rules()
    return render_template("games.html", games=games, tables=_tables(),
                           challenge_rules=[rules[n] for n in CHALLENGE_RULE_NAMES],
                           game_rules={k: table_rules.form_rule(k) for k in TABLE_GAMES},
                           mine={k for k in keys}, error=error, error_field=field,
                           typed=typed or {}), status


@bp.get("/games")
def page() -> ResponseReturnValue:
    return _games_page()


@bp.post("/games")
def create() -> ResponseReturnValue:
    field = ""
    try:
        quota.take(quota.GAME)  # kept with the game: a form refused is not counted
        field = "game"
        table_for(request.form.get("game", ""))
        field = "player-1"
        game = sheet.create_game(session(), request.form.get("game", ""),
                                 request.form.getlist("player"))
        field = "challenge_rule"
        table_rules.rule_from_form(request.form)
        field = "clock_minutes"
        table_rules.clock_from_form({"clock_minutes": request.form.get("clock_minutes")})
        field = "clock_penalty"
        table_rules.apply_settings(game, request.form)
    except CompanionError as exc:
        session().rollback()
        typed: dict[str, object] = {k: request.form.get(k, "") for k in (
            "game", "challenge_rule", "clock_minutes", "clock_penalty")}
        typed["players"] = request.form.getlist("player")
        return _games_page(said_on_page(exc), typed, status_of(exc), field)
    session().commit()
    key = cast(str, game.table_key)  # a new game always has one
    _remember(key)
    return redirect(url_for("games.show", key=key))


@bp.get("/games/<key>")
def show(key: str) -> ResponseReturnValue:
    game = game_or_404(key)
    _remember(key)
    return sheet_page(game, key)


def sheet_page(game: Game, key: str, error: str | None = None, status: int = 200,
               typed: dict | None = None, field: str = "") -> tuple[str, int]:
    board = game.board or {}
    rules = sheet.table(game)
    cells = plays.board_cells(rules, board.get("text"), board.get("new"))
    last = game.turns[-1] if game.turns else None
    open_play = table_rules.open_play(game)
    rows = sheet.running(game)
    return render_template("game.html", game=game, key=key, standings=sheet.standings,
                           table=sheet.can_change(game, key), rows=rows,
                           last_turn=last_turn_said(rows),
                           name_longest={p.seat: printed(p.name, "Helvetica")["longest"]
                                         for p in game.players}, screen_fit=SCREEN_FIT,
                           totals=sheet.totals(game), next_seat=sheet.to_move(game),
                           cells=cells, last=last, error=error, error_field=field,
                           last_words=rules.played_words(last.detail if last else None),
                           typed=typed or {}, max_turn_score=sheet.MAX_TURN_SCORE,
                           rules=rules, example=plays.example_play(rules),
                           request_key=secrets.token_urlsafe(12),
                           open_play=open_play,
                           open_words=(None if open_play is None
                                       else rules.words_shown(open_play.detail,
                                                              open_play.words)),
                           challenger=(None if open_play is None
                                       else table_rules.challenger_of(game, open_play)),
                           outcome=table_rules.last_outcome(game),
                           rule=table_rules.rule_of(game),
                           clock=table_rules.time_left(game, table_rules.now()),
                           ended="" if game.finished else sheet.game_over(game),
                           started=sheet.start_said(game),
                           held=None if game.finished else sheet.tiles_held(game),
                           racks_hold=None if game.finished else sheet.racks_hold(game)), status


def _act(key: str, action, field: str = "",
         then: str | Callable[[Game], str] = "") -> ResponseReturnValue:
    """Run ``action`` on the game under the version check; a refusal shows the sheet with the
    form filled in again and the error tied to ``field`` (none when the game had changed).
    A sentence ``action`` returns (a turn taken back) is said once on the sheet it leads to,
    once the change is kept; other actions return their record, which is not said. ``then``
    names the box the keyboard goes on in on the sheet the kept change leads to (its
    ``focus`` message, read once), or gives it from the game as the change left it."""
    db = session()
    try:
        game = locked(key, request.form)
        said = action(db, game)
    except CompanionError as exc:
        db.rollback()
        typed = boxes_typed(request.form)
        status = status_of(exc)
        if isinstance(exc, RackError):  # one player's rack: its box, not every rack's
            field = f"rack{exc.seat}"
        if isinstance(exc, sheet.NotOnTurn):
            field = "seat"
        if isinstance(exc, sheet.GameMoved):  # the game as it stands: its player on turn
            typed["seat"] = ""
        return sheet_page(game_or_404(key), key, said_on_page(exc), status, typed,
                          "" if status in (409, 429) else field)
    box = then(game) if callable(then) else then
    db.commit()
    if isinstance(said, str) and said:
        flash(said)
    if box:
        flash(box, "focus")
    return redirect(url_for("games.show", key=key))


@bp.post("/games/<key>/turns")
def add_turn(key: str) -> ResponseReturnValue:
    def record(db, game: Game):
        quota.take(quota.TURN)  # kept with the turn
        return table_rules.record_turn(db, game, _turn_fields(request.form), table_rules.now())

    # the next turn is typed where this one was: its play's box
    return _act(key, record, _turn_field(request.form), then="play")


def _challenger(values) -> int | None:
    """The seat named as the challenger (``challenger``), if any: a whole number, a seat of
    the game's or not as :func:`table_rules.challenge` says."""
    seat = values.get("challenger")
    return None if seat in (None, "") else whole_from(seat, "Challenger", 0)


@bp.post("/games/<key>/challenge")
def challenge(key: str) -> ResponseReturnValue:
    return _act(key, lambda db, g: table_rules.challenge(db, g, lexicon(),
                                                         _challenger(request.form),
                                                         table_rules.now()))


def last_turn_said(rows: list[dict]) -> str:
    """The sheet's last turn as the take-back button asks about it and the sheet then says
    it was taken back: "turn 3 (Ann: QUIZ, 44)"."""
    if not rows:
        return ""
    row = rows[-1]
    done = row["shown"] if row["action"] == "play" else row["action"]
    return f"turn {len(rows)} ({row['player']}: {done}, {row['score']})"


def _undo(db, game: Game, values) -> str:
    if _seen(values) is None:
        raise PageWordedError('Send "version", the game\'s version as you last saw it, so '
                              "that a turn is taken back once however often it is sent.",
                              "This page did not say which version of the game it showed: "
                              "reload the page and try again.")
    said = last_turn_said(sheet.running(game))
    table_rules.take_back(db, game, table_rules.now())
    return f"{said[:1].upper()}{said[1:]} taken back."


@bp.post("/games/<key>/undo")
def undo(key: str) -> ResponseReturnValue:
    # the turn taken back is typed again where a turn is typed: its play's box
    return _act(key, lambda db, g: _undo(db, g, request.form), then="play")


REOPENED = ("The game is reopened: the end-of-game scores are off, and the racks typed are "
            "kept in End the game until a turn is added or taken back.")


def _after_reopening(game: Game) -> str:
    """Where the keyboard goes on once a game is reopened: the next turn's play, or, when its
    turns had ended it (the turn that ended it recorded by mistake), the take-back."""
    return "undo" if sheet.game_over(game) else "play"


@bp.post("/games/<key>/reopen")
def reopen(key: str) -> ResponseReturnValue:
    def reopen_it(db, game: Game) -> str:
        table_rules.reopen(db, game, table_rules.now())
        return REOPENED

    return _act(key, reopen_it, then=_after_reopening)


_SEAT_NUMBER = re.compile(r"-?[0-9]+")
_RACK_BOX = re.compile(r"rack(-?[0-9]+)")  # the end form's box of a seat's rack


def racks_sent(sent: Iterable[tuple[str, object]]) -> dict[int, str]:
    """The racks left at the end as sent, by seat: the API's ``racks`` (seat -> letters) or
    the end form's boxes (``rack0``, ``rack1``...). A seat is a whole number, whether the
    game has it being the sheet's to say (:func:`scoresheet.finish_game`); one seat sent
    twice ("1" and "01") is refused, neither taken silently."""
    racks: dict[int, str] = {}
    for seat_text, letters in sent:
        try:
            if not _SEAT_NUMBER.fullmatch(seat_text):
                raise ValueError(seat_text)
            seat = int(seat_text)
        except ValueError:  # (of more digits than Python reads as a number, too)
            raise UsageError(f'"racks" holds each rack under its player\'s seat, a whole '
                             f"number from 0, not {quoted(seat_text)}.") from None
        if seat in racks:
            raise UsageError(f"The rack of seat {seat} is sent twice: send it once.")
        racks[seat] = "" if letters is None else str(letters)
    return racks


@bp.post("/games/<key>/finish")
def finish(key: str) -> ResponseReturnValue:
    # only the boxes of the game's players are on the form (a box for a seat the game has
    # not is refused by the sheet, as the API's rack is)
    def end(db, game: Game) -> None:
        racks = racks_sent((m.group(1), v) for k, v in request.form.items()
                           if (m := _RACK_BOX.fullmatch(k)))
        sheet.finish_game(db, game, racks)
        table_rules.finish_clock(db, game, table_rules.now())

    return _act(key, end, "racks")


@bp.get("/games/<key>/turns")
@bp.get("/games/<key>/undo")
@bp.get("/games/<key>/finish")
@bp.get("/games/<key>/reopen")
@bp.get("/games/<key>/challenge")
@bp.get("/games/<key>/photos")
def back_to_game(key: str) -> ResponseReturnValue:
    """A form's address opened again (reload, back button): the game's page."""
    return redirect(url_for("games.show", key=key))


def _turn_texts(rows: list[dict]) -> list[str]:
    """Each turn as the printable sheet writes it in its player's column: the words played
    (or the action, with what a challenge did) and the turn's score."""
    from flask import get_template_attribute

    words = get_template_attribute("_turn.html", "turn_words")
    return [f"{words(r)} {r['score']}" for r in rows]


@bp.get("/games/<key>/print")
def printable(key: str) -> ResponseReturnValue:
    """The game's score sheet to print: a row a round (:func:`scoresheet.rounds`), each
    player's turn in their own two columns, as a paper score sheet has them; its layout is
    :func:`sheet_paper.laid_out`'s."""
    game = game_or_404(key)
    rows = sheet.running(game)
    rounds = sheet.rounds(game)
    totals = sheet.totals(game)
    return render_template("game_print.html", game=game, key=key, rounds=rounds,
                           totals=totals, title=sheet.table(game).title,
                           started=sheet.start_said(game),
                           **laid_out(game, rows, rounds, _turn_texts(rows), totals))


@bp.get("/games/<key>.gcg")
def gcg(key: str) -> ResponseReturnValue:
    game = game_or_404(key)
    text = records.record_text(game)
    return Response(text, mimetype="text/plain", headers={
        "Content-Disposition": f'attachment; filename="{records.record_file_name(game)}"'})


@bp.get("/games/<key>/link.svg")
def link_qr(key: str) -> ResponseReturnValue:
    """The QR code of the link ``key`` (the table's or the spectators')."""
    game_or_404(key)
    return Response(qr_svg(url_for("games.show", key=key, _external=True)),
                    mimetype="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


# -- JSON API --------------------------------------------------------------------------------

def api_game(game: Game, key: str) -> dict:
    data = sheet.game_dict(game)
    data |= table_rules.settings_dict(game, table_rules.now())
    data["links"] = {"view": url_for("games.show", key=game.view_key)}
    if sheet.can_change(game, key):
        data["table_key"] = game.table_key
        data["links"]["table"] = url_for("games.show", key=game.table_key)
    return data


@bp.get("/api/games/<key>")
def api_show(key: str) -> ResponseReturnValue:
    return jsonify(api_game(game_or_404(key), key))


@bp.get("/api/games/<key>/gcg")
def api_gcg(key: str) -> ResponseReturnValue:
    return Response(records.record_text(game_or_404(key)), mimetype="text/plain")


@bp.post("/api/games")
def api_create() -> ResponseReturnValue:
    body = json_object()
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise UsageError('"players" must be a list of names.')
    start, scores = _start_fields(body)
    quota.take(quota.GAME)  # kept with the game
    game = sheet.create_game(session(), body.get("game") or "", players, start, scores)
    table_rules.apply_settings(game, body)
    session().commit()
    key = cast(str, game.table_key)  # a new game always has one
    _remember(key)
    return jsonify(api_game(game, key)), 201


def _start_fields(body: dict) -> tuple[str | None, list[int] | None]:
    """A new game's starting position (``start``: the text the command line reads as a
    position) and the players' scores so far (``scores``), as the API sends them."""
    start, scores = body.get("start"), body.get("scores")
    if start is not None and not isinstance(start, str):
        raise UsageError('"start" must be the starting board as text, a line a row.')
    if scores is None:
        return start, None
    if start is None:
        raise UsageError('"scores" are the players\' scores so far on a starting board: give '
                         'the board as "start" too.')
    if not isinstance(scores, list):
        raise UsageError('"scores" must be a list of whole numbers, one a player.')
    return start, [int_from(v, "Score so far", 0, sheet.MAX_START_SCORE, 0) for v in scores]


@bp.post("/api/games/<key>/turns")
def api_turn(key: str) -> ResponseReturnValue:
    body = json_object()
    fields = _turn_fields(body)
    game = locked(key, body)
    quota.take(quota.TURN)  # kept with the turn
    table_rules.record_turn(session(), game, fields, table_rules.now())
    session().commit()
    return jsonify(api_game(game, key)), 201


@bp.post("/api/games/<key>/undo")
def api_undo(key: str) -> ResponseReturnValue:
    body = json_object()
    game = locked(key, body)
    _undo(session(), game, body)
    session().commit()
    return jsonify(api_game(game, key))


@bp.post("/api/games/<key>/challenge")
def api_challenge(key: str) -> ResponseReturnValue:
    body = json_object()
    challenger = _challenger(body)
    game = locked(key, body)
    table_rules.challenge(session(), game, lexicon(), challenger, table_rules.now())
    session().commit()
    return jsonify(api_game(game, key))


@bp.post("/api/games/<key>/reopen")
def api_reopen(key: str) -> ResponseReturnValue:
    body = json_object()
    game = locked(key, body)
    table_rules.reopen(session(), game, table_rules.now())
    session().commit()
    return jsonify(api_game(game, key))


@bp.post("/api/games/<key>/finish")
def api_finish(key: str) -> ResponseReturnValue:
    body = json_object()
    racks = racks_sent((body.get("racks") or {}).items())
    game = locked(key, body)
    sheet.finish_game(session(), game, racks)
    table_rules.finish_clock(session(), game, table_rules.now())
    session().commit()
    return jsonify(api_game(game, key))


# the game as the API sends it, and parts of its operations (the photos' too: game_photos)
GAME_SCHEMA = {"type": "object", "description": "a game with players, turns and running totals; "
               "`table_key` (the players' capability) only for its holders",
               "properties": {"version": {"type": "integer"}, "view_key": {"type": "string"},
                              "table_key": {"type": "string"},
                              "next_seat": {"type": ["integer", "null"], "minimum": 0,
                                            "description": "the seat to play; null once the game "
                                            "is over or finished"},
                              "players": {"type": "array", "items": {
                                  "type": "object",
                                  "required": ["seat", "name", "end_adjustment", "total",
                                               "tiles_held"],
                                  "properties": {
                                      "seat": {"type": "integer"}, "name": {"type": "string"},
                                      "end_adjustment": {"type": "integer"},
                                      "total": {"type": "integer"},
                                      "tiles_held": {"type": ["integer", "null"], "minimum": 0,
                                                     "description": "the tiles the player holds "
                                                     "by the score sheet's count of the plays "
                                                     "(0 for a player who went out); null when "
                                                     "the sheet does not know it (a play entered "
                                                     "as words and a score)"}}}}}}
GAME_KEY = {"name": "key", "in": "path", "required": True, "description": "the game's table key "
            "(players: may change it) or spectators' key (read only)", "schema": {"type": "string"}}
_NOT_FOUND = {"404": openapi.ERROR}
REFUSED = {"403": openapi.ERROR, "404": openapi.ERROR, "409": openapi.ERROR}
# a player's seat, from 0: the refusal is the sheet's, of a seat the game has not (a table
# seats at most the most players of any game)
SEAT_FIELD = {"type": "integer", "minimum": 0,
              "maximum": max(t.max_players for t in _tables().values()) - 1}
VERSION_FIELD = {"type": "integer", "minimum": 0, "description": "the game's version as you last "
                 "saw it: the change is refused (409) if the game has moved on since; fetch "
                 "the game again (GET /api/games/{key}) and send its version with the change "
                 "if it still stands"}
openapi.add("/api/games", "post", {
    "summary": "Start a WerdUp or Bug Words game: its table key (keep it: whoever holds it "
    "can change the game) and spectators' key",
    "requestBody": openapi.json_body({"type": "object", "required": ["game", "players"],
                                      "properties": {
        "game": {"type": "string", "enum": list(TABLE_GAMES)},
        "players": {"type": "array", "items": {"type": "string"},
                    "minItems": min(t.min_players for t in _tables().values()),
                    "maxItems": max(t.max_players for t in _tables().values())},
        "challenge_rule": {"type": "string", "enum": list(CHALLENGE_RULE_NAMES),
                           "description": "default: the game's own rule (Bug Words single, "
                           "its rulebook's expert mode; WerdUp none: the companion refuses "
                           "words not in the list; a player alone: none)"},
        "clock_minutes": {"type": "integer", "minimum": 1,
                          "maximum": table_rules.MAX_BANK_MINUTES,
                          "description": "a game clock: minutes for each player"},
        "clock_penalty": {"type": "integer", "minimum": 0, "maximum": 1000,
                          "description": "points lost per started minute over (10)"},
        "start": {"type": "string", "maxLength": 4000,
                  "description": "start part way through, from this board: board text as "
                  "the command line reads a position, a line a row, '.' an empty square "
                  "(Bug Words: a blank's letter in lower case; WerdUp: E3 an E on a stack "
                  "of 3, or a photo's reading, {\"grid\", \"heights\"}); refused, in the "
                  "rules' sentence, when no game leaves it"},
        "scores": {"type": "array", "items": {"type": "integer", "minimum": 0,
                                              "maximum": sheet.MAX_START_SCORE},
                   "description": "with start: each player's score so far, in seat order "
                   "(default 0 each)"}}}),
    "responses": {"201": {"description": "the new game",
                          "content": {"application/json": {"schema": GAME_SCHEMA}}},
                  "429": openapi.ERROR},
})
openapi.add("/api/games/{key}", "get", {
    "summary": "A game's score sheet", "parameters": [GAME_KEY],
    "responses": {**openapi.ok("the game", GAME_SCHEMA), **_NOT_FOUND},
})
openapi.add("/api/games/{key}/gcg", "get", {
    "summary": "The game's record (GCG for Bug Words, the WerdUp record for WerdUp)",
    "parameters": [GAME_KEY],
    "responses": {**openapi.ok("the record", {"type": "string"}, "text/plain"), **_NOT_FOUND},
})
openapi.add("/api/games/{key}/turns", "post", {
    "summary": "Record a turn: a play with its score, a pass or a swap", "parameters": [GAME_KEY],
    "requestBody": openapi.json_body({"type": "object", "properties": {
        "seat": SEAT_FIELD | {"description": "the player's seat, from 0 (default: the next "
                              "player)"},
        "action": {"type": "string", "enum": list(sheet.ACTIONS)},
        "play": {"type": "string", "description": "square and word, e.g. 8H QUIZ (8H reads "
                 "across, H8 down; '.' or (A) for tiles already down; WerdUp: letters on top "
                 "of stacks): judged and scored by the game's rules"},
        "score": {"type": "integer", "minimum": 0, "maximum": sheet.MAX_TURN_SCORE,
                  "description": "the score, when no play is given (required with words)"},
        "words": {"type": "string", "description": "the words played, with their score, when "
                  "no play is given"},
        "version": VERSION_FIELD,
        "request_key": {"type": "string", "maxLength": 32, "description": "any one-time "
                        "string: the same turn sent twice with it is recorded once"}}}),
    "responses": {"201": {"description": "the game after the turn",
                          "content": {"application/json": {"schema": GAME_SCHEMA}}}, **REFUSED,
                  "429": openapi.ERROR},
})
openapi.add("/api/games/{key}/undo", "post", {
    "summary": "Take back the last turn", "parameters": [GAME_KEY],
    "requestBody": openapi.json_body({"type": "object", "required": ["version"],
                                      "properties": {"version": VERSION_FIELD}}),
    "responses": {**openapi.ok("the game after taking back", GAME_SCHEMA), **REFUSED},
})
openapi.add("/api/games/{key}/challenge", "post", {
    "summary": "Challenge the last play (a table with a challenge rule, before the next "
    "turn; in WerdUp, before another word is played, passes and swaps keeping it open): the "
    "rule's outcome is applied and kept with the play; a turn the rule costs the challenger "
    "is their own next one", "parameters": [GAME_KEY],
    "requestBody": openapi.json_body({"type": "object", "properties": {
        "version": VERSION_FIELD,
        "challenger": SEAT_FIELD | {"description": "the challenging player's seat (default: "
                                    "the player to move, or the next one when that is the "
                                    "play's own player)"}}}),
    "responses": {**openapi.ok("the game after the challenge", GAME_SCHEMA), **REFUSED},
})
openapi.add("/api/games/{key}/reopen", "post", {
    "summary": "Reopen a finished game (ended by mistake): the end-of-game adjustments and "
    "overtime penalties come off, the clock runs again for the player on turn, and turns "
    "can be recorded and taken back again",
    "parameters": [GAME_KEY],
    "requestBody": openapi.json_body({"type": "object", "properties": {"version": VERSION_FIELD}}),
    "responses": {**openapi.ok("the game reopened", GAME_SCHEMA), **REFUSED},
})
openapi.add("/api/games/{key}/finish", "post", {
    "summary": "End the game: letters left on each rack are subtracted", "parameters": [GAME_KEY],
    "requestBody": openapi.json_body({"type": "object", "properties": {
        "racks": {"type": "object", "additionalProperties": {"type": "string"},
                  "description": "seat number (from 0) -> letters left on that rack; a seat "
                  "left out is an empty rack, and a seat the game has not is refused"},
        "version": VERSION_FIELD}}),
    "responses": {**openapi.ok("the finished game", GAME_SCHEMA), **REFUSED},
})
