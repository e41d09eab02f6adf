"""A read-only live view of a graph that its owner keeps changing (a widget's timeline, a tree
widget's tree): it reads as the graph reads now, and refuses every change, so a user cannot
leave the owner with a node it no longer has or a state it never reached.

Unlike ``readonly.frozen_graph`` (which freezes a finished graph in place), the graph itself
stays the owner's to grow; the view costs nothing to make and copies nothing. Attribute
values are read-only all the way down (a bot's thinking on an edge is a dict of lists).

>>> import networkx as nx
>>> graph = nx.DiGraph([(0, 1)], name="line")
>>> graph.nodes[1]["state"] = "b"
>>> graph.edges[0, 1]["thinking"] = {"choice": "b", "top": [{"visits": 9}]}
>>> view = readonly_view(graph)
>>> graph.add_edge(1, 2)                       # the owner grows it: the view reads it
>>> sorted(view.edges), view.nodes[1]["state"], view.out_degree(1)
([(0, 1), (1, 2)], 'b', 1)
>>> view.remove_node(1)
Traceback (most recent call last):
...
networkx.exception.NetworkXError: Frozen graph can't be modified
>>> view.nodes[1]["state"] = "c"
Traceback (most recent call last):
...
TypeError: this dict is read-only (a widget's live graph); change a copy: d.copy() or graph.copy()
>>> view.edges[0, 1]["thinking"]["top"][0]["visits"] = 10**9
Traceback (most recent call last):
...
TypeError: this dict is read-only (a widget's live graph); change a copy: d.copy() or graph.copy()
>>> view.edges[0, 1]["thinking"] == {"choice": "b", "top": [{"visits": 9}]}
True
>>> mine = view.copy(); mine.edges[0, 1]["thinking"]["choice"] = "c"; mine.remove_node(2)
>>> len(mine), len(graph), graph.edges[0, 1]["thinking"]["choice"]
(2, 3, 'b')
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

if TYPE_CHECKING:
    import networkx as nx

G = TypeVar("G", bound="nx.Graph")


class ReadOnlyMapping(Mapping[Any, Any]):
    """A dict seen read-only, its values too (``read_only``); ``copy()`` gives a dict of
    one's own, with its dicts, lists and sets copied (other values are shared: states and
    actions are immutable)."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[Any, Any]) -> None:
        self._data = data

    def __getitem__(self, key: Any) -> Any:
        return read_only(self._data[key])

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __repr__(self) -> str:
        return repr(self._data)

    def copy(self) -> dict[Any, Any]:
        return {key: _own(value) for key, value in self._data.items()}

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        """Refused with a ``TypeError``: the mapping is read-only; change a ``copy()``."""
        raise TypeError("this dict is read-only (a widget's live graph); change a copy: "
                        "d.copy() or graph.copy()")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = popitem = update = _refuse

    # A call that would change nothing answers as a dict's: networkx's writers pop a key
    # they then put back (``G.graph.pop("id", None)`` in ``write_graphml``).
    def pop(self, key: Any, *default: Any) -> Any:
        """``default`` for a key the mapping lacks; any other pop is refused."""
        if len(default) == 1 and key not in self._data:
            return default[0]
        self._refuse()

    def setdefault(self, key: Any, default: Any = None) -> Any:
        """The value of a key the mapping holds; setting a new one is refused."""
        if key in self._data:
            return self[key]
        self._refuse()


class ReadOnlyList(Sequence[Any]):
    """A list seen read-only, its items too; equal to a list or tuple of equal items."""

    __slots__ = ("_data",)

    def __init__(self, data: Sequence[Any]) -> None:
        self._data = data

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return ReadOnlyList(self._data[index])
        return read_only(self._data[index])

    def __len__(self) -> int:
        return len(self._data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ReadOnlyList):
            other = other._data
        return isinstance(other, list | tuple) and list(self._data) == list(other)

    __hash__ = None  # type: ignore[assignment]  # (equal to lists, which have none)

    def __repr__(self) -> str:
        return repr(self._data)

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        """Refused with a ``TypeError``: the list is read-only; change a ``list(...)``."""
        raise TypeError("this list is read-only (a widget's live graph); change a copy: "
                        "list(xs) or graph.copy()")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse


def read_only(value: Any) -> Any:
    """``value`` as the view shows it: dicts and lists wrapped read-only, sets frozen."""
    if isinstance(value, dict | MappingProxyType):
        return ReadOnlyMapping(value)
    if isinstance(value, list):
        return ReadOnlyList(value)
    if isinstance(value, set):
        return frozenset(value)
    return value


def _own(value: Any) -> Any:
    return copy.deepcopy(value) if isinstance(value, dict | list | set) else value


class _Proxies(ReadOnlyMapping):
    """An adjacency's neighbour tables (``depth`` 2) as mappings of read-only attribute
    dicts, or a node table (``depth`` 1) as a mapping of them."""

    __slots__ = ("_depth",)

    def __init__(self, data: Mapping[Any, Any], depth: int = 1) -> None:
        super().__init__(data)
        self._depth = depth

    def __getitem__(self, key: Any) -> Any:
        value = self._data[key]
        return ReadOnlyMapping(value) if self._depth == 1 else _Proxies(value)


def readonly_view(graph: G) -> G:
    """A view of ``graph`` (a Graph or DiGraph) that reads it live and changes nothing: its
    structure frozen (``nx.freeze``) and every attribute read-only (``read_only``); ``copy()``
    gives a changeable graph of networkx's own, whose attributes are its own to change."""
    import networkx as nx

    view: G = nx.graphviews.generic_graph_view(graph)
    view.graph = ReadOnlyMapping(graph.graph)
    view._node = _Proxies(graph._node)
    if graph.is_directed():
        view._succ = view._adj = _Proxies(graph._succ, 2)
        view._pred = _Proxies(graph._pred, 2)
    else:
        view._adj = _Proxies(graph._adj, 2)
    return view
