"""Shared fixtures."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import sharedwork

from companion.lexicon import Lexicon

# Plain asserts in the browser helpers report their values like those in the tests.
pytest.register_assert_rewrite("browser")


@pytest.fixture(autouse=True, scope="session")
def _own_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Solver results go to a throwaway cache, never the user's."""
    mp = pytest.MonkeyPatch()
    mp.setenv("COMPANION_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    yield
    mp.undo()


@pytest.fixture(autouse=True, scope="session")
def _shared_work_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Results shared by the tests (:mod:`sharedwork`) go to the run's temporary folder: under
    pytest-xdist the folder that holds every worker's own, so the workers share them."""
    base = tmp_path_factory.getbasetemp()
    sharedwork.use_folder((base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base)
                          / "shared-work")


@pytest.fixture
def small_lexicon() -> Lexicon:
    """A tiny word list for fast, readable tests."""
    return Lexicon(
        ["cat", "cats", "act", "at", "ta", "pineapple", "antelope", "drum", "unread", "qi",
         "za", "xi", "excellent", "octagon", "painter", "dependable"],
        name="test-list",
    )


@pytest.fixture
def house_files(tmp_path):
    """A family's house list for the commands' --add and --remove: ZOTA added (not in the
    default list), CAT, OAT and BONNY removed."""
    add = tmp_path / "family.txt"
    add.write_text("zota\n")
    remove = tmp_path / "no.txt"
    remove.write_text("cat\noat\nbonny\n")
    return str(add), str(remove)
