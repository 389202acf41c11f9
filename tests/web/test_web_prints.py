"""Print shop: PDFs built by the printables, previews, options checked (Flask test client)."""

import io
import re

import pytest
from appfactory import page_said
from pypdf import PdfReader


def test_print_shop_lists_every_document_with_a_preview(client):
    page = client.get("/prints").get_data(as_text=True)
    for key in ("score-sheet", "pdq-deck", "board", "tiles"):
        assert f'id="doc-{key}"' in page
        assert f"/prints/{key}.png" in page


def _preview_of(page: str, key: str) -> str:
    """The preview address of document ``key`` on the print shop page."""
    import html
    import re

    section = page[page.index(f'id="doc-{key}"'):]
    section = section[:section.index("</section>")]
    return html.unescape(re.search(r'<img src="([^"]+)"', section).group(1))


def test_the_preview_shows_the_document_as_chosen(client):
    """"Show preview" sends a document's choices to the page: its preview and boxes then
    show that game and paper (no script needed); the other documents keep their defaults."""
    import re

    from PIL import Image

    resp = client.get("/prints?game=werdup&paper=a4&doc=board")
    assert resp.status_code == 200
    page = resp.get_data(as_text=True)
    src = _preview_of(page, "board")
    assert src == "/prints/board.png?game=werdup&paper=a4"
    assert re.search(r'<option value="werdup" selected>WerdUp</option>', page)
    assert re.search(r'<option value="a4" selected>A4</option>', page)
    assert 'alt="First page of the paper board: WerdUp, A4"' in page
    assert _preview_of(page, "tiles") == "/prints/tiles.png?game=bugwords&paper=letter"
    a4 = Image.open(io.BytesIO(client.get(src).data)).size
    letter = Image.open(io.BytesIO(client.get(_preview_of(page, "tiles")).data)).size
    assert a4 == (331, 468) and letter == (340, 440)  # the first pages at 40 dpi
    # the form's preview button brings the choices back to this page, at the document
    assert re.search(r'name="doc" value="board"\s+formaction="/prints#doc-board"', page)


def test_choices_that_do_not_go_together_are_said_beside_the_document(client):
    """Six players on a Bug Words sheet: refused beside the score sheet with no preview, the
    boxes as chosen; the PDF says the same."""
    resp = client.get("/prints?game=bugwords&players=6&paper=a4&doc=score-sheet")
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    section = page[page.index('id="doc-score-sheet"'):page.index('id="doc-pdq-deck"')]
    assert 'role="alert">A Bug Words score sheet is for 2 to 4 players.</p>' in section
    assert "<img" not in section and '<option value="6" selected>' in section
    assert '<option value="a4" selected>' in section
    assert _preview_of(page, "board") == "/prints/board.png?game=bugwords&paper=letter"
    pdf = client.get("/prints/score-sheet.pdf?game=bugwords&players=6")
    assert pdf.status_code == 400 and "2 to 4 players" in pdf.get_data(as_text=True)
    assert client.get("/prints?doc=nothing").status_code == 404


@pytest.mark.parametrize(
    ("query", "text"),
    [
        ("score-sheet.pdf?game=bugwords&players=3&paper=a4", "Bug Words"),
        ("pdq-deck.pdf?deck=four-score", None),
        ("board.pdf?game=werdup&paper=full", None),
        ("tiles.pdf?game=bugwords", None),
    ],
)
def test_pdf_downloads_are_real_pdfs(client, query, text):
    resp = client.get("/prints/" + query)
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert resp.headers["Content-Disposition"].startswith("attachment; filename=")
    reader = PdfReader(io.BytesIO(resp.data))
    assert len(reader.pages) >= 1
    if text:
        assert text in reader.pages[0].extract_text()


