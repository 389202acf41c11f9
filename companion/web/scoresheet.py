"""Score-sheet games (WerdUp, Bug Words): players, turns, running totals, end of game.

Plain functions on a SQLAlchemy session; the views and the API are thin wrappers. Callers
commit: every function only adds to the session, so one request is one transaction.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session, selectinload

from companion.challenges import ChallengedOff, ChallengeError, PassRun, passes_reason
from companion.errors import PageWordedError, RackError, UsageError
from companion.lexicon import Lexicon
from companion.play import ACTIONS, Table, check_player_name
from companion.tables import table_for
from companion.text import counted, listed, sentence, shown
from companion.tiles import TileCount, next_holding, start_problem
from companion.web.models import Game, Player, Turn, last_change, utc_now
from companion.web.plays import example_play

# a change sent from a view of the game it has moved on from (lock_game): what a client and a
# page's player each do
MOVED_SAID = ('The game has changed since the version sent (another phone at the table?): '
              'fetch it again (GET /api/games/<key>) and send its "version" with the change '
              "if it still stands.")
MOVED_ON_PAGE = ("The game has changed since this page was shown (another phone at the "
                 "table?); here it is as it stands now.")
MAX_TURN_SCORE = 2000
MAX_START_SCORE = 9999  # a player's score so far, when a game starts part way through
MAX_TURNS = 400
KEY_LENGTH = 22  # characters of a table or spectators' key (128 random bits)
_KEPT = "_sheet_kept"  # the game's attribute keeping what was worked out from its sheet

T = TypeVar("T")


class GameMoved(PageWordedError):
    """The game changed since the page or the client that sent this saw it (HTTP 409): said
    to a client as what to send (the game's version as it is now), on a page as the game
    shown again as it stands."""

    status = 409


class NotYourTable(UsageError):
    """A spectators' link used to change the game (HTTP 403); ``read_only_key``, the key of
    the game's read-only view (the spectators'), where a page refusing it leads on to."""

    status = 403

    def __init__(self, message: str, read_only_key: str | None = None) -> None:
        super().__init__(message)
        self.read_only_key = read_only_key


class NotOnTurn(UsageError):
    """A turn for a player other than the one on turn (:func:`check_on_turn`): the turn
    form's player box is at fault."""


def new_key() -> str:
    """An unguessable key for a table or spectators' link."""
    return secrets.token_urlsafe(16)


def key_shape_ok(key: str) -> bool:
    """Whether ``key`` could be a key at all (checked before the database is asked)."""
    return len(key) == KEY_LENGTH and all(ch.isalnum() or ch in "-_" for ch in key)


def table(game: Game) -> Table:
    """The facade of the game's rules (it judges, scores and finishes the game)."""
    return table_for(game.kind)


def create_game(db: Session, kind: str, names: list[str], start: str | None = None,
                scores: list[int] | None = None) -> Game:
    """A new game with players seated in the order given; started part way through from the
    board text ``start`` with each player's ``scores`` so far when given
    (:func:`start_from`)."""
    rules = table_for(kind)
    names = rules.check_players([check_player_name(n) for n in names if n and n.strip()])
    game = Game(kind=kind, players=[Player(seat=i, name=n) for i, n in enumerate(names)],
                table_key=new_key(), view_key=new_key(), version=0)
    if start is not None or scores:
        start_from(game, start or "", scores or [])
    db.add(game)
    db.flush()
    return game


def start_from(game: Game, text: str, scores: list[int],
               names: list[str] | None = None) -> None:
    """Start ``game`` part way through: from the board of ``text`` (board text, or what the
    game's facade reads as a position: :meth:`companion.play.Table.start_position`, which
    refuses a board its rules never leave), each seat's score so far in ``scores`` (in
    seat order; none given: 0 each) and, given ``names``, its players renamed. Only a game
    with no turn yet: the start is not a turn, and cannot be taken back."""
    if game.finished:
        raise UsageError("This game is finished: reopen it to start it from a board.")
    if game.turns:
        raise UsageError("This game has turns already: a game starts from a board before "
                         "its first turn.")
    rules = table(game)
    board = rules.start_position(text)
    late = start_problem(rules.tiles_on(board), rules.tile_set.total, len(game.players),
                         rules.game_ends_when)
    if late:
        raise UsageError(sentence(late))
    if names is not None:
        for player, name in zip(game.players, players_named(game, names), strict=True):
            player.name = name
    scores = list(scores) or [0] * len(game.players)
    if len(scores) != len(game.players):
        raise UsageError(f"Give one score so far for each of the game's "
                         f"{counted(len(game.players), 'player')}, in seat order.")
    for player, score in zip(game.players, scores, strict=True):
        if not 0 <= score <= MAX_START_SCORE:
            raise UsageError(f"{player.name}'s score so far must be between 0 and "
                             f"{MAX_START_SCORE}.")
    text = board.to_text()
    game.start = {"text": text, "tiles": rules.tiles_on(board), "scores": scores}
    game.board = {"text": text, "new": []}


