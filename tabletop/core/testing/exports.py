"""The classes a game's reprs name can be imported from the game's package by that name.

A user reads ``Pay()`` or ``Slide(src='b1', dst='c1')`` in a notebook and types
``from tabletop.games.lascaux import Pay`` to build one: the game's package (where its
``Game`` class is exported) exports its ``Game``, ``State``, ``View`` and every action
class, by the names their reprs show, and lists them in its ``__all__`` (what
``help(package)`` and tab completion read). The worked example, Goofspiel, does. A game
written in one module (a test's toy) has each class importable from the module defining it.

>>> import tabletop
>>> check_exports(tabletop.load("lascaux"))
"""

from __future__ import annotations

import random
import sys
from types import ModuleType

from ..game import Action, Game
from .common import ConformanceError

#: The most plies of the random game ``met_classes`` plays.
PLIES = 1000


def home_of(cls: type) -> ModuleType | None:
    """The game's package: the package above ``cls``'s module if it exports ``cls``; else
    ``None`` (a game written in one module: each class is imported from its own)."""
    above = sys.modules.get(cls.__module__.rpartition(".")[0])
    return above if above is not None and getattr(above, cls.__name__, None) is cls else None


def met_classes(game: Game, seed: int = 0) -> list[type]:
    """The game's class, its state and view classes, the class of every action legal
    in one random game from ``new(seed)`` and the other actions defined beside each."""
    met: dict[type, None] = {type(game): None}
    rng = random.Random(seed)
    try:
        state = game.new(seed=seed, setup="random" if "random" in game.setups else "decide")
        met.update(dict.fromkeys([type(state), type(state.view(0))]))
        for _ in range(PLIES):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            met.update(dict.fromkeys(type(action) for action in legal))
            state = state.apply(rng.choice(legal))
    except Exception:  # noqa: BLE001, S110  (a broken game: the checks of play say how)
        pass
    for cls in [c for c in met if issubclass(c, Action)]:
        beside = vars(sys.modules[cls.__module__]).values()
        met.update(dict.fromkeys(c for c in beside if isinstance(c, type) and issubclass(
            c, Action) and c.__module__ == cls.__module__))
    return list(met)


def check_exports(game: Game, seed: int = 0) -> None:
    """Each of ``met_classes`` is the package's attribute of its own name and in its
    ``__all__`` (if it has one); else a ``ConformanceError`` naming the class and where to
    export it."""
    package = home_of(type(game))
    for cls in met_classes(game, seed):
        name = cls.__name__
        home = sys.modules[cls.__module__] if package is None else package
        listed = getattr(home, "__all__", None)
        if getattr(home, name, None) is not cls or listed is not None and name not in listed:
            raise ConformanceError(
                f"{game.name}: {cls.__module__}.{cls.__qualname__} (reprs show it as "
                f"{name}) cannot be imported as `from {home.__name__} import {name}`: "
                f"export it from {home.__name__}"
                + (" and list it in its __all__" if listed is not None else ""))
