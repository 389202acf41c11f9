"""The API's own routes: the OpenAPI document and a readable index of the API."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, render_template
from flask.typing import ResponseReturnValue

from companion import __version__
from companion.web import openapi

bp = Blueprint("api", __name__)


def served_paths() -> set[str]:
    """Every ``/api/`` route of the running app, written the OpenAPI way."""
    return {openapi.path_of(rule.rule) for rule in current_app.url_map.iter_rules()
            if rule.rule.startswith("/api/")}


@bp.get("/api/openapi.json")
def spec() -> ResponseReturnValue:
    return jsonify(openapi.document(served_paths(), __version__))


@bp.get("/api/")
def index() -> ResponseReturnValue:
    doc = openapi.document(served_paths(), __version__)
    return render_template("api.html", doc=doc)


openapi.add("/api/openapi.json", "get", {
    "summary": "This document",
    "responses": openapi.ok("the OpenAPI document"),
})
openapi.add("/api/", "get", {
    "summary": "A readable list of the API's operations",
    "responses": openapi.ok("an HTML page", {"type": "string"}, "text/html"),
})
