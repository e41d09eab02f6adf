"""What every view's ``determinize`` does besides drawing: it reads its source of chance,
and hands the view's history on to the state it draws.

* ``rng`` is a ``random.Random`` (or a subclass), or an int seed for one (numpy's ints
  included); anything else is refused with a ``TypeError`` saying so, before the game's
  sampling trips over it.
* A state drawn from a view keeps the view's history as the player saw it (``State._seen``),
  so its ``information_state()`` equals the view's.

Each game writes ``determinize`` as plain sampling; ``Determinizes.__init_subclass__`` wraps
it once.

>>> import tabletop
>>> view = tabletop.load("lascaux", players=3).new(seed=1).apply("choose blue").view(1)
>>> view.determinize(5) == view.determinize(random.Random(5))
True
>>> view.determinize("five")
Traceback (most recent call last):
...
TypeError: determinize needs a random.Random or an int seed, not 'five'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .hooks import wrap_own
from .plain import plain
from .quoting import brief

if TYPE_CHECKING:
    from .game import State


def random_source(rng: object) -> random.Random:
    """``rng`` itself if it is a ``random.Random``, else a new one seeded by the int ``rng``.

    >>> random_source(3).random() == random.Random(3).random()
    True
    """
    if isinstance(rng, random.Random):
        return rng
    seed = plain(rng)
    if type(seed) is not int:
        raise TypeError(f"determinize needs a random.Random or an int seed, not {brief(rng)}")
    return random.Random(seed)


class Determinizes:
    """Wraps each view class's own ``determinize`` (see the module's docstring)."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("determinize")
        if own is not None and not getattr(own, "wrapped_draw", False):
            wrap_own(cls, "determinize", _drawing)


def _drawing(determinize: Callable[..., State]) -> Callable[..., State]:
    @functools.wraps(determinize)
    def wrapped(self: Any, rng: random.Random | int) -> State:
        state = determinize(self, rng if type(rng) is random.Random else random_source(rng))
        object.__setattr__(state, "_seen", (self.player, self._log))  # (also says: drawn)
        return state

    vars(wrapped)["wrapped_draw"] = True  # (a mark ``Determinizes`` reads: wrapped once)
    return wrapped
