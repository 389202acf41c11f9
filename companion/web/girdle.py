"""Daily Girdle: today's sheet as PDF, submit a solution, score breakdown and rank against
par, a hints grid, streaks by the player's own date, and the archive of every puzzle."""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from functools import lru_cache

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from companion.dates import date_from, day_shown, month_from, month_shown
from companion.errors import CompanionError, UsageError
from companion.girdle import Puzzle, SheetStep, default_edition, puzzle_for, puzzle_number
from companion.girdle.engine import crossed_out_by_section
from companion.girdle.generator import check_published, daily_family
from companion.girdle.layouts import puzzle_model, shape_text
from companion.girdle.typed_sheet import (
    UNTICKED,
    parse_solution,
    play_solution,
    played_line,
    solution_text,
    unticked_words,
)
from companion.lexicon import Lexicon, WordListSpec, load_word_list
from companion.text import counted, quoted, sentence
from companion.web import jobs, openapi, par_jobs, quota
from companion.web.csrf import form_sent_again
from companion.web.db import session as db
from companion.web.errors import field_at_fault, said_on_page, status_of, try_again_soon
from companion.web.girdle_play import step_from_squares
from companion.web.inputs import plain_text
from companion.web.models import GirdlePar, GirdleSubmission, Job
from companion.web.wordlist import lexicon, word_list_notes, word_list_spec

bp = Blueprint("girdle", __name__)
# {{ card|crossed_out_by_section }}: "Q (A-Z); B (Supply)", as the command line's card says it
bp.add_app_template_filter(crossed_out_by_section)

# Ranks by share of par, best first (the first whose share the score reaches).
RANKS: tuple[tuple[float, str], ...] = (
    (1.00, "Par!"), (0.85, "Queen Girdle"), (0.70, "Genius"), (0.55, "Amazing"),
    (0.40, "Great"), (0.25, "Good"), (0.10, "Solid"), (float("-inf"), "Beginner"),
)
PAPERS = ("letter", "a4")


def rank(score: int, par: int | None) -> str:
    """The rank name of ``score`` against ``par`` ("Unranked" while par is not known)."""
    if not par or par <= 0:
        return "Unranked"
    share = score / par
    return next(name for floor, name in RANKS if share >= floor)


def now_utc() -> dt.datetime:
    """The time now, in UTC: the one clock the Girdle pages read (tests set it)."""
    return dt.datetime.now(dt.UTC)


def today_utc() -> dt.date:
    return now_utc().date()


AFTER_BEST = "After the best sheet"  # the rank of a sheet sent after seeing the best one


class NotYet(UsageError):
    """Answers asked for before the day is over everywhere (HTTP 403)."""

    status = 403


def revealed(day: dt.date, now: dt.datetime | None = None) -> bool:
    """Whether ``day`` is over everywhere on Earth (its last hour, at UTC-12, has passed):
    from then on its answer key and hints are no spoiler."""
    now = now or now_utc()
    return now >= dt.datetime.combine(day + dt.timedelta(days=1), dt.time(12), tzinfo=dt.UTC)


def begun(day: dt.date, now: dt.datetime | None = None) -> bool:
    """Whether ``day`` has begun somewhere on Earth (its first hour, at UTC+14, has come:
    10:00 UTC the day before): from then on its puzzle is served."""
    now = now or now_utc()
    return now >= dt.datetime.combine(day - dt.timedelta(days=1), dt.time(10), tzinfo=dt.UTC)


def has_submitted(player: str, day: dt.date) -> bool:
    """Whether ``player`` has submitted a sheet for ``day``."""
    return db().scalars(select(GirdleSubmission.id).where(
        GirdleSubmission.player == player, GirdleSubmission.puzzle_date == day)).first() \
        is not None


def check_date(value: str | dt.date) -> dt.date:
    """A puzzle date: from the first puzzle to the day begun last somewhere on Earth (at
    UTC+14, :func:`begun`)."""
    day = value if isinstance(value, dt.date) else date_from(value)
    check_published(day)
    if not begun(day):
        raise UsageError(f"The Word Girdle of {day_shown(day)} is not out yet.")
    return day


def _page_date(day: str) -> dt.date:
    """The puzzle date of a page address; a date with no puzzle is a 404 saying why."""
    try:
        return check_date(day)
    except UsageError as exc:
        abort(404, description=sentence(said_on_page(exc)))


@lru_cache(maxsize=64)
def _puzzle(day: dt.date, spec: WordListSpec) -> Puzzle:
    return puzzle_for(day, lexicon=load_word_list(spec))


def puzzle(day: dt.date) -> Puzzle:
    """The puzzle of ``day`` for the installation's word list, house list and all (the
    command line's ``girdle show --add ... --remove ...`` puzzle)."""
    return _puzzle(day, word_list_spec())


def _lexicon() -> Lexicon:
    """The word list the Girdle pages judge by: the one every other page judges by."""
    return lexicon()


PAR_POLL_SECONDS = 3  # how often a page (or API client) waiting for par asks again


