"""Whole numbers written as text: one rule, whether typed for an option or written in a file."""

from __future__ import annotations

import re

import pytest

from companion.decimals import whole_from, whole_in_file


@pytest.mark.parametrize("text", ["9" * 101, "1_0", "\u00b2", "0x10", "", " ", "+-1"])
def test_text_in_a_file_is_refused_as_typed_text_is(text: str) -> None:
    # the file's text was refused by a copy of the rule, its too-large number repeated
    # without the quotes the file writes it in ("the number 999... is too large")
    with pytest.raises(ValueError) as typed:
        whole_from(text)
    with pytest.raises(ValueError) as in_file:
        whole_in_file(text)
    assert str(in_file.value) == str(typed.value)


@pytest.mark.parametrize("text,number", [(" +7 ", 7), ("-3", -3), ("0042", 42),
                                         ("9" * 100, int("9" * 100))])
def test_text_in_a_file_is_read_as_typed_text_is(text: str, number: int) -> None:
    assert whole_in_file(text) == whole_from(text) == number


@pytest.mark.parametrize("number,said", [(1e300, "1e+300"), (-1e100, "-1e+100")])
def test_a_whole_json_number_of_more_digits_than_allowed_is_too_large(number: float,
                                                                      said: str) -> None:
    # 1e300 was taken as a whole number of 301 digits, repeated in full by the refusal of a
    # stack height or a square (as no digits in the file wrote it)
    with pytest.raises(ValueError, match=f"^the number {re.escape(said)} is too large$"):
        whole_in_file(number)
    assert whole_in_file(1e99) == int(1e99)  # 100 digits: as many as a number may have
