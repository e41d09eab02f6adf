"""Game-independent machinery: the contract, errors, records, timelines, trees, checks.

``core`` imports no game.
"""

from .errors import (
    CallerError,
    IllegalAction,
    InvalidOption,
    InvalidRecord,
    TabletopError,
    UnknownAgent,
    UnknownGame,
)
from .exports import package_dir
from .game import Action, Game, State, View
from .record import replay
from .registry import load, names, register
from .timeline import Timeline
from .tree import explore

__all__ = [
    "Action", "CallerError", "Game", "IllegalAction", "InvalidOption", "InvalidRecord",
    "State", "TabletopError", "Timeline", "UnknownAgent", "UnknownGame", "View", "explore",
    "load", "names", "register", "replay",
]
__dir__ = package_dir(globals())
