"""Print shop: every printable PDF (and, when the CAD models are installed, 3D-print files),
with a preview of its pages (at most :data:`PREVIEW_PAGES` of them). Documents are built by
``printables``; the same inputs give the same bytes, so each is built once and kept in the
database for every app server."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from cad.params import MAX_CLEARANCE, MIN_CLEARANCE
from companion.errors import ChoiceError, CompanionError, UsageError
from companion.games import GAME_TITLES
from companion.text import counted, listed, quoted
from companion.web import openapi
from companion.web.errors import said_on_page, status_of, try_again_soon
from companion.web.inputs import int_from
from companion.web.limits import repeatable
from printables.names import board_name, deck_name, score_sheet_name, tiles_name
from printables.raster import pdf_page_count, pdf_page_png

bp = Blueprint("prints", __name__)

PAPERS = ("letter", "a4")
BOARD_PAPERS = ("letter", "a4", "tabloid", "a3", "full")
PREVIEW_PAGES = 8  # the most pages of one document a preview draws
BUILD_POLL_SECONDS = 3  # how often a page (or API client) waiting for a 3D build asks again


@dataclass(frozen=True)
class Choice:
    """One option of a document: its name, label and allowed values (first is the default);
    ``titles``, how the page's box shows some of them (others by their names); ``parse``,
    where the values' owner reads one sent (its name as the owner spells it, or a
    UsageError in the owner's words), in place of the refusal naming ``values``; ``when``,
    the other choice and its value for which alone this one counts (the PDQ variant counts
    for the PDQ sheet: the file of another game's is not named by it)."""

    name: str
    label: str
    values: tuple[str, ...]
    titles: dict[str, str] = field(default_factory=dict)
    parse: Callable[[str], str] | None = None
    when: tuple[str, str] | None = None
    # the value shown as it stands with the document's other choices, or None: as any other
    # (the score sheet's "Default" players, "Default: 2 players" for a Bug Words sheet);
    # ``follows``, the other choice that it depends on, whose change a page's script follows
    shown_with: Callable[[str, dict[str, str]], str | None] | None = None
    follows: str = ""

    def shown(self, value: str, opts: dict[str, str] | None = None) -> str:
        """``value`` as the page's box shows it, and a refusal names it: its title, a game's
        title, "A4", or the name in words ("Four score"); with the document's other
        choices ``opts``, as it stands with them (:attr:`shown_with`)."""
        if self.shown_with is not None and opts is not None:
            with_others = self.shown_with(value, opts)
            if with_others is not None:
                return with_others
        if value in self.titles:
            return self.titles[value]
        if value in GAME_TITLES:
            return GAME_TITLES[value]
        return "A4" if value == "a4" else value.replace("-", " ").capitalize()


def _any_options(**_opts: str) -> None:
    """Options that go together whatever they are."""


@dataclass(frozen=True)
class Document:
    """A printable: what it is, its options, the function that builds it, the one that names
    its file as the command line does (:mod:`printables.names`, without the ending), and the
    check of options that do not go together (a UsageError), made before anything is
    built."""

    key: str
    title: str
    blurb: str
    choices: tuple[Choice, ...]
    build: Callable[..., bytes]
    name: Callable[..., str]
    check: Callable[..., None] = _any_options

    @property
    def in_sentence(self) -> str:
        """The title as a sentence names it: lower case but for a name in capitals ("PDQ
        deck", "paper board")."""
        return " ".join(w if w.isupper() else w.lower() for w in self.title.split())

    def defaults(self) -> dict[str, str]:
        """Each option's default (its first value)."""
        return {c.name: c.values[0] for c in self.choices}

    def shown_each(self, choice: Choice, value: str) -> dict[str, str]:
        """``value`` of ``choice`` as it is shown with each value of the choice it follows
        (:attr:`Choice.follows`), for a page's script to show it as that choice changes;
        empty when it is shown one way whatever the other choices."""
        other = next((c for c in self.choices if c.name == choice.follows), None)
        if other is None:
            return {}
        each = {v: choice.shown(value, {other.name: v}) for v in other.values}
        return each if set(each.values()) != {choice.shown(value)} else {}

    def options(self, given: dict[str, str]) -> dict[str, str]:
        """The options from a request, checked; defaults for the missing ones."""
        out = {}
        for c in self.choices:
            value = given.get(c.name) or c.values[0]
            if c.parse is not None:
                value = c.parse(value)
            if value not in c.values:
                shown = [c.shown(v) for v in c.values]
                raise ChoiceError(f"{c.label} must be one of {', '.join(c.values)}, not "
                                  f"{quoted(value)}.",
                                  f"{c.label} must be one of {listed(shown, 'or')}, not "
                                  f"{quoted(value)}.")
            out[c.name] = value
        self.check(**out)
        return out

    def filename(self, opts: dict[str, str], ext: str) -> str:
        """The file of the document with the options ``opts`` (checked), named as
        ``companion print`` names the same PDF, with the ending ``ext``: the download, and
        the PDF and previews kept (it was named by every box, the PDQ sheet's variant and
        the players' "default" among them: score-sheet-bugwords-default-letter.pdf, where
        the command line wrote score-sheet-bugwords-2p-letter.pdf)."""
        return f"{self.name(**opts)}.{ext}"

    def counting(self, opts: dict[str, str]) -> list[Choice]:
        """The choices that count with ``opts`` (see :attr:`Choice.when`)."""
        return [c for c in self.choices if c.when is None or opts.get(c.when[0]) == c.when[1]]

    def addressed(self, opts: dict[str, str]) -> dict[str, Any]:
        """The options a preview's or a download's address names: those that count with
        ``opts`` (:meth:`counting`), so a Bug Words sheet's address names no PDQ variant."""
        return {c.name: opts[c.name] for c in self.counting(opts)}


def _sheet_players(game: str, players: str) -> int | None:
    """The number of players a score sheet is drawn for (None: the game's default); more or
    fewer than the game seats is a UsageError."""
    from printables.score_sheets import SPECS

    lo, hi, _default = SPECS[game].players
    n = None if players == "default" else int(players)
    if n is not None and not lo <= n <= hi:
        raise UsageError(f"A {SPECS[game].title} score sheet is for "
                         f"{lo} to {counted(hi, 'player')}.")
    return n


def _sheet_variant(game: str, variant: str) -> str | None:
    """The PDQ variant a score sheet is for (None: the game's own rules), refused as the
    command line refuses it (:func:`printables.score_sheets.sheet_variant`): the box sends
    the regular game with every game, and another for WerdUp or Bug Words is refused."""
    from companion.pdq.variants import DEFAULT_VARIANT
    from printables.score_sheets import sheet_variant

    named = None if game != "pdq" and variant == DEFAULT_VARIANT else variant
    sheet_variant(game, named)
    return named


def _default_players(value: str, opts: dict[str, str]) -> str | None:
    """The score sheet's "default" players as many as the game chosen is drawn for ("Default:
    2 players" for Bug Words, :data:`printables.score_sheets.SPECS`); None for a number."""
    from printables.score_sheets import SPECS

    spec = SPECS.get(opts.get("game", ""))
    if value != "default" or spec is None:
        return None
    return f"Default: {counted(spec.default_players, 'player')}"


def _check_sheet(game: str, variant: str, players: str, paper: str) -> None:
    _sheet_variant(game, variant)
    _sheet_players(game, players)


def _score_sheet(game: str, variant: str, players: str, paper: str) -> bytes:
    from printables.score_sheets import score_sheet_pdf

    return score_sheet_pdf(game, _sheet_players(game, players), paper,
                           _sheet_variant(game, variant))


def _score_sheet_name(game: str, variant: str, players: str, paper: str) -> str:
    return score_sheet_name(game, _sheet_players(game, players), _sheet_variant(game, variant),
                            paper)


def _variant_choice() -> Choice:
    """The PDQ variant of a score sheet: the variants a table plays (``table_variants``), by
    the names the command line takes, shown by their titles, each read and refused as the
    command line does it, by :func:`printables.score_sheets.sheet_variant` (an unknown
    name, Solitaire)."""
    from companion.pdq.variants import all_variants, table_variants

    def parse(value: str) -> str:
        from printables.score_sheets import sheet_variant

        rules = sheet_variant("pdq", value)
        return value if rules is None else rules.name

    names = table_variants()
    return Choice("variant", "PDQ variant", names,
                  {n: all_variants()[n].title for n in names}, parse, ("game", "pdq"))


def _deck_choice() -> Choice:
    """The PDQ deck: the regular one or Four Score's, named as the variant is everywhere."""
    from companion.pdq.variants import all_variants

    return Choice("deck", "Deck", ("regular", "four-score"),
                  {"four-score": all_variants()["four-score"].title})


def _deck(deck: str, paper: str) -> bytes:
    from printables.deck import deck_pdf

    return deck_pdf(None if deck == "regular" else deck, paper)


def _deck_name(deck: str, paper: str) -> str:
    return deck_name(None if deck == "regular" else deck, paper)


def _board(game: str, paper: str) -> bytes:
    from printables.boards import board_pdf

    return board_pdf(game, paper)


def _tiles(game: str, paper: str) -> bytes:
    from printables.tiles import tiles_pdf

    return tiles_pdf(game, paper)


DOCUMENTS: dict[str, Document] = {d.key: d for d in (
    Document("score-sheet", "Score sheet", "Pen-and-paper score sheet for a game night.",
             (Choice("game", "Game", ("bugwords", "werdup", "pdq")),
              _variant_choice(),
              Choice("players", "Players", ("default", "1", "2", "3", "4", "5", "6"),
                     shown_with=_default_players, follows="game"),
              Choice("paper", "Paper", PAPERS)), _score_sheet, _score_sheet_name, _check_sheet),
    Document("pdq-deck", "PDQ deck", "78 letter cards as cut sheets, nine a page.",
             (_deck_choice(),
              Choice("paper", "Paper", PAPERS)), _deck, _deck_name),
    Document("board", "Paper board", "A print-and-play board with markers for photo "
             "scoring; split over pages that glue together.",
             (Choice("game", "Game", ("bugwords", "werdup")),
              Choice("paper", "Paper", BOARD_PAPERS)), _board, board_name),
    Document("tiles", "Paper tiles", "Letter tiles with the game's distribution.",
             (Choice("game", "Game", ("bugwords", "werdup")),
              Choice("paper", "Paper", PAPERS)), _tiles, tiles_name),
)}


def _document(key: str) -> Document:
    if key not in DOCUMENTS:
        abort(404, description=f"There is no printable called {quoted(key)}.")
    return DOCUMENTS[key]


# The code that draws the printables: a change to it makes new files.
PACKAGES = ("printables", "companion")


def _cached(name: str, make: Callable[[], bytes], **inputs: Any) -> bytes:
    """``make()``'s bytes, kept as ``name`` in the database for every app server (see
    :mod:`companion.web.artifacts`), keyed by the name, ``inputs`` and the drawing code."""
    from companion.web import artifacts
    from companion.web.db import session
    from companion.web.retention import forget_old_artifacts

    key = artifacts.make_key("print", {"name": name, **inputs}, PACKAGES)
    mime = artifacts.mime_of(name)
    db = session()
    if artifacts.get(db, key, name) is None:  # a new file: the old ones go first
        forget_old_artifacts(db, int(current_app.config["ARTIFACT_RETENTION_DAYS"]))
    return artifacts.cached(db, key, name, mime, make)


def pdf_bytes(doc: Document, opts: dict[str, str]) -> bytes:
    return _cached(doc.filename(opts, "pdf"), lambda: doc.build(**opts))


def page_count(doc: Document, opts: dict[str, str]) -> int:
    """How many pages the document has (poppler's ``pdfinfo``), kept with its PDF."""
    pdf = pdf_bytes(doc, opts)
    return int(_cached(doc.filename(opts, "pages.json"),
                       lambda: str(pdf_page_count(pdf)).encode()))


def preview_pages(doc: Document, opts: dict[str, str]) -> tuple[int, int]:
    """How many pages of the document its preview shows (the first ones, at most
    :data:`PREVIEW_PAGES`), and how many it has."""
    total = page_count(doc, opts)
    return min(total, PREVIEW_PAGES), total


def preview_png(doc: Document, opts: dict[str, str], page: int = 1) -> bytes:
    """Page ``page`` at 40 dpi (poppler's ``pdftoppm`` through :mod:`printables.raster`);
    a page the preview does not show is a 404."""
    shown = preview_pages(doc, opts)[0]
    if page > shown:
        abort(404, description=f"The preview of the {doc.in_sentence} shows "
              f"{'only page 1' if shown == 1 else f'pages 1 to {shown}'}.")
    pdf = pdf_bytes(doc, opts)
    name = doc.filename(opts, "png" if page == 1 else f"page{page}.png")
    return _cached(name, lambda: pdf_page_png(pdf, 40, page))


def _download(key: str, ext: str):
    doc = _document(key)
    opts = doc.options(request.args.to_dict())
    if ext == "png":
        page = int_from(request.args.get("page"), "Page", 1, PREVIEW_PAGES, 1)
        return Response(preview_png(doc, opts, page), mimetype="image/png",
                        headers={"Cache-Control": "public, max-age=86400"})
    return Response(pdf_bytes(doc, opts), mimetype="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="{doc.filename(opts, "pdf")}"'})


def _given(doc: Document, args: dict[str, str], shown: bool) -> dict[str, str]:
    """The choices for ``doc`` sent to the print shop page: its own boxes' (``board.game``,
    ``board.paper``); for the document ``shown``, plain names (``game``) stand in for any
    of its boxes not sent, as the page's links once named them."""
    return {c.name: args.get(f"{doc.key}.{c.name}", args.get(c.name, "") if shown else "")
            for c in doc.choices}


@bp.get("/prints")
def page() -> ResponseReturnValue:
    """Every printable with its first pages (:func:`preview_pages`), as chosen on the page.
    Every document's boxes are one form, so each of its buttons sends every choice back
    and none is lost: "Show preview" (``doc`` names the document to show) brings them to
    this page, and "Download PDF" (``download``) to it too, which answers with a redirect
    to that document's PDF. Choices that do not go together are said beside their
    document."""
    shown = request.args.get("download") or request.args.get("doc", "")
    if shown:
        _document(shown)
    args = request.args.to_dict()
    chosen: dict[str, dict[str, Any]] = {}
    errors: dict[str, str] = {}
    status = 200
    for doc in DOCUMENTS.values():
        given = _given(doc, args, doc.key == shown)
        try:
            chosen[doc.key] = doc.options(given)
        except CompanionError as exc:
            errors[doc.key], status = said_on_page(exc), status_of(exc)
            chosen[doc.key] = {c.name: given[c.name] or c.values[0]
                               for c in doc.choices}  # as sent, to put right
    download = request.args.get("download", "")
    if download and download not in errors:
        return redirect(url_for("prints.pdf", key=download,
                                **DOCUMENTS[download].addressed(chosen[download])), 303)
    pages: dict[str, tuple[int, int] | str] = {}  # pages shown and in all, or why none are
    for key, opts in chosen.items():
        if key not in errors:
            try:
                pages[key] = preview_pages(DOCUMENTS[key], opts)
            except CompanionError as exc:  # say so beside it: the PDF may still be there
                pages[key] = str(exc)
    return render_template("prints.html", documents=DOCUMENTS,
                           chosen=chosen, shown=shown, errors=errors, pages=pages,
                           error=errors.get(shown) or next(iter(errors.values()), None)), status


@bp.get("/prints/<key>.pdf")
def pdf(key: str) -> ResponseReturnValue:
    return _download(key, "pdf")


@bp.get("/prints/<key>.png")
def preview(key: str) -> ResponseReturnValue:
    return _download(key, "png")


@bp.get("/prints/3d")
@repeatable("estimate")  # the form's checkbox, then its hidden "0": the first value is read
def models_page() -> ResponseReturnValue:
    from companion.web import prints3d

    built, error, req, status, field = None, None, None, 200, ""
    try:
        req = prints3d.parse_request(request.args.to_dict())
        if request.args.get("part"):
            built = prints3d.build(req)
    except prints3d.BuildFailed as exc:
        error, status = try_again_soon(str(exc)), 503
    except CompanionError as exc:
        error, status = str(exc), status_of(exc)
        field = getattr(exc, "field", "")
    building = bool(request.args.get("part")) and built is None and error is None
    return render_template("prints_3d.html", parts=prints3d.PARTS, formats=prints3d.FORMATS,
                           beds=prints3d.BEDS, clearance_range=prints3d.CLEARANCE_MM, req=req,
                           built=built, error=error, error_field=field, building=building,
                           refresh=BUILD_POLL_SECONDS), status


@bp.get("/prints/3d/<key>/<name>")
def model_file(key: str, name: str) -> ResponseReturnValue:
    from companion.web import prints3d

    found = prints3d.stored_file(key, name)
    if found is None:
        abort(404, description="That file is not built (any more); build it again.")
    data, mime = found
    disposition = "inline" if name.endswith(".png") else "attachment"
    return Response(data, mimetype=mime, headers={
        "Content-Disposition": f'{disposition}; filename="{name}"'})


@bp.get("/api/prints/3d")
def api_models() -> ResponseReturnValue:
    from companion.web import prints3d
    from companion.web.errors import error_response

    try:
        built = prints3d.build(prints3d.parse_request(request.args.to_dict()))
    except prints3d.BuildFailed as exc:
        return error_response(503, try_again_soon(str(exc)))
    if built is None:
        return jsonify({"status": "building", "retry_after": BUILD_POLL_SECONDS}), 202, {
            "Retry-After": str(BUILD_POLL_SECONDS)}
    base = {n: url_for("prints.model_file", key=built["key"], name=n) for n in built["files"]}
    return jsonify({"status": "built",
                    "downloads": [base[n] for n in built["downloads"]],
                    "previews": [base[n] for n in built["previews"]],
                    "slicer": built["slicer"], "clearance": built["report"].get("clearance"),
                    "bed": built["report"].get("bed")})


@bp.get("/api/prints/3d/status")
def api_model_status() -> ResponseReturnValue:
    """Where a build stands, for a page waiting for it (nothing is started or forgotten)."""
    from companion.web import prints3d

    return jsonify({"status": prints3d.build_state(
        prints3d.parse_request(request.args.to_dict()))})


@bp.get("/api/prints")
def api_catalogue() -> ResponseReturnValue:
    return jsonify([{"key": d.key, "title": d.title, "description": d.blurb,
                     "options": {c.name: list(c.values) for c in d.choices},
                     "pdf": url_for("prints.api_pdf", key=d.key),
                     "preview": url_for("prints.preview", key=d.key)}
                    for d in DOCUMENTS.values()])


@bp.get("/api/prints/<key>")
def api_pdf(key: str) -> ResponseReturnValue:
    return _download(key, "pdf")


openapi.add("/api/prints", "get", {
    "summary": "Every printable document and its options",
    "responses": openapi.ok("the catalogue", {
        "type": "array", "items": {"type": "object", "required": ["key", "title", "pdf"]}})})
openapi.add("/api/prints/3d", "get", {
    "summary": "Build the 3D-printed WerdUp set's files for a clearance and bed (cached). "
    "The first build of a part takes up to a minute: until it is done the answer is 202 "
    "{\"status\": \"building\"} with Retry-After; ask again then",
    "parameters": [
        openapi.query("part", "quarter, placard, tiles or coupon", required=True),
        openapi.query("format", "stl (default), 3mf or step"),
        openapi.query("clearance", "gap per side between fitting parts, mm "
                      f"({MIN_CLEARANCE:g}-{MAX_CLEARANCE:g} in steps of 0.05, default 0.2)"),
        openapi.query("bed", "printer bed, width x depth in mm (default 180x180)"),
        openapi.query("estimate", "1 (default) to run PrusaSlicer for print time and filament")],
    "responses": {
        **openapi.ok("download and preview addresses, slicer estimates"),
        "202": {"description": "the build is under way; ask again after Retry-After seconds",
                "content": {"application/json": {"schema": {"type": "object"}}}},
        "429": openapi.ERROR, "503": openapi.ERROR}})
openapi.add("/api/prints/3d/status", "get", {
    "summary": "Where the build of the 3D files for these settings stands, without starting "
    "one: building, built, failed or none",
    "parameters": [
        openapi.query("part", "quarter, placard, tiles or coupon", required=True),
        openapi.query("format", "stl (default), 3mf or step"),
        openapi.query("clearance", "gap per side between fitting parts, mm"),
        openapi.query("bed", "printer bed, width x depth in mm (default 180x180)"),
        openapi.query("estimate", "1 (default) to run PrusaSlicer for print time and filament")],
    "responses": openapi.ok("{\"status\": \"building\" | \"built\" | \"failed\" | "
                            "\"none\"}")})
openapi.add("/api/prints/{key}", "get", {
    "summary": "A printable PDF (options as query parameters, see /api/prints)",
    "parameters": [{"name": "key", "in": "path", "required": True, "schema": {
        "type": "string", "enum": list(DOCUMENTS)}},
        openapi.query("game", "werdup, bugwords or pdq (per document)"),
        openapi.query("paper", "letter, a4 (boards also tabloid, a3, full)"),
        openapi.query("players", "score sheets: number of players"),
        openapi.query("deck", "PDQ deck: regular or four-score")],
    "responses": {**openapi.ok("the PDF", {"type": "string", "format": "binary"},
                               "application/pdf"), "404": openapi.ERROR}})