def test_pdf_is_built_once_and_kept_in_the_database(sqlite_app, monkeypatch):
    import printables.score_sheets as sheets
    from companion.web.db import session
    from companion.web.models import Artifact

    calls = []
    real = sheets.score_sheet_pdf

    def counted(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(sheets, "score_sheet_pdf", counted)
    client = sqlite_app.test_client()
    a = client.get("/prints/score-sheet.pdf?game=werdup&paper=letter").data
    b = client.get("/prints/score-sheet.pdf?game=werdup&paper=letter").data
    assert a == b and a.startswith(b"%PDF") and len(calls) == 1
    with sqlite_app.app_context():
        (row,) = session().query(Artifact).all()
        assert row.name == "score-sheet-werdup-4p-letter.pdf" and row.data == a
        assert row.mime == "application/pdf" and len(row.key) == 64
    from pathlib import Path

    # nothing another host would need is left in the instance folder
    assert not (Path(sqlite_app.instance_path) / "prints").exists()


def test_preview_is_a_png_of_the_first_page(client):
    resp = client.get("/prints/board.png?game=bugwords&paper=letter")
    assert resp.status_code == 200 and resp.mimetype == "image/png"
    assert resp.data.startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("url", "status", "message"),
    [
        ("/prints/nothing.pdf", 404, "no printable called"),
        ("/prints/board.pdf?paper=huge", 400, "Paper must be one of"),
        ("/prints/score-sheet.pdf?game=bugwords&players=6", 400, "2 to 4 players"),
        ("/prints/score-sheet.pdf?game=chess", 400, "Game must be one of"),
        ("/api/prints/board?game=pdq", 400, "Game must be one of"),
        ("/api/prints/nothing", 404, "no printable called"),
    ],
)
def test_print_bad_options(client, url, status, message):
    resp = client.get(url)
    assert resp.status_code == status
    assert message in resp.get_data(as_text=True)


def test_api_catalogue(client):
    docs = {d["key"]: d for d in client.get("/api/prints").get_json()}
    assert docs["board"]["options"]["paper"][-1] == "full"
    resp = client.get(docs["tiles"]["pdf"] + "?game=werdup")
    assert resp.mimetype == "application/pdf"


def _selected(page: str, box: str) -> str:
    """The value chosen in the box ``box`` (its id) on the print shop page."""
    import re

    select = page[page.index(f'id="{box}"'):]
    select = select[:select.index("</select>")]
    return re.search(r'<option value="([^"]*)" selected>', select).group(1)


def test_every_documents_choices_come_back_with_a_preview(client):
    """Every document's boxes are one form: "Show preview" of one document sends every
    document's choices, and the page shows each as chosen, not the others' defaults."""
    query = ("/prints?doc=board&score-sheet.game=werdup&score-sheet.players=3"
             "&score-sheet.paper=a4&pdq-deck.deck=four-score&pdq-deck.paper=letter"
             "&board.game=werdup&board.paper=a4&tiles.game=werdup&tiles.paper=a4")
    resp = client.get(query)
    assert resp.status_code == 200
    page = resp.get_data(as_text=True)
    assert [_selected(page, box) for box in (
        "score-sheet-game", "score-sheet-players", "score-sheet-paper", "pdq-deck-deck",
        "board-game", "board-paper", "tiles-game", "tiles-paper")] == [
        "werdup", "3", "a4", "four-score", "werdup", "a4", "werdup", "a4"]
    assert _preview_of(page, "score-sheet") == (
        "/prints/score-sheet.png?game=werdup&players=3&paper=a4")  # names no PDQ variant
    assert _preview_of(page, "pdq-deck") == "/prints/pdq-deck.png?deck=four-score&paper=letter"
    assert _preview_of(page, "tiles") == "/prints/tiles.png?game=werdup&paper=a4"
    # each box is named for its document, all in the one form the buttons send
    assert page.count("<form") == 1 and 'name="tiles.paper"' in page


def test_download_pdf_sends_the_documents_pdf_and_keeps_every_choice(client):
    """"Download PDF" sends the whole form to the page, which answers with the document's
    own PDF address; choices that do not go together come back on the page beside their
    document with every choice kept."""
    resp = client.get("/prints?download=tiles&tiles.game=werdup&tiles.paper=a4"
                      "&board.game=werdup&board.paper=full")
    assert resp.status_code == 303
    assert resp.headers["Location"] == "/prints/tiles.pdf?game=werdup&paper=a4"
    assert client.get(resp.headers["Location"]).data.startswith(b"%PDF")
    refused = client.get("/prints?download=score-sheet&score-sheet.game=bugwords"
                         "&score-sheet.players=6&board.game=werdup&board.paper=full")
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "<title>Error: Print shop - Companion</title>" in page
    assert ('id="error-score-sheet" role="alert">A Bug Words score sheet is for 2 to 4 '
            'players.</p>') in page
    assert _selected(page, "score-sheet-players") == "6"
    assert (_selected(page, "board-game"), _selected(page, "board-paper")) == ("werdup", "full")
    assert client.get("/prints?download=nothing").status_code == 404


