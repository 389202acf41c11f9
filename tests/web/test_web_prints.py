"""Print shop: PDFs built by the printables, previews, options checked (Flask test client)."""

import io

import pytest
from pypdf import PdfReader


def test_print_shop_lists_every_document_with_a_preview(client):
    page = client.get("/prints").get_data(as_text=True)
    for key in ("score-sheet", "pdq-deck", "board", "tiles"):
        assert f'id="doc-{key}"' in page
        assert f"/prints/{key}.png" in page


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
        assert row.name == "score-sheet-werdup-default-letter.pdf" and row.data == a
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
