"""What a serialized OpenSpiel state may load: OpenSpiel keeps a Python game's state as the
pickle of its ``__dict__`` (the ``__dict__=`` line, in base64), and unpickling runs whatever
a pickle names. ``deserialize_state`` reads text that may come from anywhere, so the
adapter first loads that line here, where a pickle may name only what a tabletop state's
own pickle names:

* data classes of ``tabletop.core`` and ``tabletop.games`` modules already imported:
  games, states and views, and dataclasses and enums (actions and their parts); nothing
  is imported to look a name up;
* the rebuilding functions their pickles call (``rebuild``, ``rebuild_game``, a game's
  ``_rebuild``) and the adapter's ``_Shared`` and ``_from_record`` (a record: JSON);
* ``frozenset``, ``set`` and ``complex``.

Anything else (``os.system``, ``builtins.eval``, a function of another package) is refused
before it runs, with the name it gave. So is what no state's pickle names but whose call
would turn a few bytes into a huge amount of work: ``range`` and tabletop's lazy sequences
(``LegalActions``: ``frozenset(range(10**11))`` is 60 bytes of pickle and terabytes of
set), and any other class (a container, a tool). A line whose object, its shared parts
counted where they are used, is far bigger than the line (a tuple of two copies of a tuple
of two copies …: 2**40 parts in 250 bytes, which a hash or a print would walk for ever) is
refused before it is loaded (``pickle_size``).

>>> import pickle
>>> dict_problem(pickle.dumps({"_shared": None}))
>>> dict_problem(pickle.dumps({"_shared": eval}))[:48]
'its __dict__= line names builtins.eval, which a '
>>> dict_problem(b"not a pickle")[:32]
'its __dict__= line is no pickle '
"""

from __future__ import annotations

import dataclasses
import enum
import io
import pickle
import sys
from typing import Any

from ..core.game import Game, State, View
from .pickle_size import Unreadable, expanded_size

#: Packages whose classes a state's pickle may name.
PACKAGES = ("tabletop.core.", "tabletop.games.")
#: Functions a state's pickle may call, by name, in those packages or the adapter.
FUNCTIONS = frozenset({"rebuild", "rebuild_game", "_rebuild", "_Shared", "_from_record"})
ADAPTER = "tabletop.adapters.openspiel"
BUILTINS = frozenset({"frozenset", "set", "complex"})


def most_parts(size: int) -> int:
    """The most parts (``pickle_size.expanded_size``) a ``__dict__=`` line of ``size``
    bytes may hold: a state's pickle holds fewer parts than bytes (at most 0.41 per byte,
    measured over every game), so ten per byte and a margin leave room to spare.

    >>> most_parts(1000)
    110000
    """
    return 10 * size + 100_000


def _count(parts: int) -> str:
    return "more than 2**62" if parts >= 2**62 else f"{parts:,}"


class _Refused(Exception):
    """A global no tabletop state's pickle names."""


def allowed(module: str, name: str) -> bool:
    """Whether a state's pickle may name ``module.name`` (before it is imported).

    >>> allowed("tabletop.games.lascaux.rules", "LascauxState"), allowed("os", "system")
    (True, False)
    """
    if module == "builtins":
        return name in BUILTINS
    if "." in name:  # a nested name could reach past the class it starts from
        return False
    if module == ADAPTER:
        return name in FUNCTIONS
    if not module.startswith(PACKAGES):
        return False
    if name in FUNCTIONS:
        return True
    loaded = sys.modules.get(module)  # a state's game has loaded its modules: import none
    found = getattr(loaded, name, None)
    return isinstance(found, type) and found.__module__ == module and _data(found)


def _data(cls: type) -> bool:
    """Whether ``cls`` is a game, a state or view, a dataclass or an enum: what a state's
    pickle names (not a container whose call with a number could build without end).

    >>> from tabletop.core.legal import LegalActions
    >>> from tabletop.games.lascaux.actions import Pass
    >>> _data(Pass), _data(LegalActions)
    (True, False)
    """
    return (dataclasses.is_dataclass(cls) or issubclass(cls, enum.Enum)
            or issubclass(cls, (Game, State, View)))


class _StateUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if not allowed(module, name):
            raise _Refused(f"{module}.{name}")
        return super().find_class(module, name)


def dict_problem(raw: bytes) -> str | None:
    """What makes ``raw`` (a ``__dict__=`` line, decoded) no pickle of a tabletop state's
    ``__dict__``: a name it may not load, or damage. ``None`` if it loads, as a dict."""
    try:
        parts = expanded_size(raw)
    except Unreadable as error:
        return f"its __dict__= line is no pickle of a state: {error}"
    if parts > most_parts(len(raw)):
        return (f"its __dict__= line holds {_count(parts)} parts once its shared ones are "
                f"counted where they are used, from {len(raw):,} bytes (a state's pickle "
                f"holds fewer parts than bytes; hashing or printing this one would never "
                f"end)")
    try:
        loaded = _StateUnpickler(io.BytesIO(raw)).load()
    except _Refused as refused:
        return (f"its __dict__= line names {refused}, which a tabletop state's pickle never "
                "does (only tabletop's games, states and records load)")
    except Exception as error:  # damage: any of pickle's many errors, or a record's
        return f"its __dict__= line is no pickle of a state: {type(error).__name__}: {error}"
    if not isinstance(loaded, dict):
        return f"its __dict__= line holds a {type(loaded).__name__}, not a state's fields"
    return None
