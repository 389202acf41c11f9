"""The one reader of typed dates (command line and web app): one spelling, named mistakes,
and ranges of days."""

from __future__ import annotations

import datetime as dt

import pytest

from companion.dates import MAX_RANGE_DAYS, date_from, dates_from, month_from
from companion.errors import UsageError


def test_a_date_and_a_leap_day() -> None:
    assert date_from("2026-12-01") == dt.date(2026, 12, 1)
    assert date_from("2028-02-29") == dt.date(2028, 2, 29)
    assert dates_from("2026-12-01") == [dt.date(2026, 12, 1)]


@pytest.mark.parametrize(("value", "message"), [
    ("2027-02-29", "2027-02-29 is not a date: February 2027 has 28 days."),
    ("2026-04-31", "2026-04-31 is not a date: April 2026 has 30 days."),
    ("2026-00-10", "2026-00-10 is not a date: there is no month 0."),
    ("0000-12-01", "0000-12-01 is not a date: the calendar starts in year 1."),
    ("20261201", "20261201 is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31."),
    ("2026-W49-3", "2026-W49-3 is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31."),
    ("2026-12-01\n", '"2026-12-01\\n" is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31.'),
    # ASCII digits only
    ("\u0662\u0660\u0662\u0666-12-01", "\u0662\u0660\u0662\u0666-12-01 is not a date"),
    (20261201, "20261201 is not a date: write it as YYYY-MM-DD"),
    (None, "null is not a date"),
    ("9" * 500, "9999999999999999999999999999999999999... is not a date"),
    ("2026-12-01..04", "2026-12-01..04 is a range of dates; only one date is taken here"),
])
def test_what_is_not_a_date_is_named(value: object, message: str) -> None:
    with pytest.raises(UsageError) as info:
        date_from(value)
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(("value", "message"), [
    ("2026-13", "2026-13 is not a month: there is no month 13."),
    ("2026-00", "2026-00 is not a month: there is no month 0."),
    ("0000-05", "0000-05 is not a month: the calendar starts in year 1."),
    ("13", "13 is not a month: write it as YYYY-MM, e.g. 2026-01."),
    ("2026-1", "2026-1 is not a month: write it as YYYY-MM, e.g. 2026-01."),
    ("2026-11-01", "2026-11-01 is not a month: write it as YYYY-MM"),
    (None, "null is not a month"),
])
def test_what_is_not_a_month_is_named(value: object, message: str) -> None:
    with pytest.raises(UsageError) as info:
        month_from(value)
    assert str(info.value).startswith(message)


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
    with pytest.raises(UsageError, match=r"^2026-01-01\.\.02-01 is 32 days; a range may hold "
                       r"at most 31 days at once\.$"):
        dates_from("2026-01-01..02-01")


@pytest.mark.parametrize(("value", "message"), [
    ("2026-12-30..01-02", "2026-12-30..01-02 runs backwards: it ends on 2026-01-02, before it "
     "starts on 2026-12-30."),
    ("2026-12-02..01", "2026-12-02..01 runs backwards"),
    ("2026-04-29..31", "2026-04-31 is not a date: April 2026 has 30 days."),
    ("2026-12-01..", "2026-12-01.. is not a range of dates: write it as 2026-12-01..2026-12-07"),
    ("..2026-12-01", "..2026-12-01 is not a range of dates"),
    ("2026-12-01..2026-12-03..05", "2026-12-01..2026-12-03..05 is not a range of dates"),
    ("2026-12-01..1", "2026-12-01..1 is not a range of dates"),
    ("2026-12-1..05", "2026-12-1 is not a date: write it as YYYY-MM-DD"),
])
def test_a_bad_range_is_named(value: str, message: str) -> None:
    with pytest.raises(UsageError) as info:
        dates_from(value)
    assert str(info.value).startswith(message)
