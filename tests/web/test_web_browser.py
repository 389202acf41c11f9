"""A player's walk through each page in a real headless Chromium at phone size."""

from __future__ import annotations

import datetime as dt

import pytest
from appfactory import make_app
from browser import (
    PHONE,
    fits_phone,
    focused,
    get_json,
    live_server,
    phones,
    photo_chosen_for_a_new_game,
    post_json,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The module's app and the base URL it is served on."""
    app = make_app(tmp_path_factory.mktemp("browser"), JUDGE_CLEAR_SECONDS=2)
    with live_server(app) as url:
        yield app, url


@pytest.fixture(scope="module")
def base_url(served):
    return served[1]


def test_check_a_word(page):
    page.goto("/")
    page.fill("#word", "xylophone")
    page.click("main form button[type=submit]")
    verdict = page.locator("#verdict")
    assert "XYLOPHONE: VALID" in verdict.inner_text()
    assert "percussion" in page.locator(".defs").inner_text()
    page.fill("#word", "cat zzqx")
    page.select_option("#game", "bugwords")
    page.click("main form button[type=submit]")
    assert "Not valid because of ZZQX." in page.locator("#verdict").inner_text()


# On how many lines each occurrence of ``name`` in the page's main text is drawn.
LINES_OF_NAME = """name => {
  const out = [];
  const walk = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (let at = node.data.indexOf(name); at >= 0; at = node.data.indexOf(name, at + 1)) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + name.length);
      out.push(new Set(Array.from(range.getClientRects(), r => Math.round(r.top))).size);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("width", [320, 390])
def test_the_word_list_s_name_is_never_broken_at_its_hyphen(browser, base_url, width):
    """A verdict on a 390 px phone read "RECIEVE is not in the word list SCOWL-" and "70
    US/UK/CA/AU" on the next line. The name is whole on its line in every verdict and in the
    word list said under them."""
    context = browser.new_context(base_url=base_url, **{
        **PHONE, "viewport": {"width": width, "height": 844}})
    try:
        page = context.new_page()
        page.goto("/?word=recieve+runned+beated+zzqx+xylophone+cat+qi+ok")
        lines = page.evaluate(LINES_OF_NAME, "SCOWL-70")
        assert len(lines) >= 9 and set(lines) == {1}, lines
    finally:
        context.close()


def test_a_pdq_check_with_its_cards_needs_no_javascript(browser, base_url):
    """Without scripts, choosing PDQ still leaves the cards to type on the first visit: the
    word is judged against them, not just looked up in the word list."""
    context = browser.new_context(base_url=base_url, java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        page.goto("/")
        page.fill("#word", "pane")
        page.select_option("#game", "pdq")
        page.fill("#cards", "BDN")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        verdict = page.locator("#verdict").inner_text()
        assert "PANE: NOT VALID" in verdict and "B, D, N" in verdict
    finally:
        context.close()
    with_scripts = browser.new_context(base_url=base_url, **PHONE)
    try:  # with them, the PDQ boxes show only while PDQ is chosen
        page = with_scripts.new_page()
        page.goto("/")
        assert not page.is_visible("#cards") and not page.is_visible("#cards-photo")
        page.select_option("#game", "pdq")
        assert page.is_visible("#cards") and page.is_visible("#cards-photo")
    finally:
        with_scripts.close()


def test_judge_mode_gives_one_verdict_and_clears_itself(page):
    page.goto("/judge")
    assert "SCOWL-70" in page.locator("#lexicon").inner_text()
    page.fill("#words", "cat zzqx")
    page.click("main form button[type=submit]")
    verdict = page.locator("#verdict")
    assert "NOT VALID" in verdict.inner_text()
    page.locator("#clears").wait_for(state="visible")  # said by the script that clears it
    assert "ZZQX" not in page.content()
    verdict.wait_for(state="detached")  # the screen clears itself
    assert page.input_value("#words") == ""
    assert page.url.endswith("/judge")


def test_enter_in_judge_mode_s_box_judges_the_play(page):
    """Judge mode's box holds several lines, so Enter, which sends the check page's word,
    started a new line there: a judge typing the play's words on a phone's keyboard or a
    computer's could not have it judged without reaching for the button. Enter judges the
    play; an empty box is still refused by the browser, and nothing is sent."""
    page.goto("/judge")
    page.focus("#words")
    page.keyboard.press("Enter")
    assert page.url.endswith("/judge") and not page.locator("#verdict").count()
    assert page.evaluate("document.getElementById('words').validity.valueMissing")
    page.keyboard.type("cat zzqx")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "NOT VALID" in page.locator("#verdict").inner_text()
    assert page.get_attribute("#words", "enterkeyhint") == "go"


def test_judge_mode_promises_to_clear_only_when_it_can(browser, base_url):
    """Without scripts nothing clears the verdict, so the page does not say it will."""
    context = browser.new_context(base_url=base_url, java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        page.goto("/judge")
        page.fill("#words", "cat")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert "VALID" in page.locator("#verdict").inner_text()
        assert "Clears in" not in page.locator("#verdict").inner_text()
    finally:
        context.close()


@pytest.mark.parametrize(("game", "smallest"), [("werdup", 20), ("bugwords", 15)])
def test_the_board_letters_grow_with_the_squares_on_a_wide_screen(browser, base_url, game,
                                                                  smallest):
    """On a computer's screen the board's squares are 40-55 px: their letters and coordinates
    grow with them instead of staying at the phone's 13 px and 10 px."""
    wide = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    try:
        page = wide.new_page()
        page.goto("/games")
        page.select_option("#game", game)
        page.fill("#player-1", "Ann")
        page.fill("#player-2", "Bob")
        with page.expect_navigation():
            page.click("#new-game button[type=submit]")
        page.fill("#play", "5E QUIZ" if game == "werdup" else "8H QUIZ")
        with page.expect_navigation():
            page.click("#turn-form button[type=submit]")

        def px(selector: str) -> float:
            return float(page.eval_on_selector(
                selector, "e => getComputedStyle(e).fontSize").removesuffix("px"))

        assert px("#board .sq.tile") >= smallest
        assert px("#board .coord:nth-child(2)") >= 11
    finally:
        wide.close()


def test_on_a_wide_screen_the_header_lines_up_with_the_page(browser, base_url):
    """The site's name and tabs start at the page's column, not at the screen's left edge
    with the page centred 300 px away; on the phone they keep their own small margin."""
    for viewport, left in (({"width": 1280, "height": 800}, None), (PHONE["viewport"], 12)):
        context = browser.new_context(base_url=base_url, viewport=viewport)
        try:
            page = context.new_page()
            page.goto("/games")

            brand, tab, h1 = (page.eval_on_selector(s, "e => e.getBoundingClientRect().left")
                              for s in (".brand", ".tabs a", "main h1"))
            assert abs(brand - h1) <= 1 if left is None else brand == left
            assert tab <= h1 + 12  # a tab's padding at most
        finally:
            context.close()


def test_keep_score_of_a_game(page):
    page.goto("/games")
    page.select_option("#game", "bugwords")
    page.fill("input[aria-label='Player 1']", "Ann")
    page.fill("input[aria-label='Player 2']", "Bob")
    page.click("#new-game button[type=submit]")
    page.fill("#play", "8H QUIZ")  # scored by the rules: 44
    # a turn recorded: the page's script puts the keyboard in the next play, so a box is
    # filled only once it has run (or what is typed in it may go to the play)
    with page.expect_navigation():
        page.click("#turn-form button[type=submit]")
    page.click("#turn-form summary")  # Bob's score typed by hand
    page.fill("#score", "8")
    with page.expect_navigation():
        page.click("#turn-form button[type=submit]")
    assert "QUIZ" in page.inner_text("#turns") and page.locator("#board").count() == 1

    def row(name):
        return page.locator("#totals tr", has_text=name).inner_text().split("\t")

    assert row("Ann")[-1] == "44" and row("Bob")[-1] == "8"
    page.click("#finish-form >> xpath=.. >> summary")
    page.fill("#rack1", "QZ")
    page.click("#finish-form button[type=submit]")
    assert row("Ann") == ["Ann", "+20", "64"] and row("Bob") == ["Bob", "-20", "-12"]


def test_fits_a_phone_screen(page):
    page.goto("/?word=pineapple")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing makes the page scroll sideways


def test_deal_pdq_rounds_and_show_the_words(page):
    page.goto("/pdq")
    page.select_option("#variant", "regular")
    page.click("#deal-form button[type=submit]")
    assert "Round 1 of 26" in page.inner_text("h2")
    cards = page.locator("#cards .card").all_inner_texts()
    assert len(cards) == 3
    page.click("#show-link")
    assert f"for {''.join(cards)}" in page.inner_text("#all-words")
    page.click("#next-link")
    assert "Round 2 of 26" in page.inner_text("h2")
    # Solitaire: after each check the keyboard goes on in the word's box (it was left on the
    # page's body), the page at its top: the cards collected, or the verdict under the box
    from companion.web.pdq import deal

    cards = deal("solitaire", 11, 1).cards
    found = page.request.get(f"/api/pdq/words?cards={cards}&variant=solitaire").json()["words"]
    page.goto("/pdq?variant=solitaire&seed=11&round=1")
    assert focused(page) != "word"  # a round opened: no check
    for word, shown in ((found[0], "#collected-note"), ("zzzz", "#verdict")):
        page.fill("#word", word)
        page.click("#word-form button[type=submit]")
        page.wait_for_selector(shown)
        assert focused(page) == "word", word
        assert page.evaluate("window.scrollY") == 0
        assert page.locator(shown).bounding_box()["y"] < PHONE["viewport"]["height"]


def test_the_dealer_keeps_the_intergenerational_player_chosen(page):
    """The player box came back on "Every player" after Next round, Show all words, a new
    deck, or a deal refused: each keeps the player chosen, as the variant is kept, the
    player chosen on a round (no word checked) too."""

    def go(link: str) -> None:  # a link or button that loads a page: its script has run
        with page.expect_navigation(wait_until="load"):
            page.click(link)

    page.goto("/pdq")
    page.select_option("#variant", "intergenerational")
    go("#deal-form button[type=submit]")
    page.select_option("#player", "child")  # chosen, no word checked yet
    go("#show-link")
    assert page.locator("#all-words").count() == 1 and page.input_value("#player") == "child"
    page.select_option("#player", "")  # every player: the links name none
    assert "player=" not in page.get_attribute("#next-link", "href")
    page.select_option("#player", "adult")
    go("#next-link")
    assert "Round 2 of 26" in page.inner_text("h2") and page.input_value("#player") == "adult"
    page.select_option("#player", "child")
    go("#deal-form button[type=submit]")  # Shuffle and deal a new deck
    assert "Round 1 of 26" in page.inner_text("h2") and page.input_value("#player") == "child"
    go("#next-link")
    assert "Round 2 of 26" in page.inner_text("h2") and page.input_value("#player") == "child"
    go("#show-link")
    assert page.locator("#all-words").count() == 1 and page.input_value("#player") == "child"
    page.goto(page.url.replace("round=2", "round=99"))  # an edited link: the deal refused
    assert "Round must be a whole number" in page.inner_text("#error")
    go("#deal-form button[type=submit]")
    assert "Round 1 of 26" in page.inner_text("h2") and page.input_value("#player") == "child"


def test_the_check_pages_words_said_box_is_there_for_pdl(browser, base_url):
    """The check and judge pages judged a PDL word with no words said this round, so a plural
    of the word to beat (PINES after PINE) was VALID. Their PDQ fields now have the box, shown
    only while PDL is the variant chosen (without scripts always, the others refusing words
    in it)."""
    for scripts in (True, False):
        with phones(browser, base_url, java_script_enabled=scripts) as (page,):
            for start in ("/", "/judge"):
                page.goto(start)
                page.select_option("#game", "pdq")
                for name, shown in (("regular", not scripts), ("pdl", True),
                                    ("experts", not scripts)):
                    page.select_option("#variant", name)
                    assert page.is_visible("#said") is shown, (scripts, start, name)
            page.goto("/")
            page.fill("#word", "pines")
            page.select_option("#game", "pdq")
            page.fill("#cards", "PNS")
            page.select_option("#variant", "pdl")
            page.fill("#said", "pine")
            page.click("#check-form button[type=submit]")
            verdict = page.inner_text("#verdict")
            assert "PINES: NOT VALID" in verdict and "plural of PINE, already said" in verdict
            assert page.input_value("#said") == "pine"  # the round's words stay in their box


def test_the_pdq_variants_rules_follow_the_choice(browser, base_url):
    """The dealer says the rules of the variant chosen as soon as it is chosen, before any
    deal, and after one; without scripts it lists every variant's, the chosen one's too. A
    dealt round's rules are said once, over the round: the box's list leaves them out (they
    were said there again), and the box, its variant chosen, is described by them."""
    from companion.pdq import all_variants

    variants = all_variants()
    for scripts in (True, False):
        with phones(browser, base_url, java_script_enabled=scripts) as (page,):
            for start in ("/pdq", "/pdq?variant=regular&seed=7&round=1"):
                page.goto(start)
                dealt = "seed=" in start
                for name in ("experts", "intergenerational", "regular"):
                    page.select_option("#variant", name)
                    said = f"{variants[name].title}: {variants[name].summary}"
                    over_the_round = dealt and name == "regular"
                    shown = page.locator("#variant-rules li:visible").all_inner_texts()
                    if scripts:
                        assert shown == ([] if over_the_round else [said])
                        described = page.get_attribute("#variant", "aria-describedby")
                        assert page.inner_text(f"#{described}") == said
                    else:
                        assert len(shown) == len(variants) - dealt
                        assert (said in shown) is not over_the_round
                    assert page.inner_text("main").count(variants[name].summary) <= 1
                if dealt:
                    assert page.inner_text("main").count(variants["regular"].summary) == 1


def test_the_player_boxes_follow_the_game_chosen(browser, base_url):
    """A player box one game needs and another does not (Bug Words seats 2 to 4, WerdUp 1
    to 4) is required, or said to be optional, for the game chosen; without scripts it says
    in which games it is optional."""
    from companion.tables import table_for

    context = browser.new_context(base_url=base_url, java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        page.goto("/games")
        assert page.get_attribute("#player-2", "placeholder") == \
            f"Player 2 (optional in {table_for('werdup').title})"
    finally:
        context.close()
    context = browser.new_context(base_url=base_url, **PHONE)
    try:
        page = context.new_page()
        page.goto("/games")
        for game in ("bugwords", "werdup", "bugwords"):
            page.select_option("#game", game)
            fewest = table_for(game).min_players
            for box in range(1, 5):
                optional = box > fewest
                assert page.get_attribute(f"#player-{box}", "placeholder") == \
                    f"Player {box}" + (" (optional)" if optional else "")
                assert page.eval_on_selector(f"#player-{box}", "e => e.required") is not optional
        page.fill("#player-1", "Ann")
        page.click("#new-game button[type=submit]")  # a Bug Words game of one: not sent
        assert page.url.endswith("/games")
        assert page.eval_on_selector("#player-2", "e => !e.validity.valid")
    finally:
        context.close()


def test_the_challenge_rule_follows_the_game_chosen(browser, base_url):
    """The new-game form started at "No challenges" whatever the game, so a Bug Words game
    started from it was judged at each play, while one started by the API without a rule
    plays by its rules file's single challenge. The rule follows the game chosen, until the
    player picks one."""
    from companion.tables import table_for

    context = browser.new_context(base_url=base_url, **PHONE)
    try:
        page = context.new_page()
        page.goto("/games")
        for game in ("bugwords", "werdup", "bugwords"):
            page.select_option("#game", game)
            assert page.input_value("#challenge_rule") == table_for(game).challenge_rule.name
        assert table_for("bugwords").challenge_rule.name == "single"
        said = page.text_content("#challenge-summary")  # in the closed table rules
        assert said.startswith("An invalid play challenged comes off the board")
        page.fill("#player-1", "Ann")
        page.fill("#player-2", "Bob")
        page.click("#new-game button[type=submit]")
        key = page.url.rsplit("/", 1)[1]
        game = page.request.get(f"/api/games/{key}").json()
        assert game["challenge_rule"] == "single"
        page.goto("/games")
        page.click("#table-settings summary")
        page.select_option("#challenge_rule", "double")  # the player's choice stays
        for game_name in ("bugwords", "werdup"):
            page.select_option("#game", game_name)
            assert page.input_value("#challenge_rule") == "double"
    finally:
        context.close()


def test_pdq_challenge_shows_card_fields_only_for_pdq(page):
    page.goto("/")
    assert not page.is_visible("#cards")
    page.select_option("#game", "pdq")
    page.fill("#cards", "PNA")
    page.fill("#word", "pineapple")
    page.click("main form button[type=submit]")
    assert "PINEAPPLE: VALID" in page.inner_text("#verdict")
    page.click("#all-link")
    assert "words for PNA" in page.inner_text("#all-words")


def test_a_printed_score_sheet_is_the_table_alone(browser, base_url, tmp_path):
    """The game's print page on paper: the Print button and the link back were printed too
    (on a page of their own after a long game), the table ran to the paper's edge, and the
    pages after the first had no players' names over their columns."""
    import re
    import subprocess

    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        game = page.request.post("/api/games", data={"game": "werdup",
                                                     "players": ["Annabelle", "Bob"]}).json()
        for _ in range(80):  # forty rounds: more than a page
            page.request.post(f"/api/games/{game['table_key']}/turns",
                              data={"words": "cat", "score": 6})
        page.goto(f"/games/{game['table_key']}/print")
        pdf = tmp_path / "sheet.pdf"
        page.pdf(path=str(pdf), format="Letter")
    finally:
        context.close()
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages = text.split("\f")[:-1]
    assert len(pages) > 1
    for n, words in enumerate(pages, start=1):
        assert "Annabelle" in words and "Bob" in words, n
    assert "Print" not in text and "Back to the game" not in text
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout
    lefts = [float(x) * 25.4 / 72 for x in re.findall(r'<word xMin="([\d.]+)"', boxes)]
    assert lefts and min(lefts) >= 10.0  # mm: clear of the edge a printer cannot print


def _printed_table(pdf: bytes, dpi: int):
    """The PDF's first page drawn at ``dpi``, its dark pixels (a boolean array) and the rows
    of its table's rules across (those dark over half the page's width), top to bottom."""
    from printables.raster import pdf_page_image

    dark = pdf_page_image(pdf, dpi).min(axis=2) < 160
    return dark, [y for y in range(dark.shape[0]) if dark[y].mean() > 0.5]


def _table_edges(pdf: bytes) -> dict:
    """The printed table's outer lines on the PDF's first page, rendered at 100 dpi (mm from
    the paper's left edge), and how much of the table's height its rightmost dark column
    covers: 1.0 when that column is the right border, a few rows' lines when it is only the
    end of the rows' rules."""
    dark, rules = _printed_table(pdf, 100)  # the rows' lines
    table = dark[rules[0]:rules[-1] + 1]
    columns = [x for x in range(dark.shape[1]) if table[:, x].any()]
    right = max(table[:, x].mean() for x in columns[-2:])
    mm = 25.4 / 100
    return {"left": columns[0] * mm, "right": (columns[-1] + 1) * mm,
            "paper": dark.shape[1] * mm, "right_covered": round(float(right), 2)}


def test_a_printed_score_sheet_keeps_its_right_border_on_letter_and_a4(browser, base_url):
    """Chromium printing the sheet on Letter (and A4) drew the table's right border a pixel
    past the printable width, where the page's clip took it: the table had no right edge. For
    1-4 players, long names and a long game's totals, the border is printed whole, 12 mm
    from each edge of the paper."""
    names = ["Bartholomew Alexandros", "Wilhelmina Constance", "Maximilian Fitzgerald", "Ann"]
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        for players in (1, 2, 3, 4):
            game = page.request.post("/api/games", data={
                "game": "werdup", "players": names[:players]}).json()
            for _ in range(3 * players):
                page.request.post(f"/api/games/{game['table_key']}/turns",
                                  data={"words": "quixotry", "score": 120})
            page.goto(f"/games/{game['table_key']}/print")
            for paper in ("Letter", "A4"):
                edges = _table_edges(page.pdf(format=paper))
                where = (players, paper, edges)
                assert edges["right_covered"] > 0.95, where
                assert abs(edges["left"] - 12) < 0.5, where
                assert abs(edges["paper"] - edges["right"] - 12) < 0.5, where
    finally:
        context.close()


def _printed_tokens(pdf, pattern: str) -> list[tuple[str, float]]:
    """The words of a printed sheet's pages that are all ``pattern`` (a character class),
    with their type size in points."""
    import re
    import subprocess

    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout
    return [(w, round((float(y1) - float(y0)) / 1.117, 1)) for y0, y1, w in re.findall(
        r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(' + pattern
        + r'+)</word>', boxes)]


def _printed_turn_words(pdf) -> list[tuple[str, float]]:
    """The words in capitals of a printed sheet's pages, the turns' words (the names, the
    title and the rows' labels are not in capitals), with their type size in points."""
    return _printed_tokens(pdf, "[A-Z]")


def test_a_printed_score_sheet_keeps_each_played_word_whole(browser, base_url, tmp_path):
    """Four players' printed sheet on Letter broke a played word over two lines, "OVERGRAZE /
    D", "OXYPHENB / UTAZONE" (their columns were shared out by the turns' whole lengths, and
    a word might break anywhere), and a player checks a word against the board. For 1-4
    players with long names, on Letter and A4, the widest fifteen-letter words and several
    words in a turn are printed whole, their type shrunk no smaller than 6.5 pt (and not at
    all for one or two players), the table's right border still on the paper."""
    names = ["Bartholomew Alexandros", "Wilhelmina Constance", "Maximilian Fitzgerald",
             "Wolfeschlegelsteinhausenbergerdorffwelche"[:40]]
    # words of the word list: a player alone plays without challenges, where words typed
    # with their score are judged by it
    turns = ["homogeneousness", "overgrazed", "wrongheadedness cat", "jukebox quizzed",
             "unwholesomeness", "overgraze", "qi"]
    played = {word.upper() for turn in turns for word in turn.split()}
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        for players in (1, 2, 3, 4):
            game = page.request.post("/api/games", data={
                "game": "werdup", "players": names[:players]}).json()
            for turn in range(len(turns) * players):
                page.request.post(f"/api/games/{game['table_key']}/turns",
                                  data={"words": turns[turn % len(turns)], "score": 120 + turn})
            page.goto(f"/games/{game['table_key']}/print")
            for paper in ("Letter", "A4"):
                pdf = tmp_path / f"sheet-{players}-{paper}.pdf"
                page.pdf(path=str(pdf), format=paper)
                words = _printed_turn_words(pdf)
                where = (players, paper)
                assert {w for w, _ in words} == played, (where, sorted({w for w, _ in words}))
                assert min(size for _, size in words) >= 6.4, (where, words)
                if players <= 2:
                    assert min(size for _, size in words) >= 11.9, (where, words)
                edges = _table_edges(pdf.read_bytes())
                assert edges["right_covered"] > 0.95, (where, edges)
                assert abs(edges["paper"] - edges["right"] - 12) < 0.5, (where, edges)
    finally:
        context.close()

def _widest_words(count: int, letters: int = 15) -> list[str]:
    """The word list's ``count`` widest words of ``letters`` letters, in capitals, in the
    printed sheet's face (Helvetica's widths, Arial's)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from companion.lexicon import default_lexicon

    words = {w.upper() for w in default_lexicon().words if len(w) == letters and w.isalpha()}
    return sorted(words, key=lambda w: (-stringWidth(w, "Helvetica", 12), w))[:count]


def _recorded_game(app, players: list[str], turns: list[dict]) -> str:
    """A new WerdUp game of ``players`` with ``turns`` (each the turns API's fields: words
    and score, or an action; the players in turn) recorded in ``app``'s database by the
    score sheet, each as the turns API records it
    (:func:`companion.web.table_rules.record_turn`), all in one transaction instead of a
    request (and a load of the whole game) a turn; its table key."""
    from companion.web import scoresheet as sheet
    from companion.web import table_rules
    from companion.web.db import sessions
    from companion.web.wordlist import lexicon

    with app.app_context():
        db = sessions(app)()
        try:
            game = sheet.create_game(db, "werdup", players)
            for turn in turns:
                table_rules.record_turn(db, game, {
                    "seat": None, "action": turn.get("action", "play"),
                    "words": turn.get("words", ""), "score": int(turn.get("score", 0)),
                    "lexicon": lexicon()}, 0.0)
            db.commit()
            return str(game.table_key)
        finally:
            db.close()


def _printed_sheet(page, players: int, turns: list[tuple[str, int]], path,
                   app=None) -> dict:
    """A new game of ``players`` (long names) with ``turns`` (words and score, the players
    in turn), its print page printed on Letter and A4 under ``path``: each paper's PDF, its
    turns' words with their type sizes and the table's edges. The turns are posted to the
    turns API, or with ``app`` recorded straight in its database (:func:`_recorded_game`)."""
    names = ["Bartholomew Alexandros", "Wilhelmina Constance", "Maximilian Fitzgerald", "Ann"]
    if app is not None:
        key = _recorded_game(app, names[:players],
                             [{"words": words, "score": score} for words, score in turns])
    else:
        # at a table that challenges, words typed with their score are recorded as typed,
        # whatever they are (forty W's): the sheet they print is what is tested
        key = page.request.post("/api/games", data={
            "game": "werdup", "players": names[:players],
            "challenge_rule": "single" if players > 1 else "none"}).json()["table_key"]
        for words, score in turns:
            assert page.request.post(f"/api/games/{key}/turns",
                                     data={"words": words, "score": score}).ok
    page.goto(f"/games/{key}/print")
    printed = {}
    for paper in ("Letter", "A4"):
        pdf = path / f"sheet-{players}-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper)
        printed[paper] = {"pdf": pdf, "words": _printed_turn_words(pdf),
                          "edges": _table_edges(pdf.read_bytes())}
    return printed


def _printed_cells(pdf) -> list[list[list[tuple[str, float, float]]]]:
    """The printed table's cells on the PDF's first page, found by its rules (drawn at 144
    dpi): a list a row, from the top, of its cells, left to right, each the words printed
    in it with their line's top and their type size in points."""
    import re
    import subprocess
    from bisect import bisect

    dpi = 144
    dark, across = _printed_table(pdf.read_bytes(), dpi)
    table = dark[across[0]:across[-1] + 1]
    down = [x for x in range(dark.shape[1]) if table[:, x].mean() > 0.5]

    def rules(pixels: list[int]) -> list[float]:  # each rule's middle, in points
        runs: list[list[int]] = []
        for at in pixels:
            if runs and at - runs[-1][-1] <= 2:
                runs[-1].append(at)
            else:
                runs.append([at])
        return [sum(run) / len(run) * 72 / dpi for run in runs]

    ys, xs = rules(across), rules(down)
    cells: list[list[list[tuple[str, float, float]]]] = [[[] for _ in xs[1:]] for _ in ys[1:]]
    boxes = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-bbox", str(pdf), "-"],
                           capture_output=True, text=True, check=True).stdout
    for x0, y0, x1, y1, word in re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" '
                                           r'xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
                                           boxes):
        row = bisect(ys, (float(y0) + float(y1)) / 2) - 1
        column = bisect(xs, (float(x0) + float(x1)) / 2) - 1
        if 0 <= row < len(cells) and 0 <= column < len(cells[row]):
            cells[row][column].append((word, round(float(y0), 1),
                                       round((float(y1) - float(y0)) / 1.117, 1)))
    return cells


def test_a_printed_score_sheet_fits_the_page_with_the_widest_words_and_totals(browser,
                                                                            served,
                                                                            tmp_path):
    """Four players' printed sheet with the widest fifteen-letter words and long totals came
    out wider than the page (its words could shrink no further beside totals of twelve
    points), and its right border was lost. For 1-4 players, on Letter and A4, with the
    word list's widest fifteen-letter words and totals of four digits and of as many as the
    sheet's turns and scores reach, the table's right border is on the paper, 12 mm in,
    and every word whole, no smaller than 6.5 pt."""
    from companion.web import scoresheet as sheet

    app, base_url = served
    widest = _widest_words(4)
    digits = len(str(sheet.MAX_TURNS * sheet.MAX_TURN_SCORE))  # one player's every turn
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        for players in (1, 2, 3, 4):
            for total in (1000, 10 ** (digits - 1)):
                each = -(-total // sheet.MAX_TURN_SCORE)  # turns a player takes to reach it
                turns = [(widest[turn % players], sheet.MAX_TURN_SCORE)
                         for turn in range(each * players)]
                # the ~500 turns recorded straight in the database: what is tested is the
                # sheet they print, and posting turns is tested with every other sheet here
                for paper, printed in _printed_sheet(page, players, turns, tmp_path,
                                                     app).items():
                    where, edges = (players, total, paper), printed["edges"]
                    assert edges["right_covered"] > 0.95, (where, edges)
                    assert abs(edges["paper"] - edges["right"] - 12) < 0.5, (where, edges)
                    assert {w for w, _ in printed["words"]} == set(widest[:players]), where
                    assert min(size for _, size in printed["words"]) >= 6.4, where
    finally:
        context.close()


def test_a_printed_score_sheets_columns_are_as_wide_as_their_words_need(browser, base_url,
                                                                      tmp_path):
    """Each player had an equal share of the printed table, so a long word shrank (with four
    players on A4, OXYPHENBUTAZONE to 7.1 pt) while the other columns held CAT and QI with
    room to spare. The columns now follow what they hold: one long word among short ones
    keeps the sheet's 12 pt on Letter and A4, two share what the short ones leave (larger
    than when all four players' turns are long), and equal needs have equal shares."""
    long = _widest_words(2)
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        sheets = {}
        for case, words in {"one": [long[0], "cat", "dog", "qi"],
                            "two": [long[0], long[1], "cat", "qi"],
                            "four": [long[0]] * 4}.items():
            turns = [(words[turn % 4], 120 + turn) for turn in range(12)]
            sheets[case] = _printed_sheet(page, 4, turns, tmp_path)
        for paper in ("Letter", "A4"):
            size = {case: {w: s for w, s in printed[paper]["words"]}
                    for case, printed in sheets.items()}
            assert min(size["one"].values()) >= 11.9, (paper, size)
            assert sorted({s for w, s in size["two"].items() if w in long}) == [
                size["two"][long[0]]], (paper, size)  # the two long words, one size
            assert size["two"][long[0]] > size["four"][long[0]] + 1, (paper, size)
            assert size["two"]["CAT"] >= 11.9, (paper, size)
            for printed in sheets.values():
                edges = printed[paper]["edges"]
                assert edges["right_covered"] > 0.95, (paper, edges)
    finally:
        context.close()


@pytest.fixture(scope="module")
def two_words_a_turn_sheet(browser, base_url, tmp_path_factory) -> dict:
    """Four long names' sheet, printed on Letter and A4 (:func:`_printed_sheet`, with each
    paper's ``cells``, :func:`_printed_cells`): two rounds of the word list's three widest
    fifteen-letter words and Ann's two words a turn, JUKEBOX MUZJIKS, 2000 points a turn."""
    turns = [([*_widest_words(3), "jukebox muzjiks"][turn % 4], 2000) for turn in range(8)]
    context = browser.new_context(base_url=base_url)
    try:
        printed = _printed_sheet(context.new_page(), 4, turns,
                                 tmp_path_factory.mktemp("two-words"))
    finally:
        context.close()
    for each in printed.values():
        each["cells"] = _printed_cells(each["pdf"])
        assert [len(row) for row in each["cells"]] == [9] * 4  # names, 2 rounds, Final
    return printed


def test_a_printed_turn_takes_two_lines_at_most(two_words_a_turn_sheet):
    """With four long names and fifteen-letter words, Ann's narrow columns printed her turn
    on three lines, "JUKEBOX / MUZJIKS / 2000", on Letter and A4: the columns were planned
    for each turn's longest word, and the score went under it. They are planned for each
    turn on two lines: every turn takes two lines at most, every word whole and no smaller
    than 6.5 pt, the table's right border 12 mm in."""
    for paper, printed in two_words_a_turn_sheet.items():
        for row in printed["cells"][1:3]:
            for turn in row[1::2]:
                assert 1 <= len({top for _word, top, _size in turn}) <= 2, (paper, turn)
        words = {word for word, _size in printed["words"]}
        assert words == {*_widest_words(3), "JUKEBOX", "MUZJIKS"}, (paper, words)
        assert min(size for _word, size in printed["words"]) >= 6.4, paper
        edges = printed["edges"]
        assert edges["right_covered"] > 0.95, (paper, edges)
        assert abs(edges["paper"] - edges["right"] - 12) < 0.5, (paper, edges)


def test_a_printed_sheets_totals_share_one_size(two_words_a_turn_sheet):
    """Each player's totals had a size of their own: on A4, beside fifteen-letter words
    shrunk to 6.5 pt, three players' totals were 10.5 pt and Ann's 12. Every running total
    and final total on a sheet has one size, on Letter and A4."""
    for paper, printed in two_words_a_turn_sheet.items():
        totals = [cell for row in printed["cells"][1:] for cell in row[2::2]]
        assert [[word for word, *_ in cell] for cell in totals] == (
            [["2000"]] * 4 + [["4000"]] * 8), paper
        assert len({size for cell in totals for *_, size in cell}) == 1, (paper, totals)


def _printed_numbers(pdf) -> list[tuple[str, float]]:
    """The numbers printed on a sheet's pages (scores, totals, the rounds' and the page's),
    with their type size in points."""
    return _printed_tokens(pdf, "[0-9]")


def test_one_players_non_word_leaves_every_total_readable(browser, base_url, tmp_path):
    """One player's non-word, fifteen W's typed as a turn's words, among the word list's
    widest fifteen-letter words, shrank every running and final total on four players'
    sheet to 6.5 pt (all totals share one size, and that player's turns left no room beside
    theirs); forty W's, more letters than a board holds, among CAT, DOG and QI, did too,
    planned whole across half the table. The totals keep 9 pt at least, one size across
    the sheet (the W's on a line of their own across their player's columns, the other
    words whole, no smaller than 6.5 pt), and a word
    longer than a board holds breaks inside its letters where its column ends: the totals,
    CAT, DOG and QI keep 12 pt, every W printed. On Letter and A4, the right border on the
    paper."""
    score = 2000  # totals of 4000 and 6000: numbers no turn's score is
    for wide, others, least, words_least in (
            ("W" * 15, [w.lower() for w in _widest_words(3)], 8.9, 6.4),
            ("W" * 40, ["cat", "dog", "qi"], 11.9, 11.9)):
        turns = [([wide.lower(), *others][turn % 4], score) for turn in range(12)]
        context = browser.new_context(base_url=base_url)
        try:
            printed = _printed_sheet(context.new_page(), 4, turns, tmp_path)
        finally:
            context.close()
        for paper, each in printed.items():
            where = (len(wide), paper)
            totals = [size for number, size in _printed_numbers(each["pdf"])
                      if number in ("4000", "6000")]
            assert len(totals) == 4 * 2 + 4, (where, totals)  # rounds 2 and 3, and Final
            assert len(set(totals)) == 1 and totals[0] >= least, (where, totals)
            sizes = dict(each["words"])
            assert all(sizes[w.upper()] >= words_least for w in others), (where, sizes)
            assert sum(len(w) for w, _ in each["words"] if set(w) == {"W"}) == 3 * len(wide)
            edges = each["edges"]
            assert edges["right_covered"] > 0.95, (where, edges)
            assert abs(edges["paper"] - edges["right"] - 12) < 0.5, (where, edges)


def _self_played_turns(players: int, turns: int) -> list[dict]:
    """A WerdUp game the move generator plays for ``players`` (each its best play, else a
    swap or a pass), as the sheet's turns (words and score, or the action), with a pass
    after every third turn, and after its end as many plays of QI as make ``turns`` (with
    their passes): a long, slow game."""
    import random

    from companion.lexicon import default_lexicon
    from companion.werdup.game import Game, Play, Swap
    from companion.werdup.rules import get_rules
    from companion.werdup.selfplay import play_out

    game = play_out(Game.start([f"p{i}" for i in range(players)], get_rules(),
                               default_lexicon(), random.Random(3)))
    played = [{"words": t.notation.split()[-1].replace("(", "").replace(")", ""),
               "score": t.score} if isinstance(t.move, Play)
              else {"action": "swap" if isinstance(t.move, Swap) else "pass"}
              for t in game.history]
    sheet: list[dict] = []
    while len(sheet) < turns:
        sheet.append(played.pop(0) if played else {"words": "qi", "score": 11})
        if len(sheet) % 3 == 0 and len(sheet) < turns:
            sheet.append({"action": "pass"})
    return sheet


ROUND_CELLS = """() => Array.from(document.querySelectorAll('tbody tr[id^="round-"]'), tr =>
  Array.from(tr.children, td => td.innerText.trim()))"""  # each round's row: its cells' text


def _rounds_expected(turns: list[dict], players: int) -> list[list[str]]:
    """The printed sheet's rows for ``turns`` (words and score, or the action) of ``players``
    taking turns in seat order, as a paper score sheet has them: the round's number, then
    each player's turn (words and score) and running total, empty past the last turn."""
    rows: list[list[str]] = []
    total = [0] * players
    for n, turn in enumerate(turns):
        seat = n % players
        if seat == 0:
            rows.append([str(n // players + 1)] + [""] * (2 * players))
        score = int(turn.get("score", 0))
        total[seat] += score
        said = turn["words"].upper() if "words" in turn else turn["action"]
        rows[-1][1 + 2 * seat:3 + 2 * seat] = [f"{said} {score}", str(total[seat])]
    return rows


def test_a_long_games_printed_sheet_has_a_row_a_round_and_says_its_pages(browser, served,
                                                                        tmp_path):
    """A hundred turns of four players, self-played with passes, took four pages on Letter
    and A4: a row a turn, three of its players' cells empty. As on a paper score sheet, a row
    is a round, each player's turn (words and score, a pass or a swap) and running total in
    their own columns, in seat order: 25 rows on two pages, each with the players' names
    over its columns and which page of how many it is, and the final totals at the end."""
    import re
    import subprocess

    names = ["Bartholomew-Alexandros Fitzgerald-Smythe", "Wilhelmina Constance", "Ann",
             "Maximilian Fitzgerald"]
    app, base_url = served
    turns = _self_played_turns(4, 100)
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        # the turns recorded straight in the database, as in the widest words' sheets
        game = page.request.get(f"/api/games/{_recorded_game(app, names, turns)}").json()
        totals = [str(p["total"]) for p in page.request.get(
            f"/api/games/{game['table_key']}").json()["players"]]
        page.goto(f"/games/{game['table_key']}/print")
        rounds = page.evaluate(ROUND_CELLS)
        assert rounds == _rounds_expected(turns, 4)
        assert [row[2 + 2 * seat] for seat in range(4) for row in rounds[-1:]] == totals
        for paper in ("Letter", "A4"):
            pdf = tmp_path / f"long-{paper}.pdf"
            page.pdf(path=str(pdf), format=paper)
            text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                                  text=True, check=True).stdout
            pages = text.split("\f")[:-1]
            assert 1 <= len(pages) <= 2, (paper, len(pages))
            assert re.search(r"^ *Round ", pages[0], re.M), paper  # the numbers are rounds
            numbers = [int(n) for n in re.findall(r"^ *(\d+) ", text, re.M)]
            assert numbers == list(range(1, 26)), (paper, numbers)
            for n, words in enumerate(pages, start=1):
                where = (paper, n)
                assert all(re.split(r"[ -]", name)[0] in words for name in names), where
                assert f"WerdUp - game #{game['id']} - page {n} of {len(pages)}" in words, where
            final = re.search(r"^ *Final +(.*)$", pages[-1], re.M)
            assert final and final.group(1).split() == totals, (paper, final)
            boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                                   text=True, check=True).stdout
            height = float(re.search(r'<page width="[\d.]+" height="([\d.]+)"', boxes)[1])
            lowest = max(float(y) for y in re.findall(r'<word [^>]*yMax="([\d.]+)"', boxes))
            assert (height - lowest) * 25.4 / 72 >= 6.0, paper  # clear of the unprintable edge
            edges = _table_edges(pdf.read_bytes())
            assert edges["right_covered"] > 0.95, (paper, edges)
    finally:
        context.close()


@pytest.mark.parametrize("game", ["werdup", "bugwords"])
def test_a_game_ended_mid_round_leaves_the_later_seats_empty_on_its_printed_sheet(
        browser, base_url, tmp_path, game):
    """Four players' game over after the second player's second turn: its printed sheet's
    second round holds the first two players' turns and leaves the others' cells empty, the
    End adjustments and the Final totals under it, for WerdUp and Bug Words, on Letter and
    A4 (the table's right border on the paper)."""
    import re
    import subprocess

    plays = {"werdup": [{"words": "cat", "score": 10}, {"words": "dog", "score": 12},
                        {"action": "pass"}, {"words": "qi", "score": 22},
                        {"action": "swap"}, {"words": "zap", "score": 30}],
             "bugwords": [{"play": "8G WORD"}, {"play": "G7 SWAN"}, {"action": "pass"},
                          {"action": "swap"}, {"play": "10G NOTE"}, {"action": "pass"}]}[game]
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        made = page.request.post("/api/games", data={
            "game": game, "players": ["Ann", "Bob", "Cy", "Dee"]}).json()
        key = made["table_key"]
        for turn in plays:
            assert page.request.post(f"/api/games/{key}/turns", data=turn).ok, turn
        racks = {"werdup": ["", "Q", "Z", "X"],  # Ann went out
                 "bugwords": ["EEEIIII", "AAAUUUL", "RRRTTTL", "IIEEELL"]}[game]
        done = page.request.post(f"/api/games/{key}/finish", data={
            "racks": {str(seat): rack for seat, rack in enumerate(racks)}})
        assert done.ok, done.text()
        played = page.request.get(f"/api/games/{key}").json()
        assert played["finished"]
        scored = [{"score": t["score"], **({"words": t["words"]} if t["action"] == "play"
                                           else {"action": t["action"]})}
                  for t in played["turns"]]
        page.goto(f"/games/{key}/print")
        rounds = page.evaluate(ROUND_CELLS)
        assert rounds == _rounds_expected(scored, 4)
        assert rounds[1][5:] == ["", "", "", ""]  # Cy's and Dee's cells of round 2
        ends = page.evaluate("""() => Array.from(document.querySelectorAll('tr'))
            .filter(tr => tr.firstElementChild.innerText.trim() === 'End')
            .map(tr => Array.from(tr.querySelectorAll('td:not(.turn):not(.wide-only)'),
                                  td => td.innerText.trim()))""")
        assert len(ends) == 1 and len(ends[0]) == 4, ends
        totals = [str(p["total"]) for p in played["players"]]
        for paper in ("Letter", "A4"):
            pdf = tmp_path / f"{game}-{paper}.pdf"
            page.pdf(path=str(pdf), format=paper)
            text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                                  text=True, check=True).stdout
            assert text.count("\f") == 1, paper
            final = re.search(r"^ *Final +(.*)$", text, re.M)
            assert final and final.group(1).split() == totals, (paper, final)
            assert _table_edges(pdf.read_bytes())["right_covered"] > 0.95, paper
    finally:
        context.close()


def test_a_word_too_wide_for_its_column_is_printed_whole_on_a_line_of_its_own(
        browser, base_url, tmp_path):
    """A non-word of fifteen W's typed as a turn's words (at a table that challenges the
    sheet writes what is typed, a word or not), the widest fifteen letters, broke inside
    its letters on four players' sheet, "WWWWWWWWWWWWW / WW", even at 6.5 pt. Each
    player's is printed whole, no smaller than 6.5 pt, on a line across the player's two
    columns with nothing over it, and the sheet keeps its right border on Letter and A4."""
    import re
    import subprocess

    word = "W" * 15
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        names = ["Bartholomew Alexandros", "Wilhelmina Constance", "Maximilian Fitzgerald",
                 "Ann"]
        # at a table that challenges: words typed with their score are recorded as typed
        key = page.request.post("/api/games", data={
            "game": "werdup", "players": names,
            "challenge_rule": "single"}).json()["table_key"]
        for turn in range(8):
            assert page.request.post(f"/api/games/{key}/turns", data={
                "words": word.lower(), "score": 1990 + turn}).ok
        page.goto(f"/games/{key}/print")
        for paper in ("Letter", "A4"):
            pdf = tmp_path / f"wide-{paper}.pdf"
            page.pdf(path=str(pdf), format=paper)
            words = _printed_turn_words(pdf)
            assert [w for w, _ in words] == [word] * 8, (paper, words)
            assert min(size for _, size in words) >= 6.4, (paper, words)
            boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                                   text=True, check=True).stdout
            found = [(w, *map(float, xy)) for *xy, w in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                r"([^<]*)</word>", boxes)]
            for w, x0, y0, x1, y1 in found:
                if w != word:
                    continue
                over = [o for o in found if o[0] != w and o[1] < x1 and o[3] > x0
                        and o[2] < y1 and o[4] > y0]
                assert not over, (paper, over)
            edges = _table_edges(pdf.read_bytes())
            assert edges["right_covered"] > 0.95, (paper, edges)
            assert abs(edges["paper"] - edges["right"] - 12) < 0.5, (paper, edges)
    finally:
        context.close()


