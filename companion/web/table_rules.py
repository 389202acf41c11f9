"""The table's own rules on the phone: a challenge rule and a game clock, kept per game.

The rules themselves live in the engines (:mod:`companion.challenges`, :mod:`companion.clock`);
this module only stores their settings and state with a game, applies an outcome to the score
sheet's turns, and writes the record lines they add.

A play typed (or read from a photo) at a table that challenges is scored without consulting the
word list and marked ``challengeable`` (with the board before it). Until the next turn, the
phone offers to challenge it (in WerdUp, whose rulebook keeps a word open "before another
word is played on the board", passes and swaps after it keep the offer open: the game's
``challenge_until``); :func:`challenge` asks ``ChallengeRule.judge`` and applies the
outcome: a play that comes off scores nothing and the board goes back (and when the game's
rules give the player another try, as WerdUp's do once a turn, the same player is next to
move), a bonus is added to the play's score, and a turn lost by the challenger (by default
the player to move) is their own next one: recorded as a pass (``lost_turn``) at once when
they are to move, else when their turn comes (:func:`scoresheet.record_lost_turns`). Once
every player has passed in a row (:class:`companion.challenges.PassRun`, as the engine counts,
a lost turn being no pass), the game is over and nothing more can be challenged. With a
clock, each turn keeps the mover's time left (a lost turn too), the turn that ends the game
(every player passed in a row, or a player went out) stops the clock, and taking it back runs
the clock again (:func:`take_back`); finishing the game stops the clock and adds a ``time``
turn for each player over time (reopening it takes them off and runs the clock again for the
player on turn, :func:`reopen`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from flask import current_app
from sqlalchemy.orm import Session

from companion.challenges import (
    CHALLENGE_RULE_NAMES,
    CHALLENGES_OFF,
    NEXT_WORD,
    ChallengeOutcome,
    ChallengeRule,
    challenge_rules,
    default_challenger,
    game_over_refusal,
    get_challenge_rule,
    tries_left,
)
from companion.clock import DEFAULT_PENALTY, ClockSettings, ClockState
from companion.errors import ChoiceError, SquareError, UsageError
from companion.judge import words_refusal
from companion.lexicon import Lexicon
from companion.tables import table_for
from companion.text import listed, sentence
from companion.web import scoresheet as sheet
from companion.web.inputs import int_from, words_from
from companion.web.models import Game, Turn

MAX_BANK_MINUTES = 180


def now() -> float:
    """The clock's time: ``app.config["CLOCK"]()`` (tests set a fake one), else the time."""
    source: Callable[[], float] | None = current_app.config.get("CLOCK")
    return float(source()) if source is not None else time.time()


# -- settings ---------------------------------------------------------------------------------

def rule_from_form(values: Mapping[str, Any],
                   default: ChallengeRule | None = None) -> ChallengeRule:
    """The challenge rule a new-game form (or JSON body) chose; when it chose none,
    ``default`` (a game's own rule: :func:`default_rule`), else ``none``."""
    given = values.get("challenge_rule")
    if given in (None, "") and default is not None:
        return default
    name = str(given or "none").strip().lower()
    if name not in CHALLENGE_RULE_NAMES:  # by name to the API, by title on the form's list
        titles = [challenge_rules()[n].title for n in CHALLENGE_RULE_NAMES]
        raise ChoiceError(f"Choose a challenge rule: {listed(list(CHALLENGE_RULE_NAMES), 'or')}.",
                          f"Choose a challenge rule: {listed(titles, 'or')}.")
    return get_challenge_rule(name)


def clock_from_form(values: Mapping[str, Any]) -> ClockSettings | None:
    """The clock a new-game form asked for (None: no clock)."""
    minutes = values.get("clock_minutes")
    if minutes in (None, "", "0", 0):
        return None
    bank = int_from(minutes, "Minutes on each clock", 1, MAX_BANK_MINUTES, 25)
    given = values.get("clock_penalty")
    penalty = DEFAULT_PENALTY if given in (None, "") else int_from(
        given, "Overtime penalty", 0, 1000, DEFAULT_PENALTY)
    return ClockSettings(bank * 60, penalty)


def game_rule(kind: str, players: int) -> ChallengeRule:
    """The challenge rule a new game of ``kind`` (``werdup``, ``bugwords``) plays by when it
    names none: its rules file's (Bug Words: ``single``; WerdUp: ``none``), as a table of
    ``players`` plays it (a player alone: ``none``)."""
    return table_for(kind).challenge_rule.at_table(players)


