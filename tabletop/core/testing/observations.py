"""Observation tensors and information states: the checks ``check_game`` runs on views.

Every view's ``observation()`` is a read-only ``float32`` array of the declared
``game.observation_shape`` and its ``information_state()`` is text; a state that
``view.determinize(rng)`` draws (one the player cannot tell from the real one) gives its
player an equal observation and an equal information state, so neither leaks what the
view hides. The other way round, two views of one player that differ (``!=``) give
different information states and different tensors (``Distinct``), so neither loses what
the view knows: a hand that only the view's fields hold, say.

>>> import tabletop
>>> check_observations(tabletop.load("lava-flows"), seeds=[2], every=5)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import fields, is_dataclass

import numpy as np

from ..game import Game, Position, State, View
from .common import compared_fields, fail, field_difference, random_states

#: What ``Distinct`` keeps of a view met: where, and the fields its equality compares.
_Met = tuple[str, tuple[tuple[str, object], ...]]


def check_observations(game: Game, seeds: Iterable[int] = range(3), every: int = 1) -> None:
    """The observation checks for every view at every ``every``-th state of seeded random
    games, each against two determinizations, and across all of them (``Distinct``)."""
    distinct = Distinct()
    for where, state in random_states(game, seeds, every):
        rng = random.Random(where)
        for player in range(game.players):
            view = state.view(player)
            here = f"{where} view {player}"
            check_observation(view, here)
            distinct.check(view, here)
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


class Distinct:
    """Every view met so far, by player: two views that differ (``!=``) must give different
    information states, and two whose public position is the same but whose player knows
    something different of the secrets (a field the game's ``@position`` does not declare)
    must give different tensors. Else the string or the tensor drops something the player
    knows, and two information states merge: a learner, or OpenSpiel, cannot tell them
    apart. (A tensor may merge views that differ only in public fields, e.g. the order in
    which prizes were taken: it is an observation, not a history.)"""

    def __init__(self) -> None:
        self._met: dict[tuple[object, ...], _Met] = {}

    def check(self, view: View, where: str) -> None:
        """Record ``view`` (met at ``where``), failing if it collides with another."""
        every = compared_fields(view)
        public = public_fields(type(view))
        private = tuple((name, value) for name, value in every if name not in public)
        shared = tuple(value for name, value in every if name in public)
        tensor = view.observation()
        self._meet(("information_state()", view.player,
                    _digest(view.information_state().encode())), every, where,
                   "information_state() is the same as at {}, yet the views differ")
        self._meet(("observation()", view.player, shared,
                    _digest(repr(tensor.shape).encode() + tensor.tobytes())), private, where,
                   "observation() is the same as at {} and so is the public position, yet "
                   "what the player knows of the secrets differs")

    def _meet(self, key: tuple[object, ...], mine: tuple[tuple[str, object], ...],
              where: str, problem: str) -> None:
        earlier = self._met.setdefault(key, (where, mine))
        if earlier[1] != mine:
            fail(where, f"{problem.format(earlier[0])} ({field_difference(earlier[1], mine)})"
                        ": it leaves out something the player knows")


def public_fields(view_class: type) -> frozenset[str]:
    """The fields of the public position a game declares with ``@position`` (none if it
    declares none: then every field of its views counts as what the player knows)."""
    return frozenset(f.name for cls in view_class.__mro__
                     if issubclass(cls, Position) and not issubclass(cls, (State, View))
                     and is_dataclass(cls) for f in fields(cls))


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()
