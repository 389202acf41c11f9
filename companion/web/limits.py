"""Limits on what a request may carry, checked before any view or database sees it.

JSON bodies, and forms sent URL-encoded: no larger than a form's field may be (Flask's
``MAX_FORM_MEMORY_SIZE``, 500 KB). JSON: at most :data:`MAX_JSON_DEPTH` levels of nesting
(a deeper body would exhaust the parser's recursion), and only finite numbers (``NaN``,
``Infinity`` and ``1e999`` are refused).
Text: no NUL characters anywhere (PostgreSQL cannot store them), and no lone surrogates
(``"\\ud800"`` in JSON: half of a character, which neither database can store).
Query arguments: each given once (``/api/judge?word=qi&word=zzz`` would be judged as QI alone,
the views reading one value of each), but for those a view declares with :func:`repeatable`;
and a JSON object's keys each given once too (:class:`StrictJSON`).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from itertools import islice
from typing import IO, Any, TypeVar, cast

from flask import Flask, current_app, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.datastructures import MultiDict

from companion.errors import UsageError
from companion.text import number_word, shown

MAX_JSON_DEPTH = 32
# The characters that open or close an array, an object or a string, and the escape.
_TOKEN = re.compile(r'[\[\]{}"\\]')


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in the JSON ``text`` (strings are skipped). One
    pass over the brackets and quotes alone, in memory that does not grow with the text (a
    pattern matching whole strings kept a step per character: 2 GB for a 20 MB string)."""
    depth = deepest = 0
    in_string = False
    escaped = -1  # the position of the character a backslash in a string escapes
    for m in _TOKEN.finditer(text):
        at, ch = m.start(), m.group()
        if at == escaped:
            continue
        if in_string:
            if ch == "\\":
                escaped = at + 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


class TooLarge(UsageError):
    """A request body larger than its kind may be: a 413."""

    status = 413


def size_said(n: int) -> str:
    """A body's or a field's size as a refusal says it: "500 KB", "19.0 MB"."""
    return f"{n / 1_000_000:.1f} MB" if n >= 1_000_000 else f"{max(n // 1000, 1):,} KB"


def refuse_large_bodies() -> None:
    """Refuse a JSON or URL-encoded form body larger than a form's text field may be
    (``MAX_FORM_MEMORY_SIZE``) before anything parses it: every JSON body the API reads (a
    play, a sheet, a photo's corrected grid) and every form of the pages but the photos'
    (sent as multipart, whose fields Flask holds to the same size) takes a few kilobytes.
    Parsing 19 MB of ``[[],[],...]`` took 7 s of a core and 0.8 GB, and 19 MB of
    ``a=&a=&...`` sent as a form, to any page, with or without its CSRF token (reading the
    token parses the form), 6 s and 1.2 GB. A body sent in chunks, without its length, is
    read (up to ``MAX_CONTENT_LENGTH``) to be measured."""
    if request.routing_exception is not None:
        return
    if request.mimetype == "multipart/form-data":
        refuse_many_boundaries()
        return
    if request.is_json:
        said = "That JSON body is {size}; the API reads {most} at most."
    elif request.mimetype == "application/x-www-form-urlencoded":
        said = "That form is {size}; a form's boxes take {most} at most."
    else:
        return
    most = current_app.config.get("MAX_FORM_MEMORY_SIZE")
    if most is None:
        return
    size = request.content_length
    if size is None:
        size = len(request.get_data(cache=True))
    if size > most:
        raise TooLarge(said.format(size=size_said(size), most=size_said(most)))


def refuse_many_boundaries() -> None:
    """Refuse a multipart body holding more boundaries than the form may have parts
    (``MAX_FORM_PARTS``), before Werkzeug parses it: a boundary followed by no headers
    starts no part that Werkzeug counts, and 20 MB of them, sent to any page with or without
    a CSRF token, took it 2 s of a core to refuse. Counting them in the body (read whole, up
    to ``MAX_CONTENT_LENGTH``, as a photo's form is read anyway) takes milliseconds; the
    answer is the 413 of a form with too many parts."""
    from werkzeug.exceptions import RequestEntityTooLarge

    boundary = request.mimetype_params.get("boundary", "")
    parts = current_app.config.get("MAX_FORM_PARTS")
    if not boundary or parts is None:
        return
    found = _delimiter(boundary).finditer(request.get_data(cache=True))
    if next(islice(found, parts + 1, None), None) is not None:
        raise RequestEntityTooLarge()


