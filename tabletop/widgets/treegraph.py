"""A graph given to ``TreeWidget``, checked: what the tree reads of it is there, of its kind.

``tabletop.explore`` and ``Analysis.to_graph`` make these graphs; one built or changed by
hand is checked node by node when the widget is made, so a fault is a ``ValueError`` naming
the node or edge and the field, never an error from the drawing's insides later. The tree
grows its own copy of the graph.

>>> import networkx as nx
>>> graph = nx.DiGraph()
>>> graph.add_node(0, depth=0)
>>> graph.add_edge(0, 1, notation="a")
>>> check_tree_graph(graph)
Traceback (most recent call last):
...
ValueError: tree graph node 1 has no 'depth' (an int ≥ 0: its parent's + 1)
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import Any

import networkx as nx

from ..core.game import Game, State
from ..core.graphview import ReadOnlyList
from ..core.quoting import brief

#: The longest line from the root a tree graph may hold (the tree is laid out by walking it).
MAX_TREE_DEPTH = 500


def check_tree_graph(graph: nx.DiGraph) -> None:
    """Raise a ``ValueError`` unless ``graph`` is a tree graph ``TreeWidget`` can show: int
    nodes reached from the root 0 without cycles, at most ``MAX_TREE_DEPTH`` deep, each with
    its depth (its parent's + 1); the fields the tree shows, where present, of their kinds."""
    bad = [n for n in graph if isinstance(n, bool) or not isinstance(n, int) or n < 0]
    if bad or 0 not in graph:
        raise ValueError("a graph for TreeWidget comes from tabletop.explore or "
                         "Analysis.to_graph (integer nodes, 0 the root, with depth); "
                         f"this one has {'the node ' + brief(bad[0]) if bad else 'no node 0'}")
    if not nx.is_directed_acyclic_graph(graph) or graph.in_degree(0):
        raise ValueError("a tree graph has no cycles and nothing leads to its root 0")
    reached = nx.descendants(graph, 0) | {0}
    if len(reached) != len(graph):
        lost = min(n for n in graph if n not in reached)
        raise ValueError(f"tree graph node {lost} can't be reached from the root 0")
    players = _players(graph)
    for node in nx.topological_sort(graph):
        _check_node(graph, node, players)
    for a, b, data in graph.edges(data=True):
        _check_edge(a, b, data, players)


def own_copy(graph: nx.DiGraph) -> nx.DiGraph:
    """A copy of ``graph`` for a tree to grow: its nodes, edges and their fields, and the
    indexes ``explore`` keeps in ``graph.graph``, copied (a read-only graph gives one that
    grows; changing the given graph later changes nothing in the tree)."""
    copied = nx.DiGraph()
    copied.graph.update(_fresh(graph.graph, 2))
    copied.add_nodes_from((n, _fresh(data, 2)) for n, data in graph.nodes(data=True))
    copied.add_edges_from((a, b, _fresh(data, 2)) for a, b, data in graph.edges(data=True))
    return copied


def _fresh(value: Any, levels: int) -> Any:
    """``value`` with its mappings, lists and sets copied ``levels`` deep, as plain ones
    (states, views and games are values: shared)."""
    if levels <= 0:
        return value
    if isinstance(value, Mapping):  # a read-only view's too
        return {key: _fresh(item, levels - 1) for key, item in value.items()}
    if isinstance(value, list | ReadOnlyList):
        return [_fresh(item, levels - 1) for item in value]
    if isinstance(value, set | frozenset):
        return set(value)
    return value


def _players(graph: nx.DiGraph) -> int | None:
    game = graph.graph.get("game")
    state = graph.nodes[0].get("state")
    if game is not None and not isinstance(game, Game):
        raise ValueError(f"tree graph 'game' should be a Game, not {brief(game)}")
    if state is not None and isinstance(state, State):
        game = state.game
    return None if game is None else int(game.players)


def _check_node(graph: nx.DiGraph, node: int, players: int | None) -> None:
    data = graph.nodes[node]
    parents = list(graph.predecessors(node))
    lowest = min((graph.nodes[p]["depth"] for p in parents), default=-1) + 1
    depth = data.get("depth")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0 \
            or parents and depth != lowest:
        rule = "its parent's + 1" if parents else "the root's"
        raise ValueError(f"tree graph node {node} has {_got(depth, 'depth')} (an int ≥ 0: "
                         f"{rule})")
    if depth > MAX_TREE_DEPTH:
        raise ValueError(f"tree graph node {node} is {depth} deep; a tree shows at most "
                         f"{MAX_TREE_DEPTH}")
    where = f"tree graph node {node}"
    if data.get("state") is not None and not isinstance(data["state"], State):
        raise ValueError(f"{where}: 'state' should be a State, not {brief(data['state'])}")
    for flag in ("terminal", "chance"):
        if flag in data and not isinstance(data[flag], bool):
            raise ValueError(f"{where}: {flag!r} should be True or False")
    _check_player(data, "player", where, players)
    movers = data.get("movers", ())
    if not isinstance(movers, tuple):
        raise ValueError(f"{where}: 'movers' should be a tuple of players, not {brief(movers)}")
    for mover in movers:
        _check_player({"movers": mover}, "movers", where, players)
    if "visits" in data:
        _check_count(data["visits"], f"{where}: 'visits'")
    for field in ("scores", "values"):
        if field in data:
            _check_numbers(data[field], f"{where}: {field!r}")


def _check_edge(a: int, b: int, data: dict[str, Any], players: int | None) -> None:
    where = f"tree graph edge {a} → {b}"
    if not isinstance(data.get("notation"), str):
        raise ValueError(f"{where} has {_got(data.get('notation'), 'notation')} (the move in "
                         "notation, a string)")
    _check_player(data, "actor", where, players)
    if "visits" in data:
        _check_count(data["visits"], f"{where}: 'visits'")
    if "value" in data:
        _check_numbers([data["value"]], f"{where}: 'value'")


def _check_player(data: dict[str, Any], field: str, where: str, players: int | None) -> None:
    value = data.get(field)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 \
            or players is not None and value >= players:
        most = "" if players is None else f" below {players}"
        raise ValueError(f"{where}: {field!r} should be a player (an int ≥ 0{most}) or None, "
                         f"not {brief(value)}")


def _check_count(value: object, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where} should be an int ≥ 0, not {brief(value)}")


def _check_numbers(values: object, where: str) -> None:
    if not isinstance(values, list | tuple) or not all(
            isinstance(v, numbers.Real) and not isinstance(v, bool)
            and math.isfinite(v) for v in values):
        raise ValueError(f"{where} should be finite numbers, not {brief(values)}")


def _got(value: object, field: str) -> str:
    return f"no {field!r}" if value is None else f"{field!r} {brief(value)}"
