"""Playing the Daily Girdle on the phone, without the printed sheet: each word typed into
the squares of its line, judged and scored by the engine as it goes."""

from __future__ import annotations

import datetime as dt
import re
import threading
from urllib.parse import urlencode

import pytest
from appfactory import make_app, page_said, token
from browser import focused, live_server, phones

from companion.girdle import default_edition, puzzle_for
from companion.girdle.generator import daily_family, find_solution
from companion.girdle.typed_sheet import parse_solution, play_solution
from companion.lexicon import default_lexicon
from companion.web.db import database_url

DAY = dt.date(2026, 11, 1)


@pytest.fixture(scope="module")
def shared_app(tmp_path_factory):
    """One app (on SQLite) for the module's tests: they read its pages or play and send sheets
    each as a visitor of its own (a test client or a browser context of its own, with no
    cookies), which no other test's pages depend on, so each day's par is searched for once.
    A test that needs a day's par not found yet has an app of its own."""
    application = make_app(tmp_path_factory.mktemp("girdle-phone"))
    assert database_url(application).startswith("sqlite")
    return application


@pytest.fixture
def client(shared_app):
    """A visitor of its own (a new session) on the shared app."""
    return shared_app.test_client()


@pytest.fixture(scope="module")
def base_url(shared_app):
    """The shared app served on a loopback port."""
    with live_server(shared_app) as url:
        yield url


def _moves(day=DAY):
    pz = puzzle_for(day, lexicon=default_lexicon())
    moves = find_solution(pz, default_lexicon())
    _p, _s, card = play_solution(pz, parse_solution(_sheet_text(moves), pz), default_lexicon())
    return pz, moves, card.final


def _sheet_text(moves) -> str:
    """A solution as the day's page takes it typed: a word and its first square a line."""
    return "\n".join(f"{m.word} {m.start + 1}" for m in moves)


def _send_sheet(page, moves, score: int) -> None:
    """Type ``moves`` on the day's page, send them and see them scored ``score``."""
    page.goto(f"/girdle/{DAY}")
    page.fill("#solution", _sheet_text(moves))
    with page.expect_navigation():
        page.tap("#score-sheet")
    assert f"{score} points" in page.inner_text("#result")


def _squares(page_html: str) -> set[int]:
    return {int(n) for n in re.findall(r'name="sq-(\d+)"', page_html)}


def _post_word(client, day: dt.date, tok: str, page: str, sheet: str, word: str, start: int,
               **fields: str):
    """``word`` typed into the squares of its line from square ``start`` (1-based) that the
    play page ``page`` leaves empty, with the sheet so far and any other ``fields``, posted."""
    form = {"csrf_token": tok, "sheet": sheet, **fields}
    empty = _squares(page)
    for k, ch in enumerate(word):
        if start + k in empty:  # squares already holding a letter are not typed
            form[f"sq-{start + k}"] = ch
    return client.post(f"/girdle/{day}/play", data=form, follow_redirects=True)


def _sheet_of(page: str) -> str:
    """The sheet so far, as the play page carries it to the next word."""
    return re.search(r'name="sheet" id="sheet" value="([^"]*)"', page).group(1).replace(
        "&#10;", "\n")


def test_a_whole_girdle_through_the_play_page(client):
    tok = token(client)
    pz, moves, engine_score = _moves()
    page = client.get(f"/girdle/{DAY}/play").get_data(as_text=True)
    sheet = ""
    for number, m in enumerate(moves, 1):
        assert f"Word {number} of {pz.words}" in page
        resp = _post_word(client, DAY, tok, page, sheet, m.word, m.start + 1)
        page = resp.get_data(as_text=True)
        assert resp.status_code == 200, re.findall(r'id="error"[^>]*>([^<]*)', page)
        sheet = _sheet_of(page)
        assert f"<td>{m.word}</td>" in page  # the tracker fills in
    assert f"Sheet complete: {engine_score} points." in page
    assert re.search(rf'id="score">{engine_score}<', page)
    solution = re.search(r'name="solution" value="([^"]*)"', page).group(1).replace("&#10;",
                                                                                   "\n")
    result = client.post(f"/girdle/{DAY}", data={"csrf_token": tok, "solution": solution},
                         follow_redirects=True)
    assert f"{engine_score} points" in result.get_data(as_text=True)


# Two days' best sheets as `girdle solve --json` gives them (row, column, direction, word,
# Supply positions activated, letter crossed out): on 2026-12-01 JIGSAW takes the J that the
# first word's checkbox would cross out were BIKEWAY the whole sheet; on 2026-12-05 MYTHIFY
# needs a second Y, which is in the Supply.
WHOLE_SHEETS = {
    dt.date(2026, 12, 1): [
        (6, 1, "across", "BIKEWAY", (1, 2, 4, 6, 9, 11, 13), ("Q",)),
        (1, 7, "down", "PUNCHY", (3, 5, 7, 8, 10), ()),
        (1, 5, "down", "JIGSAW", (12,), ()),
        (1, 1, "down", "ADVERB", (), ()),
        (1, 3, "down", "MUZHIK", (), ()),
        (6, 6, "down", "AX", (), ()),
        (6, 2, "down", "IF", (), ()),
    ],
    dt.date(2026, 12, 5): [
        (1, 7, "down", "SKIDWAY", (1, 2, 3, 4, 5, 7, 8), ()),
        (7, 1, "across", "MYTHIFY", (6, 9, 10, 11, 12), ()),
        (1, 2, "down", "EXOGAMY", (), ("Q",)),
        (5, 1, "across", "JACKDAW", (), ("U",)),
        (3, 1, "across", "LOVER", (), ()),
        (1, 1, "across", "BEZANTS", (), ("U",)),
        (1, 4, "down", "APEAK", (), ()),
    ],
}


