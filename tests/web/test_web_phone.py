"""Every page at phone size (390 x 844) in a real Chromium: no Content-Security-Policy
violation, nothing wider than the screen, every text readable against what is behind it."""

from __future__ import annotations

import pytest
from appfactory import make_app
from browser import PHONE, fits_phone, get_json, live_server, phones, post_json

from companion.dates import MONTHS

pytestmark = pytest.mark.browser

WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("phone"))
    with live_server(app) as url:
        yield url


LONG_NAME = "Wolfeschlegelsteinhausenbergerdorffwelche"[:40]  # the longest name a seat takes
MIDDLE_NAME = "Wolfeschlegelsteinhausen"  # leaves its "to play" label at the end of a line


def _game(base_url: str, players: list[str] | None = None) -> dict:
    """A Bug Words game of ``players`` (default: Ann and a long name, with a 25-minute clock)
    whose first turn played QUIZ."""
    settings = {"players": players} if players else {"players": ["Ann", LONG_NAME],
                                                       "clock_minutes": 25}
    game = post_json(base_url, "/api/games", {"game": "bugwords", **settings})
    post_json(base_url, f"/api/games/{game['table_key']}/turns", {"play": "8H QUIZ"})
    return game


def _pages(base_url: str) -> list[str]:
    game = _game(base_url)
    other = post_json(base_url, "/api/games", {
        "game": "bugwords", "players": ["Bartholomew-Alexandros", MIDDLE_NAME]})
    post_json(base_url, f"/api/games/{other['table_key']}/turns", {"play": "8H QUIZ"})
    return [f"/games/{other['table_key']}", "/", "/?word=qi&game=bugwords",
            "/?word=supercalifragilisticexpialidocious+qi&game=bugwords", "/judge", "/games",
            f"/games/{game['table_key']}",
            f"/games/{game['view_key']}", f"/games/{game['table_key']}/print",
            f"/games/{game['table_key']}/clock",
            "/girdle/2026-11-01", "/girdle/2026-11-01/play", "/girdle/archive?month=2026-11",
            "/prints", "/prints/3d",
            "/pdq", "/pdq?variant=regular&seed=7&round=1&show=1", "/api/", "/no-such-page"]


SPLIT_PILLS = """Array.from(document.querySelectorAll('.pill'))
    .filter(e => e.getClientRects().length > 1).map(e => e.textContent)"""
BROKEN_PLAYS = """Array.from(document.querySelectorAll('#turns td:nth-child(3)'))
    .filter(td => { const r = document.createRange(); r.selectNodeContents(td);
                    return r.getClientRects().length > 1; }).map(td => td.textContent)"""


def _icon_fetched(page, done: set[str]) -> None:
    """Wait until the page's icon, asked for after the page's load, has come back or failed
    (``done``: the addresses of the requests answered so far). An icon its ``<link
    rel=icon>`` names is fetched where the test sees it; without one the browser asks for
    /favicon.ico on its own, unseen, and the page is given the 300 ms that takes."""
    icon = page.evaluate("""() => { const link = document.querySelector('link[rel~="icon"]');
        return link && link.href; }""")
    if not icon:
        page.wait_for_timeout(300)
        return
    for _ in range(1500):
        if icon in done:
            return
        page.wait_for_timeout(10)
    raise AssertionError(f"{page.url}: its icon {icon} was never asked for")


@pytest.fixture(scope="module")
def walk(browser, base_url) -> dict[str, dict]:
    """Every page of :func:`_pages` opened once on one phone, in a browser context of its
    own watching for CSP violations and console errors (each page's: until its icon, asked
    for after its load, has come back), and what each check found on each, for the tests
    that read them. The checks only read the page, so one walk serves them all; it is made
    the first time a test asks for it, in the test process that asks."""
    context = browser.new_context(base_url=base_url, **PHONE)
    context.add_init_script(WATCH_CSP)
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        errors: list[str] = []
        done: set[str] = set()
        page.on("console", lambda m: errors.append(f"{m.text} {m.location.get('url')}")
                if m.type == "error" else None)
        context.on("requestfinished", lambda r: done.add(r.url))
        context.on("requestfailed", lambda r: done.add(r.url))
        found: dict[str, dict] = {}
        for path in _pages(base_url):
            errors.clear()
            done.clear()
            page.goto(path)
            page.wait_for_load_state("load")
            _icon_fetched(page, done)
            found[path] = {"csp": page.evaluate("window.__csp"),
                           "width": page.evaluate("document.documentElement.scrollWidth"),
                           "split": page.evaluate(SPLIT_PILLS),
                           "broken": page.evaluate(BROKEN_PLAYS),
                           "contrast": page.evaluate(LOW_CONTRAST),
                           "small": page.evaluate(SMALL_TEXT_AND_TAPS),
                           "errors": list(errors)}
    finally:
        context.close()
    return found


