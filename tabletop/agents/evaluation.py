"""What an ``MCTSAgent``'s ``evaluate`` returns, checked each time: one finite number from 0
to 1 per player, or a ``ValueError`` naming ``evaluate`` (a wrong length or a NaN would
otherwise reach the search's sums, or its JSON)."""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from typing import Any, cast

from ..core.plain import listlike, plain_inside
from ..core.quoting import brief
from .rewards import Reward


def evaluation(returned: object, players: int) -> Reward:
    """What ``evaluate`` returned, as a reward, if it is one finite number from 0 to 1 per
    player (numpy's numbers and arrays too); else a ``ValueError`` naming ``evaluate`` and
    quoting what it returned.

    >>> evaluation((0.25, 0.75), 2)
    [0.25, 0.75]
    >>> evaluation((0.5,), 2)
    Traceback (most recent call last):
    ValueError: evaluate returned (0.5,): it should return one number from 0 to 1 for each ...
    """
    values = plain_inside(list(cast(Iterable[Any], returned))) if listlike(returned) else []
    if len(values) != players or not all(map(_unit, values)):
        raise ValueError(f"evaluate returned {brief(returned)}: it should return one number "
                         f"from 0 to 1 for each of the {players} players")
    return [float(v) for v in values]


def _unit(value: Any) -> bool:
    """Whether ``value`` is a number from 0 to 1 (a bool is none; NaN is out of range)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return False
    number: Any = value  # an int too large for a float compares all the same
    return bool(0.0 <= number <= 1.0)
