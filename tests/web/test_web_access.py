"""Every page as players on small phones, keyboards and screen readers use it, in a real
Chromium at 320 and 375 CSS px wide: nothing scrolls sideways, every control is named and
every label names one, errors are announced and tied to their field, the page title says
where you are, every keyboard stop shows a focus ring, and tap targets are 24 x 24 px or
more."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from appfactory import make_app
from browser import focused, live_server, post_json

from companion.girdle import puzzle_for
from companion.girdle.generator import find_solution
from companion.lexicon import default_lexicon

pytestmark = pytest.mark.browser

WIDTHS = (320, 375)
DAY = "2026-11-01"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("access"))
    with live_server(app) as url:
        game = post_json(url, "/api/games", {"game": "bugwords", "players": ["Ann", "Bob"],
                                         "clock_minutes": 25, "challenge_rule": "single"})
        post_json(url, f"/api/games/{game['table_key']}/turns", {"play": "8H QUIZ"})
        werdup = post_json(url, "/api/games", {"game": "werdup", "players": ["Ann", "Bob"]})
        yield url, game, werdup


@pytest.fixture(scope="module")
def base_url(site):
    return site[0]


def _pages(site) -> list[str]:
    _url, game, werdup = site
    table = game["table_key"]
    return ["/", "/?word=qi+zzqx&game=bugwords", "/?game=pdq&cards=PNA&word=pan&all=1",
            "/?word=qi&game=pdq&cards=P!A", "/judge", "/games", f"/games/{table}",
            f"/games/{game['view_key']}", f"/games/{table}/print", f"/games/{table}/clock",
            f"/games/{werdup['table_key']}", f"/girdle/{DAY}", f"/girdle/{DAY}/play",
            "/girdle/archive?month=2026-11", "/prints", "/prints/3d",
            "/prints/3d?part=coupon&clearance=9", "/pdq",
            "/pdq?variant=regular&seed=7&round=1&show=1",
            "/pdq?variant=regular&seed=7&round=1&word=zz+top", "/pdq?variant=nope", "/api/",
            "/no-such-page", "/girdle/2026-02-30"]


def _refused_forms(page, site) -> list[str]:
    """Forms sent with bad input, each page left as the answer shows it; yields a name."""
    _url, game, _w = site
    page.goto(f"/girdle/{DAY}")
    page.fill("#solution", "ZZZZ 1")
    with page.expect_navigation():
        page.click("#score-sheet")
    yield "a typed Girdle sheet refused"
    page.goto(f"/girdle/{DAY}/play")
    page.fill("#sq-1", "7")
    with page.expect_navigation():
        page.click("#play-word")
    yield "a Girdle square refused"
    page.goto(f"/games/{game['table_key']}")
    page.fill("#play", "A1 QQQQ")
    with page.expect_navigation():
        page.click("#turn-form button[type=submit]")
    yield "a play refused"
    page.goto("/judge")
    page.fill("#words", "cat")
    page.select_option("#game", "pdq")
    page.fill("#cards", "P!A")
    with page.expect_navigation():
        page.click("#judge-form button[type=submit]")
    yield "a judge's cards refused"


def _sheet_text() -> str:
    pz = puzzle_for(dt.date.fromisoformat(DAY), lexicon=default_lexicon())
    return "\n".join(f"{m.word} {m.start + 1}" for m in find_solution(pz, default_lexicon()))


def _page_states(page, site):
    for path in _pages(site):
        page.goto(path)
        page.wait_for_load_state("load")
        yield path


def _scored_sheet(page, site):
    page.goto(f"/girdle/{DAY}")
    page.fill("#solution", _sheet_text())
    with page.expect_navigation():
        page.click("#score-sheet")
    assert page.locator("#result").count() == 1
    yield "a Girdle sheet scored"
    page.goto("/girdle/archive?month=2026-11")
    yield "the archive with a score of yours"


# Every page and state a player meets, in the order they are reached, each part named: the
# pages as opened, the forms sent with bad input, a sheet scored and what it leaves behind.
EVERY_STATE = (("page", _page_states), ("refused", _refused_forms), ("scored", _scored_sheet))


SCREENS = {320: 740, 375: 740, 1366: 900}  # width: height, two phones' and a desktop's


def _new_page(browser, base_url: str, width: int):
    """A browser context of its own for a screen ``width`` px wide (:data:`SCREENS`), touch
    and mobile under 600 px, and its page."""
    context = browser.new_context(base_url=base_url, is_mobile=width < 600,
                                  has_touch=width < 600,
                                  viewport={"width": width, "height": SCREENS[width]})
    pg = context.new_page()
    pg.set_default_timeout(15000)
    return context, pg


@pytest.fixture(params=WIDTHS)
def narrow(request, browser, base_url):
    context, pg = _new_page(browser, base_url, request.param)
    yield pg
    context.close()


def _look(page, state: str, width: int) -> dict:
    """What each check finds on the page as ``state`` left it: first where it opened
    scrolled (CUT), then what reading it finds, and last, on a phone and for a page opened
    by its address, the keyboard's stops from the top (Tab moves the focus and the scroll)."""
    seen = {"cut": page.evaluate(CUT), "structure": page.evaluate(STRUCTURE),
            "errors": page.evaluate(ERRORS), "title": page.title(),
            "targets": page.evaluate(TARGETS), "tab": None, "focus": None}
    tab = page.locator('.tabs a[aria-current="page"]')
    if tab.count():
        seen["tab"] = tab.inner_text()
    if width < 600 and state.startswith("/"):
        seen["focus"] = _focus_stops(page)
    return seen


