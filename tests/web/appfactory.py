"""Building test apps and reading a page's CSRF token (imported by the web tests)."""

from __future__ import annotations

import re

from companion.web import create_app


def make_app(tmp_path, db_url=None, **config):
    """A fresh app with its instance folder (and SQLite database) under ``tmp_path``. Its
    jobs run in the app's own process (the embedded runner) on either database; the queue
    shared with ``companion worker`` processes is tested with real processes
    (test_web_hosts.py)."""
    cfg = {"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": db_url,
           "GIRDLE_SOLVE_SECONDS": 1, "JOB_QUEUE": "embedded", **config}
    return create_app(cfg, instance_path=str(tmp_path / "instance"))


def token(client) -> str:
    """The CSRF token of ``client``'s cookie (as a page's form would carry it)."""
    page = client.get("/judge").get_data(as_text=True)
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert match, "the judge form carries a CSRF token"
    return match.group(1)


def page_said(resp) -> str:
    """A response's page as text to find sentences in: the spans that keep a date or a name
    on one line (``<span class="nowrap">SCOWL-70</span>``) taken out."""
    return re.sub(r'<span class="nowrap">([^<]*)</span>', r"\1", resp.get_data(as_text=True))