def test_every_page_passes_the_csp_and_fits_the_phone(walk):
    problems = []
    for path, seen in walk.items():
        if seen["csp"]:
            problems.append(f"{path}: CSP {seen['csp']}")
        if seen["width"] > PHONE["viewport"]["width"]:
            problems.append(f"{path}: {seen['width']} px wide")
        if seen["split"]:  # a label such as "to play" beside a long name
            problems.append(f"{path}: labels split over two lines: {seen['split']}")
        if seen["broken"]:  # QUIZ read as QUI / Z
            problems.append(f"{path}: plays broken over two lines: {seen['broken']}")
    assert problems == []


# The contrast of each visible text with the colours behind it (see-through layers and
# opacity included), against WCAG's AA minimum: 4.5:1, or 3:1 for large text.
LOW_CONTRAST = r"""
() => {
  const rgba = s => {
    const p = s.match(/rgba?\(([^)]+)\)/)[1].split(",").map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const lum = c => {
    const f = v => (v /= 255) <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const mix = (fg, bg, a) => [0, 1, 2].map(i => fg[i] * a + bg[i] * (1 - a));
  const behind = el => {  // the backgrounds from the page down to el, laid over white
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let bg = [255, 255, 255];
    for (const e of chain) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) bg = mix(c, bg, c[3]);
    }
    return bg;
  };
  const opacity = el => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement, st = getComputedStyle(el);
    if (!n.textContent.trim() || !el.getClientRects().length) continue;
    if (st.visibility === "hidden" || el.closest("option, select")) continue;
    const bg = behind(el), c = rgba(st.color);
    const [hi, lo] = [lum(mix(c, bg, c[3] * opacity(el))), lum(bg)].sort((x, y) => y - x);
    const ratio = (hi + 0.05) / (lo + 0.05), size = parseFloat(st.fontSize);
    const large = size >= 24 || (Number(st.fontWeight) >= 700 && size >= 18.66);
    if (ratio < (large ? 3 : 4.5)) {
      const what = n.textContent.trim().slice(0, 20);
      out.push(`${ratio.toFixed(2)}:1 "${what}" in <${el.tagName} class="${el.className}">`);
    }
  }
  return out;
}
"""


def test_every_page_is_readable(walk):
    problems = [f"{path}: {text}" for path, seen in walk.items() for text in seen["contrast"]]
    assert problems == []


# Each visible text under 14 px, but the score board's coordinates and premium labels (they
# shrink with its squares: 15 of them across a phone's screen), and each of the header's and
# footer's links (on every page) under 40 px tall.
SMALL_TEXT_AND_TAPS = r"""
() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement, size = parseFloat(getComputedStyle(el).fontSize);
    if (!n.textContent.trim() || !el.getClientRects().length) continue;
    // words kept in the text but not shown: for a screen reader, or cut short on a phone
    if (el.closest(".board, .visually-hidden, .cut, option, select")) continue;
    if (size < 14) out.push(`${size} px "${n.textContent.trim().slice(0, 20)}" in <${el.tagName}`
                            + ` class="${el.className}">`);
  }
  for (const a of document.querySelectorAll(".top a, .foot a")) {
    const height = a.getBoundingClientRect().height;
    if (height < 40) out.push(`a tap of ${height} px: "${a.textContent.trim()}"`);
  }
  return Array.from(new Set(out));
}
"""


def test_every_page_s_text_is_14_px_and_its_header_and_footer_links_40_px_taps(walk):
    """On a phone the "to play" and "checkbox" pills were 12.8 px, the Girdle supply's index
    numbers 11.2 px, the numbers of the day's shape 12.8 px, the footer 13.6 px and the
    printable score sheet 13.3 px (10 pt); the "Companion" name was a tap 24 px tall and the
    footer's "JSON API" 32 px."""
    problems = [f"{path}: {text}" for path, seen in walk.items() for text in seen["small"]]
    assert problems == []


