"""Reading request parameters into clean values, with player-readable errors."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from flask import request

from companion.errors import UsageError
from companion.games import GAMES, UnknownGame
from companion.lexicon import MAX_WORD
from companion.text import counted
from companion.web import openapi

MAX_WORDS = 20
MAX_SAID_TEXT = 400  # characters of the PDL words-said box (its maxlength)
_WORD = re.compile(r"[^\s,;/+]+")  # what is between spaces, commas, ; / and +


def wants_json() -> bool:
    """Whether the current request is an API call (its answers, refusals too, are JSON)."""
    return request.path.startswith("/api/")


class FieldError(UsageError):
    """Bad input in one field of a form; ``field`` is that field's id on the page, so the page
    can tie the sentence to it."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def plain_text(text: str) -> str:
    """Text as a phone or a pasted message may send it, in plain characters: full-width
    letters and spaces (Asian keyboards) become A-Z and spaces, letters and their accents
    typed apart are joined, invisible characters (zero-width spaces, direction marks) go."""
    if text.isascii():  # nothing to change, and no copy of a long text character by character
        return text
    text = unicodedata.normalize("NFKC", text)
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def words_from(text: str | list[str] | None) -> list[str]:
    """Words typed in one box (spaces or commas between) or given as a list. Reading stops at
    the first word past :data:`MAX_WORDS`: a request of millions of words is refused without
    making them all (a 20 MB box of "a a a ..." took 2 GB)."""
    parts: Iterable[object] = text if isinstance(text, list) else (
        m.group() for m in _WORD.finditer(plain_text(text or "")))
    words: list[str] = []
    for part in parts:
        w = plain_text(str(part)).strip()
        if not w:
            continue
        if len(words) == MAX_WORDS:
            raise UsageError(f"Too many words at once: {MAX_WORDS} at most.")
        if len(w) > MAX_WORD:
            raise UsageError("That word is too long to judge "
                             f"({counted(MAX_WORD, 'letter')} at most).")
        words.append(w)
    if not words:
        raise UsageError("Type a word to check.")
    return words


def said_from(text: str) -> list[str]:
    """The words said this round (PDL) from their box, refused in a sentence when the box
    holds more than :data:`MAX_SAID_TEXT` characters: never cut, as a word cut in half or
    left out would change what a word must beat; or when one is not letters, as the judge
    refuses it (:func:`companion.pdq.said_words`), so the refusal is the box's."""
    from companion.pdq import said_words

    if len(text) > MAX_SAID_TEXT:
        most = counted(MAX_SAID_TEXT, "character")
        raise UsageError(f"The words said this round take {most} at most ({len(text)} were "
                         "given): start the round's words again.")
    words = words_from(text)
    said_words(words)
    return words


def shown_said(text: str) -> str:
    """The words-said box's text as a page shows it back: whole words up to
    :data:`MAX_SAID_TEXT` characters (a box refused for its length is not echoed whole)."""
    if len(text) <= MAX_SAID_TEXT:
        return text
    cut = text[:MAX_SAID_TEXT + 1]
    end = max(cut.rfind(c) for c in " ,;/+")
    return cut[:end].rstrip(" ,;/+") if end > 0 else ""


def game_from(value: str | None, allowed: tuple[str, ...] = GAMES) -> str | None:
    """A game key, or None for "any game"."""
    if not value:
        return None
    if value not in allowed:
        raise UnknownGame(value, allowed)
    return value


def whole_from(value: str | int | float | None, name: str, default: int) -> int:
    """A whole-number parameter, of any size: its range is left to the one rule that owns
    it (a turn's score, a player's seat), which refuses it in its own sentence."""
    if value is None or value == "":
        return default
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise UsageError(f"{name} must be a whole number.")
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        raise UsageError(f"{name} must be a whole number.") from None


def int_from(value: str | int | float | None, name: str, lo: int, hi: int, default: int) -> int:
    """An integer parameter within ``lo..hi``."""
    n = whole_from(value, name, default)
    if value is None or value == "":
        return n
    if not lo <= n <= hi:
        raise UsageError(f"{name} must be between {lo} and {hi}.")
    return n


