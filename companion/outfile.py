"""Files the companion writes (PDFs, overlays, build reports): whole or not at all."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path
from typing import BinaryIO


def write_all(stream: BinaryIO, data: bytes) -> None:
    """Write every byte of ``data`` to ``stream``. A buffered stream may take only part of a
    large write when the disk fills; the rest is offered again, so a full disk is an error
    (``OSError``) rather than a file cut short without a word."""
    view = memoryview(data)
    while view:
        written = stream.write(view)
        if not written:
            raise OSError(f"only part of the output could be written ({len(data) - len(view):,} "
                          f"of {len(data):,} bytes)")
        view = view[written:]
    stream.flush()


def write_file_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to the file ``path`` whole or not at all: into a new file beside it that
    takes its name once every byte is on disk, so a full disk or a stop half-way leaves neither
    half a file nor a spoilt earlier one. A path that is not a plain file (``/dev/null``, a
    pipe) is written directly; a symbolic link's target is replaced, not the link."""
    if path.exists() and not path.is_file():
        with open(path, "wb") as f:
            write_all(f, data)
        return
    path = Path(os.path.realpath(path))
    if path.exists():
        mode = path.stat().st_mode & 0o7777
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, part = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            write_all(f, data)
            _sync(f.fileno())
        os.chmod(part, mode)
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise


def _sync(fd: int) -> None:
    """Put the file's bytes on disk before it takes the name; a file system that cannot
    (some network and FUSE mounts say so) is no reason to refuse the file."""
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
