"""Secret Nim variants whose ``counters()`` graph a networkx user would trip on: each must
fail ``check_graphs``, and ``GraphNim`` (the same graph, done right) must pass.

* ``CountingNim``: a graph attribute ``built`` counts the graphs made in the process, so the
  graphs of two equal states (one replayed from the other's record) are not equal;
* ``ShufflingNim``: the nodes are added in an order drawn afresh each time, so equal states
  list their nodes differently (a table or drawing made from them changes);
* ``NumpyNim``: each node's ``pos`` holds numpy integers, which ``json`` refuses;
* ``SilentNim``: the edges carry a ``weight`` the docstring does not name;
* ``StackedNim``: every counter is drawn at one point (``pos`` is ``(0, 0)`` for all);
* ``GridNim``: the game's own ``pile_graph`` carries a ``weight`` its docstring does not name.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from toygame import NimState, SecretNim

from tabletop.core.readonly import frozen_graph

if TYPE_CHECKING:
    import networkx as nx

_BUILT = itertools.count()


def _start(game: SecretNim, cls: type[NimState], rng) -> NimState:
    return cls(game=game, pile=rng.randint(5, 9), first=rng.randrange(2), bonus=(None, None),
               taken_last=None)


def _path(state: NimState, order=None, pos=None, **graph_data) -> nx.Graph:
    import networkx as nx

    graph = nx.Graph(**graph_data)
    for i in order if order is not None else range(state.pile):
        graph.add_node(i, pos=pos(i) if pos is not None else (i, 0))
    graph.add_edges_from((i, i + 1) for i in range(state.pile - 1))
    return frozen_graph(graph)


class GraphNim(SecretNim):
    name = "graph-nim"

    def _initial(self, rng):
        return _start(self, GraphState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class GraphState(NimState):
    def counters(self) -> nx.Graph:
        """The counters left as a path: nodes 0.. with ``pos`` (``(i, 0)``), and the graph's
        ``kind`` (``"pile"``)."""
        return self._cached("counters", lambda: _path(self, kind="pile"))


class CountingNim(SecretNim):
    name = "counting-nim"

    def _initial(self, rng):
        return _start(self, CountingState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class CountingState(NimState):
    def counters(self) -> nx.Graph:
        """The counters left as a path: nodes with ``pos``; the graph's ``built`` numbers
        it among the graphs the process made (the bug: equal states differ by it)."""
        return self._cached("counters", lambda: _path(self, built=next(_BUILT)))


class ShufflingNim(SecretNim):
    name = "shuffling-nim"

    def _initial(self, rng):
        return _start(self, ShufflingState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class ShufflingState(NimState):
    def counters(self) -> nx.Graph:
        """The counters left as a path, with ``pos``, added in a fresh random order (the
        bug)."""
        order = random.Random().sample(range(self.pile), self.pile)
        return self._cached("counters", lambda: _path(self, order=order))


class NumpyNim(SecretNim):
    name = "numpy-nim"

    def _initial(self, rng):
        return _start(self, NumpyState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class NumpyState(NimState):
    def counters(self) -> nx.Graph:
        """The counters left as a path, ``pos`` made of numpy integers (the bug)."""
        return self._cached("counters",
                            lambda: _path(self, pos=lambda i: (np.int64(i), np.int64(0))))


class SilentNim(SecretNim):
    name = "silent-nim"

    def _initial(self, rng):
        return _start(self, SilentState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class SilentState(NimState):
    def counters(self) -> nx.Graph:
        """The counters left as a path, nodes with ``pos`` (the bug: its edges carry an
        attribute these words do not name)."""
        def build() -> nx.Graph:
            graph = _path(self).copy()
            for u, v in graph.edges:
                graph.edges[u, v]["weight"] = 1
            return frozen_graph(graph)
        return self._cached("counters", build)


class StackedNim(SecretNim):
    name = "stacked-nim"

    def _initial(self, rng):
        return _start(self, StackedState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class StackedState(NimState):
    def counters(self) -> nx.Graph:
        """The counters left as a path, every node's ``pos`` the same point (the bug)."""
        return self._cached("counters", lambda: _path(self, pos=lambda i: (0, 0)))


class GridNim(SecretNim):
    """A game whose own ``pile_graph`` carries a ``weight`` its docstring does not name."""

    name = "grid-nim"

    @property
    def pile_graph(self) -> nx.Graph:
        """The largest pile as a path, nodes with ``pos``."""
        import networkx as nx

        graph = nx.path_graph(3)
        for i in graph:
            graph.nodes[i]["pos"] = (i, 0)
        graph.edges[0, 1]["weight"] = 2
        return frozen_graph(graph)
