"""Files written whole or not at all: what the arena's datasets, the golden playthroughs,
saved pictures and records (``write_record``) write; text files are UTF-8 with ``\\n`` line
ends and end in a newline (``write_text``), the same bytes on every system.

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "note.txt"
>>> write_atomically(path, lambda tmp: tmp.write_text("whole", encoding="utf-8"))
>>> path.read_text(encoding="utf-8"), sorted(p.name for p in path.parent.iterdir())
('whole', ['note.txt'])
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


def write_atomically(path: Path, write: Callable[[Path], Any]) -> None:
    """``write(tmp)``, then ``tmp`` on the disk and renamed to ``path``: a reader sees the
    whole file or none, even after a power cut. ``tmp`` is hidden (its name starts with
    ``.``), so a reader of the whole folder (``pandas.read_parquet("path/results")``) skips
    it while it is being written; a write that fails leaves none behind, and its error names
    ``path``, the file the caller asked for, not the hidden one.

    Nothing found at either name is written through: a file, or a symbolic link someone
    left at the temporary name (pointing at a file outside the folder, say), is removed and
    ``tmp`` made afresh (exclusively) before ``write`` opens it; the rename then replaces
    whatever ``path`` was, a link included, rather than the file a link names.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> outside = folder / "outside.txt"
    >>> _ = outside.write_text("mine", encoding="utf-8")
    >>> (folder / ".note.txt.tmp").symlink_to(outside)
    >>> write_atomically(folder / "note.txt", lambda tmp: tmp.write_text("x", encoding="utf-8"))
    >>> outside.read_text(encoding="utf-8")
    'mine'
    """
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        fresh(tmp)
        write(tmp)
        with tmp.open("rb+") as written:
            os.fsync(written.fileno())
        os.replace(tmp, path)
    except OSError as err:
        if err.errno is None or err.filename != str(tmp) and err.filename != tmp:
            raise
        raise OSError(err.errno, err.strerror, str(path)) from None  # its subclass, by errno
    finally:
        tmp.unlink(missing_ok=True)


def fresh(path: Path) -> None:
    """An empty regular file made at ``path``, whatever was there (a left-over file or a
    symbolic link, removed, not followed): ``O_EXCL`` refuses a link put back meanwhile."""
    path.unlink(missing_ok=True)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))


def write_text(path: Path, text: str) -> None:
    """``text`` as the file ``path``, written atomically (``write_atomically``) as a file kept
    in git wants it: UTF-8 whatever the system's default, ``\\n`` line ends on every system
    (no ``\\r\\n`` on Windows), and ending in one newline (added if ``text`` has none, so
    that a diff never says *no newline at end of file*).

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "note.txt"
    >>> write_text(path, "one\\ntwo")
    >>> path.read_bytes()
    b'one\\ntwo\\n'
    """
    ended = text if text.endswith("\n") else text + "\n"
    data = ended.encode("utf-8")
    write_atomically(path, lambda tmp: tmp.write_bytes(data))
