"""Files the companion writes (PDFs, overlays, build reports): whole or not at all."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from functools import partial
from pathlib import Path
from typing import BinaryIO, TypeVar

from companion.text import counted

_T = TypeVar("_T")


def write_all(stream: BinaryIO, data: bytes) -> None:
    """Write every byte of ``data`` to ``stream``. A buffered stream may take only part of a
    large write when the disk fills; the rest is offered again, so a full disk is an error
    (``OSError``) rather than a file cut short without a word."""
    view = memoryview(data)
    while view:
        written = stream.write(view)
        if not written:
            raise OSError(f"only part of the output could be written ({len(data) - len(view):,} "
                          f"of {counted(len(data), 'byte')})")
        view = view[written:]
    stream.flush()


def write_file_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to the file ``path`` whole or not at all: into a new file beside it that
    takes its name once every byte is on disk, so a full disk or a stop half-way leaves neither
    half a file nor a spoilt earlier one. A path that is not a plain file (``/dev/null``, a
    pipe) is written directly; a symbolic link's target is replaced, not the link."""
    staged = _stage(path, data, _umask())
    if staged is not None:
        try:
            os.replace(*staged)
        except BaseException:
            _discard([staged])
            raise


def write_files_whole(files: Sequence[tuple[Path, bytes]], workers: int = 8) -> None:
    """Write each ``(path, data)`` of ``files`` whole or not at all, as
    :func:`write_file_whole` does, and none of them unless every one can be: all are written
    beside their places and put on disk first (a few at a time, so the waits for the disk
    overlap rather than add up: a folder of a hundred files costs about what a few do), then
    each takes its name. An ``OSError`` names (``filename``) the path that failed as given."""
    umask = _umask()  # once, here: reading it sets it, which threads must not race to do
    futures: list[Future[tuple[str, Path] | None]] = []
    try:
        with ThreadPoolExecutor(max_workers=max(1, min(workers, len(files)))) as pool:
            futures = [pool.submit(_named, path, partial(_stage, path, data, umask))
                       for path, data in files]
            wait(futures)
        errors = [e for f in futures if (e := f.exception()) is not None]
        if errors:
            raise errors[0]
    except BaseException:
        _discard(f.result() for f in futures
                 if f.done() and not f.cancelled() and f.exception() is None)
        raise
    staged = [f.result() for f in futures]
    for k, item in enumerate(staged):
        if item is not None:
            try:
                os.replace(*item)
            except BaseException:
                _discard(staged[k:])
                raise


def _discard(staged: Iterable[tuple[str, Path] | None]) -> None:
    """Remove files written by :func:`_stage` that are not to take their names."""
    for item in staged:
        if item is not None:
            with contextlib.suppress(OSError):
                os.unlink(item[0])


def _named(path: Path, write: Callable[[], _T]) -> _T:
    """``write()``, an ``OSError`` from it naming ``path`` as the caller gave it."""
    try:
        return write()
    except OSError as exc:
        exc.filename = str(path)
        raise


def _umask() -> int:
    """The process's umask (which can only be read by setting it)."""
    umask = os.umask(0)
    os.umask(umask)
    return umask


def _stage(path: Path, data: bytes, umask: int) -> tuple[str, Path] | None:
    """Write ``data`` beside ``path`` and put it on disk: the new file and the place it is to
    take (``os.replace``); None when ``path`` is no plain file and was written directly. A
    new file gets the mode ``umask`` leaves; one that replaces a file, that file's mode."""
    if path.exists() and not path.is_file():
        with open(path, "wb") as f:
            write_all(f, data)
        return None
    path = Path(os.path.realpath(path))
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~umask
    fd, part = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            write_all(f, data)
            _sync(f.fileno())
        os.chmod(part, mode)
    except BaseException:
        _discard([(part, path)])
        raise
    return part, path


def _sync(fd: int) -> None:
    """Put the file's bytes on disk before it takes the name; a file system that cannot
    (some network and FUSE mounts say so) is no reason to refuse the file."""
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise


@contextlib.contextmanager
def lock_file(path: str | Path) -> Iterator[None]:
    """Hold an exclusive lock on the file ``path`` (made if missing; it holds nothing) until
    the block ends: processes and threads that lock the same file take turns."""
    with open(path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextlib.contextmanager
def lock_folder(path: str | Path) -> Iterator[None]:
    """Hold an exclusive lock on the folder ``path`` until the block ends, as
    :func:`lock_file` holds one on a file, leaving nothing in it: processes and threads that
    lock the same folder take turns. Where the folder cannot be locked (some network file
    systems lock only files opened for writing), the block runs without the lock."""
    try:
        fd: int | None = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        fd = None
    try:
        if fd is not None:
            with contextlib.suppress(OSError):  # no lock to be had: the block runs without
                fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        if fd is not None:
            os.close(fd)  # and the lock with it
