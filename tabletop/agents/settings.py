"""An agent's settings, checked when it is made: a wrong one is refused at once with a
``ValueError`` that names it, says what it may be and quotes what was given — never a
``TypeError`` halfway through a search, nor a search that never ends.

Numbers may be of any numeric type (``numpy.int64`` from a parameter sweep is the int it
holds); a bool is not taken for a number.

>>> import numpy
>>> whole(numpy.int64(5), 1, "iterations must be a positive int")
5
>>> real(float("nan"), "exploration must be a finite number ≥ 0", low=0.0)
Traceback (most recent call last):
ValueError: exploration must be a finite number ≥ 0, not nan
>>> budget(None, None, "strong")
(2000, 5.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.choices import suggestion
from ..core.errors import InvalidOption
from ..core.plain import real, whole
from ..core.quoting import brief
from ..core.record import MAX_SEED

#: The largest budgets a search takes: past them it would not end in any session (and a
#: tree of 10**9 nodes outgrows any memory first).
MOST_ITERATIONS = 10**9
MOST_SECONDS = 86_400.0

#: The thinking budget at each named strength: (iterations, seconds), whichever ends first.
STRENGTHS: dict[str, tuple[int | None, float | None]] = {
    "weak": (50, None),
    "medium": (150, None),
    "default": (300, 1.0),
    "strong": (2000, 5.0),
}


def budget(iterations: object, seconds: object, strength: object
           ) -> tuple[int | None, float | None]:
    """The search's ``(iterations, seconds)``: from ``strength`` (a ``STRENGTHS`` name), or
    as given (either or both; neither: the default strength's)."""
    if strength is not None:
        if not isinstance(strength, str) or strength not in STRENGTHS:
            known = ", ".join(repr(s) for s in STRENGTHS)
            raise InvalidOption(f"strength {brief(strength)} is not one of {known}"
                                f"{suggestion(str(strength), STRENGTHS)}")
        if iterations is not None or seconds is not None:
            raise ValueError("give a strength, or iterations and/or seconds, not both")
        return STRENGTHS[strength]
    if iterations is None and seconds is None:
        return STRENGTHS["default"]
    if iterations is not None:
        iterations = whole(iterations, 1, "iterations must be a positive int (at most 10**9)",
                           most=MOST_ITERATIONS)
    if seconds is not None:
        seconds = real(seconds, "seconds must be a finite number > 0 and at most 86,400 (a day)",
                       low=0.0, high=MOST_SECONDS, above=True)
    return iterations, seconds


SEED_RULE = "seed must be an int from 0 to 2**64 - 1 or None"


def seed_of(seed: object) -> int | None:
    """A seed: ``None`` (a fresh one each time) or an integer from 0 to 2**64 - 1 (numpy's
    too), as ``game.new`` takes: a negative seed would repeat its positive twin's moves.

    >>> seed_of(-1)
    Traceback (most recent call last):
    ValueError: seed must be an int from 0 to 2**64 - 1 or None, not -1
    """
    if seed is None:
        return None
    return whole(seed, 0, SEED_RULE, most=MAX_SEED)


def bot_seats(bots: object) -> Mapping[Any, Any]:
    """``bots`` (seats to agents, or ``None`` for none) as a mapping; anything else is
    refused with ``InvalidOption``.

    >>> bot_seats(None), bot_seats({1: "mcts"})
    ({}, {1: 'mcts'})
    """
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        raise InvalidOption(f"bots must map seats to agents (such as {{1: 'mcts'}}), not "
                            f"{brief(bots)}")
    return bots
