"""One writer per dataset: the lock a ``Dataset`` holds while it is open.

Two ``arena(..., save=path)`` calls writing one folder at once would both open the same
batch file and rename it away under each other. The first to open the folder takes an
exclusive lock on its ``writing.lock`` (an operating-system lock, released when the file
is closed or the process dies, so a crash leaves no stale lock behind); the second is
refused at once, before it changes anything. Readers (``load``) take no lock: a closed
batch is renamed into place whole.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> first = WriterLock(folder)
>>> WriterLock(folder)
Traceback (most recent call last):
...
RuntimeError: ... is being written by another arena(save=...) ...
>>> first.release(); WriterLock(folder).release()
"""

from __future__ import annotations

import os
from pathlib import Path

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
try:  # Windows
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]

LOCK = "writing.lock"
#: Not following a symbolic link at the lock's name, where the system can say so (POSIX).
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class WriterLock:
    """The exclusive lock on ``folder``'s ``writing.lock`` (the folder must exist), or a
    ``RuntimeError`` naming the folder if another writer holds it."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK
        # O_NOFOLLOW: a link planted at the lock's name makes no file where it points
        self.fd: int | None = os.open(self.path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o644)
        try:
            _lock(self.fd)
        except (BlockingIOError, PermissionError):  # held: EWOULDBLOCK, or Windows' EACCES
            os.close(self.fd)
            self.fd = None
            raise RuntimeError(f"{folder} is being written by another arena(save=...) (in "
                               f"this process or another): wait for it to finish, or save "
                               f"to another folder") from None
        except OSError:  # a file system without locks (some network or FUSE ones): go on
            pass

    def release(self) -> None:
        """Let the next writer in (closing the file releases the lock)."""
        if self.fd is not None:
            fd, self.fd = self.fd, None
            os.close(fd)


def _lock(fd: int) -> None:
    """Lock ``fd`` exclusively without waiting; an ``OSError`` if another holds it."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    elif msvcrt is not None:  # pragma: no cover - Windows
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