@pytest.fixture(scope="module")
def survey(browser, base_url, site):
    """``survey(width)``: every page and state (:data:`EVERY_STATE`) walked once on a screen
    ``width`` px wide, in a browser context of its own, and what each check found on each
    (:func:`_look`, with the part of the walk it is in), for the tests that read them. The
    checks only read the page, so one walk serves them all; each screen's is made the first
    time a test asks for it, in the test process that asks (tests split over processes
    each walk their own)."""
    walks: dict[int, dict[str, dict]] = {}

    def walk(width: int) -> dict[str, dict]:
        if width not in walks:
            context, page = _new_page(browser, base_url, width)
            try:
                found: dict[str, dict] = {}
                for part, states in EVERY_STATE:
                    for state in states(page, site):
                        assert state not in found, state
                        found[state] = {"part": part, **_look(page, state, width)}
            finally:
                context.close()
            walks[width] = found
        return walks[width]

    return walk


STRUCTURE = r"""
() => {
  const out = [];
  if (!document.documentElement.lang) out.push("no lang on <html>");
  if (document.documentElement.scrollWidth > innerWidth)
    out.push(`${document.documentElement.scrollWidth} px wide`);
  for (const el of document.querySelectorAll("input, select, textarea")) {
    if (el.type === "hidden") continue;
    if (!(el.labels && el.labels.length) && !el.getAttribute("aria-label")
        && !el.getAttribute("aria-labelledby"))
      out.push("unnamed " + el.outerHTML.slice(0, 80));
  }
  for (const label of document.querySelectorAll("label"))
    if (!label.control) out.push("a label naming no control: " + label.textContent.trim());
  // a name on an element that has no role ignores it (ARIA: generic elements are not named)
  const named = "a, button, input, select, textarea, nav, form, section, main, img, details, "
    + "summary, aside, header, footer, fieldset, table, [role]";
  for (const el of document.querySelectorAll("[aria-label], [aria-labelledby]"))
    if (!el.matches(named)) out.push(`aria-label on a <${el.tagName}> with no role`);
  for (const el of document.querySelectorAll('[role="grid"]'))
    if (!el.querySelector('[role="row"]')) out.push("a grid with no rows: #" + el.id);
  let level = 0;
  const ones = document.querySelectorAll("h1").length;
  if (ones !== 1) out.push(`${ones} h1 headings`);
  for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const l = Number(h.tagName[1]);
    if (l > level + 1) out.push(`h${l} after h${level}: ${h.textContent.trim()}`);
    level = l;
  }
  for (const img of document.querySelectorAll("img"))
    if (!img.getAttribute("alt")) out.push("an image without alt text: " + img.src);
  return out;
}
"""


