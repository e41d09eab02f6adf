"""Files written whole or not at all: what the arena's datasets and the golden playthroughs
write.

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
    ``path``, the file the caller asked for, not the hidden one."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
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
