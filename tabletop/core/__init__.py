"""Game-independent machinery: the contract, errors, records, timelines, trees, checks.

``core`` imports no game.
"""

from .errors import IllegalAction, InvalidOption, InvalidRecord, TabletopError, UnknownGame
from .exports import package_dir
from .game import Action, Game, State, View
from .record import replay
from .registry import load, names, register
from .timeline import Timeline
from .tree import explore

__all__ = [
    "Action", "Game", "IllegalAction", "InvalidOption", "InvalidRecord", "State",
    "TabletopError", "Timeline", "UnknownGame", "View", "explore", "load", "names",
    "register", "replay",
]
__dir__ = package_dir(globals())
