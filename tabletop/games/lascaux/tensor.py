"""Lascaux's observation tensor: one flat vector of named sections, built from a view alone.

Seats are relative to the viewer: seat ``0`` is the viewer, seat ``k`` the player ``k``
places after them. ``sections(n)`` lists each section's name and length for ``n`` players
(``docs/observations.md`` explains them).

>>> import tabletop
>>> game = tabletop.load("lascaux", players=3)
>>> view = game.new(seed=1).view(2)
>>> t = observation(view)
>>> t.shape == shape(3), int(t[:3].sum()), int(t[section_slice(3, "table")].sum()) > 0
(True, 1, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .cards import BIT, CARD_COUNT, COLOURS, MASK

PHASES = ("choose", "bid", "over")


def sections(n: int) -> tuple[tuple[str, int], ...]:
    """``(name, length)`` of each section, in order, for ``n`` players."""
    c = len(COLOURS)
    return (
        ("seat to move", n), ("start seat", n), ("phase", len(PHASES)),
        ("table", CARD_COUNT), ("table colours", c),
        *((f"collection of seat {k}", CARD_COUNT) for k in range(n)),
        ("stones", n), ("pot", 1), ("deck size", 1), ("round", 1), ("idle rounds", 1),
        ("laid a token", n), ("my token", c), ("stack position", n),
        ("last resolution colour", n * c),
    )


def shape(n: int) -> tuple[int]:
    """The tensor's shape for ``n`` players."""
    return (sum(length for _, length in sections(n)),)


def section_slice(n: int, name: str) -> slice:
    """Where section ``name`` lies in the vector, for ``n`` players."""
    start = 0
    for key, length in sections(n):
        if key == name:
            return slice(start, start + length)
        start += length
    raise KeyError(name)


def observation(view: Any) -> np.ndarray:
    """The tensor of a ``LascauxView`` (its fields only)."""
    n, me = len(view.stones), view.player
    seat = [(p - me) % n for p in range(n)]
    parts: dict[str, np.ndarray] = {name: np.zeros(length, dtype=np.float32)
                                    for name, length in sections(n)}
    mover = view.current_player
    if mover is not None:
        parts["seat to move"][seat[mover]] = 1
    parts["start seat"][seat[view.start]] = 1
    parts["phase"][PHASES.index(view.phase)] = 1
    for card in view.table:
        parts["table"][card] = 1
        for colour in range(len(COLOURS)):
            if MASK[card] & BIT[colour]:
                parts["table colours"][colour] = 1
    for p, cards in enumerate(view.collections):
        parts[f"collection of seat {seat[p]}"][list(cards)] = 1
    for p in range(n):
        parts["stones"][seat[p]] = view.stones[p]
        parts["laid a token"][seat[p]] = view.chosen[p]
    parts["pot"][0], parts["deck size"][0] = view.pot, view.deck_size
    parts["round"][0], parts["idle rounds"][0] = view.round_number, view.idle
    if view.own is not None:
        parts["my token"][view.own] = 1
    for position, p in enumerate(view.stack):
        parts["stack position"][seat[p]] = position + 1
    for p, colour, _ in view.resolved:
        parts["last resolution colour"][seat[p] * len(COLOURS) + colour] = 1
    return np.concatenate(list(parts.values()))
