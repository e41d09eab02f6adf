"""``check_builder_words``: a position builder refuses a wrong argument in its own words.

``check_position_builder`` asks that a wrong argument to ``game.position(...)`` raise a
``ValueError``. This check reads those errors: each must say what is wrong in the game's
words, not repeat Python's (``not enough values to unpack``, ``invalid literal for int()``,
``'int' object is not iterable``), also inside the core's last resort for a builder whose
insides tripped (``Lacuna.position could not read its arguments: TypeError: 'int' object is
not iterable``; a state's own field check, ``field 'pile' should be int``, is fine). A
teacher reading it should learn which argument is wrong and what it may be.

>>> import tabletop
>>> check_builder_words(tabletop.load("landlock"))
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..game import Game
from .builders import JUNK
from .common import fail

#: What Python, not a game, says: the start of a message a builder let through.
PYTHON_WORDS = re.compile(
    r"values to unpack|invalid literal for|is not iterable"
    r"|is not subscriptable|object has no attribute|index out of range|negative shift count"
    r"|could not convert string to|math domain error|unhashable type|has no len\(\)"
    r"|takes \d+ positional argument")


def check_builder_words(game: Game, seeds: Iterable[int] = ()) -> None:
    """Raise ``ConformanceError`` if ``game.position`` (when it has one) refuses a wrong
    argument with a message in Python's words. (No seeds: nothing random.)"""
    build: Callable[..., Any] | None = getattr(game, "position", None)
    if build is None:
        return
    for argument, junk, arguments in _tries(build):
        try:
            build(*arguments[0], **arguments[1])
        except ValueError as error:
            message = str(error)
            if PYTHON_WORDS.search(message):
                fail(f"{game.name} position({argument}={junk!r:.40})",
                     f"refused in Python's words: {message[:200]} (say which argument is "
                     f"wrong and what it may be)")
        except Exception:  # noqa: BLE001 - check_position_builder reports these
            continue


Arguments = tuple[list[Any], dict[str, Any]]


def _tries(build: Callable[..., Any]) -> Iterator[tuple[str, Any, Arguments]]:
    """``(argument, junk, (args, kwargs))``: each argument of the builder given each junk
    value, its required arguments (if it has any) the first junk value it builds with."""
    parameters = list(inspect.signature(build).parameters.values())
    required = [p for p in parameters if p.default is inspect.Parameter.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    base = [_taken(build, len(required))] * len(required)
    for parameter in parameters:
        for junk in JUNK:
            if parameter in required:
                at = required.index(parameter)
                yield parameter.name, junk, ([*base[:at], junk, *base[at + 1:]], {})
            elif parameter.kind == parameter.KEYWORD_ONLY or not required:
                yield parameter.name, junk, (list(base), {parameter.name: junk})


def _taken(build: Callable[..., Any], count: int) -> Any:
    """The first junk value the builder builds with for its ``count`` required arguments."""
    for junk in JUNK:
        try:
            build(*[junk] * count)
        except Exception:  # noqa: BLE001 - looking for one it takes
            continue
        return junk
    return None