ONE_LINE_EACH = """links => links.filter(a => {  // the links whose text is on two lines or more
    const r = document.createRange(); r.selectNodeContents(a);
    return new Set(Array.from(r.getClientRects(), x => Math.round(x.top))).size > 1;
}).map(a => a.textContent.trim())"""


@pytest.mark.parametrize("month", ["2026-11", "2026-12"])
def test_the_archive_s_names_are_whole_at_320_px(browser, base_url, month):
    """At 320 px the Girdle archive's "<- November 2026" button broke as "<- November" over
    "2026" beside the month shown, and a day's "Letter" as "Lette" over "r": each button's
    name and each print link is on one line, nothing wider than the screen."""
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": 320, "height": 700}})
    try:
        page = context.new_page()
        page.goto(f"/girdle/archive?month={month}")
        months = page.locator("main a[href*='/girdle/archive?month=']")
        lines = months.evaluate_all("""links => links.map(a => {
            const r = document.createRange(); r.selectNodeContents(a);
            const shown = Array.from(r.getClientRects()).filter(x => x.width > 0);
            const tops = new Set(shown.map(x => Math.round(x.top)));
            return [a.textContent.trim(), tops.size]; })""")
        assert lines and all(count == 1 for _name, count in lines), lines
        # and a day's print links were broken in two: "Lette" over "r", "Ans" over "wers"
        broken = page.locator("#archive .print-links a").evaluate_all(ONE_LINE_EACH)
        assert broken == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        context.close()


STEPS = """() => Array.from(document.querySelectorAll('main .steps > *'), (e) => {
    const r = document.createRange(); r.selectNodeContents(e);
    const box = e.getBoundingClientRect();
    return {text: e.textContent.trim(), middle: Math.round(box.top + box.height / 2),
            lines: new Set(Array.from(r.getClientRects()).filter(x => x.width > 0)
                           .map(x => Math.round(x.top))).size};  // the words shown
})"""


@pytest.mark.parametrize(("address", "names"), [
    ("/girdle/archive?month=2026-11", ["← October 2026", "December 2026 →"]),
    ("/girdle/archive?month=2026-10", ["← September 2026", "November 2026 →"]),
    ("/girdle/archive?month=2026-01", ["← December 2025", "February 2026 →"]),
    ("/girdle/2026-11-30", ["← 29 Nov", "Archive", "1 Dec →"]),
])
def test_the_steps_before_and_after_stand_in_one_row_at_390_px(page, address, names):
    """At 390 px the archive's "December 2026 ->" and a Girdle day's "1 Dec ->" were each a
    line of their own under the step before and the month shown or the archive's link: the
    steps stand in one row, each on one line, a month either side shown by its first letters
    ("<- Oct", "Dec ->") and named in full to a screen reader, nothing wider than the screen."""
    page.goto(address)
    steps = page.evaluate(STEPS)
    assert len(steps) == 3 and all(s["lines"] == 1 for s in steps), steps
    assert len({s["middle"] for s in steps}) == 1, steps
    for name in names:
        assert page.get_by_role("link", name=name, exact=True).count() == 1, name
    fits_phone(page)


def test_no_page_asks_for_a_missing_file(walk, base_url):
    """No page logs an error: no file it asks for is missing (the browser's icon,
    /favicon.ico, was a 404 on the first page a phone opened), no script fails."""
    missing = f"{base_url}/no-such-page"  # its own 404 is logged, and only that
    assert any(e.endswith(f" {missing}") for e in walk["/no-such-page"]["errors"])
    errors = [f"{path}: {e}" for path, seen in walk.items() for e in seen["errors"]
              if not (path == "/no-such-page" and e.endswith(f" {missing}"))]
    assert errors == []