def default_rule(game: Game) -> ChallengeRule:
    """The challenge rule ``game`` plays by when it names none (:func:`game_rule`)."""
    return game_rule(game.kind, len(game.players))


def form_rule(kind: str) -> str:
    """The challenge rule the new-game form starts at for a game of ``kind``: the one a game
    naming none plays by (:func:`game_rule`) at a table of two, as the players are not typed
    yet (a player alone who keeps a challenge rule is told to choose none)."""
    return game_rule(kind, 2).name


def apply_settings(game: Game, values: Mapping[str, Any]) -> None:
    """Store a new game's challenge rule and clock from its form (or JSON body); a game that
    names no rule takes its own (:func:`default_rule`)."""
    rule = rule_from_form(values, default_rule(game))
    if rule.allows_challenges and not rule.at_table(len(game.players)).allows_challenges:
        raise UsageError("A player alone has no one to challenge their plays: choose no "
                         "challenges, and the companion judges each play.")
    game.challenge_rule = None if rule.judged_at_play else rule.label()
    settings = clock_from_form(values)
    game.clock = None if settings is None else ClockState.new(len(game.players),
                                                               settings).to_dict()


def rule_of(game: Game) -> ChallengeRule:
    return get_challenge_rule(game.challenge_rule or "none")


def clock_of(game: Game) -> ClockState | None:
    return None if game.clock is None else ClockState.from_dict(game.clock)


# -- turns --------------------------------------------------------------------------------------

def record_turn(db: Session, game: Game, fields: dict[str, Any], at: float) -> Turn:
    """Record a turn (the score sheet's ``add_turn``): at a table that challenges, a typed play
    is scored without the word list and left open to a challenge; at one that does not, a
    play's words typed with its score are judged by the word list (:func:`words_refusal`),
    as a typed play is, since nothing can challenge them; with a clock, the mover's time
    left is kept with the turn."""
    rule = rule_of(game)
    play = str(fields.get("play") or "").strip()
    if rule.allows_challenges and play and fields.get("action", "play") == "play" \
            and not game.finished and not sheet._sent_before(game, fields.get("request_key")):
        before = game.board
        scored = sheet.table(game).score_play((before or {}).get("text"), play, None)
        if not scored.legal:
            raise UsageError(sheet.refused_play(scored.notation, scored.reason))
        detail = scored.to_dict() | {"challengeable": True, "board_before": before}
        fields = fields | {"play": "", "score": scored.score, "detail": detail,
                           "words": " ".join(w["word"] for w in scored.words),
                           "board": {"text": scored.board, "new": scored.new_cells}}
    words = str(fields.get("words") or "")
    if not rule.allows_challenges and not play and words.strip() \
            and fields.get("action", "play") == "play" and not game.finished \
            and not sheet._sent_before(game, fields.get("request_key")):
        # no challenge can judge them later: the word list judges them now, as a typed play
        lexicon = fields.get("lexicon")
        if lexicon is None:
            raise ValueError("Words typed with their score in a game without challenges are "
                             "judged by the installation's word list: pass it as lexicon.")
        refusal = words_refusal(words_from(words), lexicon)
        if refusal:
            raise UsageError(refusal)
    turn = sheet.add_turn(db, game, **fields)
    _keep_time(db, game, game.turns.index(turn), at)
    _follow_turns(db, game, at)
    return turn


def record_photo_turn(db: Session, game: Game, grid: list[list[str]], seat: int | None,
                      photo_id: int, lexicon: Lexicon, at: float) -> Turn:
    """Record the play a photo shows (its reading, corrected) as a typed play is: at a table
    that challenges, scored without the word list and left open to a challenge; with a
    clock, the mover's time left is kept with the turn."""
    rule = rule_of(game)
    before = game.board
    scored = sheet.table(game).score_observed((before or {}).get("text"), grid,
                                              None if rule.allows_challenges else lexicon)
    if not scored.legal:  # the squares the engine says the refusal is about
        raise SquareError(sheet.refused_play(scored.notation, scored.reason), scored.squares)
    detail = scored.to_dict()
    if rule.allows_challenges:
        detail |= {"challengeable": True, "board_before": before}
    turn = sheet.add_turn(db, game, seat=seat, action="play", score=scored.score,
                          words=" ".join(w["word"] for w in scored.words), detail=detail,
                          board={"text": scored.board, "new": scored.new_cells},
                          photo_id=photo_id)
    _keep_time(db, game, game.turns.index(turn), at)
    _follow_turns(db, game, at)
    return turn


