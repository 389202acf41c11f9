"""The one reader of typed dates (command line and web app): one spelling, named mistakes,
and ranges of days."""

from __future__ import annotations

import datetime as dt

import pytest

from companion.dates import (
    MAX_RANGE_DAYS,
    date_from,
    dates_from,
    month_cut,
    month_from,
    month_shown,
)
from companion.errors import UsageError


def test_a_date_and_a_leap_day() -> None:
    assert date_from("2026-12-01") == dt.date(2026, 12, 1)
    assert date_from("2028-02-29") == dt.date(2028, 2, 29)
    assert dates_from("2026-12-01") == [dt.date(2026, 12, 1)]


@pytest.mark.parametrize(("value", "message"), [
    ("2027-02-29", "the date '2027-02-29' is not in the calendar: February 2027 has 28 days."),
    ("2026-04-31", "the date '2026-04-31' is not in the calendar: April 2026 has 30 days."),
    ("2026-00-10", "the date '2026-00-10' is not in the calendar: it has no month 0."),
    ("0000-12-01", "the date '0000-12-01' is not in the calendar: it starts in year 1."),
    ("20261201", "cannot read the date '20261201': write it as YYYY-MM-DD, e.g. 2026-01-31."),
    ("2026-W49-3", "cannot read the date '2026-W49-3': write it as YYYY-MM-DD, e.g. 2026-01-31."),
    ("2026-12-01\n", "cannot read the date '2026-12-01\\n': write it as YYYY-MM-DD, e.g. "
     "2026-01-31."),
    ("tomorrow", "cannot read the date 'tomorrow': write it as YYYY-MM-DD"),
    # ASCII digits only
    ("\u0662\u0660\u0662\u0666-12-01", "cannot read the date '\u0662\u0660\u0662\u0666-12-01'"),
    (20261201, "cannot read the date 20261201: write it as YYYY-MM-DD"),
    (None, "cannot read the date null:"),
    ("9" * 500, "cannot read the date '999999999999999999999999999999999999...':"),
    ("2026-12-01..04", "only one date is taken here, not the range of dates '2026-12-01..04'"),
])
def test_what_is_not_a_date_is_named(value: object, message: str) -> None:
    with pytest.raises(UsageError) as info:
        date_from(value)
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(("value", "message"), [
    ("2026-13", "the month '2026-13' is not in the calendar: it has no month 13."),
    ("2026-00", "the month '2026-00' is not in the calendar: it has no month 0."),
    ("0000-05", "the month '0000-05' is not in the calendar: it starts in year 1."),
    ("13", "cannot read the month '13': write it as YYYY-MM, e.g. 2026-01."),
    ("2026-1", "cannot read the month '2026-1': write it as YYYY-MM, e.g. 2026-01."),
    ("2026-11-01", "cannot read the month '2026-11-01': write it as YYYY-MM"),
    (None, "cannot read the month null:"),
])
def test_what_is_not_a_month_is_named(value: object, message: str) -> None:
    with pytest.raises(UsageError) as info:
        month_from(value)
    assert str(info.value).startswith(message)


def test_a_month_cut_short_is_its_first_three_letters_and_the_rest() -> None:
    """A narrow screen shows "Dec" of "December 2026", the rest kept in the text."""
    for month, shown in ((dt.date(2026, 12, 1), "Dec"), (dt.date(2026, 5, 1), "May")):
        start, rest = month_cut(month)
        assert start == shown and start + rest == month_shown(month)


def test_a_month_is_its_first_day() -> None:
    assert month_from("2026-02") == dt.date(2026, 2, 1)


def test_a_range_holds_every_day_from_start_to_end() -> None:
    week = [dt.date(2026, 11, 29) + dt.timedelta(days=i) for i in range(7)]
    assert dates_from("2026-11-29..2026-12-05") == week
    assert dates_from("2026-11-29..12-05") == week  # the end shares the start's year
    assert dates_from("2026-12-01..07") == week[2:] + [dt.date(2026, 12, 6), dt.date(2026, 12, 7)]
    assert dates_from("2026-12-30..2027-01-02")[-1] == dt.date(2027, 1, 2)
    assert dates_from("2026-12-05..05") == [dt.date(2026, 12, 5)]
    assert dates_from("2028-02-27..29")[-1] == dt.date(2028, 2, 29)


def test_a_range_holds_at_most_a_month() -> None:
    assert len(dates_from("2026-01-01..31")) == MAX_RANGE_DAYS == 31
    with pytest.raises(UsageError, match=r"^the range of dates '2026-01-01\.\.02-01' is 32 days; "
                       r"a range may hold at most 31 days at once\.$"):
        dates_from("2026-01-01..02-01")


@pytest.mark.parametrize(("value", "message"), [
    ("2026-12-30..01-02", "the range of dates '2026-12-30..01-02' runs backwards: it ends on "
     "2026-01-02, before it starts on 2026-12-30."),
    ("2026-12-02..01", "the range of dates '2026-12-02..01' runs backwards"),
    ("2026-04-29..31", "the date '2026-04-31' is not in the calendar: April 2026 has 30 days."),
    ("2026-12-01..", "cannot read the range of dates '2026-12-01..': write it as "
     "2026-12-01..2026-12-07"),
    ("..2026-12-01", "cannot read the range of dates '..2026-12-01'"),
    ("2026-12-01..2026-12-03..05", "cannot read the range of dates '2026-12-01..2026-12-03..05'"),
    ("2026-12-01..1", "cannot read the range of dates '2026-12-01..1'"),
    ("2026-12-1..05", "cannot read the date '2026-12-1': write it as YYYY-MM-DD"),
])
def test_a_bad_range_is_named(value: str, message: str) -> None:
    with pytest.raises(UsageError) as info:
        dates_from(value)
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(("value", "hint"), [
    ("2026-12-30..01-02", " To end on 2027-01-02, write the end in full: 2026-12-30..2027-01-02."),
    # a day alone takes the start's month: the next month's day, written as it must be
    ("2026-01-30..02", " To end on 2026-02-02, write its month too: 2026-01-30..02-02."),
    ("2026-12-30..02", " To end on 2027-01-02, write the end in full: 2026-12-30..2027-01-02."),
    ("2026-12-04..01", " To end on 2027-01-01, write the end in full: 2026-12-04..2027-01-01."),
    ("2026-01-31..30", ""),  # February has no 30th
    ("2026-03-31..01", " To end on 2026-04-01, write its month too: 2026-03-31..04-01."),
    ("2026-12-30..12-02", ""),  # a year on: longer than a range may be
    ("9999-12-30..01-02", ""),  # the calendar has no year 10000
    ("9999-12-30..02", ""),
])
def test_an_end_without_its_year_or_month_that_runs_backwards_is_shown_written_in_full(
        value: str, hint: str) -> None:
    # 2026-12-30..01-02 takes the start's year for its end: the player meant the new year
    with pytest.raises(UsageError) as info:
        dates_from(value)
    message = str(info.value)
    assert "runs backwards" in message
    assert message.endswith(f"{value[:10]}.{hint}")
