"""Secret Nim variants that hand out their own data: each must fail the immutability check.

* ``HandingNim``: ``may_take()`` returns the state's cached list, which its text then reads;
* ``NotingNim``: ``notes()`` returns the state's cached dict (nothing else reads it, but a
  second read shows the change);
* ``UnlockableNim``: ``pile_marks()`` returns a cached numpy array made read-only with
  ``flags.writeable = False`` only, so that a user can make it writeable again;
* ``ViewingNim``: the same marks as a read-only view of a read-only array, which a user can
  make writeable again (and then the view);
* ``RebindingNim``: ``counters()`` returns a cached graph frozen by ``nx.freeze`` alone, whose
  attribute dict a user can replace;
* ``TablingNim``: ``counters()`` returns a cached graph frozen as ``frozen_graph`` froze
  graphs before probe 34 (attribute dicts read-only, ``nx.freeze``, sealed) but with its node
  and adjacency tables plain dicts, which ``nx.Graph.add_node(graph, n)`` writes;
* ``StrictNim``: ``counters()`` returns a graph frozen by ``frozen_graph`` whose attribute dict
  refuses ``pop("id", None)``, a call that changes nothing, so ``nx.write_graphml`` fails;
* ``SharingNim``: a public class attribute ``piles``, a list every game of the class shares
  (so a user's edit reaches every load); ``TableNim``: ``variants`` as every game's were
  before round 54, a tuple of plain dicts, put back after the class is made (``Game`` now
  makes a declared ``variants`` read-only); ``PricedNim``: its state class declares a public
  ``prices`` dict that every state shares;
* ``ScenicNim``: its renderer hands out one ``Scene`` per position from a module's memo, so
  a caller's change to ``state.scene()`` reaches every later picture (and the check's marker
  in its shapes made the scene's repr fail while the message was written);
* ``MemoNim``: ``table()`` returns a read-only helper whose public ``cached(key, compute)``
  fills the memo its text reads with whatever the caller's function returns (as Lacuna's
  ``state.geometry.cached`` did).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from toygame import NimState, SecretNim, draw_pile

from tabletop.core.readonly import ReadOnlyDict


def _start(game: SecretNim, cls: type[NimState], rng) -> NimState:
    return cls(game=game, pile=rng.randint(5, 9), first=rng.randrange(2), bonus=(None, None),
               taken_last=None)


class HandingNim(SecretNim):
    name = "handing-nim"

    def _initial(self, rng):
        return _start(self, HandingState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandingState(NimState):
    def may_take(self) -> list[int]:
        """How many counters may be taken now: the cached list itself (the bug)."""
        most = min(self.game.options["max_take"], self.pile)
        return self._cached("takes", lambda: list(range(1, most + 1)))

    def _text(self):
        return NimState._text(self) + f", may take {self.may_take()}"


class NotingNim(SecretNim):
    name = "noting-nim"

    def _initial(self, rng):
        return _start(self, NotingState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class NotingState(NimState):
    def notes(self) -> dict[str, int]:
        """A summary of the position: the cached dict itself (the bug)."""
        return self._cached("notes", lambda: {"pile": self.pile, "takes": self.takes})


class UnlockableNim(SecretNim):
    name = "unlockable-nim"

    def _initial(self, rng):
        return _start(self, UnlockableState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class UnlockableState(NimState):
    def pile_marks(self) -> np.ndarray:
        """One flag per counter left: cached, read-only by its flag only (the bug: a user
        may set ``flags.writeable = True`` again)."""
        def compute() -> np.ndarray:
            marks = np.ones(self.pile, dtype=bool)
            marks.flags.writeable = False
            return marks
        return self._cached("marks", compute)  # type: ignore[no-any-return]

    def _text(self):
        return NimState._text(self) + f", marks {int(self.pile_marks().sum())}"


class ViewingNim(SecretNim):
    name = "viewing-nim"

    def _initial(self, rng):
        return _start(self, ViewingState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class ViewingState(NimState):
    def pile_marks(self) -> np.ndarray:
        """One flag per counter left: cached, a read-only view of a read-only array (the bug:
        the array it views, its ``base``, can be made writeable again)."""
        def compute() -> np.ndarray:
            marks = np.ones(self.pile, dtype=bool)
            marks.flags.writeable = False
            view = marks.view()
            view.flags.writeable = False
            return view
        return self._cached("marks", compute)  # type: ignore[no-any-return]

    def _text(self):
        return NimState._text(self) + f", marks {int(self.pile_marks().sum())}"


class RebindingNim(SecretNim):
    name = "rebinding-nim"

    def _initial(self, rng):
        return _start(self, RebindingState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class RebindingState(NimState):
    def counters(self):
        """The counters as a path graph, frozen by ``nx.freeze`` alone (the bug: its
        attribute dict can be replaced), named in the state's text."""
        import networkx as nx

        def compute():
            graph = nx.path_graph(self.pile)
            graph.graph = ReadOnlyDict({"name": "pile"})
            return nx.freeze(graph)
        return self._cached("counters", compute)

    def _text(self):
        return NimState._text(self) + f", {self.counters().graph.get('name')}"