@pytest.mark.parametrize("width", [320, 390])
def test_the_printable_sheet_keeps_short_names_whole_on_a_phone(browser, base_url, width):
    """Four players' printable score sheet on a phone: each name heads its player's two
    columns, so a short name is not cut into letters (Bob read as Bo / b), a long one
    wraps, and nothing is wider than the screen."""
    for names in (["Ann", "Bob", "Cy", "Maria"], ["Ann", LONG_NAME, "Cy", "Maria"]):
        game = _game(base_url, names)
        context = browser.new_context(base_url=base_url, **{
            **PHONE, "viewport": {"width": width, "height": 700}})
        try:
            page = context.new_page()
            page.goto(f"/games/{game['table_key']}/print")
            lines = page.evaluate("""names => Array.from(document.querySelectorAll('th'))
                .filter(th => names.includes(th.textContent.trim()))
                .map(th => {  // each name's text: on how many lines
                  const text = document.createTreeWalker(th, NodeFilter.SHOW_TEXT).nextNode();
                  const r = document.createRange(); r.selectNodeContents(text);
                  return [th.textContent.trim(), r.getClientRects().length]; })""", names)
            assert [name for name, _ in lines] == names
            assert all(count == 1 for name, count in lines if name != LONG_NAME), lines
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        finally:
            context.close()


@pytest.mark.parametrize("width", [320, 390])
def test_the_printable_sheet_breaks_a_long_name_before_it_cuts_it_on_a_phone(browser,
                                                                              base_url, width):
    """Four players' long names on the printable sheet at phone width were each cut to their
    column's share with an ellipsis ("Bartholo... / Alexand..."), the name's type being as
    small as the page's already. A word wider than its column now breaks inside its letters
    over two lines, and is cut only past them; a short name stays on one line, and nothing
    is wider than the screen."""
    names = ["Bartholomew Alexandros", "Wilhelmina Constance", "Maximilian Fitzgerald", "Ann"]
    game = _game(base_url, names)
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 700}})
    try:
        page = context.new_page()
        page.goto(f"/games/{game['table_key']}/print")
        pieces = page.evaluate("""() => Array.from(document.querySelectorAll('th .name span'))
            .map(s => {  // each word of a name: cut (text past its box), and on how many lines
              const r = document.createRange(); r.selectNodeContents(s);
              const lines = new Set(Array.from(r.getClientRects(), x => Math.round(x.top)));
              return [s.textContent, s.scrollWidth > s.clientWidth + 1
                                     || s.scrollHeight > s.clientHeight + 1, lines.size]; })""")
        assert [word for word, _, _ in pieces] == " ".join(names).split(), pieces
        assert not [word for word, cut, _ in pieces if cut], pieces
        assert all(lines <= 2 for _, _, lines in pieces), pieces
        assert dict((w, n) for w, _, n in pieces)["Ann"] == 1, pieces
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


NAME_PIECES = """seat => Array.from(document.querySelectorAll(`#name-${seat} > span`), s => {
  const r = document.createRange(); r.selectNodeContents(s);  // the piece's letters as set
  const rects = Array.from(r.getClientRects());
  return [s.textContent, new Set(rects.map(x => Math.round(x.top))).size,
          Math.round(rects[0].top), rects[0].left, rects[rects.length - 1].right]; })"""


@pytest.mark.parametrize(("players", "lines"), [
    (["Ann", "Fitzgerald-Smyth"], [["Fitzgerald-", "Smyth"]]),
    (["Ann", "Fitzgerald-Smyth", "Bob"], [["Fitzgerald-"], ["Smyth"]])])
def test_a_hyphenated_name_on_the_printable_sheet_reads_as_typed_on_a_phone(browser, base_url,
                                                                           players, lines):
    """A hyphenated name's pieces (each may break only after its hyphen) each had .1 em of
    room either side for an ellipsis's last dot, so side by side at 390 px they read
    "Fitzgerald- Smyth", 2.8 px apart. Side by side they now read as typed, the hyphen's
    letters as close as in one word; where the column is too narrow, the name breaks after
    its hyphen, each piece whole on its line."""
    game = _game(base_url, players)
    with phones(browser, base_url) as (page,):
        page.goto(f"/games/{game['table_key']}/print")
        pieces = page.evaluate(NAME_PIECES, 1)
        assert [n for _word, n, *_ in pieces] == [1, 1], pieces  # each piece whole
        tops = sorted({top for _w, _n, top, _l, _r in pieces})
        assert [[w for w, _n, top, _l, _r in pieces if top == at] for at in tops] == lines
        for before, after in zip(pieces, pieces[1:], strict=False):
            if before[2] == after[2]:  # side by side: the next piece's letters where it ends
                assert abs(after[3] - before[4]) < 0.2, pieces
        fits_phone(page)