def _delimiter(boundary: str) -> re.Pattern[bytes]:
    """A multipart body's delimiter line: the boundary after CRLF and two dashes, then the
    line's end, or two more dashes for the last (bytes that only begin like one, in a photo,
    are none)."""
    return re.compile(b"\r\n--" + re.escape(boundary.encode("latin-1", "replace"))
                      + b"(?:--|[ \t]*\r\n)")


# How far past the upload limit a form's body is still read for its text fields: a photo a
# few times too large (a phone's 50 or 200 MP mode), not whatever a stranger sends.
READ_PAST_LIMIT = 4


class _Dropped(io.BytesIO):
    """Where a file of a form read only for its text fields goes: nowhere."""

    def write(self, data: Any) -> int:
        return len(data)


class _Counted(io.RawIOBase):
    """A multipart body read as it comes, refused as :func:`refuse_many_boundaries` refuses
    it once it holds more delimiter lines than the form may have parts (Werkzeug took 10 s
    of a core over 80 MB of them), counted chunk by chunk without keeping the body."""

    def __init__(self, stream: Any, boundary: str, most: int) -> None:
        super().__init__()
        self.stream, self.delimiter, self.most = stream, _delimiter(boundary), most
        self.keep = len(boundary.encode("latin-1", "replace")) + 16  # a delimiter's length
        self.tail, self.found = b"", 0

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        from werkzeug.exceptions import RequestEntityTooLarge

        data = self.stream.read(size)
        seen = self.tail + data
        # (a delimiter ending in the tail was counted with the chunk before)
        self.found += sum(m.end() > len(self.tail) for m in self.delimiter.finditer(seen))
        if self.found > self.most:
            raise RequestEntityTooLarge()
        self.tail = seen[-self.keep:]
        return data


def fields_past_limit() -> MultiDict[str, str] | None:
    """The text fields of a multipart form whose body is past the upload limit
    (``MAX_CONTENT_LENGTH``: a photo too large), its files read and dropped as they come,
    so that the form's page can come back holding what was typed beside the photo; None
    for any other request, or a body larger than :data:`READ_PAST_LIMIT` times the limit,
    or one that cannot be read as a form."""
    from werkzeug.exceptions import HTTPException
    from werkzeug.formparser import MultiPartParser
    from werkzeug.wsgi import LimitedStream

    limit, size = request.max_content_length, request.content_length
    boundary = request.mimetype_params.get("boundary", "")
    if (request.mimetype != "multipart/form-data" or not boundary or not limit
            or size is None or not limit < size <= READ_PAST_LIMIT * limit):
        return None
    parts = request.max_form_parts
    parser = MultiPartParser(stream_factory=lambda *_, **__: _Dropped(),
                             max_form_memory_size=request.max_form_memory_size,
                             max_form_parts=parts)
    try:
        body: Any = LimitedStream(request.environ["wsgi.input"], size)
        if parts is not None:
            body = _Counted(body, boundary, parts)
        body = cast(IO[bytes], body)
        fields, _ = parser.parse(body, boundary.encode("latin-1", "replace"), size)
    except (HTTPException, ValueError, OSError):  # too many parts, a broken body
        return None
    return fields


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