def test_a_name_too_long_for_its_columns_is_printed_whole_over_the_table(browser, base_url,
                                                                          tmp_path):
    """The longest name the app takes, forty W's, was printed only as "WWWWWWWWWWWW..." over
    four players' columns (at 9 pt it needs 120 mm). On paper the players' names are then
    listed whole on a line of their own over the table, on Letter and A4; a sheet whose
    names fit its columns has no such line."""
    import subprocess

    from companion.play import MAX_NAME

    long = "W" * MAX_NAME
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        for names, listed in ((["Ann", "Bob", "Cy", long], True),
                              (["Ann", "Bob", "Cy", "Dee"], False)):
            key = page.request.post("/api/games", data={"game": "werdup",
                                                        "players": names}).json()["table_key"]
            for _turn in range(4):
                assert page.request.post(f"/api/games/{key}/turns",
                                         data={"words": "cat", "score": 5}).ok
            page.goto(f"/games/{key}/print")
            for paper in ("Letter", "A4"):
                pdf = tmp_path / f"names-{paper}.pdf"
                page.pdf(path=str(pdf), format=paper)
                text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"],
                                      capture_output=True, text=True, check=True).stdout
                assert ("Players:" in text) == listed, (paper, names)
                if listed:
                    assert long in text.split(), (paper, text[:400])
                edges = _table_edges(pdf.read_bytes())
                assert edges["right_covered"] > 0.95, (paper, edges)
            assert "Players:" not in page.inner_text("body")  # on paper only
    finally:
        context.close()


