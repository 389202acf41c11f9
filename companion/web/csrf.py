"""Cross-site request forgery protection for forms that change data.

Every form carries ``csrf_token()`` (a random value kept in the signed session cookie). A
request that changes data and that a foreign page could send from a plain HTML form (a form,
multipart or text body, or no body) must echo the token in the ``csrf_token`` field or the
``X-CSRF-Token`` header. Other bodies (``application/json``, raw images) cannot be sent across
sites without a CORS preflight, which this app never grants, so API clients need no token.
"""

from __future__ import annotations

import hmac
import secrets

from flask import Flask, abort, current_app, request, session

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
FORM_TYPES = frozenset(
    {"", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"}
)
FIELD = "csrf_token"
HEADER = "X-CSRF-Token"


def csrf_token() -> str:
    """This visitor's token (created on first use)."""
    if FIELD not in session:
        session[FIELD] = secrets.token_urlsafe(32)
    return session[FIELD]


def needs_token() -> bool:
    """Whether the current request must carry the token."""
    return request.method not in SAFE_METHODS and request.mimetype in FORM_TYPES


def check_request() -> None:
    """Refuse a data-changing form request whose token is missing or wrong."""
    if request.routing_exception is not None:  # 404/405 are reported as such
        return
    if not current_app.config.get("CSRF_ENABLED", True) or not needs_token():
        return
    expected = session.get(FIELD)
    given = request.headers.get(HEADER) or request.form.get(FIELD, "")
    if not expected or not hmac.compare_digest(str(given), str(expected)):
        abort(400, description="This form has expired or did not come from this site: "
                               "reload the page and send it again.")


def init_app(app: Flask) -> None:
    """Check every request and give templates ``csrf_token()``."""
    app.before_request(check_request)
    app.jinja_env.globals["csrf_token"] = csrf_token
