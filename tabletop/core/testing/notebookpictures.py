"""``check_notebook_pictures``: what a notebook cell shows of a game's objects.

DESIGN.md ("Pictures first"): every state, view, action list, tree and score breakdown has
a picture in a notebook (``_repr_svg_`` / ``_repr_html_``). A cell ending in
``state.legal_actions()`` showed a tuple's repr, one line of ``Place(a=0, b=10, …)``
hundreds of actions long, and one ending in ``explore(state)`` only the tree's size (round
62). At seeded positions this check asks ``explore(state, depth=1)`` for its HTML (every
legal move shown or counted), and each of the state and every player's view for its SVG,
and each one's legal actions and score breakdown (where the game has one) for their HTML:
the SVG must be an ``<svg`` document, the list's HTML must name every action by its
notation (escaped) or say there are none, and the breakdown's must be a table.

>>> import tabletop
>>> check_notebook_pictures(tabletop.load("lascaux", players=3), seeds=[0], every=40)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from ..game import Game, State, View
from ..tree import explore
from .common import fail, random_states


def check_notebook_pictures(game: Game, seeds: Iterable[int] = range(2), every: int = 5,
                            setup: str = "decide") -> None:
    """The notebook pictures of every ``every``-th seeded position's state and views, their
    legal actions and score breakdowns; raise ``ConformanceError`` naming what has none."""
    for where, state in random_states(game, seeds, every, setup):
        subjects: list[State | View] = [state, *(state.view(p) for p in range(game.players))]
        for subject in subjects:
            label = f"{where}, {_label(subject)}"
            svg = _shown(subject, "_repr_svg_", label)
            if not svg.startswith("<svg"):
                fail(label, f"_repr_svg_() gave {svg[:40]!r}, not an SVG document")
            _check_list(subject, f"{label}, legal_actions()")
            breakdown = getattr(subject, "score_breakdown", None)  # (a game may have none)
            if callable(breakdown):
                table = _shown(breakdown(), "_repr_html_", f"{label}, score_breakdown()")
                if "<table" not in table:
                    fail(label, f"score_breakdown()._repr_html_() shows no table: "
                                f"{table[:80]!r}")
        if not state.is_terminal:
            _check_tree(state, f"{where}, explore(state, depth=1)")


def _label(subject: State | View) -> str:
    return f"player {subject.player}'s view" if isinstance(subject, View) else "the state"


def _shown(value: object, method: str, where: str) -> str:
    """What ``value``'s notebook display method gives; fails if it has none."""
    show = getattr(value, method, None)
    if not callable(show):
        fail(where, f"{type(value).__name__} has no {method}: a notebook cell ending in it "
                    f"shows only its repr, not a picture")
    shown: object = show() if callable(show) else None
    if not isinstance(shown, str) or not shown:
        fail(where, f"{method}() gave {shown!r:.60}, not the picture's text")
    return str(shown)


def _check_list(subject: State | View, where: str) -> None:
    legal = subject.legal_actions()
    html = _shown(legal, "_repr_html_", where)
    missing = [str(a) for a in legal if f">{escape(str(a))}<" not in html]
    if missing:
        fail(where, f"the list's picture does not show {missing[0]!r} (of {len(legal)} "
                    f"legal actions), each by its escaped notation")
    if not legal and "no legal actions" not in html:
        fail(where, f"an empty list's picture should say there are no legal actions, not "
                    f"{html[:80]!r}")


def _check_tree(state: State, where: str) -> None:
    """The picture of ``explore(state, depth=1)`` shows each legal move, or counts it among
    those it leaves out (a tree's picture draws a bounded number of nodes)."""
    tree = _shown(explore(state, depth=1, max_nodes=None), "_repr_html_", where)
    missing = [str(a) for a in state.legal_actions() if f">{escape(f'{a} → ')}" not in tree]
    counted = re.search(r"… (\d+) more move", tree)
    if missing and (counted is None or int(counted.group(1)) != len(missing)):
        fail(where, f"the tree's picture neither shows the move {missing[0]!r} nor counts it "
                    f"among the {len(missing)} moves it leaves out")
