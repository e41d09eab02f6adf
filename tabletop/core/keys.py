"""A state's key as text: equal for equal states, different for unequal ones, the same in
every process — for tools that key states by a string (OpenSpiel's ``get_all_states`` and
value iteration key states by ``str(state)``).

A state's text shows what its players see; it need not show what no one sees (a deck's
order, a pile's, who starts before it is revealed), so two unequal states may read the
same. ``position_key`` digests every field equality compares instead:

>>> import tabletop
>>> game = tabletop.load("lava-flows")
>>> a, b = game.new(seed=0), game.new(seed=1)
>>> str(a) == str(b), a == b, position_key(a) == position_key(b)
(True, False, False)
>>> position_key(a) == position_key(game.new(seed=0)), len(position_key(a))
(True, 16)

Values ``==`` holds equal are written alike (``1``, ``1.0`` and ``True``; ``0.0`` and
``-0.0``), so a game loaded with ``mat_radius=1`` keys as one with ``mat_radius=1.0``:

>>> lacuna = [tabletop.load("lacuna", mat_radius=r).new(seed=0) for r in (1, 1.0)]
>>> lacuna[0] == lacuna[1], position_key(lacuna[0]) == position_key(lacuna[1])
(True, True)

Sets are written in sorted order and arrays element by element, so neither the hash seed
nor numpy's summary of a long array (``...``) can make one key differ or two agree:

>>> import numpy as np
>>> _plain(frozenset({"b", "a"})), _plain(np.arange(3))
(('set', 'a', 'b'), (0, 1, 2))
"""

from __future__ import annotations

import hashlib
import math
import numbers
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from .game import Game

#: Hex digits of the digest: 64 bits, so a clash among a billion states is about 1 in 30,000.
DIGITS = 16


def position_key(state: Any) -> str:
    """``DIGITS`` hex digits of SHA-256 of the state's class and compared fields' reprs
    (plain tuples, numbers and strings: the same under every ``PYTHONHASHSEED``)."""
    text = repr(_plain(state))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:DIGITS]


def _plain(value: Any) -> Any:
    """``value`` as nested tuples of strings, ints and float reprs, written alike for values
    ``==`` holds equal (a number equal to an int is that int)."""
    if isinstance(value, str) or value is None:
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        return int(number) if math.isfinite(number) and number.is_integer() else repr(number)
    if isinstance(value, Game):
        return ("game", value.name, value.players, _plain(dict(value.options)))
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, tuple | list):
        return tuple(_plain(item) for item in value)
    if isinstance(value, set | frozenset):  # in an order no hash seed changes
        return ("set", *sorted((_plain(item) for item in value), key=repr))
    if callable(getattr(value, "tolist", None)):  # a numpy array: every element, not a summary
        return _plain(value.tolist())
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value).__qualname__,
                *((f.name, _plain(getattr(value, f.name))) for f in fields(value) if f.compare))
    return repr(value)


def key_parts(value: Any) -> Any:
    """``value`` as the plain nested tuples ``position_key`` digests (a state: its class
    name, then ``(field, value)`` for every compared field), for tools that read a state's
    parts one by one (``testing.chance``).

    >>> import tabletop
    >>> parts = key_parts(tabletop.load("lava-flows").new(seed=0))
    >>> parts[0], parts[2]
    ('LavaState', ('stacks', ('W', 'W', 'W', '', '', '', 'B', 'B', 'B')))
    """
    return _plain(value)