@pytest.mark.parametrize("scripts", [True, False])
def test_the_printable_sheets_print_button_shows_only_when_it_works(browser, base_url,
                                                                    scripts):
    """The printable sheet's Print button is a script's: a browser without scripts does not
    show it (a tap did nothing), and prints with its own menu."""
    game = _game(base_url)
    with phones(browser, base_url, timeout=30000, java_script_enabled=scripts) as (page,):
        page.goto(f"/games/{game['table_key']}/print")
        assert page.locator("#print-button").is_visible() is scripts
        assert page.get_by_role("link", name="Back to the game").is_visible()


WORD_LINES = """words => words.map(word => {  // on how many lines each word stands in the sheet
  const cell = Array.from(document.querySelectorAll('td'))
    .find(td => td.textContent.trim().startsWith(word + ' '));
  const text = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode();
  const at = text.data.indexOf(word), r = document.createRange();
  r.setStart(text, at); r.setEnd(text, at + word.length);
  return [word, new Set(Array.from(r.getClientRects(), x => Math.round(x.top))).size];
})"""


@pytest.mark.parametrize("width", [320, 390])
def test_the_printable_sheet_keeps_short_words_whole_beside_long_turns(browser, base_url,
                                                                     width):
    """Three players' printable sheet on a phone: a short word (SWAN, NoTE: its o a blank,
    shown so) stays whole beside other players' long turns ("NoTEZQ (challenged off)", "AXE
    WORDX"), whose widths once left it cut in two (SWA / N), and nothing is wider than the
    screen."""
    def post(path: str, body: dict) -> dict:
        return post_json(base_url, path, body)

    game = post("/api/games", {"game": "bugwords", "players": ["Ann", "Bob", "Cy"],
                               "challenge_rule": "single"})
    key = game["table_key"]
    for turn in ({"play": "8G WORD"}, {"play": "G7 SWAN"}, {"action": "pass"},
                 {"action": "swap"}, {"play": "10G NoTE"}, {"play": "10K ZQ"}, "challenge",
                 {"play": "K7 AXE"}):
        version = get_json(base_url, f"/api/games/{key}")["version"]
        if turn == "challenge":
            post(f"/api/games/{key}/challenge", {"version": version})  # NOTEZQ comes off
        else:
            post(f"/api/games/{key}/turns", {**turn, "version": version})
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 700}})
    try:
        page = context.new_page()
        page.goto(f"/games/{key}/print")
        assert "NoTEZQ (challenged off)" in page.inner_text("table")
        lines = page.evaluate(WORD_LINES, ["WORD", "SWAN", "NoTE", "swap", "pass"])
        assert all(count == 1 for _word, count in lines), lines
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 390])
def test_the_chosen_challenge_rule_is_shown_whole_on_a_phone(browser, base_url, width):
    """The new-game form's closed Challenges select shows the chosen rule whole at phone
    widths (its text fits inside the box, beside the arrow), and what that rule does is said
    under it, following the choice."""
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 700}})
    try:
        page = context.new_page()
        page.goto("/games")
        page.locator("#table-settings summary").tap()
        values = page.eval_on_selector_all("#challenge_rule option", "os => os.map(o => o.value)")
        assert values == ["none", "single", "double", "points"]
        summaries = set()
        for value in values:
            page.select_option("#challenge_rule", value)
            room, text = page.eval_on_selector("#challenge_rule", """s => {
                const style = getComputedStyle(s);
                const ctx = document.createElement("canvas").getContext("2d");
                ctx.font = style.font;
                const text = s.options[s.selectedIndex].text;
                // the box's text area: its width less the padding and the arrow's room
                const room = s.clientWidth - parseFloat(style.paddingLeft)
                    - parseFloat(style.paddingRight) - 24;
                return [room, ctx.measureText(text).width]; }""")
            assert text <= room, (value, text, room)
            said = page.inner_text("#challenge-summary")
            assert page.locator("#challenge-summary").is_visible() and said
            summaries.add(said)
        assert len(summaries) == len(values)  # each rule says what it does
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