def test_a_name_listed_over_the_table_takes_no_room_from_the_turns(browser, base_url,
                                                                    tmp_path):
    """A name too long for its columns, listed whole over the table, still asked them for an
    even share of it: beside forty W's over CAT and QI, the word list's two widest
    fifteen-letter words were 9.3 pt on Letter and 8.7 on A4, 11.8 and 11.1 when the name
    is Dee. They are the same size as beside Dee."""
    from companion.play import MAX_NAME

    long = _widest_words(2)
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        sizes = {}
        for last in ("Dee", "W" * MAX_NAME):
            key = page.request.post("/api/games", data={
                "game": "werdup", "players": ["Ann", "Bob", "Cy", last]}).json()["table_key"]
            for turn in range(8):
                assert page.request.post(f"/api/games/{key}/turns", data={
                    "words": [*long, "cat", "qi"][turn % 4], "score": 120 + turn}).ok
            page.goto(f"/games/{key}/print")
            for paper in ("Letter", "A4"):
                pdf = tmp_path / f"listed-{paper}.pdf"
                page.pdf(path=str(pdf), format=paper)
                sizes[last[:3], paper] = {w: size for w, size in _printed_turn_words(pdf)
                                          if w in long}
    finally:
        context.close()
    for paper in ("Letter", "A4"):
        assert sizes["WWW", paper] == sizes["Dee", paper], (paper, sizes)
        assert min(sizes["Dee", paper].values()) >= 11, (paper, sizes)


