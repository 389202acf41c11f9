"""Whole numbers written as text: one rule, whether typed for an option or written in a file."""

from __future__ import annotations

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
