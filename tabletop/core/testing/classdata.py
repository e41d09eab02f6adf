"""What a game's class declares (``variants``, tables, counts) is read-only, deep down.

A class attribute is shared by every game of the class: a list or dict there that a user
can change (``game.variants[0].clear()``) changes every later ``load`` of the game, and what
the conformance suite plays. ``check_class_data`` reads each public data attribute of the
game's class through the game and fails, naming the attribute and the path to the part,
when something in it could be changed. It looks without trying a change, since a change
it made would stay on the class for the rest of the process.

>>> import tabletop
>>> check_class_data(tabletop.load("lava-flows"))
"""

from __future__ import annotations

import inspect
import numbers
from collections.abc import Iterator, Mapping, MutableMapping, Sequence, Set
from typing import Any

import networkx as nx
import numpy as np

from ..game import Game
from ..readonly import ReadOnlyDict
from .common import fail

#: How far into nested containers the check looks.
DEPTH = 4


def check_class_data(game: Game) -> None:
    """Raise ``ConformanceError`` if a public data attribute of ``type(game)`` holds a part
    that a user could change (a list, dict, set, writeable array or unfrozen graph)."""
    for name, value in _class_data(game):
        for path, part in _changeable(value, f"game.{name}", 0):
            fail(game.name, f"{path} is a {type(part).__name__} that every {game.name} game "
                            "shares: a change to it reaches every load (make it a tuple, "
                            "frozenset or MappingProxyType)")


def _class_data(game: Game) -> Iterator[tuple[str, Any]]:
    """The public attributes set on the game's class that are data, not behaviour."""
    for name in dir(type(game)):
        if name.startswith("_"):
            continue
        static = inspect.getattr_static(game, name)
        if (isinstance(static, property | classmethod | staticmethod | type)
                or callable(static) or hasattr(static, "__get__")):
            continue
        yield name, static


def _changeable(value: Any, path: str, depth: int) -> Iterator[tuple[str, Any]]:
    """Each part of ``value`` (with its path) that could be changed in place."""
    if value is None or isinstance(value, str | bytes | numbers.Number | type):
        return
    if isinstance(value, np.ndarray):
        if value.flags.writeable:
            yield path, value
    elif isinstance(value, nx.Graph):
        if not nx.is_frozen(value):
            yield path, value
    elif isinstance(value, Mapping):
        if isinstance(value, MutableMapping) and not isinstance(value, ReadOnlyDict):
            yield path, value
        elif depth < DEPTH:
            for key, item in list(value.items()):
                yield from _changeable(item, f"{path}[{key!r}]", depth + 1)
    elif isinstance(value, Sequence | Set):
        if not isinstance(value, tuple | frozenset | range):
            yield path, value
        elif depth < DEPTH:
            for i, item in enumerate(value):
                yield from _changeable(item, f"{path}[{i}]", depth + 1)


__all__ = ["check_class_data"]
