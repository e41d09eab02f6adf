"""``check_position_builder``: a game's ``position(...)`` builder answers wrong arguments
with a ``ValueError``.

Teachers build puzzles with ``game.position(...)``, so its arguments come from people. Each
argument of the builder is given values a notebook user might pass by mistake (wrong types,
NaN, huge strings, nested junk, a list that holds itself); every call must build a position
or raise a ``ValueError`` (``InvalidOption`` is one) — never an exception from the
builder's insides — whose message says what is wrong in the game's words, not Python's
(``not enough values to unpack``, ``'int' object is not iterable``; a state's own field
check, ``field 'pile' should be int``, is fine). A builder's required arguments get the
first junk value it accepts, so that its other arguments can be tried. A list of numbers
given as a numpy array (``np.arange`` sweeps card numbers) must build what the list
builds, or be refused as the list is: not refused for holding ``np.int64(1)``, "no number".
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any

import numpy as np

from ..game import Game
from ..quoting import brief
from .common import fail


def _nested(depth: int) -> list[Any]:
    """A list nested ``depth`` deep (past the recursion limit, for a large ``depth``)."""
    outer: list[Any] = []
    inner = outer
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return outer


#: A list that holds itself, and one nested far past Python's recursion limit: refused
#: with a ``ValueError`` as too deep, not a ``RecursionError``.
LOOP: list[Any] = []
LOOP.append(LOOP)
DEEP = _nested(100_000)

#: What a notebook user might pass by mistake, for any argument.
JUNK: tuple[Any, ...] = (LOOP, DEEP,
    None, 0, 5, -1, 2.5, math.nan, True, "", "zz", "x" * 5000, [], {}, [[]], [None], (1, 2),
    {"a1": 5}, {"zz": "W"}, {"c3": "Q"}, [("x", 1, 2)], [(1e300, 0, 0)], ["f6 dragon r0"],
    [{"a": 1}])


#: What Python, not a game, says: the start of a message a builder let through.
PYTHON_WORDS = re.compile(
    r"values to unpack|invalid literal for|is not iterable"
    r"|is not subscriptable|object has no attribute|index out of range|negative shift count"
    r"|could not convert string to|math domain error|unhashable type|has no len\(\)"
    r"|takes \d+ positional argument")


def check_position_builder(game: Game, seeds: Iterable[int] = ()) -> None:
    """Raise ``ConformanceError`` if ``game.position`` (when it has one) answers a wrong
    argument with anything but a position or a ``ValueError`` in the game's words. (No
    seeds: nothing random.)"""
    build: Callable[..., Any] | None = getattr(game, "position", None)
    if build is None:
        return
    for argument, junk, call in builder_calls(build):
        made: Any = None
        try:
            made = call()
        except ValueError as error:
            if PYTHON_WORDS.search(str(error)):
                fail(_where(game, argument, junk), f"refused in Python's words: "
                     f"{str(error)[:200]} (say which argument is wrong and what it may be)")
        except Exception as error:  # noqa: BLE001 - anything else is the finding
            fail(_where(game, argument, junk), f"raised {type(error).__name__}: {error} (a "
                 f"wrong argument should get a ValueError saying what it may be)")
        if _numbers(junk):
            _check_array_twin(game, argument, junk, call, made)


def _numbers(junk: Any) -> bool:
    """Whether ``junk`` is a non-empty list or tuple of plain numbers (not bools), nested
    evenly: what a numpy array holds as well."""
    if not isinstance(junk, list | tuple) or not junk:
        return False
    try:
        array = np.array(junk)
    except ValueError:  # ragged
        return False
    return array.dtype.kind in "if"


def _check_array_twin(game: Game, argument: str, junk: Any, call: partial[Any],
                      made: Any) -> None:
    """``call`` with ``junk`` given as a numpy array builds what the list built (``made``,
    ``None`` if it was refused), or is refused as the list was."""
    twin = np.array(junk)
    args = tuple(twin if a is junk else a for a in call.args)
    keywords = {k: twin if v is junk else v for k, v in call.keywords.items()}
    try:
        found = call.func(*args, **keywords)
    except Exception as error:  # noqa: BLE001 - compared with the list's answer
        if made is not None:
            fail(_where(game, argument, twin), f"refused {type(error).__name__}: {error}, "
                 f"where the list {junk!r} it holds builds a position (numpy's numbers "
                 f"are taken wherever the API takes numbers)")
        return
    if made is None or found != made:
        fail(_where(game, argument, twin), f"built {brief(found)}, where the list {junk!r} "
             f"it holds {'is refused' if made is None else 'builds ' + brief(made)}")


def _where(game: Game, argument: str, junk: Any) -> str:
    """The call that broke (written only then: ``repr`` of the deep junk cannot be)."""
    return f"{game.name} position({argument}={brief(junk)})"


def builder_calls(build: Callable[..., Any]) -> Iterator[tuple[str, Any, partial[Any]]]:
    """``(argument, junk, call)`` for each argument of the builder and each junk value."""
    parameters = list(inspect.signature(build).parameters.values())
    required = [p for p in parameters if p.default is inspect.Parameter.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    base = [_accepted(build, len(required))] * len(required)
    for parameter in parameters:
        for junk in JUNK:
            if parameter in required:
                at = required.index(parameter)
                values = [*base[:at], junk, *base[at + 1:]]
                yield parameter.name, junk, partial(build, *values)
            elif parameter.kind == parameter.KEYWORD_ONLY or not required:
                yield parameter.name, junk, partial(build, *base, **{parameter.name: junk})


def _accepted(build: Callable[..., Any], count: int) -> Any:
    """The first junk value the builder takes for all of its ``count`` required arguments
    (``None`` if none is taken: only the required arguments are then tried)."""
    for junk in JUNK:
        try:
            build(*[junk] * count)
        except Exception:  # noqa: BLE001 - looking for one it takes
            continue
        return junk
    return None
