"""Files written whole or not at all (``companion.outfile``), one or many at a time."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.outfile import write_file_whole, write_files_whole


def test_many_files_are_written_whole_with_the_mode_the_umask_leaves(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        (tmp_path / "kept.bin").write_bytes(b"old")
        (tmp_path / "kept.bin").chmod(0o600)
        files = [(tmp_path / f"f{i}.bin", bytes([i]) * (1000 + i)) for i in range(40)]
        write_files_whole([*files, (tmp_path / "kept.bin", b"new")])
        assert os.umask(0o027) == 0o027  # the threads left the umask as it was
    finally:
        os.umask(old)
    for path, data in files:
        assert path.read_bytes() == data
        assert path.stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "kept.bin").read_bytes() == b"new"
    assert (tmp_path / "kept.bin").stat().st_mode & 0o777 == 0o600
    assert not list(tmp_path.glob(".*"))


def test_one_file_that_cannot_be_written_stops_them_all(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"earlier a")
    files = [(tmp_path / "a.txt", b"new a"), (tmp_path / "b.txt", b"new b"),
             (tmp_path / "missing" / "c.txt", b"new c")]
    with pytest.raises(OSError) as caught:
        write_files_whole(files)
    assert caught.value.filename == str(tmp_path / "missing" / "c.txt")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]  # no b.txt, no .part
    assert (tmp_path / "a.txt").read_bytes() == b"earlier a"


def test_a_device_is_written_not_replaced(tmp_path: Path) -> None:
    write_files_whole([(Path("/dev/null"), b"x"), (tmp_path / "a.txt", b"a")])
    write_file_whole(Path("/dev/null"), b"y")
    assert Path("/dev/null").is_char_device()
    assert (tmp_path / "a.txt").read_bytes() == b"a"