@pytest.mark.parametrize("day", sorted(WHOLE_SHEETS))
def test_a_word_needing_what_the_engine_left_open_is_played(client, day):
    """Each word played on the phone leaves the Supply letters to activate and the letter to
    cross out open for the next: the choices made for the words so far were kept, so a later
    word needing a Supply letter not chosen (MYTHIFY's second Y), or the letter a box had
    crossed out (JIGSAW's J), was refused, where the typed sheet and `girdle check` score
    the same words."""
    from companion.girdle import SheetStep, play_all

    steps = [SheetStep(*step) for step in WHOLE_SHEETS[day]]
    pz = puzzle_for(day, lexicon=default_lexicon())
    _sheet, typed_card = play_all(pz, steps)  # the sheet as `girdle check` scores it
    tok = token(client)
    sheet = ""
    page = client.get(f"/girdle/{day}/play").get_data(as_text=True)
    for number, step in enumerate(steps, 1):
        line = pz.lines[number - 1]
        start = step.col if line.kind == "row" else step.row
        resp = _post_word(client, day, tok, page, sheet, step.word, start)
        page = resp.get_data(as_text=True)
        assert resp.status_code == 200, re.findall(r'id="error"[^>]*>([^<]*)', page)
        sheet = _sheet_of(page)
    assert f"Sheet complete: {typed_card.final} points." in page


@pytest.mark.parametrize(("squares", "message"), [
    ({}, "letters into the squares"),
    ({"sq-1": "C", "sq-3": "T"}, "gap at square 2"),
    ({"sq-1": "7"}, "one letter A-Z"),
    ({"sq-1": "Q", "sq-2": "Q", "sq-3": "Q"}, "Word 1"),
])
def test_a_word_that_cannot_go_keeps_what_was_typed(client, squares, message):
    resp = client.post(f"/girdle/{DAY}/play", data={"csrf_token": token(client), "sheet": "",
                                                     **squares})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and message in page
    for name, ch in squares.items():
        assert f'name="{name}" id="{name}" maxlength="1" value="{ch}"' in page


def test_a_word_typed_with_full_width_letters_is_played(client):
    """An Asian keyboard's full-width letters in the squares are the letters."""
    _pz, moves, _score = _moves()
    first = moves[0]
    wide = {f"sq-{first.start + 1 + k}": chr(ord(ch) - ord("A") + ord("Ａ"))
            for k, ch in enumerate(first.word)}
    resp = client.post(f"/girdle/{DAY}/play", data={"csrf_token": token(client), "sheet": "",
                                                     **wide}, follow_redirects=True)
    assert resp.status_code == 200 and f"<td>{first.word}</td>" in resp.get_data(as_text=True)


def test_a_word_typed_with_accented_letters_is_played(client):
    """A phone keyboard's accented letter in a square is its letter, as in a typed sheet:
    "É" was refused, "type one letter A-Z"."""
    _pz, moves, _score = _moves()
    first = moves[0]
    accented = {f"sq-{first.start + 1 + k}": ch.translate(str.maketrans("AEIOU", "ÁÉÎÖÙ"))
                for k, ch in enumerate(first.word)}
    assert any(not ch.isascii() for ch in accented.values())
    resp = client.post(f"/girdle/{DAY}/play", data={"csrf_token": token(client), "sheet": "",
                                                     **accented}, follow_redirects=True)
    assert resp.status_code == 200 and f"<td>{first.word}</td>" in resp.get_data(as_text=True)


@pytest.mark.browser
def test_a_whole_girdle_played_on_a_phone_scores_as_the_engine(base_url, browser):
    pz, moves, engine_score = _moves()
    with phones(browser, base_url) as (page,):
        page.goto(f"/girdle/{DAY}")
        with page.expect_navigation():
            page.tap("#play-link")
        for number, m in enumerate(moves, 1):
            assert f"Word {number} of {pz.words}" in page.inner_text("#prompt")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            boxes = [page.locator(f"#sq-{m.start + 1 + k}") for k in range(len(m.word))]
            next(b for b in boxes if b.count()).tap()  # the word's first empty square
            for k, ch in enumerate(m.word):  # typed in order: the focus moves on by itself
                if page.locator(f"#sq-{m.start + 1 + k}").count():
                    page.keyboard.type(ch)
            with page.expect_navigation():
                page.tap("#play-word")
            assert page.locator("#error").count() == 0, page.inner_text("#error")
            rows = page.locator("#card tr").all_inner_texts()
            assert any(m.word in r for r in rows)
        assert page.inner_text("#score") == str(engine_score)
        assert f"{engine_score} points" in page.inner_text("#final")
        used = page.locator("#az li.used").count()
        assert used > 0 and page.locator("#supply .supply").count() == len(pz.supply)
        with page.expect_navigation():
            page.tap("#submit-sheet button[type=submit]")
        assert f"{engine_score} points" in page.inner_text("#result")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