CONTROL_TEXTS = """() => Array.from(document.querySelectorAll(
  "a.button, button, nav, form label, .taps a, h2"), (e) => [
    e.tagName, e.innerText.trim().split(/\\s+/).join(" ")])"""


def test_a_girdle_day_printed_from_the_browser_is_the_puzzle_without_its_controls(
        browser, base_url, tmp_path):
    """The day's page printed from the browser (File > Print) put its link-buttons ("Play on
    this phone", "Letter PDF", "A4 PDF"), its hints and answer links and "Submit your sheet"
    on the paper as faint text, and the shape's word icons lost their white numbers with
    their backgrounds. On paper it is the puzzle alone: its title, date, shape with the
    icons, lines, Supply and word list, none of the page's controls."""
    import datetime as dt
    import subprocess

    from PIL import Image

    from companion.girdle import puzzle_for
    from companion.lexicon import default_lexicon

    day = dt.date(2026, 11, 1)
    pz = puzzle_for(day, lexicon=default_lexicon())
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        page.goto(f"/girdle/{day}")
        controls = [text for tag, text in page.evaluate(CONTROL_TEXTS)
                    if text and (tag != "H2" or text == "Submit your sheet")]
        pdf = tmp_path / "day.pdf"
        page.pdf(path=str(pdf), format="Letter")
    finally:
        context.close()
    for needed in ("Play on this phone", "Letter PDF", "A4 PDF", "Show a hints grid",
                   "Score my sheet", "Read the photo"):
        assert needed in controls, (needed, controls)  # the page's controls, on the screen
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    flat = " ".join(text.split())
    printed = [c for c in controls if c in flat]  # the header's tabs: all their names in a row
    assert not printed, printed
    assert text.count("\f") == 1  # one sheet
    for needed in (f"Word Girdle #{pz.number}", "Sunday 1 November 2026", "The day's lines",
                   "Shape: ", "Word list: ", *(f"{n}. {line.label().capitalize()}"
                                               for n, line in enumerate(pz.lines, 1))):
        assert needed in flat, needed
    supply = text[text.index("Supply:"):].splitlines()[1].split()
    assert "".join(supply) == "".join(pz.supply)
    icons = text[text.index("Shape:"):].splitlines()[2].split()  # the columns' word icons
    assert sorted(icons) == sorted(str(n) for n in pz.icons("col").values())
    # the icons are printed as on the screen, white numbers on purple discs (#5b3f8c)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "day")], check=True)
    image = Image.open(next(tmp_path.glob("day*.png"))).convert("RGB")
    pixels = image.tobytes()
    purple = sum(1 for r, g, b in zip(pixels[0::3], pixels[1::3], pixels[2::3], strict=True)
                 if abs(r - 0x5B) < 24 and abs(g - 0x3F) < 24 and abs(b - 0x8C) < 24)
    assert purple > 40 * len(pz.lines), purple


def test_download_a_pdf_from_the_print_shop(page):
    page.goto("/prints")
    page.locator("#doc-board img >> nth=0").scroll_into_view_if_needed()
    page.wait_for_function("() => { const img = document.querySelector('#doc-board img');"
                           " return img.complete && img.naturalWidth > 0; }")  # the preview
    page.select_option("#board-game", "werdup")
    with page.expect_download() as info:
        page.click("#doc-board button[type=submit]")
    download = info.value
    assert download.suggested_filename == "board-werdup-letter.pdf"
    with open(download.path(), "rb") as fh:
        assert fh.read(5) == b"%PDF-"


def test_the_score_sheet_s_default_players_follow_the_game(browser, base_url):
    """"Default" players said no number: the box says the game chosen's ("Default: 2
    players" for Bug Words, 4 for WerdUp), with scripts as soon as the game is chosen."""
    with phones(browser, base_url, timeout=60000) as (page,):
        page.goto("/prints")
        default = page.locator("#score-sheet-players option[value=default]")
        assert default.inner_text() == "Default: 2 players"
        page.select_option("#score-sheet-game", "werdup")
        assert default.inner_text() == "Default: 4 players"
        page.select_option("#score-sheet-game", "bugwords")
        assert default.inner_text() == "Default: 2 players"
        fits_phone(page)


def test_the_print_shop_previews_follow_the_choices(browser, base_url):
    """A preview shows the document as chosen on the page: with scripts as soon as the game
    or paper is chosen, without them once "Show preview" is pressed."""
    loaded = ("() => { const img = document.querySelector('#doc-board img');"
              " return img.complete && img.naturalWidth > 0; }")
    for scripts in (True, False):
        with phones(browser, base_url, timeout=60000, java_script_enabled=scripts) as (page,):
            page.goto("/prints")
            page.select_option("#board-game", "werdup")
            page.select_option("#board-paper", "a4")
            assert page.is_visible("#doc-board .preview-button") is not scripts
            if not scripts:
                with page.expect_navigation():
                    page.click("#doc-board .preview-button")
                assert page.input_value("#board-game") == "werdup"
                assert page.input_value("#board-paper") == "a4"
            img = page.locator("#doc-board img >> nth=0")
            # with scripts the page is asked for the new preview: it comes when answered
            expect(img).to_have_attribute("src", "/prints/board.png?game=werdup&paper=a4")
            img.scroll_into_view_if_needed()
            assert img.get_attribute("alt") == "First page of the paper board: WerdUp, A4"
            if scripts:
                page.wait_for_function(loaded)
                size = img.evaluate("i => [i.naturalWidth, i.naturalHeight]")
                assert size == [331, 468]  # the WerdUp board's first A4 page at 40 dpi