def _previews_of(page: str, key: str) -> list[str]:
    """Every preview address of document ``key`` on the print shop page, in order."""
    import html
    import re

    section = page[page.index(f'id="doc-{key}"'):]
    section = section[:section.index("</section>")]
    return [html.unescape(src) for src in re.findall(r'<img src="([^"]+)"', section)]


def test_the_preview_shows_every_page_up_to_the_limit(sqlite_app, monkeypatch):
    """A document of several pages is previewed by each of them (the board split over four
    Letter pages), a long one by its first eight only (the PDQ deck's nine pages): the page
    says how many there are, and no page past the limit is ever drawn."""
    import re

    from PIL import Image

    import companion.web.prints as prints

    drawn = []
    real = prints.pdf_page_png

    def counted(pdf, dpi, page=1, strict=False):
        drawn.append(page)
        return real(pdf, dpi, page, strict)

    monkeypatch.setattr(prints, "pdf_page_png", counted)
    client = sqlite_app.test_client()
    page = client.get("/prints?doc=board&board.game=bugwords&board.paper=letter"
                      "&tiles.paper=a4").get_data(as_text=True)
    board = _previews_of(page, "board")
    assert board == ["/prints/board.png?game=bugwords&paper=letter"] + [
        f"/prints/board.png?page={n}&game=bugwords&paper=letter" for n in (2, 3, 4)]
    assert re.search(r'id="pages-board">4 pages: scroll sideways for the next<', page)
    assert 'alt="Page 4 of the paper board: Bug Words, Letter"' in page
    assert _previews_of(page, "tiles") == ["/prints/tiles.png?game=bugwords&paper=a4"]
    assert re.search(r'id="pages-tiles">1 page<', page)
    deck = _previews_of(page, "pdq-deck")
    assert len(deck) == prints.PREVIEW_PAGES == 8
    assert re.search(r'id="pages-pdq-deck">9 pages, the first 8 shown: scroll', page)
    assert 'alt="Page 8 of the PDQ deck: Regular, Letter"' in page  # its name kept
    images = [client.get(src) for src in board + deck]
    assert all(r.status_code == 200 and r.mimetype == "image/png" for r in images)
    first, fourth = (Image.open(io.BytesIO(r.data)) for r in (images[0], images[3]))
    assert first.size == fourth.size == (340, 440) and first.tobytes() != fourth.tobytes()
    assert client.get("/prints/pdq-deck.png?page=9").status_code == 400  # past the limit
    gone = client.get("/prints/tiles.png?game=bugwords&paper=a4&page=2")
    assert gone.status_code == 404 and "shows only page 1" in gone.get_data(as_text=True)
    assert sorted(set(drawn)) == list(range(1, 9))  # nothing past page 8 was drawn


def test_a_preview_that_cannot_be_drawn_is_said_and_the_page_still_shows(client,
                                                                         monkeypatch):
    """Without poppler's pdfinfo the pages cannot be counted: each document says why it has
    no preview, and the page with its boxes and buttons is still there."""
    import companion.web.prints as prints
    from companion.errors import CompanionError

    def missing(pdf):
        raise CompanionError("pdfinfo (poppler-utils) is needed to count PDF pages")

    monkeypatch.setattr(prints, "pdf_page_count", missing)
    resp = client.get("/prints")
    assert resp.status_code == 200
    page = resp.get_data(as_text=True)
    for key in prints.DOCUMENTS:
        # the package to install kept whole on its line, "(poppler-" no longer over "utils)"
        assert (f'id="no-preview-{key}">No preview: pdfinfo <span class="nowrap">'
                '(poppler-utils)</span> is needed to count PDF pages.</p>') in page
        assert f'name="download" value="{key}"' in page
    assert "<img" not in page.split("<h2>", 1)[1]


