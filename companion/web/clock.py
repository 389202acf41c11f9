"""The game clock: its page, one big button per player, a tap passes the turn, and its API.

The clock's state is the engine's :class:`~companion.clock.ClockState`, stored with the game
(``Game.clock``), so a reload or a second phone (the spectators' link) shows the same clock;
the page asks the API for it every second (``GET /api/games/<key>/clock``). Only the table
link can press, pause or resume it: on the page, by its forms; as JSON, at
``POST /api/games/<key>/clock``, whose refusals are JSON like the rest of the API's. The
time comes from :func:`companion.web.table_rules.now` (``app.config["CLOCK"]`` in tests).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from sqlalchemy import update

from companion.errors import CompanionError, UsageError
from companion.text import counted
from companion.web import openapi, table_rules
from companion.web import scoresheet as sheet
from companion.web.db import session
from companion.web.errors import said_on_page, status_of
from companion.web.games import game_or_404, writable
from companion.web.inputs import int_from, json_object
from companion.web.models import Game, utc_now

bp = Blueprint("clock", __name__)
NO_CLOCK = "This game has no clock: choose one when starting a game."
ACTIONS = ("press", "pause", "resume")
_SEAT = {"type": "integer", "minimum": -1, "maximum": 7}
_KEY = {"name": "key", "in": "path", "required": True, "schema": {"type": "string"},
        "description": "the game's table key (runs the clock) or spectators' key (reads it)"}
_CLOCK = {"type": "object", "description": "the clock as its page draws it",
          "required": ["running", "paused", "settings", "players", "table", "finished",
                       "over", "todo"],
          "properties": {
              "running": {"type": ["integer", "null"], "minimum": 0,
                          "description": "the seat whose clock runs (null: none yet)"},
              "paused": {"type": "boolean"},
              "settings": {"type": "object", "required": ["bank_seconds", "penalty", "label"],
                           "properties": {
                               "bank_seconds": {"type": "integer"},
                               "penalty": {"type": "integer",
                                           "description": "points per started minute over"},
                               "label": {"type": "string"}}},
              "players": {"type": "array", "items": {
                  "type": "object",
                  "required": ["name", "remaining", "shown", "overtime", "penalty",
                               "penalty_shown"],
                  "properties": {
                      "name": {"type": "string"},
                      "remaining": {"type": "number", "description": "seconds left; "
                                    "below 0 when over"},
                      "shown": {"type": "string", "description": "M:SS as the page shows it"},
                      "overtime": {"type": "boolean"},
                      "penalty": {"type": "integer", "minimum": 0},
                      "penalty_shown": {"type": "string",
                                        "description": "\"-10 points\", or \"\""}}}},
              "table": {"type": "boolean", "description": "whether this key runs the clock"},
              "finished": {"type": "boolean"},
              "over": {"type": "string", "description": "why the game's turns end it (the "
                       "clock then stands stopped until the game is finished or that turn "
                       "taken back), \"\" while turns go on"},
              "todo": {"type": "string", "description": "what a tap does now, as a sentence"}}}
openapi.add("/api/games/{key}/clock", "get", {
    "summary": "A game's clock: each player's time left, whose clock runs",
    "parameters": [_KEY],
    "responses": {**openapi.ok("the clock", _CLOCK), "404": openapi.ERROR},
})
openapi.add("/api/games/{key}/clock", "post", {
    "summary": "Press, pause or resume the game clock (the table key only): the clock as it "
    "stands after",
    "parameters": [_KEY],
    "requestBody": openapi.json_body({"type": "object", "properties": {
        "action": {"type": "string", "enum": list(ACTIONS),
                   "description": "press (default): the player to move passes the turn"},
        "seat": _SEAT | {"minimum": 0, "description": "press: whose clock starts (default: "
                         "the player who moves once the turn of the one whose clock runs is "
                         "over, recorded or not, as the score sheet says: a player gone out, "
                         "or one who lost the turn to a challenge, passed over; on a clock "
                         "not running, the player on turn)"},
        "running": _SEAT | {"description": "the seat whose clock was shown running (-1: "
                            "none): a press on an older view (a double tap) is refused (409): "
                            "fetch the clock again and send its running seat"}}}),
    "responses": {**openapi.ok("the clock", _CLOCK), "403": openapi.ERROR,
                  "404": openapi.ERROR, "409": openapi.ERROR},
})


def _with_clock(game: Game) -> Game:
    """``game`` when it was started with a clock; 404 (:data:`NO_CLOCK`) otherwise. Its
    turns are read only when asked for: the clock keeps whether they end the game
    (:func:`table_rules.turns_end_game`)."""
    if game.clock is None:
        abort(404, description=NO_CLOCK)
    return game


def penalty_shown(points: int) -> str:
    """A player's overtime penalty as the clock's button says it ("-1 point", "-20
    points"), or ``""`` without one."""
    return f"-{counted(points, 'point')}" if points else ""


def what_to_do(table: bool, finished: bool, running: int | None, paused: bool, *,
               over: str = "", started: bool = False, on_turn: str | None = None) -> str:
    """The sentence under the clock's settings saying what a tap does now: a paused clock
    says so (its buttons wait for Resume), a finished game's clock has stopped, a watcher
    only watches. A stopped clock waits for the player who starts, unless the game's turns
    end it (``over``, why, as the score sheet says it): the clock stopped then, and the
    game waits to be finished on the score sheet (or that turn to be taken back, which
    runs the clock again). Once turns are recorded the sheet has a player ``on_turn``: a
    clock not yet started starts at their tap, and one stored stopped mid-game runs again
    at it (``started``: it has run before)."""
    if not table:
        return "Watching: only the table's phone runs the clock."
    if finished:
        return "The game is over: the clock has stopped."
    if running is None:
        if over:
            return (f"The game is over ({over}): the clock has stopped. End the game on the "
                    "score sheet, or take back the last turn there if it was recorded by "
                    "mistake.")
        if on_turn is not None:
            again = "run it again" if started else "start it"
            return f"{on_turn} is on turn: tap their clock to {again}."
        return "Tap the clock of the player who starts."
    if paused:
        return "Paused: tap Resume to go on."
    return "Tap your clock when your turn ends."


def _state(game: Game, key: str) -> dict:
    """The clock as its page draws it, and as the page asks for it every second: each
    player's penalty also as said (``penalty_shown``, :func:`penalty_shown`), and what a tap
    does now (``todo``, :func:`what_to_do`), and why the game's turns end it (``over``,
    the clock then stopped: :func:`table_rules.take_back`). Whether they end it is read
    only while its clock is stopped mid-game, as kept with the clock
    (:func:`table_rules.turns_end_game`), and who is on turn only when the turns go on and
    such a clock had run before or turns are recorded (before them, the table chooses who
    starts), for the table's link alone, whose page says it."""
    clock = table_rules.clock_of(game)
    assert clock is not None
    names = [p.name for p in game.players]
    view = clock.view(table_rules.now(), names)
    for player in view["players"]:
        player["penalty_shown"] = penalty_shown(player["penalty"])
    table = sheet.can_change(game, key)
    over, on_turn = "", None
    if not game.finished and clock.running is None:
        over = table_rules.turns_end_game(game, clock)
        asked = table and not over and (clock.started or bool(game.turns))
        seat = sheet.to_move(game) if asked else None
        on_turn = None if seat is None else names[seat]
    return view | {"table": table, "finished": game.finished, "over": over,
                   "todo": what_to_do(table, game.finished, clock.running, clock.paused,
                                      over=over, started=clock.started, on_turn=on_turn)}


@bp.get("/games/<key>/clock")
def page(key: str) -> ResponseReturnValue:
    """The clock's page; for a game started without one (a link or bookmark to it), a page
    saying so, with the way back to the game (still 404: there is no clock to show)."""
    return _page(game_or_404(key, turns=False), key)


def _page(game: Game, key: str, refused: str = "", status: int = 200) -> ResponseReturnValue:
    """The clock's page of ``game``, a press's refusal said above the clock (``refused``,
    with ``status``), or the page saying the game has no clock (404)."""
    title = sheet.table(game).title
    if game.clock is None:
        return render_template("clock.html", game=game, key=key, state=None, title=title,
                               no_clock=NO_CLOCK), 404
    return render_template("clock.html", game=game, key=key, state=_state(game, key),
                           title=title, refused=refused), status


@bp.get("/api/games/<key>/clock")
def state(key: str) -> ResponseReturnValue:
    return jsonify(_state(_with_clock(game_or_404(key, turns=False)), key))


@bp.post("/games/<key>/clock")
def press(key: str) -> ResponseReturnValue:
    """The page's forms: ``action``, ``seat`` and ``running`` as :func:`api_press` takes
    them; the clock's page again after. A refusal (the clock pressed meanwhile, 409; the
    game over since the page was shown) is said on the clock's page as it stands now, with
    the way to load it again; the spectators' link's is the error page's (403). A press
    sent as JSON here is sent on to the API's address (308: the same request), whose
    refusals are JSON."""
    if request.is_json:
        return redirect(url_for("clock.api_press", key=key), code=308)
    try:
        _pressed(key, request.form)
    except CompanionError as exc:
        if isinstance(exc, sheet.NotYourTable):
            raise
        session().rollback()
        return _page(game_or_404(key, turns=False), key, said_on_page(exc), status_of(exc))
    return redirect(url_for("clock.page", key=key))


@bp.post("/api/games/<key>/clock")
def api_press(key: str) -> ResponseReturnValue:
    """``action``: ``press`` (the player to move passes the turn; ``seat`` names whose clock
    starts, default the player who moves once the turn of the one whose clock runs is over,
    whether the sheet has that turn yet or not, as the score sheet says
    (:func:`scoresheet.seat_after_turn`: in WerdUp a player gone out is passed over, and a
    player who lost the turn to a challenge is), or on a clock not running the player on
    turn: :func:`scoresheet.to_move`), ``pause`` or ``resume``. ``running`` (optional) is the
    seat whose clock was shown running (-1: none): a press made on an older view of the
    clock (a double tap) is refused (409). The body is a JSON object (``{}``: the default
    press). The clock as it stands after."""
    game = _pressed(key, json_object())
    return jsonify(_state(game, key))


def _pressed(key: str, values: Mapping[str, Any]) -> Game:
    """The game whose clock ``values`` pressed, paused or resumed, committed. Presses at
    once are taken one after the other: the game's row is written first (its version left
    as it is, so the sheet's forms stay current), which waits for any press under way, and
    its clock is read as that press left it."""
    session().execute(update(Game).where(Game.table_key == key).values(changed=utc_now()))
    game = _with_clock(writable(key, "run the clock", turns=False))
    if game.finished:
        raise UsageError("This game is over: its clock has stopped.")
    clock = table_rules.clock_of(game)
    assert clock is not None
    over = table_rules.turns_end_game(game, clock)
    if over:
        raise UsageError(f"The game is over ({over}): its clock has stopped; end the game on "
                         "the score sheet, or take back the last turn there.")
    action = str(values.get("action") or "press")
    if action not in ACTIONS:
        raise UsageError(f"A clock action is one of: {', '.join(ACTIONS)}.")
    seen = values.get("running")
    if seen not in (None, "") and int_from(seen, "Running clock", -1, 7, -1) != (
            -1 if clock.running is None else clock.running):
        raise sheet.GameMoved("The clock was pressed meanwhile (a press sent twice, or "
                              "another phone's): fetch it again (GET /api/games/<key>/clock) "
                              'and send its "running" with the press if it still stands.',
                              "The clock was pressed meanwhile (a double tap, or another "
                              "phone): here it is as it stands now.")
    at = table_rules.now()
    if action == "press":
        seat = values.get("seat")
        nxt = None if seat in (None, "") else int_from(seat, "Player", 0, clock.players - 1, 0)
        if nxt is None:  # whose turn comes, as the score sheet says
            nxt = (sheet.to_move(game) if clock.running is None
                   else sheet.seat_after_turn(game, clock.running, clock.turns_at_start))
        clock = clock.press(at, nxt, len(game.turns))
    else:
        clock = clock.pause(at) if action == "pause" else clock.resume(at)
    game.clock = clock.to_dict()
    game.changed = utc_now()
    session().commit()
    return game