def _problems_on_every_state(survey, width: int, check: str) -> list[str]:
    """What ``check`` (a script giving a list of problems) found on every page and state
    on a screen ``width`` px wide, each named."""
    return [f"{state}: {p}" for state, seen in survey(width).items() for p in seen[check]]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_and_names_its_controls(survey, width):
    """Nothing wider than the screen, every control named, every label naming a control, a
    name only where a role takes it, one h1 and no skipped heading, images with alt text."""
    assert _problems_on_every_state(survey, width, "structure") == []


ERRORS = r"""
() => {
  const error = document.getElementById("error");
  if (!error) return null;
  const field = document.querySelector('[aria-describedby~="error"]');
  return {role: error.getAttribute("role"), live: error.getAttribute("aria-live"),
          field: field ? field.id || field.name : null,
          invalid: field ? field.getAttribute("aria-invalid") : null};
}
"""
NO_FIELD = ("/no-such-page", "/girdle/2026-02-30", "/pdq?variant=nope")  # nothing was typed


@pytest.mark.parametrize("width", WIDTHS)
def test_errors_are_announced_and_tied_to_their_field(survey, width):
    """A refusal is read out when the page opens (an alert) and, where the player typed
    something, is the description of the field it is about, which is marked invalid."""
    problems, seen = [], 0
    for state, found in survey(width).items():
        error = found["errors"]
        if error is None:
            continue
        seen += 1
        if error["role"] != "alert" and error["live"] not in ("assertive", "polite"):
            problems.append(f"{state}: the error is not announced")
        if state not in NO_FIELD and (error["field"] is None or error["invalid"] != "true"):
            problems.append(f"{state}: the error is tied to no field")
    assert seen >= 10
    assert problems == []


@pytest.mark.parametrize("width", WIDTHS)
def test_refused_fields_are_the_ones_at_fault(survey, width):
    """Each refusal describes the field the player has to change."""
    fields = {state: seen["errors"]["field"] for state, seen in survey(width).items()
              if seen["part"] == "refused"}
    assert fields == {"a typed Girdle sheet refused": "solution",
                      "a Girdle square refused": "sq-1", "a play refused": "play",
                      "a judge's cards refused": "cards"}


@pytest.mark.parametrize("width", WIDTHS)
def test_titles_say_where_you_are(survey, width, site):
    """Every title names the page and the site; an error page's title says what went wrong,
    and a page sent back with an error says so first."""
    titles = {state: seen["title"] for state, seen in survey(width).items()}
    assert all(t.endswith(" - Companion") for t in titles.values()), titles
    assert titles["/no-such-page"] == "Not found - Companion"
    assert titles["/pdq?variant=nope"].startswith("Error: PDQ")
    assert titles["a typed Girdle sheet refused"].startswith("Error: Word Girdle")
    assert titles[f"/girdle/{DAY}"] == "Word Girdle Sunday 1 November 2026 - Companion"
    # a game's pages name its game, as their heading does, so two games' tabs tell apart
    _url, game, werdup = site
    assert titles[f"/games/{game['table_key']}"] == f"Bug Words #{game['id']} - Companion"
    assert titles[f"/games/{game['view_key']}"] == f"Bug Words #{game['id']} - Companion"
    assert titles[f"/games/{werdup['table_key']}"] == f"WerdUp #{werdup['id']} - Companion"
    assert (titles[f"/games/{game['table_key']}/clock"]
            == f"Clock - Bug Words #{game['id']} - Companion")


CUT = r"""
() => {
  // where a page opens scrolled (to a refusal, a result, the next word): the header is sticky,
  // so a line of text or a control straddling its lower edge shows as a cut-off sliver
  const top = document.querySelector("header.top");
  const main = document.querySelector("main");
  if (!top || !main || scrollY === 0) return null;
  const edge = top.getBoundingClientRect().bottom, out = [];
  const cut = r => r.height > 0 && r.top < edge - 1 && r.bottom > edge + 1;
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some(cut))
      out.push("text: " + node.textContent.trim().slice(0, 40));
  }
  for (const el of main.querySelectorAll("button, input, select, textarea, img, .cell"))
    if (el.type !== "hidden" && cut(el.getBoundingClientRect()))
      out.push(`<${el.tagName} ${el.id}> ${(el.textContent || "").trim().slice(0, 20)}`);
  return out;
}
"""


