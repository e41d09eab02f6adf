"""Observation tensors and information states: the checks ``check_game`` runs on views.

Every view's ``observation()`` is a read-only ``float32`` array of the declared
``game.observation_shape`` and its ``information_state()`` is text; a state that
``view.determinize(rng)`` draws (one the player cannot tell from the real one) gives its
player an equal observation and an equal information state, so neither leaks what the
view hides. The other way round, two views of one player that differ (``!=``) give
different information states and different tensors (``Distinct``), so neither loses what
the view knows: a hand that only the view's fields hold, say. And two views of one player
that are equal (``==``) hand out the same tensor, text, move log and information state
(``Consistent``), so none of them tells apart what the view's equality merges: a field
left out of ``==`` (``compare=False``), or a move log that remembers a secret the view
forgets.

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
    distinct = Distinct()  # (which checks ``Consistent`` too)
    for where, state in random_states(game, seeds, every):
        rng = random.Random(where)
        for player in range(game.players):
            view = state.view(player)
            here = f"{where} view {player}"
            check_observation(view, here)
            distinct.check(view, here, state)
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
        self._consistent = Consistent()  # the converse, on the same views

    def check(self, view: View, where: str, state: State | None = None) -> None:
        """Record ``view`` (met at ``where``; of ``state``, if given), failing if it
        collides with another, or if it equals one met before but hands out something else
        (``Consistent``)."""
        self._consistent.check(view, where, state)
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


#: What ``Consistent`` keeps of a view met: where, then what it handed out (``_HANDED``).
_Handed = tuple[str, tuple[object, ...]]


class Consistent:
    """Every view met so far, by player and value: two views that compare equal (``==``,
    so the same hash) are one information state, and must hand out the same
    ``observation()`` and the same text (``str``); with the same move log, the same
    ``information_state()``; and, given the states they came from, the same *private* log:
    the steps the player saw otherwise than another player did (their own secret choices,
    what was shown to them alone). Else something the view's equality leaves out (a field
    with ``compare=False``, a cache, a log that remembers a secret the view forgets) tells
    the two apart. (Public steps may differ: a view need not hold the whole public history,
    e.g. a pile's size before the takes that led to it.)

    >>> import tabletop
    >>> state = tabletop.load("lava-flows").new(seed=1)
    >>> consistent = Consistent()
    >>> consistent.check(state.view(0), "here", state)
    >>> consistent.check(state.view(0), "there", state)  # an equal view, the same strings
    """

    def __init__(self) -> None:
        self._met: dict[tuple[int, object], _Handed] = {}

    def check(self, view: View, where: str, state: State | None = None) -> None:
        """Record ``view`` (met at ``where``; of ``state``, if given), failing if an equal
        view met before handed out something else."""
        tensor = view.observation()
        handed: tuple[object, ...] = (
            _digest(repr(tensor.shape).encode() + tensor.tobytes()), str(view),
            None if state is None else private_log(state, view.player),
            (tuple(view._log), view.information_state()))
        try:
            key: tuple[int, object] = (view.player, view)
            earlier = self._met.setdefault(key, (where, handed))
        except TypeError:  # an unhashable view: by the fields its equality compares
            key = (view.player, repr(compared_fields(view)))
            earlier = self._met.setdefault(key, (where, handed))
        for what, before, now in zip(_HANDED, earlier[1], handed, strict=True):
            if isinstance(before, tuple) and isinstance(now, tuple) \
                    and what == "information_state()":  # compared for one and the same log
                before, now = (None, None) if before[0] != now[0] else (before[1], now[1])
            if before is not None and now is not None and before != now:
                fail(where, f"{what} differs from the one at {earlier[0]}, yet the views are "
                            f"equal (==){_first_change(before, now)}: it tells apart what "
                            "the view's equality merges (it reads something the view's "
                            "compared fields do not hold, or remembers what the view forgets)")


#: The names of what ``Consistent`` compares, in order.
_HANDED = ("observation()", "str()", "the private move log (the steps the player saw "
           "otherwise than another player did)", "information_state()")


def private_log(state: State, player: int) -> tuple[str, ...]:
    """The entries of ``state.log(player)`` that another player's log shows otherwise:
    what the player saw of the secret steps (their own choices, what only they were
    shown).

    >>> import tabletop
    >>> state = tabletop.load("lava-flows").new(seed=2, setup="random")
    >>> private_log(state, 1)
    ('arrange ?', 'arrange black a3 white b3')
    """
    logs = [state.log(p) for p in range(state.game.players)]
    mine = logs[player]
    return tuple(entry for i, entry in enumerate(mine)
                 if any(log[i] != entry for log in logs))


def _first_change(before: object, now: object) -> str:
    """Where two logs (or texts) first differ, in words; nothing for digests."""
    if not isinstance(now, str | tuple) or not isinstance(before, str | tuple):
        return ""
    tuples = isinstance(now, tuple)
    a = before if isinstance(before, tuple) else before.splitlines()
    b = now if isinstance(now, tuple) else now.splitlines()
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f" ({'entry' if tuples else 'line'} {i + (not tuples)}: {x!r} != {y!r})"
    return f" ({len(a)} {'entries' if tuples else 'lines'} != {len(b)})"


def public_fields(view_class: type) -> frozenset[str]:
    """The fields of the public position a game declares with ``@position`` (none if it
    declares none: then every field of its views counts as what the player knows)."""
    return frozenset(f.name for cls in view_class.__mro__
                     if issubclass(cls, Position) and not issubclass(cls, (State, View))
                     and is_dataclass(cls) for f in fields(cls))


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()
