"""A page's form filled in again with what was sent in it.

:func:`companion.web.csrf.check_request` uses it when a form comes back with a token that has
expired (the session lost, a page kept open overnight): the form's page is shown again, the
form in it holding every value the player sent and the page's own fresh token, instead of an
error page from which the typed words could only be typed again.
"""

from __future__ import annotations

from html import escape
from html.parser import HTMLParser
from urllib.parse import urlsplit

from werkzeug.datastructures import MultiDict

# Controls whose value a page cannot be given back (a file) or that send only when pressed.
_NOT_FILLED = frozenset({"file", "submit", "button", "image", "reset"})
_TICKED = frozenset({"checkbox", "radio"})

Edit = tuple[int, int, str]  # the text from start to end replaced by a new one


class _Field:
    """A control of a form as found in the page: its tag, attributes and where it stands."""

    def __init__(self, tag: str, attrs: list[tuple[str, str | None]], start: int, end: int
                 ) -> None:
        self.tag, self.attrs, self.start, self.end = tag, attrs, start, end
        self.content_end = end  # a textarea's: where its text ends
        self.options: list[_Field] = []  # a select's
        self.text = ""  # an option's text

    def attr(self, name: str) -> str | None:
        return next((v if v is not None else "" for k, v in self.attrs if k == name), None)

    def retagged(self, **changes: str | None) -> str:
        """This element's start tag with attributes set (a value) or taken away (None)."""
        attrs = [(k, v) for k, v in self.attrs if k not in changes]
        attrs += [(k, v) for k, v in changes.items() if v is not None]
        inside = "".join(f" {k}" if v is None or (v == "" and k in ("checked", "selected"))
                         else f' {k}="{escape(v)}"' for k, v in attrs)
        return f"<{self.tag}{inside}>"


class _Form:
    def __init__(self, action: str, start: int, ident: str | None) -> None:
        self.action, self.start, self.ident = action, start, ident
        self.fields: list[_Field] = []
        self.actions = {urlsplit(action).path}  # its own, and its buttons' formaction


class _Reader(HTMLParser):
    """The forms of a page, their controls, and the page's title, with their places."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lines = [0]
        for i, c in enumerate(text):
            if c == "\n":
                self.lines.append(i + 1)
        self.forms: list[_Form] = []
        self.sent_by: list[tuple[str, str]] = []  # a button's form= (an id), its formaction
        self.title: tuple[int, int] | None = None
        self._form: _Form | None = None
        self._select: _Field | None = None
        self._option: _Field | None = None
        self._open: _Field | None = None  # the textarea being read
        self._title_start: int | None = None

    def _here(self) -> int:
        line, col = self.getpos()
        return self.lines[line - 1] + col

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        start = self._here()
        end = start + len(self.get_starttag_text() or "")
        if tag == "title":
            self._title_start = end
        if tag == "form":
            self._form = _Form(dict(attrs).get("action") or "", start, dict(attrs).get("id"))
            self.forms.append(self._form)
            return
        field = _Field(tag, attrs, start, end)
        formaction = field.attr("formaction")
        if tag in ("button", "input") and formaction:  # a button sending a form elsewhere
            owner = field.attr("form")
            if owner is not None:  # its form named, wherever the button stands
                self.sent_by.append((owner, formaction))
            elif self._form is not None:
                self._form.actions.add(urlsplit(formaction).path)
        if self._form is None:
            return
        if tag in ("input", "textarea", "select") and field.attr("name"):
            self._form.fields.append(field)
            if tag == "textarea":
                self._open = field
            if tag == "select":
                self._select = field
        elif tag == "option" and self._select is not None:
            self._select.options.append(field)
            self._option = field

    def handle_data(self, data: str) -> None:
        if self._option is not None:
            self._option.text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "title" and self._title_start is not None:
            self.title = (self._title_start, self._here())
        elif tag == "form":
            self._form = None
        elif tag == "textarea" and self._open is not None:
            self._open.content_end = self._here()
            self._open = None
        elif tag == "select":
            self._select = self._option = None
        elif tag == "option":
            self._option = None


def _edits(form: _Form, sent: MultiDict[str, str], skip: frozenset[str]) -> list[Edit]:
    """How the controls of ``form`` change to hold what was ``sent``."""
    left = {name: list(sent.getlist(name)) for name in sent}
    edits: list[Edit] = []
    for f in form.fields:
        name = f.attr("name") or ""
        kind = (f.attr("type") or "text").lower()
        if name in skip or f.attr("disabled") is not None or (
                f.tag == "input" and kind in _NOT_FILLED):
            continue
        if f.tag == "input" and kind in _TICKED:
            ticked = (f.attr("value") or "on") in sent.getlist(name)
            edits.append((f.start, f.end, f.retagged(checked="" if ticked else None)))
        elif name not in left:
            continue
        elif f.tag == "select":
            chosen = sent.getlist(name)
            for o in f.options:
                value = o.attr("value")
                picked = (o.text.strip() if value is None else value) in chosen
                edits.append((o.start, o.end, o.retagged(selected="" if picked else None)))
        elif left[name]:
            value = left[name].pop(0)
            if f.tag == "textarea":
                # a newline just after <textarea> is dropped by the browser: keep the text's own
                edits.append((f.end, f.content_end, "\n" + escape(value, quote=False)))
            else:
                edits.append((f.start, f.end, f.retagged(value=value)))
    return edits


def refilled(page: str, action: str, sent: MultiDict[str, str], notice: str,
             skip: frozenset[str] = frozenset()) -> str | None:
    """``page`` with its form sent to the path ``action`` holding the values ``sent`` (but
    for the fields in ``skip``, such as the page's fresh token), ``notice`` (HTML) just
    before it, and "Error: " before its title; None when the page has no such form."""
    reader = _Reader(page)
    reader.feed(page)
    reader.close()
    for owner, formaction in reader.sent_by:
        for f in reader.forms:
            if f.ident == owner:
                f.actions.add(urlsplit(formaction).path)
    # (a form is sent to its action, or by a button of its own to the button's formaction:
    # the photo's button sends the turn's form to the photo's address)
    forms = [f for f in reader.forms if action in f.actions]
    if not forms:
        return None
    # (two forms sent to one address: the one with most of the fields sent)
    form = max(forms, key=lambda f: len(set(sent) & {x.attr("name") for x in f.fields}))
    edits = _edits(form, sent, skip)
    edits.append((form.start, form.start, notice))
    if reader.title is not None:
        edits.append((reader.title[0], reader.title[0], "Error: "))
    out = page
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:start] + new + out[end:]
    return out

