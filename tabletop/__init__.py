"""tabletop: four tabletop games to play, step and inspect in Jupyter notebooks.

>>> import tabletop
>>> set(tabletop.games()) <= {"lacuna", "lascaux", "lava-flows", "landlock"}
True

The subpackages ``agents``, ``arena``, ``widgets``, ``teaching`` and ``adapters`` are
attributes too, imported on first use (so ``import tabletop`` stays light):

>>> tabletop.arena.load.__module__
'tabletop.arena.dataset'
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import games as _games  # noqa: F401  (registers the games)
from .core.errors import (
    CallerError,
    IllegalAction,
    InvalidOption,
    InvalidRecord,
    TabletopError,
    UnknownAgent,
    UnknownGame,
)
from .core.exports import package_dir
from .core.game import Action, Game, State, View
from .core.record import replay
from .core.registry import load, names
from .core.tree import explore

if TYPE_CHECKING:  # the widgets load ipywidgets: imported when ``play`` is first called
    from types import ModuleType

    from .widgets.game import GameWidget

#: The version: written here only (pyproject.toml reads it; CHANGELOG.md names it).
__version__ = "0.1.0"


def games() -> tuple[str, ...]:
    """The registered games' names, in registration order (``load(name)`` loads one).

    The function stands where Python would keep the ``tabletop.games`` package, so it bears
    the package's name: ``import tabletop.games.lacuna as lacuna`` still finds the package.
    """
    return names()


games.__name__ = f"{__name__}.games"  # what ``import … as`` looks a subpackage up under


def play(game: str | Game | State | dict[str, Any], *, seed: int | None = None,
         setup: str = "decide", ply: int | None = None,
         bots: Mapping[int, Any] | None = None, view: int | str | None = "auto",
         hot_seat: bool = False, agent_delay: float = 0.6, resolution: float = 2.0,
         panel_delay: float = 0.05, move_time: float | None = None, paused: bool = False,
         **options: Any) -> GameWidget:
    """The interactive widget for a game name, a ``Game``, a ``State`` or a saved record.

    ``seed`` and ``setup`` go to ``game.new`` (a new game's only), ``ply`` opens a record at
    that ply; ``bots`` (``{1: "mcts"}``), ``view`` (``"auto"``, ``"full"``, ``"public"`` or a
    player), ``hot_seat``, ``agent_delay``, ``resolution``, ``panel_delay``, ``move_time``
    (seconds a bot may think over a move) and ``paused`` (bots wait) go to the widget;
    ``options``, for a name, go to ``load`` (``players=`` and the game's options).
    ``tabletop.widgets.play`` says more.
    """
    from .widgets import play as _play

    return _play(game, seed=seed, setup=setup, ply=ply, bots=bots, view=view,
                 hot_seat=hot_seat, agent_delay=agent_delay, resolution=resolution,
                 panel_delay=panel_delay, move_time=move_time, paused=paused, **options)


def __getattr__(name: str) -> ModuleType:
    """``tabletop.arena``, ``tabletop.widgets`` … after a bare ``import tabletop``, as the
    issues and docs name them: each subpackage is imported the first time it is asked for
    (Python then keeps it as an attribute, so this runs once per name)."""
    # ``import tabletop.x`` (not ``from . import x``, which would ask this function again);
    # written out per name, so that the import-cycle test reads every one of them
    if name == "agents":
        import tabletop.agents
    elif name == "arena":
        import tabletop.arena
    elif name == "widgets":
        import tabletop.widgets
    elif name == "teaching":
        import tabletop.teaching
    elif name == "adapters":
        import tabletop.adapters  # noqa: F401
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module: ModuleType = sys.modules[f"{__name__}.{name}"]
    return module


__all__ = [
    "Action", "CallerError", "Game", "IllegalAction", "InvalidOption", "InvalidRecord",
    "State", "TabletopError", "UnknownAgent", "UnknownGame", "View", "explore", "games",
    "load", "play", "replay",
]

#: What Jupyter completes after ``tabletop.``: the public names and every subpackage, those
#: imported on first use too, and none of the names this file imports for itself.
__dir__ = package_dir(globals(), lazy=("agents", "arena", "widgets", "teaching", "adapters"))