@dataclass
class Par:
    """The best score known for a day, whether proven, and a sheet that reaches it."""

    par: int
    proven: bool
    placements: list[SheetStep]
    solution: str  # the sheet in the typed form


class ParFailed(CompanionError):
    """The search for par ended without an answer (HTTP 503; the next request retries)."""

    status = 503


class ParPending(CompanionError):
    """Par is being searched for: ask again after :data:`PAR_POLL_SECONDS` (HTTP 202)."""

    status = 202
    retry_after = PAR_POLL_SECONDS


def known_par(day: dt.date) -> Par | None:
    """Par of ``day`` if it is known, else None with the search under way. The search runs
    beside the app (see :mod:`companion.web.par_jobs`; ``GIRDLE_SOLVE_SECONDS`` is its
    safety stop) and is never waited for; its answer is kept in the database (as JSON
    placements) for every worker."""
    row = _stored_par(day)
    if row is None:
        job = start_par_search(day)  # a search that failed is reported once, not restarted
        if job.state not in (jobs.DONE, jobs.FAILED):
            return None
        if job.state == jobs.FAILED:
            jobs.forget(db(), job.key)
            raise ParFailed(try_again_soon(job.error or "The search for par stopped"))
        found = job.result or {}
        row = _keep_found(day, int(found["par"]), bool(found["proven"]),
                          [SheetStep.from_dict(s).to_dict(n) for n, s in
                           enumerate(found["solution"], 1)])
        if row is None:
            return None
    placements = _placements(row.solution, puzzle(day))
    return Par(row.par, row.proven, placements, solution_text(puzzle(day), placements))


def par_state(day: dt.date) -> str:
    """Where the search for ``day``'s par stands, read without starting, storing or forgetting
    anything: ``found`` (stored, or the search is done), ``searching``, ``failed`` or ``none``
    (nobody asked for it)."""
    row = db().get(GirdlePar, day)
    if row is not None and row.words == _words():  # one found with other words is searched
        return "found"                             # for again (see _stored_par)
    job = par_jobs.job(db(), day, word_list_spec(), current_app.config["GIRDLE_SOLVE_SECONDS"],
                       _words())
    if job is None:
        return "none"
    return {jobs.DONE: "found", jobs.FAILED: "failed"}.get(job.state, "searching")


def par_or_pending(day: dt.date) -> Par:
    """Par of ``day``, or :class:`ParPending` while it is being searched for."""
    par = known_par(day)
    if par is None:
        raise ParPending("The best score of this day is being worked out: ask again in "
                         f"{counted(PAR_POLL_SECONDS, 'second')}.")
    return par


def _placements(stored: list, pz: Puzzle) -> list[SheetStep]:
    """A stored best sheet: JSON placements (or, stored by older versions, typed lines)."""
    if stored and all(isinstance(x, str) for x in stored):
        placements, _sheet, _card = play_solution(pz, parse_solution("\n".join(stored), pz),
                                                  _lexicon())
        return placements
    return [SheetStep.from_dict(x) for x in stored]


def _replays_to(pz: Puzzle, placements: list[SheetStep], score: int) -> bool:
    from companion.girdle import IllegalStep, Sheet

    sheet = Sheet(pz, _lexicon())
    try:
        for p in placements:
            sheet.play(p)
    except IllegalStep:
        return False
    card = sheet.score()
    return card.complete and card.final == score


def _stored_par(day: dt.date) -> GirdlePar | None:
    """The stored par of ``day`` if it was found with today's word list and its sheet still
    replays to it on the day's puzzle. A par stored before the puzzle of a date changed (a new
    edition of the daily generator) is dropped, so it is searched for again; one found with
    other words (the shipped list grew, a club list was edited) is searched for again too,
    and kept only if the new search finds less (:func:`_keep_found`)."""
    row = db().get(GirdlePar, day)
    if row is None:
        return None
    if _fits(row, puzzle(day)):
        return row if row.words == _words() else None
    current_app.logger.warning("the stored par of %s does not fit its puzzle; searching again",
                               day.isoformat())
    db().delete(row)
    db().flush()
    return None


def _fits(row: GirdlePar, pz: Puzzle) -> bool:
    """Whether a stored par's sheet replays to it on ``pz`` with today's word list."""
    try:
        return _replays_to(pz, _placements(row.solution, pz), row.par)
    except (CompanionError, KeyError, TypeError, ValueError):
        return False


def _words() -> str:
    """The digest of the word list pars are found with now."""
    return _lexicon().fingerprint


def _keep_found(day: dt.date, par: int, proven: bool, solution: list) -> GirdlePar | None:
    """Store the par a search found for ``day``. A par stored with another word list whose
    sheet still scores more (a player's, or a longer search's) is kept, unproven, rather than
    lost; None when another worker is storing the day at the same moment."""
    row = db().get(GirdlePar, day)
    if row is not None and row.words != _words():
        if _fits(row, puzzle(day)) and row.par > par:
            row.proven, row.words = False, _words()
            return row
        row.par, row.proven, row.solution, row.words = par, proven, solution, _words()
        return row
    if row is not None:
        return row
    row = GirdlePar(puzzle_date=day, par=par, proven=proven, solution=solution, words=_words())
    try:
        with db().begin_nested():
            db().add(row)
    except IntegrityError:  # another worker stored it at the same moment
        return db().get(GirdlePar, day)
    return row


