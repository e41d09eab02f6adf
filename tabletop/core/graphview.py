"""A read-only live view of a graph that its owner keeps changing (a widget's timeline, a tree
widget's tree): it reads as the graph reads now, and refuses every change, so a user cannot
leave the owner with a node it no longer has or a state it never reached.

Unlike ``readonly.frozen_graph`` (which freezes a finished graph in place), the graph itself
stays the owner's to grow; the view costs nothing to make and copies nothing.

>>> import networkx as nx
>>> graph = nx.DiGraph([(0, 1)], name="line")
>>> graph.nodes[1]["state"] = "b"
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
TypeError: 'mappingproxy' object does not support item assignment
>>> copy = view.copy(); copy.remove_node(1); len(copy), len(graph)
(2, 3)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import networkx as nx

G = TypeVar("G", bound="nx.Graph")


class _Proxies(Mapping[Any, Any]):
    """A mapping whose values are read-only: attribute dicts as mapping proxies (``depth``
    1), or an adjacency's neighbour tables as mappings of them (``depth`` 2)."""

    __slots__ = ("_data", "_depth")

    def __init__(self, data: Mapping[Any, Any], depth: int = 1) -> None:
        self._data = data
        self._depth = depth

    def __getitem__(self, key: Any) -> Any:
        value = self._data[key]
        return MappingProxyType(value) if self._depth == 1 else _Proxies(value)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data


def readonly_view(graph: G) -> G:
    """A view of ``graph`` (a Graph or DiGraph) that reads it live and changes nothing: its
    structure frozen (``nx.freeze``) and every attribute dict a mapping proxy; ``copy()``
    gives a changeable graph of networkx's own."""
    import networkx as nx

    view: G = nx.graphviews.generic_graph_view(graph)
    view.graph = MappingProxyType(graph.graph)
    view._node = _Proxies(graph._node)
    if graph.is_directed():
        view._succ = view._adj = _Proxies(graph._succ, 2)
        view._pred = _Proxies(graph._pred, 2)
    else:
        view._adj = _Proxies(graph._adj, 2)
    return view
