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

import re
from collections.abc import Callable, Iterable
from typing import Any

from ..game import Game
from .builders import builder_calls
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
    for argument, junk, call in builder_calls(build):
        try:
            call()
        except ValueError as error:
            message = str(error)
            if PYTHON_WORDS.search(message):
                fail(f"{game.name} position({argument}={junk!r:.40})",
                     f"refused in Python's words: {message[:200]} (say which argument is "
                     f"wrong and what it may be)")
        except Exception:  # noqa: BLE001 - check_position_builder reports these
            continue
