"""The running totals a game record writes, checked by its own arithmetic (both replays)."""

from __future__ import annotations

from companion.totals import RunningTotals, total_slip_text


def test_a_slip_is_named_once_and_the_next_line_adds_to_what_the_record_says():
    running = RunningTotals(["ann", "bob"])
    assert running.check("ann", 10, 10) is None
    assert running.check("bob", 5, 6) == 5
    assert running.check("bob", 3, 9) is None  # 6 + 3, from the total the record says
    assert running.check("ann", -4, 6) is None


def test_after_a_note_the_next_total_is_taken_as_it_is():
    running = RunningTotals(["ann"])
    running.check("ann", 10, 10)
    running.forget()
    assert running.check("ann", 0, 22) is None
    assert running.check("ann", 1, 22) == 23


def test_the_slip_reads_as_both_replays_print_it():
    assert total_slip_text(15, 10) == "running total 15, but 10 by the record's own scores"
