"""Limits on what a request may carry, checked before any view or database sees it.

JSON bodies: at most :data:`MAX_JSON_DEPTH` levels of nesting (a deeper body would exhaust
the parser's recursion), and only finite numbers (``NaN``, ``Infinity`` and ``1e999`` are
refused). Text: no NUL characters anywhere (PostgreSQL cannot store them).
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider

from companion.errors import UsageError

MAX_JSON_DEPTH = 32
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in the JSON ``text`` (strings are skipped)."""
    depth = deepest = 0
    for ch in _STRING.sub('""', text):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


class StrictJSON(DefaultJSONProvider):
    """Flask's JSON, reading only bounded, finite documents (a refusal is a 400)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        text = s.decode("utf-8") if isinstance(s, bytes | bytearray) else s
        if json_depth(text) > MAX_JSON_DEPTH:
            raise ValueError(f"JSON nested more than {MAX_JSON_DEPTH} levels deep")
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant, **kwargs)


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


def refuse_nul() -> None:
    """Refuse a request whose address, query, form fields or JSON hold a NUL character."""
    if request.routing_exception is not None:
        return
    found = _has_nul(list((request.view_args or {}).values())) or any(
        _has_nul(k) or _has_nul(v) for k, v in request.args.items(multi=True))
    if not found and request.mimetype in ("application/x-www-form-urlencoded",
                                          "multipart/form-data"):
        found = any(_has_nul(k) or _has_nul(v) for k, v in request.form.items(multi=True))
    if not found and request.is_json:
        found = _has_nul(request.get_json(silent=True))
    if found:
        raise UsageError("The request holds a NUL character, which no field may contain.")


def init_app(app: Flask) -> None:
    """Use :class:`StrictJSON` and check every request for NUL characters."""
    app.json = StrictJSON(app)
    app.before_request(refuse_nul)