def is_current(day: dt.date) -> bool:
    """Whether ``day`` is today somewhere on Earth, or about to be: within a day of UTC's."""
    return abs((day - today_utc()).days) <= 1


def start_par_search(day: dt.date) -> Job:
    """The search for ``day``'s par, beside the app (queued if nobody asked for it yet). A
    current day's search is urgent (:func:`companion.web.jobs.submit`); a new search for a
    past day counts against the requesting address's ``PAST_SEARCHES_PER_HOUR``."""
    spec, seconds, words = word_list_spec(), current_app.config["GIRDLE_SOLVE_SECONDS"], _words()
    current = is_current(day)
    if not current and par_jobs.job(db(), day, spec, seconds, words) is None:
        quota.take(quota.PAST_SEARCH)  # kept with the job, which start commits
    return par_jobs.start(db(), day, spec, seconds, words, urgent=current)


def raise_par(day: dt.date, score: int, placements: list[SheetStep]) -> None:
    """A player's complete sheet beating an unproven par becomes the new par."""
    row = db().get(GirdlePar, day)
    if row is not None and not row.proven and score > row.par:
        row.par = score
        row.solution = [p.to_dict(n) for n, p in enumerate(placements, 1)]


def player_id() -> str:
    """An anonymous id for this browser (kept in its session cookie) for streaks."""
    if "player" not in session:
        session["player"] = secrets.token_urlsafe(12)
        session.permanent = True
    return session["player"]


def local_date(value: str | None, day: dt.date) -> dt.date:
    """The player's own date (sent by the page) when a sheet for ``day`` is sent: within a
    day of UTC's; else ``day`` when it is current (today somewhere), else UTC's date (a past
    day's sheet sent without the page's date is not sent on that day)."""
    try:
        own = date_from(value)
    except UsageError:
        own = None
    if own is not None and is_current(own):
        return own
    return day if is_current(day) else today_utc()


def streak(player: str, now: dt.datetime | None = None) -> int:
    """The player's daily streak: the days in a row, by the player's own dates, on each of
    which they sent that day's puzzle (a past day's sheet sent later counts for no day). It
    ends on the latest such day and lapses once the day after it is over everywhere on Earth
    (:func:`revealed`) without its puzzle sent on it: 0 when there is none going."""
    days = set(db().scalars(select(GirdleSubmission.local_date).where(
        GirdleSubmission.player == player,
        GirdleSubmission.local_date == GirdleSubmission.puzzle_date)))
    if not days or revealed(max(days) + dt.timedelta(days=1), now):
        return 0
    run, day = 0, max(days)
    while day in days:
        run, day = run + 1, day - dt.timedelta(days=1)
    return run


MAX_SOLUTION = 1000  # characters of a typed sheet: seven words and their choices, with room


def submit(day: dt.date, text: str, player: str, local: dt.date) -> dict:
    """Score a typed solution, keep the player's best for the day, and report. While par is
    being searched for the sheet is scored and kept but not ranked (``par_pending``): send
    it again to rank it; the best sheet is shown only with a rank."""
    if len(text) > MAX_SOLUTION:
        raise UsageError("That is far too long for seven words.")
    text = plain_text(text)
    pz = puzzle(day)
    placements, _sheet, card = play_solution(pz, parse_solution(text, pz), _lexicon())
    if not card.complete:
        raise UsageError(f"A finished Girdle has {counted(pz.words, 'word')}; this one has "
                         f"{len(card.rows)}. Add the rest and submit again.")
    typed = solution_text(pz, placements)
    par = known_par(day)
    if par is not None:
        raise_par(day, card.final, placements)
        par = known_par(day)
    result = {"date": day.isoformat(), "number": pz.number, "score": card.final,
              "card": card.to_dict(), "solution": typed,
              "par": par.par if par else None, "par_proven": par.proven if par else False,
              "par_pending": par is None,
              "best_solution": par.solution if par else None,
              "rank": rank(card.final, par.par if par else None)}
    old = db().scalars(select(GirdleSubmission).where(
        GirdleSubmission.player == player, GirdleSubmission.puzzle_date == day)).first()
    # Every ranked answer shows the best sheet: a later, different sheet for the same day is
    # marked as sent after seeing it, and keeps no rank of its own. The kept sheet sent again
    # (a reload of the answer, a double tap) is the same submission and keeps its rank.
    resent = old is not None and list(old.words) == typed.splitlines()
    result["after_best"] = old is not None and bool(old.saw_best) and not resent
    if result["after_best"]:
        result["rank"] = AFTER_BEST
    if old is None:
        quota.take(quota.SUBMISSION)  # a new row, kept with it: a sheet sent again is not
        db().add(GirdleSubmission(player=player, puzzle_date=day, local_date=local,
                                  words=typed.splitlines(), score=card.final,
                                  rank=result["rank"], saw_best=par is not None))
    else:
        if card.final > old.score and not result["after_best"]:
            old.words, old.score = typed.splitlines(), card.final
        if not old.saw_best and par is not None:
            old.rank, old.saw_best = rank(old.score, par.par), True
    db().flush()
    result["best_of_yours"] = max(card.final, old.score if old else card.final)
    result["streak"] = streak(player)
    return result