LINES_OF = """(sel) => {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector(sel));
  return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 320])
def test_the_play_buttons_keep_to_one_line_on_a_phone(base_url, width, browser):
    """After word 1, "Play word 2" and "Take back word 1" each read on one line (the second
    used to wrap onto two at 390 px), and nothing is wider than the screen."""
    _pz, moves, _score = _moves()
    first = moves[0]
    with phones(
            browser, base_url, viewport={"width": width, "height": 844}) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        for k, ch in enumerate(first.word):
            page.fill(f"#sq-{first.start + 1 + k}", ch)
        with page.expect_navigation():
            page.tap("#play-word")
        assert page.inner_text("#undo-word") == "Take back word 1"
        assert page.evaluate(LINES_OF, "#undo-word") == 1
        assert page.evaluate(LINES_OF, "#play-word") == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 320, 1280])
def test_the_unticked_choice_keeps_its_words_beside_its_box(base_url, width, browser):
    """On 2026-12-01's first line, a checkbox line, "Leave the checkbox unticked: cross out no
    letter" took two lines at 390 px, its last word under the box: every line of its words
    stands right of the box, the first beside it."""
    with phones(
            browser, base_url, viewport={"width": width, "height": 844}) as (page,):
        page.goto("/girdle/2026-12-01/play")
        box = page.locator("#unticked").bounding_box()
        lines = page.evaluate("""() => {
            const range = document.createRange();
            range.selectNodeContents(document.querySelector("#unticked-choice span"));
            return [...range.getClientRects()].map(r => ({left: r.left, top: r.top,
                                                          bottom: r.bottom}));
        }""")
        assert lines
        assert all(line["left"] >= box["x"] + box["width"] for line in lines), (box, lines)
        assert lines[0]["top"] < box["y"] + box["height"] and lines[0]["bottom"] > box["y"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.fixture(scope="module")
def par_searched(tmp_path_factory):
    """An app of its own served, whose search for a day's par, once started while a test has
    :func:`held` it, stays under way until the module's tests are done: the sheets sent to it
    for that day are not ranked. Its base URL and the gate that lets the search go on."""
    gate = threading.Event()
    try:
        with live_server(make_app(tmp_path_factory.mktemp("par-searched"))) as url:
            yield url, gate
    finally:
        gate.set()


def held(monkeypatch, gate: threading.Event) -> None:
    """Searches for par started from now on wait for ``gate`` before they begin."""
    from companion.web import par_jobs

    real = par_jobs.search

    def waiting(*args):
        gate.wait(600)
        return real(*args)

    monkeypatch.setattr(par_jobs, "search", waiting)


@pytest.mark.browser
@pytest.mark.parametrize("width", [320, 360, 375])
def test_the_archive_with_an_unranked_sheet_fits_a_phone(par_searched, width, browser,
                                                          monkeypatch):
    """A sheet sent while its day's par is still searched for is "Unranked" in the archive:
    written beside its score, "69 Unranked", the table was 339 px wide at 320 px and 364 at
    360, and the page scrolled sideways; under it, in a column of its own, it left too
    little room for a day's Letter, A4 and Answers, which wrapped onto two lines at 320-375
    px. The score and rank are under the day's shape, the table fits and each day's links
    stand on one line."""
    url, gate = par_searched
    held(monkeypatch, gate)  # the search for par is under way all through the test
    pz, moves, score = _moves()
    with phones(browser, url, viewport={"width": width, "height": 844}) as (page,):
        _send_sheet(page, moves, score)
        page.goto(f"/girdle/archive?month={DAY:%Y-%m}")
        mine = page.locator("#archive td").filter(has_text="Unranked")
        assert mine.locator(".mine").inner_text() == f"You: {score}"
        assert mine.locator(".rank").inner_text() == "Unranked"
        days = page.evaluate(ARCHIVE_ROWS)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert days and all(len({round(top) for top, _, _ in links}) == 1 for links in days), days


GRID_SIZES = """(sel) => {
  const grid = document.querySelector(sel), cell = grid.querySelector(".cell, .sq");
  const box = grid.parentElement, style = getComputedStyle(box);
  const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const g = grid.getBoundingClientRect(), c = cell.getBoundingClientRect();
  const letter = grid.querySelector("input.cell") || cell;
  return {grid: g.width, room: room, cell: [c.width, c.height],
          letter: parseFloat(getComputedStyle(letter).fontSize)};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [320, 360, 390])