@pytest.mark.parametrize("width", SCREENS, ids=lambda width: f"{width}x{SCREENS[width]}")
def test_a_page_opened_scrolled_cuts_nothing_under_the_header(survey, width):
    """A page that opens scrolled to what it answers puts it just under the sticky header,
    with nothing cut in half above it: the Girdle page scrolled to its result left the bottom
    of the Score my sheet button showing as a strip under the tabs, and the page to play
    the Girdle on the phone half of the word list's line; on a desktop, where the page ends
    too soon to scroll the result up to the tabs, the button was still cut in half."""
    problems, scrolled = [], 0
    for state, seen in survey(width).items():
        cut = seen["cut"]
        if cut is None:
            continue
        scrolled += 1
        problems += [f"{state}: {c}" for c in cut]
    # a page scrolls only where what it answers would not otherwise show: on a phone most
    # answers are below the screen's first view, on a desktop's screen few are
    assert scrolled >= (4 if width < 600 else 1)
    assert problems == []


@pytest.mark.parametrize("width", WIDTHS)
def test_the_tabs_say_which_job_a_page_belongs_to(survey, width, site):
    """The header's tab of the page's job is marked current (aria-current), so the header says
    where you are: a game's clock and photo check are part of keeping score."""
    current = {path: seen["tab"] for path, seen in survey(width).items()
               if seen["part"] == "page"}
    _url, game, _w = site
    assert current[f"/games/{game['table_key']}/clock"] == "Score"
    assert current[f"/games/{game['table_key']}"] == "Score"
    assert current["/girdle/archive?month=2026-11"] == "Girdle"
    assert current["/prints/3d"] == "Print"
    assert current["/judge"] == "Judge"


TARGETS = r"""
() => {
  const out = [];
  const inText = el => {  // a link inside a sentence may be as small as the text around it
    if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
    const block = el.parentElement;
    return block.textContent.trim() !== el.textContent.trim();
  };
  const small = "a[href], button, input, select, textarea, summary";
  for (const el of document.querySelectorAll(small)) {
    if (el.type === "hidden" || !el.getClientRects().length || inText(el)) continue;
    if (el.closest("#board")) continue;  // tapping a square is a shortcut for typing the play
    const r = el.getBoundingClientRect();
    if (r.width < 24 || r.height < 24)
      out.push(`${Math.round(r.width)}x${Math.round(r.height)} <${el.tagName} `
               + `${el.id || el.name || ""}> ${(el.textContent || el.value).trim()}`);
  }
  return out;
}
"""


@pytest.mark.parametrize("width", WIDTHS)
def test_tap_targets_are_at_least_24_px(survey, width):
    assert _problems_on_every_state(survey, width, "targets") == []


FOCUS = r"""
() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const look = () => { const s = getComputedStyle(e);
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow,
            s.backgroundColor].join(" "); };
  const focused = look(), width = parseFloat(getComputedStyle(e).outlineWidth);
  const shadow = getComputedStyle(e).boxShadow !== "none";
  e.blur();
  const unfocused = look();
  e.focus();
  return {what: `<${e.tagName} ${e.id || e.name || ""}> ${(e.textContent || e.value || "")
            .trim().slice(0, 20)}`, changed: focused !== unfocused,
          ring: width >= 2 || shadow};
}
"""