def test_the_pdq_score_sheet_is_printed_for_the_variant_chosen(client):
    # the print shop offered no variant, so its PDQ sheet always had the regular game's 26
    # rows: a game for Younger Players, 39 rounds of two cards, ran off it at round 27
    from pdfcheck import text_items

    page = client.get("/prints").get_data(as_text=True)
    box = page[page.index('id="score-sheet-variant"'):]
    box = box[:box.index("</select>")]
    assert '<option value="younger">PDQ for Younger Players</option>' in box
    assert 'value="solitaire"' not in box  # played alone: a sheet is for two or more
    resp = client.get("/prints/score-sheet.pdf?game=pdq&variant=younger&players=4")
    assert resp.status_code == 200
    assert 'filename="score-sheet-pdq-younger-4p-letter.pdf"' in resp.headers[
        "Content-Disposition"]
    pages = text_items(resp.data)
    rows = [int(t) for p in pages for t, _, _ in p if t.isdigit()]
    assert rows == list(range(1, 40)) and len(pages) == 2
    said = " ".join(t for t, _, _ in pages[0])
    assert "PDQ for Younger Players score sheet - 4 players" in said
    shown = client.get("/prints?doc=score-sheet&score-sheet.game=pdq"
                       "&score-sheet.variant=younger").get_data(as_text=True)
    assert _selected(shown, "score-sheet-variant") == "younger"
    assert _preview_of(shown, "score-sheet") == (
        "/prints/score-sheet.png?game=pdq&variant=younger&players=default&paper=letter")
    assert 'alt="First page of the score sheet: PDQ, PDQ for Younger Players, Default: 4 ' \
           'players, Letter"' in shown


@pytest.mark.parametrize(
    ("query", "said"),
    [
        # it listed the command line's names ("regular, experts, ...") the box does not show
        ("game=pdq&variant=nope", "Unknown PDQ variant &#39;nope&#39;; choose one of: PDQ, "
         "PDQ for Experts, PDQ for Younger Players, PDQ for Younger Players (harder), "
         "Intergenerational PDQ, PDL (Pretty Darn Long), Any-Which-Way, Four Score, Stuck in "
         "the Middle or Word Count."),
        ("game=pdq&variant=solitaire", "PDQ Solitaire is played alone, and a score sheet is "
         "for two or more players; choose another variant."),
        ("game=werdup&variant=younger",
         "Only the PDQ score sheet has variants; the WerdUp one has none."),
    ],
)
def test_a_score_sheet_variant_is_refused_as_the_command_line_refuses_it(client, query, said):
    resp = client.get("/prints/score-sheet.pdf?" + query)
    # the error page keeps a hyphenated name on one line (a span): its words as read
    assert resp.status_code == 400 and said in re.sub(r"<[^>]+>", "", resp.get_data(as_text=True))
    assert "solitaire" not in resp.get_data(as_text=True)  # not offered, nor named to choose
    assert "Traceback" not in resp.get_data(as_text=True)
    shown = client.get("/prints?doc=score-sheet&" + query.replace("&", "&score-sheet."))
    assert shown.status_code == 400
    assert f'id="error-score-sheet" role="alert">{said}' in page_said(shown)
    # the print shop's refusal keeps a hyphenated name on one line as the error page does: a
    # 390 px phone broke "Any-Which-Way" as "Any-" over "Which-Way"
    for name in re.findall(r"\b[A-Za-z]+(?:-[A-Za-z]+)+\b", said):
        assert f'<span class="nowrap">{name}</span>' in shown.get_data(as_text=True), name


def test_the_api_refuses_a_score_sheet_variant_by_the_names_it_takes(client):
    """The API takes the variants' names, and names them so, without Solitaire."""
    said = client.get("/api/prints/score-sheet?game=pdq&variant=nope").get_json()["error"]
    assert said == ("Unknown PDQ variant 'nope'; choose one of: regular, experts, younger, "
                    "younger-ends, intergenerational, pdl, any-which-way, four-score, "
                    "stuck-in-the-middle, word-count.")


def test_the_four_score_deck_is_named_as_its_variant(client):
    """The print shop's deck box said "Four score" where the dealer, the check page and the
    score sheet's variant box say "Four Score"; the preview's description too."""
    from companion.pdq.variants import all_variants

    title = all_variants()["four-score"].title
    assert title == "Four Score"
    page = client.get("/prints").get_data(as_text=True)
    assert '<option value="four-score">Four Score</option>' in page
    assert "Four score" not in page
    shown = client.get("/prints?doc=pdq-deck&pdq-deck.deck=four-score").get_data(as_text=True)
    assert 'alt="First page of the PDQ deck: Four Score, Letter"' in shown


