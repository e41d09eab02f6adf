"""A state's history as each viewer saw it, described once per state and step, not per view.

``state.log(viewer)`` (and so every ``state.view(viewer)``) is the history in notation with
the secret choices of others redacted: ``game.describe(action, actor, viewer)`` for each step.
Described from scratch, a view at ply ``n`` costs ``n`` descriptions, and a game played
through views (an adapter's environment, a bot reading its views) costs ``n²``. So a state
that has described a log keeps it (``Logs``), and ``apply`` links the next state's ``Logs``
to it: a viewer's log is then the nearest described one up the chain plus the steps since,
built only when asked. The result is the same tuple as describing every step.

>>> import tabletop
>>> s = tabletop.load("lava-flows").new(seed=2, setup="random")
>>> t = s.apply(s.legal_actions()[0])
>>> s.log(1)
('arrange ?', 'arrange black a3 white b3')
>>> t.log(1)                        # s's log, plus the one step since
('arrange ?', 'arrange black a3 white b3', 'move a1-b1')
>>> t.log(1) == tuple(t.game.describe(a, actor, 1) for a, actor in t._steps())
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import State


class Logs:
    """The logs one state has described, by viewer (``None``: omniscient), and the way
    back: the ``Logs`` of the state it was applied to (``None`` at the start of a chain),
    with the step between them (``action`` by ``actor``)."""

    __slots__ = ("parent", "action", "actor", "seen")

    def __init__(self, parent: Logs | None = None, action: Any = None,
                 actor: int | None = None) -> None:
        self.parent = parent
        self.action = action
        self.actor = actor
        self.seen: dict[int | str | None, tuple[str, ...]] = {}


def log_of(state: State, viewer: int | str | None) -> tuple[str, ...]:
    """``state``'s history as ``viewer`` (a player, ``"public"`` or ``None``) saw it,
    described from the nearest state up the chain that knows it (every step, if none
    does), and kept for the next call."""
    cache = state._cache
    logs: Logs | None = cache.get("logs")
    if logs is None:
        logs = cache["logs"] = Logs()
    found = logs.seen.get(viewer)
    if found is not None:
        return found
    describe = state.game.describe
    node, since = logs, []
    while viewer not in node.seen:
        if node.parent is None:
            found = tuple(describe(a, actor, viewer) for a, actor in state._steps())
            break
        since.append(node)
        node = node.parent
    else:
        found = node.seen[viewer] + tuple(describe(n.action, n.actor, viewer)
                                          for n in reversed(since))
    logs.seen[viewer] = found
    return found