def test_the_print_shop_keeps_every_documents_choices(browser, base_url):
    """Choices made for several documents all stay: without scripts through "Show preview"
    of any one of them (and a reload of the page it leads to), with scripts as each is made
    (a reload keeps them); a PDF downloaded meanwhile changes nothing."""
    def choices(page) -> list[str]:
        return [page.input_value(box) for box in ("#score-sheet-players", "#board-game",
                                                  "#board-paper", "#tiles-game")]

    chosen = ["3", "werdup", "a4", "werdup"]
    for scripts in (False, True):
        with phones(browser, base_url, timeout=60000, java_script_enabled=scripts) as (page,):
            page.goto("/prints")
            for box, value in zip(("#score-sheet-players", "#board-game", "#board-paper",
                                   "#tiles-game"), chosen, strict=True):
                page.select_option(box, value)
            if not scripts:
                with page.expect_navigation():
                    page.click("#doc-board .preview-button")
                assert choices(page) == chosen
                with page.expect_navigation():
                    page.click("#doc-tiles .preview-button")  # another document's preview
            else:
                page.wait_for_function("() => location.search.includes('tiles.game=werdup')")
            with page.expect_download() as info:
                page.click("#doc-score-sheet button[name=download]")
            assert info.value.suggested_filename == "score-sheet-bugwords-3p-letter.pdf"
            page.reload()
            assert choices(page) == chosen
            assert page.get_attribute("#doc-board img >> nth=0", "src") == (
                "/prints/board.png?game=werdup&paper=a4")
            assert page.get_attribute("#doc-tiles img >> nth=0", "src") == (
                "/prints/tiles.png?game=werdup&paper=letter")


def test_the_print_shop_previews_every_page_side_by_side(browser, base_url):
    """A board split over pages is previewed by every page, in a strip that scrolls sideways
    inside the phone's width (with or without scripts), each page drawn as its shape is (a
    landscape page is not squeezed); with scripts a new choice brings its own pages."""
    for scripts in (False, True):
        with phones(browser, base_url, timeout=60000, java_script_enabled=scripts) as (page,):
            page.goto("/prints?doc=board&board.game=werdup&board.paper=letter")
            pages = page.locator("#doc-board .pages img")
            assert pages.count() == 2
            assert page.inner_text("#pages-board") == "2 pages: scroll sideways for the next"
            last = pages.nth(1)
            last.scroll_into_view_if_needed()  # scrolls the strip sideways
            page.wait_for_function("i => i.complete && i.naturalWidth > 0",
                                   arg=last.element_handle())
            natural = last.evaluate("i => [i.naturalWidth, i.naturalHeight]")
            box = last.bounding_box()
            assert natural == [440, 340]  # a landscape Letter page at 40 dpi
            assert abs(box["width"] / box["height"] - 440 / 340) < 0.02
            assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["viewport"]["width"]
            assert page.evaluate("document.documentElement.scrollWidth") <= (
                PHONE["viewport"]["width"])
            if scripts:
                page.select_option("#board-game", "bugwords")
                page.wait_for_function("() => document.querySelectorAll("
                                       "'#doc-board .pages img').length === 4")
                assert page.inner_text("#pages-board") == (
                    "4 pages: scroll sideways for the next")
                assert pages.nth(3).get_attribute("src") == (
                    "/prints/board.png?page=4&game=bugwords&paper=letter")


SIDEWAYS = r"""() => Array.from(document.querySelectorAll("figure"), f => {
  const strip = f.querySelector(".pages");
  return {id: f.querySelector("figcaption").id, pages: strip.querySelectorAll("img").length,
          scrolls: strip.scrollWidth > strip.clientWidth + 1,
          says: f.querySelector("figcaption").textContent.includes("scroll sideways"),
          stop: strip.tabIndex};
})"""


def test_a_preview_says_scroll_sideways_only_when_its_strip_scrolls(browser, base_url):
    """On a desktop (and a 390 px phone) the score sheet's two pages stand side by side in
    full, yet the caption said "2 pages: scroll sideways for the next" and the strip was a
    Tab stop; a strip says so (and takes the keyboard) only when its pages run past its
    width, as a board's four landscape pages do."""
    for viewport in ({"width": 1366, "height": 900}, PHONE["viewport"]):
        context = browser.new_context(base_url=base_url, viewport=viewport)
        try:
            page = context.new_page()
            page.set_default_timeout(60000)
            page.goto("/prints?doc=board&board.game=bugwords&board.paper=letter")
            page.wait_for_load_state("load")
            for img in page.locator("figure img").all():
                img.scroll_into_view_if_needed()
            page.wait_for_function("() => Array.from(document.querySelectorAll('figure img'))"
                                   ".every(i => i.complete && i.naturalWidth > 0)")
            strips = [s for s in page.evaluate(SIDEWAYS) if s["pages"] > 1]
            assert strips and all(s["says"] == s["scrolls"] for s in strips), strips
            assert all(s["stop"] == (0 if s["scrolls"] else -1) for s in strips), [
                (s["id"], s["stop"]) for s in strips]
            # two portrait pages fit (on a 390 px phone too), four landscape ones do not
            scrolls = {s["id"]: s["scrolls"] for s in strips}
            assert (scrolls["pages-score-sheet"], scrolls["pages-board"]) == (False, True)
        finally:
            context.close()


def test_choices_that_do_not_go_together_are_said_as_they_are_made(page):
    """With scripts, six players on a Bug Words sheet are refused beside the score sheet as
    soon as they are chosen (the preview was a broken image), its boxes marked; four
    players bring the preview back."""
    page.goto("/prints")
    page.select_option("#score-sheet-players", "6")
    alert = page.locator("#error-score-sheet")
    expect(alert).to_have_text("A Bug Words score sheet is for 2 to 4 players.")
    assert page.locator("#doc-score-sheet img").count() == 0
    assert page.get_attribute("#score-sheet-players", "aria-invalid") == "true"
    assert page.get_attribute("#score-sheet-game", "aria-describedby") == "error-score-sheet"
    page.select_option("#score-sheet-players", "4")
    previews = page.locator("#doc-score-sheet img")
    expect(previews.first).to_have_attribute(
        "src", "/prints/score-sheet.png?game=bugwords&players=4&paper=letter")
    expect(previews).to_have_count(2)  # the sheet's two pages
    assert alert.count() == 0
    assert page.get_attribute("#score-sheet-players", "aria-invalid") is None


def test_the_score_sheets_pdq_variant_shows_only_for_the_pdq_sheet(page):
    """The score sheet's PDQ variant box stood under Bug Words and WerdUp too, where any
    variant but the first is refused ("Only the PDQ score sheet has variants"), and a
    variant chosen for PDQ was refused once the game became WerdUp. With scripts it shows
    only while PDQ is the game, and is not sent otherwise."""
    page.goto("/prints")
    variant = page.locator("#score-sheet-variant")
    expect(variant).to_be_hidden()
    expect(page.locator("label[for=score-sheet-variant]")).to_be_hidden()
    page.select_option("#score-sheet-game", "pdq")
    expect(variant).to_be_visible()
    page.select_option("#score-sheet-variant", "younger")
    expect(page.locator("#doc-score-sheet img").first).to_have_attribute(
        "src", "/prints/score-sheet.png?game=pdq&variant=younger&players=default&paper=letter")
    page.select_option("#score-sheet-game", "werdup")
    expect(variant).to_be_hidden()
    expect(page.locator("#doc-score-sheet img").first).to_have_attribute(
        "src", "/prints/score-sheet.png?game=werdup&players=default&paper=letter")
    assert page.locator("#error-score-sheet").count() == 0
    assert "variant" not in page.url
    with page.expect_download() as info:
        page.click("#doc-score-sheet button[name=download]")
    assert info.value.suggested_filename == "score-sheet-werdup-4p-letter.pdf"


def test_a_preview_not_answered_loads_the_page_with_the_choices(page):
    """With scripts, when the page's answer with a new preview does not come (the fetch
    fails), the page itself is loaded with every choice, so the preview still follows."""
    page.route("**/prints?*", lambda route: route.abort()
               if route.request.resource_type == "fetch" else route.continue_())
    page.goto("/prints")
    with page.expect_request(lambda r: r.resource_type == "document") as reloaded:
        page.select_option("#tiles-game", "werdup")  # (its address is set first, in place)
    assert "tiles.game=werdup" in reloaded.value.url
    # the fetch is refused, so only the page loaded again can show the new preview
    expect(page.locator("#doc-tiles img >> nth=0")).to_have_attribute(
        "src", "/prints/tiles.png?game=werdup&paper=letter")
    page.wait_for_load_state()
    assert "tiles.game=werdup" in page.url and page.url.endswith("#doc-tiles")
    assert page.input_value("#tiles-game") == "werdup"


def _new_bugwords_game_with_a_photo(page, tmp_path) -> None:
    """A new Bug Words game for Ann and Bob, a photo of QUIZ across from 7,7 chosen for it."""
    from boardphoto import board_photo, word_tiles

    photo = tmp_path / "board.jpg"
    photo.write_bytes(board_photo("bugwords", word_tiles(7, 7, "QUIZ")))
    photo_chosen_for_a_new_game(page, photo)


def test_upload_a_board_photo_correct_a_square_and_score(page, tmp_path):
    _new_bugwords_game_with_a_photo(page, tmp_path)
    page.click("#photo-upload button[type=submit]")
    page.wait_for_function("() => { const i = document.getElementById('overlay');"
                           " return i && i.complete && i.naturalWidth > 0; }")
    assert page.input_value("#sq-7-7") == "Q"
    for square, letter in (("#sq-7-9", "I"), ("#sq-7-10", "T")):  # tap and fix: QUIT
        page.fill(square, letter)
    page.click("#photo-form button[type=submit]")
    assert "QUIT" in page.inner_text("#last-play") and "26" in page.inner_text("#last-play")
    assert page.locator("#board .cell.new").count() == 4


def test_a_board_photo_on_its_way_says_so_and_is_sent_once(page, tmp_path, monkeypatch):
    """Sending a photo and reading it takes seconds (IMG_20141025_164048, refused, 3 s on
    this machine's loopback; a 12 MP photo over a phone's connection longer), and the game's
    page stood still meanwhile: nothing said the photo was on its way, and a second tap sent
    it, and had it read, again. Under its button the page says it is being read, and neither
    the button nor Add turn sends anything more until the answer comes."""
    import re
    import threading

    from companion.web import photos

    held, reads = threading.Event(), []
    read = photos.read_photo

    def slow(*args):
        reads.append(args)
        held.wait(30)
        return read(*args)

    monkeypatch.setattr(photos, "read_photo", slow)
    _new_bugwords_game_with_a_photo(page, tmp_path)
    # each try to send the form, as the page left it (whether it went, what it said and
    # whether that is on the screen), kept over the navigation: while the request is on its
    # way the page is not asked, nor clicked (Playwright waits for the navigation to end)
    page.evaluate("""() => document.addEventListener("submit", (e) => {
        const said = document.getElementById("photo-wait"), at = said.getBoundingClientRect();
        const tries = JSON.parse(sessionStorage.getItem("tries") || "[]");
        const seen = at.top >= 0 && at.bottom <= innerHeight;
        tries.push([!e.defaultPrevented, said.textContent, seen]);
        sessionStorage.setItem("tries", JSON.stringify(tries));
    })""")
    page.focus("#photo-upload button[type=submit]")
    try:  # by keyboard: Read the photo, again, then back past the photo's box to Add turn
        for key in ("Enter", "Enter", "Shift+Tab", "Shift+Tab", "Enter"):
            page.keyboard.press(key)
    finally:
        held.set()
    page.wait_for_url(re.compile(r"/photos/\d+$"))
    said = ("Sending the photo and reading the board: this takes a few seconds, longer on a "
            "slow connection.")
    assert page.evaluate("JSON.parse(sessionStorage.getItem('tries'))") == [
        [True, said, True], [False, said, True], [False, said, True]]
    assert len(reads) == 1
    assert page.input_value("#sq-7-7") == "Q"


def test_the_photo_grid_is_one_tab_stop_moved_on_with_the_arrow_keys(page, tmp_path):
    """By keyboard, the board read from a photo is one Tab stop (its 225 squares were 225
    stops before Who played? and Score the new tiles): the arrow keys move on it, a letter
    typed corrects the square, Tab leaves it and Shift+Tab comes back to the square last on."""
    _new_bugwords_game_with_a_photo(page, tmp_path)
    with page.expect_navigation():
        page.click("#photo-upload button[type=submit]")
    at = "document.activeElement.id"
    stops = []
    for _ in range(40):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(at))
        if page.evaluate("document.activeElement.matches('#photo-form button[type=submit]')"):
            break
    in_grid = [s for s in stops if s.startswith("sq-")]
    assert len(in_grid) == 1, stops
    assert stops[-2:] == ["seat", ""]  # then Who played? and the Score button
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(at) == in_grid[0]
    page.focus("#sq-7-7")
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowUp"):
        page.keyboard.press(key)
    assert page.evaluate(at) == "sq-7-10"
    page.keyboard.type("T")  # QUIZ corrected to QUIT
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(at) == "sq-7-10"
    assert page.input_value("#sq-7-10") == "T"
    page.focus("#sq-0-0")
    page.keyboard.press("ArrowUp")  # at the edge: the keyboard stays
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(at) == "sq-0-0"
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "QUIT" in page.inner_text("#last-play") and "26" in page.inner_text("#last-play")


@pytest.mark.slow
def test_submit_a_girdle_sheet(page, base_url):
    import datetime as dt

    from companion.girdle import puzzle_for
    from companion.girdle.generator import find_solution
    from companion.lexicon import default_lexicon

    day = "2026-11-06"
    moves = find_solution(puzzle_for(dt.date.fromisoformat(day)), default_lexicon())
    page.goto(f"/girdle/{day}")
    with page.expect_download() as info:
        page.click("#sheet-links a:first-child")
    assert info.value.suggested_filename == f"girdle-{day}-letter.pdf"
    page.fill("#solution", "\n".join(f"{m.word} {m.start + 1}" for m in moves))
    page.click("#score-sheet")
    assert "points" in page.inner_text("#result")
    assert page.locator("#card tr").count() == 1 + 7 + 3
    # a past day's puzzle, sent today: it counts for no day of a streak
    assert "No streak going" in page.inner_text("#result")


