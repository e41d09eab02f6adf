"""Which games exist, and how to load one by name.

Games register themselves by import path, so nothing is imported until a game is loaded;
``core`` itself never imports a game.

>>> register("toy-example", "tabletop.core.game:Game")
>>> "toy-example" in names()
True
>>> unregister("toy-example")
>>> register("lascaux", "my_games:Lascaux")
Traceback (most recent call last):
...
ValueError: 'lascaux' is a built-in game: register yours under another name
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .action import of_game
from .choices import unknown
from .errors import UnknownGame
from .quoting import brief

if TYPE_CHECKING:
    from .game import Game

#: The registered games. ``importlib.reload`` of this module keeps them: the games register
#: when their packages are first imported, which a reload does not repeat.
_entries: dict[str, str | type[Game]] = globals().get("_entries", {})

#: Where the built-in games live: a name registered from here cannot be taken over.
_BUILT_IN = "tabletop.games."


def register(name: str, game: str | type[Game]) -> None:
    """Register a game class, or its ``"module:Class"`` path, under ``name``.

    ``name`` is a non-empty string; ``game`` a ``Game`` subclass or a ``"module:Class"``
    path (imported when the game is first loaded). Registering a name again replaces it (a
    notebook cell run twice), except the built-in games'.
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a game's name is a non-empty string, not {brief(name)}")
    if isinstance(game, str):
        module, colon, attr = game.partition(":")
        if not (colon and module.strip() and attr.strip()):
            raise ValueError(f"game {name!r} should be registered as a Game subclass or its "
                             f"'module:Class' path, not {brief(game)}")
    else:
        _check_class(name, game)
    old = _entries.get(name)
    if old is not None and _path(old).startswith(_BUILT_IN) \
            and not _path(game).startswith(_BUILT_IN):  # (the package registering again)
        raise ValueError(f"{name!r} is a built-in game: register yours under another name")
    _entries[name] = game


def _path(entry: str | type[Game]) -> str:
    """An entry as its ``"module:Class"`` path."""
    return entry if isinstance(entry, str) else f"{entry.__module__}:{entry.__qualname__}"


def _is_game_class(cls: type) -> bool:
    """Whether ``cls`` derives from ``Game`` (by name: ``game`` imports this module)."""
    return any(f"{c.__module__}.{c.__qualname__}" == "tabletop.core.game.Game"
               for c in cls.__mro__)


def _check_class(name: str, game: Any) -> type[Game]:
    """``game`` if it is a ``Game`` subclass, else a ``TypeError`` naming what it is."""
    if not (isinstance(game, type) and _is_game_class(game)):
        raise TypeError(f"game {name!r} should be registered as a Game subclass or its "
                        f"'module:Class' path, not {brief(game)}")
    return game


def unregister(name: str) -> None:
    """Forget a registered game (used by tests that register toy games)."""
    if isinstance(name, str):
        _entries.pop(name, None)


def names() -> tuple[str, ...]:
    """The registered game names, in registration order."""
    return tuple(_entries)


def game_class(name: str) -> type[Game]:
    """The class registered under ``name``; ``UnknownGame`` lists the known names, or says
    which name to give for a game, position or adapted game given instead of its name.

    >>> import tabletop
    >>> game_class(tabletop.load("landlock").new(seed=1))
    Traceback (most recent call last):
    ...
    tabletop.core.errors.UnknownGame: no game called LandlockState(...): a game is named ...
    """
    try:
        entry = _entries[name]
    except (KeyError, TypeError):
        raise UnknownGame(_named_by_string(name) or unknown("game", name, _entries)) from None
    if isinstance(entry, str):
        module, _, attr = entry.partition(":")
        try:
            found = getattr(importlib.import_module(module.strip()), attr.strip())
        except (ImportError, AttributeError) as error:
            raise ImportError(f"game {name!r} is registered as {entry!r}, which cannot be "
                              f"imported: {error}") from error
        entry = _check_class(name, found)
        _entries[name] = entry
    return entry


def _named_by_string(given: object) -> str | None:
    """What to say when ``given`` is a game, a state or view, or an adapter's game (one
    holding its game as ``tabletop``) where a game's name belongs; else ``None``."""
    if isinstance(given, str):
        return None
    found: Any = given if _is_game_class(type(given)) else None
    for attribute in ("game", "tabletop"):
        held = getattr(given, attribute, None) if found is None else None
        found = held if held is not None and _is_game_class(type(held)) else found
    if found is None:
        return None
    kind = type(given).__name__
    return (f"no game called {kind}(...): a game is named by a string; this {kind} is of "
            f"{found!r}, named {found.name!r}")


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


def stranger_problem(action: Any, game: Game) -> str | None:
    """Why ``action`` is no action of ``game`` when its class is another registered game's
    (defined in that game's package, which is not ``game``'s); else ``None``.

    >>> import tabletop
    >>> landlock = tabletop.load("landlock").new(seed=1).legal_actions()[0]
    >>> stranger_problem(landlock, tabletop.load("lacuna"))
    'an action of The Legend of Landlock, not of Lacuna'
    """
    home = type(action).__module__.rpartition(".")[0]  # a top-level module tells nothing
    if not home or of_game(action, game):
        return None
    for name, entry in list(_entries.items()):
        if _path(entry).partition(":")[0].rpartition(".")[0] == home:
            other = game_class(name)
            return f"an action of {other.title or name}, not of {game.title or game.name}"
    return None