def hints(day: dt.date) -> list[list[str]]:
    """A grid showing where the best sheet's words go: each word's first letter, ``#`` for
    its other squares, ``.`` for empty squares. Only once the day is over everywhere; raises
    :class:`ParPending` while the best sheet is being searched for."""
    if not revealed(day):
        raise NotYet(f"Hints for {day_shown(day)} are given once that day is over "
                     "everywhere on Earth.")
    size = puzzle(day).size
    grid = [["."] * size for _ in range(size)]
    for p in par_or_pending(day).placements:
        for k, (r, c) in enumerate(p.cells()):
            if k == 0:
                grid[r - 1][c - 1] = p.word[0]
            elif grid[r - 1][c - 1] == ".":
                grid[r - 1][c - 1] = "#"
    return grid


def _sheet_pdf(day: dt.date, paper: str) -> bytes:
    from companion.web.prints import _cached
    from printables.girdle import girdle_sheet_pdf
    from printables.names import girdle_sheet_name

    if paper not in PAPERS:
        raise UsageError(f"Paper must be letter or a4, not {quoted(paper)}.")
    return _cached(f"{girdle_sheet_name(day, paper)}.pdf",
                   lambda: girdle_sheet_pdf(day, paper, puzzle=puzzle(day)),
                   words=_words())


def typed_from_reading(pz: Puzzle, reading: dict) -> str:
    """The words a sheet photo shows, in the typed form (word and start square per line),
    each box the photo shows unticked where its word earns one written ``-none``, and the
    letter the photo shows a word's box crossed out written ``-K``: the sheet sent scores as
    read (typed without them, the engine crossed the dearest letter out for the box)."""
    ticked = reading.get("checkboxes_ticked", [])
    lines = []
    for w in sorted(reading.get("words", []), key=lambda w: w["number"]):
        line = pz.lines[w["number"] - 1]
        text = f"{w['word']} {w['col'] if line.kind == 'row' else w['row']}"
        if pz.earns_crossout(w["number"], len(w["word"])) and w["number"] not in ticked:
            text += f" -{UNTICKED}"
        elif w.get("crossed_out"):
            text += f" -{w['crossed_out'][0]}"
        lines.append(text)
    return "\n".join(lines)


def crossed_out_said(reading: dict) -> tuple[str, str]:
    """What the day's page says under a sheet photo's reading of the letters crossed out: the
    letters the photo shows crossed out, and, when the sheet scored, those the reader took as
    crossed out for a ticked box it saw none for ("" when there are none), as the command
    line's ``read`` says them."""
    from vision.girdle_sheet import crossed_out_inferred, crossed_out_seen

    inferred = reading.get("crossed_out_inferred") or []
    seen = {k: reading.get(k) or [] for k in ("az_crossed_out", "supply_crossed_out")}
    return (sentence(crossed_out_seen(seen)),
            sentence(crossed_out_inferred(inferred)) if reading.get("score") and inferred
            else "")


def read_sheet_photo(day: dt.date, data: bytes) -> tuple[dict, str]:
    """What a photo of the day's filled-in sheet shows, and the words ready to submit."""
    from companion.web.photos import read_girdle_sheet

    pz = puzzle(day)
    quota.spend(quota.PHOTO)
    reading = read_girdle_sheet(data, pz, _lexicon(), current_app.config["MAX_IMAGE_PIXELS"])
    return reading, typed_from_reading(pz, reading)


def _page(day: dt.date, result=None, error=None, text="", status=200, sheet=None,
          field="solution", typed_before=""):
    """The day's page; an error is tied to ``field``, the form input it is about;
    ``typed_before`` is what was typed before a photo's words took its place in the box."""
    pz = puzzle(day)
    if result is None and is_current(day) and db().get(GirdlePar, day) is None:
        try:
            start_par_search(day)  # the day's puzzle: par is ready when the player submits
        except jobs.Busy:
            pass  # started by a later request
    sent = sent_sheet(day, player_id())
    play_sheet, played = sheet_in_progress(day, sent)
    next_day = day + dt.timedelta(days=1)  # linked once it is served (begun somewhere)
    grid = hints_pending = None
    if request.args.get("hints") and revealed(day):
        try:
            grid = hints(day)
        except ParPending:
            hints_pending = PAR_POLL_SECONDS
    return render_template(
        "girdle.html", day=day, pz=pz, shape=shape_text(pz.lines, pz.size),
        result=result, error=error, error_field=field, text=text, streak=streak(player_id()),
        sheet=sheet, crossed=crossed_out_said(sheet) if sheet else None,
        typed_before=typed_before, word_list=_lexicon().display,
        word_list_notes=word_list_notes(),
        revealed=revealed(day), submitted=has_submitted(player_id(), day),
        hints=grid, hints_pending=hints_pending, par_poll=PAR_POLL_SECONDS, today=today_utc(),
        play_sheet=play_sheet, played=played, sent_sheet=sent,
        prev=day - dt.timedelta(days=1) if day > default_edition().first_date else None,
        next=next_day if begun(next_day) else None), status