def _focus_stops(page) -> list[dict]:
    """Tab from the top of the page through all of it (60 stops at most): each stop, how it
    is drawn with the focus and without (:data:`FOCUS`)."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    stops = []
    for _ in range(60):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUS)
        if stop is None:
            break
        stops.append(stop)
    return stops


@pytest.mark.parametrize("width", WIDTHS)
def test_every_keyboard_stop_shows_a_focus_ring(survey, width):
    """Tab from the top of each page through all of it: every stop is drawn differently when
    it has the focus, with a ring at least 2 px wide."""
    problems = []
    for state, seen in survey(width).items():
        if not state.startswith("/"):
            continue
        for stop in seen["focus"]:
            if not (stop["changed"] and stop["ring"]):
                problems.append(f"{state}: no focus ring on {stop['what']}")
    assert sorted(set(problems)) == []


def test_girdle_letters_say_their_state_in_words(narrow):
    """After word 1, a used A-Z letter and each Supply letter's state are told in words as
    well as by colour, border and strike, so a screen reader says them too."""
    pz = puzzle_for(dt.date.fromisoformat(DAY), lexicon=default_lexicon())
    first = find_solution(pz, default_lexicon())[0]
    narrow.goto(f"/girdle/{DAY}/play")
    for i, ch in enumerate(first.word):
        narrow.fill(f"#sq-{first.start + 1 + i}", ch)
    with narrow.expect_navigation():
        narrow.click("#play-word")
    used = narrow.locator("#az li.used").all_inner_texts()
    assert used and all(" used" in t.replace("\n", " ") for t in used)
    supply = [" ".join(t.split()) for t in narrow.locator("#supply .supply").all_inner_texts()]
    assert any(t.endswith(" active") and "not yet" not in t for t in supply), supply
    assert any(t.endswith("not yet active") for t in supply), supply


def test_the_first_tab_skips_to_the_page(narrow, site):
    """On every page that does not start in a field of its own, the first Tab stop is a link
    past the header's seven links, shown when it has the focus, and following it puts the
    focus on the page's own content."""
    problems = []
    for path in _pages(site):
        narrow.goto(path)
        if not narrow.locator("header.top").count():
            continue  # the printable score sheet: no header to skip
        if narrow.evaluate("!!document.activeElement.closest('main')"):
            continue  # the page puts the focus in its own field (Check, Judge)
        narrow.keyboard.press("Tab")
        first = narrow.evaluate("""() => { const e = document.activeElement, r =
            e.getBoundingClientRect(); return {href: e.getAttribute("href"),
            shown: r.top >= 0 && r.bottom <= innerHeight && r.width > 0}; }""")
        if first["href"] != "#main" or not first["shown"]:
            problems.append(f"{path}: the first Tab reaches {first}")
            continue
        narrow.keyboard.press("Enter")
        if narrow.evaluate("document.activeElement.tagName") != "MAIN":
            problems.append(f"{path}: the skip link leaves the focus in the header")
    assert problems == []


def test_a_girdle_word_by_keyboard_alone(narrow):
    """Tab to the line's first square, type the word (the focus moves on by itself), Enter:
    the word is played and the keyboard is in the next line's first empty square, ready for
    the next word; a refused word leaves it in the squares too."""
    pz = puzzle_for(dt.date.fromisoformat(DAY), lexicon=default_lexicon())
    first = find_solution(pz, default_lexicon())[0]
    narrow.goto(f"/girdle/{DAY}/play")
    for _ in range(10):
        narrow.keyboard.press("Tab")
        if narrow.evaluate("document.activeElement.id") == "sq-1":
            break
    for _ in range(first.start):
        narrow.keyboard.press("Tab")
    narrow.keyboard.type(first.word)
    with narrow.expect_navigation():
        narrow.keyboard.press("Enter")
    assert "Word 2 of" in narrow.inner_text("#prompt")
    assert narrow.evaluate("document.activeElement.matches('input.cell.line')")
    narrow.keyboard.type("7")
    with narrow.expect_navigation():
        narrow.keyboard.press("Enter")
    assert narrow.locator("#error").count() == 1
    assert narrow.evaluate("document.activeElement.matches('input.cell.line')")


