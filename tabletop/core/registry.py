"""Which games exist, and how to load one by name.

Games register themselves by import path, so nothing is imported until a game is loaded;
``core`` itself never imports a game.

>>> register("toy-example", "tabletop.core.game:Game")
>>> "toy-example" in names()
True
>>> unregister("toy-example")
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .choices import unknown
from .errors import UnknownGame

if TYPE_CHECKING:
    from .game import Game

_entries: dict[str, str | type[Game]] = {}


def register(name: str, game: str | type[Game]) -> None:
    """Register a game class, or its ``"module:Class"`` path, under ``name``."""
    _entries[name] = game


def unregister(name: str) -> None:
    """Forget a registered game (used by tests that register toy games)."""
    _entries.pop(name, None)


def names() -> tuple[str, ...]:
    """The registered game names, in registration order."""
    return tuple(_entries)


def game_class(name: str) -> type[Game]:
    """The class registered under ``name``; ``UnknownGame`` lists the known names."""
    try:
        entry = _entries[name]
    except (KeyError, TypeError):
        raise UnknownGame(unknown("game", name, _entries)) from None
    if isinstance(entry, str):
        module, _, attr = entry.partition(":")
        entry = getattr(importlib.import_module(module), attr)
        _entries[name] = entry
    return entry


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with the given options (``players=`` among them).

    >>> load("no-such-game")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.UnknownGame: no game called 'no-such-game'; known games: ...
    >>> load("lascux")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.UnknownGame: no game called 'lascux'; did you mean 'lascaux'? ...
    """
    return game_class(name)(**options)
