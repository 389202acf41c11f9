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


def test_a_total_miswritten_once_is_named_once():
    """A total written wrong once, the player's later totals right: the next line adds to the
    total the slipped one should have been, and is no second slip (it was named again, as
    "running total 18, but 23 by the record's own scores")."""
    running = RunningTotals(["ann", "bob"])
    assert running.check("ann", 10, 10) is None
    assert running.check("ann", 5, 20) == 15  # 10 + 5 written 20
    assert running.check("bob", 7, 7) is None
    assert running.check("ann", 3, 18) is None  # 15 + 3: right again
    assert running.check("ann", 2, 25) == 20  # a new slip is still named
    assert running.check("ann", 1, 21) is None  # 20 + 1, from the one it should have been
    assert running.check("ann", 1, 21) == 22  # then from 21 again: the slip is not kept
