"""The web app: the companion at the table, in a phone's browser."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app. Configuration comes from defaults, then ``instance/config.py``, then
    ``COMPANION_*`` environment variables, then ``test_config`` (tests only)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        SECRET_KEY="dev-only-change-me",
        LEXICON_PATH=None,
        MAX_CONTENT_LENGTH=16 * 1024 * 1024,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("COMPANION")
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)

    from companion.web import challenge

    app.register_blueprint(challenge.bp)
    return app
