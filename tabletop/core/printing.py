"""Text tabletop prints itself, fitted to a stream whatever encoding it has.

The games' texts use a few symbols beyond ASCII (``·`` for an empty place, ``…`` where a
list is cut short, ``×``, ``≤``, ``→`` in the benchmarks' tables). A stream that cannot
encode them — ``PYTHONIOENCODING=ascii``, a C locale without UTF-8, a Windows console's
code page — would make ``print`` raise ``UnicodeEncodeError`` after the work is done. What
tabletop prints goes through :func:`say` instead, which writes each such symbol as its
ASCII stand-in (``·`` as ``.``, ``…`` as ``...``) and anything else as a backslash escape.
A script that owns its process (the benchmarks, ``python -m tabletop.core.golden``) calls
:func:`plain_streams` once so that every ``print`` of it does the same.

>>> fit("a·b … 2×3 ≤ 4 → ☃", "ascii")
'a.b ... 2x3 <= 4 -> \\\\u2603'
>>> fit("a·b", "utf-8")
'a·b'
>>> fit("naïve ≤", "cp1252")
'naïve <='
"""

from __future__ import annotations

import codecs
import sys
from typing import TextIO

#: Each symbol tabletop's texts use beyond ASCII, and what stands for it where it cannot go.
STAND_INS = {
    "·": ".", "…": "...", "×": "x", "÷": "/", "≤": "<=", "≥": ">=", "→": "->", "←": "<-",
    "µ": "u", "–": "-", "—": "--", "−": "-", "‘": "'", "’": "'", "“": '"', "”": '"',
    "±": "+/-", "°": " deg", "\u00a0": " ",
}

#: The codec error handler :func:`fit` and :func:`plain_streams` use (registered on import).
ERRORS = "tabletop.stand-ins"


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start:error.end]
    return "".join(STAND_INS.get(c) or c.encode("ascii", "backslashreplace").decode("ascii")
                   for c in bad), error.end


codecs.register_error(ERRORS, _stand_in)


def fit(text: str, encoding: str | None) -> str:
    """``text`` as a stream of ``encoding`` can write it (unchanged where it can)."""
    if not encoding:
        return text
    try:
        return text.encode(encoding, ERRORS).decode(encoding)
    except LookupError:  # an encoding Python does not know: leave the text to the stream
        return text


def say(text: object = "", file: TextIO | None = None) -> None:
    """Print ``text`` (and a line end) to ``file`` (standard output by default), fitted to
    the file's encoding with :func:`fit`."""
    stream = sys.stdout if file is None else file
    if stream is None:  # pythonw: no console at all
        return
    stream.write(fit(f"{text}\n", getattr(stream, "encoding", None)))


def plain_streams() -> None:
    """Make every ``print`` of this process fit standard output and error to their
    encodings as :func:`say` does (for scripts, which own their process; a library call
    never changes the caller's streams)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and stream is not None:
            reconfigure(errors=ERRORS)
