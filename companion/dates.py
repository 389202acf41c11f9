"""Reading a date typed by a person: the one reader the command line and the web app share.

A date is written one way only, ``YYYY-MM-DD`` (so a day has one web address, and a typo such
as ``20261201`` or a week date is never read as some other day). A day the calendar does not
have is named as such ("February 2026 has 28 days"). A range of dates, where a command takes
one, is ``2026-12-01..2026-12-07``; its end may leave out the year (``2026-11-29..12-05``) or
the year and the month (``2026-12-01..07``) it shares with the start.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

from companion.errors import UsageError
from companion.text import as_written, counted, quoted

EXAMPLE = "2026-01-31"
RANGE_MARK = ".."
MAX_RANGE_DAYS = 31  # a month of daily puzzles at once

_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_MONTH = re.compile(r"([0-9]{4})-([0-9]{2})")
_END = re.compile(r"(?:(?:([0-9]{4})-)?([0-9]{2})-)?([0-9]{2})")


_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")
SHORT_NAME = 3  # a weekday or month cut short keeps its first three letters: "Sat", "Dec"


def day_shown(day: dt.date, *, weekday: bool = True, year: bool = True,
              short: bool = False) -> str:
    """A day as the player reads it, on the web pages and the printed sheets alike: the day of
    the month with no leading zero, "Saturday 5 December 2026"; without the ``weekday`` or the
    ``year`` as asked, names cut to three letters when ``short`` ("Sat 5 Dec"). English names
    whatever the machine's locale, as the rest of the wording."""
    names = [_WEEKDAYS[day.weekday()]] if weekday else []
    names += [str(day.day), MONTHS[day.month - 1]]
    if short:
        names = [n[:SHORT_NAME] for n in names]
    return " ".join(names + ([str(day.year)] if year else []))


def month_shown(month: dt.date) -> str:
    """A month as the player reads it beside :func:`day_shown`'s days: "December 2026"."""
    return f"{MONTHS[month.month - 1]} {month.year}"


def month_cut(month: dt.date) -> tuple[str, str]:
    """:func:`month_shown`'s words in two pieces, what a narrow screen shows of them and the
    rest, left in the text for a screen reader, a search and a copy: ("Dec", "ember 2026"),
    ("May", " 2026")."""
    shown = month_shown(month)
    return shown[:SHORT_NAME], shown[SHORT_NAME:]


def date_from(value: object) -> dt.date:
    """The date written ``YYYY-MM-DD`` in ``value``; anything else is a :class:`UsageError`
    whose sentence says what is wrong (a range where one date is wanted, a month or a day
    the calendar lacks, another spelling)."""
    text = value if isinstance(value, str) else None
    if text is not None and RANGE_MARK in text:
        raise UsageError(f"only one date is taken here, not the range of dates {quoted(text)}: "
                         f"write one date as YYYY-MM-DD, e.g. {EXAMPLE}.")
    m = _DATE.fullmatch(text) if text is not None else None
    if m is None:
        raise UsageError(f"cannot read the date {as_written(value)}: write it as YYYY-MM-DD, "
                         f"e.g. {EXAMPLE}.")
    year, month, day = (int(g) for g in m.groups())
    if year < 1:
        raise UsageError(f"the date {quoted(text)} is not in the calendar: it starts in year 1.")
    if not 1 <= month <= 12:
        raise UsageError(f"the date {quoted(text)} is not in the calendar: it has no month "
                         f"{month}.")
    days = calendar.monthrange(year, month)[1]
    if not 1 <= day <= days:
        raise UsageError(f"the date {quoted(text)} is not in the calendar: "
                         f"{calendar.month_name[month]} {year} has {counted(days, 'day')}.")
    return dt.date(year, month, day)


def month_from(value: object) -> dt.date:
    """The month written ``YYYY-MM`` in ``value``, as its first day; anything else is a
    :class:`UsageError` whose sentence says what is wrong (a month the calendar lacks,
    another spelling)."""
    text = value if isinstance(value, str) else None
    m = _MONTH.fullmatch(text) if text is not None else None
    if m is None:
        raise UsageError(f"cannot read the month {as_written(value)}: write it as YYYY-MM, "
                         f"e.g. {EXAMPLE[:7]}.")
    year, month = int(m[1]), int(m[2])
    if year < 1:
        raise UsageError(f"the month {quoted(text)} is not in the calendar: it starts in "
                         "year 1.")
    if not 1 <= month <= 12:
        raise UsageError(f"the month {quoted(text)} is not in the calendar: it has no month "
                         f"{month}.")
    return dt.date(year, month, 1)


def is_range(value: object) -> bool:
    """Whether ``value`` is written as a range of dates (``A..B``), well or badly."""
    return isinstance(value, str) and RANGE_MARK in value


def dates_from(value: object, limit: int = MAX_RANGE_DAYS) -> list[dt.date]:
    """The days of ``value``: one date (a list of one), or every day of a range ``A..B``
    from A to B, both included, at most ``limit`` of them. A range that runs backwards or
    is too long is a :class:`UsageError`, as is a bad date at either end."""
    if not is_range(value):
        return [date_from(value)]
    assert isinstance(value, str)
    first_text, _, end_text = value.partition(RANGE_MARK)
    m = _END.fullmatch(end_text)
    if not first_text or m is None:
        raise UsageError(f"cannot read the range of dates {quoted(value)}: write it as "
                         "2026-12-01..2026-12-07, or 2026-12-01..07 within a month.")
    first = date_from(first_text)
    year, month, day = m.groups()
    last = date_from(f"{year or f'{first.year:04d}'}-{month or f'{first.month:02d}'}-{day}")
    if last < first:
        # an end without its year (MM-DD) or month (DD) takes the start's: a range into the
        # next year or month was likely meant, and is shown as it must be written
        later = None
        if month and not year:
            later = _in_year(first.year + 1, int(month), int(day))
        elif not month:
            year_on, month_on = divmod(first.year * 12 + first.month, 12)  # the next month
            later = _in_year(year_on, month_on + 1, int(day))
        hint = ""
        if later is not None and (later - first).days < limit:
            if later.year == first.year:
                hint = (f" To end on {later.isoformat()}, write its month too: "
                        f"{first.isoformat()}{RANGE_MARK}{later.isoformat()[5:]}.")
            else:
                hint = (f" To end on {later.isoformat()}, write the end in full: "
                        f"{first.isoformat()}{RANGE_MARK}{later.isoformat()}.")
        raise UsageError(f"the range of dates {quoted(value)} runs backwards: it ends on "
                         f"{last.isoformat()}, before it starts on {first.isoformat()}.{hint}")
    count = (last - first).days + 1
    if count > limit:
        raise UsageError(f"the range of dates {quoted(value)} is {counted(count, 'day')}; a "
                         f"range may hold at most {counted(limit, 'day')} at once.")
    return [first + dt.timedelta(days=i) for i in range(count)]


def _in_year(year: int, month: int, day: int) -> dt.date | None:
    """The day ``year``-``month``-``day``, if the calendar has it."""
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None