class TablingNim(SecretNim):
    name = "tabling-nim"

    def _initial(self, rng):
        return _start(self, TablingState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class TablingState(NimState):
    def counters(self):
        """The counters as a path graph, every attribute dict read-only, frozen and sealed,
        but its tables left as they are (the bug)."""
        import networkx as nx

        from tabletop.core.sealed import seal

        def compute():
            graph = nx.path_graph(self.pile)
            graph.graph = ReadOnlyDict({"name": "pile"})
            for node, data in graph._node.items():
                graph._node[node] = ReadOnlyDict(data)
            for nbrs in graph._adj.values():
                for other, data in nbrs.items():
                    nbrs[other] = ReadOnlyDict(data)
            return seal(nx.freeze(graph))

        return self._cached("counters", compute)

    def _text(self):
        return NimState._text(self) + f", {len(self.counters())} counters"


class StrictNim(SecretNim):
    name = "strict-nim"

    def _initial(self, rng):
        return _start(self, StrictState, rng)


class _StrictDict(ReadOnlyDict):
    """Refuses even a change that changes nothing (``ReadOnlyDict`` before round 49)."""

    __slots__ = ()

    def pop(self, *args, **kwargs):
        self._refuse()


@dataclass(frozen=True, slots=True, kw_only=True)
class StrictState(NimState):
    def counters(self):
        """The counters as a path graph frozen by ``frozen_graph``, but with an attribute
        dict that refuses ``pop("id", None)`` (the bug: ``nx.write_graphml`` fails on it,
        though it changes nothing)."""
        from tabletop.core.readonly import frozen_graph

        def compute():
            import networkx as nx

            graph = frozen_graph(nx.path_graph(self.pile, create_using=nx.Graph))
            graph.__dict__["graph"] = _StrictDict(name="pile")
            return graph
        return self._cached("counters", compute)

    def _text(self):
        return NimState._text(self) + f", {self.counters().graph.get('name')}"


class SharingNim(SecretNim):
    name = "sharing-nim"
    #: Pile sizes a teacher might suggest: a plain list on the class (the bug).
    piles = [5, 7, 9]


class TableNim(SecretNim):
    name = "table-nim"


TableNim.variants = ({"max_take": 3},)  # after the class is made: Game can't freeze it


class PricedNim(SecretNim):
    name = "priced-nim"

    def _initial(self, rng):
        return _start(self, PricedState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class PricedState(NimState):
    #: What taking 1 or 2 counters costs: a plain dict on the class (the bug).
    prices: ClassVar[dict[int, int]] = {1: 1, 2: 3}


class MemoNim(SecretNim):
    name = "memo-nim"

    def _initial(self, rng):
        return _start(self, MemoState, rng)


class _Table:
    """Per-game data with nothing to set, but a public door into its memo (the bug)."""

    __slots__ = ("_memo",)

    def __init__(self) -> None:
        object.__setattr__(self, "_memo", {})

    def __setattr__(self, name, value):
        raise AttributeError("read-only")

    def cached(self, key: str, compute: Callable[[_Table], Any]) -> Any:
        if key not in self._memo:
            self._memo[key] = compute(self)
        return self._memo[key]


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoState(NimState):
    def table(self) -> _Table:
        return self._cached("table", _Table)

    def _text(self):
        return NimState._text(self) + f", {self.table().cached('most', lambda t: 3)} at most"


_SCENES: dict[tuple, Any] = {}


def draw_shared(subject, **how):
    """``draw_pile``, drawn once per position and handed out as it is (the bug)."""
    key = (subject.pile, subject.first, tuple(sorted(how.items(), key=repr)))
    if key not in _SCENES:
        _SCENES[key] = draw_pile(subject, **how)
    return _SCENES[key]


class ScenicNim(SecretNim):
    name = "scenic-nim"
    renderer = "broken_immutability:draw_shared"