# Each piece of a box's text that matches ``pattern`` (a date or month: 2024-01-01, 2026-13,
# "1 January 2024", "May 2019") with the number of lines it stands on.
PIECE_LINES = r"""(box, pattern) => {
  const found = [], walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const text = [];  // the refusal's text nodes, each with where it starts in the whole
  let all = "";
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    text.push([n, all.length]);
    all += n.data;
  }
  function at(i) {  // the text node and offset of character i of the whole
    const [node, start] = text.filter(([, s]) => s <= i).pop();
    return [node, i - start];
  }
  for (const m of all.matchAll(new RegExp(pattern, "g"))) {
    const r = document.createRange();
    r.setStart(...at(m.index)); r.setEnd(...at(m.index + m[0].length - 1));
    r.setEnd(r.endContainer, r.endOffset + 1);
    found.push([m[0], new Set(Array.from(r.getClientRects(), x => Math.round(x.top))).size]);
  }
  return found;
}"""


MONTH_NAMES = "|".join(MONTHS)
DATE_OR_MONTH = (rf"\d{{4}}-\d{{2}}(-\d{{2}})?|\b[1-9]\d? (?:{MONTH_NAMES})(?: \d{{4}})?\b"
                 rf"|\b(?:{MONTH_NAMES}) \d{{4}}\b")


@pytest.mark.parametrize("width", [320, 390])
def test_a_date_in_a_refusal_stands_on_one_line(browser, base_url, width):
    """On a 390 px phone "The first Word Girdle is from 2024-01-01." broke the date after its
    first hyphen, "2024-01-" over "01.", and "e.g. 2026-01-31." likewise: each date and month
    a refusal names stands whole on one line, typed (2026-13) or as a player reads it ("1
    January 2024", "May 2019": its day, month and year together)."""
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 700}})
    try:
        page = context.new_page()
        for path in ("/girdle/1999-01-01", "/girdle/tomorrow", "/girdle/2099-01-01",
                     "/girdle/archive?month=2026-13", "/girdle/2026-02-30",
                     "/girdle/archive?month=2019-05"):
            page.goto(path)
            dates = page.locator("#error").evaluate(PIECE_LINES, DATE_OR_MONTH)
            assert dates and all(lines == 1 for _date, lines in dates), (path, dates)
    finally:
        context.close()


def test_a_size_in_a_refusal_stands_on_one_line(browser, tmp_path):
    """A photo past the upload limit was refused on a 390 px phone with "the limit is 20" at
    the end of a line and "MB." at the start of the next: a size a refusal names, its number
    and its unit, stands whole on one line at every width."""
    big = tmp_path / "big.jpg"
    big.write_bytes(b"\xff\xd8\xff\xe0" + bytes(1_200_000))
    with live_server(make_app(tmp_path, MAX_CONTENT_LENGTH=1024 * 1024)) as url, \
            phones(browser, url, timeout=30000) as (page,):
        page.goto("/girdle/2026-11-06")
        page.set_input_files("#sheet-photo", str(big))
        with page.expect_navigation():
            page.click("#read-photo")
        assert page.inner_text("#error") == "That upload is too large: the limit is 1 MB."
        for width in range(300, 480, 4):
            page.set_viewport_size({"width": width, "height": 700})
            sizes = page.locator("#error").evaluate(PIECE_LINES, r"\d+ MB")
            assert sizes == [["1 MB", 1]], (width, sizes)


