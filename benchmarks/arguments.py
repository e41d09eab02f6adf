"""Command-line arguments the benchmark scripts share: each refused in one usage line.

A benchmark should refuse what it cannot run with before it times anything, as argparse does
for a flag it does not know — never with a traceback from a division by zero, an empty median
or the game registry.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bench")
>>> _ = parser.add_argument("--runs", type=above_zero(int), default=5)
>>> parser.parse_args(["--runs", "3"]).runs
3
>>> game_names(parser, "lacuna,landlock")
['lacuna', 'landlock']
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import tabletop
from tabletop.core.errors import CallerError
from tabletop.core.printing import plain_streams

# Every benchmark script imports this module, and prints its tables with ``×``, ``≤``, ``µs``
# and ``→``: on a stream that cannot encode them (``PYTHONIOENCODING=ascii``, a C locale, a
# Windows console) they print as ``x``, ``<=``, ``us`` and ``->`` instead of failing after the
# timing is done.
plain_streams()


def first_line(doc: str | None) -> str | None:
    """A script's summary for ``--help``: its docstring's first line, or ``None`` when
    ``python -OO`` stripped the docstring (``__doc__`` is then ``None``).

    >>> first_line("Times things.\\n\\nMore.")
    'Times things.'
    >>> first_line(None) is None
    True
    """
    return doc.splitlines()[0] if doc else None


def above_zero(kind: type) -> Callable[[str], Any]:
    """An argparse ``type``: a finite ``kind`` number above 0 (counts, seconds, rounds)."""
    return _number(kind, lambda value: value > 0, "above 0")


def not_negative(kind: type) -> Callable[[str], Any]:
    """An argparse ``type``: a finite ``kind`` number of 0 or more (seeds)."""
    return _number(kind, lambda value: value >= 0, "0 or more")


def _number(kind: type, holds: Callable[[Any], bool], wanted: str) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not (math.isfinite(value) and holds(value)):
            raise argparse.ArgumentTypeError(f"must be {wanted}, not {text}")
        return value
    parse.__name__ = kind.__name__  # argparse names the type in its own messages
    return parse


def game_names(parser: argparse.ArgumentParser, given: str | Iterable[str],
               flag: str = "--games") -> list[str]:
    """The registered game names ``given`` (comma-separated text, or a list), else a usage
    error naming the games there are."""
    names = [n for n in (given.split(",") if isinstance(given, str) else given) if n]
    unknown = [name for name in names if name not in tabletop.games()]
    if unknown or not names:
        wrong = f"no game {', '.join(map(repr, unknown))}" if unknown else "names no game"
        parser.error(f"{flag} {wrong}; the games are {', '.join(tabletop.games())}")
    return names


@contextmanager
def usage_errors(parser: argparse.ArgumentParser) -> Iterator[None]:
    """What the block refuses as a caller's mistake (a player count, a game option, an agent
    name) becomes a one-line usage error."""
    try:
        yield
    except CallerError as err:
        parser.error(str(err))
