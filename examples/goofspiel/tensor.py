"""Goofspiel's observation tensor: one flat vector of named sections, built from a view alone.

``sections(cards)`` lists each section's name and length (``docs/observations.md`` explains
them); ``shape(cards)`` is the ``observation_shape`` the game declares.

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("goofspiel", "goofspiel.rules:Goofspiel")
>>> view = tabletop.load("goofspiel", cards=3).new(seed=1).apply("bid 2").view(0)
>>> t = observation(view)
>>> t.shape == shape(3), t[section_slice(3, "my bid")].tolist()
(True, [0.0, 1.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .view import GoofView


def sections(cards: int) -> tuple[tuple[str, int], ...]:
    """``(name, length)`` of each section, in order, for ``cards`` cards a suit."""
    return (
        ("I am North", 1), ("I am South", 1), ("I am to move", 1), ("game over", 1),
        ("prize on show", cards), ("my hand", cards), ("the other's hand", cards),
        ("prizes I took", cards), ("prizes they took", cards), ("my bid", cards),
        ("the other has bid", 1), ("prizes face down", 1),
    )


def shape(cards: int) -> tuple[int]:
    """The tensor's shape: ``6 + 6 · cards`` numbers."""
    return (sum(length for _, length in sections(cards)),)


def section_slice(cards: int, name: str) -> slice:
    """Where the section ``name`` lies in the vector."""
    start = 0
    for section, length in sections(cards):
        if section == name:
            return slice(start, start + length)
        start += length
    raise KeyError(f"no section {name!r}; sections: {[s for s, _ in sections(cards)]}")


def observation(view: GoofView) -> np.ndarray:
    """The view's fields as numbers, in the order of ``sections``: flags, then one-hots over
    the cards 1 … n, then whether the other has bid and how many prizes are face down."""
    n = int(view.game.options["cards"])
    me, other = view.player, 1 - view.player

    def cards(values: Collection[int | None]) -> list[float]:
        return [float(c in values) for c in range(1, n + 1)]

    mover = view.current_player
    return np.array([
        me == 0, me == 1, mover == me, mover is None,
        *cards((view.prize,)), *cards(view.hands[me]), *cards(view.hands[other]),
        *cards(view.taken[me]), *cards(view.taken[other]), *cards((view.own_bid,)),
        view.laid[other], view.pile_size,
    ], dtype=np.float32)
