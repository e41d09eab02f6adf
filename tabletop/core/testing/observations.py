"""Observation tensors and information states: the checks ``check_game`` runs on views.

Every view's ``observation()`` is a read-only ``float32`` array of the declared
``game.observation_shape`` and its ``information_state()`` is text; a state that
``view.determinize(rng)`` draws (one the player cannot tell from the real one) gives its
player an equal observation and an equal information state, so neither leaks what the
view hides.

>>> import tabletop
>>> check_observations(tabletop.load("lava-flows"), seeds=[2], every=5)
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import numpy as np

from ..game import Game, View
from .common import fail, random_states


def check_observations(game: Game, seeds: Iterable[int] = range(3), every: int = 1) -> None:
    """The observation checks for every view at every ``every``-th state of seeded random
    games, each against two determinizations."""
    for where, state in random_states(game, seeds, every):
        rng = random.Random(where)
        for player in range(game.players):
            view = state.view(player)
            here = f"{where} view {player}"
            check_observation(view, here)
            for _ in range(2):
                check_twin(view, view.determinize(random.Random(rng.random())).view(player),
                           here)


def check_observation(view: View, where: str) -> None:
    """The view's tensor has the declared shape and dtype, and cannot be written to; its
    information state is text."""
    shape = view.game.observation_shape
    try:
        tensor = view.observation()
    except Exception as err:
        fail(where, f"observation() raised {type(err).__name__}: {err}")
    if not isinstance(tensor, np.ndarray) or tensor.dtype != np.float32 \
            or tensor.shape != shape:
        fail(where, f"observation() is not a float32 array of the declared shape {shape}")
    if tensor.flags.writeable:
        fail(where, "observation() can be written to")
    if not np.isfinite(tensor).all():
        fail(where, "observation() holds a NaN or an infinity")
    if not isinstance(view.information_state(), str):
        fail(where, "information_state() is not text")


def check_twin(view: View, twin: View, where: str) -> None:
    """Two views of states the player cannot tell apart: equal tensors and information
    states (else the tensor or the text shows what the view hides)."""
    a, b = view.observation(), twin.observation()
    if not np.array_equal(a, b):
        at = tuple(int(i) for i in np.argwhere(a != b)[0])
        fail(where, f"observation() differs for a state the player cannot tell apart (a "
                    f"determinization): at {at}, {a[at]} != {b[at]} (it leaks hidden "
                    "information)")
    if view.information_state() != twin.information_state():
        fail(where, "information_state() differs for a state the player cannot tell apart "
                    "(a determinization)")