def players_named(game: Game, names: list[str]) -> list[str]:
    """The game's players' new ``names``, in seat order, checked as a new game's are: one
    for each of its players."""
    checked = table(game).check_players([check_player_name(n) for n in names
                                         if n and n.strip()])
    if len(checked) != len(game.players):
        raise UsageError(f"This game has {counted(len(game.players), 'player')}: type one "
                         "name per box.")
    return checked


def start_scores(game: Game) -> list[int]:
    """Each seat's score when the game started (0 each from the empty board)."""
    scores = list((game.start or {}).get("scores") or [])
    return scores if len(scores) == len(game.players) else [0] * len(game.players)


def start_said(game: Game) -> str:
    """Where a game started part way through, as its sheet, its printed sheet and its
    record say it: "Started from a board with 23 tiles, scores Ann 120, Bob 95."; ``""``
    for a game started from the empty board."""
    if not game.start:
        return ""
    scores = ", ".join(f"{p.name} {score}"
                       for p, score in zip(game.players, start_scores(game), strict=True))
    return (f"Started from a board with {counted(int(game.start.get('tiles') or 0), 'tile')}, "
            f"scores {scores}.")


NO_GAME = "There is no game at this link: check that it was copied whole."


def _load(db: Session, condition, turns: bool = True) -> Game | None:
    loads = [selectinload(Game.players)] + ([selectinload(Game.turns)] if turns else [])
    return db.scalars(select(Game).where(condition).options(*loads).execution_options(
        populate_existing=True)).first()


def get_game(db: Session, key: str, turns: bool = True) -> Game:
    """The game whose table or spectators' key is ``key``; ``turns``: its turns read with it
    (False: only when asked for, as the clock's page, which asks every second, needs none
    once its clock keeps whether they end the game)."""
    game = _load(db, or_(Game.table_key == key, Game.view_key == key), turns) \
        if key_shape_ok(key) else None
    if game is None:
        raise LookupError(NO_GAME)
    return game


def can_change(game: Game, key: str) -> bool:
    """Whether ``key`` is the game's table key (the spectators' key only reads)."""
    return game.table_key is not None and secrets.compare_digest(game.table_key, key)


def check_table_key(game: Game, key: str, doing: str = "change the game") -> None:
    """Refuse a change made with ``game``'s spectators' key (:func:`can_change`):
    :class:`NotYourTable` (403), saying only the players' table link can do ``doing``."""
    if not can_change(game, key):
        raise NotYourTable(f"This is the spectators' link: only the players' table link can "
                           f"{doing}.", key if key == game.view_key else None)


def lock_game(db: Session, key: str, seen: int | None = None,
              request_key: str | None = None) -> Game:
    """The game of table key ``key``, locked for a change: its version is moved on first
    (the write waits for any change under way), so two changes made from the same view of
    the game cannot both pass. ``seen`` is the version the sender saw (None: any).

    Raises :class:`LookupError` (no such game), :class:`NotYourTable` (a spectators' key),
    :class:`GameMoved` (the game changed since ``seen``; not raised when the change was
    a turn already recorded under ``request_key``)."""
    if not key_shape_ok(key):
        raise LookupError(NO_GAME)
    where = [Game.table_key == key]
    if seen is not None:
        where.append(Game.version == seen)
    moved = db.execute(update(Game).where(*where).values(version=Game.version + 1,
                                                          changed=utc_now())
                       .returning(Game.id)).first()
    if moved is None:
        game = get_game(db, key)  # LookupError for a stranger
        check_table_key(game, key)
        if request_key and any(t.request_key == request_key for t in game.turns):
            return game
        raise GameMoved(MOVED_SAID, MOVED_ON_PAGE)
    locked = _load(db, Game.id == moved[0])
    if locked is None:  # pragma: no cover - the row was just updated in this transaction
        raise LookupError(NO_GAME)
    return locked


def _tries_again(turn: Turn) -> bool:
    """Whether ``turn`` is a play challenged off with another try left: its player's next
    row on the sheet is the same turn's."""
    return bool(((turn.detail or {}).get("challenge") or {}).get("plays_again"))