def test_the_girdle_grids_fill_a_phones_width(base_url, width, browser):
    """On a phone the play page's 7 x 7 grid with its word icons and the day page's shape are
    as wide as the page's column (20 rem left them 320 and 240 px wide in a 358 px column at
    390 px), their squares square and a letter half its square, 20 px or more (it was
    17.6 px). The icons' strip of 20 px takes the play grid's squares from 38 px to 35 at
    320 px, still well over a tap's 24 px."""
    with phones(
            browser, base_url, viewport={"width": width, "height": 844}) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        play = page.evaluate(GRID_SIZES, "#play-shape")
        page.goto(f"/girdle/{DAY}")
        shape = page.evaluate(GRID_SIZES, "#shape-grid")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    for sizes in (play, shape):
        assert sizes["grid"] == pytest.approx(sizes["room"], abs=1), sizes
        assert sizes["cell"][0] == pytest.approx(sizes["cell"][1], abs=0.5), sizes
    assert play["letter"] >= max(20, play["cell"][0] / 2 - 0.5), play
    # a square to tap: 7 of them with their lines and the icons' strip fill 288 px
    assert play["cell"][0] >= 35


@pytest.mark.browser
def test_the_girdle_grid_on_a_wide_screen_and_on_paper(base_url, browser):
    """On a computer's screen the grid stops at 26 rem (squares of 57 px, letters of 29),
    not the column's 608 px; printed from the browser, the day's shape keeps its 15 rem, so
    the lines and the Supply stay on the sheet with it."""
    with phones(
            browser, base_url, viewport={"width": 1280, "height": 900}, is_mobile=False,
            has_touch=False, device_scale_factor=1) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        play = page.evaluate(GRID_SIZES, "#play-grid")
        page.goto(f"/girdle/{DAY}")
        page.emulate_media(media="print")
        printed = page.evaluate(GRID_SIZES, "#shape-grid")
    assert play["grid"] == pytest.approx(26 * 16, abs=1) and play["room"] > play["grid"]
    assert play["letter"] >= 28 and play["cell"][0] >= 55
    assert printed["grid"] <= 15 * 16 + 1  # 15 rem: 240 px


CELL_LINES = """() => Array.from(
  document.querySelectorAll("#card tr:not(:has([colspan])) > td:nth-child(-n+2)"), (td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    return [td.textContent.trim(),
            new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size];
  })"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [320, 360, 390])
def test_the_score_card_keeps_each_word_and_number_whole(base_url, width, browser):
    """A sheet's score card on a 360 px phone broke FLYBACK as "FLYBAC / K" and a checkbox
    line's number as "5 / ☐": each word and number stands on one line, the card no wider
    than the screen (14 px below 390 px)."""
    pz, moves, score = _moves()
    with phones(
            browser, base_url, viewport={"width": width, "height": 844}) as (page,):
        _send_sheet(page, moves, score)
        cells = page.evaluate(CELL_LINES)
        assert len(cells) == 2 * pz.words and any(len(w) == 7 for w, _n in cells[1::2])
        assert all(lines == 1 for _text, lines in cells), cells
        assert page.evaluate("document.documentElement.scrollWidth") <= width


ARCHIVE_ROWS = """() => [...document.querySelectorAll("#archive .print-links")].map(cell =>
  [...cell.querySelectorAll("a")].map(a => {
    const r = a.getBoundingClientRect(); return [r.top, r.width, r.height]; }))"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [320, 360, 390])
def test_an_archive_month_is_compact_on_a_phone(base_url, width, browser):
    """A past month's archive at 360 px put a day's Letter, A4 and Answers one under another,
    a row of 102 px, the month 3,190 px tall: the three stand on one line, each still a tap
    of 44 x 44 px, and the month is 2,518 px (at 390 px it was 3,276; at 320 px, where the
    table's fourth column, for your scores, left the links too little room, 3,611)."""
    with phones(
            browser, base_url, viewport={"width": width, "height": 844}) as (page,):
        page.goto("/girdle/archive?month=2026-10")
        days = page.evaluate(ARCHIVE_ROWS)
        assert len(days) == 31 and all(len(links) == 3 for links in days)
        for links in days:
            assert len({round(top) for top, _, _ in links}) == 1, links  # one line
            assert all(w >= 44 and h >= 44 for _, w, h in links), links
        assert page.locator("#archive").bounding_box()["height"] < 2600
        assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.browser
@pytest.mark.parametrize("width", [320, 390, 1280])
def test_the_archive_s_month_box_goes_to_january_2024_without_scripts(base_url, width,
                                                                      browser):
    """January 2024, the first puzzle's month, was 35 taps of "previous month" away: the
    month box goes there in one, without scripts too, and from 375 px it stands on one
    line with its label and button, the box wide enough for its month."""
    with phones(browser, base_url, java_script_enabled=False,
                viewport={"width": width, "height": 844}) as (page,):
        page.goto("/girdle/archive?month=2026-11")
        box = page.locator("#month")
        assert box.bounding_box()["width"] >= 150  # "September 2026" whole, with its arrow
        if width >= 375:
            tops = [page.locator(f"#month-form > {tag}").bounding_box()
                    for tag in ("label", "select", "button")]
            middles = {round(b["y"] + b["height"] / 2) for b in tops}
            assert max(middles) - min(middles) <= 2, tops
        box.select_option("2024-01")
        with page.expect_navigation():
            page.click("#month-form button")
        assert page.url.endswith("/girdle/archive?month=2024-01")
        assert page.inner_text(".month-nav strong") == "January 2024"
        assert page.locator("#archive a.day").count() == 31
        assert page.evaluate("document.documentElement.scrollWidth") <= width


