"""``check_graphs``: a game's board graphs read as a networkx user expects.

A notebook queries a board graph (``state.graph``, Landlock's ``G_L``), draws it, writes it
as JSON and compares it with the graph of another position. For every networkx graph a state
or view hands out — a public attribute, or a method that needs no argument — at seeded
positions, the check asks that:

* **equal states give equal graphs**: the state replayed from its record and its pickle give
  graphs that compare equal (``==``), hash alike and list the same nodes and edges with the
  same attributes in the same order, so a table or drawing made from them comes out the same;
* **plain data**: node names and attribute values are ``str``, ``int``, finite ``float``,
  ``bool``, ``None`` or tuples of them (no numpy scalar, which ``json`` writes or refuses
  by accident), so ``json.dumps(nx.node_link_data(graph), allow_nan=False)`` writes it;
* **documented**: every graph, node and edge attribute the graph carries (networkx's own
  ``name`` aside) is named in the docstring of the property or method that returns it, so
  ``help()`` says what a user reads;
* **drawable**: every node carries ``pos``, two finite numbers, no two nodes at one point, so
  ``nx.draw(graph, nx.get_node_attributes(graph, "pos"))`` lays out the board.

>>> import tabletop
>>> check_graphs(tabletop.load("lava-flows"), seeds=[0])
"""

from __future__ import annotations

import inspect
import json
import math
import pickle
import re
from collections.abc import Iterable, Iterator
from typing import Any

import networkx as nx

from ..game import Game, State, View
from ..record import replay
from .common import fail, random_states
from .immutability import NODE_LINK

#: Every how many plies a position is checked (and each game's end).
EVERY = 5
#: Graph attributes that need no word of their own: networkx's own.
NETWORKX_ATTRIBUTES = frozenset({"name"})


