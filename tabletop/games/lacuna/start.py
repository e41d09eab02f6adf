"""Reading the start data a Lacuna record stores: the flower layout, the pour order and
``taken``, which of the set-aside colour's flowers in the pour order the start player took
(optional: a record written before it was drawn takes the first, ``0``).

The data comes from untrusted JSON, so every part is checked for type, count and range before
anything computes with it; what is wrong raises ``InvalidRecord`` naming the part.

>>> read_start({"layout": [[0, 0]] * 48, "pour": [0] * 49}, reach=9700)[0][:2]
((0, 0), (0, 0))
>>> read_start({"layout": [[0, 0]] * 48, "pour": [0] * 49, "taken": 3}, reach=9700)[2]
3
>>> read_start({"layout": [[0, 0.5]] * 48, "pour": [0] * 49}, reach=9700)
Traceback (most recent call last):
...
tabletop.core.errors.InvalidRecord: record 'start' 'layout' item 0 should be [x, y], two \
whole numbers of ticks from -9700 to 9700, not [0, 0.5]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.errors import InvalidRecord

from .board import NCOLOURS

#: The keys of Lacuna's start data (``taken`` may be left out).
KEYS = ("layout", "pour", "taken")
PER_COLOUR = 7
POUR_SIZE = NCOLOURS * PER_COLOUR
LAYOUT_SIZE = POUR_SIZE - 1
_NEEDS = (f"record 'start' needs 'layout' ({LAYOUT_SIZE} [x, y] flower centres) and 'pour' "
          f"({POUR_SIZE} colours 0..{NCOLOURS - 1}), and may have 'taken' (0..{PER_COLOUR - 1})")


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _shown(value: Any) -> str:
    """A short text of a (possibly huge or nested) JSON value."""
    if isinstance(value, list) and len(value) <= 3 and all(
            v is None or isinstance(v, bool | float) or isinstance(v, int)
            and v.bit_length() < 64 for v in value):
        return repr(value)
    if isinstance(value, list):
        return f"a list of {len(value)} items"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() >= 64:
        return "a huge integer"
    return repr(value) if isinstance(value, bool | float | int) or value is None \
        else f"a {type(value).__name__}"


def read_start(start: Mapping[str, Any], reach: int) -> tuple[tuple[tuple[int, int], ...],
                                                               tuple[int, ...], int]:
    """``(points, tokens, taken)`` from a record's start data; coordinates within ``±reach``
    ticks.

    Only types, counts and ranges are checked here; whether the flowers make a layout (on the
    mat, not overlapping, each colour seven times) is ``layout_problem``'s question.
    """
    if not isinstance(start, Mapping) or set(start) not in (set(KEYS), set(KEYS[:2])):
        raise InvalidRecord(_NEEDS)
    taken = start.get("taken", 0)
    if not _whole(taken, 0, PER_COLOUR - 1):
        raise InvalidRecord(f"record 'start' 'taken' should be which of the set-aside colour's "
                            f"flowers was taken, 0..{PER_COLOUR - 1}, not {_shown(taken)}")
    layout, pour = start["layout"], start["pour"]
    if not isinstance(layout, list | tuple) or len(layout) != LAYOUT_SIZE:
        raise InvalidRecord(f"{_NEEDS}; its 'layout' is {_shown(layout)}")
    if not isinstance(pour, list | tuple) or len(pour) != POUR_SIZE:
        raise InvalidRecord(f"{_NEEDS}; its 'pour' is {_shown(pour)}")
    for i, point in enumerate(layout):
        if not (isinstance(point, list | tuple) and len(point) == 2
                and all(_whole(v, -reach, reach) for v in point)):
            raise InvalidRecord(f"record 'start' 'layout' item {i} should be [x, y], two whole "
                                f"numbers of ticks from {-reach} to {reach}, not "
                                f"{_shown(point)}")
    for i, colour in enumerate(pour):
        if not _whole(colour, 0, NCOLOURS - 1):
            raise InvalidRecord(f"record 'start' 'pour' item {i} should be a colour "
                                f"0..{NCOLOURS - 1}, not {_shown(colour)}")
    return tuple((x, y) for x, y in layout), tuple(pour), taken