OPENED = """() => {
  const under = document.querySelector("header.top").getBoundingClientRect().bottom;
  const box = (id) => document.getElementById(id).getBoundingClientRect();
  return {scrolled: scrollY, under: under, prompt: box("prompt").top,
          button: box("play-word").bottom, height: innerHeight};
}"""


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height", "scrolls"), [
    (1366, 900, False),  # a desktop: the heading, the next word and its squares all show
    (1366, 420, True),  # a short window: the next word is brought up to the tabs
])
def test_the_play_page_scrolls_only_when_the_next_word_would_not_show(base_url, browser, width,
                                                                      height, scrolls):
    """The play page opened scrolled past its heading even on a desktop whose screen held
    the heading, the next word and its squares at once."""
    with phones(
            browser, base_url, viewport={"width": width, "height": height}, is_mobile=False,
            has_touch=False, device_scale_factor=1) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        page.wait_for_load_state("load")
        opened = page.evaluate(OPENED)
        heading = page.locator("h1").bounding_box()
    if scrolls:
        assert opened["scrolled"] > 0
        assert opened["under"] - 1 <= opened["prompt"] <= opened["under"] + 16  # by the tabs
    else:
        assert opened["scrolled"] == 0
        assert heading["y"] >= opened["under"] - 1  # the heading shows, under the tabs
        assert opened["button"] <= opened["height"]  # and so does the Play word button