def test_a_game_not_offered_is_refused_by_the_titles_the_box_shows(client):
    """"Game must be one of bugwords, werdup, pdq" named the games as the box does not: the
    page and a PDF's address name them by their titles; the API, which takes the names,
    lists the names."""
    shown = client.get("/prints?doc=score-sheet&score-sheet.game=chess")
    assert shown.status_code == 400
    said = "Game must be one of Bug Words, WerdUp or PDQ, not &#39;chess&#39;."
    assert f'id="error-score-sheet" role="alert">{said}</p>' in shown.get_data(as_text=True)
    pdf = client.get("/prints/board.pdf?game=pdq")
    assert pdf.status_code == 400
    assert ("Game must be one of Bug Words or WerdUp, not &#39;pdq&#39;."
            in pdf.get_data(as_text=True))
    api = client.get("/api/prints/board?game=pdq").get_json()["error"]
    assert api == "Game must be one of bugwords, werdup, not 'pdq'."
    paper = client.get("/prints?doc=tiles&tiles.paper=a5").get_data(as_text=True)
    assert "Paper must be one of Letter or A4, not &#39;a5&#39;." in paper


@pytest.mark.parametrize(("game", "players"), [("bugwords", 2), ("werdup", 4), ("pdq", 4)])
def test_the_default_players_say_how_many(client, game, players):
    """The score sheet's Players box said "Default" without the number the sheet is drawn
    for: it says the game chosen's, as the sheet itself counts them."""
    from printables.score_sheets import SPECS

    assert SPECS[game].default_players == players
    page = client.get(f"/prints?doc=score-sheet&score-sheet.game={game}").get_data(
        as_text=True)
    assert '<option value="default" selected data-follows="score-sheet-game" ' in page
    assert f">Default: {players} players</option>" in page
    assert f'First page of the score sheet: {SPECS[game].title}, ' in page
    assert f"Default: {players} players, Letter" in page


@pytest.mark.parametrize(("address", "command"), [
    # the web named these score-sheet-bugwords-default-letter.pdf and
    # score-sheet-pdq-younger-3-letter.pdf, the deck pdq-deck-regular-letter.pdf and the
    # day's sheet word-girdle-2026-11-29-a4.pdf
    ("/prints/score-sheet.pdf?game=bugwords", ["score-sheet", "--game", "bugwords"]),
    ("/prints/score-sheet.pdf?game=pdq&variant=younger&players=3",
     ["score-sheet", "--game", "pdq", "--variant", "younger", "--players", "3"]),
    ("/prints/score-sheet.pdf?game=pdq&variant=regular", ["score-sheet", "--game", "pdq"]),
    ("/prints/score-sheet.pdf?game=werdup&players=2&paper=a4",
     ["score-sheet", "--game", "werdup", "--players", "2", "--paper", "a4"]),
    ("/prints/pdq-deck.pdf", ["pdq-deck"]),
    ("/prints/pdq-deck.pdf?deck=four-score&paper=a4", ["pdq-deck", "--four-score", "--paper",
                                                        "a4"]),
    ("/prints/board.pdf?game=werdup&paper=a3", ["board", "--game", "werdup", "--paper", "a3"]),
    ("/prints/tiles.pdf?game=bugwords", ["tiles", "--game", "bugwords"]),
    ("/girdle/2026-11-29.pdf?paper=a4", ["girdle", "--date", "2026-11-29", "--paper", "a4"]),
])
def test_a_download_is_named_as_the_command_line_names_the_same_pdf(client, tmp_path, capsys,
                                                                     address, command):
    from companion.cli import main

    resp = client.get(address)
    assert resp.status_code == 200
    named = re.fullmatch(r'attachment; filename="([^"]+)"', resp.headers["Content-Disposition"])
    assert main(["print", *command, "-o", f"{tmp_path}/"]) == 0
    (written,) = tmp_path.glob("*.pdf")
    assert named is not None and named.group(1) == written.name, capsys.readouterr()
    assert written.read_bytes() == resp.data  # the same PDF