def sheet_in_progress(day: dt.date, sent: str) -> tuple[str, int]:
    """The sheet played so far on the play page that the day's page address carries
    (``?sheet=``, as the play page's link to it writes it), so that the day's page leads back
    to it, and its number of words; ``("", 0)`` for none, one that cannot be played, or the
    sheet already sent (``sent``, as :func:`sent_sheet` gives it): nothing is left to play."""
    text = plain_text(str(request.args.get("sheet", "")))
    if not text.strip() or len(text) > MAX_SOLUTION:
        return "", 0
    try:
        state = _play_state(day, text)
    except CompanionError:
        return "", 0
    if sent and state["text"] == sent:
        return "", 0
    return state["text"], len(state["sheet"].words)


def sent_sheet(day: dt.date, player: str) -> str:
    """The sheet ``player`` keeps for ``day`` as the play page carries and keeps it on the
    phone (its words alone, replayed by the engine), so the day's page knows a sheet played
    on the phone was sent; "" when none was sent, or its words no longer make a sheet."""
    row = db().scalars(select(GirdleSubmission).where(
        GirdleSubmission.player == player, GirdleSubmission.puzzle_date == day)).first()
    if row is None:
        return ""
    try:
        return str(_play_state(day, "\n".join(str(w) for w in row.words))["text"])
    except CompanionError:
        return ""


@bp.get("/girdle")
def page() -> ResponseReturnValue:
    return _page(today_utc())


@bp.route("/girdle/<day>", methods=["GET", "POST"])
def day_page(day: str) -> ResponseReturnValue:
    when = _page_date(day)
    if request.method == "GET":
        return _page(when)
    text = request.form.get("solution", "")
    try:
        result = submit(when, text, player_id(),
                        local_date(request.form.get("local_date"), when))
    except CompanionError as exc:
        db().rollback()  # (a past day's first search may be refused by its limit: a 429)
        return _page(when, error=said_on_page(exc), text=text, status=status_of(exc),
                     field=field_at_fault(exc, "solution"))
    db().commit()
    # Post/Redirect/Get: the answer is a page of its own, so Reload and Back ask nothing.
    # What was just sent, when it is not the sheet kept, is said there once.
    session["girdle_sent"] = {"date": when.isoformat(), "score": result["score"],
                              "after_best": result["after_best"],
                              "solution": result["solution"]}
    return redirect(url_for("girdle.result_page", day=when.isoformat()), code=303)


def kept_result(day: dt.date, player: str) -> dict | None:
    """The answer for the sheet ``player`` keeps for ``day``, rebuilt from what is stored and
    scored by the engine as now, ranked against the day's par as it stands (None when there
    is none). A sheet kept unranked while par was being searched for is ranked as soon as par
    is known, as sending it again would rank it: a complete sheet beating an unproven par
    becomes par, and the player is shown the best sheet. ``card`` is None if the stored
    words no longer make a sheet."""
    row = db().scalars(select(GirdleSubmission).where(
        GirdleSubmission.player == player, GirdleSubmission.puzzle_date == day)).first()
    if row is None:
        return None
    pz = puzzle(day)
    text = "\n".join(str(w) for w in row.words)
    score, card, placements = row.score, None, None
    try:
        placements, _sheet, scored = play_solution(pz, parse_solution(text, pz), _lexicon())
        if scored.complete:
            score, card, text = scored.final, scored.to_dict(), solution_text(pz, placements)
        else:
            placements = None
    except CompanionError:
        pass
    par = known_par(day)
    if par is not None and not row.saw_best and placements is not None:
        raise_par(day, score, placements)  # as when the sheet is sent again
        par = known_par(day)
    if par is not None:
        row.rank, row.saw_best = rank(score, par.par), True
    return {"date": day.isoformat(), "number": pz.number, "score": score, "card": card,
            "solution": text, "par": par.par if par else None,
            "par_proven": par.proven if par else False,
            "par_pending": par is None,
            "best_solution": par.solution if par else None,
            "rank": rank(score, par.par) if par else "Unranked", "after_best": False,
            "streak": streak(player)}


@bp.get("/girdle/<day>/result")
def result_page(day: str) -> ResponseReturnValue:
    """The answer to a sheet submitted on the day's page: the sheet this browser keeps for
    the day (the day's page itself when it has sent none)."""
    when = _page_date(day)
    result = kept_result(when, player_id())
    db().commit()  # keep a newly found par and the sheet's rank
    if result is None:
        return redirect(url_for("girdle.day_page", day=when.isoformat()))
    sent = session.get("girdle_sent")
    if isinstance(sent, dict) and sent.get("date") == when.isoformat():
        session.pop("girdle_sent")
        result["sent"] = sent
        text = str(sent.get("solution", ""))
    else:
        text = result["solution"]
    return _page(when, result=result, text=text)