SUPPLY_BOXES = """(sel) => Array.from(document.querySelectorAll(sel), (tile) => {
  const r = tile.getBoundingClientRect(), letter = tile.querySelector("b");
  return {top: Math.round(r.top), left: r.left, right: r.right,
          spills: tile.scrollWidth > tile.clientWidth,
          letter: parseFloat(getComputedStyle(letter).fontSize),
          number: parseFloat(getComputedStyle(tile).fontSize)};
})"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [320, 360, 390])
@pytest.mark.parametrize("where", ["/girdle/{day}", "/girdle/{day}/play"])
# a star day and a crossed day (lattice: the frame, lattice, ladder and comb days draw their
# Supply as the stars do, with no limit of their own) of the longest Supply the generator
# draws, the edition's supply_max, 13 (the printed sheet has room for 16): every daily
# puzzle of 2024-2027 has a Supply of 12 or 13 letters, in each family
@pytest.mark.parametrize(("day", "family"), [(dt.date(2026, 12, 1), "star"),
                                             (dt.date(2026, 11, 28), "lattice")])
def test_the_supply_stands_on_one_line_on_a_phone(base_url, width, where, day, family,
                                                  browser):
    """The day's page at 320 and 390 px put the last Supply tiles (11 and 12, of 12) on a
    line of their own, the play page at 320 px too. Every tile of a 13-letter Supply, the
    edition's longest, stands on one line within the screen, its letter and number as large
    as before and inside its box; the tiles keep their order."""
    supply = puzzle_for(day, lexicon=default_lexicon()).supply
    assert len(supply) == default_edition().supply_max == 13
    assert daily_family(day) == family
    with phones(
            browser, base_url, viewport={"width": width, "height": 844}) as (page,):
        page.goto(where.format(day=day))
        sel = "#day-supply .supply" if "play" not in where else "#supply .supply"
        tiles = page.evaluate(SUPPLY_BOXES, sel)
        assert [page.locator(sel).nth(k).locator("b").inner_text()
                for k in range(len(tiles))] == list(supply)
        assert len({t["top"] for t in tiles}) == 1, tiles
        assert all(a["right"] <= b["left"] for a, b in zip(tiles, tiles[1:], strict=False))
        assert tiles[0]["left"] >= 0 and tiles[-1]["right"] <= width
        assert not any(t["spills"] for t in tiles), tiles
        assert all(t["letter"] >= 17 and t["number"] >= 14 for t in tiles), tiles
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_cross_out_left_unused_on_the_play_page_scores_as_a_typed_none_line(client):
    """The play page crossed out a letter for every word that earned one, where the player
    may leave the box unticked on paper (a typed sheet's line ending "-none"). Word 1,
    FLYBACK on 2026-12-01's checkbox row, is played with its box left unticked: the tracker
    shows the box empty, nothing is crossed out, and the sheet scores as the same words typed
    with "FLYBACK 1 -none" do, by the engine, on the play page and sent for a rank."""
    day = dt.date(2026, 12, 1)
    lexicon = default_lexicon()
    pz = puzzle_for(day, lexicon=lexicon)
    moves = find_solution(pz, lexicon)
    earning = [n for n, m in enumerate(moves, 1) if pz.earns_crossout(n, len(m.word))]
    assert earning == [1]
    typed = "\n".join(f"{m.word} {m.start + 1}" + (" -none" if n in earning else "")
                      for n, m in enumerate(moves, 1))
    _p, _s, unticked_card = play_solution(pz, parse_solution(typed, pz), lexicon)
    _p, _s, ticked_card = play_solution(pz, parse_solution(_sheet_text(moves), pz), lexicon)
    assert unticked_card.crossed_out == [] and ticked_card.crossed_out != []
    assert unticked_card.final < ticked_card.final  # the letter left costs its points

    tok = token(client)
    page = client.get(f"/girdle/{day}/play").get_data(as_text=True)
    assert 'name="unticked"' in page  # word 1's line carries a checkbox
    sheet = ""
    for number, m in enumerate(moves, 1):
        fields = {"unticked": "1"} if number in earning else {}
        page = _post_word(client, day, tok, page, sheet, m.word, m.start + 1,
                          **fields).get_data(as_text=True)
        sheet = _sheet_of(page)
        if number == 1:
            assert 'name="unticked"' not in page  # word 2's line has no box
            assert re.search(r"<td>1 &#9744;</td><td>FLYBACK</td>", page)  # left unticked
    assert sheet.splitlines()[0] == f"FLYBACK {moves[0].start + 1} -none"
    assert f"Sheet complete: {unticked_card.final} points." in page
    assert 'class="crossed"' not in page  # no A-Z letter crossed out
    solution = re.search(r'name="solution" value="([^"]*)"', page).group(1).replace("&#10;",
                                                                                   "\n")
    sent = client.post(f"/girdle/{day}", data={"csrf_token": tok, "solution": solution},
                       follow_redirects=True).get_data(as_text=True)
    assert f"{unticked_card.final} points" in sent


@pytest.mark.browser
def test_a_word_refused_is_typed_again_over_its_letters(base_url, browser):
    """A word refused comes back in its squares, the keyboard on the first: typing the word
    again there came to nothing (each square took one letter and held the refused one), so a
    player at a keyboard sent the refused word again. A letter typed into a square holding
    one takes its place."""
    _pz, moves, _score = _moves()
    first = moves[0]
    assert first.start == 0  # FLYBACK, from the line's first square
    wrong = first.word[:-1] + ("Q" if first.word[-1] != "Q" else "Z")
    with phones(browser, base_url) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        page.locator("#sq-1").tap()
        page.keyboard.type(wrong)
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert wrong in page.inner_text("#error")
        assert focused(page) == "sq-1"
        assert page.input_value("#sq-1") == wrong[0]  # what was typed is kept
        page.keyboard.type(first.word)
        assert "".join(page.input_value(f"#sq-{k}") for k in range(1, 8)) == first.word
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert page.locator("#error").count() == 0
        assert first.word in page.inner_text("#card")


@pytest.mark.browser
def test_backspace_in_an_empty_square_takes_back_the_letter_before(base_url, browser):
    """Backspace in the empty square the keyboard had moved on to did nothing: the letter
    before it could not be taken back from the keyboard."""
    _pz, moves, _score = _moves()
    word = moves[0].word
    with phones(browser, base_url) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        page.locator("#sq-1").tap()
        page.keyboard.type(word[:4] + "X")  # a slip in the fifth square; on to the sixth
        assert focused(page) == "sq-6"
        page.keyboard.press("Backspace")
        assert focused(page) == "sq-5"
        assert page.input_value("#sq-5") == ""
        page.keyboard.type(word[4:])
        assert "".join(page.input_value(f"#sq-{k}") for k in range(1, 8)) == word


LINES_OF_TEXT = """([sel, text]) => {
  const node = Array.from(document.querySelector(sel).querySelectorAll("*")).concat(
    [document.querySelector(sel)]).flatMap((el) => Array.from(el.childNodes))
    .find((n) => n.nodeType === Node.TEXT_NODE && n.data.includes(text));
  const range = document.createRange();
  range.setStart(node, node.data.indexOf(text));
  range.setEnd(node, node.data.indexOf(text) + text.length);
  return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390, 320])
def test_the_score_cards_unused_row_keeps_a_z_whole(base_url, browser, width):
    """On a 1280 px desktop the play page's score card read "Unused: A B ... Y Z (A-" with
    "Z)" on the next line. The section's name stands whole on its line."""
    with phones(browser, base_url, viewport={"width": width, "height": 900}) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        row = page.locator("#card td", has_text="Unused:")
        assert "(A-Z)" in row.inner_text()
        assert page.evaluate(LINES_OF_TEXT, ["#card", "(A-Z)"]) == 1


