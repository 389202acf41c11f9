"""Errors shown as a sentence: a JSON ``{"error": ...}`` under ``/api/``, a page elsewhere.

Bad input never becomes a 500: views raise :class:`~companion.errors.CompanionError` (or
``abort(4xx, description=...)``) with a message a player understands. A
:class:`~companion.errors.SetupError` (the server lacks Tesseract, the tile model, a font,
PrusaSlicer) is the server's fault, not the request's: a 503 with the same sentence.
"""

from __future__ import annotations

import re
from functools import cache

from flask import (
    Flask,
    Response,
    current_app,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup, escape
from sqlalchemy.exc import IntegrityError, OperationalError
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.wrappers import Response as BaseResponse

from companion.dates import MONTHS
from companion.errors import CompanionError, PageWordedError, SetupError
from companion.text import listed, sentence
from companion.web.inputs import wants_json
from companion.web.limits import size_said

MESSAGES = {
    404: "There is no such page.",
    405: "That page cannot be used this way.",
    413: "That upload is too large.",
}


# A view's answer to an error: body and status, with headers when there are any.
ErrorAnswer = tuple[Response | str, int] | tuple[Response | str, int, dict[str, str]]


def retry_after_header(retry_after: int | None) -> dict[str, str]:
    """``Retry-After`` for an answer that is "not yet" (a job under way, a limit reached)."""
    return {"Retry-After": str(retry_after)} if retry_after else {}


def _retry_after_of_refusal(resp: Response) -> Response:
    """A 429 a view rendered itself (the form back, filled in as sent) carries the same
    ``Retry-After`` as the error pages: the wait the per-address limit gave
    (``g.retry_after``, set by :func:`companion.web.quota.take` as it refuses)."""
    seconds = g.get("retry_after")
    if resp.status_code == 429 and seconds and "Retry-After" not in resp.headers:
        resp.headers["Retry-After"] = str(seconds)
    return resp


def error_response(status: int, message: str, retry_after: int | None = None,
                   read_only_key: str | None = None) -> ErrorAnswer:
    """The error as JSON or as a page, with ``status`` (and ``Retry-After`` when the answer
    is "not yet": the page then looks again by itself). A refusal of a link that may not
    change a game (``read_only_key``, the key of the game's read-only view) says so on the
    page and leads on to that view."""
    headers = retry_after_header(retry_after)
    if wants_json():
        return jsonify(error=message, status=status), status, headers
    read_only = url_for("games.show", key=read_only_key) if read_only_key else None
    return render_template("error.html", status=status, message=message,
                           retry_after=retry_after, read_only=read_only), status, headers


def _http_error(exc: HTTPException) -> ErrorAnswer | BaseResponse:
    status = exc.code or 500
    if status == 404:
        found = _without_trailing_slash()
        if found is not None:
            return found
    custom = exc.description if exc.description != type(exc).description else None
    message = custom
    if status == 404 and not custom and wants_json():  # an API client asks for addresses
        message = "There is no such address."
    if status == 405 and not custom:
        message = _not_this_way(exc)
    if status == 413 and not custom:
        message = _too_large()
        again = _form_with_photo_too_large(message)
        if again is not None:
            return again
    return error_response(status, message or MESSAGES.get(status, "That request was not valid."))


def _form_with_photo_too_large(message: str) -> Response | None:
    """A page's form sent with a photo past the upload limit, as its page again holding
    what was typed beside the photo (the play, the word and cards, the Girdle sheet), the
    refusal said above it: the error page's "Go back" found the form empty. Only a form of
    this site's own comes back (:func:`companion.web.csrf.from_this_site`); None otherwise."""
    from companion.web.csrf import form_again, from_this_site
    from companion.web.limits import fields_past_limit

    if wants_json() or request.method != "POST" or not from_this_site():
        return None
    sent = fields_past_limit()
    return None if sent is None else form_again(sent, message, 413)


def _not_this_way(exc: HTTPException) -> str:
    """What a 405 says: the methods the address takes ("That address takes POST, not GET.",
    for ``GET /api/games``), where it said only "That page cannot be used this way.", an API
    client left to guess what way it can."""
    taken = sorted(m for m in getattr(exc, "valid_methods", None) or ()
                   if m not in ("HEAD", "OPTIONS"))
    if not taken:
        return MESSAGES[405]
    what = "That address" if wants_json() else "That page"
    return f"{what} takes {listed(taken, 'or')}, not {request.method}."


def _limit_said(limit: int) -> str:
    """The upload limit (bytes) as a refusal says it, in the binary units it is set in:
    "20 MB", "1.5 MB", "500 KB" (a limit under 1 MB was said "0 MB")."""
    mib = 1024 * 1024
    if limit >= mib:
        return f"{limit // mib} MB" if limit % mib == 0 else f"{limit / mib:.1f} MB"
    return f"{max(limit // 1024, 1)} KB"


def _too_large() -> str:
    """What a 413 of Werkzeug's own says: the request past the upload limit, or, within it, a
    multipart form of more parts than Flask reads or with a text field larger than it holds
    (it said "the limit is 20 MB" of a form of 60 KB)."""
    limit = request.max_content_length or 0
    size = request.content_length
    if size is None or not limit or size > limit:
        return f"That upload is too large: the limit is {_limit_said(limit)}."
    parts, field = request.max_form_parts, request.max_form_memory_size
    if parts is None or field is None:
        return "That form is too large to read."
    return (f"That form is too large to read: at most {parts:,} fields, and "
            f"{size_said(field)} in a field other than a file.")


def _without_trailing_slash() -> BaseResponse | None:
    """A redirect (308) from an address typed with a trailing slash, ``/girdle/`` or
    ``/games/<key>/``, to the page without it, when that is one of the app's pages (it was
    "There is no such page"); None for any other address. Only for reading (GET, HEAD): a
    form's post names its address as the page gave it."""
    path = request.path
    if request.method not in ("GET", "HEAD") or not path.endswith("/") or path == "/":
        return None
    page = path.rstrip("/") or "/"
    adapter = current_app.create_url_adapter(request)
    if adapter is None:
        return None
    try:
        adapter.match(page, method=request.method)
    except HTTPException:  # no page there either (or one a redirect of its own reaches)
        return None
    query = request.query_string.decode("latin-1")
    return redirect(request.script_root + page + (f"?{query}" if query else ""), code=308)


def status_of(exc: CompanionError) -> int:
    """The HTTP status answering ``exc``: its own ``status`` when its class has one (409,
    429...), 503 when the server is not set up for the request (:class:`SetupError`: the
    request may be fine, the machine lacks a program, model or font), else 400."""
    status = getattr(exc, "status", None)
    if isinstance(status, int):
        return status
    return 503 if isinstance(exc, SetupError) else 400


def field_at_fault(exc: CompanionError, field: str) -> str:
    """``field``, the form field a refusal is tied to, unless the refusal is the server's
    (a 5xx, :func:`status_of`): then no field of the form is wrong."""
    return "" if status_of(exc) >= 500 else field


def said_on_page(exc: CompanionError) -> str:
    """The refusal ``exc`` as a page says it: its own sentence, but that a PDQ variant the
    rulebook lacks, or a value not among a list's choices (an unknown game), is refused
    naming the choices by their titles, as the pages' lists show them ("PDQ", "PDL (Pretty
    Darn Long)", "Bug Words"), where the command line and the API, which take the names,
    list those ("regular", "pdl", "bugwords"); and that any refusal with a page's wording of
    its own (:class:`~companion.errors.PageWordedError`) says what a player does on the page
    ("type one name per box", "reload the page") where the API says what a client sends.
    Every page's refusal is said through here, the API's as ``str(exc)``
    (:func:`_companion_error`, by :func:`wants_json`)."""
    from companion.pdq.variants import UnknownVariant

    if isinstance(exc, UnknownVariant):
        return exc.by_title()
    if isinstance(exc, PageWordedError):
        return exc.on_page()
    return str(exc)


def _companion_error(exc: CompanionError) -> ErrorAnswer:
    # a sentence as the command line shows it (companion.text.sentence): one style for both
    said = str(exc) if wants_json() else said_on_page(exc)
    return error_response(status_of(exc), sentence(said), getattr(exc, "retry_after", None),
                          getattr(exc, "read_only_key", None))


def _conflict(_exc: IntegrityError) -> ErrorAnswer:
    """A change the database refused because another went in at the same moment: a page is
    reloaded, an API request sent again."""
    again = "send the request again" if wants_json() else "reload and try again"
    return error_response(409, f"Someone changed this at the same moment; {again}.")


def _database_down(exc: OperationalError) -> ErrorAnswer:
    from flask import current_app

    current_app.logger.error("database error: %s", exc)
    return error_response(503, "The database is not answering; try again in a moment.")


def _unexpected(exc: Exception) -> ErrorAnswer | BaseResponse:
    if isinstance(exc, HTTPException):
        return _http_error(exc)
    from flask import current_app

    current_app.logger.exception("unexpected error", exc_info=exc)
    return error_response(500, "Something went wrong on our side; nothing was saved.")


def try_again_soon(message: str) -> str:
    """A failure of work that may succeed when asked again (a 3D build, a search for par) as
    one sentence: "The 3D build failed: out of memory; try again in a moment." (it was two,
    "... memory Try again in a moment.", the first without its full stop)."""
    return f"{message.strip().rstrip('.')}; try again in a moment."


# what a line must not break inside: a date or month (2024-01-01, 2026-13), a name
# whose number follows a hyphen (the word list SCOWL-70), and an ending named with its
# hyphen (PDL's "-LY, -ED or -ING form"), a WerdUp letter's stack in its arithmetic,
# "(stack of 2)", a PDQ variant's name joined by hyphens ("stuck-in-the-middle", which
# the refusal of an unknown variant names with the others), and a size with its unit
# ("20 MB", "500 KB", "50 MP"); a day or month as a player reads it (day_shown, month_shown:
# "1 January 2024", "December 2026"), its day, month and year together; the Girdle sheet's
# section named after its letters, "(A-Z)" (a desktop broke the score card's as "(A-" over "Z)");
# and a package to install named in brackets, "(poppler-utils)"
_NAMED = "|".join(MONTHS)
_WHOLE = (r"(?<![\d-])\d{4}-\d{2}(?:-\d{2})?(?![\d-])|\b[A-Za-z]+-\d+\b|\(A-Z\)"
          r"|\([a-z][a-z0-9]*(?:-[a-z0-9]+)+\)"
          r"|(?<![\w-])-[A-Za-z]+\b|\(stack of \d+\)|\b\d[\d,.]* [KMG][BP]\b"
          rf"|\b[1-9]\d? (?:{_NAMED})(?: \d{{4}})?\b|\b(?:{_NAMED}) \d{{4}}\b")


@cache
def _kept_whole() -> re.Pattern[str]:
    from companion.pdq.variants import all_variants

    # (by name, as the API's refusal lists them, and by title, "Any-Which-Way", as a page's)
    names = sorted({n for v in all_variants().values() for n in (v.name, v.title) if "-" in n},
                   key=len, reverse=True)
    return re.compile(_WHOLE + "".join(f"|(?<![\\w-]){re.escape(n)}(?![\\w-])" for n in names))


def kept_whole(text: str) -> Markup:
    """``text``, escaped, with each date or month in it (2024-01-01, 2026-13), each name
    numbered after a hyphen (SCOWL-70) and each ending named with its hyphen (-ED) kept on one
    line: a phone's screen broke a refusal's "2024-01-01" after its first hyphen, a verdict's
    "SCOWL-70" as "SCOWL-" over "70", PDL's "-ED" as "-" over "ED", a WerdUp play's
    "(stack of 2)" as "(stack of" over "2)", a refusal's PDQ variant on a 360 px phone,
    "stuck-in-the-middle", as "stuck-" over "in-the-middle", and a 390 px phone the upload
    limit's "20 MB" as "20" over "MB" and the print shop's "Any-Which-Way" as "Any-" over
    "Which-Way"; a day as a player reads it ("1 January 2024") keeps its day, month and year
    together too, the Girdle's "(A-Z)" its letters, and a package named in brackets,
    "(poppler-utils)", its name."""
    return Markup(_kept_whole().sub(lambda m: f'<span class="nowrap">{m.group()}</span>',
                                    str(escape(text))))


def init_app(app: Flask) -> None:
    """Register the handlers, the ``Retry-After`` of a limit's refusal on any page, and the
    templates' ``kept_whole`` filter for refusals, verdicts, word lists' names and a play's
    arithmetic."""
    app.jinja_env.filters["kept_whole"] = kept_whole
    app.after_request(_retry_after_of_refusal)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(CompanionError, _companion_error)
    app.register_error_handler(IntegrityError, _conflict)
    app.register_error_handler(OperationalError, _database_down)
    app.register_error_handler(InternalServerError, _unexpected)
    app.register_error_handler(Exception, _unexpected)
