"""Read-only forms of the data a state or view hands out, so that nothing returned can
change the state: dicts that refuse changes, frozen networkx graphs, read-only numpy arrays.

Each keeps its type's reading interface (a ``ReadOnlyDict`` is a ``dict``, a frozen graph a
``networkx.Graph``, a read-only array an ``ndarray``), prints the same, and copies
(``copy()``, ``copy.deepcopy``, ``pickle``); a change raises an error.

>>> d = ReadOnlyDict({"a": 1})
>>> d, d["a"], isinstance(d, dict)
({'a': 1}, 1, True)
>>> d["a"] = 2
Traceback (most recent call last):
...
TypeError: this dict is read-only (returned by an immutable state); copy it to change it: dict(d)
>>> import networkx as nx
>>> g = frozen_graph(nx.path_graph(3))
>>> g.add_edge(0, 2)
Traceback (most recent call last):
...
networkx.exception.NetworkXError: Frozen graph can't be modified
>>> g.nodes[0]["colour"] = "red"
Traceback (most recent call last):
...
TypeError: this dict is read-only (returned by an immutable state); copy it to change it: dict(d)
>>> g.graph = {}
Traceback (most recent call last):
...
AttributeError: a frozen graph's 'graph' can't be set; copy it to change it: graph.copy()
>>> nx.Graph.add_edge(g, 0, 2)                 # networkx's method on the class: refused too
Traceback (most recent call last):
...
TypeError: this dict is read-only (returned by an immutable state); copy it to change it: dict(d)
>>> g.graph.pop("id", None) is None, nx.freeze(g) is g   # changing nothing: allowed
(True, True)
>>> h = g.copy(); h.add_edge(0, 2); sorted(h.edges), sorted(g.edges)
([(0, 1), (0, 2), (1, 2)], [(0, 1), (1, 2)])
>>> type(h).__name__
'Graph'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:  # networkx is imported when a graph is frozen: a game move needs none
    import networkx as nx

G = TypeVar("G", bound="nx.Graph")
#: The element type of an array, kept by ``readonly_array``.
N = TypeVar("N", bound=np.generic)


class ReadOnlyDict(dict[Any, Any]):
    """A ``dict`` that refuses every change; ``copy()`` (or ``dict(d)``) gives a plain one.

    A subclass of ``dict`` rather than a ``MappingProxyType`` so that it prints, compares,
    serialises to JSON, deep-copies and pickles like the dict it replaces.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        """Refused with a ``TypeError``: the dict is read-only; change a copy, ``dict(d)``."""
        raise TypeError("this dict is read-only (returned by an immutable state); copy it to "
                        "change it: dict(d)")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = popitem = update = _refuse

    # A call that would change nothing answers as a dict's: networkx's writers pop a key
    # they then put back (``G.graph.pop("id", None)`` in ``write_graphml``).
    def pop(self, key: Any, *default: Any) -> Any:
        """``default`` for a key the dict lacks; any other pop is refused."""
        if default and len(default) == 1 and key not in self:
            return default[0]
        self._refuse()

    def setdefault(self, key: Any, default: Any = None) -> Any:
        """The value of a key the dict holds; setting a new one is refused."""
        if key in self:
            return self[key]
        self._refuse()

    def copy(self) -> dict[Any, Any]:
        """A plain, changeable ``dict`` with the same items."""
        return dict(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyDict, (dict(self),))


def frozen_graph(graph: G) -> G:
    """``graph`` frozen in place (``nx.freeze``: no node or edge may be added or removed)
    with read-only graph, node and edge attribute dicts; returns it.

    ``graph.copy()`` (or ``nx.Graph(graph)``) gives a changeable copy. Graphs and directed
    graphs only (not multigraphs).
    """
    if graph.is_multigraph():
        raise TypeError("frozen_graph takes a Graph or DiGraph, not a multigraph")
    graph.graph = ReadOnlyDict(graph.graph)
    # The tables too, not only the attribute dicts: networkx's own methods called on the
    # class (``nx.Graph.add_edge(g, u, v)``) write the tables directly, past ``nx.freeze``.
    graph._node = ReadOnlyDict({node: ReadOnlyDict(data) for node, data in graph._node.items()})
    shared: dict[int, ReadOnlyDict] = {}  # one read-only dict per edge, in every adjacency

    def table(adjacency: dict[Any, dict[Any, Any]]) -> ReadOnlyDict:
        made = {}
        for node, nbrs in adjacency.items():
            row = {}
            for other, data in nbrs.items():
                found = shared.get(id(data))
                if found is None:
                    found = shared[id(data)] = ReadOnlyDict(data)
                row[other] = found
            made[node] = ReadOnlyDict(row)
        return ReadOnlyDict(made)

    if graph.is_directed():
        graph._succ = graph._adj = table(graph._succ)  # (one table: networkx's own layout)
        graph._pred = table(graph._pred)
    else:
        graph._adj = table(graph._adj)
    import networkx as nx

    from .sealed import seal

    nx.freeze(graph)
    return seal(graph)


def readonly_array(array: npt.NDArray[N]) -> npt.NDArray[N]:
    """A read-only copy of ``array``, backed by an immutable ``bytes`` buffer: it cannot be
    written, nor made writeable again, nor written through its ``base``.

    >>> a = readonly_array(np.zeros(3))
    >>> a[0] = 1
    Traceback (most recent call last):
    ...
    ValueError: assignment destination is read-only
    >>> a.flags.writeable = True
    Traceback (most recent call last):
    ...
    ValueError: cannot set WRITEABLE flag to True of this array
    >>> type(readonly_array(np.zeros((2, 2))).base.base)   # the reshaped buffer
    <class 'bytes'>
    """
    if array.dtype.hasobject:
        raise TypeError("readonly_array takes an array of numbers, not of Python objects")
    flat: npt.NDArray[N] = np.frombuffer(array.tobytes(), dtype=array.dtype)
    return flat.reshape(array.shape) if array.ndim != 1 else flat