def test_a_word_played_or_taken_back_leads_to_the_sheet_so_far_by_its_address(client):
    """A word played answered the POST with the next word's page itself, so Reload asked to
    send the form again and Back showed the browser's "Confirm Form Resubmission". It leads
    (303) to the play page with the sheet so far in its address, which draws that page, the
    keyboard on the next word's first square; taking back a word leads there too."""
    pz, moves, _score = _moves()
    tok = token(client)
    page = client.get(f"/girdle/{DAY}/play").get_data(as_text=True)
    assert "autofocus" not in page  # a first visit opens at the top of the page
    form = {"csrf_token": tok, "sheet": ""}
    for k, ch in enumerate(moves[0].word):
        form[f"sq-{moves[0].start + 1 + k}"] = ch
    resp = client.post(f"/girdle/{DAY}/play", data=form)
    assert resp.status_code == 303
    one = _sheet_text(moves[:1])
    assert resp.headers["Location"] == f"/girdle/{DAY}/play?" + urlencode({"sheet": one})
    again = client.get(resp.headers["Location"])  # a reload or the back button: a GET
    page = again.get_data(as_text=True)
    assert again.status_code == 200 and _sheet_of(page) == one
    assert f"<td>{moves[0].word}</td>" in page and f"Word 2 of {pz.words}" in page
    first_square = re.search(r'<input class="cell line" name="sq-\d+"[^>]*>', page).group(0)
    assert "autofocus" in first_square
    undo = client.post(f"/girdle/{DAY}/play", data={"csrf_token": tok, "sheet": one,
                                                    "undo": "1"})
    assert undo.status_code == 303
    assert undo.headers["Location"] == f"/girdle/{DAY}/play?sheet="
    page = client.get(undo.headers["Location"]).get_data(as_text=True)
    assert "Word 1 of" in page and f"<td>{moves[0].word}</td>" not in page


def test_a_sheet_in_the_address_that_cannot_be_played_is_said(client):
    """An address edited by hand, its sheet a word that cannot go, is refused in a sentence."""
    resp = client.get(f"/girdle/{DAY}/play?sheet=ZZZZ+1")
    assert resp.status_code == 400
    assert "ZZZZ" in page_said(resp) and "Traceback" not in resp.get_data(as_text=True)


@pytest.mark.browser
def test_back_after_two_words_shows_the_sheet_after_the_first(base_url, browser):
    """After two words played, the browser's Back failed ("Confirm Form Resubmission"): it
    shows the sheet after the first word, and Reload the same page without asking."""
    _pz, moves, _score = _moves()
    with phones(browser, base_url) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        for m in moves[:2]:
            boxes = [f"#sq-{m.start + 1 + k}" for k in range(len(m.word))]
            page.locator(next(b for b in boxes if page.locator(b).count())).tap()
            for k, ch in enumerate(m.word):
                if page.locator(boxes[k]).count():
                    page.keyboard.type(ch)
            with page.expect_navigation():
                page.tap("#play-word")
        assert moves[1].word in page.inner_text("#card")
        page.go_back()
        assert moves[0].word in page.inner_text("#card")
        assert moves[1].word not in page.inner_text("#card")
        assert "Word 2 of" in page.inner_text("#prompt")
        page.reload()
        assert "Word 2 of" in page.inner_text("#prompt")


def _link(page: str, link_id: str) -> str:
    """The address the link ``link_id`` of ``page`` leads to."""
    return re.search(rf'<a [^>]*id="{link_id}"[^>]*>', page).group(0).split('href="')[1].split(
        '"')[0].replace("&amp;", "&")


def _days_page_link(page: str) -> str:
    """The address of the play page's link "the day's page"."""
    return re.search(r'<a href="([^"]*)"[^>]*>the day\'s page</a>', page).group(1).replace(
        "&amp;", "&")


def test_the_days_page_leads_back_to_the_sheet_being_played(client):
    """Two words played, "the day's page" then "Play on this phone" opened word 1 on an
    empty grid: the sheet lived only in the play page's address. The link to the day's page
    carries it, and the day's page goes on with it (no script needed); it still offers a
    new sheet."""
    pz, moves, _score = _moves()
    two = _sheet_text(moves[:2])
    play = client.get(f"/girdle/{DAY}/play?" + urlencode({"sheet": two})).get_data(as_text=True)
    assert f"Word 3 of {pz.words}" in play
    day_link = _days_page_link(play)
    assert day_link == f"/girdle/{DAY}?" + urlencode({"sheet": two})
    day = client.get(day_link).get_data(as_text=True)
    assert re.search(r'id="play-link" href="[^"]*">Go on playing on this phone</a>', day)
    assert "2 words played so far" in day and 'id="play-new" hidden' not in day
    again = client.get(_link(day, "play-link")).get_data(as_text=True)
    assert f"Word 3 of {pz.words}" in again
    assert all(f"<td>{m.word}</td>" in again for m in moves[:2])
    # the day's page without a sheet, or with one that cannot be played: a sheet afresh
    for address in (f"/girdle/{DAY}", f"/girdle/{DAY}?sheet=ZZZZ+1"):
        plain = client.get(address).get_data(as_text=True)
        assert _link(plain, "play-link") == f"/girdle/{DAY}/play"
        assert "Play on this phone</a>" in plain and 'id="play-new" hidden' in plain
    fresh = client.get(f"/girdle/{DAY}/play").get_data(as_text=True)
    assert _days_page_link(fresh) == f"/girdle/{DAY}"


