"""Frozen networkx graphs that also refuse having their data rebound (``graph.graph = {}``).

``nx.freeze`` stops nodes and edges being added or removed, and ``frozen_graph`` makes the
attribute dicts read-only; but a graph is an ordinary object, so its ``graph``, ``_node`` or
``_adj`` could still be replaced, for every state that shares it. ``seal`` gives a frozen
graph a class that refuses setting or deleting any attribute (and prints as networkx's
own: ``Graph with 9 nodes and 6 edges``). Graphs networkx makes from it
(``G.__class__()``: views, subgraphs, results of algorithms) are of networkx's own class,
not sealed, and so is ``copy()``, a changeable graph; pickling and ``copy.deepcopy`` keep a
sealed graph sealed. Setting an attribute to the object it
already holds changes nothing and is allowed, so ``nx.freeze`` may freeze it again.
A sealed graph is a value: it compares equal to another sealed graph with the same
attributes, nodes and edges (and their attributes), and hashes alike, so the graphs of
equal states are equal (``s.graph == replay(s.to_record()).graph``) and can key a dict.
Any other graph compares as networkx's graphs do, by identity (a graph that can change
can't be a value); ``nx.utils.graphs_equal`` compares any two by value.
Imported with networkx, when a graph is first frozen.
"""

from __future__ import annotations

from typing import Any, NoReturn, TypeVar

import networkx as nx

G = TypeVar("G", bound=nx.Graph)

_SEALED = "_sealed"  # in a sealed graph's __dict__ only (not in one networkx makes of it)


def _setattr(graph: nx.Graph, name: str, value: Any) -> None:
    # Setting what is already there changes nothing (``nx.freeze`` on a frozen graph).
    if graph.__dict__.get(_SEALED) and graph.__dict__.get(name, _SEALED) is not value:
        _refuse(name)
    object.__setattr__(graph, name, value)


def _delattr(graph: nx.Graph, name: str) -> None:
    if graph.__dict__.get(_SEALED):
        _refuse(name)
    object.__delattr__(graph, name)


def _sealed(graph: object) -> bool:
    return isinstance(graph, nx.Graph) and bool(graph.__dict__.get(_SEALED))


def _eq(graph: nx.Graph, other: object) -> object:
    """Whether two sealed graphs hold the same (a bool), else ``NotImplemented``."""
    if graph is other:
        return True
    if not (_sealed(graph) and _sealed(other)):
        return NotImplemented  # identity, as networkx's
    assert isinstance(other, nx.Graph)
    # ``_adj`` holds every edge's attributes (a directed graph's ``_pred`` mirrors it)
    return (type(graph) is type(other) and dict(graph.graph) == dict(other.graph)
            and graph._node == other._node and graph._adj == other._adj)


def _ne(graph: nx.Graph, other: object) -> object:
    same = _eq(graph, other)
    return same if same is NotImplemented else not same


def _hash(graph: nx.Graph) -> int:
    if not _sealed(graph):
        return object.__hash__(graph)
    # The nodes and the edges' ends, without their attributes (which may be unhashable):
    # equal graphs hash alike; computed each time (a board has some 50 nodes), so that no
    # process's string hashes travel in a pickle.
    edges = frozenset(frozenset(pair) if not graph.is_directed() else pair
                      for pair in graph.edges)
    return hash((type(graph).__name__, frozenset(graph._node), edges))


def _refuse(name: str) -> NoReturn:
    raise AttributeError(f"a frozen graph's {name!r} can't be set; copy it to change it: "
                         "graph.copy()")


def _sealed_class(plain: type[nx.Graph]) -> type[nx.Graph]:
    """The sealed class of ``plain`` (``Graph`` or ``DiGraph``): its attributes can't be set,
    it prints as ``plain`` does, and ``copy()`` is a ``plain`` graph."""

    def copy(self: nx.Graph, as_view: bool = False) -> nx.Graph:
        found = plain.copy(self, as_view)
        if not as_view:
            found.__class__ = plain
        return found

    def text(self: nx.Graph) -> str:
        named = f" named {self.name!r}" if self.name else ""
        return (f"{plain.__name__}{named} with {self.number_of_nodes()} nodes and "
                f"{self.number_of_edges()} edges")

    def new(cls: type, *args: Any, **kwargs: Any) -> nx.Graph:
        # networkx makes its results, views and subgraphs of a graph's class
        # (``G.__class__()``): those are the user's, so of networkx's own class. Only
        # ``seal`` makes a sealed graph (and ``_unpickle``, a sealed graph copied).
        return plain(*args, **kwargs)

    def reduce(self: nx.Graph, protocol: Any = None) -> tuple[Any, ...]:
        return (_unpickle, (plain, dict(self.__dict__)))

    name = f"Sealed{plain.__name__}"
    return type(name, (plain,), {
        "__slots__": (),  # the layout of ``plain``, so that ``seal`` can switch a graph's class
        "__setattr__": _setattr, "__delattr__": _delattr, "copy": copy, "__str__": text,
        "__eq__": _eq, "__ne__": _ne, "__hash__": _hash, "__new__": new,
        "__reduce_ex__": reduce,
        "__module__": __name__, "__qualname__": name, "__doc__": _sealed_class.__doc__})


SealedGraph = _sealed_class(nx.Graph)
SealedDiGraph = _sealed_class(nx.DiGraph)


def _unpickle(plain: type[nx.Graph], data: dict[str, Any]) -> nx.Graph:
    """A sealed graph of ``plain``'s kind holding ``data`` (its ``__dict__``): what pickle,
    ``copy.copy`` and ``copy.deepcopy`` make of a sealed graph."""
    graph: nx.Graph = object.__new__(plain)  # (networkx's graphs have no __new__ of their own)
    graph.__dict__.update(data)
    graph.__class__ = {nx.Graph: SealedGraph, nx.DiGraph: SealedDiGraph}[plain]
    return graph


def seal(graph: G) -> G:
    """``graph`` (a ``Graph`` or ``DiGraph``, frozen) with a class that refuses rebinding."""
    sealed = {nx.Graph: SealedGraph, nx.DiGraph: SealedDiGraph}.get(type(graph))
    if sealed is None:
        raise TypeError(f"frozen_graph takes a networkx Graph or DiGraph, not a "
                        f"{type(graph).__name__}")
    graph.__dict__[_SEALED] = True
    graph.__class__ = sealed
    return graph
