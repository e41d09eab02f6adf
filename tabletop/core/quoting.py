"""Quoting untrusted input in error messages: always short, never failing.

An error message quotes what it refuses, but the input may be 100 KB of text, an integer of
5,000 digits (whose ``repr`` Python refuses), or a list nested past the recursion limit. These
helpers describe any of them in a few dozen characters.

>>> quote("place 0-1"), quote("1." * 50_000)[-22:]
("'place 0-1'", "'… (100000 characters)")
>>> brief(10**5000), brief([[1]] * 99), brief(None)
('an integer of about 5001 digits', 'a list of 99 items', 'None')
>>> cut("x" * 500)[-4:]
'xxx…'
>>> counted(1, "tile"), counted(0, "tile"), counted(3, "ply", "plies")
('1 tile', '0 tiles', '3 plies')
>>> either([2, 4]), either([3, 4, 5]), either(["fixed"], show=repr)
('2 or 4', '3, 4 or 5', "'fixed'")
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

#: How many characters of a long text a message quotes.
QUOTED = 40
#: How long a ``brief`` description of a value may be.
BRIEF = 80


def quote(text: str, limit: int = QUOTED) -> str:
    """``repr(text)``, of its first ``limit`` characters only when it is longer."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, the noun in the plural (``plural``, else ``noun + "s"``) unless
    ``n`` is 1: how every count in a message agrees with its noun."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def either(choices: Iterable[Any], show: Callable[[Any], str] = str) -> str:
    """The valid ``choices`` as a person lists them in a message: commas, then "or" before
    the last one ("3, 4 or 5"), each shown by ``show`` (``repr`` to quote names); "nothing"
    when there are none."""
    shown = [show(choice) for choice in choices]
    if len(shown) < 2:
        return shown[0] if shown else "nothing"
    return f"{', '.join(shown[:-1])} or {shown[-1]}"


def cut(text: str, limit: int = 300) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis if longer."""
    return text if len(text) <= limit else text[:limit] + "…"


def brief(value: Any, limit: int = BRIEF) -> str:
    """A short description of any value: its ``repr`` when that is short, else its kind
    and size (no huge text, no recursion, no integer-to-text limit)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an integer of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    if isinstance(value, str):
        return quote(value, limit // 2)
    try:
        text = repr(value)
    except Exception:  # RecursionError, or a field holding a huge integer
        text = ""
    if text and len(text) <= limit:
        return text
    if isinstance(value, list | tuple):
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, dict):
        return f"an object of {len(value)} keys"
    return cut(text, limit) if text else f"a {type(value).__name__} too large to show"