@pytest.mark.slow
def test_reload_and_back_after_a_girdle_sheet_send_nothing_again(page):
    """The answer to a sheet is a page of its own (Post/Redirect/Get): Reload and Back come
    to it without Chromium asking to send the form again, and show the sheet kept."""
    import datetime as dt

    from companion.girdle import puzzle_for
    from companion.girdle.generator import find_solution
    from companion.lexicon import default_lexicon

    day = "2026-11-07"
    moves = find_solution(puzzle_for(dt.date.fromisoformat(day)), default_lexicon())
    # par is known first: the sheet's rank ("Unranked" until then) stays as first shown
    for _ in range(600):
        if page.request.get(f"/api/girdle/{day}/hints").status != 202:
            break
        page.wait_for_timeout(300)
    else:
        raise AssertionError("par was not found in time")
    page.goto(f"/girdle/{day}")
    page.fill("#solution", "\n".join(f"{m.word} {m.start + 1}" for m in moves))
    with page.expect_navigation():
        page.click("#score-sheet")
    assert page.url.endswith(f"/girdle/{day}/result")
    shown = page.inner_text("#result")
    assert "points" in shown and page.locator("#card tr").count() == 1 + 7 + 3
    answer = page.reload()
    assert answer.request.method == "GET" and answer.status == 200
    assert page.inner_text("#result") == shown
    with page.expect_navigation():
        page.click("a[href='/girdle/archive']")
    answer = page.go_back()
    assert answer is not None and answer.request.method == "GET" and answer.status == 200
    assert page.url.endswith(f"/girdle/{day}/result") and page.inner_text("#result") == shown
    kept = page.input_value("#solution").splitlines()  # the sheet is in the box to send again
    assert [line.split()[:2] for line in kept] == [[m.word, str(m.start + 1)] for m in moves]


def test_words_typed_before_a_girdle_photo_are_kept(page, tmp_path):
    """A player who types some words and then sends a photo (here one the reader cannot use)
    gets the page back with the words still in the box."""
    day = "2026-11-08"
    typed = "CAT 1\nDOG 2"
    photo = tmp_path / "sheet.png"
    photo.write_bytes(b"not an image at all")
    page.goto(f"/girdle/{day}")
    page.fill("#solution", typed)
    page.set_input_files("#sheet-photo", str(photo))
    with page.expect_navigation():
        page.click("#read-photo")
    assert "not an image" in page.inner_text("#error")
    assert page.input_value("#solution") == typed
    assert page.get_attribute("#sheet-photo", "aria-invalid") == "true"
    assert page.get_attribute("#solution", "aria-invalid") is None


@pytest.mark.slow
def test_download_an_stl(browser, tmp_path, cad_cache):
    app = make_app(tmp_path, CAD_CACHE_DIR=cad_cache)
    with live_server(app) as url:
        context = browser.new_context(base_url=url, **PHONE)
        pg = context.new_page()
        pg.set_default_timeout(120000)
        pg.goto("/prints")
        pg.click("#cad-link")
        pg.select_option("#part", "coupon")
        pg.uncheck("input[name=estimate][type=checkbox]")
        pg.click("#cad-form button[type=submit]")
        with pg.expect_download() as info:
            pg.click("#downloads a")
        assert info.value.suggested_filename == "coupon.stl"
        with open(info.value.path(), "rb") as fh:
            assert len(fh.read()) > 10000
        context.close()


def test_a_page_waiting_for_par_keeps_its_place_and_opens_by_itself(browser, tmp_path,
                                                                      monkeypatch):
    """The hints page, while par is being searched for (held here until the test lets it go),
    is not reloaded every few seconds (which loses a screen reader's place): it asks a small
    status address instead, offers a link to check by hand, and opens the hints by itself
    once they are there."""
    import threading

    from companion.web import girdle, par_jobs

    real, gate = par_jobs.search, threading.Event()

    def held(*args):
        assert gate.wait(120)
        return real(*args)

    monkeypatch.setattr(par_jobs, "search", held)
    # the page asks as often as the app says (3 s as shipped); here every half second, so
    # the two checks and the opening are not waited out at a player's pace
    monkeypatch.setattr(girdle, "PAR_POLL_SECONDS", 0.5)
    day = "2026-10-17"  # a star: its par is proven in seconds
    with live_server(make_app(tmp_path)) as url:
        context = browser.new_context(base_url=url, **PHONE)
        try:
            page = context.new_page()
            page.goto(f"/girdle/{day}?hints=1")
            waiting = page.locator("#hints-pending")
            assert waiting.get_attribute("role") == "status"
            assert page.get_attribute("#check-again", "href") == f"/girdle/{day}?hints=1"
            assert page.locator('meta[http-equiv="refresh"]').count() == 0
            page.evaluate("window.stayed = true")
            for _ in range(2):  # two status checks, and the page is still the same page
                with page.expect_request(lambda r: r.url.endswith(f"/api/girdle/{day}/par/status"),
                                         timeout=15000) as asked:
                    pass
                assert asked.value.response().json() == {"status": "searching"}
            assert page.evaluate("window.stayed === true") and waiting.count() == 1
            gate.set()
            page.wait_for_selector("#hints", timeout=120000)
            assert page.evaluate("window.stayed === undefined")  # opened again, once ready
        finally:
            gate.set()
            context.close()


def test_the_pdq_player_is_asked_only_in_intergenerational(page):
    """Judge mode shows the player (adult, child, every player) only for the variant whose
    shortest word depends on it, sends it only then, and judges by it."""
    page.goto("/judge")
    page.select_option("#game", "pdq")
    assert not page.is_visible("#player")
    page.select_option("#variant", "intergenerational")
    assert page.is_visible("#player") and page.is_enabled("#player")
    page.fill("#words", "drum")
    page.fill("#cards", "DRU")
    page.select_option("#player", "child")
    with page.expect_navigation():
        page.click("#judge-form button[type=submit]")
    assert page.inner_text("#verdict .big") == "VALID"
    assert page.is_visible("#player") and page.input_value("#player") == "child"
    page.select_option("#variant", "regular")  # the field goes, and is not sent
    assert not page.is_visible("#player") and not page.is_enabled("#player")
    page.fill("#words", "drum")
    page.fill("#cards", "DRU")
    with page.expect_navigation():
        page.click("#judge-form button[type=submit]")
    assert page.inner_text("#verdict .big") == "VALID"  # 3 letters suffice in PDQ


@pytest.mark.parametrize(("address", "box"), [
    ("/pdq?variant=intergenerational&seed=7&round=1&word=pan&player=wizard", "player"),
    ("/pdq?variant=pdl&seed=7&round=1&word=pan&said=12+!!", "said"),
    ("/pdq?variant=pdl&seed=7&round=1&word=pan+pin", "word"),
    # the same boxes on the check page, which opens no phone keyboard over a refusal
    ("/?game=pdq&cards=PNA&word=pan&variant=intergenerational&player=wizard", ""),
    ("/?game=pdq&cards=PNA&word=pan&variant=pdl&said=1+2", ""),
])
def test_a_refused_pdq_box_has_the_keyboard(page, address, box):
    """The PDQ dealer's word box refused has the keyboard, but a refused player
    (Intergenerational) or words said (PDL) were only marked: the keyboard was left on the
    page. Each box refused there has it, described by the refusal."""
    page.goto(address)
    assert page.locator("#error").is_visible()
    assert focused(page) == box
    at_fault = page.locator("[aria-invalid=true]").evaluate_all("boxes => boxes.map(b => b.id)")
    assert at_fault == [box or address.rsplit("&", 1)[1].split("=")[0]]


def test_the_board_is_tapped_only_with_scripts(browser, base_url):
    """Tapping the score sheet's board to start a play is a script's: without scripts the
    squares are disabled and nothing says to tap them (a tap did nothing, and the hint said
    to), and the play is typed; with scripts a tap starts it."""
    game = post_json(base_url, "/api/games", {"game": "bugwords", "players": ["Ann", "Bob"]})
    for scripts in (True, False):
        with phones(browser, base_url, timeout=30000, java_script_enabled=scripts) as (page,):
            page.goto(f"/games/{game['table_key']}")
            square = page.locator('#board [data-square="8H"]')
            assert square.is_enabled() is scripts
            assert page.locator("#tap-hint").is_visible() is scripts
            assert ("tap a square" in page.get_attribute("#board", "aria-label")) is scripts
            if scripts:
                square.tap()
                assert page.input_value("#play") == "8H "
            assert page.locator("#play").is_visible()  # the play is typed either way


def _on_screen(page, selector: str) -> bool:
    """Whether all of ``selector`` shows on the screen as the page opens, without scrolling."""
    box = page.locator(selector).bounding_box()
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= \
        page.viewport_size["height"]


def test_a_pdq_verdict_shows_on_a_phone_without_scrolling(page):
    """The cards photo form stood between the Check button and the verdict, which opened
    below a phone's screen (and a laptop's): the verdict comes first."""
    page.goto("/?word=pan&game=pdq&cards=PNA")
    assert "PAN: NOT VALID" in page.locator("#verdict .big").inner_text()
    assert _on_screen(page, "#verdict")
    assert page.is_visible("#cards-photo")  # still there, after the verdict


def test_the_judge_verdict_shows_whole_with_a_house_list_s_notes(browser, tmp_path):
    """The notes on a house list's skipped lines stood above the form, pushing the judge's
    verdict (who decided, when it clears) below a phone's screen; they come last, and are
    not coloured as an error, which they are not."""
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "family.txt").write_text("zyzzyx\nx-ray\nrock'n'roll\n")
    (folder / "no.txt").write_text("dog\ncan't\n")
    app = make_app(tmp_path, LEXICON_ADD="family.txt", LEXICON_REMOVE=["no.txt"])
    with live_server(app) as url:
        context = browser.new_context(base_url=url, **PHONE)
        try:
            page = context.new_page()
            page.goto("/judge")
            page.fill("#words", "cat dog")
            with page.expect_navigation():
                page.click("main form button[type=submit]")
            assert page.locator("#verdict .big").inner_text() == "NOT VALID"
            for said in ("#verdict .big", "#decided-by", "#clears"):
                assert _on_screen(page, said), said
            notes = page.locator(".word-list-skipped")
            assert notes.count() == 2
            note_colour = notes.first.evaluate("e => getComputedStyle(e).backgroundColor")
            page.goto("/?word=qz&game=pdq&cards=%3F")  # a refusal: an error's colours
            error_colour = page.locator("#error").evaluate(
                "e => getComputedStyle(e).backgroundColor")
            assert note_colour != error_colour
        finally:
            context.close()


def test_a_turn_recorded_shows_the_totals_and_the_play_together(page):
    """The score page scrolled to the last play after every turn, which put the running
    totals just above it under the header: the page opens at its top, the totals and the
    play's score both on the phone's screen. The challenge question under them is a box
    of its own (a notice of no tone had no background or border, so its text and button
    floated, indented, on the page)."""
    page.goto("/games")
    page.select_option("#game", "bugwords")
    for seat, name in enumerate(("Ann", "Bob", "Cy", "Di"), start=1):
        page.fill(f"#player-{seat}", name)
    page.locator("#table-settings summary").click()
    page.select_option("#challenge_rule", "double")
    page.click("#new-game button[type=submit]")
    for play in ("8H QUIZ", "9H XY"):
        page.fill("#play", play)
        with page.expect_navigation():
            page.click("#turn-form button[type=submit]")
    assert "XY" in page.inner_text("#last-play")
    assert page.evaluate("scrollY") == 0
    assert _on_screen(page, "#totals") and _on_screen(page, "#last-play")
    box = page.locator("#challenge-form").evaluate(
        "e => { const s = getComputedStyle(e), b = getComputedStyle(document.body);"
        " return [s.borderTopWidth, s.backgroundColor, b.backgroundColor]; }")
    assert box[0] != "0px" and box[1] != box[2] and box[1] != "rgba(0, 0, 0, 0)"
    page.fill("#play", "7H ZZZZZ")  # a refusal is still brought into view
    with page.expect_navigation():
        page.click("#turn-form button[type=submit]")
    assert _on_screen(page, "#error")


def test_the_girdle_archive_s_links_are_whole_taps(page):
    """The archive's links were words in a line, "Letter · A4 · Answers": "A4" was 22 x 24 px
    a dot away from "Letter". Each is a tap of 44 px both ways, and a day's date is on one
    line."""
    page.goto("/girdle/archive?month=2026-11")
    sizes = page.locator("#archive td a").evaluate_all(
        "links => links.map(a => { const r = a.getBoundingClientRect();"
        " return [a.textContent.trim(), r.width, r.height]; })")
    assert len(sizes) == 30 * 4  # a date, Letter, A4 and Answers for each day
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert not small, small[:4]
    one_line = page.locator("#archive a.day").evaluate_all(
        "links => links.every(a => a.getClientRects().length === 1"
        " && a.getBoundingClientRect().height < 60)")
    assert one_line
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_what_a_girdle_photo_was_read_as_is_on_the_screen(page, tmp_path, monkeypatch):
    """A sheet's photo read opened the day's page at its top, the words read (or that none
    were) some 1,500 px below it, under the day's shape: nothing on the screen said the photo
    was read. The page opens at what it was read as."""
    from companion.web import girdle

    monkeypatch.setattr(girdle, "read_sheet_photo", lambda day, data: (
        {"words": [], "problem": "", "uncertain": [], "score": None}, ""))
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(b"\xff\xd8 a photo")
    page.goto("/girdle/2026-11-08")
    page.set_input_files("#sheet-photo", str(photo))
    with page.expect_navigation():
        page.click("#read-photo")
    assert "No words were read from your photo" in page.inner_text("#sheet-read")
    assert _on_screen(page, "#sheet-read .notice")


