"""Game trees as networkx graphs: ``explore`` (a graph), ``expand`` (one more level at a node)
and ``perft`` (a count).

>>> import tabletop
>>> state = tabletop.load("landlock").new(seed=1, setup="random")
>>> g = explore(state, depth=1)
>>> g.number_of_nodes() == 1 + len(state.legal_actions())
True
>>> layer_counts(explore(state, depth=2)) == [1, perft(state, 1), perft(state, 2)]
True
"""

from __future__ import annotations

import numbers
import weakref
from collections import deque
from typing import TYPE_CHECKING, Any

from .collector import breathe, collector_paused
from .game import Game, State, View
from .plain import flag, player_of, whole
from .quoting import brief
from .warn import warn

if TYPE_CHECKING:  # imported by ``explore``: ``import tabletop`` needs no networkx
    import networkx as nx

#: How many nodes ``explore`` adds unless told otherwise: enough for any depth a notebook
#: draws, and a bound on time and memory when a depth is mistyped (depth=100).
MAX_NODES = 100_000
#: How many states ``perft`` visits unless told otherwise: seconds in any game (it keeps
#: none of them), and a bound on time when a depth is mistyped.
PERFT_NODES = 1_000_000


class _Lookups:
    """What ``expand`` looks up in a tree, kept beside the graph, not in it: the node of each
    state (``merge=True``) and the infoset of each view (``infosets_for``). In the graph's
    own attributes ``graph.copy()`` would share them (networkx copies values as they are),
    and growing the copy would make the original link moves to the copy's nodes."""

    __slots__ = ("index", "infoset_keys")

    def __init__(self, index: dict[State, int], infoset_keys: dict[View, int]) -> None:
        self.index = index
        self.infoset_keys = infoset_keys


#: Each tree's lookups, dropped with the tree (a copy or an unpickled tree starts without).
_LOOKUPS: weakref.WeakKeyDictionary[Any, _Lookups] = weakref.WeakKeyDictionary()


def _lookups(graph: nx.DiGraph) -> _Lookups:
    """``graph``'s lookups, worked out from its nodes when it has none yet (a copy of a tree,
    or one unpickled); then the graph's ``infosets`` are its own too."""
    found = _LOOKUPS.get(graph)
    if found is None:
        index: dict[State, int] = {}
        keys: dict[View, int] = {}
        groups: dict[int, list[int]] = {}
        p = graph.graph.get("infosets_for")
        for node, data in graph.nodes(data=True):
            state = data.get("state")
            if graph.graph.get("merge", False) and isinstance(state, State):
                index.setdefault(state, node)
            ident = data.get("infoset")
            if p is not None and ident is not None and isinstance(state, State):
                keys.setdefault(state.view(p), ident)
                groups.setdefault(ident, []).append(node)
        if p is not None:
            graph.graph["infosets"] = groups  # a copy's own, not the original's lists
        found = _LOOKUPS[graph] = _Lookups(index, keys)
    return found