def _play_state(day: dt.date, text: str) -> dict:
    """The sheet after the typed words ``text`` (replayed by the engine): grid letters,
    A-Z used, Supply states, the tracker."""
    from companion.girdle import Sheet

    pz = puzzle(day)
    if text.strip():
        steps = parse_solution(text, pz)
        placements, sheet, card = play_solution(pz, steps, _lexicon())
        # the words alone: the Supply letters and cross-outs the engine chose for the words
        # so far are chosen again with each word (fixed, they refused a later word that needs
        # a Supply letter not chosen, or uses the letter crossed out so far); a box the
        # player left unticked stays so
        kept = solution_text(pz, placements, choices=False, unticked=unticked_words(steps))
        if parse_solution(kept, pz) != steps:
            # the choices an address wrote (+1,2, -B) are not kept: the sheet shown, scored
            # and sent is the one the page carries on with (it showed the address's score
            # and sent the words alone, scored again)
            placements, sheet, card = play_solution(pz, parse_solution(kept, pz), _lexicon())
        text = kept
    else:
        sheet = Sheet(pz, _lexicon())
        card = sheet.score()
    return {"pz": pz, "sheet": sheet, "card": card.to_dict(), "text": text,
            "number": len(sheet.words) + 1, "done": card.complete}


@bp.route("/girdle/<day>/play", methods=["GET", "POST"])
def play(day: str) -> ResponseReturnValue:
    """Play the day's Girdle on the phone: each word typed into its line's squares, judged and
    scored by the engine word by word; the finished sheet is submitted like a typed one."""
    when = _page_date(day)
    # a sheet sent after its form expired comes back on its next word's squares, not word 1's;
    # the sheet so far is in the address of the page a word played or taken back leads to
    sent = request.form if request.method == "POST" else form_sent_again() or request.args
    text = str(sent.get("sheet", ""))
    if len(text) > MAX_SOLUTION:
        raise UsageError("That is far too long for a Girdle sheet.")
    state, error, typed = _play_state(when, text), None, {}
    unticked = bool(request.form.get("unticked")) if request.method == "POST" else False
    if request.method == "POST" and request.form.get("undo"):
        lines = state["text"].splitlines()[:-1]
        return _played(when, _play_state(when, "\n".join(lines))["text"])
    if request.method == "POST" and not state["done"]:
        pz = state["pz"]
        typed = {pos: plain_text(str(request.form.get(f"sq-{pos}", ""))[:2])
                 for pos in range(1, pz.size + 1)}
        try:
            step = step_from_squares(pz, state["sheet"], state["number"], typed)
            line = played_line(pz, state["number"], step, unticked)
            state = _play_state(when, "\n".join([*state["text"].splitlines(), line]))
            return _played(when, state["text"])
        except CompanionError as exc:
            error = said_on_page(exc)
    return render_template("girdle_play.html", day=when, error=error, typed=typed,
                           unticked=unticked, focus=request.method == "POST" or "sheet" in sent,
                           kept=_kept_on_phone(state["text"]),
                           word_list=_lexicon().display, word_list_notes=word_list_notes(),
                           **state), 400 if error else 200


def _kept_on_phone(text: str) -> str:
    """What the play page does with the sheet the phone keeps for the day (with scripts, in
    its local storage): ``keep`` the sheet shown, ``forget`` it when every word was taken
    back (the address's sheet is empty), else ``offer`` to go on with it (a page opened
    afresh, or its first word refused: nothing played yet replaces it)."""
    if text:
        return "keep"
    if request.method == "GET" and "sheet" in request.args:
        return "forget"
    return "offer"


def _played(day: dt.date, text: str) -> ResponseReturnValue:
    """Post/Redirect/Get: the play page with the sheet so far (``text``) in its address, so
    that Reload and Back ask nothing again (Back showed a browser's "Confirm Form
    Resubmission" page); the keyboard goes on in the next word's first square."""
    return redirect(url_for("girdle.play", day=day.isoformat(), sheet=text), code=303)


@bp.post("/girdle/<day>/photo")
def sheet_photo(day: str) -> ResponseReturnValue:
    when = _page_date(day)
    from companion.web.photos import chosen_photo

    typed = str(request.form.get("solution", ""))  # the words typed before: never lost
    try:
        data = chosen_photo(request.files.get("photo"), "your sheet")
        reading, text = read_sheet_photo(when, data)
    except CompanionError as exc:
        return _page(when, error=said_on_page(exc), text=typed, status=status_of(exc),
                     field=field_at_fault(exc, "sheet-photo"))
    if not text:  # nothing read: the box keeps what was typed
        return _page(when, text=typed, sheet=reading)
    return _page(when, text=text, sheet=reading,
                 typed_before=typed if typed.strip() and typed.strip() != text else "")


@bp.get("/girdle/<day>/photo")
def back_to_day(day: str) -> ResponseReturnValue:
    """The photo form's address opened again (reload, back button, a shared link): the
    day's page."""
    return redirect(url_for("girdle.day_page", day=day))