class StrictJSON(DefaultJSONProvider):
    """Flask's JSON, reading only bounded, finite documents, each object's keys given once
    (:func:`_keys_once`; a refusal is a 400). The session's cookie, which Flask reads with
    its own ``object_hook`` and writes itself, is read as Flask reads it."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        text = s.decode("utf-8") if isinstance(s, bytes | bytearray) else s
        if json_depth(text) > MAX_JSON_DEPTH:
            raise ValueError(f"JSON nested more than {MAX_JSON_DEPTH} levels deep")
        if "object_hook" not in kwargs:
            kwargs.setdefault("object_pairs_hook", _keys_once)
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant, **kwargs)


def _keys_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object of a request's body, refused when it gives a key more than once:
    ``{"words": ["qi"], "words": ["zzz"]}`` was read as its last, ZZZ judged alone, the
    client believing QI was judged too (a :class:`UsageError`, which Flask's silent reading
    does not take for a body that is no JSON)."""
    found = dict(pairs)
    if len(found) < len(pairs):  # (found in one pass: an object may hold 50,000 keys)
        seen: set[str] = set()
        for name, _ in pairs:
            if name in seen:
                break
            seen.add(name)
        n = sum(given == name for given, _ in pairs)
        times = "twice" if n == 2 else f"{number_word(n)} times"
        key = shown(json.dumps(name, ensure_ascii=False))
        raise UsageError(f"The key {key} is given {times} in one JSON object: give it once.")
    return found


# Characters no text field may hold: NUL, and a lone surrogate (JSON's "\\ud800" escape names
# half of a UTF-16 pair, no character; it can be neither stored as UTF-8 nor written back).
_NOT_TEXT = re.compile("[\x00\ud800-\udfff]")


def _found(value: Any) -> str | None:
    """The first character of :data:`_NOT_TEXT` in ``value`` (text, or lists and objects of
    it), else None."""
    if isinstance(value, str):
        match = _NOT_TEXT.search(value)
        return match.group() if match else None
    if isinstance(value, dict):
        value = [item for pair in value.items() for item in pair]
    if isinstance(value, list):
        return next((ch for ch in map(_found, value) if ch), None)
    return None


def refuse_bad_characters() -> None:
    """Refuse a request whose address, query, form fields or JSON hold a NUL character or a
    lone surrogate."""
    if request.routing_exception is not None:
        return
    found = _found(list((request.view_args or {}).values())) or _found(
        [item for pair in request.args.items(multi=True) for item in pair])
    if not found and request.mimetype in ("application/x-www-form-urlencoded",
                                          "multipart/form-data"):
        found = _found([item for pair in request.form.items(multi=True) for item in pair])
    if not found and request.is_json:
        found = _found(request.get_json(silent=True))
    if found == "\x00":
        raise UsageError("The request holds a NUL character, which no field may contain.")
    if found:
        raise UsageError("The request holds a lone surrogate (such as \\ud800 in JSON), "
                         "half of a character, which no field may contain: send text as "
                         "UTF-8.")


View = TypeVar("View", bound=Callable[..., Any])


def repeatable(*names: str) -> Callable[[View], View]:
    """Declare query arguments the view may be given more than once, and reads as it says
    (a checkbox and the hidden field standing in for it when it is not ticked)."""
    def declare(view: View) -> View:
        view.repeatable_args = frozenset(names)  # type: ignore[attr-defined]
        return view
    return declare


def refuse_repeated_arguments() -> None:
    """Refuse a query argument given more than once (``/api/judge?word=qi&word=zzz``): a view
    reads one value of each, and would answer for the first as if it were the only one."""
    if request.routing_exception is not None:  # 404/405 are reported as such
        return
    args = request.args
    if len(args) == len(list(args.items(multi=True))):  # nothing repeated: the usual case
        return
    view = current_app.view_functions.get(request.endpoint or "")
    allowed: frozenset[str] = getattr(view, "repeatable_args", frozenset())
    for name, values in args.lists():
        if len(values) > 1 and name not in allowed:
            times = "twice" if len(values) == 2 else f"{number_word(len(values))} times"
            raise UsageError(f"The argument {shown(name)} is given {times}: give it once.")


def init_app(app: Flask) -> None:
    """Use :class:`StrictJSON` and check every request for a JSON or form body too large, NUL
    characters, lone surrogates and repeated query arguments."""
    app.json = StrictJSON(app)
    app.before_request(refuse_large_bodies)  # first: the checks after it parse the body
    app.before_request(refuse_bad_characters)
    app.before_request(refuse_repeated_arguments)
