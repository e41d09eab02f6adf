"""A game tree's picture in a notebook: what a cell ending in ``explore(state, depth=2)`` (or
``analysis.to_graph()``) shows, where ``TreeWidget`` is the tree to click through.

Each node is a line that opens onto its children, each child under the move that reaches it
(a search tree's most visited first, with its visits and value), the root open; a node
reached again in a merged tree is named, not repeated. The first ``NODES`` nodes breadth
first are drawn; under each node, the moves left out are counted.

>>> import tabletop
>>> tree = tabletop.explore(tabletop.load("landlock").new(seed=3), depth=1)
>>> html = tree_html(tree)
>>> html.count("<details"), "<div>land → node 1: North to move</div>" in html
(1, True)
"""

from __future__ import annotations

from html import escape
from typing import Any

import networkx as nx

from .quoting import counted
from .treetext import edges_shown, move_text, node_text, root_of

#: The most nodes a tree's picture draws.
NODES = 200
#: The depth down to which the picture opens by itself (the root is depth 0).
OPEN_DEPTH = 1


def tree_html(tree: nx.DiGraph, nodes: int = NODES) -> str:
    """``tree`` (a ``TreeGraph``) as nested, foldable HTML: its first ``nodes`` nodes
    breadth first (every move of the root before any reply), the rest counted."""
    head = f"<p><code>{escape(repr(tree))}</code></p>"
    root = root_of(tree)
    if root is None:
        return head
    game = tree.graph.get("game")
    chosen = _first_nodes(tree, root, nodes)
    drawn: set[Any] = set()
    parts: list[str] = []
    stack: list[tuple[Any, int, str] | str] = [(root, 0, "")]
    while stack:
        item = stack.pop()
        if isinstance(item, str):  # closing markup, after a node's children
            parts.append(item)
            continue
        node, depth, move = item
        line = escape(f"{move}node {node}")
        if node in drawn:
            parts.append(f"<div>{line} (above)</div>")
            continue
        drawn.add(node)
        line += escape(f": {node_text(tree.nodes[node], game)}")
        edges = edges_shown(tree, node)
        if not edges:
            parts.append(f"<div>{line}</div>")
            continue
        opened = " open" if depth < OPEN_DEPTH else ""
        parts.append(f"<details{opened}><summary>{line}</summary>"
                     f"<div style=\"margin-left: 1.5em\">")
        left = sum(1 for _, child, _ in edges if child not in chosen)
        stack.append("</div></details>")
        if left:
            stack.append(f"<div><i>… {counted(left, 'more move')} (TreeWidget draws the "
                         f"whole tree)</i></div>")
        for _, child, edge in reversed(edges):
            if child in chosen:
                stack.append((child, depth + 1, f"{move_text(edge)} → "))
    return head + "".join(parts)


def _first_nodes(tree: nx.DiGraph, root: Any, nodes: int) -> set[Any]:
    """The first ``nodes`` nodes of ``tree`` breadth first from ``root``."""
    chosen, queue = {root}, [root]
    for node in queue:
        for _, child, _ in edges_shown(tree, node):
            if len(chosen) >= nodes:
                return chosen
            if child not in chosen:
                chosen.add(child)
                queue.append(child)
    return chosen