def taken_back_before(game: Game, turn: Turn) -> int:
    """How many plays of ``turn``'s player came off earlier in the same turn: the turns just
    before it that were challenged off with another try left."""
    count = 0
    for earlier in reversed(game.turns[:game.turns.index(turn)]):
        if earlier.seat != turn.seat or not _tries_again(earlier):
            break
        count += 1
    return count


def challenged_off(game: Game) -> ChallengedOff | None:
    """The last turn, when it is a play a challenge took off the board (it decides who may
    move next: :meth:`companion.challenges.ChallengedOff.check_next`)."""
    if not game.turns:
        return None
    last = game.turns[-1]
    outcome = (last.detail or {}).get("challenge") or {}
    if last.action != "play" or outcome.get("play_stands", True):
        return None
    return ChallengedOff(game.players[last.seat].name, taken_back_before(game, last) + 1,
                         bool(outcome.get("plays_again")))


def next_seat(game: Game) -> int:
    """The seat to move: the next one still holding tiles (in WerdUp a player who has gone
    out is passed over while the others play on, as in the engine), or the same one when
    its play was just challenged off and the rules give it another try in the same turn."""
    if not game.turns:
        return 0
    last = game.turns[-1]
    if _tries_again(last):
        return last.seat
    return seat_after(game, last.seat)


def seat_after(game: Game, seat: int) -> int:
    """The seat whose turn comes after ``seat``'s: the next one still holding tiles (in
    WerdUp a player who has gone out is passed over while the others play on, as in the
    engine: :func:`companion.tiles.next_holding`), ``seat`` again when only it does, the
    next seat when no one does. Whether ``seat``'s own turn is on the sheet yet makes no
    difference: only its player can go out by it."""
    names = [p.name for p in game.players]
    nxt = next_holding(names, names[seat], tile_count(game)[0].holding())
    return names.index(nxt) if nxt is not None else (seat + 1) % len(names)


def seat_after_turn(game: Game, seat: int, turns_before: int | None) -> int:
    """The seat to move once ``seat``'s turn is over, whether or not the sheet has that turn
    yet (a game clock is tapped before the turn is recorded or after): ``turns_before`` is
    how many turns the sheet held when that turn began (None: not known; then the sheet's
    last turn other than a lost one says whether it is ``seat``'s). Recorded, the seat is
    the sheet's own to move (:func:`next_seat`: a seat that lost the turn to a challenge
    passed over, its pass recorded; the same seat again when its word came off with
    another try); not yet, the seat after it (:func:`seat_after`), each seat that owes a
    turn lost to a challenge passed over as the sheet will pass it once that turn is
    recorded (:func:`record_lost_turns`)."""
    def taken(turn: Turn) -> bool:
        return turn.action != "time" and not (turn.detail or {}).get("lost_turn")

    if turns_before is None:
        real = [t for t in game.turns if taken(t)]
        recorded = bool(real) and real[-1].seat == seat
    else:
        recorded = any(t.seat == seat and taken(t) for t in game.turns[turns_before:])
    if recorded:
        return next_seat(game)
    return _lost_turns_from(game, seat_after(game, seat), owed_lost_turns(game))[1]


def placing_plays(game: Game) -> list[Turn] | None:
    """The plays that put tiles on the board and stand, in order: every play on the board
    (typed, tapped or read from a photo) says which squares it placed tiles on; a play a
    challenge took off placed none, and passes and swaps place none. ``None`` once a play
    was entered as words and a score, which does not say: from there the tiles placed are
    not known."""
    plays = []
    for turn in game.turns:
        d = turn.detail or {}
        if turn.action != "play" or not (d.get("challenge") or {}).get("play_stands", True):
            continue
        if not d.get("new_cells") or not d.get("board"):
            return None
        plays.append(turn)
    return plays


def _kept(game: Game, fact: str, work: Callable[[], T]) -> T:
    """``work()``, the ``fact`` of ``game``'s sheet, worked out once and kept with the game
    while its players and turns stay as they are (:func:`companion.web.models.last_change`):
    one request asks the same of its game several times (whether the game is over, who is to
    move, the tiles each player holds), each a replay of the turns."""
    stamp = last_change()  # taken first: a change while ``work`` runs is not missed
    kept: tuple[int, dict[str, Any]] | None = getattr(game, _KEPT, None)
    if kept is None or kept[0] != stamp:
        kept = (stamp, {})
        setattr(game, _KEPT, kept)
    if fact not in kept[1]:
        kept[1][fact] = work()
    return kept[1][fact]


