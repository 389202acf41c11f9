"""Daily Girdle pages and API: sheet PDFs, typed solutions scored by the engine, ranks,
streaks by the player's own date, hints and the archive (Flask test client)."""

import datetime as dt
import io
import re

import pytest
from appfactory import token
from pypdf import PdfReader

from companion.girdle import Line, Puzzle
from companion.girdle.generator import find_solution
from companion.girdle.solver import solve
from companion.lexicon import default_lexicon
from companion.web.db import session
from companion.web.girdle import puzzle, rank, streak, today_utc
from companion.web.girdle_play import parse_solution, play_solution, solution_text
from companion.web.models import GirdlePar, GirdleSubmission

DAY = dt.date(2026, 11, 1)


def typed_solution(app, day=DAY) -> str:
    """A complete sheet for ``day`` found by the engine, typed as a player would."""
    with app.app_context():
        pz = puzzle(day)
    moves = find_solution(pz, default_lexicon())
    return "\n".join(f"{m.word} {m.start + 1}" for m in moves)


def test_worked_example_of_the_rules_scores_24():
    """GAMES.md's worked example, typed without activations or cross-outs: 54 - 30 = 24."""
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
    assert "Word Girdle #" in page and "Word 7:" in page
    for paper in ("letter", "a4"):
        resp = client.get(f"/girdle/{DAY}.pdf?paper={paper}")
        assert resp.mimetype == "application/pdf"
        text = PdfReader(io.BytesIO(resp.data)).pages[0].extract_text()
        assert "Girdle" in text
    assert client.get("/girdle").status_code == 200


def test_submit_a_solution_see_the_breakdown_and_keep_the_best(sqlite_app):
    client = sqlite_app.test_client()
    text = typed_solution(sqlite_app)
    tok = token(client)
    resp = client.post(f"/girdle/{DAY}", data={"solution": text, "csrf_token": tok,
                                               "local_date": today_utc().isoformat()})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200, page
    with sqlite_app.app_context():
        _p, _s, card = play_solution(puzzle(DAY), parse_solution(text, puzzle(DAY)),
                                     default_lexicon())
    assert f"{card.final} points" in page and 'id="card"' in page
    assert "streak: 1 day" in page
    with sqlite_app.app_context():
        rows = session().query(GirdleSubmission).all()
        assert [(r.puzzle_date, r.score) for r in rows] == [(DAY, card.final)]


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


def test_streak_counts_the_players_own_days(sqlite_app):
    with sqlite_app.app_context():
        db = session()
        for puzzle_day, local in [(1, 10), (2, 11), (3, 12), (5, 14), (6, 15)]:
            db.add(GirdleSubmission(player="p", puzzle_date=dt.date(2026, 1, puzzle_day),
                                    local_date=dt.date(2026, 1, local), words=[], score=1,
                                    rank="Good"))
        db.add(GirdleSubmission(player="other", puzzle_date=dt.date(2026, 1, 6),
                                local_date=dt.date(2026, 1, 16), words=[], score=1, rank=""))
        db.commit()
        assert streak("p") == 2  # 14th and 15th; the 13th was missed
        assert streak("nobody") == 0


@pytest.mark.parametrize(
    ("solution", "message"),
    [
        ("", "Type your words"),
        ("QUIZ", "Line 1"),
        ("A B C", "Line 1"),
        ("ZZZZ 1", "Word 1:"),
        ("\n".join(["CAT 1"] * 8), "holds 7 words"),
        ("x" * 1001, "far too long"),
        ("CAT 9", "start square must be 1 to 7"),
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
        ("/girdle/2023-12-31", 404, "The first Word Girdle is from 2024-01-01."),
        ("/girdle/3000-01-01", 404, "is not out yet"),
        ("/girdle/yesterday", 404, "YYYY-MM-DD"),
        ("/girdle/2026-13-40.pdf", 404, "YYYY-MM-DD"),
        (f"/girdle/{DAY}.pdf?paper=a5", 400, "letter or a4"),
        ("/girdle/archive?month=13", 400, "YYYY-MM"),
        ("/girdle/archive?month=2019-05", 400, "no Word Girdles in 2019-05"),
        ("/api/girdle/2019-01-01", 400, "The first Word Girdle"),
        ("/api/girdle/soon/hints", 400, "YYYY-MM-DD"),
    ],
)
def test_girdle_bad_dates(client, url, status, message):
    resp = client.get(url)
    assert resp.status_code == status
    assert message in resp.get_data(as_text=True)