def test_the_winner_is_the_big_line_of_a_finished_game(page, base_url):
    """"Cy wins with -29 points." was written as the ranking under it, at the body's size
    and weight: the class "big" was drawn only inside a verdict's box. The winner's line is
    large and bold."""
    key = post_json(base_url, "/api/games", {"game": "werdup", "players": ["Cy", "Di"]})[
        "table_key"]
    for turn in ({"play": "5E QUIT"}, {"action": "pass"}, {"action": "pass"}):
        post_json(base_url, f"/api/games/{key}/turns", turn)
    post_json(base_url, f"/api/games/{key}/finish", {"racks": {"0": "AEIOSTN", "1": "AEIOUST"}})
    page.goto(f"/games/{key}")
    assert page.inner_text("#winner") == "Cy wins with -29 points."
    size, weight = page.locator("#winner").evaluate(
        "e => { const s = getComputedStyle(e); return [parseFloat(s.fontSize), s.fontWeight]; }")
    body = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 1.25 * body and int(weight) >= 700


def test_links_that_stand_alone_are_taps_of_40_px(page, base_url):
    """A way back ("Back to the game", "Print shop", "Start again"), the hints and
    the game's downloads were lines of text 24 to 26 px tall, some a few px apart: each is a
    tap of 40 px or more."""
    game = post_json(base_url, "/api/games", {"game": "bugwords", "players": ["Ann", "Bob"],
                                              "clock_minutes": 25})
    table = f"/games/{game['table_key']}"
    for url, links in ((table, "main .downloads a"), (table + "/clock", f"main a[href='{table}']"),
                       ("/prints/3d", "main a[href='/prints']"), ("/no-such-page", "#error + p a"),
                       ("/girdle/2026-11-08", "#hints-link, #day-answers-link")):
        page.goto(url)
        heights = page.locator(links).evaluate_all(
            "links => links.map(a => a.getBoundingClientRect().height)")
        assert heights and min(heights) >= 40, (url, heights)


def test_small_text_and_taps_a_player_reads_and_touches(page, base_url, monkeypatch):
    """Read at a phone's size: a Girdle letter's value under it was 10 px, and the letters of
    a Girdle grid read from a photo (as of the hints grid) 12 px, 3.2 % of the screen's width
    in a 40 px square; the games this device opened and the folds to open ("End the game",
    "Share this game") were taps of 24 and 34 px."""
    from companion.web import girdle

    key = post_json(base_url, "/api/games", {"game": "bugwords", "players": ["Ann", "Bob"]})[
        "table_key"]
    page.goto(f"/games/{key}")  # (opened on this device: listed under "Your games")
    folds = page.locator("main summary").evaluate_all(
        "all => all.map(s => s.getBoundingClientRect().height)")
    assert len(folds) == 3 and min(folds) >= 40, folds
    page.goto("/games")
    games = page.locator("#recent a").evaluate_all(
        "all => all.map(a => a.getBoundingClientRect().height)")
    assert games and min(games) >= 40, games

    def size(selector: str) -> float:
        return page.locator(selector).first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")

    page.goto("/girdle/2026-11-08/play")
    assert size("#az small") >= 14
    monkeypatch.setattr(girdle, "read_sheet_photo", lambda day, data: (
        {"words": ["JAB"], "problem": "", "uncertain": [], "score": None,
         "grid": [list("JAB    ")] + [list(" " * 7)] * 6}, "JAB 1"))
    page.goto("/girdle/2026-11-08")
    page.set_input_files("#sheet-photo", files=[{"name": "s.jpg", "mimeType": "image/jpeg",
                                                 "buffer": b"\xff\xd8 a photo"}])
    with page.expect_navigation():
        page.click("#read-photo")
    assert page.locator("#sheet-read .cell").first.inner_text() == "J"
    assert size("#sheet-read .cell") >= 16


def test_the_app_s_own_forms_send_no_argument_twice(browser, page, tmp_path):
    """The forms sent by GET still work now that an argument given twice is refused: the
    check page's (PDQ, with the Intergenerational player), the dealer's word and the 3D
    form's, whose ticked box and the hidden "0" standing in for it are one argument sent
    twice, the one that page declares; the box is read either way."""
    page.goto("/")
    page.fill("#word", "drum")
    page.select_option("#game", "pdq")
    page.fill("#cards", "DRU")
    page.select_option("#variant", "intergenerational")
    page.select_option("#player", "child")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert page.inner_text("#verdict .big") == "DRUM: VALID"
    page.goto("/pdq?variant=regular&seed=7&round=1")
    page.fill("#word", "zzz")
    with page.expect_navigation():
        page.click("#word-form button[type=submit]")
    assert "ZZZ: NOT VALID" in page.inner_text("#verdict")
    app = make_app(tmp_path, BUILDS_PER_HOUR=0)  # the view answers; no build is started
    with live_server(app) as url:
        context = browser.new_context(base_url=url, **PHONE)
        try:
            pg = context.new_page()
            pg.goto("/prints/3d")
            pg.select_option("#part", "coupon")
            box = "#cad-form input[name=estimate][type=checkbox]"
            for ticked in (True, False):
                pg.set_checked(box, ticked)
                with pg.expect_navigation():
                    pg.click("#cad-form button[type=submit]")
                assert "This server takes no new builds" in pg.inner_text("#error")
                assert pg.is_checked(box) is ticked
                assert pg.input_value("#part") == "coupon"
        finally:
            context.close()


def test_a_word_typed_before_a_cards_photo_is_kept(browser, base_url):
    """The cards photo was a form of its own, which took the word, variant and player typed
    since the page was drawn only by a script: without scripts a word typed (and an
    Intergenerational player chosen) before photographing the cards was lost when the photo
    was refused, here a real photo of a board. The photo is sent by the check's form, so they
    go with it as they stand, with scripts or without; Check still sends no photo's name."""
    from pathlib import Path
    from urllib.parse import parse_qs, urlsplit

    photo = Path(__file__).parents[1] / "data/vision/real/IMG_20151016_165303.jpg"
    for scripts in (True, False):
        with phones(browser, base_url, timeout=30000, java_script_enabled=scripts) as (page,):
            page.goto("/?game=pdq")
            page.fill("#word", "drum")
            page.fill("#cards", "DRU")
            page.select_option("#variant", "intergenerational")
            page.select_option("#player", "child")
            page.set_input_files("#cards-photo", str(photo))
            with page.expect_navigation():
                page.click("#cards-photo-upload button[type=submit]")
            assert "shows a Bug Words board, not a PDQ deal" in page.inner_text("#error")
            assert page.input_value("#word") == "drum", scripts
            assert page.input_value("#cards") == "DRU", scripts
            assert page.input_value("#variant") == "intergenerational", scripts
            assert page.input_value("#player") == "child", scripts
            assert page.get_attribute("#cards-photo", "aria-invalid") == "true"
            page.set_input_files("#cards-photo", str(photo))  # chosen, then Check instead
            with page.expect_navigation():
                page.click("#check-form button[type=submit]")
            assert page.inner_text("#verdict .big") == "DRUM: VALID", scripts
            query = parse_qs(urlsplit(page.url).query, keep_blank_values=True)
            assert "csrf_token" not in query and not page.locator("#photo-note").count()
            assert query == {"word": ["drum"], "game": ["pdq"], "cards": ["DRU"],
                             "variant": ["intergenerational"], "player": ["child"]}, scripts


def test_check_s_address_holds_only_what_was_typed(browser, base_url):
    """The cards photo's box belongs to the check's form, so every Check sent it too, as
    an empty ``photo=`` (a GET form sends a file box as its file's name): the address a player
    shares or bookmarks ended in it; and with no game chosen it held the variant box's
    default, ``variant=regular``, which means nothing without PDQ. With scripts or without,
    Check's address holds the boxes filled (a PDQ check its variant), and opening it again
    gives the same verdict."""
    from urllib.parse import parse_qs, urlsplit

    for scripts in (True, False):
        with phones(browser, base_url, java_script_enabled=scripts) as (page,):
            page.goto("/")
            page.fill("#word", "qi")
            with page.expect_navigation():
                page.click("#check-form button[type=submit]")
            assert page.inner_text("#verdict .big") == "QI: VALID", scripts
            shared = page.url
            assert parse_qs(urlsplit(shared).query, keep_blank_values=True) == {
                "word": ["qi"]}, (scripts, shared)
            page.select_option("#game", "pdq")
            page.fill("#word", "pineapple")
            page.fill("#cards", "PNA")
            with page.expect_navigation():
                page.click("#check-form button[type=submit]")
            assert page.inner_text("#verdict .big") == "PINEAPPLE: VALID", scripts
            assert parse_qs(urlsplit(page.url).query, keep_blank_values=True) == {
                "word": ["pineapple"], "game": ["pdq"], "cards": ["PNA"],
                "variant": ["regular"]}, (scripts, page.url)
            page.goto(shared)  # the address shared: the same check
            assert page.inner_text("#verdict .big") == "QI: VALID" and page.url == shared


def test_a_four_score_deal_photographed_with_a_card_hidden_is_refused(browser, base_url,
                                                                       tmp_path):
    """ZEST dealt for Four Score, its last card under something dark: the check page read
    ZES and set its cards box to three cards for a four-card game. The page says a card is
    missing, the photo field marked, the variant and word kept."""
    import numpy as np

    from synthetic.camera import Camera
    from synthetic.cards import deal_photo

    photo = tmp_path / "deal.jpg"
    photo.write_bytes(deal_photo(list("ZEST"), np.random.default_rng(2),
                                 Camera(width=1600, height=1200), covered=3))
    context = browser.new_context(base_url=base_url, **PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(30000)
        page.goto("/?game=pdq")
        page.fill("#word", "zests")
        page.select_option("#variant", "four-score")
        page.set_input_files("#cards-photo", str(photo))
        with page.expect_navigation():
            page.click("#cards-photo-upload button[type=submit]")
        assert page.inner_text("#error") == ("3 cards found, but Four Score deals 4: is a "
                                             "card hidden or out of the photo?")
        assert page.get_attribute("#cards-photo", "aria-invalid") == "true"
        assert page.input_value("#variant") == "four-score"
        assert page.input_value("#word") == "zests" and page.input_value("#cards") == ""
    finally:
        context.close()


def test_a_play_typed_before_a_board_photo_is_kept(browser, base_url):
    """The board photo was a form of its own: a player who typed a play (and chose the
    player) and then sent a photo that was refused, here a real photo of a Bug Words board on
    a WerdUp sheet, found the turn's boxes empty. The photo is sent by the turn's form, so
    the play typed goes with it and comes back as it was, with scripts or without."""
    from pathlib import Path

    photo = Path(__file__).parents[1] / "data/vision/real/IMG_20151016_165946.jpg"
    for scripts in (True, False):
        with phones(browser, base_url, timeout=30000, java_script_enabled=scripts) as (page,):
            page.goto("/games")
            page.select_option("#game", "werdup")
            page.fill("input[aria-label='Player 1']", "Ann")
            page.fill("input[aria-label='Player 2']", "Bob")
            with page.expect_navigation():
                page.click("#new-game button[type=submit]")
            play = page.inner_text("label[for=play]").split("e.g. ")[1].strip()
            page.fill("#play", play)
            page.select_option("select[name=seat]", "1")
            page.set_input_files("#photo", str(photo))
            with page.expect_navigation():
                page.click("#photo-upload button[type=submit]")
            assert "shows a Bug Words board, not a WerdUp board" in page.inner_text("#error")
            assert page.input_value("#play") == play, scripts
            assert page.input_value("select[name=seat]") == "1", scripts
            assert page.get_attribute("#photo", "aria-invalid") == "true"
            assert page.get_attribute("#play", "aria-invalid") is None
            with page.expect_navigation():  # the play is still added by its own button
                page.click("#turn-form button[type=submit]")
            assert "Bob: " + play.split()[0] in page.inner_text("#last-play"), scripts


DEFAULT_BUTTONS = """() => Object.fromEntries(Array.from(document.forms, form => {
  // each form's default button: the one Enter in its boxes presses (its first submit
  // button in the page's order, form= buttons outside it included)
  const button = Array.from(form.elements).find(e => e.matches(':default'));
  return [form.id, button ? button.textContent.trim() : null];
}))"""


def test_enter_in_a_sheet_s_box_without_scripts_does_what_the_box_is_for(browser, base_url):
    """Without scripts, Enter in a box sends its form by the form's default button, its first
    submit button in the page's order. On a game's sheet each form's is the action its boxes
    are for: Add turn from the play, the words and the score, a photo chosen or not (Read the
    photo, the photo box's button, sends the same form and comes after it: before it, Enter
    in the play would send the photo to be read); Finish and add up from a rack; the
    challenge's own button (its only box, who challenges, is a list, where Enter sends
    nothing)."""
    from pathlib import Path

    game = post_json(base_url, "/api/games", {"game": "bugwords",
                                              "players": ["Ann", "Bob", "Cy"],
                                              "challenge_rule": "single"})
    key = game["table_key"]
    post_json(base_url, f"/api/games/{key}/turns", {"play": "8H QUIZ"})
    photo = Path(__file__).parents[1] / "data/vision/real/IMG_20151016_165946.jpg"

    def enter(page, box: str) -> str:
        """Enter pressed in ``box``: the path the form was sent to."""
        with page.expect_request(lambda r: r.method == "POST") as sent, \
                page.expect_navigation():
            page.press(box, "Enter")
        return sent.value.url.removeprefix(base_url)

    def sheet() -> dict:
        return get_json(base_url, f"/api/games/{key}")

    def turns() -> list[str]:
        return [t["words"] for t in sheet()["turns"]]

    with phones(browser, base_url, timeout=30000, java_script_enabled=False) as (page,):
        page.goto(f"/games/{key}")
        assert page.evaluate(DEFAULT_BUTTONS) == {
            "challenge-form": "Challenge QUIZ", "turn-form": "Add turn",
            "undo-form": "Take back the last turn", "finish-form": "Finish and add up"}
        page.set_input_files("#photo", str(photo))  # chosen, but the play is typed
        page.fill("#play", "J8 IT")
        assert enter(page, "#play") == f"/games/{key}/turns"
        assert turns() == ["QUIZ", "IT"]
        for box in ("#words", "#score"):
            page.click("#turn-form summary")  # "... or type the words and score yourself"
            page.fill("#words", "AT")
            page.fill("#score", "2")
            assert enter(page, box) == f"/games/{key}/turns"
        assert turns() == ["QUIZ", "IT", "AT", "AT"]
        page.click("text=End the game")
        page.fill("#rack0", "E")  # (turns of words typed tell no rack's tiles)
        assert enter(page, "#rack0") == f"/games/{key}/finish"
        assert sheet()["finished"] and turns() == ["QUIZ", "IT", "AT", "AT"]


NOTICE_GAPS = """boxes => boxes.map(box => {  // a notice box's room above and below what it shows
  const shown = Array.from(box.children).filter(c => c.getClientRects().length);
  const b = box.getBoundingClientRect(), s = getComputedStyle(box);
  const top = b.top + parseFloat(s.borderTopWidth) + parseFloat(s.paddingTop);
  const bottom = b.bottom - parseFloat(s.borderBottomWidth) - parseFloat(s.paddingBottom);
  return [box.id, box.firstElementChild.type || box.firstElementChild.tagName,
          Math.round(shown[0].getBoundingClientRect().top - top),
          Math.round(bottom - shown[shown.length - 1].getBoundingClientRect().bottom)];
})"""


def test_a_notice_box_s_hidden_inputs_leave_no_room_at_its_top(page):
    """The challenge box is a form whose first children are hidden inputs (its token and
    version), so the rule that takes the top margin off a notice box's first child missed
    its question, which stood 18 px lower than the padding put it. Every notice box on the
    score sheet now shows its first and last child on its padding (measured: 18 px above the
    question before, 0 after)."""
    page.goto("/games")
    page.select_option("#game", "bugwords")
    page.fill("#player-1", "Ann")
    page.fill("#player-2", "Bob")
    page.locator("#table-settings summary").click()
    page.select_option("#challenge_rule", "single")
    with page.expect_navigation():
        page.click("#new-game button[type=submit]")
    page.fill("#play", "8H QUIZ")
    with page.expect_navigation():
        page.click("#turn-form button[type=submit]")
    gaps = page.locator(".notice").evaluate_all(NOTICE_GAPS)
    assert ["challenge-form", "hidden"] in [g[:2] for g in gaps]
    # an inline first child (a <strong>) stands a pixel inside its line's half-leading
    assert all(top <= 1 and bottom <= 1 for _id, _first, top, bottom in gaps), gaps


def _name_words(pdf) -> list[tuple[str, float]]:
    """The words of a printed sheet's first row, the players' names, with their type size in
    points (pdftotext's box is the face's ascent and descent: 1.117 of the size)."""
    import re
    import subprocess

    boxes = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-bbox", str(pdf), "-"],
                           capture_output=True, text=True, check=True).stdout
    words = [(w, float(y0), float(y1)) for y0, y1, w in re.findall(
        r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>',
        boxes)]
    head = next(y0 for w, y0, _ in words if w == "Round")  # the rounds' heading
    below = min(y0 for w, y0, _ in words if w == "Final")  # the row under the names
    return [(w, round((y1 - y0) / 1.117, 1)) for w, y0, y1 in words
            if head - 8 < y0 < below and w != "Round"]