def tile_count(game: Game) -> tuple[TileCount, str]:
    """The tiles each player holds and the bag, counted from the sheet's plays as the engines
    deal and draw (:class:`companion.tiles.TileCount`, by player name), and why the game is
    over because the tiles ran out (``""`` while it goes on), as the engines end it; when
    the tiles placed are not known (:func:`placing_plays`), neither is the count, and the
    tiles decide nothing. Counted once while the sheet stays as it is (:func:`_kept`); each
    caller has its own copy of the count."""
    count, over = _kept(game, "tile_count", lambda: _count_tiles(game))
    return replace(count, sizes=dict(count.sizes)), over


def _count_tiles(game: Game) -> tuple[TileCount, str]:
    rules = table(game)
    on_board = int((game.start or {}).get("tiles") or 0)  # a start's tiles left the bag
    count = TileCount.started([p.name for p in game.players],
                              rules.tile_set.total - on_board, rules.rack_size)
    plays = placing_plays(game)
    if plays is None:
        count.known = False
        return count, ""
    over = ""
    for turn in plays:
        name = game.players[turn.seat].name
        count.play(name, len((turn.detail or {})["new_cells"]))
        over = over or count.out(name, rules.game_ends_when)
    return count, over


def to_move(game: Game) -> int | None:
    """The seat to move while turns go on (:func:`next_seat`); ``None`` once the game is
    finished or over (:func:`game_over`), when no one is to play."""
    if game.finished or game_over(game):
        return None
    return next_seat(game)


def tiles_held(game: Game) -> list[int | None] | None:
    """How many tiles each player holds, in seat order, by the sheet's count
    (:func:`tile_count`: what the end of the game checks each rack left against), or
    ``None`` when the count is not known; in a game started late with the bag empty, a
    player's is ``None`` unless the plays since say it (:meth:`TileCount.held`), since the
    sheet cannot know how the racks' tiles are split (:func:`racks_hold`)."""
    count = tile_count(game)[0]
    return [count.held(p.name) for p in game.players] if count.known else None


def racks_hold(game: Game) -> int | None:
    """The tiles the racks hold between them when that is all the sheet knows (a game
    started late, with fewer tiles off the board than full racks take:
    :meth:`TileCount.started`); ``None`` when it counts each rack, or cannot count."""
    count = tile_count(game)[0]
    return count.shared if count.known else None


def tiles_played(game: Game) -> list[str] | None:
    """The set's tiles on the board, one per tile placed by :func:`placing_plays` (read
    from the board after each play, as its engine reads a tile), or ``None`` when they are
    not known."""
    plays = placing_plays(game)
    if plays is None:
        return None
    rules = table(game)
    return start_tiles(game) + [tile for turn in plays for tile in rules.placed_tiles(
        (turn.detail or {})["board"], (turn.detail or {})["new_cells"])]


def start_tiles(game: Game) -> list[str]:
    """The set's tiles seen on the board a game started from (none from the empty board): a
    tile each square, its top one (the tiles under a WerdUp stack show no letter)."""
    text = (game.start or {}).get("text")
    if not text:
        return []
    rules = table(game)
    squares = [[r, c] for r, c, _ in rules.load_board(text).squares()]
    return rules.placed_tiles(text, squares)


def game_over(game: Game) -> str:
    """Why the game is over before it is finished, as the engines end it (every player
    passed in a row, :func:`passed_out`; the tiles ran out, :func:`tile_count`); ``""``
    while turns go on. The table then ends it with the tiles left on the racks."""
    return passed_out(game) or tile_count(game)[1]


def owed_lost_turns(game: Game) -> dict[int, list[str]]:
    """The seats that lost their next turn to a challenge (a valid play challenged under a
    rule like ``double``: ``challenger_loses_turn``, with the ``challenger`` seat kept in the
    outcome) and have not had that turn since: the next one is the turn lost (a pass marked
    ``lost_turn``, or whatever the table recorded for that seat by hand instead, say after
    taking that pass back). A seat that challenged twice without success before its turn
    came owes two turns, one each time its turn comes. Each seat is given with the plays
    challenged, oldest first (their notation, or their words when they have none)."""
    # (after turn index, order, seat, play challenged): order 0 settles
    events: list[tuple[int, int, int, str]] = []
    for i, turn in enumerate(game.turns):
        d = turn.detail or {}
        events.append((i, 0, turn.seat, ""))
        outcome = d.get("challenge") or {}
        if turn.action == "play" and outcome.get("challenger_loses_turn"):
            seat = outcome.get("challenger", (turn.seat + 1) % len(game.players))
            events.append((i + int(outcome.get("turns_after") or 0), 1, int(seat),
                           str(d.get("notation") or turn.words)))
    owed: dict[int, list[str]] = {}
    for _, order, seat, play in sorted(events):
        if order:
            owed.setdefault(seat, []).append(play)
        elif seat in owed:
            owed[seat].pop(0)
            if not owed[seat]:
                del owed[seat]
    return owed


