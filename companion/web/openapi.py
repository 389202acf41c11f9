"""The OpenAPI 3.1 description of the JSON API, served at ``/api/openapi.json``.

Each area adds its paths with :func:`add`; the document is assembled per app from the
blueprints it registers, so it only lists what this installation serves.
"""

from __future__ import annotations

import re
from typing import Any

ERROR = {"$ref": "#/components/responses/Error"}
# A photo reader on a server that lacks Tesseract, the tile model or a font: not the request's
# fault (companion.errors.SetupError).
NOT_SET_UP = {"$ref": "#/components/responses/NotSetUp"}

COMPONENTS: dict[str, Any] = {
    "schemas": {
        "Error": {
            "type": "object",
            "required": ["error", "status"],
            "properties": {
                "error": {"type": "string", "description": "a sentence a player understands"},
                "status": {"type": "integer"},
            },
        },
        "Verdict": {
            "type": "object",
            "required": ["word", "valid", "reason", "lexicon", "definitions"],
            "properties": {
                "word": {"type": "string"},
                "valid": {"type": "boolean"},
                "reason": {"type": "string"},
                "game": {"type": ["string", "null"]},
                "lexicon": {"type": "string"},
                "definitions": {"type": "array", "items": {"type": "string"}},
                "decided_by": {"type": "string",
                               "description": "the list (or house list) that decided"},
                "word_class": {"type": "string",
                               "description": "a function word's part of speech, which "
                               "WordNet does not define (THOU is a pronoun), said before the "
                               "definitions; empty for another word"},
                "near_words": {"type": "array", "items": {"type": "string"},
                               "description": "for a word the list lacks, the words of the "
                               "list close to it in spelling that its reason names (RECIEVE: "
                               "RECEIVE), most likely first; empty otherwise"},
                "irregular_base": {"type": "string",
                                   "description": "for a word the list lacks that is a base "
                                   "with a regular ending where the base is irregular "
                                   "(RUNNED), or an irregular form with its ending again "
                                   "(TOOKED), the base (RUN, TAKE; MOSTEST: MANY, the "
                                   "first of the words MOST is of, MANY and MUCH); empty "
                                   "otherwise"},
                "irregular_forms": {"type": "array", "items": {"type": "string"},
                                    "description": "the irregular forms of irregular_base "
                                    "the list has, a verb's past first (RAN, RUN)"},
                "written_as": {"type": "string",
                               "description": "for a word the list lacks that the reason "
                               "says is written otherwise, how: as words apart or with a "
                               "hyphen (ALOT: A LOT; INSPITE: IN SPITE), or a contraction "
                               "with its apostrophe (DONT: DON'T); empty otherwise"},
                "abbreviation_of": {"type": "array", "items": {"type": "string"},
                                    "description": "for the abbreviation of a month, a day "
                                    "or a title (AUG: August; DR: Doctor), or a word the "
                                    "dictionary knows only as an abbreviation, the words it "
                                    "stands for when every sense names them (TV: television); "
                                    "empty otherwise (OK)"},
            },
        },
    },
    "responses": {
        "Error": {
            "description": "bad input (the message says what to fix)",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        },
        "NotSetUp": {
            "description": "the server lacks what this needs (Tesseract, the tile model, a "
            "font): the message says what to install; the request itself may be fine",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        },
    },
}

# path -> {method -> operation}; filled by the area modules at import time of their blueprint.
PATHS: dict[str, dict[str, Any]] = {}

_CONVERTER = re.compile(r"<(?:[a-z_]+:)?([a-z_]+)>")


def path_of(rule: str) -> str:
    """A Flask route (``/api/games/<key>/turns``) written the OpenAPI way
    (``/api/games/{key}/turns``)."""
    return _CONVERTER.sub(r"{\1}", rule)


def json_schema(rule: str, method: str) -> dict[str, Any] | None:
    """The schema of the JSON body the operation at Flask route ``rule`` takes (None: the
    operation is not described, or takes no JSON body)."""
    operation = PATHS.get(path_of(rule), {}).get(method.lower(), {})
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    return body.get("schema")


def add(path: str, method: str, operation: dict[str, Any]) -> None:
    """Describe one operation; a 400 error response is added to every operation."""
    op = dict(operation)
    op.setdefault("responses", {})
    op["responses"].setdefault("400", ERROR)
    PATHS.setdefault(path, {})[method.lower()] = op


def query(name: str, description: str, *, required: bool = False,
          schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """A query parameter."""
    return {"name": name, "in": "query", "required": required, "description": description,
            "schema": schema or {"type": "string"}}


def json_body(schema: dict[str, Any], description: str = "") -> dict[str, Any]:
    """A required JSON request body."""
    return {"required": True, "description": description,
            "content": {"application/json": {"schema": schema}}}

def photo_body() -> dict[str, Any]:
    """A request body that is a photo, in any format the photo reader reads."""
    from vision.formats import MEDIA_TYPES

    binary = {"schema": {"type": "string", "format": "binary"}}
    return {"required": True, "description": "the photo's image as the body, with its type "
            "(an empty body is refused, saying so)",
            "content": {mime: binary for mime in MEDIA_TYPES}}


def ok(description: str, schema: dict[str, Any] | None = None,
       media: str = "application/json") -> dict[str, Any]:
    """A 200 response."""
    return {"200": {"description": description,
                    "content": {media: {"schema": schema or {"type": "object"}}}}}


def document(paths: set[str], version: str) -> dict[str, Any]:
    """The OpenAPI document for the served ``paths`` (OpenAPI style, e.g. ``/api/x/{id}``)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Companion API",
            "version": version,
            "description": "Check a word (or several), PDQ deals, the Daily Girdle, printables "
            "and board photos for four word games. Errors are JSON objects with a sentence "
            "in `error` and a 4xx status (a query parameter given more than once is a 400: "
            "give each once, and so is a key given twice in one JSON object; a JSON field of "
            "another type than its schema here says is a 400 naming it; a JSON body over "
            "500 KB is a 413); 503 when the server cannot do it as set up (a program, model "
            "or font it needs is missing) or is busy.",
        },
        "paths": {p: PATHS[p] for p in sorted(PATHS) if p in paths},
        "components": COMPONENTS,
    }
