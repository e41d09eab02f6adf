"""Game trees as networkx graphs.

>>> from tabletop.core.tree import explore
>>> import tabletop
>>> g = explore(tabletop.load("lava-flows").new(seed=1, setup="random"), depth=1)  # doctest: +SKIP
"""

from __future__ import annotations

from collections import deque

import networkx as nx

from .game import State


def explore(
    state: State,
    depth: int = 2,
    max_nodes: int | None = None,
    infosets_for: int | None = None,
) -> nx.DiGraph:
    """The tree of states reachable from ``state`` in at most ``depth`` actions.

    Nodes are integers (``0`` is ``state``) with attributes ``state``, ``depth``, ``player``,
    ``terminal`` and ``scores``; edges carry ``action`` and ``notation``. Transpositions are
    kept apart, so node counts are path counts ("perft"). Breadth first; ``max_nodes`` stops
    early (the graph's ``complete`` attribute then says ``False``).

    With ``infosets_for=p``, every node where ``p`` is to move also gets an ``infoset``
    attribute: nodes whose ``view(p)`` is equal share it, so the graph groups the states ``p``
    cannot tell apart.
    """
    if depth < 0:
        raise ValueError(f"depth must be ≥ 0, not {depth}")
    graph = nx.DiGraph(root=0, depth=depth, complete=True)
    infosets: dict[object, int] = {}

    def add(node: int, s: State, d: int) -> None:
        graph.add_node(node, state=s, depth=d, player=s.current_player,
                       terminal=s.is_terminal, scores=s.scores)
        if infosets_for is not None and s.current_player == infosets_for:
            key = s.view(infosets_for)
            graph.nodes[node]["infoset"] = infosets.setdefault(key, len(infosets))

    add(0, state, 0)
    queue = deque([0])
    while queue:
        node = queue.popleft()
        s: State = graph.nodes[node]["state"]
        d = graph.nodes[node]["depth"]
        if d == depth:
            continue
        for action in s.legal_actions():
            if max_nodes is not None and graph.number_of_nodes() >= max_nodes:
                graph.graph["complete"] = False
                return graph
            child = graph.number_of_nodes()
            add(child, s.apply(action), d + 1)
            graph.add_edge(node, child, action=action, notation=str(action))
            queue.append(child)
    return graph


def perft(state: State, depth: int) -> int:
    """The number of action sequences of exactly ``depth`` actions (fewer where the game ends).

    Counts leaves without building a graph.
    """
    if depth == 0 or state.is_terminal:
        return 1
    return sum(perft(child, depth - 1) for _, child in state.children())
