"""Daily Girdle pages and API: sheet PDFs, typed solutions scored by the engine, ranks,
streaks by the player's own date, hints and the archive (Flask test client)."""

import datetime as dt
import io
import re
import time
from dataclasses import replace

import pytest
from appfactory import page_said, token
from markupsafe import escape
from pypdf import PdfReader
from sharedwork import girdle_solution
from textgolden import assert_matches_text_golden

from companion.errors import UsageError
from companion.girdle import Line, Puzzle
from companion.girdle.engine import crossed_out_by_section
from companion.girdle.generator import find_solution
from companion.girdle.typed_sheet import parse_solution, play_solution, solution_text
from companion.lexicon import WordListSpec, default_lexicon
from companion.web.db import session
from companion.web.girdle import puzzle, rank, streak, today_utc
from companion.web.models import GirdlePar, GirdleSubmission

DAY = dt.date(2026, 11, 1)
WORDS = default_lexicon().fingerprint  # the words the web app finds par with


def new_player(client) -> str:
    """A player id issued by the server (as an API client asks for one)."""
    resp = client.post("/api/girdle/players", json={})
    assert resp.status_code == 201
    return resp.get_json()["player"]


def answered(send, seconds: float = 180):
    """The answer of ``send()`` once it is not 202 (par being worked out): sent again after
    a pause, as a client honouring Retry-After would."""
    end = time.monotonic() + seconds
    while True:
        resp = send()
        if resp.status_code != 202:
            return resp
        assert int(resp.headers["Retry-After"]) > 0
        assert time.monotonic() < end, "par was not found in time"
        time.sleep(0.3)


def ranked(client, day, body: dict) -> dict:
    """A submission's answer once it is ranked."""
    resp = answered(lambda: client.post(f"/api/girdle/{day}/submissions", json=body))
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def typed_solution(app, day=DAY) -> str:
    """A complete sheet for ``day`` found by the engine, typed as a player would."""
    with app.app_context():
        pz = puzzle(day)
    moves = find_solution(pz, default_lexicon())
    return "\n".join(f"{m.word} {m.start + 1}" for m in moves)


def test_worked_example_of_the_rules_scores_24():
    """the worked example in docs/girdle.md, typed without activations or cross-outs:
    54 - 30 = 24."""
    pz = Puzzle(lines=(Line("row", 1), Line("col", 2), Line("col", 6), Line("row", 4),
                       Line("col", 4), Line("row", 7), Line("row", 6)),
                supply="EEAOSTRN", checkbox_rows=(1, 4))
    text = "JUMPING 1\nUSE 1\nNOTE 1\nACHE 3\nCLOD 4\nFED 2\nOX 4"
    _placements, _sheet, card = play_solution(pz, parse_solution(text, pz), default_lexicon())
    assert (card.subtotal, card.unused_total, card.final) == (54, 30, 24)
    explicit = "JUMPING 1 +1,2,3,4,5,6,7 -Z\nUSE 1 +8\nNOTE 1\nACHE 3\nCLOD 4\nFED 2\nOX 4"
    _p, _s, card = play_solution(pz, parse_solution(explicit, pz), default_lexicon())
    assert card.final == 24 and card.crossed_out == ["Z"]


@pytest.mark.parametrize(
    ("score", "par", "name"),
    [(50, 50, "Par!"), (35, 50, "Genius"), (34, 50, "Amazing"), (0, 50, "Beginner"),
     (-5, 50, "Beginner"), (30, None, "Unranked")],
)
def test_rank_relative_to_par(score, par, name):
    assert rank(score, par) == name


def test_day_page_and_sheet_pdfs(client):
    page = client.get(f"/girdle/{DAY}").get_data(as_text=True)
    assert "Word Girdle #" in page
    lines = re.search(r'<ol class="list" id="lines">(.*?)</ol>', page, re.S).group(1)
    assert len(re.findall(r"<li>(?:Row|Column) \d \((?:across|down)\)", lines)) == 7
    for paper in ("letter", "a4"):
        resp = client.get(f"/girdle/{DAY}.pdf?paper={paper}")
        assert resp.mimetype == "application/pdf"
        text = PdfReader(io.BytesIO(resp.data)).pages[0].extract_text()
        assert "Girdle" in text
    assert client.get("/girdle").status_code == 200


def test_a_day_is_written_as_the_printed_sheet_writes_it(client):
    """The web wrote 1 November 2026 "Sunday 01 November 2026" (and "01 Nov", "Sun 01 Nov")
    where the printed sheet says "Sunday 1 November 2026": one way, no leading zero."""
    said = "Sunday 1 November 2026"
    sheet = PdfReader(io.BytesIO(client.get(f"/girdle/{DAY}.pdf?paper=a4").data))
    assert said in sheet.pages[0].extract_text()
    page = client.get(f"/girdle/{DAY}").get_data(as_text=True)
    assert f'<p class="muted">{said}' in page
    assert re.search(r">\s*2 Nov &rarr;</a>", page)  # the next day's button
    play = client.get(f"/girdle/{DAY}/play").get_data(as_text=True)
    assert f'<p class="muted">{said} &middot;' in play
    archive = client.get("/girdle/archive?month=2026-11").get_data(as_text=True)
    assert f'href="/girdle/{DAY}">Sun 1 Nov</a>' in archive
    for text in (page, play, archive):
        assert not re.search(r"\b0\d (?:Nov|Oct|Dec)", text)


def test_a_day_named_in_a_title_or_a_refusal_is_written_as_a_player_reads_it(sqlite_app,
                                                                            monkeypatch):
    """The pages' titles and the Girdle's refusals said "2026-11-01" ("The Word Girdle of
    3000-01-01 is not out yet.", "Hints for 2026-12-07 are given once ...", "The answer key of
    ...", "no Word Girdles in 2019-05") while the page under them says "Sunday 1 November
    2026": a day shown to a player is written one way; its address keeps YYYY-MM-DD."""
    from companion.web import girdle

    client = sqlite_app.test_client()
    page = client.get(f"/girdle/{DAY}").get_data(as_text=True)
    assert "<title>Word Girdle Sunday 1 November 2026 - Companion</title>" in page
    assert f'href="/girdle/{DAY}/play"' in page  # the address as it was
    play = client.get(f"/girdle/{DAY}/play").get_data(as_text=True)
    assert "<title>Play Word Girdle Sunday 1 November 2026 - Companion</title>" in play
    said = {
        "/girdle/3000-01-01": "The Word Girdle of Wednesday 1 January 3000 is not out yet.",
        "/api/girdle/3000-01-01": "The Word Girdle of Wednesday 1 January 3000 is not out yet.",
        "/girdle/archive?month=2019-05": "There are no Word Girdles in May 2019: the archive "
                                         "runs from Monday 1 January 2024 to today, Monday 7 "
                                         "December 2026.",
        "/girdle/2023-12-31/play": "There is no Word Girdle of Sunday 31 December 2023: the "
                                   "first is from Monday 1 January 2024.",
    }
    day = dt.date(2026, 12, 7)  # today: its hints and answer key wait
    monkeypatch.setattr(girdle, "today_utc", lambda: day)
    said[f"/api/girdle/{day}/hints"] = ("Hints for Monday 7 December 2026 are given once that "
                                        "day is over everywhere on Earth.")
    said[f"/girdle/{day}/answers.pdf"] = ("The answer key of Monday 7 December 2026 is served "
                                          "once that day is over everywhere on Earth, or after "
                                          "you submit a sheet for it.")
    for url, sentence in said.items():
        resp = client.get(url)
        assert resp.status_code in (400, 403, 404), url
        if url.startswith("/api/"):
            assert resp.get_json()["error"] == sentence
        else:
            text = page_said(resp)
            assert str(escape(sentence)) in text, (url, text)
            refusal = text[text.index('id="error"'):]
            assert not re.search(r"\d{4}-\d\d", refusal[:refusal.index("</")]), url


def test_submit_a_solution_see_the_breakdown_and_keep_the_best(sqlite_app, monkeypatch):
    client = sqlite_app.test_client()
    text = typed_solution(sqlite_app)
    tok = token(client)
    _at(monkeypatch, dt.datetime.combine(DAY, dt.time(9)))  # the day's own sheet, on the day
    resp = client.post(f"/girdle/{DAY}", data={"solution": text, "csrf_token": tok,
                                               "local_date": DAY.isoformat()})
    # Post/Redirect/Get: the answer is a page of its own, rebuilt from the sheet kept
    assert resp.status_code == 303, resp.get_data(as_text=True)
    assert resp.headers["Location"] == f"/girdle/{DAY}/result"
    resp = client.get(resp.headers["Location"])
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200, page
    with sqlite_app.app_context():
        _p, _s, card = play_solution(puzzle(DAY), parse_solution(text, puzzle(DAY)),
                                     default_lexicon())
    assert f"{card.final} points" in page and 'id="card"' in page
    assert "streak: 1 day" in page and "Streak: 1 day in a row" in page
    with sqlite_app.app_context():
        rows = session().query(GirdleSubmission).all()
        assert [(r.puzzle_date, r.score) for r in rows] == [(DAY, card.final)]


def test_the_answer_page_is_rebuilt_from_the_sheet_kept(sqlite_app):
    """The answer page shows the sheet kept for the day, scored by the engine as now: none
    kept leads to the day's page; one the word list no longer allows is shown as stored."""
    client = sqlite_app.test_client()
    tok = token(client)
    first = client.get(f"/girdle/{DAY}/result")
    assert first.status_code == 302 and first.headers["Location"] == f"/girdle/{DAY}"
    text = typed_solution(sqlite_app)
    client.post(f"/girdle/{DAY}", data={"solution": text, "csrf_token": tok})
    with sqlite_app.app_context():
        kept = session().query(GirdleSubmission).one()
        _p, _s, card = play_solution(puzzle(DAY), parse_solution(text, puzzle(DAY)),
                                     default_lexicon())
        assert kept.score == card.final
        kept.words = ["QQQQ 1", *kept.words[1:]]  # a word the list no longer has
        kept.score = 99
        session().commit()
    resp = client.get(f"/girdle/{DAY}/result")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200 and 'id="not-replayed"' in page
    assert "99 points" in page and "QQQQ 1" in page and 'id="card"' not in page


@pytest.mark.parametrize("back", [2, 3, 5])
def test_left_out_activations_serve_the_later_words_soonest_first(sqlite_app, back):
    """Typed without activations, a legal sheet stays legal: on these days word 2 takes a
    letter from the Supply, so word 1 must activate that letter (and not only the cheapest or
    the first letters some later word contains)."""
    day = DAY - dt.timedelta(days=back)
    with sqlite_app.app_context():
        pz = puzzle(day)
    moves = find_solution(pz, default_lexicon())
    assert moves[1].supply_used  # the case in point
    placements, _sheet, card = play_solution(pz, parse_solution(typed_solution(sqlite_app, day),
                                                                pz), default_lexicon())
    assert card.complete
    assert [p.word for p in placements] == [m.word for m in moves]


def _at(monkeypatch, when: dt.datetime) -> None:
    """The Girdle pages' clock set to ``when`` (UTC)."""
    from companion.web import girdle

    monkeypatch.setattr(girdle, "now_utc", lambda: when.replace(tzinfo=dt.UTC))