def passed_out(game: Game) -> str:
    """Why the game is over by passes, as the engines count them
    (:class:`companion.challenges.PassRun`: a turn lost to a challenge is no pass), once every
    player still holding tiles (:func:`tile_count`; every player when the sheet cannot
    count them) has passed the game's ``passes_to_end`` times in a row; ``""`` while it goes
    on. Counted once while the sheet stays as it is (:func:`_kept`)."""
    return _kept(game, "passed_out", lambda: _passed_out(game))


def _passed_out(game: Game) -> str:
    run = PassRun()
    for turn in game.turns:
        run.add("lost_turn" if (turn.detail or {}).get("lost_turn") else turn.action,
                game.players[turn.seat].name)
    rounds = table(game).passes_to_end
    holding = tile_count(game)[0].holding()
    return passes_reason(rounds) if run.ends_game(holding, rounds) else ""


def record_lost_turns(db: Session, game: Game) -> None:
    """Record the turns lost to challenges that have come: while the seat to move owes one
    (:func:`owed_lost_turns`), a pass marked ``lost_turn``, and the turn moves on, as the
    engines skip a challenger's lost turn when it comes."""
    owed = (owed_lost_turns(game) if not game.finished and game.turns
            and not game_over(game) else {})
    lost = _lost_turns_from(game, next_seat(game), owed)[0] if owed else []
    for seat, play in lost[:max(MAX_TURNS - len(game.turns), 0)]:
        game.turns.append(Turn(number=game.turns[-1].number + 1, seat=seat, action="pass",
                               score=table(game).no_play("pass").score, words="",
                               detail={"lost_turn": True, "challenged": play}))
    db.flush()


def _lost_turns_from(game: Game, seat: int, owed: dict[int, list[str]]
                     ) -> tuple[list[tuple[int, str]], int]:
    """The turns lost to challenges as they come from ``seat``, the seat to move, on: each
    seat in turn that owes one (``owed``, :func:`owed_lost_turns`, kept as it is) loses
    it, ``(seat, play challenged)``, and the turn passes to the seat after it
    (:func:`seat_after`); and the seat that then moves."""
    owing = {s: list(plays) for s, plays in owed.items()}
    lost = []
    while owing.get(seat):
        lost.append((seat, owing[seat].pop(0)))
        seat = seat_after(game, seat)
    return lost, seat


def _sent_before(game: Game, request_key: str | None) -> Turn | None:
    """The turn already recorded under ``request_key`` (a double tap), if any."""
    if not request_key:
        return None
    if len(request_key) > 32:
        raise UsageError("The turn's form key is too long; reload the page.")
    return next((t for t in game.turns if t.request_key == request_key), None)


def _check_turn(game: Game, seat: int, action: str, score: int, words: str) -> None:
    """Refuse a turn the sheet cannot take, with the reason."""
    if game.finished:
        raise UsageError("This game is finished: reopen it to add a turn.")
    if action not in ACTIONS:
        raise UsageError(f"A turn is one of: {', '.join(ACTIONS)}.")
    if len(game.turns) >= MAX_TURNS:
        raise UsageError("This game has reached the turn limit.")
    if not has_seat(game, seat):
        raise UsageError("Choose one of this game's players.")
    if not 0 <= score <= MAX_TURN_SCORE:
        raise UsageError(f"A turn's score must be between 0 and {MAX_TURN_SCORE}.")
    if len(words) > 200:
        raise UsageError("Too many words for one turn.")
    ended = game_over(game)
    if ended:
        raise UsageError(f"The game is over ({ended}): no more turns; end the game to enter "
                         "the tiles left on the racks.")
    count = tile_count(game)[0] if action == "swap" else None
    refusal = table(game).swap_refusal(count.bag) if count and count.known else ""
    if refusal:  # the engine's rule, on the bag the sheet counts
        raise UsageError(f"No swap now: {refusal}.")
    if action == "play" and score == 0 and not words.strip():
        raise UsageError(f"Nothing to record: type the play (e.g. {example_play(table(game))}) "
                         "or its words and score, or choose Pass.")