@bp.get("/girdle/<day>.pdf")
def sheet_pdf(day: str) -> ResponseReturnValue:
    from printables.names import girdle_sheet_name

    when = _page_date(day)
    paper = request.args.get("paper", "letter")
    data = _sheet_pdf(when, paper)  # the paper checked
    return Response(data, mimetype="application/pdf", headers={
        "Content-Disposition":
            f'attachment; filename="{girdle_sheet_name(when, paper)}.pdf"'})


@bp.get("/girdle/<day>/answers.pdf")
def answers_pdf(day: str) -> ResponseReturnValue:
    from companion.girdle import Solution
    from printables.girdle_key import answer_key_pdf
    from printables.names import girdle_sheet_name

    when = _page_date(day)
    paper = request.args.get("paper", "letter")
    if paper not in PAPERS:
        raise UsageError(f"Paper must be letter or a4, not {quoted(paper)}.")
    if not revealed(when) and not has_submitted(player_id(), when):
        raise NotYet(f"The answer key of {day_shown(when)} is served once that day is over "
                     "everywhere on Earth, or after you submit a sheet for it.")
    pz = puzzle(when)
    par = par_or_pending(when)
    db().commit()  # keep a newly found par even if drawing fails
    best = Solution(par=par.par, proven=par.proven, upper_bound=par.par,
                    placements=par.placements)
    data = answer_key_pdf(when, paper, puzzle=pz, solution=best)
    return Response(data, mimetype="application/pdf", headers={
        "Content-Disposition":
            f'attachment; filename="{girdle_sheet_name(when, paper, answers=True)}.pdf"'})


def archive_months() -> list[dt.date]:
    """The months of the archive, newest first, each as its first day: from the month of the
    edition's first puzzle to today's."""
    first, today = default_edition().first_date, today_utc()
    count = (today.year - first.year) * 12 + today.month - first.month + 1
    return [dt.date(first.year + (first.month - 1 + i) // 12, (first.month - 1 + i) % 12 + 1, 1)
            for i in range(count)][::-1]


def _no_girdles_in(month: dt.date) -> UsageError:
    """A month outside the archive, refused saying where the archive starts and ends."""
    return UsageError(f"There are no Word Girdles in {month_shown(month)}: the archive runs "
                      f"from {day_shown(default_edition().first_date)} to today, "
                      f"{day_shown(today_utc())}.")


@bp.get("/girdle/archive")
def archive() -> ResponseReturnValue:
    month = request.args.get("month") or today_utc().strftime("%Y-%m")
    first_of = month_from(month)
    months = archive_months()
    if first_of not in months:
        raise _no_girdles_in(first_of)
    start = max(first_of, default_edition().first_date)
    end = min((first_of + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1),
              today_utc())
    mine = {s.puzzle_date: s for s in db().scalars(select(GirdleSubmission).where(
        GirdleSubmission.player == player_id(), GirdleSubmission.puzzle_date >= start,
        GirdleSubmission.puzzle_date <= end))}
    # each ranked sheet against its day's par as it stands now (a later sheet may have
    # raised an unproven par); read as stored, nothing searched for
    pars = {p.puzzle_date: p.par for p in db().scalars(select(GirdlePar).where(
        GirdlePar.puzzle_date >= start, GirdlePar.puzzle_date <= end,
        GirdlePar.words == _words()))}
    ranks = {d: rank(s.score, pars[d]) if s.saw_best and d in pars else s.rank
             for d, s in mine.items()}
    days = [start + dt.timedelta(days=i) for i in range((end - start).days + 1)][::-1]
    prev_month = (first_of - dt.timedelta(days=1)).replace(day=1)
    next_month = (first_of + dt.timedelta(days=32)).replace(day=1)
    return render_template(
        "girdle_archive.html", days=days, mine=mine, ranks=ranks, month=first_of,
        months=months, today=today_utc(),
        revealed=revealed,
        number=puzzle_number, family=daily_family,
        prev_month=prev_month if first_of > default_edition().first_date else None,
        next_month=next_month if end < today_utc() else None)


@bp.get("/girdle/today")
def today_redirect() -> ResponseReturnValue:
    return redirect(url_for("girdle.page"))


# -- JSON API --------------------------------------------------------------------------------

def _api_day(day: str) -> dt.date:
    return check_date(day)


@bp.get("/api/girdle/<day>")
def api_puzzle(day: str) -> ResponseReturnValue:
    when = _api_day(day)
    data = puzzle_model(puzzle(when))
    data["sheet"] = {p: url_for("girdle.sheet_pdf", day=when.isoformat(), paper=p)
                     for p in PAPERS}
    return jsonify(data)


@bp.get("/api/girdle/<day>/hints")
def api_hints(day: str) -> ResponseReturnValue:
    grid = hints(_api_day(day))
    db().commit()  # keep a newly found par
    return jsonify({"grid": ["".join(row) for row in grid]})


@bp.get("/api/girdle/<day>/par/status")
def api_par_status(day: str) -> ResponseReturnValue:
    """Where the search for the day's par stands, for a page waiting for the hints."""
    return jsonify({"status": par_state(_api_day(day))})


@bp.post("/api/girdle/<day>/photo")
def api_sheet_photo(day: str) -> ResponseReturnValue:
    when = _api_day(day)
    from companion.web.photos import chosen_photo

    upload = request.files.get("photo")
    data = chosen_photo(upload, "your sheet") if upload is not None else request.get_data()
    reading, text = read_sheet_photo(when, data)
    return jsonify({"reading": reading, "solution": text})


def issue_player_id() -> str:
    """A new API player id: random, signed with the installation's secret (any worker can
    check it; nobody can choose one)."""
    raw = secrets.token_urlsafe(12)
    return f"{raw}.{_player_signature(raw)}"


def _player_signature(raw: str) -> str:
    key = current_app.secret_key
    secret = key.encode() if isinstance(key, str) else bytes(key or b"")
    mac = hmac.new(secret, b"girdle-player:" + raw.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:12]).decode()