def test_a_streak_is_the_days_whose_own_puzzle_was_sent_and_lapses(sqlite_app, monkeypatch):
    """A player who played 1-5 December and nothing since was shown "5 days" on 20
    December: the run was counted back from the latest day played, however long ago. A
    streak is the days in a row, ending today or yesterday, whose own puzzle was sent on
    the day; a past day's puzzle sent later fills no gap."""
    with sqlite_app.app_context():
        db = session()
        sent = [(dt.date(2026, 11, 28), dt.date(2026, 11, 28)),
                (dt.date(2026, 11, 29), dt.date(2026, 11, 29)),
                (dt.date(2026, 11, 30), dt.date(2026, 12, 2)),  # from the archive, later
                *[(dt.date(2026, 12, d), dt.date(2026, 12, d)) for d in range(1, 6)]]
        for puzzle_day, local in sent:
            db.add(GirdleSubmission(player="p", puzzle_date=puzzle_day, local_date=local,
                                    words=[], score=1, rank="Good"))
        # another player's days, and a day played only from the archive, count for no one
        db.add(GirdleSubmission(player="other", puzzle_date=dt.date(2026, 12, 6),
                                local_date=dt.date(2026, 12, 6), words=[], score=1, rank=""))
        db.add(GirdleSubmission(player="late", puzzle_date=dt.date(2026, 12, 4),
                                local_date=dt.date(2026, 12, 5), words=[], score=1, rank=""))
        db.commit()
        for when, run in [(dt.datetime(2026, 12, 5, 20), 5),  # today played
                          (dt.datetime(2026, 12, 6, 23), 5),  # today's not sent yet
                          # 6 December is still today at UTC-12 until noon UTC on the 7th
                          (dt.datetime(2026, 12, 7, 11, 59), 5),
                          (dt.datetime(2026, 12, 7, 12), 0),  # missed: over everywhere
                          (dt.datetime(2026, 12, 20, 9), 0)]:
            _at(monkeypatch, when)
            assert streak("p") == run, when
        assert streak("nobody") == 0 and streak("late") == 0
    client = sqlite_app.test_client()
    with client.session_transaction() as cookie:
        cookie["player"] = "p"
    _at(monkeypatch, dt.datetime(2026, 12, 6, 9))
    assert "streak: 5 days" in client.get(f"/girdle/{DAY}").get_data(as_text=True)
    _at(monkeypatch, dt.datetime(2026, 12, 20, 9))
    assert 'id="streak"' not in client.get(f"/girdle/{DAY}").get_data(as_text=True)


def test_a_past_days_sheet_counts_for_no_day_of_the_streak(sqlite_app, monkeypatch):
    """A day's own sheet sent on its day starts a streak; a past day's sheet sent from the
    archive does not, with the phone's date or without it (the date it was kept under, when
    the page sent none, was the puzzle's own, as though sent on that day)."""
    text = typed_solution(sqlite_app)
    _at(monkeypatch, dt.datetime.combine(DAY + dt.timedelta(days=3), dt.time(9)))
    for local in [(DAY + dt.timedelta(days=3)).isoformat(), None]:
        client = sqlite_app.test_client()
        data = {"solution": text, "csrf_token": token(client)}
        if local:
            data["local_date"] = local
        client.post(f"/girdle/{DAY}", data=data)
        page = client.get(f"/girdle/{DAY}/result").get_data(as_text=True)
        assert 'id="streak"' not in page and "No streak going" in page, local
    with sqlite_app.app_context():
        assert {r.local_date for r in session().query(GirdleSubmission)} == {
            DAY + dt.timedelta(days=3)}


def test_a_sheet_typed_with_accents_scores_as_its_plain_letters(sqlite_app):
    """"café 1" was refused as "Line 1 ('café 1'): write the word and the square it starts
    on...", though the check page reads CAFÉ as CAFE: a typed sheet's words are read by the
    same reading (:func:`companion.lexicon.word_letters`), accents taken off."""
    text = typed_solution(sqlite_app)
    accented = text.translate(str.maketrans("AEIOU", "ÁÉÎÖÙ")).lower()
    assert accented != text.lower() and not accented.isascii()
    with sqlite_app.app_context():
        pz = puzzle(DAY)
    assert parse_solution(accented, pz) == parse_solution(text, pz)
    client = sqlite_app.test_client()
    sent = client.post(f"/girdle/{DAY}", data={"solution": accented,
                                               "csrf_token": token(client)})
    assert sent.status_code == 303, page_said(sent)
    _p, _s, card = play_solution(pz, parse_solution(text, pz), default_lexicon())
    assert f"{card.final} points" in client.get(sent.headers["Location"]).get_data(as_text=True)


@pytest.mark.parametrize(
    ("solution", "message"),
    [
        ("", "Type your words"),
        ("QUIZ", "Line 1"),
        ("A B C", "Line 1"),
        ("ZZZZ 1", "Illegal at word 1 (ZZZZ): "),  # as 'girdle check' says it
        ("\n".join(["CAT 1"] * 8), "holds 7 words"),
        ("x" * 1001, "far too long"),
        ("CAT 9", "start square must be 1 to 7"),
        ("CAT 12", "start square must be 1 to 7"),
        ("ＣＡＴ　１２", "start square must be 1 to 7"),  # full-width: read, not "Line 1"
        ("CAT 0", "start square must be 1 to 7"),
        # a huge number was "Line 1 ('CAT 9999...'): write the word and the square..."
        ("CAT 99999999999999999999", "start square must be 1 to 7"),
        ("CAT 1000", "start square must be 1 to 7"),
        ("CAT " + "9" * 980, "start square must be 1 to 7"),
    ],
)
def test_bad_solutions_are_explained(client, solution, message):
    resp = client.post(f"/girdle/{DAY}", data={"solution": solution,
                                               "csrf_token": token(client)})
    assert resp.status_code == 400
    assert message in resp.get_data(as_text=True)


@pytest.mark.parametrize(
    ("url", "status", "message"),
    [
        ("/girdle/2023-12-31", 404,
         "There is no Word Girdle of Sunday 31 December 2023: the first is from Monday 1 "
         "January 2024."),
        ("/girdle/3000-01-01", 404, "is not out yet"),
        ("/girdle/yesterday", 404, "YYYY-MM-DD"),
        ("/girdle/2026-02-30", 404,
         "The date &#39;2026-02-30&#39; is not in the calendar: February 2026 has 28 days."),
        ("/girdle/2026-02-30/play", 404, "February 2026 has 28 days"),
        ("/girdle/0000-01-01", 404, "is not in the calendar: it starts in year 1"),
        ("/girdle/99999-01-01", 404, "YYYY-MM-DD"),
        ("/girdle/20260105", 404, "YYYY-MM-DD"),  # one address per day
        ("/api/girdle/2026-W02-1", 400, "YYYY-MM-DD"),
        ("/girdle/2026-13-40.pdf", 404,
         "The date &#39;2026-13-40&#39; is not in the calendar: it has no month 13."),
        (f"/girdle/{DAY}.pdf?paper=a5", 400, "letter or a4"),
        ("/girdle/archive?month=13", 400, "YYYY-MM"),
        ("/girdle/archive?month=2026-13", 400,
         "The month &#39;2026-13&#39; is not in the calendar: it has no month 13."),
        ("/girdle/archive?month=2019-05", 400, "no Word Girdles in May 2019: the archive runs "
         "from Monday 1 January 2024 to today, "),
        ("/api/girdle/2019-01-01", 400, "no Word Girdle of Tuesday 1 January 2019"),
        ("/api/girdle/soon/hints", 400, "YYYY-MM-DD"),
    ],
)
def test_girdle_bad_dates(client, url, status, message):
    resp = client.get(url)
    assert resp.status_code == status
    assert message in page_said(resp)


@pytest.mark.parametrize("date", ["2026-02-30", "20261201", "2026-W49-3", "2026-13-01",
                                  "0000-01-01", "2026-12-01T00", "yesterday", "2023-12-31"])
