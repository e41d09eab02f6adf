"""Methods other game libraries give a state, answered on a tabletop state or view with what
to type here instead: ``s.push(a)`` (python-chess) or ``s.apply_action(17)`` (OpenSpiel)
raises an ``AttributeError`` that says so, never a bare one.

>>> import tabletop
>>> tabletop.load("lascaux").new(seed=1).clone()
Traceback (most recent call last):
...
AttributeError: 'LascauxState' object has no attribute 'clone': states are values: keep s ...
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

_VALUES = ("states are values: keep s itself (copy.copy(s) == s), and t = s.apply(a) gives "
           "the next state, leaving s unchanged")
#: Another library's name for a state's method, and what to type in tabletop instead.
FOREIGN: Mapping[str, str] = MappingProxyType({
    "push": "t = s.apply(a) gives the next state (s is unchanged: keep the result)",
    "pop": "states are values: the state before a move is the one you applied it to "
           "(a Timeline keeps them all)",
    "copy": _VALUES,
    "clone": _VALUES,
    "apply_action": "t = s.apply(a) gives the next state; s.apply(s.action_from_id(17)) "
                    "plays the action whose integer id is 17 (s.legal_action_ids() lists them)",
    "child": "t = s.apply(a) gives the next state",
    "legal_moves": "s.legal_actions() (a list of actions; ask s.is_legal(text) of notation)",
    "legal_actions_mask": "s.legal_mask()",
    "is_chance_node": "there are no chance nodes: every chance event comes from "
                      "game.new(seed=...)",
    "is_game_over": "s.is_terminal (a property)",
})


class ForeignNames:
    """A mixin answering ``FOREIGN``'s names with what to type instead (``__getattr__`` runs
    only for a name the object does not have)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        missing = f"{type(self).__name__!r} object has no attribute {name!r}"
        instead = None if name.startswith("__") else FOREIGN.get(name)
        if instead is not None:
            missing = f"{missing}: {instead}"
        raise AttributeError(missing, name=name, obj=self)
