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

import math
import numbers
import random
from collections.abc import Callable, Mapping
from typing import Any

from ..core.choices import suggestion
from ..core.errors import InvalidOption
from ..core.plain import real, whole
from ..core.quoting import brief, either
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


class SettingError(InvalidOption):
    """An agent's setting refused where the agent is made or set (``MCTSAgent(iterations=0)``,
    ``RandomAgent(seed=-1)``, ``agent.seconds = -1``): an ``InvalidOption``, as the same
    setting given through ``make_agent``, ``bots=`` or ``game.new`` is.

    >>> from tabletop.agents import MCTSAgent
    >>> MCTSAgent(iterations=0)
    Traceback (most recent call last):
    tabletop.agents.settings.SettingError: iterations must be a positive int (at most 10**9), not 0
    """


def setting(check: Callable[[object], Any]) -> Callable[[object], Any]:
    """``check`` with the ``ValueError`` it raises raised as a ``SettingError`` (same words)."""
    def checked(value: object) -> Any:
        try:
            return check(value)
        except InvalidOption:
            raise
        except ValueError as err:
            raise SettingError(str(err)) from None
    return checked


def budget(iterations: object, seconds: object, strength: object
           ) -> tuple[int | None, float | None]:
    """The search's ``(iterations, seconds)``: from ``strength`` (a ``STRENGTHS`` name), or
    as given (either or both; neither: the default strength's)."""
    if strength is not None:
        if not isinstance(strength, str) or strength not in STRENGTHS:
            raise InvalidOption(f"strength {brief(strength)} is not one of "
                                f"{either(STRENGTHS, repr)}"
                                f"{suggestion(str(strength), STRENGTHS)}")
        if iterations is not None or seconds is not None:
            raise SettingError("give a strength, or iterations and/or seconds, not both")
        return STRENGTHS[strength]
    if iterations is None and seconds is None:
        return STRENGTHS["default"]
    return setting(_iterations)(iterations), setting(_seconds)(seconds)


def _iterations(value: object) -> int | None:
    if value is None:
        return None
    return whole(value, 1, "iterations must be a positive int (at most 10**9)",
                 most=MOST_ITERATIONS)


def _seconds(value: object) -> float | None:
    if value is None:
        return None
    return real(value, "seconds must be a finite number > 0 and at most 86,400 (a day)",
                low=0.0, high=MOST_SECONDS, above=True)


def _rollout_depth(value: object) -> int | float:
    if isinstance(value, numbers.Real) and not isinstance(value, bool) and value == math.inf:
        return math.inf
    return whole(value, 0, "rollout_depth must be an int ≥ 0 or math.inf (an int at most "
                 "10**9)", most=MOST_ITERATIONS)


def _evaluate(value: object) -> object:
    if value is not None and not callable(value):
        raise ValueError(f"evaluate must be a function of a state, or None, not {brief(value)}")
    return value


def _widen_from(value: object) -> int | None:
    if value is None:
        return None
    return whole(value, 1, "widen_from must be a positive int or None (an int at most 10**9)",
                 most=MOST_ITERATIONS)


def rng_of(value: object) -> random.Random:
    """An agent's random number generator: a ``random.Random``, else a ``TypeError``."""
    if not isinstance(value, random.Random):
        raise TypeError(f"rng must be a random.Random (seed the agent instead: seed=…), "
                        f"not {brief(value)}")
    return value


#: Every setting of an ``MCTSAgent``, checked as the constructor checks it, when it is made
#: and whenever it is set again (``agent.iterations = 5000``).
MCTS_SETTINGS: dict[str, Callable[[object], object]] = {
    "iterations": _iterations,
    "seconds": _seconds,
    "exploration": lambda v: real(v, "exploration must be a finite number ≥ 0", low=0.0),
    "rollout_depth": _rollout_depth,
    "score_weight": lambda v: real(v, "score_weight must be a number from 0 to 1", low=0.0,
                                   high=1.0),
    "evaluate": _evaluate,
    "keep_samples": lambda v: whole(v, 0, "keep_samples must be an int ≥ 0 (at most 10**9)",
                                    most=MOST_ITERATIONS),
    "widen_from": _widen_from,
    "seed": lambda v: seed_of(v),
    "rng": rng_of,
}


def checked_setting(agent: object, name: str, value: object) -> object:
    """``value`` for ``agent``'s setting ``name`` (any other name: as it is), checked; an
    ``MCTSAgent`` keeps iterations or seconds (or both).

    >>> from tabletop.agents import MCTSAgent
    >>> agent = MCTSAgent(iterations=50)
    >>> agent.iterations = None  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    tabletop.agents.settings.SettingError: an MCTSAgent searches for iterations or seconds...
    """
    check = MCTS_SETTINGS.get(name)
    if check is None:
        return value
    value = setting(check)(value)
    partner = {"iterations": "seconds", "seconds": "iterations"}.get(name)
    if value is None and partner and getattr(agent, partner, 0) is None:
        raise SettingError("an MCTSAgent searches for iterations or seconds (or both): not "
                           "both None")
    return value


SEED_RULE = "seed must be an int from 0 to 2**64 - 1 or None"


def seed_of(seed: object) -> int | None:
    """A seed: ``None`` (a fresh one each time) or an integer from 0 to 2**64 - 1 (numpy's
    too), as ``game.new`` takes: a negative seed would repeat its positive twin's moves.

    >>> seed_of(-1)
    Traceback (most recent call last):
    tabletop.agents.settings.SettingError: seed must be an int from 0 to 2**64 - 1 or None, not -1
    """
    if seed is None:
        return None
    try:
        return whole(seed, 0, SEED_RULE, most=MAX_SEED)
    except ValueError as err:
        raise SettingError(str(err)) from None


def seat_seed(seed: int | None, seat: int) -> int | None:
    """The seed of the agent at ``seat`` in a game dealt from ``seed`` (``None``: a fresh
    one). An agent is handed its seed, so it is a hash of the deal's (``random.Random`` of
    a string), never a sum an agent could undo to deal the game itself and so know every
    hidden part.

    >>> seat_seed(7, 1) == seat_seed(7, 1) != seat_seed(7, 2), seat_seed(None, 1)
    (True, None)
    """
    if seed is None:
        return None
    return random.Random(f"seat/{seed}/{seat}").randrange(MAX_SEED + 1)


def agent_seats(bots: object) -> Mapping[Any, Any]:
    """``bots`` (seats to agents, or ``None`` for none) as a mapping; anything else is
    refused with ``InvalidOption``.

    >>> agent_seats(None), agent_seats({1: "mcts"})
    ({}, {1: 'mcts'})
    """
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        raise InvalidOption(f"bots must map seats to agents (such as {{1: 'mcts'}}), not "
                            f"{brief(bots)}")
    return bots