def _keep_time(db: Session, game: Game, start: int, at: float | None) -> None:
    """With a clock, keep the mover's time left with the turns from index ``start`` on: the
    turn just recorded and the turns lost to a challenge recorded after it."""
    clock = clock_of(game)
    if clock is not None and at is not None:
        for turn in game.turns[start:]:
            if turn.action in ("play", "pass", "swap") and "time_left" not in (turn.detail
                                                                               or {}):
                turn.detail = (turn.detail or {}) | {"time_left": clock.remaining(turn.seat,
                                                                                  at)}
    db.flush()


def _follow_turns(db: Session, game: Game, at: float | None) -> None:
    """With a clock, keep it to the turns (:meth:`ClockState.keep_to_turns`): stopped at
    ``at`` once they end the game (:func:`scoresheet.game_over`), so no overtime runs on
    while it waits to be finished, and running again for the player on turn once they no
    longer do; why they end it is kept with the clock (:func:`turns_end_game`)."""
    clock = clock_of(game)
    if clock is not None and at is not None and not game.finished:
        game.clock = clock.keep_to_turns(sheet.game_over(game), sheet.to_move(game), at,
                                         len(game.turns)).to_dict()
        db.flush()


def turns_end_game(game: Game, clock: ClockState) -> str:
    """Why ``game``'s turns end it (:func:`scoresheet.game_over`), ``""`` while turns go on,
    as kept with its ``clock`` when they last changed (:attr:`ClockState.over`): the clock's
    page asks every second, and the turns are not read again for it. A clock stored before
    it kept that has them read."""
    return sheet.game_over(game) if clock.over is None else clock.over


def take_back(db: Session, game: Game, at: float) -> None:
    """Take back the last turn (:func:`scoresheet.undo_turn`); with a clock, when that turn
    had ended the game, the clock runs again from ``at`` for the player on turn."""
    sheet.undo_turn(db, game)
    _follow_turns(db, game, at)


def passed_out(game: Game) -> bool:
    """Whether every player has passed in a row (:func:`scoresheet.passed_out`): the game is
    then over, no more turns are taken and nothing more can be challenged."""
    return bool(sheet.passed_out(game))


def open_play(game: Game) -> Turn | None:
    """The play that can still be challenged: the last play, scored unjudged and not yet
    challenged, with no turn after it, or (when the game's rules keep a play open until
    another word is played, ``challenge_until`` ``next_word``) only passes and swaps after
    it; a turn lost to a challenge of an earlier play after it leaves it open under either
    rule, as in the engines, which pass over the seat at once. Until every
    player has passed in a row (:func:`passed_out`). Never in a game of one player: only
    another player challenges."""
    if game.finished or len(game.players) < 2:
        return None
    until_next_word = sheet.table(game).challenge_until == NEXT_WORD
    if passed_out(game):
        return None
    for turn in reversed(game.turns):
        d = turn.detail or {}
        if turn.action == "play":
            return turn if d.get("challengeable") and "challenge" not in d else None
        if d.get("lost_turn"):  # no turn taken: the engines pass over the seat at once
            continue
        if not until_next_word or turn.action not in ("pass", "swap"):
            return None
    return None


def last_outcome(game: Game) -> dict[str, Any] | None:
    """What the challenge of the last play decided, to show until another word is played,
    with the play's words (``words``): after a pass, a swap or a lost turn the last play's
    box is gone, and "The play is valid and stands" named no play."""
    for turn in reversed(game.turns):
        if turn.action == "play":
            outcome = (turn.detail or {}).get("challenge")
            if not outcome:
                return None
            return {**outcome, "words": sheet.table(game).words_shown(turn.detail, turn.words)}
    return None


def challenger_of(game: Game, turn: Turn) -> int:
    """The seat that challenges ``turn`` when the table names none: the player to move, or
    the next player when that is the play's own player
    (:func:`companion.challenges.default_challenger`)."""
    return default_challenger(len(game.players), turn.seat, sheet.next_seat(game))