def _play_words(page, moves) -> None:
    """Type ``moves`` into their squares on the play page, word by word, each letter into
    its square (as without scripts, where the keyboard does not move on by itself)."""
    for m in moves:
        for k, ch in enumerate(m.word):
            if page.locator(f"#sq-{m.start + 1 + k}").count():
                page.fill(f"#sq-{m.start + 1 + k}", ch)
        with page.expect_navigation():
            page.tap("#play-word")


@pytest.mark.browser
@pytest.mark.parametrize("scripts", [True, False])
def test_words_played_survive_the_pages_own_links(base_url, browser, scripts):
    """The reported case: two words played, then "the day's page" and "Play on this phone":
    the two words are there, with or without scripts."""
    pz, moves, _score = _moves()
    with phones(browser, base_url, java_script_enabled=scripts) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        _play_words(page, moves[:2])
        assert f"Word 3 of {pz.words}" in page.inner_text("#prompt")
        with page.expect_navigation():
            page.click("a:text-is(\"the day's page\")")
        assert page.inner_text("#play-link") == "Go on playing on this phone"
        with page.expect_navigation():
            page.tap("#play-link")
        assert f"Word 3 of {pz.words}" in page.inner_text("#prompt")
        assert all(m.word in page.inner_text("#card") for m in moves[:2])


@pytest.mark.browser
def test_the_phone_keeps_the_sheet_for_the_day_reached_by_any_link(base_url, browser):
    """With scripts the phone keeps the sheet so far for the day: the day's page reached
    without it in its address (the menu, the archive, a bookmark) goes on with it, and the
    play page opened afresh offers it; every word taken back, it is forgotten."""
    pz, moves, _score = _moves()
    with phones(browser, base_url) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        assert page.locator("#resume").is_hidden()  # nothing kept yet
        _play_words(page, moves[:2])
        page.goto(f"/girdle/{DAY}")
        assert page.inner_text("#play-link") == "Go on playing on this phone"
        assert page.locator("#play-new").is_visible()
        with page.expect_navigation():
            page.tap("#play-link")
        assert f"Word 3 of {pz.words}" in page.inner_text("#prompt")
        page.goto(f"/girdle/{DAY}/play")
        assert f"Word 1 of {pz.words}" in page.inner_text("#prompt")
        assert page.locator("#resume").is_visible()  # and on the screen, under the tabs
        header = page.locator("header.top").bounding_box()
        offer = page.locator("#resume").bounding_box()
        assert header["y"] + header["height"] <= offer["y"] < 844 - offer["height"]
        with page.expect_navigation():
            page.tap("#resume-link")
        assert f"Word 3 of {pz.words}" in page.inner_text("#prompt")
        for _ in range(2):
            with page.expect_navigation():
                page.tap("#undo-word")
        page.goto(f"/girdle/{DAY}")
        assert page.inner_text("#play-link") == "Play on this phone"
        assert page.locator("#play-new").is_hidden()
        page.goto(f"/girdle/{DAY + dt.timedelta(days=1)}")  # another day keeps its own
        assert page.inner_text("#play-link") == "Play on this phone"


@pytest.mark.browser
def test_a_sheet_sent_from_the_phone_is_not_played_on_again(base_url, browser):
    """A finished sheet played on the phone and sent: the answer page and the day's page
    still offered "Go on playing on this phone" (the phone kept the sheet), which led to the
    finished sheet and its Submit button again. Once sent, the day's page leads to the sheet
    sent and offers a new one; a sheet not finished is still offered."""
    pz, moves, score = _moves()
    with phones(browser, base_url) as (page,):
        page.goto(f"/girdle/{DAY}/play")
        _play_words(page, moves)
        assert f"{score} points" in page.inner_text("#final")
        days_page = page.get_attribute("#day-link", "href")  # the finished sheet in it
        page.goto(f"/girdle/{DAY}")
        assert page.inner_text("#play-link") == "Go on playing on this phone"  # not sent yet
        with page.expect_navigation():
            page.tap("#play-link")
        with page.expect_navigation():
            page.tap("#submit-sheet button[type=submit]")
        assert f"{score} points" in page.inner_text("#result")
        for address in (None, f"/girdle/{DAY}", days_page, f"/girdle/{DAY}/result"):
            if address:
                page.goto(address)
            assert page.inner_text("#play-link") == "Play on this phone", address
            assert page.locator("#play-new").is_hidden()
            with page.expect_navigation():
                page.tap("#play-link")
            assert f"Word 1 of {pz.words}" in page.inner_text("#prompt"), address
            assert page.locator("#resume").is_hidden()  # nor offered on the play page
            page.go_back()
        page.goto(f"/girdle/{DAY}")
        assert page.locator("#your-sheet").is_visible()
        page.goto(f"/girdle/{DAY}/play")
        _play_words(page, moves[:2])  # a new sheet, not finished: still offered
        page.goto(f"/girdle/{DAY}")
        assert page.inner_text("#play-link") == "Go on playing on this phone"
        with page.expect_navigation():
            page.tap("#play-link")
        assert f"Word 3 of {pz.words}" in page.inner_text("#prompt")