def test_a_long_name_on_the_printed_sheet_fits_its_column_without_a_cut_word(browser,
                                                                               base_url,
                                                                               tmp_path):
    """Four players' printed sheet broke "Bartholomew-Alexandros" as "Bartholome / w- /
    Alexandros" (the name's box was 7 em wide and might break anywhere). A name now shrinks
    to fit its share of the table, down to 9 pt on paper, then breaks after a hyphen or at a
    space, and only a piece still too wide is cut, with an ellipsis; two players' names keep
    the sheet's 12 pt."""
    long = "Wolfeschlegelsteinhausenbergerdorffwelche"[:40]
    names = ["Bartholomew-Alexandros", "Ann", "Mary Ann Smithson-Jones", long]
    pieces = {"Bartholomew-Alexandros", "Bartholomew-", "Alexandros", "Ann", "Mary",
              "Smithson-Jones", "Smithson-", "Jones"}
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        for players in (2, 4):
            game = page.request.post("/api/games", data={
                "game": "werdup", "players": names[:players]}).json()
            page.goto(f"/games/{game['table_key']}/print")
            for paper in ("Letter", "A4"):
                pdf = tmp_path / f"sheet-{players}-{paper}.pdf"
                page.pdf(path=str(pdf), format=paper)
                words = _name_words(pdf)
                shown = [w for w, _ in words]
                cut = [w for w in shown if w not in pieces and not (
                    w.endswith("…") and long.startswith(w[:-1]) and len(w) > 10)]
                assert not cut, (players, paper, shown)
                assert "Alexandros" in "".join(shown), (players, paper, shown)
                sizes = [size for _, size in words]
                if players == 2:
                    assert shown == ["Bartholomew-Alexandros", "Ann"], (paper, shown)
                    assert min(sizes) >= 11.9, (paper, words)
                else:
                    assert any(w.endswith("…") for w in shown), (paper, shown)
                    assert min(sizes) >= 8.9, (paper, words)
    finally:
        context.close()


@pytest.mark.parametrize("scripts", [True, False])
def test_a_girdle_sheet_sent_after_its_form_expired_is_all_still_there(browser, base_url,
                                                                         scripts):
    """An evening's sheet typed on a page whose session was lost meanwhile (the cookie gone:
    a server restarted with a new key reads it as none) was refused on an error page whose
    "Go back" loaded the form again, empty. Now the page comes back with every typed line in
    the box and a fresh token, saying so in one sentence; sent again, it is judged."""
    from companion.web.csrf import EXPIRED

    day = "2026-11-09"
    typed = "JUMPING 1\nUSE 1\nQUIZ 2\nA long, evening's line: 7\n"
    with phones(browser, base_url, java_script_enabled=scripts) as (page,):
        page.goto(f"/girdle/{day}")
        page.fill("#solution", typed)
        page.context.clear_cookies()  # the session lost while the page stood open
        with page.expect_navigation():
            page.click("#score-sheet")
        assert page.locator("#error").inner_text() == EXPIRED
        assert page.input_value("#solution") == typed
        assert page.title().startswith("Error: ")
        with page.expect_navigation():
            page.click("#score-sheet")
        said = page.locator("#error").inner_text()
        assert said != EXPIRED and "expired" not in said  # judged this time: not a sheet
        assert page.input_value("#solution") == typed


def _first_playable(pz, played: list, length: int, starts: tuple[int, ...]) -> list:
    """``played`` and the first word (alphabetically) of ``length`` letters the engine takes
    after them, starting on the first of ``starts`` (squares along its line) that has one,
    as the play page keeps them: with the Supply letters the engine chose for each."""
    from companion.errors import UsageError
    from companion.girdle.typed_sheet import Step, parse_solution, play_solution, solution_text
    from companion.lexicon import default_lexicon

    lexicon = default_lexicon()
    words = sorted(w.upper() for w in lexicon if len(w) == length and w.isalpha())
    for start in starts:
        for word in words:
            try:
                placements, _, _ = play_solution(pz, [*played, Step(word, start, None, None)],
                                                 lexicon)
            except UsageError:
                continue
            return parse_solution(solution_text(pz, placements), pz)
    raise AssertionError(f"no {length}-letter word fits")


def test_a_girdle_word_sent_after_its_form_expired_comes_back_on_its_own_squares(browser,
                                                                                  base_url):
    """The play page sent with its token expired came back with the sheet and the typed
    letters, but drawn on word 1's squares (the page was read again as if nothing had been
    played), so word 2's letters stood in word 1's line, and a word longer than word 1 could
    not all be shown. Now they come back on the squares of the word being played, and sent
    again the word is played."""
    from companion.girdle import puzzle_for
    from companion.web.csrf import EXPIRED

    day = "2026-11-06"
    pz = puzzle_for(dt.date.fromisoformat(day))
    one, two = pz.lines[0].cells(pz.size), pz.lines[1].cells(pz.size)
    (crossing,) = set(one) & set(two)
    # word 1 of three letters ending on the square word 2's line crosses; word 2 of five
    (first,) = played = _first_playable(pz, [], 3, (one.index(crossing) - 1,))
    second = _first_playable(pz, played, 5, (1, 2, 3))[1]
    typed = {pos: letter for pos, letter in enumerate(second.word, second.start)
             if two[pos - 1] != crossing}
    assert len(typed) == 4 and len(second.word) > len(first.word)

    def square(pos: int):  # the grid's own square at place ``pos`` of word 2's line
        row, col = two[pos - 1]
        return page.locator(f"#play-grid > :nth-child({(row - 1) * pz.size + col})")

    with phones(browser, base_url) as (page,):
        page.goto(f"/girdle/{day}/play")
        for pos, letter in enumerate(first.word, first.start):
            page.fill(f"#sq-{pos}", letter)
        with page.expect_navigation():
            page.click("#play-word")
        assert "Word 2 of" in page.inner_text("#prompt")
        for pos, letter in typed.items():
            page.fill(f"#sq-{pos}", letter)
        page.context.clear_cookies()  # the session lost while the page stood open
        with page.expect_navigation():
            page.click("#play-word")
        assert page.locator("#error").inner_text() == EXPIRED
        assert "Word 2 of" in page.inner_text("#prompt")
        sheet = page.input_value("#sheet")  # as the engine wrote it: "ABY 3 +1,2,3"
        assert sheet.split()[:2] == [first.word, str(first.start)] and "\n" not in sheet
        for pos, letter in typed.items():
            assert square(pos).evaluate("e => e.tagName") == "INPUT", pos
            assert square(pos).get_attribute("name") == f"sq-{pos}"
            assert square(pos).input_value() == letter, pos
        with page.expect_navigation():
            page.click("#play-word")
        assert "Word 3 of" in page.inner_text("#prompt")
        lines = page.input_value("#sheet").splitlines()
        assert [line.split()[:2] for line in lines] == [[first.word, str(first.start)],
                                                        [second.word, str(second.start)]]


def test_go_back_on_an_error_page_returns_to_the_form_as_it_was_left(browser, base_url):
    """"Go back" was a link to the page before, which loaded it again (an empty form): with
    scripts it steps back in the browser's history; without, it still leads there."""
    for scripts in (True, False):
        with phones(browser, base_url, java_script_enabled=scripts) as (page,):
            page.goto("/pdq")
            # a variant the dealer lacks (an old page's list, say): refused on the error page
            page.locator("#variant option").first.evaluate("o => { o.value = 'chess'; }")
            with page.expect_navigation():
                page.click("#deal-form button[type=submit]")
            assert page.title() == "Cannot do that - PDQ dealer - Companion"
            assert page.get_attribute("#start-again", "href") == "/pdq"
            with page.expect_navigation():
                page.click("#go-back")
            assert page.url.endswith("/pdq")
            how = page.evaluate("performance.getEntriesByType('navigation')[0].type")
            assert how == ("back_forward" if scripts else "navigate"), scripts


def test_a_photo_too_large_keeps_what_was_typed_beside_it(browser, tmp_path):
    """A photo past the upload limit (a phone's 50 or 200 MP mode) was answered by the error
    page, whose "Go back" found the turn's form, the check's and the Girdle sheet's empty:
    the play typed, the word and cards, the evening's sheet, all lost. The form's page comes
    back holding them, the refusal said above the form; nothing was read or recorded."""
    big = tmp_path / "big.jpg"
    big.write_bytes(b"\xff\xd8\xff\xe0" + bytes(1_200_000))
    app = make_app(tmp_path, MAX_CONTENT_LENGTH=1024 * 1024)
    said = "That upload is too large: the limit is 1 MB."
    with live_server(app) as url, phones(browser, url, timeout=30000) as (page,):

        def send_photo(field: str, button: str) -> str:
            """The photo too large chosen in ``field`` and sent by ``button``: the refusal."""
            page.set_input_files(field, str(big))
            with page.expect_navigation():
                page.click(button)
            return page.inner_text("#error")

        page.goto("/games")
        page.select_option("#game", "bugwords")
        page.fill("#player-1", "Ann")
        page.fill("#player-2", "Bob")
        with page.expect_navigation():
            page.click("#new-game button[type=submit]")
        game = page.url
        page.select_option("#seat", "1")
        page.fill("#play", "8H QI")
        assert send_photo("#photo", "#photo-upload button[type=submit]") == said
        assert page.input_value("#play") == "8H QI" and page.input_value("#seat") == "1"
        page.goto(game)
        assert page.locator("#turns").count() == 0  # no turn recorded

        page.goto("/?game=pdq")
        page.fill("#word", "zests")
        page.fill("#cards", "ZEST")
        page.select_option("#variant", "four-score")
        assert send_photo("#cards-photo", "#cards-photo-upload button[type=submit]") == said
        assert page.input_value("#word") == "zests" and page.input_value("#cards") == "ZEST"
        assert page.input_value("#variant") == "four-score"

        day = "2026-11-06"
        sheet = "JUMPING 1\nUSE 1"
        page.goto(f"/girdle/{day}")
        page.fill("#solution", sheet)
        assert send_photo("#sheet-photo", "#read-photo") == said
        assert page.input_value("#solution") == sheet
