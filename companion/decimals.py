"""Numbers as a person types them: a decimal for an option (a clearance, a bed, a time
budget), the digits 0-9, a point and an exponent, nothing else (Python's ``float()`` also
reads an Arabic-Indic '٠.٢', a full-width '０.５', '1_0.5', 'nan' and 'inf', and turns '1e400'
into infinity, none of which is a measurement or a number of seconds); and a whole number,
for an option or in a file (a score, a total, a time, a stack height), of at most
:data:`MAX_DIGITS` digits (``int()`` refuses over 4,300 in Python's own words)."""

from __future__ import annotations

import math
import re

from companion.text import as_written, quoted, shown

MAX_CHARACTERS = 100  # far more than any measurement needs
MAX_DIGITS = 100  # far more than any count, square, score or time
_WHOLE = re.compile(r"[-+]?[0-9]+")
_DECIMAL = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")
_NOT_FINITE = {"nan", "inf", "infinity"}


def whole_from(text: str) -> int:
    """The whole number ``text`` writes, in the digits 0-9 with an optional sign (spaces
    around it are ignored), or ``ValueError`` with a sentence saying why it is not one."""
    digits = text.strip()
    if not _WHOLE.fullmatch(digits):
        raise ValueError(f"{quoted(text)} is not a whole number written in the digits 0-9")
    if len(digits.lstrip("+-")) > MAX_DIGITS:
        raise ValueError(f"{quoted(text)} is too large a number")
    return int(digits)


def whole_in_file(value: object) -> int:
    """A whole number as a JSON file gives one (a sheet's square or Supply position, a
    puzzle's line, score or size): a whole JSON number (``2.0`` too) or text read as typed
    text is (:func:`whole_from`: the digits 0-9 with an optional sign, a length bonus of
    "-3"), of at most :data:`MAX_DIGITS` digits; anything else is ``ValueError`` repeating
    it as the file writes it (``1.5``, ``1e+300``,
    ``true``, ``null``, ``'x'``): a square between rows is no square, and ``true`` is not 1."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        if abs(value) >= 10.0**MAX_DIGITS:  # 1e300: no whole number a file may give
            raise ValueError(f"the number {shown(value)} is too large")
        return int(value)
    if isinstance(value, str):
        return whole_from(value)
    raise ValueError(f"{as_written(value)} is not a whole number")


class TypedNumber(float):
    """A number read from what a person typed, which keeps the text (``typed``), so that a
    refusal repeats it as typed (:func:`companion.text.number_shown`): ``1e23`` and not
    ``1e+23``, ``123456789012345678`` and not ``1.23457e+17``. Anything computed from it is a
    plain float."""

    typed: str | None

    def __new__(cls, value: float, typed: str | None = None) -> TypedNumber:
        number = super().__new__(cls, value)
        number.typed = typed
        return number


def decimal_from(text: str) -> float:
    """The number ``text`` writes (spaces around it are ignored), or ``ValueError`` with a
    sentence saying why it is not one; it keeps the text (:class:`TypedNumber`)."""
    digits = text.strip()
    if digits.lower().lstrip("+-") in _NOT_FINITE:
        raise ValueError(f"{quoted(text)} is not a number: give a finite decimal such as 0.2")
    if len(digits) > MAX_CHARACTERS:
        raise ValueError(f"{quoted(text)} is too long to be a number")
    if not _DECIMAL.fullmatch(digits):
        raise ValueError(f"{quoted(text)} is not a decimal number written in the digits 0-9 "
                         "(such as 0.2)")
    value = float(digits)
    if not math.isfinite(value):
        raise ValueError(f"{quoted(text)} is too large a number")
    return TypedNumber(value, digits)
