"""The branch picker's labels: where each branch end left the others, told apart.

A label says at which ply the branch left the others, with that move as the viewer on show
sees it, and how long the branch is. Two branches that differ only by a move the viewer may
not see (another seat's secret choice, a move under the hot-seat cover) would read the same:
those labels get a number each (``#1``, ``#2`` … in the order the branches were made), so
the picker never offers two entries that look alike, and the number tells no secret.

>>> import tabletop
>>> from tabletop.core.timeline import Timeline
>>> tl = Timeline(tabletop.load("lascaux").new(seed=0))
>>> for action in list(tl.state.legal_actions())[:2]:
...     _ = tl.start(); _ = tl.play(action)
>>> [label for _, label in branch_labels(tl, lambda leaf: ("choose ?",))]
['ply 1: choose ? · 1 ply #1', 'ply 1: choose ? · 1 ply #2']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..core.timeline import Timeline


def branch_labels(timeline: Timeline,
                  log_of: Callable[[int], Sequence[str]]) -> list[tuple[int, str]]:
    """Every branch end of ``timeline`` (in node order) with its label; ``log_of(leaf)`` is
    the branch's move log as the viewer on show may read it (empty: the moves are hidden)."""
    out = []
    for leaf, (depth, k) in _forks(timeline).items():
        plies = f"{depth} {'ply' if depth == 1 else 'plies'}"
        if k is None:
            out.append((leaf, f"main line · {plies}"))
            continue
        log = log_of(leaf)
        move = log[k] if k < len(log) else "…"
        out.append((leaf, f"ply {k + 1}: {move} · {plies}"))
    alike = Counter(label for _, label in out)
    seen: Counter[str] = Counter()
    told = []
    for leaf, label in out:
        if alike[label] > 1:
            seen[label] += 1
            label = f"{label} #{seen[label]}"
        told.append((leaf, label))
    return told


def _forks(timeline: Timeline) -> dict[int, tuple[int, int | None]]:
    """For every branch end: how many plies it is from the start, and the ply (from the
    start) of the node where its line last left another (``None``: it never did). One pass
    over the tree and a walk up each branch's own stretch, in plain dicts (a search per
    branch end, through networkx's views, made every move on a large timeline slow)."""
    graph = timeline._graph
    children = {node: len(succ) for node, succ in graph.adjacency()}
    parent = {child: node for node, child in graph.edges()}
    ply = dict(graph.nodes(data="ply"))
    out: dict[int, tuple[int, int | None]] = {}
    for leaf in sorted(node for node, n in children.items() if not n):
        node, fork = leaf, None
        while node in parent:  # (the start has no parent)
            node = parent[node]
            if children[node] > 1:
                fork = int(ply[node])
                break
        out[leaf] = (int(ply[leaf]), fork)
    return out
