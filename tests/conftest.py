"""Shared fixtures."""

from __future__ import annotations

import pytest

from companion.lexicon import Lexicon


@pytest.fixture
def small_lexicon() -> Lexicon:
    """A tiny word list for fast, readable tests."""
    return Lexicon(
        ["cat", "cats", "act", "at", "ta", "pineapple", "antelope", "drum", "unread", "qi",
         "za", "xi", "excellent", "octagon", "painter", "dependable"],
        name="test-list",
    )
