"""The user's cache folder has one owner (:func:`companion.paths.user_cache_dir`): the Word
Girdle's par cache and the CAD build cache both live in it, each with its own variable to put
it elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from cad.build import default_cache_dir
from companion.girdle.cache import cache_dir
from companion.paths import user_cache_dir


def test_the_user_cache_folder_honours_xdg_cache_home(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_cache_dir() == tmp_path / "xdg" / "companion"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_cache_dir() == tmp_path / "home" / ".cache" / "companion"
    monkeypatch.setenv("XDG_CACHE_HOME", "")  # set but empty: as if unset
    assert user_cache_dir() == tmp_path / "home" / ".cache" / "companion"


def test_the_girdle_cache_is_in_the_user_cache_folder_like_the_cad_cache(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The par cache took ~/.cache/companion/girdle even with $XDG_CACHE_HOME set, while the
    CAD builds went to $XDG_CACHE_HOME/companion/cad."""
    monkeypatch.delenv("COMPANION_CACHE_DIR")
    monkeypatch.delenv("COMPANION_CAD_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "companion" / "girdle"
    assert default_cache_dir() == tmp_path / "xdg" / "companion" / "cad"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "companion" / "girdle"
    assert default_cache_dir() == tmp_path / "home" / ".cache" / "companion" / "cad"


def test_each_cache_keeps_its_own_variable(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path / "par"))
    monkeypatch.setenv("COMPANION_CAD_CACHE", str(tmp_path / "builds"))
    assert cache_dir() == tmp_path / "par" / "girdle"
    assert default_cache_dir() == tmp_path / "builds"
