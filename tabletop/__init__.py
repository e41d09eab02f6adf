"""tabletop: four tabletop games to play, step and inspect in Jupyter notebooks.

>>> import tabletop
>>> set(tabletop.games()) <= {"lacuna", "lascaux", "lava-flows", "landlock"}
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import games as _games  # noqa: F401  (registers the games)
from .core.errors import IllegalAction, InvalidOption, InvalidRecord, UnknownGame
from .core.game import Action, Game, State, View
from .core.record import replay
from .core.registry import load, names
from .core.tree import explore

if TYPE_CHECKING:  # the widgets load ipywidgets: imported when ``play`` is first called
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


def play(game: str | Game | State | dict[str, Any], **options: Any) -> GameWidget:
    """The interactive widget for a game name, a ``Game``, a ``State`` or a saved record.

    ``options`` go to the widget (``seed=``, ``bots=``, ``view=`` …) and, for a name, to
    ``load`` (``players=`` and game options).
    """
    from .widgets import play as _play

    return _play(game, **options)


__all__ = [
    "Action", "Game", "IllegalAction", "InvalidOption", "InvalidRecord", "State",
    "UnknownGame", "View", "explore", "games", "load", "play", "replay",
]