def test_the_command_line_and_the_web_app_say_the_same_about_a_date(client, capsys, date):
    """One reader of dates: a date the command line refuses is refused on the web in the same
    sentence (and one it takes, it takes)."""
    from companion.cli import main

    assert main(["girdle", "show", "--date", date]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and err.endswith("\n")
    sentence = err.removeprefix("companion: ").strip()
    resp = client.get(f"/api/girdle/{date}")
    assert resp.status_code == 400
    assert resp.get_json()["error"] == sentence
    page = client.get(f"/girdle/{date}")
    assert page.status_code == 404 and str(escape(sentence)) in page_said(page)


def test_hints_grid(sqlite_app):
    """The hints grid shows where the best sheet's words go (the par search's sheet, found
    beside the app: the first answers are 202 and the page asks for the search's status,
    with a link to check again by hand)."""
    from companion.web import girdle

    client = sqlite_app.test_client()
    first = client.get(f"/girdle/{DAY}?hints=1").get_data(as_text=True)
    assert 'id="hints"' in first or ('id="hints-pending"' in first
                                     and f'data-poll="/api/girdle/{DAY}/par/status"' in first
                                     and 'id="check-again"' in first)
    assert 'http-equiv="refresh"' not in first
    grid = answered(lambda: client.get(f"/api/girdle/{DAY}/hints")).get_json()["grid"]
    assert len(grid) == 7 and all(len(row) == 7 for row in grid)
    page = client.get(f"/girdle/{DAY}?hints=1").get_data(as_text=True)
    hints = page[page.index('<section id="hints">'):page.index("</section>", page.index(
        '<section id="hints">'))]
    # the page draws a word's other squares as dots, and says so (the API writes them #)
    assert "a dot (&bull;) for its other squares" in hints
    assert '<div class="cell">&bull;</div>' in hints and "#" not in hints
    with sqlite_app.app_context():
        placements = girdle.known_par(DAY).placements
    covered = {cell for p in placements for cell in p.cells()}
    firsts = {p.cells()[0]: p.word[0] for p in placements}
    for r in range(1, 8):
        for c in range(1, 8):
            ch = grid[r - 1][c - 1]
            assert ch == (firsts.get((r, c)) or ("#" if (r, c) in covered else "."))


def test_archive_lists_every_day_with_print_links_and_my_scores(sqlite_app):
    client = sqlite_app.test_client()
    text = typed_solution(sqlite_app)
    client.post(f"/girdle/{DAY}", data={"solution": text, "csrf_token": token(client)})
    page = client.get("/girdle/archive?month=2026-11").get_data(as_text=True)
    assert f"/girdle/{DAY}.pdf?paper=a4" in page
    days = re.findall(r'href="/girdle/(2026-11-\d\d)"', page)
    assert days[-1] == "2026-11-01" and len(days) == min(30, (today_utc() - DAY).days + 1)
    assert re.search(r'<span class="mine">You: -?\d+</span> <span class="muted rank">', page)
    shapes = re.findall(r'<span class="muted shape">(\w+)</span>', page)
    assert len(shapes) == len(days) and shapes[-1] == "star"  # 2026-11-01
    assert set(shapes) == {"star", "frame", "lattice", "ladder", "comb"}
    # the months either side are named as the month shown is, not as 2026-10
    assert '<strong class="centred">November 2026</strong>' in page
    # (the words a phone leaves out, "ober 2026", in a span of their own)
    def named(month: str) -> str:
        link = re.search(rf'href="/girdle/archive\?month={month}">(.*?)</a>', page)
        return re.sub(r"<[^>]+>", "", link.group(1)) if link else ""

    assert named("2026-10") == "&larr; October 2026"
    if today_utc() >= dt.date(2026, 12, 1):
        assert named("2026-12") == "December 2026 &rarr;"


def test_the_archive_goes_to_any_month_in_one_step(client, monkeypatch):
    """The archive had only the months either side: January 2024, the first puzzle's, was
    35 taps from December 2026. A box lists every month of the archive, newest first under
    its year, the month shown chosen; it is a plain form, so it works without scripts."""
    from companion.web import girdle

    monkeypatch.setattr(girdle, "today_utc", lambda: dt.date(2026, 12, 7))
    page = client.get("/girdle/archive?month=2026-11").get_data(as_text=True)
    form = page[page.index('<form method="get" action="/girdle/archive"'):]
    form = form[:form.index("</form>")]
    months = re.findall(r'<option value="(\d{4}-\d\d)"( selected)?>([^<]+)</option>', form)
    assert len(months) == 36  # January 2024 to December 2026
    assert months[0] == ("2026-12", "", "December 2026")
    assert months[-1] == ("2024-01", "", "January 2024")
    assert [m for m, chosen, _ in months if chosen] == ["2026-11"]
    assert re.findall(r'<optgroup label="(\d{4})">', form) == ["2026", "2025", "2024"]
    assert 'name="month"' in form and '<button type="submit"' in form
    first = client.get("/girdle/archive?month=2024-01").get_data(as_text=True)
    assert len(re.findall(r'href="/girdle/(2024-01-\d\d)"', first)) == 31
    assert "&larr;" not in first  # nothing before it


@pytest.mark.parametrize(("month", "shown"), [("1990-01", "January 1990"),
                                              ("2027-01", "January 2027"),
                                              ("2023-12", "December 2023")])
def test_a_month_outside_the_archive_says_where_it_starts_and_ends(client, monkeypatch, month,
                                                                    shown):
    """"There are no Word Girdles in January 1990." did not say which months there are: the
    refusal names the first puzzle's day and today, as the pages write a day."""
    from companion.web import girdle

    monkeypatch.setattr(girdle, "today_utc", lambda: dt.date(2026, 12, 7))
    resp = client.get(f"/girdle/archive?month={month}")
    assert resp.status_code == 400
    assert (f"There are no Word Girdles in {shown}: the archive runs from Monday 1 January "
            "2024 to today, Monday 7 December 2026.") in page_said(resp)


def test_a_ranked_sheet_shows_its_rank_against_par_as_it_stands(sqlite_app, monkeypatch):
    """A sheet ranked against an unproven par keeps no stale rank once another player's
    sheet raises par: the answer page and the archive rank it against par as it is now."""
    from companion.web import girdle

    monkeypatch.setattr(girdle, "revealed", lambda day, now=None: False)  # still today
    day = dt.date(2026, 11, 6)  # a star: the engine's first sheet scores well below par
    with sqlite_app.app_context():
        pz = puzzle(day)
        first = typed_solution(sqlite_app, day)
        steps, _s, card = play_solution(pz, parse_solution(first, pz), default_lexicon())
        session().add(GirdlePar(puzzle_date=day, par=card.final, proven=False,
                                solution=[p.to_dict(n) for n, p in enumerate(steps, 1)],
                                words=WORDS))
        session().commit()
    assert card.final > 0
    client = sqlite_app.test_client()
    sent = client.post(f"/girdle/{day}", data={"solution": first, "csrf_token": token(client)},
                       follow_redirects=True)
    assert rank_of_page(sent) == "Par!"
    best = solution_text(pz, girdle_solution(pz).placements)
    other = sqlite_app.test_client()
    raised = ranked(other, day, {"solution": best, "player": new_player(other)})
    assert raised["par"] == raised["score"] > card.final
    now = rank(card.final, raised["score"])
    assert now != "Par!"
    archive = client.get(f"/girdle/archive?month={day:%Y-%m}").get_data(as_text=True)
    assert f'You: {card.final}</span> <span class="muted rank">{now}</span>' in archive
    assert rank_of_page(client.get(f"/girdle/{day}/result")) == now


def test_girdle_api(sqlite_app, monkeypatch):
    client = sqlite_app.test_client()
    data = client.get(f"/api/girdle/{DAY}").get_json()
    assert len(data["lines"]) == 7 and data["sheet"]["a4"].endswith("paper=a4")
    assert data["family"] == "star"
    player = new_player(client)
    _at(monkeypatch, dt.datetime.combine(DAY, dt.time(9)))  # the day's own sheet, on the day
    result = ranked(client, DAY, {"solution": typed_solution(sqlite_app), "player": player,
                                  "local_date": DAY.isoformat()})
    assert result["card"]["complete"] and result["streak"] == 1
    assert result["score"] == result["card"]["final"]
    for body, message in [({"player": new_player(client)}, "solution"),
                          ({"solution": "CAT 1", "player": "x"}, "this server issued"),
                          ({"solution": "CAT 1", "player": "a" * 64}, "this server issued"),
                          ({"solution": "CAT 1", "player": "abc.def"}, "this server issued"),
                          ([1], "solution")]:
        bad = client.post(f"/api/girdle/{DAY}/submissions", json=body)
        assert bad.status_code == 400 and message in bad.get_json()["error"]


def test_an_api_sheet_too_long_is_refused_not_cut(client):
    """The API refuses a sheet of more than 1000 characters as the page does; it used to cut
    it and score what was left (a sheet missing its last lines)."""
    text = "CAT 1" + " " * 1000 + "\nDOG 2"
    resp = client.post(f"/api/girdle/{DAY}/submissions",
                       json={"solution": text, "player": new_player(client)})
    assert resp.status_code == 400 and "far too long" in resp.get_json()["error"]


def test_par_is_found_once_kept_and_ranks_the_sheet(app):
    client = app.test_client()
    text = typed_solution(app)
    result = ranked(client, DAY, {
        "solution": text, "player": new_player(client)})
    with app.app_context():
        row = session().get(GirdlePar, DAY)
        assert row is not None and result["par"] == row.par >= result["score"]
        _p, _s, card = play_solution(puzzle(DAY), parse_solution(result["best_solution"],
                                                                 puzzle(DAY)), default_lexicon())
        assert card.final == row.par  # the stored best sheet really scores par
    assert result["rank"] == rank(result["score"], result["par"])
    page = client.post(f"/girdle/{DAY}", data={"solution": text, "csrf_token": token(client)},
                       follow_redirects=True)
    assert f"Par is {result['par']}" in page.get_data(as_text=True)


def store_poor_par(app, proven: bool, words: str | None):
    """Store the engine's first complete sheet of DAY as its par: (the sheet typed, its card)."""
    with app.app_context():
        pz = puzzle(DAY)
        poor = typed_solution(app)
        _p, _s, card = play_solution(pz, parse_solution(poor, pz), default_lexicon())
        session().add(GirdlePar(puzzle_date=DAY, par=card.final, proven=proven,
                                solution=poor.splitlines(), words=words))
        session().commit()
    return poor, card


@pytest.mark.parametrize(("proven", "raised"), [(False, True), (True, False)])
def test_a_sheet_better_than_an_unproven_par_becomes_par(app, proven, raised):
    client = app.test_client()
    # a poor sheet stored as par (as a search cut short might have left it)
    _poor, card = store_poor_par(app, proven, WORDS)
    with app.app_context():
        pz = puzzle(DAY)
    best = solution_text(pz, girdle_solution(pz).placements)  # a sheet that scores above zero
    result = ranked(client, DAY, {
        "solution": best, "player": new_player(client)})
    assert result["score"] > max(0, card.final)
    assert (result["par"] == result["score"]) is raised
    assert result["rank"] == ("Par!" if raised else "Unranked" if card.final <= 0 else
                              rank(result["score"], card.final))


def test_a_stored_par_that_no_longer_fits_the_puzzle_is_searched_again(app):
    """A par kept from before a date's puzzle changed (its sheet no longer replays to it) is
    replaced by the search's."""
    client = app.test_client()
    with app.app_context():
        session().add(GirdlePar(puzzle_date=DAY, par=143, proven=False,
                                solution=["GAWKILY 1", "JEWFISH 1"]))
        session().commit()
    result = ranked(client, DAY, {
        "solution": typed_solution(app), "player": new_player(client)})
    assert "par" in result, result
    with app.app_context():
        pz = puzzle(DAY)
        row = session().get(GirdlePar, DAY)
        assert row.par == result["par"] != 143
        assert all(isinstance(p, dict) for p in row.solution)  # kept as JSON placements
        _p, _s, card = play_solution(pz, parse_solution(result["best_solution"], pz),
                                     default_lexicon())
        assert card.final == row.par


@pytest.mark.parametrize("words", [None, "0123456789abcdef"])
def test_a_par_found_with_other_words_is_searched_again(app, words):
    """A server upgraded to a larger word list (or a club list edited in place) kept the old
    list's par, proven or not, because its sheet still replays: it is searched for again, and
    the stored par says which words it was found with."""
    client = app.test_client()
    poor, card = store_poor_par(app, True, words)
    result = ranked(client, DAY, {"solution": poor, "player": new_player(client)})
    with app.app_context():
        row = session().get(GirdlePar, DAY)
        assert row.words == WORDS and row.par == result["par"] > card.final
        found = par_job(app, DAY)
        assert found is not None and row.par == found.result["par"]


def test_a_better_sheet_found_with_other_words_is_kept_unproven(app):
    """When the new search finds less than a sheet kept from before (a player's, or a longer
    search's) that still scores on today's list, that sheet stays par, unproven: no data lost."""
    from companion.web.girdle import _keep_found

    with app.app_context():
        pz = puzzle(DAY)
        best = girdle_solution(pz)
        good = [p.to_dict(n) for n, p in enumerate(best.placements, 1)]
        session().add(GirdlePar(puzzle_date=DAY, par=best.par, proven=True, solution=good,
                                words="an old list"))
        session().commit()
        poor = typed_solution(app)
        _p, _s, card = play_solution(pz, parse_solution(poor, pz), default_lexicon())
        assert card.final < best.par
        row = _keep_found(DAY, card.final, True, poor.splitlines())
        assert row is not None
        assert (row.par, row.proven, row.words) == (best.par, False, WORDS)
        session().commit()
        worse = session().get(GirdlePar, DAY)
        assert worse.solution == good
        row = _keep_found(DAY, card.final, True, poor.splitlines())  # now current: untouched
        assert (row.par, row.proven) == (best.par, False)


def test_answer_key_pdf_uses_the_stored_par(sqlite_app):
    client = sqlite_app.test_client()
    resp = answered(lambda: client.get(f"/girdle/{DAY}/answers.pdf?paper=a4"))
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    # named as `companion print girdle --answers` names it (it was word-girdle-...)
    assert resp.headers["Content-Disposition"] == (
        f'attachment; filename="girdle-{DAY.isoformat()}-answers-a4.pdf"')
    with sqlite_app.app_context():
        par = session().get(GirdlePar, DAY).par
    text = PdfReader(io.BytesIO(resp.data)).pages[0].extract_text()
    assert str(par) in text
    assert client.get(f"/girdle/{DAY}/answers.pdf?paper=a5").status_code == 400
    assert client.get("/girdle/1999-01-01/answers.pdf").status_code == 404
    archive = client.get("/girdle/archive?month=2026-11").get_data(as_text=True)
    assert f"/girdle/{DAY}/answers.pdf" in archive


def _sheet_photo(app, day=DAY, extra=None, strokes=None) -> tuple[bytes, list]:
    """A phone photo of the day's sheet filled in by hand with a good solution (and the
    ``extra`` letters, by square, that no word placed), each letter its ticked boxes cross out
    struck through with ``strokes`` (0: none drawn; see :func:`synthetic.girdle.filled_sheet`)."""
    import numpy as np

    from synthetic.camera import Camera, photograph
    from synthetic.fonts import available
    from synthetic.girdle import filled_sheet

    with app.app_context():
        pz = puzzle(day)
    placements, _sheet, _card = play_solution(pz, parse_solution(typed_solution(app, day), pz),
                                              default_lexicon())
    rng = np.random.default_rng(5)
    flat = filled_sheet(pz, placements, available(("ComicNeue-Bold.otf",))[0], rng, day=day,
                        extra=extra, strokes=strokes)
    return photograph(flat, Camera(width=2400, height=1800, max_tilt=20), rng)[0], placements


@pytest.mark.slow
def test_a_photographed_sheet_fills_in_the_words_to_submit(sqlite_app):
    client = sqlite_app.test_client()
    photo, placements = _sheet_photo(sqlite_app)
    data = client.post(f"/api/girdle/{DAY}/photo", data=photo,
                       content_type="image/jpeg").get_json()
    assert [w["word"] for w in data["reading"]["words"]] == [p.word for p in placements]
    # each letter a ticked box crossed out, struck through on the sheet, is typed with its word
    assert data["solution"] == "\n".join(
        line + "".join(f" -{ch}" for ch in p.crossed_out)
        for line, p in zip(typed_solution(sqlite_app).splitlines(), placements, strict=True))
    page = client.post(f"/girdle/{DAY}/photo", data={
        "photo": (io.BytesIO(photo), "sheet.jpg"), "csrf_token": token(client),
        "solution": "CAT 1"}, content_type="multipart/form-data").get_data(as_text=True)
    assert 'id="sheet-read"' in page and placements[0].word in page
    # the words read fill the box; what was typed before is shown beside them, not lost
    assert re.search(r'id="typed-before"[^>]*>.*<pre>CAT 1</pre>', page)
    bad = client.post(f"/api/girdle/{DAY}/photo", data=b"not a photo",
                      content_type="image/jpeg")
    assert bad.status_code == 400 and "not an image" in bad.get_json()["error"]
    empty = client.post(f"/girdle/{DAY}/photo", data={"csrf_token": token(client)},
                        content_type="multipart/form-data")
    assert empty.status_code == 400 and "Choose a photo" in empty.get_data(as_text=True)


def _photo_read_on_the_page(client, day, photo) -> str:
    """The day's page once ``photo`` is read on it: its reading's section."""
    page = page_said(client.post(f"/girdle/{day}/photo", data={
        "photo": (io.BytesIO(photo), "sheet.jpg"), "csrf_token": token(client)},
        content_type="multipart/form-data"))
    return page[page.index('id="sheet-read"'):page.index("</section>", page.index(
        'id="sheet-read"'))]


@pytest.mark.slow
def test_a_photo_of_another_days_sheet_says_so_on_the_page(sqlite_app):
    """A photo of one day's sheet read on the next day's page: its words do not fit that
    day's lines, and the page asked the player to "Check the words below, fix any, then
    score", which no fixing could make right. It asks, as 'read --game girdle' does, whether
    the sheet is of another day, and where to read it."""
    client = sqlite_app.test_client()
    photo, _ = _sheet_photo(sqlite_app)
    read = _photo_read_on_the_page(client, DAY + dt.timedelta(days=1), photo)
    assert "do not fit the lines of the puzzle of" in read
    assert ("Is the sheet of another day? Read it on that day's page (<a "
            'href="/girdle/archive">the archive</a> has every day).') in read
    assert "fix any, then score" not in read
    same_day = _photo_read_on_the_page(client, DAY, photo)
    assert "Check the words below, fix any, then score." in same_day
    assert "another day" not in same_day


@pytest.mark.slow
def test_the_letters_a_sheet_photo_shows_crossed_out_are_marked_on_the_page(sqlite_app):
    """A sheet photo read on the day's page showed its words, but not the letters the photo
    showed crossed out for its ticked boxes (the API's az_crossed_out, supply_crossed_out),
    nor that the reader took letters as crossed out when it saw none struck through
    (crossed_out_inferred): the page's A-Z and Supply as read mark each letter seen crossed
    out, in words as well as by its look, and the page says what was seen and what taken."""
    day = dt.date(2026, 11, 10)  # the engine's sheet ticks two boxes, crossing out J and D
    with sqlite_app.app_context():
        pz = puzzle(day)
    photo, placements = _sheet_photo(sqlite_app, day)
    crossed = [ch for p in placements for ch in p.crossed_out]
    assert len(crossed) == 2
    client = sqlite_app.test_client()
    reading = client.post(f"/api/girdle/{day}/photo", data=photo,
                          content_type="image/jpeg").get_json()["reading"]
    az, supply = reading["az_crossed_out"], reading["supply_crossed_out"]
    assert sorted(az + [pz.supply[i - 1] for i in supply]) == sorted(crossed)
    read = _photo_read_on_the_page(client, day, photo)
    for ch in az:
        assert re.search(rf'<li class="crossed" data-letter="{ch}"><b>{ch}</b><small>\d+<span '
                         r'class="visually-hidden"> points, crossed out</span>', read), ch
    for i in supply:
        assert re.search(rf'<span class="supply s-crossed" data-state="crossed">{i}<b>'
                         rf'{pz.supply[i - 1]}</b><span class="visually-hidden"> crossed out',
                         read), i
    assert read.count("crossed out</span>") == len(crossed)
    seen = "; ".join(([f"{' '.join(az)} (A-Z)"] if az else [])
                     + ([f"Supply {' '.join(map(str, supply))}"] if supply else []))
    assert f'<p id="crossed-seen">Letters seen crossed out: {seen}.</p>' in read
    assert 'id="crossed-inferred"' not in read
    # the boxes ticked, no letter struck through: the reader takes the dearest unused letters
    # as crossed out, and the page says so in words; no tile is marked as seen crossed out
    read = _photo_read_on_the_page(client, day, _sheet_photo(sqlite_app, day, strokes=0)[0])
    assert "crossed out</span>" not in read
    assert '<p id="crossed-seen">Letters seen crossed out: none.</p>' in read
    assert (f'<p class="notice warn" id="crossed-inferred">No letter seen crossed out for 2 '
            f"ticked boxes: the dearest unused letters, {' '.join(crossed)}, taken as crossed "
            "out.</p>") in read


def test_a_photographed_sheets_letter_no_word_placed_is_its_problem(sqlite_app):
    """A letter written on its own, on a square no word placed and with none beside it, was
    dropped by the reader and the sheet scored as if it were not there: the page says what
    the engine says of it, and gives no score as read."""
    with sqlite_app.app_context():
        pz = puzzle(DAY)
    placements, _sheet, _card = play_solution(pz, parse_solution(typed_solution(sqlite_app),
                                                                  pz), default_lexicon())
    filled = {cell for p in placements for cell in p.cells()}
    lone = next((r, c) for r in range(1, 8) for c in range(1, 8)
                if not {(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & filled)
    photo, _ = _sheet_photo(sqlite_app, extra={lone: "Z"})
    problem = f"row {lone[0]}, column {lone[1]} holds Z, a letter no word placed"
    client = sqlite_app.test_client()
    data = client.post(f"/api/girdle/{DAY}/photo", data=photo,
                       content_type="image/jpeg").get_json()
    assert [w["word"] for w in data["reading"]["words"]] == [p.word for p in placements]
    assert (data["reading"]["problem"], data["reading"]["score"]) == (problem, None)
    page = client.post(f"/girdle/{DAY}/photo", data={
        "photo": (io.BytesIO(photo), "sheet.jpg"), "csrf_token": token(client)},
        content_type="multipart/form-data").get_data(as_text=True)
    read = page[page.index('id="sheet-read"'):page.index("</section>", page.index(
        'id="sheet-read"'))]
    assert '<p class="notice bad">' in read
    assert f"Row {lone[0]}, column {lone[1]} holds Z, a letter no word placed." in read
    assert "points as read" not in read


def test_a_photographed_blank_sheet_says_no_words_were_read(sqlite_app):
    """A sheet photographed before it is filled in reads no words: the page says so, as a
    problem, instead of "0 words, -70 points as read" in the colour of a good reading."""
    import numpy as np

    from synthetic.camera import Camera, photograph
    from synthetic.girdle import printed_sheet

    with sqlite_app.app_context():
        pz = puzzle(DAY)
    rng = np.random.default_rng(5)
    photo = photograph(printed_sheet(pz, DAY, 5.0), Camera(width=2400, height=1800,
                                                           max_tilt=20), rng)[0]
    client = sqlite_app.test_client()
    page = client.post(f"/girdle/{DAY}/photo", data={
        "photo": (io.BytesIO(photo), "sheet.jpg"), "csrf_token": token(client),
        "solution": "CAT 1\nDOG 2"}, content_type="multipart/form-data").get_data(as_text=True)
    read = page[page.index('id="sheet-read"'):page.index("</section>", page.index(
        'id="sheet-read"'))]
    assert '<p class="notice bad">' in read
    assert "No words were read from your photo" in read and "points as read" not in read
    # the words typed before the photo stay in the box, to go on with
    assert re.search(r'id="solution"[^>]*>CAT 1\nDOG 2</textarea>', page)


def par_job(app, day, seconds: float = 120):
    """The par search job of ``day`` (None if nobody asked), once it has ended."""
    import time
    from types import SimpleNamespace

    from companion.web import jobs, par_jobs

    end = time.monotonic() + seconds
    while True:
        with app.app_context():
            row = par_jobs.job(session(), day, WordListSpec(), app.config["GIRDLE_SOLVE_SECONDS"],
                               WORDS)
            job = row and SimpleNamespace(state=row.state, attempts=row.attempts,
                                          result=row.result, error=row.error)
        if job is None or job.state in (jobs.DONE, jobs.FAILED):
            return job
        assert time.monotonic() < end, "the search for par did not end"
        time.sleep(0.1)


def test_visiting_a_day_starts_its_par_search_beside_the_app(sqlite_app, monkeypatch):
    """The day's page starts ``companion girdle solve`` in a separate process; the submission
    then takes par from the job's answer and stores it. Pages of older days start nothing
    (a visitor leafing through the archive must not start a search a page)."""
    from companion.web import girdle, jobs

    day = DAY - dt.timedelta(days=5)
    monkeypatch.setattr(girdle, "today_utc", lambda: day)
    client = sqlite_app.test_client()
    older = day - dt.timedelta(days=2)
    assert client.get(f"/girdle/{older}").status_code == 200
    assert par_job(sqlite_app, older) is None
    assert client.get(f"/girdle/{day}").status_code == 200
    job = par_job(sqlite_app, day)
    assert job.state == jobs.DONE and job.attempts == 1
    found = job.result
    assert found["date"] == day.isoformat() and found["solution"]
    result = ranked(client, day, {
        "solution": typed_solution(sqlite_app, day), "player": new_player(client)})
    assert result["par"] == max(found["par"], result["score"])
    assert par_job(sqlite_app, day).attempts == 1  # searched once
    with sqlite_app.app_context():
        assert session().get(GirdlePar, day) is not None


def test_a_failed_par_search_says_so_and_the_next_request_searches_again(sqlite_app,
                                                                         monkeypatch):
    """Nothing is solved inside a request: a failed search is a 503 with a sentence, and
    the next request starts the search again."""
    from companion.errors import CompanionError
    from companion.web import par_jobs

    real = par_jobs.search

    def broken(*_args):
        raise CompanionError("The search for par failed: no such command")

    monkeypatch.setattr(par_jobs, "search", broken)
    day = DAY - dt.timedelta(days=10)  # a star: its par is proven in seconds
    client = sqlite_app.test_client()
    body = {"solution": typed_solution(sqlite_app, day), "player": new_player(client)}
    failed = answered(lambda: client.post(f"/api/girdle/{day}/submissions", json=body))
    assert failed.status_code == 503 and "no such command" in failed.get_json()["error"]
    # one sentence (it was two: "... no such command. Try again in a moment.")
    assert failed.get_json()["error"] == ("The search for par failed: no such command; try "
                                          "again in a moment.")
    monkeypatch.setattr(par_jobs, "search", real)
    result = ranked(client, day, body)
    assert result["par"] >= result["score"] and result["best_solution"]


def test_answers_and_hints_wait_until_the_day_is_over_everywhere(sqlite_app, monkeypatch):
    from companion.web import girdle

    day = today_utc()
    # noon UTC: tomorrow has begun somewhere (at UTC+14), and its hints wait too
    noon_today = dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC)
    monkeypatch.setattr(girdle, "now_utc", lambda: noon_today)
    client = sqlite_app.test_client()
    for url in (f"/api/girdle/{day}/hints", f"/girdle/{day}/answers.pdf",
                f"/api/girdle/{day + dt.timedelta(days=1)}/hints"):
        resp = client.get(url)
        assert resp.status_code == 403 and "over everywhere" in resp.get_data(as_text=True)
    page = client.get(f"/girdle/{day}?hints=1").get_data(as_text=True)
    assert 'id="hints"' not in page and 'id="no-hints"' in page
    # the last time zone leaves a day at noon UTC the next day
    noon = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(12), tzinfo=dt.UTC)
    assert not girdle.revealed(day, noon - dt.timedelta(seconds=1))
    assert girdle.revealed(day, noon)
    assert client.get(f"/api/girdle/{DAY}/hints").status_code in (200, 202)  # a past day


def test_a_day_is_served_once_it_has_begun_somewhere_on_earth(client, monkeypatch):
    """Tomorrow's puzzle was served at any hour of today in UTC: at 09:10 UTC on 7 December
    the page and the API gave 8 December's, before that day had begun anywhere. A day begins
    first at UTC+14, at 10:00 UTC the day before; its hints wait until it is over everywhere
    (noon UTC the day after, at UTC-12), so a day is current for 50 hours."""
    from companion.web import girdle

    day = dt.date(2026, 12, 8)
    ten = dt.datetime(2026, 12, 7, 10, tzinfo=dt.UTC)  # midnight at UTC+14
    urls = (f"/girdle/{day}", f"/api/girdle/{day}", f"/girdle/{day}/play",
            f"/girdle/{day}.pdf")
    for now, status in ((dt.datetime(2026, 12, 7, 9, 10, tzinfo=dt.UTC), 404),
                        (ten - dt.timedelta(seconds=1), 404), (ten, 200),
                        (dt.datetime(2026, 12, 9, 11, 59, tzinfo=dt.UTC), 200)):
        monkeypatch.setattr(girdle, "now_utc", lambda now=now: now)
        monkeypatch.setattr(girdle, "start_par_search", lambda day: None)  # no search here
        for url in urls:
            resp = client.get(url)
            assert resp.status_code == (400 if url.startswith("/api/") and status == 404
                                        else status), (now, url)
            if status == 404:
                said = (resp.get_json()["error"] if url.startswith("/api/")
                        else page_said(resp))
                assert "The Word Girdle of Tuesday 8 December 2026 is not out yet." in said
        assert not girdle.revealed(day, now)  # begun, and not yet over everywhere
    monkeypatch.setattr(girdle, "now_utc", lambda: ten)
    assert client.get(f"/girdle/{day + dt.timedelta(days=1)}").status_code == 404
    assert client.get(f"/api/girdle/{day}/hints").status_code == 403


def next_day_link(page: str) -> str | None:
    """The day the day's page's next-day button leads to, None when it has none."""
    found = re.search(r'href="/girdle/(\d{4}-\d\d-\d\d)">[^<]*&rarr;</a>', page)
    return found.group(1) if found else None


@pytest.mark.parametrize("seconds", [-1, 0, 1, 14 * 3600 - 1])  # to 23:59:59 UTC
def test_the_next_day_is_linked_exactly_when_it_is_served(client, monkeypatch, seconds):
    """Today's page linked to tomorrow only once UTC reached tomorrow's date, though
    tomorrow is served from 10:00 UTC today (where it begins first, at UTC+14): the link
    shows exactly when the day it leads to is served, and no earlier."""
    from companion.web import girdle

    today, tomorrow = dt.date(2026, 12, 7), dt.date(2026, 12, 8)
    now = dt.datetime(2026, 12, 7, 10, tzinfo=dt.UTC) + dt.timedelta(seconds=seconds)
    monkeypatch.setattr(girdle, "now_utc", lambda: now)
    monkeypatch.setattr(girdle, "start_par_search", lambda day: None)  # no search here
    served = client.get(f"/girdle/{tomorrow}").status_code == 200
    assert served == (seconds >= 0)
    for address in (f"/girdle/{today}", "/girdle"):  # the day's page, and today's by UTC
        page = client.get(address).get_data(as_text=True)
        assert next_day_link(page) == (tomorrow.isoformat() if served else None), address
    if served:  # tomorrow's page leads to no later day, not yet served anywhere
        assert next_day_link(client.get(f"/girdle/{tomorrow}").get_data(as_text=True)) is None
    yesterday = client.get(f"/girdle/{today - dt.timedelta(days=1)}").get_data(as_text=True)
    assert next_day_link(yesterday) == today.isoformat()


def test_the_best_sheet_is_shown_after_a_submission_and_marks_later_ones(sqlite_app,
                                                                       monkeypatch):
    from companion.web import girdle

    monkeypatch.setattr(girdle, "revealed", lambda day, now=None: False)  # still today
    client = sqlite_app.test_client()
    assert client.get(f"/girdle/{DAY}/answers.pdf").status_code == 403
    player = new_player(client)
    text = typed_solution(sqlite_app)
    first = ranked(client, DAY, {
        "solution": text, "player": player})
    assert first["best_solution"] and not first["after_best"]
    assert first["rank"] != girdle.AFTER_BEST
    again = ranked(client, DAY, {
        "solution": first["best_solution"], "player": player})
    assert again["after_best"] and again["rank"] == girdle.AFTER_BEST != "Par!"
    assert again["best_of_yours"] >= first["score"]
    with sqlite_app.app_context():
        from companion.web.models import GirdleSubmission

        kept = session().query(GirdleSubmission).one()
        assert kept.score == first["score"] and kept.saw_best  # the first sheet counts
    # the page's own player: answer key after submitting, not before
    tok = token(client)
    assert client.get(f"/girdle/{DAY}/answers.pdf").status_code == 403
    client.post(f"/girdle/{DAY}", data={"solution": text, "csrf_token": tok})
    assert client.get(f"/girdle/{DAY}/answers.pdf").status_code == 200
    # on the page: the best sheet sent after it was shown is said once on the answer, which
    # shows the sheet kept; the sheet sent stays in the box
    later = client.post(f"/girdle/{DAY}", data={"solution": first["best_solution"],
                                                "csrf_token": tok}, follow_redirects=True)
    page = later.get_data(as_text=True)
    assert 'id="after-best"' in page and f"{first['score']} points &middot;" in page
    assert first["best_solution"].splitlines()[0] in page[page.index('id="solution"'):]
    assert 'id="after-best"' not in client.get(f"/girdle/{DAY}/result").get_data(as_text=True)


def rank_of_page(resp) -> str | None:
    """The rank an answer page shows."""
    shown = re.search(r"\d+ points &middot; ([^<]+)<", resp.get_data(as_text=True))
    return shown.group(1) if shown else None


def test_the_same_sheet_sent_again_keeps_its_rank(sqlite_app, monkeypatch):
    """The kept sheet sent again (a double tap) is not a new one "sent after seeing the best
    sheet", and is kept once; a reload of the answer page asks for it again and sends
    nothing."""
    from companion.web import girdle

    monkeypatch.setattr(girdle, "revealed", lambda day, now=None: False)  # still today
    client = sqlite_app.test_client()
    text = typed_solution(sqlite_app)
    form = {"solution": text, "csrf_token": token(client)}
    end = time.monotonic() + 180
    while 'id="par-pending"' in (first := client.post(
            f"/girdle/{DAY}", data=form, follow_redirects=True)).get_data(
            as_text=True):  # kept, unranked: the page asks to send it again in a few seconds
        assert time.monotonic() < end, "par was not found in time"
        time.sleep(0.3)
    again = client.post(f"/girdle/{DAY}", data=form, follow_redirects=True)
    reload = client.get(f"/girdle/{DAY}/result")
    assert first.status_code == again.status_code == reload.status_code == 200
    assert rank_of_page(reload) == rank_of_page(first)
    rank_of = re.compile(r"\d+ points &middot; ([^<]+)<")
    shown = rank_of.search(first.get_data(as_text=True))
    assert shown and shown.group(1) not in ("Unranked", girdle.AFTER_BEST)
    page = again.get_data(as_text=True)
    assert girdle.AFTER_BEST not in page and 'id="after-best"' not in page
    assert rank_of.search(page).group(1) == shown.group(1)
    with sqlite_app.app_context():
        kept = session().query(GirdleSubmission).one()
        assert kept.saw_best and kept.rank == shown.group(1)


@pytest.mark.parametrize("sheet_beats_par", [True, False])
def test_a_sheet_kept_unranked_is_ranked_on_its_answer_page_once_par_is_found(
        sqlite_app, monkeypatch, sheet_beats_par):
    """A sheet sent while par was being searched for is kept unranked, and its answer page
    waits for par (asking the status address; "Check again" without scripts). Once the
    search ends, the answer page itself (a GET: nothing sent again) ranks the sheet against
    par as it stands; a sheet beating the search's best found (unproven) par becomes par."""
    import threading

    from companion.web import girdle, jobs, par_jobs

    monkeypatch.setattr(girdle, "revealed", lambda day, now=None: False)  # still today
    with sqlite_app.app_context():
        pz = puzzle(DAY)
    poor = typed_solution(sqlite_app)
    best = solution_text(pz, girdle_solution(pz).placements)
    sheet, found = (best, poor) if sheet_beats_par else (poor, best)
    found_steps, _s, found_card = play_solution(pz, parse_solution(found, pz),
                                                default_lexicon())
    _p, _s, sheet_card = play_solution(pz, parse_solution(sheet, pz), default_lexicon())
    assert sheet_card.final != found_card.final and max(sheet_card.final, found_card.final) > 0
    gate = threading.Event()

    def held(day, *_args):
        assert gate.wait(60)
        return {"date": day.isoformat(), "par": found_card.final, "proven": False,
                "solution": [p.to_dict(n) for n, p in enumerate(found_steps, 1)]}

    monkeypatch.setattr(par_jobs, "search", held)
    client = sqlite_app.test_client()
    sent = client.post(f"/girdle/{DAY}", data={"solution": sheet, "csrf_token": token(client)},
                       follow_redirects=True)
    page = sent.get_data(as_text=True)
    assert sent.status_code == 200 and rank_of_page(sent) == "Unranked"
    assert 'id="par-pending"' in page and 'id="best"' not in page
    assert f'data-poll="/api/girdle/{DAY}/par/status"' in page
    assert f'id="check-rank" href="/girdle/{DAY}/result"' in page
    gate.set()
    assert par_job(sqlite_app, DAY).state == jobs.DONE
    answer = client.get(f"/girdle/{DAY}/result")
    page = answer.get_data(as_text=True)
    par = max(sheet_card.final, found_card.final)
    expected = "Par!" if sheet_beats_par else rank(sheet_card.final, found_card.final)
    assert answer.status_code == 200 and 'id="par-pending"' not in page
    assert rank_of_page(answer) == expected
    assert f"Par is {par} (best found)." in page and 'id="best"' in page
    with sqlite_app.app_context():
        kept = session().query(GirdleSubmission).one()
        assert (kept.score, kept.rank, kept.saw_best) == (sheet_card.final, expected, True)
        assert session().get(GirdlePar, DAY).par == par
    # the archive shows the rank kept
    archive = client.get(f"/girdle/archive?month={DAY:%Y-%m}").get_data(as_text=True)
    assert (f'You: {sheet_card.final}</span> <span class="muted rank">{expected}</span>'
            in archive)


def test_requests_never_wait_for_the_par_search(sqlite_app, monkeypatch):
    """While the search is under way (here: held until the test lets it go), a submission,
    the hints and the answer key answer at once: 202 with Retry-After, nothing solved in the
    request; once the search is done they answer in full."""
    import threading

    from companion.web import par_jobs

    real, gate = par_jobs.search, threading.Event()

    def held(*args):
        assert gate.wait(60)
        return real(*args)

    monkeypatch.setattr(par_jobs, "search", held)
    day = DAY - dt.timedelta(days=15)  # a star: its par is proven in seconds
    client = sqlite_app.test_client()
    body = {"solution": typed_solution(sqlite_app, day), "player": new_player(client)}
    for resp in (client.post(f"/api/girdle/{day}/submissions", json=body),
                 client.get(f"/api/girdle/{day}/hints"),
                 client.get(f"/girdle/{day}/answers.pdf")):
        assert resp.status_code == 202 and resp.headers["Retry-After"] == "3"
    pending = client.post(f"/api/girdle/{day}/submissions", json=body).get_json()
    assert pending["par_pending"] and pending["best_solution"] is None
    assert pending["rank"] == "Unranked" and not gate.is_set()
    page = client.get(f"/girdle/{day}/answers.pdf").get_data(as_text=True)
    assert "Nearly ready" in page and 'http-equiv="refresh"' not in page
    assert f'data-poll="/girdle/{day}/answers.pdf" data-poll-method="HEAD"' in page
    assert f'id="check-again" href="/girdle/{day}/answers.pdf"' in page
    assert client.head(f"/girdle/{day}/answers.pdf").status_code == 202  # what it asks
    assert client.get(f"/api/girdle/{day}/par/status").get_json() == {"status": "searching"}
    gate.set()
    result = ranked(client, day, body)
    assert result["best_solution"] and not result["after_best"]  # not seen before
    assert answered(lambda: client.get(f"/api/girdle/{day}/hints")).status_code == 200


def test_the_par_status_only_reads(sqlite_app):
    """The status a waiting page asks for starts no search: none until a page or client asks
    for par, then searching, then found."""
    client = sqlite_app.test_client()
    day = DAY - dt.timedelta(days=8)
    status = f"/api/girdle/{day}/par/status"
    assert client.get(status).get_json() == {"status": "none"}
    assert client.get(status).get_json() == {"status": "none"}  # still nobody asked
    answered(lambda: client.get(f"/api/girdle/{day}/hints"))
    assert client.get(status).get_json() == {"status": "found"}
    assert client.get("/api/girdle/2026-02-30/par/status").status_code == 400


def test_long_work_is_refused_when_too_much_is_under_way(sqlite_app, monkeypatch):
    """Links (on a foreign page, say) cannot queue up searches without end: past
    ``MAX_PENDING`` jobs a new one is a 503 with Retry-After; the day's page still shows."""
    from companion.web import jobs

    monkeypatch.setattr(jobs, "MAX_PENDING", 0)
    client = sqlite_app.test_client()
    day = DAY - dt.timedelta(days=6)
    resp = client.get(f"/api/girdle/{day}/hints")
    assert resp.status_code == 503 and resp.headers["Retry-After"] == "30"
    assert "busy" in resp.get_json()["error"]
    assert client.get(f"/girdle/{day}").status_code == 200


def test_the_days_page_names_its_shape(sqlite_app):
    """The days take the layout families in turn; each day's page says which it is."""
    client = sqlite_app.test_client()
    shapes = {}
    for n in range(5):
        day = DAY + dt.timedelta(days=n)
        page = client.get(f"/girdle/{day}").get_data(as_text=True)
        shapes[day] = re.search(r'<p id="shape">Shape: (\w+) \(', page).group(1)
    assert sorted(shapes.values()) == ["comb", "frame", "ladder", "lattice", "star"]
    assert shapes[DAY] == "star"  # 2026-11-01


def test_the_days_page_draws_each_shape(sqlite_app):
    """Each family's day page draws its lines as the printed sheet does: the word icons beside
    the rows and above the columns, the squares of the lines tinted (golden HTML)."""
    client = sqlite_app.test_client()
    for n in range(5):
        day = DAY + dt.timedelta(days=n)
        page = client.get(f"/girdle/{day}").get_data(as_text=True)
        section = re.search(r'<section id="puzzle">.*?</section>', page, re.S).group(0)
        family = re.search(r'<p id="shape">Shape: (\w+) \(', section).group(1)
        assert_matches_text_golden(f"web/girdle-day-{family}.html", section + "\n")
        grid = re.search(r'<div class="shape-grid[^>]*>(.*?)</div>', section, re.S).group(1)
        cells = re.findall(r'<span class="(corner|icon|sq on|sq)">(?:<b>(\d)</b>)?</span>', grid)
        assert len(cells) == 8 * 8
        icons = sorted(int(k) for kind, k in cells if kind == "icon" and k)
        assert icons == list(range(1, 8))  # seven word icons, each once
        with sqlite_app.app_context():
            pz = puzzle(day)
        on = {(i // 8, i % 8) for i, (kind, _) in enumerate(cells) if kind == "sq on"}
        assert on == {cell for line in pz.lines for cell in line.cells(pz.size)}


def test_the_play_page_shows_which_line_is_word_k_and_the_dead_squares(sqlite_app):
    """The play page's grid carries the day's word icons beside its rows and above its
    columns, as the printed sheet and the day's shape draw them (the player saw a bare 7 x 7
    grid, and which line was word 5 only in the prompt), the current word's icon marked, and
    the squares no line crosses in grey, each family's day."""
    client = sqlite_app.test_client()
    for n in range(5):
        day = DAY + dt.timedelta(days=n)
        with sqlite_app.app_context():
            pz = puzzle(day)
        page = client.get(f"/girdle/{day}/play").get_data(as_text=True)
        strips = {}
        for kind in ("col", "row"):
            strip = re.search(rf'<div class="icons {kind}-icons[^>]*>(.*?)</div>', page, re.S)
            assert strip, kind
            spans = re.findall(r'<span class="icon( now)?">(?:<b>(\d)</b>)?</span>',
                               strip.group(1))
            assert len(spans) == pz.size
            strips[kind] = {i: int(k) for i, (_, k) in enumerate(spans, 1) if k}
            assert strips[kind] == pz.icons(kind)
            now = [i for i, (mark, _) in enumerate(spans, 1) if mark]
            assert now == ([pz.lines[0].index] if pz.lines[0].kind == kind else [])
        assert sorted([*strips["col"].values(), *strips["row"].values()]) == list(range(1, 8))
        dead = {tuple(map(int, cell.split("-"))) for cell in
                re.findall(r'<div class="cell[^"]* dead" data-cell="(\d-\d)">', page)}
        every = {(r, c) for r in range(1, pz.size + 1) for c in range(1, pz.size + 1)}
        assert dead == every - pz.squares_on_lines() and dead


def test_crawlers_are_kept_from_starting_searches_for_par(client):
    """A past day's answer key and hints grid start that day's search for par (up to half a
    minute of a core): robots.txt keeps crawlers off them (and off the API, table links and
    3D builds), and the archive's links to them say nofollow."""
    robots = client.get("/robots.txt")
    assert robots.status_code == 200 and robots.mimetype == "text/plain"
    for path in ("/girdle/*/answers.pdf", "/girdle/*?hints", "/api/", "/games/", "/prints/3d"):
        assert f"Disallow: {path}\n" in robots.get_data(as_text=True)
    page = client.get("/girdle/archive?month=2026-11").get_data(as_text=True)
    links = re.findall(r"<a [^>]*answers\.pdf[^>]*>", page)
    assert links and all('rel="nofollow"' in a for a in links)


def test_the_days_page_links_the_answer_key_once_it_is_open_to_the_player(sqlite_app,
                                                                          monkeypatch):
    """The day's page links the answer key for a player who sent a sheet that day (it said
    the key opens once the day is over, which it already had for them), and for any player
    once the day is over everywhere."""
    from companion.web import girdle

    client = sqlite_app.test_client()
    with client.session_transaction() as sess:
        sess["player"] = "page-player"
    monkeypatch.setattr(girdle, "revealed", lambda day, now=None: False)  # still that day
    page = client.get(f"/girdle/{DAY}").get_data(as_text=True)
    assert "day-answers-link" not in page and "the answer key open once" in page
    with sqlite_app.app_context():
        session().add(GirdleSubmission(player="page-player", puzzle_date=DAY, local_date=DAY,
                                       words=[], score=1, rank="Good"))
        session().commit()
    page = client.get(f"/girdle/{DAY}").get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)" id="day-answers-link" rel="nofollow">', page)
    assert link and link.group(1) == f"/girdle/{DAY}/answers.pdf?paper=letter"
    monkeypatch.setattr(girdle, "revealed", lambda day, now=None: True)  # the day is over
    other = sqlite_app.test_client().get(f"/girdle/{DAY}").get_data(as_text=True)
    assert 'id="day-answers-link"' in other and 'id="hints-link"' in other


def test_only_the_current_puzzle_says_today(sqlite_app, monkeypatch):
    """A past day's page says "The day's lines", not "Today's lines"."""
    from companion.web import girdle

    client = sqlite_app.test_client()
    assert "<h2>The day's lines</h2>" in client.get(f"/girdle/{DAY}").get_data(as_text=True)
    monkeypatch.setattr(girdle, "today_utc", lambda: DAY)
    monkeypatch.setattr(girdle, "start_par_search", lambda day: None)  # no search here
    assert "<h2>Today's lines</h2>" in client.get(f"/girdle/{DAY}").get_data(as_text=True)


def test_a_photographed_sheets_problem_keeps_its_words_as_written(sqlite_app, monkeypatch):
    """The reader's problem was shown through Jinja's ``capitalize``, which also lowers every
    letter after the first: a word it names (DACHE) was shown as "dache"."""
    from companion.web import girdle

    problem = "illegal at word 4 (DACHE): DACHE is not in the word list"
    monkeypatch.setattr(girdle, "read_sheet_photo", lambda day, data: (
        {"words": [], "problem": problem, "uncertain": [], "score": None}, ""))
    client = sqlite_app.test_client()
    page = client.post(f"/girdle/{DAY}/photo", data={
        "photo": (io.BytesIO(b"\xff\xd8 a photo"), "sheet.jpg"), "csrf_token": token(client)},
        content_type="multipart/form-data").get_data(as_text=True)
    assert "Illegal at word 4 (DACHE): DACHE is not in the word list." in page


def test_nothing_unused_is_written_0_not_minus_0(sqlite_app, monkeypatch):
    """The score tables wrote the unused letters' cost as "-" and the total, "-0" when it is
    nothing (here every letter is worth 0), and a bonus of nothing "+0"."""
    import dataclasses

    from companion.girdle.puzzle import ALPHABET
    from companion.web import girdle

    with sqlite_app.app_context():
        real = puzzle(DAY)
    free = dataclasses.replace(real, vp=dict.fromkeys(ALPHABET, 0))
    monkeypatch.setattr(girdle, "puzzle", lambda day: free)
    client = sqlite_app.test_client()
    page = page_said(client.get(f"/girdle/{DAY}/play"))
    unused = re.search(r"Unused: [^<]*</td>\s*<td class=\"num\">([^<]*)</td>", page).group(1)
    assert unused == "0"
    moves = find_solution(free, default_lexicon())
    typed = "\n".join(f"{m.word} {m.start + 1}" for m in moves)
    sent = client.post(f"/girdle/{DAY}", data={"solution": typed, "csrf_token": token(client)},
                       follow_redirects=True)
    page = page_said(sent)
    card = re.search(r'<table id="card">.*?</table>', page, re.S).group(0)
    unused = re.search(r"Unused: [^<]*</td>\s*<td class=\"num\">([^<]*)</td>", card).group(1)
    assert unused == "0"
    bonuses = re.findall(r'<td class="num">([^<]*)</td><td class="num">-?\d+</td></tr>', card)
    assert bonuses and "+0" not in bonuses and "-0" not in bonuses


@pytest.mark.parametrize("line", ["CAT 1 +" + " " * 3000 + "x", "CAT 1 +" + "\t" * 3000 + "-",
                                  "CAT 1 +" + " " * 3000 + "-" + " " * 3000 + "1"])
def test_a_line_of_thousands_of_spaces_is_read_at_once(sqlite_app, line):
    # the lazy pattern tried every way of sharing the spaces among its parts: 2.5 s of a
    # worker for a sheet of 1,000 characters, minutes for 3,000
    with sqlite_app.app_context():
        pz = puzzle(DAY)
    started = time.monotonic()
    with pytest.raises(UsageError, match="Line 1 "):
        parse_solution(line, pz)
    assert time.monotonic() - started < 5  # minutes before; generous for a loaded machine


def test_a_refused_line_is_repeated_short(client):
    resp = client.post(f"/girdle/{DAY}", data={"solution": "CAT 1 +" + " " * 900 + "x",
                                               "csrf_token": token(client)})
    assert resp.status_code == 400
    said = re.search(r'role="alert">(.*?)</p>', resp.get_data(as_text=True), re.S)
    assert said and said.group(1).startswith("Line 1 (" + str(escape("'CAT 1 +")))
    assert len(said.group(1)) < 300  # the line, cut short: not 900 spaces


@pytest.mark.parametrize(("line", "activated", "crossed"), [
    ("CAT 1 +1,2 -Z", (1, 2), "Z"), ("CAT 1 + 1 2  - z", (1, 2), "Z"), ("CAT 1 -Z", None, "Z"),
    ("CAT 1 +3", (3,), None), ("cat\t2", None, None),
])
def test_the_parts_of_a_typed_line(sqlite_app, line, activated, crossed):
    with sqlite_app.app_context():
        pz = puzzle(DAY)
    (step,) = parse_solution(line, pz)
    assert (step.word, step.activated, step.crossed_out) == ("CAT", activated, crossed)


@pytest.mark.parametrize("line", ["CAT 1-Z", "CAT 1 +1-Z", "CAT 1 +", "CAT 1 +x"])
def test_a_typed_line_without_its_spaces_is_refused(sqlite_app, line):
    with sqlite_app.app_context():
        pz = puzzle(DAY)
    with pytest.raises(UsageError, match="Line 1 "):
        parse_solution(line, pz)


def test_the_last_word_of_a_finished_sheet_can_be_taken_back(sqlite_app):
    """A finished sheet's play page had no Take back button (only "Submit my sheet for a
    rank"): a player whose word 7 was not the one meant could not take it back but by
    editing the address. It has one, and it leads to word 7 again with words 1-6 kept."""
    with sqlite_app.app_context():
        pz = puzzle(DAY)
    best = solution_text(pz, girdle_solution(pz).placements, choices=False)
    client = sqlite_app.test_client()
    page = client.get(f"/girdle/{DAY}/play", query_string={"sheet": best}).get_data(as_text=True)
    assert 'id="final"' in page
    undo = re.search(r'<button type="submit" name="undo" value="1"[^>]*>([^<]*)</button>', page)
    assert undo and undo.group(1) == f"Take back word {pz.words}"
    resp = client.post(f"/girdle/{DAY}/play", data={"sheet": best, "undo": "1",
                                                    "csrf_token": token(client)})
    assert resp.status_code == 303
    again = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert f"Word {pz.words} of {pz.words}" in again and 'id="final"' not in again
    assert best.splitlines()[:-1] == re.search(
        r'<input type="hidden" name="sheet" id="sheet" value="([^"]*)"', again
    ).group(1).replace("&#10;", "\n").splitlines()


def test_the_play_page_says_what_the_word_just_played_scored(sqlite_app):
    """A word played on the phone led to the next word's prompt with nothing saying what it
    scored: the score card is some 700 px below, past the grid and the letters. The prompt,
    where the page opens, starts with it, as the card counts it."""
    with sqlite_app.app_context():
        pz = puzzle(DAY)
    first = find_solution(pz, default_lexicon())[0]
    client = sqlite_app.test_client()
    squares = {f"sq-{first.start + i + 1}": ch for i, ch in enumerate(first.word)}
    page = client.post(f"/girdle/{DAY}/play", data={
        "sheet": "", "csrf_token": token(client), **squares},
        follow_redirects=True).get_data(as_text=True)
    row = re.search(r'<tr><td>1[^<]*</td><td>([A-Z]+)</td>\s*<td class="num">\d+</td>'
                    r'<td class="num">[^<]*</td><td class="num">(\d+)</td></tr>', page)
    assert row and row.group(1) == first.word
    prompt = re.search(r'<p class="notice" id="prompt">(.*?)</p>', page, re.S).group(1)
    assert prompt.startswith(f'<span id="last-word">{first.word}: {row.group(2)} points.</span>')
    assert "<strong>Word 2 of" in prompt
    fresh = client.get(f"/girdle/{DAY}/play").get_data(as_text=True)
    assert 'id="last-word"' not in fresh  # nothing played yet


def test_the_checkbox_lines_say_what_the_checkbox_is_for(sqlite_app):
    """The day's lines and the play page's prompt marked some lines "checkbox" and never said
    what that means, which a player without the printed sheet cannot know: the day's page
    says it under the lines, and the prompt for a checkbox line says it too, by the puzzle's
    own rule (the length of word that crosses out a letter)."""
    with sqlite_app.app_context():
        pz = puzzle(DAY)
    assert pz.checkbox_rows
    rule = (f"A word of {pz.crossout_min_length} or more letters on a checkbox line crosses "
            "out one unused letter, which then costs nothing.")
    client = sqlite_app.test_client()
    page = client.get(f"/girdle/{DAY}").get_data(as_text=True)
    assert f'<p class="muted" id="checkbox-rule">{rule}</p>' in page
    solution = find_solution(pz, default_lexicon())
    play = client.get(f"/girdle/{DAY}/play").get_data(as_text=True)
    for number in range(1, pz.words + 1):
        prompt = re.search(r'<p class="notice" id="prompt">(.*?)</p>', play, re.S).group(1)
        assert f"<strong>Word {number} of" in prompt
        assert (rule in prompt) == pz.has_checkbox(number), (number, prompt)
        sheet = re.search(r'id="sheet" value="([^"]*)"', play).group(1)
        word = solution[number - 1]
        squares = {f"sq-{word.start + i + 1}": ch for i, ch in enumerate(word.word)}
        play = client.post(f"/girdle/{DAY}/play", data={
            "sheet": sheet, "csrf_token": token(client), **squares},
            follow_redirects=True).get_data(as_text=True)


def test_the_days_page_leads_back_to_the_sheet_sent(sqlite_app):
    """A player who sent a sheet and came back to the day's page found nothing of it there
    (only the archive's score): the page links the answer for the sheet kept, until then
    nothing."""
    client = sqlite_app.test_client()
    before = client.get(f"/girdle/{DAY}").get_data(as_text=True)
    assert 'id="your-sheet"' not in before
    text = typed_solution(sqlite_app)
    sent = client.post(f"/girdle/{DAY}", data={"solution": text, "csrf_token": token(client)})
    assert sent.status_code == 303
    page = client.get(f"/girdle/{DAY}").get_data(as_text=True)
    link = re.search(r'<p class="taps[^"]*" id="your-sheet"><a href="([^"]+)">Your sheet for '
                     r'this day</a>: its score and rank.</p>', page)
    assert link and link.group(1) == f"/girdle/{DAY}/result"
    answer = client.get(link.group(1)).get_data(as_text=True)
    assert 'id="your-sheet"' not in answer and "Final score" in answer
    other = client.get(f"/girdle/{DAY + dt.timedelta(days=1)}").get_data(as_text=True)
    assert 'id="your-sheet"' not in other


def test_the_unused_row_names_each_sections_letters(sqlite_app):
    """The score card's Unused row ran the A-Z section's letters and the active Supply's
    together, so a letter left in each read twice ("D ... D") with nothing to say where each
    is on the sheet. It names them by section, as the engine's card counts them."""
    with sqlite_app.app_context():
        day = puzzle(DAY)
    moves = find_solution(day, default_lexicon())
    typed = "\n".join(f"{m.word} {m.start + 1}" for m in moves)
    _, _, card = play_solution(day, parse_solution(typed, day), default_lexicon())
    assert card.unused_az and card.unused_supply  # the case this test is about
    client = sqlite_app.test_client()
    page = page_said(client.post(f"/girdle/{DAY}", data={"solution": typed,
                                                        "csrf_token": token(client)},
                                 follow_redirects=True))
    row = re.search(r"<td colspan=\"4\">(Unused: [^<]*)</td>", page).group(1)
    assert row == (f"Unused: {' '.join(card.unused_az)} (A-Z); "
                   f"{' '.join(card.unused_supply)} (Supply)"
                   + (f"; crossed out: {crossed_out_by_section(card.to_dict())}"
                      if card.crossed_out else ""))
    fresh = page_said(client.get(f"/girdle/{DAY}/play"))
    row = re.search(r"<td colspan=\"4\">(Unused: [^<]*)</td>", fresh).group(1)
    assert row == f"Unused: {' '.join(sorted(day.vp))} (A-Z)"  # no word yet, no Supply


def test_the_play_pages_a_z_row_marks_the_letters_crossed_out(sqlite_app):
    """The play page's card said a checkbox crossed out Q, while the A-Z row above showed the
    Q like any unused letter. The row marks the A-Z letters the card crosses out."""
    day = dt.date(2026, 11, 4)
    with sqlite_app.app_context():
        pz = puzzle(day)
    solution = find_solution(pz, default_lexicon())
    client = sqlite_app.test_client()
    play = client.get(f"/girdle/{day}/play").get_data(as_text=True)
    assert 'class="crossed"' not in play  # nothing played, nothing crossed out
    for word in solution:
        sheet = re.search(r'id="sheet" value="([^"]*)"', play).group(1)
        squares = {f"sq-{word.start + i + 1}": ch for i, ch in enumerate(word.word)}
        play = page_said(client.post(f"/girdle/{day}/play", data={
            "sheet": sheet, "csrf_token": token(client), **squares}, follow_redirects=True))
    row = re.search(r'<ul class="az" id="az">(.*?)</ul>', play, re.S).group(1)
    crossed = re.findall(r'<li class="crossed" data-letter="([A-Z])">', row)
    said = re.search(r"<td colspan=\"4\">Unused: [^<]*; crossed out: ([A-Z ]+) \(A-Z\)</td>",
                     play)
    assert crossed and crossed == sorted(said.group(1).split())  # as the card says
    assert all(f'data-letter="{ch}"><b>{ch}</b><small>{pz.vp[ch]}<span class="visually-hidden">'
               f" points, crossed out (costs nothing)</span>" in row for ch in crossed)


def test_a_supply_letter_crossed_out_is_named_and_marked_as_such(sqlite_app):
    """A checkbox that crossed out a Supply letter: the card said "crossed out: C" where the
    A-Z's C was used, as though that one had been crossed out, and the play page's Supply row
    showed the letter active, ready to use. The card names each cross-out's section, as
    'girdle check' does ("C (Supply)"), on the play page and in the answer, and the Supply
    row marks the letter crossed out, as the A-Z row marks its own."""
    def said(page: str) -> str:
        return re.search(r"<td colspan=\"4\">(Unused: [^<]*)</td>", page).group(1)

    client = sqlite_app.test_client()
    # six words of 2026-11-25's best sheet on the phone: the engine crosses out the Supply's C
    day = dt.date(2026, 11, 25)
    typed = "SJAMBOK 1\nSQUIRMY 1\nMITZVAH 1\nINEXACT 1\nPARVE 3\nWEFTS 3"
    with sqlite_app.app_context():
        pz = puzzle(day)
    _, sheet, card = play_solution(pz, parse_solution(typed, pz), default_lexicon())
    assert card.crossed_out_az == [] and card.crossed_out == ["C"] and "C" in sheet.az_used
    (position,) = card.crossed_out_supply
    play = page_said(client.get(f"/girdle/{day}/play", query_string={"sheet": typed}))
    assert said(play).endswith("; crossed out: C (Supply)"), said(play)
    supply = re.search(r'<p id="supply" class="supply-row">(.*?)</p>', play, re.S).group(1)
    assert re.findall(r'data-state="crossed">(\d+)<b>', supply) == [str(position)]
    assert (f'<span class="supply s-crossed" data-state="crossed">{position}<b>C</b><span '
            'class="visually-hidden"> crossed out (costs nothing)</span>') in supply
    az = re.search(r'<ul class="az" id="az">(.*?)</ul>', play, re.S).group(1)
    assert 'class="crossed"' not in az
    # a typed sheet whose box crossed out the Supply's A (the A-Z's was used), answered
    day = dt.date(2026, 12, 6)
    typed = "MUZHIKS 1 -A\nVAS 1\nFEZ 1\nKYLIX 3\nCWM 1\nUMPED 3\nHIJAB 3"
    with sqlite_app.app_context():
        pz = puzzle(day)
    _, sheet, card = play_solution(pz, parse_solution(typed, pz), default_lexicon())
    assert card.complete and card.crossed_out_supply and "A" in sheet.az_used
    answer = page_said(client.post(f"/girdle/{day}", data={
        "solution": typed, "csrf_token": token(client)}, follow_redirects=True))
    assert said(answer).endswith("; crossed out: A (Supply)"), said(answer)


def test_the_play_page_scores_the_sheet_it_carries_on_with(sqlite_app):
    """A sheet in the play page's address with choices of its own (-A, +1,2): the page
    carries on with the words alone, the engine choosing again, but showed the card of the
    address's choices: "Sheet complete: 77 points.", for a sheet sent and scored 81. The
    card shown is that of the sheet the page carries and sends."""
    day = dt.date(2026, 12, 6)
    typed = "MUZHIKS 1 -A\nVAS 1\nFEZ 1\nKYLIX 3\nCWM 1\nUMPED 3\nHIJAB 3"
    with sqlite_app.app_context():
        pz = puzzle(day)
    _, _, asked = play_solution(pz, parse_solution(typed, pz), default_lexicon())
    client = sqlite_app.test_client()
    play = page_said(client.get(f"/girdle/{day}/play", query_string={"sheet": typed}))
    sent = re.search(r'<input type="hidden" name="solution" value="([^"]*)">', play).group(1)
    assert "-A" not in sent  # the words alone
    _, _, card = play_solution(pz, parse_solution(sent, pz), default_lexicon())
    assert card.final != asked.final  # the case this test is about
    assert f'<p class="big" id="final">Sheet complete: {card.final} points.</p>' in play
    assert re.search(rf'<th class="num" id="score">{card.final}</th>', play)


# 2026-12-06's best sheet (`girdle solve --json`): MUZHIKS, a 7-letter word 1 on a checkbox
# row, crosses out nothing here, its box left unticked
UNTICKED_SHEET = (
    (1, 3, "down", "MUZHIKS", (1, 2, 3, 4, 7, 9, 10)), (7, 1, "across", "VAS", (5, 6)),
    (3, 1, "across", "FEZ", (8, 11)), (6, 3, "across", "KYLIX", (12,)),
    (1, 1, "across", "CWM", ()), (2, 3, "across", "UMPED", ()), (4, 3, "across", "HIJAB", ()),
)


@pytest.mark.slow
def test_a_photographed_sheets_unticked_box_is_sent_unticked(sqlite_app):
    """A photographed sheet whose earned box is left unticked scores as read (no letter
    crossed out, as `girdle check` scores the same sheet typed): the words put in the box to
    send said nothing of the box, so sent they were scored with a letter crossed out for it,
    5 points more than the page had just said."""
    import numpy as np

    from companion.girdle import SheetStep, play_all
    from synthetic.camera import Camera, photograph
    from synthetic.fonts import available
    from synthetic.girdle import filled_sheet

    day = dt.date(2026, 12, 6)
    with sqlite_app.app_context():
        pz = puzzle(day)
    steps = [SheetStep(*step) for step in UNTICKED_SHEET]
    _sheet, card = play_all(pz, steps)  # the sheet as `girdle check` scores it
    rng = np.random.default_rng(3)
    flat = filled_sheet(pz, steps, available(("ComicNeue-Bold.otf",))[0], rng, day=day)
    photo = photograph(flat, Camera(width=2400, height=1800, max_tilt=20), rng)[0]
    client = sqlite_app.test_client()
    data = client.post(f"/api/girdle/{day}/photo", data=photo,
                       content_type="image/jpeg").get_json()
    assert data["reading"]["checkboxes_ticked"] == []
    assert data["reading"]["score"]["final"] == card.final
    page = client.post(f"/girdle/{day}", data={"csrf_token": token(client),
                                                "solution": data["solution"]},
                       follow_redirects=True).get_data(as_text=True)
    assert f"{card.final} points" in page and "crossed out" not in page
    assert data["solution"].splitlines()[0] == "MUZHIKS 1 -none"


def test_a_box_typed_unticked_crosses_nothing_out():
    """'-none' after a word: its box left unticked, so no letter is crossed out for it; the
    sheet written back says so, and a letter N is still a letter."""
    pz = Puzzle(lines=(Line("row", 1), Line("col", 2), Line("col", 6), Line("row", 4),
                       Line("col", 4), Line("row", 7), Line("row", 6)), supply="EEAOSTRN",
                checkbox_rows=(1, 4))
    typed = "JUMPING 1 -none\nUSE 1\nNOTE 1\nACHE 3\nCLOD 4\nFED 2\nOX 4"
    placements, _sheet, card = play_solution(pz, parse_solution(typed, pz), default_lexicon())
    assert card.crossed_out == [] and card.final == 24 - 5
    assert solution_text(pz, placements).splitlines()[0].endswith(" -none")
    _p, _s, again = play_solution(pz, parse_solution(solution_text(pz, placements), pz),
                                  default_lexicon())
    assert again.final == card.final
    _p, _s, crossed = play_solution(pz, parse_solution(typed.replace("-none", "-N"), pz),
                                    default_lexicon())
    assert crossed.crossed_out == ["N"]  # the Supply's N, active and unused


def test_a_photographed_unfinished_sheet_is_said_unfinished(sqlite_app, monkeypatch):
    """A photo of a sheet of five words was read as "5 words, 99 points as read", as a
    finished sheet is, and sending it was refused as unfinished: the reading says so, as
    'girdle check' and 'read --game girdle' do."""
    from companion.web import girdle

    rows = [{"number": k, "word": "WORD", "vp": 1, "bonus": 0, "checkbox": False,
             "checked": False, "total": 1} for k in range(1, 6)]
    reading = {"words": [{"number": k, "word": "WORD", "row": k, "col": 1,
                          "direction": "across"} for k in range(1, 6)],
               "problem": "", "uncertain": [], "grid": [[""] * 7 for _ in range(7)],
               "score": {"final": 99, "complete": False, "rows": rows}}
    monkeypatch.setattr(girdle, "read_sheet_photo", lambda day, data: (reading, ""))
    client = sqlite_app.test_client()
    page = client.post(f"/girdle/{DAY}/photo", data={
        "photo": (io.BytesIO(b"\xff\xd8 a photo"), "sheet.jpg"), "csrf_token": token(client)},
        content_type="multipart/form-data").get_data(as_text=True)
    assert "5 words, 99 points as read (unfinished: 5 of 7 words)." in " ".join(page.split())


@pytest.mark.slow
def test_a_photographed_sheets_crossed_out_letter_is_scored_and_sent_as_read():
    """The worked example's sheet whose ticked box crossed out K, not the dearest Q or Z:
    the words the photo page fills in to send carry it ("-K"), so the sheet sent scores as
    the photo read it, 23 (typed without it, the engine crossed out the dearest: 24)."""
    import numpy as np

    from companion.web.girdle import typed_from_reading
    from synthetic.camera import Camera, photograph
    from synthetic.fonts import available
    from synthetic.girdle import EXAMPLE_STEPS, example_puzzle, filled_sheet
    from vision.classifier import hand_classifier
    from vision.config import DEFAULT
    from vision.girdle_sheet import read_sheet
    from vision.imageio import decode_photo

    pz = example_puzzle()
    steps = [replace(EXAMPLE_STEPS[0], crossed_out=("K",)), *EXAMPLE_STEPS[1:]]
    rng = np.random.default_rng(5)
    flat = filled_sheet(pz, steps, available(("ComicNeue-Bold.otf",))[0], rng)
    photo = photograph(flat, Camera(width=2400, height=1800, max_tilt=20), rng)[0]
    load = replace(DEFAULT.load, work_long_side=DEFAULT.sheet.work_long_side)
    reading = read_sheet(DEFAULT, decode_photo(load, photo), hand_classifier(),
                         default_lexicon(), pz).to_dict()
    assert (reading["problem"], reading["score"]["final"]) == ("", 23)
    typed = typed_from_reading(pz, reading)
    assert typed.splitlines()[0] == "JUMPING 1 -K"
    _, _, sent = play_solution(pz, parse_solution(typed, pz), default_lexicon())
    assert sent.final == reading["score"]["final"]