def check_graphs(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` if a graph a state or view of ``game`` hands out differs
    between equal states, holds data JSON can't write as it is, carries an attribute its
    docstring does not name, or can't be drawn from its nodes' ``pos``; the game's own
    graphs (Lava Flows' ``game.grid``) too."""
    for name, graph in _graphs(game):
        full = f"game.{name}"
        _check_plain(graph, game.name, full)
        _check_documented(game, name, graph, game.name, full)
        _check_drawable(graph, game.name, full)
    for where, state in random_states(game, seeds, every=EVERY):
        twins = [("replayed from its record", replay(json.loads(json.dumps(state.to_record())))),
                 ("unpickled", pickle.loads(pickle.dumps(state)))] \
            if state.seed is not None else []
        subjects: list[tuple[str, State | View, list[tuple[str, State | View]]]] = [
            ("state", state, twins)]
        for p in range(game.players):
            subjects.append((f"view({p})", state.view(p),
                             [(how, twin.view(p)) for how, twin in twins]))
        for label, subject, others in subjects:
            for name, graph in _graphs(subject):
                full = f"{label}.{name}"
                _check_plain(graph, where, full)
                _check_documented(subject, name, graph, where, full)
                _check_drawable(graph, where, full)
                for how, other in others:
                    _check_equal(graph, _read(other, name), where, full, how)


def _graphs(subject: Game | State | View) -> Iterator[tuple[str, Any]]:
    """``(name, graph)`` for every public attribute of ``subject`` that is a networkx graph,
    or a method typed as returning one that needs no argument."""
    for name in dir(subject):
        if name.startswith("_"):
            continue
        static = inspect.getattr_static(subject, name, None)
        if isinstance(static, staticmethod | classmethod):
            continue
        try:
            value = _read(subject, name)
        except Exception:  # noqa: BLE001 - a query that does not apply here has no graph
            continue
        if isinstance(value, nx.Graph):
            yield name, value


def _read(subject: Game | State | View, name: str) -> Any:
    value = getattr(subject, name)
    if not inspect.ismethod(value):
        return value
    if "Graph" not in str(inspect.signature(value).return_annotation):
        return None  # only a method typed as returning a graph is called
    parameters = inspect.signature(value).parameters.values()
    if any(p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
           for p in parameters):
        return None
    return value()


def _check_equal(graph: Any, other: Any, where: str, full: str, how: str) -> None:
    said = f"{full} of the state {how} (an equal state)"
    if other is None or type(other) is not type(graph):
        fail(where, f"{said} is {type(other).__name__}, not a {type(graph).__name__}")
    if not (graph == other) or hash(graph) != hash(other):
        fail(where, f"{said} is not == the original's graph or hashes differently: equal "
                    f"states' graphs must be equal values (frozen with "
                    f"tabletop.core.readonly.frozen_graph, built from the position alone)")
    for part in ("nodes", "edges"):
        mine = list(getattr(graph, part)(data=True))
        theirs = list(getattr(other, part)(data=True))
        if [(*x[:-1], dict(x[-1])) for x in mine] != [(*x[:-1], dict(x[-1])) for x in theirs]:
            fail(where, f"{said} lists its {part} differently: {_first_change(mine, theirs)}")
    if dict(graph.graph) != dict(other.graph):
        fail(where, f"{said} has graph attributes {dict(other.graph)}, not {dict(graph.graph)}")


def _first_change(mine: list[Any], theirs: list[Any]) -> str:
    for i, (a, b) in enumerate(zip(mine, theirs, strict=False)):
        if a != b:
            return f"item {i} is {b!r}, not {a!r}"
    return f"{len(theirs)} items, not {len(mine)}"


def _check_plain(graph: Any, where: str, full: str) -> None:
    for node, data in graph.nodes(data=True):
        _plain(node, where, f"{full}: node {node!r}")
        for key, value in data.items():
            _plain(value, where, f"{full}: node {node!r}'s {key!r}")
    for *ends, data in graph.edges(data=True):
        for key, value in data.items():
            _plain(value, where, f"{full}: edge {tuple(ends)!r}'s {key!r}")
    for key, value in graph.graph.items():
        _plain(value, where, f"{full}: the graph's {key!r}")
    try:
        json.dumps(nx.node_link_data(graph, **NODE_LINK), allow_nan=False)
    except (TypeError, ValueError) as err:
        fail(where, f"{full} is not JSON as nx.node_link_data gives it: {err}")


def _plain(value: Any, where: str, what: str) -> None:
    if value is None or type(value) in (str, int, bool):
        return
    if type(value) is float:
        if not math.isfinite(value):
            fail(where, f"{what} is {value!r}: JSON has no such number")
        return
    if type(value) is tuple:
        for item in value:
            _plain(item, where, what)
        return
    fail(where, f"{what} is a {type(value).__module__}.{type(value).__qualname__} "
                f"({value!r}), not plain Python data (str, int, float, bool, None or a "
                f"tuple of them)")


def _check_documented(subject: Game | State | View, name: str, graph: Any, where: str,
                      full: str) -> None:
    static = inspect.getattr_static(type(subject), name, None)
    function = static.fget if isinstance(static, property) else static
    missing = undocumented(graph, inspect.getdoc(function) or "")
    if missing:
        fail(where, f"{full} carries attributes its docstring does not name: "
                    f"{', '.join(map(repr, missing))} (help() on {type(subject).__name__}."
                    f"{name} should say what each holds)")


def undocumented(graph: Any, doc: str) -> list[str]:
    """The graph, node and edge attributes ``graph`` carries that ``doc`` does not name
    (networkx's own ``name`` aside), sorted.

    >>> import networkx as nx
    >>> undocumented(nx.Graph([(1, 2, {"weight": 3})], kind="toy"), "The ``kind`` of graph.")
    ['weight']
    """
    keys = {key for _, data in graph.nodes(data=True) for key in data}
    keys |= {key for *_, data in graph.edges(data=True) for key in data}
    keys |= set(graph.graph) - NETWORKX_ATTRIBUTES
    return sorted(str(k) for k in keys
                  if not re.search(rf"(?<![\w]){re.escape(str(k))}(?![\w])", doc))


def _check_drawable(graph: Any, where: str, full: str) -> None:
    seen: dict[tuple[float, float], Any] = {}
    for node, data in graph.nodes(data=True):
        pos = data.get("pos")
        if not (isinstance(pos, tuple) and len(pos) == 2
                and all(type(c) in (int, float) and math.isfinite(c) for c in pos)):
            fail(where, f"{full}: node {node!r} has pos {pos!r}, not two finite numbers "
                        f"(nx.draw(graph, nx.get_node_attributes(graph, 'pos')) needs one "
                        f"per node)")
        key = (float(pos[0]), float(pos[1]))
        if key in seen:
            fail(where, f"{full}: nodes {seen[key]!r} and {node!r} are both drawn at {pos!r}")
        seen[key] = node


__all__ = ["check_graphs"]
