"""Observation tensors and information-state strings of views (a mixin of ``game.View``).

* ``view.observation()`` — a read-only numpy ``float32`` array of shape
  ``game.observation_shape``, built by the game's ``View._observation()`` from the view
  alone (so it holds no hidden information); ``docs/observations.md`` documents each game's
  planes;
* ``view.information_state()`` — text: the view's text and the player's own history as
  they saw it (``game.describe``), so two states the player cannot tell apart give equal
  strings, and a state drawn by ``view.determinize(rng)`` keeps the view's history (the
  core hands it on: ``State._seen``).

>>> import tabletop
>>> game = tabletop.load("lascaux", players=3)
>>> view = game.new(seed=1).apply("choose blue").view(1)
>>> view.observation().shape == game.observation_shape, view.observation().dtype
(True, dtype('float32'))
>>> "choose ?" in view.information_state()
True
>>> import random
>>> twin = view.determinize(random.Random(5)).view(1)
>>> twin.information_state() == view.information_state()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import numpy as np
import numpy.typing as npt

from .determinizing import Determinizes
from .readonly import readonly_array

if TYPE_CHECKING:
    from .game import Game


R = TypeVar("R")


class Observed(Determinizes):
    """``observation()`` and ``information_state()`` for views (whose ``determinize``
    ``Determinizes`` wraps)."""

    __slots__ = ()

    if TYPE_CHECKING:
        game: Game
        player: int
        _log: tuple[str, ...]

        def _cached(self, key: str, compute: Callable[[], R]) -> R: ...
        def _text(self) -> str: ...

    def observation(self) -> npt.NDArray[np.float32]:
        """The view as a read-only ``float32`` tensor of shape ``game.observation_shape``
        (a seat's: the public view has none, and says so with ``ValueError``)."""
        if self.player == self.game.players:
            raise ValueError(f"{self.game.name}: the public view has no observation tensor "
                             f"(a tensor is laid out from one seat's side): use view(p)")

        def compute() -> npt.NDArray[np.float32]:
            array = np.array(self._observation(), dtype=np.float32)  # owns its data
            shape = self.game.observation_shape
            if array.shape != shape:
                raise ValueError(f"{self.game.name}: an observation of shape {array.shape}, "
                                 f"not the declared {shape}")
            return readonly_array(array)
        result: npt.NDArray[np.float32] = self._cached("observation", compute)
        return result

    def _observation(self) -> np.ndarray:
        """The game's tensor of this view (from the view's fields only)."""
        raise NotImplementedError(f"{self.game.name} declares no observation tensor")

    def information_state(self) -> str:
        """The player's information state: who they are, their history as they saw it, and
        the view's text."""
        history = "\n".join(self._log) or "(no moves yet)"
        who = "the audience (public view)" if self.player == self.game.players else \
            f"{self.game.player_name(self.player)} (player {self.player})"
        return (f"{self.game.name}, {who}\nhistory:\n{history}\nposition:\n{self._text()}")