@pytest.mark.parametrize("width", [320, 360, 390])
def test_the_pdq_variants_a_refusal_names_stand_whole(browser, base_url, width):
    """An unknown variant is refused naming the variants there are; on a 360 px phone
    "stuck-in-the-middle" broke after its first hyphen, "stuck-" over "in-the-middle": each
    variant's name stands whole on one line (the page names them by title now, as its list
    does: "Any-Which-Way"), and so in the print shop's refusal of a score sheet's variant,
    where a 390 px phone broke it as "Any-" over "Which-Way". The same phone's Solitaire
    round shows its buttons at one height."""
    from companion.pdq.variants import all_variants

    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 700}})
    try:
        page = context.new_page()
        hyphened = sorted(v.title for v in all_variants().values() if "-" in v.title)
        for address, refusal in (
                ("/pdq?variant=nope", "#error"),
                ("/prints?doc=score-sheet&score-sheet.game=pdq&score-sheet.variant=nope",
                 "#error-score-sheet")):
            page.goto(address)
            names = page.locator(refusal).evaluate(PIECE_LINES, r"\b[A-Za-z]+(-[A-Za-z]+)+\b")
            assert sorted(n for n, _lines in names) == hyphened, address
            assert all(lines == 1 for _n, lines in names), (address, names)
        # the Solitaire round's buttons in one row are one height: at 320 px "Show all
        # words" took two lines and stood taller than "I'm stuck" beside it
        page.goto("/pdq?variant=solitaire&seed=11&round=1")
        row = page.locator("#stuck-link, #show-link")
        boxes = [row.nth(i).bounding_box() for i in range(2)]
        assert abs(boxes[0]["y"] - boxes[1]["y"]) < 1, boxes  # one row
        assert abs(boxes[0]["height"] - boxes[1]["height"]) < 1, boxes
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 360, 390])
def test_a_pdl_reason_keeps_its_endings_whole(browser, base_url, width):
    """A PDL verdict's "a plural or an -LY, -ED or -ING form" broke on a 360 px phone after
    the hyphen, "-LY, -" over "ED": each ending stands whole on one line."""
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 700}})
    try:
        page = context.new_page()
        page.goto("/?word=pines&game=pdq&cards=PNS&variant=pdl&said=PINE")
        endings = page.locator("#verdict .reason").evaluate(PIECE_LINES, r"-(LY|ED|ING)\b")
        assert len(endings) == 3 and all(n == 1 for _e, n in endings), endings
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 360])
def test_a_werdup_letter_s_stack_stays_on_one_line(browser, base_url, width):
    """The last play's arithmetic, "QUIT: QU 2 + I 2 + T 2 (stack of 2) = 6", broke on a
    360 px phone as "(stack of" over "2) = 6": a stack's words stand whole on a line."""
    key = post_json(base_url, "/api/games", {"game": "werdup",
                                             "players": ["Ann", "Bob", "Cy"]})["table_key"]
    for play in ("5E QUIZ", "5E QUIT"):
        post_json(base_url, f"/api/games/{key}/turns", {"play": play})
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 700}})
    try:
        page = context.new_page()
        page.goto(f"/games/{key}")
        stacks = page.locator("#last-play").evaluate(PIECE_LINES, r"\(stack of \d+\)")
        assert stacks == [["(stack of 2)", 1]], stacks
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 360])
def test_the_api_list_breaks_a_path_after_a_slash(browser, base_url, width):
    """The API's readable list broke its paths anywhere on a 360 px phone,
    "/api/games/{key}/photos/{pho / to_id}/score", ".../submission / s": a path now breaks
    after a slash, each of its parts (and every word of the list, but at a hyphen) whole on a
    line."""
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 700}})
    try:
        page = context.new_page()
        page.goto("/api/")
        parts = page.locator("main ul.list").evaluate(PIECE_LINES, r"[^/\s-]+")
        assert len(parts) > 100 and [p for p, n in parts if n > 1] == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


# Each word of the turns' cells that stands on more than one line.
SPLIT_WORDS = r"""() => Array.from(document.querySelectorAll('td.play')).flatMap(td => {
  const out = [], walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (const m of n.data.matchAll(/\S+/g)) {
      const r = document.createRange();
      r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      if (new Set(Array.from(r.getClientRects(), x => Math.round(x.top))).size > 1)
        out.push(m[0]);
    }
  }
  return out; })"""