def test_hints_grid(sqlite_app):
    client = sqlite_app.test_client()
    page = client.get(f"/girdle/{DAY}?hints=1").get_data(as_text=True)
    assert 'id="hints"' in page
    grid = client.get(f"/api/girdle/{DAY}/hints").get_json()["grid"]
    assert len(grid) == 7 and all(len(row) == 7 for row in grid)
    with sqlite_app.app_context():
        moves = find_solution(puzzle(DAY), default_lexicon())
    covered = {cell for m in moves for cell in m.cells}
    firsts = {m.cells[0]: m.word[0] for m in moves}
    for cell in range(49):
        ch = grid[cell // 7][cell % 7]
        assert ch == (firsts.get(cell) or ("#" if cell in covered else "."))


def test_archive_lists_every_day_with_print_links_and_my_scores(sqlite_app):
    client = sqlite_app.test_client()
    text = typed_solution(sqlite_app)
    client.post(f"/girdle/{DAY}", data={"solution": text, "csrf_token": token(client)})
    page = client.get("/girdle/archive?month=2026-11").get_data(as_text=True)
    assert f"/girdle/{DAY}.pdf?paper=a4" in page
    days = re.findall(r'href="/girdle/(2026-11-\d\d)"', page)
    assert days[-1] == "2026-11-01" and len(days) == min(30, (today_utc() - DAY).days + 1)
    assert re.search(r"<td class=\"num\">-?\d+ <span class=\"muted\">", page)


def test_girdle_api(sqlite_app):
    client = sqlite_app.test_client()
    data = client.get(f"/api/girdle/{DAY}").get_json()
    assert len(data["lines"]) == 7 and data["sheet"]["a4"].endswith("paper=a4")
    resp = client.post(f"/api/girdle/{DAY}/submissions", json={
        "solution": typed_solution(sqlite_app), "player": "tester",
        "local_date": today_utc().isoformat()})
    assert resp.status_code == 201
    result = resp.get_json()
    assert result["card"]["complete"] and result["streak"] == 1
    assert result["score"] == result["card"]["final"]
    for body, message in [({"player": "tester"}, "solution"),
                          ({"solution": "CAT 1", "player": "x"}, "4 to 64"),
                          ([1], "solution")]:
        bad = client.post(f"/api/girdle/{DAY}/submissions", json=body)
        assert bad.status_code == 400 and message in bad.get_json()["error"]


def test_par_is_found_once_kept_and_ranks_the_sheet(app):
    client = app.test_client()
    text = typed_solution(app)
    result = client.post(f"/api/girdle/{DAY}/submissions", json={
        "solution": text, "player": "ranker"}).get_json()
    with app.app_context():
        row = session().get(GirdlePar, DAY)
        assert row is not None and result["par"] == row.par >= result["score"]
        _p, _s, card = play_solution(puzzle(DAY), parse_solution(result["best_solution"],
                                                                 puzzle(DAY)), default_lexicon())
        assert card.final == row.par  # the stored best sheet really scores par
    assert result["rank"] == rank(result["score"], result["par"])
    page = client.post(f"/girdle/{DAY}", data={"solution": text, "csrf_token": token(client)})
    assert f"Par is {result['par']}" in page.get_data(as_text=True)


@pytest.mark.parametrize(("proven", "raised"), [(False, True), (True, False)])
def test_a_sheet_better_than_an_unproven_par_becomes_par(app, proven, raised):
    client = app.test_client()
    with app.app_context():
        pz = puzzle(DAY)
        # a poor sheet stored as par (as a search cut short might have left it)
        poor = typed_solution(app)
        _p, _s, card = play_solution(pz, parse_solution(poor, pz), default_lexicon())
        session().add(GirdlePar(puzzle_date=DAY, par=card.final, proven=proven,
                                solution=poor.splitlines()))
        session().commit()
    best = solution_text(pz, solve(pz).placements)  # a sheet that scores above zero
    result = client.post(f"/api/girdle/{DAY}/submissions", json={
        "solution": best, "player": "climber"}).get_json()
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
    result = client.post(f"/api/girdle/{DAY}/submissions", json={
        "solution": typed_solution(app), "player": "returning"}).get_json()
    assert "par" in result, result
    with app.app_context():
        pz = puzzle(DAY)
        row = session().get(GirdlePar, DAY)
        assert row.par == result["par"] != 143
        _p, _s, card = play_solution(pz, parse_solution("\n".join(row.solution), pz),
                                     default_lexicon())
        assert card.final == row.par


def test_answer_key_pdf_uses_the_stored_par(sqlite_app):
    client = sqlite_app.test_client()
    resp = client.get(f"/girdle/{DAY}/answers.pdf?paper=a4")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    with sqlite_app.app_context():
        par = session().get(GirdlePar, DAY).par
    text = PdfReader(io.BytesIO(resp.data)).pages[0].extract_text()
    assert str(par) in text
    assert client.get(f"/girdle/{DAY}/answers.pdf?paper=a5").status_code == 400
    assert client.get("/girdle/1999-01-01/answers.pdf").status_code == 404
    archive = client.get("/girdle/archive?month=2026-11").get_data(as_text=True)
    assert f"/girdle/{DAY}/answers.pdf" in archive


def _sheet_photo(app, day=DAY) -> tuple[bytes, list]:
    """A phone photo of the day's sheet filled in by hand with a good solution."""
    import numpy as np

    from synthetic.camera import Camera, photograph
    from synthetic.fonts import available
    from synthetic.girdle import filled_sheet

    with app.app_context():
        pz = puzzle(day)
    placements, _sheet, _card = play_solution(pz, parse_solution(typed_solution(app, day), pz),
                                              default_lexicon())
    rng = np.random.default_rng(5)
    flat = filled_sheet(pz, placements, available(("ComicNeue-Bold.otf",))[0], rng, day=day)
    return photograph(flat, Camera(width=2400, height=1800, max_tilt=20), rng)[0], placements


@pytest.mark.slow
def test_a_photographed_sheet_fills_in_the_words_to_submit(sqlite_app):
    client = sqlite_app.test_client()
    photo, placements = _sheet_photo(sqlite_app)
    data = client.post(f"/api/girdle/{DAY}/photo", data=photo,
                       content_type="image/jpeg").get_json()
    assert [w["word"] for w in data["reading"]["words"]] == [p.word for p in placements]
    assert data["solution"] == typed_solution(sqlite_app)
    page = client.post(f"/girdle/{DAY}/photo", data={
        "photo": (io.BytesIO(photo), "sheet.jpg"), "csrf_token": token(client)},
        content_type="multipart/form-data").get_data(as_text=True)
    assert 'id="sheet-read"' in page and placements[0].word in page
    bad = client.post(f"/api/girdle/{DAY}/photo", data=b"not a photo",
                      content_type="image/jpeg")
    assert bad.status_code == 400 and "not an image" in bad.get_json()["error"]
    empty = client.post(f"/girdle/{DAY}/photo", data={"csrf_token": token(client)},
                        content_type="multipart/form-data")
    assert empty.status_code == 400 and "Choose a photo" in empty.get_data(as_text=True)


def test_visiting_a_day_starts_its_par_search_beside_the_app(sqlite_app, monkeypatch):
    """The day's page starts ``companion girdle solve`` in a separate process; the submission
    then takes par from it, stores it, and lets the finished search go. Pages of older days
    start nothing (a visitor leafing through the archive must not start a search a page)."""
    from companion.web import girdle, par_jobs

    day = DAY - dt.timedelta(days=5)
    monkeypatch.setattr(girdle, "today_utc", lambda: day)
    client = sqlite_app.test_client()
    older = day - dt.timedelta(days=2)
    assert client.get(f"/girdle/{older}").status_code == 200
    assert par_jobs.job(older, None) is None
    assert client.get(f"/girdle/{day}").status_code == 200
    found = par_jobs.job(day, None).result(timeout=120)
    assert found["date"] == day.isoformat() and found["solution"]
    result = client.post(f"/api/girdle/{day}/submissions", json={
        "solution": typed_solution(sqlite_app, day), "player": "early"}).get_json()
    assert result["par"] == max(found["par"], result["score"])
    assert par_jobs.job(day, None) is None
    with sqlite_app.app_context():
        assert session().get(GirdlePar, day) is not None


def test_a_failed_par_search_falls_back_to_searching_in_the_app(sqlite_app, monkeypatch,
                                                                caplog):
    from companion.errors import CompanionError
    from companion.web import par_jobs

    def broken(*_args):
        raise CompanionError("The search for par failed: no such command")

    monkeypatch.setattr(par_jobs, "search", broken)
    day = DAY - dt.timedelta(days=4)
    client = sqlite_app.test_client()
    result = client.post(f"/api/girdle/{day}/submissions", json={
        "solution": typed_solution(sqlite_app, day), "player": "unlucky"}).get_json()
    assert result["par"] >= result["score"] and result["best_solution"]
    assert "searching in this process instead" in caplog.text