def explore(
    state: State,
    depth: int = 2,
    max_nodes: int | None = MAX_NODES,
    infosets_for: int | None = None,
    merge: bool = False,
) -> nx.DiGraph:
    """The tree of states reachable from ``state`` in at most ``depth`` actions.

    Nodes are integers (``0`` is ``state``) with attributes ``state``, ``depth``, ``player``
    (to move; ``None`` when terminal), ``terminal`` and ``scores``; edges carry ``action``,
    ``notation`` and ``actor``. The graph's own attributes: ``root`` (``0``), ``game``,
    ``depth``, ``merge``, ``infosets_for`` and ``infosets`` (below) and ``complete``.
    Breadth first; ``max_nodes`` (100,000 by default, ``None`` for no limit) stops early,
    and ``complete`` then says ``False``; stopping at the default limit also warns.
    ``graph.copy()`` is a tree of one's own to grow with ``expand``.

    Transpositions are kept apart, so the nodes at each depth are counted like "perft"; with
    ``merge=True`` equal states share one node and the graph is a DAG.

    With ``infosets_for=p``, every node where ``p`` is to move gets an ``infoset`` attribute:
    nodes whose ``view(p)`` is equal share it (the states ``p`` cannot tell apart), and the
    graph's ``infosets`` attribute maps each infoset to its nodes. These group positions, not
    histories: two public move orders that reach one view share an infoset here, where a
    player with perfect recall (OpenSpiel's ``information_state_string``) tells them apart;
    group by ``view(p).information_state()`` for those.

    Python's cycle collector is paused while the tree grows (``core.collector``).

    The graph is a ``core.treegraph.TreeGraph``: a ``DiGraph`` whose repr says what it
    holds (``<explore tree of lava-flows: 40 nodes, 39 edges, depth 1, complete>``).
    """
    if isinstance(state, View):
        raise TypeError(
            "explore needs a full State, not a View: explore view.determinize(rng) for one "
            "guess at the hidden parts, or use MCTSAgent.analyse(view) to search the view"
        )
    if not isinstance(state, State):
        raise TypeError(f"explore needs a State, not {type(state).__name__}")
    depth = whole(depth, 0, "depth must be an int ≥ 0")
    if max_nodes is not None:
        max_nodes = whole(max_nodes, 1, "max_nodes must be an int ≥ 1")
    merge = flag(merge, "merge")
    if infosets_for is not None:
        last = state.game.players - 1
        infosets_for = player_of(infosets_for, last + 1,
                                 f"infosets_for must be a player 0..{last}")
    from .treegraph import TreeGraph  # (networkx, imported when a tree is first made)

    graph = TreeGraph(root=0, depth=depth, complete=True, merge=merge,
                       infosets_for=infosets_for, infosets={}, game=state.game)
    _LOOKUPS[graph] = _Lookups({}, {})
    _add(graph, 0, state, 0)
    if merge:
        _LOOKUPS[graph].index[state] = 0
    queue = deque([0])
    with collector_paused():  # a growing graph, and no cyclic garbage: nothing to collect
        while queue:
            node = queue.popleft()
            if graph.nodes[node]["depth"] >= depth:
                continue
            new = expand(graph, node, max_nodes=max_nodes)
            if new is None:
                graph.graph["complete"] = False
                break
            queue.extend(new)
            breathe()
    if not graph.graph["complete"] and max_nodes == MAX_NODES:
        warn(f"explore stopped at {MAX_NODES:,} nodes before depth {brief(depth)}: "
             "pass max_nodes=None to explore everything, or a smaller depth", RuntimeWarning)
    return graph


def expand(graph: nx.DiGraph, node: int, max_nodes: int | None = None) -> list[int] | None:
    """Add the children of ``node`` to a graph made by ``explore``; return the new node ids.

    A node that already has children is left as it is (``[]``). Returns ``None`` if
    ``max_nodes`` was reached first (the children added until then stay).
    """
    _explored(graph, "expand")
    if isinstance(node, numbers.Integral) and not isinstance(node, bool):
        node = int(node)  # (numpy's too; a float or a bool that equals a node is no node)
    if type(node) is not int or node not in graph:
        known = graph.number_of_nodes()
        raise ValueError(f"expand needs a node of the graph (0 .. {known - 1}), not {brief(node)}")
    if max_nodes is not None:
        max_nodes = whole(max_nodes, 1, "max_nodes must be an int ≥ 1")
    marks = graph.nodes[node]
    if not isinstance(marks.get("state"), State) or type(marks.get("depth")) is not int:
        what, held = ("state", "none") if not isinstance(marks.get("state"), State) \
            else ("depth (an int)", f"the depth {brief(marks.get('depth'))}")
        raise ValueError(f"expand needs a node that explore or expand added, with its {what}; "
                         f"node {brief(node)} has {held}")
    if graph.succ[node]:  # (``out_degree`` would tie the graph in a cycle with its view)
        return []
    state: State = graph.nodes[node]["state"]
    depth = graph.nodes[node]["depth"] + 1
    merge = graph.graph.get("merge", False)
    index = _lookups(graph).index
    actor = state.current_player
    new: list[int] = []
    for action in state.legal_actions():
        child_state = state.apply(action)
        child = index.get(child_state) if merge else None
        if child is None or child not in graph:  # (a node removed since: added anew)
            if max_nodes is not None and graph.number_of_nodes() >= max_nodes:
                return None
            child = _fresh(graph)
            _add(graph, child, child_state, depth)
            if merge:
                index[child_state] = child
            new.append(child)
        graph.add_edge(node, child, action=action, notation=str(action), actor=actor)
    return new


