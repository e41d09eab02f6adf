"""``TreeGraph``: the ``networkx.DiGraph`` that ``explore`` and ``Analysis.to_graph``
return, with a repr that says what it holds.

networkx's own repr of a graph is ``<networkx.classes.digraph.DiGraph object at 0x…>``: a
notebook cell ending in ``explore(state, depth=2)`` showed only that. A ``TreeGraph`` is a
``DiGraph`` in every other way (its copies, reversals and subgraphs are ``TreeGraph``\\ s
too; ``nx.DiGraph(tree)`` is a plain one); its repr names the game, where the tree comes
from, its size and, for ``explore``, its depth and whether it is complete. Like
networkx's, it does not rebuild the graph: it is in angle brackets. ``print(tree)`` shows
the tree itself as indented text (``treetext``: a terminal has no picture of it); in a
notebook the tree shows as that outline folded by node (``treehtml``), and ``TreeWidget``
draws it with its boards.

>>> import tabletop
>>> tabletop.explore(tabletop.load("lava-flows").new(seed=1, setup="random"), depth=1)
<explore tree of lava-flows: 40 nodes, 39 edges, depth 1, complete>
>>> TreeGraph()
<tree: 0 nodes, 0 edges>
"""

from __future__ import annotations

from typing import Any

import networkx as nx

from .quoting import counted
from .textformat import FormatsAsText
from .treehtml import tree_html
from .treetext import tree_text


def _describe(graph: nx.DiGraph) -> str:
    """The repr of a ``TreeGraph``."""
    data: dict[str, Any] = graph.graph
    game = getattr(data.get("game"), "name", None)
    source = data.get("source")
    kind = "explore tree" if "depth" in data else \
        f"{source} search tree" if isinstance(source, str) else "tree"
    head = f"{kind} of {game}" if isinstance(game, str) else kind
    if isinstance(data.get("player"), int) and source is not None:
        head += f" for player {data['player']}"
    parts = [counted(graph.number_of_nodes(), "node"), counted(graph.number_of_edges(), "edge")]
    if isinstance(data.get("depth"), int):
        parts.append(f"depth {data['depth']}")
    if data.get("complete") is not None:
        parts.append("complete" if data["complete"] else "stopped at its node limit")
    return f"<{head}: {', '.join(parts)}>"


#: A game tree as a networkx ``DiGraph`` (see the module's docstring). (Made by ``type``:
#: networkx ships no type hints, and a class statement would subclass ``Any``.)
TreeGraph: type[nx.DiGraph] = type("TreeGraph", (nx.DiGraph,), {
    "__repr__": _describe, "__str__": tree_text, "__format__": FormatsAsText.__format__,
    "_repr_html_": tree_html,
    "__module__": __name__,
    "__qualname__": "TreeGraph",
    "__doc__": "A game tree as a networkx ``DiGraph`` whose repr says what it holds (and "
               "whose str draws it as indented text, a format spec applying to that text, "
               "and a notebook as a foldable outline)."})
