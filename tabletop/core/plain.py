"""numpy's scalars as the Python values they hold, wherever the API takes a number.

A notebook's numbers often come from numpy (``np.argmax`` for a player, ``np.arange`` for
seeds, an RL library's sampled action id), and a ``numpy.int64`` is no ``int``. The core
takes them at every public door (game options and player counts, seeds, players, ids,
depths) and keeps the plain value, so a state, a record or an option holds ``3``, never
``np.int64(3)``.

>>> import numpy as np
>>> plain(np.int64(3)), plain(np.float32(0.5)), plain(np.True_), plain("x")
(3, 0.5, True, 'x')
>>> type(plain(np.uint64(2**63)))
<class 'int'>
>>> whole(np.int64(5), 1, "depth must be a positive int")
5
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from .quoting import brief


def plain(value: Any) -> Any:
    """``value`` as the Python value it holds if it is a numpy scalar; else as it is."""
    return value.item() if isinstance(value, np.generic) else value


def whole(value: object, least: float, rule: str) -> int:
    """``value`` as an ``int`` if it is an integer (any integer type; a bool is none) of at
    least ``least``; else a ``ValueError`` stating ``rule`` and quoting ``value``."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and int(value) >= least:
        return int(value)
    raise ValueError(f"{rule}, not {brief(value)}")