def test_a_play_started_on_the_board_by_keyboard_alone(narrow, site):
    """The board's squares are buttons named by row, column, premium and tile, one Tab stop
    for the whole board: the arrow keys move on it, Enter or Space starts the play there
    (again: down), and typing goes on in the play, which is scored as a tapped one is."""
    url = site[0]
    game = post_json(url, "/api/games", {"game": "bugwords", "players": ["Ann", "Bob"]})
    post_json(url, f"/api/games/{game['table_key']}/turns", {"play": "8H QUIZ"})
    narrow.goto(f"/games/{game['table_key']}")
    assert narrow.locator("#board button.sq").count() == 225
    names = {sq: narrow.get_attribute(f'#board [data-square="{sq}"]', "aria-label")
             for sq in ("8H", "8I", "1A", "6F")}
    assert names == {"8H": "Row 8, column H, start square, double word score, Q",
                     "8I": "Row 8, column I, U", "1A": "Row 1, column A, triple word score",
                     "6F": "Row 6, column F, triple letter score"}
    for _ in range(60):
        narrow.keyboard.press("Tab")
        if narrow.evaluate("!!document.activeElement.closest('#board')"):
            break
    at = "document.activeElement.dataset.square"
    assert narrow.evaluate(at) == "8H"  # the start square is the board's Tab stop
    for key in ("ArrowDown", "ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowUp"):
        narrow.keyboard.press(key)
    assert narrow.evaluate(at) == "9F"
    narrow.keyboard.press("Tab")  # the board is one stop: Tab leaves it
    assert not narrow.evaluate("!!document.activeElement.closest('#board')")
    narrow.keyboard.press("Shift+Tab")  # ... and comes back to the square last on
    assert narrow.evaluate(at) == "9F"
    for key in ("ArrowUp", "ArrowRight", "ArrowRight", "ArrowUp"):
        narrow.keyboard.press(key)
    assert narrow.evaluate(at) == "7H"
    narrow.keyboard.press("Enter")
    assert narrow.input_value("#play") == "7H "
    assert "Across from 7H" in narrow.inner_text("#tap-hint")
    narrow.keyboard.press("Space")
    assert narrow.input_value("#play") == "H7 "
    assert narrow.evaluate(at) == "7H"  # the keyboard stays on the square
    assert narrow.get_attribute('#board [data-square="7H"]', "aria-pressed") == "true"
    narrow.keyboard.type("AQ")
    assert focused(narrow) == "play"
    narrow.keyboard.type("UA")
    assert narrow.input_value("#play") == "H7 AQUA"
    with narrow.expect_navigation():
        narrow.keyboard.press("Enter")
    assert "H7 AQUA" in narrow.inner_text("#last-play")


# The premiums as the board shows them, and the marks that are not words to a screen reader.
SHORT_MARKS = re.compile(r"\b(TW|DW|TL|DL)\b|\u2605")


@pytest.mark.parametrize("kind", ["bugwords", "werdup"])
def test_every_square_of_the_board_is_named_in_words(narrow, site, kind):
    """The premium squares were heard as "TW", "DL" on the spectators' board (and a square's
    premium as "triple word" on the players'), the start square as "black star", a WerdUp
    stack as "P2", and the column letters and row numbers read out as a stream before the
    squares. Each square's accessible name says its row, column, premium ("triple word
    score"), start and tile in words, on either link, the short marks still on the squares."""
    url = site[0]
    game = post_json(url, "/api/games", {"game": kind, "players": ["Ann", "Bob"]})
    plays = ["8G QUiZ"] if kind == "bugwords" else ["5E QUIT", "5E QUIP"]
    for play in plays:
        post_json(url, f"/api/games/{game['table_key']}/turns", {"play": play})
    for key in (game["view_key"], game["table_key"]):
        narrow.goto(f"/games/{key}")
        tree = narrow.locator("#board").aria_snapshot()
        assert not SHORT_MARKS.search(tree), tree[:300]
        assert "A B C D E F" not in tree, tree[:300]  # the column letters, read out
        said = narrow.locator("#board [data-square]").evaluate_all(
            "squares => squares.map(s => s.getAttribute('aria-label')"
            " || s.querySelector('.visually-hidden').textContent)")
        assert len(said) == (225 if kind == "bugwords" else 100)
        if kind == "bugwords":
            assert said[0] == "Row 1, column A, triple word score"
            assert said[3] == "Row 1, column D, double letter score"
            assert said[7 * 15 + 7] == "Row 8, column H, start square, double word score, U"
            assert said[7 * 15 + 8] == "Row 8, column I, blank I"
            assert narrow.locator('#board [data-square="1A"] small').inner_text() == "TW"
        else:
            assert said[4 * 10 + 4] == "Row 5, column E, start square, Qu"
            assert said[4 * 10 + 6] == "Row 5, column G, P, stack of 2"
            assert narrow.locator('#board [data-square="5G"] sub').inner_text() == "2"
