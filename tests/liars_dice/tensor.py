"""Liar's Dice's observation tensor: one flat vector of named sections, from a view alone.

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("liars-dice", "liars_dice.rules:LiarsDice")
>>> view = tabletop.load("liars-dice").new(seed=1).view(0)
>>> observation(view).shape == shape(3, 2, 6)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .view import LiarView


def sections(players: int, dice: int, faces: int) -> tuple[tuple[str, int], ...]:
    """``(name, length)`` of each section, in order."""
    total = players * dice
    return (("me", players), ("to move", players), ("over", 1),
            ("my dice", dice * faces), ("last quantity", total + 1), ("last face", faces + 1),
            ("bidder", players), ("bids made", 1), ("shown dice", players * dice * faces))


def shape(players: int, dice: int, faces: int) -> tuple[int]:
    """The tensor's shape."""
    return (sum(length for _, length in sections(players, dice, faces)),)


def observation(view: LiarView) -> np.ndarray:
    """The view's fields as numbers, in the order of ``sections``: one-hots throughout."""
    n, dice, faces = view.game.players, view.game.options["dice"], view.game.options["faces"]
    out = np.zeros(shape(n, dice, faces), dtype=np.float32)
    at = 0

    def one_hot(index: int | None, length: int) -> None:
        nonlocal at
        if index is not None:
            out[at + index] = 1.0
        at += length

    one_hot(view.player, n)
    one_hot(view.current_player, n)
    one_hot(0 if view.revealed else None, 1)
    for d in view.own or ():
        one_hot(d - 1, faces)
    q, f = view.bids[-1] if view.bids else (0, 0)
    one_hot(q, n * dice + 1)
    one_hot(f, faces + 1)
    one_hot(view.bidder, n)
    out[at] = len(view.bids)
    at += 1
    for hand in view.revealed:
        for d in hand:
            one_hot(d - 1, faces)
    return out