def challenge(db: Session, game: Game, lexicon: Lexicon,
              challenger: int | None = None, at: float | None = None) -> ChallengeOutcome:
    """Challenge the last play: the rule's outcome, applied to the sheet. ``challenger`` is
    the seat challenging (default: :func:`challenger_of`); a turn the rule costs them is
    their own next one, recorded as a pass when it comes (with a clock, keeping their time
    left at ``at``)."""
    if len(game.players) < 2:
        raise UsageError("Only another player can challenge a play, and this game has one "
                         "player.")
    if not rule_of(game).allows_challenges:  # every play was judged as it was made
        raise UsageError(sentence(CHALLENGES_OFF))
    turn = open_play(game)
    ended = sheet.passed_out(game)
    if turn is None and ended:
        raise UsageError(game_over_refusal(ended) + " End the game to enter the tiles left "
                         "on the racks.")
    if turn is None:
        until = ("before another word is played" if sheet.table(game).challenge_until
                 == NEXT_WORD else "before the next turn")
        raise UsageError(f"There is no play to challenge: only the last play, {until}, can be "
                         "challenged.")
    if challenger is None:
        challenger = challenger_of(game, turn)
    if not sheet.has_seat(game, challenger):
        raise UsageError("Choose one of this game's players as the challenger.")
    if challenger == turn.seat:
        raise UsageError(f"The challenger must be another player at the table than "
                         f"{game.players[turn.seat].name}, whose play it is.")
    rule = rule_of(game)
    d = dict(turn.detail or {})
    # turns after the play (passes, swaps): the player's turn is over, so no second try
    since = len(game.turns) - 1 - game.turns.index(turn)
    outcome = rule.judge([w["word"] for w in d.get("words", [])], lexicon,
                         0 if since else tries_left(sheet.table(game).challenge_retries,
                                                    sheet.taken_back_before(game, turn) + 1))
    played = turn.score
    # the list by its name, and as the page says it (as the reason does: Lexicon.display)
    d["challenge"] = outcome.to_dict() | {"play_score": played, "lexicon": lexicon.name,
                                          "word_list": lexicon.display,
                                          "turns_after": since, "challenger": challenger}
    if not outcome.play_stands:
        turn.score = 0
        game.board = d.get("board_before")
        sheet.forget_end_racks(game)  # the play taken off gives its tiles back
    else:
        turn.score = played + outcome.bonus
    turn.detail = d
    recorded = len(game.turns)
    sheet.record_lost_turns(db, game)  # the challenger's, when they are to move
    _keep_time(db, game, recorded, at)
    _follow_turns(db, game, at)  # a play that went out, taken off: the game goes on
    return outcome


def finish_clock(db: Session, game: Game, at: float) -> None:
    """At the end of the game: stop the clock and take each overtime penalty off as a
    ``time`` turn (the time it was worked out from is kept with it)."""
    clock = clock_of(game)
    if clock is None:
        return
    clock = clock.stop(at)
    game.clock = clock.to_dict()
    number = game.turns[-1].number if game.turns else 0
    for p in game.players:
        points = clock.penalty(p.seat, at)
        if points:
            number += 1
            game.turns.append(Turn(number=number, seat=p.seat, action="time", score=-points,
                                   words="", detail={"time_left": clock.remaining(p.seat, at)}))
    db.flush()


def reopen(db: Session, game: Game, at: float) -> None:
    """Reopen a finished game (:func:`scoresheet.reopen_game`) and take off the overtime
    penalties finishing added (its ``time`` turns, worked out again when the game is next
    finished, from the time kept on the clock). The clock runs again from ``at`` for the
    player now on turn, the time used kept (:meth:`ClockState.go_on`); while the game's own
    turns still end it, no one is on turn and it stays stopped until the turn that ended
    it is taken back (:func:`take_back`)."""
    sheet.reopen_game(db, game)
    while game.turns and game.turns[-1].action == "time":
        game.turns.pop()
    db.flush()
    _follow_turns(db, game, at)


def time_left(game: Game, at: float) -> list[dict[str, Any]] | None:
    """What the score sheet shows of the clock: each player's time left and penalty so far."""
    clock = clock_of(game)
    if clock is None:
        return None
    return clock.view(at, [p.name for p in game.players])["players"]


def settings_dict(game: Game, at: float) -> dict[str, Any]:
    """The table's rules as JSON: the challenge rule's label, the clock as its page shows it
    (None without one), and whether the last play can still be challenged."""
    clock = clock_of(game)
    return {"challenge_rule": rule_of(game).label(),
            "clock": None if clock is None else clock.view(at, [p.name for p in game.players]),
            "challengeable": open_play(game) is not None}


# -- the record ---------------------------------------------------------------------------------

def record_notes(game: Game) -> list[str]:
    """The record's header notes for the table's settings."""
    from companion.bugwords.gcg import CHALLENGE_RULE_NOTE
    from companion.clock import CLOCK_NOTE

    notes = [f"{CHALLENGE_RULE_NOTE}: {rule_of(game).label()}"]
    clock = clock_of(game)
    if clock is not None:
        notes.append(f"{CLOCK_NOTE}: {clock.settings.label()}")
    return notes
