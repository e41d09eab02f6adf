"""A game tree as indented text: what ``print(tree)`` shows of an ``explore`` graph or a
search tree (``Analysis.to_graph()``) where no notebook draws it (a terminal, a log).

One line per node, children indented under their parent by the move that reaches them (a
search tree's children by their visits, most first, with each move's visits and value);
a node reached again in a merged tree is named, not repeated. ``max_lines`` bounds the
text; what is left out is counted.

>>> import tabletop
>>> state = tabletop.load("landlock").new(seed=3)
>>> print(tree_text(tabletop.explore(state, depth=2), max_lines=4))
<explore tree of landlock: 7 nodes, 6 edges, depth 2, complete>
node 0: North to move
  land -> node 1: North to move
    f6 r0 -> node 3: South to move
    f6 r1 -> node 4: South to move
  … 3 more nodes (tree_text(tree, max_lines=None) shows all)
"""

from __future__ import annotations

from typing import Any

import networkx as nx

from .quoting import counted

#: How many lines ``str(tree)`` shows.
LINES = 40


def tree_text(tree: nx.DiGraph, max_lines: int | None = LINES) -> str:
    """``tree`` (a ``TreeGraph``) as indented text, at most ``max_lines`` node lines."""
    data: dict[str, Any] = tree.graph
    game = data.get("game")
    root = root_of(tree)
    lines = [repr(tree)]
    if root is None:
        return lines[0]
    shown: set[Any] = set()
    stack: list[tuple[Any, int, str]] = [(root, 0, "")]
    while stack:
        if max_lines is not None and len(shown) >= max_lines:
            left = len(tree) - len(shown)
            lines.append(f"  … {left} more node{'' if left == 1 else 's'} "
                         "(tree_text(tree, max_lines=None) shows all)")
            break
        node, depth, move = stack.pop()
        if node in shown:
            lines.append(f"{'  ' * depth}{move}node {node} (above)")
            continue
        shown.add(node)
        lines.append(f"{'  ' * depth}{move}node {node}: {node_text(tree.nodes[node], game)}")
        for _, child, edge in reversed(edges_shown(tree, node)):
            stack.append((child, depth + 1, f"{move_text(edge)} -> "))
    return "\n".join(lines)


def edges_shown(tree: nx.DiGraph, node: Any) -> list[tuple[Any, Any, dict[str, Any]]]:
    """``node``'s out-edges in the order the outlines show them: a search tree's most
    visited first."""
    edges = list(tree.out_edges(node, data=True))
    if "source" in tree.graph:
        edges.sort(key=lambda e: -(e[2].get("visits") or 0))
    return edges


def root_of(tree: nx.DiGraph) -> Any:
    """The tree's root: the one it names (``tree.graph["root"]``), else a node nothing
    reaches; ``None`` for an empty tree."""
    root = tree.graph.get("root")
    if root not in tree:
        roots = [n for n, d in tree.in_degree() if d == 0]
        root = roots[0] if roots else None
    return root


def move_text(edge: dict[str, Any]) -> str:
    """An edge's move, with its visits and value in a search tree."""
    text = str(edge.get("notation", edge.get("action", "?")))
    if isinstance(edge.get("visits"), int):
        value = edge.get("value")
        worth = f", value {value:.2f}" if isinstance(value, float) else ""
        text += f" ({counted(edge['visits'], 'visit')}{worth})"
    return text


def node_text(node: dict[str, Any], game: Any) -> str:
    """Who moves at a node, or how the game ended there."""
    def name(p: int) -> str:
        return game.player_name(p) if hasattr(game, "player_name") else f"player {p}"
    if node.get("terminal"):
        scores = node.get("scores")
        return "game over" + (f", scores {', '.join(f'{s:g}' for s in scores)}"
                              if isinstance(scores, tuple) else "")
    player = node.get("player")
    if node.get("chance"):
        return "chance"
    return f"{name(player)} to move" if isinstance(player, int) else "?"