def add_turn(db: Session, game: Game, *, seat: int | None, action: str, score: int = 0,
             words: str = "", detail: dict[str, Any] | None = None,
             board: dict[str, Any] | None = None, photo_id: int | None = None,
             play: str = "", lexicon: Lexicon | None = None,
             request_key: str | None = None) -> Turn:
    """Record one turn and the new position: a play (typed as ``8D WORD`` and scored by the
    engine, or just words and a score), a pass or a swap. A turn sent again with the same
    ``request_key`` is not recorded twice: the first one is returned."""
    earlier = _sent_before(game, request_key)
    if earlier is not None:
        return earlier
    if play.strip() and action == "play" and not game.finished:
        if lexicon is None:
            raise ValueError("A typed play is judged by the installation's word list: "
                             "pass it as lexicon.")
        scored = table(game).score_play((game.board or {}).get("text"), play.strip(), lexicon)
        if not scored.legal:
            raise UsageError(refused_play(scored.notation, scored.reason))
        score, words = scored.score, " ".join(w["word"] for w in scored.words)
        detail = scored.to_dict()
        board = {"text": scored.board, "new": scored.new_cells}
    seat = next_seat(game) if seat is None else seat
    if action != "play":
        score, words = 0, ""
    _check_turn(game, seat, action, score, words)
    if action == "play" and board is not None:
        _check_tiles_left(game, board, str((detail or {}).get("notation") or ""))
    taken = challenged_off(game)
    if taken is not None:
        try:
            # the next seat is the same one when every other player has gone out
            taken.check_next(game.players[seat].name, seat == game.turns[-1].seat,
                             alone=next_seat(game) == game.turns[-1].seat)
        except ChallengeError as exc:
            raise UsageError(sentence(str(exc))) from exc
    check_on_turn(game, seat)
    if action != "play":
        score = table(game).no_play(action).score
    number = game.turns[-1].number + 1 if game.turns else 1
    turn = Turn(number=number, seat=seat, action=action, score=score, words=words.upper(),
                detail=detail, photo_id=photo_id, request_key=request_key or None)
    game.turns.append(turn)
    if board is not None:
        game.board = board
    record_lost_turns(db, game)
    forget_end_racks(game)
    return turn


def check_on_turn(game: Game, seat: int) -> None:
    """Refuse (:class:`NotOnTurn`) a turn for ``seat`` when another player is on turn, by
    :func:`next_seat`: the players in seat order, a player who went out passed over, a turn
    lost to a challenge recorded when it came, the same player again after a word challenged
    off with another try left. The first turn is any player's: the table decides who starts,
    as a game record's first line does."""
    if not game.turns:
        return
    due = next_seat(game)
    if seat != due:
        on_turn, chosen = game.players[due].name, game.players[seat].name
        raise NotOnTurn(f"It is {on_turn}'s turn, not {chosen}'s: choose {on_turn} as the "
                        "player, or take back the last turn if it was recorded for the wrong "
                        "player.")


def _check_tiles_left(game: Game, board: dict[str, Any], notation: str) -> None:
    """Refuse a play that puts down a tile the set has no more of, with the tiles the sheet's
    plays put on the board (:meth:`companion.tiles.TileSet.placed_problem`); not checked once
    a play was entered as words and a score, which does not say which tiles it placed."""
    played = tiles_played(game)
    if played is None or not board.get("new"):
        return
    rules = table(game)
    problem = rules.tile_set.placed_problem(played, rules.placed_tiles(board["text"],
                                                                       board["new"]))
    if problem:
        hint = " (a letter typed in lower case is a blank)" if "blank" in problem else ""
        said = f"{sentence(problem)[:-1]}{hint}."
        raise UsageError(refused_play(notation, said))


def refused_play(notation: str, reason: str) -> str:
    """Why the play ``notation`` is refused, as a sentence naming the play once: the engine's
    ``reason`` after the play ("1A CAT: The play must join the tiles already on the
    board."), or alone when it names the play already ("The play 8M QUIZZY runs off the
    board.", not "8M QUIZZY: The play 8M QUIZZY runs off the board.")."""
    said = sentence(reason)
    return f"{notation}: {said}" if notation and notation not in said else said