# What each JSON type is called in a refusal, alone and in a list ("a list of strings").
_TYPE_WORDS = {"string": ("a string", "strings"), "integer": ("a whole number", "whole numbers"),
               "number": ("a number", "numbers"), "boolean": ("true or false", "true or false"),
               "array": ("a list", "lists"), "object": ("an object", "objects"),
               "null": ("null", "nulls")}


def _alternatives(schema: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The schemas a value may match: those of ``oneOf``/``anyOf``, else ``schema`` itself."""
    return list(schema.get("oneOf") or schema.get("anyOf") or [schema])


def _types(schema: Mapping[str, Any]) -> list[str]:
    given = schema.get("type")
    return [] if given is None else [given] if isinstance(given, str) else list(given)


def _is(value: Any, kind: str, schema: Mapping[str, Any]) -> bool:
    """Whether ``value`` (as JSON parsed it) is of the JSON Schema type ``kind``, what a list
    or object holds included (``items``, ``properties``, ``additionalProperties``)."""
    if kind == "string":
        return isinstance(value, str)
    if kind in ("integer", "number"):  # 3.0 is a whole number; true is no number
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return kind == "number" or isinstance(value, int) or value.is_integer()
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    if kind == "array":
        return isinstance(value, list) and all(fits_json(v, schema.get("items", {}))
                                               for v in value)
    if kind == "object":
        if not isinstance(value, dict):
            return False
        known, other = schema.get("properties", {}), schema.get("additionalProperties", {})
        return all(fits_json(v, known.get(k, other if isinstance(other, Mapping) else {}))
                   for k, v in value.items())
    return True


def fits_json(value: Any, schema: Mapping[str, Any]) -> bool:
    """Whether ``value`` is of the type ``schema`` (a JSON Schema, as the OpenAPI
    description writes one) says, to any depth; only types are checked, not the values
    allowed (``enum``, ``minimum``...), which the views refuse in their own sentences."""
    return any(not _types(s) or any(_is(value, kind, s) for kind in _types(s))
               for s in _alternatives(schema))


def json_type_words(schema: Mapping[str, Any], plural: bool = False) -> str:
    """The type ``schema`` asks for, as a refusal says it: "a string", "a whole number", "a
    list of strings", "a list of lists of strings", "a list of strings or a string"."""
    said = []
    for alternative in _alternatives(schema):
        for kind in _types(alternative):
            words = _TYPE_WORDS.get(kind, (kind, kind))[plural]
            inner = (alternative.get("items") if kind == "array" else
                     alternative.get("additionalProperties") if kind == "object" else None)
            if isinstance(inner, Mapping) and any(_types(s) for s in _alternatives(inner)):
                words += " of " + json_type_words(inner, plural=True)
            said.append(words)
    return " or ".join(dict.fromkeys(said)) or "a JSON value"


def json_fields_refusal(body: Any, schema: Mapping[str, Any]) -> str:
    """The sentence refusing the first field of the JSON object ``body`` whose type is not
    the one ``schema`` describes for it (``"game" must be a string.``), else ``""``. A field
    given as null counts as left out, as the views read it; a body that is no object is left
    to its view, which says what to send."""
    if not isinstance(body, dict):
        return ""
    for name, field in schema.get("properties", {}).items():
        value = body.get(name)
        if value is not None and not fits_json(value, field):
            return f'"{name}" must be {json_type_words(field)}.'
    return ""


def json_object() -> dict[str, Any]:
    """The request's JSON body, which must be an object; anything else (JSON of another
    kind, no body, a body of another type) is refused in one sentence."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise UsageError("Send a JSON object in the request body.")
    return body


def refuse_wrong_json_types() -> None:
    """Refuse, before the view reads it, a JSON body with a field of another JSON type than
    the API's description says (``{"game": ["bugwords"]}``: ``"game" must be a string.``): the
    one place every JSON body's field types are checked, from the OpenAPI description of
    the operation (:func:`companion.web.openapi.json_schema`), so what the document says and
    what the API takes cannot differ."""
    if request.routing_exception is not None or request.url_rule is None or not request.is_json:
        return
    schema = openapi.json_schema(request.url_rule.rule, request.method)
    if schema:
        said = json_fields_refusal(request.get_json(silent=True), schema)
        if said:
            raise UsageError(said)