def _fresh(graph: nx.DiGraph) -> int:
    """A node id the graph does not hold: the node count, unless nodes were removed from the
    graph (then the next free one after it), so that no node is ever overwritten."""
    child: int = graph.number_of_nodes()
    while child in graph:
        child += 1
    return child


def _explored(graph: object, caller: str) -> None:
    """Refuse a ``graph`` that ``explore`` did not make (its marks: the game, the root and
    each node's ``state`` and ``depth``), before a bare ``KeyError`` from its insides.

    >>> import networkx as nx
    >>> _explored(nx.DiGraph([(0, 1)]), "expand")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: expand needs a graph made by explore(), not a DiGraph without explore's marks...
    """
    import networkx as nx

    if not isinstance(graph, nx.DiGraph):
        raise TypeError(f"{caller} needs a graph made by explore(), not {brief(graph)}")
    marks = graph.graph
    if not isinstance(marks.get("game"), Game) or marks.get("root") not in graph:
        raise ValueError(f"{caller} needs a graph made by explore(), not a "
                         f"{type(graph).__name__} without explore's marks (its game and root)")


def _add(graph: nx.DiGraph, node: int, state: State, depth: int) -> None:
    player = state.current_player
    graph.add_node(node, state=state, depth=depth, player=player,
                   terminal=player is None, scores=state.scores)
    p = graph.graph.get("infosets_for")
    if p is not None and player == p:
        groups: dict[int, list[int]] = graph.graph["infosets"]
        keys = _lookups(graph).infoset_keys
        ident = keys.setdefault(state.view(p), len(keys))
        graph.nodes[node]["infoset"] = ident
        groups.setdefault(ident, []).append(node)


def layer_counts(graph: nx.DiGraph) -> list[int]:
    """How many nodes ``explore`` found at each depth (``[1, 20, 380]`` …).

    Where no line ends early and nothing was cut or merged, the last entry equals ``perft``.
    """
    _explored(graph, "layer_counts")
    counts: dict[int, int] = {}
    for node, d in graph.nodes(data="depth"):
        if type(d) is not int:
            raise ValueError(f"layer_counts needs a graph made by explore(), whose nodes have a "
                             f"depth; node {brief(node)} has {brief(d)}")
        counts[d] = counts.get(d, 0) + 1
    return [counts.get(d, 0) for d in range(max(counts) + 1)]


def perft(state: State, depth: int, max_nodes: int | None = PERFT_NODES) -> int:
    """The number of action sequences of exactly ``depth`` actions (fewer where the game ends).

    Counts leaves without building a graph. ``max_nodes`` (1,000,000 by default: seconds in
    any game; ``None`` for no limit) bounds the states visited, counted as ``explore``
    counts its nodes (``state`` and every state above ``depth``): a count that would visit
    more is refused with a ``ValueError`` naming the bound, rather than running for hours
    (Lacuna's depth 4 visits some 300 million).

    >>> import tabletop
    >>> state = tabletop.load("lascaux").new(seed=1)
    >>> perft(state, 2), perft(state, 2, max_nodes=43)
    (36, 36)
    >>> perft(state, 2, max_nodes=42)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: perft would visit more than max_nodes=42 states to depth 2...
    """
    if not isinstance(state, State):
        raise TypeError(f"perft needs a full State, not {type(state).__name__}")
    depth = whole(depth, 0, "depth must be an int ≥ 0")
    if max_nodes is not None:
        max_nodes = whole(max_nodes, 1, "max_nodes must be an int ≥ 1 or None")
    return _count(state, depth, max_nodes)


def _count(state: State, depth: int, max_nodes: int | None) -> int:
    """``perft`` of arguments already checked: depth first, a loop (no recursion over a long
    line), visiting at most ``max_nodes`` states."""
    if depth == 0 or state.is_terminal:
        return 1
    room = -1 if max_nodes is None else max_nodes - 1  # (the root is visited)
    leaves = 0
    lines = [state.children()]
    while lines:
        step = next(lines[-1], None)
        if step is None:
            lines.pop()
            continue
        if room == 0:
            raise ValueError(f"perft would visit more than max_nodes={max_nodes:,} states to "
                             f"depth {depth}: pass a smaller depth, or a larger max_nodes "
                             "(None for no limit)")
        room -= 1
        child = step[1]
        if len(lines) == depth or child.is_terminal:
            leaves += 1
        else:
            lines.append(child.children())
    return leaves