def checked_player_id(value: object) -> str:
    """An API player id issued by :func:`issue_player_id`, else a sentence saying how to get
    one."""
    text = value if isinstance(value, str) else ""
    raw, _, sig = text.partition(".")
    if not (len(text) <= 40 and raw and sig
            and hmac.compare_digest(sig, _player_signature(raw))):
        raise UsageError('"player" must be an id this server issued: POST /api/girdle/players '
                         "once and keep the id it answers.")
    return text


@bp.post("/api/girdle/players")
def api_new_player() -> ResponseReturnValue:
    quota.take(quota.PLAYER)
    db().commit()
    return jsonify({"player": issue_player_id()}), 201


@bp.post("/api/girdle/<day>/submissions")
def api_submit(day: str) -> ResponseReturnValue:
    when = _api_day(day)
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("solution"), str):
        raise UsageError('Send {"solution": "WORD START\\n..."} as JSON.')
    player = checked_player_id(body.get("player"))
    result = submit(when, body["solution"], "api:" + player,
                    local_date(body.get("local_date"), when))
    db().commit()
    if result["par_pending"]:  # kept, not ranked yet: send it again after Retry-After
        return jsonify(result), 202, {"Retry-After": str(PAR_POLL_SECONDS)}
    return jsonify(result), 201


openapi.add("/api/girdle/players", "post", {
    "summary": "A new player id for submissions (keep it: your streak follows it)",
    "responses": {"201": {"description": "the id", "content": {"application/json": {
        "schema": {"type": "object", "required": ["player"],
                   "properties": {"player": {"type": "string"}}}}}},
                  "429": openapi.ERROR}})
_DAY = {"name": "day", "in": "path", "required": True, "description": "YYYY-MM-DD",
        "schema": {"type": "string", "format": "date"}}
openapi.add("/api/girdle/{day}", "get", {
    "summary": "The Word Girdle puzzle of a day, with links to its printable sheet",
    "parameters": [_DAY], "responses": openapi.ok("the puzzle (lines, Supply, checkbox rows, "
                                                  "Victory Points, length bonus) and its "
                                                  "layout family")})
openapi.add("/api/girdle/{day}/hints", "get", {
    "summary": "A hints grid: first letters and squares of a good sheet's words (once the "
    "day is over everywhere)",
    "parameters": [_DAY], "responses": {**openapi.ok("seven rows of seven characters"),
                                        "202": openapi.ERROR, "403": openapi.ERROR,
                                        "429": openapi.ERROR, "503": openapi.ERROR}})
openapi.add("/api/girdle/{day}/photo", "post", {
    "summary": "Read a photo of a filled-in sheet: letters, words, dots, ticks, the score as "
    "read, and the words as a solution to check and submit",
    "parameters": [_DAY],
    "requestBody": openapi.photo_body(),
    "responses": {**openapi.ok("the reading and the solution text"),
                  "429": openapi.ERROR, "503": openapi.NOT_SET_UP}})
openapi.add("/api/girdle/{day}/par/status", "get", {
    "summary": "Where the search for the day's par (behind the hints, the answer key and the "
    "ranks) stands, without starting one: found, searching, failed or none",
    "parameters": [_DAY],
    "responses": openapi.ok("{\"status\": \"found\" | \"searching\" | \"failed\" | "
                            "\"none\"}")})
openapi.add("/api/girdle/{day}/submissions", "post", {
    "summary": "Submit a solution: score breakdown, rank against par, best solution, streak",
    "parameters": [_DAY],
    "requestBody": openapi.json_body({"type": "object", "required": ["solution", "player"],
                                      "properties": {
        "solution": {"type": "string", "description": "one word per line: WORD START "
                     "[+SUPPLY,...] [-CROSSED_OUT]"},
        "player": {"type": "string", "description": "your player id from POST "
                   "/api/girdle/players, for streaks"},
        "local_date": {"type": "string", "format": "date",
                       "description": "your own date, for streaks"}}}),
    "responses": {"201": {"description": "the score card and rank",
                          "content": {"application/json": {"schema": {"type": "object"}}}},
                  "202": {"description": "scored and kept, but par is still being worked "
                          "out: send the sheet again after Retry-After seconds for the rank",
                          "content": {"application/json": {"schema": {"type": "object"}}}},
                  "429": openapi.ERROR, "503": openapi.ERROR}})
