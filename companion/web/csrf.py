"""Cross-site request forgery protection for forms that change data.

Every form carries ``csrf_token()`` (a random value kept in the signed session cookie). A
request that changes data and that a foreign page could send from a plain HTML form (a form,
multipart or text body, or no body) must echo the token in the ``csrf_token`` field or the
``X-CSRF-Token`` header. Other bodies (``application/json``, raw images) cannot be sent across
sites without a CORS preflight, which this app never grants, so API clients need no token.

A form of this site's own whose token has expired (the session lost with a server's new key, a
page left open overnight) is never acted on, and what was typed in it is not lost either: the
answer is the form's page again, its form filled in with every value sent and a fresh token,
and one sentence saying the form had expired (:func:`form_again`). A form from another site
(or one whose page cannot be found again) gets the error page.
"""

from __future__ import annotations

import hmac
import io
import secrets
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, render_template_string, request, session
from flask.ctx import RequestContext
from werkzeug.datastructures import MultiDict

from companion.errors import PageWordedError
from companion.web.formfill import refilled
from companion.web.inputs import wants_json

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
FORM_TYPES = frozenset(
    {"", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"}
)
FIELD = "csrf_token"
HEADER = "X-CSRF-Token"
EXPIRED = "This form had expired, so nothing was done: check what you typed and send it again."
REFUSED = ("This form has expired or did not come from this site: reload the page and send "
           "it again.")
# The same refusal to an API client, which sends no form: what the API takes instead.
API_REFUSED = ('Send the body as JSON, with "Content-Type: application/json" (a photo with its '
               "image type): a form or text body needs the site's form token (X-CSRF-Token).")
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_SENT = "companion.form_sent_again"  # the request's environ: the form whose page is read
_NOTICE = '{% from "_fields.html" import refusal %}{{ refusal(said) }}'


def csrf_token() -> str:
    """This visitor's token (created on first use)."""
    if FIELD not in session:
        session[FIELD] = secrets.token_urlsafe(32)
    return session[FIELD]


def needs_token() -> bool:
    """Whether the current request must carry the token."""
    return request.method not in SAFE_METHODS and request.mimetype in FORM_TYPES


def check_request() -> Response | None:
    """Refuse a data-changing form request whose token is missing or wrong: with its form
    filled in again (:func:`form_again`) when it came from this site, else the error page;
    under ``/api/``, a JSON error saying what the API takes (:data:`API_REFUSED`)."""
    if request.routing_exception is not None:  # 404/405 are reported as such
        return None
    if not current_app.config.get("CSRF_ENABLED", True) or not needs_token():
        return None
    expected = session.get(FIELD)
    given = request.headers.get(HEADER) or request.form.get(FIELD, "")
    if expected and hmac.compare_digest(str(given), str(expected)):
        return None
    again = form_again() if from_this_site() and not wants_json() else None
    if again is None:
        raise PageWordedError(API_REFUSED, REFUSED)
    return again


def from_this_site() -> bool:
    """Whether the browser says the request comes from a page of this site (``Origin``,
    else ``Sec-Fetch-Site``, else ``Referer``). A form sent from another site's page is
    never filled in again: its values are not the player's, and its answer must not set a
    cookie the browser would keep over the player's own (a cross-site POST carries none)."""
    here = request.host_url.rstrip("/")
    origin = request.headers.get("Origin")
    if origin:
        return origin == here
    fetched = request.headers.get("Sec-Fetch-Site")
    if fetched:
        return fetched == "same-origin"
    return (request.referrer or "").startswith(here + "/")


def form_sent_again() -> MultiDict[str, str] | None:
    """The values of the expired form whose page this GET is drawing again (for
    :func:`form_again`), None on any other request. Nothing is to be acted on; a page whose
    form depends on what was sent in it (the Girdle play page's squares are the next word's,
    after the words of the sheet sent) reads it here to draw that form."""
    sent = request.environ.get(_SENT)
    return sent if isinstance(sent, MultiDict) else None


def _page_at(path: str, query: str, sent: MultiDict[str, str]) -> Response:
    """The answer to a GET of ``path`` (inside this site) in the current session, whose
    cookie the current request's answer carries; the form sent in the current request is
    :func:`form_sent_again` there."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    environ = {k: v for k, v in request.environ.items() if k != "werkzeug.request"}
    environ.update({"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query,
                    "CONTENT_LENGTH": "0", "wsgi.input": io.BytesIO(b""),
                    _SENT: sent})
    environ.pop("CONTENT_TYPE", None)
    ctx = RequestContext(app, environ, session=session._get_current_object())  # type: ignore[attr-defined]
    with ctx:
        return app.full_dispatch_request()


def form_again(sent: MultiDict[str, str] | None = None, said: str = EXPIRED,
               status: int = 400) -> Response | None:
    """The page of the form just sent (its address read with GET, a redirect or two
    followed within this site), with that form holding the values ``sent`` (the request's
    form), the page's fresh token and ``said`` above it: a 400, or ``status``, nothing of
    the request acted on. None when there is no such page or form."""
    if sent is None:
        sent = MultiDict(request.form)
    csrf_token()  # a token for the page (a new one when the session was lost)
    action = request.path
    path, query = request.environ.get("PATH_INFO") or "/", request.query_string.decode("latin-1")
    for _ in range(3):
        page = _page_at(path, query, sent)
        if page.status_code not in _REDIRECTS:
            break
        to = urlsplit(page.headers.get("Location", ""))
        if to.netloc and to.netloc != request.host or not to.path.startswith("/"):
            return None
        path, query = to.path.removeprefix(request.script_root) or "/", to.query
    if page.status_code != 200 or page.mimetype != "text/html":
        return None
    # said by the pages' own refusal macro: a sentence, its dates and sizes kept whole
    notice = render_template_string(_NOTICE, said=said) + "\n"
    filled = refilled(page.get_data(as_text=True), action, sent, notice,
                      skip=frozenset({FIELD}))
    if filled is None:
        return None
    answer = Response(filled, status=status, mimetype="text/html")
    for name, value in page.headers.items():
        if name.lower() not in ("set-cookie", "content-length", "content-type"):
            answer.headers.add(name, value)
    return answer


def init_app(app: Flask) -> None:
    """Check every request and give templates ``csrf_token()``."""
    app.before_request(check_request)
    app.jinja_env.globals["csrf_token"] = csrf_token
