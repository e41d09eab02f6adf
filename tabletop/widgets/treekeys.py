"""The tree inspector's keys: moving the selection through the tree as it is drawn.

The tree is drawn from the root at the left, each node's children in a column to its right
(a search tree's most visited first), so the arrow keys follow the picture:

- **→** the selected node's first child (opening the node first if it is closed);
- **←** its parent;
- **↓ / ↑** its next / previous sibling (↓ past the last one shown opens the "+k more");
- **Home** the root;
- **Space** opens or closes the selected node (what a click on it does);
- **Enter** opens the selected node in the game widget (``TreeWidget``: "Open in game").

``step(model, key)`` does what a key does to a ``TreeModel`` and says which node is
selected after it (``None``: not a key of the tree's). A key with nowhere to go (← at the
root, → on a leaf, ↓ on the last child) keeps the selection. A selection the picture does
not show (below the depth slider's limit) comes back first to its nearest drawn ancestor.

>>> import tabletop
>>> model = TreeModel(tabletop.load("lava-flows").new(seed=1, setup="random"), depth=1)
>>> step(model, "ArrowRight"), step(model, "ArrowDown"), step(model, "ArrowUp")
(1, 2, 1)
>>> step(model, "ArrowLeft"), step(model, "ArrowLeft"), step(model, "q") is None
(0, 0, True)
"""

from __future__ import annotations

from .treemodel import TreeModel

__all__ = ["NAVIGATION", "drawn_ancestor", "drawn_children", "drawn_parent", "step"]

#: The keys ``step`` answers (as a browser names them: ``KeyboardEvent.key``).
NAVIGATION = ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", " ")


def _deep_enough(model: TreeModel, node: int) -> bool:
    """Whether ``node``'s children may be drawn under the depth limit."""
    return model.max_depth is None or model.graph.nodes[node]["depth"] < model.max_depth


def drawn_children(model: TreeModel, node: int) -> list[int]:
    """The children of ``node`` drawn now, top to bottom (none if it is closed)."""
    if node not in model.open or not _deep_enough(model, node):
        return []
    return model._shown_children(node)


def drawn_parent(model: TreeModel, node: int) -> int | None:
    """The node ``node`` hangs from in the picture (``None`` for the root)."""
    if node == 0:
        return None
    return next(iter(model.graph.predecessors(node)), None)


def drawn_ancestor(model: TreeModel, node: int) -> int:
    """``node`` if it is drawn, else its nearest ancestor that is."""
    drawn = set(model.visible())
    while node not in drawn:
        parent = drawn_parent(model, node)
        if parent is None:
            return 0
        node = parent
    return node


def step(model: TreeModel, key: str) -> int | None:
    """Do what ``key`` does to ``model`` (see the module) and return the node selected
    after it, or ``None`` if ``key`` is not one of ``NAVIGATION``."""
    if key not in NAVIGATION:
        return None
    node = model.selected
    shown = drawn_ancestor(model, node)
    if shown != node:  # hidden by the depth limit: first back to where the picture shows
        model.selected = shown
    elif key == "Home":
        model.select(0)
    elif key == " ":
        if model.can_expand(node):
            model.toggle(node)
    elif key == "ArrowRight":
        if node not in model.open and model.can_expand(node) and _deep_enough(model, node):
            model.expand(node)
        kids = drawn_children(model, node)
        if kids:
            model.select(kids[0])
    elif key == "ArrowLeft":
        parent = drawn_parent(model, node)
        if parent is not None:
            model.select(parent)
    else:
        _sibling(model, node, 1 if key == "ArrowDown" else -1)
    return model.selected


def _sibling(model: TreeModel, node: int, by: int) -> None:
    """Select the sibling ``by`` places below ``node`` (above, if negative), showing all of
    its parent's children when the next one is behind a "+k more"."""
    parent = drawn_parent(model, node)
    if parent is None:
        return
    kids = drawn_children(model, parent)
    at = kids.index(node) + by if node in kids else -1
    if by > 0 and at == len(kids) and len(model.children(parent)) > len(kids):
        model.show_all.add(parent)
        kids = drawn_children(model, parent)
    if 0 <= at < len(kids):
        model.select(kids[at])
