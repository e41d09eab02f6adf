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
"""

from __future__ import annotations

import hashlib
from dataclasses import fields
from typing import Any

#: Hex digits of the digest: 64 bits, so a clash among a billion states is about 1 in 30,000.
DIGITS = 16


def position_key(state: Any) -> str:
    """``DIGITS`` hex digits of SHA-256 of the state's class and compared fields' reprs
    (plain tuples, numbers and strings: the same under every ``PYTHONHASHSEED``)."""
    compared = [(f.name, getattr(state, f.name)) for f in fields(state) if f.compare]
    text = repr((type(state).__qualname__, compared))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:DIGITS]