@pytest.mark.parametrize("width", [320, 390, 600, 768])
def test_the_printable_sheet_of_a_long_game_fits_a_phone_with_its_words_whole(browser,
                                                                              base_url, width):
    """Four players' printable sheet, once each had played and the totals reached three
    digits, was 397 px wide at 390 and 327 at 320 (the page scrolled sideways), and its
    turns' words broke inside their letters ("OVER / GRAZ / ED", "CA / T"), as they did on a
    tablet's 600 px (613 px wide) and 768. For 1-4 players with long names, long words and
    three-digit totals, to the end of the game, nothing is wider than the screen and no
    word is split over two lines."""
    names = ["Bartholomew Alexandros", "Wilhelmina Constance", "Maximilian Fitzgerald",
             LONG_NAME]
    words = ["unwholesomeness", "overgrazed", "cat", "zap qi", "quixotry"]  # listed words
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 700}})
    try:
        page = context.new_page()
        for players in (1, 2, 3, 4):
            key = page.request.post("/api/games", data={
                "game": "werdup", "players": names[:players]}).json()["table_key"]
            for turn in range(3 * players):
                page.request.post(f"/api/games/{key}/turns", data={
                    "words": words[turn % len(words)], "score": 120 + turn})
            page.request.post(f"/api/games/{key}/finish", data={
                "racks": {str(seat): "QZ" for seat in range(players)}})
            page.goto(f"/games/{key}/print")
            assert "UNWHOLESOMENESS" in page.inner_text("table")
            assert page.locator("td.turn", has_text="End").count() == 1  # the racks' row
            assert page.evaluate(SPLIT_WORDS) == [], (players, width)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, players
    finally:
        context.close()


def test_a_game_listed_on_two_lines_has_its_bullet_beside_the_first(browser, base_url):
    """"Your games" on a 360 px phone: a game whose players' names wrap put its bullet beside
    the second line (the link, an inline block, sat on its last line's baseline), under the
    other games' bullets' rhythm, as if "Alexandros" were an item. The bullet now stands
    beside the game's first line, drawn there (found in a screenshot of the list's margin)."""
    import io

    from PIL import Image

    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": 360, "height": 800}, "device_scale_factor": 1})
    try:
        page = context.new_page()
        page.goto(f"/games/{_game(base_url, ['Ann', 'Bartholomew Alexandros'])['table_key']}")
        page.goto("/games")
        item = page.locator("#recent li").first
        item.scroll_into_view_if_needed()
        link = item.locator("a")
        lines = link.evaluate("""a => {
            const r = document.createRange(); r.selectNodeContents(a);
            return Array.from(r.getClientRects(), x => [x.top, x.bottom]); }""")
        assert len({round(top) for top, _ in lines}) == 2, lines  # the names wrap
        box = item.bounding_box()
        shot = Image.open(io.BytesIO(page.screenshot(clip={
            "x": box["x"] - 16, "y": box["y"], "width": 16, "height": box["height"]})))
        dark = [y for y in range(shot.height) for x in range(shot.width)
                if sum(shot.getpixel((x, y))[:3]) < 200]
        bullet = box["y"] + (min(dark) + max(dark)) / 2
        first = min(lines)
        assert first[0] <= bullet <= first[1], (bullet, lines)
    finally:
        context.close()


# (page, link): links inside a sentence that are a page's only way somewhere
IN_SENTENCE_LINKS = [("game", "#clock-link"), ("/", "text=Judge mode"),
                     ("/girdle/2026-11-01/play", "text=the day's page")]


@pytest.mark.parametrize(("path", "link"), IN_SENTENCE_LINKS)
def test_a_link_in_a_sentence_is_a_tap_of_24_px(browser, base_url, path, link):
    """A link inside a sentence ("Clock" on the game page, its only way to the clock; "Judge
    mode"; "the day's page") was its line of small text, under 24 px tall at 360 px: each is
    at least 24 px tall (WCAG 2.2's target size), its words where they were in the line."""
    if path == "game":
        path = f"/games/{_game(base_url)['table_key']}"
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": 360, "height": 700}})
    try:
        page = context.new_page()
        page.goto(path)
        box = page.locator(link).bounding_box()
        text = page.locator(link).evaluate(
            "a => { const r = document.createRange(); r.selectNodeContents(a);"
            " const b = r.getBoundingClientRect(); return [b.top, b.height]; }")
        parent = page.locator(link).evaluate(
            "a => [a.parentElement.getBoundingClientRect().height,"
            " parseFloat(getComputedStyle(a.parentElement).lineHeight)]")
        assert box["height"] >= 24, (link, box)
        assert box["width"] >= 24, (link, box)
        # the words stand where a plain link's would: the same line, the text's box inside
        assert box["y"] <= text[0] and text[0] + text[1] <= box["y"] + box["height"] + 0.5
        print(link, box, text, parent)
    finally:
        context.close()