def undo_turn(db: Session, game: Game) -> None:
    """Take back the last turn (a finished game's once it is reopened: :func:`reopen_game`)."""
    if game.finished:
        raise UsageError("This game is finished: reopen it to take back a turn.")
    if not game.turns and game.start:
        raise UsageError("There is no turn to take back: the game started from a board "
                         f"with {counted(int(game.start.get('tiles') or 0), 'tile')}, and "
                         "the board it started from cannot be taken back.")
    if not game.turns:
        raise UsageError("There is no turn to take back.")
    game.turns.pop()
    game.board = position_after(game.turns, game.start)
    forget_end_racks(game)
    db.flush()


def position_after(turns: list[Turn],
                   start: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The board after these turns, from the board the game started from (``start``, a
    game's :attr:`~companion.web.models.Game.start`; None: the empty board): each play
    scored on the board (typed, tapped or read from a photo) leaves its position in its
    detail; a play a challenge took off leaves the board as it was; passes, swaps and plays
    entered as words and a score change nothing."""
    board: dict[str, Any] | None = (
        {"text": start["text"], "new": []} if start and start.get("text") else None)
    for turn in turns:
        detail = turn.detail or {}
        if turn.action != "play" or not detail.get("board"):
            continue
        if not (detail.get("challenge") or {}).get("play_stands", True):
            continue
        board = {"text": detail["board"], "new": [list(c) for c in detail.get("new_cells", [])]}
    return board


def has_seat(game: Game, seat: int) -> bool:
    """Whether ``game`` seats a player at ``seat`` (seats count from 0): the one rule for a
    turn's player, a challenger and a rack typed at the end."""
    return 0 <= seat < len(game.players)


def _no_such_seat(game: Game, seat: int) -> UsageError:
    """A rack sent for ``seat``, which ``game`` has not, refused naming the seats it has."""
    seats = listed([f"{p.seat} ({p.name})" for p in game.players])
    return UsageError(f"There is no seat {shown(seat)} in this game for a rack: its seats "
                      f"are {seats}.")


def _rack_error(player: Player, problem: str) -> RackError:
    """``problem`` (a sentence) about ``player``'s rack, naming the player."""
    return RackError(f"Player {player.name}'s rack: {problem[:1].lower()}{problem[1:]}",
                     player.seat)


def finish_game(db: Session, game: Game, racks: dict[int, str]) -> None:
    """End the game: what is left on each rack is subtracted by the game's rules; in Bug Words
    the one player who went out (empty rack) adds the others' total. ``racks`` holds each
    rack by its player's seat (a seat left out: an empty rack); a rack for a seat the game
    has not (:func:`has_seat`) is refused, naming the seats it has."""
    if game.finished:
        raise UsageError("This game is already over.")
    strays = sorted(seat for seat in racks if not has_seat(game, seat))
    if strays:  # nothing is left out unsaid: a rack for a seat the game has not
        raise _no_such_seat(game, strays[0])
    left = [racks.get(p.seat, "") for p in game.players]
    for p, rack in zip(game.players, left, strict=True):  # a refusal says whose rack it is
        try:
            table(game).rack_cost(rack)
        except UsageError as exc:
            raise _rack_error(p, str(exc)) from exc
    played = tiles_played(game)
    found = None if played is None else table(game).racks_left_problem(played, left)
    if found is not None:  # the racks hold tiles that are on the board
        raise _rack_error(game.players[found[0]], found[1])
    count = tile_count(game)[0]
    sizes = [table(game).rack_cost(rack)[0] for rack in left]
    for p, size in zip(game.players, sizes, strict=True):  # as many tiles as it holds
        problem = count.rack_left_problem(p.name, size)
        if problem:
            raise _rack_error(p, sentence(problem))
    problem = count.racks_total_problem(sum(sizes))  # a late start: any split of them
    if problem:
        raise UsageError(sentence(problem))  # every rack's box, not one
    adjustments = table(game).finish(left)
    for p, rack, points in zip(game.players, left, adjustments, strict=True):
        p.end_rack = "".join(rack.split()).upper()
        p.end_adjustment = points
    game.finished = True
    db.flush()


def reopen_game(db: Session, game: Game) -> None:
    """Reopen a game finished by mistake: the end-of-game adjustments come off and the game
    is where it was before it was finished (over, if its turns had ended it, until the turn
    that ended it is taken back). The racks typed at the end are kept with the players, for
    the end-of-game form to offer again while the turns are those they were typed after
    (:func:`forget_end_racks`); nothing else was changed by finishing."""
    if not game.finished:
        raise UsageError("This game is not finished: there is nothing to reopen.")
    for p in game.players:
        p.end_adjustment = 0
    game.finished = False
    db.flush()


def forget_end_racks(game: Game) -> None:
    """The turns of a game reopened have changed (a turn added or taken back, a play
    challenged off): the racks typed when it was finished describe the tiles held at that
    finish, not now, so the end-of-game form no longer offers them as the racks left."""
    for p in game.players:
        p.end_rack = ""


def totals(game: Game) -> dict[int, int]:
    """Each seat's total so far, from its score when the game started (:func:`start_scores`),
    with end-of-game adjustments once finished."""
    result = {p.seat: score + (p.end_adjustment if game.finished else 0)
              for p, score in zip(game.players, start_scores(game), strict=True)}
    for t in game.turns:
        result[t.seat] += t.score
    return result


def standings(game: Game) -> dict[str, Any]:
    """The final order: ``ranking`` (name, total) best first, ``best``, the ``winners``
    (more than one on a tie) and the ``line`` that says who won (:func:`winner_line`)."""
    tot = totals(game)
    ranking = sorted(((p.name, tot[p.seat]) for p in game.players), key=lambda x: -x[1])
    best = ranking[0][1] if ranking else 0
    winners = [name for name, total in ranking if total == best]
    return {"ranking": ranking, "best": best, "winners": winners,
            "line": winner_line(winners, best)}


def winner_line(winners: list[str], best: int) -> str:
    """Who won a finished game, in one sentence for every table game: "Cy wins with 27
    points.", "A tie at 27 points: Ann and Bob."; a total below nothing reads as plainly
    ("Cy wins with -27 points.", never "Cy wins with -27!")."""
    points = counted(best, "point")
    if len(winners) == 1:
        return f"{winners[0]} wins with {points}."
    return f"A tie at {points}: {' and '.join(winners)}."


def running(game: Game) -> list[dict[str, Any]]:
    """The sheet's rows: each turn with the player's running total after it; ``shown`` is a
    play's words as the game shows them (:meth:`companion.play.Table.words_shown`: a Bug
    Words blank's letter in lower case), ``words`` as they are kept."""
    so_far = {p.seat: score for p, score in zip(game.players, start_scores(game), strict=True)}
    rows = []
    rules = table(game)
    for t in game.turns:
        so_far[t.seat] += t.score
        rows.append({"number": t.number, "seat": t.seat, "player": game.players[t.seat].name,
                     "action": t.action, "words": t.words,
                     "shown": rules.words_shown(t.detail, t.words) if t.action == "play"
                     else t.words, "score": t.score,
                     "total": so_far[t.seat], "detail": t.detail})
    return rows


def rounds(game: Game) -> list[dict[str, Any]]:
    """The sheet's rows a round each, as a paper score sheet has them: round ``number`` k
    holds each player's k-th turn (``turns``: one a seat, in seat order), a turn being its
    rows of :func:`running` (one, or a play challenged off and the player's other try in the
    same turn after it), with no rows for a player who has had no k-th turn (the game over,
    or still going, before their seat's). Passes, swaps and lost turns are turns as plays
    are; a player who went out, passed over while the others play on, has no more turns."""
    turns: dict[int, list[list[dict[str, Any]]]] = {p.seat: [] for p in game.players}
    again = None  # the seat whose play just came off with another try left
    for turn, row in zip(game.turns, running(game), strict=True):
        if again == turn.seat:
            turns[turn.seat][-1].append(row)
        else:
            turns[turn.seat].append([row])
        again = turn.seat if _tries_again(turn) else None
    count = max((len(each) for each in turns.values()), default=0)
    return [{"number": k + 1, "turns": [each[k] if k < len(each) else []
                                        for each in turns.values()]} for k in range(count)]


def game_dict(game: Game) -> dict[str, Any]:
    """A game as JSON: each player's ``tiles_held`` is :func:`tiles_held`'s count (``None``
    when the sheet does not know it)."""
    tot = totals(game)
    held = tiles_held(game)
    return {
        "id": game.id,
        "view_key": game.view_key,
        "version": game.version,
        "game": game.kind,
        "finished": game.finished,
        "players": [{"seat": p.seat, "name": p.name, "end_adjustment": p.end_adjustment,
                     "total": tot[p.seat], "tiles_held": None if held is None else held[i]}
                    for i, p in enumerate(game.players)],
        "turns": running(game),
        "next_seat": to_move(game),
        "over": "" if game.finished else game_over(game),
        "winners": standings(game)["winners"] if game.finished else [],
        "board": game.board,
        "start": None if not game.start else {
            "board": game.start.get("text"), "tiles": game.start.get("tiles"),
            "scores": start_scores(game), "said": start_said(game)},
    }
