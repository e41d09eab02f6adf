"""Every public attribute of a view, as a player reads it: a surface for ``check_secrecy``.

A view's text and picture are what the game shows; its attributes are what a player's code
reads (``view.deck_count``, ``view.scores``, ``view.shown_tokens()``). A property that
answers from a field left out of equality, or a method that looks past the view, tells
hidden parts apart that nothing drawn shows. ``public_attributes`` reads every public name
of the view: fields and properties, and methods that need no argument (called; a method
whose every argument has a default, with its defaults) — their values in words, a
networkx graph as its nodes and edges, a numpy array as its bytes, a raised error as its
type and message.

>>> import tabletop
>>> state = tabletop.load("lascaux", players=3).new(seed=1)
>>> seen = public_attributes(state, 0)
>>> seen["deck_count"], "determinize" in seen
('48', False)
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np

from ..game import State

#: Methods not read: they need a generator, or draw (``check_secrecy`` compares pictures).
NOT_READ = frozenset({"determinize", "svg", "scene", "children"})


def public_attributes(state: State, viewer: int | str) -> dict[str, str | bytes]:
    """Each public attribute of ``viewer``'s view of ``state``, in words (see the module)."""
    view = state.view(viewer)
    seen: dict[str, str | bytes] = {}
    for name in sorted(dir(view)):
        if name.startswith("_") or name in NOT_READ:
            continue
        try:
            value = getattr(view, name)
            if callable(value):
                if not _needs_nothing(value):
                    continue
                value = value()
        except Exception as err:  # a view's answer, as a player reads it
            seen[name] = f"raises {type(err).__name__}: {err}"
            continue
        seen[name] = _words(value)
    return seen


def _needs_nothing(method: Any) -> bool:
    """Whether ``method`` can be called with no argument (``False`` for a class)."""
    if isinstance(method, type):
        return False
    try:
        parameters = inspect.signature(method).parameters.values()
    except (TypeError, ValueError):
        return False
    return all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in parameters)


def _words(value: object) -> str | bytes:
    """``value`` as comparable words: an array's bytes, a graph's nodes and edges, an
    object's HTML (a breakdown's) or repr."""
    if isinstance(value, np.ndarray):
        return value.tobytes()
    if isinstance(value, str | bytes):
        return value
    if hasattr(value, "nodes") and hasattr(value, "edges"):
        nodes = sorted(map(repr, value.nodes(data=True)))
        edges = sorted(map(repr, value.edges(data=True)))
        return repr((nodes, edges))
    html = getattr(value, "_repr_html_", None)
    if callable(html):
        return str(html())
    return repr(value)
